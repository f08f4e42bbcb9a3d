"""The walk over a payload's containers and the collecting of its calls
(``_walk.walk``, ``_collect.collect``), through ``decode_all`` and ``explain``: error
messages and ``$.path``s, the container depth limit, cycles inside items that carry no
call, and the finish reason of the first of several replies met inside a list. Written
from the survivors of a sampled mutation run of these two modules (docs/testing.md).

Payload shapes: OpenAI Chat (https://platform.openai.com/docs/api-reference/chat) and
Anthropic Messages (https://docs.anthropic.com/en/api/messages).
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import DecodeError, InvalidToolCall, ToolCall

CALL = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
TOOL_USE = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}


def _choice(index: int, finish: str, calls: List[Any]) -> Dict[str, Any]:
    return {"index": index, "finish_reason": finish, "message": {"role": "assistant", "tool_calls": calls}}


class _SelfList(list):  # type: ignore[type-arg]
    """A list subclass that contains itself: the object reader cannot make data of it."""


def _self_list() -> _SelfList:
    odd = _SelfList()
    odd.append(odd)
    return odd


def test_a_choice_past_the_last_is_refused_at_the_top() -> None:
    comp = {"object": "chat.completion", "choices": [_choice(0, "tool_calls", [CALL]), _choice(1, "stop", [])]}
    with pytest.raises(DecodeError) as err:
        toolwire.decode_all(comp, choice=2)
    assert (err.value.message, err.value.loc, err.value.dialect) == (
        "Input at $ holds 2 choices; there is no choice 2", "$", "openai.chat")


def test_an_item_of_no_dialect_under_a_named_one() -> None:
    with pytest.raises(DecodeError) as err:
        toolwire.decode_all({"role": "assistant", "tool_calls": [CALL, 5]}, "openai.chat")
    assert (err.value.message, err.value.loc, err.value.dialect) == (
        "Input at $.tool_calls[1] is not an openai.chat payload: it matches no known dialect; got 5",
        "$.tool_calls[1]", "openai.chat")


@pytest.mark.parametrize(
    ("payload", "loc"),
    [
        (lambda odd: [CALL, odd], "$[1]"),  # an element of a list
        (lambda odd: {"role": "assistant", "tool_calls": [odd]}, "$.tool_calls[0]"),  # an item of a message
    ],
    ids=["list-element", "message-item"],
)
def test_an_object_that_cannot_be_read_is_reported_at_its_path(payload: Any, loc: str) -> None:
    with pytest.raises(DecodeError) as err:
        toolwire.decode_all(payload(_self_list()))
    assert err.value.loc == loc
    assert err.value.message == f"Object nesting at {loc} is deeper than 256 (a cycle?)"


def test_explain_names_the_first_element_of_a_list() -> None:
    with pytest.raises(DecodeError) as err:
        toolwire.explain([_self_list()])
    assert err.value.loc == "$[0]"
    with pytest.raises(DecodeError) as empty:
        toolwire.explain([])
    assert empty.value.message == "Input at $ is an empty list; nothing to detect"


def test_a_tool_definition_is_not_tool_calls() -> None:
    tool = {"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}
    with pytest.raises(DecodeError) as err:
        toolwire.decode_all(tool)
    assert (err.value.message, err.value.loc, err.value.dialect) == (
        "Input at $ is an openai.chat tool definition, not tool calls", "$", "openai.chat")


def _nested(levels: int) -> Any:
    value: Any = CALL
    for _ in range(levels):
        value = [value]
    return value


def test_containers_nest_up_to_the_limit_and_no_deeper() -> None:
    assert toolwire.decode_all(_nested(256)) == [ToolCall("f", {}, "call_1")]
    with pytest.raises(DecodeError) as err:
        toolwire.decode_all(_nested(257))
    assert err.value.message.endswith("are nested deeper than 256 (a cycle?)")
    assert err.value.loc == "$" + "[0]" * 257


@pytest.mark.parametrize("kind", ["dict", "list"])
def test_an_item_without_calls_that_contains_itself_is_refused(kind: str) -> None:
    """Items without calls are not opened by the walk, so their cycles are looked for
    separately; an unseen cycle there gave ``[]`` (or the calls beside it)."""
    cycle: Any
    if kind == "dict":
        cycle = {}
        cycle["self"] = cycle
    else:
        cycle = []
        cycle.append(cycle)
    message = {"role": "assistant", "content": [TOOL_USE, {"type": "text", "text": "hi", "meta": cycle}]}
    with pytest.raises(DecodeError) as err:
        toolwire.decode_all(message)
    assert (err.value.message, err.value.loc) == (
        "Item at $.content[1] contains itself or is nested deeper than 256 (a cycle?)", "$.content[1]")


def test_an_item_without_calls_may_nest_deeply_below_the_limit() -> None:
    deep: Any = "x"
    for _ in range(200):
        deep = [deep]
    message = {"role": "assistant", "content": [TOOL_USE, {"type": "text", "text": "hi", "meta": deep}]}
    assert toolwire.decode_all(message) == [ToolCall("f", {}, "toolu_1")]


def test_the_first_of_several_replies_inside_a_list_keeps_its_finish_reason() -> None:
    """A response with several choices met inside a list: its first choice is read under
    its own finish reason, so a call cut off at the token limit stays cut off."""
    cut = dict(CALL, function={"name": "f", "arguments": ""})
    comp = {"object": "chat.completion", "choices": [_choice(0, "length", [cut]), _choice(1, "tool_calls", [CALL])]}
    [bad] = toolwire.decode_all([comp], invalid="keep")
    assert type(bad) is InvalidToolCall and bad.truncated is True
    assert bad.loc == "$[0].choices[0].message.tool_calls[0].function.arguments"


ANTHROPIC_REPLY = {"role": "assistant", "content": [TOOL_USE]}


def test_a_message_without_choices_has_no_other_choice() -> None:
    with pytest.raises(DecodeError) as err:
        toolwire.decode_all(ANTHROPIC_REPLY, choice=1)
    assert (err.value.message, err.value.loc, err.value.dialect) == (
        "Input at $ holds no list of choices; there is no choice 1", "$", "anthropic.messages")


@pytest.mark.parametrize(
    "content",
    [
        [TOOL_USE],
        [{"type": "tool_use", "id": "toolu_1", "input": {}}],  # its call is broken: still a call of that dialect
        [{"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}}],  # run by Anthropic
    ],
    ids=["call", "broken-call", "provider-run-call"],
)
def test_a_payload_of_another_dialect_is_refused_not_read_as_empty(content: List[Any]) -> None:
    """Named ``openai.chat``, an Anthropic reply holds no Chat call: ``[]`` would be a
    wrong answer that looks right, whether that reply's call is readable, broken or run
    by the provider."""
    with pytest.raises(DecodeError) as err:
        toolwire.decode_all({"role": "assistant", "content": content}, "openai.chat")
    assert (err.value.loc, err.value.dialect) == ("$", "openai.chat")
    assert err.value.message.startswith(
        "Input at $ is not an openai.chat payload: it looks like anthropic.messages (an 'assistant' message "
        "with tool_use/tool_result/thinking blocks), which finds 1 tool call in it; got ")


def test_a_kept_call_with_an_id_that_is_no_string_has_no_id() -> None:
    message = {"role": "assistant", "tool_calls": [dict(CALL, id=5)]}
    [bad] = toolwire.decode_all(message, invalid="keep")
    assert type(bad) is InvalidToolCall
    assert (bad.name, bad.id, bad.loc, bad.error) == (
        "f", None, "$.tool_calls[0].id", "Id at $.tool_calls[0].id must be a string, got 5")


def test_text_that_is_not_json() -> None:
    with pytest.raises(DecodeError) as err:
        toolwire.decode_all("not json{")
    assert err.value.loc == "$"
    assert err.value.message.startswith("Input at $ is text but not JSON (")
    assert err.value.message.endswith("): 'not json{'")


def test_a_finish_reason_given_by_the_caller_is_not_replaced_by_the_payloads() -> None:
    """``finish_reason="length"`` from the caller wins over the reply's ``stop``: the
    call with empty arguments was cut off."""
    cut = dict(CALL, function={"name": "f", "arguments": ""})
    comp = {"object": "chat.completion", "choices": [_choice(0, "stop", [cut])]}
    [bad] = toolwire.decode_all(comp, finish_reason="length", invalid="keep")
    assert type(bad) is InvalidToolCall and bad.truncated is True
    assert toolwire.decode_all(comp) == [ToolCall("f", {}, "call_1")]


def test_the_depth_error_names_the_dialect_asked_for() -> None:
    with pytest.raises(DecodeError) as err:
        toolwire.decode_all(_nested(257), "openai.chat")
    assert err.value.dialect == "openai.chat"


def test_a_cycle_in_an_item_whose_values_are_all_objects_is_refused() -> None:
    """A Gemini part holding only ``inlineData`` (an object) that contains itself."""
    cycle: Dict[str, Any] = {}
    cycle["self"] = cycle
    content = {"role": "model", "parts": [{"functionCall": {"name": "f", "args": {}}}, {"inlineData": cycle}]}
    with pytest.raises(DecodeError) as err:
        toolwire.decode_all(content)
    assert (err.value.message, err.value.loc) == (
        "Item at $.parts[1] contains itself or is nested deeper than 256 (a cycle?)", "$.parts[1]")


def test_a_response_that_contains_itself_through_its_first_choice_is_refused() -> None:
    """The first of several choices holds the response itself among its calls: the
    container limit ends the walk (it must not loop)."""
    first = _choice(0, "tool_calls", [])
    comp = {"object": "chat.completion", "choices": [first, _choice(1, "stop", [])]}
    first["message"]["tool_calls"].append(comp)
    with pytest.raises(DecodeError) as err:
        toolwire.decode_all(comp)
    assert err.value.message.endswith("are nested deeper than 256 (a cycle?)")


def test_an_unreadable_first_choice_inside_a_list_is_kept_as_invalid() -> None:
    comp = {"object": "chat.completion", "choices": [
        {"index": 0, "message": 5, "finish_reason": "stop"}, _choice(1, "stop", [CALL])]}
    [bad] = toolwire.decode_all([comp], invalid="keep")
    assert type(bad) is InvalidToolCall
    assert (bad.loc, bad.error) == ("$[0].choices[0].message",
                                    "Input at $[0].choices[0].message matches no known dialect: 5")


@pytest.mark.parametrize(
    ("dialect", "empty"),
    [("gemini", {"candidates": []}), ("openai.responses", {"output": []})],
)
def test_an_empty_container_of_the_named_dialect_beside_another_dialects_calls_is_refused(
    dialect: str, empty: Dict[str, Any]
) -> None:
    """The named dialect reads an empty container (no item at all, not even one without
    calls); the payload is recognisably Anthropic's, whose call it holds."""
    with pytest.raises(DecodeError) as err:
        toolwire.decode_all({**empty, "role": "assistant", "content": [TOOL_USE]}, dialect)
    assert err.value.message.startswith(f"Input at $ is not {'a' if dialect == 'gemini' else 'an'} {dialect} "
                                        "payload: it looks like anthropic.messages")
    assert "which finds 1 tool call in it" in err.value.message


def test_a_first_choice_that_cannot_be_read_is_reported_at_its_path() -> None:
    comp = {"object": "chat.completion", "choices": [
        {"index": 0, "message": _self_list(), "finish_reason": "stop"}, _choice(1, "stop", [CALL])]}
    with pytest.raises(DecodeError) as err:
        toolwire.decode_all([comp])
    assert err.value.loc == "$[0].choices[0].message"
