"""What ``decode``, ``decode_all``, ``decode_result`` and ``encode`` do with each form of
input (a dict, JSON text, an SDK object, a container of one call), with the dialect
named or detected, under a policy or not: every route gives the call or the error the
general path gives, the policy keywords and the named dialect reach every step."""

from __future__ import annotations

import json
from typing import Any, Callable, Dict

import pytest

import toolwire
from toolwire import InvalidToolCall, ToolCall, ToolResult

CHAT = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": "xyz"}'}}
CALL = ToolCall(name="f", args={"a": "xyz"}, id="call_1")
MESSAGE = {"role": "assistant", "content": None, "tool_calls": [CHAT]}
SERVER = {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search", "input": {"query": "x"}}
SERVER_CALL = ToolCall(name="web_search", args={"query": "x"}, id="srvtoolu_01", server=True)
OVER = "Arguments at {loc} are 12 characters long, over the limit of 3"


def _raises(run: Callable[[], Any], kind: type) -> Any:
    with pytest.raises(toolwire.ToolwireError) as exc:
        run()
    assert type(exc.value) is kind, exc.value
    return exc.value


def _sdk_call() -> Any:
    chat = pytest.importorskip("openai.types.chat")
    return chat.ChatCompletionMessageToolCall.model_validate(CHAT)


@pytest.mark.parametrize("named", [None, "openai.chat"])
def test_an_sdk_call_object_obeys_the_policy(named: Any) -> None:
    tc = _sdk_call()
    assert toolwire.decode(tc, named) == CALL
    assert toolwire.decode(tc, named, repair=True) == CALL
    err = _raises(lambda: toolwire.decode(tc, named, max_bytes=3), toolwire.ArgumentsError)
    assert (err.message, err.loc, err.dialect) == (OVER.format(loc="$.function.arguments"), "$.function.arguments",
                                                   "openai.chat")


def test_an_sdk_call_object_named_as_another_dialect_is_refused() -> None:
    err = _raises(lambda: toolwire.decode(_sdk_call(), "anthropic.messages"), toolwire.DecodeError)
    assert err.dialect == "anthropic.messages" and err.message.startswith("Input at $ is not an anthropic.messages")


@pytest.mark.parametrize("named", [None, "openai.chat"])
def test_a_container_of_one_call_is_that_call_under_the_policy(named: Any) -> None:
    text = json.dumps(MESSAGE)
    assert toolwire.decode(text, named) == CALL
    assert toolwire.decode(MESSAGE, named) == CALL
    err = _raises(lambda: toolwire.decode(text, named, max_bytes=3), toolwire.ArgumentsError)
    assert (err.message, err.loc) == (OVER.format(loc="$.tool_calls[0].function.arguments"),
                                      "$.tool_calls[0].function.arguments")
    two = {**MESSAGE, "tool_calls": [CHAT, {**CHAT, "id": "call_2"}]}
    err = _raises(lambda: toolwire.decode(json.dumps(two), named), toolwire.DecodeError)
    assert (err.message, err.dialect) == ("Input at $ holds 2 tool calls, not one; use decode_all", "openai.chat")


def test_a_container_of_one_provider_run_call_holds_no_call_to_run() -> None:
    # (the provider's call is counted by decode_all(include_server=True) only; decode(SERVER) gives it)
    message = {"role": "assistant", "content": [{"type": "text", "text": "Searching."}, SERVER]}
    for x, named in ((message, None), (json.dumps(message), "anthropic.messages")):
        err = _raises(lambda x=x, named=named: toolwire.decode(x, named), toolwire.DecodeError)
        assert (err.message, err.dialect) == (
            "Input at $ holds no tool call the client runs (1 the provider ran); use decode_all(include_server=True) "
            "for the provider's", "anthropic.messages")
    assert toolwire.decode(SERVER) == SERVER_CALL


def test_one_item_given_to_decode_all() -> None:
    assert toolwire.decode_all(CHAT) == [CALL]
    assert toolwire.decode_all(SERVER) == []  # provider-run: only when asked for
    assert toolwire.decode_all(SERVER, include_server=True) == [SERVER_CALL]
    bad = {**CHAT, "function": {"name": "f", "arguments": "{bad"}}
    err = _raises(lambda: toolwire.decode_all(bad), toolwire.ArgumentsError)
    assert (err.loc, err.dialect) == ("$.function.arguments", "openai.chat")
    [kept] = toolwire.decode_all(bad, invalid="keep")
    assert type(kept) is InvalidToolCall and (kept.name, kept.id, kept.loc, kept.truncated) == (
        "f", "call_1", "$.function.arguments", True)


def test_a_result_named_as_another_dialect_is_refused() -> None:
    chat_result = {"role": "tool", "tool_call_id": "call_1", "content": "x"}
    assert toolwire.decode_result(chat_result) == ToolResult(id="call_1", content="x")
    err = _raises(lambda: toolwire.decode_result(chat_result, "anthropic.messages"), toolwire.DecodeError)
    assert err.message == (
        "Input at $ is not an anthropic.messages payload: it looks like openai.chat (role 'tool' with "
        "'tool_call_id'); got {'role': 'tool', 'tool_call_id': 'call_1', 'content': 'x'}")
    err = _raises(lambda: toolwire.encode_result(ToolResult(content="x"), "anthropic.messages"), toolwire.EncodeError)
    assert (err.message, err.dialect) == (
        "An anthropic.messages tool result needs the id of its call; this result has none (pass the IdMap its "
        "call was encoded with as ids=)", "anthropic.messages")


@pytest.mark.parametrize("value", [0, False, 0.0])
def test_a_falsy_scalar_is_not_an_empty_reply(value: Any) -> None:
    err = _raises(lambda: toolwire.decode_all(value), toolwire.DecodeError)
    assert err.message == f"Input at $ matches no known dialect: {value!r}"


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -float("inf")])
def test_arguments_that_json_cannot_hold_are_not_encoded(bad: float) -> None:
    from toolwire._types import new_call  # unchecked, as a call changed after it was built

    for dialect in ("openai.chat", "anthropic.messages"):
        err = _raises(lambda d=dialect: toolwire.encode(new_call("f", {"a": bad}, "call_1"), d), toolwire.EncodeError)
        assert (err.loc, err.dialect) == ("$.args.a", dialect)


@pytest.mark.parametrize(
    ("container", "loc"),
    [
        (MESSAGE, "$.tool_calls[0].function.arguments"),
        ({"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "f",
                                            "input": {"a": {"b": "xyz"}}}]}, None),
        ([{"type": "function_call", "call_id": "call_1", "name": "f", "arguments": '{"a": "xyz"}'}],
         "$[0].arguments"),
    ],
)
def test_a_container_read_in_one_step_obeys_the_policy(container: Any, loc: Any) -> None:
    assert [c.name for c in toolwire.decode_all(container)] == ["f"]
    if loc is None:  # arguments as an object: max_depth, not max_bytes
        err = _raises(lambda: toolwire.decode_all(container, max_depth=1), toolwire.ArgumentsError)
        assert err.loc == "$.content[0].input"
        return
    err = _raises(lambda: toolwire.decode_all(container, max_bytes=3), toolwire.ArgumentsError)
    assert err.loc == loc


def test_a_chosen_reply_keeps_provider_run_calls_when_asked_for() -> None:
    def candidate(i: int) -> Dict[str, Any]:
        return {"index": i, "finishReason": "STOP", "content": {"role": "model", "parts": [
            {"executableCode": {"language": "PYTHON", "code": "print(1)"}}, {"functionCall": {"name": "f", "args": {}}}]}}

    reply = {"candidates": [candidate(0), candidate(1)]}
    assert toolwire.decode_all(reply, choice=1) == [ToolCall(name="f", args={})]
    assert toolwire.decode_all(reply, choice=1, include_server=True) == [
        ToolCall(name="code_execution", args={"language": "PYTHON", "code": "print(1)"}, server=True),
        ToolCall(name="f", args={})]
    err = _raises(lambda: toolwire.decode_all(CHAT, choice=1), toolwire.DecodeError)
    assert (err.message, err.loc) == ("Input at $ holds no list of choices; there is no choice 1", "$")


# --- pinned after the second sampled mutation run of _codec (2026-12-02, later) ----------


@pytest.mark.parametrize("named", [None, "openai.chat"])
def test_one_call_given_as_json_text_or_bytes(named: Any) -> None:
    text = json.dumps(CHAT)
    for given in (text, text.encode(), bytearray(text.encode())):
        assert toolwire.decode(given, named) == CALL
        assert toolwire.decode_all(given, named) == [CALL]


def test_what_is_no_call_is_named_with_its_kind() -> None:
    tool = {"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}
    for named in (None, "openai.chat"):
        err = _raises(lambda named=named: toolwire.decode(tool, named), toolwire.DecodeError)
        assert err.message.startswith("Input at $ is an openai.chat tool definition, not a tool call: {")
        assert err.dialect == "openai.chat"
    err = _raises(lambda: toolwire.decode_tool(CHAT), toolwire.DecodeError)
    assert (err.message, err.loc, err.dialect) == ("Input at $ is an openai.chat call, not a tool definition", "$",
                                                   "openai.chat")
    err = _raises(lambda: toolwire.decode_result(CHAT), toolwire.DecodeError)
    assert err.message == "Input at $ is an openai.chat call, not a tool result"


class _Odd(dict):  # type: ignore[type-arg]
    """A mapping that cannot be read (its iteration raises)."""

    def __iter__(self) -> Any:
        raise RuntimeError("boom")

    def keys(self) -> Any:
        raise RuntimeError("boom")

    def items(self) -> Any:
        raise RuntimeError("boom")


@pytest.mark.parametrize("fn", [toolwire.decode, toolwire.decode_all, toolwire.decode_tool, toolwire.decode_result])
def test_a_mapping_that_cannot_be_read_is_a_decode_error_naming_it(fn: Callable[[Any], Any]) -> None:
    err = _raises(lambda: fn(_Odd(a=1)), toolwire.DecodeError)
    assert (err.message, err.loc) == ("Could not read the _Odd object at $: RuntimeError: boom", "$")


def test_an_invalid_call_that_cannot_be_written_shows_the_start_of_its_text() -> None:
    raw = '{"query": "' + "x" * 80
    bad = InvalidToolCall(name="f", id="toolu_1", raw=raw, error="cut off")
    err = _raises(lambda: toolwire.encode(bad, "anthropic.messages"), toolwire.EncodeError)
    shown = err.message.split("its argument text ", 1)[1].split("; answer it", 1)[0]
    assert shown == repr(raw)[:59] + "…"
