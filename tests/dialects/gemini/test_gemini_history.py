"""gemini histories (``{"systemInstruction", "contents"}``) from hand-written requests to
literal messages and back, and a foreign history written as Gemini contents.

Shapes from https://ai.google.dev/api/caching#Content,
https://ai.google.dev/api/caching#Part (``inlineData`` / ``fileData``, ``thought``),
https://ai.google.dev/gemini-api/docs/function-calling (function responses in the next
user content) and https://ai.google.dev/gemini-api/docs/thought-signatures.
"""

from __future__ import annotations

from typing import Any, List, Tuple

import pytest

import toolwire
from toolwire.conversation._values import Media, Other, Reasoning, Text

D = "gemini"
CALL = {"functionCall": {"id": "c1", "name": "get_weather", "args": {"city": "Zürich"}}, "thoughtSignature": "c2ln"}
ANSWER = {"functionResponse": {"id": "c1", "name": "get_weather", "response": {"output": "22 °C"}}}
REQUEST = {
    "systemInstruction": {"parts": [{"text": "Antworte kurz."}]},
    "contents": [
        {"role": "user", "parts": [
            {"text": "Wetter in Zürich?"},
            {"inlineData": {"mimeType": "image/png", "data": "iVBORw0KGgo="}},
            {"file_data": {"mime_type": "image/jpeg", "file_uri": "gs://b/k.jpg"}},
            {"inlineData": {"mimeType": "audio/wav", "data": "UklGR"}},
            {"inline_data": {"mime_type": "image/png", "data": 5}},
            {"fileData": "gs://b/x"},
        ]},
        {"role": "model", "parts": [
            {"text": "Ich prüfe…", "thought": True},
            CALL,
            {"text": "", "thoughtSignature": "c2ln"},
            {"thought": True, "thoughtSignature": "c2ln"},
            {"text": None, "thought": True},
            {"executableCode": {"code": "print(1)", "language": "PYTHON"}},
        ]},
        {"role": "function", "parts": [ANSWER]},
        # (a call turn between the response contents: two in a row are refused, ``split-turn``)
        {"role": "model", "parts": [{"functionCall": {"id": "c2", "name": "f", "args": {}}}]},
        {"role": "tool", "parts": [{"functionResponse": {"id": "c2", "name": "f", "response": {"result": "ok"}}}]},
        {"parts": [{"text": "Danke"}]},
        {"role": "model", "parts": [{"text": "Bitte."}, {"newKind2027": 1}, {}]},
    ],
}


def shape(conv: Any) -> List[Tuple[str, List[Any]]]:
    out = []
    for m in conv.messages:
        parts: List[Any] = []
        for p in m.parts:
            if isinstance(p, Reasoning):
                parts.append(("reasoning", p.text, p.dialect))
            elif isinstance(p, Media):
                parts.append(("media", p.kind, p.media_type, p.data, p.url))
            elif isinstance(p, Other):
                parts.append(("other", p.type, p.dialect))
            elif isinstance(p, toolwire.ToolCall):
                parts.append(("call", p.name, p.id, p.args))
            elif isinstance(p, toolwire.ToolResult):
                parts.append(("result", p.name, p.id, p.content))
            else:
                parts.append(("text", p.text))
        out.append((m.role, parts))
    return out


def test_a_request_reads_to_literal_messages_and_writes_back_unchanged() -> None:
    conv = toolwire.decode_conversation(REQUEST, D)
    assert shape(conv) == [
        ("system", [("text", "Antworte kurz.")]),
        ("user", [
            ("text", "Wetter in Zürich?"),
            ("media", "image", "image/png", "iVBORw0KGgo=", None),
            ("media", "image", "image/jpeg", None, "gs://b/k.jpg"),
            ("other", "inlineData", D),
            ("other", "inlineData", D),
            ("other", "fileData", D),
        ]),
        ("assistant", [
            ("reasoning", "Ich prüfe…", D),
            ("call", "get_weather", "c1", {"city": "Zürich"}),
            ("reasoning", "", D),
            ("reasoning", "", D),
            ("reasoning", "", D),
            ("other", "executableCode", D),
        ]),
        ("tool", [("result", "get_weather", "c1", "22 °C")]),
        ("assistant", [("call", "f", "c2", {})]),
        ("tool", [("result", "f", "c2", "ok")]),
        ("user", [("text", "Danke")]),
        ("assistant", [("text", "Bitte."), ("other", "newKind2027", D), ("other", "unknown", D)]),
    ]
    assert toolwire.encode_conversation(conv, D) == REQUEST
    # one message more: the request is no longer returned whole, each message is written back
    more = conv.append(toolwire.Message("user", (Text("Und morgen?"),)))
    assert toolwire.encode_conversation(more, D) == {
        "systemInstruction": REQUEST["systemInstruction"],
        "contents": [*REQUEST["contents"], {"role": "user", "parts": [{"text": "Und morgen?"}]}],
    }


def test_a_bare_contents_list_and_snake_case_system_instruction() -> None:
    bare = [{"role": "user", "parts": [{"text": "hallo"}]}, {"role": "model", "parts": [{"function_call": {"name": "f", "args": {}}}]}]
    conv = toolwire.decode_conversation(bare)
    assert conv.dialect == D
    assert shape(conv) == [("user", [("text", "hallo")]), ("assistant", [("call", "f", None, {})])]
    assert toolwire.encode_conversation(conv, D) == {"contents": bare}
    snake = {"system_instruction": {"parts": [{"text": "kurz"}]}, "contents": []}
    conv = toolwire.decode_conversation(snake)
    assert (conv.dialect, shape(conv)) == (D, [("system", [("text", "kurz")])])
    assert toolwire.encode_conversation(conv, D) == snake
    assert toolwire.encode_conversation(conv.append(toolwire.Message("user", (Text("hi"),))), D) == {
        "system_instruction": {"parts": [{"text": "kurz"}]},
        "contents": [{"role": "user", "parts": [{"text": "hi"}]}],
    }
    assert toolwire.decode_conversation({"systemInstruction": {}, "contents": []}, D).messages[0].parts == ()


def test_a_chat_history_is_written_as_gemini_contents() -> None:
    msgs = [
        {"role": "system", "content": "Sei kurz."},
        {"role": "system", "content": "Deutsch."},
        {"role": "user", "content": [
            {"type": "text", "text": "Bild?"},
            {"type": "image_url", "image_url": {"url": "https://ex.com/a.JPG?x=1"}},
            {"type": "image_url", "image_url": {"url": "data:image/webp;base64,UklGRg=="}},
            {"type": "image_url", "image_url": {"url": "https://ex.com/b.gif"}},
        ]},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"q": "ü"}'}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": "ok"},
    ]
    out = toolwire.encode_conversation(toolwire.decode_conversation(msgs, "openai.chat"), D)
    assert out == {
        "systemInstruction": {"parts": [{"text": "Sei kurz."}, {"text": "Deutsch."}]},
        "contents": [
            {"role": "user", "parts": [
                {"text": "Bild?"},
                {"fileData": {"mimeType": "image/jpeg", "fileUri": "https://ex.com/a.JPG?x=1"}},
                {"inlineData": {"mimeType": "image/webp", "data": "UklGRg=="}},
                {"fileData": {"mimeType": "image/gif", "fileUri": "https://ex.com/b.gif"}},
            ]},
            {"role": "model", "parts": [{"functionCall": {"name": "f", "args": {"q": "ü"}, "id": "call_1"},
                                         "thoughtSignature": "skip_thought_signature_validator"}]},  # not Gemini's
            {"role": "user", "parts": [{"functionResponse": {"name": "f", "id": "call_1", "response": {"output": "ok"}}}]},
        ],
    }


def test_an_image_without_a_type_takes_the_type_its_bytes_show_or_raises() -> None:
    """google-genai ``Blob.mime_type``: a JPEG's first bytes (``/9j/``) say image/jpeg;
    bytes that show no image type raise (every image without a type was image/png)."""
    jpeg = toolwire.Conversation((toolwire.Message("user", (Media("image", data="/9j/4AAQ"),)),))
    assert toolwire.encode_conversation(jpeg, D) == {"contents": [{"role": "user", "parts": [{"inlineData": {"mimeType": "image/jpeg", "data": "/9j/4AAQ"}}]}]}
    unknown = toolwire.Conversation((toolwire.Message("user", (Media("image", data="iVBO"),)),))
    with pytest.raises(toolwire.EncodeError, match="its media type is not given and its data is no PNG, JPEG, GIF or WebP"):
        toolwire.encode_conversation(unknown, D)


def test_signatures_and_server_parts_are_noted_when_written_elsewhere() -> None:
    req = {"contents": [
        {"role": "model", "parts": [CALL, {"executableCode": {"code": "1", "language": "PYTHON"}}]},
        {"role": "user", "parts": [ANSWER]},
    ]}
    report: List[Any] = []
    out = toolwire.encode_conversation(toolwire.decode_conversation(req, D), "anthropic.messages", report=report)
    assert out == {"messages": [
        {"role": "assistant", "content": [{"type": "tool_use", "id": "c1", "name": "get_weather", "input": {"city": "Zürich"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "c1", "content": "22 °C"}]},
    ]}
    assert [(p.kind, p.index, p.id, p.message) for p in report] == [
        ("reasoning-dropped", 0, "c1", "The gemini reasoning signature on call 'get_weather' in message 0 is not sent to anthropic.messages"),
        ("dropped", 0, None, "A 'executableCode' item of gemini in message 0 is not sent to anthropic.messages"),
    ]
    report = []
    snake = {"contents": [{"role": "model", "parts": [{"function_call": {"name": "f", "args": {}}, "thought_signature": "c2ln"}]}]}
    toolwire.encode_conversation(toolwire.decode_conversation(snake, D), "anthropic.messages", report=report)
    assert [p.kind for p in report] == ["reasoning-dropped"]
    report = []
    plain = {"contents": [{"role": "model", "parts": [{"functionCall": {"id": "c1", "name": "f", "args": {}}}]}]}
    toolwire.encode_conversation(toolwire.decode_conversation(plain, D), "anthropic.messages", report=report)
    assert report == []


@pytest.mark.parametrize("key", ["thoughtSignature", "thought_signature"])
def test_a_signature_on_a_text_part_goes_back_to_gemini_and_is_noted_elsewhere(key: str) -> None:
    # https://ai.google.dev/gemini-api/docs/thought-signatures: a signature may sit on a text part
    # (non-function-call responses); it goes back in the part that carried it or on its own
    from google.genai import types

    req = {"contents": [{"role": "user", "parts": [{"text": "Hallo"}]},
                        {"role": "model", "parts": [{"text": "Grüezi!", key: "c2ln"}]}]}
    conv = toolwire.decode_conversation(req, D)
    assert conv.messages[1].parts == (Text("Grüezi!"), Reasoning("", D, {"text": "", key: "c2ln"}))
    assert toolwire.encode_conversation(conv, D) == req
    fresh = toolwire.Conversation((conv.messages[0], toolwire.Message("assistant", conv.messages[1].parts)))
    parts = toolwire.encode_conversation(fresh, D)["contents"][1]["parts"]
    assert parts == [{"text": "Grüezi!"}, {"text": "", key: "c2ln"}]
    types.Content.model_validate({"role": "model", "parts": parts})
    report: List[Any] = []
    out = toolwire.encode_conversation(conv, "anthropic.messages", report=report)
    assert out["messages"][1] == {"role": "assistant", "content": [{"type": "text", "text": "Grüezi!"}]}
    assert [(p.kind, p.index) for p in report] == [("reasoning-dropped", 1)]


@pytest.mark.parametrize("kind", ["codeExecutionResult", "toolCall", "toolResponse"])
def test_each_server_state_part_is_dropped_with_a_note(kind: str) -> None:
    req = {"contents": [{"role": "model", "parts": [{kind: {"id": "t1"}}, {"text": "ok"}]}]}
    report: List[Any] = []
    out = toolwire.encode_conversation(toolwire.decode_conversation(req, D), "anthropic.messages", report=report)
    assert out == {"messages": [{"role": "assistant", "content": [{"type": "text", "text": "ok"}]}]}
    assert [p.message for p in report] == [f"A {kind!r} item of gemini in message 0 is not sent to anthropic.messages"]


def test_an_unknown_gemini_part_is_refused_elsewhere() -> None:
    req = {"contents": [{"role": "model", "parts": [{"newKind2027": 1}]}]}
    with pytest.raises(toolwire.EncodeError) as exc:
        toolwire.encode_conversation(toolwire.decode_conversation(req, D), "anthropic.messages")
    assert exc.value.message == "Message 0 holds a 'newKind2027' part of gemini, which anthropic.messages has no documented equivalent for"


def test_a_single_foreign_system_message_and_an_added_one() -> None:
    conv = toolwire.decode_conversation([{"role": "system", "content": "Sei kurz."}, {"role": "user", "content": "hi"}], "openai.chat")
    assert toolwire.encode_conversation(conv, D) == {"systemInstruction": {"parts": [{"text": "Sei kurz."}]}, "contents": [{"role": "user", "parts": [{"text": "hi"}]}]}
    g = toolwire.decode_conversation({"systemInstruction": {"parts": [{"text": "A"}]}, "contents": [{"role": "user", "parts": [{"text": "hi"}]}]}, D)
    two = toolwire.Conversation((g.messages[0], toolwire.Message("system", (Text("B"),)), g.messages[1]))
    assert toolwire.encode_conversation(two, D) == {"systemInstruction": {"parts": [{"text": "A"}, {"text": "B"}]}, "contents": [{"role": "user", "parts": [{"text": "hi"}]}]}


@pytest.mark.parametrize("key", ["systemInstruction", "system_instruction"])
def test_an_added_system_message_keeps_the_decoded_instructions_spelling_and_fields(key: str) -> None:
    """``role`` beside the parts and the snake_case key were dropped once a second system
    message joined the decoded one."""
    hi = [{"role": "user", "parts": [{"text": "hi"}]}]
    g = toolwire.decode_conversation({key: {"role": "user", "parts": [{"text": "A"}]}, "contents": hi}, D)
    two = toolwire.Conversation((g.messages[0], toolwire.Message("system", (Text("B"),)), *g.messages[1:]))
    assert toolwire.encode_conversation(two, D) == {key: {"role": "user", "parts": [{"text": "A"}, {"text": "B"}]},
                                                    "contents": hi}


@pytest.mark.parametrize("key", ["thought_signature", "partMetadata", "mediaResolution", "videoMetadata"])
def test_fields_beside_a_part_do_not_name_its_kind(key: str) -> None:
    part = {key: {"x": "é"}, "inlineData": {"mimeType": "image/png", "data": "iVBO"}}
    conv = toolwire.decode_conversation({"contents": [{"role": "user", "parts": [part, {key: "v", "text": "hallo"}]}]}, D)
    signed = [("reasoning", "", "gemini")] if key == "thought_signature" else []  # the text's signature
    assert shape(conv) == [("user", [("media", "image", "image/png", "iVBO", None), ("text", "hallo"), *signed])]


def test_history_detection() -> None:
    history = toolwire.get_dialect(D).history
    assert history is not None
    assert history.detect({"contents": []}) is True
    assert history.detect({"system_instruction": {}}) is True
    assert history.detect([{"role": "user", "parts": []}]) is True
    assert history.detect([{"role": "user", "content": "hi"}]) is False
    assert history.detect([{"role": "user", "content": "hi", "parts": []}]) is False
    assert history.detect(["parts"]) is False
    assert history.detect({"messages": []}) is False


@pytest.mark.parametrize(
    ("url", "mime"),
    [("https://ex.com/a.png", "image/png"), ("https://ex.com/a.jpg", "image/jpeg"), ("https://ex.com/a.jpeg#x", None),
     ("https://ex.com/a.JPEG?s=1", "image/jpeg"), ("https://ex.com/a.gif", "image/gif"), ("https://ex.com/a.webp", "image/webp")],
)
def test_a_file_uri_type_is_guessed_from_its_extension(url: str, mime: Any) -> None:
    conv = toolwire.Conversation((toolwire.Message("user", (Media("image", url=url),)),))
    if mime is None:
        with pytest.raises(toolwire.EncodeError):
            toolwire.encode_conversation(conv, D)
        return
    assert toolwire.encode_conversation(conv, D) == {"contents": [{"role": "user", "parts": [{"fileData": {"mimeType": mime, "fileUri": url}}]}]}


def _model_turn(part: Any) -> Any:
    return {"contents": [{"role": "user", "parts": [{"text": "Wetter?"}]}, {"role": "model", "parts": [{"text": "…"}, part]}]}


def test_a_cut_off_call_in_a_history_is_an_invalid_call_keeping_its_text() -> None:
    part = {"functionCall": {"id": "c9", "name": "get_weather", "args": '{"city": "Zü'}}
    conv = toolwire.decode_conversation(_model_turn(part), D)
    bad = conv.messages[1].parts[1]
    assert isinstance(bad, toolwire.InvalidToolCall)
    assert (bad.name, bad.id, bad.loc, bad.raw, bad.truncated) == (
        "get_weather", "c9", "$.contents[1].parts[1].functionCall.args", '{"city": "Zü', True)
    assert bad.error == (
        "Arguments at $.contents[1].parts[1].functionCall.args are cut off (the JSON ends inside a value): "
        "'{\"city\": \"Zü'; pass allow_truncated=True to accept the complete prefix"
    )


@pytest.mark.parametrize(
    ("part", "message", "loc"),
    [
        ({"functionCall": {"name": 5, "args": {}}},
         "Tool name at $.contents[1].parts[1].functionCall.name must be a non-empty string, got 5",
         "$.contents[1].parts[1].functionCall.name"),
        ({"function_call": "get_weather"},
         "Expected a function call object at $.contents[1].parts[1].function_call, got str 'get_weather'",
         "$.contents[1].parts[1].function_call"),
        ({"functionResponse": "22 °C"},
         "Expected a function response object at $.contents[1].parts[1].functionResponse, got str '22 °C'",
         "$.contents[1].parts[1].functionResponse"),
        ({"function_response": {"name": "get_weather", "response": "22 °C"}},
         "Function response at $.contents[1].parts[1].function_response.response must be an object",
         "$.contents[1].parts[1].function_response.response"),
    ],
    ids=["call-name", "call-not-object", "response-not-object", "response-body-not-object"],
)
def test_a_bad_call_or_response_in_a_history_names_its_place(part: Any, message: str, loc: str) -> None:
    with pytest.raises(toolwire.DecodeError) as exc:
        toolwire.decode_conversation(_model_turn(part), D)
    assert (exc.value.message, exc.value.loc, exc.value.dialect) == (message, loc, D)


def test_a_google_genai_dump_of_a_content_reads_the_field_that_is_set() -> None:
    """b07: ``Content.model_dump()`` writes every ``Part`` field, unset ones ``None``, and
    ``media_resolution`` first: the part is its set field (``text``), as the object is."""
    types = pytest.importorskip("google.genai.types")
    contents = [types.Content(role="user", parts=[types.Part(text="hi")]),
                types.Content(role="model", parts=[types.Part(text="hello", thought_signature=b"sig")])]
    dumped = [c.model_dump() for c in contents]
    assert next(iter(dumped[0]["parts"][0])) == "media_resolution"  # the SDK's field order
    want = {"messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]}
    assert toolwire.encode_conversation(toolwire.decode_conversation(dumped), "openai.chat") == want
    assert toolwire.encode_conversation(toolwire.decode_conversation(contents), "openai.chat") == want
    snake = [{"role": "user", "parts": [{"video_metadata": {"fps": 1}, "text": "look"}]}]
    assert toolwire.encode_conversation(toolwire.decode_conversation(snake, D), "openai.chat") == {
        "messages": [{"role": "user", "content": "look"}]}


def test_snake_case_code_execution_parts_are_server_state_as_camel_case_ones() -> None:
    """b08: ``executable_code`` / ``code_execution_result`` (the proto field names, which
    the API takes too; https://ai.google.dev/api/caching#Part) are what ``executableCode``
    / ``codeExecutionResult`` are: the server's own tool, not sent to another provider."""
    def hist(code: str, result: str) -> Any:
        return [{"role": "user", "parts": [{"text": "run it"}]},
                {"role": "model", "parts": [{code: {"language": "PYTHON", "code": "print(1)"}},
                                            {result: {"outcome": "OUTCOME_OK", "output": "1"}}, {"text": "1"}]}]

    for code, result in (("executableCode", "codeExecutionResult"), ("executable_code", "code_execution_result")):
        report: List[Any] = []
        out = toolwire.encode_conversation(toolwire.decode_conversation(hist(code, result), D), "openai.chat",
                                           report=report)
        assert out == {"messages": [{"role": "user", "content": "run it"}, {"role": "assistant", "content": "1"}]}
        assert len(report) == 2
