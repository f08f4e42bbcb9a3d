"""Ollama native (``ollama``): object arguments, index, optional ids, tool_name results."""

from __future__ import annotations

import pytest

import toolwire

# the shape of docs/api.md "Chat request (with tools)" response, written by hand
RESPONSE = {
    "model": "llama3.2",
    "created_at": "2025-07-07T20:22:19.184789Z",
    "message": {
        "role": "assistant",
        "content": "",
        "tool_calls": [
            {"id": "call_k3x9a0ze", "function": {"index": 0, "name": "get_weather", "arguments": {"city": "Tokyo"}}},
            {"function": {"index": 1, "name": "get_time", "arguments": {}}},
        ],
    },
    "done": True,
    "done_reason": "stop",
}


def test_response_calls() -> None:
    calls = toolwire.decode_all(RESPONSE)
    assert [(c.name, c.args, c.id) for c in calls] == [
        ("get_weather", {"city": "Tokyo"}, "call_k3x9a0ze"),
        ("get_time", {}, None),
    ]
    assert toolwire.detect(RESPONSE) == "ollama"


@pytest.mark.parametrize("i", [0, 1])
def test_items_reencode_losslessly(i: int) -> None:
    item = RESPONSE["message"]["tool_calls"][i]  # type: ignore[index]
    assert toolwire.encode(toolwire.decode(item, "ollama"), "ollama") == item


def test_canonical_call_shape() -> None:
    call = toolwire.ToolCall(name="f", args={"a": [1, "é"]})
    assert toolwire.encode(call, "ollama", position=2) == {"function": {"name": "f", "arguments": {"a": [1, "é"]}, "index": 2}}
    with_id = toolwire.encode(call.replace(id="call_1"), "ollama")
    assert with_id["id"] == "call_1"


def test_string_arguments_are_accepted_and_kept() -> None:
    item = {"function": {"name": "f", "arguments": '{"a": 1}'}}
    call = toolwire.decode(item, "ollama")
    assert call.args == {"a": 1}
    assert toolwire.encode(call, "ollama") == item


def test_done_reason_length_truncates() -> None:
    cut = {**RESPONSE, "done_reason": "length", "message": {"role": "assistant", "content": "", "tool_calls": [
        {"function": {"index": 0, "name": "f", "arguments": '{"a": "x'}}]}}
    kept = toolwire.decode_all(cut, invalid="keep")
    assert isinstance(kept[0], toolwire.InvalidToolCall) and kept[0].truncated


def test_results_use_tool_name() -> None:
    result = toolwire.ToolResult(id="call_k3x9a0ze", name="get_weather", content="22°C")
    wire = toolwire.encode_result(result, "ollama")
    assert wire == {"role": "tool", "tool_name": "get_weather", "content": "22°C", "tool_call_id": "call_k3x9a0ze"}
    assert toolwire.decode_result(wire, "ollama") == result
    no_id = toolwire.encode_result(result.replace(id=None), "ollama")
    assert "tool_call_id" not in no_id


def test_result_parts_join_as_text() -> None:
    result = toolwire.ToolResult(name="f", content=[{"type": "text", "text": "a"}, {"type": "json", "json": {"b": 1}}])
    assert toolwire.encode_result(result, "ollama")["content"] == 'a\n{"b": 1}'
    with pytest.raises(toolwire.EncodeError, match="only text"):
        toolwire.encode_result(toolwire.ToolResult(name="f", content=[{"type": "audio", "data": "x"}]), "ollama")


def test_tool_definition_drops_strict() -> None:
    wire = toolwire.encode_tool(toolwire.Tool(name="f", parameters={"type": "object"}, strict=True), "ollama")
    assert wire == {"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}


def test_call_item_with_index_in_function_is_detected() -> None:
    assert toolwire.detect({"function": {"index": 0, "name": "f", "arguments": {}}}) == "ollama"
    assert toolwire.detect({"role": "tool", "tool_name": "f", "content": "x"}) == "ollama"


PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="


def test_images_on_a_tool_message_are_result_images() -> None:
    """Ollama's ``Message.images`` (base64; https://github.com/ollama/ollama/blob/main/docs/api.md,
    "images") on a tool message are image parts of the result: written back as they came,
    and in the target's shape elsewhere (the media type read from the image's bytes)."""
    import anthropic.types as at
    import ollama

    msg = ollama.Message(role="tool", tool_name="screenshot", content="here it is", images=[ollama.Image(value=PNG)])
    wire = msg.model_dump(mode="json", exclude_none=True)
    r = toolwire.decode_result(wire, "ollama")
    assert r.content == [{"type": "text", "text": "here it is"}, {"type": "image", "image": PNG}]
    assert toolwire.encode_result(r, "ollama") == wire
    block = toolwire.encode_result(r.replace(id="toolu_1"), "anthropic.messages")
    assert block["content"][1] == {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}
    at.ToolResultBlockParam(**block)  # type: ignore[typeddict-item]
    bedrock = toolwire.encode_result(r.replace(id="t1"), "bedrock.converse")
    assert bedrock["toolResult"]["content"][1] == {"image": {"format": "png", "source": {"bytes": PNG}}}
    with pytest.raises(toolwire.EncodeError, match="holds only text"):
        toolwire.encode_result(r.replace(id="call_1"), "openai.chat")
    # an image of another provider goes into ``images``
    from_anthropic = toolwire.decode_result({"type": "tool_result", "tool_use_id": "toolu_1", "content": [
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}]}, "anthropic.messages")
    assert toolwire.encode_result(from_anthropic.replace(name="f"), "ollama") == {
        "role": "tool", "tool_name": "f", "content": "", "tool_call_id": "toolu_1", "images": [PNG]}


_PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806")


def test_tool_message_images_given_as_bytes_are_read_as_base64() -> None:
    # ollama's Message.images takes bytes (its client base64-encodes them); a tool message
    # holding them raised a provider_data error, and non-text images were never image parts
    import ollama

    want = [{"type": "text", "text": "see"}, {"type": "image", "image": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAY="}]
    raw = {"role": "tool", "tool_name": "shot", "content": "see", "images": [_PNG]}
    assert toolwire.decode_result(raw, "ollama").content == want
    sdk = ollama.Message(role="tool", tool_name="shot", content="see", images=[ollama.Image(value=_PNG)])
    assert toolwire.decode_result(sdk, "ollama").content == want
    with pytest.raises(toolwire.DecodeError, match=r"Image at \$\.images\[0\] must be base64 text or bytes"):
        toolwire.decode_result({**raw, "images": [3]}, "ollama")


def test_function_index_counts_the_calls_of_each_message() -> None:
    """``function.index`` is a call's place in its own message's ``tool_calls`` (the
    server numbers the calls of each reply from 0: ``server/routes.go``, as in the
    response above), not across the history."""
    msgs = [
        {"role": "user", "content": "a"},
        {"role": "assistant", "content": None,
         "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": "1"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_2", "type": "function", "function": {"name": "g", "arguments": "{}"}},
            {"id": "call_3", "type": "function", "function": {"name": "h", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "call_2", "content": "2"},
        {"role": "tool", "tool_call_id": "call_3", "content": "3"},
    ]
    out = toolwire.encode_conversation(toolwire.decode_conversation(msgs, "openai.chat"), "ollama")["messages"]
    assert out[1]["tool_calls"] == [{"id": "call_1", "function": {"name": "f", "arguments": {}, "index": 0}}]
    assert out[3]["tool_calls"] == [{"id": "call_2", "function": {"name": "g", "arguments": {}, "index": 0}},
                                    {"id": "call_3", "function": {"name": "h", "arguments": {}, "index": 1}}]
