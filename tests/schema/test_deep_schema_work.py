"""Work per schema node does not grow with the depth of the node. ``normalize`` spelled
the ``$.path`` of every node it checked (``path_of``: a step per pointer token) to have
it ready for an error that almost never comes, and so did the ``$ref`` translation, the
``$ref`` linking and the pattern checks: a comb of ~40,000 nodes 240 levels deep took
10x what it took one level deep (hunt 21, finding 4). A path is spelled when an error
names it. Counted, not timed: the interpreter's call events for the same number of
nodes at depth d and 4d."""

from __future__ import annotations

import sys
from typing import Any, Callable, Dict, List, Tuple

import pytest

import toolwire
from toolwire import SchemaError, Tool, ToolCall, ToolwireError
from toolwire.schema import check_limits, normalize, render, validate

NODES = 600


def _comb(depth: int, pattern: str = "^a") -> Dict[str, Any]:
    """An array *depth* deep around an object: NODES schema nodes in all, whatever the
    depth (each leaf with a pattern and a ``$ref``, each read on its own)."""
    leaf = {"type": "integer", "minimum": 0, "pattern": pattern, "$ref": "#/$defs/n"}
    s: Dict[str, Any] = {"type": "object", "properties": {f"p{i}": dict(leaf) for i in range(NODES - depth)}}
    for _ in range(depth):
        s = {"type": "array", "items": s}
    s["$defs"] = {"n": {"type": "integer"}}
    return s


def _steps(fn: Callable[[], Any]) -> int:
    """The call events (Python and C) *fn* takes."""
    count = [0]

    def count_event(frame: Any, event: str, arg: Any) -> None:
        count[0] += 1

    sys.setprofile(count_event)
    try:
        fn()
    except ToolwireError:
        pass
    finally:
        sys.setprofile(None)
    return count[0]


ENTRY_POINTS: List[Tuple[str, Callable[[Any], Any]]] = [
    ("normalize", normalize),
    ("validate", lambda s: validate([[[]]], s)),
    ("validate_call", lambda s: toolwire.validate_call(ToolCall("f", {"a": []}), [Tool("f", parameters={
        "type": "object", "properties": {"a": {k: v for k, v in s.items() if k != "$defs"}}, "$defs": s["$defs"]})])),
    ("render openai.chat", lambda s: render(s, "openai.chat", on_error="report")),
    ("render openai.chat strict=False", lambda s: render(s, "openai.chat", on_error="report", strict=False)),
    ("render gemini.openapi", lambda s: render(s, "gemini.openapi", on_error="report")),
    ("check_limits", lambda s: check_limits(s, "ollama")),
]


@pytest.mark.parametrize(("name", "entry"), ENTRY_POINTS, ids=[n for n, _ in ENTRY_POINTS])
def test_work_per_node_does_not_grow_with_its_depth(name: str, entry: Callable[[Any], Any]) -> None:
    entry(_comb(2))  # the modules it loads on first use are not counted
    shallow, deep = _steps(lambda: entry(_comb(30))), _steps(lambda: entry(_comb(120)))
    assert deep <= 1.5 * shallow  # was 2.2-3x: a path spelled per node, O(depth) each


@pytest.mark.parametrize(("schema", "message", "loc"), [
    ({"minimum": "0"}, "'minimum' must be a number at {at}, got '0'", "{at}.minimum"),
    ({"type": "integr"}, "Unknown type 'integr' at {at}.type", "{at}.type"),
    ({"pattern": "(?<=a"}, "Pattern '(?<=a' at {at}.pattern is not a valid regular expression", "{at}.pattern"),
    ({"patternProperties": {"(": {}}}, "Pattern '(' at {at}.patternProperties[\"(\"] is not a valid regular expression",
     "{at}.patternProperties[\"(\"]"),
    ({"$ref": "#/$defs/nope"}, "$ref '#/$defs/nope' at {at} does not resolve", "{at}"),
    ({"$ref": "#/definitions/nope"}, "$ref '#/definitions/nope' at {at} does not resolve", "{at}"),
    ({"$dynamicRef": 5}, "'$dynamicRef' must be a string at {at}", "{at}"),
    ({"$ref": "#/$defs/n/type"}, "$ref '#/$defs/n/type' at {at} does not name a schema: it points into 'type'",
     "{at}"),
    ({"$dynamicRef": "#nope"}, "$ref '#nope' at {at} names no $anchor of this schema", "{at}"),
    ({"items": 5}, "Subschema must be an object or a boolean at {at}.items, got 5", "{at}.items"),
])
def test_an_error_deep_in_a_schema_still_names_its_path(schema: Dict[str, Any], message: str, loc: str) -> None:
    at = "$" + ".items" * 3 + '.properties["a b"]'
    s: Dict[str, Any] = {"type": "object", "properties": {"a b": schema}}
    for _ in range(3):
        s = {"type": "array", "items": s}
    s["$defs"] = {"n": {"type": "integer"}}
    with pytest.raises(SchemaError) as caught:
        normalize(s)
    assert caught.value.message == message.format(at=at)
    assert caught.value.loc == loc.format(at=at)
