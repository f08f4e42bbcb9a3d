"""Draft 2019-09 ``$recursiveRef`` (with ``$recursiveAnchor``) is checked, as ``$dynamicRef`` is.

It was kept as an unknown keyword, so a value breaking the recursive schema validated
(and the render moved it into a description). Draft 2019-09 core §8.2.4.2: its value is
``"#"`` (other values are undefined: refused here), resolved against the current base URI
and, where that resource has ``$recursiveAnchor: true``, against the outermost resource in
the dynamic scope that has one. A schema here is one resource (an embedded ``$id`` beside
references is refused), so ``$recursiveRef`` is ``$ref: "#"``. Every verdict below is
``jsonschema``'s (``Draft201909Validator``), asked in the test.
"""

from __future__ import annotations

from typing import Any, Dict, List

import jsonschema
import pytest

from toolwire import SchemaError, schema

D2019 = "https://json-schema.org/draft/2019-09/schema"

TREE: Dict[str, Any] = {
    "$schema": D2019,
    "$recursiveAnchor": True,
    "type": "object",
    "properties": {"v": {"type": "integer"}, "kids": {"type": "array", "items": {"$recursiveRef": "#"}}},
}
# the reference inside a definition: "#" is the resource root, not the definition
IN_DEFS: Dict[str, Any] = {
    "$schema": D2019,
    "$recursiveAnchor": True,
    "$defs": {"node": {"type": "object", "properties": {"next": {"$recursiveRef": "#"}}}},
    "type": "object",
    "required": ["tag"],
    "properties": {"tag": {"const": "root"}, "head": {"$ref": "#/$defs/node"}},
}
# without $recursiveAnchor: the plain "#" of the current resource
NO_ANCHOR: Dict[str, Any] = {
    "$schema": D2019,
    "anyOf": [{"type": "integer"}, {"type": "array", "items": {"$recursiveRef": "#"}, "maxItems": 2}],
}
# beside a $ref: both apply
BESIDE_REF: Dict[str, Any] = {
    "$schema": D2019,
    "$recursiveAnchor": True,
    "$defs": {"small": {"maxProperties": 1}},
    "type": "object",
    "properties": {"c": {"$ref": "#/$defs/small", "$recursiveRef": "#"}, "n": {"type": "integer"}},
}

CASES: List[Any] = [
    (TREE, [{"v": 1, "kids": [{"v": 2, "kids": []}]}, {"kids": [{"kids": [{"v": 3}]}]}, {}],
     [{"v": 1, "kids": [{"v": "x"}]}, {"kids": [{"kids": [{"kids": 5}]}]}, {"kids": [1]}]),
    (IN_DEFS, [{"tag": "root", "head": {"next": {"tag": "root"}}}, {"tag": "root", "head": {}}],
     [{"tag": "root", "head": {"next": {}}}, {"tag": "root", "head": {"next": {"tag": "leaf"}}}]),
    (NO_ANCHOR, [1, [1, [2, 3]], []], [[1, [2, 3, 4]], [[["x"]]]]),
    (BESIDE_REF, [{"c": {"n": 1}}, {"c": {"c": {}}}], [{"c": {"n": 1, "c": {}}}, {"c": {"n": "x"}}]),
]


@pytest.mark.parametrize(("sch", "good", "bad"), CASES, ids=["tree", "in_defs", "no_anchor", "beside_ref"])
def test_recursive_ref_is_checked_as_jsonschema_checks_it(sch: Any, good: List[Any], bad: List[Any]) -> None:
    oracle = jsonschema.Draft201909Validator(sch)
    for value in good:
        assert oracle.is_valid(value), value
        assert schema.validate(value, sch) == [], value
    for value in bad:
        assert not oracle.is_valid(value), value
        assert schema.validate(value, sch) != [], value


def test_recursive_ref_reaches_the_wire_as_a_reference() -> None:
    rendered = schema.render(TREE, "openai.chat")
    assert not any(c.keyword == "$recursiveRef" for c in rendered.report)
    assert "$recursiveRef" not in repr(rendered.wire_schema)
    assert rendered.validate({"v": 1, "kids": [{"v": "x", "kids": []}]}) != []
    assert rendered.validate({"v": 1, "kids": [{"v": 2, "kids": []}]}) == []


@pytest.mark.parametrize("value", ["#/$defs/x", "#node", "", 5, "other.json#"])
def test_a_recursive_ref_other_than_the_root_is_refused_at_its_path(value: Any) -> None:
    sch = {"$schema": D2019, "$defs": {"x": {}}, "properties": {"a": {"items": {"$recursiveRef": value}}}}
    with pytest.raises(SchemaError, match=r"\$recursiveRef") as err:
        schema.validate(1, sch)
    assert err.value.loc == "$.properties.a.items"


# ``$recursiveRef`` exists in draft 2019-09 only: under another declared draft it is an
# unknown keyword, which ``jsonschema``'s validators of those drafts ignore (as toolwire
# ignores other unknown keywords); with no ``$schema`` it is read as 2019-09's (a caller
# writing it means that draft)
OTHER_DRAFTS = [
    ("https://json-schema.org/draft/2020-12/schema", jsonschema.Draft202012Validator),
    ("http://json-schema.org/draft-07/schema#", jsonschema.Draft7Validator),
    ("http://json-schema.org/draft-06/schema#", jsonschema.Draft6Validator),
    ("http://json-schema.org/draft-04/schema#", jsonschema.Draft4Validator),
]


@pytest.mark.parametrize(("uri", "validator"), OTHER_DRAFTS, ids=["2020-12", "draft-07", "draft-06", "draft-04"])
def test_under_another_draft_recursive_ref_is_an_unknown_keyword(uri: str, validator: Any) -> None:
    sch = {"$schema": uri, "type": "object", "properties": {"v": {"type": "integer"}, "c": {"$recursiveRef": "#"}}}
    for value in ({"c": {"v": "x"}}, {"c": 5}, {"v": 1, "c": {"c": {"v": []}}}, {"v": "x"}):
        expected = validator(sch).is_valid(value)
        assert (schema.validate(value, sch) == []) == expected, (uri, value)
        rendered = schema.render(sch, "openai.chat", on_error="report")
        assert (rendered.validate(value) == []) == expected, (uri, value)
    assert not validator(sch).is_valid({"c": {"v": "x"}, "v": "y"})
    # a value 2019-09 leaves undefined is no error where the keyword means nothing
    other = {"$schema": uri, "type": "object", "properties": {"c": {"$recursiveRef": "#/x"}}}
    assert schema.validate({"c": 1}, other) == [] and validator(other).is_valid({"c": 1})


def test_without_schema_recursive_ref_is_read_as_draft_2019_09() -> None:
    sch = {k: v for k, v in TREE.items() if k != "$schema"}
    oracle = jsonschema.Draft201909Validator(sch)
    for value in ({"v": 1, "kids": [{"v": "x"}]}, {"v": 1, "kids": [{"v": 2, "kids": []}]}):
        assert (schema.validate(value, sch) == []) == oracle.is_valid(value), value
    assert schema.validate({"v": 1, "kids": [{"v": "x"}]}, sch) != []
    with pytest.raises(SchemaError, match=r"\$recursiveRef"):
        schema.validate(1, {"properties": {"a": {"$recursiveRef": "#/x"}}})


@pytest.mark.parametrize(("uri", "validator"), OTHER_DRAFTS[:2], ids=["2020-12", "draft-07"])
def test_under_another_draft_render_reports_recursive_ref_as_any_unknown_keyword(uri: str, validator: Any) -> None:
    def prop(key: str) -> Dict[str, Any]:
        return {"$schema": uri, "type": "object", "required": ["c"], "additionalProperties": False,
                "properties": {"c": {"type": "integer", key: "#"}}}

    unknown = schema.render(prop("unknownKeyword"), "openai.chat")
    rendered = schema.render(prop("$recursiveRef"), "openai.chat")
    assert [(c.pointer, c.action) for c in rendered.report if c.keyword == "$recursiveRef"] == \
        [(c.pointer, c.action) for c in unknown.report if c.keyword == "unknownKeyword"] != []
    assert rendered.validate({"c": 1}) == [] and validator(prop("$recursiveRef")).is_valid({"c": 1})
