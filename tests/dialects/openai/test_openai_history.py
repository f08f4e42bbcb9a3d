"""OpenAI histories (``decode_conversation`` / ``encode_conversation``) against
hand-written request bodies: every error site with its literal message, ``$.path`` and
dialect, the parts each message decodes to, and the wire written from canonical
messages. The Chat writer's options used by Chat-shaped dialects (Cohere's
``tool_plan``, Ollama's ``images``, Mistral's bridge turn) are pinned here too.

Shapes from:
- https://platform.openai.com/docs/api-reference/chat/create (``messages`` with roles
  ``developer`` / ``system`` / ``user`` / ``assistant`` / ``tool``; content text or
  parts ``text``, ``image_url`` with an http(s) or ``data:`` URL, ``input_audio``;
  ``tool_calls``); https://api-docs.deepseek.com/guides/reasoning_model
  (``reasoning_content``); https://openrouter.ai/docs/use-cases/reasoning-tokens
  (``reasoning_details``);
- https://platform.openai.com/docs/api-reference/responses/create (``instructions``;
  ``input`` a string or items: messages with ``input_text`` / ``output_text`` /
  ``input_image`` / ``input_file`` parts, ``function_call``, ``function_call_output``,
  ``reasoning`` with ``summary`` / ``content``, hosted tool items);
- https://docs.cohere.com/reference/chat (``tool_plan``),
  https://github.com/ollama/ollama/blob/main/docs/api.md (``images``),
  https://docs.mistral.ai/capabilities/function_calling/ (tool message with ``name``).
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Tuple

import pytest

from toolwire import DecodeError, EncodeError, InvalidToolCall, ToolCall, ToolResult, ToolwireError
from toolwire.conversation import (
    Conversation,
    Media,
    Message,
    Other,
    Reasoning,
    Text,
    decode_conversation,
    encode_conversation,
)

C = "openai.chat"
R = "openai.responses"
M = Message


def _parts(body: Any, dialect: Any = None) -> List[Tuple[str, Tuple[Any, ...]]]:
    return [(m.role, m.parts) for m in decode_conversation(body, dialect)]


Row = Tuple[str, Callable[[], Any], type, str, str, Any]

ROWS: List[Row] = [
    # --- Chat reader ---
    ("chat.messages-not-a-list", lambda: decode_conversation({"messages": 5}, C),
     DecodeError, "An openai.chat history needs a list at $.messages", "$.messages", C),
    ("chat.bare-not-a-list", lambda: decode_conversation({"model": "gpt-4o"}, C),
     DecodeError, "An openai.chat history needs a list at $.messages", "$.messages", C),
    ("chat.message-not-an-object", lambda: decode_conversation({"messages": [5]}, C),
     DecodeError, "Expected a message at $.messages[0], got int 5", "$.messages[0]", C),
    ("chat.bare-message-not-an-object", lambda: decode_conversation([{"role": "user", "content": "x"}, 5], C),
     DecodeError, "Expected a message at $[1], got int 5", "$[1]", C),
    ("chat.unknown-role", lambda: decode_conversation({"messages": [{"role": "robot", "content": "x"}]}, C),
     DecodeError, "Message at $.messages[0] has role 'robot'", "$.messages[0].role", C),
    ("chat.gemini-parts", lambda: decode_conversation({"messages": [{"role": "user", "parts": [{"text": "x"}]}]}, C),
     DecodeError, "Message at $.messages[0] has 'parts', which openai.chat messages do not have",
     "$.messages[0].parts", C),
    ("chat.content-a-number", lambda: decode_conversation({"messages": [{"role": "user", "content": 5}]}, C),
     DecodeError, "Message content at $.messages[0].content must be text, null or a list of parts",
     "$.messages[0].content", C),
    ("chat.part-not-an-object", lambda: decode_conversation({"messages": [{"role": "user", "content": ["x", 5]}]}, C),
     DecodeError, "Expected a content part at $.messages[0].content[0], got str 'x'", "$.messages[0].content[0]", C),
    ("chat.part-without-type",
     lambda: decode_conversation({"messages": [{"role": "user", "content": [{"text": "x"}]}]}, C),
     DecodeError, "Content block at $.messages[0].content[0] has no 'type', which every openai.chat block has",
     "$.messages[0].content[0]", C),
    ("chat.responses-part",
     lambda: decode_conversation({"messages": [{"role": "user", "content": [
         {"type": "text", "text": "a"}, {"type": "input_text", "text": "x"}]}]}, C),
     DecodeError, "Content block at $.messages[0].content[1] has type 'input_text', which is openai.responses's, "
     "not openai.chat's", "$.messages[0].content[1]", C),
    ("chat.tool-call-not-an-object",
     lambda: decode_conversation({"messages": [{"role": "assistant", "tool_calls": [5]}]}, C),
     DecodeError, "Expected a tool call at $.messages[0].tool_calls[0], got int 5", "$.messages[0].tool_calls[0]", C),
    ("chat.tool-result-content",
     lambda: decode_conversation({"messages": [{"role": "tool", "tool_call_id": "call_1", "content": 5}]}, C),
     DecodeError, "Tool result content at $.messages[0].content must be text or a list of parts",
     "$.messages[0].content", C),
    # --- Chat writer ---
    ("chat.write-nothing", lambda: encode_conversation(Conversation([]), C),
     EncodeError, "An openai.chat request needs at least one message", "$", C),
    ("chat.write-system-image",
     lambda: encode_conversation(Conversation([M("system", [Media("image", url="https://example.com/a.png")])]), C),
     EncodeError, "System message 0 holds more than text", "$.messages[0].parts[0]", C),
    ("chat.write-user-call",
     lambda: encode_conversation(Conversation([M("user", [Text("x"), ToolCall("f", {}, "call_1")])]), C),
     EncodeError, "Message 0 is a user message holding a tool call", "$", C),
    ("chat.write-assistant-result",
     lambda: encode_conversation(Conversation([M("user", [Text("x")]), M("assistant", [ToolResult("call_1", "f", "x")])]),
                                 C),
     EncodeError, "Assistant message 1 holds a tool result", "$", C),
    ("chat.write-assistant-image",
     lambda: encode_conversation(Conversation([M("assistant", [Media("image", url="https://example.com/a.png")])]), C),
     EncodeError, "Message 0 holds an image by URL that openai.chat cannot take: an assistant message holds no images",
     "$.messages[0].parts[0]", C),
    ("chat.write-audio",
     lambda: encode_conversation(Conversation([M("user", [Media("audio", data="AAAA", media_type="audio/wav")])]), C),
     EncodeError, "Message 0 holds an audio as data that openai.chat cannot take: only images are converted", "$.messages[0].parts[0]", C),
    ("chat.write-ftp-image",
     lambda: encode_conversation(Conversation([M("user", [Media("image", url="ftp://example.com/a.png")])]), C),
     EncodeError, "Message 0 holds an image by URL that openai.chat cannot take: an image_url part takes an http(s) or "
     "data: URL", "$.messages[0].parts[0]", C),
    ("ollama.write-image-url",
     lambda: encode_conversation(Conversation([M("user", [Media("image", url="https://example.com/a.png")])]), "ollama"),
     EncodeError, "Message 0 holds an image by URL that ollama cannot take: Ollama takes images as base64 data only",
     "$.messages[0].parts[0]", "ollama"),
    # --- Responses reader ---
    ("responses.input-not-a-list", lambda: decode_conversation({"input": 5}, R),
     DecodeError, "An openai.responses history needs a list at $.input", "$.input", R),
    ("responses.bare-not-a-list", lambda: decode_conversation({"instructions": ""}, R),
     DecodeError, "An openai.responses history needs a list at $.input", "$.input", R),
    ("responses.item-not-an-object", lambda: decode_conversation({"input": [5]}, R),
     DecodeError, "Expected an input item at $.input[0], got int 5", "$.input[0]", R),
    ("responses.unknown-role", lambda: decode_conversation({"input": [{"role": "robot", "content": "x"}]}, R),
     DecodeError, "Item at $.input[0] has role 'robot'", "$.input[0].role", R),
    ("responses.message-with-tool_calls",
     lambda: decode_conversation({"input": [{"type": "message", "role": "assistant", "content": "x", "tool_calls": []}]}, R),
     DecodeError, "Message at $.input[0] has 'tool_calls', which openai.responses messages do not have",
     "$.input[0].tool_calls", R),
    ("responses.content-a-number", lambda: decode_conversation({"input": [{"role": "user", "content": 5}]}, R),
     DecodeError, "Message content at $.input[0].content must be text or a list of parts", "$.input[0].content", R),
    ("responses.instructions-a-number", lambda: decode_conversation({"instructions": 5, "input": []}, R),
     DecodeError, "Message content at $.instructions must be text or a list of parts", "$.instructions", R),
    ("responses.part-not-an-object", lambda: decode_conversation({"input": [{"role": "user", "content": [5]}]}, R),
     DecodeError, "Expected a content part at $.input[0].content[0], got int 5", "$.input[0].content[0]", R),
    ("responses.part-without-type",
     lambda: decode_conversation({"input": [{"role": "user", "content": [{"text": "x"}]}]}, R),
     DecodeError, "Content block at $.input[0].content[0] has no 'type', which every openai.responses block has",
     "$.input[0].content[0]", R),
    ("responses.anthropic-part",
     lambda: decode_conversation({"input": [{"role": "user", "content": [{"type": "tool_result"}]}]}, R),
     DecodeError, "Content block at $.input[0].content[0] has type 'tool_result', which is anthropic.messages's, "
     "not openai.responses's", "$.input[0].content[0]", R),
    ("responses.anthropic-item", lambda: decode_conversation({"input": [{"type": "tool_use", "id": "toolu_1"}]}, R),
     DecodeError, "Content block at $.input[0] has type 'tool_use', which is anthropic.messages's, not "
     "openai.responses's", "$.input[0]", R),
    # (an item of only an id is an item_reference: the openai SDK's ItemReference has type optional)
    ("responses.item-without-type-or-role", lambda: decode_conversation({"input": [{"id": "x", "status": "done"}]}, R),
     DecodeError, "Content block at $.input[0] has no 'type', which every openai.responses block has", "$.input[0]", R),
    ("responses.result-output",
     lambda: decode_conversation({"input": [{"type": "function_call_output", "call_id": "c", "output": 5}]}, R),
     DecodeError, "Tool output at $.input[0].output must be text or a list of parts", "$.input[0].output", R),
    # --- Responses writer ---
    ("responses.write-system-image",
     lambda: encode_conversation(Conversation([M("system", [Media("image", url="https://example.com/a.png")])]), R),
     EncodeError, "System message 0 holds more than text", "$.messages[0].parts[0]", R),
    ("responses.write-user-call", lambda: encode_conversation(Conversation([M("user", [ToolCall("f", {}, "call_1")])]), R),
     EncodeError, "Message 0 is a user message holding a tool call", "$", R),
    ("responses.write-assistant-result",
     lambda: encode_conversation(Conversation([M("user", [Text("x")]), M("assistant", [Text("a"),
                                                                                        ToolResult("c", "f", "x")])]), R),
     EncodeError, "Assistant message 1 holds a tool result", "$", R),
    ("responses.write-assistant-image",
     lambda: encode_conversation(Conversation([M("assistant", [Media("image", url="https://example.com/a.png")])]), R),
     EncodeError, "Message 0 holds an image by URL that openai.responses cannot take: an assistant message holds no "
     "images", "$.messages[0].parts[0]", R),
    ("responses.write-audio",
     lambda: encode_conversation(Conversation([M("user", [Media("audio", data="AAAA", media_type="audio/wav")])]), R),
     EncodeError, "Message 0 holds an audio as data that openai.responses cannot take: only images are converted", "$.messages[0].parts[0]", R),
    ("responses.write-ftp-image",
     lambda: encode_conversation(Conversation([M("user", [Media("image", url="ftp://example.com/a.png")])]), R),
     EncodeError, "Message 0 holds an image by URL that openai.responses cannot take: input_image takes an http(s) or "
     "data: URL", "$.messages[0].parts[0]", R),
    ("responses.write-foreign-other",
     lambda: encode_conversation(Conversation([M("user", [Other("foo", "anthropic.messages", {"type": "foo"})])]), R),
     EncodeError, "Message 0 holds a 'foo' part of anthropic.messages, which openai.responses has no documented "
     "equivalent for", "$.messages[0].parts[0]", R),
    ("responses.write-system-foreign-other",
     lambda: encode_conversation(Conversation([M("system", [Other("foo", "anthropic.messages", {"type": "foo"})])]), R),
     EncodeError, "Message 0 holds a 'foo' part of anthropic.messages, which openai.responses has no documented "
     "equivalent for", "$.messages[0].parts[0]", R),
]


@pytest.mark.parametrize(("thunk", "cls", "message", "loc", "dialect"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_history_error_site(thunk: Callable[[], Any], cls: type, message: str, loc: str, dialect: Any) -> None:
    with pytest.raises(ToolwireError) as exc:
        thunk()
    err = exc.value
    assert (type(err), err.message, err.loc, err.dialect) == (cls, message, loc, dialect)


def test_the_table_names_each_site_once() -> None:
    assert len({r[0] for r in ROWS}) == len(ROWS)


# --- Chat ------------------------------------------------------------------------------------------

CHAT_BODY: Dict[str, Any] = {"model": "gpt-4o", "messages": [
    {"role": "developer", "content": "Sois bref."},
    {"role": "user", "content": [
        {"type": "text", "text": "Météo ?", "cache_control": {"type": "ephemeral"}},
        {"type": "image_url", "image_url": {"url": "https://example.com/a.png", "detail": "low"}},
        {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}},
        {"type": "image_url", "image_url": {"url": "data:image/png,raw"}},
        {"type": "image_url", "image_url": "https://example.com/b.png"},
        {"type": "image_url", "image_url": 5},
        {"type": "input_audio", "input_audio": {"data": "AAAA", "format": "wav"}}]},
    {"role": "assistant", "content": None, "reasoning_content": "Je réfléchis", "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Zürich"}'}},
        {"id": "call_2", "type": "function", "function": {"name": "f", "arguments": "{broken"}}]},
    {"role": "tool", "tool_call_id": "call_1", "content": "22 °C"},
    # (a role function message while call_2 waits for its tool message is refused whole: answered first)
    {"role": "tool", "tool_call_id": "call_2", "content": "y"},
    {"role": "function", "name": "f", "content": "x"},
    {"role": "assistant", "content": "Fini", "reasoning": "", "reasoning_details": [{"type": "reasoning.text", "text": "r"}]},
    {"role": "user", "content": "ok", "reasoning_content": "not a user's", "tool_calls": [
        {"id": "call_9", "type": "function", "function": {"name": "g", "arguments": "{}"}}]},
    {"role": "system", "content": None},
]}


def test_chat_history_decodes_to_these_parts_and_back_exactly() -> None:
    img = CHAT_BODY["messages"][1]["content"]
    assert _parts(CHAT_BODY, C) == [
        ("system", (Text("Sois bref."),)),
        ("user", (Text("Météo ?"), Media("image", url="https://example.com/a.png", dialect=C, extra=img[1]),
                  Media("image", media_type="image/png", data="iVBORw0KGgo=", dialect=C, extra=img[2]),
                  Other("image_url", C, img[3]), Media("image", url="https://example.com/b.png", dialect=C, extra=img[4]),
                  Other("image_url", C, img[5]), Other("input_audio", C, img[6]))),
        ("assistant", (Reasoning("Je réfléchis", C, {"reasoning_content": "Je réfléchis"}),
                       ToolCall("get_weather", {"city": "Zürich"}, "call_1"),
                       InvalidToolCall(name="f", id="call_2", error="Arguments at $.messages[2].tool_calls[1].function."
                                       "arguments are cut off (the JSON ends inside a value): '{broken'; what "
                                       "comes before the cut is not a JSON object either",
                                       loc="$.messages[2].tool_calls[1].function.arguments", raw="{broken",
                                       truncated=True))),
        ("tool", (ToolResult("call_1", None, "22 °C"),)),
        ("tool", (ToolResult("call_2", None, "y"),)),
        ("tool", (ToolResult(None, "f", "x", provider_data={C: {"legacy": True}}),)),
        ("assistant", (Reasoning("", C, {"reasoning_details": [{"type": "reasoning.text", "text": "r"}]}), Text("Fini"))),
        # a call on a user message stays where it stands (check_conversation: wrong-role), not dropped
        ("user", (Text("ok"), ToolCall("g", {}, "call_9"))),
        ("system", ()),
    ]
    conv = decode_conversation(CHAT_BODY, C)
    assert conv.dialect == C
    assert encode_conversation(conv, C) == {"messages": CHAT_BODY["messages"]}
    assert decode_conversation(CHAT_BODY).dialect == C
    assert decode_conversation(CHAT_BODY["messages"]).dialect == C


def test_chat_image_data_url_media_type_may_be_absent() -> None:
    ((_, (media,)),) = _parts([{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "data:;base64,AAAA"}}]}], C)
    assert (media.media_type, media.data) == (None, "AAAA")


CANON = Conversation([
    M("system", [Text("Sois bref."), Text("Réponds en français.")]),
    M("user", [Text("Météo ?"), Media("image", url="https://example.com/a.png"),
               Media("image", data="iVBORw0KGgo=", media_type="image/png")]),
    M("assistant", [Text("Je regarde"), ToolCall("get_weather", {"city": "Zürich"}, "call_1")]),
    M("assistant", [ToolCall("f", {}, "call_2")]),
    M("tool", [ToolResult("call_1", "get_weather", "22 °C"), ToolResult("call_2", "f", "ok")]),
    M("assistant", []),
    M("user", []),
    M("assistant", [Text("a"), Text("b")]),
    M("user", [Text("c"), Text("d")]),
    M("system", []),
])


def test_chat_history_written_from_canonical_messages() -> None:
    report: List[Any] = []
    assert encode_conversation(CANON, C, report=report) == {"messages": [
        {"role": "system", "content": "Sois bref.\n\nRéponds en français."},  # one string (Groq), noted
        {"role": "user", "content": [
            {"type": "text", "text": "Météo ?"}, {"type": "image_url", "image_url": {"url": "https://example.com/a.png"}},
            {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}}]},
        {"role": "assistant", "content": "Je regarde", "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city":"Zürich"}'}},
            {"id": "call_2", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": "22 °C"},
        {"role": "tool", "tool_call_id": "call_2", "content": "ok"},
        {"role": "user", "content": ""},
        {"role": "assistant", "content": "ab"},  # one reply in pieces, noted
        {"role": "user", "content": [{"type": "text", "text": "c"}, {"type": "text", "text": "d"}]},
        {"role": "system", "content": ""},
    ]}
    why = "servers speaking openai.chat (Groq, DeepSeek) take an assistant or system message's content as one string"
    assert [(p.kind, p.index, p.message) for p in report] == [
        ("converted", 0, "The 2 text parts of system message 0 are sent to openai.chat as one text, apart by a blank "
                         f"line (separate inputs): {why}"),
        ("dropped", 5, "Assistant message 5 holds nothing openai.chat can take and is left out"),
        ("converted", 7, "The 2 text parts of assistant message 7 are sent to openai.chat as one text, joined as they "
                         f"are (nothing between them: one reply in pieces): {why}")]


def test_chat_assistant_with_its_own_reasoning_and_other_parts() -> None:
    conv = Conversation([M("assistant", [Reasoning("r", C, {"reasoning_content": "r"}), Text("a"),
                                         Other("refusal", C, {"type": "refusal", "refusal": "non"}),
                                         Reasoning("x", "anthropic.messages", {"type": "thinking"})])])
    report: List[Any] = []
    assert encode_conversation(conv, C, report=report) == {"messages": [
        {"role": "assistant", "reasoning_content": "r", "content": [
            {"type": "text", "text": "a"}, {"type": "refusal", "refusal": "non"}]}]}
    assert [p.kind for p in report] == ["reasoning-dropped"]
    only_reasoning = Conversation([M("user", [Text("q")]), M("assistant", [Reasoning("r", C, {"reasoning": "r"})])])
    assert encode_conversation(only_reasoning, C) == {"messages": [{"role": "user", "content": "q"}]}


def test_a_chat_refusal_part_is_the_assistants_text_as_the_refusal_field_is() -> None:
    """openai ``ChatCompletionAssistantMessageParam.content`` may hold a
    ``ChatCompletionContentPartRefusalParam`` (``{"type": "refusal", "refusal"}``);
    conversations.md: a refusal is the assistant's text. It was an ``Other`` no other
    dialect could take."""
    refusal = "I can't help with that."
    body = {"messages": [{"role": "user", "content": "q"}, {"role": "assistant", "content": [
        {"type": "text", "text": "Sorry,"}, {"type": "refusal", "refusal": refusal}]}]}
    conv = decode_conversation(body, C)
    assert conv.messages[1].parts == (Text("Sorry,"), Text(refusal))
    assert encode_conversation(conv, C) == body
    field = decode_conversation({"messages": [{"role": "assistant", "content": None, "refusal": refusal}]}, C)
    assert field.messages[0].parts == (Text(refusal),)
    for target in ("anthropic.messages", "gemini", "bedrock.converse", "mistral"):
        back = decode_conversation(encode_conversation(conv, target), target)
        assert back.messages[-1].parts == (Text("Sorry,"), Text(refusal))
    back = decode_conversation(encode_conversation(conv, "openai.responses"), "openai.responses")
    assert [m.text for m in back.messages[1:]] == ["Sorry,", refusal]  # (each text an assistant message)
    bad = {"messages": [{"role": "assistant", "content": [{"type": "refusal", "refusal": 5}]}]}
    with pytest.raises(DecodeError) as info:
        decode_conversation(bad, C)
    assert (info.value.message, info.value.loc, info.value.dialect) == (
        "Refusal at $.messages[0].content[0].refusal must be text", "$.messages[0].content[0].refusal", C)


def test_chat_assistants_written_fresh_merge_but_decoded_ones_stay() -> None:
    decoded = decode_conversation({"messages": [{"role": "assistant", "content": "a"}, {"role": "assistant", "content": "b"}]}, C)
    fresh = Conversation([*decoded, M("assistant", [Text("c")]), M("assistant", [Text("d")])])
    assert encode_conversation(fresh, C) == {"messages": [
        {"role": "assistant", "content": "a"}, {"role": "assistant", "content": "b"},
        {"role": "assistant", "content": "c\n\nd"}]}  # (two messages written as one: apart by a blank line)


def test_chat_like_options_of_other_dialects() -> None:
    # Cohere's ``tool_plan`` is text beside the calls; Ollama's ``images`` are base64 data
    cohere = {"messages": [{"role": "assistant", "tool_plan": "Je vais chercher", "tool_calls": [
        {"id": "get_weather_abc123def456", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}]}]}
    assert _parts(cohere, "cohere.v2")[0][1][0] == Text("Je vais chercher")
    assert decode_conversation(cohere).dialect == "cohere.v2"
    ollama = {"messages": [{"role": "user", "content": "Quoi ?", "images": ["iVBORw0KGgo="]}]}
    assert _parts(ollama, "ollama") == [("user", (Text("Quoi ?"), Media("image", data="iVBORw0KGgo=", dialect="ollama")))]
    with pytest.raises(DecodeError) as info:  # an image that is neither base64 nor bytes is never skipped
        decode_conversation({"messages": [{"role": "user", "content": "Quoi ?", "images": ["iVBORw0KGgo=", 5]}]},
                            "ollama")
    assert (info.value.message, info.value.loc) == (
        "Image at $.messages[0].images[1] must be base64 text or bytes, got 5", "$.messages[0].images[1]")
    img = Conversation([M("user", [Text("Quoi ?"), Media("image", data="iVBORw0KGgo=", media_type="image/png")])])
    assert encode_conversation(img, "ollama") == {"messages": [{"role": "user", "content": "Quoi ?", "images": ["iVBORw0KGgo="]}]}
    # Mistral takes no user message right after a tool message: a short assistant turn goes between
    conv = Conversation([M("user", [Text("f ?")]), M("assistant", [ToolCall("f", {}, "abcDEF123")]),
                         M("tool", [ToolResult("abcDEF123", "f", "ok")]), M("user", [Text("merci")])])
    report: List[Any] = []
    out = encode_conversation(conv, "mistral", report=report)
    assert [m["role"] for m in out["messages"]] == ["user", "assistant", "tool", "assistant", "user"]
    assert [p.kind for p in report] == ["inserted"]


def test_chat_history_detection() -> None:
    assert decode_conversation([{"role": "user", "content": "x"}]).dialect == C
    assert decode_conversation({"messages": [{"role": "user", "content": "x"}]}).dialect == C


# --- Responses -----------------------------------------------------------------------------------

RESP_BODY: Dict[str, Any] = {"model": "gpt-5", "instructions": "Sois bref.", "input": [
    {"role": "user", "content": [{"type": "input_text", "text": "Météo ?"},
                                 {"type": "input_image", "image_url": "https://example.com/a.png", "detail": "auto"},
                                 {"type": "input_image", "file_id": "file-1"},
                                 {"type": "input_file", "file_id": "file-2"}]},
    {"type": "reasoning", "id": "rs_1", "summary": [{"type": "summary_text", "text": "Résumé"}],
     "encrypted_content": "gAAA"},
    {"type": "message", "role": "assistant", "id": "msg_1", "content": [
        {"type": "output_text", "text": "Je regarde", "annotations": []}]},
    {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather", "arguments": '{"city": "Zürich"}',
     "status": "completed"},
    {"type": "function_call_output", "call_id": "call_1", "output": "22 °C"},
    {"type": "web_search_call", "id": "ws_1", "status": "completed", "action": {"type": "search", "query": "x"}},
    {"role": "developer", "content": "Plus court."},
]}


def test_responses_history_decodes_to_these_parts_and_back_exactly() -> None:
    items = RESP_BODY["input"]
    assert _parts(RESP_BODY, R) == [
        ("system", (Text("Sois bref."),)),
        ("user", (Text("Météo ?"), Media("image", url="https://example.com/a.png", dialect=R, extra=items[0]["content"][1]),
                  Other("input_image", R, items[0]["content"][2]), Other("input_file", R, items[0]["content"][3]))),
        ("assistant", (Reasoning("Résumé", R, items[1]),)),
        ("assistant", (Text("Je regarde"),)),
        ("assistant", (ToolCall("get_weather", {"city": "Zürich"}, "call_1",
                                provider_data={R: {"id": "fc_1", "status": "completed"}}),)),
        ("tool", (ToolResult("call_1", None, "22 °C"),)),
        ("assistant", (Other("web_search_call", R, items[5]),)),
        ("system", (Text("Plus court."),)),
    ]
    conv = decode_conversation(RESP_BODY, R)
    assert encode_conversation(conv, R) == {"instructions": "Sois bref.", "input": items}
    assert decode_conversation(RESP_BODY).dialect == R


def test_responses_input_text_and_reasoning_text() -> None:
    assert _parts({"instructions": "", "input": "Bonjour"}, R) == [("user", (Text("Bonjour"),))]
    assert encode_conversation(decode_conversation({"input": "Bonjour"}, R), R) == {"input": "Bonjour"}
    reasoning = [{"type": "reasoning", "content": [{"type": "reasoning_text", "text": "a"}, 5,
                                                   {"type": "reasoning_text", "text": "b"}], "summary": [{"text": "s"}]},
                 {"type": "reasoning", "content": [], "summary": [{"text": 5}, {"text": "s"}]},
                 {"type": "reasoning", "content": "x", "summary": None}]
    assert [m.parts[0].text for m in decode_conversation(reasoning, R)] == ["a\n\nb", "s", ""]


CANON_R = Conversation([
    M("system", [Text("Sois bref."), Text("Réponds en français.")]),
    M("user", [Text("Météo ?"), Media("image", url="https://example.com/a.png"),
               Media("image", data="iVBORw0KGgo=", media_type="image/png")]),
    M("assistant", [Text("Je regarde"), Text("encore"), ToolCall("get_weather", {"city": "Zürich"}, "call_1"),
                    Text("puis"), ToolCall("f", {}, "call_2"), Text("fin")]),
    M("tool", [ToolResult("call_1", "get_weather", "22 °C"), ToolResult("call_2", "f", "ok")]),
    M("assistant", []),
    M("user", [Text("merci")]),
    M("system", [Text("Plus court.")]),
])


def test_responses_history_written_from_canonical_messages() -> None:
    report: List[Any] = []
    assert encode_conversation(CANON_R, R, report=report) == {"instructions": "Sois bref.\n\nRéponds en français.", "input": [
        {"role": "user", "content": [
            {"type": "input_text", "text": "Météo ?"},
            {"type": "input_image", "image_url": "https://example.com/a.png", "detail": "auto"},
            {"type": "input_image", "image_url": "data:image/png;base64,iVBORw0KGgo=", "detail": "auto"}]},
        {"role": "assistant", "content": "Je regarde"},
        {"role": "assistant", "content": "encore"},
        {"type": "function_call", "call_id": "call_1", "name": "get_weather", "arguments": '{"city":"Zürich"}'},
        {"role": "assistant", "content": "puis"},
        {"type": "function_call", "call_id": "call_2", "name": "f", "arguments": "{}"},
        {"role": "assistant", "content": "fin"},
        {"type": "function_call_output", "call_id": "call_1", "output": "22 °C"},
        {"type": "function_call_output", "call_id": "call_2", "output": "ok"},
        {"role": "user", "content": "merci"},
        {"role": "system", "content": "Plus court."},
    ]}
    assert [(p.kind, p.index, p.message) for p in report] == [
        ("converted", 0, "The 2 text parts of system message 0 are sent to openai.responses as one text, apart by a "
                         "blank line (separate inputs): instructions is one string"),
        ("dropped", 4, "Assistant message 4 holds nothing openai.responses can take and is left out")]


def test_responses_messages_that_give_no_item_are_noted() -> None:
    conv = Conversation([M("system", []), M("user", [Text("q")]), M("user", []), M("tool", []),
                         M("assistant", [Reasoning("r", C, {"reasoning_content": "r"})])])
    report: List[Any] = []
    assert encode_conversation(conv, R, report=report) == {"input": [{"role": "user", "content": "q"}]}
    assert [(p.kind, p.index, p.message) for p in report] == [
        ("dropped", 0, "System message 0 holds nothing openai.responses can take and is left out"),
        ("dropped", 2, "User message 2 holds nothing openai.responses can take and is left out"),
        ("dropped", 3, "Tool message 3 holds nothing openai.responses can take and is left out"),
        ("reasoning-dropped", 4, "Reasoning of openai.chat in message 4 is not sent to openai.responses"),
        ("dropped", 4, "Assistant message 4 holds nothing openai.responses can take and is left out"),
    ]


def test_responses_writer_keeps_its_own_items_and_drops_others_state() -> None:
    own = decode_conversation({"instructions": "A", "input": [
        {"type": "reasoning", "id": "rs_1", "summary": []}, {"type": "item_reference", "id": "msg_0"}]}, R)
    later = Conversation([M("user", [Text("q")]), *own, M("assistant", [Reasoning("r", R, {"type": "reasoning", "id": "rs_2",
                                                                                         "summary": []})])])
    report: List[Any] = []
    assert encode_conversation(later, R, report=report) == {"input": [
        {"role": "user", "content": "q"}, {"role": "system", "content": "A"},
        {"type": "reasoning", "id": "rs_1", "summary": []}, {"type": "item_reference", "id": "msg_0"},
        {"type": "reasoning", "id": "rs_2", "summary": []}]}
    assert report == []
    chat_state = Conversation([M("user", [Text("q")]), M("assistant", [Reasoning("r", C, {"reasoning_content": "r"}),
                                                                       Other("web_search_call", R, {"type": "web_search_call"})])])
    assert encode_conversation(chat_state, R, report=report) == {"input": [
        {"role": "user", "content": "q"}, {"type": "web_search_call"}]}
    assert [p.kind for p in report] == ["reasoning-dropped"]
    dropped = Conversation([M("user", [Text("q"), Other("web_search_call", R, {"type": "web_search_call"})])])
    assert encode_conversation(dropped, C, report=report) == {"messages": [{"role": "user", "content": "q"}]}
    assert [p.kind for p in report] == ["reasoning-dropped", "dropped"]


@pytest.mark.parametrize(
    ("data", "dialect"),
    [
        ([{"type": "function_call", "call_id": "c", "name": "f", "arguments": "{}"}], R),
        ([{"type": "function_call_output", "call_id": "c", "output": "x"}], R),
        ([{"type": "reasoning", "summary": []}], R),
        ([{"type": "message", "role": "user", "content": "x"}], R),
        ([{"role": "user", "content": [{"type": "input_text", "text": "x"}]}], R),
        ([{"role": "user", "content": [{"type": "output_text", "text": "x"}]}], R),
        ({"instructions": "x", "input": []}, R),
        ({"input": "x"}, R),
    ],
)
def test_responses_history_detection(data: Any, dialect: str) -> None:
    assert decode_conversation(data).dialect == dialect


@pytest.mark.parametrize("dialect", [C, "mistral", "ollama"])
def test_a_chat_message_that_is_not_an_object_names_its_dialect(dialect: str) -> None:
    with pytest.raises(DecodeError) as exc:
        decode_conversation({"messages": [{"role": "user", "content": "hi"}, 5]}, dialect)
    assert (exc.value.message, exc.value.loc, exc.value.dialect) == (
        "Expected a message at $.messages[1], got int 5", "$.messages[1]", dialect)


def test_a_chat_image_part_keeps_its_wire_part_and_is_written_back_as_received() -> None:
    # https://platform.openai.com/docs/api-reference/chat/create: an image_url part with its
    # "detail"; a message built anew around it writes the part unchanged
    by_url = {"type": "image_url", "image_url": {"url": "https://example.com/a.png", "detail": "low"}}
    by_data = {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo=", "detail": "high"}}
    conv = decode_conversation([{"role": "user", "content": [by_url, by_data]}], C)
    first, second = conv.messages[0].parts
    assert isinstance(first, Media) and isinstance(second, Media)
    assert (first.kind, first.url, first.data, first.dialect, first.extra) == ("image", "https://example.com/a.png", None, C, by_url)
    assert (second.media_type, second.data, second.dialect, second.extra) == ("image/png", "iVBORw0KGgo=", C, by_data)
    fresh = Conversation([Message("user", (Text("Und diese?"), second, first))])
    assert encode_conversation(fresh, C) == {"messages": [
        {"role": "user", "content": [{"type": "text", "text": "Und diese?"}, by_data, by_url]}]}


# --- pinned after the sampled mutation run of 2026-12-02 (later) -------------------------


@pytest.mark.parametrize("key", ["reasoning_content", "reasoning", "reasoning_details"])
def test_chat_reasoning_beside_the_content_is_a_reasoning_part_and_goes_back(key: str) -> None:
    """DeepSeek's ``reasoning_content``, OpenRouter's ``reasoning`` / ``reasoning_details``."""
    value: Any = [{"type": "reasoning.text", "text": "hm"}] if key == "reasoning_details" else "hm"
    wire = {"messages": [{"role": "user", "content": "q"}, {"role": "assistant", "content": "a", key: value}]}
    conv = decode_conversation(wire, C)
    reasoning = conv.messages[1].parts[0]
    assert type(reasoning) is Reasoning and (reasoning.dialect, reasoning.data) == (C, {key: value})
    assert reasoning.text == ("hm" if key != "reasoning_details" else "")
    assert encode_conversation(conv, C) == wire


def test_ollama_images_are_ollama_media_and_go_back_as_received() -> None:
    wire = {"messages": [{"role": "user", "content": "was ist das?", "images": ["iVBORw0KGgo="]}]}
    conv = decode_conversation(wire, "ollama")
    image = conv.messages[0].parts[1]
    assert image == Media("image", data="iVBORw0KGgo=") and image.dialect == "ollama"  # (equality ignores it)
    assert encode_conversation(conv, "ollama") == wire


def test_chat_like_writers_name_what_they_cannot_write() -> None:
    with pytest.raises(EncodeError) as info:
        encode_conversation(Conversation([]), C)
    assert (info.value.message, info.value.dialect) == ("An openai.chat request needs at least one message", C)
    ftp = Conversation([M("user", [Media("image", url="ftp://example.com/a.png")])])
    with pytest.raises(EncodeError) as info:
        encode_conversation(ftp, C)
    assert info.value.message == (
        "Message 0 holds an image by URL that openai.chat cannot take: an image_url part takes an http(s) or data: URL")


def test_responses_items_of_other_types_keep_their_role_or_are_the_assistants() -> None:
    """An item this reader does not know is kept whole (``Other``) in a message of its
    ``role`` (an ``item_reference`` a client sends for a user turn), the assistant's without one."""
    ref = {"type": "item_reference", "id": "msg_1", "role": "user"}
    tools = {"type": "mcp_list_tools", "id": "mcpl_1", "server_label": "docs", "tools": []}
    conv = decode_conversation({"input": [ref, tools]}, R)
    assert [(m.role, m.parts) for m in conv.messages] == [
        ("user", (Other("item_reference", R, ref),)), ("assistant", (Other("mcp_list_tools", R, tools),))]


# A file part of a user message between Chat and Responses: openai-python types both
# with the same fields (``chat.chat_completion_content_part_param.File`` / ``FileFile``:
# file_id, file_data, filename; ``responses.ResponseInputFileParam``: the same, plus
# ``file_url``, which Chat's part cannot carry, and ``detail``); the file data as a
# ``data:`` URL, as https://platform.openai.com/docs/guides/pdf-files sends it to both
_PDF = "data:application/pdf;base64,JVBERi0xLjQK"
_FILES = [
    ({"file_id": "file-7qh8AjzrjyRGiQ7kaFybfG"}, {"file_id": "file-7qh8AjzrjyRGiQ7kaFybfG"}),
    ({"file_data": _PDF, "filename": "a.pdf"}, {"file_data": _PDF, "filename": "a.pdf"}),
]


def _chat_file_history(file: Dict[str, Any]) -> Dict[str, Any]:
    return {"messages": [{"role": "user", "content": [{"type": "text", "text": "Read it"},
                                                      {"type": "file", "file": file}]}]}


def _responses_file_history(part: Dict[str, Any]) -> Dict[str, Any]:
    return {"input": [{"role": "user", "content": [{"type": "input_text", "text": "Read it"},
                                                   {"type": "input_file", **part}]}]}


@pytest.mark.parametrize(("chat", "responses"), _FILES)
def test_a_chat_file_part_is_a_responses_input_file_and_back(chat: Dict[str, Any], responses: Dict[str, Any]) -> None:
    from openai.types.chat.chat_completion_content_part_param import File
    from openai.types.responses import ResponseInputFileParam
    from pydantic import TypeAdapter

    out = encode_conversation(decode_conversation(_chat_file_history(chat), "openai.chat"), "openai.responses")
    assert out == {"input": [{"role": "user", "content": [{"type": "input_text", "text": "Read it"},
                                                          {"type": "input_file", **responses}]}]}
    TypeAdapter(ResponseInputFileParam).validate_python(out["input"][0]["content"][1])
    back = encode_conversation(decode_conversation(_responses_file_history(responses), "openai.responses"),
                               "openai.chat")
    assert back == {"messages": [{"role": "user", "content": [{"type": "text", "text": "Read it"},
                                                              {"type": "file", "file": chat}]}]}
    TypeAdapter(File).validate_python(back["messages"][0]["content"][1])


def test_a_responses_input_file_by_url_is_refused_for_chat_and_its_detail_noted() -> None:
    conv = decode_conversation(_responses_file_history({"file_url": "https://example.com/a.pdf"}),
                               "openai.responses")
    with pytest.raises(EncodeError) as exc:
        encode_conversation(conv, "openai.chat")
    assert (exc.value.message, exc.value.loc) == (
        "Message 0 holds an input_file by URL (file_url), which an openai.chat file part cannot carry: it takes "
        "file_id or file_data", "$.messages[0].parts[1].file_url")
    report: List[Any] = []
    conv = decode_conversation(_responses_file_history({"file_id": "file-1", "detail": "high"}), "openai.responses")
    out = encode_conversation(conv, "openai.chat", report=report)
    assert out["messages"][0]["content"][1] == {"type": "file", "file": {"file_id": "file-1"}}
    assert [(p.kind, p.message) for p in report] == [
        ("dropped", "The file detail 'high' in message 0 is not sent to openai.chat: its file parts have no detail")]


@pytest.mark.parametrize(("bad", "message", "loc"), [
    ({"type": "file", "file": "file-1"}, "Message 0 holds a file part whose 'file' is no object",
     "$.messages[0].parts[1].file"),
    ({"type": "file", "file": {"filename": "a.pdf"}}, "Message 0 holds a file part with neither file_id nor "
     "file_data", "$.messages[0].parts[1].file"),
    ({"type": "file", "file": {"file_id": 7}}, "Message 0 holds a file part whose file_id is no string",
     "$.messages[0].parts[1].file.file_id"),
])
def test_a_chat_file_part_of_no_documented_shape_is_refused_for_responses(
    bad: Dict[str, Any], message: str, loc: str
) -> None:
    conv = decode_conversation({"messages": [{"role": "user", "content": [{"type": "text", "text": "x"}, bad]}]},
                               "openai.chat")
    with pytest.raises(EncodeError) as exc:
        encode_conversation(conv, "openai.responses")
    assert (exc.value.message, exc.value.loc) == (message, loc)


def test_corpus_file_parts_convert_between_chat_and_responses() -> None:
    import json

    from corpus_data import CORPUS, SKIP_REASON

    if CORPUS is None:
        pytest.skip(SKIP_REASON)
    root = CORPUS
    p = json.loads((root / "openai-chat/request-pai-gpt-5-mini-file-part-after-tool-result.json").read_text())
    out = encode_conversation(decode_conversation(p["payload"], "openai.chat"), "openai.responses")
    assert out["input"][-1]["content"][-1] == {"type": "input_file", "file_id": "file-7qh8AjzrjyRGiQ7kaFybfG"}
    p = json.loads((root / "openai-responses/request-pai-gpt-5-mini-input-file-after-output.json").read_text())
    out = encode_conversation(decode_conversation(p["payload"], "openai.responses"), "openai.chat")
    assert out["messages"][-1]["content"] == [{"type": "file", "file": {"file_id": "file-7qh8AjzrjyRGiQ7kaFybfG"}}]
