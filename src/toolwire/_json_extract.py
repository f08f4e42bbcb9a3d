"""JSON out of model text: fenced blocks first, then candidates found by a real decoder.

The rules (``reference/structured-output.md`` §G.2 item 9, checked 2026-11-30): take
the provider's parsed output when there is one (the caller does that), else the
contents of fenced code blocks, else every ``{``/``[`` position decoded with
``json.JSONDecoder.raw_decode`` (``strict=False``, so a literal newline inside a string
parses); the **last** candidate that passes the caller's check wins. Never "from the
first ``{`` to the last ``}``", which breaks on prose containing braces. ``NaN``,
``Infinity`` and ``1e400`` are read as the decoder reads them (floats no JSON text can
carry); the caller's check refuses them wherever they sit (``schema/_json_numbers.py``).

A value that does not parse is no answer, and neither is any value inside it (a piece
of an answer cut off or malformed, ``{"b": {"a": 1},}``): the scan goes on where the
decoder failed, so each character is read about once (linear in the text; reading on
from the next ``{`` read the same text again for every opener, quadratic). A string is
read to its closing quote whatever its escapes (a backslash takes the character after
it): where the decoder refuses an escape (``"C:\\data"``, ``"\\d+"``) and where it cannot
read a value nested past the recursion limit (a ``RecursionError``) or an integer past
4300 digits (``read_int``), ``_value_end`` reads the value on, without recursion, to where
it ends or fails (the string ends at its quote, not at the escape: a value written in it
is no answer); a string the text ends in stops the scan (nothing after its quote is
outside it), as the decoder's "Unterminated string" does. Every path thus follows one
rule, the one ``_value_end`` reads; a value it reads whole whose string holds a refused
escape is never handed to the decoder (whose error counts the lines before it).

After a value that failed outside a string (``{"done": True, "note": "see [1, 2]"}``),
the scan reads each double-quoted string as a string until the failed value's brackets
close (each by a closer of its kind: a ``]`` closes no ``{``) or the text ends: no
candidate begins inside one, and a ``{`` or ``[`` between them still begins one. A
failure right after a string from one of whose openers a value reaches its closing quote
(a stray ``["`` in the prose whose quote closed at the answer's first key: the answer
began inside that string), and such a string read after a failed value, end the
candidates: what follows may be inside that value (lost, never wrong). The scan still
reads on from each opener, for the spans of the values that stand (``_think.KeptSpans``:
a think tag in one of their strings stays).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Callable, List, NamedTuple, Optional, Tuple

from ._json_ints import read_int

__all__ = ["Candidate", "candidates", "end_of_value", "extract_json", "open_json", "open_value"]

_DECODER = json.JSONDecoder(strict=False, parse_int=read_int)
_QUICK_FAILS = 32  # failed decodes before each opener is read by ``value_end`` first
_LANG = re.compile(r"[ \t]*([A-Za-z0-9_+-]*)")
_JSON_LANGS = ("", "json", "jsonc", "json5")  # a fenced block read as JSON: these languages


@dataclass(frozen=True)
class Candidate:
    """One JSON value found in the text, where it was found, and how."""

    value: Any
    start: int
    end: int
    how: str  # "whole" | "fence" | "scan"


def candidates(text: str, standing: Optional[List[Tuple[int, int]]] = None) -> List[Candidate]:
    """All JSON candidates: the whole text, fenced blocks, then scanned top-level values.
    With *standing*, the scan adds to it the spans of the values it skips whole, no
    candidate but standing (``_value_end``: a string with an escape the decoder refuses,
    an integer too long or nesting too deep to read), whose ``<`` is in a string of
    theirs (``_think.KeptSpans``)."""
    out: List[Candidate] = []
    stripped = text.strip()
    if stripped:
        try:
            return [Candidate(json.loads(stripped, strict=False, parse_int=read_int), 0, len(text), "whole")]
        except (ValueError, RecursionError):  # nested deeper than the parser reads: not an answer
            pass
    for lang, start, end in _fences(text):
        if lang not in _JSON_LANGS:
            continue
        body = text[start:end].strip()
        try:
            out.append(Candidate(json.loads(body, strict=False, parse_int=read_int), start, end, "fence"))
        except (ValueError, RecursionError):
            continue
    out.extend(_scan(text, standing=standing))
    return out


def _fences(text: str) -> List[Tuple[str, int, int]]:
    """Markdown code fences: (language, body start, body end). A fence is a line opening
    with three backticks (its language the letters after them); its body runs to the next
    three backticks or the end. One pass: every search starts where the last one ended."""
    out: List[Tuple[str, int, int]] = []
    pos = text.find("```")
    while pos >= 0:
        nl = text.find("\n", pos + 3)
        if nl < 0:  # no line ends after this fence: none after it does either
            break
        m = _LANG.match(text, pos + 3, nl)
        lang = m.group(1).lower() if m else ""
        close = text.find("```", nl + 1)
        end = len(text) if close < 0 else close
        out.append((lang, nl + 1, end))
        if close < 0:
            break
        pos = text.find("```", close + 3)
    return out


# how far before the end of the text a decode that failed may have failed for want of
# more text: a literal cut short (``-Infinity``, 9 characters, read whole) or a number
_NEAR_END = 10


def open_json(text: str, before: int) -> bool:
    """Whether a JSON value that more text could still complete begins before *before*
    (a stream's text read as it grows, ``stream._think_read``): a decode of the scan
    (``_scan``) from there that failed at or near the end of *text*, or inside a string
    the text ends in; or a fenced block (``_fences``) never closed whose body begins there,
    in a language read as JSON (``candidates``) and with ``{``, ``[`` or ``"`` before
    *before* (blanks aside: a body opening with anything else never decodes as a value
    that holds text, a think tag's ``<``). Candidates beginning before it that can hold
    text are settled whatever text follows."""
    fences = _fences(text)
    if fences and fences[-1][2] == len(text) and fences[-1][1] <= before and fences[-1][0] in _JSON_LANGS:
        body = text[fences[-1][1]:before].lstrip()
        if body[:1] in ("{", "[", '"'):
            return True
    return open_value(text, before) >= 0


def open_value(text: str, before: int) -> int:
    """Where the value the scan (``_scan``) finds open before *before* begins: the first
    opener whose decode failed for want of more text (at or near the end of *text*, or
    inside a string the text ends in), or -1 (``open_json`` without its fences; a
    stream's think read waits on that value's end, ``stream._think_read``)."""
    opened: List[int] = []
    _scan(text, before, opened)
    return opened[0] if opened else -1


def _scan(
    text: str, until: int = -1, opened: Optional[List[int]] = None, standing: Optional[List[Tuple[int, int]]] = None
) -> List[Candidate]:
    """Every top-level value the decoder reads, from each opener not inside an earlier
    value (read or failed). The next ``{`` and the next ``[`` are each searched for again
    only once the scan has passed them, so the searches too read the text once (a search
    for ``{`` from every ``[`` read the rest of the text again each time). After a value
    that failed outside a string, until its brackets open there close (outside strings,
    each by a closer of its kind) or the text ends, each ``"`` opens a string read to its
    closing quote: no candidate begins inside one, and a text ending in one ends the
    scan; a ``{`` or ``[`` outside them still begins one. A value that failed right after
    a string from whose ``{`` or ``[`` a value runs to its closing quote, and such a
    string read after a failed value, end the candidates (``_hides_value``: a stray ``["``
    in the prose, or a quote the failed value left open, the answer begun inside that
    string, what follows inside the answer); with *opened* or *standing*, the scan reads
    on from each opener (those quotes may be prose), every value it reads then no
    candidate but standing. With *opened* (``open_json``), the scan stops at *until* or
    at the first decode that failed for want of more text, whose opener it adds to *opened*; with
    *standing*, it adds the span of each value it skips whole (``candidates``)."""
    found: List[Candidate] = []
    pos = 0
    n = len(text)
    near = n - _NEAR_END
    failed = 0  # decodes that failed: past ``_QUICK_FAILS``, an opener is read by ``value_end`` first
    shut: List[str] = []  # closers of failed values' brackets still open: while any is, strings are read as strings
    hidden = False  # a value may have begun inside a string read: no candidate after it, spans still found
    brace = text.find("{")
    bracket = text.find("[")
    while pos < n:
        if shut:
            m = _REGION.search(text, pos)
            if m is None:
                break
            i = m.start()
            if text[i] == '"':
                pos = _string_end(text, i)[0]
                if pos < 0:
                    break  # the text ends in the string
                hiding = None if hidden else _hides_value(text, i, pos)
                if hiding is not None:
                    hidden = True  # a value may have begun inside it, holding what follows: its quotes
                    if standing is None and opened is None:  # may be prose, each opener is read again
                        break
                    shut.clear()
                    if not _stands(hiding, near, opened, standing):
                        break
                    if hiding[1].ok:  # (the scan reads on past the value that stands)
                        pos = max(pos, hiding[1].end)
                continue
            if text[i] in "}]":
                if text[i] == shut[-1]:  # a closer of another kind closes nothing of the failed value
                    shut.pop()
                pos = i + 1
                continue
        else:
            if 0 <= brace < pos:
                brace = text.find("{", pos)
            if 0 <= bracket < pos:
                bracket = text.find("[", pos)
            if brace < 0:
                if bracket < 0:
                    break
                i = bracket
            else:
                i = brace if bracket < 0 or brace < bracket else bracket
        if opened is not None and i >= until:
            break
        read: Optional[_Read] = None
        if failed >= _QUICK_FAILS:  # (a failed decode's error counts the lines before it: quadratic)
            read = _value_end(text, i)
        if read is None or (read.ok and not read.refused):
            try:
                value, end = _DECODER.raw_decode(text, i)
            except (ValueError, RecursionError):  # no answer begins inside it: go on where it failed (an
                # escape it refuses, an integer too long to read, ``read_int``, or nested deeper than it
                # reads: the value read on as ``_value_end`` reads it)
                read = read or _value_end(text, i)
            else:
                if not hidden:
                    found.append(Candidate(value, i, end, "scan"))
                elif standing is not None:
                    standing.append((i, end))
                pos = end
                continue
        if read.cut or (opened is not None and not read.ok and read.end >= near):
            if opened is not None:
                opened.append(i)
            break  # the text ends inside the value's string: no value after its quote is outside it
        failed += 1
        if read.ok and standing is not None:
            standing.append((i, read.end))
        if not read.ok:
            hiding = None if hidden or read.after[0] < 0 else _hides_value(text, *read.after)
            if hiding is not None:
                hidden = True  # (the answer may have begun inside that string: nothing after it is taken)
                if standing is None and opened is None or not _stands(hiding, near, opened, standing):
                    break
                pos = max(hiding[1].end if hiding[1].ok else read.end, i + 1)
                continue
            if not hidden:
                shut.extend(read.closers)
                if read.after[0] >= 0:  # right after a string: a quote inside it may have ended it
                    on = _quoted_on(text, read.end)
                    if on == -1:  # the text ends inside that string: nothing after is outside it
                        if opened is not None:
                            opened.append(i)
                        break
                    if on >= 0:
                        pos = on
                        continue
        pos = max(read.end, i + 1)
    return found


_WS = re.compile(r"[ \t\n\r]*")
_REGION = re.compile(r'["{}\[\]]')  # what the scan reads after a failed value: strings and brackets
_OPENER = re.compile(r"[{\[]")
# a string's body read to its closing quote (``strict=False``: any character but a quote or
# a backslash; a backslash takes the character after it, an escape the decoder reads or
# not): one way to match each character, so it never backtracks
_STRING_BODY = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*', re.S)
# ...and with the escapes the decoder reads only (RFC 8259 §7)
_VALID_BODY = re.compile(r'[^"\\]*(?:\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\]*)*')
_SCALAR = re.compile(r"null|true|false|NaN|Infinity|-Infinity|-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")


def end_of_value(text: str, i: int) -> int:
    """Where the decode of the value at *i* ends or fails (the decoder's ``end`` or
    ``JSONDecodeError.pos``), read without recursion (a value nested deeper than the
    decoder reads is skipped whole as a failed one is), a string read to its closing
    quote whatever its escapes: where the decoder refuses an escape, the value read on
    as if it took it (``_value_end``). One pass, no stack frame per level."""
    return value_end(text, i)[1]


def value_end(text: str, i: int) -> Tuple[bool, int]:
    """``end_of_value``, and whether the value's brackets, strings and members all stand
    (the decode succeeds unless a string holds an escape the decoder refuses, an integer
    has more than 4300 digits or the nesting passes the recursion limit): also read
    where many decodes failed, since the decoder's error counts the lines of the text
    before the failure (``JSONDecodeError.lineno``: a text of many openers that fail, such
    as LaTeX's ``\\frac{1}{2}``, cost a read of the text per opener)."""
    return _value_end(text, i)[:2]


class _Read(NamedTuple):
    """What ``_value_end`` read of the value at an opener."""

    ok: bool  # its brackets, strings and members all stand
    end: int  # where it ends, or fails
    cut: bool  # it failed in a string the text ends in
    refused: bool  # a string of it holds an escape the decoder refuses: no decode reads it
    closers: Tuple[str, ...]  # where it failed: the closers of its brackets open, the innermost last
    after: Tuple[int, int]  # it failed right after this string (its quote, the end past its closing quote)


def _value_end(text: str, i: int) -> _Read:
    """``value_end``, and whether it failed in a string the text ends in (the decoder's
    "Unterminated string", which fails at the string's opening quote as a missing ``:`` or
    ``,`` before a string does; also a string whose escape the text cuts, ``"caf\\u00e``,
    which the decoder calls an invalid escape), whether a string of it holds an escape the
    decoder refuses, and where it failed, how many brackets were open and the string right
    before the failure, blanks aside (``_scan``)."""
    closers: List[str] = []
    pos, state = i, "value"
    refused = False
    last = (i, i)  # the last string read: its quote and the position after its closing quote

    def failed(at: int, cut: bool = False) -> _Read:
        after = last if last[1] > last[0] and _ws(text, last[1]) == at else (-1, -1)
        return _Read(False, at, cut, refused, tuple(closers), after)

    while True:
        if state == "value":
            c = text[pos : pos + 1]
            if c in ("{", "["):
                closers.append("}" if c == "{" else "]")
                pos = _ws(text, pos + 1)
                if text.startswith(closers[-1], pos):
                    closers.pop()
                    pos, state = pos + 1, "after"
                elif c == "{":
                    state = "key"
                continue
            if c == '"':
                end, bad = _string_end(text, pos)
                refused = refused or bad
                if end < 0:
                    return failed(pos, True)
                last = (pos, end)
                pos, state = end, "after"
                continue
            m = _SCALAR.match(text, pos)
            if m is None:
                return failed(pos)  # Expecting value
            pos, state = m.end(), "after"
        elif state == "key":
            if not text.startswith('"', pos):
                return failed(pos)  # Expecting property name enclosed in double quotes
            end, bad = _string_end(text, pos)
            refused = refused or bad
            if end < 0:
                return failed(pos, True)
            last = (pos, end)
            pos = _ws(text, end)
            if not text.startswith(":", pos):
                return failed(pos)  # Expecting ':' delimiter
            pos, state = _ws(text, pos + 1), "value"
        else:  # after a value
            if not closers:
                return _Read(True, pos, False, refused, (), (-1, -1))
            pos = _ws(text, pos)
            if text.startswith(closers[-1], pos):
                closers.pop()
                pos += 1
                continue
            if not text.startswith(",", pos):
                return failed(pos)  # Expecting ',' delimiter
            pos = _ws(text, pos + 1)
            state = "key" if closers[-1] == "}" else "value"


_QUOTED = re.compile(r'["\\{}\[\]]')


def _quoted_on(text: str, at: int) -> int:
    """Where a string a value failed right after (at *at*, no quote) ends when the quote
    that ended it was written unescaped inside it (``"He said "use [1, 2]" here"``): the
    text from *at* to the next quote is taken as that string's (its brackets balanced,
    each closer closing an opener read there, none left open) and that quote as the inner
    quote's pair, the string running on to the quote after it, and again while what
    follows that quote (blanks aside) is no ``,``, ``:``, ``}`` or ``]`` (another pair);
    past that quote, or -1 when the text ends first (more text may end it), or -2 when
    the text up to the next quote is no string's (a closer of the value's own, an opener
    left open: ``{"a": "x" y} {"b"``, or a quote at *at*). Reads the text once."""
    last = -2
    while not text.startswith('"', at):
        opened: List[str] = []
        pos = at
        while True:
            m = _QUOTED.search(text, pos)
            if m is None:
                return -1
            c, pos = m.group(), m.end()
            if c == "\\":
                pos += 1
            elif c in "{[":
                opened.append("}" if c == "{" else "]")
            elif c in "}]":
                if not opened or opened.pop() != c:
                    return last
            elif opened:
                return last
            else:
                break
        last = _string_end(text, m.start())[0]
        at = _ws(text, last)
        if last < 0 or at >= len(text) or text[at] in ",:}]":
            return max(last, -1)
    return last


def _hides_value(text: str, quote: int, end: int) -> Optional[Tuple[int, _Read]]:
    """The value read from a ``{`` or ``[`` inside the string from *quote* to *end* (past
    its closing quote), as if its opening quote were prose (a stray ``["``), that reaches
    that closing quote (a value that may hold what follows the string): its opener and
    read, or ``None``. Its openers are read as the scan reads them, each from where the
    last read ended, so each character of the string is read about once."""
    close = end - 1
    m = _OPENER.search(text, quote + 1, close)
    while m is not None:
        read = _value_end(text, m.start())
        if read.cut or read.end > close or (read.end == close and not read.ok):  # (ending at the quote: not)
            return m.start(), read
        m = _OPENER.search(text, max(read.end, m.start() + 1), close)
    return None


def _stands(hiding: Tuple[int, _Read], near: int, opened: Optional[List[int]],
            standing: Optional[List[Tuple[int, int]]]) -> bool:
    """After the candidates ended at a value begun inside a string (``_hides_value``):
    whether the scan reads on past it. A value that stands there is the span of one
    (``_think.KeptSpans``: a think tag in a string of it stays); one the text ends inside
    is open (``open_value``: more text may make it stand; also one that failed at or past
    *near*), and nothing after it is read."""
    at, read = hiding
    if read.cut or (opened is not None and not read.ok and read.end >= near):
        if opened is not None:
            opened.append(at)
        return False
    if read.ok and standing is not None:
        standing.append((at, read.end))
    return True


def _ws(text: str, pos: int) -> int:
    m = _WS.match(text, pos)
    return m.end() if m else pos


def _string_end(text: str, quote: int) -> Tuple[int, bool]:
    """After the closing quote of the string opening at *quote*, or -1: the text ends
    inside it (or right after a backslash in it); and whether it holds an escape the
    decoder refuses (RFC 8259 §7 allows ``\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX``). Each
    character read once: the escapes allowed, then on past the first refused one."""
    m = _VALID_BODY.match(text, quote + 1)
    end = m.end() if m else quote + 1
    if end < len(text) and text[end] == '"':
        return end + 1, False
    refused = end < len(text) - 1  # a backslash with a character after it
    m = _STRING_BODY.match(text, end)
    end = m.end() if m else end
    return (end + 1 if end < len(text) and text[end] == '"' else -1), refused


def extract_json(text: str, accept: Optional[Callable[[Any], bool]] = None) -> Tuple[bool, Any, List[Candidate]]:
    """``(found, value, candidates)``: the last candidate *accept* takes.

    Fenced blocks are preferred over scanned candidates. Without *accept* the last
    candidate wins. ``found`` is ``False`` when nothing was accepted.
    """
    cands = candidates(text)
    fenced = [c for c in cands if c.how in ("whole", "fence")]
    for group in (fenced, [c for c in cands if c.how == "scan"]):
        for cand in reversed(group):
            if accept is None or accept(cand.value):
                return True, cand.value, cands
    return False, None, cands
