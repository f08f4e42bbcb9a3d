"""A message's separate text parts stay separate parts where the Chat-shaped target's
message takes a list of them, and are joined, noted, where it takes one string.

The list forms, from the SDK types (``check_fragment`` validates each written history):
openai-python ``ChatCompletionUserMessageParam.content``: ``str | Iterable[ChatCompletionContentPartParam]``;
mistralai ``UserMessage`` / ``AssistantMessage`` ``content: str | List[ContentChunk]``,
``SystemMessage`` ``content: str | List[TextChunk | ThinkChunk]`` (``TextChunk``:
``{"type": "text", "text": ...}``); cohere ``UserMessageV2Content``,
``AssistantMessageV2Content``, ``SystemMessageV2Content``: ``str | List[...]`` of
``{"type": "text", "text": ...}``. One string only: ollama-python ``Message.content:
Optional[str]`` (docs/api.md: "content: the content of the message"), Cohere's
``AssistantMessage.tool_plan: Optional[str]``, and the assistant and system messages of
``openai.chat``, the dialect of every OpenAI-compatible server: openai-python types them
as lists too, but Groq refuses one ("'messages.1' : for 'role:assistant' the following
must be satisfied[('messages.1.content' : value must be a string)]") and DeepSeek
documents ``content`` as a string for both; a user message's list (the vision format)
is taken everywhere.

A forced join of an assistant message's parts puts nothing between them: they are
pieces of one reply (openai-python ``Response.output_text``, anthropic ``get_final_text``,
google-genai ``GenerateContentResponse.text`` all concatenate with ``""``; an Anthropic
text block split around a citation is one sentence). A user or system message's parts
are separate inputs: apart by a blank line, as mistral-common's
``InstructRequestNormalizer`` joins text chunks (``_DEFAULT_JOIN_STR = "\\n\\n"``).
Once every join used a blank line, unnoted: ``"12"`` + ``"34"`` (one reply) read back
as ``"12\\n\\n34"``.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from history_types import check_fragment
from toolwire import ToolCall
from toolwire.conversation import Message, Problem, Text, decode_conversation, encode_conversation

RESPONSES = {"input": [
    {"type": "message", "role": "system", "content": [
        {"type": "input_text", "text": "Be brief."}, {"type": "input_text", "text": " Answer in French."}]},
    {"type": "message", "role": "user", "content": [
        {"type": "input_text", "text": "The code is AB"}, {"type": "input_text", "text": "CD"}]},
    {"type": "message", "role": "assistant", "content": [
        {"type": "output_text", "text": "12", "annotations": []}, {"type": "output_text", "text": "34", "annotations": []}]},
    {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "Again."}]},
]}
# Anthropic text blocks around a citation (the cited one carries ``citations``): one sentence
ANTHROPIC = {"messages": [
    {"role": "user", "content": [{"type": "text", "text": "AB"}, {"type": "text", "text": "CD"}]},
    {"role": "assistant", "content": [{"type": "text", "text": "The sky is "}, {"type": "text", "text": "blue"},
                                      {"type": "text", "text": "."}]},
    {"role": "user", "content": "Why?"},
]}
GEMINI = {"contents": [{"role": "user", "parts": [{"text": "AB"}, {"text": "CD"}]}]}
BEDROCK = {"messages": [{"role": "user", "content": [{"text": "AB"}, {"text": "CD"}]}]}


def _parts(*texts: str) -> List[Dict[str, str]]:
    return [{"type": "text", "text": t} for t in texts]


@pytest.mark.parametrize("target", ["mistral", "cohere.v2"])
def test_text_parts_are_written_as_parts_where_the_content_takes_a_list(target: str) -> None:
    report: List[Problem] = []
    out = encode_conversation(RESPONSES, target, source="openai.responses", report=report)
    assert out == {"messages": [
        {"role": "system", "content": _parts("Be brief.", " Answer in French.")},
        {"role": "user", "content": _parts("The code is AB", "CD")},
        {"role": "assistant", "content": _parts("12", "34")},
        {"role": "user", "content": "Again."},  # one part: a string, as before
    ]}
    assert report == []
    check_fragment(target, out)
    back = decode_conversation(out, target)
    assert [m.parts for m in back.messages[:3]] == [(Text("Be brief."), Text(" Answer in French.")),
                                                    (Text("The code is AB"), Text("CD")), (Text("12"), Text("34"))]


CHAT_WHY = ("servers speaking openai.chat (Groq, DeepSeek) take an assistant or system message's content as one "
            "string")


def test_chat_keeps_user_parts_and_joins_system_and_assistant_parts_noted() -> None:
    """openai.chat: user parts as parts; system parts one string apart by a blank line
    (separate inputs), assistant parts one string joined as they are (one reply)."""
    report: List[Problem] = []
    out = encode_conversation(RESPONSES, "openai.chat", source="openai.responses", report=report)
    assert out == {"messages": [
        {"role": "system", "content": "Be brief.\n\n Answer in French."},
        {"role": "user", "content": _parts("The code is AB", "CD")},
        {"role": "assistant", "content": "1234"},
        {"role": "user", "content": "Again."},
    ]}
    assert report == [
        Problem("converted", 0, None, "The 2 text parts of system message 0 are sent to openai.chat as one text, "
                                      f"apart by a blank line (separate inputs): {CHAT_WHY}"),
        Problem("converted", 2, None, "The 2 text parts of assistant message 2 are sent to openai.chat as one text, "
                                      f"joined as they are (nothing between them: one reply in pieces): {CHAT_WHY}")]
    check_fragment("openai.chat", out)
    back = decode_conversation(out, "openai.chat")
    assert back.messages[1].parts == (Text("The code is AB"), Text("CD"))


@pytest.mark.parametrize("target", ["openai.chat", "mistral", "cohere.v2"])
@pytest.mark.parametrize(("source", "body"), [("anthropic.messages", ANTHROPIC), ("gemini", GEMINI),
                                              ("bedrock.converse", BEDROCK)])
def test_other_sources_text_parts_are_kept_too(target: str, source: str, body: Dict[str, Any]) -> None:
    report: List[Problem] = []
    out = encode_conversation(body, target, source=source, report=report)
    assert out["messages"][0] == {"role": "user", "content": _parts("AB", "CD")}
    if source == "anthropic.messages":
        said = "The sky is blue." if target == "openai.chat" else _parts("The sky is ", "blue", ".")
        assert out["messages"][1] == {"role": "assistant", "content": said}
        assert [(p.kind, p.index) for p in report] == ([("converted", 1)] if target == "openai.chat" else [])
    else:
        assert report == []
    check_fragment(target, out)


@pytest.mark.parametrize(("source", "body"), [("openai.responses", RESPONSES), ("anthropic.messages", ANTHROPIC),
                                              ("gemini", GEMINI), ("bedrock.converse", BEDROCK)])
def test_chat_assistant_and_system_content_of_text_is_a_string_whatever_the_source(source: str,
                                                                                  body: Dict[str, Any]) -> None:
    """The shape Groq checks ("'messages.N.content' : value must be a string")."""
    out = encode_conversation(body, "openai.chat", source=source)
    assert all(type(m["content"]) is str for m in out["messages"] if m["role"] in ("assistant", "system"))


def test_ollama_joins_a_messages_text_parts_as_they_are_and_says_so() -> None:
    report: List[Problem] = []
    out = encode_conversation(RESPONSES, "ollama", source="openai.responses", report=report)
    assert out == {"messages": [
        {"role": "system", "content": "Be brief.\n\n Answer in French."},
        {"role": "user", "content": "The code is AB\n\nCD"},
        {"role": "assistant", "content": "1234"},
        {"role": "user", "content": "Again."},
    ]}
    why = "ollama takes a message's content as one string"
    apart, together = "apart by a blank line (separate inputs)", "joined as they are (nothing between them: one reply in pieces)"
    assert report == [
        Problem("converted", i, None, f"The 2 text parts of {role} message {i} are sent to ollama as one text, "
                                      f"{how}: {why}")
        for i, role, how in [(0, "system", apart), (1, "user", apart), (2, "assistant", together)]]
    check_fragment("ollama", out)
    report = []
    out = encode_conversation(ANTHROPIC, "ollama", source="anthropic.messages", report=report)
    assert [m["content"] for m in out["messages"]] == ["AB\n\nCD", "The sky is blue.", "Why?"]
    assert [(p.kind, p.index) for p in report] == [("converted", 0), ("converted", 1)]
    assert report[1].message.startswith("The 3 text parts of assistant message 1 are sent")


def test_ollama_keeps_its_images_beside_the_joined_text() -> None:
    body = {"messages": [{"role": "user", "content": [
        {"type": "text", "text": "AB"}, {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                                                     "data": "iVBORw0KGgo="}},
        {"type": "text", "text": "CD"}]}]}
    report: List[Problem] = []
    out = encode_conversation(body, "ollama", source="anthropic.messages", report=report)
    assert out == {"messages": [{"role": "user", "content": "AB\n\nCD", "images": ["iVBORw0KGgo="]}]}
    assert [(p.kind, p.index) for p in report] == [("converted", 0)]


def test_merged_assistant_messages_keep_their_parts_or_are_apart_by_a_blank_line() -> None:
    conv = [Message("user", [Text("q")]), Message("assistant", [Text("a"), Text("b")]),
            Message("assistant", [Text("c")]), Message("user", [Text("ok")])]
    report: List[Problem] = []
    assert encode_conversation(conv, "mistral", report=report)["messages"][1] == {
        "role": "assistant", "content": _parts("a", "b", "c")}
    assert report == []
    for target, why in [("ollama", "ollama takes a message's content as one string"), ("openai.chat", CHAT_WHY)]:
        report = []
        out = encode_conversation(conv, target, report=report)["messages"]
        assert out[1] == {"role": "assistant", "content": "ab\n\nc"}
        assert report == [Problem(
            "converted", 2, None, f"The 3 text parts of assistant messages 1 to 2, written as one, are sent to {target} "
            "as one text, each message's parts joined as they are (nothing between them: one reply in pieces), the "
            f"messages apart by a blank line: {why}")]


def test_cohere_plan_beside_calls_is_one_string_noted() -> None:
    call = ToolCall("get_weather", {"city": "Paris"}, "get_weather_abc123def456")
    conv = [Message("user", [Text("q")]), Message("assistant", [Text("Let me "), Text("check."), call])]
    report: List[Problem] = []
    out = encode_conversation(conv, "cohere.v2", report=report)
    assert out["messages"][1] == {"role": "assistant", "tool_plan": "Let me check.", "tool_calls": [
        {"id": "get_weather_abc123def456", "type": "function",
         "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'}}]}
    assert report == [Problem(
        "converted", 1, None, "The 2 text parts of assistant message 1 are sent to cohere.v2 as one text, joined as "
        "they are (nothing between them: one reply in pieces): cohere.v2 takes the text beside calls as one string "
        "(tool_plan)")]
    check_fragment("cohere.v2", out)
    # Mistral keeps them as parts beside the calls; Chat joins them, noted
    assert encode_conversation(conv, "mistral")["messages"][1]["content"] == _parts("Let me ", "check.")
    report = []
    assert encode_conversation(conv, "openai.chat", report=report)["messages"][1]["content"] == "Let me check."
    assert [(p.kind, p.index) for p in report] == [("converted", 1)]


def test_anthropic_system_of_several_text_parts_is_blocks() -> None:
    """anthropic ``MessageCreateParams.system: str | Iterable[TextBlockParam]``: one
    system message's parts stay blocks; separate system messages' texts are still one
    string apart by a blank line."""
    report: List[Problem] = []
    out = encode_conversation(RESPONSES, "anthropic.messages", source="openai.responses", report=report)
    assert out["system"] == [{"type": "text", "text": "Be brief."}, {"type": "text", "text": " Answer in French."}]
    assert report == []
    check_fragment("anthropic.messages", out)
    back = decode_conversation(out, "anthropic.messages")
    assert back.messages[0].parts == (Text("Be brief."), Text(" Answer in French."))
    two = [Message("system", [Text("A")]), Message("system", [Text("B")]), Message("user", [Text("q")])]
    assert encode_conversation(two, "anthropic.messages")["system"] == "A\n\nB"


CHAT = {"messages": [
    {"role": "system", "content": _parts("Be brief.", " Answer in French.")},
    {"role": "system", "content": "Use metric units."},
    {"role": "user", "content": _parts("The code is AB", "CD")},
    {"role": "assistant", "content": _parts("12", "34")},
    {"role": "user", "content": "Again."},
]}


def test_responses_keeps_assistant_text_parts_apart_and_notes_joined_instructions() -> None:
    """openai-python ``EasyInputMessageParam.content``: ``str | ResponseInputMessageContentList``
    (``input_text`` parts, which an assistant message does not take; an output message,
    ``ResponseOutputMessageParam``, needs the ``id`` and ``status`` of a response's item):
    each text of an assistant message is an assistant message of its own, in order.
    ``ResponseCreateParams.instructions: Optional[str]``: a system message's parts (separate
    inputs) are apart by a blank line, noted; system messages too, as before."""
    report: List[Problem] = []
    out = encode_conversation(CHAT, "openai.responses", source="openai.chat", report=report)
    assert out == {"instructions": "Be brief.\n\n Answer in French.\n\nUse metric units.", "input": [
        {"role": "user", "content": [{"type": "input_text", "text": "The code is AB"},
                                     {"type": "input_text", "text": "CD"}]},
        {"role": "assistant", "content": "12"},
        {"role": "assistant", "content": "34"},
        {"role": "user", "content": "Again."},
    ]}
    assert report == [Problem(
        "converted", 0, None, "The 2 text parts of system message 0 are sent to openai.responses as one text, apart "
        "by a blank line (separate inputs): instructions is one string")]
    check_fragment("openai.responses", out)
    back = decode_conversation(out, "openai.responses")
    assert [m.text for m in back.messages if m.role == "assistant"] == ["12", "34"]


# Anthropic's assistant turn of text around calls (a text block before each ``tool_use``):
# two remarks a call separates, not one sentence split around a citation
AROUND_CALLS = {"messages": [
    {"role": "user", "content": "weather?"},
    {"role": "assistant", "content": [
        {"type": "text", "text": "I'll look that up."},
        {"type": "tool_use", "id": "toolu_1", "name": "wx", "input": {}},
        {"type": "text", "text": "Checking the second city too."},
        {"type": "tool_use", "id": "toolu_2", "name": "wx", "input": {}}]}]}


@pytest.mark.parametrize(("target", "field", "why"), [
    ("openai.chat", "content", CHAT_WHY),
    ("ollama", "content", "ollama takes a message's content as one string"),
    ("cohere.v2", "tool_plan", "cohere.v2 takes the text beside calls as one string (tool_plan)")])
def test_texts_a_call_separates_are_apart_by_a_blank_line(target: str, field: str, why: str) -> None:
    """Only adjacent text parts are one reply in pieces; once texts on either side of a
    call were glued (``"I'll look that up.Checking the second city too."``)."""
    report: List[Problem] = []
    out = encode_conversation(AROUND_CALLS, target, source="anthropic.messages", report=report)
    assert out["messages"][1][field] == "I'll look that up.\n\nChecking the second city too."
    assert report == [Problem(
        "converted", 1, None, f"The 2 text parts of assistant message 1 are sent to {target} as one text, apart by a "
        f"blank line (a call or another part stands between them): {why}")]
    check_fragment(target, out)


def test_adjacent_texts_joined_and_texts_a_call_separates_apart_noted_both() -> None:
    call = ToolCall("get_weather", {"city": "Paris"}, "get_weather_abc123def456")
    conv = [Message("user", [Text("q")]),
            Message("assistant", [Text("Let me "), Text("check."), call, Text("Then Rome.")])]
    for target, field, why in [
            ("openai.chat", "content", CHAT_WHY), ("ollama", "content", "ollama takes a message's content as one string"),
            ("cohere.v2", "tool_plan", "cohere.v2 takes the text beside calls as one string (tool_plan)")]:
        report: List[Problem] = []
        out = encode_conversation(conv, target, report=report)
        assert out["messages"][1][field] == "Let me check.\n\nThen Rome."
        assert report == [Problem(
            "converted", 1, None, f"The 3 text parts of assistant message 1 are sent to {target} as one text, adjacent "
            "ones joined as they are (nothing between them: one reply in pieces), those a call or another part "
            f"separates apart by a blank line: {why}")]
    # Mistral keeps the parts as they are
    assert encode_conversation(conv, "mistral")["messages"][1]["content"] == _parts("Let me ", "check.", "Then Rome.")


def test_a_chat_refusal_is_apart_by_a_blank_line_where_its_wire_message_says_so() -> None:
    """openai-python ``ChatCompletionAssistantMessageParam.refusal``: the refusal message by
    the assistant, read as the message's last text part; it is no piece of the reply
    (once ``"Here is part one.I can't help with part two."``). Only the decoded wire
    message records it: a message rebuilt from its parts is one reply in pieces."""
    body = {"messages": [{"role": "user", "content": "q"},
                         {"role": "assistant", "content": "Here is part one.", "refusal": "I can't help with part two."},
                         {"role": "user", "content": "ok"}]}
    conv = decode_conversation(body, "openai.chat")
    assert encode_conversation(conv.messages, "openai.chat")["messages"][1] == body["messages"][1]  # as it came
    report: List[Problem] = []
    out = encode_conversation(conv.messages, "ollama", report=report)
    assert out["messages"][1] == {"role": "assistant", "content": "Here is part one.\n\nI can't help with part two."}
    assert report == [Problem(
        "converted", 1, None, "The 2 text parts of assistant message 1 are sent to ollama as one text, its openai.chat "
        "refusal (the last) apart by a blank line: ollama takes a message's content as one string")]
    check_fragment("ollama", out)


@pytest.mark.parametrize("source", ["mistral", "ollama", "cohere.v2"])
def test_a_refusal_decoded_by_any_chat_shaped_dialect_is_apart_by_a_blank_line(source: str) -> None:
    """Every Chat-shaped decoder reads an assistant ``refusal`` field as the last text part
    (openai-python ``ChatCompletionAssistantMessageParam.refusal``); decoded as mistral,
    ollama or cohere.v2 it was once glued on (``"Here is part one.I can't help..."``),
    noted as one reply in pieces (review revP2 r1)."""
    body = {"messages": [{"role": "user", "content": "q"},
                         {"role": "assistant", "content": "Here is part one.", "refusal": "I can't help with part two."},
                         {"role": "user", "content": "ok"}]}
    conv = decode_conversation(body, source)
    target = "openai.chat" if source == "ollama" else "ollama"
    report: List[Problem] = []
    out = encode_conversation(conv.messages, target, report=report)
    assert out["messages"][1]["content"] == "Here is part one.\n\nI can't help with part two."
    why = CHAT_WHY if target == "openai.chat" else "ollama takes a message's content as one string"
    assert report == [Problem(
        "converted", 1, None, f"The 2 text parts of assistant message 1 are sent to {target} as one text, its "
        f"{source} refusal (the last) apart by a blank line: {why}")]


def test_a_cohere_tool_plan_beside_content_is_apart_by_a_blank_line() -> None:
    """cohere ``AssistantMessage``: ``content`` and ``tool_plan`` ("A chain-of-thought style
    reflection and plan that the model generates when working with Tools") are two fields,
    decoded as two text parts: two remarks, not one reply in pieces (once ``"Sure.I will
    call f."``, review revP2 r2)."""
    body = {"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": [{"type": "text", "text": "Sure."}], "tool_plan": "I will call f.",
         "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": [{"type": "text", "text": "ok"}]}]}
    conv = decode_conversation(body, "cohere.v2")
    for target, why in (("ollama", "ollama takes a message's content as one string"), ("openai.chat", CHAT_WHY)):
        report: List[Problem] = []
        out = encode_conversation(conv.messages, target, report=report)
        assert out["messages"][1]["content"] == "Sure.\n\nI will call f."
        assert report == [Problem(
            "converted", 1, None, f"The 2 text parts of assistant message 1 are sent to {target} as one text, its "
            f"cohere.v2 tool_plan (the last) apart by a blank line: {why}")]
    # a refusal and a plan: both apart
    body["messages"][1]["refusal"] = "No more."
    report = []
    out = encode_conversation(decode_conversation(body, "cohere.v2").messages, "ollama", report=report)
    assert out["messages"][1]["content"] == "Sure.\n\nNo more.\n\nI will call f."
    assert report == [Problem(
        "converted", 1, None, "The 3 text parts of assistant message 1 are sent to ollama as one text, its "
        "cohere.v2 refusal and tool_plan (the last two) apart by a blank line: ollama takes a message's content as "
        "one string")]


def test_a_refusal_of_a_message_merged_into_a_run_is_apart_by_a_blank_line() -> None:
    """An assistant message after one holding calls is merged into it ("An assistant
    message with 'tool_calls' must be followed by tool messages"); the merged-in
    message's own ``refusal`` field is still a remark of its own (once ``"AR"``, review
    revP2 r3)."""
    body = {"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": None,
         "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
        {"role": "assistant", "content": "A", "refusal": "R"},
        {"role": "tool", "tool_call_id": "c1", "content": "ok"}]}
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(body, "openai.chat").messages, "ollama", report=report)
    assert out["messages"][1]["content"] == "A\n\nR"
    assert [p for p in report if p.kind == "converted"] == [Problem(
        "converted", 2, None, "The 2 text parts of assistant message 2 are sent to ollama as one text, its "
        "openai.chat refusal (the last) apart by a blank line: ollama takes a message's content as one string")]
    # two merged messages with refusals after a text beside the call
    body["messages"][1]["content"] = "X"
    body["messages"].insert(3, {"role": "assistant", "content": "B", "refusal": "S"})
    report = []
    out = encode_conversation(decode_conversation(body, "openai.chat").messages, "ollama", report=report)
    assert out["messages"][1]["content"] == "X\n\nA\n\nR\n\nB\n\nS"
    assert [p for p in report if p.kind == "converted"] == [Problem(
        "converted", 3, None, "The 5 text parts of assistant messages 1 to 3, written as one, are sent to ollama as "
        "one text, the openai.chat refusal of messages 2, 3 (the last of each one's parts) apart by a blank line, "
        "the messages apart by a blank line: ollama takes a message's content as one string")]
