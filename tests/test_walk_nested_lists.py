"""A list among the items of a provider's container (``tool_calls: [c1, [c3], c2]``,
``content: [block, []]``) is refused at its path by ``decode_all`` and
``response.normalize``: every documented container holds objects there (Chat's
``tool_calls`` and ``messages``, Anthropic's and Bedrock's ``content``, Responses'
``output``, Gemini's ``parts``, Cohere's and Mistral's ``tool_calls``), and reading its
items as more calls (or an empty one as none) would change the reply unsaid. With
``invalid="keep"`` it is an ``InvalidToolCall`` in its place, its siblings kept.

A plain list given by the caller is still opened (its lists too), and Gemini's rule
for a bare list of parts (``Dialect.list_items``: a nameless argument part is the
arguments of the call before it) still holds there.

Shapes: the documented replies the dialect modules cite (Chat
https://platform.openai.com/docs/api-reference/chat/object, Anthropic
https://docs.anthropic.com/en/api/messages, Responses
https://platform.openai.com/docs/api-reference/responses/object, Gemini
https://ai.google.dev/api/generate-content#v1beta.GenerateContentResponse, Bedrock
https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html, Cohere
https://docs.cohere.com/reference/chat, Mistral https://docs.mistral.ai/api/#tag/chat).
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Tuple

import pytest

import toolwire
from toolwire import DecodeError, InvalidToolCall, ToolCall
from toolwire.response import normalize


def _tc(i: int) -> Dict[str, Any]:
    return {"id": f"call_{i}", "type": "function", "function": {"name": "f", "arguments": f'{{"a": {i}}}'}}


# dialect -> (the reply with *bad* between two calls, the path of *bad*)
REPLIES: Dict[str, Tuple[Callable[[Any], Any], str]] = {
    "openai.chat": (lambda bad: {"choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
        "role": "assistant", "content": None, "tool_calls": [_tc(1), bad, _tc(2)]}}]},
        "$.choices[0].message.tool_calls[1]"),
    "anthropic.messages": (lambda bad: {"type": "message", "role": "assistant", "stop_reason": "tool_use", "content": [
        {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}, bad,
        {"type": "tool_use", "id": "toolu_2", "name": "g", "input": {}}]}, "$.content[1]"),
    "openai.responses": (lambda bad: {"object": "response", "status": "completed", "output": [
        {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"}, bad,
        {"type": "function_call", "call_id": "c2", "name": "g", "arguments": "{}"}]}, "$.output[1]"),
    "cohere.v2": (lambda bad: {"finish_reason": "TOOL_CALL", "message": {
        "role": "assistant", "tool_calls": [_tc(1), bad, _tc(2)]}}, "$.message.tool_calls[1]"),
    "mistral": (lambda bad: {"choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
        "role": "assistant", "content": "", "tool_calls": [_tc(1), bad, _tc(2)]}}]},
        "$.choices[0].message.tool_calls[1]"),
    "gemini": (lambda bad: {"candidates": [{"finishReason": "STOP", "content": {"role": "model", "parts": [
        {"functionCall": {"name": "f", "args": {}}}, bad, {"functionCall": {"name": "g", "args": {}}}]}}]},
        "$.candidates[0].content.parts[1]"),
    "bedrock.converse": (lambda bad: {"stopReason": "tool_use", "output": {"message": {
        "role": "assistant", "content": [{"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}}, bad,
                                         {"toolUse": {"toolUseId": "t2", "name": "g", "input": {}}}]}}},
        "$.output.message.content[1]"),
}
NESTED: List[Tuple[str, Callable[[], Any]]] = [
    ("a-call-in-a-list", lambda: [_tc(9)]), ("an-empty-list", lambda: []), ("a-list-of-a-list", lambda: [[_tc(9)]]),
]


ARTICLE = {"openai.chat": "an", "anthropic.messages": "an", "openai.responses": "an", "cohere.v2": "a",
           "mistral": "a", "gemini": "a", "bedrock.converse": "a"}


def _message(dialect: str, loc: str) -> str:
    return (f"Item at {loc} is a list among the items of {ARTICLE[dialect]} {dialect} container, which are objects: "
            "not read as more items")


@pytest.mark.parametrize("dialect", sorted(REPLIES))
@pytest.mark.parametrize(("what", "nested"), NESTED, ids=[w for w, _ in NESTED])
@pytest.mark.parametrize("named", [True, False], ids=["named", "detected"])
def test_a_list_among_a_containers_items_is_refused_at_its_path(dialect: str, what: str, nested: Any,
                                                                named: bool) -> None:
    reply, loc = REPLIES[dialect]
    read_as = dialect if named else toolwire.detect(reply(nested()))  # (a Mistral reply reads as Chat's)
    with pytest.raises(DecodeError) as err:
        toolwire.decode_all(reply(nested()), dialect if named else None)
    assert err.value.loc == loc
    assert err.value.dialect == read_as
    assert err.value.message == _message(read_as, loc)


@pytest.mark.parametrize("dialect", sorted(REPLIES))
@pytest.mark.parametrize(("what", "nested"), NESTED, ids=[w for w, _ in NESTED])
def test_with_keep_the_list_is_an_invalid_call_in_its_place(dialect: str, what: str, nested: Any) -> None:
    reply, loc = REPLIES[dialect]
    found = toolwire.decode_all(reply(nested()), dialect, invalid="keep")
    assert [type(c) for c in found] == [ToolCall, InvalidToolCall, ToolCall]
    bad = found[1]
    assert type(bad) is InvalidToolCall and bad.loc == loc and bad.error == _message(dialect, loc)


def test_normalize_does_not_flatten_it() -> None:
    reply, loc = REPLIES["openai.chat"]
    r = normalize(reply([_tc(9)]), provider="openai.chat")
    assert len(r.tool_calls) == 2
    assert [c.loc for c in r.invalid_tool_calls] == [loc]


@pytest.mark.parametrize("dialect", ["anthropic.messages", "gemini", "bedrock.converse"])
def test_normalize_refuses_it_where_the_reply_text_is_read(dialect: str) -> None:
    # a content block / part that is no object: the reply's text is read there too, and
    # ``normalize`` raises at it, as at any part that is no object (never passed over)
    reply, loc = REPLIES[dialect]
    with pytest.raises(DecodeError) as err:
        normalize(reply([_tc(9)]), provider=dialect)
    assert err.value.loc == loc and str(err.value).startswith(f"Expected an object at {loc}, got list")


def test_a_chat_request_message_that_is_a_list_is_refused() -> None:
    body = {"messages": [{"role": "user", "content": "q"},
                         [{"role": "assistant", "content": None, "tool_calls": [_tc(1)]}]]}
    with pytest.raises(DecodeError) as err:
        toolwire.decode_all(body, "openai.chat")
    assert err.value.loc == "$.messages[1]"


def test_a_plain_list_of_lists_given_by_the_caller_is_still_read() -> None:
    assert [c.id for c in toolwire.decode_all([[_tc(1)], [_tc(2)]])] == ["call_1", "call_2"]
    assert [c.id for c in toolwire.decode_all([[_tc(1)], [_tc(2)]], "openai.chat")] == ["call_1", "call_2"]


def test_gemini_nameless_argument_parts_of_a_bare_list_still_merge() -> None:
    # a name-only call part and the nameless argument part after it (wire-formats §4g): one call
    parts = [{"functionCall": {"name": "get_weather"}}, {"functionCall": {"args": {"city": "Paris"}}}]
    assert toolwire.decode_all(parts, "gemini") == [ToolCall("get_weather", {"city": "Paris"})]
    assert toolwire.decode_all({"role": "model", "parts": parts}, "gemini") == [ToolCall("get_weather", {"city": "Paris"})]
