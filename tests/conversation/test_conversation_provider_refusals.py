"""What providers refuse beside pairing, and what they accept that looked wrong:
whitespace-only text (Anthropic, Bedrock), a history that starts with the assistant
(Bedrock), ids and turn order written back as they came (``check_conversation``), and
consecutive assistant turns of alternating dialects. Provider wordings are their 400
errors, quoted per test."""

from __future__ import annotations

from typing import Any, List

import pytest

from toolwire import ToolCall, ToolResult
from toolwire.conversation import (
    Conversation,
    Message,
    Problem,
    Text,
    check_conversation,
    decode_conversation,
    encode_conversation,
    fix_conversation,
)

# --- consecutive assistant turns (alternating dialects merge them) ---------------------------

# two assistant turns, each with a call, then one user turn holding both results: the
# shape of an accepted history (the provider combines consecutive same-role turns:
# "consecutive user or assistant turns in your request will be combined into a single turn")
ANTHROPIC_TWO_ASSISTANTS = {"messages": [
    {"role": "user", "content": "Can I get a refund on order-123?"},
    {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_a", "name": "load", "input": {"id": "r"}}]},
    {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_b", "name": "search", "input": {"q": "x"}}]},
    {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "toolu_a", "content": "loaded"},
        {"type": "tool_result", "tool_use_id": "toolu_b", "content": "found"}]},
]}
GEMINI_TWO_MODEL_TURNS = {"contents": [
    {"role": "user", "parts": [{"text": "Can I get a refund on order-123?"}]},
    {"role": "model", "parts": [{"functionCall": {"id": "a1", "name": "load", "args": {"id": "r"}}}]},
    {"role": "model", "parts": [{"functionCall": {"id": "b1", "name": "search", "args": {"q": "x"}}}]},
    {"role": "user", "parts": [
        {"functionResponse": {"id": "a1", "name": "load", "response": {"output": "loaded"}}},
        {"functionResponse": {"id": "b1", "name": "search", "response": {"output": "found"}}}]},
]}


@pytest.mark.parametrize(("history", "dialect"), [
    (ANTHROPIC_TWO_ASSISTANTS, "anthropic.messages"), (GEMINI_TWO_MODEL_TURNS, "gemini")])
def test_consecutive_assistant_turns_then_their_results_are_no_problem(history: Any, dialect: str) -> None:
    """Flagged ``misplaced-result`` (and "moved" by the fix) when written back as it came."""
    assert check_conversation(history, dialect) == []
    fixed, changes = fix_conversation(history, dialect)
    assert changes == []
    assert encode_conversation(fixed, dialect) == history


def test_a_user_message_between_the_calls_and_their_results_is_still_flagged() -> None:
    msgs = ANTHROPIC_TWO_ASSISTANTS["messages"]
    history = {"messages": [*msgs[:3], {"role": "user", "content": "hurry"}, msgs[3]]}
    assert [(p.kind, p.index) for p in check_conversation(history, "anthropic.messages")] == [
        ("misplaced-result", 4), ("misplaced-result", 4)]


# --- whitespace-only text -----------------------------------------------------------------

CHAT_BLANK = [
    {"role": "user", "content": "q"},
    {"role": "assistant", "content": "\n\n", "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
    {"role": "tool", "tool_call_id": "c1", "content": " "},
]


def test_whitespace_only_text_and_results_are_not_written_for_bedrock_and_anthropic() -> None:
    """Bedrock: "The text field in the ContentBlock object at messages.1.content.0 is blank";
    Anthropic: "messages: text content blocks must contain non-whitespace text"."""
    notes = [
        ("dropped", 1, None, "A whitespace-only text in message 1 is left out: {t} refuses blank text"),
        ("inserted", 2, "c1", "The result for c1 in message 2 is whitespace only, which {t} refuses: it is sent as "
                              "'(no output)'"),
    ]
    report: List[Problem] = []
    out = encode_conversation(CHAT_BLANK, "bedrock.converse", source="openai.chat", report=report)
    assert out["messages"][1:] == [
        {"role": "assistant", "content": [{"toolUse": {"toolUseId": "c1", "name": "f", "input": {}}}]},
        {"role": "user", "content": [{"toolResult": {"toolUseId": "c1", "content": [{"text": "(no output)"}]}}]}]
    assert report == [Problem(k, i, id, m.format(t="bedrock.converse")) for k, i, id, m in notes]
    report = []
    out = encode_conversation(CHAT_BLANK, "anthropic.messages", source="openai.chat", report=report)
    assert out["messages"][1:] == [
        {"role": "assistant", "content": [{"type": "tool_use", "id": "c1", "name": "f", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "c1", "content": "(no output)"}]}]
    assert report == [Problem(k, i, id, m.format(t="anthropic.messages")) for k, i, id, m in notes]


ANTHROPIC_BLANK_PARTS = {"messages": [
    {"role": "user", "content": "q"},
    {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}},
                                      {"type": "tool_use", "id": "toolu_2", "name": "g", "input": {}}]},
    {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "toolu_1", "content": [{"type": "text", "text": ""}]},
        {"type": "tool_result", "tool_use_id": "toolu_2", "content": [
            {"type": "text", "text": " "}, {"type": "text", "text": "found"}, {"type": "text", "text": ""}]}]},
]}


@pytest.mark.parametrize("target", ["anthropic.messages", "bedrock.converse"])
def test_blank_text_parts_of_a_result_are_left_out_and_a_result_of_nothing_else_gets_a_word(target: str) -> None:
    """Anthropic: "text content blocks must be non-empty" for ``{"type": "text", "text": ""}``,
    "... must contain non-whitespace text" for a whitespace one; Bedrock: "The text field in
    the ContentBlock object ... is blank". Written fresh: the blank parts are gone, noted."""
    conv = decode_conversation(ANTHROPIC_BLANK_PARTS, "anthropic.messages")
    fresh = Conversation([m.replace(wire=None) for m in conv.messages])
    report: List[Problem] = []
    out = encode_conversation(fresh, target, report=report)
    results = out["messages"][2]["content"]
    if target == "anthropic.messages":
        assert results == [
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": "(no output)"},
            {"type": "tool_result", "tool_use_id": "toolu_2", "content": [{"type": "text", "text": "found"}]}]
    else:
        assert results == [
            {"toolResult": {"toolUseId": "toolu_1", "content": [{"text": "(no output)"}]}},
            {"toolResult": {"toolUseId": "toolu_2", "content": [{"text": "found"}]}}]
    assert report == [
        Problem("inserted", 2, "toolu_1", f"The result for toolu_1 in message 2 is empty, which {target} refuses: it "
                                          "is sent as '(no output)'"),
        Problem("dropped", 2, "toolu_2", f"2 blank text part(s) of the result for toolu_2 in message 2 are left out: "
                                         f"{target} refuses blank text"),
    ]


def test_a_turn_of_whitespace_only_is_left_out_and_chat_keeps_whitespace() -> None:
    chat = [{"role": "user", "content": "q"}, {"role": "assistant", "content": "  "}, {"role": "user", "content": "again"}]
    report: List[Problem] = []
    out = encode_conversation(chat, "anthropic.messages", source="openai.chat", report=report)
    assert out["messages"] == [{"role": "user", "content": [{"type": "text", "text": "q"}, {"type": "text", "text": "again"}]}]
    assert [p.kind for p in report] == ["dropped", "dropped"]
    # Chat takes whitespace: it goes as it is
    assert encode_conversation(CHAT_BLANK, "mistral", source="openai.chat")["messages"][2]["content"] == " "


# --- a history that starts with the assistant ------------------------------------------------

GREETING = [{"role": "system", "content": "s"}, {"role": "assistant", "content": "Hi! How can I help?"},
            {"role": "user", "content": "x"}]


def test_bedrock_gets_a_user_turn_before_a_first_assistant_message() -> None:
    """Converse: "A conversation must start with a user message. Try again with a
    conversation that starts with a user message." (LiteLLM inserts "Please continue.")"""
    report: List[Problem] = []
    out = encode_conversation(GREETING, "bedrock.converse", source="openai.chat", report=report)
    assert out == {"system": [{"text": "s"}], "messages": [
        {"role": "user", "content": [{"text": "Please continue."}]},
        {"role": "assistant", "content": [{"text": "Hi! How can I help?"}]},
        {"role": "user", "content": [{"text": "x"}]}]}
    assert report == [Problem("inserted", 1, None, "A user message 'Please continue.' is written before assistant "
                                                   "message 1: bedrock.converse takes no conversation that starts with "
                                                   "an assistant message")]
    assert check_conversation(GREETING, "bedrock.converse", source="openai.chat") == []  # written anew: fixed


def test_a_bedrock_history_written_back_as_it_came_that_starts_with_the_assistant_is_flagged() -> None:
    history = {"messages": [{"role": "assistant", "content": [{"text": "Hi!"}]},
                            {"role": "user", "content": [{"text": "x"}]}]}
    assert check_conversation(history, "bedrock.converse") == [Problem(
        "assistant-first", 0, None, "Message 0: the history starts with an assistant message; bedrock.converse "
        "answers: A conversation must start with a user message. Try again with a conversation that starts with a "
        "user message.")]
    assert encode_conversation(history, "bedrock.converse") == history  # as it came: the caller's call


def test_anthropic_is_not_given_a_user_turn() -> None:
    """No first-user rule is documented for Anthropic (prefilled assistant turns are)."""
    report: List[Problem] = []
    out = encode_conversation(GREETING, "anthropic.messages", source="openai.chat", report=report)
    assert out["messages"][0] == {"role": "assistant", "content": [{"type": "text", "text": "Hi! How can I help?"}]}
    assert report == []


# --- ids and turn order written back as they came ------------------------------------------

def _tc(ident: str) -> Any:
    return {"id": ident, "type": "function", "function": {"name": "f", "arguments": "{}"}}


MISTRAL = [{"role": "user", "content": "q"}, {"role": "assistant", "tool_calls": [_tc("call_1")]},
           {"role": "tool", "tool_call_id": "call_1", "content": "r"}, {"role": "user", "content": "next"}]


def test_check_flags_what_mistral_refuses_in_a_history_written_back_as_it_came() -> None:
    """mistral-common: tool call ids are 9 characters of a-z, A-Z, 0-9, and (before 1.11.1)
    "Unexpected role 'user' after role 'tool'": a list of messages is written message by
    message, so an assistant turn goes between the tool and the user message (noted); a
    request body written back whole keeps its order (flagged)."""
    assert check_conversation(MISTRAL, "mistral", source="mistral") == [
        Problem("invalid-id", 1, "call_1", "Message 1: the call id call_1 ('f') is written back as it came, and mistral "
                                           "takes ids matching [a-zA-Z0-9]{9} only"),
    ]
    assert [m["role"] for m in encode_conversation(MISTRAL, "mistral", source="mistral")["messages"]] == [
        "user", "assistant", "tool", "assistant", "user"]
    body = {"model": "mistral-large-latest", "messages": MISTRAL}
    assert [p.kind for p in check_conversation(body, "mistral")] == ["invalid-id", "unexpected-role"]
    # written fresh, the id is mapped and an assistant turn goes between: nothing to flag
    fresh = Conversation([m.replace(wire=None) for m in decode_conversation(MISTRAL, "mistral").messages])
    assert check_conversation(fresh, "mistral") == []
    out = encode_conversation(fresh, "mistral")["messages"]
    assert [m["role"] for m in out] == ["user", "assistant", "tool", "assistant", "user"]
    # judged by Mistral's rules, a Chat history is written fresh
    assert check_conversation(MISTRAL, "mistral", source="openai.chat") == []


# mistral-common's validators skip the calls of message 0 (``_validate_tool_calls_followed_by_tool_messages``:
# ``if prev_role is None: prev_role = message.role; continue``), so the tool messages answering them
# are refused: "Not the same number of function calls and responses" (v3, v7), "Unexpected tool call
# id ... in tool results" (v11 and later)
CALLS_FIRST = [{"role": "assistant", "content": None, "tool_calls": [_tc("call_1")]},
               {"role": "tool", "tool_call_id": "call_1", "content": "r"},
               {"role": "user", "content": "go on"}]


def test_mistral_gets_a_user_message_before_a_first_assistant_message_with_calls() -> None:
    report: List[Problem] = []
    out = encode_conversation(CALLS_FIRST, "mistral", source="openai.chat", report=report)["messages"]
    assert [m["role"] for m in out] == ["user", "assistant", "tool", "assistant", "user"]
    assert out[0] == {"role": "user", "content": "Please continue."}
    assert out[1]["tool_calls"][0]["id"] == out[2]["tool_call_id"]
    report.sort(key=lambda p: p.index)
    assert [(p.kind, p.index) for p in report] == [("inserted", 0), ("inserted", 2)]
    assert report[0].message == ("A user message 'Please continue.' is written before assistant message 0: mistral "
                                 "takes no history whose first message is an assistant message with tool calls")
    assert check_conversation({"messages": out}, "mistral") == []


def test_mistral_takes_a_first_assistant_message_with_calls_after_a_system_message() -> None:
    """Only message 0 is skipped: after a system message the calls are counted."""
    report: List[Problem] = []
    history = [{"role": "system", "content": "s"}, *CALLS_FIRST]
    out = encode_conversation(history, "mistral", source="openai.chat", report=report)["messages"]
    assert [m["role"] for m in out] == ["system", "assistant", "tool", "assistant", "user"]
    assert [p.kind for p in report] == ["inserted"]  # the assistant turn before the user message only
    # nor a first assistant message of text only
    report.clear()
    out = encode_conversation([{"role": "assistant", "content": "Hi!"}, {"role": "user", "content": "x"}], "mistral",
                              source="openai.chat", report=report)["messages"]
    assert [m["role"] for m in out] == ["assistant", "user"] and report == []


def test_check_flags_a_mistral_history_written_back_that_starts_with_calls() -> None:
    wire = {"model": "mistral-large-latest", "messages": [
        {"role": "assistant", "tool_calls": [_tc("abcDEF123")]},
        {"role": "tool", "tool_call_id": "abcDEF123", "name": "f", "content": "r"},
        {"role": "assistant", "content": "done"}, {"role": "user", "content": "ok"}]}
    assert check_conversation(wire, "mistral") == [Problem(
        "assistant-first", 0, None, "Message 0: the history starts with an assistant message; mistral answers: Not "
                                    "the same number of function calls and responses (v11 tokenizers and later: "
                                    "Unexpected tool call id abcDEF123 in tool results)")]
    assert encode_conversation(wire, "mistral") == {"messages": wire["messages"]}  # as it came: the caller's call
    # a system message first: taken
    wire = {"model": "mistral-large-latest", "messages": [{"role": "system", "content": "s"}, *wire["messages"]]}
    assert check_conversation(wire, "mistral") == []


def test_check_flags_an_anthropic_id_its_pattern_refuses_when_written_back() -> None:
    ant = {"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "t.1", "name": "f", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t.1", "content": "r"}]}]}
    # Anthropic: tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'
    assert check_conversation(ant, "anthropic.messages") == [
        Problem("invalid-id", 1, "t.1", "Message 1: the call id t.1 ('f') is written back as it came, and "
                                        "anthropic.messages takes ids matching [a-zA-Z0-9_-]+ only")]
    assert check_conversation(Conversation([m.replace(wire=None) for m in decode_conversation(ant).messages]),
                              "anthropic.messages") == []


def test_mistral_gets_an_empty_system_message_after_a_tool_message_moved_up() -> None:
    """A system message left empty (its cache hint dropped) went right after a tool message;
    an assistant turn before it is no help: mistral-common takes only an assistant, user
    or tool message after an assistant message."""
    conv = Conversation([
        Message("user", [decode_conversation([{"role": "user", "content": "q"}]).messages[0].parts[0]]),
        *decode_conversation([{"role": "assistant", "tool_calls": [_tc("abcDEF123")]},
                              {"role": "tool", "tool_call_id": "abcDEF123", "content": "r"}], "openai.chat").messages,
        Message("system", []),
    ])
    report: List[Problem] = []
    out = encode_conversation(conv, "mistral", report=report)["messages"]
    assert [m["role"] for m in out] == ["system", "user", "assistant", "tool"]
    assert [p.kind for p in report] == ["moved"]


# mistral-common ``MistralRequestValidator._validate_message_order``: after an assistant
# message only an assistant, user or tool message ("Unexpected role 'system' after role
# 'assistant'"), after a tool message only an assistant or tool message (a user message
# too from 1.11.1 on, commit cdd334b "Allow user after tool (#218)": the older rule is held)
_AFTER = {"system": {"user", "assistant", "system"}, "user": {"assistant", "system", "user"},
          "assistant": {"assistant", "user", "tool"}, "tool": {"assistant", "tool"}}


def _mistral_order_ok(roles: List[str]) -> bool:
    return all(b in _AFTER[a] for a, b in zip(roles, roles[1:]))


@pytest.mark.parametrize(("messages", "roles", "note"), [
    ([Message("user", [Text("hi")]), Message("assistant", [ToolCall("f", {}, "abcdefghi")]),
      Message("tool", [ToolResult("abcdefghi", "f", "r")]), Message("system", [Text("French now")]),
      Message("user", [Text("ok?")])],
     ["system", "user", "assistant", "tool", "assistant", "user"],
     "System message 3 is moved up to the leading system messages: mistral takes no system message right after a "
     "tool message"),
    ([Message("system", [Text("Be brief")]), Message("user", [Text("hi")]), Message("assistant", [Text("hello")]),
      Message("system", [Text("French now")]), Message("user", [Text("ok?")])],
     ["system", "system", "user", "assistant", "user"],
     "System message 3 is moved up to the leading system messages: mistral takes no system message right after an "
     "assistant message"),
])
def test_mistral_gets_no_system_message_after_an_assistant_or_tool_message(
    messages: List[Message], roles: List[str], note: str
) -> None:
    report: List[Problem] = []
    out = encode_conversation(Conversation(messages), "mistral", report=report)["messages"]
    assert [m["role"] for m in out] == roles and _mistral_order_ok(roles)
    assert [p.message for p in report if p.kind == "moved"] == [note]
    assert [m["content"] for m in out if m["role"] == "system"][-1] == "French now"


def test_check_flags_a_mistral_system_message_after_an_assistant_message_written_back() -> None:
    wire = {"model": "mistral-large-latest", "messages": [
        {"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"},
        {"role": "system", "content": "French now"}, {"role": "user", "content": "ok?"}]}
    assert check_conversation(wire) == [Problem(
        "unexpected-role", 2, None, "Message 2: a system message comes right after an assistant message; mistral "
                                    "answers: Unexpected role 'system' after role 'assistant'")]
    # Chat takes it there
    assert check_conversation(wire, "openai.chat", source="openai.chat") == []
