"""Strings read after a failed value (``_json_extract._scan``): where a quote written
inside a string may have ended it (``quoted_on``), which of those readings are in doubt
(``doubt``), where a failed value was given up at a string (``given_up``), and where a
value may have begun inside a string (``hides_value``). Each reads the text it covers
once."""

from __future__ import annotations

import re
from typing import List, Optional, Set, Tuple

from ._json_link_refs import link_definition
from ._json_value_end import _Read, _string_end, _value_end, _ws

__all__ = ["given_up", "goes_on", "goes_on_after", "hides_value", "in_doubt", "quoted_on", "stands"]

_OPENER = re.compile(r"[{\[]")
_QUOTED = re.compile(r'["\\{}\[\]]')
_LINE_END = re.compile(r"[\n\r]")
_ASSIGN = re.compile(r"[ \t]*[A-Za-z_][A-Za-z0-9_.]*[ \t]*=")  # (disjoint classes in turn: no backtracking)
_ANNOUNCING = ("answer", "result", "final")  # an assignment to one announces the reply's value (``Answer =``)
_KEYWORDS = ("await", "new", "yield", "not", "lambda")  # a first word that makes what follows code


def quoted_on(text: str, at: int) -> int:
    """Where the text that a string a value failed right after (at *at*, no quote) ran on
    with ends, when the quote that ended it was written unescaped inside it (``"He said
    "use [1, 2]" here"``): the next quote, the text to it taken as that string's when its
    brackets balance there (each closer closing an opener read there, none left open);
    the string then runs on from that quote to the one after it (the scan reads it as a
    string, ``_scan``). -1 when the text ends first (more text may end it), -2 when the
    text up to the next quote is no string's (a closer of the value's own, an opener left
    open: ``{"a": "x" y} {"b"``, or a quote at *at*). Reads the text to that quote once."""
    if text.startswith('"', at):
        return -2
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
                return -2
        else:
            return -2 if opened else m.start()


def in_doubt(text: str, quote: int, on: int, doubt: Set[int]) -> Tuple[int, int]:
    """A string that ran on (``quoted_on``) from *quote* on to the quote at *on* (or
    -1): its quote joins *doubt* when it stands where no string of a value could (after
    neither ``{`` ``[`` ``,`` nor ``:``, blanks aside: a quoted word of prose); the scan
    adds it too when the string it runs on to has no delimiter after it. Where the failed
    value is open at the text's end, the strings in doubt are read again as plain strings
    (``_scan``). Returns ``(quote, on)``."""
    k = quote
    while k > 0 and text[k - 1] in " \t\n\r":
        k -= 1
    if k == 0 or text[k - 1] not in "{[,:":
        doubt.add(quote)
    return quote, on


def hides_value(text: str, quote: int, end: int) -> Optional[Tuple[int, _Read]]:
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


def stands(hiding: Tuple[int, _Read], near: int, opened: Optional[List[int]],
            standing: Optional[List[Tuple[int, int]]]) -> bool:
    """After the candidates ended at a value begun inside a string (``hides_value``):
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


def given_up(text: str, quote: int) -> bool:
    """Whether the failed value was given up at the string opening at *quote*: a line
    break follows it, blanks aside, where a model writes a line break in a JSON string as
    ``\\n`` (RFC 8259 §7 allows no raw control character there), and the line after it is
    the reply's, not the string's: not when the string went on past its quote
    (``goes_on``), nor when it holds a raw line break itself (that model writes them) and
    the line after the break may be the string's (``_string_line``: ``"line one`` + line
    break + ``line two"`` + line break + ``[1, 2]``, ``- item`` or, after lines of code,
    ``x = [7]``; a line of prose, ``Final: [3, 4]`` or ``* Final: [5]``, is the reply's,
    and so is an assignment to ``Answer``, ``Result`` or ``Final``, any case, but of a
    call (``result = sorted([3, 6])``), unless the string ends in ``=``: ``{"code": "x =
    1\\ny = 2"`` + line break + ``Answer = [5, 8]`` or ``Answer = `[5, 8]```).
    ``_scan`` then takes the text past it as prose."""
    end = _string_end(text, quote)[0]
    k = end if end < 0 else _ws(text, end)
    if end < 0 or not any(c in "\n\r" for c in text[end:k]):
        return False
    raw = "\n" in text[quote + 1:end - 1] or "\r" in text[quote + 1:end - 1]
    return not (raw and _string_line(text, k, quote + 1, end - 1)) and not goes_on(text, quote)


def _string_line(text: str, at: int, start: int, end: int) -> bool:
    """Whether the line from *at* may be a line of the string ``text[start:end]`` (its
    raw line breaks kept), cut before it: it opens a value (``[1, 2]``, ``"b"``); or a list
    item (``- [5]``, ``2. Send``) unless the item announces its value (``* Final: [5]``,
    ``- The answer is [4]``: ``_announces``); or it assigns (``x = [7]``) where a line of
    the string does (``a = 1``: lines of code). Prose (``Final: [3, 4]``, ``**Final:**``,
    ``: done``, ``Note "spec"``), an assignment to ``Answer``, ``Result`` or ``Final``
    (any case) after a string not ending in ``=``, its value in any wrapper (``Answer =
    `[5, 8]```, ``**[7]**``, ``'[1]'``, on the next line) but a call (``result =
    sorted([3, 6])``: a name, then ``(``, is code; review revJsonx3: requiring ``{`` or
    ``[`` right after the ``=`` lost 362 of 1,183 wrapped answers), and the text's end
    are the reply's. Reads that line and, for an assignment, the string once."""
    digits = at
    while digits < len(text) and digits - at < 9 and text[digits].isdigit():
        digits += 1  # (an ordered list item's number, CommonMark 0.31.2 §5.2: ``2. Send``)
    if text.startswith(("{", "[", '"'), at):
        return True
    if text.startswith(("- ", "* ", "+ "), at) or digits > at and text.startswith((". ", ") "), digits):
        item = (digits if digits > at else at) + 1
        return not _announces(text, item)
    m = _ASSIGN.match(text, at)
    if m is None or m.end() >= len(text) or text[m.end()] == "=":
        return False
    if text[at:m.end() - 1].strip(" \t").casefold() in _ANNOUNCING and not _code(text, m.end()) \
            and not text[start:end].rstrip(" \t").endswith("="):
        return False  # (``Answer = [5, 8]``: announced, as by ``Answer:``; not after a string cut at ``s = ``)
    return _assigns(text, start, end)


def _code(text: str, at: int) -> bool:
    """Whether what follows an assignment's ``=`` at *at* (blanks, line breaks aside) is
    code, no value announced: a name (identifier characters, ``$``) right before ``[``,
    ``(``, ``!``, ``<`` or ``.`` (``x[0]``, ``f<T>([1])``, ``vec![1, 2]``, ``$([1])``), or
    before ``(`` or an operator after blanks (``sorted`` + line break + ``([3, 6])``, ``x +
    [1]``); a keyword (``await``, ``new``, ``yield``, ``not``, ``lambda``); an operator
    first (``-[1]``, ``+[1]``, ``(1, [2])``; ``->`` is an arrow). Words (``the list
    [2,5]``), backticks, ``**``, quotes and parentheses (``([1, 9])``) are the value's
    wrappers (review revJsonx4: a call the only code, 862 of 908 code shapes handed back
    a value). Reads blanks, one name and the blanks after it once."""
    n = len(text)
    k = at
    while k < n and text[k] in " \t\n\r\u00a0":
        k += 1
    if k >= n:
        return False
    c = text[k]
    if c == "(":  # (``([1, 9])``: a value in parentheses, announced; ``(1, [2])`` a tuple)
        k += 1
        while k < n and text[k] in " \t\n\r":
            k += 1
        return not text.startswith(("[", "{"), k)
    if c == "+" or c == "-" and not text.startswith("->", k):
        return True
    if not (c.isalpha() or c in "_$"):
        return False
    e = k + 1
    while e < n and (text[e].isalnum() or text[e] in "_$"):
        e += 1
    if text[k:e] in _KEYWORDS or e < n and text[e] in "[(!<.":
        return True
    while e < n and text[e] in " \t\n\r":
        e += 1
    return e < n and text[e] in "(+-*/%|&^=<>?" and not text.startswith("->", e)


def _announces(text: str, at: int) -> bool:
    """Whether the line from *at* (a list item's text) announces a value on it: the text
    before its first ``{`` or ``[`` ends with ``:`` (``Final:``, ``**Answer:**``) or the
    word ``is`` or ``are``, blanks and ``*`` aside. Reads the line once."""
    stop = _LINE_END.search(text, at)
    line = text[at:len(text) if stop is None else stop.start()]
    cut = min((i for i in (line.find("{"), line.find("[")) if i >= 0), default=-1)
    if cut <= 0:
        return False
    lead = line[:cut].rstrip(" \t*")
    return lead.endswith(":") or lead.endswith((" is", " are")) or lead in ("is", "are")


def _assigns(text: str, start: int, end: int) -> bool:
    """Whether a line of ``text[start:end]`` (a string's text) opens with an assignment
    (``a = 1``): the string holds lines of code. Reads it once."""
    at = start
    while at < end:
        m = _ASSIGN.match(text, at, end)
        if m is not None and (m.end() >= end or text[m.end()] != "="):
            return True
        stop = _LINE_END.search(text, at, end)
        if stop is None:
            return False
        at = stop.end()
    return False


def goes_on_after(text: str, start: int, end: int) -> bool:
    """Whether a structure goes on after the value ending at *end*, past the value given
    up (``given_up``): ``,`` or ``:`` then, blanks aside, ``{``, ``[`` or a string a
    delimiter follows (``[5], "k": 1``, ``[1, 2], ")", "``), or a string the text ends
    in (``[5], "k``), or one with no blank in it that ends the text after a value (from
    *start*) that opens its line (``[5], "k"``; not ``[9],`` + line break + ``"Hope this
    helps!"``, nor a value the line before announces, ``Answer:`` + line break + ``[8],
    "done"``: ``_announced``): that value is an item of it, no answer. Prose after the ``,``
    or ``:`` (``[3, 4], as requested.``, ``Use [3, 4], "done"``) leaves it the answer.
    Reads the blanks, that one string and the blanks before the value."""
    k = _ws(text, end)
    if not text.startswith((",", ":"), k):
        return False
    k = _ws(text, k + 1)
    if text.startswith(("{", "["), k):  # (a link reference definition's label no item, ``_json_link_refs``:
        stop = _LINE_END.search(text, k)  # ``[a]`` no value either)
        close = text.find("]", k, len(text) if stop is None else stop.start())
        return not link_definition(text, k, close + 1 if close > k else _value_end(text, k).end)
    if not text.startswith('"', k):
        return False
    close = _string_end(text, k)[0]
    if close < 0 or (_ws(text, close) >= len(text) and _opens_line(text, start) and not _blank_in(text, k, close)
                     and not _announced(text, start)):
        return True  # (a string cut at the text's end, or a word ending it after a value that opens its line)
    return text.startswith((",", ":", "}", "]"), _ws(text, close))


def _blank_in(text: str, start: int, end: int) -> bool:
    """Whether a blank is in ``text[start:end]`` (a quoted phrase: ``"as requested"``)."""
    return any(c in text[start:end] for c in " \t\n\r")


def _announced(text: str, at: int) -> bool:
    """Whether the line before the one *at* opens (blank lines aside) ends with a word
    and ``:`` (``Answer:``, ``**Final:**``): it announces the value at *at*. Reads the
    blanks and ``*`` before *at* and the two characters before them."""
    k = at
    while k > 0 and text[k - 1] in " \t\n\r*":
        k -= 1
    return k > 1 and text[k - 1] == ":" and text[k - 2].isalnum()


def _opens_line(text: str, at: int) -> bool:
    """Whether only blanks come before *at* on its line."""
    k = at
    while k > 0 and text[k - 1] in " \t":
        k -= 1
    return k == 0 or text[k - 1] in "\n\r"


def goes_on(text: str, quote: int) -> bool:
    """Whether the string opening at *quote* (closed) went on past the quote that ends
    it, that quote written inside it: a character right after it, neither a blank nor
    ``,`` ``:`` ``}`` ``]`` (``"He said "use [1, 2]``: it opens a quoted word); an escaped
    quote in it with no partner (``"He said \\"yes"``: that quote its partner; ``_unpaired``);
    or the next quote closing it, ``,`` ``}`` ``]`` or the text's end after it (``"He said
    \\"yes"`` + line break + ``then [1, 2]"}``). A value read past that quote is then the
    string's: no answer given after a value given up (``_scan``). Reads the string and
    the text to that next quote once."""
    end = _string_end(text, quote)[0]
    n = len(text)
    if end < 0 or end < n and (text[end].isalnum() or text[end] in "[{(") or _unpaired(text, quote + 1, end - 1):
        return end >= 0
    on = _string_end(text, end - 1)[0]  # (the string read on from that quote to the next one)
    after = n if on < 0 else _ws(text, on)
    return on >= 0 and (after >= n or text[after] in ",}]")


def _unpaired(text: str, start: int, end: int) -> bool:
    """Whether an escaped quote in ``text[start:end]`` has no partner: an odd number of
    them, none of them an inch mark (a ``\\"`` right after a digit, no partner wanted:
    ``15\\"``, ``5'11\\"``). One is where an even number come before it (no quote is open
    there), or where the others then pair, each opening quote (after a blank or the
    string's start, before a character) closed by the next (after a character, before a
    blank, punctuation or the string's end): ``the \\"12\\" pipe\\" leaks`` (an inch mark
    in a quoted phrase) pairs, ``Use \\"v2\\" not \\"yes`` does not (its ``2\\"`` closes
    ``\\"v2``). Reads the string once."""
    quotes: List[int] = []
    at = text.find('\\"', start, end)
    while at >= 0:
        if text[at - 1].isdigit() and len(quotes) % 2 == 0:
            return False  # (an even number before it: an inch mark, no quote open there)
        quotes.append(at)
        at = text.find('\\"', at + 2, end)
    if len(quotes) % 2 == 0:
        return False
    roles = [_role(text, q, start, end) for q in quotes]
    ok_after = [True] * (len(roles) + 1)  # (each from *k* on in its place once one before it is dropped)
    for k in range(len(roles) - 1, -1, -1):
        ok_after[k] = ok_after[k + 1] and roles[k] == (k - 1) % 2
    ok_before = True  # (each before *k* in its place)
    for k, q in enumerate(quotes):
        if ok_before and ok_after[k + 1] and text[q - 1].isdigit():
            return False  # (an inch mark the others pair around)
        ok_before = ok_before and roles[k] == k % 2
    return True


def _role(text: str, at: int, start: int, end: int) -> int:
    """The escaped quote at *at* (its backslash): 0 where it opens a quote (after a blank,
    ``(`` or the string's start, before a character), 1 where it closes one (after a
    character, before a blank, punctuation or the string's end), else -1."""
    before = text[at - 1] if at > start else " "
    after = text[at + 2] if at + 2 < end else " "
    if before in " \t\n\r([{":
        return 0 if after not in " \t\n\r" else -1
    return 1 if after in " \t\n\r.,;:!?)]}" else -1
