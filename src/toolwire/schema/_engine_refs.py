"""What vLLM's engines refuse in a schema sent as it is, read across nodes (``_engine_rules.py``
holds the rules read on one node), applied to the wire copy before it is sent:

- ``"ref_cycle_alone"``: llguidance (1.9.1, checked 2026-12-07) resolves each ``$ref`` from
  the root as it meets it, and refuses one beside keywords other than annotations whose
  target it is resolving around it: "circular references with sibling keys are not
  supported: json-schema:///#" (vLLM answers 400). ``{"$ref": "#", "required": ["a"]}``
  under a property fails; the same ``$ref`` entering a recursive definition from outside
  it, beside ``description`` alone, or in a ``$defs`` entry no ``$ref`` reaches compiles.
  xgrammar (0.1.29, 0.2.9) reads a ``$ref`` alone (``ParseRef``), so the siblings are
  moved into ``description``: xgrammar's grammar is the same, and llguidance takes it.
  Which ``$ref`` it refuses depends on its order of compilation (keys in order, the root
  compiled again through ``#``, a ``$ref`` to a ``$ref`` resolved in turn), replayed by
  ``_engine_cycles.py``; where the replay gives up (its bound), the walk below applies.
  A sibling another ``$ref`` names a place in stays (moved, that ``$ref`` would name
  nothing): a ``$ref`` the engines compile, outside the siblings moved (``_engine_named.py``);
- ``"no_false_properties"``: xgrammar (0.2.9, checked 2026-12-07) refuses a subschema
  ``false`` ("Schema 'false' cannot accept any value"). A branch of an ``anyOf`` / ``oneOf``
  adds no value (core §10.2.1.2-3): left out where another branch is (all ``false``: no
  value, left as it is, which the no-value rules read). Of a property, the key can only be
  absent, which an object it closes (``additionalProperties: false``, or none: strict
  mode, then written, as llguidance would leave the object open) says without the
  property: left out, exact; beside ``additionalProperties`` of
  another value or ``patternProperties`` the key would be taken: moved into
  ``description``. An object with a required one has no value: it is left as it is
  (xgrammar refuses it whatever is done, and vLLM hands the schema to llguidance, which
  leaves such an object out where a parent can; where none can, it refuses the schema,
  "required property 'a' is unsatisfiable", which the no-value rules report
  ``unsatisfiable``); so is one whose ``minProperties`` xgrammar could not meet once it
  closes the object (the schema goes to llguidance, which leaves the object open).

Linear: each node visited once (a ``$ref`` target once, wherever it is met). The caller
skips a rule whose walk would find nothing, where an earlier pass knows it (``engine_moves``).
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Set, Tuple

from .._schema_keywords import DICT_KEYWORDS, LIST_KEYWORDS, SINGLE_KEYWORDS
from .._target import Profile
from ._engine_cycles import LLG_META, llguidance_refusals
from ._engine_named import RefNames
from ._normalize import iter_subschemas
from ._rewrite_keywords import _hint
from ._util import array_index, decode_pointer, escape_token, resolve_local

__all__ = ["FALSE_AT", "cyclic_ref_moves", "false_moves"]

#: the pointers whose ``false`` entries ``false_moves`` reads end ``<one of these>/<name or index>``
FALSE_AT = ("/properties", "/anyOf", "/oneOf")

#: what llguidance 1.9.1 takes beside a cyclic ``$ref`` (checked one by one, 2026-12-07);
#: ``deprecated``, ``contentSchema``, ``$vocabulary`` and any other key fail it
_LLG_META = LLG_META
#: the keywords xgrammar reads before ``properties`` (its ``SchemaParser``): such a node's
#: properties are never read (``closed_nodes`` skips them alike)
_DECIDERS = ("$ref", "const", "enum", "anyOf", "oneOf")
_Move = Tuple[str, str, str, str]


def cyclic_ref_moves(wire: Any, profile: Profile) -> List[_Move]:
    """``(pointer, keyword, "moved", why)`` for each sibling of a ``$ref`` llguidance
    would refuse (``"ref_cycle_alone"``), moved into the node's ``description`` in place.
    Which ones: ``_engine_cycles``' replay of llguidance's order (where it gives up, a walk
    from the root into each ``$ref`` target the first time it is met, the nodes around the
    current one held). A sibling a reached ``$ref`` outside it names a place in (or passes
    through) is not moved: the node is left as it is (``_engine_named.RefNames``)."""
    if "ref_cycle_alone" not in profile.enforced_only or not isinstance(wire, dict):
        return []
    out: List[_Move] = []
    names: List[Optional[RefNames]] = [None]  # (the places a $ref names: read once, at the first sibling to move)

    def move(node: Dict[str, Any], ptr: str) -> bool:
        moved = [k for k in node if k != "$ref" and k not in _LLG_META]
        if moved and names[0] is None:
            names[0] = RefNames(wire)
        if not moved or names[0] is None or names[0].keeps(node, moved):
            return False
        names[0].moving(node, moved)
        _move(node, moved, ptr, profile.id, out)
        return True

    if llguidance_refusals(wire, move) is not None:
        return out
    return out + _around_moves(wire, profile, names[0])  # (the replay gave up: the nodes around the current one)


def _around_moves(wire: Dict[str, Any], profile: Profile, named: Optional[RefNames]) -> List[_Move]:
    """The moves of a walk from the root into each ``$ref`` target the first time it is
    met, the nodes around the current one held (a ``$ref`` to one of them closes a cycle):
    the rule where the replay gives up. The root is compiled first, and again at the first
    ``$ref`` to it, as a definition: walked again from there, held (its ``$ref`` to a target
    around it closes the cycle through the root: review revSchema10 F, its siblings were
    left and llguidance refused 8 wires); each node is walked at most twice, outside and
    inside that second walk."""
    out: List[_Move] = []
    seen: Set[Tuple[int, bool]] = set()
    around: Dict[int, int] = {}  # the nodes on the path to the current one (a count: the root twice)
    stack: List[Tuple[Any, str, bool, bool]] = [(wire, "", False, True)]  # (node, pointer, inside, entering)
    while stack:
        node, ptr, inside, entering = stack.pop()
        if not entering:
            around[id(node)] -= 1
            continue
        if not isinstance(node, dict) or (id(node), inside) in seen:
            continue
        seen.add((id(node), inside))
        around[id(node)] = around.get(id(node), 0) + 1
        stack.append((node, ptr, inside, False))
        ref = node.get("$ref")
        target = resolve_local(wire, ref) if isinstance(ref, str) and ref.startswith("#") else None
        children: List[Tuple[Any, str, bool, bool]] = []
        if isinstance(target, dict) and around.get(id(target)):
            moved = [k for k in node if k != "$ref" and k not in _LLG_META]
            if moved and named is None:
                named = RefNames(wire)  # (the replay's, where it read one: its moves counted)
            if moved and named is not None and not named.keeps(node, moved):
                # (one a $ref names or passes through: kept, as it was, else the $ref would
                # name nothing; llguidance refuses the node as before, xgrammar compiles it)
                named.moving(node, moved)
                _move(node, moved, ptr, profile.id, out)
            if target is wire and not inside:  # (the root compiled again, as a definition: walked again)
                children.append((wire, "", True, True))
        elif isinstance(target, dict):  # (its own place: where a change in it is said)
            children.append((target, str(ref)[1:], inside, True))
        for key in SINGLE_KEYWORDS:
            if key in node:
                children.append((node[key], f"{ptr}/{key}", inside, True))
        for key in DICT_KEYWORDS:
            if key != "$defs" and isinstance(node.get(key), dict):  # ($defs: read through $ref alone)
                children.extend((v, f"{ptr}/{key}/{escape_token(k)}", inside, True) for k, v in node[key].items())
        for key in LIST_KEYWORDS:
            if isinstance(node.get(key), list):
                children.extend((v, f"{ptr}/{key}/{i}", inside, True) for i, v in enumerate(node[key]))
        stack.extend(reversed(children))  # (read in order: the target first, then the keywords)
    return out


def _move(node: Dict[str, Any], keys: List[str], ptr: str, target: str, out: List[_Move]) -> None:
    hints = []
    for key in keys:
        hints.append(f"{key}: {_shown(node.pop(key))}")
        out.append((ptr, key, "moved", f"{target}'s llguidance refuses keywords beside a $ref closing a cycle "
                    "(the request fails; xgrammar reads the $ref alone): into description, checked locally only"))
    _hint(node, hints)


def _shown(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except ValueError:  # an integer of over 4,300 digits: Python does not write it
        return "(an integer too long to write)"


def false_moves(wire: Any, profile: Profile) -> List[_Move]:
    """``(pointer, keyword, action, why)`` for each ``false`` branch of an ``anyOf`` /
    ``oneOf`` with another branch, left out of *wire* in place, ``rewritten`` (exact), and
    for each property of subschema ``false`` of an object none of whose ``false``
    properties is required (``"no_false_properties"``), left out: ``rewritten`` where the
    object is closed, else ``moved`` into its ``description``."""
    if "no_false_properties" not in profile.enforced_only:
        return []
    out: List[_Move] = []
    closes = "closes_objects" in profile.enforced_only
    found: List[Tuple[str, Dict[str, Any]]] = []
    refs: List[str] = []
    for ptr, node in iter_subschemas(wire):  # (changed after the walk: a place a $ref names is kept)
        if isinstance(node, dict):
            found.append((ptr, node))
            if isinstance(node.get("$ref"), str):
                refs.append(node["$ref"])
    named = _named(wire, refs)
    for ptr, node in found:
        for key in ("anyOf", "oneOf"):
            branches = node.get(key)
            if isinstance(branches, list) and any(b is False for b in branches) \
                    and any(b is not False for b in branches) and id(branches) not in named:
                # (all false: no value, left as it is; a $ref into the list: its indices kept)
                out.extend((f"{ptr}/{key}/{i}", key, "rewritten", f"of no value: left out ({profile.id}'s xgrammar "
                            "refuses a false subschema; a branch of no value adds none)")
                           for i, b in enumerate(branches) if b is False)
                branches[:] = [b for b in branches if b is not False]
        props = node.get("properties")
        if not isinstance(props, dict) or any(k in node for k in _DECIDERS):
            continue
        req = node.get("required")
        needed = {r for r in req if isinstance(r, str)} if isinstance(req, list) else set()
        gone = [name for name, sub in props.items() if sub is False]
        if not gone or any(name in needed or (id(props), name) in named for name in gone):
            # (one a $ref names: left, else the $ref would name nothing; a required one: the object has
            # no value, and xgrammar refuses it whatever is done; llguidance, which vLLM then hands
            # the schema, leaves such an object out where it can)
            continue
        least = node.get("minProperties")
        if closes and "additionalProperties" not in node and type(least) is int and least > len(props) - len(gone):
            continue  # (xgrammar refuses the object it closes for its count: the schema goes to llguidance,
            # which leaves it open and takes the false property; closed, it would have no value there too)
        closed = node.get("additionalProperties", not closes) is False and "patternProperties" not in node
        if closed and "additionalProperties" not in node:
            # (written: llguidance, which a schema may still go to, leaves an object without it open,
            # and would take the key left out; xgrammar's grammar is the same)
            node["additionalProperties"] = False
            out.append((ptr, "additionalProperties", "narrowed", f"{profile.id} closes the object (strict mode): "
                        "keys not in properties are refused"))
        hints = []
        for name in gone:
            del props[name]
            sptr = f"{ptr}/properties/{escape_token(name)}"
            if closed:
                out.append((sptr, "properties", "rewritten", f"of no value: left out ({profile.id}'s xgrammar refuses "
                            "a false subschema; the closed object refuses the key all the same)"))
            else:
                hints.append(f"{_shown(name)}: false")
                out.append((sptr, "properties", "moved", f"of no value: left out ({profile.id}'s xgrammar refuses a "
                            "false subschema), into description, checked locally only (the key can only be absent)"))
        if hints:
            _hint(node, ["properties: {" + ", ".join(hints) + "}"])
    return out


def _named(wire: Any, refs: List[str]) -> Set[Any]:
    """The places the local *refs* name a node through, in *wire*: ``(id(dict), key)`` for
    each step into a dict, ``id(list)`` for each into a list (one left shorter would move
    the item named). One step per token of each reference."""
    out: Set[Any] = set()
    for ref in refs:
        node = wire if ref.startswith("#/") else None  # ("#": the root, through no place)
        for token in decode_pointer(ref[1:]) if node is not None else ():
            if isinstance(node, dict):
                out.add((id(node), token))
                node = node.get(token)
            elif isinstance(node, list):
                out.add(id(node))
                i = array_index(token, len(node))
                node = node[i] if i is not None and i < len(node) else None
            else:
                break
    return out
