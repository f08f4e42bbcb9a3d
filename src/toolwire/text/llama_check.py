"""The JSON check of a value after prose (``llama_prose``), one character at a time:
RFC 8259's grammar (``advance``), and, where the value breaks it with what a model
writes for JSON by mistake, the loose reading of the value it still is (``Check``). A
stop token or call marker in a string is noted (where the first one is) and stays the
string's text; outside strings, or in text read again, it ends the check.

Sources (checked 2026-12-06): RFC 8259 (JSON) §2-§7.
"""

from __future__ import annotations

import re

from ._core import TextParser

__all__ = ["Check", "advance"]

_AGAIN = "llama.again"  # TextParser.state: text before this (``at``) is read again: call markers count at once
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
_LOOSE = 2  # ``Check.step``: taken, by the loose reading only
_STR_RUN = re.compile(r'[^"\\<]+')
_SSTR_RUN = re.compile(r"[^'\\<]+")
_SPACE_RUN = re.compile(r"[ \t\r\n]+")
_DIGITS = re.compile(r"[0-9]+")
_HEXES = "0123456789abcdefABCDEF"


class Check:
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
        self.rest = False  # then, after an apostrophe, it ends where its brackets close (``named_rest``)
        self.rest_str = ""  # (``named_rest``: the quote of the string it is in,
        self.rest_esc = False  # after a backslash in it at the end of what had come)
        self.stray_end = -1  # read again from a stray string's "{": where the value before broke (``at``)
        self.obj = ""  # (then, closed: its text, the text after it taken while ``quoted_object_end`` looks,
        self.look_q = False  # past the quote that may close that string)

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

    def mark(self, at: int, call: bool, escaped: bool = False) -> None:
        """A stop token or call marker (*call*) at *at* in a string (``at`` position);
        *escaped*, a call marker after a backslash: the string's text, never a stray
        quote's marker that counts."""
        if self.watch != 1:  # the first in this string
            self.soft, self.watch, self.stray, self.quoted = at, 1, self.first and not escaped, call
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
        if digit:  # (_INT, _FRAC, _EXP: digit runs are skipped, ``advance``)
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


def advance(chk: Check, m: TextParser, i: int, marks: tuple[str, ...], markup: tuple[str, ...]) -> tuple[int, str]:
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
                if chk.state in _ESCAPES:  # after a backslash: the escape's "<", the string's text
                    if tok in markup:  # (a call marker quoted: noted, as one in the string)
                        chk.mark(m.at(i), True, escaped=True)
                elif chk.state not in _STRINGS or m.at(i) < m.state.get(_AGAIN, 0):
                    return i, "mark"
                else:
                    chk.mark(m.at(i), tok in markup)
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
