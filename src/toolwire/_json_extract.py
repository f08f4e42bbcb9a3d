"""JSON out of model text: fenced blocks first, then candidates found by a real decoder.

The rules (``reference/structured-output.md`` §G.2 item 9, checked 2026-11-30): take
the provider's parsed output when there is one (the caller does that), else the
contents of fenced code blocks, else every ``{``/``[`` position decoded with
``json.JSONDecoder.raw_decode`` (``strict=False``, so a literal newline inside a string
parses); the **last** candidate that passes the caller's check wins (``_json_answer``). Never "from the
first ``{`` to the last ``}``", which breaks on prose containing braces. ``NaN``,
``Infinity`` and ``1e400`` are read as the decoder reads them (floats no JSON text can
carry); the caller's check refuses them wherever they sit (``schema/_json_numbers.py``).
A link reference definition's label (``[1]: https://…``) is no candidate (``_json_link_refs``).

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
a think tag in one of their strings stays), the value begun in that string among them.

A quote written unescaped inside a string ends it for the decoder (``"He said "use [1,
2]" here"``): where a value fails right after a string, or a string read after a failed
value has no delimiter after it, the text to the next quote (its brackets balanced) and
on to the quote after it is taken as that string's (``quoted_on``), and a value read
in a string that ran on so that a quote follows is quoted, no candidate: nothing written
inside is an answer. Where that reading leaves the failed value's brackets open when
the text ends, the strings that ran on in prose (``in_doubt``: a quoted word after
``{"a": 1]``) are read again as plain strings (``_scan``); a string of the value's own
keeps the reading (a cut answer gives nothing from it). Where the candidates ended at a
string a value may have begun in and the answer may be past it (``_lost``), no value
before it is the last: there is none; so too where a string of a failed value left open
ran on (``{"b": 2, "c" Final: [3, 4]``: to the text's end, or its run ending there or
before ``,`` or ``:``) or hid a value a blank and a quote follow, and the text read past it
as prose gives another last value (JSON-equal: the same one, unless that string went on
past its quote, ``goes_on``). Given up, the one reading (``given_up``): a value that
failed at a string a line break follows, the next line the reply's, not the string's;
the text past it read as prose is the reading, no value before it (a draft, or an answer
a broken correction supersedes: ``Final: [6]`` + ``I meant {"a": "x`` + line break +
``y"`` + line break + ``and that is final.``) the answer; two different values past it,
no citations (``uncited``), give none.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import AbstractSet, Any, Callable, List, Optional, Set, Tuple

from ._json_answer import answer_of
from ._json_equality import same
from ._json_fences import _JSON_LANGS, _fences, unquoted
from ._json_ints import read_int
from ._json_link_refs import link_definition, uncited
from ._json_quotes import given_up, goes_on, goes_on_after, hides_value, in_doubt, quoted_on, stands
from ._json_value_end import _Read, _string_end, _value_end, _ws, end_of_value
from ._repeats import first_repeat

__all__ = ["Candidate", "answer_of", "candidates", "end_of_value", "extract_json", "open_json", "open_value"]

_DECODER = json.JSONDecoder(strict=False, parse_int=read_int)
_QUICK_FAILS = 32  # failed decodes before each opener is read by ``value_end`` first
_REGION = re.compile(r'["{}\[\]]')  # what the scan reads after a failed value: strings and brackets


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
            if body.startswith(">"):  # a fence in a block quote: its lines' ``>`` are no JSON (``unquoted``)
                try:
                    value = json.loads(unquoted(body), strict=False, parse_int=read_int)
                except (ValueError, RecursionError):
                    continue
                out.append(Candidate(value, start, end, "fence"))
    out.extend(_scan(text, standing=standing))
    return out


_NEAR_END = 10  # a decode failed this near the text's end may want more text (``-Infinity``: 9, or a number)


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
    opener whose decode failed for want of more text (at or near the end of *text*, in a
    string the text ends in, or one a quote written inside may have ended, ``quoted_on``:
    where it runs on, or the text's end when its failed value is still open), or -1
    (``open_json`` without its fences; ``stream._think_read`` waits on that value's end)."""
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
    string read after a failed value, end the candidates (``hides_value``: a stray ``["``
    in the prose, or a quote the failed value left open, the answer begun inside that
    string, what follows inside the answer); with *opened* or *standing*, the scan reads
    on from each opener (those quotes may be prose), every value it reads then no
    candidate but standing. With *opened* (``open_json``), the scan stops at *until* or
    at the first decode that failed for want of more text, whose opener it adds to *opened*; with
    *standing*, it adds the span of each value it skips whole (``candidates``). After a
    failure right after a string, or a string of a failed value no delimiter follows, a
    quote written inside it may have ended it (``quoted_on``): the scan goes on past the
    quote that ends it then, or stops where the text ends first (with *opened*, the
    failed value is open: more text may change what it holds). Where that reading leaves
    the failed value open at the end of the text (its brackets never close), the text is
    read again with the strings in doubt (``in_doubt``: a quoted word of prose) read as plain
    strings (``_pass``). Where the value is still open then and a string of it ran on (to
    the text's end, its run ending there or before ``,`` ``:``), or a value was quoted with
    a blank before its quote (*weak*: ``{"b": 2, "c" Final: [3, 4]``), the text is read
    once more with those strings plain: past the failed value, the reading where it was given
    up at the first of them or at the string it failed after, run in doubt (``given_up``;
    none for two
    different values past it);
    else none where it gives another last value (``same``; by start where that string
    ``goes_on``). Three reads, ``_lost`` one more, so linear; with *standing*, the spans of
    the values each reading takes, whatever ``_lost`` and the weak runs say."""
    mark = len(standing) if standing is not None else 0
    found, doubted, weak, failed_at = _pass(text, until, opened, standing, frozenset())
    if opened is not None:
        return found
    known = (-1, False)  # (a quote ``given_up`` read, and what it gave: read once)
    if doubted:
        if standing is not None:
            del standing[mark:]
        at, own = failed_at, _value_end(text, failed_at).after[0]  # (given up at the string it failed
        found, _, weak, failed_at = _pass(text, until, opened, standing, doubted)  # after, its run in doubt)
        known = (own, given_up(text, own)) if own in doubted else known
        weak, failed_at = ({own} | set(weak), at) if known[1] else (weak, failed_at)
    if weak and standing is None:  # (a run that may hide the answer: read as prose, ``weak``)
        first = min(weak)
        if known[1] if first == known[0] else given_up(text, first):
            # given up: the text past it read as prose, from where the value failed (the readings agree before
            # it); no value before it is the answer (review revJsonx2: one announced before a value a sentence
            # quotes was a superseded answer, 202 of 555); none where a structure goes on after the last or two
            # different values past it are no citations
            kept = _pass(text, until, None, None, doubted | weak, failed_at, True)[0]
            kept = [c for c in kept if c.start > failed_at]
            told = uncited(text, kept)  # (``Ответ: [3] [1]``, a note's ``[2]`` after the answer)
            return [] if kept and goes_on_after(text, kept[-1].start, kept[-1].end) or any(
                not same(c.value, told[-1].value) for c in told) else kept
        plain = _pass(text, until, None, None, doubted | weak, 0, True)[0]
        if bool(plain) != bool(found) or plain and (  # (different last values: none is known)
            plain[-1].start != found[-1].start if goes_on(text, first) else not same(plain[-1].value, found[-1].value)
        ):
            return []
    return found


def _pass(
    text: str, until: int, opened: Optional[List[int]], standing: Optional[List[Tuple[int, int]]],
    plain: AbstractSet[int], start: int = 0, probe: bool = False,
) -> Tuple[List[Candidate], AbstractSet[int], AbstractSet[int], int]:
    """One read of ``_scan``, the strings whose quotes are in *plain* read without
    ``quoted_on``; and, when the text ends with the failed value that reading used
    ``quoted_on`` in open, the quotes of its strings that ran on in doubt (``doubt``), of
    those whose reading only the text's end, a blank, ``,`` or ``:`` confirms (``weak``),
    and where that value begins (else -1)."""
    found: List[Candidate] = []
    pos, n = start, len(text)
    near = n - _NEAR_END
    failed = 0  # decodes that failed: past ``_QUICK_FAILS``, an opener is read by ``value_end`` first
    shut: List[str] = []  # closers of failed values' brackets still open: while any is, strings are read as strings
    failed_at = 0  # where the failed value whose brackets ``shut`` began with opens
    hidden = False  # a value may have begun inside a string read: no candidate after it, spans still found
    inside = -1  # past a string of the failed value (its quote) with no delimiter after it, no quote since
    ran = -1  # where the failed value begins that a string of ran on in (``quoted_on``)
    doubt: Set[int] = set()  # quotes of strings that ran on where no value's string could (``in_doubt``)
    runs = (-1, -1)  # the last string that ran on: its quote, and the quote it runs on from
    weak: Set[int] = set()  # quotes of runs the text's end, a blank, `,` or `:` confirms (``_scan``)
    lost = -1  # past the string the candidates ended at (-2: a value begun in it stands): ``_lost``
    brace, bracket = text.find("{", pos), text.find("[", pos)

    def run_on(quote: int, at: int) -> int:
        """``quoted_on`` for the string at *quote* a failed value's text goes on after at
        *at* with no delimiter: where it ran on records the failed value (``ran``), the
        string (``runs``, ``doubt``) and, where it did not, the string a value a quote
        follows would be quoted in (``inside``)."""
        nonlocal ran, runs, inside
        on = quoted_on(text, at)
        if on != -2:
            ran, runs = failed_at, in_doubt(text, quote, on, doubt)
        inside = quote if on == -2 else -1
        if on == -1:
            weak.add(quote)
        return on

    while pos < n:
        if shut:
            m = _REGION.search(text, pos)
            if m is None:
                break
            i = m.start()
            if text[i] == '"':
                inside = -1
                pos = _string_end(text, i)[0]
                after = n if i != runs[1] or pos < 0 else _ws(text, pos)
                if i == runs[1] and after < n and text[after] not in ',:}]':
                    doubt.add(runs[0])  # (a string that ran on with no delimiter after its end: prose)
                elif i == runs[1] and (after >= n or text[after] in ',:'):  # (...or the text's end, `,` or
                    weak.add(runs[0])  # `:`, no closer: the run may hide the answer, ``_scan``)
                if pos < 0:
                    break  # the text ends in the string
                hiding = None if hidden else hides_value(text, i, pos)
                if hiding is not None:
                    hidden = True  # a value may have begun inside it, holding what follows: its quotes
                    lost = -2 if hiding[1].ok else pos  # may be prose, each opener is read again
                    if standing is None and opened is None:
                        break
                    shut.clear()
                    if not stands(hiding, near, opened, standing):
                        break
                    if hiding[1].ok:  # (the scan reads on past the value that stands)
                        pos = max(pos, hiding[1].end)
                    continue
                k = _ws(text, pos)
                if k < n and text[k] not in ',:}]"' and i not in plain:
                    on = run_on(i, k)  # no delimiter after it: a quote inside it may have ended it
                    if on == -1:  # (its read may still change with more text: where the run begins)
                        if opened is not None:
                            opened.append(k)
                        break
                    if on >= 0:
                        pos = on
                continue
            if text[i] in "}]":
                if text[i] == shut[-1]:  # a closer of another kind closes nothing of the failed value
                    shut.pop()
                    if not shut:
                        inside = -1
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
            return found, frozenset(), frozenset(), -1
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
            else:  # (a value a quote follows, in a string of a failed value that ran on, is quoted:
                # ``"see "{"k": 3}" ok"``)
                quote = inside >= 0 and shut and text.startswith('"', _ws(text, end))
                if quote:
                    ran, runs = failed_at, in_doubt(text, inside, -1, doubt)
                    if not text.startswith('"', end):  # (blanks before the quote: prose may follow
                        weak.add(inside)  # the value, ``_scan``)
                if not (hidden or quote or link_definition(text, i, end)):  # (no link label either)
                    found.append(Candidate(value, i, end, "scan"))
                elif standing is not None:
                    standing.append((i, end))
                inside = -1
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
            hiding = None if read.after[0] < 0 else hides_value(text, *read.after)  # (once the candidates
            if hiding is not None:  # ended too: the span of the value begun in that string, ``stands``)
                hidden = True  # (the answer may have begun inside that string: nothing after it is taken)
                lost = -2 if hiding[1].ok else read.after[1]
                if standing is None and opened is None or not stands(hiding, near, opened, standing):
                    break
                shut.clear()  # (its quotes may be prose: each opener is read again)
                pos = max(hiding[1].end if hiding[1].ok else read.end, i + 1)
                continue
            if not hidden:
                if not shut:
                    failed_at = i
                shut.extend(read.closers)
                if read.after[0] >= 0 and read.after[0] not in plain:  # right after a string: a quote
                    on = run_on(read.after[0], read.end)  # inside it may have ended it
                    if on == -1:  # the text ends inside that string: nothing after is outside it
                        if opened is not None:
                            opened.append(i)
                        break
                    if on >= 0:
                        pos = on
                        continue
        pos = max(read.end, i + 1)
    if lost != -1 and opened is None and standing is None and not probe and _lost(text, lost):
        return [], frozenset(), frozenset(), -1  # the answer may be past the string the candidates ended at
    if not (shut and ran == failed_at and not hidden):
        return found, frozenset(), frozenset(), -1
    if opened is not None and not opened:  # (the reading may change with any quote or bracket to come)
        opened.append(n)
    return found, {q for q in doubt if q >= failed_at}, {q for q in weak if q >= failed_at}, failed_at


def _lost(text: str, at: int) -> bool:
    """After the candidates ended at a string a value may have begun in (``hides_value``;
    *at* past its closing quote, or -2 when a value begun in it stands): whether the
    answer may be there, lost (a value that stands begun in it, or a candidate the scan
    finds from *at* on, that string's quotes taken as prose): then no earlier value is the
    last one, and the reply has none. One more read of the text from *at*, no deeper."""
    return at == -2 or bool(_pass(text, -1, None, None, frozenset(), at, True)[0])


def extract_json(text: str, accept: Optional[Callable[[Any], bool]] = None) -> Tuple[bool, Any, List[Candidate]]:
    """``(found, value, candidates)``: ``answer_of``'s value (``_json_answer``); ``found``
    ``False``: none, or it gives a key twice in one object (no earlier value stands in)."""
    cands = candidates(text)
    c = answer_of(text, cands, accept)
    ok = c is not None and first_repeat(text[c.start:c.end], c.value) is None
    return (True, c.value, cands) if ok and c is not None else (False, None, cands)

