"""A caller's own arguments of the wrong type are refused where they are given, with
Python's ``TypeError`` / ``ValueError`` (as an unknown keyword is; the structured-output
layer's ``EncodeError``, as for its other options): never read as truthy, and never
failing later inside a reader as if the payload were at fault."""

from __future__ import annotations

from typing import Any, Callable

import pytest

import toolwire
from toolwire import stream

CHAT = {"choices": [
    {"index": i, "finish_reason": "tool_calls", "message": {"role": "assistant", "content": None, "tool_calls": [
        {"id": f"call_{i}", "type": "function", "function": {"name": name, "arguments": "{}"}}]}}
    for i, name in enumerate(("f", "g"))]}
ANTHROPIC = {"type": "message", "role": "assistant", "stop_reason": "tool_use", "content": [
    {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search", "input": {"query": "Paris"}},
    {"type": "tool_use", "id": "toolu_01A", "name": "get_weather", "input": {"city": "Paris"}}]}
EVENTS = toolwire.stream.encode_stream([toolwire.ToolCall("f", {"a": 1}, "toolu_01")], "anthropic.messages")


@pytest.mark.parametrize("call", [
    lambda v: toolwire.decode_all(ANTHROPIC, include_server=v),
    lambda v: stream.accumulate(EVENTS, "anthropic.messages", include_server=v),
    lambda v: stream.accumulate(EVENTS, include_server=v),
    lambda v: stream.Accumulator("anthropic.messages", include_server=v),
    lambda v: stream.Accumulator(preview=v),
], ids=["decode_all", "accumulate named", "accumulate", "Accumulator", "Accumulator preview"])
@pytest.mark.parametrize("value", ["false", 0, None])
def test_flags_are_true_or_false(call: Callable[[Any], Any], value: Any) -> None:
    # ``include_server="false"`` handed the calls Anthropic had already run to the client to run again
    with pytest.raises(TypeError, match=r"must be True or False, got"):
        call(value)


def test_flags_given_as_bools_work() -> None:
    assert [c.name for c in toolwire.decode_all(ANTHROPIC, include_server=True)] == ["web_search", "get_weather"]
    assert [c.name for c in toolwire.decode_all(ANTHROPIC, include_server=False)] == ["get_weather"]


@pytest.mark.parametrize("value, error", [("1", TypeError), (1.0, TypeError), (True, TypeError), (None, TypeError)])
def test_choice_is_an_int(value: Any, error: type) -> None:
    # ``choice="1"`` failed as "Input at $ could not be read: reading it raised TypeError"
    with pytest.raises(error, match=r"^choice must be an int"):
        toolwire.decode_all(CHAT, choice=value)


def test_a_choice_the_reply_lacks_is_still_the_payloads_error() -> None:
    assert [c.name for c in toolwire.decode_all(CHAT, choice=1)] == ["g"]
    with pytest.raises(toolwire.DecodeError, match=r"holds 2 choices; there is no choice 5"):
        toolwire.decode_all(CHAT, choice=5)


# ---- the structured-output layer: EncodeError, as for its other options (``on_error``, ``mode``)

SCHEMA = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}


@pytest.mark.parametrize("options", [{"strict": "no"}, {"thinking": 1}, {"allow_lossy": "false"}])
def test_structured_output_flags_are_flags(options: Any) -> None:
    # README: a flag that is not True or False is a ``TypeError`` (``strict`` and
    # ``thinking`` were the layer's ``EncodeError`` while ``allow_lossy`` beside them was not)
    from toolwire import retry, schema

    label, value = next(iter(options.items()))
    with pytest.raises(TypeError, match=rf"^{label} must be True or False, got {value!r}$"):
        if label == "allow_lossy":
            retry.prepare({"model": "gpt-4o", "messages": []}, SCHEMA, "openai.chat", **options)
        else:
            schema.render(SCHEMA, "openai.chat", **options)


@pytest.mark.parametrize("options, message", [
    ({"name": 3}, r"name must be a string or None, got 3"),  # a TypeError from a regex
    ({"description": ["x"]}, r"description must be a string or None, got \['x'\]"),
    ({"int_range_as_enum": "24"}, r"int_range_as_enum must be an int of 0 or more, got '24'"),
    ({"int_range_as_enum": -1}, r"int_range_as_enum must be an int of 0 or more, got -1"),
])
def test_render_options_are_checked(options: Any, message: str) -> None:
    from toolwire import schema

    with pytest.raises(toolwire.EncodeError, match=message):
        schema.render(SCHEMA, "openai.chat", **options)


def _send(request: Any) -> Any:
    return {"choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": '{"a": "x"}'}}]}


@pytest.mark.parametrize("attempts", ["3", 0, -1, 2.0, True])
def test_generate_needs_one_attempt_or_more(attempts: Any) -> None:
    # ``attempts=0`` made one attempt; ``attempts="3"`` failed comparing an int with a str
    from toolwire import retry

    with pytest.raises(toolwire.EncodeError, match=r"attempts must be an int of 1 or more, got"):
        retry.generate(_send, {"model": "gpt-4o", "messages": []}, SCHEMA, target="openai.chat", attempts=attempts)


def test_generate_with_one_attempt_runs() -> None:
    from toolwire import retry

    result = retry.generate(_send, {"model": "gpt-4o", "messages": []}, SCHEMA, target="openai.chat", attempts=1)
    assert result.ok and result.value == {"a": "x"}


def test_to_pydantic_name_is_a_string() -> None:
    from toolwire import schema

    with pytest.raises(TypeError, match=r"^to_pydantic name must be a string, got 3"):
        schema.to_pydantic(SCHEMA, name=3)  # type: ignore[arg-type]
    assert schema.to_pydantic(SCHEMA, name="Answer").__name__ == "Answer"
