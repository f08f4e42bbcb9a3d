"""Lone UTF-16 surrogates in tool names and ids (``"\\ud800"``): no UTF-8 text, and so
no request, can carry one, so every reader refuses it where it stands, as it refuses
one in arguments (``test_arguments_keys_surrogates.py``): a ``DecodeError`` at the
field's ``$.path`` in every dialect's calls, tools, results, histories and streams; an
``InvalidToolCall`` under ``invalid="keep"`` and in the text families (their way with
any bad name), holding no such text.

Wire shapes as the providers document them:
https://platform.openai.com/docs/api-reference/chat (``tool_calls``, ``role: "tool"``),
https://platform.openai.com/docs/api-reference/chat-streaming,
https://platform.openai.com/docs/api-reference/responses (``function_call``,
``function_call_output``, ``response.output_item.added`` / ``.done``),
https://docs.anthropic.com/en/api/messages (``tool_use``, ``tool_result``) and
https://docs.anthropic.com/en/docs/build-with-claude/streaming,
https://ai.google.dev/api/caching#FunctionCall (``functionCall`` / ``functionResponse``),
https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html and
``API_runtime_ConverseStream.html`` (``toolUse``, ``toolResult``, ``contentBlockStart``),
https://docs.mistral.ai/api/ (9-character ids, ``index``),
https://docs.cohere.com/reference/chat and ``chat-stream`` (``tool-call-start``),
https://github.com/ollama/ollama/blob/main/docs/api.md (``message.tool_calls``),
https://modelcontextprotocol.io/specification/2025-06-18/server/tools (``tools/call``),
and the SDKs' own types (openai, anthropic, google-genai, mistralai, cohere, ollama).
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List

import pytest

import toolwire
from toolwire import DecodeError, InvalidToolCall, ToolCall
from toolwire.stream import accumulate
from toolwire.text import decode_text

S = "\ud800"  # a lone high surrogate
BAD_NAME, BAD_ID = "get_weather" + S, "call_1" + S
MESSAGE = "holds a lone UTF-16 surrogate no UTF-8 text can carry"
P = {"type": "object", "properties": {"city": {"type": "string"}}}


def calls(name: str, ident: str) -> Dict[str, Any]:
    """One call item of each dialect (the name and id given), as its API sends it."""
    return {
        "openai.chat": {"id": ident, "type": "function", "function": {"name": name, "arguments": '{"city": "Paris"}'}},
        "openai.responses": {"type": "function_call", "id": "fc_1", "call_id": ident, "name": name,
                             "arguments": '{"city": "Paris"}', "status": "completed"},
        "anthropic.messages": {"type": "tool_use", "id": ident, "name": name, "input": {"city": "Paris"}},
        "gemini": {"functionCall": {"id": ident, "name": name, "args": {"city": "Paris"}}},
        "bedrock.converse": {"toolUse": {"toolUseId": ident, "name": name, "input": {"city": "Paris"}}},
        "mistral": {"id": ident, "type": "function", "function": {"name": name, "arguments": '{"city": "Paris"}'},
                    "index": 0},
        "cohere.v2": {"id": ident, "type": "function", "function": {"name": name, "arguments": '{"city": "Paris"}'}},
        "ollama": {"id": ident, "function": {"name": name, "arguments": {"city": "Paris"}}},
        "mcp": {"jsonrpc": "2.0", "id": ident, "method": "tools/call",
                "params": {"name": name, "arguments": {"city": "Paris"}}},
        "canonical": {"name": name, "args": {"city": "Paris"}, "id": ident},
    }


# where each dialect's name and id sit in its call item
WHERE = {
    "openai.chat": ("$.function.name", "$.id"),
    "openai.responses": ("$.name", "$.call_id"),
    "anthropic.messages": ("$.name", "$.id"),
    "gemini": ("$.functionCall.name", "$.functionCall.id"),
    "bedrock.converse": ("$.toolUse.name", "$.toolUse.toolUseId"),
    "mistral": ("$.function.name", "$.id"),
    "cohere.v2": ("$.function.name", "$.id"),
    "ollama": ("$.function.name", "$.id"),
    "mcp": ("$.params.name", "$.id"),
    "canonical": ("$.name", "$.id"),
}
DIALECTS = sorted(WHERE)
FIELDS = [(d, f) for d in DIALECTS for f in ("name", "id")]


def _refused(fn: Callable[[], Any], loc: str, value: str, what: str) -> None:
    with pytest.raises(DecodeError) as err:
        fn()
    assert err.value.loc == loc
    assert str(err.value) == f"{what} at {loc} {MESSAGE}: {value!r}"


@pytest.mark.parametrize(("dialect", "field"), FIELDS)
def test_a_call_item_is_refused_at_its_field(dialect: str, field: str) -> None:
    item = calls(BAD_NAME, "call_1")[dialect] if field == "name" else calls("get_weather", BAD_ID)[dialect]
    loc = WHERE[dialect][field == "id"]
    value, what = (BAD_NAME, "Tool name") if field == "name" else (BAD_ID, "Id")
    _refused(lambda: toolwire.decode(item, dialect), loc, value, what)
    _refused(lambda: toolwire.decode(item), loc, value, what)  # detected
    assert toolwire.decode(calls("get_weather", "call_1")[dialect], dialect).name == "get_weather"


@pytest.mark.parametrize(("dialect", "field"), FIELDS)
def test_a_reply_is_refused_and_kept_invalid_under_keep(dialect: str, field: str) -> None:
    bad = calls(BAD_NAME, "call_1")[dialect] if field == "name" else calls("get_weather", BAD_ID)[dialect]
    good = calls("get_time", "call_2")[dialect]
    with pytest.raises(DecodeError, match=MESSAGE) as err:
        toolwire.decode_all([bad, good], dialect)
    assert err.value.loc == "$[0]" + WHERE[dialect][field == "id"][1:]
    out = toolwire.decode_all([bad, good], dialect, invalid="keep")
    assert type(out[0]) is InvalidToolCall and MESSAGE in out[0].error
    assert out[0].name == (None if field == "name" else "get_weather")
    assert out[0].id is None or out[0].id.isascii()
    assert type(out[1]) is ToolCall and out[1].name == "get_time"


def test_the_issue_example_whole_message() -> None:
    msg = {"role": "assistant", "tool_calls": [{"id": "c1", "type": "function",
                                                 "function": {"name": "f" + S, "arguments": "{}"}}]}
    _refused(lambda: toolwire.decode_all(msg), "$.tool_calls[0].function.name", "f" + S, "Tool name")


def test_an_id_is_refused_before_broken_arguments() -> None:
    """Read after the arguments, a surrogate id came into the ``InvalidToolCall`` that
    broken arguments make (``invalid="keep"``, histories): the id is read first."""
    for dialect in ("openai.chat", "gemini", "ollama", "canonical", "mistral"):
        item = calls("get_weather", BAD_ID)[dialect]
        body = item.get("function") or item.get("functionCall") or item
        body["arguments" if "arguments" in body else "args"] = "{'city': "
        with pytest.raises(DecodeError, match=MESSAGE):
            toolwire.decode(item, dialect)
        (out,) = toolwire.decode_all([item], dialect, invalid="keep")
        assert type(out) is InvalidToolCall and out.id is None and MESSAGE in out.error


def test_a_non_ascii_name_and_id_that_utf8_carries_pass() -> None:
    for dialect in DIALECTS:
        call = toolwire.decode(calls("météo_天気", "id_é\U0001f600")[dialect], dialect)
        assert (call.name, call.id) == ("météo_天気", "id_é\U0001f600")


def test_a_surrogate_pair_escaped_in_json_is_one_character() -> None:
    call = toolwire.decode('{"id": "c_\\ud83d\\ude00", "type": "function", '
                           '"function": {"name": "f", "arguments": "{}"}}', "openai.chat")
    assert call.id == "c_\U0001f600"


# --- the SDKs' own objects, built offline --------------------------------------------


def _sdk_objects(name: str, ident: str) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    try:
        from openai.types.chat import ChatCompletionMessageFunctionToolCall
        from openai.types.chat.chat_completion_message_function_tool_call import Function
        from openai.types.responses import ResponseFunctionToolCall

        out["openai.chat"] = ChatCompletionMessageFunctionToolCall(
            id=ident, type="function", function=Function(name=name, arguments="{}"))
        out["openai.responses"] = ResponseFunctionToolCall(
            type="function_call", id="fc_1", call_id=ident, name=name, arguments="{}", status="completed")
    except ImportError:
        pass
    try:
        from anthropic.types import ToolUseBlock

        out["anthropic.messages"] = ToolUseBlock(type="tool_use", id=ident, name=name, input={})
    except ImportError:
        pass
    try:
        from google.genai import types as gt

        out["gemini"] = gt.Part(function_call=gt.FunctionCall(id=ident, name=name, args={}))
    except ImportError:
        pass
    try:
        from mistralai.client.models import FunctionCall as MistralFunction
        from mistralai.client.models import ToolCall as MistralCall

        out["mistral"] = MistralCall(id=ident, type="function", function=MistralFunction(name=name, arguments="{}"),
                                     index=0)
    except ImportError:
        pass
    try:
        from cohere import ToolCallV2, ToolCallV2Function

        out["cohere.v2"] = ToolCallV2(id=ident, type="function", function=ToolCallV2Function(name=name, arguments="{}"))
    except ImportError:
        pass
    try:
        from ollama import Message  # (its ToolCall has no id)

        if ident == "call_1":
            out["ollama"] = Message.ToolCall(function=Message.ToolCall.Function(name=name, arguments={}))
    except ImportError:
        pass
    return out


@pytest.mark.parametrize(("dialect", "field"), FIELDS)
def test_an_sdk_object_is_refused_at_its_field(dialect: str, field: str) -> None:
    name, ident = (BAD_NAME, "call_1") if field == "name" else ("get_weather", BAD_ID)
    obj = _sdk_objects(name, ident).get(dialect)
    if obj is None:
        pytest.skip(f"no SDK object of {dialect} (not installed, or it has no such field)")
    loc = WHERE[dialect][field == "id"]
    what = "Tool name" if field == "name" else "Id"
    _refused(lambda: toolwire.decode(obj, dialect), loc, name if field == "name" else ident, what)
    _refused(lambda: toolwire.decode(obj), loc, name if field == "name" else ident, what)


def test_a_chat_completion_sdk_object_is_refused() -> None:
    pytest.importorskip("openai")
    from openai.types.chat import ChatCompletion

    def completion(name: str, ident: str) -> Any:
        return ChatCompletion.model_validate({
            "id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4o",
            "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
                "role": "assistant", "content": None,
                "tool_calls": [{"id": ident, "type": "function",
                                "function": {"name": name, "arguments": '{"city": "Paris"}'}}]}}]})

    where = "$.choices[0].message.tool_calls[0]"
    _refused(lambda: toolwire.decode_all(completion(BAD_NAME, "call_1")), where + ".function.name", BAD_NAME,
             "Tool name")
    _refused(lambda: toolwire.decode_all(completion("get_weather", BAD_ID)), where + ".id", BAD_ID, "Id")
    assert toolwire.decode_all(completion("get_weather", "call_1"))[0].id == "call_1"


# --- tool definitions and tool results -------------------------------------------------


def tools(name: str) -> Dict[str, Any]:
    return {
        "openai.chat": ({"type": "function", "function": {"name": name, "description": "d", "parameters": P}},
                        "$.function.name"),
        "openai.responses": ({"type": "function", "name": name, "description": "d", "parameters": P,
                              "strict": True}, "$.name"),
        "anthropic.messages": ({"name": name, "description": "d", "input_schema": P}, "$.name"),
        "gemini": ({"name": name, "description": "d", "parameters": P}, "$.name"),
        "bedrock.converse": ({"toolSpec": {"name": name, "description": "d", "inputSchema": {"json": P}}},
                             "$.toolSpec.name"),
        "mistral": ({"type": "function", "function": {"name": name, "description": "d", "parameters": P}},
                    "$.function.name"),
        "cohere.v2": ({"type": "function", "function": {"name": name, "description": "d", "parameters": P}},
                      "$.function.name"),
        "ollama": ({"type": "function", "function": {"name": name, "description": "d", "parameters": P}},
                   "$.function.name"),
        "mcp": ({"name": name, "description": "d", "inputSchema": P}, "$.name"),
        "canonical": ({"name": name, "description": "d", "parameters": P}, "$.name"),
    }


def results(ident: str) -> Dict[str, Any]:
    return {
        "openai.chat": ({"role": "tool", "tool_call_id": ident, "content": "18C"}, "$.tool_call_id"),
        "openai.responses": ({"type": "function_call_output", "call_id": ident, "output": "18C"}, "$.call_id"),
        "anthropic.messages": ({"type": "tool_result", "tool_use_id": ident, "content": "18C"}, "$.tool_use_id"),
        "gemini": ({"functionResponse": {"id": ident, "name": "get_weather", "response": {"result": "18C"}}},
                   "$.functionResponse.id"),
        "bedrock.converse": ({"toolResult": {"toolUseId": ident, "content": [{"text": "18C"}], "status": "success"}},
                             "$.toolResult.toolUseId"),
        "mistral": ({"role": "tool", "tool_call_id": ident, "name": "get_weather", "content": "18C"},
                    "$.tool_call_id"),
        "cohere.v2": ({"role": "tool", "tool_call_id": ident, "content": "18C"}, "$.tool_call_id"),
        "ollama": ({"role": "tool", "tool_call_id": ident, "tool_name": "get_weather", "content": "18C"},
                   "$.tool_call_id"),
        "mcp": ({"jsonrpc": "2.0", "id": ident, "result": {"content": [{"type": "text", "text": "18C"}],
                                                           "isError": False}}, "$.id"),
        "canonical": ({"id": ident, "name": "get_weather", "content": "18C"}, "$.id"),
    }


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_tool_definition_name_is_refused_at_its_field(dialect: str) -> None:
    item, loc = tools(BAD_NAME)[dialect]
    _refused(lambda: toolwire.decode_tool(item, dialect), loc, BAD_NAME, "Tool name")
    assert toolwire.decode_tool(tools("get_weather")[dialect][0], dialect).name == "get_weather"


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_tool_result_id_is_refused_at_its_field(dialect: str) -> None:
    item, loc = results(BAD_ID)[dialect]
    _refused(lambda: toolwire.decode_result(item, dialect), loc, BAD_ID, "Id")
    assert toolwire.decode_result(results("call_1")[dialect][0], dialect).id == "call_1"


# --- streams -----------------------------------------------------------------------------


def streams(name: str, ident: str) -> Dict[str, List[Dict[str, Any]]]:
    """One streamed call of each streaming dialect (the name and id in its opening chunk)."""
    chat_like = [
        {"choices": [{"index": 0, "delta": {"role": "assistant", "tool_calls": [
            {"index": 0, "id": ident, "type": "function", "function": {"name": name, "arguments": ""}}]}}]},
        {"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": '{"city": '}}]}}]},
        {"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": '"Paris"}'}}]}}]},
        {"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]},
    ]
    item = {"type": "function_call", "id": "fc_1", "call_id": ident, "name": name, "arguments": ""}
    return {
        "openai.chat": chat_like,
        "mistral": [{"id": "c", "object": "chat.completion.chunk", "model": "mistral-large-latest", "choices": [
            {"index": 0, "delta": {"tool_calls": [{"id": ident, "function": {
                "name": name, "arguments": '{"city": "Paris"}'}, "index": 0}]}, "finish_reason": "tool_calls"}]}],
        "openai.responses": [
            {"type": "response.output_item.added", "output_index": 0, "item": {**item, "status": "in_progress"}},
            {"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": 0,
             "delta": '{"city": "Paris"}'},
            {"type": "response.function_call_arguments.done", "item_id": "fc_1", "output_index": 0,
             "arguments": '{"city": "Paris"}'},
            {"type": "response.output_item.done", "output_index": 0,
             "item": {**item, "arguments": '{"city": "Paris"}', "status": "completed"}},
        ],
        "anthropic.messages": [
            {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant",
                                                  "content": [], "model": "claude-sonnet-4-5", "stop_reason": None}},
            {"type": "content_block_start", "index": 0,
             "content_block": {"type": "tool_use", "id": ident, "name": name, "input": {}}},
            {"type": "content_block_delta", "index": 0,
             "delta": {"type": "input_json_delta", "partial_json": '{"city": "Paris"}'}},
            {"type": "content_block_stop", "index": 0},
            {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 9}},
            {"type": "message_stop"},
        ],
        "gemini": [{"candidates": [{"index": 0, "finishReason": "STOP", "content": {"role": "model", "parts": [
            {"functionCall": {"id": ident, "name": name, "args": {"city": "Paris"}}}]}}]}],
        "bedrock.converse": [
            {"messageStart": {"role": "assistant"}},
            {"contentBlockStart": {"contentBlockIndex": 0, "start": {"toolUse": {"toolUseId": ident, "name": name}}}},
            {"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"toolUse": {"input": '{"city": "Paris"}'}}}},
            {"contentBlockStop": {"contentBlockIndex": 0}},
            {"messageStop": {"stopReason": "tool_use"}},
        ],
        "cohere.v2": [
            {"type": "message-start", "id": "m1", "delta": {"message": {"role": "assistant"}}},
            {"type": "tool-call-start", "index": 0, "delta": {"message": {"tool_calls": {
                "id": ident, "type": "function", "function": {"name": name, "arguments": ""}}}}},
            {"type": "tool-call-delta", "index": 0,
             "delta": {"message": {"tool_calls": {"function": {"arguments": '{"city": "Paris"}'}}}}},
            {"type": "tool-call-end", "index": 0},
            {"type": "message-end", "delta": {"finish_reason": "TOOL_CALL"}},
        ],
        "ollama": [
            {"model": "llama3.1", "created_at": "2025-01-01T00:00:00Z", "message": {
                "role": "assistant", "content": "",
                "tool_calls": [{"id": ident, "function": {"name": name, "arguments": {"city": "Paris"}}}]},
             "done": False},
            {"model": "llama3.1", "created_at": "2025-01-01T00:00:01Z", "message": {"role": "assistant", "content": ""},
             "done": True, "done_reason": "stop"},
        ],
    }


STREAMS = sorted(streams("f", "c"))


@pytest.mark.parametrize(("dialect", "field"), [(d, f) for d in STREAMS for f in ("name", "id")])
def test_a_streamed_call_is_refused_at_its_field(dialect: str, field: str) -> None:
    name, ident = (BAD_NAME, "call_1") if field == "name" else ("get_weather", BAD_ID)
    loc = f"$.calls[0].{field}"
    what = "Tool name" if field == "name" else "Id"
    for named in (dialect, None):
        _refused(lambda n=named: accumulate(streams(name, ident)[dialect], n), loc,
                 name if field == "name" else ident, what)
    acc = toolwire.stream.Accumulator(dialect)
    with pytest.raises(DecodeError, match=MESSAGE):
        for chunk in streams(name, ident)[dialect]:
            acc.feed(chunk)
        acc.close()
    (call,) = accumulate(streams("get_weather", "call_1")[dialect], dialect)
    assert type(call) is ToolCall and (call.name, call.id, call.args) == ("get_weather", "call_1", {"city": "Paris"})


# --- histories -----------------------------------------------------------------------------


def histories(name: str, call_id: str, result_id: str) -> Dict[str, Any]:
    """A user turn, a call and its result, in each history dialect."""
    args = '{"city": "Paris"}'
    chat = [{"role": "user", "content": "Weather in Paris?"},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": call_id, "type": "function", "function": {"name": name, "arguments": args}}]},
            {"role": "tool", "tool_call_id": result_id, "content": "18C"}]
    return {
        "openai.chat": (chat, "$[1].tool_calls[0].function.name", "$[1].tool_calls[0].id", "$[2].tool_call_id"),
        "anthropic.messages": ([
            {"role": "user", "content": "Weather in Paris?"},
            {"role": "assistant", "content": [{"type": "tool_use", "id": call_id, "name": name,
                                               "input": {"city": "Paris"}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": result_id, "content": "18C"}]},
        ], "$[1].content[0].name", "$[1].content[0].id", "$[2].content[0].tool_use_id"),
        "gemini": ([
            {"role": "user", "parts": [{"text": "Weather in Paris?"}]},
            {"role": "model", "parts": [{"functionCall": {"id": call_id, "name": name, "args": {"city": "Paris"}}}]},
            {"role": "user", "parts": [{"functionResponse": {"id": result_id, "name": "get_weather",
                                                             "response": {"result": "18C"}}}]},
        ], "$[1].parts[0].functionCall.name", "$[1].parts[0].functionCall.id", "$[2].parts[0].functionResponse.id"),
        "bedrock.converse": ([
            {"role": "user", "content": [{"text": "Weather in Paris?"}]},
            {"role": "assistant", "content": [{"toolUse": {"toolUseId": call_id, "name": name,
                                                           "input": {"city": "Paris"}}}]},
            {"role": "user", "content": [{"toolResult": {"toolUseId": result_id, "content": [{"text": "18C"}]}}]},
        ], "$[1].content[0].toolUse.name", "$[1].content[0].toolUse.toolUseId",
            "$[2].content[0].toolResult.toolUseId"),
        "openai.responses": ([
            {"role": "user", "content": "Weather in Paris?"},
            {"type": "function_call", "call_id": call_id, "name": name, "arguments": args},
            {"type": "function_call_output", "call_id": result_id, "output": "18C"},
        ], "$[1].name", "$[1].call_id", "$[2].call_id"),
    }


@pytest.mark.parametrize("dialect", ["openai.chat", "anthropic.messages", "gemini", "bedrock.converse",
                                     "openai.responses"])
def test_a_history_is_refused_at_the_field(dialect: str) -> None:
    _, name_at, call_id_at, result_id_at = histories("f", "c", "c")[dialect]
    cases = [(histories(BAD_NAME, "call_1", "call_1"), name_at, BAD_NAME, "Tool name"),
             (histories("get_weather", BAD_ID, "call_1"), call_id_at, BAD_ID, "Id"),
             (histories("get_weather", "call_1", BAD_ID), result_id_at, BAD_ID, "Id")]
    for hist, loc, value, what in cases:
        for named in (dialect, None):
            _refused(lambda h=hist, n=named: toolwire.decode_conversation(h[dialect][0], n),
                     loc, value, what)
    conv = toolwire.decode_conversation(histories("get_weather", "call_1", "call_1")[dialect][0], dialect)
    assert conv


def test_a_history_call_with_broken_arguments_is_refused_for_its_id() -> None:
    hist = histories("get_weather", BAD_ID, "call_1")["openai.chat"][0]
    hist[1]["tool_calls"][0]["function"]["arguments"] = "{'city': "
    _refused(lambda: toolwire.decode_conversation(hist, "openai.chat"), "$[1].tool_calls[0].id", BAD_ID, "Id")


def test_a_legacy_function_call_beside_tool_calls_is_refused_for_its_name() -> None:
    """A deprecated ``function_call`` beside ``tool_calls`` that repeats none of them is
    kept as an invalid call in a history: one whose name UTF-8 cannot carry is refused."""
    hist = histories("get_weather", "call_1", "call_1")["openai.chat"][0]
    hist[1]["function_call"] = {"name": BAD_NAME, "arguments": "{}"}
    _refused(lambda: toolwire.decode_conversation(hist, "openai.chat"), "$[1].function_call.name", BAD_NAME,
             "Tool name")


# --- the text families: a bad name or id makes an invalid call, its text kept -------------


@pytest.mark.parametrize(("dialect", "text", "error"), [
    ("text.hermes", '<tool_call>{"name": "get_weather", "arguments": {}, "id": "call_\\ud800"}</tool_call>',
     "Id at $.tool_calls[0].id holds a lone UTF-16 surrogate no UTF-8 text can carry: 'call_\\ud800'"),
    ("text.mistral", '[TOOL_CALLS][{"name": "get_weather", "arguments": {}, "id": "abc\\ud800defg"}]',
     "Id at $.tool_calls[0].id holds a lone UTF-16 surrogate no UTF-8 text can carry: 'abc\\ud800defg'"),
    ("text.hermes", '<tool_call>{"name": "get_weather\\ud800", "arguments": {}}</tool_call>',
     "Tool call at $.tool_calls[0] has 'get_weather\\ud800' where its name should be: a tool name is an ASCII "
     "letter or '_' then ASCII letters, digits, '_', '-', '.', ':' or '/'"),
    ("text.kimi", "<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather\ud800:0"
                  "<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>",
     "Tool call at $.tool_calls[0] has 'get_weather\\ud800' where its name should be: a tool name is an ASCII "
     "letter or '_' then ASCII letters, digits, '_', '-', '.', ':' or '/'"),
])
def test_a_text_family_call_is_invalid_without_the_text(dialect: str, text: str, error: str) -> None:
    (call,) = decode_text(text, dialect).tool_calls
    assert type(call) is InvalidToolCall and call.error == error
    assert call.name is None or call.name.isascii()
    assert call.id is None and call.raw
