"""Think blocks in a reply's text: inline ``<think>…</think>`` (also ``<thinking>``,
``<reasoning>``) blocks moved out of the text into the reasoning, as ``normalize``
(``response.py``) reads a reply of a dialect whose text can carry a chat template's
think block (``ResponseReader.inline_think``). A tag inside a JSON value of the text,
or inside markdown code (a code span, a fenced block: ``_markdown_code``), is the
answer's own and stays. No regular expression; the scan is linear in the text.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import List, Optional, Set, Tuple

from ._json_extract import candidates
from ._markdown_code import code_regions

__all__ = ["KeptSpans", "lead_of", "opens_json", "split_detail", "split_think", "take_closed_blocks"]

_TAGS = ("think", "thinking", "reasoning")


class KeptSpans:
    """Where a think tag is the answer's own text, merged into sorted disjoint spans: the
    JSON values of the text (``_json_extract.candidates``: the whole text, fenced blocks,
    scanned values, and the values the scan skips whole that stand, a string holding an
    escape the decoder refuses; a tag inside one is inside a JSON string, ``<`` being
    nowhere else in JSON) and its markdown code (``_markdown_code.code_regions``)."""

    __slots__ = ("ends", "starts")

    def __init__(self, text: str) -> None:
        self.starts: List[int] = []
        self.ends: List[int] = []
        standing: List[Tuple[int, int]] = []  # values skipped whole: no candidate, their ``<`` in a string
        spans = [(c.start, c.end) for c in candidates(text, standing)]
        spans.extend(standing)
        spans.extend(code_regions(text, _TAGS))
        for start, end in sorted(spans):
            if self.ends and start < self.ends[-1]:
                self.ends[-1] = max(self.ends[-1], end)
            else:
                self.starts.append(start)
                self.ends.append(end)

    def end_of(self, pos: int) -> int:
        """The end of the kept span holding *pos*, or -1 (a binary search)."""
        i = bisect_right(self.starts, pos) - 1
        return self.ends[i] if i >= 0 and pos < self.ends[i] else -1


def take_closed_blocks(text: str, found: List[str], kept: Optional[KeptSpans] = None) -> str:
    """*text* without its closed ``<think>…</think>`` blocks, their bodies added to
    *found*; with *kept*, a tag inside one of its spans is skipped. What a block leaves
    (``_after``): the blanks after it and, when it stood alone on its line, that line's
    blanks and break, so the next line keeps its indentation and a blank line after it still parts
    paragraphs; a block alone on its line with blank lines above it takes as many blank
    lines below it, as far as there are (``_blank_line``: a paragraph of its own between
    blank lines leaves the longer of the two runs between its neighbours, as the text
    had, not both). One pass: a tag whose closing tag does not occur after an opening one is
    never searched for again (no later one can close), and a skipped tag's search goes
    on past the span that holds it."""
    out: List[str] = []
    done = 0  # text[:done] is settled
    pos = text.find("<")
    dead: Set[str] = set()
    alone = True  # whether only blanks stand between the last line break (or the start) and *done*
    blank = 0  # and how many blank lines stand right above that line (in the text kept so far)
    indent = ""  # the blanks before a block that opened its line, until it is known to stand alone
    while pos >= 0:
        tag = next((t for t in _TAGS if t not in dead and text.startswith(f"<{t}>", pos)), None)
        if tag is None:
            pos = text.find("<", pos + 1)
            continue
        if kept is not None:
            inside = kept.end_of(pos)
            if inside >= 0:
                pos = text.find("<", inside)
                continue
        body = pos + len(tag) + 2
        close = text.find(f"</{tag}>", body)
        while kept is not None and close >= 0:
            inside = kept.end_of(close)
            if inside < 0:
                break
            close = text.find(f"</{tag}>", inside)
        if close < 0:
            dead.add(tag)
            continue
        before = text[done:pos]
        found.append(text[body:close].strip())
        above = _blank_above(before, alone, blank)
        alone = _alone(before, alone)
        blank = above if alone else 0
        if before:  # text on the line after a block that opened it: the line keeps its blanks
            out.append(indent)
            indent = ""
        if alone:  # the blanks before a block that opens its line wait for what ends the line
            kept_text = before.rstrip(" \t")
            indent += before[len(kept_text):]
            before = kept_text
        out.append(before)
        done = _after(text, close + len(tag) + 3, alone)
        if alone and (done == len(text) or text[done - 1] in "\r\n"):
            indent = ""  # the block stood alone on its line: its blanks go with it
        for _ in range(blank):
            at, done = done, _blank_line(text, done)
            if done == at:
                break
        pos = text.find("<", done)
    out.append(indent + text[done:] if done < len(text) else "")
    return "".join(out)


def _alone(before: str, alone: bool) -> bool:
    """Whether a block that *before* precedes (the text since the last one, which
    *alone* tells of) opens its line: only blanks between it and a line break."""
    cut = max(before.rfind("\n"), before.rfind("\r"))
    if cut >= 0:
        return not before[cut + 1:].strip(" \t")
    return alone and not before.strip(" \t")


def _blank_above(before: str, alone: bool, blank: int) -> int:
    """How many blank lines stand right above the line a block opens after *before* (the
    text since the last block; *alone* and *blank* tell of the text before it). Read
    only where the block opens its line: then *before*, its blanks aside, is empty or
    ends with a line break. Reads *before* back from its end, over blanks and breaks."""
    i = len(before)
    while i and before[i - 1] in " \t":
        i -= 1
    if not i:
        return blank
    count = 0
    while True:  # before[:i] ends with the break that ends the line above: step over it
        i -= 2 if i >= 2 and before[i - 2] == "\r" and before[i - 1] == "\n" else 1
        while i and before[i - 1] in " \t":
            i -= 1
        if not i:  # that line began before *before*
            return count + 1 + blank if alone else count
        if before[i - 1] not in "\r\n":  # a line with text
            return count
        count += 1


def _blank_line(text: str, at: int) -> int:
    """Past the blank line at *at* (blanks, then a line break; ``\r\n`` is one), or *at*."""
    n = len(text)
    end = at
    while end < n and text[end] in " \t":
        end += 1
    if end < n and text[end] in "\r\n":
        return end + (2 if text.startswith("\r\n", end) else 1)
    return at


def _after(text: str, end: int, alone: bool) -> int:
    """Where the text after a block ending at *end* resumes: past the blanks after it and,
    when the block stood alone on its line (*alone*), past that line's break (``\r\n``
    is one); a block inside a line keeps the break that ends the line."""
    n = len(text)
    while end < n and text[end] in " \t":
        end += 1
    if alone and end < n and text[end] in "\r\n":
        end += 2 if text.startswith("\r\n", end) else 1
    return end


def _trimmed(text: str) -> str:
    """*text* left by taking think blocks out, without the blank lines before its first
    line (whose indentation stays) and the whitespace after its last."""
    return lead_of(text.rstrip())


def lead_of(text: str) -> str:
    """*text* without the blank lines that open it (the first line's indentation stays)."""
    start = 0
    for i, ch in enumerate(text):
        if ch == "\n" or ch == "\r":
            start = i + 1
        elif not ch.isspace():
            break
    return text[start:]


def _leading_open(text: str) -> int:
    """Where the body of a think block opening *text* (blanks aside) begins, or -1."""
    i = 0
    while i < len(text) and text[i].isspace():
        i += 1
    tag = next((t for t in _TAGS if text.startswith(f"<{t}>", i)), None)
    return -1 if tag is None else i + len(tag) + 2


def _first_close(text: str, kept: KeptSpans) -> Tuple[int, str]:
    """The first closing tag of *text* outside its kept spans: ``(position, tag)``, or
    ``(-1, "")``. Each search goes on past the span that held the last tag."""
    pos = text.find("</")
    while pos >= 0:
        tag = next((t for t in _TAGS if text.startswith(f"</{t}>", pos)), None)
        if tag is None:
            pos = text.find("</", pos + 2)
            continue
        inside = kept.end_of(pos)
        if inside < 0:
            return pos, tag
        pos = text.find("</", inside)
    return -1, ""


def split_think(text: str, reasoning: str) -> Tuple[str, str, bool]:
    """``split_detail`` but its last two items."""
    return split_detail(text, reasoning)[:3]


def split_detail(text: str, reasoning: str) -> Tuple[str, str, bool, bool, bool, bool]:
    """Think blocks out of *text*, into *reasoning*: closed blocks anywhere outside the
    text's JSON values and markdown code and, when the reply has no reasoning of its own
    (*reasoning*, read from the provider's own channel: ``reasoning_content``...), a
    leading block never closed and the text before a closing tag (outside JSON and code)
    without an opening one before it (a chat template that put ``<think>`` in the prompt).
    A reply whose reasoning came apart reasoned there: a lone tag in its text is the
    answer's own words, and a closed block whose text (blanks around it aside) is that
    reasoning is the same reasoning sent twice, kept once; any other block is appended.
    Last, whether the text without its closed blocks opens (blanks aside) with ``{``,
    ``[`` or ``"``, as a whole-text JSON value would, and holds a closing tag such a value
    would keep from the lone-tag rule, whether it holds a closing tag at all, and whether
    a lone-tag rule took the text before a tag (``stream._think_read``)."""
    found: List[str] = []
    json_lead = closing = lone = False
    if "<" in text and any(f"<{t}>" in text or f"</{t}>" in text for t in _TAGS):
        new = take_closed_blocks(text, found, KeptSpans(text))
        closing = any(f"</{t}>" in new for t in _TAGS)
        json_lead = closing and opens_json(new)
        if not reasoning:  # the lone-tag rules: no reasoning apart
            body = _leading_open(new)
            if body >= 0:  # an opening tag never closed: everything after it is reasoning
                found.append(new[body:].strip())
                new, lone = "", True
            else:
                close, tag = _first_close(new, KeptSpans(new))
                if close >= 0 and f"<{tag}>" not in new[:close]:  # the template put <think> in the prompt
                    found.append(new[:close].strip())
                    lone = True
                    # the answer starts after it: the blanks after the tag and its line's break go too
                    new = new[_after(new, close + len(tag) + 3, True) :]
        if found:
            given = reasoning.strip()
            # a closed block holding the reasoning already given is that reasoning sent twice (a gateway that
            # inlines it and keeps the field: NVIDIA-NeMo/Guardrails#2316): kept once
            joined = "\n".join(f for f in found if f and f != given)
            if joined:
                reasoning = f"{reasoning}\n{joined}" if reasoning else joined
            return _trimmed(new), reasoning, True, json_lead, closing, lone
    return text, reasoning, False, json_lead, closing, lone


def opens_json(text: str) -> bool:
    """Whether *text* opens (blanks aside) with ``{``, ``[`` or ``"``, as a JSON value whose
    text could hold a tag would."""
    for c in text:
        if not c.isspace():
            return c in '{["'
    return False
