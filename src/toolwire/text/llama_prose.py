"""``JSON_AFTER_PROSE`` of ``text.llama`` (``llama.py``): a JSON call after prose.

vLLM's ``llama3_json`` parser decodes a JSON value at each ``{`` of the output that is
not inside a value it already decoded ("Skip if this brace is inside a previously
parsed JSON object"), and an object with ``name`` and ``arguments`` / ``parameters``
is a call. Here, likewise:

- Each ``{`` or ``[`` in prose may open a JSON value (``Value``): its text is checked as
  JSON (RFC 8259) as it comes, one character at a time (``_advance``), and
  - where it breaks JSON with what a model writes for JSON by mistake (Python's
    ``True`` / ``None``, ``NaN``, single quotes, any escape, a trailing comma, a leading
    zero: ``_Check``), it is read on loosely as the value it still is; closed so, it is
    content as it stands (data with a ``"name"`` key too), or, call-shaped (a top-level
    ``"name"`` with ``"parameters"`` / ``"arguments"`` or ``"type": "function"``:
    ``_top``), an invalid call of exactly its text (markup quoted in it never runs, a
    call after it does); a single-quoted string that never closes, or after which it
    breaks, is an apostrophe in prose (``Value._apostrophe``), unless it never closes
    and quotes a call marker (then as a double-quoted one: the markup never runs) and
    its text up to the marker does not close the value's brackets (``_closes``:
    ``['a', 'b] then <|python_tag|>…``); a backslash escapes a ``<`` after it too (a
    marker there is one in the string);
  - where it breaks JSON (a decode error that more text cannot cure: ``{x``, ``"5"
    screen``, ``[b]``; or the loose reading's), the text from the bracket to there is
    prose, as it stands (a bracket in it opens nothing), and the reader goes on at the
    character that broke it (a ``{`` there opens a value of its own), or, where it broke
    right after a string ending in ``{`` (``{"city": "x, then {"name": …``: a call
    object's own quote closed it), at that bracket (``Value._stray``); nothing is held
    past it; but a value with a ``"name"`` key before the break (read loosely: before
    where it was first read so, or call-shaped: ``Value._named``), object or list, is an
    invalid call from its bracket to the first stop token after the break, or the end
    (after a single-quoted string: to where its brackets close, if they do first,
    ``_rest``): nothing in it (a call marker its string quotes) is ever read as a call;
  - once its brackets close it is looked at whole (``read``): a call object (``name``
    and ``parameters`` / ``arguments``, whatever the keys' order and layout; Meta's
    ``{"type": "function", "name": …}`` too) is a call, any other value is content as
    it stands, and an object inside it is never a call: a call-shaped object shown as
    data (``{"tools": [{"name": …}]}``, ``["backup", {"name": …}]``, a list of call
    objects ``[{…}]``, content as at the start) is data.
  Strings may hold raw control characters (the arguments policy reads them, its repair
  noted); anything else JSON does not allow breaks the value.
- A value still open when the text ends is a cut-off call when it holds a ``"name"``
  key (``NAME_OPEN``), content otherwise, as at the start of the output; so is one
  still open at a stop token or at a call marker (``<|python_tag|>``,
  ``<|python_start|>``, ``<function=``) outside its strings. In a string they are its
  text when the string closes and the value goes on after it (the string is the
  value's: a call's argument that quotes markup is never read as a call). Where the
  string never closes, or the value breaks right after it, its quote may be a stray one
  in prose that a real call's own quote closed: when the string is the value's first
  token (``{"note <|python_tag|>…(query="w")``) or holds stop tokens only, and the value
  has no ``"name"`` key, the first marker in it counts: the text before it is content
  and it opens its region as in prose. Otherwise (and with a ``"name"`` key: any value,
  or cut after the key) such a value, object or list, is an invalid call from its
  bracket (to the first stop token after where it broke, or the end), as a named one
  that breaks JSON: the marker may be a real call after a string that never closed
  (``"C:\\"``) or markup the value quotes; neither runs, neither is content. So is a
  value read on loosely that breaks right after a string holding ``{`` or ``[`` (a call
  object's own quote may have closed it: ``[True, "]] {"name": …}``).
- After such a call, ``;`` (with whitespace) is markup, as between the calls at the
  start (``SEMI``, read by ``llama_start.Start``).

Each character is checked once (a marker's first characters, waited for at the end of
a delta, again), the character that broke a value once more as prose, a value that
closed once more when it is read as calls (and for its top-level keys, ``_top``), and
the text after an apostrophe once more as prose (a value there opens a string only at
a quote no backslash escapes, which closed the apostrophe's string: no text is read
again twice), the text of a string ending in ``{`` from that bracket once more (the
value read there begins inside the string: the next such string is after it), an
apostrophe's text up to its marker once more (``_closes``) and a named value's rest
once (``_rest``): linear.

Sources (checked 2026-12-06): vllm-project/vllm ``vllm/tool_parsers/llama_tool_parser.py``
(``extract_tool_calls``); meta-llama/llama-models ``models/llama3_3/prompt_format.md``
("JSON based tool calling"); RFC 8259 (JSON) §2-§7.
"""

from __future__ import annotations

import re
from functools import partial

from .._args import TRUNCATING
from ._core import Mode, TextMode, TextParser
from ._kit import name_hint
from .llama_calls import NAME_OPEN, json_calls, policy_call, unclosed

__all__ = ["SEMI", "Value", "lead", "regions"]

SEMI = "llama.semi"  # TextParser.state: a JSON call after prose ended here: ";" is markup
_GAP = "llama.gap"  # TextParser.state: the content's gap before the bracket (no marker if it is content)
_AGAIN = "llama.again"  # TextParser.state: text before this (``at``) is read again: call markers count at once
_JSON = "llama.json"  # TextParser.state: where the JSON check of the value stands (``_advance``)
_FOUND = "llama.found"  # TextParser.state: per stop token, where it was last looked for (``_find``)
_SPACE = " \t\r\n"

# where the check stands: what may come next
(_VALUE, _VALUE_OR_CLOSE, _KEY_OR_CLOSE, _KEY, _COLON, _AFTER, _STR, _ESC, _HEX,
 _MINUS, _ZERO, _INT, _DOT, _FRAC, _E, _ESIGN, _EXP, _WORD, _CLOSED, _SSTR, _SESC, _NWORD) = range(22)
_NUMBER_ENDS = frozenset({_ZERO, _INT, _FRAC, _EXP})  # a number may end in these
_STRINGS = (_STR, _SSTR)
_IN_STRINGS = (_STR, _SSTR, _ESC, _SESC, _HEX)
_ESCAPES = (_ESC, _SESC, _HEX)
_WORDS = {"t": "rue", "f": "alse", "n": "ull"}
_LOOSE_WORDS = {"T": "rue", "F": "alse", "I": "nfinity"}  # (and N: None or NaN, ``_NWORD``)
_LOOSE = 2  # ``_Check.step``: taken, by the loose reading only
_STR_RUN = re.compile(r'[^"\\<]+')
_SSTR_RUN = re.compile(r"[^'\\<]+")
_SPACE_RUN = re.compile(r"[ \t\r\n]+")
_DIGITS = re.compile(r"[0-9]+")
_BRACKETS = re.compile(r"[][{}]")
_REST_MARKS = re.compile(r'[][{}"\\]')
_HEXES = "0123456789abcdefABCDEF"
_NAME_KEY = re.compile(r'"name"\s*(?::|\Z)')  # a "name" key, whatever its value, or cut after it
_KEY_END = re.compile(r"\s*(?::|\Z)")  # after a string: it is a key (or cut after one)
_TYPE_FUNCTION = re.compile(r'\s*:\s*"function"')
_ARGS = frozenset({"parameters", "arguments"})


def _top(text: str) -> tuple[bool, bool]:
    """Whether *text*, a value read on loosely (``{`` first: an object), has a top-level
    ``"name"`` key (cut after it too), and whether it is call-shaped: ``"name"`` with
    ``"parameters"`` / ``"arguments"``, or Meta's ``"type": "function"``, beside it (the
    keys of the Llama 3.1 prompt format's JSON call). One pass over *text*."""
    if text[:1] != "{":
        return False, False
    keys: set[str] = set()
    depth, i, n, function = 0, 0, len(text), False
    while i < n:
        c = text[i]
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            if depth == 1 and c == '"' and j < n and _KEY_END.match(text, j + 1):
                key = text[i + 1 : j]
                keys.add(key)
                function = function or key == "type" and _TYPE_FUNCTION.match(text, j + 1) is not None
            i = j + 1
            continue
        if c in "{[":
            depth += 1
        elif c in "}]":
            depth -= 1
        i += 1
    named = "name" in keys
    return named, named and (function or not keys.isdisjoint(_ARGS))


class _Check:
    """The JSON check of one value: its open brackets, where it stands, and (in a
    string) whether the string is a key, (in an escape) hex digits still due, (in a
    literal) the characters still due.

    Where the value breaks JSON with what a model writes for JSON by mistake (Python's
    ``True`` / ``False`` / ``None``, ``NaN``, ``Infinity``, single-quoted strings, any
    escape, a trailing comma, a leading zero), it is read on loosely (``strict`` False)
    as the value it still is; anything else breaks it."""

    def __init__(self, bracket: str) -> None:
        self.stack = [bracket]  # (a list: a bracket is pushed and popped in constant time)
        self.state = _KEY_OR_CLOSE if bracket == "{" else _VALUE_OR_CLOSE
        self.key = False
        self.due = ""
        # where the first marker is in the last string of the value that holds one (``at``
        # position), and that string: 1 open, 2 closed, 3 JSON went on after it (a string of
        # the value, not a stray quote in prose that a real call's quote closed)
        self.soft = -1
        self.watch = 0
        self.steps = 0  # characters taken one by one (not in runs)
        self.first = False  # the string open is the value's first token
        self.stray = False  # that string is the value's first token (``{"note <|python_tag|>``)
        self.quoted = False  # it holds a call marker (not only stop tokens)
        self.after_str = False  # the last character taken closed a string
        self.after_sq = False  # a single-quoted one
        self.bracket = False  # the last string holds a "{" or "[" (a call object may begin in it)
        self.strict = True  # JSON so far (False: read on loosely)
        self.loose_at = -1  # where it was first read on loosely (``at`` position)
        self.quote_at = -1  # where the last single-quoted string opened (``at`` position)
        self.broke = False  # it broke JSON with a "name" key (or a marker in a string)
        self.rest = False  # then, after an apostrophe, it ends where its brackets close (``_rest``)
        self.rest_str = False  # (``_rest``: in a double-quoted string,
        self.rest_esc = False  # after a backslash in it at the end of what had come)

    def _open(self, c: str) -> None:
        self.stack.append(c)
        self.state = _KEY_OR_CLOSE if c == "{" else _VALUE_OR_CLOSE

    def _close(self, c: str) -> bool:
        if not self.stack or self.stack[-1] != ("{" if c == "}" else "["):
            return False
        self.stack.pop()
        self.state = _AFTER if self.stack else _CLOSED
        return True

    def _value(self, c: str) -> int:
        """*c* begins a value."""
        if c in "{[":
            self._open(c)
        elif c == '"':
            self.state, self.key = _STR, False
        elif c == "-":
            self.state = _MINUS
        elif c == "0":
            self.state = _ZERO
        elif "1" <= c <= "9":
            self.state = _INT
        elif c in _WORDS:
            self.state, self.due = _WORD, _WORDS[c]
        elif c == "'":
            self.state, self.key = _SSTR, False
            return _LOOSE
        elif c in _LOOSE_WORDS:
            self.state, self.due = _WORD, _LOOSE_WORDS[c]
            return _LOOSE
        elif c == "N":
            self.state = _NWORD
            return _LOOSE
        else:
            return False
        return True

    def step(self, c: str) -> int:
        """Take the character *c* (no whitespace where whitespace is skipped, no string
        run): 1 when JSON goes on with it, ``_LOOSE`` when only the loose reading does,
        0 when neither."""
        w, s = self.watch, self.state
        self.steps += 1
        r = self._step(c)
        if w == 2 and r:
            self.watch = 3
        if self.state in _STRINGS and s not in _IN_STRINGS:  # a string opens
            self.first, self.bracket = self.steps == 1, False
        if r:
            self.after_str = s in _STRINGS and self.state not in _IN_STRINGS
            self.after_sq = self.after_str and s == _SSTR
        return r

    def mark(self, at: int, call: bool) -> None:
        """A stop token or call marker (*call*) at *at* in a string (``at`` position)."""
        if self.watch != 1:  # the first in this string
            self.soft, self.watch, self.stray, self.quoted = at, 1, self.first, call
        else:
            self.quoted = self.quoted or call

    def _step(self, c: str) -> int:  # noqa: C901 - one branch a state, as RFC 8259's grammar
        s = self.state
        if s in (_VALUE, _VALUE_OR_CLOSE):
            if c == "]" and (s == _VALUE_OR_CLOSE or self.stack[-1] == "["):
                return self._close(c) and (True if s == _VALUE_OR_CLOSE else _LOOSE)  # (_VALUE: "[1,]")
            return self._value(c)
        if s in (_KEY_OR_CLOSE, _KEY):
            if c in "\"'":
                self.state, self.key = (_STR if c == '"' else _SSTR), True
                return True if c == '"' else _LOOSE
            return c == "}" and self._close(c) and (True if s == _KEY_OR_CLOSE else _LOOSE)  # (_KEY: '{"a": 1,}')
        if s == _COLON:
            if c == ":":
                self.state = _VALUE
                return True
            return False
        if s == _AFTER:
            if c == ",":
                self.state = _KEY if self.stack[-1] == "{" else _VALUE
                return True
            return c in "]}" and self._close(c)
        if s in _STRINGS:  # (a string's other characters are skipped as a run)
            if c == ('"' if s == _STR else "'"):
                self.state = _COLON if self.key else _AFTER
                if self.watch == 1:
                    self.watch = 2
            elif c == "\\":
                self.state = _ESC if s == _STR else _SESC
            return True  # ("<" that opens no marker)
        if s == _ESC:
            if c == "u":
                self.state, self.due = _HEX, "xxxx"
                return True
            self.state = _STR
            return True if c in '"\\/bfnrt' else _LOOSE
        if s == _SESC:
            self.state = _SSTR
            return True
        if s == _NWORD:
            self.state, self.due = _WORD, ("ne" if c == "o" else "N")
            return c in "oa"
        if s == _HEX:
            if c not in _HEXES:  # ("\u" with no four hex digits: any escape is read loosely)
                self.state = _STR
                return self._step(c) and _LOOSE
            self.due = self.due[1:]
            if not self.due:
                self.state = _STR
            return True
        if s == _WORD:
            if c != self.due[0]:
                return False
            self.due = self.due[1:]
            if not self.due:
                self.state = _AFTER
            return True
        return self._number(s, c)

    def _number(self, s: int, c: str) -> int:
        digit = "0" <= c <= "9"
        if s == _MINUS:
            if c == "I":  # -Infinity
                self.state, self.due = _WORD, "nfinity"
                return _LOOSE
            self.state = _ZERO if c == "0" else _INT
            return digit
        if s == _DOT:
            self.state = _FRAC
            return digit
        if s == _E:
            if c in "+-":
                self.state = _ESIGN
                return True
            self.state = _EXP
            return digit
        if s == _ESIGN:
            self.state = _EXP
            return digit
        if digit:  # (_INT, _FRAC, _EXP: digit runs are skipped, ``_advance``)
            if s == _ZERO:  # a leading zero
                self.state = _INT
                return _LOOSE
            return True
        if c == "." and s in (_ZERO, _INT):
            self.state = _DOT
            return True
        if c in "eE" and s in (_ZERO, _INT, _FRAC):
            self.state = _E
            return True
        if s not in _NUMBER_ENDS:
            return False
        self.state = _AFTER  # the number ended: *c* is what follows it
        return c in _SPACE or self._step(c)


def _advance(chk: _Check, m: TextParser, i: int, marks: tuple[str, ...], markup: tuple[str, ...]) -> tuple[int, str]:
    """Check ``m.buf[i:]``; where it stopped and why: ``"closed"`` (after the last
    bracket), ``"broken"`` (at the character JSON cannot take, nor the loose reading),
    ``"mark"`` (at a stop
    token, in a string too, or a call marker outside strings or in text read again),
    ``"more"`` (at the end, or at a marker's first characters not all come yet). A stop
    token or call marker in a string is the string's text; where the first one is is
    noted."""
    buf, n, final = m.buf, len(m.buf), m.final
    while i < n:
        c = buf[i]
        if c == "<":
            tok = next((t for t in marks if buf.startswith(t, i)), None)
            if tok is not None:
                esc = chk.state in _ESCAPES  # (after a backslash: in the string, its "<" the escape's)
                if not esc and chk.state not in _STRINGS or m.at(i) < m.state.get(_AGAIN, 0):
                    return i, "mark"
                chk.mark(m.at(i), tok in markup)
                if not esc:
                    i += len(tok)
                    continue
            elif not final and any(n - i < len(t) and t.startswith(buf[i:n]) for t in marks):
                return i, "more"  # may still become a marker
        s = chk.state
        if s in _STRINGS:
            run = (_STR_RUN if s == _STR else _SSTR_RUN).match(buf, i)
            if run is not None:
                j = run.end()
                chk.bracket = chk.bracket or buf.find("{", i, j) >= 0 or buf.find("[", i, j) >= 0
                i = j
                continue
        elif c in _SPACE and s not in (_ESC, _SESC, _HEX, _WORD, _NWORD, _MINUS, _DOT, _E, _ESIGN):
            if s in _NUMBER_ENDS:
                chk.state = _AFTER
            i = _SPACE_RUN.match(buf, i).end()  # type: ignore[union-attr]
            continue
        elif s in (_INT, _FRAC, _EXP) and "0" <= c <= "9":
            i = _DIGITS.match(buf, i).end()  # type: ignore[union-attr]
            continue
        r = chk.step(c)
        if not r:
            return i, "broken"
        if r == _LOOSE:
            if chk.strict:
                chk.loose_at = m.at(i)
            chk.strict = False
        if chk.state == _SSTR and s not in _IN_STRINGS:
            chk.quote_at = m.at(i)
        i += 1
        if chk.state == _CLOSED:
            return i, "closed"
    return n, "more"


class Value(Mode):
    """A ``{`` or ``[`` in prose and what follows it while it may be a JSON value; its
    bracket is ``m.opener``, its text so far ``m.body``."""

    def __init__(self, marks: tuple[str, ...], markup: tuple[str, ...]) -> None:
        self.marks = marks  # what ends the value still open: stop tokens and call markers
        self.markup = markup  # the call markers among them, which then open their region
        self.back: Mode = self  # the content mode (set by ``llama.py``)

    def step(self, m: TextParser) -> bool:
        buf, pos = m.buf, m.pos
        n = len(buf)
        chk: _Check = m.state[_JSON]
        if chk.broke:  # a named value broke JSON: its raw text runs to a stop token
            ends = [e for e in self.marks if e not in self.markup]
            stop, at = min(((j, j + len(e)) for e in ends if (j := _find(m, e, pos)) >= 0), default=(-1, -1))
            hold = n
            if at < 0 and not m.final:  # hold back what may begin a stop token
                hold = max(pos, n - max(map(len, ends)) + 1)
                while hold < n and not any(e.startswith(buf[hold:]) for e in ends):
                    hold += 1
            if chk.rest:  # (its brackets may close before that)
                at = _rest(chk, buf, pos, stop if stop >= 0 else hold, at)
            if at < 0 and not m.final:
                at = hold
                m.body.append(buf[pos:at])
                m.pos = at
                return False
            m.body.append(buf[pos:at] if at >= 0 else buf[pos:])
            m.pos = at if at >= 0 else n
            self._broken(m)
            return True
        if chk.state == _CLOSED:  # the brackets closed with the last character that had come
            if not chk.strict:  # no JSON: a call-shaped value is an invalid call, else content
                text = m.opener + m.body.join()
                if _top(text)[1]:
                    self._broken(m)
                else:
                    self._leave(m)
                    _content(m, text)
                return True
            if pos < n or m.final:
                self._end(m, "", pos < n or m.finish_reason not in TRUNCATING)
                return True
            return False
        i, why = _advance(chk, m, pos, self.marks, self.markup)
        m.body.append(buf[pos:i])
        m.pos = i
        if why == "closed":
            return self.step(m)  # (the text after it decides a length finish: as ``BodyMode``)
        if (chk.state in (_SSTR, _SESC) and m.final and (chk.soft < 0 or chk.watch == 3 or chk.stray or not chk.quoted
                                                          or _closes(m, chk))
                or why == "broken" and chk.after_sq and chk.watch == 2 and _closes(m, chk)):
            self._apostrophe(m, chk)  # (a call marker in the string: only where its text closes the value)
            return True
        if chk.soft >= 0 and chk.watch != 3 and (why != "more" or m.final):
            # the marker's string did not close, or JSON broke right after it
            if chk.stray or not chk.quoted:
                if self._again(m, chk.soft):
                    return True  # a stray quote (or a stop token) and no call: the marker counts
            elif not _NAME_KEY.search(m.opener + m.body.join()):  # (with one: as below)
                chk.broke = True  # quoted markup, or a real call after an unclosed string: neither runs
                return True
        if why == "more" and not m.final:
            return False
        if why == "broken":
            if chk.after_sq and (chk.soft < 0 or chk.watch == 3):  # (no marker in the string)
                self._apostrophe(m, chk)  # (no call object's own quote closes a single-quoted string)
                return True
            text = m.opener + m.body.join()
            if self._named(m, chk, text):  # a "name" key: never prose
                chk.broke = True
                return True
            # broken right after a string: a stray quote in prose that a real call's quote
            # closed, its object in the string (as a marker's string, above)?
            if chk.after_str and chk.bracket and (chk.soft >= 0 or not chk.strict):
                chk.broke = True  # then it is an invalid call: the object neither runs nor is lost
                return True
            if chk.after_str and chk.bracket and not chk.after_sq and self._stray(m, text):
                return True  # JSON up to a string ending in "{": read again from that bracket
            # no JSON: prose from the bracket on; the reader goes on at buf[i]
            self._leave(m)
            _content(m, text)
            return True
        # (a "name" key then makes it a cut-off call, ``read``; read on loosely, a top-level one)
        quoted = chk.soft >= 0 or not chk.strict and _top(m.opener + m.body.join())[0]
        if why == "mark":
            tok = next(t for t in self.marks if buf.startswith(t, i))
            m.pos = i + len(tok)
            self._end(m, tok, False, quoted)
            return True
        self._end(m, "", False, quoted)
        return True

    def _named(self, m: TextParser, chk: _Check, text: str) -> bool:
        """Whether *text*, a value that broke JSON, is a named one (an invalid call): with a
        ``"name"`` key; read on loosely (and no marker in its strings), with one before
        where it was first read so (where JSON broke, as a strict one) or call-shaped."""
        if chk.strict or chk.soft >= 0:
            return _NAME_KEY.search(text) is not None
        return (_NAME_KEY.search(text, 0, chk.loose_at - m.region_at + len(m.opener)) is not None
                or _top(text)[1])

    def _apostrophe(self, m: TextParser, chk: _Check) -> None:
        """A single-quoted string that never closed, or after which the value broke: its
        quote is an apostrophe in prose (``['--verbose] flag.``), where JSON breaks, as
        RFC 8259 §7 reads it. From there the text is read again as prose (once: module
        docstring); before it, the value is content, or, named (``_named``), an invalid
        call from its bracket to the first stop token after the quote (as a named one
        that breaks JSON)."""
        text = m.opener + m.body.join()
        cut = chk.quote_at - m.region_at + len(m.opener)
        named = self._named(m, chk, text[:cut])
        if named and chk.state not in _IN_STRINGS:  # the string closed, JSON broke after it
            chk.broke = chk.rest = True  # to where its brackets close, read on from the break (``_rest``)
            return
        m.body.reset()
        _back(m, chk.quote_at, text)
        if named:
            m.body.append(text[len(m.opener) : cut])
            chk.broke = True
            return
        self._leave(m)
        _content(m, text[:cut])

    def _stray(self, m: TextParser, text: str) -> bool:
        """*text*, a value JSON so far, broke right after a string whose text ends in ``{``
        (whitespace aside): its quote was a stray one in prose and the quote that closed
        it a key's, of an object that began at that bracket (``{"city": "x, then {"name":
        …``). The text before the bracket is content and from it the text is read again as
        prose (once: the next value read there begins at the bracket). False otherwise."""
        k = len(text) - 1
        while text[k] in _SPACE:  # (the text ends in the string's closing quote and spaces)
            k -= 1
        k -= 1
        while k > 0 and text[k] in _SPACE:
            k -= 1
        if text[k] != "{":  # (an empty string: its opening quote)
            return False
        m.body.reset()
        _back(m, m.region_at - len(m.opener) + k, text)
        self._leave(m)
        _content(m, text[:k])
        return True

    def _broken(self, m: TextParser) -> None:
        """A value with a ``"name"`` key (or a marker in a string) broke JSON: from its
        bracket to the first stop token after the break, or the end, it is an invalid
        call (as at the start), never prose in which markup it quotes would run."""
        text = m.opener + m.body.join()
        m.body.reset()
        self._leave(m)
        m.state.pop(_GAP, None)
        m.invalid(name_hint(text), text, f"Tool call at {m.loc} is not JSON (RFC 8259): a value with a "
                  '"name" key breaks it')

    def _again(self, m: TextParser, soft: int) -> bool:
        """The value did not close and a marker stood at *soft* in one of its strings:
        unless the value has a ``"name"`` key, before the marker or after it, whatever
        its value or cut after the key (a call, whose string quotes the marker:
        ``_NAME_KEY``), the text before the marker is content and from the marker on the
        text read so far is read again (once: in it a marker in a string ends a value at
        once). False when it is a call's."""
        text = m.opener + m.body.join()
        cut = soft - m.region_at + len(m.opener)
        if _NAME_KEY.search(text):
            return False
        m.state[_AGAIN] = m.at(m.pos)
        m.body.reset()
        _back(m, soft, text)
        self._leave(m)
        _content(m, text[:cut])
        return True

    def _leave(self, m: TextParser) -> None:
        m.state.pop(_JSON, None)
        m.mode = self.back

    def _end(self, m: TextParser, end: str, complete: bool, quoted: bool = False) -> None:
        text = m.body.join()
        m.body.reset()
        self._leave(m)
        read(self.markup, m, text, end, complete, quoted)


def _rest(chk: _Check, buf: str, i: int, limit: int, at: int) -> int:
    """A named value that broke JSON after a single-quoted string (an apostrophe, or a
    string with its own quote in it: ``'it's'``), read on from the break up to *limit*
    (a stop token, or what has come) for where its brackets close, each character once:
    its double-quoted strings are strings (RFC 8259 §7), single quotes prose. Where
    they close (the closing bracket's type matching), after it; else *at*; with a
    bracket of another type, *at* from then on (to the stop token)."""
    stack = chk.stack
    if chk.rest_esc and i < limit:
        i += 1
        chk.rest_esc = False
    while (x := _REST_MARKS.search(buf, i, limit)) is not None:
        c, i = x.group(), x.end()
        if chk.rest_str:
            if c == '"':
                chk.rest_str = False
            elif c == "\\":
                if i < limit:
                    i += 1
                else:
                    chk.rest_esc = True
        elif c == '"':
            chk.rest_str = True
        elif c in "{[":
            stack.append(c)
        elif c in "}]":
            if stack.pop() != ("{" if c == "}" else "["):
                chk.rest = False  # (no longer the value's brackets)
                return at
            if not stack:
                return i
    return at


def _closes(m: TextParser, chk: _Check) -> bool:
    """Whether the text of the last single-quoted string, from its quote to the first
    marker in it, closes the value's brackets read as prose (``['a', 'b] then
    <|python_tag|>…``): its quote is then an apostrophe, the value's last bracket before
    the marker (a dict's string quoting markup, ``{'a': 'see <function=…``, closes none).
    The text is looked at once, when the value ends."""
    text = m.body.join()
    base = m.region_at
    open_: list[str] = []
    j = len(chk.stack)
    for x in _BRACKETS.finditer(text, chk.quote_at - base + 1, chk.soft - base):
        c = x.group()
        if c in "{[":
            open_.append(c)
        elif (open_.pop() if open_ else chk.stack[(j := j - 1)]) != ("{" if c == "}" else "["):
            return False
        elif j == 0:
            return True
    return False


def _find(m: TextParser, tok: str, pos: int) -> int:
    """``m.buf.find(tok, pos)``, remembering per token (``at`` positions) where it was looked
    for from, where it was found (-1: nowhere) and up to where: values that break JSON one
    after another look each stop token up in the text once, not once per value (a token
    that never comes would be scanned for to the end each time: quadratic)."""
    base = m.fed - len(m.buf)
    seen: dict[str, tuple[int, int, int]] = m.state.setdefault(_FOUND, {})
    here = base + pos
    start = here
    if tok in seen:
        since, found, upto = seen[tok]
        if since <= here <= found:
            return found - base
        if since <= here and found < 0:
            start = max(here, upto - len(tok) + 1)
    j = m.buf.find(tok, start - base)
    seen[tok] = (here, base + j if j >= 0 else -1, base + len(m.buf))
    return j


def _back(m: TextParser, at: int, text: str) -> None:
    """Read on from the ``at`` position *at*, before ``m.pos``; *text* is what was read up
    to ``m.pos``. In the buffer when it still holds it (the whole text at once: no copy of
    the rest), else with the text from *at* put back before the unread tail (a stream's)."""
    i = at - (m.fed - len(m.buf))
    if i >= 0:
        m.pos = i
        return
    m.buf = text[len(text) - (m.at(m.pos) - at) :] + m.buf[m.pos :]
    m.pos = 0


def _lead(mode: Value, m: TextParser, tok: str) -> None:
    m.state[_GAP] = m.content.gap  # (the content mode marks a gap after this action)
    m.open_body(mode, tok)
    m.state[_JSON] = _Check(tok)


def lead(mode: Value) -> partial[None]:
    """Action: a bracket in prose that may open a JSON value."""
    return partial(_lead, mode)


def _content(m: TextParser, text: str) -> None:
    """The bracket, or the value, as content: no marker stood there, so no gap either."""
    gap = m.state.pop(_GAP, None)
    if gap is not None:
        m.content.gap = gap
    m.emit_content(text)


def read(markup: tuple[str, ...], m: TextParser, text: str, end: str, complete: bool, quoted: bool = False) -> None:
    """A JSON value after prose, its bracket in ``m.opener``: calls or content (*quoted*:
    a marker stood in one of its strings; a list never closed with a ``"name"`` key is
    then a cut-off call)."""
    if end in markup:  # a call marker ended it (just read, in the buffer): the marker opens its region
        m.pos -= len(end)
        end = ""
    text = m.opener + text
    if m.opener == "{":
        raw = text + end
        if not complete or not (json_calls(m, text, raw, "json", strict=True)
                                or policy_call(m, text, raw, "json")):
            if (NAME_OPEN.search(text) or quoted and _NAME_KEY.search(text)) and (not complete or unclosed(text)):
                m.state.pop(_GAP, None)
                m.truncated(name_hint(text), raw)
                return
        else:
            m.state.pop(_GAP, None)
            m.state[SEMI] = True
            return
    elif quoted and not complete and _NAME_KEY.search(text):
        m.state.pop(_GAP, None)
        m.truncated(name_hint(text), text + end)
        return
    _content(m, text)
    if end:  # a stop token, dropped as in prose
        m.brk("content")


def regions(ends: tuple[str, ...], markup: tuple[str, ...], content: TextMode) -> Value:
    """The mode of a JSON value after prose, going back to *content*."""
    value = Value(ends + markup, markup)
    value.back = content
    return value
