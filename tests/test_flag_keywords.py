"""Every public flag takes ``True`` or ``False`` only, and says so alike ("<flag> must be
True or False, got ..."; the check the policy keywords and ``Accumulator`` use): a
``"false"`` read from a config file or an environment variable is truthy, and acted as
``True``. Before, ``validate_call(coerce="false")`` coerced the arguments,
``schema.validate(formats="false")`` asserted formats, ``retry.prepare(allow_lossy="false")``
sent a lossy schema natively, ``encode_stream`` wrote Vertex's ``partialArgs`` form or the
index-less Chat form, ``register_dialect(replace="false")`` replaced a dialect, and
``IdRule(required="false")`` kept the string. ``render(maps=, free_form=)`` ignored a
value it does not know, as if the option had not been given.
"""

from __future__ import annotations

from typing import Any, Callable

import pytest

import toolwire
from toolwire import EncodeError, IdRule, Registry, ToolCall, retry, schema, stream
from toolwire.schema import Rendered

S = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"], "additionalProperties": False}
LOSSY = {"type": "object", "properties": {"a": {"type": "string", "maxLength": 3}}, "required": ["a"],
         "additionalProperties": False}
TOOLS = [{"type": "function", "function": {"name": "get_weather", "parameters": {
    "type": "object", "properties": {"days": {"type": "integer"}}, "required": ["days"]}}}]
CALLS = [ToolCall("f", {"a": 1}, "call_1"), ToolCall("g", {}, "call_2")]
RENDERED: Rendered = schema.render({"type": "string", "format": "email"}, "prompt")

FLAGGED = [
    ("coerce", lambda v: toolwire.validate_call(ToolCall("get_weather", {"days": "3"}), TOOLS, coerce=v)),
    ("formats", lambda v: schema.validate("x", {"format": "email"}, formats=v)),
    ("formats", lambda v: RENDERED.validate("x", formats=v)),
    ("allow_lossy", lambda v: retry.prepare({"model": "gpt-4o", "messages": []}, LOSSY, "openai.chat",
                                            allow_lossy=v)),
    ("interleave", lambda v: stream.encode_stream(CALLS, "openai.chat", split=2, interleave=v)),
    ("with_index", lambda v: stream.encode_stream(CALLS, "openai.chat", split=2, with_index=v)),
    ("with_index", lambda v: stream.encode_stream(CALLS, "mistral", split=2, with_index=v)),
    ("partial_args", lambda v: stream.encode_stream([ToolCall("f", {"a": 1})], "gemini", partial_args=v)),
    ("replace", lambda v: Registry().register(toolwire.get_dialect("mcp"), replace=v)),
    ("first", lambda v: Registry().register(toolwire.get_dialect("mcp"), first=v)),
    ("replace", lambda v: toolwire.register_dialect(toolwire.get_dialect("mcp"), replace=v)),
    ("IdRule required", lambda v: IdRule(required=v)),
]


@pytest.mark.parametrize("value", ["false", "true", 0, 1, None, [], "no"])
@pytest.mark.parametrize(("flag", "call"), FLAGGED, ids=[f"{f}-{i}" for i, (f, _) in enumerate(FLAGGED)])
def test_a_flag_that_is_no_bool_is_refused(flag: str, call: Callable[[Any], Any], value: Any) -> None:
    with pytest.raises(TypeError) as err:
        call(value)
    assert str(err.value) == f"{flag} must be True or False, got {value!r}"


@pytest.mark.parametrize(("flag", "call"), FLAGGED, ids=[f"{f}-{i}" for i, (f, _) in enumerate(FLAGGED)])
def test_true_and_false_are_taken(flag: str, call: Callable[[Any], Any]) -> None:
    for value in (True, False):
        call(value)


def test_false_means_false() -> None:
    # each, with False, as without the keyword
    assert toolwire.validate_call(ToolCall("get_weather", {"days": "3"}), TOOLS, coerce=False).name == "get_weather"
    assert schema.validate("x", {"format": "email"}, formats=False) == []
    assert retry.prepare({"model": "gpt-4o", "messages": []}, LOSSY, "openai.chat", allow_lossy=False).mode == "prompt"


@pytest.mark.parametrize(("option", "value", "message"), [
    ("maps", "nope", "maps must be 'pairs' or None, got 'nope'"),
    ("maps", "Pairs", "maps must be 'pairs' or None, got 'Pairs'"),
    ("maps", True, "maps must be 'pairs' or None, got True"),
    ("free_form", "nope", "free_form must be 'string' or None, got 'nope'"),
    ("free_form", "json", "free_form must be 'string' or None, got 'json'"),
    ("free_form", False, "free_form must be 'string' or None, got False"),
])
def test_render_names_an_option_value_it_does_not_know(option: str, value: Any, message: str) -> None:
    with pytest.raises(EncodeError) as err:
        schema.render(S, "openai.chat", **{option: value})
    assert (err.value.message, err.value.dialect) == (message, "openai.chat")
    with pytest.raises(EncodeError) as err:  # retry.prepare hands them to render
        retry.prepare({"model": "gpt-4o", "messages": []}, S, "openai.chat", **{option: value})
    assert err.value.message == message


def test_render_takes_the_option_values_it_knows() -> None:
    m = {"type": "object", "properties": {"m": {"type": "object", "additionalProperties": {"type": "integer"}}},
         "required": ["m"], "additionalProperties": False}
    assert schema.render(m, "openai.chat", maps="pairs").lossless
    assert schema.render(S, "openai.chat", maps=None, free_form=None).lossless
    assert schema.render(S, "openai.chat", free_form="string").lossless
