"""Property tests: schemas generated within the supported keyword set.

- a value generated to satisfy the schema validates against ``to_pydantic(schema)``
  and toolwire's validator (and ``jsonschema`` agrees it is valid);
- a value violating exactly one keyword is rejected by both;
- toolwire's validator agrees with ``jsonschema`` on arbitrary values;
- rendering is idempotent, never mutates its input, and the wire schema of every
  strict target accepts what the original accepts after mapping back.

The default profile keeps this fast; ``--hypothesis-profile=thorough`` fuzzes long.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List, Tuple

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from toolwire.schema import render, to_pydantic, validate

jsonschema = pytest.importorskip("jsonschema")

FAST = settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
NAMES = st.sampled_from(["a", "b", "c", "my-field", "class", "1st", "größe", "@type"])
WORDS = st.text(alphabet="abcxyz", min_size=0, max_size=6)


def _reference(schema: Any, value: Any) -> bool:
    return bool(jsonschema.Draft202012Validator(schema).is_valid(value))


# -- schemas -----------------------------------------------------------------------------
@st.composite
def scalar_schemas(draw: Any) -> Dict[str, Any]:
    kind = draw(st.sampled_from(["string", "integer", "number", "boolean", "null", "enum", "const"]))
    if kind == "enum":
        values = draw(
            st.lists(
                st.one_of(WORDS, st.integers(-5, 5), st.booleans(), st.none()),
                min_size=1,
                max_size=4,
                unique_by=lambda v: (type(v).__name__, v),
            )
        )
        return {"enum": values}
    if kind == "const":
        return {"const": draw(st.one_of(WORDS, st.integers(-5, 5), st.booleans()))}
    node: Dict[str, Any] = {"type": kind}
    if kind == "string":
        lo = draw(st.none() | st.integers(0, 3))
        hi = draw(st.none() | st.integers(3, 6))
        if lo is not None:
            node["minLength"] = lo
        if hi is not None:
            node["maxLength"] = hi
        if draw(st.booleans()):
            node["pattern"] = "^[a-z]*$"
    if kind in ("integer", "number"):
        lo = draw(st.none() | st.integers(-10, 0))
        hi = draw(st.none() | st.integers(1, 10))
        exclusive = draw(st.booleans())
        if lo is not None:
            node["exclusiveMinimum" if exclusive else "minimum"] = lo
        if hi is not None:
            node["exclusiveMaximum" if exclusive else "maximum"] = hi
        if kind == "integer" and draw(st.booleans()):
            node["multipleOf"] = draw(st.sampled_from([2, 3]))
    if kind != "null" and draw(st.integers(0, 4)) == 0:
        node["type"] = [kind, "null"]
    return node


def _extend(children: Any) -> Any:
    arrays = st.builds(
        lambda items, lo, hi, unique: {
            k: v
            for k, v in (
                ("type", "array"),
                ("items", items),
                ("minItems", lo),
                ("maxItems", hi),
                ("uniqueItems", unique),
            )
            if v is not None
        },
        children,
        st.none() | st.integers(0, 2),
        st.none() | st.integers(2, 4),
        st.none() | st.just(True),
    )
    objects = st.builds(
        lambda props, req_mask, addl: _object(props, req_mask, addl),
        st.dictionaries(NAMES, children, min_size=1, max_size=3),
        st.lists(st.booleans(), min_size=3, max_size=3),
        st.sampled_from([None, False, True, "schema"]),
    )
    unions = st.lists(children, min_size=2, max_size=3).map(lambda bs: {"anyOf": bs})
    return st.one_of(arrays, objects, unions)


def _object(props: Dict[str, Any], mask: List[bool], addl: Any) -> Dict[str, Any]:
    node: Dict[str, Any] = {"type": "object", "properties": props, "required": [k for k, m in zip(props, mask) if m]}
    if addl == "schema":
        node["additionalProperties"] = {"type": "integer"}
    elif addl is not None:
        node["additionalProperties"] = addl
    return node


schemas = st.recursive(scalar_schemas(), _extend, max_leaves=6)
root_schemas = st.dictionaries(NAMES, schemas, min_size=1, max_size=4).flatmap(
    lambda props: st.lists(st.booleans(), min_size=len(props), max_size=len(props)).map(
        lambda mask: {
            "type": "object",
            "properties": props,
            "required": [k for k, m in zip(props, mask) if m],
            "additionalProperties": False,
        }
    )
)


# -- values that satisfy a schema --------------------------------------------------------------
def values_for(node: Any) -> Any:
    if "enum" in node:
        types = node.get("type")
        return st.sampled_from(node["enum"])
    if "const" in node:
        return st.just(node["const"])
    if "anyOf" in node:
        return st.one_of([values_for(b) for b in node["anyOf"]])
    types = node["type"] if isinstance(node["type"], list) else [node["type"]]
    return st.one_of([_typed(node, t) for t in types])


def _typed(node: Dict[str, Any], t: str) -> Any:
    if t == "null":
        return st.none()
    if t == "boolean":
        return st.booleans()
    if t == "string":
        alphabet = "abcxyz" if "pattern" in node else "abcXYZ 1"
        return st.text(alphabet=alphabet, min_size=node.get("minLength", 0), max_size=node.get("maxLength", 8))
    if t in ("integer", "number"):
        lo = node.get("minimum", node.get("exclusiveMinimum", -100))
        hi = node.get("maximum", node.get("exclusiveMaximum", 100))
        ints = st.integers(lo, hi)
        if "multipleOf" in node:
            ints = ints.map(lambda v: v - v % node["multipleOf"])
        base = ints if t == "integer" else st.one_of(ints, st.floats(lo, hi, allow_nan=False))
        return base
    if t == "array":
        return st.lists(values_for(node["items"]), min_size=node.get("minItems", 0), max_size=node.get("maxItems", 3))
    props = node["properties"]
    required = node["required"]
    optional = [k for k in props if k not in required]
    return st.fixed_dictionaries(
        {k: values_for(props[k]) for k in required},
        optional={k: values_for(props[k]) for k in optional},
    )


@st.composite
def valid_pairs(draw: Any) -> Tuple[Dict[str, Any], Any]:
    schema = draw(root_schemas)
    value = draw(values_for(schema))
    assume(_reference(schema, value))
    return schema, value


@FAST
@given(valid_pairs())
def test_generated_valid_values_pass_view_and_validator(pair: Tuple[Dict[str, Any], Any]) -> None:
    schema, value = pair
    before = copy.deepcopy(schema)
    assert validate(value, schema) == []
    view = to_pydantic(schema)
    view.model_validate(value)
    for target in ("openai.chat", "anthropic.messages", "gemini", "gemini.openapi"):
        r = render(schema, target, on_error="report", maps="pairs")
        assert r.validate(value) == [], target
    assert schema == before


# -- values that violate exactly one keyword -------------------------------------------------
_OTHER_TYPE = {"string": 7, "integer": "7", "number": "7", "boolean": 1, "null": 0, "array": {}, "object": []}


def _violations(node: Dict[str, Any], value: Any) -> List[Tuple[str, Any]]:
    """(keyword, a value breaking only that keyword) for *node* and its valid *value*."""
    out: List[Tuple[str, Any]] = []
    if "enum" in node:
        out.append(("enum", "not-a-member-zz"))
    if "const" in node:
        out.append(("const", "not-the-const-zz"))
    t = node.get("type")
    types = t if isinstance(t, list) else [t] if t else []
    for cand in ("string", "integer", "boolean", "array", "object", "null"):
        if types and cand not in types and not (cand == "integer" and "number" in types):
            out.append(("type", _OTHER_TYPE[cand] if cand != "integer" else 123456))
            break
    if isinstance(value, str):
        if "maxLength" in node:
            out.append(("maxLength", "a" * (node["maxLength"] + 1)))
        if node.get("minLength", 0) > 0:
            out.append(("minLength", ""))
        if "pattern" in node:
            out.append(("pattern", "ZZ"))
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        for kw, delta in (("maximum", 1), ("exclusiveMaximum", 0), ("minimum", -1), ("exclusiveMinimum", 0)):
            if kw in node:
                out.append((kw, node[kw] + delta))
    if isinstance(value, list):
        if "maxItems" in node:
            out.append(("maxItems", list(value) + [value[0] if value else None] * (node["maxItems"] + 1 - len(value))))
        if node.get("minItems", 0) > 0:
            out.append(("minItems", []))
    if isinstance(value, dict) and node.get("type") == "object":
        for k in node.get("required", []):
            out.append(("required", {kk: vv for kk, vv in value.items() if kk != k}))
        if node.get("additionalProperties") is False:
            out.append(("additionalProperties", dict(value, zz_extra=1)))
        for k, sub in node["properties"].items():
            if k in value and isinstance(sub, dict) and "anyOf" not in sub:
                for kw, bad in _violations(sub, value[k]):
                    out.append((kw, dict(value, **{k: bad})))
    return out


@FAST
@given(valid_pairs(), st.data())
def test_values_violating_one_keyword_are_rejected(pair: Tuple[Dict[str, Any], Any], data: Any) -> None:
    schema, value = pair
    options = _violations(schema, value)
    assume(options)
    keyword, broken = data.draw(st.sampled_from(options))
    assume(not _reference(schema, broken))  # e.g. a "wrong" type that another branch allows
    assert validate(broken, schema), keyword
    with pytest.raises(ValidationError):
        to_pydantic(schema).model_validate(broken)


# -- the validator against jsonschema on arbitrary JSON ---------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-20, 20) | st.floats(-20, 20, allow_nan=False) | WORDS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(NAMES, inner, max_size=3),
    max_leaves=8,
)


@FAST
@given(root_schemas, json_values)
def test_validator_agrees_with_jsonschema(schema: Dict[str, Any], value: Any) -> None:
    assert (validate(value, schema) == []) == _reference(schema, value)


@FAST
@given(
    root_schemas, st.sampled_from(["openai.chat", "anthropic.messages", "gemini", "gemini.openapi", "bedrock.converse"])
)
def test_render_idempotent_and_pure(schema: Dict[str, Any], target: str) -> None:
    before = copy.deepcopy(schema)
    once = render(schema, target, on_error="report")
    assert schema == before
    twice = render(once.wire_schema, target, on_error="report")
    assert twice.wire_schema == once.wire_schema
