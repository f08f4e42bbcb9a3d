"""Markdown link reference definitions in model text (``[1]: https://…``), which the
JSON scan (``_json_extract._pass``) takes for no value, and the citations they define
(``[1]`` after the answer on its line), which the answer is not."""

from __future__ import annotations

import re
from typing import Dict, List, Protocol, Sequence, TypeVar

__all__ = ["announced", "link_definition", "link_line", "uncited"]

_LINE_END = re.compile(r"[\n\r]")
_LINKS = ("<", "/", "#", "./", "../", "www.", "mailto:")  # a destination opening so, or holding ``://``
_CITING = ("", "per", "see", "cf", "via")  # what may stand between a value and its citation (``cf.``, ``.`` stripped)
_SEPARATORS = ("- ", "– ", "— ", "| ", "-\t")  # before a reference list line's words (no CommonMark title)


def link_definition(text: str, start: int, end: int) -> bool:
    """Whether the array read from *start* to *end* is the label of a link reference
    definition (``link_line``: 1)."""
    return link_line(text, start, end) == 1


def link_line(text: str, start: int, end: int) -> int:
    """1 where the array read from *start* to *end* is the label of a link reference
    definition (CommonMark 0.31.2 §4.7): it opens a line, indented 0-3 spaces, in a
    block quote or not (``> [1]: …``, §5.1), holds no bracket, brace, quote or line break
    (``[1]``, ``[4, 3]``), a ``:`` follows its ``]`` right away, then on that line, or on
    the next when none is on it (§4.7 allows one line ending), a destination that reads as
    a link (``<…>``, a path, ``#…``, ``www.…``, ``mailto:…`` or one holding ``://``), and
    after it on its line nothing, a title (``"A"``, ``'A'``, ``(A)``) or the start of one
    left open (§4.7 lets a title run over lines; read as one); and one more line that is
    no definition but a reference list's, a separator (``-``, ``–``, ``—``, ``|``) before
    its words (``[1]: https://x.org - Smith 2020``: the answer is above it). 2 where words
    follow the destination (``[7]: www.x.org is the mirror``), or its title: no definition
    (§4.7; the line is a paragraph, as markdown-it-py reads it), a value, but after
    another value a reference list's line (``uncited``). Else 0: ``[4]: "ok" is it``,
    ``[1]: done`` and ``["a", "b"]:`` are values. Reads the characters before it on its
    line, the label and the line after it (once: review revJx4 found a search for ``\\r``
    to the text's end per label, quadratic in a reply of definitions), and the next line
    where that one holds nothing."""
    if not text.startswith("[", start) or not text.startswith(":", end):
        return 0
    if not _line_start(text, start) or any(c in text[start + 1:end - 1] for c in '[]{}"\n\r'):
        return 0
    m = _LINE_END.search(text, end)  # the line's end, read once (a character class: no backtracking)
    stop = len(text) if m is None else m.start()
    rest = text[end + 1:stop].strip(" \t")
    if not rest and m is not None:  # (the destination on the next line, a blank line no line of it)
        nxt = m.end() + 1 if text.startswith("\r\n", m.start()) else m.end()
        m = _LINE_END.search(text, nxt)
        rest = text[nxt:len(text) if m is None else m.start()].lstrip(" \t>").rstrip(" \t")
    parts = rest.split(None, 1)
    first = parts[0] if parts else ""
    if not (first.startswith(_LINKS) or "://" in first):
        return 0
    return 1 if len(parts) < 2 or _title_or_reference(parts[1]) else 2


def _title_or_reference(after: str) -> bool:
    """Whether *after* (what follows a definition's destination on its line, stripped)
    is a title to the line's end (§4.7: ``"A"``, ``'A'``, ``(A)``, a backslash escaping
    the character after it) or one left open (it may run on to the next lines), or words
    after a separator (a reference list's line, ``- Smith 2020``). Reads it once."""
    if after.startswith(_SEPARATORS):
        return True
    close = {'"': '"', "'": "'", "(": ")"}.get(after[:1])
    if close is None:
        return False
    k = 1
    while k < len(after):
        if after[k] == "\\":
            k += 2
            continue
        if after[k] == close:
            return not after[k + 1:].strip(" \t")
        k += 1
    return True


def _line_start(text: str, at: int) -> bool:
    """Whether only 0-3 spaces come before *at* on its line, after block quote markers
    (``>``, each with its spaces) if any. Reads them once."""
    k = at
    while True:
        spaces = k
        while k > 0 and spaces - k < 4 and text[k - 1] == " ":
            k -= 1
        if spaces - k > 3:
            return False
        if k == 0 or text[k - 1] in "\n\r":
            return True
        if text[k - 1] != ">":
            return False
        k -= 1


class _Found(Protocol):
    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...


_F = TypeVar("_F", bound=_Found)


def uncited(text: str, found: Sequence[_F]) -> List[_F]:
    """The values *found* (in the order found, ``_json_extract.Candidate``) but the
    citations, no answer: a label (``[1]``: no bracket, brace, quote or line break in
    it) that a link reference definition after it defines (``link_definition``;
    CommonMark 0.31.2 §6.3: ``[1]`` is then a shortcut reference link), or a reference
    list's line read as a list's (``link_line``: 2, ``[1]: /docs/a Smith 2020``;
    ``_listed``), right after
    another value on its line, blanks, ``,`` ``;`` ``.`` ``:`` ``(`` and at most ``per``, ``see``, ``cf.``
    or ``via`` between (``Use [8], [1]``, ``[8] [1][2]``, ``[8] ([1])``, ``[8], per [1]``
    + ``[1]: https://…`` below: ``[8]`` is the answer).
    With words between (``Not [6] - it is [1]``, ``First try: [7]. Final: [1]``) the
    label may be the answer or cite one: no value up to it is the answer (none is
    handed over in its place; review revJsonx: 1,979 of 1,979 gave the draft). A value
    after another whose line reads as a reference list's, no definition (``link_line``:
    2; ``Final: [2, 7]`` + ``[1]: https://x.org is the docs``), is no answer either, but
    where the line before announces it (``announced``: ``Answer:`` + line break + ``[5]:
    www.x.org is the mirror`` is the answer, and defines nothing: ``_listed``). Reads
    each line once for the definitions (where a ``]:`` is in the text), and the text
    between each two values once."""
    if len(found) < 2 or "]:" not in text:
        return list(found)
    out = [found[0]]
    labels: Dict[str, int] = {}
    defined: Dict[str, int] = {}  # (each label's definition, looked up and folded once: review revJsonx)
    for k in range(1, len(found)):
        start, end = found[k].start, found[k].end
        if link_line(text, start, end) == 2 and not announced(text, start):  # (a reference list's line after
            continue  # the answer, read as before; the line ``Answer:`` announces is the answer)
        if text.startswith("[", start) and _LINE_END.search(text, found[k - 1].end, start) is None:
            label = text[start + 1:end - 1]
            at = defined.get(label)
            if at is None:
                at = -1
                if not any(c in label for c in '[]{}"\n\r'):
                    labels = labels or _definitions(text) or {"": -1}
                    at = labels.get(_fold(label), -1)
                defined[label] = at
            if at > end:
                if text[found[k - 1].end:start].strip(" \t,;.:(").casefold() not in _CITING:  # (words between:
                    out.clear()  # the answer is not known up to it)
                continue
        out.append(found[k])
    return out


def _definitions(text: str) -> Dict[str, int]:
    """The labels the text's link reference definitions define (``_fold``), each with
    where its last definition begins, and those of the lines that read as a reference
    list's (``link_line``: 2, ``[1]: /docs/a Smith 2020``; review revJsonx2: 231 of 526
    citations so defined became the answer) but not as the answer (``_listed``). Reads each
    line once, and each definition's line."""
    out: Dict[str, int] = {}
    pos, n = 0, len(text)
    while pos < n:
        m = _LINE_END.search(text, pos)
        stop = n if m is None else m.start()
        k = pos
        while k < stop and text[k] in " >":
            k += 1
        if text.startswith("[", k):
            close = text.find("]", k + 1, stop)
            kind = link_line(text, k, close + 1) if close > 0 else 0
            if kind == 1 or kind == 2 and _listed(text, k, close + 1, stop):
                out[_fold(text[k + 1:close])] = k
        pos = n if m is None else m.end()
    return out


def _listed(text: str, start: int, end: int, stop: int) -> bool:
    """Whether the reference list's line (``link_line``: 2) whose label is read from *start*
    to *end* reads as a line of a list, not as the answer: unless the line before it
    announces the answer (``announced``; review revJsonx3: read as a definition, the
    answer line made the label's earlier mention a citation, 1,987 of 3,000 replies then
    gave the value before it). Its link on the next line (``[1]:`` + line break +
    ``https://x.org/a Smith 2020``) or a label with a comma (``[1, 2]``) is a list's line
    too (review revJsonx4: read as the answer, 885 of 887 and the comma family gave the
    citation; ``[2]:`` + line break + ``/api/v1 returns them`` after another value reads
    the same, a known gap). *stop* (the line's end) is unused. Reads the line before once."""
    return not announced(text, start)


_HEADS = ("answer", "result", "final", "final answer", "final result")  # a line of just these (and ``:``) announces
_MARKUP = "#>*_ \t"  # what may stand around them on that line (a heading, a block quote, emphasis)


def announced(text: str, at: int) -> bool:
    """Whether the line before the one *at* opens (blank lines and block quote markers
    aside) announces the answer: it is, markup aside (``#``, ``>``, ``*``, ``_``, blanks),
    just ``Answer``, ``Result``, ``Final``, ``Final answer`` or ``Final result`` (any
    case, ``The`` or ``My`` before) then ``:`` (``**Final answer:**``, ``## Result:``,
    ``> Answer:``, ``The result:``), as ``Answer
    =`` announces (``_json_quotes``). A heading that ends in one of them (``Sources for
    the answer:``, ``Where I found the answer:``) names a reference list, no answer
    (review revJsonx4: 407 of 408 such lists gave the citation). Reads back from *at* to
    that line's start once."""
    j = at
    while j > 0 and text[j - 1] in " \t\r\n>":
        j -= 1
    if j == 0 or not any(c in "\n\r" for c in text[j:at]):
        return False
    while j > 0 and text[j - 1] in _MARKUP:
        j -= 1
    if j == 0 or text[j - 1] != ":":
        return False
    i = j - 1
    while i > 0 and text[i - 1] not in "\n\r" and j - i <= 40:  # (a longer line is no such line)
        i -= 1
    if i > 0 and text[i - 1] not in "\n\r":
        return False
    words = "".join(c for c in text[i:j - 1] if c not in "#>*_").casefold().split()
    return " ".join(words[1:] if words[:1] in (["the"], ["my"]) else words) in _HEADS


def _fold(label: str) -> str:
    """A label as CommonMark matches it (§4.7: case-folded, blanks collapsed)."""
    return " ".join(label.split()).casefold()
