"""Unions of a wire schema in which a string answer could mean two things: one branch
leads to a free-form object sent as a JSON string (``free_form="string"``), another to
a schema that takes a string; or an array answer, with a map sent as ``[{key, value}]``
pairs (``maps="pairs"``) beside a schema that takes an array. Branches are followed
through ``$ref``, ``anyOf``, ``oneOf`` and ``allOf``, so a string reached through a
definition counts as one written in place.

Linear in the wire schema: every node the unions lead to is visited once (a ``$ref``
to a shared definition is resolved once per reference text), and what each node leads
to is found by two backward walks over the edges seen, not by following paths (a chain
of definitions each naming the one before twice has 2**n of them).

Part of the rewrite in ``_rewrite.py``.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Set, Tuple

from .._errors import SchemaError
from ._refs import resolve_ref

__all__ = ["ambiguous_unions", "takes_array"]

_COMBINATORS = ("anyOf", "oneOf", "allOf")


def ambiguous_unions(
    wire: Any,
    unions: List[Tuple[str, List[Any]]],
    as_strings: Set[int],
    takes: Optional[Callable[[Dict[str, Any]], bool]] = None,
) -> List[str]:
    """The pointers of the *unions* (``(pointer, rendered branches)``) of which one
    branch leads to a node of *as_strings* (ids of the wire nodes of free-form objects
    sent as strings, or of maps sent as pairs) and another to a node that *takes* the
    same kind of answer (default: a string). *wire*: the wire schema its ``$ref``
    values point into."""
    takes = takes or _takes_string
    targets: Dict[str, Any] = {}
    back: Dict[int, List[int]] = {}  # id of a node -> ids of the nodes leading to it
    sent: List[int] = []
    strings: List[int] = []
    seen: Set[int] = set()
    stack = [b for _, branches in unions for b in branches]
    while stack:
        node = stack.pop()
        if id(node) in seen or not isinstance(node, dict):
            continue
        seen.add(id(node))
        if id(node) in as_strings:
            sent.append(id(node))
        elif takes(node):
            strings.append(id(node))
        for child in _edges(node, wire, targets):
            back.setdefault(id(child), []).append(id(node))
            stack.append(child)
    to_sent, to_string = _leading_to(sent, back), _leading_to(strings, back)
    out = []
    for ptr, branches in unions:
        a = [i for i, b in enumerate(branches) if id(b) in to_sent]
        b = [i for i, b in enumerate(branches) if id(b) in to_string]
        if a and b and (len(a) > 1 or len(b) > 1 or a != b):
            out.append(ptr)
    return out


def _edges(node: Dict[str, Any], wire: Any, targets: Dict[str, Any]) -> List[Any]:
    """The nodes *node* applies to the same value: its branches and its ``$ref``'s
    target (each reference text resolved once, in *targets*)."""
    out: List[Any] = []
    for key in _COMBINATORS:
        branches = node.get(key)
        if isinstance(branches, list):
            out.extend(branches)
    ref = node.get("$ref")
    if isinstance(ref, str):
        if ref not in targets:
            try:
                targets[ref] = resolve_ref(wire, ref)
            except SchemaError:  # nothing there: it leads nowhere
                targets[ref] = None
        if targets[ref] is not None:
            out.append(targets[ref])
    return out


def _leading_to(found: List[int], back: Dict[int, List[int]]) -> Set[int]:
    """The ids of the nodes *found* and of every node leading to one of them."""
    reached = set(found)
    stack = list(found)
    while stack:
        for parent in back.get(stack.pop(), ()):
            if parent not in reached:
                reached.add(parent)
                stack.append(parent)
    return reached


def _takes(node: Dict[str, Any], kind_name: str, kind: type) -> bool:
    """A node that takes some value of JSON type *kind_name* (Python *kind*) by itself:
    typed so (alone or in a type array), or untyped with such an ``enum`` or ``const``."""
    typed = node.get("type")
    if typed == kind_name or (isinstance(typed, list) and kind_name in typed):
        return True
    if typed is not None:
        return False
    values = node.get("enum")
    return ("const" in node and isinstance(node["const"], kind)) or (
        isinstance(values, list) and any(isinstance(v, kind) for v in values)
    )


def _takes_string(node: Dict[str, Any]) -> bool:
    """A node that takes some string by itself."""
    return _takes(node, "string", str)


def takes_array(node: Dict[str, Any]) -> bool:
    """A node that takes some array by itself."""
    return _takes(node, "array", list)
