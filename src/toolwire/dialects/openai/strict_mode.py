"""OpenAI's strict mode for tool schemas (``openai.chat`` and ``openai.responses``).

A tool with ``strict: true`` is written only when its schema meets OpenAI's strict mode
(https://platform.openai.com/docs/guides/structured-outputs "Supported schemas", checked
2026-12-08): the object rules a schema written for another provider most often breaks
(the root is an object, and every object has ``additionalProperties: false`` and lists
each of its properties in ``required``), and the keyword rules ``schema.render`` follows
for the openai targets (``strict_keywords``: no ``oneOf``, ``allOf``, ``not``,
``default``, ``nullable``, string lengths, array-form ``items``, look-around...). Else
``EncodeError`` names the first place (in document order) that breaks them
(``strict_problem``). The schema is not rewritten: made optional by a null type, a
property would come back as ``null`` in the call's arguments, which the tool never asked
for; a keyword strict mode refuses is ``schema.render``'s to rewrite, reported.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from ..._errors import EncodeError
from ..._path_steps import Place, place_path
from .strict_keywords import keyword_rules, ref_loop

__all__ = ["check_strict", "empty_parameters", "strict_problem", "subschemas"]


def empty_parameters(strict: bool) -> Dict[str, Any]:
    """The schema of a function without parameters (a new dict each time): OpenAI reads
    it as ``parameters`` left out ("Omitting `parameters` defines a function with an
    empty parameter list", https://platform.openai.com/docs/api-reference/chat/create),
    and compatible servers that require the key (Hugging Face TGI, llama.cpp) take it;
    for a *strict* tool closed, as strict mode needs of every object."""
    if strict:
        return {"type": "object", "properties": {}, "additionalProperties": False}
    return {"type": "object", "properties": {}}


# keywords whose values are subschemas (one, a list, or a map of them), walked for objects
_ONE = ("items", "not", "if", "then", "else", "additionalProperties", "contains")
_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems", "items")
_MAPS = ("properties", "$defs", "definitions", "patternProperties", "dependentSchemas")


def strict_problem(schema: Any, loc: str = "$.parameters") -> Optional[Tuple[str, str]]:
    """The first place (in document order) where *schema* breaks OpenAI strict mode's
    object rules, and what it needs there; ``None`` when it meets them."""
    found = _problem(schema, loc)
    return None if found is None else found[:2]


def _problem(schema: Any, loc: str) -> Optional[Tuple[str, str, bool]]:
    """The first place where *schema* breaks strict mode, what it needs there, and whether
    it is a keyword rule (which ``schema.render`` rewrites). Iterative, linear in the
    schema (each node once, shared ones too; the place spelled out only for the problem)."""
    if type(schema) is not dict:
        return None
    if schema.get("type") != "object":
        return loc, 'an object at the root ("type": "object")', False
    keyword_problem = keyword_rules()
    seen = set()
    refs: List[Tuple[Dict[str, Any], Place]] = []
    stack: List[Tuple[Any, Place]] = [(schema, None)]
    while stack:
        node, at = stack.pop()
        if type(node) is not dict or id(node) in seen:
            continue
        seen.add(id(node))
        kind = node.get("type")
        props = node.get("properties")
        if kind == "object" or (type(kind) is list and "object" in kind) or type(props) is dict:
            if node.get("additionalProperties") is not False:
                return place_path(loc, at), '"additionalProperties": false on every object', False
            required = node.get("required")
            wanted = set(required) if type(required) is list and all(type(r) is str for r in required) else set()
            for name in props if type(props) is dict else ():
                if name not in wanted:
                    return place_path(loc, at), f"every property required (add {name!r} to its \"required\")", False
        needs = keyword_problem(node, at is None)
        if needs is not None:
            return place_path(loc, at), needs, True
        if "$ref" in node:
            refs.append((node, at))
        stack.extend(reversed(subschemas(node, at)))
    loop = ref_loop(schema, refs) if refs else None
    return None if loop is None else (place_path(loc, loop[0]), loop[1], True)


def subschemas(node: Dict[str, Any], at: Place, one: Tuple[str, ...] = _ONE) -> List[Tuple[Any, Place]]:
    """The subschemas of *node* (at *at*) in document order, each with its place: those of
    the keywords of *one* (a schema each), of a list of schemas and of a map of them."""
    out: List[Tuple[Any, Place]] = []
    for key, value in node.items():
        if key in _MAPS and type(value) is dict:
            group = (at, key)
            out.extend((sub, (group, name)) for name, sub in value.items())
        elif key in _LISTS and type(value) is list:
            group = (at, key)
            out.extend((sub, (group, i)) for i, sub in enumerate(value))
        elif key in one and type(value) is dict:
            out.append((value, (at, key)))
    return out


def check_strict(name: str, schema: Any, dialect: str) -> None:
    """``EncodeError`` for a ``strict: true`` tool whose schema OpenAI's strict mode refuses."""
    problem = _problem(schema, "$.parameters")
    if problem is not None:
        at, needs, keyword = problem
        fix = f"schema.render(tool.parameters, {dialect!r}) rewrites it to fit (reported)" if keyword \
            else "fix the schema"
        raise EncodeError(
            f"Tool {name!r} is strict, and {dialect}'s strict mode needs {needs}; the schema at {at} does not "
            f"meet it: {fix}, or write the tool with strict false",
            dialect=dialect, loc=at,
        )
