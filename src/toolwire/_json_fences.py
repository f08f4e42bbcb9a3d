"""Markdown code fences in model text (``_json_extract.candidates``: their bodies are
read as JSON first). The blocks are ``_markdown_code.fenced_blocks``'s, read as
CommonMark reads them (0.31.2 §4.5): the one fence reader of the package. Two
leniencies, for fences in a language read as JSON, where models write fences
CommonMark does not read (the old reading, three backticks anywhere, read them):

- a line of prose that ends with the fence's run and a JSON language (``Final: ```json``),
  or with the run alone where it is the line's only run of three (``Use ```x``` `` ends in
  a code span), opens one (``_opened_at_end``): three backticks inside a line (``wrap
  code in ``` fences``) or inside a JSON string open nothing;
- the value its body opens with, when the next thing after it (blanks and line breaks
  aside) is a run of the fence's character at least as long, ends the block there
  (```` {"a": 1}``` ```` on the value's line, or ```` ``` e.g. {…} ```` on the next),
  where CommonMark would run it on to the next closing line or the end of the text
  (``_closed_by_value``): JSON holds no backtick nor tilde outside its strings, so that
  run closes the value's fence (three backticks inside a string,
  ``"Run ```pip``` first"``, close nothing)."""

from __future__ import annotations

from typing import List, Tuple

from ._json_value_end import _ws, value_end
from ._markdown_code import fenced_blocks

__all__ = ["_JSON_LANGS", "_fences"]

_JSON_LANGS = ("", "json", "jsonc", "json5")  # a fenced block read as JSON: these languages


def _fences(text: str) -> List[Tuple[str, int, int]]:
    """``fenced_blocks`` of *text*, a JSON fence closed by a run right after its value
    (``_closed_by_value``)."""
    return fenced_blocks(text, _closed_by_value, _opened_at_end)


def _opened_at_end(text: str, line: int, end: int) -> Tuple[str, int, str]:
    """The ``(character, run length, language)`` of the JSON fence a line of prose opens
    by ending (blanks aside) with three or more backticks or tildes and a language read as
    JSON or none, or ``("", 0, "")``. Read from the line's end, each line once."""
    k = end
    while k > line and text[k - 1] in " \t\r":
        k -= 1
    word = k
    while word > line and text[word - 1].isalnum():
        word -= 1
    lang = text[word:k].lower()
    c = text[word - 1] if word > line else ""
    if lang not in _JSON_LANGS or c not in ("`", "~"):
        return "", 0, ""
    run = word
    while run > line and text[run - 1] == c:
        run -= 1
    if word - run < 3 or (not lang and text.find(c * 3, line, run) >= 0):
        return "", 0, ""
    return c, word - run, lang


def _closed_by_value(text: str, lang: str, body: int, char: str, size: int) -> int:
    """Where a fence in a language read as JSON ends when the value its body opens with
    is followed (blanks aside) by a run of *size* or more of the fence's *char*: that
    value's end; else -1. The value is read (``value_end``: one pass) only when the first
    such run after *body* is no closing line (CommonMark's close, which comes first)."""
    if lang not in _JSON_LANGS:
        return -1
    run = text.find(char * size, body)
    if run < 0:
        return -1
    line, nl = text.rfind("\n", 0, run) + 1, text.find("\n", run)
    k = run + size
    while k < len(text) and text[k] == char:
        k += 1
    if not text[line:run].strip(" \t") and not text[k:len(text) if nl < 0 else nl].strip():
        return -1
    start = _ws(text, body)
    if start >= len(text) or text[start] not in '{["':
        return -1
    ok, end = value_end(text, start)
    return end if ok and text.startswith(char * size, _ws(text, end)) else -1
