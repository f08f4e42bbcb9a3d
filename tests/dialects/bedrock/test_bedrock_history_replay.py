"""A Bedrock history written back to bedrock.converse: what Converse refuses as a client kept
it (a string ``toolUse`` input, blank text, an error result without content, an empty
message) is written fresh and noted, never replayed; a valid history still goes back
exactly as it came."""

from __future__ import annotations

from typing import Any, List

import pytest

import toolwire
from toolwire.conversation import Problem, decode_conversation, encode_conversation

D = "bedrock.converse"


def _history(inp: Any) -> List[Any]:
    return [
        {"role": "user", "content": [{"text": "weather?"}]},
        {"role": "assistant", "content": [
            {"text": "Checking."}, {"toolUse": {"toolUseId": "tooluse_1", "name": "get_weather", "input": inp}}]},
        {"role": "user", "content": [{"toolResult": {"toolUseId": "tooluse_1", "content": [{"text": "sunny"}]}}]},
    ]


@pytest.mark.parametrize(("inp", "written"), [("", {}), ('{"city": "Paris"}', {"city": "Paris"})])
def test_a_string_tool_use_input_is_written_back_as_its_object_noted(inp: str, written: Any) -> None:
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(_history(inp), D), D, report=report)
    assert out == {"messages": _history(written)}
    assert [(p.kind, p.index, p.message) for p in report] == [
        ("rewritten", 1, "Assistant message 1 is written fresh, not as it came: it holds a toolUse input that is "
                         "no JSON object (Converse takes only an object)")]


@pytest.mark.parametrize("inp", ["not json", [], "[1]"])
def test_an_unreadable_tool_use_input_is_never_replayed(inp: Any) -> None:
    with pytest.raises(toolwire.EncodeError, match="Message 1 holds an invalid call of 'get_weather' that cannot be "
                                                   "written"):
        encode_conversation(decode_conversation(_history(inp), D), D)


def test_a_tool_use_without_input_gets_an_empty_object() -> None:
    h = _history({})
    del h[1]["content"][1]["toolUse"]["input"]
    report: List[Problem] = []
    assert encode_conversation(decode_conversation(h, D), D, report=report) == {"messages": _history({})}
    assert [p.kind for p in report] == ["rewritten"]


def test_blank_blocks_and_empty_messages_are_not_replayed() -> None:
    h = [
        {"role": "user", "content": [{"text": "weather?"}, {"text": ""}]},
        {"role": "assistant", "content": [{"text": "  "}, {"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}}]},
        {"role": "user", "content": [{"toolResult": {"toolUseId": "t1", "content": [], "status": "error"}}]},
        {"role": "assistant", "content": []},
        {"role": "user", "content": [{"toolResult": {"toolUseId": "t1", "content": [{"text": " "}]}}]},
    ]
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(h, D), D, report=report)
    assert out == {"messages": [
        {"role": "user", "content": [{"text": "weather?"}]},
        {"role": "assistant", "content": [{"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}}]},
        {"role": "user", "content": [
            {"toolResult": {"toolUseId": "t1", "content": [{"text": "(no output)"}], "status": "error"}},
            {"toolResult": {"toolUseId": "t1", "content": [{"text": "(no output)"}]}},
        ]},
    ]}
    assert [(p.kind, p.index) for p in report] == [
        ("rewritten", 0), ("rewritten", 1), ("rewritten", 2), ("rewritten", 3), ("rewritten", 4), ("dropped", 1),
        ("inserted", 2), ("dropped", 3), ("inserted", 4)]


def test_a_valid_history_goes_back_exactly() -> None:
    h = {"system": [{"text": "Be brief."}], "messages": [
        *_history({"city": "Paris"}),
        {"role": "assistant", "content": [
            {"toolUse": {"toolUseId": "s1", "name": "nova_code_interpreter", "type": "server_tool_use", "input": "x"}},
            {"text": "Done."}]},
        {"role": "user", "content": [{"toolResult": {"toolUseId": "t9", "content": [], "status": "success"}}]},
    ]}
    report: List[Problem] = []
    assert encode_conversation(decode_conversation(h, D), D, report=report) == h
    assert report == []


def test_the_result_of_a_call_written_fresh_with_a_mapped_id_gets_the_same_id() -> None:
    h = _history("")
    for m in h[1:]:
        b = m["content"][-1]
        (b.get("toolUse") or b["toolResult"])["toolUseId"] = "id with space"
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(h, D), D, report=report)
    call_id = out["messages"][1]["content"][1]["toolUse"]["toolUseId"]
    assert call_id != "id with space"
    assert out["messages"][2] == {"role": "user", "content": [{"toolResult": {"toolUseId": call_id,
                                                                             "content": [{"text": "sunny"}]}}]}
    assert [(p.kind, p.index) for p in report] == [("rewritten", 1), ("rewritten", 2)]
