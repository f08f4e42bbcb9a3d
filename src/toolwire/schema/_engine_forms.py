"""Forms every structured-output backend of a server reads alike, written last on the wire
copy of a target that sends the schema as it is (vLLM: ``--structured-outputs-config.backend``
picks xgrammar, guidance, outlines or lm-format-enforcer, and a client cannot tell which).

lm-format-enforcer 0.11.3 (``lmformatenforcer/jsonschemaparser.py`` ``get_parser``, checked
2026-12-07) reads a ``type`` list as bare types, so every other keyword of that node
(``properties``, ``required``, ``items``, ``maxLength``, ``pattern``...) is dropped; it
refuses an ``enum`` mixing strings and null ("Unsupported enum type": the output is cut);
and it reads every ``oneOf`` branch as an object. The profile's ``enforced_only`` flags:

- ``"null_branch"``: a node whose ``type`` list holds ``"null"`` beside other keywords is
  written ``{"anyOf": [<the node without null>, {"type": "null"}]}`` (its annotations
  stay on it; an ``enum``'s null goes to the null branch): exact, since no keyword but the
  in-place ones (``$ref``, unions, ``not``, ``if``, ``const``; such nodes are left as they
  are) applies to null, and an ``enum`` without null gives the node no null value (left
  as it is). Not done for a branch of a ``oneOf`` kept as ``oneOf`` (lm-format-enforcer
  reads it as an object whatever its form), nor beside ``minProperties`` /
  ``maxProperties`` (llguidance reads a count of a union's part merged, and may then
  refuse it), nor where a ``$ref`` names a place the rewrite moves;
- ``"disjoint_one_of"``: a ``oneOf`` whose branches ``_disjoint.py`` proves disjoint is
  written ``anyOf`` (exact), unless the node holds ``anyOf`` too or a ``$ref`` names a
  place in the ``oneOf``.

xgrammar 0.2.9 and llguidance 1.9.1 compile both forms and take the same values
(``tests/schema/test_vllm_backend_neutral.py``). Linear: one walk, each ``$ref`` read once,
each ``oneOf`` tested once.
"""

from __future__ import annotations

from typing import Any, Dict, List, Set, Tuple

from .._target import Profile
from ._disjoint import disjoint
from ._normalize import iter_subschemas
from ._rewrite_shapes import ANNOTATIONS
from ._util import array_index, decode_pointer

__all__ = ["neutral_forms"]

#: keywords that apply to null too: a node holding one is left as it is
_IN_PLACE = frozenset({"$ref", "$dynamicRef", "$recursiveRef", "allOf", "anyOf", "oneOf", "not", "if", "then",
                       "else", "const"})
#: keywords that stay on the node (they constrain no value, or name places from the root)
_STAY = ANNOTATIONS | {"$defs", "definitions", "$schema", "$comment"}
_COUNTS = ("minProperties", "maxProperties")


def neutral_forms(wire: Any, profile: Profile) -> List[Tuple[str, str, str]]:
    """``(pointer, keyword, why)`` for each node of *wire* (changed in place) written in a
    form every backend reads, by *profile*'s flags; ``[]`` without them."""
    only = profile.enforced_only
    nulls, unions = "null_branch" in only, "disjoint_one_of" in only
    if not nulls and not unions:
        return []
    nodes = [(p, n) for p, n in iter_subschemas(wire) if isinstance(n, dict)]
    named = _named(wire, nodes)
    renamed: List[Tuple[str, Dict[str, Any]]] = []
    kept: Set[int] = set()  # the branches of a oneOf sent as oneOf
    for ptr, node in nodes:  # (decided before any change: ``disjoint`` reads the branches' types)
        one = node.get("oneOf")
        if not isinstance(one, list):
            continue
        if unions and "anyOf" not in node and "oneOf" not in named.get(id(node), ()) and disjoint(wire, one, node):
            renamed.append((ptr, node))
        else:
            kept.update(id(b) for b in one)
    split = [(p, n) for p, n in nodes if nulls and type(n.get("type")) is list and id(n) not in kept
             and _splits(n, named.get(id(n), set()))]
    out: List[Tuple[str, str, str]] = []
    for ptr, node in renamed:
        items = list(node.items())
        node.clear()
        node.update(("anyOf" if k == "oneOf" else k, v) for k, v in items)
        out.append((ptr, "oneOf", f"branches disjoint: sent as anyOf, exact ({profile.id}'s lm-format-enforcer "
                    "reads each oneOf branch as an object)"))
    for ptr, node in split:
        _split(node)
        out.append((ptr, "type", f"null as an anyOf branch of its own, exact ({profile.id}'s lm-format-enforcer "
                    "drops every keyword beside a type list)"))
    return out


def _named(wire: Any, nodes: List[Tuple[str, Dict[str, Any]]]) -> Dict[int, Set[str]]:
    """For each node a local ``$ref`` of *wire* passes through, the keywords it goes on
    by (``#/properties/a/items`` passes the root by ``properties``, ``a`` by ``items``);
    read token by token: as long as the references."""
    out: Dict[int, Set[str]] = {}
    for _, node in nodes:
        ref = node.get("$ref")
        if not isinstance(ref, str) or not ref.startswith("#/"):
            continue
        at: Any = wire
        for token in decode_pointer(ref[1:]):
            if isinstance(at, dict):
                out.setdefault(id(at), set()).add(token)
                at = at.get(token)
            elif isinstance(at, list):
                i = array_index(token, len(at))
                at = at[i] if i is not None else None
            else:
                break
    return out


def _splits(node: Dict[str, Any], named: Set[str]) -> bool:
    """Whether *node* is a type list with null that ``_split`` writes as branches."""
    types = node.get("type")
    if not isinstance(types, list) or "null" not in types or len(types) < 2 \
            or not all(type(t) is str for t in types):
        return False
    if any(k in node for k in _IN_PLACE) or ("object" in types and any(k in node for k in _COUNTS)):
        return False
    moved = [k for k in node if k not in _STAY and k != "type"]
    if not moved or any(k in named for k in moved):
        return False
    enum = node.get("enum", [None, 0])
    # an enum without null allows no null (nothing to split), one of null alone no other value
    return isinstance(enum, list) and any(v is None for v in enum) and any(v is not None for v in enum)


def _split(node: Dict[str, Any]) -> None:
    """*node* as ``{"anyOf": [<without null>, {"type": "null"}]}``, in place, its
    annotations kept on it."""
    types = [t for t in node["type"] if t != "null"]
    branch: Dict[str, Any] = {}
    outer: Dict[str, Any] = {}
    for k, v in node.items():
        if k == "type":
            branch[k] = types[0] if len(types) == 1 else types
            outer["anyOf"] = [branch, {"type": "null"}]
        elif k == "enum":
            branch[k] = [e for e in v if e is not None]
        elif k in _STAY:
            outer[k] = v
        else:
            branch[k] = v
    node.clear()
    node.update(outer)
