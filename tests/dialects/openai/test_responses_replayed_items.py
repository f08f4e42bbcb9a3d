"""What a Responses request replays must pair with what the model made: the output of a
custom tool call is a ``custom_tool_call_output`` (openai-python
``ResponseCustomToolCallOutputParam``), and a ``function_call`` item id (``fc_…``) goes
back only beside the reasoning item before it (wire-formats §2g: "Item 'fc_…' of type
'function_call' was provided without its required 'reasoning' item")."""

from __future__ import annotations

import copy
import json
from typing import Any, List

import toolwire
from toolwire import ToolResult
from toolwire.conversation import (
    Conversation,
    Message,
    Problem,
    Reasoning,
    Text,
    decode_conversation,
    encode_conversation,
)

D = "openai.responses"


def _ids() -> toolwire.IdMap:
    return toolwire.IdMap(toolwire.get_dialect(D).ids, dialect=D)


# --- the output of a custom tool call ------------------------------------------------------

# openai-python ResponseCustomToolCallOutputParam: {"type": "custom_tool_call_output", "call_id", "output"}
CUSTOM_OUTPUT = {"type": "custom_tool_call_output", "call_id": "call_1", "output": "1 row"}


def test_a_result_answering_a_custom_call_encoded_with_the_same_map_is_a_custom_output() -> None:
    ids = _ids()
    call = toolwire.decode({"type": "custom_tool_call", "call_id": "call_1", "name": "write_sql", "input": "SELECT 1"},
                           D)
    toolwire.encode(call, D, ids=ids)
    assert toolwire.encode_result(ToolResult(call.id, call.name, "1 row"), D, ids=ids) == CUSTOM_OUTPUT
    # the map remembers it in a copy too; another call's result stays a function_call_output
    assert toolwire.encode_result(ToolResult("call_1", "write_sql", "1 row"), D, ids=copy.deepcopy(ids)) == \
        CUSTOM_OUTPUT
    assert toolwire.encode_result(ToolResult("call_2", "f", "x"), D, ids=ids)["type"] == "function_call_output"
    # without the map nothing says it answers a custom call
    assert toolwire.encode_result(ToolResult("call_1", "write_sql", "1 row"), D)["type"] == "function_call_output"


def test_convert_of_a_chat_tool_message_answering_a_chat_custom_call() -> None:
    ids = _ids()
    chat_call = {"id": "call_1", "type": "custom", "custom": {"name": "write_sql", "input": "SELECT 1"}}
    assert toolwire.convert(chat_call, D, ids=ids) == {
        "type": "custom_tool_call", "call_id": "call_1", "name": "write_sql", "input": "SELECT 1"}
    tool_message = {"role": "tool", "tool_call_id": "call_1", "content": "1 row"}
    assert toolwire.convert(tool_message, D, source="openai.chat", ids=ids) == CUSTOM_OUTPUT


def test_a_fresh_result_after_a_decoded_custom_call_is_a_custom_output() -> None:
    history = {"input": [{"role": "user", "content": "q"},
                         {"type": "custom_tool_call", "call_id": "call_1", "name": "write_sql", "input": "SELECT 1"}]}
    conv = decode_conversation(history, D).append(Message("tool", [ToolResult("call_1", "write_sql", "1 row")]))
    assert encode_conversation(conv, D)["input"][-1] == CUSTOM_OUTPUT


# --- function_call item ids and their reasoning items ----------------------------------------

REASONING = {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAA"}
CALL = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": "{}",
        "status": "completed"}
OUTPUT = {"type": "function_call_output", "call_id": "call_1", "output": "r"}
HISTORY = {"input": [{"role": "user", "content": "hi"}, REASONING, CALL, OUTPUT]}
# ResponseFunctionToolCallParam: ``id`` is optional; ``call_id`` pairs the output
BARE_CALL = {"type": "function_call", "call_id": "call_1", "name": "f", "arguments": "{}", "status": "completed"}
NOTE = Problem("dropped", 1, "call_1", "The item id 'fc_1' of call 'call_1' in message 1 is not sent: openai.responses "
                                      "refuses it without the reasoning item that came before it, which is not in the "
                                      "history")


def _no_reasoning(conv: Conversation, fresh: bool) -> List[Message]:
    msgs = [m for m in conv.messages if not any(type(p) is Reasoning for p in m.parts)]
    return [m.replace(wire=None) for m in msgs] if fresh else msgs


def test_a_call_whose_reasoning_item_is_stripped_goes_without_its_item_id() -> None:
    conv = decode_conversation(HISTORY, D)
    for fresh in (False, True):
        report: List[Problem] = []
        out = encode_conversation(Conversation(_no_reasoning(conv, fresh)), D, report=report)
        assert out["input"] == [{"role": "user", "content": "hi"}, BARE_CALL, OUTPUT]
        assert report == [NOTE]


def test_a_call_with_its_reasoning_item_keeps_its_item_id() -> None:
    conv = decode_conversation(HISTORY, D)
    report: List[Problem] = []
    assert encode_conversation(conv, D, ids=_ids(), report=report) == HISTORY  # as decoded, through the writer
    fresh = Conversation([m.replace(wire=None) for m in conv.messages])
    assert encode_conversation(fresh, D, report=report)["input"] == HISTORY["input"]
    assert report == []


def test_a_history_trimmed_before_the_reasoning_item_goes_without_the_item_id() -> None:
    conv = decode_conversation(HISTORY, D)
    report: List[Problem] = []
    out = encode_conversation(Conversation(conv.messages[2:]), D, report=report)
    assert out["input"] == [BARE_CALL, OUTPUT]
    assert [(p.kind, p.id) for p in report] == [("dropped", "call_1")]


def test_calls_of_a_model_without_reasoning_keep_their_item_ids() -> None:
    """A history with no reasoning item before its calls (gpt-4o) is written back as it
    came, each item as decoded (the corpus holds accepted requests of this shape)."""
    plain = {"input": [{"role": "user", "content": "hi"}, CALL, OUTPUT]}
    conv = decode_conversation(plain, D)
    report: List[Any] = []
    more = encode_conversation(conv.append(Message("user", [Text("more?")])), D, report=report)
    assert json.dumps(more["input"][:3]) == json.dumps(plain["input"])
    assert report == []
