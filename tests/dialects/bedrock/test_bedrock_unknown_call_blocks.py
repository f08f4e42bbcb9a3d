"""A Converse content block is a union of one member
(https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ContentBlock.html);
unknown kinds are passed over, but one whose key names a call or a tool is refused:
Haystack's serialized ``ChatMessage`` (``ChatMessage.to_dict()``) reads as a Converse
message by its ``{"text"}`` block, and its ``{"tool_call": ...}`` block was passed over,
so ``decode_all`` gave ``[]`` where a call was (Haystack hunt F3)."""

from __future__ import annotations

import pytest

import toolwire

HAYSTACK = {"role": "assistant", "meta": {}, "name": None,
            "content": [{"text": "Let me check."},
                        {"tool_call": {"tool_name": "get_weather", "arguments": {"city": "Paris"}, "id": "call_1",
                                       "extra": None}}]}


@pytest.mark.parametrize("include_server", [False, True])
def test_a_haystack_message_with_a_call_is_refused_not_read_as_none(include_server: bool) -> None:
    with pytest.raises(toolwire.DecodeError) as e:
        toolwire.decode_all(HAYSTACK, include_server=include_server)
    assert str(e.value) == ("The block at $.content[1] is 'tool_call', no Converse content block (a call is "
                            "'toolUse'): the call it may hold would be lost")
    assert e.value.loc == "$.content[1]"


def test_a_block_of_another_unknown_kind_is_still_passed_over() -> None:
    msg = {"role": "assistant", "content": [{"text": "Hi."}, {"newMediaKind2027": {"x": 1}},
                                            {"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}}]}
    assert [c.id for c in toolwire.decode_all(msg)] == ["t1"]
