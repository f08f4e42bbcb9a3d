"""``unevaluatedProperties`` on vLLM's wire as xgrammar 0.2.9 (``strict_mode=True``, as vLLM's
``backend_xgrammar.py``) reads it, checked 2026-12-07 (session 47, review revVllm7 C1):

- a node of no ``type`` with an ``unevaluatedProperties`` (``true`` too) is read as an
  object: ``{"unevaluatedProperties": false}`` refuses ``null``, ``5``, ``"s"``, ``[1]``
  (lm-format-enforcer 0.11.3 fails it: "Unsupported type None"). Every type is
  written beside it, which JSON Schema reads as no type at all (exact; both engines then
  take the values of the other types);
- a node that may be an array, with the keyword (``true`` too), takes only ``[]``: xgrammar
  closes its items by it, where ``items`` is absent (``{"type": ["array", "object"],
  "unevaluatedProperties": false}`` refuses ``[1]``). ``"items": {}`` is written beside it
  (exact: every item is valid against ``{}``), where ``prefixItems`` is absent too (past
  them strict mode closes the array anyway).

Not on a node xgrammar reads by a ``$ref``, ``const``, ``enum``, ``anyOf`` or ``oneOf``
alone, nor on an ``allOf`` branch: xgrammar reads an ``allOf`` without the node's own
``type`` (``{"type": "object", "allOf": [{"type": ["string", "object"]}]}`` takes ``"s"``),
so a branch read as an object stays one. llguidance 1.9.1 refuses the keyword
("Unimplemented keys"), as it did before. Each node once.
"""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

__all__ = ["EVERY_TYPE", "unevaluated_typed"]

#: every JSON type, as a ``type`` list (``integer`` is a ``number``)
EVERY_TYPE = ("string", "number", "boolean", "object", "array", "null")
#: the keywords xgrammar reads before a node's own object keywords (its ``SchemaParser``)
_DECIDERS = ("$ref", "const", "enum", "anyOf", "oneOf")


def unevaluated_typed(node: Dict[str, Any], ptr: str, dialect: str) -> List[Tuple[str, str, str, str]]:
    """The ``type`` and ``items`` written beside *node*'s ``unevaluatedProperties`` (in
    place), as ``(pointer, keyword, "rewritten", why)``."""
    at = ptr.rsplit("/", 2)
    if "unevaluatedProperties" not in node or any(k in node for k in _DECIDERS) \
            or (len(at) == 3 and at[1] == "allOf" and at[2].isdigit()):
        return []
    out = []
    if "type" not in node:
        node["type"] = list(EVERY_TYPE)
        out.append((ptr, "type", "rewritten", f"every type written beside unevaluatedProperties, exact ({dialect}'s "
                    "xgrammar reads a node of no type with it as an object, refusing the other types)"))
    kind = node["type"]
    if (kind == "array" or (isinstance(kind, list) and "array" in kind)) \
            and not any(k in node for k in ("items", "prefixItems", "unevaluatedItems")):
        node["items"] = {}
        out.append((ptr, "items", "rewritten", f"every item taken beside unevaluatedProperties, exact ({dialect}'s "
                    "xgrammar closes an array's items by it, taking only [])"))
    return out
