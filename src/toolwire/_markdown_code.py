"""Where markdown code lies in a model's text: fenced code blocks and code spans, read as
CommonMark reads them (https://spec.commonmark.org/0.31.2/ §4.5 "Fenced code blocks",
§6.1 "Code spans", checked 2026-12-05), so that a think tag written inside code is the
answer's own text (``_think``).

- A fence is a line that opens, after any indentation, with three or more backticks
  (and no backtick after them on that line) or tildes; the block runs to a line of
  the same character, at least as many, and nothing else, or to the end of the text.
- A code span is a run of backticks closed by the next run of exactly as many in the
  same paragraph (a blank line or a fence ends one); a run that nothing closes is
  literal backticks. A line that begins or ends with a think tag bounds a paragraph
  as well (it is where a chat template's block begins or ends), so that a stray
  backtick in the reasoning makes no code span of the text up to the answer's code.
- A fence opened inside a think block that a line opened ends at a line opening with
  that block's closing tag: a draft in the reasoning that left its fence open does
  not make code of the answer up to the answer's own closing fence (which would hide
  the closing tag and turn the whole reply into reasoning).

One pass: each line is read once, each backtick run once, and each run is paired
through a table of the next run of its length (never a search from every run).
Backslash escapes are not read; indented code blocks are not code here.
"""

from __future__ import annotations

from typing import Dict, List, Tuple

__all__ = ["code_regions"]

_FENCES = "`~"


def code_regions(text: str, tags: Tuple[str, ...] = ()) -> List[Tuple[int, int]]:
    """The ``(start, end)`` spans of *text* that are markdown code, sorted and disjoint: a
    fenced block whole (its fence lines too), a code span with its backticks. *tags*:
    tag names (``think``) whose ``<tag>`` / ``</tag>`` at the start or end of a line
    bound a paragraph, and whose block, opened by a line, ends a fence opened inside it
    at a line that opens with its closing tag (the reasoning's draft left a fence open)."""
    out: List[Tuple[int, int]] = []
    if "`" not in text and "~~~" not in text:  # no code at all (most replies): no line read
        return out
    n = len(text)
    para = -1  # where the paragraph being read began, -1 when none is open
    fence, fence_len, fence_at = "", 0, 0  # the open fence's character and length, its line
    block = ""  # the tag of a think block a line opened and no line has closed yet
    held = ""  # the tag of the block the open fence was opened in
    line = 0
    while True:
        nl = text.find("\n", line)
        end = n if nl < 0 else nl
        i = line
        while i < end and text[i] in " \t":
            i += 1
        j = i
        c = text[i] if i < end else ""
        if c and c in _FENCES:
            while j < end and text[j] == c:
                j += 1
        if fence and c == fence and j - i >= fence_len and not text[j:end].strip():  # the fence closes
            out.append((fence_at, end))
            fence = held = ""
        elif fence and held and text.startswith(f"</{held}>", i):  # its think block closes, and the fence
            out.append((fence_at, line))
            fence = held = block = ""
            para = line
            if _tag_before(text, end, tags):
                para = _end(text, para, end, out)
        elif fence:  # inside a fenced block: only its closing line matters
            pass
        elif i == end or text[i:end].isspace():  # a blank line ends the paragraph
            para = _end(text, para, line, out)
        elif j - i >= 3 and (c == "~" or text.find("`", j, end) < 0):  # a fence opens
            para = _end(text, para, line, out)
            fence, fence_len, fence_at, held = c, j - i, line, block
        else:
            opens = _tag_at(text, i, tags) if tags else ""
            if opens:  # a think tag opens the line: a paragraph begins
                para = _end(text, para, line, out)
            if para < 0:
                para = line
            if block and text.find(f"</{block}>", i, end) >= 0:
                block = ""
            elif opens and not opens.startswith("/") and text.find(f"</{opens}>", i, end) < 0:
                block = opens
            if tags and _tag_before(text, end, tags):  # ...or closes it: the paragraph ends
                para = _end(text, para, end, out)
        if nl < 0:
            break
        line = nl + 1
    if fence:
        out.append((fence_at, n))
    else:
        _end(text, para, n, out)
    out.sort()
    return out


def _end(text: str, para: int, end: int, out: List[Tuple[int, int]]) -> int:
    """The paragraph begun at *para* (-1: none) ends at *end*: its code spans added to
    *out*; -1, for no paragraph open."""
    if para >= 0:
        _spans(text, para, end, out)
    return -1


def _tag_at(text: str, i: int, tags: Tuple[str, ...]) -> str:
    """The tag of *tags* whose ``<tag>`` (the name) or ``</tag>`` (``/`` and the name)
    begins at *i*, or ``""``."""
    if not text.startswith("<", i):
        return ""
    slash = text.startswith("/", i + 1)
    k = i + 2 if slash else i + 1
    tag = next((t for t in tags if text.startswith(t + ">", k)), "")
    return f"/{tag}" if tag and slash else tag


def _tag_before(text: str, end: int, tags: Tuple[str, ...]) -> bool:
    """Whether the line ending at *end* ends (trailing blanks aside) with a tag of *tags*."""
    k = end
    while k > 0 and text[k - 1] in " \t\r":
        k -= 1
    if k == 0 or not text.startswith(">", k - 1):
        return False
    for t in tags:
        at = k - len(t) - 2  # where ``<tag>`` would begin; ``</tag>`` one before
        if (at >= 0 and text.startswith(f"<{t}>", at)) or (at >= 1 and text.startswith(f"</{t}>", at - 1)):
            return True
    return False


def _spans(text: str, start: int, end: int, out: List[Tuple[int, int]]) -> None:
    """The code spans of the paragraph ``text[start:end]``, added to *out*."""
    runs: List[Tuple[int, int]] = []
    pos = text.find("`", start, end)
    while pos >= 0:
        j = pos + 1
        while j < end and text[j] == "`":
            j += 1
        runs.append((pos, j))
        pos = text.find("`", j, end)
    if len(runs) < 2:
        return
    after: List[int] = [-1] * len(runs)  # the next run of the same length, by index
    last: Dict[int, int] = {}
    for k in range(len(runs) - 1, -1, -1):
        size = runs[k][1] - runs[k][0]
        after[k] = last.get(size, -1)
        last[size] = k
    k = 0
    while k < len(runs):
        m = after[k]
        if m < 0:  # nothing closes it: literal backticks
            k += 1
            continue
        out.append((runs[k][0], runs[m][1]))
        k = m + 1
