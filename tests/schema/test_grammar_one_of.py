"""Ollama and vLLM compile the schema into a grammar, and a grammar is a union: llama.cpp's
converter (ggml-org/llama.cpp ``common/json-schema-to-grammar.cpp``, ``visit``) writes
``oneOf`` with ``_generate_union_rule`` exactly as ``anyOf``, and xgrammar (vLLM's
default backend, mlc-ai/xgrammar ``cpp/json_schema_converter.cc``) says "oneOf with
overlapping or non-provably-disjoint branches cannot be represented exactly; falling
back to anyOf semantics". A ``oneOf`` whose branches overlap was reported enforced
(lossless, ``on_lossy="raise"`` passed) while the strict targets report the same one
``dropped``: it is ``unenforced`` now unless its branches are disjoint (the rule the
strict targets use: of other types, or objects told apart by a required ``const``)."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import EncodeError
from toolwire.schema import render

GRAMMARS = ["ollama", "vllm"]

OVERLAPPING = {"type": "object", "required": ["o", "p"], "properties": {
    "o": {"oneOf": [{"type": "integer"}, {"type": "number"}]},
    "p": {"oneOf": [{"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]},
                    {"type": "object", "properties": {"b": {"type": "integer"}}, "required": ["b"]}]}}}


def _one(one_of: Any, **extra: Any) -> Dict[str, Any]:
    return {"type": "object", "required": ["v"], "properties": {"v": {"oneOf": one_of}}, **extra}


@pytest.mark.parametrize("target", GRAMMARS)
def test_an_overlapping_one_of_is_unenforced(target: str) -> None:
    r = render(OVERLAPPING, target)
    assert [(c.pointer, c.action) for c in r.report if c.keyword == "oneOf"] == [
        ("/properties/o", "unenforced"), ("/properties/p", "unenforced")]
    assert not r.lossless
    with pytest.raises(EncodeError):
        render(OVERLAPPING, target, on_lossy="raise")
    # the value a union grammar lets through is still caught by the original
    assert {(i.pointer, i.keyword) for i in r.validate({"o": 2, "p": {"a": 1, "b": 2}})} == {
        ("/o", "oneOf"), ("/p", "oneOf")}


DISJOINT = [
    [{"type": "string"}, {"type": "integer"}],
    [{"type": "object", "properties": {"k": {"const": "a"}}, "required": ["k"]},
     {"type": "object", "properties": {"k": {"const": "b"}}, "required": ["k"]}],
]


@pytest.mark.parametrize("one_of", DISJOINT, ids=["types", "discriminator"])
@pytest.mark.parametrize("target", GRAMMARS)
def test_a_disjoint_one_of_stays_enforced(target: str, one_of: Any) -> None:
    r = render(_one(one_of), target, on_lossy="raise")
    assert r.lossless
    # (vLLM: sent as anyOf, exact, which lm-format-enforcer reads as it is: test_vllm_backend_neutral.py)
    assert not [c for c in r.report if c.keyword == "oneOf" and c.action not in ("kept", "rewritten")]


@pytest.mark.parametrize("target", GRAMMARS)
def test_branches_through_ref_are_read_as_their_targets(target: str) -> None:
    defs = {"$defs": {"s": {"type": "string"}, "n": {"type": "number"}, "i": {"type": "integer"}}}
    assert render(_one([{"$ref": "#/$defs/s"}, {"$ref": "#/$defs/n"}], **defs), target).lossless
    r = render(_one([{"$ref": "#/$defs/i"}, {"$ref": "#/$defs/n"}], **defs), target)
    assert [(c.pointer, c.action) for c in r.report if c.keyword == "oneOf"] == [("/properties/v", "unenforced")]


def test_the_strict_targets_say_the_same() -> None:
    r = render(OVERLAPPING, "openai.chat")
    assert ("/properties/o", "dropped") in [(c.pointer, c.action) for c in r.report if c.keyword == "oneOf"]


#: Review hunt RA-4: disjoint branches the first version of the rule did not see as such
#: (lossless on vllm before the rule came; then reported ``unenforced``, and
#: ``on_lossy="raise"`` raised): a discriminator the PARENT requires, branches that are
#: finite value sets (``const``, ``enum``) sharing no value
DISJOINT = {
    "parent requires the discriminator": {
        "type": "object", "properties": {"kind": {"type": "string"}}, "required": ["kind"],
        "oneOf": [{"properties": {"kind": {"const": "x"}, "x": {"type": "string"}}, "required": ["x"]},
                  {"properties": {"kind": {"const": "y"}, "y": {"type": "number"}}, "required": ["y"]}]},
    "consts": _one([{"const": "a"}, {"const": "b"}]),
    "enums": _one([{"type": "string", "enum": ["a", "c"]}, {"type": "string", "enum": ["b"]}]),
    "discriminator enums": _one([
        {"type": "object", "properties": {"k": {"enum": ["a", "b"]}}, "required": ["k"]},
        {"type": "object", "properties": {"k": {"enum": ["c"]}}, "required": ["k"]}]),
}
#: and their look-alikes that do overlap
OVERLAP = {
    "discriminator not required": {
        "type": "object", "properties": {"kind": {"type": "string"}},
        "oneOf": [{"properties": {"kind": {"const": "x"}}}, {"properties": {"kind": {"const": "y"}}}]},
    "consts share one": _one([{"enum": ["a", "b"]}, {"const": "b"}]),
    "one branch open": _one([{"const": "a"}, {"type": "string"}]),
}


@pytest.mark.parametrize("name", sorted(DISJOINT))
def test_disjoint_branches_stay_enforced(name: str) -> None:
    r = render(DISJOINT[name], "vllm")
    # sent as anyOf (exact; lm-format-enforcer reads each oneOf branch as an object)
    assert [c.action for c in r.report if c.keyword == "oneOf"] == ["rewritten"]
    # the parent's keywords beside the oneOf are not applied (xgrammar writes the branches
    # alone, 0.1.29 and 0.2.9: test_vllm_engine_rules.py); the oneOf itself is enforced
    beside = {"type", "properties", "required"} if name == "parent requires the discriminator" else set()
    assert {c.keyword for c in r.report if c.action == "unenforced"} == beside


@pytest.mark.parametrize("name", sorted(OVERLAP))
def test_overlapping_look_alikes_are_unenforced(name: str) -> None:
    r = render(OVERLAP[name], "vllm")
    assert [c.action for c in r.report if c.keyword == "oneOf"] == ["unenforced"]


@pytest.mark.parametrize("target", GRAMMARS)
def test_a_discriminator_the_parent_or_the_branch_requires(target: str) -> None:
    """The discriminator may be required by the node holding the ``oneOf`` or by each
    branch, among many other names the parent requires."""
    names = [f"n{i}" for i in range(50)]
    by_parent = {"type": "object", "required": ["k", *names], "oneOf": [
        {"type": "object", "properties": {"k": {"const": "a"}}},
        {"type": "object", "properties": {"k": {"const": "b"}}, "required": ["x"]}]}
    r = render({"type": "object", "properties": {"v": by_parent}}, target, on_error="report")
    assert not [c for c in r.report if c.keyword == "oneOf" and c.action == "unenforced"]
    by_branch = {"type": "object", "required": names, "oneOf": [
        {"type": "object", "properties": {"k": {"const": "a"}}, "required": ["k"]},
        {"type": "object", "properties": {"k": {"const": "b"}}}]}  # not required here: a value may lack it
    r = render({"type": "object", "properties": {"v": by_branch}}, target, on_error="report")
    assert [(c.pointer, c.action) for c in r.report if c.keyword == "oneOf"] == [("/properties/v", "unenforced")]


def test_the_parent_required_names_are_read_once(monkeypatch: Any) -> None:
    """``disjoint`` made the set of the parent's required names again for each branch (n
    names beside n branches: n², 5.3 s at 16,000). Counted, not timed: the names put
    into sets."""
    from toolwire.schema import _disjoint

    seen = [0]

    class Counted(set):  # type: ignore[type-arg]
        def __init__(self, items: Any = ()) -> None:
            items = list(items)
            seen[0] += len(items)
            super().__init__(items)

        def __or__(self, other: Any) -> Any:
            seen[0] += len(self) + len(other)
            return Counted(set.__or__(self, other))

    monkeypatch.setattr(_disjoint, "set", Counted, raising=False)

    def work(n: int) -> int:
        seen[0] = 0
        parent = {"type": "object", "required": [f"k{i}" for i in range(n)]}
        branches = [{"type": "object", "required": ["a"]} for _ in range(n)]
        assert not _disjoint.disjoint(parent, branches, parent)
        return seen[0]

    assert work(800) <= 4.5 * work(200)  # was 16x
