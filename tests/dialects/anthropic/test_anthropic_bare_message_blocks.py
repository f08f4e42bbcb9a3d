"""A bare Anthropic message ``{"role", "content": [...]}`` keeps its dialect whatever
typed blocks it holds, and a block without ``type`` is never read as "no calls".

https://docs.claude.com/en/api/messages: every content block has a ``type``; blocks of
types this version does not know are passed over (docs/dialects/anthropic.md, Quirks).
Anthropic's compaction (https://platform.claude.com/docs/en/build-with-claude/compaction,
anthropic-sdk-python ``BetaCompactionBlock``: ``type: "compaction"``, ``content``) returns a
``compaction`` block that the caller puts back at the front of its history. Before, any
block type but text, tool_use, tool_result, thinking and the known others made the message
fall to openai.responses' "role item" claim: named, "looks like openai.responses"; a
history holding the block decoded as ``openai.chat`` and could not be written back to
Anthropic; a block that lost its ``type`` (it may be a call) gave ``[]``.

What a Chat message or a Responses message item holds stays theirs
(https://platform.openai.com/docs/api-reference/chat/create: ``text``, ``image_url``,
``input_audio``, ``file``, ``refusal`` parts; .../responses/create: ``input_text``,
``output_text``, ``input_image``, ``input_file``, ``refusal``).
"""

from __future__ import annotations

import typing
from typing import Any, Dict, List

import pytest

import toolwire

D = "anthropic.messages"
TEXT = {"type": "text", "text": "hi"}
COMPACTION = {"type": "compaction", "content": "Summary of the earlier turns"}
FUTURE = {"type": "future_block", "x": 1}
TYPELESS_CALL = {"id": "toolu_1", "name": "f", "input": {}}
TYPELESS_RESULT = {"tool_use_id": "toolu_1", "content": "22°C"}
TYPELESS = {"foo": 1}


def _msg(*blocks: Dict[str, Any], role: str = "assistant") -> Dict[str, Any]:
    return {"role": role, "content": list(blocks)}


def test_the_block_type_is_the_sdks() -> None:
    beta = pytest.importorskip("anthropic.types.beta")
    assert typing.get_args(beta.BetaCompactionBlock.model_fields["type"].annotation) == ("compaction",)
    assert beta.BetaCompactionBlock.model_validate(COMPACTION).content == COMPACTION["content"]


@pytest.mark.parametrize("blocks", [[TEXT, COMPACTION], [COMPACTION], [COMPACTION, TEXT], [FUTURE], [TEXT, FUTURE]],
                         ids=["text+compaction", "compaction", "compaction+text", "unknown", "text+unknown"])
@pytest.mark.parametrize("role", ["user", "assistant"])
def test_typed_blocks_no_other_dialect_has_are_anthropic(blocks: List[Dict[str, Any]], role: str) -> None:
    m = _msg(*blocks, role=role)
    hit = toolwire.explain(m)
    assert (hit.dialect, hit.kind) == (D, "calls")
    article = "an" if role == "assistant" else "a"
    assert hit.reason == f"{article} {role!r} message of typed blocks, none of another dialect's"
    assert toolwire.decode_all(m) == []
    assert toolwire.decode_all(m, D) == []


def test_a_call_beside_an_unknown_block_is_found_either_way() -> None:
    call = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": 1}}
    assert toolwire.decode_all(_msg(COMPACTION, call)) == [toolwire.ToolCall("f", {"a": 1}, "toolu_1")]
    assert toolwire.decode_all(_msg(COMPACTION, call), D) == [toolwire.ToolCall("f", {"a": 1}, "toolu_1")]


# another dialect's part beside the unknown block: the message stays that dialect's
@pytest.mark.parametrize("part", [
    {"type": "image_url", "image_url": {"url": "https://example.com/a.png"}},
    {"type": "input_audio", "input_audio": {"data": "AAAA", "format": "wav"}},
    {"type": "file", "file": {"file_id": "file_1"}},
    {"type": "refusal", "refusal": "no"},
    {"type": "input_text", "text": "hi"},
    {"type": "output_text", "text": "hi", "annotations": []},
    {"type": "input_image", "image_url": "https://example.com/a.png"},
    {"type": "input_file", "file_id": "file_1"},
    {"type": "document_url", "document_url": "https://example.com/a.pdf"},
], ids=lambda p: p["type"])
def test_other_dialects_parts_are_not_claimed(part: Dict[str, Any]) -> None:
    m = _msg(FUTURE, part)
    assert toolwire.explain(m).dialect != D
    with pytest.raises(toolwire.DecodeError, match="is not an anthropic.messages payload"):
        toolwire.decode_all(m, D)


@pytest.mark.parametrize("block", [TYPELESS_CALL, TYPELESS_RESULT], ids=["call", "result"])
@pytest.mark.parametrize("before", [[], [TEXT], [COMPACTION]], ids=["alone", "after-text", "after-compaction"])
def test_a_typeless_call_or_result_raises_at_its_block(block: Dict[str, Any], before: List[Any]) -> None:
    m = _msg(*before, block)
    at = f"$.content[{len(before)}]"
    want = f"Content block at {at} has no 'type', which every {D} block has"
    assert toolwire.explain(m).dialect == D
    for named in (None, D):
        with pytest.raises(toolwire.DecodeError) as exc:
            toolwire.decode_all(m, named)
        assert (exc.value.message, exc.value.loc) == (want, at)


@pytest.mark.parametrize("reader", ["openai.responses", "openai.chat", "mistral", "cohere.v2"])
@pytest.mark.parametrize("role", ["user", "assistant"])
def test_a_typeless_block_raises_in_chat_and_responses(reader: str, role: str) -> None:
    m = _msg(TEXT, TYPELESS_CALL, role=role)
    with pytest.raises(toolwire.DecodeError) as exc:
        toolwire.decode_all(m, reader)
    # (Mistral and Cohere read with Chat's reader, and are named as the dialect that reads)
    assert (exc.value.message, exc.value.loc) == (
        f"Content block at $.content[1] has no 'type', which every {reader} block has", "$.content[1]")


def test_a_typeless_block_no_dialect_claims_raises_detected() -> None:
    m = _msg(TEXT, TYPELESS)
    with pytest.raises(toolwire.DecodeError) as exc:
        toolwire.decode_all(m)
    assert exc.value.loc == "$.content[1]"
    assert "has no 'type'" in exc.value.message
    with pytest.raises(toolwire.DecodeError) as exc:
        toolwire.decode_all([m])
    assert exc.value.loc == "$[0].content[1]"


def test_a_typeless_block_in_a_chat_request_raises() -> None:
    h = {"messages": [{"role": "user", "content": "hi"}, _msg(TYPELESS_CALL)]}
    for x in (h, h["messages"]):
        with pytest.raises(toolwire.DecodeError) as exc:
            toolwire.decode_all(x)
        assert exc.value.loc.endswith("[1].content[0]")
        assert "has no 'type'" in exc.value.message


def test_bedrock_messages_stay_bedrocks() -> None:
    m = {"role": "assistant", "content": [{"text": "hi"}, {"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}}]}
    assert toolwire.explain(m).dialect == "bedrock.converse"
    assert toolwire.decode_all(m) == [toolwire.ToolCall("f", {}, "t1")]


POST_COMPACTION = {"model": "claude-opus-4-5", "max_tokens": 100, "messages": [
    {"role": "assistant", "content": [COMPACTION]}, {"role": "user", "content": "continue"}]}


@pytest.mark.parametrize("history", [
    POST_COMPACTION,
    {"messages": [{"role": "user", "content": "hi"}, _msg(COMPACTION, TEXT), {"role": "user", "content": "more"}]},
], ids=["first", "middle"])
def test_a_history_with_a_compaction_block_is_anthropic(history: Dict[str, Any]) -> None:
    assert toolwire.detect(history) == D
    conv = toolwire.decode_conversation(history)
    assert conv.dialect == D
    assert toolwire.encode_conversation(conv, D) == {k: v for k, v in history.items() if k != "model"
                                                     and k != "max_tokens"}
    assert toolwire.decode_all(history) == []
