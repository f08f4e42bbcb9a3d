"""Whether a tool definition's parameters read as a JSON Schema, or as argument values:
``{"name": "get_weather", "parameters": {"city": "Paris"}}`` is a call in Llama 3.x
JSON tool calling (and of OpenAI-compatible servers that pass it on) and, by its keys,
a canonical tool definition. Its ``parameters`` tell them apart: a definition's are a
JSON Schema object; a call's hold values, under the argument names.

The keywords: JSON Schema Draft 2020-12 core and validation (and the draft-04/07 ones
still written: ``definitions``, ``dependencies``, ``additionalItems``, ``id``), OpenAPI
3.0's Schema Object (``nullable``, ``example``, ``discriminator``...), and Gemini's
``Schema`` (``propertyOrdering``): https://json-schema.org/draft/2020-12,
https://spec.openapis.org/oas/v3.0.3#schema-object,
https://ai.google.dev/api/caching#Schema (checked 2026-12-04).
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from ._errors import SchemaError, excerpt
from ._schema_keywords import COUNT_KEYWORDS, DICT_KEYWORDS, LIST_KEYWORDS, NUMBER_KEYWORDS, SINGLE_KEYWORDS

__all__ = ["NotSchemaError", "check_schema_like", "not_schema"]

_SCHEMA = (dict, bool)
_TYPES = frozenset({"object", "array", "string", "number", "integer", "boolean", "null"})
# each keyword with the JSON kinds its value takes (``None``: any value)
_KINDS: Dict[str, Optional[Tuple[type, ...]]] = {
    **dict.fromkeys(("$schema", "$id", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$comment",
                     "$recursiveRef", "id", "title", "description", "pattern", "format", "contentEncoding",
                     "contentMediaType"), (str,)),
    **dict.fromkeys((*DICT_KEYWORDS, "definitions", "dependentRequired", "dependencies", "$vocabulary",
                     "discriminator", "xml", "externalDocs"), (dict,)),
    **dict.fromkeys((*LIST_KEYWORDS, "required", "enum", "examples", "propertyOrdering"), (list,)),
    **dict.fromkeys((*SINGLE_KEYWORDS, "additionalItems", "contentSchema"), _SCHEMA),
    "items": (dict, bool, list),  # (draft-04's list of schemas too)
    **dict.fromkeys(NUMBER_KEYWORDS, (int, float)),
    **dict.fromkeys(COUNT_KEYWORDS, (int, str)),  # OpenAPI's int64 counts: text
    **dict.fromkeys(("uniqueItems", "nullable", "readOnly", "writeOnly", "deprecated", "$recursiveAnchor"),
                    (bool,)),
    **dict.fromkeys(("type", "const", "default", "example"), None),
}
# keywords that say what a value must be: a schema of annotations alone ({"title": "Dune"})
# reads as the arguments of a call as well, and is no tool's parameters
_ASSERTING = frozenset({"type", "properties", "$ref", "$dynamicRef", "$recursiveRef", "allOf", "anyOf", "oneOf",
                        "not", "enum", "const", "items", "prefixItems", "required", "additionalProperties",
                        "patternProperties", "propertyNames", "if", "unevaluatedProperties"})


def not_schema(params: Any) -> Optional[str]:
    """Why *params*, a tool definition's parameters, are no JSON Schema object but read
    as argument values; ``None`` when they are one: ``{}``, or keywords only, each
    with a value of its kind (``type`` a type name or a list of them, in any case:
    OpenAPI writes ``OBJECT``) and one that says what a value must be. Looks at the
    top level only: linear in its keys."""
    if type(params) is not dict or not params:
        return None
    asserting = False
    for key, value in params.items():
        kinds = _KINDS.get(key, ()) if type(key) is str else ()
        if kinds == ():
            return f"{excerpt(key)} is no JSON Schema keyword"
        if key == "type":
            names = value if type(value) is list else [value]
            if not names or any(type(n) is not str or n.lower() not in _TYPES for n in names):
                return f"its 'type' is no JSON type: {excerpt(value)}"
        elif kinds is not None and type(value) not in kinds:  # (``bool`` is no ``int`` here)
            return f"its {excerpt(key)} is no value that keyword takes: {excerpt(value)}"
        asserting = asserting or key in _ASSERTING
    return None if asserting else "it holds no keyword that says what a value must be"


class NotSchemaError(SchemaError):
    """A tool's parameters that hold no JSON Schema keyword at all (``check_schema_like``):
    ``why`` says so in ``not_schema``'s words and ``name`` is the tool's, for a reader
    that names the definition's other reading, a call (``_definitions``)."""

    why = ""
    name: Optional[str] = None


def check_schema_like(params: Dict[str, Any], name: str) -> None:
    """``NotSchemaError`` at ``$.parameters`` when the parameters *params* of the tool
    *name* are not empty and no key of them is a JSON Schema keyword: argument values
    (``{"city": "Paris"}``), no schema at all. The check of every ``Tool``: keywords of
    odd values, unknown keywords beside known ones and annotations alone are left to
    the provider (a schema may carry ``x-`` extensions; open models' tools write
    ``"type": "dict"``); ``not_schema`` is the stricter rule where a call may stand.
    Stops at the first keyword (the first key, in a schema that opens with ``type``)."""
    for key in params:
        if type(key) is str and key in _KINDS:
            return
    if not params:
        return
    err = NotSchemaError(
        "Tool parameters at $.parameters are no JSON Schema (no key is a JSON Schema keyword: type, properties..."
        f"): {excerpt(params)}",
        loc="$.parameters",
    )
    err.why = not_schema(params) or ""
    err.name = name
    raise err
