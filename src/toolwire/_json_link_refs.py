"""Markdown link reference definitions in model text (``[1]: https://…``), which the
JSON scan (``_json_extract._pass``) takes for no value."""

from __future__ import annotations

import re

__all__ = ["link_definition"]

_LINE_END = re.compile(r"[\n\r]")
_CLOSER = {'"': '"', "'": "'", "(": ")"}
_LINKS = ("<", "/", "#", "./", "../", "www.", "mailto:")  # a destination opening so, or holding ``://``


def link_definition(text: str, start: int, end: int) -> bool:
    """Whether the array read from *start* to *end* is the label of a link reference
    definition (CommonMark 0.31.2 §4.7): it opens a line, indented 0-3 spaces, holds no
    bracket, brace, quote or line break (``[1]``, ``[a]``), a ``:`` follows its ``]``
    right away, then on that line a destination that reads as a link (``<…>``, a path,
    ``#…``, ``www.…``, ``mailto:…`` or one holding ``://``) and at most a title (``"…"``,
    ``'…'``, ``(…)``). A reference list after the answer (``[1]: https://example.com/a
    "A"``) is no value; ``[4]: "ok" is it``, ``[1]: done`` and ``["a", "b"]:`` are. Reads
    the three characters before it, the label and the line after it (once: review revJx4
    found a search for ``\r`` to the text's end per label, quadratic in a reply of
    definitions)."""
    if not text.startswith("[", start) or not text.startswith(":", end):
        return False
    k = start
    while k > 0 and start - k < 3 and text[k - 1] == " ":
        k -= 1
    if k > 0 and text[k - 1] not in "\n\r" or any(c in text[start + 1:end - 1] for c in '[]{}"\n\r'):
        return False
    m = _LINE_END.search(text, end)  # the line's end, read once (a character class: no backtracking)
    stop = len(text) if m is None else m.start()
    rest = text[end + 1:stop].strip(" \t")
    first = rest.split(None, 1)[0] if rest else ""
    if not (first.startswith(_LINKS) or "://" in first):
        return False
    dest = rest.find(">") + 1 if rest.startswith("<") else len(first)
    title = rest[dest:].strip(" \t") if dest > 0 else "x"
    return not title or title[0] in _CLOSER and len(title) > 1 and title[-1] == _CLOSER[title[0]]
