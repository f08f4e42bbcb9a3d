"""Markdown link reference definitions in model text (``[1]: https://…``), which the
JSON scan (``_json_extract._pass``) takes for no value."""

from __future__ import annotations

__all__ = ["link_definition"]


def link_definition(text: str, start: int, end: int) -> bool:
    """Whether the array read from *start* to *end* is the label of a link reference
    definition (CommonMark 0.31.2 §4.7): it opens a line, indented 0-3 spaces, and a
    ``:`` follows its ``]`` right away. A reference list after the answer (``[1]:
    https://example.com/a``) is no value. Reads the four characters before it and the
    one after."""
    if not text.startswith("[", start) or not text.startswith(":", end):
        return False
    k = start
    while k > 0 and start - k < 3 and text[k - 1] == " ":
        k -= 1
    return k == 0 or text[k - 1] in "\n\r"
