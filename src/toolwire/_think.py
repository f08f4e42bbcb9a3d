"""Think blocks in a reply's text: inline ``<think>…</think>`` (also ``<thinking>``,
``<reasoning>``) blocks moved out of the text into the reasoning, as ``normalize``
(``response.py``) reads a reply. A tag inside a JSON value of the text is the answer's
own and stays; the scan is linear in the text.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import List, Optional, Set, Tuple

from ._json_extract import candidates

__all__ = ["split_think", "take_closed_blocks"]

_TAGS = ("think", "thinking", "reasoning")
_OPEN_THINK = re.compile(r"^\s*<(think|thinking|reasoning)>(.*)\Z", re.S)
_CLOSE_ONLY = re.compile(r"^(.*?)</(think|thinking|reasoning)>\s*", re.S)


class _JsonValues:
    """Where the JSON values of a text lie (``_json_extract.candidates``: the whole text,
    fenced blocks, scanned values), merged into sorted disjoint spans. A think tag
    inside one is inside a JSON string (``<`` is nowhere else in JSON): the answer's
    own text, never a block to take out."""

    __slots__ = ("ends", "starts")

    def __init__(self, text: str) -> None:
        self.starts: List[int] = []
        self.ends: List[int] = []
        for start, end in sorted((c.start, c.end) for c in candidates(text)):
            if self.ends and start < self.ends[-1]:
                self.ends[-1] = max(self.ends[-1], end)
            else:
                self.starts.append(start)
                self.ends.append(end)

    def end_of(self, pos: int) -> int:
        """The end of the JSON value holding *pos*, or -1 (a binary search)."""
        i = bisect_right(self.starts, pos) - 1
        return self.ends[i] if i >= 0 and pos < self.ends[i] else -1


def take_closed_blocks(text: str, found: List[str], values: Optional[_JsonValues] = None) -> str:
    """*text* without its closed ``<think>…</think>`` blocks (and the whitespace after
    each), their bodies added to *found*; with *values*, a tag inside one of its JSON
    values is skipped. One pass: a tag whose closing tag does not occur after an opening
    one is never searched for again (no later one can close), and a skipped tag's search
    goes on past the JSON value that holds it."""
    out: List[str] = []
    done = 0  # text[:done] is settled
    pos = text.find("<")
    dead: Set[str] = set()
    while pos >= 0:
        tag = next((t for t in _TAGS if t not in dead and text.startswith(f"<{t}>", pos)), None)
        if tag is None:
            pos = text.find("<", pos + 1)
            continue
        if values is not None:
            inside = values.end_of(pos)
            if inside >= 0:
                pos = text.find("<", inside)
                continue
        body = pos + len(tag) + 2
        close = text.find(f"</{tag}>", body)
        while values is not None and close >= 0:
            inside = values.end_of(close)
            if inside < 0:
                break
            close = text.find(f"</{tag}>", inside)
        if close < 0:
            dead.add(tag)
            continue
        out.append(text[done:pos])
        found.append(text[body:close].strip())
        done = close + len(tag) + 3
        while done < len(text) and text[done].isspace():
            done += 1
        pos = text.find("<", done)
    out.append(text[done:])
    return "".join(out)


def split_think(text: str, reasoning: str) -> Tuple[str, str, bool]:
    """Think blocks out of *text*, into *reasoning*: closed blocks anywhere outside the
    text's JSON values and, when the reply has no reasoning of its own (*reasoning*, read
    from the provider's own channel: thinking blocks, ``reasoning_content``...), a leading
    block never closed and text before a closing tag without an opening one (a chat
    template that put ``<think>`` in the prompt). A reply whose reasoning came apart
    reasoned there: a lone tag in its text is the answer's own words."""
    found: List[str] = []
    if "<" in text and any(f"<{t}>" in text or f"</{t}>" in text for t in _TAGS):
        new = take_closed_blocks(text, found, _JsonValues(text))
        m = None if reasoning else _OPEN_THINK.match(new)  # the lone-tag rules: no reasoning apart
        if m:  # an opening tag never closed: everything after it is reasoning
            found.append(m.group(2).strip())
            new = ""
        elif not reasoning:
            m2 = _CLOSE_ONLY.match(new)
            if m2 and "<" + m2.group(2) + ">" not in m2.group(1) \
                    and _JsonValues(new).end_of(m2.start(2) - 2) < 0:  # template put <think> in the prompt
                found.append(m2.group(1).strip())
                new = new[m2.end() :]
        if found:
            joined = "\n".join(f for f in found if f)
            reasoning = f"{reasoning}\n{joined}" if reasoning else joined
            return new.strip(), reasoning, True
    return text, reasoning, False
