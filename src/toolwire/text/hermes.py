"""``text.hermes``: Hermes / Qwen2.5 / Qwen3 ``<tool_call>{json}</tool_call>`` with ``<think>``.

Wire form (one JSON object per block; several blocks are parallel calls)::

    <think>
    reasoning
    </think>

    Let me check.
    <tool_call>
    {"name": "get_weather", "arguments": {"city": "Paris"}}
    </tool_call>

- ``arguments`` is a JSON object (a JSON string of one is accepted and recorded as
  double encoded); ``parameters`` is accepted in its place; an ``id`` string, if a
  model writes one, is kept.
- ``</tool_call>`` inside a JSON string of the arguments does not close the block.
- ``<tool_call>`` inside an open block (outside its JSON strings, or in one that runs
  on into the next block) begins the next one: the open call was abandoned, an
  ``InvalidToolCall`` (vLLM's streaming parser starts a new call at each such token).
- A block that never closes is an ``InvalidToolCall`` (``truncated=True``, ``raw`` =
  the block text). vLLM accepts an unclosed last block; toolwire does not execute it.
- ``thinking=True`` when the prompt already opened ``<think>`` (Qwen3-Thinking-2507):
  the output then starts inside the reasoning. The reasoning ends only at ``</think>``
  (vLLM's Qwen3 reasoning parser splits there before the tool parser runs): a
  ``<tool_call>`` block inside the thinking block is reasoning text, closed or not
  (vLLM ends an unclosed block early only at ``<tool_call>`` + ``<function=``, the
  ``text.qwen3-xml`` form).
- ``<|im_end|>`` / ``<|endoftext|>`` (the ChatML end of turn, Qwen's end of text) are
  stop tokens engines strip, dropped when kept; so is ``<|eot_id|>``: Hermes 2 Pro and
  Hermes 3 on Llama 3 write ChatML, but their Llama 3 vocabulary keeps it, an
  end-of-generation token to llama.cpp (``src/llama-vocab.cpp``) and a content closer
  in transformers' Hermes-style response template; and Llama 3.1's ``<|eom_id|>`` (end
  of message, the end of a tool-calling turn). The text around one stays.

Encoding follows the Qwen chat template: ``<tool_call>\\n{"name": …, "arguments": …}\\n
</tool_call>`` blocks joined by a newline (JSON with ``", "`` / ``": "`` separators,
non-ASCII kept).

Sources (checked 2026-11-30): vllm-project/vllm ``vllm/tool_parsers/hermes_tool_parser.py``
and ``vllm/reasoning/qwen3_reasoning_parser.py``; Qwen function-calling docs
(https://qwen.readthedocs.io/en/latest/framework/function_call.html) and the Qwen3
``tokenizer_config.json`` chat template; toolwire ``reference/wire-formats.md`` §10.1;
ggml-org/llama.cpp ``models/templates/NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja``
and ``src/llama-vocab.cpp`` (end-of-generation tokens); huggingface/transformers
``src/transformers/cli/serving/utils.py`` (``_RESPONSE_TEMPLATE_FALLBACKS``, qwen2/qwen3;
checked 2026-12-06).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._args import parse_arguments, read_block
from .._errors import ArgumentsError
from .._types import ToolCall
from ._core import BodyMode, TextParser
from ._format import TextFormat
from ._kit import abandoned, block_problem, body, calls_of, dumps, empty_list, fast_block, name_hint, stay
from ._modes import closed_think_modes

__all__ = ["FORMAT"]

NAME = "text.hermes"
OPEN, CLOSE = "<tool_call>", "</tool_call>"


def _parse(m: TextParser, text: str, end: str, complete: bool) -> None:
    if end == OPEN:
        abandoned(m, _CALL, name_hint(text), text, CLOSE, opens=(OPEN,), ends=_STOPS, values=_JSON)
        return
    raw = m.opener + text + end
    if not complete:
        m.truncated(name_hint(text), raw)
        return
    obj, repairs = fast_block(m, text)
    if type(obj) is not dict:
        if empty_list(m, obj, raw):
            return
        try:
            obj, repairs = read_block(text.strip(), m.policy, m.loc, m.dialect)
            if type(obj) is not dict:  # strict JSON of another type: the policy's reading (double-encoded)
                obj, _, repairs = parse_arguments(text.strip(), m.policy, m.loc, m.dialect)
        except ArgumentsError as exc:
            m.invalid(name_hint(text), raw, block_problem(m.loc, exc.message), truncated=exc.truncated)
            return
    name = obj.get("name")
    if type(name) is not str:
        m.invalid(None, raw, f"Tool call block at {m.loc} has no \"name\" string")
        return
    cid: str | None = obj.get("id") if type(obj.get("id")) is str else None
    m.json_call(obj, raw, id=cid, repairs=repairs)


# <tool_call> is one token of the Qwen vocabulary (vLLM's streaming Hermes parser starts
# a new call at each one): outside a JSON string, or in one that runs on into the next
# call, it begins another call, and the open one was abandoned
_STOPS = ("<|im_end|>", "<|endoftext|>", "<|eot_id|>", "<|eom_id|>")
_JSON = (('"', '"'),)  # its JSON strings: the values an abandoned call may have been in
_CALL = BodyMode(_parse, ends=(CLOSE, OPEN), quotes=(('"', '"', True),))
# <|im_end|> / <|endoftext|> (and Llama 3's <|eot_id|> / <|eom_id|>) end the turn; servers strip them,
# and drop them if left in
_CONTENT, _REASONING, _START = closed_think_modes(
    {OPEN: body(_CALL), CLOSE: stay}, content_extra=dict.fromkeys(_STOPS, stay)
)
_CALL.next = _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    out = []
    for c in calls_of(calls, NAME):
        out.append(f"{OPEN}\n{dumps({'name': c.name, 'arguments': c.args}, NAME)}\n{CLOSE}")
    return "\n".join(out)


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    description="Hermes / Qwen2.5 / Qwen3: <tool_call>{json}</tool_call>, <think> reasoning",
    reasoning_opens=("<think>",),
)
