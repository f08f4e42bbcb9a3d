"""``text.xlam``: Salesforce xLAM / xLAM-2 — a JSON array of calls as the answer.

Wire forms::

    [{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_time", "arguments": {}}]
    <think>reasoning</think>[{"name": "get_weather", "arguments": {"city": "Paris"}}]
    ```json
    [{"name": "get_weather", "arguments": {"city": "Paris"}}]
    ```
    <tool_call>[{"name": "get_weather", "arguments": {"city": "Paris"}}]</tool_call>
    [TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]

- A JSON array is a list of calls only at the start of the answer (after whitespace,
  or right after ``</think>``) and only when every item is an object with a
  ``"name"`` string and ``"arguments"`` (or ``"parameters"``; a call without arguments
  may have no other key but ``"type"``), as vLLM's parser needs; an array with no call
  in it (records with a ``"name"`` key) stays content, one that mixes calls with other
  items is an ``InvalidToolCall``. The array ends where its brackets
  close (no closer follows: the next token is the end-of-turn token, a stop token
  engines strip), so a complete array is whole.
- A code fence (three backticks, ``json`` after them or not, as vLLM's pattern reads
  it) holding an array of calls is read the same way (text around it is content); a
  fence holding anything else stays content, fence included: a language tag
  (```` ```python ````), one object (an example call; vLLM takes only a list), code
  that mentions ``"name"``. ``<tool_call>`` blocks and ``[TOOL_CALLS]`` hold an array
  or one call object.
- Markers inside JSON strings do not end anything; an array that looks like calls
  (it has a ``"name"``) and is still open at the end of the text is an
  ``InvalidToolCall`` (``truncated``; nameless when the cut fell inside the name);
  one that does not, or whose closed items are no calls, stays content.

Encoding writes the calls as one bare JSON array (the form vLLM's parser reads first).

Sources (checked 2026-12-02): vllm-project/vllm ``vllm/tool_parsers/xlam_tool_parser.py``
(``preprocess_model_output``: bare arrays, ``</think>``, fences, ``[TOOL_CALLS]``,
``<tool_call>``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .._args import read_block
from .._errors import ArgumentsError
from .._types import ToolCall
from ._core import BodyMode, Mode, TextMode, TextParser
from ._format import TextFormat
from ._jsoncalls import cut_json, cut_json_calls
from ._kit import MISSING, block_problem, body, calls_of, dumps, empty_list, goto, loose_name, name_hint, stay

__all__ = ["FORMAT"]

NAME = "text.xlam"
THINK, THINK_END, FENCE, FENCE_END = "<think>", "</think>", "```json", "```"
OPEN, CLOSE, TC = "<tool_call>", "</tool_call>", "[TOOL_CALLS]"
_Q = (('"', '"', True),)
# the start of a call array in any quoting (searched in its first 200 characters only)
_CALLISH = re.compile(r"""\{\s{0,20}['"](?:name|arguments)['"]\s{0,20}:""")
_NAME_OPEN = re.compile(r'"name"\s*:\s*"')  # a "name" key, its string cut off or not


_BARE = frozenset({"name", "type"})  # the keys of a call that takes no arguments: {"name": "now"}


def _is_call(item: Any) -> bool:
    """A call object: a ``"name"`` string and ``"arguments"`` / ``"parameters"`` (or no
    other key but ``type``), as vLLM's parser needs; ``{"name": "Alice", "age": 30}`` is data."""
    return (
        type(item) is dict
        and type(item.get("name")) is str
        and ("arguments" in item or "parameters" in item or item.keys() <= _BARE)
    )


def _items(value: Any) -> list[dict[str, Any]] | None:
    """The calls in a JSON value (an array of call objects, or one), or ``None``."""
    items = value if type(value) is list else [value] if type(value) is dict else None
    if not items or not all(_is_call(i) for i in items):
        return None
    return items


def _add(m: TextParser, items: list[dict[str, Any]], raw: str, repairs: tuple[str, ...] = ()) -> None:
    for item in items:
        m.call(item["name"], item.get("arguments", item.get("parameters")), raw, repairs=repairs)


_CTRL = ("control-characters",)


def _read(m: TextParser, text: str) -> tuple[Any, tuple[str, ...], str | None]:
    """The JSON of a region (``MISSING`` when unread), the repairs made to it and, when
    the policy refused it, why: strict JSON, or JSON whose strings hold raw control
    characters (a multi-line value, read as the object forms read it; ``read_block``).
    No other repair: a bare array that is not JSON may be the answer, and one naming a
    call stays an invalid call (vLLM's parser takes strict JSON only)."""
    try:
        value, repairs = read_block(text.strip(), m.policy, m.loc, m.dialect, lists=True)
    except ArgumentsError as exc:
        return MISSING, (), block_problem(m.loc, exc.message)
    if repairs and repairs != _CTRL:
        return MISSING, (), None
    return value, repairs, None


def _as_written(m: TextParser, raw: str) -> None:
    """*raw*, its opener included, as content: nothing was removed where the opener stood,
    so no newline goes there (``Use:```json`` stays ``Use:```json``)."""
    m.content.gap = False
    m.emit_content(raw)


def _maybe(m: TextParser, text: str, end: str, complete: bool) -> None:
    """A bare array at the start, or a fence: calls; an array naming a call that is not
    valid JSON (a trailing comma, single quotes) an invalid call; else content as written."""
    raw = m.opener + text + end
    if m.opener and not text.lstrip().startswith("["):  # a fence: an array or content (vLLM: a list)
        _as_written(m, raw)
        return
    if not complete:
        notes: list[str] = []
        done, tail = cut_json(text, notes)
        if not (_NAME_OPEN.search(text) or _CALLISH.search(text[:200])) or (done and not any(map(_is_call, done))):
            _as_written(m, raw)  # no call, or records with a "name" key (the closed ones are no calls)
            return
        for item in done:  # the items closed before the cut; the cut one, its name whole or not
            if _is_call(item):
                _add(m, [item], raw, tuple(notes))
            else:
                m.invalid(None, raw, f"Tool call at {m.loc} is not an object with a \"name\" and \"arguments\"")
        m.truncated(loose_name(tail), raw)
        return
    value, repairs, error = _read(m, text)
    items = _items(value)
    if items is not None:
        _add(m, items, raw, repairs)
    elif value is not MISSING and not any(_is_call(i) for i in (value if type(value) is list else [value])):
        _as_written(m, raw)  # JSON that holds no call (records with a "name" key): the answer
    elif name_hint(text) or _CALLISH.search(text[:200]):  # an array of calls, not prose
        m.invalid(name_hint(text), raw, error or _why(m, value))
    else:
        _as_written(m, raw)


def _why(m: TextParser, value: Any) -> str:
    why = "is not valid JSON" if value is MISSING else "is not a call or a list of calls"
    return f"Tool call block at {m.loc} {why}"


def _tagged(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    if not complete:
        cut_json_calls(m, text, raw)
        return
    value, repairs, error = _read(m, text)
    items = _items(value)
    if items is None:
        if not empty_list(m, value, raw):
            m.invalid(name_hint(text), raw, error or _why(m, value))
        return
    _add(m, items, raw, repairs)


class _Content(TextMode):
    """Content whose start (and the start after ``</think>``) may be a JSON array."""

    def step(self, m: TextParser) -> bool:
        if m.state.get("fresh", True):
            buf, n, i = m.buf, len(m.buf), m.pos
            while i < n and buf[i].isspace():
                i += 1
            self.emit(m, buf[m.pos : i])
            m.pos = i
            if not m.final and (i == n or (n - i < len(TC) and TC.startswith(buf[i:]))):
                return False  # "[" may still become "[TOOL_CALLS]"
            m.state["fresh"] = False
            if i < n and buf[i] == "[" and not buf.startswith(TC, i):
                m.open_body(_ARRAY, "")
                return True
        return TextMode.step(self, m)


def _after_think(m: TextParser, tok: str) -> None:
    m.state["fresh"] = True
    m.mode = _CONTENT


_ARRAY = BodyMode(_maybe, quotes=_Q, balance=True)
_FENCED = BodyMode(_maybe, ends=(FENCE_END,), quotes=_Q)
_TAGGED = BodyMode(_tagged, ends=(CLOSE,), quotes=_Q)
_BRACKETED = BodyMode(_tagged, quotes=_Q, balance=True, strings=True)
_CONTENT = _Content("content")
_REASONING = TextMode("reasoning")
_CONTENT.set(
    {
        THINK: goto(_REASONING),
        THINK_END: _after_think,
        FENCE: body(_FENCED),
        FENCE_END: body(_FENCED),  # a plain ``` fence opens one too (vLLM: ```(?:json)?)
        OPEN: body(_TAGGED),
        CLOSE: stay,
        TC: body(_BRACKETED),
    }
)
_REASONING.set({THINK_END: _after_think, THINK: stay})
for _m in (_ARRAY, _FENCED, _TAGGED, _BRACKETED):
    _m.next = _CONTENT


def _start(thinking: bool) -> Mode:
    return _REASONING if thinking else _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    return dumps([{"name": c.name, "arguments": c.args} for c in calls_of(calls, NAME)], NAME)


FORMAT = TextFormat(
    name=NAME,
    start=_start,
    encode_calls=_encode,
    description='xLAM: a JSON array [{"name", "arguments"}] as the answer (also fenced, <tool_call>, [TOOL_CALLS])',
)
