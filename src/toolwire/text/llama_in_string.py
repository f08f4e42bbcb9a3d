"""JSON values of prose that a string may hold: stray quotes and calls in strings (``text.llama``).

Part of ``llama_prose``'s reading of JSON values in prose (its module docstring gives the
rules): a value that broke right after a string ending in ``{`` is read again from that
bracket, its quote a stray one (``stray``, ``stray_closed``, ``unstray``); a call object
whose bracket is in a string the model wrote is an invalid call of its text
(``in_string``, ``quoted_calls``): never run, never lost.

Sources (checked 2026-12-06): vllm-project/vllm ``vllm/tool_parsers/llama_tool_parser.py``;
RFC 8259 (JSON) §7 (strings).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._types import ToolCall
from ._core import TextParser
from ._kit import name_hint
from .llama_check import Check
from .llama_quotes import IN, open_at
from .llama_reads import quoted_object_end, top_keys

if TYPE_CHECKING:
    from .llama_prose import Value

__all__ = ["SEMI", "back", "content", "in_string", "listed", "quoted_calls", "stray", "stray_closed", "unstray"]

SEMI = "llama.semi"  # TextParser.state: a JSON call after prose ended here: ";" is markup
_GAP = "llama.gap"  # TextParser.state: the content's gap before the bracket (no marker if it is content)
_STRAY = "llama.stray"  # TextParser.state: (a stray string's "{", where the value before it broke), ``at``
_FLOOR = "llama.floor"  # TextParser.state: no stray string's "{" before this (``at``) is read again
_DATA = "llama.data"  # TextParser.state: the end (``at``) of a value read again from a stray string's "{" that closed
_LISTED = "llama.listed"  # TextParser.state: content pieces and items when a call in a string was last made invalid
_SPACE = " \t\r\n"


def back(m: TextParser, at: int, text: str) -> None:
    """Read on from the ``at`` position *at*, before ``m.pos``; *text* is what was read up
    to ``m.pos``. In the buffer when it still holds it (the whole text at once: no copy of
    the rest), else with the text from *at* put back before the unread tail (a stream's)."""
    i = at - (m.fed - len(m.buf))
    if i >= 0:
        m.pos = i
        return
    m.buf = text[len(text) - (m.at(m.pos) - at) :] + m.buf[m.pos :]
    m.pos = 0


def content(m: TextParser, text: str) -> None:
    """The bracket, or the value, as content: no marker stood there, so no gap either."""
    gap = m.state.pop(_GAP, None)
    if gap is not None:
        m.content.gap = gap
    m.emit_content(text)


def stray(mode: Value, m: TextParser, text: str) -> bool:
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
    at = m.region_at - len(m.opener) + k
    if text[k] != "{" or at < m.state.get(_FLOOR, 0):  # (an empty string: its opening quote)
        return False
    m.state[_STRAY] = (at, m.at(m.pos))
    m.body.reset()
    back(m, at, text)
    mode.leave(m)
    content(m, text[:k])
    return True


def stray_closed(mode: Value, m: TextParser, chk: Check) -> bool:
    """The value read again from a stray string's ``{`` (``stray``) closed: a call
    object (strict JSON, call-shaped: ``top_keys``) is an invalid call of exactly its
    text: it is in that string as much as after a stray quote (``{"example": "{"name":
    …}"}``), so it never runs, nor is lost; unless the text after it goes on as that
    string and the value it is in (``quoted_object_end``: ``… now"}``, ``", "ok"``):
    then, as any other value there, the text is read as before (``unstray``). The
    text after it is taken into the body while it is looked at (none held in the
    buffer) and read again from the object's end; False while what tells has not come."""
    if not chk.obj:  # (just closed)
        chk.obj = m.opener + m.body.join()
        m.state[_DATA] = m.region_at - len(m.opener) + len(chk.obj)  # (a call object there: made invalid)
        if not (chk.strict and top_keys(chk.obj)[1]):
            unstray(mode, m, chk)
            return True
    data, j = quoted_object_end(chk, m.buf, m.pos, m.final)
    m.body.append(m.buf[m.pos : j])
    m.pos = j
    if data is None:
        return False
    if data:
        unstray(mode, m, chk)
        return True
    text = m.opener + m.body.join()
    m.body.reset()
    back(m, m.region_at - len(m.opener) + len(chk.obj), text)
    mode.leave(m)
    m.state.pop(_GAP, None)
    m.invalid(name_hint(chk.obj), chk.obj, f"Tool call at {m.loc} is not run: it begins in a string that "
              "its own quote closes (a call written as data, or after a stray quote)")
    listed(m)
    return True


def unstray(mode: Value, m: TextParser, chk: Check) -> None:
    """A value read again from a stray string's ``{`` that is no call object: the text
    is read as before that reading, content up to where the value before it broke
    (``chk.stray_end``) and prose from there; no string's ``{`` before where this
    reading stopped is read again so (``_FLOOR``: each character read a bounded number
    of times)."""
    text = m.opener + m.body.join()
    here = m.at(m.pos)
    end = min(chk.stray_end, here)
    m.state[_FLOOR] = here
    m.body.reset()
    back(m, end, text)
    mode.leave(m)
    content(m, text[: end - (m.region_at - len(m.opener))])


def in_string(m: TextParser, at: int) -> int:
    """Whether the bracket at *at* (``at`` position) is in a string the model wrote, so that
    a call object there is data, never run (docs/text-formats.md): ``IN`` before the end of
    a value read again from a stray string's ``{`` that closed (``_DATA``: ``{"example":
    "{"call": {"name": …}}"}``), after a call object made invalid so and nothing but ``;``
    or ``,`` (the next item of the sequence or list that holds it: ``"[{…},\n{…}]"``), or
    where ``llama_quotes`` says (a quote open before it on its line: ``IN``, or ``MAYBE``,
    told after the value, ``Value._told``); 0 otherwise."""
    if at < m.state.get(_DATA, 0):
        return IN
    listed = m.state.get(_LISTED)
    if listed is not None and listed[1] == len(m.items) and not m.content.gap:
        count, piece = m.content.last()
        if count == listed[0] + 1 and piece.strip() in (",", ";"):
            return IN
    return open_at(m, at)


def listed(m: TextParser) -> None:
    """A call object in a string was made invalid: the content pieces and items so far."""
    m.state[_LISTED] = (m.content.last()[0], len(m.items))


def quoted_calls(m: TextParser, n: int, text: str) -> None:
    """The calls read from a value whose bracket is in a string (``in_string``), items *n*
    on: each an invalid call of the value's *text*, in its place (its event too, not handed
    out yet)."""
    items = m.items[n:]
    if not any(isinstance(c, ToolCall) for c in items):
        return
    del m.items[n:]
    del m.queue[len(m.queue) - len(items) :]
    for c in items:
        if isinstance(c, ToolCall):
            m.invalid(c.name, text, f"Tool call at {m.loc} is not run: it is quoted in a string (a call written "
                      "as data)")
        else:
            m.add(c)
    m.state.pop(SEMI, None)  # (no call: ";" after it is text)
    listed(m)
