"""``decode_all`` of a plain list of items (a message's ``tool_calls``, a Responses
``output``) reads each item through the registry's plan, as ``decode`` reads one item,
instead of detecting each item afresh in the walk; anything the plan does not read as a
call, a result or an item without calls goes to the walk. Held to the walk (a policy
keyword with its default value takes the walk) by a property over every dialect's items,
mixed with the items that must send a list to the walk."""

from __future__ import annotations

from typing import Any, List, Tuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

import toolwire
from sniffs import count_sniffs
from toolwire import ToolCall, strategies

# https://platform.openai.com/docs/api-reference/chat/object (``tool_calls[]``)
CHAT = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}
# https://platform.openai.com/docs/api-reference/responses/object (``output[]``)
REASONING = {"type": "reasoning", "id": "rs_1", "summary": []}
RESPONSES_CALL = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": '{"a": 1}'}
WEB_SEARCH = {"type": "web_search_call", "id": "ws_1", "status": "completed"}
# https://docs.anthropic.com/en/api/messages (content blocks)
SERVER = {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {"query": "x"}}
# https://ai.google.dev/api/caching#FunctionCall: a name-only part, then its nameless arguments
GEMINI_SPLIT = [{"functionCall": {"name": "f"}}, {"functionCall": {"args": {"a": 1}}}]
CHAT_TOOL = {"type": "function", "function": {"name": "g", "parameters": {"type": "object"}}}
CHAT_RESULT = {"role": "tool", "tool_call_id": "call_1", "content": "4"}
USER = {"role": "user", "content": "hi"}

DIALECTS = ["openai.chat", "openai.responses", "anthropic.messages", "gemini", "bedrock.converse", "mistral",
            "cohere.v2", "ollama", "mcp", "canonical"]
ODD: List[Any] = [REASONING, WEB_SEARCH, SERVER, *GEMINI_SPLIT, CHAT_TOOL, CHAT_RESULT, USER, 5, None, [CHAT],
                  {"role": "assistant", "tool_calls": [CHAT]}, dict(CHAT, function={"name": "f", "arguments": "{"}),
                  ToolCall("v", {}, "call_v"), ToolCall("s", {}, "srv_1", server=True)]


def test_a_list_of_calls_is_read_by_the_plan(monkeypatch: Any) -> None:
    seen = count_sniffs(monkeypatch)
    calls = toolwire.decode_all([CHAT, dict(CHAT, id="call_2")])
    assert calls == [ToolCall("f", {"a": 1}, "call_1"), ToolCall("f", {"a": 1}, "call_2")]
    assert seen[0] == 0  # the walk detects each item: two sniffs


def test_a_responses_output_with_a_hosted_item_is_read_by_the_plan(monkeypatch: Any) -> None:
    """The provider's own call is passed over (or kept, with ``include_server``), not a
    reason to read the list again in the walk."""
    seen = count_sniffs(monkeypatch)
    assert toolwire.decode_all([RESPONSES_CALL, WEB_SEARCH]) == [ToolCall("f", {"a": 1}, "call_1")]
    assert len(toolwire.decode_all([RESPONSES_CALL, WEB_SEARCH], include_server=True)) == 2
    assert seen[0] == 0


def test_a_responses_output_with_items_without_calls() -> None:
    assert toolwire.decode_all([REASONING, RESPONSES_CALL, WEB_SEARCH]) == [ToolCall("f", {"a": 1}, "call_1")]
    assert toolwire.decode_all([REASONING, RESPONSES_CALL, WEB_SEARCH], include_server=True) == [
        ToolCall("f", {"a": 1}, "call_1"), ToolCall("web_search", {}, "ws_1", server=True)]


@pytest.mark.parametrize("items", [[REASONING], [USER, CHAT_RESULT], GEMINI_SPLIT, [CHAT, SERVER], [CHAT, CHAT_TOOL]])
def test_lists_the_walk_decides(items: List[Any]) -> None:
    assert _outcome(items) == _outcome(items, repair=True)


def _outcome(items: Any, **kw: Any) -> Tuple[Any, ...]:
    try:
        got = toolwire.decode_all(items, **kw)
    except toolwire.ToolwireError as exc:
        return ("raises", type(exc), str(exc), exc.loc, exc.dialect)
    return ("gives", [(type(c), c.as_dict()) for c in got])


@given(st.data())
def test_the_plan_agrees_with_the_walk(data: st.DataObject) -> None:
    pool = st.one_of(
        st.sampled_from(DIALECTS).flatmap(lambda d: strategies.tool_calls(d).map(lambda c: toolwire.encode(c, d))),
        st.sampled_from(ODD),
    )
    items = data.draw(st.lists(pool, max_size=5))
    keep = data.draw(st.sampled_from(["raise", "keep"]))
    server = data.draw(st.booleans())
    walked = _outcome(items, invalid=keep, include_server=server, repair=True)  # a keyword: the walk
    assert _outcome(items, invalid=keep, include_server=server) == walked


def test_a_list_reader_is_asked_of_lists_holding_its_dialects_keys() -> None:
    """``Dialect.list_items`` reads its own dialect's items: with ``keys`` declared, a list
    none of whose dict items has one of them is not given to it (the walk and the plan's
    list step alike); without ``keys``, every list is."""
    import dataclasses

    seen: List[int] = []

    def reader(items: Any) -> Any:
        seen.append(len(items))
        return items

    reg = toolwire.default_registry().copy()
    reg.register(dataclasses.replace(reg.get("gemini"), name="acme.parts", aliases=(), list_items=reader,
                                     keys=frozenset({"acmeCall"})))
    assert toolwire.decode_all([CHAT, CHAT], registry=reg) == [ToolCall("f", {"a": 1}, "call_1")] * 2
    assert toolwire.decode_all([CHAT, CHAT], repair=True, registry=reg) == [ToolCall("f", {"a": 1}, "call_1")] * 2
    assert seen == []
    with pytest.raises(toolwire.DecodeError):
        toolwire.decode_all([CHAT, {"acmeCall": 1}], registry=reg)
    assert seen == [2]
    reg.register(dataclasses.replace(reg.get("acme.parts"), keys=None), replace=True)
    toolwire.decode_all([CHAT], registry=reg)
    assert seen == [2, 1]
