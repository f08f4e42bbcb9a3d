"""#15 class 3: cut off means not runnable.

Under a token-limit finish reason, in any dialect's spelling (Chat / Mistral
``length``, Anthropic / Bedrock ``max_tokens``, Gemini / Cohere ``MAX_TOKENS``, Ollama
``done_reason: length``, Responses ``incomplete`` / ``max_output_tokens``), a call whose
arguments are empty-equivalent (``""``, ``"null"``, whitespace, missing) was cut off
before its arguments: an ``InvalidToolCall(truncated=True)`` (``invalid="keep"``), an
``ArgumentsError(truncated=True)`` (``invalid="raise"``), never a runnable call with
``{}``; ``response.normalize`` lists it as invalid, not as a call. So is a stream
that ends after a call's first chunk, an unclosed code fence under ``length``, and a
Llama ``<|python_tag|>`` region holding a cut JSON call. Payload shapes from each
provider's API reference.
"""

from __future__ import annotations

from typing import Any, Dict, List

import openai
import pytest

import toolwire
from toolwire import response, stream


def _chat(arguments: Any, finish: str = "length", **extra: Any) -> Dict[str, Any]:
    fn: Dict[str, Any] = {"name": "delete_files"}
    if arguments is not _MISSING:
        fn["arguments"] = arguments
    return {
        "id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4o",
        "choices": [{"index": 0, "finish_reason": finish, "message": {
            "role": "assistant", "content": None,
            "tool_calls": [{"id": "call_1", "type": "function", "function": fn}]}}],
        **extra,
    }


_MISSING = object()


def _cohere(arguments: str) -> Dict[str, Any]:
    return {
        "id": "c1", "finish_reason": "MAX_TOKENS",
        "message": {"role": "assistant", "tool_plan": "I will delete the files.", "tool_calls": [
            {"id": "delete_files_1byjy32y4hvq", "type": "function",
             "function": {"name": "delete_files", "arguments": arguments}}]},
        "usage": {"billed_units": {"input_tokens": 1, "output_tokens": 1}},
    }


def _gemini(part: Dict[str, Any]) -> Dict[str, Any]:
    return {"candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "MAX_TOKENS"}]}


def _responses(arguments: str) -> Dict[str, Any]:
    return {
        "id": "resp_1", "object": "response", "status": "incomplete",
        "incomplete_details": {"reason": "max_output_tokens"},
        "output": [{"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "delete_files",
                    "arguments": arguments, "status": "incomplete"}],
    }


CASES = {
    "chat-empty": _chat(""),
    "chat-null": _chat("null"),
    "chat-blank": _chat("  "),
    "chat-missing": _chat(_MISSING),
    "mistral-empty": {**_chat(""), "model": "mistral-large-latest"},
    "cohere-empty": _cohere(""),
    "gemini-no-args": _gemini({"functionCall": {"name": "delete_files"}}),
    "gemini-empty-args": _gemini({"functionCall": {"name": "delete_files", "args": {}}}),
    "anthropic-empty-input": {
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
        "content": [{"type": "tool_use", "id": "toolu_01", "name": "delete_files", "input": {}}],
        "stop_reason": "max_tokens", "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1}},
    "bedrock-empty-input": {
        "output": {"message": {"role": "assistant", "content": [
            {"toolUse": {"toolUseId": "tooluse_1", "name": "delete_files", "input": {}}}]}},
        "stopReason": "max_tokens", "usage": {"inputTokens": 1, "outputTokens": 1, "totalTokens": 2}},
    "ollama-empty": {
        "model": "llama3.2", "created_at": "2026-01-01T00:00:00Z", "done": True, "done_reason": "length",
        "message": {"role": "assistant", "content": "",
                    "tool_calls": [{"function": {"name": "delete_files", "arguments": {}}}]}},
    "responses-empty": _responses(""),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_cut_off_calls_decode_all(name: str) -> None:
    payload = CASES[name]
    [call] = toolwire.decode_all(payload, invalid="keep")
    assert isinstance(call, toolwire.InvalidToolCall)
    assert call.truncated
    assert call.name == "delete_files"
    with pytest.raises(toolwire.ArgumentsError) as info:
        toolwire.decode_all(payload)
    assert info.value.truncated


@pytest.mark.parametrize("name", sorted(CASES))
def test_cut_off_calls_response_normalize(name: str) -> None:
    r = response.normalize(CASES[name])
    assert r.truncated
    assert r.tool_calls == ()  # nothing runnable
    [bad] = r.invalid_tool_calls
    assert bad.truncated and bad.name == "delete_files"


def test_cut_off_calls_sdk_object() -> None:
    completion = openai.types.chat.ChatCompletion.model_validate(_chat(""))
    [call] = toolwire.decode_all(completion, invalid="keep")
    assert isinstance(call, toolwire.InvalidToolCall) and call.truncated


def test_cut_off_calls_allow_truncated_records_it() -> None:
    [call] = toolwire.decode_all(_chat(""), allow_truncated=True)
    assert isinstance(call, toolwire.ToolCall)
    assert call.args == {} and "truncated" in call.repairs


@pytest.mark.parametrize("finish", ["stop", "tool_calls"])
def test_cut_off_calls_empty_arguments_without_a_limit_are_fine(finish: str) -> None:
    [call] = toolwire.decode_all(_chat("", finish))
    assert call == toolwire.ToolCall("delete_files", {}, "call_1")
    assert call.repairs == ("empty-arguments",)


@pytest.mark.parametrize("text", ["", "null", " "])
@pytest.mark.parametrize("finish", ["length", "max_tokens", "MAX_TOKENS"])
def test_cut_off_calls_decode_with_finish_reason(text: str, finish: str) -> None:
    item = {"id": "call_1", "type": "function", "function": {"name": "delete_files", "arguments": text}}
    with pytest.raises(toolwire.ArgumentsError, match="cut off") as info:
        toolwire.decode(item, finish_reason=finish)
    assert info.value.truncated


HEAD = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o"}
FIRST = dict(HEAD, choices=[{"index": 0, "finish_reason": None, "delta": {"role": "assistant", "tool_calls": [
    {"index": 0, "id": "call_1", "type": "function", "function": {"name": "delete_files", "arguments": ""}}]}}])


def _stream_cases() -> Dict[str, List[Dict[str, Any]]]:
    return {
        "ends-after-first-chunk": [FIRST],
        "length-with-empty-arguments": [FIRST, dict(HEAD, choices=[{"index": 0, "delta": {}, "finish_reason": "length"}])],
        "length-with-null": [
            FIRST,
            dict(HEAD, choices=[{"index": 0, "finish_reason": None,
                                 "delta": {"tool_calls": [{"index": 0, "function": {"arguments": "null"}}]}}]),
            dict(HEAD, choices=[{"index": 0, "delta": {}, "finish_reason": "length"}]),
        ],
        "gemini-max-tokens": [{"candidates": [{"content": {"role": "model", "parts": [
            {"functionCall": {"name": "delete_files"}}]}, "finishReason": "MAX_TOKENS"}]}],
    }


@pytest.mark.parametrize("name", sorted(_stream_cases()))
def test_cut_off_calls_stream(name: str) -> None:
    chunks = _stream_cases()[name]
    for calls in (stream.accumulate(chunks), stream.accumulate(iter(chunks))):
        [call] = calls
        assert isinstance(call, toolwire.InvalidToolCall) and call.truncated
        assert call.name == "delete_files"


def test_cut_off_calls_stream_finished_normally_is_whole() -> None:
    chunks = [FIRST, dict(HEAD, choices=[{"index": 0, "delta": {}, "finish_reason": "tool_calls"}])]
    assert stream.accumulate(chunks) == [toolwire.ToolCall("delete_files", {}, "call_1")]


@pytest.mark.parametrize("text", ["```json\n{\"glob\": \"*.tmp\"}", "```\n{\"glob\": \"*.tmp\"}\n"])
def test_cut_off_calls_unclosed_code_fence_under_length(text: str) -> None:
    item = {"id": "call_1", "type": "function", "function": {"name": "delete_files", "arguments": text}}
    with pytest.raises(toolwire.ArgumentsError) as info:
        toolwire.decode(item, finish_reason="length")
    assert info.value.truncated
    call = toolwire.decode(item)  # no token limit: the fence is a clean-up, recorded
    assert call.args == {"glob": "*.tmp"} and call.repairs == ("code-fence",)
    closed = dict(item, function={"name": "delete_files", "arguments": text.rstrip() + "\n```"})
    with pytest.raises(toolwire.ArgumentsError) as info:  # closed or not, not strict JSON under the limit
        toolwire.decode(closed, finish_reason="length")
    assert info.value.truncated
    kept = toolwire.decode(closed, finish_reason="length", allow_truncated=True)
    assert (kept.args, kept.repairs) == ({"glob": "*.tmp"}, ("code-fence", "truncated"))


@pytest.mark.parametrize(
    "text",
    ["{'glob': '*.t", "{'glob': '*.tmp', 'force': Tr", "{\"glob\": '*.t", "{'paths': ['a', 'b"],
)
@pytest.mark.parametrize("finish", [None, "length"])
def test_cut_off_calls_single_quotes_cut_mid_string(text: str, finish: Any) -> None:
    item = {"id": "call_1", "type": "function", "function": {"name": "delete_files", "arguments": text}}
    with pytest.raises(toolwire.ArgumentsError) as info:
        toolwire.decode(item, finish_reason=finish)
    assert info.value.truncated


@pytest.mark.parametrize(
    "text",
    [
        '<|python_tag|>{"name": "delete_files", "parameters": {"glob": "*.tmp"',
        '<|python_tag|>{"name": "delete_files", "parameters": {"glob": "*.tmp"<|eom_id|>',
        '<|python_tag|>{"name": "delete_files", "parameters": {"glob": ',
        "<|python_tag|>delete_files.call(glob='*.tmp'",
        "<|python_tag|>[delete_files(glob='*.tmp'",
    ],
)
@pytest.mark.parametrize("finish", [None, "length"])
def test_cut_off_calls_llama_python_tag(text: str, finish: Any) -> None:
    r = toolwire.decode_text(text, "text.llama", finish_reason=finish)
    [call] = r.tool_calls
    assert isinstance(call, toolwire.InvalidToolCall) and call.truncated
    assert call.name != "code_interpreter"


def test_cut_off_calls_llama_python_tag_code_still_runs() -> None:
    r = toolwire.decode_text('<|python_tag|>import math\nprint(math.pi)<|eom_id|>', "text.llama")
    assert r.tool_calls == (toolwire.ToolCall("code_interpreter", {"code": "import math\nprint(math.pi)"}),)


@pytest.mark.parametrize("text", ["[delete_files(glob='*.t", "[delete_files(glob='*.tmp', force=Tr"])
def test_cut_off_calls_pythonic_cut_mid_string(text: str) -> None:
    r = toolwire.decode_text(text, "text.llama", finish_reason="length")
    [call] = r.tool_calls
    assert isinstance(call, toolwire.InvalidToolCall) and call.truncated


def test_mistrals_model_length_cuts_calls_off_as_length_does() -> None:
    """Mistral's ``model_length`` (the context window ran out) is a token-limit finish
    in ``decode_all``, ``normalize`` and streams alike: a call with empty arguments was
    cut off (``normalize`` read the reply as truncated and still handed the call over)."""
    from toolwire.response import normalize
    from toolwire.stream import accumulate

    item = {"id": "abcdefghi", "type": "function", "function": {"name": "f", "arguments": ""}}
    reply = {"object": "chat.completion", "model": "mistral-large-latest", "choices": [
        {"index": 0, "finish_reason": "model_length", "message": {"role": "assistant", "content": None,
                                                                   "tool_calls": [item]}}]}
    for dialect in (None, "mistral", "openai.chat"):
        [cut] = toolwire.decode_all(reply, dialect, invalid="keep")
        assert type(cut) is toolwire.InvalidToolCall and cut.truncated and "(model_length)" in cut.error
    r = normalize(reply)  # the context window ran out, not the token budget (as Anthropic's word): cut off all the same
    assert (r.tool_calls, len(r.invalid_tool_calls), r.finish_reason, r.truncated) == ((), 1, "context_window", True)
    chunks = [{"choices": [{"index": 0, "delta": {"tool_calls": [dict(item, index=0)]}, "finish_reason": None}]},
              {"choices": [{"index": 0, "delta": {}, "finish_reason": "model_length"}]}]
    [streamed] = accumulate(chunks, "mistral")
    assert type(streamed) is toolwire.InvalidToolCall and streamed.truncated


CONTEXT_WINDOW = [  # replies that stopped where the context window ran out, with a call (documented stop words)
    ("anthropic.messages", {"type": "message", "role": "assistant", "stop_reason": "model_context_window_exceeded",
                            "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": 1}}]}),
    ("bedrock.converse", {"stopReason": "model_context_window_exceeded", "output": {"message": {
        "role": "assistant", "content": [{"toolUse": {"toolUseId": "tooluse_1", "name": "f", "input": {"a": 1}}}]}}}),
    ("cohere.v2", {"id": "d1e3b4f9", "finish_reason": "ERROR_LIMIT", "message": {
        "role": "assistant", "tool_plan": "I will look.", "tool_calls": [
            {"id": "f_1byjy32y4hvq", "type": "function", "function": {"name": "f", "arguments": ""}}]},
        "usage": {"tokens": {"input_tokens": 9, "output_tokens": 8}}}),
]


@pytest.mark.parametrize(("dialect", "reply"), CONTEXT_WINDOW, ids=[d for d, _ in CONTEXT_WINDOW])
def test_a_reply_cut_by_the_context_window_cuts_its_calls(dialect: str, reply: Dict[str, Any]) -> None:
    """The context window ran out (normalised ``context_window``): the reply was cut off
    as at the token limit, so its calls may be too (an object input the provider
    closed, empty arguments): never handed over as runnable."""
    from toolwire.response import normalize

    [cut] = toolwire.decode_all(reply, invalid="keep")
    assert type(cut) is toolwire.InvalidToolCall and cut.truncated
    why = "model_context_window_exceeded" if dialect != "cohere.v2" else "ERROR_LIMIT"
    assert f"the reply stopped where its context window ran out ({why})" in cut.error
    r = normalize(reply)
    assert (r.tool_calls, len(r.invalid_tool_calls), r.finish_reason) == ((), 1, "context_window")
    [lenient] = toolwire.decode_all(reply, allow_truncated=True)
    assert lenient.name == "f" and "truncated" in lenient.repairs



@pytest.mark.parametrize("text", ["{'glob': '*.t", '{oops'])
@pytest.mark.parametrize("allow", [False, True])
def test_a_cut_off_call_whose_prefix_does_not_parse_does_not_suggest_allow_truncated(text: str, allow: bool) -> None:
    """An unclosed text is cut off (never closed by a repair), but when the part before
    the cut is no JSON object, ``allow_truncated=True`` cannot accept it: the error says
    so instead of suggesting it (it did, also to callers who had passed it)."""
    item = {"id": "call_1", "type": "function", "function": {"name": "delete_files", "arguments": text}}
    with pytest.raises(toolwire.ArgumentsError, match="cut off") as info:
        toolwire.decode(item, allow_truncated=allow)
    assert info.value.truncated
    assert "allow_truncated" not in info.value.message
    assert info.value.message.endswith("; what comes before the cut is not a JSON object either")


def test_a_cut_off_call_whose_prefix_parses_suggests_allow_truncated() -> None:
    item = {"id": "call_1", "type": "function", "function": {"name": "delete_files", "arguments": '{"glob": "*.t'}}
    with pytest.raises(toolwire.ArgumentsError, match="pass allow_truncated=True to accept the complete prefix"):
        toolwire.decode(item)
    assert toolwire.decode(item, allow_truncated=True).args == {}  # never "*.t" of "*.tmp"
