"""A wire schema called lossless accepts nothing the original refuses (docs: "never
silently widen: anything the provider will not enforce is reported").

Random schemas of every kind (type arrays with object and array, enums and consts of
mixed types, oneOf, allOf, ``$ref`` with siblings, null) are rendered for each native
target; values are drawn from the *wire* schema and kept where ``jsonschema`` accepts
them there; each such value must then pass ``Rendered.validate`` whenever the rendering
says ``lossless``. The ``ci`` profile runs a few dozen schemas; ``thorough`` its
``max_examples``.
"""

from __future__ import annotations

import copy
from random import Random
from typing import Any, Dict, List

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from toolwire import SchemaError
from toolwire.schema import normalize, render

jsonschema = pytest.importorskip("jsonschema")

_PROFILE_EXAMPLES = settings.default.max_examples
EXAMPLES = settings(max_examples=_PROFILE_EXAMPLES if _PROFILE_EXAMPLES >= 1000 else 30, deadline=None)
TARGETS = ["openai.chat", "anthropic.messages", "gemini", "gemini.openapi", "bedrock.converse"]
NAMES = ["a", "b", "c"]
DEF = {"type": "object", "properties": {"q": {"type": "integer"}}, "required": ["q"]}


def _schema(r: Random, depth: int) -> Any:
    kinds = ["str", "int", "num", "bool", "null", "obj", "arr", "enum", "const", "anyOf", "oneOf", "typearr", "ref",
             "allOf", "refsib"] if depth < 3 else ["str", "int", "enum", "bool"]
    kind = r.choice(kinds)
    if kind == "str":
        return {"type": "string", **({"enum": r.sample(["x", "y", "z"], 2)} if r.random() < 0.3 else {})}
    if kind == "int":
        node: Dict[str, Any] = {"type": "integer"}
        if r.random() < 0.3:
            node["minimum"] = r.randint(0, 3)
        if r.random() < 0.3:
            node["maximum"] = r.randint(3, 6)
        return node
    if kind in ("num", "bool", "null"):
        return {"type": {"num": "number", "bool": "boolean", "null": "null"}[kind]}
    if kind == "enum":
        return {"enum": r.sample(["x", 1, None, True, 2.5], r.randint(1, 3))}
    if kind == "const":
        return {"const": r.choice(["x", 1, None, True])}
    if kind == "obj":
        props = {n: _schema(r, depth + 1) for n in r.sample(NAMES, r.randint(1, 3))}
        node = {"type": "object", "properties": props, "required": [n for n in props if r.random() < 0.5]}
        if r.random() < 0.3:
            node["additionalProperties"] = r.choice([False, {"type": "integer"}])
        return node
    if kind == "arr":
        node = {"type": "array", "items": _schema(r, depth + 1)}
        if r.random() < 0.3:
            node["maxItems"] = r.randint(1, 3)
        return node
    if kind in ("anyOf", "oneOf", "allOf"):
        return {kind: [_schema(r, depth + 1) for _ in range(r.randint(1, 3))]}
    if kind == "typearr":
        types = r.sample(["string", "integer", "null", "object", "array"], 2)
        node = {"type": types}
        if r.random() < 0.4:
            node["enum"] = r.sample(["x", 1, None], 2)
        if "object" in types and r.random() < 0.5:
            node.update({"additionalProperties": {"type": "integer"}, "required": ["k"]})
        if "array" in types and r.random() < 0.5:
            node["items"] = {"type": "integer"}
        return node
    if kind == "refsib":
        return {"$ref": "#/$defs/D", r.choice(["description", "maxProperties", "required"]): r.choice(
            ["d", 1, ["q"]])} if r.random() < 0.5 else {"$ref": "#/properties/a"}
    return {"$ref": "#/$defs/D"}


def _fix(node: Any) -> Any:
    """Keyword values the generator may have mismatched (``required: "d"``) made valid."""
    if isinstance(node, dict):
        if "required" in node and not isinstance(node["required"], list):
            node["required"] = ["q"]
        if "maxProperties" in node and not isinstance(node["maxProperties"], int):
            node["maxProperties"] = 1
        for value in node.values():
            _fix(value)
    elif isinstance(node, list):
        for value in node:
            _fix(value)
    return node


def _value(r: Random, node: Any, root: Any, depth: int = 0) -> Any:
    """A value drawn from a wire schema (not always valid: ``jsonschema`` decides)."""
    if depth > 8:
        return None
    if node is True or node == {}:
        return r.choice([1, "x", None, {}])
    if not isinstance(node, dict):
        return None
    if "$ref" in node:
        target = root
        for token in node["$ref"][2:].split("/") if node["$ref"] != "#" else ():
            target = target[token.replace("~1", "/").replace("~0", "~")]
        return _value(r, target, root, depth + 1)
    if "enum" in node and node["enum"] and r.random() < 0.9:
        return copy.deepcopy(r.choice(node["enum"]))
    if "const" in node:
        return node["const"]
    for comb in ("anyOf", "oneOf", "allOf"):
        if node.get(comb):
            return _value(r, r.choice(node[comb]), root, depth + 1)
    kind = node.get("type")
    kind = r.choice(kind) if isinstance(kind, list) else kind or r.choice(["string", "integer", "object", "null"])
    if kind == "string":
        return r.choice(["x", "y", "z", "", "xx"])
    if kind in ("integer", "number"):
        return r.choice([-1, 0, 3, 7, 2.5] if kind == "number" else [-1, 0, 3, 7])
    if kind == "boolean":
        return r.random() < 0.5
    if kind == "array":
        items = node.get("items", {})
        return [_value(r, items, root, depth + 1) if items is not False else 1 for _ in range(r.randint(0, 3))]
    if kind == "object":
        props = node.get("properties") or {}
        out = {k: _value(r, v, root, depth + 1) for k, v in props.items()
               if k in (node.get("required") or []) or r.random() < 0.6}
        if r.random() < 0.2:
            out["extra"] = 1
        return out
    return None


@EXAMPLES
@given(st.randoms(use_true_random=True))
def test_a_lossless_wire_accepts_nothing_the_original_refuses(r: Random) -> None:
    schema: Any = {"type": "object", "properties": {n: _schema(r, 1) for n in r.sample(NAMES, r.randint(1, 3))},
                   "$defs": {"D": DEF}}
    if r.random() < 0.5:
        schema["required"] = list(schema["properties"])[:1]
    if "a" not in schema["properties"]:
        schema["properties"]["a"] = {"type": "string"}
    schema = _fix(schema)
    try:
        normalize(schema)
    except SchemaError:  # "#/properties/a" looping back to itself in place
        assume(False)
    for target in TARGETS:
        rendered = render(schema, target, on_error="report")
        if rendered.errors or not rendered.lossless:
            continue
        wire = rendered.wire_schema
        check = jsonschema.Draft202012Validator(wire)
        values: List[Any] = [_value(r, wire, wire) for _ in range(20)]
        for value in values:
            if check.is_valid(value):
                issues = rendered.validate(value)
                assert issues == [], f"{target}: {schema}\nwire {wire}\nvalue {value!r}: {issues}"


def test_the_repr_of_a_rendering_leaves_the_schemas_out() -> None:
    # an integer of over 4,300 digits (reported as a lint) made ``repr`` raise ValueError
    from toolwire import schema

    r = schema.render({"type": "object", "properties": {"a": {"const": 10**5000}}}, "openai.chat",
                      on_error="report")
    assert repr(r).startswith("Rendered(target='openai.chat', name='response', headers={}, report=(")


def test_an_unknown_limit_is_an_encode_error_naming_the_known_ones() -> None:
    from toolwire import EncodeError, schema

    with pytest.raises(EncodeError, match=r"Unknown limit 'max_enums'; known limits: checked, large_enum_chars"):
        schema.render({"type": "string"}, "openai.chat", limits={"max_enums": 5})
    with pytest.raises(EncodeError, match="Unknown limit"):
        schema.check_limits({"type": "string"}, "openai.chat", limits={"max_enums": 5})


def test_bedrock_refuses_an_integer_too_long_to_write_with_its_path() -> None:
    from toolwire import EncodeError, schema

    with pytest.raises(EncodeError, match=r"at \$\.properties\.a\.enum\[0\] \[not-representable\]"):
        schema.render({"type": "object", "properties": {"a": {"type": "integer", "enum": [10**4400]}}},
                      "bedrock.converse")
