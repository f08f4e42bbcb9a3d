"""A ``pattern`` the local check cannot run (look-around: zod 4's ``z.iso.duration()``)
is a warning of ``render`` (``unchecked-pattern``), seen before the request is sent;
the pattern is still sent (or moved) as the target takes it (docs/structured-output.md:
"it can still be sent to a provider"). ``Rendered.validate`` / ``decode`` and
``validate_call`` raise ``SchemaError`` at the pattern's path, as documented, never an
answer judged without it; ``retry.prepare`` refuses it up front."""

from __future__ import annotations

import json

import pytest

from toolwire import SchemaError, schema
from toolwire.conversation import validate_call

# z.object({ d: z.iso.duration() }) -> z.toJSONSchema(..., {io: "input"}) (zod 4.6.7; huntZod f2)
DURATION = ("^P(?:(\\d+W)|(?!.*W)(?=\\d|T\\d)(\\d+Y)?(\\d+M)?(\\d+D)?(T(?=\\d)(\\d+H)?(\\d+M)?"
            "(\\d+([.,]\\d+)?S)?)?)$")
S = {"type": "object", "properties": {"d": {"type": "string", "format": "duration", "pattern": DURATION}},
     "required": ["d"], "additionalProperties": False}
TARGETS = ["openai.chat", "openai.responses", "anthropic.messages", "gemini", "vllm", "prompt"]


@pytest.mark.parametrize("target", TARGETS)
def test_render_says_no_answer_could_be_checked_and_validate_raises_as_documented(target: str) -> None:
    r = schema.render(S, target)
    assert [(lint.code, lint.pointer, lint.severity) for lint in r.lints if lint.code == "unchecked-pattern"] == [
        ("unchecked-pattern", "/properties/d", "warning")]
    with pytest.raises(SchemaError) as err:
        r.validate({"d": "P3D"})
    assert err.value.loc == "$.properties.d.pattern"


def test_in_an_any_of_each_pattern_is_named() -> None:
    emoji = "^(\\p{Extended_Pictographic}|\\p{Emoji_Component})+$"  # runs: no lint
    s = {"anyOf": [{"type": "string", "pattern": "^(?!x)a$"}, {"type": "string", "pattern": emoji},
                   {"type": "integer"}]}
    r = schema.render(s, "openai.chat")
    assert [(lint.code, lint.pointer) for lint in r.lints if lint.code == "unchecked-pattern"] == [
        ("unchecked-pattern", "/anyOf/0")]


def test_a_pattern_the_check_runs_is_no_lint() -> None:
    s = {"type": "object", "properties": {"d": {"type": "string", "pattern": "^P\\d+D$"}}, "required": ["d"],
         "additionalProperties": False}
    r = schema.render(s, "openai.chat")
    assert not r.lints and r.validate({"d": "P3D"}) == []


def test_validate_call_of_such_a_tool_raises_schema_error_at_the_tool() -> None:
    tool = {"type": "function", "function": {"name": "t", "parameters": S}}
    call = {"id": "call_1", "type": "function", "function": {"name": "t", "arguments": json.dumps({"d": "P3D"})}}
    with pytest.raises(SchemaError) as err:
        validate_call(call, [tool])
    assert err.value.loc == "$[0].function.parameters.properties.d.pattern"
