"""Markdown code fences in model text (``_json_extract.candidates``: their bodies are
read as JSON first). Moved out of ``_json_extract`` (past 400 lines).

Models are not CommonMark renderers (review revFences: a strict reading of CommonMark
0.31.2 §4.5 lost fences after list markers, quotes and prose, languages glued to
punctuation, longer opening runs, and read ``~~~`` lines parting prose as fences), so
fences are read leniently, as before, except where a model's backticks sit in prose or
in a JSON string (hunt huntGriptape f2: an earlier draft taken for the answer, 16 of
3,000 generated replies):

- A run of three or more backticks opens a fence when a line break follows it and it
  stands at its line's start (blanks, list markers and ``>`` quote markers before it: any
  info string then), or after prose with nothing or a language alone after it on its line
  (``Final: ```json``, ``the JSON```json``, ``the JSON```), or a language read as JSON or
  an attribute block whatever follows (``Final: ```json title=x``, ``Final: ``` {.json}``:
  review revFences2), unless another run on its line makes it a code span (````json x````,
  the closing run of ````x````); never glued to ``"``, ``}`` or ``]``, nor before a word of
  prose (``wrap code in ``` fences.``). The language is the leading
  ``[A-Za-z0-9_+-]`` run of its info string, lowercased.
- It closes at the next run of three or more backticks, anywhere; ``json`` (``jsonc``,
  ``json5``) after that run opens the next fence there (a ``` line parting prose from
  the answer). In a fence read as JSON whose body opens with ``{``, ``[`` or ``"`` and
  whose closing run stands mid-line, not glued after ``}`` or ``]``, the value is read
  first (``_value_stop``): the fence closes at the first run after it (``"Run ```pip```
  first"`` is the string's). In a block quote it closes at a run opening its line (after
  its ``>``) or glued after ``}`` or ``]``; its body is read without the ``>`` (``unquoted``).
- A tilde run (``~~~json``) at a line's start opens a fence in a language read as JSON
  only where its body, up to the next tilde run opening a line or the text's end, is
  JSON; otherwise it is prose (a separator).
"""

from __future__ import annotations

import json
import re
from typing import List, Optional, Tuple

from ._json_ints import read_int
from ._json_value_end import _value_end, _ws

__all__ = ["_JSON_LANGS", "_fences", "unquoted"]

_LANG = re.compile(r"[ \t]*([A-Za-z0-9_+-]*)")
_DECODER = json.JSONDecoder(strict=False, parse_int=read_int)
_QUICK_FAILS = 32  # values that failed to decode before ``_value_end`` reads each first
_RUN = re.compile(r"`{3,}|~{3,}")  # a fence's run (one character repeated: nothing to backtrack into)
_JSON_LANGS = ("", "json", "jsonc", "json5")  # a fenced block read as JSON: these languages
_MARKERS = frozenset(" \t>-*+.)0123456789")  # what may stand before a fence at a line's start
_GLUED = frozenset('"}]')  # a run glued after these opens no fence mid-line


def _fences(text: str) -> List[Tuple[str, int, int]]:
    """Markdown code fences: (language, body start, body end), read as the module's
    docstring says; a fence never closed runs to the end. One pass: every search starts
    where the last one ended, a line's start is looked for back to the last run at most,
    and a value is read only from past the end of the last one read."""
    out: List[Tuple[str, int, int]] = []
    n = len(text)
    read_to = 0  # where the last value read ended: none is read again from before it
    failed = 0  # values that failed to decode (``_value_stop``)
    tildes = "~~~" in text  # (most texts hold none: the search is for backticks alone then)
    pos = 0
    while True:
        if tildes:
            found = _RUN.search(text, pos)  # (one search for both kinds)
            if found is None:
                break
            at, run = found.span()
        else:
            at = text.find("```", pos)
            if at < 0:
                break
            run = at + 3
            while run < n and text[run] == "`":
                run += 1
        ch = text[at]
        pos = run
        nl = text.find("\n", run)
        if nl < 0:  # no line ends after this run: no fence opens here
            if ch == "`":  # (nor after it: none has a body)
                break
            continue
        if ch == "~":
            fence = _tilde(text, at, run, nl)
            if fence is not None:
                out.append(fence)
                pos = fence[2]
                while pos < n and text[pos] == "~":
                    pos += 1
            continue
        if at and text[at - 1] != "\n" and not _opens(text, at, run, nl):  # (a line's first: it opens)
            continue
        m = _LANG.match(text, run, nl)
        lang = m.group(1).lower() if m else ""
        body = nl + 1
        close = text.find("```", body)
        if close > 0 and text[close - 1] not in "\n}]" and not _clean(text, close):  # mid-line, not glued:
            if _quoted(text, at):  # its lines begin with ``>``: it closes at a run opening one (or glued to a
                clean = close  # value); the next quoted fence's opener is one, so no search passes another's
                while clean >= 0 and not _clean(text, clean):
                    clean = text.find("```", clean + 3)
                close = close if clean < 0 else clean  # (none: the first run)
            elif lang in _JSON_LANGS and body >= read_to:
                i = _ws(text, body)
                if text[i:i + 1] in ("{", "[", '"'):
                    ok, read_to = _value_stop(text, i, failed)
                    failed += not ok
                    if ok and read_to > close:  # the run is inside the value: a string's
                        close = text.find("```", read_to)
        out.append((lang, body, n if close < 0 else close))
        if close < 0:
            break
        pos = close + 3
        while pos < n and text[pos] == "`":
            pos += 1
        m = _LANG.match(text, pos)
        if m and m.group(1).lower() in _JSON_LANGS[1:] and text.startswith("\n", _blanks(text, m.end())):
            pos = close  # ``` json after a fence: it opens one too (a ``` line parting prose before it)
    return out


def _value_stop(text: str, i: int, failed: int) -> Tuple[bool, int]:
    """Whether the JSON value at *i* stands, and where it ends or fails: the decoder's
    read (C), or ``_value_end``'s where it fails (its error counts the lines before it:
    after ``_QUICK_FAILS`` failures, ``_value_end`` alone reads each, linear)."""
    if failed < _QUICK_FAILS:
        try:
            return True, _DECODER.raw_decode(text, i)[1]
        except (ValueError, RecursionError):
            pass
    read = _value_end(text, i)
    return read.ok, read.end


def _blanks(text: str, pos: int) -> int:
    """Past the blanks (a ``\\r`` too) at *pos*."""
    while pos < len(text) and text[pos] in " \t\r":
        pos += 1
    return pos


def _tilde(text: str, at: int, run: int, nl: int) -> Optional[Tuple[str, int, int]]:
    """The tilde fence the run ``text[at:run]`` opens (its line ending at *nl*), or
    ``None``: one at the line's start in a language read as JSON, closed by the next tilde
    run at a line's start or the text's end, whose body is JSON (in a block quote, each
    line's ``>`` aside: ``unquoted``). A ``~~~`` line that parts prose opens none (review
    revFences: 345 of 3,000 read the answer after it as its code). Searches on only from
    a line's start, to the next one's tilde run: each body read once."""
    if not _at_line_start(text, at):
        return None
    m = _LANG.match(text, run, nl)
    lang = m.group(1).lower() if m else ""
    if lang not in _JSON_LANGS:
        return None
    body = nl + 1
    close = text.find("~~~", body)
    while close >= 0 and not _at_line_start(text, close):
        close = text.find("~~~", close + 3)
    end = len(text) if close < 0 else close
    piece = text[body:end].strip()
    if piece.startswith(">"):
        piece = unquoted(piece).strip()
    try:
        _DECODER.decode(piece)
    except (ValueError, RecursionError):
        return None
    return lang, body, end


def _at_line_start(text: str, at: int) -> bool:
    """Whether only blanks and markers (a list's, a quote's) stand before *at* on its line."""
    k = at
    while k > 0 and text[k - 1] in _MARKERS:
        k -= 1
    return k == 0 or text[k - 1] == "\n"


def _quoted(text: str, at: int) -> bool:
    """Whether a ``>`` stands before *at* on its line, markers only (a block quote's fence)."""
    k = at
    while k > 0 and text[k - 1] in _MARKERS:
        k -= 1
        if text[k] == ">":
            return True
    return False


def _opens(text: str, pos: int, run: int, nl: int) -> bool:
    """Whether the backtick run ``text[pos:run]`` opens a fence (its line ending at *nl*):
    at the line's start (blanks and markers before it), or after prose with nothing after
    it on its line (glued to a word: unless a run stands before it on its line, a code
    span's closing one), a language alone, or a language read as JSON or an attribute
    block (``{.json}``) whatever follows, unless a run closes it on its line (a code span).
    Reads back to the first character that is no marker or to the last run, and on to the
    line's end or the next run: never past another run."""
    if _at_line_start(text, pos):
        return True
    before = text[pos - 1]
    if before in _GLUED:
        return False
    j = run
    while j < nl and text[j] in " \t":
        j += 1
    word = j
    while j < nl and (text[j].isalnum() or text[j] in "_+-"):
        j += 1
    if j == word:
        if text.startswith("{", j):  # an attribute block (``Final: ``` {.json}``), unless a run closes it there
            return text.find("```", j, nl) < 0
        if before.isalnum() or before == "_":  # ``Use ```x```: the span's closing run when a run stands before
            prev = text.rfind("```", 0, pos)  # it on its line (back to the last run only), else it opens
            if prev >= 0 and text.find("\n", prev, pos) < 0:  # (``the JSON```: review revFences2)
                return False
    elif text[word:j].lower() in _JSON_LANGS:  # ``Final: ```json title=x``: whatever follows on its line,
        return text.find("```", j, nl) < 0  # unless a run closes it there (a code span: ``Use ```json x```)
    while j < nl and text[j] in " \t\r":
        j += 1
    return j == nl


def _clean(text: str, close: int) -> bool:
    """Whether the closing run at *close* stands where fences close (at its line's start,
    blanks and markers before it, or glued after ``}`` or ``]``): no value is read then."""
    return close > 0 and text[close - 1] in "}]" or _at_line_start(text, close)


def unquoted(body: str) -> str:
    """A fenced body of a block quote (``> {"a": 1}``) without each line's first ``>``
    (CommonMark 0.31.2 §5.1: the quote's marker, blanks before it)."""
    return "\n".join(line.lstrip(" \t")[1:] if line.lstrip(" \t").startswith(">") else line
                     for line in body.split("\n"))
