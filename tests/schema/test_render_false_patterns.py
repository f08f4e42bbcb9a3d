"""A required name a ``patternProperties`` regex of subschema ``false`` matches can never be
present (JSON Schema 2020-12 core §10.3.2.2: its value must pass ``false``), whatever
``additionalProperties`` says; beside ``additionalProperties: false`` a required name no
``properties`` entry nor regex takes cannot be present either (§10.3.2.3). Such an object
has no value: an optional property of it is left out, a required one is unsatisfiable.
Verdicts are the ``jsonschema`` package's (Draft 2020-12); the search of names against the
regexes stops past a budget, and then answers neither way (``untaken``: ``None``).
"""

from __future__ import annotations

from typing import Any, Dict, List

import jsonschema
import pytest

from toolwire import schema as S
from toolwire.schema import _empty_bounds, render

TARGETS = ["openai.chat", "anthropic.messages", "bedrock.converse", "gemini", "vllm", "ollama"]
STRICT = ["openai.chat", "anthropic.messages", "bedrock.converse"]
_NULL_ALONE = {"anyOf": [{"type": "null"}]}


def _root(sub: Any, required: List[str]) -> Dict[str, Any]:
    return {"type": "object", "properties": {"p": sub, "q": {"type": "string"}}, "required": required}


def _barred(additional: Any) -> Dict[str, Any]:
    sub: Dict[str, Any] = {"type": "object", "properties": {"a": {}}, "patternProperties": {"^b": False},
                           "required": ["b"]}
    if additional is not None:
        sub["additionalProperties"] = additional
    return sub


ADDITIONAL = [None, True, {"type": "integer"}, False]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("additional", ADDITIONAL)
def test_a_required_name_a_false_pattern_matches_leaves_the_object_none(target: str, additional: Any) -> None:
    optional, required = _root(_barred(additional), ["q"]), _root(_barred(additional), ["q", "p"])
    check = jsonschema.Draft202012Validator(optional)
    assert check.is_valid({"q": "x"}) and not check.is_valid({"q": "x", "p": {"b": 1}})
    assert not any(jsonschema.Draft202012Validator(required).is_valid(v) for v in (
        {"q": "x"}, {"q": "x", "p": {}}, {"q": "x", "p": {"b": 1}}, {"q": "x", "p": {"a": 1, "b": 1}}))
    rendered = render(optional, target, on_error="report")
    assert not rendered.errors, [(e.code, e.message) for e in rendered.errors]
    if rendered.lossless:  # (Gemini: the key left out is said in the description, noted lossy)
        assert not jsonschema.Draft202012Validator(rendered.wire_schema).is_valid({"q": "x", "p": {"b": 1}})
    refused = render(required, target, on_error="report")
    assert "unsatisfiable" in [e.code for e in refused.errors], [(e.code, e.message) for e in refused.errors]


@pytest.mark.parametrize("target", STRICT)
@pytest.mark.parametrize("additional", ADDITIONAL)
def test_strict_targets_serve_the_optional_object_of_no_value_left_out(target: str, additional: Any) -> None:
    rendered = render(_root(_barred(additional), ["q"]), target, on_error="report")
    assert rendered.lossless, rendered.report
    # left out, or (every property required: OpenAI) null alone, read back as absent
    assert rendered.wire_schema["properties"].get("p", _NULL_ALONE) == _NULL_ALONE, rendered.wire_schema


def _many_taken_first(k: int) -> Dict[str, Any]:
    """revV3 R3: k required names one regex takes, ten ``false`` regexes, and one name no
    regex takes last ("zq"): each name was searched by the ten ``false`` regexes first and
    the budget ran out before "zq", refusing a satisfiable schema."""
    patterns: Dict[str, Any] = {"^n": {}}
    patterns.update({f"^zz{i}": False for i in range(10)})
    sub = {"type": "object", "properties": {"a": {}}, "patternProperties": patterns, "additionalProperties": False,
           "required": [f"n{i}" for i in range(k)] + ["zq"]}
    return _root(sub, ["q"])


@pytest.mark.parametrize("target", STRICT + ["ollama"])
def test_an_untaken_name_after_many_taken_ones_is_found(target: str) -> None:
    s = _many_taken_first(200)
    assert jsonschema.Draft202012Validator(s).is_valid({"q": "x"})
    rendered = render(s, target, on_error="report")
    assert not rendered.errors, [(e.code, e.message) for e in rendered.errors]
    if target in STRICT:
        assert rendered.lossless, rendered.report
        assert rendered.wire_schema["properties"].get("p", _NULL_ALONE) == _NULL_ALONE, rendered.wire_schema


def test_the_search_past_its_budget_answers_neither_way() -> None:
    # n names, each taken only by the last of n regexes and none barred: n² tests; past the
    # budget the answer is not known (``None``), never "taken" nor "untaken"
    n = 400
    patterns: Dict[str, Any] = {f"^p{i}$": {} for i in range(n - 1)}
    patterns["^n"] = {}
    node = {"type": "object", "patternProperties": patterns, "additionalProperties": False,
            "required": [f"n{i}" for i in range(n)]}
    assert _empty_bounds.untaken(node, node["required"]) is None
    small = {**node, "patternProperties": {"^n": {}}}
    assert _empty_bounds.untaken(small, node["required"]) is False
    assert _empty_bounds.untaken({**small, "required": ["zq"]}, ["zq"]) is True
    assert _empty_bounds.untaken({**small, "additionalProperties": True}, ["zq"], closed=False) is False
    assert _empty_bounds.untaken({"patternProperties": {"^z": False}}, ["zq"], closed=False) is True
    assert _empty_bounds.untaken({"patternProperties": {"(": False}}, ["zq"], closed=False) is None


@pytest.mark.parametrize("target", ["ollama", "vllm"])
def test_the_false_regex_matching_the_name_is_the_cause_named(target: str) -> None:
    sub = {"type": "object", "properties": {"a": {}}, "required": ["b"],
           "patternProperties": {"^z": False, "^b": False, "^c": {"enum": []}}}
    rendered = render({"type": "object", "properties": {"p": sub}, "required": ["p"]}, target, on_error="report")
    assert [(e.code, e.pointer) for e in rendered.errors] == [("unsatisfiable", "/properties/p/patternProperties/^b")]


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "gemini", "bedrock.converse", "vllm",
                                    "ollama"])
@pytest.mark.parametrize("additional", [None, False, {"type": "integer"}])
def test_a_required_property_a_false_pattern_matches_has_no_value(target: str, additional: Any) -> None:
    """revV (session 39) R4: ``patternProperties`` applies to every name of the instance,
    ``properties``' too (core §10.3.2.2): ``b`` required, declared, and matched by ``^b``
    of subschema ``false`` leaves the object no value; required from the root, unsatisfiable."""
    node: Dict[str, Any] = {"type": "object", "properties": {"b": {"type": "integer"}},
                            "patternProperties": {"^b": False}, "required": ["b"]}
    if additional is not None:
        node["additionalProperties"] = additional
    checker = jsonschema.Draft202012Validator(node)
    assert not checker.is_valid({"b": 1}) and not checker.is_valid({})
    r = S.render({"type": "object", "properties": {"o": node}, "required": ["o"], "additionalProperties": False},
                 target, on_error="report")
    assert "unsatisfiable" in [e.code for e in r.errors] and not r.lossless
