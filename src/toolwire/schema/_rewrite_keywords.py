"""The keyword rules of the rewrite: each keyword of a node kept, dropped, moved into the
description or reported as unsupported by the profile, a node of annotations only, and a
lone ``const`` of null or a boolean.

Part of the rewrite in ``_rewrite.py``.
"""

from __future__ import annotations

import json
import re
from typing import Any, Dict, List

from .._target import Profile
from ._rewrite_shapes import ANNOTATIONS, ShapeRewrites
from ._util import json_type, long_int

__all__ = ["KeywordRewrites", "bad_values", "drops_quietly", "looks_around", "takes"]

_DROP_QUIETLY = ANNOTATIONS - {"title", "description", "default"}
_HARD = frozenset(
    (
        "not",
        "if",
        "then",
        "else",
        "patternProperties",
        "prefixItems",
        "dependentSchemas",
        "unevaluatedProperties",
        "unevaluatedItems",
    )
)
_STRUCTURAL = frozenset(
    (
        "type",
        "properties",
        "required",
        "items",
        "additionalProperties",
        "$defs",
        "$ref",
        "anyOf",
        "oneOf",
        "allOf",
        "enum",
        "const",
    )
)
_LOOKAROUND = re.compile(r"\(\?<?[=!]")


class KeywordRewrites(ShapeRewrites):
    """The keyword rules, mixed into ``Rewriter``."""

    def _lone_const(self, n: Dict[str, Any], ptr: str) -> None:
        """A ``const`` of null or a boolean where enums of its type are refused (Gemini):
        null is ``type: null`` (exact); a boolean is its type, the value moved to the
        description (lossy: checked locally)."""
        value = n.pop("const")
        kind = _lone(value)
        types = n.get("type", kind)
        if types != kind and not (isinstance(types, list) and kind in types):
            n["enum"] = [value]  # another type beside it: no value is both (an unsatisfiable enum, as it was)
            self.change(ptr, "const", "rewritten", "a one-value enum")
            return
        n["type"] = kind
        if value is None:
            self.change(ptr, "const", "rewritten", "null as type null")
            return
        note = "{const: " + json.dumps(value) + "}"
        desc = n.get("description")
        n["description"] = f"{desc}\n\n{note}" if isinstance(desc, str) and desc else note
        self.change(ptr, "const", "moved", "into description (an enum of booleans is not supported)")


    def _annotations(self, n: Dict[str, Any], ptr: str) -> Dict[str, Any]:
        """A node of annotations only, each through the profile's keyword rules."""
        out: Dict[str, Any] = {}
        hints: List[str] = []
        for key, value in n.items():
            self._keyword(out, hints, key, value, ptr)
        _hint(out, hints)
        return out

    def _keyword(self, out: Dict[str, Any], hints: List[str], key: str, value: Any, ptr: str) -> None:
        p = self.p
        if key in ("description", "title"):
            out[key] = value
            return
        if key == "type" and p.openapi and value == "null":
            out["nullable"] = True
            self.change(ptr, "type", "rewritten", "nullable")
            return
        if drops_quietly(p, key):
            self.change(ptr, key, "dropped", "annotation")
            return
        ok = takes(p, key, value)
        if not ok and key == "pattern" and key in p.supported and looks_around(p, value):
            self.lint("unsupported-pattern", ptr, "look-around is not supported by this provider", "warning")
        if ok and key in ("enum", "const"):
            bad = bad_values(p, key, value)
            if bad:
                hint = " (OpenAPI enums are strings; the 'gemini' target takes JSON Schema)" if p.openapi else ""
                shown = ", ".join(_shown(v) for v in bad[:3])
                said = f"enum values of these types are not supported: [{shown}]" if key == "enum" \
                    else f"a const of this type is not supported: {shown}"
                self.lint("unsupported-enum", ptr, said + hint)
        if ok:
            out[key] = value
            if key not in _STRUCTURAL:
                self.change(ptr, key, "kept")
            return
        if key in ("type", "enum", "const"):
            out[key] = value
            return
        if key in _HARD:
            self.change(ptr, key, "unsupported", "validated locally only")
            self.lint("unsupported-keyword", ptr, f"{key} is not supported by this provider", "warning")
        else:
            self.change(ptr, key, "moved", "into description")
        try:
            hints.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
        except ValueError:  # an integer of over 4,300 digits: Python does not write it
            found = long_int(value)
            bits = f" of {found[1]} bits" if found else ""
            self.lint("not-representable", ptr, f"{key} holds an integer{bits} too long to write in the description")


def takes(p: Profile, key: str, value: Any) -> bool:
    """Whether *p* sends keyword *key* (of *value*) as it is: the rule table of the rewrite,
    read as well by the check of OpenAI's strict tools (``dialects/openai/strict_mode.py``)."""
    if key in ("description", "title"):
        return True
    if key not in p.supported:
        return False
    if key == "format" and p.formats is not None and (type(value) is not str or value not in p.formats):
        return False
    if key == "pattern" and looks_around(p, value):
        return False
    return not (key == "minItems" and p.min_items_max is not None and type(value) in (int, float)
                and value > p.min_items_max)


def drops_quietly(p: Profile, key: str) -> bool:
    """Whether *p* leaves out annotation *key* without a word (``x-`` extensions, ``examples``...)."""
    return key.startswith("x-") or (key in _DROP_QUIETLY and key not in p.supported)


def looks_around(p: Profile, pattern: Any) -> bool:
    """Whether *pattern* uses look-around that *p* refuses (OpenAI's regex subset lacks it)."""
    return p.no_lookaround and _LOOKAROUND.search(str(pattern)) is not None


def bad_values(p: Profile, key: str, value: Any) -> List[Any]:
    """The values of an ``enum`` (or a ``const``, a one-value enum) of types *p*'s enums
    cannot hold (Anthropic: "no complex types")."""
    values = value if key == "enum" and type(value) is list else [value]
    return [v for v in values if json_type(v) not in p.enum_types]


def _lone(value: Any) -> str:
    """The JSON type of a ``const`` value, ``null`` or ``boolean`` told apart."""
    return "null" if value is None else "boolean" if isinstance(value, bool) else json_type(value)


def _hint(out: Dict[str, Any], hints: List[str]) -> None:
    """Append the keywords moved out of the wire to ``description``, as ``{k: v, ...}``."""
    if hints:
        desc = out.get("description", "")
        note = "{" + ", ".join(hints) + "}"
        out["description"] = f"{desc}\n\n{note}" if desc else note


def _shown(value: Any) -> str:
    """``repr(value)``, or a placeholder for an integer too long for Python to print."""
    try:
        return repr(value)
    except ValueError:
        return f"<int of {value.bit_length()} bits>" if isinstance(value, int) else f"<{type(value).__name__}>"
