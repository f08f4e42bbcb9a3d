"""Each provider rule ``encode_conversation`` follows, one named test per rule, with the
wire shapes pinned from the providers' documentation (cited per test)."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest
from histories import HISTORIES

import toolwire
from history_types import check_fragment
from toolwire import EncodeError, IdMap, NameMap, ToolCall, ToolResult
from toolwire.conversation import (
    Conversation,
    Media,
    Message,
    Problem,
    Reasoning,
    Text,
    check_conversation,
    decode_conversation,
    encode_conversation,
)

DOCS = {d: p for d, _, p, _ in HISTORIES}

# OpenAI Chat, parallel calls: https://platform.openai.com/docs/guides/function-calling#parallel-function-calling
PARALLEL_CHAT: Dict[str, Any] = {
    "messages": [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "Weather in Paris and Rome?"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_a", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\":\"Paris\"}"}},
            {"id": "call_b", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\":\"Rome\"}"}},
        ]},
        {"role": "tool", "tool_call_id": "call_a", "content": "15 C"},
        {"role": "tool", "tool_call_id": "call_b", "content": "20 C"},
        {"role": "user", "content": "Thanks!"},
    ]
}
PARIS = {"city": "Paris"}
ROME = {"city": "Rome"}


def test_anthropic_results_come_first_in_the_next_user_message() -> None:
    # https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use:
    # "tool result blocks must immediately follow their corresponding tool use blocks" and
    # "In the user message containing tool results, the tool_result blocks must come FIRST"
    out = encode_conversation(decode_conversation(PARALLEL_CHAT), "anthropic.messages")
    assert out == {
        "system": "Be brief.",
        "messages": [
            {"role": "user", "content": [{"type": "text", "text": "Weather in Paris and Rome?"}]},
            {"role": "assistant", "content": [
                {"type": "tool_use", "id": "call_a", "name": "get_weather", "input": PARIS},
                {"type": "tool_use", "id": "call_b", "name": "get_weather", "input": ROME},
            ]},
            {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "call_a", "content": "15 C"},
                {"type": "tool_result", "tool_use_id": "call_b", "content": "20 C"},
                {"type": "text", "text": "Thanks!"},
            ]},
        ],
    }


def test_anthropic_results_move_before_text_of_the_same_turn() -> None:
    conv = Conversation([
        Message("user", [Text("Go.")]),
        Message("assistant", [ToolCall("f", {}, "toolu_1")]),
        Message("user", [Text("Here is the result:")]),
        Message("tool", [ToolResult("toolu_1", content="done")]),
    ])
    out = encode_conversation(conv, "anthropic.messages")
    assert out["messages"][2] == {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "toolu_1", "content": "done"},
        {"type": "text", "text": "Here is the result:"},
    ]}


def test_consecutive_assistant_items_merge_into_one_turn() -> None:
    # Responses keeps one item per text, call and reasoning; Chat, Anthropic and Bedrock
    # want one assistant message holding the text and every call of the turn
    responses = {"input": [
        {"role": "user", "content": "Weather in Paris and Rome?"},
        {"role": "assistant", "content": "Checking both."},
        {"type": "function_call", "call_id": "call_a", "name": "get_weather", "arguments": "{\"city\":\"Paris\"}"},
        {"type": "function_call", "call_id": "call_b", "name": "get_weather", "arguments": "{\"city\":\"Rome\"}"},
        {"type": "function_call_output", "call_id": "call_a", "output": "15 C"},
        {"type": "function_call_output", "call_id": "call_b", "output": "20 C"},
    ]}
    conv = decode_conversation(responses)
    chat = encode_conversation(conv, "openai.chat")["messages"]
    assert chat[1] == {"role": "assistant", "content": "Checking both.", "tool_calls": [
        {"id": "call_a", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\":\"Paris\"}"}},
        {"id": "call_b", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\":\"Rome\"}"}},
    ]}
    assert [m["role"] for m in chat] == ["user", "assistant", "tool", "tool"]
    bedrock = encode_conversation(conv, "bedrock.converse")["messages"]
    assert bedrock[1] == {"role": "assistant", "content": [
        {"text": "Checking both."},
        {"toolUse": {"toolUseId": "call_a", "name": "get_weather", "input": PARIS}},
        {"toolUse": {"toolUseId": "call_b", "name": "get_weather", "input": ROME}},
    ]}
    assert [m["role"] for m in bedrock] == ["user", "assistant", "user"]  # Bedrock: roles alternate


def test_gemini_function_responses_are_grouped_in_one_content() -> None:
    # https://ai.google.dev/gemini-api/docs/function-calling#parallel_function_calling:
    # the responses to a model turn's calls go back together in one content
    out = encode_conversation(decode_conversation(PARALLEL_CHAT), "gemini")
    assert out == {
        "systemInstruction": {"parts": [{"text": "Be brief."}]},
        "contents": [
            {"role": "user", "parts": [{"text": "Weather in Paris and Rome?"}]},
            {"role": "model", "parts": [
                # calls Gemini did not make: its dummy signature on the first (thought-signatures FAQ)
                {"functionCall": {"name": "get_weather", "args": PARIS, "id": "call_a"},
                 "thoughtSignature": "skip_thought_signature_validator"},
                {"functionCall": {"name": "get_weather", "args": ROME, "id": "call_b"}},
            ]},
            {"role": "user", "parts": [
                # the tool name Gemini needs comes from the call; "output" is the documented key
                {"functionResponse": {"name": "get_weather", "id": "call_a", "response": {"output": "15 C"}}},
                {"functionResponse": {"name": "get_weather", "id": "call_b", "response": {"output": "20 C"}}},
                {"text": "Thanks!"},
            ]},
        ],
    }


@pytest.mark.parametrize(("dialect", "expected"), [
    # Chat: "content ... Required unless tool_calls or function_call is specified" (null)
    ("openai.chat", {"role": "assistant", "content": None}),
    # Mistral and Cohere write no content key beside calls; Ollama writes ""
    ("mistral", {"role": "assistant"}),
    ("cohere.v2", {"role": "assistant"}),
    ("ollama", {"role": "assistant", "content": ""}),
])
def test_tool_only_assistant_content_follows_the_target(dialect: str, expected: Dict[str, Any]) -> None:
    out = encode_conversation(decode_conversation(PARALLEL_CHAT), dialect)["messages"][2]
    assert {k: v for k, v in out.items() if k != "tool_calls"} == expected
    assert len(out["tool_calls"]) == 2


def test_bedrock_result_blocks_are_json_or_text() -> None:
    # https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolResultContentBlock.html
    conv = Conversation([
        Message("user", [Text("Top song?")]),
        Message("assistant", [ToolCall("top_song", {"sign": "WZPZ"}, "tooluse_1"),
                              ToolCall("top_song", {"sign": "WKRP"}, "tooluse_2")]),
        Message("tool", [ToolResult("tooluse_1", content=[{"type": "json", "json": {"song": "Elemental Hotel"}}]),
                         ToolResult("tooluse_2", content="not found", is_error=True)]),
    ])
    out = encode_conversation(conv, "bedrock.converse")["messages"][2]
    assert out == {"role": "user", "content": [
        {"toolResult": {"toolUseId": "tooluse_1", "content": [{"json": {"song": "Elemental Hotel"}}]}},
        {"toolResult": {"toolUseId": "tooluse_2", "content": [{"text": "not found"}], "status": "error"}},
    ]}


def test_one_id_map_for_calls_and_results_across_turns() -> None:
    # Kimi through Bedrock uses ids Anthropic rejects (^[a-zA-Z0-9_-]+$): call and result map alike
    conv = Conversation([
        Message("user", [Text("Temperature?")]),
        Message("assistant", [ToolCall("get_temperature", {}, "functions.get_temperature:0")]),
        Message("tool", [ToolResult("functions.get_temperature:0", content="21")]),
    ])
    ids = IdMap(toolwire.get_dialect("anthropic.messages").ids)
    out = encode_conversation(conv, "anthropic.messages", ids=ids)
    call_id = out["messages"][1]["content"][0]["id"]
    assert call_id != "functions.get_temperature:0" and call_id.replace("_", "").isalnum()
    assert out["messages"][2]["content"][0]["tool_use_id"] == call_id
    # the next turn, with the same map, writes the same id again
    again = encode_conversation(conv.append(Message("user", [Text("And now?")])), "anthropic.messages", ids=ids)
    assert again["messages"][1]["content"][0]["id"] == call_id
    assert ids.mapping == {"functions.get_temperature:0": call_id}


def test_one_name_map_for_calls_and_tool_definitions() -> None:
    names = NameMap(toolwire.get_dialect("openai.chat").names)
    conv = Conversation([Message("user", [Text("Search.")]),
                         Message("assistant", [ToolCall("web.search", {"q": "x"}, "call_1")]),
                         Message("tool", [ToolResult("call_1", content="found")])])
    out = encode_conversation(conv, "openai.chat", names=names)
    wire_name = out["messages"][1]["tool_calls"][0]["function"]["name"]
    assert wire_name != "web.search" and names.original(wire_name) == "web.search"
    tool = toolwire.convert(toolwire.Tool("web.search", "Search the web", {"type": "object"}), "openai.chat",
                            names=names)
    assert tool["function"]["name"] == wire_name


def test_reasoning_goes_back_to_its_own_provider_only() -> None:
    conv = decode_conversation(DOCS["anthropic.messages"], "anthropic.messages")
    bare = Conversation([m.replace(wire=None) for m in conv.messages])  # written fresh
    own = encode_conversation(bare, "anthropic.messages")
    # https://docs.claude.com/en/docs/build-with-claude/extended-thinking: thinking blocks go back unchanged
    assert own["messages"][1]["content"][0] == {
        "type": "thinking", "thinking": "The user wants the weather; I call get_weather.",
        "signature": "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds",
    }
    report: List[Problem] = []
    chat = encode_conversation(conv, "openai.chat", report=report)
    assert "thinking" not in str(chat) and "signature" not in str(chat)
    assert report == [Problem("reasoning-dropped", 2, None,
                              "Reasoning of anthropic.messages in message 2 is not sent to openai.chat")]


def test_responses_reasoning_items_go_back_to_responses_only() -> None:
    conv = decode_conversation(DOCS["openai.responses"])
    bare = Conversation([m.replace(wire=None) for m in conv.messages])
    items = encode_conversation(bare, "openai.responses")["input"]
    assert items[1] == {"type": "reasoning", "id": "rs_67ccd2bf17f0819081ff3bb2cf6508e6", "summary": [],
                        "encrypted_content": "gAAAAABoISQ24OyVRYbkYfukAXgHgzd"}
    report: List[Problem] = []
    encode_conversation(conv, "anthropic.messages", report=report)
    assert [p.kind for p in report] == ["reasoning-dropped"]


def test_gemini_thought_signatures_stay_on_their_part_and_are_reported_elsewhere() -> None:
    conv = decode_conversation(DOCS["gemini"])
    bare = Conversation([m.replace(wire=None) for m in conv.messages])
    parts = encode_conversation(bare, "gemini")["contents"][1]["parts"]
    assert parts[0] == {"functionCall": {"name": "power_disco_ball", "args": {"power": True}},
                        "thoughtSignature": "CiQB0e2Kb7Mvk4C2gOAbQ1TgjzJ"}
    report: List[Problem] = []
    out = encode_conversation(conv, "bedrock.converse", report=report)
    assert "CiQB0e2Kb7Mvk4C2gOAbQ1TgjzJ" not in str(out)
    assert [(p.kind, p.index) for p in report] == [("reasoning-dropped", 2)]


def test_gemini_calls_without_ids_get_paired_ids_where_the_target_needs_them() -> None:
    out = encode_conversation(decode_conversation(DOCS["gemini"]), "anthropic.messages")
    calls = [b["id"] for b in out["messages"][1]["content"]]
    results = [b["tool_use_id"] for b in out["messages"][2]["content"]]
    assert calls == results and len(set(calls)) == 2 and all(c.startswith("toolu_") for c in calls)


URL = "https://upload.wikimedia.org/wikipedia/commons/a.jpg"


def _image_conv(media: Media) -> Conversation:
    return Conversation([Message("user", [Text("What is this?"), media])])


def test_image_urls_and_base64_convert_where_both_sides_document_them() -> None:
    url = _image_conv(Media("image", url=URL))
    data = _image_conv(Media("image", media_type="image/png", data="iVBORw0KGgo="))
    # https://docs.claude.com/en/docs/build-with-claude/vision (base64 and url sources)
    assert encode_conversation(url, "anthropic.messages")["messages"][0]["content"][1] == {
        "type": "image", "source": {"type": "url", "url": URL}}
    assert encode_conversation(data, "anthropic.messages")["messages"][0]["content"][1] == {
        "type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}}
    # https://platform.openai.com/docs/guides/images-vision: an http(s) URL or a data URL
    assert encode_conversation(data, "openai.chat")["messages"][0]["content"][1] == {
        "type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}}
    assert encode_conversation(url, "openai.responses")["input"][0]["content"][1] == {
        "type": "input_image", "image_url": URL, "detail": "auto"}
    # https://ai.google.dev/gemini-api/docs/image-understanding (inline data)
    assert encode_conversation(data, "gemini")["contents"][0]["parts"][1] == {
        "inlineData": {"mimeType": "image/png", "data": "iVBORw0KGgo="}}
    # https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ImageBlock.html
    assert encode_conversation(data, "bedrock.converse")["messages"][0]["content"][1] == {
        "image": {"format": "png", "source": {"bytes": "iVBORw0KGgo="}}}
    # https://github.com/ollama/ollama/blob/main/docs/api.md#chat-request-with-images
    assert encode_conversation(data, "ollama")["messages"][0] == {
        "role": "user", "content": "What is this?", "images": ["iVBORw0KGgo="]}


def test_an_image_the_target_cannot_take_raises_instead_of_vanishing() -> None:
    with pytest.raises(EncodeError, match="Bedrock takes image bytes or an S3 location, not a URL"):
        encode_conversation(_image_conv(Media("image", url=URL)), "bedrock.converse")
    with pytest.raises(EncodeError, match="Ollama takes images as base64 data only"):
        encode_conversation(_image_conv(Media("image", url=URL)), "ollama")


# base64 of each format's first bytes, from its specification: PNG's signature (RFC 2083
# 3.1), JPEG's SOI and JFIF APP0 marker, "GIF89a", WebP's "RIFF" <size> "WEBP" (Google's
# WebP container specification)
PNG = "iVBORw0KGgo="
JPEG = "/9j/4AAQSkZJRgABAQ=="
GIF = "R0lGODlhAQABAA=="
WEBP = "UklGRiQAAABXRUJQVlA4IA=="
IMAGE_TARGETS = ["anthropic.messages", "gemini", "bedrock.converse", "openai.chat", "openai.responses", "mistral",
                 "cohere.v2"]


def _image_part(target: str, out: Dict[str, Any]) -> Any:
    """The image part after the text of the first (user) message of a written fragment."""
    if target == "gemini":
        return out["contents"][0]["parts"][1]
    return out["input" if target == "openai.responses" else "messages"][0]["content"][1]


def _written_image(target: str, data: str, media_type: str) -> Dict[str, Any]:
    """The documented image part of *target* for base64 *data* of *media_type*."""
    url = f"data:{media_type};base64,{data}"
    return {
        # anthropic Base64ImageSourceParam (media_type a required Literal of the four types)
        "anthropic.messages": {"type": "image", "source": {"type": "base64", "media_type": media_type, "data": data}},
        # google-genai Blob (mime_type, data)
        "gemini": {"inlineData": {"mimeType": media_type, "data": data}},
        # Converse ImageBlock: format png | jpeg | gif | webp, source.bytes
        "bedrock.converse": {"image": {"format": media_type.partition("/")[2], "source": {"bytes": data}}},
        # openai ChatCompletionContentPartImageParam, mistralai ImageURLChunk, cohere ImageUrlContent
        "openai.chat": {"type": "image_url", "image_url": {"url": url}},
        "mistral": {"type": "image_url", "image_url": {"url": url}},
        "cohere.v2": {"type": "image_url", "image_url": {"url": url}},
        # openai ResponseInputImageParam (detail required; "auto" when none is known)
        "openai.responses": {"type": "input_image", "image_url": url, "detail": "auto"},
    }[target]


@pytest.mark.parametrize(("data", "media_type"), [
    (PNG, "image/png"), (JPEG, "image/jpeg"), (GIF, "image/gif"), (WEBP, "image/webp")])
@pytest.mark.parametrize("target", IMAGE_TARGETS)
def test_an_image_of_no_stated_type_takes_the_type_its_data_shows(target: str, data: str, media_type: str) -> None:
    """Ollama's ``images`` carry no media type (nor does a ``Media`` built with data
    only): every target gets the type the bytes show, as tool results do. Anthropic had
    ``media_type: null``, Gemini ``image/png`` for any image, the OpenAI-style ones
    ``data:application/octet-stream``, Bedrock raised."""
    ollama = {"messages": [{"role": "user", "content": "What is this?", "images": [data]}]}
    for conv in (decode_conversation(ollama, "ollama"), _image_conv(Media("image", data=data))):
        if (target, media_type) == ("gemini", "image/gif"):  # Gemini takes PNG, JPEG, WebP, HEIC, HEIF (session 43)
            with pytest.raises(EncodeError, match="its type 'image/gif' is not one of"):
                encode_conversation(conv, target)
            continue
        out = encode_conversation(conv, target)
        assert _image_part(target, out) == _written_image(target, data, media_type)
        check_fragment(target, out)


@pytest.mark.parametrize("target", IMAGE_TARGETS)
def test_an_image_of_no_stated_type_that_its_data_does_not_show_raises(target: str) -> None:
    ollama = decode_conversation({"messages": [{"role": "user", "content": "What is this?", "images": ["AAAAbm9uZQ=="]}]},
                                 "ollama")
    with pytest.raises(EncodeError) as info:
        encode_conversation(ollama, target)
    assert (info.value.message, info.value.dialect) == (
        f"Message 0 holds an image as data that {target} cannot take: its media type is not given and its data is "
        "no PNG, JPEG, GIF or WebP image", target)
    # Ollama takes base64 without a type
    assert encode_conversation(ollama, "ollama")["messages"][0]["images"] == ["AAAAbm9uZQ=="]


def test_the_data_wins_over_a_stated_image_type_and_anthropic_refuses_one_it_does_not_take() -> None:
    stated = _image_conv(Media("image", media_type="image/png", data=JPEG))  # (session 43: as a tool result's)
    report: List[Any] = []
    out = encode_conversation(stated, "gemini", report=report)
    assert _image_part("gemini", out) == _written_image("gemini", JPEG, "image/jpeg")
    assert [p.kind for p in report] == ["converted"]
    # Base64ImageSourceParam media_type: image/jpeg, image/png, image/gif, image/webp only
    with pytest.raises(EncodeError) as info:
        encode_conversation(_image_conv(Media("image", media_type="image/bmp", data="Qk0=")), "anthropic.messages")
    assert info.value.message == ("Message 0 holds an image as data that anthropic.messages cannot take: its type "
                                  "'image/bmp' is not one of image/jpeg, image/png, image/gif, image/webp")


# the image ``detail`` each side documents: openai ``ImageURL.detail`` (Chat) and
# ``ImageDetail`` (Responses, required on ``ResponseInputImageParam``): auto, low, high,
# original; mistralai ``ImageDetail`` and cohere ``ImageUrlDetail``: auto, low, high
DETAIL_READERS = {
    "openai.chat": lambda d: {"messages": [{"role": "user", "content": [
        {"type": "text", "text": "Read the small print."},
        {"type": "image_url", "image_url": {"url": URL, "detail": d}}]}]},
    "openai.responses": lambda d: {"input": [{"role": "user", "content": [
        {"type": "input_text", "text": "Read the small print."},
        {"type": "input_image", "image_url": URL, "detail": d}]}]},
    "mistral": lambda d: {"messages": [{"role": "user", "content": [
        {"type": "text", "text": "Read the small print."},
        {"type": "image_url", "image_url": {"url": URL, "detail": d}}]}]},
    "cohere.v2": lambda d: {"messages": [{"role": "user", "content": [
        {"type": "text", "text": "Read the small print."},
        {"type": "image_url", "image_url": {"url": URL, "detail": d}}]}]},
}


@pytest.mark.parametrize("detail", ["low", "high", "auto"])
@pytest.mark.parametrize("target", list(DETAIL_READERS))
@pytest.mark.parametrize("source", list(DETAIL_READERS))
def test_an_image_detail_goes_where_the_target_has_the_field(source: str, target: str, detail: str) -> None:
    """Chat, Responses, Mistral and Cohere images all carry ``detail``: it went to
    Responses as "auto" and to the others not at all."""
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(DETAIL_READERS[source](detail), source), target, report=report)
    want = DETAIL_READERS[target](detail)
    assert out == ({"input": want["input"]} if target == "openai.responses" else want)
    assert report == []
    check_fragment(target, out)


def test_an_image_without_a_detail_gets_none_and_responses_its_default() -> None:
    chat = {"messages": [{"role": "user", "content": [{"type": "image_url", "image_url": {"url": URL}}]}]}
    conv = decode_conversation(chat, "openai.chat")
    assert encode_conversation(conv, "mistral") == chat
    assert encode_conversation(conv, "openai.responses")["input"][0]["content"] == [
        {"type": "input_image", "image_url": URL, "detail": "auto"}]


def test_an_image_detail_the_target_does_not_list_is_noted() -> None:
    """"original" is OpenAI's only: Mistral and Cohere get the image without it, noted."""
    conv = decode_conversation(DETAIL_READERS["openai.responses"]("original"), "openai.responses")
    assert encode_conversation(conv, "openai.chat") == DETAIL_READERS["openai.chat"]("original")
    for target in ("mistral", "cohere.v2"):
        report: List[Problem] = []
        out = encode_conversation(conv, target, report=report)
        assert out["messages"][0]["content"][1] == {"type": "image_url", "image_url": {"url": URL}}
        assert report == [Problem("dropped", 0, None, f"The image detail 'original' in message 0 is not sent to "
                                                      f"{target}: its images take auto, low or high")]


def test_a_document_without_an_equivalent_raises() -> None:
    # an OpenAI Chat "file" part has no documented counterpart in Anthropic's blocks here
    chat = {"messages": [{"role": "user", "content": [
        {"type": "text", "text": "Summarise."},
        {"type": "file", "file": {"file_id": "file-6F2ksmvXxt4VdoqmHRw6kL"}},
    ]}]}
    with pytest.raises(EncodeError) as err:
        encode_conversation(decode_conversation(chat), "anthropic.messages")
    assert str(err.value) == (
        "Message 0 holds a 'file' part of openai.chat, which anthropic.messages has no documented equivalent for"
    )


def test_provider_executed_items_are_dropped_and_reported() -> None:
    anthropic = {"messages": [
        {"role": "user", "content": "Search the news."},
        {"role": "assistant", "content": [
            {"type": "server_tool_use", "id": "srvtoolu_014hJH82Qum7Td6UV8gDXThB", "name": "web_search",
             "input": {"query": "news"}},
            {"type": "text", "text": "Here is the news."},
        ]},
    ]}
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(anthropic), "openai.chat", report=report)
    assert out["messages"][1] == {"role": "assistant", "content": "Here is the news."}
    assert [p.kind for p in report] == ["dropped"]


def test_reasoning_side_fields_of_chat_servers_stay_on_the_message() -> None:
    # DeepSeek: https://api-docs.deepseek.com/guides/thinking_mode (reasoning_content in tool-call turns)
    conv = Conversation([
        Message("user", [Text("2+2?")]),
        Message("assistant", [Reasoning("Add them.", "openai.chat", {"reasoning_content": "Add them."}),
                              ToolCall("add", {"a": 2, "b": 2}, "call_1")]),
        Message("tool", [ToolResult("call_1", content="4")]),
    ])
    msg = encode_conversation(conv, "openai.chat")["messages"][1]
    assert msg["reasoning_content"] == "Add them." and msg["content"] is None


def test_a_conversation_value_is_immutable_and_compares_by_content() -> None:
    conv = decode_conversation(PARALLEL_CHAT)
    with pytest.raises(AttributeError):
        conv.messages = ()  # type: ignore[misc]
    assert conv == Conversation([m.replace(wire=None) for m in conv.messages])
    assert conv.calls == (ToolCall("get_weather", PARIS, "call_a"), ToolCall("get_weather", ROME, "call_b"))
    assert [r.id for r in conv.results] == ["call_a", "call_b"]
    assert conv.messages[5].text == "Thanks!"


def test_input_forms_sdk_objects_json_text_and_bare_lists() -> None:
    from openai.types.chat import ChatCompletionMessage

    sdk = ChatCompletionMessage.model_validate(PARALLEL_CHAT["messages"][2])
    conv = decode_conversation([PARALLEL_CHAT["messages"][1], sdk, *PARALLEL_CHAT["messages"][3:5]])
    assert conv.dialect == "openai.chat" and len(conv.calls) == 2
    import json

    assert decode_conversation(json.dumps(PARALLEL_CHAT)) == decode_conversation(PARALLEL_CHAT)
    assert encode_conversation(json.dumps(PARALLEL_CHAT), "openai.chat") == PARALLEL_CHAT


def test_an_appended_result_takes_its_name_from_a_call_written_as_decoded() -> None:
    # https://ai.google.dev/api/caching#FunctionResponse: "name" is required
    history = decode_conversation({"contents": [
        {"role": "user", "parts": [{"text": "Lights down."}]},
        {"role": "model", "parts": [{"functionCall": {"id": "fc1", "name": "dim_lights", "args": {"level": 2}}}]},
    ]})
    out = encode_conversation(history.append(Message("tool", [ToolResult("fc1", content="done")])), "gemini")
    assert out["contents"][2] == {"role": "user", "parts": [
        {"functionResponse": {"name": "dim_lights", "id": "fc1", "response": {"output": "done"}}}]}


def test_an_undecoded_history_names_its_source() -> None:
    body = {"messages": [{"role": "user", "content": "Hi"}]}
    assert encode_conversation(body, "gemini", source="mistral") == {
        "contents": [{"role": "user", "parts": [{"text": "Hi"}]}]}


def test_mistral_gets_an_assistant_turn_between_a_tool_message_and_a_user_message() -> None:
    # Mistral rejects "Unexpected role 'user' after role 'tool'"; its clients write a short
    # assistant turn there (the corpus's Mistral histories: "OK", ".")
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(PARALLEL_CHAT), "mistral", report=report)["messages"]
    assert [m["role"] for m in out] == ["system", "user", "assistant", "tool", "tool", "assistant", "user"]
    assert out[5] == {"role": "assistant", "content": "OK"}
    assert [(p.kind, p.index) for p in report] == [("inserted", 5)]


def test_an_appended_result_keeps_the_id_of_a_call_written_as_decoded() -> None:
    # an OpenAI-compatible gateway's 52-character id (over OpenAI's 40): written back as
    # decoded, so the new result must carry it unchanged too, not its hashed image
    long_id = "chatcmpl-tool-8f0a7c1e2b3d4f5a6b7c8d9e0f1a2b3c4d5e"
    history = decode_conversation({"messages": [
        {"role": "user", "content": "Roll."},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": long_id, "type": "function", "function": {"name": "roll", "arguments": "{}"}}]},
    ]})
    ids = IdMap(toolwire.get_dialect("openai.chat").ids)
    out = encode_conversation(history.append(Message("tool", [ToolResult(long_id, content="4")])), "openai.chat",
                              ids=ids)
    assert out["messages"][1]["tool_calls"][0]["id"] == long_id
    assert out["messages"][2] == {"role": "tool", "tool_call_id": long_id, "content": "4"}


@pytest.mark.parametrize(
    ("dialect", "wire"),
    [
        ("anthropic.messages", {"messages": [{"role": "user", "content": [
            {"type": "text", "text": "Und das?"},
            {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}}]}]}),
        ("gemini", {"contents": [{"role": "user", "parts": [
            {"text": "Und das?"}, {"inlineData": {"mimeType": "image/png", "data": "iVBORw0KGgo="}}]}]}),
        ("bedrock.converse", {"messages": [{"role": "user", "content": [
            {"text": "Und das?"}, {"image": {"format": "png", "source": {"bytes": "iVBORw0KGgo="}}}]}]}),
        ("openai.responses", {"input": [{"role": "user", "content": [
            {"type": "input_text", "text": "Und das?"},
            {"type": "input_image", "image_url": "data:image/png;base64,iVBORw0KGgo=", "detail": "auto"}]}]}),
        ("openai.chat", {"messages": [{"role": "user", "content": [
            {"type": "text", "text": "Und das?"},
            {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}}]}]}),
    ],
)
def test_an_image_marked_with_the_target_dialect_but_no_wire_part_is_written(dialect: str, wire: Any) -> None:
    """A ``Media`` built by hand with ``dialect=`` the target and no ``extra`` (no wire part
    to return) is written by the dialect's image writer; it was silently left out."""
    image = Media("image", data="iVBORw0KGgo=", media_type="image/png", dialect=dialect)
    report: List[Any] = []
    assert encode_conversation(Conversation([Message("user", (Text("Und das?"), image))]), dialect, report=report) == wire
    assert report == []


# https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use#handling-errors: is_error on a tool_result
FAILED_CALL = {"messages": [
    {"role": "user", "content": "Weather in Paris?"},
    {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": PARIS}]},
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_01", "content": "ConnectionError",
                                  "is_error": True}]},
]}


@pytest.mark.parametrize("target, flagged", [
    ("openai.chat", False), ("openai.responses", False), ("mistral", False), ("cohere.v2", False), ("ollama", False),
    ("bedrock.converse", True), ("gemini", True), ("anthropic.messages", True),
])
def test_an_error_flag_the_target_cannot_hold_is_reported(target: str, flagged: bool) -> None:
    """A failed call's result goes to every target with its text; where the target's
    tool results have no error flag (OpenAI, Mistral, Cohere, Ollama), the flag's drop is
    noted, as a dropped reasoning block is."""
    conv = decode_conversation(FAILED_CALL, "anthropic.messages")
    bare = Conversation([m.replace(wire=None) for m in conv.messages])
    report: List[Problem] = []
    out = encode_conversation(bare, target, report=report)
    back = decode_conversation(out, target)
    assert [r.is_error for r in back.results] == [flagged]
    dropped = [p for p in report if p.kind == "dropped"]
    if flagged:
        assert dropped == []
    else:
        [note] = dropped
        assert (note.index, note.id) == (2, "toolu_01")
        assert note.message == (f"The error flag of the result for toolu_01 ('get_weather') in message 2 is not sent "
                                f"to {target}: its tool results have none (the content goes as it is)")


@pytest.mark.parametrize("target, flagged", [
    ("openai.chat", False), ("openai.responses", False), ("mistral", False), ("cohere.v2", False), ("ollama", False),
    ("bedrock.converse", True), ("gemini", True), ("anthropic.messages", True), ("mcp", True),
])
def test_an_error_flag_the_target_cannot_hold_is_reported_by_encode_result(target: str, flagged: bool) -> None:
    """The same note for one result written alone (``encode_result(report=...)``), at index 0."""
    block = FAILED_CALL["messages"][2]["content"][0]
    report: List[Problem] = []
    result = toolwire.decode_result(block, "anthropic.messages").replace(name="get_weather")  # (Gemini needs it)
    out = toolwire.encode_result(result, target, report=report)
    assert toolwire.decode_result(out, target).is_error is flagged
    if flagged:
        assert report == []
    else:
        assert report == [Problem("dropped", 0, "toolu_01", f"The error flag of the result for toolu_01 ('get_weather') "
                                  f"is not sent to {target}: its tool results have none (the content goes as it is)")]


def test_a_custom_tool_call_keeps_its_result_type_across_openai_histories() -> None:
    """A result of a custom tool call is a ``custom_tool_call_output`` in Responses (a
    ``function_call_output`` answers a function call); Chat answers both with a ``tool``
    message. Both item types are calls and results in a Responses history."""
    chat = {"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": None,
         "tool_calls": [{"id": "call_1", "type": "custom", "custom": {"name": "sql", "input": "SELECT 1"}},
                        {"id": "call_2", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": "1"},
        {"role": "tool", "tool_call_id": "call_2", "content": "2"},
    ]}
    responses = toolwire.encode_conversation(chat, "openai.responses")
    assert responses["input"][1:] == [
        {"type": "custom_tool_call", "call_id": "call_1", "name": "sql", "input": "SELECT 1"},
        {"type": "function_call", "call_id": "call_2", "name": "f", "arguments": "{}"},
        {"type": "custom_tool_call_output", "call_id": "call_1", "output": "1"},
        {"type": "function_call_output", "call_id": "call_2", "output": "2"},
    ]
    back = decode_conversation(responses, "openai.responses")
    assert [type(p).__name__ for m in back for p in m.parts] == ["Text", "ToolCall", "ToolCall", "ToolResult",
                                                                  "ToolResult"]
    assert check_conversation(back) == []
    assert toolwire.encode_conversation(back, "openai.chat")["messages"][1:] == chat["messages"][1:]


# --- signed Claude thinking between Bedrock Converse and Anthropic ---------------------------------------
# https://platform.claude.com/docs/en/build-with-claude/extended-thinking ("Thinking encryption"): "signature
# values are compatible across platforms (Claude APIs, Amazon Bedrock, and Vertex AI)". Bedrock's block:
# botocore's ``ReasoningContentBlock`` (a union of ``reasoningText`` {text, signature} and ``redactedContent``,
# a blob); Anthropic's: the SDK's ``ThinkingBlockParam`` {type, thinking, signature} and
# ``RedactedThinkingBlockParam`` {type, data}.
CLAUDE_SIG = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds"
BEDROCK_THINKING: Dict[str, Any] = {"messages": [
    {"role": "user", "content": [{"text": "Wetter in Zürich?"}]},
    {"role": "assistant", "content": [
        {"reasoningContent": {"reasoningText": {"text": "Ich rufe get_weather auf.", "signature": CLAUDE_SIG}}},
        {"toolUse": {"toolUseId": "tooluse_kZJMlvQmRJ6eAyJE5GIl7Q", "name": "get_weather", "input": {"city": "Zürich"}}},
    ]},
    {"role": "user", "content": [{"toolResult": {"toolUseId": "tooluse_kZJMlvQmRJ6eAyJE5GIl7Q",
                                                 "content": [{"text": "22 °C"}]}}]},
]}


def _thinking_blocks_valid(blocks: List[Any]) -> None:
    from anthropic.types import ThinkingBlockParam
    from pydantic import TypeAdapter

    for b in blocks:
        TypeAdapter(ThinkingBlockParam).validate_python(b)
        assert set(b) == {"type", "thinking", "signature"}


def test_signed_bedrock_reasoning_goes_to_anthropic_as_a_thinking_block() -> None:
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(BEDROCK_THINKING, "bedrock.converse"), "anthropic.messages",
                              report=report)
    check_fragment("anthropic.messages", out)
    content = out["messages"][1]["content"]
    assert content == [
        {"type": "thinking", "thinking": "Ich rufe get_weather auf.", "signature": CLAUDE_SIG},
        {"type": "tool_use", "id": "tooluse_kZJMlvQmRJ6eAyJE5GIl7Q", "name": "get_weather", "input": {"city": "Zürich"}},
    ]
    _thinking_blocks_valid(content[:1])
    assert report == []


def test_signed_anthropic_thinking_goes_to_bedrock_as_reasoning_text() -> None:
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(DOCS["anthropic.messages"], "anthropic.messages"),
                              "bedrock.converse", report=report)
    check_fragment("bedrock.converse", out)  # botocore's validator on the Converse input shape
    content = out["messages"][1]["content"]
    assert content[0] == {"reasoningContent": {"reasoningText": {
        "text": "The user wants the weather; I call get_weather.", "signature": CLAUDE_SIG}}}
    assert [next(iter(b)) for b in content] == ["reasoningContent", "text", "toolUse"]
    # the last user turn holds the result, text and an image: noted (some Converse models refuse it)
    assert [(p.kind, p.index) for p in report] == [("mixed-turn", 3)]


def test_signed_claude_thinking_round_trips_byte_exact_through_bedrock() -> None:
    history = {"messages": [
        {"role": "user", "content": "Weather in Paris?"},
        {"role": "assistant", "content": [
            {"type": "thinking", "thinking": "Je dois appeler l'outil… \u00e9\n\"quoted\"", "signature": CLAUDE_SIG},
            {"type": "thinking", "thinking": "", "signature": "Ev8BCkYIBxgCKkA+/="},  # display "omitted": no text
            {"type": "tool_use", "id": "toolu_01A09q90qw90lq917835lq9", "name": "get_weather",
             "input": {"city": "Paris"}},
        ]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_01A09q90qw90lq917835lq9",
                                      "content": "15 C"}]},
    ]}
    bedrock = encode_conversation(decode_conversation(history, "anthropic.messages"), "bedrock.converse")
    check_fragment("bedrock.converse", bedrock)
    assert bedrock["messages"][1]["content"][1] == {
        "reasoningContent": {"reasoningText": {"text": "", "signature": "Ev8BCkYIBxgCKkA+/="}}}
    report: List[Problem] = []
    back = encode_conversation(decode_conversation(bedrock, "bedrock.converse"), "anthropic.messages", report=report)
    assert back["messages"][1]["content"] == history["messages"][1]["content"]  # type: ignore[index]
    _thinking_blocks_valid(back["messages"][1]["content"][:2])
    assert report == []
    again = encode_conversation(decode_conversation(back, "anthropic.messages"), "bedrock.converse")
    assert again["messages"][1] == bedrock["messages"][1]


def test_unsigned_and_redacted_reasoning_still_stay_with_their_provider() -> None:
    # DeepSeek R1 / Nova / Kimi on Converse: ``reasoningText`` with no signature; Claude 3.7's redacted
    # reasoning (``redactedContent``, base64 in JSON), which no primary source ties to Anthropic's ``data``
    bedrock = {"messages": [
        {"role": "user", "content": [{"text": "2+2?"}]},
        {"role": "assistant", "content": [
            {"reasoningContent": {"reasoningText": {"text": "2+2 is 4."}}},
            {"reasoningContent": {"redactedContent": "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIw"}},
            {"reasoningContent": {"reasoningText": {"text": "signed, but empty", "signature": ""}}},
            {"text": "4"},
        ]},
    ]}
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(bedrock, "bedrock.converse"), "anthropic.messages", report=report)
    assert out["messages"][1] == {"role": "assistant", "content": [{"type": "text", "text": "4"}]}
    assert [(p.kind, p.index, p.message) for p in report] == [
        ("reasoning-dropped", 1, "Reasoning of bedrock.converse in message 1 is not sent to anthropic.messages")] * 3
    anthropic = {"messages": [
        {"role": "user", "content": "2+2?"},
        {"role": "assistant", "content": [
            {"type": "redacted_thinking", "data": "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIw"},
            {"type": "text", "text": "4"},
        ]},
    ]}
    report = []
    out = encode_conversation(decode_conversation(anthropic, "anthropic.messages"), "bedrock.converse", report=report)
    assert out["messages"][1] == {"role": "assistant", "content": [{"text": "4"}]}
    assert [(p.kind, p.index) for p in report] == [("reasoning-dropped", 1)]


def test_signed_claude_thinking_goes_to_no_other_provider() -> None:
    for target in ("openai.chat", "gemini"):
        report: List[Problem] = []
        out = encode_conversation(decode_conversation(BEDROCK_THINKING, "bedrock.converse"), target, report=report)
        assert CLAUDE_SIG not in str(out)
        # (Gemini: its dummy signature on the call Claude made, noted)
        assert [(p.kind, p.index) for p in report] == [("reasoning-dropped", 1)] + (
            [("inserted", 1)] if target == "gemini" else [])
