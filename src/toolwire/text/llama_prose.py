"""``JSON_AFTER_PROSE`` of ``text.llama`` (``llama.py``): a JSON call after prose.

vLLM's ``llama3_json`` parser decodes a JSON value at each ``{`` of the output that is
not inside a value it already decoded ("Skip if this brace is inside a previously
parsed JSON object"), and an object with ``name`` and ``arguments`` / ``parameters``
is a call. Here, likewise:

- Each ``{`` or ``[`` in prose may open a JSON value (``Value``): its text is checked as
  JSON (RFC 8259) as it comes, one character at a time (``_advance``), and
  - where it breaks JSON (a decode error that more text cannot cure: ``{x``, ``"5"
    screen``, ``{'name'``, ``[b]``), the text from the bracket to there is prose, as it
    stands (a bracket in it opens nothing), and the reader goes on at the character
    that broke it (a ``{`` there opens a value of its own); nothing is held past it;
    but a value with a ``"name"`` key before the break (``_NAME_KEY``), object or list,
    is an invalid call from its bracket to the first stop token after the break, or
    the end: nothing in it (a call marker its string quotes) is ever read as a call;
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
  text; when the value never closes and has no ``"name"`` key, the first of them
  counts: the text before it is content and it opens its region as in
  prose (a call's argument that quotes markup is never read as a call). With a
  ``"name"`` key (any value, or cut after the key: ``_NAME_KEY``) such a value, object or
  list, that never closes is an invalid call from its bracket (to the first stop
  token after where it broke, or the end), as one that breaks JSON: the marker may be a real call
  after a string that never closed (``"C:\\"``) or markup a broken call quotes; neither
  runs, neither is content.
- After such a call, ``;`` (with whitespace) is markup, as between the calls at the
  start (``SEMI``, read by ``llama_start.Start``).

Each character is checked once (a marker's first characters, waited for at the end of
a delta, again), the character that broke a value once more as prose, and a value
that closed once more when it is read as calls: linear.

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
_SPACE = " \t\r\n"

# where the check stands: what may come next
(_VALUE, _VALUE_OR_CLOSE, _KEY_OR_CLOSE, _KEY, _COLON, _AFTER, _STR, _ESC, _HEX,
 _MINUS, _ZERO, _INT, _DOT, _FRAC, _E, _ESIGN, _EXP, _WORD, _CLOSED) = range(19)
_NUMBER_ENDS = frozenset({_ZERO, _INT, _FRAC, _EXP})  # a number may end in these
_WORDS = {"t": "rue", "f": "alse", "n": "ull"}
_STR_RUN = re.compile(r'[^"\\<]+')
_SPACE_RUN = re.compile(r"[ \t\r\n]+")
_DIGITS = re.compile(r"[0-9]+")
_HEXES = "0123456789abcdefABCDEF"
_NAME_KEY = re.compile(r'"name"\s*(?::|\Z)')  # a "name" key, whatever its value, or cut after it


class _Check:
    """The JSON check of one value: its open brackets, where it stands, and (in a
    string) whether the string is a key, (in an escape) hex digits still due, (in a
    literal) the characters still due."""

    def __init__(self, bracket: str) -> None:
        self.stack = [bracket]  # (a list: a bracket is pushed and popped in constant time)
        self.state = _KEY_OR_CLOSE if bracket == "{" else _VALUE_OR_CLOSE
        self.key = False
        self.due = ""
        self.soft = -1  # where the first marker in a string of the value is (``at`` position)
        self.broke = False  # it broke JSON with a "name" key (or a marker in a string)

    def _open(self, c: str) -> None:
        self.stack.append(c)
        self.state = _KEY_OR_CLOSE if c == "{" else _VALUE_OR_CLOSE

    def _close(self, c: str) -> bool:
        if not self.stack or self.stack[-1] != ("{" if c == "}" else "["):
            return False
        self.stack.pop()
        self.state = _AFTER if self.stack else _CLOSED
        return True

    def _value(self, c: str) -> bool:
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
        else:
            return False
        return True

    def step(self, c: str) -> bool:  # noqa: C901 - one branch a state, as RFC 8259's grammar
        """Take the character *c* (no whitespace where whitespace is skipped, no string
        run); False when JSON cannot go on with it."""
        s = self.state
        if s in (_VALUE, _VALUE_OR_CLOSE):
            return (s == _VALUE_OR_CLOSE and c == "]" and self._close(c)) or self._value(c)
        if s in (_KEY_OR_CLOSE, _KEY):
            if c == '"':
                self.state, self.key = _STR, True
                return True
            return s == _KEY_OR_CLOSE and c == "}" and self._close(c)
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
        if s == _STR:  # (a string's other characters are skipped as a run)
            if c == '"':
                self.state = _COLON if self.key else _AFTER
            elif c == "\\":
                self.state = _ESC
            return True  # ("<" that opens no marker)
        if s == _ESC:
            if c == "u":
                self.state, self.due = _HEX, "xxxx"
                return True
            self.state = _STR
            return c in '"\\/bfnrt'
        if s == _HEX:
            if c not in _HEXES:
                return False
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

    def _number(self, s: int, c: str) -> bool:
        digit = "0" <= c <= "9"
        if s == _MINUS:
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
        if digit and s != _ZERO:  # (_INT, _FRAC, _EXP: digit runs are skipped, ``_advance``)
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
        return c in _SPACE or self.step(c)


def _advance(chk: _Check, m: TextParser, i: int, marks: tuple[str, ...], markup: tuple[str, ...]) -> tuple[int, str]:
    """Check ``m.buf[i:]``; where it stopped and why: ``"closed"`` (after the last
    bracket), ``"broken"`` (at the character JSON cannot take), ``"mark"`` (at a stop
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
                if chk.state != _STR or m.at(i) < m.state.get(_AGAIN, 0):
                    return i, "mark"
                if chk.soft < 0:
                    chk.soft = m.at(i)
                i += len(tok)
                continue
            if not final and any(n - i < len(t) and t.startswith(buf[i:n]) for t in marks):
                return i, "more"  # may still become a marker
        s = chk.state
        if s == _STR:
            run = _STR_RUN.match(buf, i)
            if run is not None:
                i = run.end()
                continue
        elif c in _SPACE and s not in (_STR, _ESC, _HEX, _WORD, _MINUS, _DOT, _E, _ESIGN):
            if s in _NUMBER_ENDS:
                chk.state = _AFTER
            i = _SPACE_RUN.match(buf, i).end()  # type: ignore[union-attr]
            continue
        elif s in (_INT, _FRAC, _EXP) and "0" <= c <= "9":
            i = _DIGITS.match(buf, i).end()  # type: ignore[union-attr]
            continue
        if not chk.step(c):
            return i, "broken"
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
            at = min((j + len(e) for e in ends if (j := buf.find(e, pos)) >= 0), default=-1)
            if at < 0 and not m.final:  # hold back what may begin a stop token
                at = max(pos, n - max(map(len, ends)) + 1)
                while at < n and not any(e.startswith(buf[at:]) for e in ends):
                    at += 1
                m.body.append(buf[pos:at])
                m.pos = at
                return False
            m.body.append(buf[pos:at] if at >= 0 else buf[pos:])
            m.pos = at if at >= 0 else n
            self._broken(m)
            return True
        if chk.state == _CLOSED:  # the brackets closed with the last character that had come
            if pos < n or m.final:
                self._end(m, "", pos < n or m.finish_reason not in TRUNCATING)
                return True
            return False
        i, why = _advance(chk, m, pos, self.marks, self.markup)
        m.body.append(buf[pos:i])
        m.pos = i
        if why == "closed":
            return self.step(m)  # (the text after it decides a length finish: as ``BodyMode``)
        if chk.soft >= 0 and (why != "more" or m.final) and self._again(m, chk.soft):
            return True  # it never closed and is no call: the marker counts
        if why == "broken":
            text = m.opener + m.body.join()
            if chk.soft >= 0 or _NAME_KEY.search(text):  # a "name" key (or quoted markup): never prose
                chk.broke = True
                return True
            # no JSON: prose from the bracket on; the reader goes on at buf[i]
            self._leave(m)
            _content(m, text)
            return True
        if why == "mark":
            tok = next(t for t in self.marks if buf.startswith(t, i))
            m.pos = i + len(tok)
            self._end(m, tok, False, chk.soft >= 0)
            return True
        if m.final:
            self._end(m, "", False, chk.soft >= 0)
            return True
        return False

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
