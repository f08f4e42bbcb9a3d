"""Broken and cut-off calls in a history: ``decode_conversation`` reads a call the way
``decode_all(..., invalid="keep")`` reads it (the finish reason its message carries,
the argument text, the path and the ``truncated`` flag kept), and
``encode_conversation`` writes an invalid call back with its argument text where the
target carries text, as ``encode`` does (docs/convert.md "Invalid calls"), refusing
it only where arguments are objects. Wire shapes from each provider's API reference,
checked against the SDK types.
"""

from __future__ import annotations

from typing import Any, Dict, List

import anthropic.types
import openai.types.chat
import openai.types.responses
import pytest
from pydantic import TypeAdapter

import toolwire
from toolwire import EncodeError, InvalidToolCall, ToolCall, ToolResult
from toolwire.conversation import Conversation, Message, check_conversation, decode_conversation, encode_conversation

# An Anthropic ``Message`` cut at its token limit (https://docs.claude.com/en/api/messages:
# ``stop_reason: "max_tokens"``), appended to the history as the docs do
CUT_MESSAGE: Dict[str, Any] = {
    "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
    "content": [{"type": "tool_use", "id": "toolu_1", "name": "run", "input": {"cmd": "rm -rf /tmp/build"}}],
    "stop_reason": "max_tokens", "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1},
}
USER = {"role": "user", "content": "Clean the build."}


def _last_calls(conv: Any) -> List[Any]:
    """The calls of the last message, invalid ones too."""
    return [p for p in conv.messages[-1].parts if type(p) in (ToolCall, InvalidToolCall)]


def test_message_calls_hold_the_invalid_calls_that_need_an_answer_too() -> None:
    """``Message.calls`` left invalid calls out: an agent loop answering ``calls`` sent
    the next request with a call and no result, which every provider refuses, and
    ``check_conversation`` counted the call as unanswered."""
    conv = decode_conversation([USER, CUT_MESSAGE], "anthropic.messages")
    assert conv.messages[-1].calls == tuple(_last_calls(conv)) == conv.calls
    (call,) = conv.calls
    assert type(call) is InvalidToolCall and call.id == "toolu_1"
    answered = conv.append(Message("tool", [ToolResult(call.id, call.name, call.error, is_error=True)]))
    assert check_conversation(answered) == []
    assert [p.kind for p in check_conversation(conv)] == ["missing-result"]


def test_an_anthropic_message_cut_at_max_tokens_gives_no_runnable_call() -> None:
    anthropic.types.Message.model_validate(CUT_MESSAGE)
    conv = decode_conversation([USER, CUT_MESSAGE], "anthropic.messages")
    (call,) = _last_calls(conv)
    assert type(call) is InvalidToolCall and conv.messages[-1].calls == (call,)
    assert (call.name, call.id, call.truncated, call.loc) == ("run", "toolu_1", True, "$[1].content[0].input")
    assert call.error == (
        "Arguments at $[1].content[0].input may be cut off: the reply stopped at its token limit (max_tokens); "
        "pass allow_truncated=True to accept them"
    )
    # the same verdict as decode_all on the message itself
    assert toolwire.decode_all(CUT_MESSAGE, invalid="keep")[0].truncated is True


@pytest.mark.parametrize(
    ("dialect", "history", "message"),
    [
        # Anthropic: the context window (``model_context_window_exceeded``) cuts the reply too
        ("anthropic.messages", [USER], {**CUT_MESSAGE, "stop_reason": "model_context_window_exceeded"}),
        # Bedrock: a message carrying the reply's ``stopReason`` (as decode_all reads it)
        ("bedrock.converse", [{"role": "user", "content": [{"text": "Clean the build."}]}],
         {"role": "assistant", "content": [{"toolUse": {"toolUseId": "t1", "name": "run", "input": {"cmd": "x"}}}],
          "stopReason": "max_tokens"}),
        # Bedrock: a reply it reports as failed (``malformed_tool_use``): its call must not run
        ("bedrock.converse", [{"role": "user", "content": [{"text": "Clean the build."}]}],
         {"role": "assistant", "content": [{"toolUse": {"toolUseId": "t1", "name": "run", "input": {"cmd": "x"}}}],
          "stopReason": "malformed_tool_use"}),
        # Responses: a function_call item whose status says it was cut off
        ("openai.responses", [{"role": "user", "content": "Clean the build."}],
         {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "run", "arguments": "{\"cmd\": \"rm",
          "status": "incomplete"}),
        # a finish word in another case reads as decode_all reads it (as is, then upper and lower case)
        ("bedrock.converse", [{"role": "user", "content": [{"text": "Clean the build."}]}],
         {"role": "assistant", "content": [{"toolUse": {"toolUseId": "t1", "name": "run", "input": {"cmd": "x"}}}],
          "stopReason": "Malformed_Tool_Use"}),
    ],
    ids=["anthropic-context-window", "bedrock-max-tokens", "bedrock-malformed", "responses-incomplete-item",
         "bedrock-malformed-other-case"],
)
def test_a_history_reads_a_call_as_decode_all_does(dialect: str, history: List[Any], message: Dict[str, Any]) -> None:
    conv = decode_conversation([*history, message], dialect)
    (call,) = _last_calls(conv)
    (alone,) = toolwire.decode_all(message, dialect, invalid="keep")
    assert type(call) is InvalidToolCall and type(alone) is InvalidToolCall
    assert (call.name, call.id, call.raw, call.truncated, call.loc, call.error) == (
        alone.name, alone.id, alone.raw, alone.truncated, alone.loc.replace("$", "$[1]", 1),
        alone.error.replace(" $.", " $[1].", 1))


def test_a_finished_anthropic_message_gives_its_call() -> None:
    done = {**CUT_MESSAGE, "stop_reason": "tool_use"}
    anthropic.types.Message.model_validate(done)
    conv = decode_conversation([USER, done], "anthropic.messages")
    assert _last_calls(conv) == [ToolCall("run", {"cmd": "rm -rf /tmp/build"}, "toolu_1")]


# OpenAI Chat (https://platform.openai.com/docs/api-reference/chat/create): an assistant
# message whose call's arguments were cut off, answered by an error result
CUT_ARGS = '{"cmd": "rm -rf /tmp/bu'
CHAT_HISTORY: Dict[str, Any] = {"messages": [
    {"role": "user", "content": "Clean the build."},
    {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "run", "arguments": CUT_ARGS}}]},
    {"role": "tool", "tool_call_id": "call_1", "content": "Error: your arguments were cut off; send them again."},
]}


def test_an_invalid_call_in_a_history_keeps_its_text_flag_and_path() -> None:
    TypeAdapter(List[openai.types.chat.ChatCompletionMessageParam]).validate_python(CHAT_HISTORY["messages"])
    call = decode_conversation(CHAT_HISTORY).messages[1].parts[0]
    kept = toolwire.decode_all(CHAT_HISTORY["messages"][1], invalid="keep")[0]
    assert type(call) is InvalidToolCall
    assert (call.name, call.id, call.raw, call.truncated) == ("run", "call_1", CUT_ARGS, True)
    assert call.loc == "$.messages[1].tool_calls[0].function.arguments"
    assert call.error == kept.error.replace("$.tool_calls", "$.messages[1].tool_calls")


def test_an_invalid_call_is_written_with_its_text_where_the_target_carries_text() -> None:
    out = encode_conversation(decode_conversation(CHAT_HISTORY), "openai.responses")
    TypeAdapter(openai.types.responses.ResponseInputParam).validate_python(out["input"])
    assert out["input"][1:] == [
        {"type": "function_call", "call_id": "call_1", "name": "run", "arguments": CUT_ARGS},
        {"type": "function_call_output", "call_id": "call_1",
         "output": "Error: your arguments were cut off; send them again."},
    ]
    fresh = Conversation([Message(m.role, m.parts) for m in decode_conversation(CHAT_HISTORY).messages])
    again = encode_conversation(fresh, "openai.chat")  # written fresh, not as decoded
    assert again["messages"][1]["tool_calls"] == CHAT_HISTORY["messages"][1]["tool_calls"]


@pytest.mark.parametrize("target", ["anthropic.messages", "gemini", "bedrock.converse"])
def test_an_invalid_call_is_refused_where_arguments_are_objects(target: str) -> None:
    with pytest.raises(EncodeError) as exc:
        encode_conversation(decode_conversation(CHAT_HISTORY), target)
    assert str(exc.value) == (
        f"Message 1 holds an invalid call of 'run' that cannot be written: {target} carries arguments as an "
        "object: the invalid call 'run' cannot be written with its argument text '{\"cmd\": \"rm -rf /tmp/bu'; "
        "answer it in a dialect that carries argument text, or leave it out of the history"
    )


def test_a_cut_off_object_call_is_written_with_the_text_decode_all_keeps() -> None:
    conv = decode_conversation([USER, CUT_MESSAGE], "anthropic.messages")
    kept = toolwire.decode_all(CUT_MESSAGE, invalid="keep")[0]
    out = encode_conversation(conv, "openai.chat")
    assert out["messages"][1]["tool_calls"] == [toolwire.encode(kept, "openai.chat")]
    assert out["messages"][1]["tool_calls"][0]["function"]["arguments"] == '{"cmd": "rm -rf /tmp/build"}'


def test_an_invalid_call_without_text_is_refused() -> None:
    # Bedrock Converse (API_runtime_Converse.html): ``stopReason: "malformed_tool_use"``
    failed = {"role": "assistant", "content": [{"toolUse": {"toolUseId": "t1", "name": "run", "input": {"cmd": "x"}}}],
              "stopReason": "malformed_tool_use"}
    conv = decode_conversation([{"role": "user", "content": [{"text": "Clean the build."}]}, failed],
                               "bedrock.converse")
    with pytest.raises(EncodeError) as exc:
        encode_conversation(conv, "openai.chat")
    assert str(exc.value) == (
        "Message 1 holds an invalid call of 'run' that cannot be written: The invalid call 'run' has no "
        "argument text to write back as openai.chat (Tool call at $[1].content[0] is in a reply that "
        "bedrock.converse reports as failed (malformed_tool_use): it must not run; decode the item itself to "
        "read it anyway)"
    )


@pytest.mark.parametrize(
    ("dialect", "history"),
    [
        # a Chat choice cut at ``length`` (https://platform.openai.com/docs/api-reference/chat/object)
        ("openai.chat", [{"role": "user", "content": "hi"}, {"index": 0, "finish_reason": "length", "message": {
            "role": "assistant", "content": None, "tool_calls": [
                {"id": "call_1", "type": "function", "function": {"name": "run", "arguments": "{}"}}]}}]),
        # a Gemini candidate cut at ``MAX_TOKENS`` (https://ai.google.dev/api/generate-content#candidate)
        ("gemini", {"contents": [{"role": "user", "parts": [{"text": "hi"}]}, {"finishReason": "MAX_TOKENS", "content": {
            "role": "model", "parts": [{"functionCall": {"name": "run", "args": {"cmd": "x"}}}]}}]}),
        # a Converse response cut at ``max_tokens`` (API_runtime_Converse.html)
        ("bedrock.converse", {"messages": [{"role": "user", "content": [{"text": "hi"}]}, {
            "stopReason": "max_tokens", "output": {"message": {"role": "assistant", "content": [
                {"toolUse": {"toolUseId": "t1", "name": "run", "input": {"cmd": "x"}}}]}}}]}),
    ],
    ids=["chat-choice", "gemini-candidate", "bedrock-response"],
)
def test_a_reply_envelope_in_a_history_is_refused_not_read_without_its_finish(dialect: str, history: Any) -> None:
    """Where a finish reason sits on the envelope, not the message, the envelope is no
    message of the history: refused, so its call is never read as whole."""
    with pytest.raises(toolwire.DecodeError):
        decode_conversation(history, dialect)
