"""``NaN``, ``Infinity`` and a number past a float's range (``1e400``) are no JSON numbers
(RFC 8259 §6: "Numeric values that cannot be represented ... (such as Infinity and NaN)
are not permitted"); Python's ``json`` reads them as ``nan`` / ``inf``. An answer holding
one where its schema is free form (``additionalProperties: true``, pydantic's
``Dict[str, Any]``) was ``ok`` with a float no JSON text can carry; it is ``invalid`` now,
with an issue at its path, as where the schema names a type."""

from __future__ import annotations

import math
from typing import Any, Dict

import pytest

from toolwire import retry, schema

S = {"type": "object", "properties": {"meta": {"type": "object", "additionalProperties": True}}, "required": ["meta"]}
ASK = {"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]}
SAID = "is not a JSON number: NaN and infinity are not numbers in JSON"


def _chat(content: str) -> Dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion", "model": "gpt-4o",
            "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}]}


@pytest.mark.parametrize(("text", "shown"), [
    ("NaN", "NaN"), ("Infinity", "Infinity"), ("-Infinity", "-Infinity"), ("1e400", "Infinity"), ("-1e400", "-Infinity"),
])
def test_a_free_form_part_holding_no_json_number_is_invalid(text: str, shown: str) -> None:
    p = retry.prepare(ASK, S, "openai.chat", mode="prompt")
    out = retry.classify(_chat('{"meta": {"score": ' + text + ', "n": 1}}'), p.state)
    assert out.kind == "invalid"
    assert [(e.path, e.keyword, e.message) for e in out.errors] == [("$.meta.score", "type", f"{shown} {SAID}")]
    assert retry.plan(p.request, out, p.state).action == "retry"


def test_an_answer_after_one_holding_nan_is_still_found() -> None:
    p = retry.prepare(ASK, S, "openai.chat", mode="prompt")
    out = retry.classify(_chat('First {"meta": {"score": NaN}}, then {"meta": {"score": 0.5}}'), p.state)
    assert (out.kind, out.value) == ("ok", {"meta": {"score": 0.5}})


def test_nan_deep_in_an_array_of_an_empty_schema() -> None:
    issues = schema.validate({"a": [1, {"b": [float("nan")]}]}, {})
    assert [(e.path, e.keyword, e.message) for e in issues] == [("$.a[1].b[0]", "type", f"NaN {SAID}")]


def test_a_typed_nan_is_reported_once() -> None:
    issues = schema.validate({"a": math.inf}, {"properties": {"a": {"type": "number"}}})
    assert [(e.path, e.message) for e in issues] == [("$.a", f"Infinity {SAID}")]


def test_free_form_string_does_not_decode_a_number_out_of_range() -> None:
    r = schema.render(S, "openai.chat", free_form="string")
    sent = {"meta": '{"a": 1e400}'}
    assert r.decode(sent) == sent  # stays the string, as one holding NaN does
    assert [(e.path, e.keyword) for e in r.validate(sent)] == [("$.meta", "type")]
    assert r.decode({"meta": '{"a": 1e300}'}) == {"meta": {"a": 1e300}}


def _nested(n: int) -> Any:
    value: Any = [float("nan")]
    for _ in range(n):
        value = [float("nan"), value]
    return value


def test_the_search_spells_pointers_in_linear_work() -> None:
    """Counted, not timed: the pointer text spelled for a NaN at every level of an array n
    deep and 4n deep (a pointer per float cost its depth: quadratic)."""
    from toolwire.schema._json_numbers import non_finite

    def spelled(n: int) -> int:
        return sum(len(ptr) for ptr, _ in non_finite(_nested(n), 100))

    assert spelled(4000) <= 4.5 * spelled(1000)


def test_nan_below_the_room_is_one_depth_issue() -> None:
    from toolwire.schema._validate import stack_room

    deep: Any = _nested(50)  # NaNs below the room (at every level, more than the 100 issues listed)
    for _ in range(stack_room()):
        deep = [1, deep]
    issues = schema.validate([math.nan, deep], {})
    assert [e.keyword for e in issues].count("depth") == 1
    assert issues[-1].keyword == "depth"
    assert issues[0].path == "$[0]"


@pytest.mark.parametrize("value", [float("nan"), -math.inf, 1.5, 3, "NaN", None, True])
def test_a_scalar_answer(value: Any) -> None:
    issues = schema.validate(value, {})
    bad = isinstance(value, float) and not math.isfinite(value)
    assert [(e.path, e.keyword) for e in issues] == ([("$", "type")] if bad else [])


def test_a_value_holding_itself_is_read_once() -> None:
    value: Dict[str, Any] = {"a": [1.0]}
    value["a"].append(value)
    assert schema.validate(value, {}) == []
    value["a"].append(math.nan)
    assert [e.path for e in schema.validate(value, {})] == ["$.a[2]"]
