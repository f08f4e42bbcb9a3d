"""``text.command-r``: Cohere Command R7B / Command A ``<|START_ACTION|>[json]<|END_ACTION|>``,
and the older Command R / Command R+ (2024) ``Action:`` block (variant ``r``).

Wire form (the open-weight models' chat template)::

    <|START_THINKING|>I will look up the weather.<|END_THINKING|><|START_ACTION|>[
        {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Paris"}},
        {"tool_call_id": "1", "tool_name": "now", "parameters": {}}
    ]<|END_ACTION|>

- The action block holds a JSON array of ``{"tool_call_id", "tool_name", "parameters"}``
  objects (one object is read too; ``arguments`` is read like ``parameters``). The
  ``tool_call_id`` string is the call's id (llama.cpp keeps it too; ``""`` is no id, as
  ``text.mistral`` and ``openai.chat`` read it). An object with no
  ``"tool_name"`` string, or whose ``tool_call_id`` is not a string, is an
  ``InvalidToolCall`` that keeps the block in ``raw``; so is a block that holds no
  call (``[]``: the template writes none, llama.cpp refuses it; read as nothing, a bare
  one would be an empty reply). The text around it stays content.
- ``<|START_THINKING|>…<|END_THINKING|>`` is reasoning; an action block inside a closed
  block is reasoning text. In a block that never closes, ``<|START_ACTION|>`` ends the
  reasoning, as llama.cpp reads it (the text from there is held until the text ends:
  its calls are calls; if ``<|END_THINKING|>`` comes after all, it was all reasoning).
  The answer's wrappers ``<|START_RESPONSE|>`` /
  ``<|END_RESPONSE|>`` (Command R7B, Command A) and ``<|START_TEXT|>`` / ``<|END_TEXT|>``
  (the Cohere2 MoE template) and the end-of-turn token ``<|END_OF_TURN_TOKEN|>`` are
  dropped.
- Prompt: the Command R7B template ends the generation prompt with an empty block
  ``<|START_THINKING|><|END_THINKING|>`` unless ``enable_thinking``; the Cohere2 MoE
  template opens the block (``<|START_THINKING|>``) when reasoning is on: pass the
  prompt (``prompt=``) or ``thinking=True``.
- ``<|END_ACTION|>`` inside a JSON string does not end the block; a block still open at
  the end of the text gives the calls that closed before the cut and one
  ``InvalidToolCall`` (``truncated``) named by its own ``"tool_name"``.

Command R / Command R+ (c4ai-command-r-v01, c4ai-command-r-plus and their 08-2024
releases; variant ``r``): the ``tool_use`` template asks for "'Action:' followed by a
json-formatted list of actions" in a JSON code fence::

    I will look it up.
    Action: ```json
    [
        {
            "tool_name": "internet_search",
            "parameters": {"query": "biggest penguin"}
        }
    ]
    ```

- ``Action: ```json`` (also ``Action:`` and the fence on the next line, as the template
  renders the model's past calls) at the start of the text or of a line opens the block
  (in the middle of a line it is prose); the closing fence ends it (a fence
  inside a JSON string does not). The objects are read like the action block's (they
  carry no ``tool_call_id``); the text before ``Action:`` (a multi-step ``Plan:``) is
  the answer. A block with no closing fence is cut off: the calls that
  closed before the cut and one ``InvalidToolCall`` (``truncated``).
- ``directly_answer`` (the template: "use the `directly-answer` tool if calling the other
  tools is unnecessary"; the model card offers it as a tool that "Calls a standard
  (un-augmented) AI chatbot to generate a response") is read as the call it is: the
  answer is not in this text, and no call with no answer would look like an empty
  answer. The caller answers it by generating again without tools; with ``tools=`` it is
  a call only when offered, as the model card offers it.

Encoding writes the template's block: ``<|START_ACTION|>[``, one object per line indented
by four spaces, ``]<|END_ACTION|>``; a call without an id gets its index (``"0"``,
``"1"``…) as the template numbers them. Variant ``r`` writes the ``tool_use`` template's
rendering of a past call: ``Action:``, the fence on the next line, each object's keys on
their own lines, ``"parameters"`` as ``tojson(indent=4)`` indented by eight, and the
closing fence right after the list's ``]`` (ids are not written: the format has none).

Sources (checked 2026-12-05): the chat templates of CohereForAI/c4ai-command-r7b-12-2024
and the Cohere2 MoE models, as vendored by ggml-org/llama.cpp
(``models/templates/CohereForAI-c4ai-command-r7b-12-2024-tool_use.jinja``,
``Cohere2MoE.jinja``); llama.cpp's Command R7B parser (``common_chat_parse_command_r7b``,
and the template-driven PEG parser that replaced it), compared on rendered texts. Command
R / R+: the ``tool_use`` template of CohereForAI/c4ai-command-r-plus as llama.cpp vendors it
(``CohereForAI-c4ai-command-r-plus-tool_use.jinja``, rendered with jinja2 as transformers
renders it), Ollama's command-r-plus template (past calls as ``Action: ```json``), and
langchain-cohere's parser of the same output (``react_multi_hop/parsing.py``). llama.cpp reads no calls in it (its
output is content).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from .._errors import excerpt
from .._types import ToolCall
from ._core import BodyMode, TextParser
from ._format import TextFormat
from ._jsoncalls import cut_json_calls, json_calls
from ._kit import body, calls_of, dumps, loose_name, stay
from ._modes import held_think_modes

__all__ = ["FORMAT"]

NAME = "text.command-r"
THINK, END_THINK = "<|START_THINKING|>", "<|END_THINKING|>"
OPEN, CLOSE = "<|START_ACTION|>", "<|END_ACTION|>"
# Command R / R+: the model writes "Action: ```json", the template renders "Action:\n```json"
ACTIONS, FENCE = ("Action: ```json", "Action:\n```json"), "```"
DROPPED = ("<|START_RESPONSE|>", "<|END_RESPONSE|>", "<|START_TEXT|>", "<|END_TEXT|>", "<|END_OF_TURN_TOKEN|>")
_KEYS = ("parameters", "arguments")
_BARE = frozenset({"tool_call_id", "tool_name", "type"})


def _item(m: TextParser, item: Any, raw: str, repairs: tuple[str, ...], variant: str | None = None) -> None:
    """One call object of the block."""
    if type(item) is not dict or type(item.get("tool_name")) is not str:
        m.invalid(None, raw, f"Tool call at {m.loc} is not an object with a \"tool_name\" string")
        return
    cid = item.get("tool_call_id")
    if cid == "":  # no id, as text.mistral and openai.chat read it
        cid = None
    if cid is not None and type(cid) is not str:
        m.invalid(item["tool_name"], raw,
                  f"Tool call at {m.loc} has a \"tool_call_id\" that is not a string: {excerpt(cid)}")
        return
    name = item.get("name", item["tool_name"])
    if name != item["tool_name"]:  # two names: which tool is meant is unknown (as two argument objects)
        error = (f"Tool call at {m.loc} has both \"tool_name\" {excerpt(item['tool_name'])} and \"name\" "
                 f"{excerpt(name)}, which differ: which tool it calls is unknown")
        m.invalid(item["tool_name"], raw, error, id=cid)
        return
    m.json_call(item, raw, _KEYS, "tool_name", _BARE, id=cid, repairs=repairs, variant=variant)


_HINT = partial(loose_name, field="tool_name")


def _block(m: TextParser, text: str, end: str, complete: bool, *, read: Any) -> None:
    """An action block: its calls; one that holds none (``[]``) is an ``InvalidToolCall``,
    never nothing (``json_calls``; llama.cpp's parser refuses it; the template writes no
    empty block)."""
    raw = m.opener + text + end
    if not complete:  # the calls that closed and the cut one (``json_block``)
        cut_json_calls(m, text, raw, read=read, hint=_HINT)
        return
    json_calls(m, text, raw, read=read, hint=_HINT)


_CALL = BodyMode(partial(_block, read=_item), ends=(CLOSE,), quotes=(('"', '"', True),))
_ACTION = BodyMode(partial(_block, read=partial(_item, variant="r")), ends=(FENCE,), quotes=(('"', '"', True),))


def _action(m: TextParser, tok: str) -> None:
    """``Action:`` opens a block at the start of the text or of a line, where the template
    asks for it (langchain-cohere reads one only at the start or after a ``Plan:``); quoted
    in the middle of a line it is prose (an R7B answer explaining the older format)."""
    if m.content.started and "\n" not in m.content.pending.join():
        m.emit_content(tok)
        return
    m.open_body(_ACTION, tok)


_CONTENT, _REASONING, _START = held_think_modes(
    {OPEN: body(_CALL)}, {OPEN: ""}, THINK, END_THINK,
    content_extra={CLOSE: stay, **{d: stay for d in DROPPED}, **{a: _action for a in ACTIONS}},
)
_CALL.next = _ACTION.next = _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    if variant == "r":
        return _encode_r(calls)
    lines = [
        "    " + dumps({"tool_call_id": c.id if c.id is not None else str(i), "tool_name": c.name,
                        "parameters": c.args}, NAME)
        for i, c in enumerate(calls_of(calls, NAME))
    ]
    return OPEN + "[\n" + ",\n".join(lines) + "\n]" + CLOSE


def _encode_r(calls: Sequence[ToolCall]) -> str:
    """The ``tool_use`` template's rendering: ``tojson(indent=4)|indent(8)`` parameters."""
    items = [
        "    {\n        \"tool_name\": " + dumps(c.name, NAME) + ",\n        \"parameters\": "
        + dumps(c.args, NAME, indent=4).replace("\n", "\n        ") + "\n    }"
        for c in calls_of(calls, NAME)
    ]
    return ACTIONS[1] + "\n[\n" + ",\n".join(items) + "\n]" + FENCE


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    variants=("r7b", "r"),
    description="Command R7B / A: <|START_ACTION|>[{\"tool_call_id\", \"tool_name\", \"parameters\"}], "
                "<|START_THINKING|>; Command R / R+: Action: ```json [...]```",
    reasoning_opens=(THINK,),
)
