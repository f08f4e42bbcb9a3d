"""OpenAI strict mode: nothing but ``title`` and ``description`` beside ``anyOf``.

The keywords beside an ``anyOf`` (``{"anyOf": [...], "minimum": 0}``, a ``type`` beside
it) were sent there and reported lossless. openai-java's client-side check of a strict
schema (``JsonSchemaValidator.kt``, ``ALLOWED_KEYWORDS_ANY_OF_SUB_SCHEMA``) takes
``anyOf``, ``title``, ``description`` only, and OpenAI's "Supported schemas" says each
nested schema of an ``anyOf`` must be valid on its own. The exact rewrite copies the
keywords into each branch (A and (B1 or B2) is (A and B1) or (A and B2)); a keyword that
cannot go into a branch exactly is reported lossy. Verdicts on the wire schema are the
``jsonschema`` package's, compared with its verdicts on the original.
"""

from __future__ import annotations

import contextlib
from typing import Any, Dict, Iterator

import jsonschema
import pytest

from toolwire import schema

# openai-java ``JsonSchemaValidator``: ALLOWED_KEYWORDS_ANY_OF_SUB_SCHEMA = setOf(ANY_OF, TITLE, DESC)
BESIDE_ANY_OF = {"anyOf", "title", "description"}

VALUES = [-1, 0, 1, 3, 5, 7, 2.5, -2.5, 10**20, "a", "b", "ab", "", None, True, {}, [], {"n": 1}, {"a": 1},
          {"a": 1, "b": 2}]

CASES: Dict[str, Any] = {
    "minimum": {"anyOf": [{"type": "integer"}, {"type": "number"}], "minimum": 0},
    "type": {"anyOf": [{"type": "integer"}, {"type": "string"}], "type": "integer"},
    "minimum_mixed": {"anyOf": [{"type": "integer"}, {"type": "string"}], "minimum": 0},
    "bounds_and_notes": {"anyOf": [{"type": "integer"}, {"type": "string", "pattern": "^a"}], "maximum": 5,
                         "exclusiveMinimum": -2, "description": "d", "title": "t"},
    "type_array_beside": {"anyOf": [{"type": "integer", "maximum": 3}, {"type": "string"}],
                          "type": ["integer", "string"], "minimum": 1},
    # the boolean branch has no value of the enum: dropped, not an empty enum (unsatisfiable)
    "enum_beside": {"anyOf": [{"type": "boolean"}, {"type": "integer"}, {"type": "string"}], "enum": [1, "a", None]},
    "object_keywords": {"anyOf": [{"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
                                   "required": ["b"]}, {"type": "integer"}], "required": ["a"], "maximum": 4},
}


def _wrap(x: Any) -> Dict[str, Any]:
    return {"type": "object", "properties": {"x": x}, "required": ["x"], "additionalProperties": False}


def _nodes(node: Any, ptr: str = "") -> Iterator[Any]:
    if isinstance(node, dict):
        yield ptr, node
        for key, value in node.items():
            if key in ("enum", "const", "required"):
                continue
            yield from _nodes(value, f"{ptr}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _nodes(value, f"{ptr}/{i}")


@pytest.mark.parametrize("target", ["openai.chat", "openai.responses"])
@pytest.mark.parametrize("name", list(CASES))
def test_only_title_and_description_beside_any_of_and_the_wire_means_the_same(target: str, name: str) -> None:
    original = _wrap(CASES[name])
    rendered = schema.render(original, target)
    for ptr, node in _nodes(rendered.wire_schema):
        if "anyOf" in node:
            assert set(node) <= BESIDE_ANY_OF, (ptr, node)
    assert rendered.lossless
    wire, orig = jsonschema.Draft202012Validator(rendered.wire_schema), jsonschema.Draft202012Validator(original)
    for value in VALUES:
        assert wire.is_valid({"x": value}) == orig.is_valid({"x": value}), (value, rendered.wire_schema)
        assert (rendered.validate({"x": value}) == []) == orig.is_valid({"x": value}), value


def test_a_keyword_a_recursive_branch_takes_is_lost_there_only(sx: Any) -> None:
    """``maxItems`` beside a recursive ``$ref`` to an array: the target cannot be copied
    (nor wrapped: nothing but ``title`` and ``description`` beside ``$ref``, no
    ``allOf``), so that branch is sent without it and the render says so (lossy); the
    other array branch takes it. (``minimum`` there would not apply to the array: exact,
    see test_render_any_of_ref_branches.py.)"""
    t = {"type": "array", "items": {"anyOf": [{"$ref": "#/$defs/T"}, {"type": "integer"}]}}
    original = {**_wrap({"anyOf": [{"$ref": "#/$defs/T"}, {"type": "array", "items": {"type": "string"}}],
                         "maxItems": 1}), "$defs": {"T": t}}
    rendered = schema.render(original, "openai.chat", on_error="report")
    assert rendered.wire_schema["properties"]["x"] == {
        "anyOf": [{"$ref": "#/$defs/T"}, {"type": "array", "items": {"type": "string"}, "maxItems": 1}]}
    _lossy(sx, rendered, "/properties/x", "maxItems")
    # checked locally all the same: jsonschema's verdicts
    orig = jsonschema.Draft202012Validator(original)
    for value in ([1], [1, 2], [[1], 2], ["a"], ["a", "b"], 1):
        assert (rendered.validate({"x": value}) == []) == orig.is_valid({"x": value}), value


def test_unevaluated_properties_beside_any_of_is_not_copied_into_the_branches(sx: Any) -> None:
    """Beside ``anyOf``, ``unevaluatedProperties`` sees every matching branch's
    properties; copied into one branch it would see that branch's alone (``{"a", "b"}``
    matches both branches, so both keys are evaluated: valid, says ``jsonschema``)."""
    x = {"anyOf": [{"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]},
                   {"type": "object", "properties": {"b": {"type": "integer"}}, "required": ["b"]}],
         "unevaluatedProperties": False}
    original = _wrap(x)
    _lossy(sx, schema.render(original, "openai.chat", on_error="report"), "/properties/x", "unevaluatedProperties")
    orig = jsonschema.Draft202012Validator(original)
    for value in ({"a": 1, "b": 2}, {"a": 1}, {"a": 1, "c": 3}, {"b": 1}):
        assert orig.is_valid({"x": value}) == (value != {"a": 1, "c": 3})
        assert (schema.validate({"x": value}, original) == []) == orig.is_valid({"x": value}), value


def _lossy(sx: Any, rendered: Any, pointer: str, keyword: str) -> None:
    """Nothing beside ``anyOf`` on the wire, and *keyword* at *pointer* said lost."""
    sx.alone_in_unions(rendered.wire_schema)
    sx.lossy_at(rendered, pointer, keyword)


def _nested_items(n: int) -> Dict[str, Any]:
    """``items`` beside an ``anyOf`` of two array branches, n deep: copied into each
    branch, each level would write the one below twice (2**n) without the copy budget."""
    x: Any = {"type": "integer"}
    for _ in range(n):
        x = {"anyOf": [{"type": "array"}, {"type": "array", "minItems": 1}], "items": x}
    return _wrap(x)


def _written(monkeypatch: Any, sch: Dict[str, Any], cap: float) -> int:
    from toolwire.schema import _rewrite

    seen = [0]
    real = _rewrite.Rewriter.node

    class _TooMuch(Exception):
        pass

    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        seen[0] += 1
        if seen[0] > cap:  # stop a 2**n walk here instead of waiting for it
            raise _TooMuch
        return real(self, *args, **kwargs)

    monkeypatch.setattr(_rewrite.Rewriter, "node", counted)
    with contextlib.suppress(_TooMuch):
        schema.render(sch, "openai.chat", on_error="report")
    return seen[0]


def test_keywords_copied_into_branches_are_written_in_linear_work(monkeypatch: Any) -> None:
    small = _written(monkeypatch, _nested_items(10), float("inf"))
    big = _written(monkeypatch, _nested_items(40), 4.5 * small)
    assert big <= 4.5 * small
    monkeypatch.undo()
    few = schema.render(_nested_items(3), "openai.chat")
    assert few.lossless  # a few levels are copied whole
    orig, wire = jsonschema.Draft202012Validator(_nested_items(3)), jsonschema.Draft202012Validator(few.wire_schema)
    for value in ([[[1]]], [[[]]], [[["a"]]], [], [[]], 1):
        assert wire.is_valid({"x": value}) == orig.is_valid({"x": value}), value
    deep = schema.render(_nested_items(40), "openai.chat", on_error="report")
    assert [lint.code for lint in deep.errors if lint.code == "too-large"] == ["too-large"]  # said once


@pytest.mark.parametrize("target", ["openai.chat", "openai.responses"])
def test_a_ref_with_siblings_sends_nothing_beside_its_any_of(target: str) -> None:
    """A ``$ref`` with siblings was sent as ``anyOf: [{"$ref"}]`` with the siblings beside
    it: openai-java refuses both (``$ref`` and ``anyOf`` each take only ``title`` and
    ``description``). The target is copied into the branch with the siblings (exact)."""
    original = {"type": "object", "required": ["a", "b"], "additionalProperties": False,
                "$defs": {"A": {"type": "array", "items": {"type": "integer"}}},
                "properties": {"a": {"$ref": "#/$defs/A", "maxItems": 2}, "b": {"$ref": "#/$defs/A", "description": "d"}}}
    rendered = schema.render(original, target)
    for ptr, node in _nodes(rendered.wire_schema):
        if "anyOf" in node:
            assert set(node) <= BESIDE_ANY_OF, (ptr, node)
        if "$ref" in node:
            assert set(node) <= {"$ref", "title", "description"}, (ptr, node)  # ALLOWED_KEYWORDS_REF_SUB_SCHEMA
    assert rendered.lossless
    wire, orig = jsonschema.Draft202012Validator(rendered.wire_schema), jsonschema.Draft202012Validator(original)
    for a in ([], [1], [1, 2], [1, 2, 3], ["x"], 1):
        value = {"a": a, "b": [1]}
        assert wire.is_valid(value) == orig.is_valid(value), value
        assert (rendered.validate(value) == []) == orig.is_valid(value), value
    # the changes are reported where the original has them: no pointer into a made-up anyOf
    assert all("/properties/a/anyOf" not in c.pointer for c in rendered.report), rendered.report


def _ref_branches(n: int) -> Dict[str, Any]:
    """``minimum`` beside n ``$ref`` branches to one definition of n branches: each copy
    of the target written into a branch is n nodes (n² nodes on the wire, 37 MB at
    n=1000, without the target's size charged to the copy budget)."""
    return {"type": "object", "required": ["x"], "additionalProperties": False,
            "$defs": {"A": {"anyOf": [{"type": "integer", "maximum": i} for i in range(n)]}},
            "properties": {"x": {"anyOf": [{"$ref": "#/$defs/A"}] * n, "minimum": 1}}}


def _object_ref_branches(n: int) -> Dict[str, Any]:
    """An object's keywords beside n ``$ref`` branches to one object of n properties: each
    branch is written with a copy of the target (the object rule, strict targets)."""
    return {"type": "object", "required": ["x"], "additionalProperties": False,
            "$defs": {"A": {"type": "object", "properties": {f"p{i}": {"type": "integer"} for i in range(n)}}},
            "properties": {"x": {"type": "object", "properties": {"q": {"type": "integer"}},
                                 "anyOf": [{"$ref": "#/$defs/A", "required": [f"p{i}"]} for i in range(n)]}}}


def _enum_branches(n: int) -> Dict[str, Any]:
    """An ``enum`` of n strings beside n string branches: n² values copied."""
    return _wrap({"enum": [f"v{i}" for i in range(n)], "anyOf": [{"type": "string", "maxLength": i + 2}
                                                                  for i in range(n)]})


def _wire_size(sch: Dict[str, Any]) -> int:
    import json

    return len(json.dumps(schema.render(sch, "openai.chat", on_error="report").wire_schema))


@pytest.mark.parametrize("make", [_ref_branches, _object_ref_branches, _enum_branches],
                         ids=["ref_branches", "object_ref_branches", "enum_branches"])
def test_copies_of_targets_and_enums_are_charged_before_they_are_made(monkeypatch: Any, make: Any) -> None:
    """Hostile input (a caller's schema): the wire and the work linear in the schema.
    Work is counted in ``Rewriter.node``, ``merge_all_of`` and value check calls, not timed."""
    from toolwire.schema import _normalize, _rewrite_conjunctions, _validate

    small_n, big_n = 60, 240
    assert _wire_size(make(big_n)) <= 4.5 * _wire_size(make(small_n))
    merges = [0]
    real = _normalize.merge_all_of

    def counted(*args: Any, **kwargs: Any) -> Any:
        merges[0] += 1
        return real(*args, **kwargs)

    checks = [0]
    real_valid = _validate._Checker.valid

    def valid(self: Any, *args: Any) -> bool:
        checks[0] += 1
        return real_valid(self, *args)

    monkeypatch.setattr(_rewrite_conjunctions, "merge_all_of", counted)
    monkeypatch.setattr(_validate._Checker, "valid", valid)
    small = _written(monkeypatch, make(small_n), float("inf"))
    small_merges, merges[0], small_checks, checks[0] = merges[0], 0, checks[0], 0
    big = _written(monkeypatch, make(big_n), 4.5 * small)
    assert big <= 4.5 * small
    assert merges[0] <= 4.5 * max(small_merges, 1)
    assert checks[0] <= 4.5 * max(small_checks, 1)
    monkeypatch.undo()
    r = schema.render(make(big_n), "openai.chat", on_error="report")
    assert [x.code for x in r.errors if x.code == "too-large"] == ["too-large"]  # said once: refused


def test_an_enum_goes_into_each_branch_with_the_values_that_pass_it_only() -> None:
    """A value of another type than a branch's, or failing the branch, never passes that
    branch: each branch gets the enum's values it takes (the schema's 6 values are 4 on
    the wire: "bb" fails ``^a`` and 2.5 is no string, integer nor boolean; not 6 x 3)."""
    x = {"enum": ["a", "bb", 1, 2, 2.5, True], "anyOf": [{"type": "string", "pattern": "^a"}, {"type": "integer"},
                                                         {"type": "boolean"}]}
    original = _wrap(x)
    rendered = schema.render(original, "openai.chat")
    from toolwire.schema._util import json_type

    written = [node for _, node in _nodes(rendered.wire_schema) if "enum" in node]
    for node in written:
        kinds = node["type"] if isinstance(node["type"], list) else [node["type"]]
        assert all(json_type(v) in kinds for v in node["enum"]), node
    assert sorted(map(repr, (v for node in written for v in node["enum"]))) == ["'a'", "1", "2", "True"]
    assert rendered.lossless
    wire, orig = jsonschema.Draft202012Validator(rendered.wire_schema), jsonschema.Draft202012Validator(original)
    for value in ("a", "bb", 1, 2, 2.5, True, False, 1.0, "c"):
        assert wire.is_valid({"x": value}) == orig.is_valid({"x": value}), value


def test_forty_values_beside_thirty_branches_are_not_twelve_hundred() -> None:
    """The review's case: 40 strings beside 30 string branches, each branch taking one;
    copied whole, 1,200 values passed OpenAI's 1,000 (``limit-enum-values``, refused)."""
    values = [f"{c}{i}" for c in "abcdefgh" for i in range(5)]
    x = {"enum": values, "anyOf": [{"type": "string", "pattern": f"^{c}{i % 5}"} for c in "abcdef" for i in range(5)]}
    original = _wrap(x)
    rendered = schema.render(original, "openai.chat")
    written = [v for _, node in _nodes(rendered.wire_schema) if "enum" in node for v in node["enum"]]
    assert len(written) <= len(values) and rendered.lossless
    wire, orig = jsonschema.Draft202012Validator(rendered.wire_schema), jsonschema.Draft202012Validator(original)
    for value in [*values, "a", "z0", "a0x"]:
        assert wire.is_valid({"x": value}) == orig.is_valid({"x": value}), value
