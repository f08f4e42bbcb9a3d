"""Strict tools on the Anthropic Messages API and on Bedrock Converse.

A tool with ``strict: true`` is compiled into a grammar by the structured-outputs
pipeline, which refuses what its JSON Schema subset lacks ("Strict tool use",
https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use: "For the
supported JSON Schema subset, see JSON Schema limitations"; "Structured outputs",
https://platform.claude.com/docs/en/build-with-claude/structured-outputs; checked
2026-12-05, reference/structured-output.md §C.1). Bedrock's ``toolSpec.strict`` follows
the same limits (the user guide's "structured-output.html", §C.3: the error "For
'integer' type, properties maximum, minimum are not supported"). Refused: an object
without ``"additionalProperties": false`` ("For 'object' type, 'additionalProperties'
must be explicitly set to false"), ``minimum``/``maximum`` (and their exclusive forms),
``multipleOf``, ``minLength``/``maxLength``, ``maxItems``, ``minItems`` above 1, an
``enum``/``const`` value of a complex type, an external ``$ref`` and recursion.

As for OpenAI's strict tools (``dialects/openai/strict_mode.py``) the schema is not
rewritten: ``EncodeError`` names the first place that breaks the rules (a strict tool
written from another provider's, an OpenAI strict tool's bounds, would be refused
with a 400). ``schema.render(..., "anthropic.tool")`` is the way to a schema that fits.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Set, Tuple

from ..._errors import EncodeError
from ..._path_steps import Place, place_path
from .._local_refs import resolve_local
from ..openai.strict_mode import subschemas

__all__ = ["check_strict_tool", "strict_tool_problem"]

_ONE = ("items", "not", "if", "then", "else", "additionalProperties", "contains", "propertyNames",
        "unevaluatedItems", "unevaluatedProperties")
_REFUSED = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
            "maxItems")


def _node_problem(node: Dict[str, Any]) -> Optional[str]:
    kind = node.get("type")
    if (kind == "object" or (type(kind) is list and "object" in kind) or type(node.get("properties")) is dict) \
            and node.get("additionalProperties") is not False:
        return '"additionalProperties": false on every object'
    for key in _REFUSED:
        if key in node:
            return f"no {key!r} (numeric bounds, multipleOf, string lengths and maxItems are not supported)"
    low = node.get("minItems")
    if type(low) is int and low > 1:
        return "a minItems of 0 or 1 only"
    enum = node.get("enum")
    if type(node.get("const")) in (dict, list) or (type(enum) is list and any(type(v) in (dict, list) for v in enum)):
        return "enum and const values that are strings, numbers, booleans or null"
    ref = node.get("$ref")
    if ref is not None and (type(ref) is not str or not ref.startswith("#")):
        return 'a local "$ref" only (a JSON Pointer into the schema)'
    return None


def strict_tool_problem(schema: Any, loc: str) -> Optional[Tuple[str, str]]:
    """The first place (in document order) where *schema* breaks the strict-tool rules
    above, and what they need there; ``None`` when it meets them. Iterative and linear in
    the schema (each node once, shared ones too; each ``$ref`` resolved once)."""
    if type(schema) is not dict:
        return None
    seen: Set[int] = set()
    refs = False
    stack: List[Tuple[Any, Place]] = [(schema, None)]
    while stack:
        node, at = stack.pop()
        if type(node) is not dict or id(node) in seen:
            continue
        seen.add(id(node))
        needs = _node_problem(node)
        if needs is not None:
            return place_path(loc, at), needs
        refs = refs or "$ref" in node
        stack.extend(reversed(subschemas(node, at, _ONE)))
    return _recursion(schema, loc) if refs else None


def _recursion(root: Dict[str, Any], loc: str) -> Optional[Tuple[str, str]]:
    """The first ``$ref`` that leads back to a node it sits in (a back edge of one
    iterative depth-first walk over subschemas and references: linear)."""
    targets: Dict[str, Tuple[Any, Place]] = {}
    state: Dict[int, int] = {}  # 1: on the walk's path, 2: done
    work: List[Tuple[Any, Place, List[Tuple[Any, Place]], int]] = [(root, None, [], -1)]
    while work:
        node, at, succ, i = work[-1]
        if i == -1:  # entered
            state[id(node)] = 1
            succ = subschemas(node, at, _ONE)
            ref = node.get("$ref")
            if type(ref) is str:
                if ref not in targets:
                    targets[ref] = resolve_local(root, ref)
                target, where = targets[ref]
                if type(target) is dict:
                    if state.get(id(target)) == 1:
                        return place_path(loc, at), 'no recursion (a "$ref" that leads back to a schema it sits in)'
                    succ.append((target, where))
            work[-1] = (node, at, succ, 0)
            continue
        if i < len(succ):
            work[-1] = (node, at, succ, i + 1)
            child, place = succ[i]
            if type(child) is dict:
                seen = state.get(id(child))
                if seen is None:
                    work.append((child, place, [], -1))
                elif seen == 1:  # a node holding itself (built in Python): a cycle all the same
                    return place_path(loc, place), "no recursion (a schema that holds itself)"
            continue
        state[id(node)] = 2
        work.pop()
    return None


def check_strict_tool(name: str, schema: Any, dialect: str, loc: str) -> None:
    """``EncodeError`` for a ``strict: true`` tool whose schema the strict grammar refuses."""
    problem = strict_tool_problem(schema, loc)
    if problem is not None:
        at, needs = problem
        raise EncodeError(
            f"Tool {name!r} is strict, and {dialect}'s strict tools need {needs}; the schema at {at} does not "
            "meet it: fix the schema (schema.render for the anthropic.tool target writes one that fits), or write "
            "the tool with strict false",
            dialect=dialect, loc=at,
        )
