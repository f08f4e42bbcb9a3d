"""``text.granite-20b-fc``: IBM granite-20b-functioncalling ``<function_call> {"name", "arguments"}``.

Wire form (the generation prompt ends with ``ASSISTANT: ``; no closing marker: each
call is one JSON object, then the next call or ``<|endoftext|>``, the end-of-turn token
engines strip)::

    <function_call> {"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}
    <function_call> {"name": "now", "arguments": {}}

- ``<function_call>`` opens one JSON object of ``{"name", "arguments"}`` (``parameters``
  read the same); the region ends where the object closes, so a call whose JSON is
  complete is whole (with a ``length`` finish right after it, cut off). Several are
  parallel calls. Text before, between and after them is content (vLLM keeps the text
  before the first call); ``<|endoftext|>`` is dropped when kept.
- A region that is no JSON object with a ``"name"`` string (an array, prose), or whose
  object is still open at ``<|endoftext|>`` or the end of the text, is an
  ``InvalidToolCall`` that keeps its text (``truncated`` when cut off). Markers inside
  JSON strings do not count.
- ``{"name": "no_function", …}`` is the template's way to say no function fits ("If none
  of the functions are relevant … output <function_call> {"name": "no_function", …}"):
  an ``InvalidToolCall`` saying so, never a call to run (vLLM returns it as a call),
  unless ``tools=`` offers a tool of that name.
- The model writes no reasoning.

Encoding follows the chat template: one ``<function_call> {json}`` per call (``tojson``:
``", "`` / ``": "`` separators, ``name`` then ``arguments``, non-ASCII kept), joined by a
line break.

Sources (checked 2026-12-06): vllm-project/vllm ``examples/tool_chat_template_granite_20b_fc.jinja``
(rendered with jinja2 as transformers renders it: an assistant message with two calls
gives ``<function_call> {…}\\n<function_call> {…}\\n<|endoftext|>``; the generation prompt
``\\nASSISTANT: ``; the ``no_function`` instruction) and ``vllm/tool_parsers/granite_20b_fc_tool_parser.py``
(``<function_call>`` and whitespace, then one JSON value per call, ``"arguments"``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._types import ToolCall
from ._core import BodyMode, TextMode, TextParser
from ._format import TextFormat
from ._jsoncalls import object_region
from ._kit import body, calls_of, dumps, fast_block, stay

__all__ = ["FORMAT"]

NAME = "text.granite-20b-fc"
OPEN, EOT = "<function_call>", "<|endoftext|>"
NO_FUNCTION = "no_function"


def _parse(m: TextParser, text: str, end: str, complete: bool) -> None:
    if complete and NO_FUNCTION in text and not (m.offered and NO_FUNCTION in m.offered):
        obj, _ = fast_block(m, text)
        if type(obj) is dict and obj.get("name") == NO_FUNCTION:
            m.invalid(None, m.opener + text + end, f"Tool call at {m.loc} is {NO_FUNCTION!r}: the template's "
                                                   "word for no relevant function, no call")
            return
    object_region(m, text, end, complete)


_CALL = BodyMode(_parse, ends=(EOT,), quotes=(('"', '"', True),), balance=True)
_CONTENT = TextMode("content", {OPEN: body(_CALL), EOT: stay})
_CALL.next = _CONTENT


def _start(thinking: bool) -> TextMode:
    return _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    return "\n".join(f"{OPEN} {dumps({'name': c.name, 'arguments': c.args}, NAME)}" for c in calls_of(calls, NAME))


FORMAT = TextFormat(
    name=NAME,
    start=_start,
    encode_calls=_encode,
    description='granite-20b-functioncalling: <function_call> {"name", "arguments"}, one object per call',
)
