"""Provider-run calls in OpenAI-compatible Chat replies: GLM-4-AllTools' tool items in
``tool_calls`` and Groq's ``executed_tools`` are server calls (``include_server=True``),
their sibling function calls kept; other item types stay refused.

Literals from the providers' documents and SDK types (no SDK is a test dependency):
- Zhipu https://maas.aminer.cn/dev/howuse/glm4-toolkit (the stream chunks printed there:
  ``ChoiceDeltaToolCall(index=None, id='call_87601986062581749962', function=None,
  type='code_interpreter', code_interpreter={'input': ' the'})``) and the zhipuai SDK's
  ``types/assistant/message/tools`` (``CodeInterpreter{input, outputs[{type, logs, error_msg}]}``,
  ``WebBrowser{input, outputs[{title, link, content, error_msg}]}``, ``DrawingTool{input,
  outputs[{image}]}``); ``ChatCompletionChunk.extra_json``.
- groq SDK ``types/chat/chat_completion_message.py``: ``ExecutedTool{arguments: str, index: int,
  type: str, output, search_results{results[{title, url, content, score}]}}``, and
  ``ChoiceDelta.executed_tools`` in ``chat_completion_chunk.py``.
"""

from __future__ import annotations

import sys
from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import stream

GLM_CODE = {"id": "call_87601986062581749962", "type": "code_interpreter",
            "code_interpreter": {"input": "print(sum([100, 200, 300, 400, 500]))"}}
GLM_CODE_OUT = {"type": "code_interpreter",
                "code_interpreter": {"outputs": [{"type": "logs", "logs": "1500", "error_msg": ""}]}}
GLM_BROWSE = {"id": "call_8760198606258174997", "type": "web_browser",
              "web_browser": {"input": "Shanghai weather Sunday",
                              "outputs": [{"title": "Shanghai", "link": "https://example.com/sh", "content": "Sunny",
                                           "error_msg": ""}]}}
GLM_DRAW = {"id": "call_8760198606258174998", "type": "drawing_tool",
            "drawing_tool": {"input": "a poster of the Bund", "outputs": [{"image": "https://example.com/a.png"}]}}
GLM_SEARCH = {"id": "call_8760198606258174999", "type": "web_search", "web_search": {"input": "GLM-4"}}
FUNCTION = {"id": "call_8760198606258175000", "type": "function",
            "function": {"name": "get_weather", "arguments": "{\"city\": \"Shanghai\", \"date\": \"Sunday\"}"}}


def _glm_reply(*items: Dict[str, Any]) -> Dict[str, Any]:
    return {"id": "8760198606258174996", "created": 1718687730, "model": "glm-4-alltools",
            "choices": [{"index": 0, "finish_reason": "tool_calls",
                         "message": {"role": "assistant", "content": None, "tool_calls": list(items)}}],
            "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20}}


WEATHER = toolwire.ToolCall("get_weather", {"city": "Shanghai", "date": "Sunday"}, "call_8760198606258175000")


def test_glm_server_items_keep_the_function_call() -> None:
    reply = _glm_reply(GLM_CODE, GLM_CODE_OUT, GLM_BROWSE, GLM_DRAW, GLM_SEARCH, FUNCTION)
    assert toolwire.decode_all(reply) == [WEATHER]
    calls = toolwire.decode_all(reply, include_server=True)
    assert [(c.name, c.id, c.server) for c in calls] == [
        ("code_interpreter", "call_87601986062581749962", True), ("code_interpreter", None, True),
        ("web_browser", "call_8760198606258174997", True), ("drawing_tool", "call_8760198606258174998", True),
        ("web_search", "call_8760198606258174999", True), ("get_weather", "call_8760198606258175000", False)]
    assert calls[0].args == {"input": "print(sum([100, 200, 300, 400, 500]))"}
    assert calls[1].args == {"outputs": [{"type": "logs", "logs": "1500", "error_msg": ""}]}
    assert calls[2].args == GLM_BROWSE["web_browser"]
    assert calls[5] == WEATHER


def test_glm_server_items_written_back_as_received() -> None:
    for item in (GLM_CODE, GLM_CODE_OUT, GLM_BROWSE, GLM_DRAW):
        (call,) = toolwire.decode_all(_glm_reply(item), include_server=True)
        assert toolwire.encode(call, "openai.chat") == item
        assert toolwire.detect(item) == "openai.chat"


@pytest.mark.parametrize("item", [
    # a request's tool definition in tool_calls (no input, no outputs): not a call of GLM's
    {"type": "code_interpreter", "code_interpreter": {"sandbox": "auto"}},
    {"id": "call_1", "type": "web_search", "web_search": {"enable": True}},
    # a type GLM does not run: may be the client's call
    {"id": "call_1", "type": "retrieval_tool", "retrieval_tool": {"input": "x"}},
])
def test_other_items_stay_refused(item: Dict[str, Any]) -> None:
    reply = _glm_reply(item, FUNCTION)
    with pytest.raises(toolwire.DecodeError):
        toolwire.decode_all(reply, include_server=True)
    kept = toolwire.decode_all(reply, invalid="keep")
    assert isinstance(kept[0], toolwire.InvalidToolCall) and kept[1] == WEATHER


GROQ_SEARCH = {"index": 0, "type": "search", "arguments": "{\"query\": \"weather in Paris today\"}",
               "output": "Title: Paris weather\nURL: https://example.com/paris\nContent: 21C",
               "search_results": {"results": [{"title": "Paris weather", "url": "https://example.com/paris",
                                               "content": "21C", "score": 0.91}]}}


def _groq_reply(message: Dict[str, Any], finish: str = "stop") -> Dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 1755000000, "model": "groq/compound",
            "choices": [{"index": 0, "finish_reason": finish, "message": {"role": "assistant", **message}}]}


def test_groq_executed_tools_are_server_calls() -> None:
    reply = _groq_reply({"content": "It is 21C in Paris.", "executed_tools": [GROQ_SEARCH]})
    assert toolwire.decode_all(reply) == []
    (call,) = toolwire.decode_all(reply, include_server=True)
    assert (call.name, call.args, call.id, call.server) == ("search", {"query": "weather in Paris today"}, None, True)
    with pytest.raises(toolwire.EncodeError, match="executed_tools"):
        toolwire.encode(call, "openai.chat")
    beside = _groq_reply({"content": None, "executed_tools": [GROQ_SEARCH],
                          "tool_calls": [FUNCTION]}, "tool_calls")
    assert toolwire.decode_all(beside) == [WEATHER]
    assert [c.name for c in toolwire.decode_all(beside, include_server=True)] == ["get_weather", "search"]


def _chunk(delta: Dict[str, Any], finish: Any = None) -> Dict[str, Any]:
    return {"id": "8760198606258174996", "created": 1718687730, "model": "glm-4-alltools", "usage": None,
            "extra_json": None, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def _piece(text: str) -> Dict[str, Any]:
    return {"index": None, "id": "call_87601986062581749962", "function": None, "type": "code_interpreter",
            "code_interpreter": {"input": text}}


def _glm_stream(pieces: List[str]) -> List[Dict[str, Any]]:
    chunks = [_chunk({"content": None, "role": "assistant", "tool_calls": [_piece(p)]}) for p in pieces]
    out = {"index": None, "id": "call_87601986062581749962", "function": None, "type": "code_interpreter",
           "code_interpreter": {"outputs": [{"type": "logs", "logs": "1500", "error_msg": ""}]}}
    chunks.append(_chunk({"role": "assistant", "tool_calls": [out]}))
    chunks.append(_chunk({"role": "assistant", "tool_calls": [dict(FUNCTION, index=0)]}))
    chunks.append(_chunk({"role": "assistant", "content": ""}, "tool_calls"))
    return chunks


def test_glm_stream_server_call() -> None:
    chunks = _glm_stream([" the", " chart"])
    assert stream.accumulate(chunks) == [WEATHER]
    server, weather = stream.accumulate(chunks, include_server=True)
    assert weather == WEATHER
    assert (server.name, server.id, server.server) == ("code_interpreter", "call_87601986062581749962", True)
    assert server.args == {"input": " the chart", "outputs": [{"type": "logs", "logs": "1500", "error_msg": ""}]}


def test_groq_stream_executed_tools() -> None:
    started = {k: v for k, v in GROQ_SEARCH.items() if k in ("index", "type", "arguments")}
    chunks = [{"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "groq/compound",
               "choices": [{"index": 0, "delta": {"role": "assistant", "executed_tools": [item]},
                            "finish_reason": None}]} for item in (started, GROQ_SEARCH)]
    chunks.append({"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "groq/compound",
                   "choices": [{"index": 0, "delta": {"content": "21C"}, "finish_reason": "stop"}]})
    assert stream.accumulate(chunks) == []
    (call,) = stream.accumulate(chunks, include_server=True)
    assert (call.name, call.args, call.server) == ("search", {"query": "weather in Paris today"}, True)


def _count_calls(chunks: List[Dict[str, Any]]) -> int:
    n = 0

    def prof(frame: Any, event: str, arg: Any) -> None:
        nonlocal n
        if event == "call":
            n += 1

    sys.setprofile(prof)
    try:
        stream.accumulate(chunks, include_server=True)
    finally:
        sys.setprofile(None)
    return n


def test_glm_stream_linear() -> None:
    small = _count_calls(_glm_stream(["x"] * 200))
    big = _count_calls(_glm_stream(["x"] * 800))
    assert 3.5 < big / small < 4.5


def test_groq_item_with_a_field_added_later_is_still_a_server_call() -> None:
    later = dict(GROQ_SEARCH, live_view_url="https://example.com/live")
    (call,) = toolwire.decode_all(_groq_reply({"content": "21C", "executed_tools": [later]}), include_server=True)
    assert (call.name, call.server) == ("search", True)
    named = dict(GROQ_SEARCH, name="get_weather")  # names a call: not guessed whose it is
    with pytest.raises(toolwire.DecodeError):
        toolwire.decode_all(_groq_reply({"content": "21C", "executed_tools": [named]}))
