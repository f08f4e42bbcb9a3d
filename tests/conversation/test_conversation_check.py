"""``check_conversation`` / ``fix_conversation``: one named test per pairing error the
providers answer with (the wording quoted in each test), and the fix."""

from __future__ import annotations

import dataclasses
from typing import List

import pytest

import toolwire
from toolwire import EncodeError, ToolCall, ToolResult
from toolwire.conversation import (
    Conversation,
    Message,
    Pairing,
    Problem,
    Text,
    check_conversation,
    decode_conversation,
    encode_conversation,
    fix_conversation,
)

USER = Message("user", [Text("Weather in Paris and Rome?")])
CALLS = Message("assistant", [ToolCall("get_weather", {"city": "Paris"}, "call_a"),
                              ToolCall("get_weather", {"city": "Rome"}, "call_b")])
RES_A = ToolResult("call_a", content="15 C")
RES_B = ToolResult("call_b", content="20 C")
GOOD = Conversation([USER, CALLS, Message("tool", [RES_A]), Message("tool", [RES_B])])
MISSING_B = Conversation([USER, CALLS, Message("tool", [RES_A])])


def test_a_valid_history_has_no_problems() -> None:
    for d in ("openai.chat", "openai.responses", "anthropic.messages", "gemini", "bedrock.converse"):
        assert check_conversation(GOOD, d) == []


def test_tool_use_ids_were_found_without_tool_result_blocks() -> None:
    # Anthropic: "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after"
    assert check_conversation(MISSING_B, "anthropic.messages") == [Problem(
        "missing-result", 1, "call_b",
        "Message 1: the call call_b ('get_weather') has no result; anthropic.messages answers: `tool_use` ids "
        "were found without `tool_result` blocks immediately after",
    )]


def test_no_tool_output_found_for_function_call() -> None:
    # OpenAI Responses: "No tool output found for function call call_b."
    assert check_conversation(MISSING_B, "openai.responses") == [Problem(
        "missing-result", 1, "call_b",
        "Message 1: the call call_b ('get_weather') has no result; openai.responses answers: No tool output "
        "found for function call call_b",
    )]


def test_assistant_tool_calls_must_be_followed_by_tool_messages() -> None:
    # OpenAI Chat: "An assistant message with 'tool_calls' must be followed by tool messages responding to
    # each 'tool_call_id'. The following tool_call_ids did not have response messages: call_b"
    problems = check_conversation(MISSING_B, "openai.chat")
    assert [(p.kind, p.index, p.id) for p in problems] == [("missing-result", 1, "call_b")]
    assert problems[0].message.endswith("must be followed by tool messages responding to each 'tool_call_id'")


def test_messages_with_role_tool_must_be_a_response_to_a_preceding_message_with_tool_calls() -> None:
    # OpenAI Chat: "Invalid parameter: messages with role 'tool' must be a response to a preceding message
    # with 'tool_calls'."
    orphan = Conversation([USER, Message("tool", [ToolResult("call_z", content="?")])])
    assert check_conversation(orphan, "openai.chat") == [Problem(
        "orphan-result", 1, "call_z",
        "Message 1: the result for call_z answers no call before it; openai.chat answers: messages with "
        "role 'tool' must be a response to a preceding message with 'tool_calls'",
    )]


def test_unexpected_tool_use_id_found_in_tool_result_blocks() -> None:
    # Anthropic: "unexpected `tool_use_id` found in `tool_result` blocks: call_z. Each `tool_result` block
    # must have a corresponding `tool_use` block in the previous message."
    orphan = Conversation([USER, Message("user", [ToolResult("call_z", content="?")])])
    problems = check_conversation(orphan, "anthropic.messages")
    assert [(p.kind, p.id) for p in problems] == [("orphan-result", "call_z")]
    assert problems[0].message.endswith("unexpected `tool_use_id` found in `tool_result` blocks")


def test_gemini_function_response_parts_must_match_function_call_parts() -> None:
    # Gemini: "Please ensure that the number of function response parts is equal to the number of function
    # call parts of the function call turn."
    contents = {"contents": [
        {"role": "user", "parts": [{"text": "Party!"}]},
        {"role": "model", "parts": [{"functionCall": {"name": "power_disco_ball", "args": {}}},
                                    {"functionCall": {"name": "start_music", "args": {}}}]},
        {"role": "user", "parts": [{"functionResponse": {"name": "power_disco_ball", "response": {}}}]},
    ]}
    problems = check_conversation(contents)
    assert [(p.kind, p.index, p.id) for p in problems] == [("missing-result", 1, None)]
    assert problems[0].message == (
        "Message 1: the call 'start_music' (no id) has no result; gemini answers: the number of function "
        "response parts must equal the number of function call parts of the function call turn"
    )


def test_bedrock_expected_tool_result_blocks_for_the_following_ids() -> None:
    problems = check_conversation(MISSING_B, "bedrock.converse")
    assert problems[0].message.endswith("Expected toolResult blocks for the following Ids: call_b")


def test_a_duplicate_open_id_is_found() -> None:
    dup = Conversation([USER, Message("assistant", [ToolCall("f", {}, "call_x"), ToolCall("g", {}, "call_x")]),
                        Message("tool", [ToolResult("call_x", content="1")])])
    kinds = [(p.kind, p.id) for p in check_conversation(dup, "openai.chat")]
    # the one result answers the first call with the id; the second waits for its own (test_shared_id_results)
    assert kinds == [("duplicate-id", "call_x"), ("missing-result", "call_x")]


def test_an_id_reused_after_its_result_is_fine() -> None:
    # an accepted Anthropic history reuses one id in consecutive rounds (corpus README)
    again = Conversation([USER, Message("assistant", [ToolCall("f", {}, "0usajhl5")]),
                          Message("user", [ToolResult("0usajhl5", content="1")]),
                          Message("assistant", [ToolCall("f", {}, "0usajhl5")]),
                          Message("user", [ToolResult("0usajhl5", content="2")])])
    assert check_conversation(again, "anthropic.messages") == []


def test_a_result_after_a_new_assistant_turn_is_misplaced() -> None:
    late = Conversation([USER, CALLS, Message("tool", [RES_A]), Message("assistant", [Text("Hmm.")]),
                         Message("tool", [RES_B])])
    problems = check_conversation(late, "anthropic.messages")
    assert [(p.kind, p.index, p.id) for p in problems] == [("misplaced-result", 4, "call_b")]
    assert problems[0].message == (
        "Message 4: the result for call_b ('get_weather') (call in message 1) comes after a later assistant turn"
    )


def test_chat_needs_the_tool_messages_right_after_the_call() -> None:
    between = Conversation([USER, CALLS, Message("user", [Text("Also...")]), Message("tool", [RES_A, RES_B])])
    assert [p.kind for p in check_conversation(between, "openai.chat")] == ["misplaced-result"] * 2
    assert check_conversation(between, "anthropic.messages") == []  # merged into one user turn, results first


def test_anthropic_needs_results_first_in_their_message() -> None:
    mixed = {"messages": [
        {"role": "user", "content": "Go"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]},
        {"role": "user", "content": [{"type": "text", "text": "Result:"},
                                     {"type": "tool_result", "tool_use_id": "toolu_1", "content": "ok"}]},
    ]}
    problems = check_conversation(mixed)
    assert [(p.kind, p.id) for p in problems] == [("misplaced-result", "toolu_1")]
    assert "needs tool results first" in problems[0].message


@pytest.mark.parametrize("dialect", ["mistral", "cohere.v2", "ollama"])
def test_other_chat_shaped_dialects_keep_the_rule_and_quote_no_borrowed_wording(dialect: str) -> None:
    # none of them documents its wording: quoting OpenAI's as theirs would be made up
    between = Conversation([USER, CALLS, Message("user", [Text("Also...")]), Message("tool", [RES_A, RES_B])])
    assert [p.kind for p in check_conversation(between, dialect)] == ["misplaced-result"] * 2
    assert check_conversation(MISSING_B, dialect) == [Problem(
        "missing-result", 1, "call_b", "Message 1: the call call_b ('get_weather') has no result")]


def test_a_third_party_dialect_is_judged_by_its_own_pairing() -> None:
    anthropic = toolwire.get_dialect("anthropic.messages")
    assert anthropic.history is not None
    rules = Pairing(missing="Acme: {id} has no {json} result", orphan="Acme: stray {id}")
    acme = dataclasses.replace(anthropic, name="acme", aliases=(),
                               history=dataclasses.replace(anthropic.history, pairing=rules))
    reg = toolwire.default_registry().copy()
    reg.register(acme)
    mixed = Conversation([USER, CALLS, Message("user", [Text("Results:"), RES_A, RES_B])])
    assert check_conversation(mixed, "acme", registry=reg) == []  # results first is Anthropic's rule, not Acme's
    assert check_conversation(mixed, "anthropic.messages") == []  # written fresh, the results go first
    as_came = {"messages": [{"role": "user", "content": "Go"}, {"role": "assistant", "content": [
        {"type": "tool_use", "id": i, "name": "f", "input": {}} for i in ("toolu_a", "toolu_b")]},
        {"role": "user", "content": [{"type": "text", "text": "Results:"}, *(
            {"type": "tool_result", "tool_use_id": i, "content": "ok"} for i in ("toolu_a", "toolu_b"))]}]}
    assert check_conversation(as_came, "acme", source="anthropic.messages", registry=reg) == []
    assert [p.kind for p in check_conversation(as_came, "anthropic.messages")] == ["misplaced-result"] * 2
    assert [p.message for p in check_conversation(MISSING_B, acme)] == [
        "Message 1: the call call_b ('get_weather') has no result; acme answers: Acme: call_b has no {json} result"]
    orphan = Conversation([USER, Message("tool", [RES_A])])
    assert [p.message for p in check_conversation(orphan, "acme", registry=reg)] == [
        "Message 1: the result for call_a answers no call before it; acme answers: Acme: stray call_a"]


def test_a_history_of_no_known_dialect_is_judged_by_pairing_alone() -> None:
    conv = Conversation(MISSING_B.messages, dialect="acme")  # not in the default registry
    assert check_conversation(conv) == [Problem(
        "missing-result", 1, "call_b", "Message 1: the call call_b ('get_weather') has no result")]


def test_each_removal_is_found_exactly() -> None:
    for i, m in enumerate(GOOD.messages):
        for j, p in enumerate(m.parts):
            if type(p) not in (ToolCall, ToolResult):
                continue
            parts = m.parts[:j] + m.parts[j + 1:]
            msgs = list(GOOD.messages)
            msgs[i] = Message(m.role, parts)
            found = [(q.kind, q.id) for q in check_conversation(Conversation(msgs), "openai.chat")]
            kind = "orphan-result" if type(p) is ToolCall else "missing-result"
            assert found == [(kind, p.id)]


def test_fix_answers_removes_and_moves_and_reports() -> None:
    broken = Conversation([
        USER, CALLS,
        Message("tool", [ToolResult("call_zz", content="stray")]),
        Message("assistant", [Text("Let me think.")]),
        Message("tool", [RES_A]),
    ])
    fixed, changes = fix_conversation(broken, "openai.chat")
    assert [(c.kind, c.index, c.id) for c in changes] == [
        ("answered", 1, "call_b"), ("removed", 2, "call_zz"), ("moved", 4, "call_a")]
    assert check_conversation(fixed, "openai.chat") == []
    assert [m.role for m in fixed.messages] == ["user", "assistant", "tool", "assistant"]
    assert fixed.messages[2].parts[0] == RES_A
    err = fixed.messages[2].parts[1]
    assert type(err) is ToolResult and err.id == "call_b" and err.is_error and err.name == "get_weather"
    out = encode_conversation(fixed, "openai.chat")["messages"]
    assert [m["role"] for m in out] == ["user", "assistant", "tool", "tool", "assistant"]


def test_fix_keeps_untouched_messages_byte_exact() -> None:
    chat = {"messages": [
        {"role": "user", "content": "Go"},
        {"role": "assistant", "content": None, "refusal": None, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
    ]}
    fixed, changes = fix_conversation(chat)
    assert [c.kind for c in changes] == ["answered"]
    out = encode_conversation(fixed, "openai.chat")["messages"]
    assert out[:2] == chat["messages"]
    assert out[2] == {"role": "tool", "tool_call_id": "call_1",
                      "content": "Error: this tool call was not run (its result is missing from the history)."}


@pytest.mark.parametrize("dialect", ["openai.chat", "anthropic.messages", "gemini"])
def test_check_reads_any_input(dialect: str) -> None:
    wire = encode_conversation(MISSING_B, dialect)
    problems: List[Problem] = check_conversation(wire)
    assert [p.kind for p in problems] == ["missing-result"]
    assert decode_conversation(wire).dialect == dialect


def test_id_less_calls_pair_within_the_next_turn_only() -> None:
    # found by the removal property: a missing Gemini response must not pair the next turn's
    # response with this turn's call (and call that one misplaced)
    f = "get_weather"
    conv = Conversation([
        USER,
        Message("assistant", [ToolCall(f, {}, None), ToolCall(f, {}, None), ToolCall(f, {}, None)]),
        Message("user", [ToolResult(None, f, "1"), ToolResult(None, f, "2")]),
        Message("assistant", [ToolCall(f, {}, None)]),
        Message("user", [ToolResult(None, f, "3")]),
    ])
    assert [(p.kind, p.index) for p in check_conversation(conv, "gemini")] == [("missing-result", 1)]


def test_a_result_after_two_assistant_messages_and_a_new_turn_is_misplaced() -> None:
    """Two assistant messages in a row are one turn (Anthropic merges them): a result
    after both is in place, one after the next assistant turn is not."""
    late = Conversation([USER, CALLS, Message("assistant", [Text("Checking.")]), Message("tool", [RES_A]),
                         Message("assistant", [Text("Hmm.")]), Message("tool", [RES_B])])
    problems = check_conversation(late, "anthropic.messages")
    assert [(p.kind, p.index, p.id) for p in problems] == [("misplaced-result", 5, "call_b")]


WRONG_ROLES = {
    # a call in a user message, a result in an assistant message: every provider's API refuses
    # both (Anthropic and Bedrock take tool_use only from the assistant, Gemini functionCall only
    # from the model); Anthropic, Gemini and Bedrock were written as they were
    "anthropic.messages": {"messages": [
        {"role": "user", "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]},
        {"role": "assistant", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "x"}]}]},
    "gemini": {"contents": [
        {"role": "user", "parts": [{"functionCall": {"name": "f", "args": {}}}]},
        {"role": "model", "parts": [{"functionResponse": {"name": "f", "response": {"x": 1}}}]}]},
    "bedrock.converse": {"messages": [
        {"role": "user", "content": [{"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}}]},
        {"role": "assistant", "content": [{"toolResult": {"toolUseId": "t1", "content": [{"text": "x"}]}}]}]},
}


@pytest.mark.parametrize("source", sorted(WRONG_ROLES))
def test_calls_and_results_in_the_wrong_role_are_found(source: str) -> None:
    problems = check_conversation(WRONG_ROLES[source])
    assert [(p.kind, p.index) for p in problems if p.kind == "wrong-role"] == [("wrong-role", 0), ("wrong-role", 1)]
    assert problems[0].message.startswith("Message 0: a user message holds the call ")
    assert "calls belong to assistant messages" in problems[0].message
    wrong = [p for p in problems if p.kind == "wrong-role"][1]
    assert wrong.message.startswith("Message 1: an assistant message holds the result for ")
    fixed, changes = fix_conversation(WRONG_ROLES[source])  # not a pairing fix: left, and still reported
    assert "wrong-role" in {p.kind for p in check_conversation(fixed, source)}


@pytest.mark.parametrize("source", sorted(WRONG_ROLES))
@pytest.mark.parametrize("target", ["anthropic.messages", "gemini", "bedrock.converse", "openai.chat",
                                    "openai.responses", "mistral", "cohere.v2", "ollama"])
def test_calls_and_results_in_the_wrong_role_are_not_written(source: str, target: str) -> None:
    conv = decode_conversation(WRONG_ROLES[source])
    if source == target:  # decoded and unchanged: written back as it was (lossless), only reported
        assert encode_conversation(conv, target) == WRONG_ROLES[source]
        return
    with pytest.raises(EncodeError, match=r"^Message 0 is a user message holding a tool call") as err:
        encode_conversation(conv, target)
    assert err.value.dialect == target
    results_only = conv.replace(messages=conv.messages[1:])
    with pytest.raises(EncodeError, match=r"^Assistant message 0 holds a tool result"):
        encode_conversation(results_only, target)


def test_a_result_without_id_or_name_is_named_plainly() -> None:
    orphan = Conversation([USER, Message("tool", [ToolResult(None, None, "?")]),
                           Message("tool", [ToolResult(None, "f", "?")])])
    assert [p.message for p in check_conversation(orphan)] == [
        "Message 1: the result for an unnamed tool (no id) answers no call before it",
        "Message 2: the result for 'f' (no id) answers no call before it",
    ]


CHAT_MISSING = {"messages": [
    {"role": "user", "content": "x"},
    {"role": "assistant", "content": None,
     "tool_calls": [{"id": "call_a", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
    {"role": "user", "content": "y"},
]}


@pytest.mark.parametrize(("dialect", "answer"), [
    ("anthropic.messages", "`tool_use` ids were found without `tool_result` blocks immediately after"),
    ("openai.responses", "No tool output found for function call call_a"),
])
def test_a_raw_history_is_read_as_its_own_dialect_and_judged_by_another(dialect: str, answer: str) -> None:
    # conversations.md: "judged by the rules of `dialect`": the raw Chat history is read as Chat
    expected = [Problem("missing-result", 1, "call_a",
                        f"Message 1: the call call_a ('f') has no result; {dialect} answers: {answer}")]
    assert check_conversation(CHAT_MISSING, dialect) == expected
    assert check_conversation(CHAT_MISSING, dialect, source="openai.chat") == expected
    fixed, changes = fix_conversation(CHAT_MISSING, dialect)
    assert [c.kind for c in changes] == ["answered"]
    assert fixed.dialect == "openai.chat"
    with pytest.raises(toolwire.DecodeError):  # a source named is the one it is read as
        check_conversation(CHAT_MISSING, dialect, source=dialect)


# Bedrock Converse's user message with text before its toolResult (wire form of
# https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Message.html)
_BEDROCK_TEXT_FIRST = {"messages": [
    {"role": "user", "content": [{"text": "hi"}]},
    {"role": "assistant", "content": [{"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}}]},
    {"role": "user", "content": [{"text": "before"}, {"toolResult": {"toolUseId": "t1", "content": [{"text": "r1"}]}}]},
]}


def test_results_after_other_content_are_misplaced_only_where_written_back_as_they_came() -> None:
    # written fresh, Anthropic's writer puts the results first: the request it sends is valid
    conv = decode_conversation(_BEDROCK_TEXT_FIRST, "bedrock.converse")
    assert check_conversation(conv, "anthropic.messages") == []
    out = encode_conversation(conv, "anthropic.messages")
    assert [b["type"] for b in out["messages"][2]["content"]] == ["tool_result", "text"]
    # written back to Bedrock as it came, it stays refused: "tool results first"
    problems = check_conversation(conv, "bedrock.converse")
    assert [(p.kind, p.index, p.id) for p in problems] == [("misplaced-result", 2, "t1")]
    assert "needs tool results first" in problems[0].message
