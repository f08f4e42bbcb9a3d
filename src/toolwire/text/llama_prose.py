"""``JSON_AFTER_PROSE`` of ``text.llama`` (``llama.py``): a JSON call after prose.

vLLM's ``llama3_json`` parser decodes a JSON value at each ``{`` of the output that is
not inside a value it already decoded ("Skip if this brace is inside a previously
parsed JSON object"), and an object with ``name`` and ``arguments`` / ``parameters``
is a call. Here, likewise:

- A ``{`` in prose whose next character after whitespace is a quote opens a JSON
  object (``Lead``; so does one followed by ``_LOOK`` whitespace characters or
  more, which the look-ahead does not wait beyond); it is read whole, its
  brackets balanced outside its strings, and only then looked at (``read``): a call
  object (``name`` and ``parameters`` / ``arguments``, whatever the keys' order and
  layout; Meta's ``{"type": "function", "name": …}`` too) is a call, any other
  object is content as it stands, and an object inside it is never a call: a call
  shaped object shown as data (``{"tools": [{"name": …, "parameters": …}]}``) is
  data. A ``[`` whose next character is ``{`` opens a JSON list, content whole, as a
  list at the start of the output is (its objects are data, not calls).
- A ``{`` or ``[`` followed by anything else is a character of the prose.
- An object still open when the text ends is a cut-off call when it holds a ``"name"``
  key (``NAME_OPEN``), content otherwise, as at the start of the output; so is one
  still open at a stop token, or at a call marker (``<|python_tag|>``,
  ``<|python_start|>``, ``<function=``) outside its strings, which then opens its
  region as in prose (a marker inside a string is the string's text: ``_scan``).
- After such a call, ``;`` (with whitespace) is markup, as between the calls at the
  start (``SEMI``, read by ``llama_start.Start``).

Each character is read once (the look-ahead after a bracket is at most ``_LOOK``
characters, read again per delta while it waits), and an object once more when it is
read as calls.

Sources (checked 2026-12-06): vllm-project/vllm ``vllm/tool_parsers/llama_tool_parser.py``
(``extract_tool_calls``); meta-llama/llama-models ``models/llama3_3/prompt_format.md``
("JSON based tool calling").
"""

from __future__ import annotations

from functools import partial

from ._core import BodyMode, Mode, TextMode, TextParser
from ._kit import name_hint
from .llama_calls import NAME_OPEN, json_calls, policy_call, unclosed

__all__ = ["SEMI", "Lead", "lead", "regions"]

SEMI = "llama.semi"  # TextParser.state: a JSON call after prose ended here: ";" is markup
_GAP = "llama.gap"  # TextParser.state: the content's gap before the bracket (no marker if it is content)
_LOOK = 64  # whitespace between a bracket and what opens a JSON value in it
_SPACE = " \t\r\n"


class Lead(Mode):
    """After a ``{`` (or ``[``) in prose: a JSON value opens there when the next character
    is in *firsts* (``"'`` / ``{``); then *region* reads it, else the bracket is prose."""

    def __init__(self, bracket: str, firsts: str, region: BodyMode) -> None:
        self.bracket = bracket
        self.firsts = firsts
        self.region = region
        self.back: Mode = self  # the content mode (set by ``llama.py``)

    def step(self, m: TextParser) -> bool:
        buf, n, pos = m.buf, len(m.buf), m.pos
        stop = min(n, pos + _LOOK)
        i = pos
        while i < stop and buf[i] in _SPACE:
            i += 1
        if i == n and not m.final and i - pos < _LOOK:
            return False  # what follows the whitespace has not come yet
        if i - pos >= _LOOK or (i < n and buf[i] in self.firsts):  # (a run that long: a value, never lost)
            m.open_body(self.region, self.bracket)
            m.depth = 1  # the opener holds the value's bracket
            return True
        _content(m, self.bracket)
        m.mode = self.back
        return True


def _lead(mode: Lead, m: TextParser, tok: str) -> None:
    m.state[_GAP] = m.content.gap  # (the content mode marks a gap after this action)
    m.mode = mode


def lead(mode: Lead) -> partial[None]:
    """Action: a bracket in prose that may open a JSON value."""
    return partial(_lead, mode)


def _content(m: TextParser, text: str) -> None:
    """The bracket, or the value, as content: no marker stood there, so no gap either."""
    gap = m.state.pop(_GAP, None)
    if gap is not None:
        m.content.gap = gap
    m.emit_content(text)


def read(markup: tuple[str, ...], m: TextParser, text: str, end: str, complete: bool) -> None:
    """A JSON value after prose, its bracket in ``m.opener``: calls or content."""
    if end in markup:  # a call marker outside its strings ended it: the marker opens its region
        m.buf = end + m.buf[m.pos :]
        m.pos = 0
        end = ""
    text = m.opener + text
    if m.opener == "{":
        raw = text + end
        if not complete or not (json_calls(m, text, raw, "json", strict=True)
                                or policy_call(m, text, raw, "json")):
            if NAME_OPEN.search(text) and (not complete or unclosed(text)):
                m.state.pop(_GAP, None)
                m.truncated(name_hint(text), raw)
                return
        else:
            m.state.pop(_GAP, None)
            m.state[SEMI] = True
            return
    _content(m, text)
    if end:  # a stop token, dropped as in prose
        m.brk("content")


def regions(ends: tuple[str, ...], markup: tuple[str, ...], quotes: tuple[tuple[str, str, bool], ...],
            content: TextMode) -> tuple[Lead, Lead]:
    """The leads of a JSON object and of a JSON list after prose, going back to *content*."""
    parse = partial(read, markup)
    obj = BodyMode(parse, ends=ends + markup, quotes=quotes, balance=True)
    lst = BodyMode(parse, ends=ends + markup, quotes=quotes, balance=True)
    leads = (Lead("{", "\"'", obj), Lead("[", "{", lst))
    obj.next = lst.next = leads[0].back = leads[1].back = content
    return leads
