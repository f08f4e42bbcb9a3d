"""``Rendered.decode`` and ``Rendered.validate`` share one depth limit with the validator.

The map-back stopped removing the render's own nulls (an optional property the OpenAI
strict rendering makes required and nullable) at 200 schema steps or 5/6 of the stack
room, the validator at the whole room: between the two (about 51 to 60 levels of the
recursive schema below) ``decode`` handed back the render's nulls and ``validate`` said
"matches none of the allowed shapes", no ``depth`` issue. Now each level either maps back
to the value written below (checked valid by ``jsonschema``) or gives the one ``depth``
issue, and ``decode`` raises where ``validate`` says ``depth``.
"""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from toolwire import DecodeError, schema

# an optional string beside a nullable recursive child: OpenAI strict sends ``s`` as
# required with ``null`` allowed, so every level of an answer carries ``"s": null``
NODE = {
    "$defs": {"n": {"type": "object", "properties": {
        "s": {"type": "string"},
        "c": {"anyOf": [{"$ref": "#/$defs/n"}, {"type": "null"}]},
    }, "required": ["c"]}},
    "$ref": "#/$defs/n",
}


def _answer(n: int) -> Any:
    """What the model writes under the wire schema: n levels, each with ``"s": null``."""
    value: Any = None
    for _ in range(n):
        value = {"s": None, "c": value}
    return value


def _original(n: int) -> Any:
    """The same answer in the original's shape: the optional ``s`` left out."""
    value: Any = None
    for _ in range(n):
        value = {"c": value}
    return value


@pytest.mark.parametrize("target", ["openai.chat", "openai.responses"])
def test_each_level_maps_back_or_gives_the_one_depth_issue(target: str) -> None:
    rendered = schema.render(NODE, target)
    s_wire = rendered.wire_schema["$defs"]["n"]["properties"]["s"]
    assert s_wire == {"anyOf": [{"type": "string"}, {"type": "null"}]}  # the nulls are the render's own
    mapped, deep = [], []
    for n in range(1, 160):
        issues = rendered.validate(_answer(n))
        if issues == []:
            want = _original(n)
            jsonschema.Draft202012Validator(NODE).validate(want)  # the oracle: the mapped value is valid
            assert rendered.decode(_answer(n)) == want, n
            mapped.append(n)
        else:
            # never "null is not of type string" / "matches none": one depth issue, where
            # the answer goes on
            assert [i.keyword for i in issues] == ["depth"], (n, [str(i) for i in issues[:3]])
            assert issues[0].pointer.startswith("/c/c"), n
            with pytest.raises(DecodeError, match="nested too deeply to map back"):
                rendered.decode(_answer(n))
            deep.append(n)
    # the boundary is inside the range, and a level past it never maps back again
    assert mapped and deep and max(mapped) < min(deep), (mapped[-3:], deep[:3])
    assert max(mapped) == len(mapped) >= 50


def test_the_boundary_levels_agree_with_the_validator_alone() -> None:
    """At the last level the map-back takes and the first it refuses, the validator on
    the original-shaped value agrees: valid below, ``depth`` from there."""
    rendered = schema.render(NODE, "openai.chat")
    last = 0
    for n in range(1, 160):  # (in this frame, as the check below: a generator's frame is one level less room)
        if rendered.validate(_answer(n)) == []:
            last = n
    # (``schema.validate`` is called a frame or two higher than the rendered check: its
    # own limit may fall a level apart, never more)
    assert schema.validate(_original(last - 2), NODE) == []
    # one level deeper: the one depth issue (it was "matches none of the allowed shapes")
    issues = rendered.validate(_answer(last + 1))
    assert [i.keyword for i in issues] == ["depth"]


def _literal(n: int) -> Any:
    """The same shape written out n levels deep, no ``$ref`` and no ``anyOf``: one level
    of the check per level of the answer (the recursive schema takes three); ``c`` is
    optional too, so a shorter answer ends with the render's ``"c": null``."""
    node: Any = {"type": "object", "properties": {"s": {"type": "string"}}}
    for _ in range(n):
        node = {"type": "object", "properties": {"s": {"type": "string"}, "c": node}}
    return node


def _literal_answer(n: int) -> Any:
    value: Any = {"s": None, "c": None}
    for _ in range(n):
        value = {"s": None, "c": value}
    return value


def _literal_original(n: int) -> Any:
    value: Any = {}
    for _ in range(n):
        value = {"c": value}
    return value


def _deep_in_the_stack(frames: int, call: Any) -> Any:
    """*call* made *frames* frames down: less room, so a schema written out (which the
    normal form takes 120 levels deep) reaches the limit."""
    return call() if frames <= 0 else _deep_in_the_stack(frames - 1, call)


def test_a_schema_written_out_maps_back_to_the_same_limit() -> None:
    import sys

    sch = _literal(120)
    rendered = schema.render(sch, "openai.chat", on_error="report")  # (past OpenAI's 10 levels: a lint)
    here, frame = 0, sys._getframe()
    while frame is not None:
        here, frame = here + 1, frame.f_back  # type: ignore[assignment]
    down = sys.getrecursionlimit() - here - 450  # room for about 70 levels of the check

    def both(n: int) -> Any:
        issues = rendered.validate(_literal_answer(n))
        try:
            return issues, rendered.decode(_literal_answer(n))
        except DecodeError as err:
            return issues, err

    verdicts = []
    for n in range(1, 120):
        issues, decoded = _deep_in_the_stack(down, lambda n=n: both(n))
        if issues:
            assert [i.keyword for i in issues] == ["depth"], (n, [str(i) for i in issues[:3]])
            assert isinstance(decoded, DecodeError) and "nested too deeply to map back" in str(decoded)
        else:
            want = _literal_original(n)
            assert decoded == want, n
            assert jsonschema.Draft202012Validator(sch).is_valid(want)
        verdicts.append(bool(issues))
    assert False in verdicts and True in verdicts
    assert verdicts == sorted(verdicts)  # mapped up to one level, the depth issue from the next on
