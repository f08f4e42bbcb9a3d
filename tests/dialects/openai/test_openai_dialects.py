"""OpenAI Chat Completions and Responses specifics (wire-formats.md §1, §2)."""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire import DecodeError, ToolCall

CALL = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}


def test_assistant_message_with_null_content() -> None:
    # a tool-only assistant message as the API returns it (content null)
    msg = {"role": "assistant", "content": None, "tool_calls": [CALL, dict(CALL, id="call_2")]}
    assert [c.id for c in toolwire.decode_all(msg)] == ["call_1", "call_2"]
    assert toolwire.detect(msg) == "openai.chat"


def test_type_missing_and_reencoded_without_it() -> None:
    item = {"id": "call_1", "function": {"name": "f", "arguments": "{}"}}
    call = toolwire.decode(item)
    assert call == ToolCall(name="f", id="call_1")
    assert toolwire.encode(call, "openai.chat") == item


def test_empty_string_id_is_no_id_but_reencodes_losslessly() -> None:
    # Gemini's OpenAI-compatible endpoint returns "id": ""
    item = {"id": "", "type": "function", "function": {"name": "now", "arguments": "{}"}}
    call = toolwire.decode(item)
    assert call.id is None
    assert toolwire.encode(call, "openai.chat") == item
    # to another dialect, a stable id is synthesized where the target needs one
    assert toolwire.encode(call, "openai.responses")["call_id"].startswith("call_")


def test_missing_arguments_key() -> None:
    # OpenRouter -> Claude omits "arguments" for a no-argument call
    item = {"id": "toolu_1", "type": "function", "function": {"name": "now"}}
    call = toolwire.decode(item)
    assert call.args == {} and call.repairs == ("empty-arguments",)
    # re-encoded with "{}": servers that parse the history refuse a missing key (#15)
    assert toolwire.encode(call, "openai.chat") == dict(item, function={"name": "now", "arguments": "{}"})


def test_legacy_function_call_message() -> None:
    msg = {"role": "assistant", "content": None, "function_call": {"name": "f", "arguments": '{"x": 2}'}}
    (call,) = toolwire.decode_all(msg)
    assert call == ToolCall(name="f", args={"x": 2}, id=None)
    assert toolwire.encode(call, "openai.chat") == msg["function_call"]


@pytest.mark.parametrize("fc", [{"name": "now"}, {"name": "now", "arguments": None}])
def test_legacy_function_call_without_arguments(fc: Dict[str, Any]) -> None:
    """Empty arguments, as for a tool call; it read as "matches no known dialect"."""
    msg = {"role": "assistant", "content": None, "function_call": fc}
    for dialect in (None, "openai.chat"):
        (call,) = toolwire.decode_all(msg, dialect)
        assert (call.name, call.args, call.id, call.repairs) == ("now", {}, None, ("empty-arguments",))
    with pytest.raises(toolwire.ArgumentsError, match="cut off"):
        toolwire.decode_all({"choices": [{"index": 0, "message": msg, "finish_reason": "length"}]})


# LangChain keeps a legacy call in ``AIMessage.additional_kwargs`` as the message's
# ``function_call`` alone (OAI-PY ``chat_completion_message.py`` ``FunctionCall``:
# ``{name, arguments: JSON string}``); a ``ChoiceDelta.model_dump()`` gives it beside nulls
LEGACY_KWARGS = {"function_call": {"arguments": '{"city": "Paris"}', "name": "get_weather"}}


@pytest.mark.parametrize("payload", [
    LEGACY_KWARGS,
    {"content": None, "function_call": LEGACY_KWARGS["function_call"], "refusal": None, "role": None,
     "tool_calls": None},
], ids=["additional_kwargs", "delta-dump"])
def test_a_legacy_function_call_alone_is_chat_s(payload: Dict[str, Any]) -> None:
    import openai.types.chat.chat_completion_chunk as chunk
    import openai.types.chat.chat_completion_message as ccm

    ccm.FunctionCall.model_validate(payload["function_call"])
    if "refusal" in payload:
        chunk.ChoiceDelta.model_validate(payload)
    assert toolwire.detect(payload) == "openai.chat"
    want = [ToolCall("get_weather", {"city": "Paris"}, None)]
    assert toolwire.decode_all(payload) == want
    assert toolwire.decode_all(payload, "openai.chat") == want
    assert toolwire.decode(payload, "openai.chat") == want[0]
    assert toolwire.decode(payload).repairs == ()
    assert toolwire.encode(toolwire.decode(payload), "openai.chat") == payload["function_call"]


def test_dummy_function_call_next_to_tool_calls_is_ignored() -> None:
    # Snowflake Cortex sends an all-empty function_call and custom beside real tool_calls
    msg = {
        "role": "assistant",
        "content": "",
        "function_call": {"arguments": "", "name": ""},
        "tool_calls": [dict(CALL, custom={"input": "", "name": ""})],
    }
    calls = toolwire.decode_all(msg)
    assert calls == [ToolCall(name="f", args={"a": 1}, id="call_1")]
    assert toolwire.encode(calls[0], "openai.chat") == msg["tool_calls"][0]


def test_custom_tool_call_round_trip() -> None:
    item = {"id": "call_9", "type": "custom", "custom": {"name": "sql", "input": "SELECT 1"}}
    call = toolwire.decode(item)
    assert call.args == {"input": "SELECT 1"}
    assert toolwire.encode(call, "openai.chat") == item
    out = toolwire.encode(call, "openai.responses")
    assert out == {"type": "custom_tool_call", "call_id": "call_9", "name": "sql", "input": "SELECT 1"}


def test_responses_item_keeps_item_id_and_status() -> None:
    item = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": "{}", "status": "completed"}
    call = toolwire.decode(item)
    assert call.id == "call_1"
    assert call.provider_data["openai.responses"] == {"id": "fc_1", "status": "completed"}
    assert toolwire.encode(call, "openai.responses") == item
    # to Chat, the canonical id (call_id) is used, never the fc_ item id (crewAI #6657)
    assert toolwire.encode(call, "openai.chat")["id"] == "call_1"


def test_chat_item_given_as_responses_names_what_it_looks_like() -> None:
    with pytest.raises(toolwire.DecodeError) as info:
        toolwire.decode(CALL, "openai.responses")
    assert str(info.value).startswith("Input at $ is not an openai.responses payload: it looks like openai.chat")


def test_responses_item_given_as_chat_names_what_it_looks_like() -> None:
    item = {"type": "function_call", "call_id": "c", "name": "f", "arguments": "{}"}
    with pytest.raises(toolwire.DecodeError, match=r"looks like openai\.responses"):
        toolwire.decode(item, "openai.chat")


def test_tool_definition_shapes_differ_between_chat_and_responses() -> None:
    # DSPy #9943: Chat-shaped tools sent to Responses -> "Missing required parameter: 'tools[0].name'"
    chat_tool = {"type": "function", "function": {"name": "f", "description": "d", "parameters": {"type": "object"}}}
    tool = toolwire.decode_tool(chat_tool)
    assert toolwire.encode_tool(tool, "openai.responses") == {
        "type": "function",
        "name": "f",
        "description": "d",
        "parameters": {"type": "object"},
        "strict": False,  # Chat's default: Responses would read an omitted strict as "strict when compatible"
    }
    assert toolwire.encode_tool(toolwire.decode_tool(toolwire.encode_tool(tool, "openai.responses")), "openai.chat") == \
        {**chat_tool, "function": {**chat_tool["function"], "strict": False}}


def test_results() -> None:
    chat = {"role": "tool", "tool_call_id": "call_1", "content": "22C"}
    result = toolwire.decode_result(chat)
    assert (result.id, result.content) == ("call_1", "22C")
    assert toolwire.encode_result(result, "openai.chat") == chat
    assert toolwire.encode_result(result, "openai.responses") == {
        "type": "function_call_output",
        "call_id": "call_1",
        "output": "22C",
    }


def test_ids_over_40_chars_are_mapped_for_chat_not_truncated() -> None:
    # vercel/ai #8132, autogen #6377: OpenAI rejects ids longer than 40
    long_id = "ws_" + "x" * 48
    call = ToolCall(name="f", args={}, id=long_id)
    out = toolwire.encode(call, "openai.chat")["id"]
    assert len(out) <= 40 and out != long_id[:40]
    assert toolwire.encode(call, "openai.chat")["id"] == out  # deterministic
    assert toolwire.encode(call, "openai.responses")["call_id"] == long_id  # valid there (<= 64)


def test_tool_only_assistant_message_is_one_call_for_decode() -> None:
    msg = {"role": "assistant", "content": None, "tool_calls": [CALL]}
    assert toolwire.decode(msg) == ToolCall(name="f", args={"a": 1}, id="call_1")
    with pytest.raises(toolwire.DecodeError, match="holds 2 tool calls, not one"):
        toolwire.decode(dict(msg, tool_calls=[CALL, CALL]))


def test_vague_values_decode_to_nothing() -> None:
    for vague in (None, "", "null", [], {}, "[]", "{}"):
        assert toolwire.decode_all(vague) == []
    assert toolwire.decode_all({"tool_calls": []}) == []


def test_result_given_to_decode_all_is_an_error() -> None:
    with pytest.raises(toolwire.DecodeError, match="is an openai.chat tool result, not tool calls"):
        toolwire.decode_all({"role": "tool", "tool_call_id": "c", "content": "x"})


def test_synthesized_ids_fit_openai_limit() -> None:
    # litellm #11392: a synthesized id of 41 characters broke OpenAI's 40 limit
    call = ToolCall(name="a" * 64, args={"x": "y" * 100})
    out = toolwire.encode(call, "openai.chat")["id"]
    assert len(out) <= 40 and out.startswith("call_")
    assert toolwire.encode(call, "openai.chat")["id"] == out  # stable, not random


def test_invalid_call_in_history_reencodes_with_its_text() -> None:
    # pydantic-ai #4430: re-encoding a malformed previous call must not crash; #15: the
    # model sees the text it sent, never a made-up {} (tests/test_invalid_calls_encoded.py)
    (bad,) = toolwire.decode_all([dict(CALL, function={"name": "f", "arguments": "{oops"})], invalid="keep")
    assert isinstance(bad, toolwire.InvalidToolCall)
    out = toolwire.encode(bad, "openai.chat")
    assert out == {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{oops"}}


def test_a_legacy_function_call_beside_tool_calls_it_does_not_repeat_is_invalid() -> None:
    # never a second call to run, never dropped (the mirror of a call is: test_chat_function_call_mirror)
    item = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
    msg = {"role": "assistant", "content": None, "tool_calls": [item], "function_call": {"name": "g", "arguments": "{}"}}
    for payload in (msg, {"choices": [{"message": msg}]}):
        with pytest.raises(DecodeError, match="repeats none of the tool_calls beside it"):
            toolwire.decode_all(payload)
        for kw in ({}, {"repair": True}):
            out = toolwire.decode_all(payload, invalid="keep", **kw)
            assert [(type(c).__name__, c.name, c.id) for c in out] == [("ToolCall", "f", "call_1"),
                                                                      ("InvalidToolCall", "g", None)]


# Tool search (https://developers.openai.com/api/docs/guides/tools-tool-search): the
# input items of a Responses request that searched for a deferred tool, then called it
WEATHER = {
    "type": "function",
    "name": "get_weather",
    "description": "Get the weather for a city.",
    "defer_loading": True,
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    "strict": True,
}
HOSTED_SEARCH = {
    "type": "tool_search_call",
    "id": "tsc_0a1b2c",
    "execution": "server",
    "call_id": None,
    "status": "completed",
    "arguments": {"queries": ["weather"]},
}
CLIENT_SEARCH = {
    "type": "tool_search_call",
    "call_id": "call_search_1",
    "execution": "client",
    "status": "completed",
    "arguments": {"query": "weather"},
}
ADDITIONAL_TOOLS = {"type": "additional_tools", "role": "developer", "tools": [dict(WEATHER, defer_loading=False)]}
WEATHER_CALL = {
    "type": "function_call",
    "id": "fc_0a1b2d",
    "call_id": "call_w1",
    "name": "get_weather",
    "namespace": "get_weather",
    "arguments": '{"city":"Paris"}',
}


def _search_request(search: dict) -> dict:
    output = {
        "type": "tool_search_output",
        "call_id": search["call_id"],
        "execution": search["execution"],
        "status": "completed",
        "tools": [WEATHER],
    }
    return {
        "model": "gpt-5.4",
        "tools": [{"type": "tool_search"}, WEATHER],
        "input": [
            {"role": "user", "content": "Weather in Paris?"},
            search,
            output,
            WEATHER_CALL,
            {"type": "function_call_output", "call_id": "call_w1", "output": "sunny"},
            ADDITIONAL_TOOLS,
        ],
    }


@pytest.mark.parametrize("dialect", [None, "openai.responses"])
def test_additional_tools_and_tool_search_items_are_responses_items_without_calls(dialect: object) -> None:
    request = _search_request(HOSTED_SEARCH)
    assert toolwire.explain(ADDITIONAL_TOOLS)[:2] == ("openai.responses", "other")
    assert toolwire.explain(request["input"][2])[:2] == ("openai.responses", "other")  # tool_search_output
    calls = toolwire.decode_all(request, dialect)
    assert calls == [ToolCall(name="get_weather", args={"city": "Paris"}, id="call_w1")]
    assert toolwire.encode(calls[0], "openai.responses") == WEATHER_CALL  # namespace and item id kept
    every = toolwire.decode_all(request, dialect, include_server=True)
    assert [(c.name, c.args, c.id, c.server) for c in every] == [
        ("tool_search", {"queries": ["weather"]}, "tsc_0a1b2c", True),
        ("get_weather", {"city": "Paris"}, "call_w1", False),
    ]
    assert toolwire.encode(every[0], "openai.responses") == HOSTED_SEARCH
    with pytest.raises(toolwire.DecodeError, match="openai.responses item without tool calls"):
        toolwire.decode(ADDITIONAL_TOOLS, dialect)


@pytest.mark.parametrize("dialect", [None, "openai.responses"])
def test_client_tool_search_call_is_neither_a_call_nor_a_server_call(dialect: object) -> None:
    # a search the client ran ("execution": "client"), as a history replays it
    request = _search_request(CLIENT_SEARCH)
    assert toolwire.explain(CLIENT_SEARCH)[:2] == ("openai.responses", "other")
    every = toolwire.decode_all(request, dialect, include_server=True)
    assert [(c.id, c.server) for c in every] == [("call_w1", False)]
    with pytest.raises(toolwire.DecodeError, match="item without tool calls"):
        toolwire.decode(CLIENT_SEARCH, dialect)


def test_client_tool_search_call_in_a_stream_is_no_server_call() -> None:
    from toolwire.stream import accumulate

    def done(i: int, item: dict) -> dict:
        return {"type": "response.output_item.done", "output_index": i, "item": item}

    events = [
        {"type": "response.created", "response": {"status": "in_progress"}},
        done(0, CLIENT_SEARCH),
        done(1, HOSTED_SEARCH),
        {"type": "response.completed", "response": {"status": "completed"}},
    ]
    calls = accumulate(events, include_server=True)
    assert [(c.id, c.server) for c in calls] == [("tsc_0a1b2c", True)]


def test_tool_result_text_part_with_cache_control_reencodes_exactly() -> None:
    # OpenRouter prompt caching (https://openrouter.ai/docs/features/prompt-caching):
    # cache_control on a text part of a tool message
    cache = {"type": "ephemeral", "ttl": "5m"}
    part = {"type": "text", "text": "56088", "cache_control": cache}
    item = {"role": "tool", "tool_call_id": "toolu_01", "content": [part, {"type": "text", "text": "ok"}]}
    result = toolwire.decode_result(item)
    assert result.content == [{"type": "text", "text": "56088"}, {"type": "text", "text": "ok"}]
    assert result.provider_data["openai.chat"] == {"part_extra": [{"cache_control": cache}, {}]}
    assert toolwire.encode_result(result, "openai.chat") == item
    # it belongs to this dialect: not written to another
    out = toolwire.encode_result(result, "openai.responses")
    assert out["output"] == [{"type": "input_text", "text": "56088"}, {"type": "input_text", "text": "ok"}]
    legacy = {"role": "function", "name": "calc", "content": [part]}
    assert toolwire.encode_result(toolwire.decode_result(legacy), "openai.chat") == legacy


def test_tool_result_part_that_is_not_an_object_is_a_decode_error() -> None:
    with pytest.raises(toolwire.DecodeError, match=r"Expected a content part at \$\.content\[1\], got int 7"):
        toolwire.decode_result({"role": "tool", "tool_call_id": "c", "content": [{"type": "text", "text": "a"}, 7]})
