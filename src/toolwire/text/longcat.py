"""``text.longcat``: Meituan LongCat-Flash ``<longcat_tool_call>{json}</longcat_tool_call>``; LongCat-Flash-Lite's
``<longcat_tool_call>NAME`` ``<longcat_arg_key>`` form.

Wire form (Hermes' JSON objects in LongCat's own tags; several blocks are parallel
calls, written one after the other)::

    <longcat_think>
    reasoning
    </longcat_think>
    Let me check.
    <longcat_tool_call>
    {"name": "get_weather", "arguments": {"city": "Tokyo"}}
    </longcat_tool_call><longcat_tool_call>
    {"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}
    </longcat_tool_call>

- Each block holds one ``{"name", "arguments"}`` object (``parameters`` is read like
  ``arguments``; a JSON string of the arguments is read as double encoded); a block
  whose JSON is no call object is an ``InvalidToolCall`` that keeps it in ``raw``.
  Text before, between and after the blocks is content.
- ``<longcat_think>…</longcat_think>`` (LongCat-Flash-Thinking) is reasoning; only
  ``</longcat_think>`` ends it (vLLM's LongCat reasoning parser splits there first), so
  a block inside the reasoning is reasoning text. When the prompt opened the block,
  pass it (``prompt=``) or ``thinking=True``.
- ``</longcat_tool_call>`` inside a JSON string does not close the block; a block that
  never closes is an ``InvalidToolCall`` (``truncated=True``) named by its own
  ``"name"`` (vLLM's parser reads an unclosed last block; toolwire does not run it).
- LongCat-Flash-Lite (and LongCat-2.0) write a block GLM-4.5's way instead: the name on
  the first line, then ``<longcat_arg_key>KEY</longcat_arg_key>`` /
  ``<longcat_arg_value>VALUE</longcat_arg_value>`` pairs::

      <longcat_tool_call>get_weather
      <longcat_arg_key>city</longcat_arg_key>
      <longcat_arg_value>Tokyo</longcat_arg_value>
      </longcat_tool_call>

  A block whose text starts with ``{``, ``[`` or ``"`` is read as JSON, any other as
  the tagged form (no name starts so). The pairs read as ``text.glm``'s (``_params.read_pairs``):
  values typed by the tool's schema (without one, JSON of a number, boolean, null,
  object or array becomes that value, anything else stays text, kept as written where
  the vendor's detector strips it); ``</longcat_tool_call>`` inside a value does not
  end the block; a value holding ``<longcat_arg_value>``, text between the pairs, a key
  written twice or no name is an ``InvalidToolCall``. Such calls are recorded as variant
  ``lite`` (``provider_data``), so ``encode_text`` writes them back that way.

Encoding writes the form SGLang's LongCat detector expects and its grammar constrains:
``<longcat_tool_call>\\n{"name": …, "arguments": …}\\n</longcat_tool_call>`` blocks with
no separator (variant ``json``, the default); variant ``lite`` writes the tagged form,
one part a line (strings as they are, other values as JSON), blocks joined by a newline.

Sources (checked 2026-12-05): vllm-project/vllm ``vllm/tool_parsers/longcat_tool_parser.py``
(the Hermes parser with ``<longcat_tool_call>`` / ``</longcat_tool_call>``), its test
``tests/tool_parsers/test_longcat_tool_parser.py`` and LongCat's reasoning parser
(``<longcat_think>`` / ``</longcat_think>``); sgl-project/sglang
``python/sglang/srt/function_call/longcat_detector.py`` (bot token
``<longcat_tool_call>\\n``, end token ``\\n</longcat_tool_call>``, no separator);
meituan-longcat/SGLang-FluentLLM ``python/sglang/srt/function_call/longcat_xml_detector.py``
(the vendor's detector of the tagged form: the name up to the first newline, then
``<longcat_arg_key>…</longcat_arg_key>\\s*<longcat_arg_value>…</longcat_arg_value>`` pairs;
checked 2026-12-06).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._types import ToolCall
from ._core import BodyMode, TextParser
from ._format import TextFormat
from ._jsoncalls import json_calls
from ._kit import body, calls_of, dumps, name_hint, stay
from ._modes import closed_think_modes
from ._param_writers import write_pairs
from ._params import read_pairs

__all__ = ["FORMAT"]

NAME = "text.longcat"
OPEN, CLOSE = "<longcat_tool_call>", "</longcat_tool_call>"
THINK, UNTHINK = "<longcat_think>", "</longcat_think>"
TAGS = K, K_END, V, V_END = "<longcat_arg_key>", "</longcat_arg_key>", "<longcat_arg_value>", "</longcat_arg_value>"


def _parse(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    if text.lstrip()[:1] in '{["':  # JSON ("" too: an empty block), as _jsoncalls.object_region reads it
        if complete:
            json_calls(m, text, raw, arrays=False)
        else:
            m.truncated(name_hint(text), raw)
        return
    k = text.find(K)
    head = text if k < 0 else text[:k]
    if not complete:
        m.truncated(head.split("\n", 1)[0].strip() or None, raw)
        return
    name = head.strip()
    if not name or "<" in name or "\n" in name:
        m.invalid(None, raw, f"Tool call at {m.loc} has no name before its arguments")
        return
    args, error, _ = read_pairs(m, name, text, k if k >= 0 else len(text), None, TAGS)
    if error is not None:
        m.invalid(name, raw, f"Tool call at {m.loc} {error}")
        return
    m.call(name, args, raw, variant="lite")


# a JSON string's quotes, and the tagged form's values: markers inside do not end the block
_CALL = BodyMode(_parse, ends=(CLOSE,), quotes=(('"', '"', True), (V, V_END, False)))
_CONTENT, _REASONING, _START = closed_think_modes({OPEN: body(_CALL)}, THINK, UNTHINK, content_extra={CLOSE: stay})
_CALL.next = _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    if variant != "lite":
        return "".join(
            f"{OPEN}\n{dumps({'name': c.name, 'arguments': c.args}, NAME)}\n{CLOSE}" for c in calls_of(calls, NAME)
        )
    return write_pairs(calls, TAGS, OPEN, CLOSE, "\n", NAME)


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    variants=("json", "lite"),
    description="LongCat-Flash: <longcat_tool_call>{json}</longcat_tool_call> (Lite: NAME<longcat_arg_key>…), "
    "<longcat_think> reasoning",
    reasoning_opens=(THINK,),
)
