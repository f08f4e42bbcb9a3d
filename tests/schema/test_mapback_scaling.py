"""``Rendered.decode`` / ``Rendered.validate`` walk each (value, branch) pair once.

The map-back walked the whole value into every ``anyOf``/``oneOf`` branch, recursively,
and checked each candidate with a fresh checker: 2**depth walks (a 554-byte file tree
nested 16 deep took 43 s). Counted, not timed: the checker's and the walk's steps for an
answer n deep against one 4n deep. The docs say each (value, subschema) pair is walked
once, so the work is linear in the answer.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from toolwire import schema
from toolwire.schema import _mapback, _validate

# a discriminated file tree, as pydantic writes it (oneOf of two $refs, recursive)
_CHILDREN = {"type": "array", "items": {"oneOf": [{"$ref": "#/$defs/Folder"}, {"$ref": "#/$defs/File"}]}}
TREE = {
    "$defs": {
        "Folder": {"type": "object", "properties": {"kind": {"const": "folder"}, "children": _CHILDREN},
                   "required": ["kind", "children"]},
        "File": {"type": "object", "properties": {"kind": {"const": "file"}, "children": _CHILDREN},
                 "required": ["kind"]},
    },
    "type": "object",
    "properties": {"tree": {"oneOf": [{"$ref": "#/$defs/Folder"}, {"$ref": "#/$defs/File"}]}},
    "required": ["tree"],
}

# a recursive anyOf whose branches need the map-back: an optional property the strict
# rendering made required and nullable
NODE = {
    "$defs": {"Node": {"type": "object", "properties": {"note": {"type": "string"}, "next": {"anyOf": [
        {"$ref": "#/$defs/Node"}, {"type": "integer"}]}}, "required": ["next"]}},
    "anyOf": [{"$ref": "#/$defs/Node"}, {"type": "integer"}],
}


def _tree(n: int) -> Dict[str, Any]:
    value: Dict[str, Any] = {"kind": "file", "children": []}
    for i in range(n):
        value = {"kind": "folder" if i % 2 else "file", "children": [value]}
    return {"tree": value}


def _nodes(n: int, note: Any) -> Any:
    value: Any = 0
    for _ in range(n):
        value = {"note": note, "next": value}
    return value


def _steps(monkeypatch: Any, call: Any) -> int:
    """The checker's steps plus the map-back's (its walk, where the module has one)."""
    seen = {"n": 0}
    run = _validate._Checker._run
    walker = getattr(_mapback, "_MapBack", None)

    def counted_run(self: Any, *args: Any) -> None:
        seen["n"] += 1
        run(self, *args)

    monkeypatch.setattr(_validate._Checker, "_run", counted_run)
    if walker is not None:
        walk = walker.walk

        def counted_walk(self: Any, *args: Any) -> Any:
            seen["n"] += 1
            return walk(self, *args)

        monkeypatch.setattr(walker, "walk", counted_walk)
    try:
        call()
    finally:
        monkeypatch.undo()
    return seen["n"]


@pytest.mark.parametrize("target", ["openai.chat", "openai.responses", "prompt"])
def test_a_deep_tree_is_walked_once_per_pair(monkeypatch: Any, target: Any) -> None:
    rendered = schema.render(TREE, target)
    assert rendered.validate(_tree(12)) == []
    small, big = (_steps(monkeypatch, lambda n=n: rendered.validate(_tree(n))) for n in (3, 12))
    assert big <= 4.5 * small  # was 2**n: 12 levels took ~4 s, 16 levels 43 s


def test_a_deep_wrong_tree_is_walked_once_per_pair(monkeypatch: Any) -> None:
    rendered = schema.render(TREE, "openai.chat")

    def wrong(n: int) -> Any:
        value = _tree(n)
        leaf = value["tree"]
        while leaf["children"]:
            leaf = leaf["children"][0]
        leaf["kind"] = "link"
        return value

    assert [i.keyword for i in rendered.validate(wrong(4))] == ["oneOf"]
    small, big = (_steps(monkeypatch, lambda n=n: rendered.validate(wrong(n))) for n in (3, 12))
    assert big <= 4.5 * small


def test_nulls_are_removed_in_every_branch_level_in_linear_work(monkeypatch: Any) -> None:
    # docs/structured-output.md: a null is removed where the rendering made an optional
    # property required and nullable; the branch is chosen after that
    rendered = schema.render(NODE, "openai.chat")
    assert rendered.decode(_nodes(3, None)) == {"next": {"next": {"next": 0}}}
    assert rendered.validate(_nodes(10, None)) == []
    assert rendered.decode(_nodes(2, "a")) == {"note": "a", "next": {"note": "a", "next": 0}}
    small, big = (_steps(monkeypatch, lambda n=n: rendered.validate(_nodes(n, None))) for n in (3, 12))
    assert big <= 4.5 * small


# allOf branches that do not merge, each leading to the same recursive node: the second
# branch walks what the first one made
ALL_OF = {"allOf": [{"anyOf": [{"type": "integer"}, {"type": "array", "items": {"$ref": "#"}}]},
                    {"anyOf": [{"type": "integer"}, {"type": "array", "items": {"$ref": "#"}, "minItems": 1}]}]}


def _nest(n: int, leaf: Any) -> List[Any]:
    for _ in range(n):
        leaf = [leaf]
    return leaf  # type: ignore[no-any-return]


@pytest.mark.parametrize("leaf", [1, "x"], ids=["valid", "invalid"])
def test_all_of_branches_leading_to_the_same_node_are_walked_once(monkeypatch: Any, leaf: Any) -> None:
    rendered = schema.render(ALL_OF, "prompt")
    assert (rendered.validate(_nest(6, leaf)) == []) is (leaf == 1)
    small, big = (_steps(monkeypatch, lambda n=n: rendered.validate(_nest(n, leaf))) for n in (3, 12))
    assert big <= 4.5 * small


def test_decode_keeps_what_a_pair_map_and_a_free_form_string_were() -> None:
    sch = {"type": "object", "properties": {"m": {"anyOf": [
        {"type": "object", "additionalProperties": {"type": "integer"}}, {"type": "null"}]}}, "required": ["m"]}
    rendered = schema.render(sch, "openai.chat", maps="pairs")
    assert rendered.decode({"m": [{"key": "a", "value": 1}]}) == {"m": {"a": 1}}
    assert rendered.validate({"m": [{"key": "a", "value": 1}]}) == []


@pytest.mark.parametrize("used", [0, 600, 850])
def test_a_deep_answer_with_little_stack_left_gives_issues_not_a_recursion_error(used: int) -> None:
    import sys

    rendered = schema.render(TREE, "openai.chat")

    def at(depth: int) -> Any:
        return rendered.validate(_tree(2000)) if depth <= 0 else at(depth - 1)

    here, frame = 0, sys._getframe()
    while frame is not None:
        here, frame = here + 1, frame.f_back  # type: ignore[assignment]
    issues = at(min(used, sys.getrecursionlimit() - here - 150))
    # one ``depth`` issue where the stack ran out (it was an ``anyOf`` "no match" at /tree:
    # a branch failed for want of stack, a verdict on a value never checked)
    assert [i.keyword for i in issues] == ["depth"] and issues[0].pointer.startswith("/tree")
