"""Issue #16 items 5 and 6, schema side: a caller's schema is untrusted input.

Patterns run on a linear-time engine, ``uniqueItems`` hashes, deep values and deep or
cyclic schemas end in an answer or a ``SchemaError`` (a ``ToolwireError``), never in a
``RecursionError``, ``TypeError``, pydantic's ``SchemaError`` or a ``ValueError`` from
printing a huge number. Timings live in ``benchmarks/bench_scaling.py``; these tests pin
the answers (a backtracking engine would take minutes on the first one).
"""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

from toolwire import DecodeError, EncodeError, SchemaError, ToolwireError
from toolwire.schema import check_limits, normalize, prompt, render, targets, to_pydantic, validate
from toolwire.schema._util import unique_by_json


def _nest(n: int, leaf: Any) -> Any:
    for _ in range(n):
        leaf = [leaf]
    return leaf


# -- item 5: patterns and uniqueItems -------------------------------------------------------------
def test_nested_quantifier_pattern_answers_without_backtracking() -> None:
    schema = {"type": "string", "pattern": "^(a+)+$"}
    text = "a" * 28 + "!"  # 18.7 s on Python's re
    assert [i.keyword for i in validate(text, schema)] == ["pattern"]
    assert validate("a" * 28, schema) == []
    model = to_pydantic({"type": "object", "properties": {"s": schema}})
    with pytest.raises(ValueError):
        model.model_validate({"s": text})
    assert model.model_validate({"s": "aaa"}).s == "aaa"  # type: ignore[attr-defined]


def test_pattern_properties_run_on_the_linear_engine() -> None:
    schema = {"type": "object", "patternProperties": {"^(a+)+$": {"type": "integer"}}}
    assert validate({"a" * 28 + "!": "x"}, schema) == []  # the key does not match: no constraint
    assert [i.keyword for i in validate({"aaaa": "x"}, schema)] == ["type"]


@pytest.mark.parametrize("pattern", ["(?=a)a", "(?<!x)y", r"(a)\1"], ids=["lookahead", "lookbehind", "backreference"])
def test_patterns_the_linear_engine_cannot_run_are_refused(pattern: str) -> None:
    schema = {"type": "object", "properties": {"s": {"type": "string", "pattern": pattern}}}
    with pytest.raises(SchemaError, match="linear-time regex engine cannot run") as err:
        validate({"s": "a"}, schema)
    assert err.value.loc == "$.properties.s.pattern"
    with pytest.raises(SchemaError):
        to_pydantic(schema)
    # still sendable: a provider may run it; the renderer reports what it does with it
    assert render(schema, "openai.chat", strict=False).wire_schema["properties"]["s"]["pattern"] == pattern
    # vLLM's engines do not compile it (look-around, a back-reference): moved (test_vllm_engine_rules.py)
    assert "pattern" not in render(schema, "vllm", on_error="report").wire_schema["properties"]["s"]


@pytest.mark.parametrize("pattern", [r"\p{L}{500}", ".{20000}"])
def test_a_pattern_too_large_for_the_linear_engine_is_sent_and_not_run(pattern: str) -> None:
    """A valid pattern whose compiled form passes the Rust engine's 10 MB size limit:
    ``render`` sends it unchanged, for the provider to run (it was refused as "not a
    valid regular expression": Python's ``re`` has no ``\\p``), and ``validate`` /
    ``to_pydantic`` say why they do not run it (``.{20000}`` was "uses a feature")."""
    schema = {"type": "object", "properties": {"s": {"type": "string", "pattern": pattern}}, "required": ["s"],
              "additionalProperties": False}
    for target in targets():  # kept, or moved into the description where a target takes no pattern; the
        # caller told before sending that no answer can be checked (test_render_unchecked_patterns.py)
        lints = render(schema, target).lints
        assert [(lint.code, lint.pointer, lint.severity) for lint in lints] == [
            ("unchecked-pattern", "/properties/s", "warning")]
    for target in ("openai.chat", "gemini.openapi"):
        assert render(schema, target).wire_schema["properties"]["s"]["pattern"] == pattern
    # vLLM's xgrammar matches the whole string: the search written as one (test_vllm_engine_rules.py)
    assert render(schema, "vllm").wire_schema["properties"]["s"]["pattern"] == f"^[\\s\\S]*(?:{pattern})[\\s\\S]*$"
    # not written ^...$: llama.cpp's converter refuses it (test_ollama_patterns.py)
    assert "pattern" not in render(schema, "ollama").wire_schema["properties"]["s"]
    message = (f"Pattern {pattern!r} at $.properties.s.pattern is too large for the linear-time regex engine "
               "(its compiled form exceeds the size limit of 10,485,760 bytes)")
    for call in (lambda: validate({"s": "a"}, schema), lambda: to_pydantic(schema)):
        with pytest.raises(SchemaError) as err:
            call()
        assert str(err.value) == message and err.value.loc == "$.properties.s.pattern"


def test_pattern_search_semantics_and_unicode() -> None:
    assert validate("xxabx", {"pattern": "ab"}) == []
    assert validate("é", {"pattern": "^.$"}) == []
    assert validate("a\ud800b", {"pattern": "a.b"}) == []  # a lone surrogate is one character


def test_unique_items_hashes_json_values() -> None:
    assert unique_by_json([1, True, "1", None, [1], {"a": 1}, 0, False])
    assert not unique_by_json([1, 1.0])
    assert not unique_by_json([{"a": [1, {"b": 2}]}, {"a": [1.0, {"b": 2}]}])
    assert not unique_by_json([{"a": 1, "b": 2}, {"b": 2, "a": 1}])
    big = list(range(6000))
    assert validate(big, {"uniqueItems": True}) == []  # 8.5 s when compared pairwise
    assert [i.keyword for i in validate([*big, 5999.0], {"uniqueItems": True})] == ["uniqueItems"]


# -- item 6: escapes ------------------------------------------------------------------------------
def test_a_300_deep_array_is_an_answer_not_a_recursion_error() -> None:
    schema = {"type": "array", "items": {"$ref": "#"}}
    assert validate(_nest(40, []), schema) == []
    issues = validate(_nest(300, []), schema)
    assert [i.keyword for i in issues] == ["depth"]
    assert issues[0].message == "the value is nested too deeply to check"
    assert render(schema, "prompt").validate(_nest(300, [])) != []


def test_a_250_deep_schema_is_refused_by_to_pydantic() -> None:
    schema: Any = {"type": "integer"}
    for _ in range(250):
        schema = {"type": "array", "items": schema}
    with pytest.raises(SchemaError, match="nested deeper than 48 levels"):
        to_pydantic(schema)
    assert validate(_nest(3, 1), schema) != []  # validate still answers


@pytest.mark.parametrize(
    "schema",
    [
        {"$ref": "#"},
        {"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"},
        {"anyOf": [{"type": "integer"}, {"$ref": "#"}]},
        {"$defs": {"a": {"allOf": [{"not": {"$ref": "#/$defs/a"}}]}}, "properties": {"x": {"$ref": "#/$defs/a"}}},
    ],
    ids=["self", "mutual", "through-anyOf", "through-not"],
)
def test_ref_cycles_that_never_reach_a_value_are_refused(schema: Any) -> None:
    for call in (lambda: validate(1, schema), lambda: to_pydantic(schema), lambda: render(schema, "openai.chat")):
        with pytest.raises(SchemaError, match="loops back to itself"):
            call()


def test_recursion_through_values_is_still_fine() -> None:
    schema = {"anyOf": [{"type": "integer"}, {"type": "array", "items": {"$ref": "#"}}]}
    assert validate([1, [2, [3]]], schema) == []
    assert to_pydantic(schema).model_validate_json("[1, [2, [3]]]").root == [1, [2, [3]]]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("schema", "message"),
    [
        ({"required": 5}, "'required' must be an array of strings at $, got 5"),
        ({"properties": {"a": {"maxLength": "3"}}}, "'maxLength' must be a non-negative integer at $.properties.a, got '3'"),
        ({"minItems": -1}, "'minItems' must be a non-negative integer at $, got -1"),
        ({"multipleOf": 0}, "'multipleOf' must be a number greater than 0 at $, got 0"),
        ({"maximum": "10"}, "'maximum' must be a number at $, got '10'"),
        ({"enum": 3}, "'enum' must be an array at $, got 3"),
        ({"uniqueItems": "yes"}, "'uniqueItems' must be a boolean at $, got 'yes'"),
        ({"pattern": "("}, "Pattern '(' at $.pattern is not a valid regular expression"),
        ({"patternProperties": {"[": {}}}, "Pattern '[' at $.patternProperties[\"[\"] is not a valid regular expression"),
        ({"$ref": "#/$defs/nope"}, "$ref '#/$defs/nope' at $ does not resolve"),
        ({"$ref": "#nope"}, "$ref '#nope' at $ names no $anchor of this schema"),
        ({"$defs": {"x": {"$id": "http://e.x/s", "$ref": "#"}}}, "An embedded $id at $.$defs.x starts another schema resource; references inside it are not supported"),
    ],
)
def test_malformed_schemas_raise_schema_error(schema: Any, message: str) -> None:
    for call in (lambda: validate(1, schema), lambda: to_pydantic(schema), lambda: normalize(schema)):
        with pytest.raises(SchemaError) as err:
            call()
        assert str(err.value) == message
    assert issubclass(SchemaError, DecodeError) and issubclass(SchemaError, ToolwireError)


def test_a_bound_too_long_to_print_is_enforced() -> None:
    schema = {"type": "number", "maximum": 10**5000}
    assert validate(1e308, schema) == []
    [issue] = validate(10**5001, schema)
    assert issue.keyword == "maximum"
    assert issue.message == "an integer of 16613 bits is greater than the maximum of an integer of 16610 bits"
    model = to_pydantic(schema)
    assert model.model_validate_json("1e308").root == 1e308  # type: ignore[attr-defined]
    assert ("", "maximum", "checked") in {(c.pointer, c.keyword, c.action) for c in model.__toolwire_report__}
    json.dumps(model.__toolwire_report__, default=str)


# -- integers too long for Python to write (over 4,300 digits) -------------------------------------
BIG = 10**5000


@pytest.mark.parametrize("keyword", ["const", "enum", "default", "maximum"])
def test_render_refuses_an_integer_too_long_to_write_for_every_target(keyword: str) -> None:
    """``json.dumps`` (and so any SDK sending the request) refuses an integer of over
    4,300 digits: ``render`` says so with a ``not-representable`` lint error (``EncodeError``
    by default) where it would write one, never a plain ``ValueError`` (it raised one
    counting the schema's characters, dumping it for the prompt or into a description)."""
    sub = {"enum": [BIG, 1]} if keyword == "enum" else {"type": "integer", keyword: BIG}
    schema = {"type": "object", "properties": {"a": sub}, "required": ["a"], "additionalProperties": False}
    for target in targets():
        try:
            out = render(schema, target, on_error="report")
        except EncodeError as err:  # the prompt and Bedrock (whose schema is a JSON string) cannot be built
            assert target in ("prompt", "bedrock.converse") and "too long to write" in str(err)
            continue
        errors = [x for x in out.lints if x.code == "not-representable"]
        if keyword in ("default", "maximum") and not errors:  # an annotation dropped, a bound not sent
            assert "10000" not in json.dumps(out.request)
            continue
        assert errors and "16610 bits" in errors[0].message and errors[0].severity == "error", target
        with pytest.raises(EncodeError, match="too long to write|not supported"):  # gemini.openapi: its enum
            render(schema, target)


def test_the_prompt_says_where_an_integer_too_long_to_write_is() -> None:
    schema = {"type": "object", "properties": {"a": {"type": "integer", "maximum": BIG}}}
    with pytest.raises(EncodeError) as err:
        prompt(schema)
    assert str(err.value) == "Schema holds an integer of 16610 bits at $.properties.a.maximum, too long to write in the prompt"
    assert err.value.loc == "$.properties.a.maximum"


def test_limits_count_the_digits_of_an_integer_without_printing_it() -> None:
    """OpenAI's character limit counts enum values: 10**5000 has 5,001 digits, counted
    from its bit length (printing it raised ``ValueError``; allowed, it is quadratic)."""
    [lint] = [x for x in check_limits({"enum": [BIG, "ab"]}, "openai.chat", limits={"max_chars": 5000})
              if x.code == "limit-chars"]
    assert lint.message.startswith("the request has 5003 characters of names and enum values")
    assert [x.code for x in check_limits({"const": -BIG}, "openai.chat")] == ["not-representable"]


# -- definitions used twice by definitions used twice: 2^n when expanded -----------------------
def _doubling(n: int, typed: bool = True) -> Any:
    """``D0`` uses ``D1`` twice, which uses ``D2`` twice, ...: n definitions, 2^n leaves
    once every ``$ref`` is replaced by its definition ("billion laughs")."""
    defs: Any = {}
    for i in range(n):
        nxt = {"$ref": f"#/$defs/D{i + 1}"}
        if typed:
            defs[f"D{i}"] = {"type": "object", "properties": {"x": nxt, "y": nxt}, "required": ["x", "y"],
                             "additionalProperties": False}
        else:
            defs[f"D{i}"] = {"anyOf": [nxt, {"type": "array", "items": nxt}]}
    defs[f"D{n}"] = {"type": "string"}
    return {"type": "object", "properties": {"r": {"$ref": "#/$defs/D0"}}, "required": ["r"],
            "additionalProperties": False, "$defs": defs}


def _strings(wire: Any) -> int:
    return json.dumps(wire).count('"type": "STRING"') + json.dumps(wire).count('"type": "string"')


def test_inlining_definitions_for_gemini_openapi_stops_at_its_bound() -> None:
    """``gemini.openapi`` takes no ``$ref``, so definitions are inlined; 40 of them, each
    used twice, would write 2^40 leaves. Past 5,000 nodes beyond 8 per node of the
    schema itself it is refused with a ``too-large`` lint error (``EncodeError`` by
    default); a large schema whose definitions are each used once is inlined whole."""
    small = render(_doubling(8), "gemini.openapi")  # 2^8 leaves, under the bound: inlined in full
    assert not small.lints and _strings(small.request) == 2 ** 8
    big = render(_doubling(40), "gemini.openapi", on_error="report")
    [lint] = [x for x in big.lints if x.code == "too-large"]
    assert lint.severity == "error" and "past 6,312 nodes" in lint.message  # 5,000 + 8 x 164 subschemas
    wide = {"type": "object", "properties": {f"p{i}": {"$ref": f"#/$defs/D{i}"} for i in range(400)},
            "required": [f"p{i}" for i in range(400)], "additionalProperties": False,
            "$defs": {f"D{i}": {"type": "object", "properties": {f"f{j}": {"type": "string"} for j in range(20)},
                                "required": [f"f{j}" for j in range(20)], "additionalProperties": False}
                      for i in range(400)}}  # 8,400 nodes inlined, each definition once
    assert not render(wide, "gemini.openapi").lints
    with pytest.raises(ToolwireError, match="too-large"):
        render(_doubling(40), "gemini.openapi")
    for target in ("openai.chat", "gemini", "anthropic.messages"):  # they keep $ref: nothing to bound
        assert not [x for x in render(_doubling(40), target, on_error="report").lints if x.code == "too-large"]


def test_to_pydantic_builds_each_shared_definition_once() -> None:
    """Model-less definitions (an ``anyOf``) are inlined as types; each is built once and,
    used more than once, is a named alias (one ``$defs`` entry), so 20 of them each
    used twice (2^20 leaves expanded; 20 is about the nesting ``to_pydantic`` takes)
    make a model in linear time, and it validates as the schema does."""
    model = to_pydantic(_doubling(20, typed=False))
    assert model.model_validate({"r": ["x", ["y"]]}).r == ["x", ["y"]]  # type: ignore[attr-defined]
    small = to_pydantic(_doubling(4, typed=False))  # pydantic 2.10 tries each nested union twice
    for bad in ({"r": 5}, {"r": [[5]]}):  # (strict, then lax): refusing a value is 2^n there
        with pytest.raises(Exception, match="validation error"):
            small.model_validate(bad)
        assert validate(bad, _doubling(20, typed=False))
    assert {"D1", "D2", "D19"} <= set(model.model_json_schema()["$defs"])


def test_to_pydantic_builds_shared_definitions_once_through_recursion() -> None:
    """As above, with every definition also referring back to the first (recursion cut
    short inside it): each is still built once, and the model validates as the schema
    does."""
    defs: Any = {f"D{i}": {"anyOf": [{"$ref": f"#/$defs/D{i + 1}"},
                                     {"type": "array", "items": {"$ref": f"#/$defs/D{i + 1}"}},
                                     {"type": "array", "items": {"$ref": "#/$defs/D0"}}]} for i in range(20)}
    defs["D20"] = {"type": "string"}
    schema = {"type": "object", "properties": {"r": {"$ref": "#/$defs/D0"}}, "required": ["r"], "$defs": defs}
    model = to_pydantic(schema)
    for good in ({"r": "x"}, {"r": [["x", ["y"]]]}):
        assert not validate(good, schema)
        model.model_validate(good)
    assert validate({"r": [[5]]}, schema)


# -- a chain of definitions, each holding the next: unbounded nesting once inlined ---------------
def _chain(n: int, kind: str) -> Any:
    """``D0`` holds ``D1`` (through ``items``, a property or an ``anyOf``), which holds
    ``D2``, ...: each definition is used once, but inlined they nest n levels deep."""
    def link(i: int) -> Any:
        nxt = {"$ref": f"#/$defs/D{i + 1}"}
        if kind == "items":
            return {"type": "array", "items": nxt}
        if kind == "properties":
            return {"type": "object", "properties": {"a": nxt}, "required": ["a"], "additionalProperties": False}
        if kind == "type-array":
            return {"type": ["array", "null"], "items": nxt}
        return {"anyOf": [nxt, {"type": "null"}]}

    defs: Any = {f"D{i}": link(i) for i in range(n)}
    defs[f"D{n}"] = {"type": "string"}
    return {"type": "object", "properties": {"r": {"$ref": "#/$defs/D0"}}, "required": ["r"],
            "additionalProperties": False, "$defs": defs}


@pytest.mark.parametrize("kind", ["items", "properties", "type-array", "anyOf"])
def test_inlining_a_chain_of_definitions_stops_at_its_depth_bound(kind: str) -> None:
    """``gemini.openapi`` inlines every ``$ref``: a chain of 300 definitions nests the wire
    schema 300 levels deep, past the stack at the default recursion limit (it raised
    ``RecursionError``). It is refused with a ``too-large`` lint error, as ``to_pydantic``
    refuses it (``SchemaError``); a short chain is inlined whole."""
    assert sys.getrecursionlimit() == 1000  # the default: the bound must hold there
    out = render(_chain(300, kind), "gemini.openapi", on_error="report")
    [lint] = [x for x in out.lints if x.code == "too-large"]
    assert lint.severity == "error" and "definitions inside one another" in lint.message
    with pytest.raises(EncodeError, match=r"too-large"):
        render(_chain(300, kind), "gemini.openapi")
    with pytest.raises(SchemaError, match="nested deeper than 48 levels"):
        to_pydantic(_chain(300, kind))
    short = render(_chain(40, kind), "gemini.openapi")
    assert not short.lints and "$ref" not in json.dumps(short.request)
    for target in ("openai.chat", "gemini", "anthropic.messages"):  # they keep $ref: no nesting
        assert not [x for x in render(_chain(300, kind), target, on_error="report").lints if x.code == "too-large"]


def test_rewriting_a_schema_too_deep_for_the_stack_is_a_lint_error() -> None:
    """A type array splits into branches, so each level of this 250-deep schema (within
    ``normalize``'s 256) costs more stack than the default limit allows: a ``too-large``
    lint error, not a ``RecursionError``."""
    schema: Any = {"type": "string"}
    for _ in range(250):
        schema = {"type": ["array", "null"], "items": schema}
    for target in ("openai.chat", "gemini.openapi"):
        out = render(schema, target, on_error="report")
        assert [x.code for x in out.lints if x.severity == "error"] == ["too-large"]
        with pytest.raises(EncodeError, match="nested too deeply to rewrite"):
            render(schema, target)
