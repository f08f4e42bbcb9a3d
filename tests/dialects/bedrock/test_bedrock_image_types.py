"""Image types written for Bedrock (and Anthropic, whose history writer shares the helper):
a MIME type is case-insensitive and ``image/jpg`` is JPEG; where the bytes show another type
than the label, the one they show is sent (both providers check them), noted."""

from __future__ import annotations

import base64
from typing import Any, List

import pytest

import toolwire
from toolwire import ToolResult
from toolwire.conversation import Problem, decode_conversation, encode_conversation

D = "bedrock.converse"
JPG = base64.b64encode(b"\xff\xd8\xff\xe0\x00\x10JFIF" + bytes(16)).decode()
UNKNOWN = base64.b64encode(b"not an image").decode()


def _chat(mt: str, data: str = JPG) -> List[Any]:
    return [{"role": "user", "content": [{"type": "text", "text": "what is this?"},
                                         {"type": "image_url", "image_url": {"url": f"data:{mt};base64,{data}"}}]}]


@pytest.mark.parametrize("mt", ["image/jpg", "image/JPEG", "Image/Jpg"])
def test_jpg_and_upper_case_labels_are_jpeg(mt: str) -> None:
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(_chat(mt), "openai.chat"), D, report=report)
    assert out["messages"][0]["content"][1] == {"image": {"format": "jpeg", "source": {"bytes": JPG}}}
    assert report == []
    r = toolwire.encode_result(ToolResult("t1", "shot", [{"type": "image", "source": {
        "type": "base64", "media_type": mt, "data": JPG}}]), D)
    assert r["toolResult"]["content"] == [{"image": {"format": "jpeg", "source": {"bytes": JPG}}}]


def test_a_label_the_bytes_contradict_gives_way_to_the_bytes_noted() -> None:
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(_chat("image/png"), "openai.chat"), D, report=report)
    assert out["messages"][0]["content"][1] == {"image": {"format": "jpeg", "source": {"bytes": JPG}}}
    assert [(p.kind, p.index, p.message) for p in report] == [
        ("converted", 0, "The image in message 0 labelled 'image/png' is sent as 'image/jpeg', the type its bytes "
                         "show: bedrock.converse checks them")]
    out = encode_conversation(decode_conversation(_chat("image/png"), "openai.chat"), "anthropic.messages")
    assert out["messages"][0]["content"][1]["source"] == {"type": "base64", "media_type": "image/jpeg", "data": JPG}
    notes: List[Any] = []
    r = toolwire.encode_result(ToolResult("t1", "shot", [{"type": "image", "source": {
        "type": "base64", "media_type": "image/png", "data": JPG}}]), D, report=notes)
    assert r["toolResult"]["content"] == [{"image": {"format": "jpeg", "source": {"bytes": JPG}}}]
    assert [n.kind for n in notes] == ["converted"]


def test_bytes_of_no_known_type_keep_their_label() -> None:
    out = encode_conversation(decode_conversation(_chat("image/PNG", UNKNOWN), "openai.chat"), D)
    assert out["messages"][0]["content"][1] == {"image": {"format": "png", "source": {"bytes": UNKNOWN}}}
    with pytest.raises(toolwire.EncodeError, match="its type 'image/tiff' is not one of png, jpeg, gif, webp"):
        encode_conversation(decode_conversation(_chat("image/tiff", UNKNOWN), "openai.chat"), D)


def test_a_result_image_of_a_type_bedrock_refuses_names_its_type() -> None:
    with pytest.raises(toolwire.EncodeError, match=r"^An image as data in a tool result cannot be written for "
                                                   r"bedrock.converse \(its type: 'image/tiff'\)$"):
        toolwire.encode_result(ToolResult("t1", "shot", [{"type": "image", "source": {
            "type": "base64", "media_type": "image/tiff", "data": UNKNOWN}}]), D)


@pytest.mark.parametrize("mt", ["", None])
def test_an_image_of_no_label_gets_the_type_its_bytes_show(mt: Any) -> None:
    from toolwire.conversation import Media, Message, Text

    out = encode_conversation([Message("user", (Text("x"), Media("image", media_type=mt, data=JPG)))], D)
    assert out["messages"][0]["content"][1] == {"image": {"format": "jpeg", "source": {"bytes": JPG}}}


def test_a_bedrock_image_whose_bytes_show_another_format_is_not_replayed() -> None:
    h = [{"role": "user", "content": [{"text": "x"}, {"image": {"format": "png", "source": {"bytes": JPG}}}]}]
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(h, D), D, report=report)
    assert out == {"messages": [
        {"role": "user", "content": [{"text": "x"}, {"image": {"format": "jpeg", "source": {"bytes": JPG}}}]}]}
    assert [p.kind for p in report] == ["rewritten", "converted"]
    ok = [{"role": "user", "content": [{"text": "x"}, {"image": {"format": "jpeg", "source": {"bytes": JPG}}}]}]
    assert encode_conversation(decode_conversation(ok, D), D) == {"messages": ok}


def _responses_result(mt: str) -> List[Any]:
    return [{"type": "message", "role": "user", "content": [{"type": "input_text", "text": "look"}]},
            {"type": "function_call", "call_id": "call_1", "name": "shot", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "call_1", "output": [
                {"type": "input_image", "image_url": f"data:{mt};base64,{JPG}"}]}]


@pytest.mark.parametrize(("mt", "kinds"), [
    ("image/png", ["converted"]), ("IMAGE/PNG", ["converted"]), ("image/jpg", []), ("application/PDF", ["converted"]),
])
def test_an_anthropic_result_image_gets_the_type_its_bytes_show(mt: str, kinds: List[str]) -> None:
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(_responses_result(mt), "openai.responses"), "anthropic.messages",
                              report=report)
    assert out["messages"][2]["content"][0]["content"] == [
        {"type": "image", "source": {"type": "base64", "media_type": "image/jpeg", "data": JPG}}]
    assert [p.kind for p in report] == kinds


def test_a_bedrock_result_image_whose_bytes_show_another_format_is_not_replayed() -> None:
    h = [{"role": "user", "content": [{"text": "look"}]},
         {"role": "assistant", "content": [{"toolUse": {"toolUseId": "tooluse_1", "name": "shot", "input": {}}}]},
         {"role": "user", "content": [{"toolResult": {"toolUseId": "tooluse_1", "content": [
             {"image": {"format": "png", "source": {"bytes": JPG}}}]}}]}]
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(h, D), D, report=report)
    assert out["messages"][2] == {"role": "user", "content": [{"toolResult": {"toolUseId": "tooluse_1", "content": [
        {"image": {"format": "jpeg", "source": {"bytes": JPG}}}]}}]}
    assert [(p.kind, p.index) for p in report] == [("rewritten", 2), ("converted", 2)]


@pytest.mark.parametrize(("mt", "kinds"), [("image/png", ["rewritten", "converted"]), ("image/jpg", ["rewritten", "converted"])])
def test_an_anthropic_image_labelled_other_than_its_bytes_is_not_replayed(mt: str, kinds: List[str]) -> None:
    A = "anthropic.messages"
    img = {"type": "image", "source": {"type": "base64", "media_type": mt, "data": JPG}, "cache_control": {"type": "ephemeral"}}
    fixed = {**img, "source": {"type": "base64", "media_type": "image/jpeg", "data": JPG}}
    h = {"messages": [{"role": "user", "content": [{"type": "text", "text": "look"}, img]}]}
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(h, A), A, report=report)
    assert out == {"messages": [{"role": "user", "content": [{"type": "text", "text": "look"}, fixed]}]}
    assert [p.kind for p in report] == kinds
    h = {"messages": [{"role": "user", "content": [{"type": "text", "text": "look"}]},
                      {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "shot", "input": {}}]},
                      {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": [img]}]}]}
    report = []
    out = encode_conversation(decode_conversation(h, A), A, report=report)
    assert out["messages"][2]["content"][0]["content"] == [fixed]
    assert [(p.kind, p.index) for p in report] == [("rewritten", 2), ("converted", 2)]
    ok = {"messages": [{"role": "user", "content": [{"type": "text", "text": "look"}, fixed]}]}
    assert encode_conversation(decode_conversation(ok, A), A) == ok
