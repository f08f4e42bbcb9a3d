"""anthropic.messages histories, whole responses and Message Batches lines, against
payloads written by hand from the documentation (expected values are literals).

- Histories: https://docs.claude.com/en/api/messages (``system`` as text or text
  blocks, alternating ``user`` / ``assistant`` messages, ``image`` blocks with a
  ``base64`` or ``url`` source) and
  https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use
  (``tool_result`` blocks first in the next user message, ``thinking`` blocks sent back).
- Responses: https://docs.claude.com/en/api/messages (``content``, ``stop_reason``,
  ``usage.input_tokens`` / ``output_tokens``) and
  https://docs.claude.com/en/api/handling-stop-reasons (the ``stop_reason`` values).
- Batches: https://docs.claude.com/en/api/retrieving-message-batch-results.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

import toolwire
from toolwire import ToolCall, ToolResult
from toolwire.conversation import Conversation, Media, Message, Other, Reasoning, Text
from toolwire.dialects.batch_files import open_envelope
from toolwire.response import normalize, normalize_finish

D = "anthropic.messages"
EPHEMERAL = {"type": "ephemeral"}


def parts(history: Any) -> List[Any]:
    return [(m.role, m.parts) for m in toolwire.decode_conversation(history, D).messages]


# --- decoding ------------------------------------------------------------------------------


def test_a_tool_use_history_decodes_to_parts_and_back_exactly() -> None:
    history = {
        "system": "Sois bref. Réponds en français.",
        "messages": [
            {"role": "user", "content": "Météo à Zürich ?"},
            {"role": "assistant", "content": [
                {"type": "thinking", "thinking": "Je dois appeler l'outil.", "signature": "c2ln"},
                {"type": "redacted_thinking", "data": "EmwKAhgB"},
                {"type": "text", "text": "Je regarde."},
                {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Zürich"}},
            ]},
            {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "toolu_01", "content": "22°C"},
                {"type": "text", "text": "Et demain ?"},
            ]},
        ],
    }
    assert parts(history) == [
        ("system", (Text("Sois bref. Réponds en français."),)),
        ("user", (Text("Météo à Zürich ?"),)),
        ("assistant", (
            Reasoning("Je dois appeler l'outil.", D,
                      {"type": "thinking", "thinking": "Je dois appeler l'outil.", "signature": "c2ln"}),
            Reasoning("", D, {"type": "redacted_thinking", "data": "EmwKAhgB"}),
            Text("Je regarde."),
            ToolCall("get_weather", {"city": "Zürich"}, "toolu_01"),
        )),
        ("user", (ToolResult("toolu_01", None, "22°C"), Text("Et demain ?"))),
    ]
    assert toolwire.encode_conversation(toolwire.decode_conversation(history, D), D) == history


def test_images_with_a_url_or_base64_source_are_media_others_stay_as_they_came() -> None:
    url = {"type": "image", "source": {"type": "url", "url": "https://example.com/a.png"}}
    b64 = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}}
    odd = [
        {"type": "image", "source": {"type": "file", "file_id": "file_011"}},
        {"type": "image", "source": {"type": "url", "url": 5}},
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": 5}},
        {"type": "image", "source": "x"},
    ]
    document = {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "Été"}}
    history = [{"role": "user", "content": [url, b64, *odd, document]}]
    assert parts(history) == [("user", (
        Media("image", url="https://example.com/a.png", dialect=D, extra=url),
        Media("image", media_type="image/png", data="iVBORw0KGgo=", dialect=D, extra=b64),
        *(Other("image", D, b) for b in odd),
        Other("document", D, document),
    ))]


def test_empty_text_is_no_part_and_thinking_without_text_is_empty_reasoning() -> None:
    history = [{"role": "user", "content": [{"type": "text", "text": ""}, {"type": "text"}]},
               {"role": "assistant", "content": [{"type": "thinking"}]}]
    assert parts(history) == [("user", ()), ("assistant", (Reasoning("", D, {"type": "thinking"}),))]


def test_a_null_system_is_no_message_and_an_inline_system_message_is_kept() -> None:
    assert parts({"system": None, "messages": []}) == []
    assert parts([{"role": "system", "content": "Sois bref."}]) == [("system", (Text("Sois bref."),))]


def test_a_whole_reply_in_a_history_is_its_role_and_content() -> None:
    reply = {"id": "msg_01", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
             "content": [{"type": "tool_use", "id": "toolu_01", "name": "now", "input": {}}],
             "stop_reason": "tool_use", "usage": {"input_tokens": 3, "output_tokens": 4}}
    history = {"messages": [{"role": "user", "content": "Quelle heure ?"}, reply]}
    conv = toolwire.decode_conversation(history, D)
    assert [(m.role, m.parts) for m in conv.messages] == [
        ("user", (Text("Quelle heure ?"),)), ("assistant", (ToolCall("now", {}, "toolu_01"),)),
    ]
    # written as the turn it is when a message is added after it
    added = Conversation([*conv.messages, Message("tool", [ToolResult("toolu_01", "now", "midi")])])
    assert toolwire.encode_conversation(added, D) == {"messages": [
        {"role": "user", "content": "Quelle heure ?"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_01", "name": "now", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_01", "content": "midi"}]},
    ]}


def test_a_call_whose_arguments_are_not_an_object_is_kept_as_an_invalid_call() -> None:
    history = [{"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_01", "name": "f", "input": "[1]"}]}]
    ((role, (call,)),) = parts(history)
    assert (role, type(call).__name__, call.name, call.id, call.loc, call.raw) == (  # type: ignore[union-attr]
        "assistant", "InvalidToolCall", "f", "toolu_01", "$[0].content[0].input", "[1]",
    )
    assert call.error == "Arguments at $[0].content[0].input are JSON but not an object: list [1]"  # type: ignore[union-attr]


# --- encoding from canonical messages ---------------------------------------------------------


def test_canonical_messages_are_written_as_the_api_takes_them() -> None:
    conv = Conversation([
        Message("system", [Text("Sois bref.")]),
        Message("system", [Text("Réponds en français.")]),
        Message("user", [Text("Météo ?"), Media("image", url="https://example.com/a.png"),
                         Media("image", media_type="image/png", data="iVBORw0KGgo=")]),
        Message("assistant", [Text("Je regarde."), ToolCall("get_weather", {"city": "Zürich"}, "toolu_01")]),
        Message("tool", [ToolResult("toolu_01", "get_weather", "22°C")]),
        Message("user", [Text("Merci")]),
    ])
    assert toolwire.encode_conversation(conv, D) == {
        "system": "Sois bref.\n\nRéponds en français.",
        "messages": [
            {"role": "user", "content": [
                {"type": "text", "text": "Météo ?"},
                {"type": "image", "source": {"type": "url", "url": "https://example.com/a.png"}},
                {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}},
            ]},
            {"role": "assistant", "content": [
                {"type": "text", "text": "Je regarde."},
                {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Zürich"}},
            ]},
            {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "toolu_01", "content": "22°C"},
                {"type": "text", "text": "Merci"},
            ]},
        ],
    }


def test_system_blocks_of_this_dialect_make_a_block_list() -> None:
    cached = {"type": "text", "text": "Contexte long", "cache_control": EPHEMERAL}
    conv = Conversation([Message("system", [Text("Sois bref.")]), Message("system", [Other("text", D, cached)]),
                         Message("user", [Text("hi")])])
    assert toolwire.encode_conversation(conv, D) == {
        "system": [{"type": "text", "text": "Sois bref."}, cached],
        "messages": [{"role": "user", "content": [{"type": "text", "text": "hi"}]}],
    }


def test_a_decoded_system_field_is_written_back_as_it_came() -> None:
    blocks = [{"type": "text", "text": "Sois bref.", "cache_control": EPHEMERAL}]
    conv = toolwire.decode_conversation({"system": blocks, "messages": [{"role": "user", "content": "hi"}]}, D)
    added = Conversation([*conv.messages, Message("assistant", [Text("Salut")])])
    assert toolwire.encode_conversation(added, D) == {"system": blocks, "messages": [
        {"role": "user", "content": "hi"}, {"role": "assistant", "content": [{"type": "text", "text": "Salut"}]},
    ]}


@pytest.mark.parametrize("system", ["Sois bref.", [{"type": "text", "text": "Sois bref."}]], ids=["text", "blocks"])
def test_a_system_message_added_beside_a_decoded_one_keeps_its_blocks(system: Any) -> None:
    """A decoded system field as it came, then the new text; blocks stay blocks (their
    ``cache_control`` was lost once another system message joined)."""
    blocks = [{"type": "text", "text": "Contexte long", "cache_control": EPHEMERAL}]
    conv = toolwire.decode_conversation({"system": blocks, "messages": [{"role": "user", "content": "hi"}]}, D)
    first, rest = conv.messages[0], conv.messages[1:]
    added = Conversation([first, Message("system", [Text("Réponds en français.")]), *rest])
    assert toolwire.encode_conversation(added, D)["system"] == [
        *blocks, {"type": "text", "text": "Réponds en français."}]
    plain = toolwire.decode_conversation({"system": system, "messages": [{"role": "user", "content": "hi"}]}, D)
    added = Conversation([plain.messages[0], Message("system", [Text("Réponds en français.")]), *plain.messages[1:]])
    expected = ("Sois bref.\n\nRéponds en français." if type(system) is str
                else [*system, {"type": "text", "text": "Réponds en français."}])
    assert toolwire.encode_conversation(added, D)["system"] == expected


def test_reasoning_goes_back_to_anthropic_only() -> None:
    thinking = {"type": "thinking", "thinking": "hm", "signature": "c2ln"}
    conv = Conversation([
        Message("assistant", [Reasoning("hm", D, thinking), ToolCall("f", {}, "toolu_09")]),
        Message("tool", [ToolResult("toolu_09", "f", "ok")]),
    ])
    assert toolwire.encode_conversation(conv, D) == {"messages": [
        {"role": "assistant", "content": [thinking, {"type": "tool_use", "id": "toolu_09", "name": "f", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_09", "content": "ok"}]},
    ]}


def test_a_message_added_to_a_decoded_turn_of_its_role_joins_it() -> None:
    joined = {"messages": [{"role": "user", "content": [{"type": "text", "text": "Météo ?"},
                                                         {"type": "text", "text": "À Zürich"}]}]}
    for content in ("Météo ?", [{"type": "text", "text": "Météo ?"}]):
        conv = toolwire.decode_conversation({"messages": [{"role": "user", "content": content}]}, D)
        added = Conversation([*conv.messages, Message("user", [Text("À Zürich")])])
        assert toolwire.encode_conversation(added, D) == joined
    conv = toolwire.decode_conversation({"messages": [{"role": "user", "content": []}]}, D)
    added = Conversation([*conv.messages, Message("user", [Text("À Zürich")])])
    assert toolwire.encode_conversation(added, D) == {
        "messages": [{"role": "user", "content": [{"type": "text", "text": "À Zürich"}]}]}


def test_the_thinking_helper_makes_a_signed_thinking_block() -> None:
    from toolwire.dialects.anthropic.history import thinking

    assert thinking("Je réfléchis", "c2ln") == Reasoning(
        "Je réfléchis", D, {"type": "thinking", "thinking": "Je réfléchis", "signature": "c2ln"})


# --- history detection ------------------------------------------------------------------------


@pytest.mark.parametrize(("history", "dialect"), [
    ({"system": "x", "messages": []}, D),
    ({"system": [{"type": "text", "text": "x"}], "messages": []}, D),
    ([{"role": "user", "content": [{"type": "image", "source": {"type": "url", "url": "u"}}]}], D),
    ([{"role": "user", "content": [{"type": "document", "source": {}}]}], D),
    ([{"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t", "content": "x"}]}], D),
    ([{"role": "assistant", "content": [{"type": "server_tool_use", "id": "s", "name": "w", "input": {}}]}], D),
    ({"messages": []}, "openai.chat"),
    ([{"role": "user", "content": [{"type": "text", "text": "x"}]}], "openai.chat"),
    ([{"role": "user", "content": [{"type": "image", "image": {}}]}], "openai.chat"),
    ({"system": [{"text": "x"}], "messages": []}, "bedrock.converse"),
    ([{"role": "assistant", "content": "x", "tool_plan": "p"}], "cohere.v2"),
])
def test_history_detection(history: Any, dialect: str) -> None:
    assert toolwire.decode_conversation(history).dialect == dialect


@pytest.mark.parametrize("history", [
    {"messages": "x", "system": "s"},
    [{"role": "user", "content": [{"text": "x"}, {"type": "tool_use"}]}],
    [{"role": "user", "content": "x", "tool_calls": None}, {"role": "user", "content": [{"type": "thinking"}]}],
    {"system": [{"text": "x"}], "messages": [{"role": "user", "content": "hi"}]},
    [{"role": "tool", "content": "x"}, {"role": "user", "content": [{"type": "thinking"}]}],
    [{"role": "user", "content": "x"}, 5],
])
def test_history_near_misses(history: Any) -> None:
    h = toolwire.get_dialect(D).history
    assert h is not None and h.detect(history) is False


# --- whole responses ------------------------------------------------------------------------


def test_a_message_is_read_as_text_reasoning_calls_and_usage() -> None:
    message = {"id": "msg_01", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": [
        {"type": "thinking", "thinking": "Je réfléchis", "signature": "c2ln"},
        {"type": "thinking", "thinking": "encore"},
        {"type": "text", "text": "Il fait "}, {"type": "text", "text": "22°C."},
        {"type": "tool_use", "id": "toolu_01", "name": "f", "input": {"a": "é"}},
    ], "stop_reason": "tool_use", "stop_sequence": None, "usage": {"input_tokens": 472, "output_tokens": 89}}
    r = normalize(message)
    assert (r.provider, r.text, r.reasoning, r.refusal, r.finish_reason, r.raw_finish_reason, r.truncated) == (
        D, "Il fait 22°C.", "Je réfléchis\nencore", None, "tool_calls", "tool_use", False,
    )
    assert r.tool_calls == (ToolCall("f", {"a": "é"}, "toolu_01"),)
    assert (r.usage.input_tokens, r.usage.output_tokens, r.usage.total_tokens) == (472, 89, 561)  # type: ignore[union-attr]


def test_a_refusal_is_its_text_or_refused() -> None:
    said = normalize({"type": "message", "role": "assistant", "stop_reason": "refusal",
                      "content": [{"type": "text", "text": "Je ne peux pas."}], "usage": {"input_tokens": 1}})
    assert (said.text, said.refusal, said.finish_reason) == ("Je ne peux pas.", "Je ne peux pas.", "refusal")
    assert (said.usage.input_tokens, said.usage.output_tokens, said.usage.total_tokens) == (1, None, 1)  # type: ignore[union-attr]
    silent = normalize({"type": "message", "role": "assistant", "stop_reason": "refusal", "content": []})
    assert (silent.text, silent.refusal) == ("", "refused")
    assert (silent.usage.input_tokens, silent.usage.total_tokens) == (None, None)  # type: ignore[union-attr]


def test_blocks_without_text_and_odd_usage_values() -> None:
    r = normalize({"type": "message", "role": "assistant", "stop_reason": "end_turn",
                   "content": [{"type": "thinking"}, {"type": "text"}, {"type": "text", "text": "ok"}],
                   "usage": {"input_tokens": True, "output_tokens": 3}})
    assert (r.text, r.reasoning, r.finish_reason) == ("ok", "", "stop")
    assert (r.usage.input_tokens, r.usage.output_tokens, r.usage.total_tokens) == (None, 3, 3)  # type: ignore[union-attr]


@pytest.mark.parametrize(("raw", "normal"), [
    ("end_turn", "stop"), ("stop_sequence", "stop"), ("max_tokens", "length"), ("tool_use", "tool_calls"),
    ("pause_turn", "pause"), ("compaction", "pause"), ("refusal", "refusal"), ("model_context_window_exceeded", "context_window"),
    ("something_new", "other"),
])
def test_stop_reasons(raw: str, normal: str) -> None:
    assert normalize_finish(raw, D) == normal


def test_the_assistant_message_and_reply_envelopes() -> None:
    call = ToolCall("f", {"a": "é"}, "toolu_1")
    block = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": "é"}}
    assert toolwire.encode_message([call], D, content="Je regarde") == {
        "role": "assistant", "content": [{"type": "text", "text": "Je regarde"}, block]}
    assert toolwire.encode_message([call], D) == {"role": "assistant", "content": [block]}
    assert toolwire.encode_message([call], D, content="") == {"role": "assistant", "content": [block]}
    envelope = toolwire.get_dialect(D).response_envelope
    assert envelope is not None
    assert envelope([block], "Voilà", "end_turn") == {
        "id": "msg_0", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
        "content": [{"type": "text", "text": "Voilà"}, block], "stop_reason": "end_turn", "stop_sequence": None,
        "usage": {"input_tokens": 412, "output_tokens": 61}}
    assert envelope([block])["stop_reason"] == "tool_use"


# --- Message Batches results ------------------------------------------------------------------

WHY = "'custom_id' with a 'result' of type {!r} (Anthropic Message Batches results line)"
MESSAGE = {"id": "msg_01", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
           "content": [{"type": "text", "text": "Bonjour"}], "stop_reason": "end_turn",
           "usage": {"input_tokens": 10, "output_tokens": 2}}


@pytest.mark.parametrize(("line", "custom_id", "body", "error", "kind"), [
    ({"custom_id": "my-first-request", "result": {"type": "succeeded", "message": MESSAGE}},
     "my-first-request", MESSAGE, None, "succeeded"),
    ({"custom_id": "my-second-request", "result": {"type": "errored", "error": {
        "type": "error", "error": {"type": "invalid_request_error", "message": "max_tokens: Field required"}}}},
     "my-second-request", None, "errored: invalid_request_error: max_tokens: Field required", "errored"),
    ({"custom_id": "r3", "result": {"type": "errored"}}, "r3", None, "errored: no details", "errored"),
    ({"custom_id": "r4", "result": {"type": "canceled"}}, "r4", None, "canceled: the request was not processed",
     "canceled"),
    ({"custom_id": "r5", "result": {"type": "expired"}}, "r5", None, "expired: the request was not processed",
     "expired"),
    ({"custom_id": "r6", "result": {"type": "succeeded"}}, "r6", None, "succeeded without a message", "succeeded"),
    ({"custom_id": None, "result": {"type": "canceled"}}, None, None, "canceled: the request was not processed",
     "canceled"),
])
def test_batch_lines(line: Dict[str, Any], custom_id: Optional[str], body: Any, error: Optional[str], kind: str) -> None:
    env = open_envelope(line)
    assert env is not None
    assert tuple(env) == ("anthropic.batch", custom_id, body, error, WHY.format(kind),
                          "$" if body is None else "$.result.message")


@pytest.mark.parametrize("line", [
    {"result": {"type": "expired"}},
    {"custom_id": "x", "result": {"type": "pending"}},
    {"custom_id": "x", "result": "succeeded"},
    {"custom_id": "x"},
])
def test_batch_near_misses(line: Dict[str, Any]) -> None:
    assert open_envelope(line) is None


def _assistant_turn(block: Dict[str, Any]) -> Dict[str, Any]:
    return {"messages": [{"role": "user", "content": "Wetter?"},
                         {"role": "assistant", "content": [{"type": "text", "text": "…"}, block]}]}


def test_a_cut_off_tool_use_in_a_history_is_an_invalid_call_keeping_its_text() -> None:
    block = {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": '{"city": "Zü'}
    bad = toolwire.decode_conversation(_assistant_turn(block), D).messages[1].parts[1]
    assert isinstance(bad, toolwire.InvalidToolCall)
    assert (bad.name, bad.id, bad.loc, bad.raw, bad.truncated) == (
        "get_weather", "toolu_01", "$.messages[1].content[1].input", '{"city": "Zü', True)
    assert bad.error == (
        "Arguments at $.messages[1].content[1].input are cut off (the JSON ends inside a value): "
        "'{\"city\": \"Zü'; pass allow_truncated=True to accept the complete prefix"
    )


@pytest.mark.parametrize(
    ("block", "message", "loc"),
    [
        ({"type": "tool_use", "id": "toolu_01", "name": 5, "input": {}},
         "Tool name at $.messages[1].content[1].name must be a non-empty string, got 5",
         "$.messages[1].content[1].name"),
        ({"type": "tool_result", "tool_use_id": 5, "content": "22 °C"},
         "Id at $.messages[1].content[1].tool_use_id must be a string, got 5",
         "$.messages[1].content[1].tool_use_id"),
        ({"type": "tool_result", "tool_use_id": "toolu_01", "content": 5},
         "Tool result content at $.messages[1].content[1].content must be text or a list of blocks",
         "$.messages[1].content[1].content"),
    ],
    ids=["tool-use-name", "tool-result-id", "tool-result-content"],
)
def test_a_bad_block_in_a_history_names_its_place(block: Dict[str, Any], message: str, loc: str) -> None:
    with pytest.raises(toolwire.DecodeError) as exc:
        toolwire.decode_conversation(_assistant_turn(block), D)
    assert (exc.value.message, exc.value.loc, exc.value.dialect) == (message, loc, D)


def test_the_history_writer_names_anthropic_in_its_error_and_notes() -> None:
    with pytest.raises(toolwire.EncodeError) as exc:
        toolwire.encode_conversation(Conversation((Message("system", (Text("Sei kurz."),)),)), D)
    assert (exc.value.message, exc.value.dialect) == ("An anthropic.messages request needs at least one message", D)
    # a Gemini turn holding only server state is left out, with a note naming the target
    gemini = {"contents": [
        {"role": "user", "parts": [{"text": "Rechne."}]},
        {"role": "model", "parts": [{"executableCode": {"code": "print(1)", "language": "PYTHON"}}]},
    ]}
    report: List[Any] = []
    out = toolwire.encode_conversation(toolwire.decode_conversation(gemini, "gemini"), D, report=report)
    assert out == {"messages": [{"role": "user", "content": [{"type": "text", "text": "Rechne."}]}]}
    assert [(p.kind, p.index, p.message) for p in report] == [
        ("dropped", 1, "A 'executableCode' item of gemini in message 1 is not sent to anthropic.messages"),
        ("dropped", 1, "An assistant turn with nothing anthropic.messages can take is left out"),
    ]
