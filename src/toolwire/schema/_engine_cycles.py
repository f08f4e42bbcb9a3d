"""llguidance's reading of ``$ref`` replayed on vLLM's wire, to move the siblings of the
``$ref`` values it would refuse ("circular references with sibling keys are not supported")
and those alone (``_engine_refs.cyclic_ref_moves`` applies the moves).

llguidance 1.9.1 (``parser/src/json/schema.rs``, read and checked 2026-12-07) compiles a
node's keys in their order: the keywords between in-place applicators (``const``,
``enum``, ``allOf``, ``anyOf``, ``oneOf``, ``$ref``) are compiled together when the next
applicator (or the end) is met, and intersected with what came before. A ``$ref`` is
*defined* the first time its URI is met (its target compiled then, once); alone (nothing
compiled before it in the node, nothing after it) it stays a reference, otherwise its
definition is needed at once, and one still being compiled (its URI on the stack of
definitions) fails the request. The root is compiled first without being a definition,
so a ``$ref`` to ``#`` compiles it a second time (re-entry through the root); a node
reached through a pointer (``#/properties/a``) is compiled at its place too. So whether a
``$ref`` fails depends on the order of the walk, which this replays: URIs defined, being
defined, each subtree walked where llguidance walks it.

Bounded: the replay counts the nodes it compiles (a node under several referenced places is
compiled once per place, as llguidance does) and gives up past ``4 * nodes + 64`` steps,
past ``64 * nodes + 64`` property names read or merged where two objects meet (each charged
before it is read: the whole work is linear in the schema), or past three passes (a move can
make a reference alone that a parent then intersects): the caller then falls back on its own
walk. A ``$ref`` alone in an ``anyOf`` / ``allOf`` branch intersected with its parent's
keywords has no siblings to move: where the parent has a ``$ref`` of its own, the parent's
siblings are moved (the branch with them: ``{"$ref": "#", "anyOf": [{"$ref":
"#/$defs/D0"}]}`` inside ``D0``), else it is counted in ``unresolved``. Two objects
intersected have the properties they share intersected in turn (a union: each branch), so a
``$ref`` in one being compiled is needed too (``{"$ref": "#", "allOf": [{"properties":
{"r1": ...}}]}`` where the root's ``r1`` is ``{"$ref": "#/$defs/D0"}`` inside ``D0``; each
pair of properties once). A node met again while its own subschemas are compiled (a ``$ref``
to ``#`` after them) may have its siblings moved by that visit: the outer one reads only the
keys still there.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Generator, List, Optional, Set, Tuple

from ._util import resolve_local

__all__ = ["LLG_META", "llguidance_refusals"]

#: what llguidance 1.9.1 takes beside a cyclic ``$ref`` (checked one by one, 2026-12-07);
#: ``deprecated``, ``contentSchema``, ``$vocabulary`` and any other key fail it
LLG_META = frozenset({"$comment", "title", "description", "default", "examples", "readOnly", "writeOnly", "$id",
                      "$anchor", "$defs", "definitions", "$schema", "contentMediaType", "contentEncoding"})
_APPLICATORS = ("const", "enum", "allOf", "anyOf", "oneOf", "$ref")
_ARRAY = ("prefixItems", "items", "additionalItems")
_OBJECT = ("properties", "patternProperties", "additionalProperties")
_TYPES = ("null", "boolean", "number", "string", "array", "object")
_ANY, _OTHER = "any", "other"  # a node's result so far; a ``$ref`` alone: ("ref", uri)
_Step = Tuple[str, Any, str]
_Walk = Generator[_Step, None, Any]


def llguidance_refusals(wire: Any, move: Callable[[Dict[str, Any], str], bool]) -> Optional[int]:
    """Replay llguidance's compilation of *wire*; for each node whose ``$ref`` it would
    refuse, ``move(node, pointer)`` (which takes out the siblings, in place, and says
    whether it did). Passes until one moves nothing; the count of alone ``$ref`` values
    intersected while being defined (not moved: ``unresolved``), or ``None`` when the replay
    gave up (the bound above: the caller's own rule applies)."""
    size = _size(wire)
    for _ in range(3):
        run = _Replay(wire, move, 4 * size + 64, 64 * size + 64)
        if not run.go():
            return None
        if not run.moved:
            return run.unresolved
    return None


class _Replay:
    def __init__(self, wire: Any, move: Callable[[Dict[str, Any], str], bool], budget: int, reads: int) -> None:
        self.wire, self.move, self.budget, self.reads = wire, move, budget, reads
        self.seen: Set[str] = set()
        self.done: Set[str] = set()
        self.results: Dict[str, Any] = {}  # what each defined URI compiled to
        self.moved = self.unresolved = 0
        self.met: Dict[Tuple[int, int], Any] = {}  # the pairs of properties intersected (once each; held)
        self.sides: Dict[Any, Any] = {}  # the pairs of sides whose shared properties were all met (held)
        self.merged: Dict[Tuple[int, ...], Any] = {}  # the dictionaries merged, by the ones merged (held)

    def go(self) -> bool:
        """One pass; False past the budget (of steps or of reads)."""
        stack: List[Tuple[_Walk, Optional[str]]] = [(self._node(self.wire, ""), None)]
        sent: Any = None  # (what the last walk compiled to, sent to the one that asked)
        while stack:
            walk, defining = stack[-1]
            try:
                kind, what, ptr = walk.send(sent)
            except StopIteration as stop:
                stack.pop()
                sent = stop.value
                if defining is not None:
                    self.done.add(defining)
                    self.results[defining], sent = sent, None
                continue
            sent = None
            if kind == "meet":  # (a _meet asked of a _meet: no step of its own, as the call it stands for)
                stack.append((self._meet(what[0], what[1], what[2], ptr), None))
                continue
            self.budget -= 1
            if self.budget < 0 or self.reads < 0:
                return False
            if kind == "walk":
                stack.append((self._node(what, ptr), None))
            elif kind == "define" and what not in self.seen:  # the target compiled now, once
                self.seen.add(what)
                target = resolve_local(self.wire, what) if what.startswith("#") else None
                stack.append((self._node(target, what[1:]), what))
        return True

    def _node(self, n: Any, ptr: str) -> _Walk:
        """The steps of compiling *n*; its result: ``("ref", uri)`` for a ``$ref`` alone."""
        if not isinstance(n, dict):
            return _OTHER
        result: Any = _ANY
        current: List[str] = []
        for key in list(n):
            if key not in n:
                continue
            if key in _APPLICATORS:
                if current:
                    got = yield from self._current(n, current, ptr)
                    current = []
                    result = yield from self._meet(result, got, n, ptr)
                    if result is None:
                        return ("ref", n["$ref"], False)
                    if key not in n:  # (moved by a visit of this node nested in those subschemas)
                        continue
                if key == "$ref" and isinstance(n["$ref"], str):
                    result = yield from self._meet(result, ("ref", n["$ref"], True), n, ptr)
                elif key in ("allOf", "anyOf", "oneOf") and isinstance(n[key], list):
                    parts: List[Any] = []
                    for i, b in enumerate(n[key]):
                        parts.append((yield ("walk", b, f"{ptr}/{key}/{i}")))
                    if key == "allOf":
                        for part in parts:
                            result = yield from self._meet(result, part, n, ptr)
                            if result is None:
                                return ("ref", n["$ref"], False)
                    else:
                        whole = parts[0] if len(parts) == 1 else ("union", parts) if parts else _OTHER
                        result = yield from self._meet(result, whole, n, ptr)
                else:
                    result = yield from self._meet(result, _OTHER, n, ptr)
                if result is None:
                    return ("ref", n["$ref"], False)
            elif key not in LLG_META:
                current.append(key)
        if current:
            got = yield from self._current(n, current, ptr)
            result = yield from self._meet(result, got, n, ptr)
        if result is None:
            return ("ref", n["$ref"], False)
        return ("ref", result[1], False) if isinstance(result, tuple) and result[0] == "ref" else result

    def _current(self, n: Dict[str, Any], keys: List[str], ptr: str) -> _Walk:
        """The subschemas of *keys* compiled together, by type (array, then object); what
        they compile to: ``("object", {name: result})`` with ``properties``."""
        types = n.get("type")
        order = [types] if isinstance(types, str) else types if isinstance(types, list) else list(_TYPES)
        props: Dict[str, Any] = {}
        kinds = [k for t in order if isinstance(t, str) for k in (("array",) if t == "array" else
                                                                   ("object",) if t == "object" else ())]
        for kind in dict.fromkeys(kinds):
            for key in _ARRAY if kind == "array" else _OBJECT:
                if key not in keys or key not in n:  # (moved by a visit of this node nested in one before)
                    continue
                value = n[key]
                if key in ("properties", "patternProperties") and isinstance(value, dict):
                    for name, sub in list(value.items()):
                        got = yield ("walk", sub, f"{ptr}/{key}/{_escape(name)}")
                        if key == "properties":
                            props[name] = got
                elif key == "prefixItems" and isinstance(value, list):
                    for i, sub in enumerate(value):
                        yield ("walk", sub, f"{ptr}/{key}/{i}")
                else:
                    yield ("walk", value, f"{ptr}/{key}")
        return ("object", props) if props else _OTHER

    def _check(self, uri: str) -> Generator[_Step, None, bool]:
        """Whether llguidance has the definition of *uri* at hand (and of each reference it
        compiled to, which an intersection resolves in turn)."""
        todo, met = [uri], set()
        while todo:
            u = todo.pop()
            if u in met:
                continue
            met.add(u)
            yield ("define", u, "")
            if u not in self.done:
                return False
            got = self.results.get(u)
            if isinstance(got, tuple) and got[0] == "ref":
                todo.append(got[1])
            elif isinstance(got, tuple) and got[0] == "union":
                todo.extend(p[1] for p in got[1] if isinstance(p, tuple) and p[0] == "ref")
        return True

    def _meet(self, result: Any, other: Any, n: Dict[str, Any], ptr: str) -> _Walk:
        """*result* intersected with *other*; ``None`` when *n*'s own ``$ref`` was refused
        and its siblings moved (the node is a ``$ref`` alone from then on)."""
        if result == _ANY:
            if isinstance(other, tuple) and other[0] == "ref":
                yield ("define", other[1], "")
            return other
        if other == _ANY:
            return result
        for side in (result, other):
            refs = [side] if side[0] == "ref" else [p for p in side[1] if isinstance(p, tuple) and p[0] == "ref"] \
                if isinstance(side, tuple) and side[0] in ("ref", "union") else []
            for ref in refs:
                if not (yield from self._check(ref[1])):
                    # (the node's own $ref, or one in a sibling beside it: its siblings moved)
                    if isinstance(n.get("$ref"), str) and self.move(n, ptr):
                        self.moved += 1
                        return None
                    self.unresolved += 1
        # (two objects: the properties they share intersected in turn, a $ref in them needed too;
        # a union: each branch)
        # (each side's properties read once, the other side's branches indexed by property name: each
        # distinct pair of results sharing a name is one step, met once; one met before or sharing none
        # no work; review revSchema6, 4,002,000 reads for two unions of 2,000 branches; review revLead45,
        # a step per pair of disjoint branches spent the budget of two unions of 25; review revSchema7, a
        # sixteenth of a step per pair met again spent it on 94 allOfs of one $ref twice, 300 names)
        mines = [self._props(p) for p in (result[1] if result[0] == "union" else [result])]
        theirs_all = [self._props(p) for p in (other[1] if other[0] == "union" else [other])]
        # (review revVllm7: every name read or merged here is charged to the budget before it is read,
        # so the replay's whole work is within its budget; a union differing at each property read all
        # of one side's names each time, 34.5 s at 4,000 names; each branch read by _props is a step)
        sides = (tuple(map(id, mines)), tuple(map(id, theirs_all)))
        # (each name: the other side's results for it, each once, in branch order; a result met twice on
        # a side, such as the one of every string property, is one; two sides met before: not read again)
        holding: Dict[str, Dict[int, Any]] = {}
        for theirs in theirs_all if sides not in self.sides else ():
            yield from self._pay(len(theirs))
            for name, sub in theirs.items():
                holding.setdefault(name, {}).setdefault(id(sub), sub)
        read: Set[Tuple[str, int]] = set()
        for mine in mines if holding else ():
            yield from self._pay(len(mine))
            for name, sub in mine.items():
                if name not in holding or (name, id(sub)) in read:
                    continue
                read.add((name, id(sub)))
                for their in holding[name].values():
                    pair = (id(sub), id(their))
                    if pair in self.met:
                        continue
                    self.met[pair] = (sub, their)
                    yield ("step", None, "")
                    # (met by the driver, on its stack: a chain of properties 1,000 deep is no recursion)
                    if (yield ("meet", (sub, their, n), ptr)) is None:
                        return None
        if holding:
            self.sides[sides] = (mines, theirs_all)
        # (the last branch's properties over the other side's, theirs over the earlier ones'; one
        # dictionary alone, such as a $ref met with itself, is the result as it is, and the same
        # dictionaries merged again the dictionary merged before: not copied, never changed)
        layers = [p for p in (*mines[:-1], *theirs_all, *mines[-1:]) if p] if mines else []
        if len({id(p) for p in layers}) == 1:
            return ("object", layers[0])
        key = tuple(map(id, layers))
        if key in self.merged:
            return self.merged[key][1]
        merged: Dict[str, Any] = {}
        for props in layers:
            yield from self._pay(len(props))
            merged.update(props)
        self.merged[key] = (layers, ("object", merged) if merged else _OTHER)
        return self.merged[key][1]

    def _pay(self, work: int) -> Generator[_Step, None, None]:
        """*work* names charged to the budget of reads; past it, the pass gives up at once."""
        self.reads -= work
        if self.reads < 0:
            yield ("step", None, "")

    def _props(self, side: Any) -> Dict[str, Any]:
        """The properties *side* compiled to (a ``$ref`` done: its target's)."""
        for _ in range(len(self.results) + 1):  # (a $ref to a $ref, in turn: each a read)
            self.reads -= 1
            if self.reads >= 0 and isinstance(side, tuple) and side[0] == "ref" and side[1] in self.done:
                side = self.results.get(side[1])
            else:
                break
        return side[1] if isinstance(side, tuple) and side[0] == "object" else {}


def _alone(n: Any) -> Any:
    """``("ref", uri)`` for a node llguidance compiles to a reference: a ``$ref`` beside annotations only."""
    if isinstance(n, dict) and isinstance(n.get("$ref"), str) and all(k == "$ref" or k in LLG_META for k in n):
        return ("ref", n["$ref"], False)
    return _OTHER


def _escape(name: str) -> str:
    return name.replace("~", "~0").replace("/", "~1")


def _size(wire: Any) -> int:
    count, stack = 0, [wire]
    while stack:
        n = stack.pop()
        count += 1
        if isinstance(n, dict):
            stack.extend(v for v in n.values() if isinstance(v, (dict, list)))
        elif isinstance(n, list):
            stack.extend(v for v in n if isinstance(v, (dict, list)))
    return count
