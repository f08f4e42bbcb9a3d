"""A ``type`` array split into one branch per type (targets without type arrays, or a
strict target's object or array, or an enum by type) takes the ``anyOf`` beside it into
every branch: ``{"type": ["array", "string"], "anyOf": [S, ...]}`` writes ``S`` twice,
and ``S`` of the same shape nested n deep wrote 2**n nodes (12 levels: 28,667 nodes
written, 1 s; 30 levels: hours), a caller's schema being hostile input. Past a bound
(as inlining ``$ref`` has) the rest is not copied and the schema is refused with a
``too-large`` lint error. Counted, not timed."""

from __future__ import annotations

import contextlib
from typing import Any, Dict, List

import pytest

from toolwire import EncodeError
from toolwire.schema import _rewrite, render


def _nested(n: int, kinds: Any, enum: bool = False, open_inside: bool = False) -> Dict[str, Any]:
    # (*open_inside*: the innermost schema of type *kinds*, which leaves every split branch a value;
    # below ``{"type": "string"}`` an ``array`` branch has none and is left out, nothing copied)
    items = {"items": {"type": "integer"}} if "array" in kinds else {}
    s: Dict[str, Any] = {"type": kinds, **items} if open_inside else {"type": "string"}
    for _ in range(n):
        s = {"type": kinds, "anyOf": [s, {"type": "integer"}], **items, **({"enum": ["a", 1]} if enum else {})}
    return {"type": "object", "required": ["k"], "additionalProperties": False, "properties": {"k": s}}


class _TooMuch(Exception):
    pass


def _written(monkeypatch: Any, schema: Dict[str, Any], target: str, cap: float) -> int:
    seen: List[int] = []
    real = _rewrite.Rewriter.node

    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(1)
        if len(seen) > cap:  # a walk by paths: stop it here instead of waiting for 2**n
            raise _TooMuch
        return real(self, *args, **kwargs)

    monkeypatch.setattr(_rewrite.Rewriter, "node", counted)
    with contextlib.suppress(_TooMuch):
        render(schema, target, on_error="report")
    return len(seen)


CASES = [("gemini.openapi", ["string", "integer"], False), ("openai.chat", ["array", "string"], False),
         ("anthropic.messages", ["array", "string"], False), ("gemini", ["string", "integer"], True),
         ("bedrock.converse", ["string", "integer"], True)]


@pytest.mark.parametrize(("target", "kinds", "enum"), CASES, ids=[c[0] for c in CASES])
def test_nested_type_arrays_beside_an_any_of_are_written_in_linear_work(
        monkeypatch: Any, target: str, kinds: Any, enum: bool) -> None:
    small = _written(monkeypatch, _nested(13, kinds, enum, True), target, float("inf"))
    big = _written(monkeypatch, _nested(52, kinds, enum, True), target, 4.5 * small)
    assert big <= 4.5 * small


# OpenAI strict takes nothing beside ``anyOf`` (openai-java's ``JsonSchemaValidator``): the
# type of each split branch goes into the ``anyOf`` branches, which then hold one type each
# (the ``integer`` branch, typed apart from ``array``/``string``, is dropped), so nothing is
# split again below and the schema is written whole: see the test after this one
REFUSED = [c for c in CASES if c[0] != "openai.chat"]


@pytest.mark.parametrize(("target", "kinds", "enum"), REFUSED, ids=[c[0] for c in REFUSED])
def test_past_the_bound_the_schema_is_refused(target: str, kinds: Any, enum: bool) -> None:
    r = render(_nested(52, kinds, enum, True), target, on_error="report")
    assert [x.code for x in r.errors if x.code == "too-large"] == ["too-large"]
    with pytest.raises(EncodeError, match=r"\[too-large\]"):
        render(_nested(52, kinds, enum, True), target)


def test_openai_writes_the_nested_type_arrays_whole_as_jsonschema_reads_them() -> None:
    import jsonschema

    for n in (3, 52):
        original = _nested(n, ["array", "string"])
        r = render(original, "openai.chat")
        assert r.lossless and not r.errors
        wire, orig = jsonschema.Draft202012Validator(r.wire_schema), jsonschema.Draft202012Validator(original)
        for value in ("a", 1, [], [1], ["a"], [[1]], None, 2.5, {}):
            assert wire.is_valid({"k": value}) == orig.is_valid({"k": value}), (n, value)


def test_a_few_levels_are_still_written_whole() -> None:
    r = render(_nested(2, ["string", "integer"]), "gemini.openapi")
    inner = {"anyOf": [{"type": "string", "anyOf": [{"type": "string"}, {"type": "integer"}]},
                       {"type": "integer", "anyOf": [{"type": "string"}, {"type": "integer"}]}]}
    assert r.wire_schema["properties"]["k"] == {"anyOf": [
        {"type": "string", "anyOf": [inner, {"type": "integer"}]},
        {"type": "integer", "anyOf": [inner, {"type": "integer"}]}]}
    assert not r.errors
