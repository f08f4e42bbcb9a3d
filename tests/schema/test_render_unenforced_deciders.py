"""A node the grammar compiler writes from one keyword alone: every other constraint of
that node is reported ``unenforced`` (``lossless`` is "the provider enforces everything
the original says").

- ``ollama``: llama.cpp's converter (``common/json-schema-to-grammar.cpp``, its Python
  twin ``examples/json_schema_to_grammar.py``, ``visit``) takes the first of ``$ref``,
  ``oneOf``/``anyOf`` (``schema.contains("oneOf") ? oneOf : anyOf``, the branches only),
  a ``type`` array (a copy of the node per type), ``const``, ``enum``, and returns its
  rule: the node's other keywords are never read.
- ``vllm``: xgrammar's ``SchemaParser`` (``cpp/json_schema_converter.cc``) takes the
  first of ``$ref``, ``const``, ``enum``, ``anyOf``, ``oneOf``, ``allOf``, ``type``;
  ``ParseRef``/``ParseConst``/``ParseEnum`` read that keyword only (keywords beside
  ``anyOf`` are merged into its branches by newer versions: not reported).

The ``type`` beside a ``const``/``enum`` is left unreported while every value is of
that type (the values alone then say no more), and beside a union (its branches say
what they take).
"""

from __future__ import annotations

from typing import Any, Dict, List, Set, Tuple

import pytest

from toolwire import EncodeError
from toolwire import schema as S

SIBLINGS = {
    "type": "object",
    "properties": {
        "a": {"type": "string", "enum": ["a", "bb"], "maxLength": 1},
        "c": {"type": "integer", "enum": [1, 5], "maximum": 3},
        "d": {"type": "array", "items": {"type": "integer"}, "enum": [[1], [2, 3]], "maxItems": 1},
        "k": {"type": "string", "const": "abc", "pattern": "^a$"},
    },
    "required": ["a", "c", "d", "k"],
}
BESIDE = {
    ("/properties/a", "maxLength"),
    ("/properties/c", "maximum"),
    ("/properties/d", "items"),
    ("/properties/d", "maxItems"),
    ("/properties/k", "pattern"),
}


def _unenforced(r: Any) -> Set[Tuple[str, str]]:
    return {(c.pointer, c.keyword) for c in r.report if c.action == "unenforced"}


def _beyond_closing(r: Any) -> List[Any]:
    """The report but the ``narrowed`` closing of objects (vllm's strict mode, test_vllm_engine_rules.py)."""
    return [c for c in r.report if c.action != "narrowed"]


def _x(node: Dict[str, Any]) -> Dict[str, Any]:
    return {"type": "object", "properties": {"x": node}, "required": ["x"]}


@pytest.mark.parametrize("target", ["ollama", "vllm"])
def test_keywords_beside_a_deciding_keyword_are_unenforced(target: str) -> None:
    r = S.render(SIBLINGS, target)
    assert _unenforced(r) == BESIDE
    assert not r.lossless
    assert r.wire_schema == SIBLINGS  # sent as it is all the same
    # answers the grammar lets through, which only the local check refuses
    for answer in ({"a": "bb", "c": 1, "d": [1], "k": "abc"}, {"a": "a", "c": 5, "d": [1], "k": "abc"},
                   {"a": "a", "c": 1, "d": [2, 3], "k": "abc"}):
        assert r.validate(answer)
    with pytest.raises(EncodeError, match=r"\(unenforced\)"):
        S.render(SIBLINGS, target, on_lossy="raise")


@pytest.mark.parametrize("target", ["ollama", "vllm"])
def test_the_reason_names_the_deciding_keyword(target: str) -> None:
    r = S.render(_x({"type": "integer", "enum": [1, 5], "maximum": 3}), target)
    assert [str(c) for c in _beyond_closing(r)] == [
        f"/properties/x maximum: unenforced ({target} does not apply it beside enum: checked locally only)"]


@pytest.mark.parametrize("target", ["ollama", "vllm"])
def test_a_type_beside_values_of_another_type_is_unenforced(target: str) -> None:
    r = S.render(_x({"type": "integer", "enum": [1, "a"]}), target)
    assert _unenforced(r) == {("/properties/x", "type")}
    r = S.render(_x({"type": ["integer", "null"], "enum": [1, None]}), target)
    # (vLLM: the null written as a branch of its own, exact: test_vllm_backend_neutral.py)
    assert r.lossless and not [c for c in _beyond_closing(r) if c.action != "rewritten"]
    r = S.render(_x({"type": "number", "const": 2}), target)
    assert r.lossless and not _beyond_closing(r)


def test_vllm_keywords_beside_a_ref_are_unenforced() -> None:
    schema = {"type": "object", "properties": {"r": {"$ref": "#/$defs/S", "maxLength": 2}}, "required": ["r"],
              "$defs": {"S": {"type": "string"}}}
    for target in ("vllm", "ollama"):
        r = S.render(schema, target)
        assert _unenforced(r) == {("/properties/r", "maxLength")}, target


def test_ollama_keywords_beside_a_union_are_unenforced() -> None:
    u = _x({"anyOf": [{"type": "string"}, {"type": "integer"}], "maxLength": 2, "maximum": 9})
    r = S.render(u, "ollama")
    assert _unenforced(r) == {("/properties/x", "maxLength"), ("/properties/x", "maximum")}
    assert r.validate({"x": "long"}) and r.validate({"x": 10})
    unions = _x({"anyOf": [{"type": "string"}], "oneOf": [{"type": "string"}, {"type": "integer"}]})
    assert _unenforced(S.render(unions, "ollama")) == {("/properties/x", "anyOf")}


def test_which_of_a_union_and_values_decides_follows_each_engine() -> None:
    """llama.cpp reads a union before ``const``/``enum``; xgrammar reads ``const``/``enum``
    first."""
    both = _x({"const": "a", "anyOf": [{"type": "string"}, {"type": "integer"}]})
    assert _unenforced(S.render(both, "ollama")) == {("/properties/x", "const")}
    assert _unenforced(S.render(both, "vllm")) == set()  # "a" meets the union it skips
    # "a" meets neither branch: no value at all (core §10.2.1.2), whichever keyword decides
    other = _x({"const": "a", "anyOf": [{"type": "integer"}, {"type": "null"}]})
    assert [e.code for e in S.render(other, "vllm", on_error="report").errors] == ["unsatisfiable"]
    hidden = _x({"const": "a", "anyOf": [{"type": "string", "pattern": "^b$"}, {"type": "null"}]})
    assert _unenforced(S.render(hidden, "vllm")) == {("/properties/x", "anyOf")}


@pytest.mark.parametrize("target", ["ollama", "vllm"])
def test_plain_values_and_unions_stay_lossless(target: str) -> None:
    plain = {"type": "object", "properties": {
        "e": {"type": "string", "enum": ["x", "y"], "title": "E", "description": "one of two"},
        "o": {"anyOf": [{"type": "integer", "maximum": 3}, {"type": "null"}], "default": None, "title": "O"},
        "k": {"const": "fixed", "type": "string"},
        "t": {"type": "object", "properties": {"q": {"type": "string"}}, "anyOf": [{"required": ["q"]}]}}}
    r = S.render(plain, target)
    # both engines read the union alone there (xgrammar 0.1.29 and 0.2.9 as llama.cpp): its
    # branch {"required": ["q"]} takes any value, so the type beside it is lost too
    assert _unenforced(r) == {("/properties/t", "properties"), ("/properties/t", "type")}


@pytest.mark.parametrize("target", ["ollama", "vllm"])
@pytest.mark.parametrize("node", [
    {"type": "string", "enum": ["C", "F"], "maxLength": 1},  # review hunt RE-1: every value meets it
    {"type": "integer", "enum": [1, 2], "maximum": 3},
    {"type": "string", "const": "ab", "pattern": "^[a-z]+$", "minLength": 2},
    {"type": "string", "format": "uuid", "const": "123e4567-e89b-12d3-a456-426614174000"},
    {"type": "array", "items": {"type": "integer"}, "enum": [[1], [2]], "maxItems": 1},
])
def test_keywords_every_value_meets_are_no_loss(target: str, node: Dict[str, Any]) -> None:
    """The grammar writes the values alone; a keyword beside them that each value meets
    narrows nothing, so the schema is enforced as it stands (sent natively)."""
    r = S.render(_x(node), target)
    assert _unenforced(r) == set() and r.lossless
    S.render(_x(node), target, on_lossy="raise")


def _chain(depth: int, keyword: str, value: Any = 1, bottom: Any = None) -> Dict[str, Any]:
    """``{"enum": [value], keyword: ...}`` *depth* levels deep around *bottom*."""
    node: Any = bottom if bottom is not None else {"type": "integer"}
    for _ in range(depth):
        node = {"enum": [value], keyword: [node] if keyword in ("allOf", "anyOf", "oneOf") else node}
    return node


@pytest.mark.parametrize("node, beside", [
    # every value meets what the applicators beside it hold, however deep: no loss
    (_chain(6, "allOf"), set()),
    (_chain(6, "anyOf"), set()),
    (_chain(6, "oneOf"), set()),
    ({"enum": [1], "not": {"not": _chain(4, "allOf")}}, {("/not", "not")}),  # a node of its own: no values
    ({"enum": [1], "if": {"type": "integer"}, "then": {"minimum": 0}, "else": {"type": "string"}}, set()),
    ({"enum": [{"a": 1}], "dependentSchemas": {"a": {"required": ["a"]}}}, set()),
    # a value that fails a subschema several levels down: each level's keyword is lost
    (_chain(3, "allOf", bottom={"type": "string"}), {("", "allOf"), ("/allOf/0", "allOf"),
                                                     ("/allOf/0/allOf/0", "allOf")}),
    (_chain(2, "anyOf", bottom={"type": "string"}), {("", "anyOf"), ("/anyOf/0", "anyOf")}),
    ({"enum": [1, 2], "oneOf": [{"minimum": 0}, {"maximum": 1}]}, {("", "oneOf")}),  # 1 meets both
    ({"enum": [1], "not": {"allOf": [{"enum": [1], "allOf": [{"type": "integer"}]}]}},
     {("", "not"), ("/not", "allOf")}),
    ({"enum": [1], "if": {"type": "integer"}, "then": {"minimum": 2}}, {("", "if"), ("", "then")}),
    ({"enum": [{"a": 1}], "dependentSchemas": {"a": {"required": ["b"]}}}, {("", "dependentSchemas")}),
])
def test_values_meet_what_applicators_beside_them_hold(node: Dict[str, Any], beside: Set[Tuple[str, str]]) -> None:
    """xgrammar writes a ``const``/``enum`` node from its values alone; the values are
    checked against the ``allOf``/``anyOf``/``oneOf``/``not``/``if``/``dependentSchemas``
    beside them, and a keyword is reported unenforced exactly where some value fails it."""
    r = S.render(_x(node), "vllm", on_error="report")
    assert {(p.removeprefix("/properties/x"), k) for p, k in _unenforced(r)} == beside


def _checks(monkeypatch: Any, schema: Dict[str, Any], target: str) -> int:
    """How many (value, subschema) checks rendering *schema* for *target* runs."""
    from toolwire.schema import _validate

    seen = [0]
    run = _validate._Checker.run

    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        seen[0] += 1
        return run(self, *args, **kwargs)

    monkeypatch.setattr(_validate._Checker, "run", counted)
    try:
        S.render(schema, target, on_error="report")
    finally:
        monkeypatch.setattr(_validate._Checker, "run", run)
    return seen[0]


@pytest.mark.parametrize("target", ["ollama", "vllm"])
@pytest.mark.parametrize("keyword", ["allOf", "anyOf", "not"])
def test_values_in_a_chain_are_checked_once_per_level(monkeypatch: Any, target: str, keyword: str) -> None:
    """An ``enum`` beside an applicator holding the next ``enum``..., n levels: each level's
    values were checked against the whole chain below (n² checks, 2.9 s for ten chains
    120 deep, 31 KB). Counted, not timed."""
    small = _checks(monkeypatch, _x(_chain(25, keyword)), target)
    big = _checks(monkeypatch, _x(_chain(100, keyword)), target)
    assert big <= 5 * small  # was ~15x
    if keyword == "allOf":  # 1 meets each level (a not fails it; ollama reads anyOf first)
        assert S.render(_x(_chain(100, keyword)), target).lossless


def test_many_values_beside_many_branches_stay_linear(monkeypatch: Any) -> None:
    """vllm reads ``enum`` before ``anyOf``: n values each checked against n branches was
    n² (8.8 s at 1,000). Past a budget linear in the schema the values are not checked
    and the ``anyOf`` is reported unenforced, which xgrammar does not apply beside
    ``enum`` in any case. Counted, not timed."""
    def node(n: int) -> Dict[str, Any]:
        return _x({"enum": list(range(n)), "anyOf": [{"const": i} for i in reversed(range(n))]})
    small = _checks(monkeypatch, node(500), "vllm")
    big = _checks(monkeypatch, node(2000), "vllm")
    assert big <= 5 * small
    assert _unenforced(S.render(node(2000), "vllm", on_error="report")) == {("/properties/x", "anyOf")}
    assert S.render(node(20), "vllm").lossless  # within the budget every value is checked
