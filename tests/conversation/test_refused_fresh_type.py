"""A Chat call written fresh carries ``"type": "function"``; one replayed as it came keeps its shape.

openai-python's ``ChatCompletionMessageFunctionToolCallParam`` has ``type:
Required[Literal["function"]]`` ("The type of the tool. Currently, only `function` is
supported."). LlamaIndex's ``to_openai_message_dicts`` writes an id-less call as
``{"id": null, "function": {...}}`` (reviewed shape: ``"type"`` missing or null); OpenAI
refuses its null id, so the message is written fresh (``rewritten``), and fresh it used
to keep the missing / null ``type`` of the wire it came from.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Dict, List

import pytest

import toolwire
from toolwire.conversation import (
    Message,
    Problem,
    Refusals,
    check_conversation,
    decode_conversation,
    encode_conversation,
)
from toolwire.conversation._fresh import refused_messages
from toolwire.dialects.openai.chat_refused import chat_refused

ARGS = "{\"city\": \"Paris\"}"
_MISSING = object()


def _chat(call: Dict[str, Any]) -> List[Dict[str, Any]]:
    return [{"role": "user", "content": "weather in Paris?"},
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "", "content": "sunny"}]


def _call(cid: Any, kind: Any) -> Dict[str, Any]:
    out: Dict[str, Any] = {"id": cid}
    if kind is not _MISSING:
        out["type"] = kind
    out["function"] = {"name": "get_weather", "arguments": ARGS}
    return out


@pytest.mark.parametrize("kind", [_MISSING, None])
def test_a_refused_call_written_fresh_gets_type_function(kind: Any) -> None:
    conv = decode_conversation(_chat(_call(None, kind)), "openai.chat")
    report: List[Problem] = []
    call = encode_conversation(conv, "openai.chat", report=report)["messages"][1]["tool_calls"][0]
    assert call["type"] == "function"
    assert list(call) == ["id", "type", "function"] and type(call["id"]) is str
    assert [p.kind for p in report] == ["rewritten", "rewritten"]


@pytest.mark.parametrize("kind", [_MISSING, None])
def test_an_edited_message_written_fresh_gets_type_function(kind: Any) -> None:
    conv = decode_conversation(_chat(_call("call_1", kind)), "openai.chat")
    edited = conv.replace(messages=(*conv.messages[:1], Message("assistant", conv.messages[1].parts),
                                    *conv.messages[2:]))
    call = encode_conversation(edited, "openai.chat")["messages"][1]["tool_calls"][0]
    assert call["type"] == "function"


@pytest.mark.parametrize("kind", [_MISSING, None])
def test_a_typeless_call_taken_as_it_came_is_replayed_as_it_came(kind: Any) -> None:
    h = _chat(_call("call_1", kind))
    h[2]["tool_call_id"] = "call_1"
    conv = decode_conversation(h, "openai.chat")
    assert encode_conversation(conv, "openai.chat") == {"messages": h}
    assert check_conversation(conv, "openai.chat") == []


def test_the_refused_pass_asks_only_the_roles_its_rule_reads() -> None:
    h = _chat(_call(None, "function"))
    conv = decode_conversation(h, "openai.chat")
    d = toolwire.get_dialect("openai.chat")
    # (assistant: its calls; tool: a ``role: "function"`` message answers a legacy call only;
    # user: an image whose data is no base64)
    assert d.history is not None and d.history.refusals.roles == frozenset({"assistant", "user", "tool"})
    assert d.history.refusals.apart_roles == frozenset()
    seen: List[Any] = []

    def spy(wire: Any, state: Dict[str, Any], final: bool) -> Any:
        seen.append((wire.get("role"), final))
        return chat_refused(wire, state, final)

    spied = replace(d.history, refusals=replace(d.history.refusals, message=spy))
    # (the tool message answering the id-less call goes fresh with it: flagged too)
    assert [i for i, _ in refused_messages(conv, replace(d, history=spied))[1]] == [1, 2]
    assert seen == [("user", False), ("assistant", False), ("tool", True)]


def test_a_history_written_back_whole_asks_its_tool_messages_once() -> None:
    # review revReplay4 R3: the whole pass asked Chat's rule of each tool message, which it then
    # never refused there; it does now (review revReplay6 R3: a ``role: "function"`` message while
    # a ``tool_calls`` call waits for its tool message), once each, and takes this body whole
    h = [*_chat(_call("call_1", "function"))[:2], {"role": "tool", "tool_call_id": "call_1", "content": "sunny"}]
    conv = decode_conversation({"messages": h}, "openai.chat")  # (a request body: written back whole)
    d = toolwire.get_dialect("openai.chat")
    assert d.history is not None
    seen: List[Any] = []

    def spy(wire: Any, state: Dict[str, Any], final: bool) -> Any:
        seen.append(wire.get("role"))
        return chat_refused(wire, state, final)

    spied = replace(d, history=replace(d.history, refusals=replace(d.history.refusals, message=spy)))
    assert refused_messages(conv, spied) == (True, [])
    assert seen == ["user", "assistant", "tool"]


def test_the_refused_rule_is_told_which_message_is_the_final_one() -> None:
    # ``Refusals.message(wire, state, final)``: a provider may refuse in the final message only
    # what it takes elsewhere (Anthropic: "final assistant content cannot end with trailing whitespace")
    h = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "a"},
         {"role": "user", "content": "again"}, {"role": "assistant", "content": "b "}]
    seen: List[Any] = []

    def spy(wire: Any, state: Dict[str, Any], final: bool) -> Any:
        seen.append((wire["content"], final))
        return "final" if final else None

    d = toolwire.get_dialect("openai.chat")
    assert d.history is not None
    spied = replace(d, history=replace(d.history, refusals=Refusals(spy, None)))
    registry = toolwire.default_registry().copy()
    registry.register(spied, replace=True)
    conv = decode_conversation({"messages": h}, "openai.chat", registry=registry)
    assert [i for i, _ in refused_messages(conv, spied)[1]] == [3]
    assert seen == [("hi", False), ("a", False), ("again", False), ("b ", True)] * 2  # (is any? then which)
    seen.clear()
    report: List[Any] = []
    assert encode_conversation(conv, "openai.chat", report=report, registry=registry) == {"messages": h}
    assert seen == [("hi", False), ("a", False), ("again", False), ("b ", True)] * 2  # (is any? then which)
    assert [(p.kind, p.index) for p in report] == [("rewritten", 3)]


@pytest.mark.parametrize("kind", [None, _MISSING])
@pytest.mark.parametrize(("cid", "args"), [("call_1", {"city": "Paris"}), ("call_1", None), ("call_1", _MISSING),
                                           (None, ARGS)])
def test_convert_types_a_chat_call_it_writes_otherwise_than_it_came(kind: Any, cid: Any, args: Any) -> None:
    # OpenAI refuses the call as it came (arguments no string, or a null id): convert, as
    # encode_conversation, writes it fresh, with "type": "function" (openai-python: Required)
    call = _call(cid, kind)
    if args is _MISSING:
        del call["function"]["arguments"]
    else:
        call["function"]["arguments"] = args
    body = {"messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": None,
                                                            "tool_calls": [call]}]}
    out = toolwire.convert(body, "openai.chat", source="openai.chat")[0]
    assert out["type"] == "function" and type(out["id"]) is str and type(out["function"]["arguments"]) is str
    fresh = encode_conversation(decode_conversation(body, "openai.chat"), "openai.chat")["messages"][1]
    assert fresh["tool_calls"][0]["type"] == "function"


@pytest.mark.parametrize("kind", [None, _MISSING])
def test_convert_keeps_the_shape_of_a_chat_call_it_writes_as_it_came(kind: Any) -> None:
    call = _call("call_1", kind)
    assert toolwire.convert([call], "openai.chat", source="openai.chat") == [call]
