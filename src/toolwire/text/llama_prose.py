"""``JSON_AFTER_PROSE`` of ``text.llama`` (``llama.py``): a JSON call after prose.

vLLM's ``llama3_json`` parser decodes a JSON value at each ``{`` of the output that is
not inside a value it already decoded ("Skip if this brace is inside a previously
parsed JSON object"), and an object with ``name`` and ``arguments`` / ``parameters``
is a call. Here, likewise:

- Each ``{`` or ``[`` in prose may open a JSON value (``Value``): its text is checked as
  JSON (RFC 8259) as it comes, one character at a time (``advance``), and
  - where it breaks JSON with what a model writes for JSON by mistake (Python's
    ``True`` / ``None``, ``NaN``, single quotes, any escape, a trailing comma, a leading
    zero: ``Check``), it is read on loosely as the value it still is; closed so, it is
    content as it stands (data with a ``"name"`` key too), or, call-shaped (a top-level
    ``"name"`` with ``"parameters"`` / ``"arguments"`` or ``"type": "function"``:
    ``top_keys``), an invalid call of exactly its text (markup quoted in it never runs, a
    call after it does); a single-quoted string that never closes, or after which it
    breaks, is an apostrophe in prose (``Value._apostrophe``), unless it never closes
    and quotes a call marker (then as a double-quoted one: the markup never runs, at
    every finish; the brackets of its text tell nothing: ``{'a': 'x}', 'b': 'y}
    <function=…``); a backslash escapes a ``<`` after it too (a marker there is one in
    the string);
  - where it breaks JSON (a decode error that more text cannot cure: ``{x``, ``"5"
    screen``, ``[b]``; or the loose reading's), the text from the bracket to there is
    prose, as it stands (a bracket in it opens nothing), and the reader goes on at the
    character that broke it (a ``{`` there opens a value of its own), or, where it broke
    right after a string ending in ``{`` (``{"city": "x, then {"name": …``: a call
    object's own quote may have closed it), at that bracket (``llama_in_string.stray``): a call
    object there is an invalid call of its text (in that string as much as after a
    stray quote, ``{"ex": "{"name": …}"}``: it never runs, nor is lost), unless the text
    after it goes on as that string and its value (``quoted_object_end``: ``… now"}``),
    and then, or for any other value there that closes or breaks, the text is read as
    before, from the character that broke the first value (``llama_in_string.unstray``; one still
    open when the text ends is as any, below: it may be a real call the token limit
    cut); nothing is held past it; but a value with a ``"name"`` key before the break (read loosely: before
    where it was first read so, or call-shaped: ``Value._named``), object or list, is an
    invalid call from its bracket to the first stop token after the break, or the end
    (after a single-quoted string: to where its brackets close, if they do first,
    ``named_rest``): nothing in it (a call marker its string quotes) is ever read as a call;
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
- A call object whose bracket is in a string the model wrote (``llama_in_string.in_string``: before the
  end of a value read again from a stray string's ``{`` that closed, nested in it; after
  a call object made invalid so and nothing but ``;`` or ``,``, the next item of a quoted
  list; where a ``"`` is open before it on its line, ``llama_quotes``, and right after it,
  after a bracket in a string on that line, or before a quote after it on its line,
  ``Value._told``) is an invalid call of its text: never run, never lost.
- After a JSON call after prose (not one made invalid so: there it is text), ``;`` (with
  whitespace) is markup, as between the calls at the start (``SEMI``, read by
  ``llama_start.Start``).

Each character is checked once (a marker's first characters, waited for at the end of
a delta, again), the character that broke a value once more as prose, a value that
closed once more when it is read as calls (and for its top-level keys, ``top_keys``), and
the text after an apostrophe once more as prose (a value there opens a string only at
a quote no backslash escapes, which closed the apostrophe's string: no text is read
again twice), the text of a string ending in ``{`` from that bracket once more (the
value read there begins inside the string: the next such string is after it; the text
after a call object there once more, ``quoted_object_end``; a value there that is no
call, from where the first value broke once more, and no string's ``{`` before where
it stopped is read again so), a named value's rest once (``named_rest``), the quotes of
the text once as it is fed, and the text after a value where a quote is open once more,
when its line tells (``llama_quotes``, ``Value._told``): linear.

Sources (checked 2026-12-06): vllm-project/vllm ``vllm/tool_parsers/llama_tool_parser.py``
(``extract_tool_calls``); meta-llama/llama-models ``models/llama3_3/prompt_format.md``
("JSON based tool calling"); RFC 8259 (JSON) §2-§7.
"""

from __future__ import annotations

from functools import partial

from .._args import TRUNCATING
from ._core import Mode, TextMode, TextParser
from ._kit import name_hint
from .llama_calls import NAME_OPEN, json_calls, policy_call, unclosed
from .llama_check import _AGAIN, _CLOSED, _IN_STRINGS, _SESC, _SSTR, Check, advance
from .llama_in_string import _GAP, _STRAY, SEMI, back, content, in_string, quoted_calls, stray, stray_closed, unstray
from .llama_quotes import IN, closes_after
from .llama_reads import NAME_KEY, find_stop, named_rest, top_keys

__all__ = ["SEMI", "Value", "lead", "regions"]

_JSON = "llama.json"  # TextParser.state: where the JSON check of the value stands (``advance``)
_IN_STR = "llama.in_str"  # TextParser.state: the value's bracket is in a string (``llama_in_string.in_string``)
_HELD = "llama.held"  # TextParser.state: where a value ended whose text after it the body holds (``Value._told``)


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
        chk: Check = m.state[_JSON]
        if chk.broke:  # a named value broke JSON: its raw text runs to a stop token
            ends = [e for e in self.marks if e not in self.markup]
            stop, at = min(((j, j + len(e)) for e in ends if (j := find_stop(m, e, pos)) >= 0), default=(-1, -1))
            hold = n
            if at < 0 and not m.final:  # hold back what may begin a stop token
                hold = max(pos, n - max(map(len, ends)) + 1)
                while hold < n and not any(e.startswith(buf[hold:]) for e in ends):
                    hold += 1
            if chk.rest:  # (its brackets may close before that)
                at = named_rest(chk, buf, pos, stop if stop >= 0 else hold, at)
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
            if chk.stray_end >= 0:  # (read again from a stray string's "{")
                return stray_closed(self, m, chk)
            if not chk.strict:  # no JSON: a call-shaped value is an invalid call, else content
                text = m.opener + m.body.join()
                if top_keys(text)[1]:
                    self._broken(m)
                else:
                    self.leave(m)
                    content(m, text)
                return True
            if pos < n or m.final:
                if m.state.get(_IN_STR, IN) != IN and not self._told(m):
                    return False
                self._end(m, "", m.pos < len(m.buf) or m.finish_reason not in TRUNCATING)
                return True
            return False
        i, why = advance(chk, m, pos, self.marks, self.markup)
        m.body.append(buf[pos:i])
        m.pos = i
        if why == "closed":
            return self.step(m)  # (the text after it decides a length finish: as ``BodyMode``)
        if chk.stray_end >= 0 and (why != "more" or m.final) and not (why == "more" and chk.strict and chk.soft < 0):
            unstray(self, m, chk)  # (a value read again from a stray string's "{" that is no call: as before)
            return True
        if chk.state in (_SSTR, _SESC) and m.final and (chk.soft < 0 or chk.watch == 3 or chk.stray or not chk.quoted):
            self._apostrophe(m, chk)  # (no call marker in the string: else as a marker's string, below)
            return True
        if chk.soft >= 0 and chk.watch != 3 and (why != "more" or m.final):
            # the marker's string did not close, or JSON broke right after it
            if chk.stray or not chk.quoted:
                if self._again(m, chk.soft):
                    return True  # a stray quote (or a stop token) and no call: the marker counts
            elif not NAME_KEY.search(m.opener + m.body.join()):  # (with one: as below)
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
            if chk.after_str and chk.bracket and not chk.after_sq and stray(self, m, text):
                return True  # JSON up to a string ending in "{": read again from that bracket
            # no JSON: prose from the bracket on; the reader goes on at buf[i]
            self.leave(m)
            content(m, text)
            return True
        # (a "name" key then makes it a cut-off call, ``read``; read on loosely, a top-level one)
        quoted = chk.soft >= 0 or not chk.strict and top_keys(m.opener + m.body.join())[0]
        if why == "mark":
            tok = next(t for t in self.marks if buf.startswith(t, i))
            m.pos = i + len(tok)
            self._end(m, tok, False, quoted)
            return True
        self._end(m, "", False, quoted)
        return True

    @staticmethod
    def _told(m: TextParser) -> bool:
        """The value closed where a quote was open before it with text between them
        (``llama_quotes.MAYBE``: ``Say "run {…} now"``, or a stray quote, ``{"size": "5"
        screen"}. Check: {…}``), or right after a quote that closed (``NEXT``): what
        follows it on its line tells whether it is in a string (``closes_after``). False
        while the text fed does not tell: the text after it is taken into the body as it
        comes (none held in the buffer: ``_HELD``), and read again from the value's end
        once told."""
        held = m.state.get(_HELD)
        end = m.at(m.pos) if held is None else held
        closes = closes_after(m, end, m.state[_IN_STR])
        if closes is None:
            m.state[_HELD] = end
            m.body.append(m.buf[m.pos :])
            m.pos = len(m.buf)
            return False
        if closes:
            m.state[_IN_STR] = IN
        else:
            del m.state[_IN_STR]
        if held is not None:
            del m.state[_HELD]
            text = m.opener + m.body.join()
            m.body.reset(text[len(m.opener) : len(text) - (m.at(m.pos) - held)])
            back(m, held, text)
        return True

    def _named(self, m: TextParser, chk: Check, text: str) -> bool:
        """Whether *text*, a value that broke JSON, is a named one (an invalid call): with a
        ``"name"`` key; read on loosely (and no marker in its strings), with one before
        where it was first read so (where JSON broke, as a strict one) or call-shaped."""
        if chk.strict or chk.soft >= 0:
            return NAME_KEY.search(text) is not None
        return (NAME_KEY.search(text, 0, chk.loose_at - m.region_at + len(m.opener)) is not None
                or top_keys(text)[1])

    def _apostrophe(self, m: TextParser, chk: Check) -> None:
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
            chk.broke = chk.rest = True  # to where its brackets close, read on from the break (``named_rest``)
            chk.rest_str = "'"  # (in the string still, its quote an apostrophe: ``'it's fine'``)
            return
        m.body.reset()
        back(m, chk.quote_at, text)
        if named:
            m.body.append(text[len(m.opener) : cut])
            chk.broke = True
            return
        self.leave(m)
        content(m, text[:cut])

    def _broken(self, m: TextParser) -> None:
        """A value with a ``"name"`` key (or a marker in a string) broke JSON: from its
        bracket to the first stop token after the break, or the end, it is an invalid
        call (as at the start), never prose in which markup it quotes would run."""
        text = m.opener + m.body.join()
        m.body.reset()
        self.leave(m)
        m.state.pop(_GAP, None)
        m.invalid(name_hint(text), text, f"Tool call at {m.loc} is not JSON (RFC 8259): a value with a "
                  '"name" key breaks it')

    def _again(self, m: TextParser, soft: int) -> bool:
        """The value did not close and a marker stood at *soft* in one of its strings:
        unless the value has a ``"name"`` key, before the marker or after it, whatever
        its value or cut after the key (a call, whose string quotes the marker:
        ``NAME_KEY``), the text before the marker is content and from the marker on the
        text read so far is read again (once: in it a marker in a string ends a value at
        once). False when it is a call's."""
        text = m.opener + m.body.join()
        cut = soft - m.region_at + len(m.opener)
        if NAME_KEY.search(text):
            return False
        m.state[_AGAIN] = m.at(m.pos)
        m.body.reset()
        back(m, soft, text)
        self.leave(m)
        content(m, text[:cut])
        return True

    def leave(self, m: TextParser) -> bool:
        """Back to the content mode; whether the value's bracket was in a string (``llama_in_string.in_string``)."""
        m.state.pop(_JSON, None)
        m.mode = self.back
        return bool(m.state.pop(_IN_STR, 0) == IN)

    def _end(self, m: TextParser, end: str, complete: bool, quoted: bool = False) -> None:
        text = m.body.join()
        m.body.reset()
        n = len(m.items)
        in_str = self.leave(m)
        read(self.markup, m, text, end, complete, quoted)
        if in_str:
            quoted_calls(m, n, m.opener + text)


def _lead(mode: Value, m: TextParser, tok: str) -> None:
    m.state[_GAP] = m.content.gap  # (the content mode marks a gap after this action)
    m.open_body(mode, tok)
    chk = m.state[_JSON] = Check(tok)
    where = in_string(m, m.region_at - len(tok))
    if where:
        m.state[_IN_STR] = where
    left = m.state.pop(_STRAY, None)  # (``llama_in_string.stray``: this bracket, the stray string's)
    if left is not None and left[0] == m.region_at - len(tok):
        chk.stray_end = left[1]


def lead(mode: Value) -> partial[None]:
    """Action: a bracket in prose that may open a JSON value."""
    return partial(_lead, mode)


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
            if (NAME_OPEN.search(text) or quoted and NAME_KEY.search(text)) and (not complete or unclosed(text)):
                m.state.pop(_GAP, None)
                m.truncated(name_hint(text), raw)
                return
        else:
            m.state.pop(_GAP, None)
            m.state[SEMI] = True
            return
    elif quoted and not complete and NAME_KEY.search(text):
        m.state.pop(_GAP, None)
        m.truncated(name_hint(text), text + end)
        return
    content(m, text)
    if end:  # a stop token, dropped as in prose
        m.brk("content")


def regions(ends: tuple[str, ...], markup: tuple[str, ...], content: TextMode) -> Value:
    """The mode of a JSON value after prose, going back to *content*."""
    value = Value(ends + markup, markup)
    value.back = content
    return value
