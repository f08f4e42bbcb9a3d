"""Where provider-run Chat calls are read (``chat_server``), review revSv: a Groq
``executed_tools`` item only there (never a flat item in ``tool_calls``, never bare, never
for Ollama, Cohere or Mistral, never on a tool message); an index-less argument piece goes
to the client's call before a GLM-4-AllTools piece; GLM items in histories are kept as
``Other`` parts; a whole reply's GLM items of one id are one call, as in a stream.

Literals: the reviewers' reproducers, the groq SDK's ``ExecutedTool{index, type,
arguments}`` and Zhipu's https://maas.aminer.cn/dev/howuse/glm4-toolkit chunks
(``ChoiceDeltaToolCall(index=None, id='call_…', function=None, type='code_interpreter',
code_interpreter={'input': …})``).
"""

from __future__ import annotations

import collections
import types
from typing import Any, Dict, List

import pytest

import toolwire
from lines_run import calls_made
from toolwire import stream
from toolwire.conversation import Conversation, Message, Text

FLAT = {"index": 0, "type": "function", "arguments": "{\"city\": \"Paris\"}"}
GROQ = {"index": 0, "type": "search", "arguments": "{\"query\": \"x\"}", "output": "o"}
GLM_CODE = {"id": "call_876", "type": "code_interpreter", "code_interpreter": {"input": "print(1)"}}
GLM_OUT = {"id": "call_876", "type": "code_interpreter",
           "code_interpreter": {"outputs": [{"type": "logs", "logs": "1"}]}}
FN = {"id": "call_fn1", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\": \"SH\"}"}}


def test_a_flat_item_in_tool_calls_is_no_groq_item() -> None:
    msg = {"role": "assistant", "content": None, "tool_calls": [FLAT]}
    for srv in (False, True):
        with pytest.raises(toolwire.DecodeError):
            toolwire.decode_all(msg, include_server=srv)
    (kept,) = toolwire.decode_all(msg, include_server=True, invalid="keep")
    assert isinstance(kept, toolwire.InvalidToolCall)


@pytest.mark.parametrize("item", [FLAT, GROQ])
def test_a_bare_flat_item_is_not_read(item: Dict[str, Any]) -> None:
    with pytest.raises(toolwire.DecodeError, match="no known dialect"):
        toolwire.decode(item)
    with pytest.raises(toolwire.DecodeError):
        toolwire.detect(item)


@pytest.mark.parametrize("dialect", ["ollama", "cohere.v2", "mistral"])
def test_executed_tools_are_read_by_openai_chat_only(dialect: str) -> None:
    msg = {"role": "assistant", "content": "hi", "tool_calls": [{"function": {"name": "f", "arguments": {}}}],
           "executed_tools": [{"index": 0, "type": "search", "arguments": "{}"}]}
    assert [c.name for c in toolwire.decode_all(msg, dialect, include_server=True)] == ["f"]


def test_a_tool_message_with_executed_tools_is_a_result() -> None:
    msg = {"role": "tool", "tool_call_id": "call_1", "content": "sunny",
           "executed_tools": [{"index": 0, "type": "search", "arguments": "{}"}]}
    with pytest.raises(toolwire.DecodeError, match="tool result"):
        toolwire.decode_all(msg, include_server=True)


def _ch(delta: Dict[str, Any], finish: Any = None) -> Dict[str, Any]:
    return {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def test_an_index_less_piece_after_a_glm_piece_is_the_function_calls() -> None:
    chunks = [
        _ch({"tool_calls": [{"id": "call_f1", "type": "function", "function": {"name": "f", "arguments": "{\"a\":"}}]}),
        _ch({"tool_calls": [{"index": None, "id": "call_g1", "function": None, "type": "code_interpreter",
                             "code_interpreter": {"input": "print(1)"}}]}),
        _ch({"tool_calls": [{"function": {"arguments": "1}"}}]}),
        _ch({"content": ""}, "tool_calls")]
    assert stream.accumulate(chunks) == [toolwire.ToolCall("f", {"a": 1}, "call_f1")]
    calls = stream.accumulate(chunks, include_server=True)
    assert [(c.name, c.args) for c in calls] == [("f", {"a": 1}), ("code_interpreter", {"input": "print(1)"})]


def _hist(*items: Dict[str, Any]) -> Dict[str, Any]:
    return {"model": "glm-4-alltools", "messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": None, "tool_calls": list(items)},
        {"role": "tool", "tool_call_id": "call_fn1", "content": "sunny"},
        {"role": "user", "content": "thanks"}]}


def test_glm_items_in_histories_are_other_parts() -> None:
    no_id = {"type": "code_interpreter", "code_interpreter": {"outputs": [{"type": "logs", "logs": "1"}]}}
    h = _hist(GLM_CODE, no_id, FN)
    conv = toolwire.decode_conversation(h)
    parts = conv.messages[1].parts
    assert [type(p).__name__ for p in parts] == ["Other", "Other", "ToolCall"]
    assert toolwire.check_conversation(h) == []
    assert toolwire.encode_conversation(h, "openai.chat") == {"messages": h["messages"]}
    fixed, _ = toolwire.fix_conversation(h, "openai.chat")
    assert [type(p).__name__ for m in fixed.messages for p in m.parts].count("ToolResult") == 1
    # written fresh (a text added): the GLM items go back among the tool_calls, not into the content
    said = Message("assistant", (Text("I ran it"),) + parts)
    fresh = toolwire.encode_conversation(Conversation((conv.messages[0], said, *conv.messages[2:])), "openai.chat")
    assert fresh["messages"][1] == {"role": "assistant", "content": "I ran it", "tool_calls": [GLM_CODE, no_id, FN]}
    for target in ("anthropic.messages", "openai.responses", "gemini", "mistral"):
        report: List[Any] = []
        toolwire.encode_conversation(h, target, report=report)
        assert [p.kind for p in report if "code_interpreter" in p.message] == ["dropped", "dropped"], target


def _reply(*items: Dict[str, Any]) -> Dict[str, Any]:
    return {"id": "1", "created": 1, "model": "glm-4-alltools", "choices": [{"index": 0, "finish_reason": "stop",
            "message": {"role": "assistant", "content": None, "tool_calls": list(items)}}]}


def test_a_whole_replys_glm_items_of_one_id_are_one_call_as_streamed() -> None:
    (whole,) = toolwire.decode_all(_reply(GLM_CODE, GLM_OUT), include_server=True)
    chunks = [_ch({"tool_calls": [dict(i, index=None, function=None)]}) for i in (GLM_CODE, GLM_OUT)]
    (streamed,) = stream.accumulate(chunks + [_ch({"content": ""}, "stop")], include_server=True)
    assert whole.args == streamed.args == {"input": "print(1)", "outputs": [{"type": "logs", "logs": "1"}]}
    assert whole.id == streamed.id == "call_876"
    assert toolwire.encode(whole, "openai.chat") == toolwire.encode(streamed, "openai.chat")


@pytest.mark.parametrize("body", [{"input": 1}, {"input": ["print(1)"]}, {"outputs": "1500"}])
def test_non_text_input_is_refused_both_ways(body: Dict[str, Any]) -> None:
    item = {"id": "call_876", "type": "code_interpreter", "code_interpreter": body}
    with pytest.raises(toolwire.DecodeError):
        toolwire.decode_all(_reply(item), include_server=True)
    (kept,) = toolwire.decode_all(_reply(item), include_server=True, invalid="keep")
    assert (type(kept), kept.name, kept.id) == (toolwire.InvalidToolCall, "code_interpreter", "call_876")
    chunks = [_ch({"tool_calls": [dict(item, index=None, function=None)]}), _ch({"content": ""}, "stop")]
    (got,) = stream.accumulate(chunks, include_server=True)
    assert isinstance(got, toolwire.InvalidToolCall)


def test_merging_glm_items_of_one_id_is_linear() -> None:
    def reply(n: int) -> Dict[str, Any]:
        pieces = [{"id": "call_876", "type": "code_interpreter", "code_interpreter": {"input": "x" * 50}}
                  for _ in range(n)]
        return _reply(*pieces, GLM_OUT)
    small, big = (calls_made(lambda: toolwire.decode_all(reply(300), include_server=True)),
                  calls_made(lambda: toolwire.decode_all(reply(1200), include_server=True)))
    assert 3.5 < big / small < 4.5
    (call,) = toolwire.decode_all(reply(3), include_server=True)
    assert call.args == {"input": "x" * 150, "outputs": [{"type": "logs", "logs": "1"}]}


@pytest.mark.parametrize("item", ["s", None, [], [1], True, 1.5])
@pytest.mark.parametrize("dialect", [None, "openai.chat"])
def test_an_executed_tools_item_not_an_object_is_refused_as_itself(item: Any, dialect: Any) -> None:
    # review revSv2: the private wrapper of an executed_tools item showed in the message
    # ("matches no known dialect: {<executed_tools item>: 's'}")
    reply = {"choices": [{"index": 0, "message": {"role": "assistant", "content": "hi", "executed_tools": [item]},
                          "finish_reason": "stop"}]}
    with pytest.raises(toolwire.DecodeError) as info:
        toolwire.decode_all(reply, dialect, include_server=True)
    assert "executed_tools item" in str(info.value) and "<" not in str(info.value)
    assert info.value.loc == "$.choices[0].message.executed_tools[0]"


@pytest.mark.parametrize("server", [False, True])
@pytest.mark.parametrize("kind", [collections.OrderedDict, types.MappingProxyType])
def test_an_executed_tools_item_of_another_mapping_type_reads_as_a_dict(kind: Any, server: bool) -> None:
    # review revL: an OrderedDict or mappingproxy item in a plain-dict payload was refused
    # ("is not a Groq executed_tools item") where a plain dict gave [] (or its server call)
    def reply(item: Any) -> Dict[str, Any]:
        return {"choices": [{"index": 0, "message": {"role": "assistant", "content": "hi", "executed_tools": [item]},
                             "finish_reason": "stop"}]}

    got = toolwire.decode_all(reply(kind(dict(GROQ))), "openai.chat", include_server=server)
    assert got == toolwire.decode_all(reply(dict(GROQ)), "openai.chat", include_server=server)
    assert [(c.name, c.args) for c in got] == ([("search", {"query": "x"})] if server else [])


@pytest.mark.parametrize("item", [{1, 2}, object(), 3, "search"])
def test_an_executed_tools_item_of_no_mapping_type_is_refused_as_no_groq_item(item: Any) -> None:
    # review revLead: a set or a plain object was refused as "Cannot read a set value", its
    # dialect unnamed, since an item of another mapping type is read as a dict
    reply = {"choices": [{"index": 0, "message": {"role": "assistant", "content": "hi", "executed_tools": [item]},
                          "finish_reason": "stop"}]}
    with pytest.raises(toolwire.DecodeError, match="is not a Groq executed_tools item") as info:
        toolwire.decode_all(reply, "openai.chat", include_server=True)
    assert info.value.dialect == "openai.chat" and info.value.loc == "$.choices[0].message.executed_tools[0]"
