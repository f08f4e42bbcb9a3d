"""Rewrites of arrays and objects for a profile: ``prefixItems`` and ``items: false``,
properties, required-all (optional made required and nullable), closing an object in
strict mode, and maps as ``[{key, value}]`` pairs.

Part of the rewrite in ``_rewrite.py``.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Set, Tuple

from ._empty_bounds import untaken
from ._no_value_root import no_value_nodes
from ._rewrite_shapes import ShapeRewrites, accepts_null
from ._util import escape_token
from ._validate import _Checker

__all__ = ["ObjectRewrites"]


class ObjectRewrites(ShapeRewrites):
    """The array and object rewrites, mixed into ``Rewriter``."""

    _as_pairs: Optional[Set[int]] = None  # the wire nodes of maps sent as pairs
    _left: Optional[List[Any]] = None  # the wire nodes rendered, then not sent (additionalProperties widened)
    _no_values: Optional[Set[int]] = None  # the ids of the schema's nodes of no value (``no_value_nodes``)

    def _array(self, n: Dict[str, Any], out: Dict[str, Any], hints: List[str], ptr: str, required: bool) -> None:
        """*required*: the array's own (its items are "within" that property, for
        Gemini's rule on cycles, ``_ref``)."""
        if "prefixItems" in n:
            prefix = [self.node(s, f"{ptr}/prefixItems/{i}", required) for i, s in enumerate(n["prefixItems"])]
            if "prefixItems" in self.p.supported or self.p.permissive:
                out["prefixItems"] = prefix
                self.change(ptr, "prefixItems", "kept")
            else:
                self.change(ptr, "prefixItems", "unsupported", "validated locally only")
                self.lint("unsupported-keyword", ptr, "prefixItems is not supported by this provider", "warning")
                hints.append("prefixItems: " + json.dumps(n["prefixItems"], ensure_ascii=False))
                extra = (
                    [] if n.get("items", True) is False else [self.node(n.get("items", True), f"{ptr}/items", required)]
                )
                members = prefix + extra
                out["items"] = members[0] if len(members) == 1 else {"anyOf": members}
                return
        if "items" in n:
            if n["items"] is False:
                if "prefixItems" in out:
                    out["items"] = False
                elif "maxItems" in self.p.supported:
                    self.change(ptr, "items", "rewritten", "false as maxItems: 0")
                    self.empty_array(out, ptr)
                else:
                    self.change(ptr, "items", "moved", "into description")
                    hints.append("items: false")
            else:
                out["items"] = self.node(n["items"], f"{ptr}/items", required)

    def _object(self, n: Dict[str, Any], out: Dict[str, Any], hints: List[str], ptr: str,
                narrowed: bool = False) -> None:
        """*narrowed*: *n* is typed ``object`` for its ``properties`` alone (its source node
        has no ``type``: its other values stay, whatever its objects take)."""
        p = self.p
        props = n.get("properties") or {}
        required = list(n.get("required") or [])
        needed = {r for r in required if type(r) is str}  # one lookup per property, not a scan
        wprops: Dict[str, Any] = {}
        for name, sub in props.items():
            sptr = f"{ptr}/properties/{escape_token(name)}"
            wsub = self.node(sub, sptr, name in needed)
            if p.all_required and name not in needed:
                if self._nulls is None:
                    self._nulls = _Checker(self.root, False)
                if not accepts_null(self.root, sub, self._nulls):
                    wsub = self._nullable(wsub)
                    self.change(sptr, "required", "rewritten", "optional made required and nullable")
                else:
                    self.change(sptr, "required", "rewritten", "optional made required (already nullable)")
            wprops[name] = wsub
        out["properties"] = wprops
        if p.openapi and not wprops:  # Gemini's Schema: "properties: should be non-empty for OBJECT type"
            self.lint(
                "not-representable",
                ptr,
                "an object without properties (free-form, a map, or empty) cannot be sent in OpenAPI form; "
                "use the JSON Schema target or prompt mode",
            )
        if p.all_required:
            out["required"] = list(props) + [r for r in required if r not in props]
        elif required:
            out["required"] = required
        if needed and "patternProperties" in n and "patternProperties" not in p.supported and not p.permissive \
                and n.get("type") == "object" and not narrowed and id(out) not in self.empty:
            self._barred(n, out, ptr, needed)
        addl = n.get("additionalProperties")
        if p.strict:
            if isinstance(addl, dict):
                if self.o.maps == "pairs" and not props:
                    self.change(ptr, "additionalProperties", "rewritten", "a map as [{key, value}] pairs")
                    if required:
                        self.change(ptr, "required", "unsupported", "the keys a map must hold are checked locally only")
                    value = self.node(addl, f"{ptr}/additionalProperties", True)
                    out.clear()
                    out.update({k: v for k, v in n.items() if k in ("title", "description")})
                    out.update(
                        {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "properties": {"key": {"type": "string"}, "value": value},
                                "required": ["key", "value"],
                                "additionalProperties": False,
                            },
                        }
                    )
                    if self._as_pairs is None:
                        self._as_pairs = set()
                    self._as_pairs.add(id(out))  # beside an array branch: see Rewriter.run
                    return
                self.lint(
                    "not-representable",
                    ptr,
                    "additionalProperties with a schema (a map) cannot be sent in strict mode; "
                    "pass maps='pairs', use strict=False or prompt mode",
                )
                out["additionalProperties"] = False
            else:
                if addl is None:
                    self.change(ptr, "additionalProperties", "narrowed", "set to false")
                out["additionalProperties"] = False
                extra = [r for r in required if r not in props]
                if extra:
                    names = ", ".join(map(repr, extra[:3]))
                    if addl is False and "patternProperties" not in n:
                        self.lint("unsatisfiable", ptr, f"required names ({names}) are not allowed as properties")
                    else:
                        self.lint(
                            "not-representable",
                            ptr,
                            f"required names that are not properties ({names}) cannot be given once strict mode "
                            "closes the object; declare them in properties",
                        )
        elif addl is not None:
            if "additionalProperties" in p.supported or p.permissive:
                marks = (len(self.report), len(self.lints))
                sent = addl if not isinstance(addl, dict) else self.node(addl, f"{ptr}/additionalProperties", True)
                left_out = "patternProperties" in n and "patternProperties" not in p.supported
                if left_out and isinstance(addl, dict) and addl:
                    sent = self._beside_left_out(addl, sent, ptr, marks)
                out["additionalProperties"] = sent
                extra = [r for r in required if r not in props] if sent is False and left_out else []
                if extra and n.get("type") == "object" and not narrowed and untaken(n, extra) is True:
                    # (no property nor regex takes it: no object, a node of no value, ``no_value``; of
                    # a node narrowed to an object, its other values are valid: strict mode's refusal)
                    self.empty[id(out)] = (ptr, f"required names ({', '.join(map(repr, extra[:3]))}) are taken "
                                           "by no property nor pattern, and additionalProperties takes no value", out)
                elif extra:  # (no object passes the wire: strict mode's refusal, below)
                    self.lint("not-representable", ptr, f"required names that are not properties "
                              f"({', '.join(map(repr, extra[:3]))}) cannot be given beside additionalProperties: "
                              "false once patternProperties is left out; declare them in properties")
            elif addl is False:
                self.change(ptr, "additionalProperties", "dropped", "extra keys are checked locally only")
            elif addl is True:
                self.change(ptr, "additionalProperties", "unsupported", "true: not sent")
                self.lint("unsupported-keyword", ptr, "additionalProperties: true is not supported by this provider: "
                          "the object is sent without it, and extra keys may not be produced", "warning")
            else:
                self.change(ptr, "additionalProperties", "unsupported", "validated locally only")
                self.lint(
                    "unsupported-keyword",
                    ptr,
                    "additionalProperties with a schema is not supported by this provider",
                    "warning",
                )

    def _barred(self, n: Dict[str, Any], out: Dict[str, Any], ptr: str, needed: Set[str]) -> None:
        """*out* of no value (``no_value``) where a ``patternProperties`` regex whose
        subschema has none matches a required name (core §10.3.2.2: that key's value must
        pass it): left out of the wire, the regex would not say so (a ``false`` one:
        ``contradiction`` reads it already). One walk of the schema per rendering, once a
        regex beside a required name is left out; each regex compiled once (``untaken``)."""
        patterns = n["patternProperties"]
        if not isinstance(patterns, dict):
            return
        if self._no_values is None:
            self._no_values = no_value_nodes(self.root)  # (one walk of the schema per rendering)
        dead = self._no_values
        if not any(isinstance(sub, dict) and id(sub) in dead for sub in patterns.values()):
            return
        view = {k: False if sub is False or (isinstance(sub, dict) and id(sub) in dead) else sub
                for k, sub in patterns.items()}
        if untaken({**n, "patternProperties": view}, needed, closed=False) is True:
            self.empty[id(out)] = (ptr, "a required name is matched by a patternProperties regex whose subschema "
                                   "accepts no value", out)

    def _beside_left_out(self, addl: Dict[str, Any], sent: Any, ptr: str, marks: Tuple[int, int]) -> Any:
        """*sent*, the rendering of *addl* (a schema) beside a ``patternProperties`` the
        profile leaves out: kept, it would hold the keys the regexes took, so ``true``
        takes its place (a widening), or ``false`` where *addl* accepts no value (it is
        ``false``: exact). Its rendering's changes and lints (from *marks*) are dropped."""
        if self._no_values is None:
            self._no_values = no_value_nodes(self.root)  # (one walk of the schema per rendering)
        del self.report[marks[0]:], self.lints[marks[1]:]
        if self._left is None:
            self._left = []
        self._left.append(sent)  # (kept alive: the ids of its nodes are not reused)
        if self.empty.pop(id(sent), None) is not None or id(addl) in self._no_values:
            self.change(f"{ptr}/additionalProperties", "additionalProperties", "rewritten",
                        "of no value: false (no other key)")
            return False
        self.change(ptr, "additionalProperties", "unsupported", "left out with patternProperties, which took "
                    "keys it would refuse; true sent in its place: validated locally only")
        return True

    def _nullable(self, wsub: Any) -> Any:
        if self.empty.pop(id(wsub), None) is not None:  # no value (``no_value``): absent, null its one branch
            return {"anyOf": [{"type": "null"}]}
        if isinstance(wsub, dict):
            lifted = {k: wsub[k] for k in ("title", "description") if k in wsub}
            inner = {k: v for k, v in wsub.items() if k not in lifted}
            if "anyOf" in inner and len(inner) == 1:
                lifted["anyOf"] = inner["anyOf"] + [{"type": "null"}]
            else:
                lifted["anyOf"] = [inner, {"type": "null"}]
            return lifted
        return {"anyOf": [wsub, {"type": "null"}]}
