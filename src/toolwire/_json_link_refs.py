"""Markdown link reference definitions in model text (``[1]: https://…``), which the
JSON scan (``_json_extract._pass``) takes for no value."""

from __future__ import annotations

__all__ = ["link_definition"]

_CLOSER = {'"': '"', "'": "'", "(": ")"}


def link_definition(text: str, start: int, end: int) -> bool:
    """Whether the array read from *start* to *end* is the label of a link reference
    definition (CommonMark 0.31.2 §4.7): it opens a line, indented 0-3 spaces, a ``:``
    follows its ``]`` right away, then a destination (none yet where the line ends
    there) and at most a title (``"…"``, ``'…'``, ``(…)``) to the line's end. A reference
    list after the answer (``[1]: https://example.com/a "A"``) is no value; ``[4]: "ok"
    is it`` is. Reads the three characters before it and the line after it."""
    if not text.startswith("[", start) or not text.startswith(":", end):
        return False
    k = start
    while k > 0 and start - k < 3 and text[k - 1] == " ":
        k -= 1
    if k > 0 and text[k - 1] not in "\n\r":
        return False
    stop = min(x for x in (text.find("\n", end), text.find("\r", end), len(text)) if x >= 0)
    rest = text[end + 1:stop].strip(" \t")
    if not rest:
        return True
    dest = rest.find(">") + 1 if rest.startswith("<") else len(rest.split(None, 1)[0])
    title = rest[dest:].strip(" \t") if dest > 0 else "x"
    return not title or title[0] in _CLOSER and len(title) > 1 and title[-1] == _CLOSER[title[0]]
