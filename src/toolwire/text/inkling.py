"""``text.inkling``: Inkling's typed message blocks, ``<|content_invoke_tool_json|>{"name", "args"}`` calls.

Wire form (every marker a special token; the generation prompt ends with
``<|message_model|>``, so the output starts in a block header)::

    <|content_thinking|>The user wants the weather.<|end_message|>
    <|message_model|><|content_text|>Let me check.<|end_message|>
    <|message_model|>get_weather<|content_invoke_tool_json|>{"name":"get_weather","args":{"city":"Seoul"}}<|end_message|>
    <|content_model_end_sampling|>

(one line here; the model writes no newlines between the blocks).

- A block is ``<|message_model|>``, an optional author name (a call's block names its
  tool), a content-kind marker, its text, and ``<|end_message|>`` (or
  ``<|content_model_end_sampling|>``, which also ends the turn). Blocks may come in
  any order and repeat.
- ``<|content_invoke_tool_json|>`` holds one call: a JSON object with ``"name"`` and its
  arguments under ``"args"`` (vLLM reads ``"arguments"`` and ``"parameters"`` too), an
  object. A block that is no such object, has no ``"name"`` string, or whose author
  name differs from it (which is the tool to run is unknown), is an ``InvalidToolCall``
  that keeps its text; one that never ends is cut off (``truncated=True``). The end
  markers inside a JSON string do not end it.
- ``<|content_thinking|>`` opens reasoning; ``<|end_message|>`` or
  ``<|content_model_end_sampling|>`` ends it, so a call block inside the reasoning is
  reasoning text (vLLM's parser lets ``<|content_invoke_tool_json|>`` end an unclosed
  thinking block; the renderer always closes it first). When the prompt opened the
  block, pass it (``prompt=``) or ``thinking=True``.
- ``<|content_text|>``, ``<|content_invoke_tool_text|>`` and ``<|content_tool_error|>``
  blocks are content (vLLM shows the raw and error tool blocks as text). A call
  block's author name is kept in its ``raw``; text in any other header (the renderer
  writes none there; vLLM drops it as metadata) is content, as is text with no blocks
  at all (vLLM reads it so).

Encoding follows vLLM's Inkling renderer: per call
``<|message_model|>NAME<|content_invoke_tool_json|>{"name":NAME,"args":{…}}<|end_message|>``
(the arguments with their keys sorted, compact, non-ASCII kept), then
``<|content_model_end_sampling|>``, which ends the assistant message.

Sources (checked 2026-12-06): vllm-project/vllm ``vllm/frontend/processing/parser/inkling.py``
(the block grammar: markers, transitions, the initial header state, ``"args"``; the
``inkling`` tool parser, ``vllm/tool_parsers/inkling_tool_parser.py``, is its adapter)
and vLLM's Inkling chat-encoding core (the renderer: blocks, the author name of a call
block, the canonical JSON of the arguments, ``<|content_model_end_sampling|>`` after an
assistant message, the generation prompt ``<|message_model|>``). No chat template is
published for Inkling: the renderer is the template.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from .._args import parse_arguments, read_block
from .._errors import ArgumentsError
from .._types import ToolCall
from ._core import Action, BodyMode, TextMode, TextParser
from ._format import TextFormat
from ._kit import block_problem, body, calls_of, dumps, fast_block, forbid, goto, name_hint, stay
from ._modes import closed_think_modes, start_in

__all__ = ["FORMAT"]

NAME = "text.inkling"
MODEL, END, END_SAMPLING = "<|message_model|>", "<|end_message|>", "<|content_model_end_sampling|>"
TEXT, THINKING, TOOL_JSON = "<|content_text|>", "<|content_thinking|>", "<|content_invoke_tool_json|>"
TOOL_TEXT, TOOL_ERROR = "<|content_invoke_tool_text|>", "<|content_tool_error|>"
_MARKERS = (MODEL, END, END_SAMPLING, TEXT, THINKING, TOOL_JSON, TOOL_TEXT, TOOL_ERROR)
ARG_KEYS = ("args", "arguments", "parameters")


def _parse(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    author = m.opener[: -len(TOOL_JSON)].strip()
    if not complete:
        m.truncated(author or name_hint(text), raw)
        return
    obj, repairs = fast_block(m, text)
    if type(obj) is not dict:
        try:
            obj, repairs = read_block(text.strip(), m.policy, m.loc, m.dialect)
            if type(obj) is not dict:  # strict JSON of another type: the policy's reading (double-encoded)
                obj, _, repairs = parse_arguments(text.strip(), m.policy, m.loc, m.dialect)
        except ArgumentsError as exc:
            m.invalid(author or name_hint(text), raw, block_problem(m.loc, exc.message), truncated=exc.truncated)
            return
    name = obj.get("name")
    if type(name) is not str:
        m.invalid(author or None, raw, f"Tool call block at {m.loc} has no \"name\" string")
        return
    if author and author != name:
        m.invalid(None, raw, f"Tool call block at {m.loc} is headed {author!r} but names {name!r}: "
                             "which tool to run is unknown")
        return
    m.json_call(obj, raw, keys=ARG_KEYS, repairs=repairs)


def _open_call(m: TextParser, tok: str) -> None:
    """A call block: its header's author name (held as stray text) goes into its opener."""
    author = m.stray.join()
    m.stray.reset()
    m.open_body(_CALL, author + tok)


def _after_header(mode: TextMode, m: TextParser, tok: str) -> None:
    """A content-kind marker after a header whose text went to content: a break there."""
    m.brk("content")
    m.mode = mode


_CALL = BodyMode(_parse, ends=(END, END_SAMPLING), quotes=(('"', '"', True),), stop_closer=END_SAMPLING)
_MARKUP: dict[str, Action] = {TEXT: stay, TOOL_TEXT: stay, TOOL_ERROR: stay, END_SAMPLING: stay}
_CONTENT, _REASONING, _ = closed_think_modes({TOOL_JSON: body(_CALL)}, THINKING, END, content_extra=_MARKUP)
_REASONING.set({END: goto(_CONTENT), END_SAMPLING: goto(_CONTENT), THINKING: stay})
# a header's text goes to the stray text: a call block's author name, content otherwise
_HEADER = TextMode("")
_HEADER.set(
    {
        MODEL: stay, END: goto(_CONTENT), END_SAMPLING: goto(_CONTENT), TOOL_JSON: _open_call,
        TEXT: partial(_after_header, _CONTENT), TOOL_TEXT: partial(_after_header, _CONTENT),
        TOOL_ERROR: partial(_after_header, _CONTENT), THINKING: partial(_after_header, _REASONING),
    },
    text_first=(TOOL_JSON,),
)
_CONTENT.set({**_CONTENT.on, MODEL: goto(_HEADER)})
_CALL.next = _CONTENT
_START = partial(start_in, _HEADER, _REASONING)


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    out = []
    for c in calls_of(calls, NAME):
        forbid(c.name, _MARKERS, "Name", NAME, "$.name")
        args = dumps(c.args, NAME, compact=True, sort_keys=True)  # the renderer's canonical JSON
        out.append(f'{MODEL}{c.name}{TOOL_JSON}{{"name":{dumps(c.name, NAME)},"args":{args}}}{END}')
    return "".join(out) + END_SAMPLING


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    description='Inkling: <|message_model|>NAME<|content_invoke_tool_json|>{"name", "args"}<|end_message|>, '
    "<|content_thinking|> blocks",
    reasoning_opens=(THINKING,),
)
