"""OpenAI strict mode: the keywords beside an ``anyOf`` with ``$ref`` branches, and a
node whose keywords leave no branch a value.

openai-java's client-side check of a strict schema (``JsonSchemaValidator.kt``) takes
``anyOf``, ``title``, ``description`` beside ``anyOf`` and ``$ref``, ``title``,
``description`` beside ``$ref`` (nor ``allOf``: OpenAI's "Supported schemas" lists it as
not supported), so a keyword beside ``anyOf`` goes into each branch (A and (B1 or B2) is
(A and B1) or (A and B2)): a ``$ref`` branch whose target is typed apart from the
keyword is left as it is (the keyword does not apply there), one that takes it is its
target copied with the keyword, and one that cannot take it exactly (a recursive
target, keywords with no merged form) is the only part reported lost. Expected wire
schemas are pinned from those rules; verdicts are the ``jsonschema`` package's.
"""

from __future__ import annotations

from typing import Any, Dict

import jsonschema
import pytest

from toolwire import retry, schema
from toolwire._errors import EncodeError

REQUEST = {"model": "gpt-4o", "messages": [{"role": "user", "content": "Name a value."}]}
A_OBJECT = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"],
            "additionalProperties": False}


def _with_defs(x: Any, defs: Dict[str, Any]) -> Dict[str, Any]:
    return {"type": "object", "properties": {"x": x}, "required": ["x"], "additionalProperties": False,
            "$defs": defs}


@pytest.mark.parametrize("target", ["openai.chat", "openai.responses"])
def test_a_keyword_of_another_type_leaves_a_ref_branch_as_it_is(target: str, sx: Any) -> None:
    """``minimum`` does not apply to the object ``A`` names: the ``$ref`` branch stays
    bare and ``minimum`` goes into the integer branch (it was left out of both and
    reported unsupported)."""
    original = _with_defs({"anyOf": [{"$ref": "#/$defs/A"}, {"type": "integer"}], "minimum": 0}, {"A": A_OBJECT})
    rendered = schema.render(original, target)
    assert rendered.wire_schema == _with_defs({"anyOf": [{"$ref": "#/$defs/A"}, {"type": "integer", "minimum": 0}]},
                                              {"A": A_OBJECT})
    assert rendered.lossless, rendered.report
    sx.alone_in_unions(rendered.wire_schema)
    assert retry.prepare(REQUEST, original, target, allow_lossy=False).mode == "native"  # (was prompt: lossy)
    wire, orig = jsonschema.Draft202012Validator(rendered.wire_schema), jsonschema.Draft202012Validator(original)
    for value in (-1, 0, 3, 2.5, {"a": -1}, {"a": 1}, {}, "a"):
        assert wire.is_valid({"x": value}) == orig.is_valid({"x": value}), value


def test_a_keyword_beside_a_recursive_branch_of_another_type_is_exact(sx: Any) -> None:
    """``minimum`` beside a recursive ``$ref`` to an object: the target is not copied (it
    cannot be), and need not be: ``minimum`` does not apply to it."""
    original = {
        "$defs": {"N": {"type": "object", "properties": {"n": {"anyOf": [{"$ref": "#/$defs/N"}, {"type": "integer"}],
                                                             "minimum": 1}}}},
        "$ref": "#/$defs/N",
    }
    rendered = schema.render(original, "openai.chat")
    # the optional property made required with a null branch (the guide: "emulate an
    # optional parameter ... a union type with null")
    assert rendered.wire_schema["$defs"]["N"]["properties"]["n"] == {
        "anyOf": [{"$ref": "#/$defs/N"}, {"type": "integer", "minimum": 1}, {"type": "null"}]}
    assert rendered.lossless, rendered.report
    sx.alone_in_unions(rendered.wire_schema)
    orig = jsonschema.Draft202012Validator(original)
    for value in ({"n": 0}, {"n": 1}, {"n": {"n": 0}}, {"n": {"n": 2}}, {"n": {}}):
        assert (rendered.validate({"result": value}) == []) == orig.is_valid(value), value


def test_a_keyword_one_ref_branch_cannot_take_still_goes_into_the_others(sx: Any) -> None:
    """Two patterns have no merged form (OpenAI takes no ``allOf``): the ``$ref`` branch
    is sent without ``pattern`` (reported: "b" passes there), the string branch with it
    ("c" was accepted there too)."""
    s = {"type": "string", "pattern": "b$"}
    original = _with_defs({"anyOf": [{"$ref": "#/$defs/S"}, {"type": "string"}], "pattern": "^a"}, {"S": s})
    rendered = schema.render(original, "openai.chat")
    assert rendered.wire_schema == _with_defs({"anyOf": [{"$ref": "#/$defs/S"}, {"type": "string", "pattern": "^a"}]},
                                              {"S": s})
    sx.lossy_at(rendered, "/properties/x", "pattern")
    sx.alone_in_unions(rendered.wire_schema)
    wire, orig = jsonschema.Draft202012Validator(rendered.wire_schema), jsonschema.Draft202012Validator(original)
    assert not wire.is_valid({"x": "c"}) and not orig.is_valid({"x": "c"})
    assert wire.is_valid({"x": "b"}) and not orig.is_valid({"x": "b"})  # the part reported lost
    assert rendered.validate({"x": "b"}) != [] and rendered.validate({"x": "ab"}) == []


@pytest.mark.parametrize("x", [
    {"anyOf": [{"type": "integer"}, {"type": "boolean"}], "type": "string", "enum": ["a", "b"]},
    {"anyOf": [{"type": "string", "pattern": "^a"}], "type": "string", "enum": ["b"]},
    {"anyOf": [{"$ref": "#/$defs/A"}, {"type": "integer"}], "type": "string"},
], ids=["type_apart", "enum_failing_the_branch", "type_apart_from_a_ref"])
def test_keywords_leaving_no_branch_a_value_are_refused_at_render_time(x: Any, sx: Any) -> None:
    """The keywords beside ``anyOf`` and each branch have no value in common: the schema
    accepts nothing. It was sent as it was (``type`` and ``enum`` beside ``anyOf``,
    which openai-java refuses) with a warning, and reported lossless."""
    original = _with_defs(x, {"A": A_OBJECT})
    orig = jsonschema.Draft202012Validator(original)
    assert not any(orig.is_valid({"x": v}) for v in ("a", "b", "ab", 1, True, {"a": 1}, None))
    with pytest.raises(EncodeError) as err:
        schema.render(original, "openai.chat")
    assert err.value.loc == "$.properties.x" and "[unsatisfiable]" in str(err.value), err.value
    rendered = schema.render(original, "openai.chat", on_error="report")
    assert [(e.code, e.pointer) for e in rendered.errors] == [("unsatisfiable", "/properties/x")]
    assert not rendered.lossless
    sx.alone_in_unions(rendered.wire_schema)
    # the planner reads the same lints: no native request (it was sent, and refused there);
    # prompt mode refuses it too where its render finds the types apart (no value)
    try:
        mode = retry.prepare(REQUEST, original, "openai.chat").mode
    except EncodeError as refused:
        assert "[unsatisfiable]" in str(refused), refused
    else:
        assert mode == "prompt"
    with pytest.raises(EncodeError, match=r"\[unsatisfiable\]"):
        retry.prepare(REQUEST, original, "openai.chat", mode="native")


def _chain_branches(n: int) -> Dict[str, Any]:
    """n ``$ref`` branches naming the first of a chain of n references to an object."""
    defs: Dict[str, Any] = {f"A{i}": {"$ref": f"#/$defs/A{i + 1}"} for i in range(n)}
    defs[f"A{n}"] = A_OBJECT
    return _with_defs({"anyOf": [{"$ref": "#/$defs/A0"}] * n + [{"type": "integer"}], "minimum": 0}, defs)


def test_the_types_of_ref_branches_are_read_in_linear_work(monkeypatch: Any) -> None:
    """Hostile input (a caller's schema): each reference of the chain resolved once, not
    once per branch (n x n); counted in the rewrite's target look-ups, not timed."""
    from toolwire.schema import _rewrite_conjunctions

    seen = [0]
    real = _rewrite_conjunctions.ConjunctionRewrites._target

    def counted(self: Any, ref: str) -> Any:
        seen[0] += 1
        return real(self, ref)

    monkeypatch.setattr(_rewrite_conjunctions.ConjunctionRewrites, "_target", counted)
    counts = []
    for n in (50, 200):
        seen[0] = 0
        rendered = schema.render(_chain_branches(n), "openai.chat", on_error="report")
        assert rendered.wire_schema["properties"]["x"]["anyOf"][-1] == {"type": "integer", "minimum": 0}
        counts.append(seen[0])
    assert counts[1] <= 4.5 * counts[0], counts


def test_a_type_a_recursive_ref_branch_has_already_leaves_it_as_it_is(sx: Any) -> None:
    """``type: array`` beside a recursive ``$ref`` to an array and a string branch: the
    string branch shares no value with it (dropped), the ``$ref`` branch is an array
    already (kept bare, not copied; ``type`` was reported lost for it)."""
    t = {"type": "array", "items": {"anyOf": [{"$ref": "#/$defs/T"}, {"type": "integer"}]}}
    original = _with_defs({"anyOf": [{"$ref": "#/$defs/T"}, {"type": "string"}], "type": "array"}, {"T": t})
    rendered = schema.render(original, "openai.chat")
    assert rendered.wire_schema == _with_defs({"anyOf": [{"$ref": "#/$defs/T"}]}, {"T": t})
    assert rendered.lossless, rendered.report
    sx.alone_in_unions(rendered.wire_schema)


def test_a_branch_left_no_value_is_left_out_of_its_union(sx: Any) -> None:
    """A branch whose own keywords leave its ``anyOf`` no value matches nothing: its
    parent ``anyOf`` leaves it out (exact), and a schema that accepts values is not
    refused for it (it was sent with ``type`` and ``items`` beside the ``anyOf``)."""
    x = {"anyOf": [{"type": "array", "items": {"type": "integer"}, "anyOf": [{"type": "string"}, {"type": "integer"}]},
                   {"type": "string"}]}
    original = _with_defs(x, {})
    rendered = schema.render(original, "openai.chat")
    assert rendered.wire_schema["properties"]["x"] == {"anyOf": [{"type": "string"}]}
    assert rendered.lossless and not rendered.lints, (rendered.report, rendered.lints)
    sx.alone_in_unions(rendered.wire_schema)
    wire, orig = jsonschema.Draft202012Validator(rendered.wire_schema), jsonschema.Draft202012Validator(original)
    for value in ("a", 1, [], [1], ["a"], None):
        assert wire.is_valid({"x": value}) == orig.is_valid({"x": value}), value


def test_an_optional_property_left_no_value_is_sent_as_null_alone(sx: Any) -> None:
    """An optional property whose schema accepts nothing can only be absent: made
    required, it is the null branch of OpenAI's optional form ("a union type with null")
    alone (an answer's null is removed again), not a node that accepts nothing beside it
    (``not`` is no keyword OpenAI strict takes) reported lossless."""
    original = {"type": "object", "properties": {"a": {"anyOf": [{"type": "integer"}], "type": "string"},
                                                 "b": {"type": "integer"}}, "required": ["b"]}
    rendered = schema.render(original, "openai.chat")
    assert rendered.wire_schema == {"type": "object", "properties": {"a": {"anyOf": [{"type": "null"}]},
                                                                     "b": {"type": "integer"}},
                                    "required": ["a", "b"], "additionalProperties": False}
    assert rendered.lossless and not rendered.lints, (rendered.report, rendered.lints)
    sx.alone_in_unions(rendered.wire_schema)
    orig = jsonschema.Draft202012Validator(original)
    for answer, value in (({"a": None, "b": 1}, {"b": 1}), ({"a": "x", "b": 1}, {"a": "x", "b": 1}),
                          ({"a": 1, "b": 1}, {"a": 1, "b": 1})):
        assert (rendered.validate(answer) == []) == orig.is_valid(value), answer
