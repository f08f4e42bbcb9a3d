"""The rewrite of a profile that sends the schema as it is (``permissive``: vLLM, Ollama,
prompt mode): the normal form copied, what the target's engine refuses or reads otherwise
moved or rewritten on the copy (``_engine_rules.py``, ``_engine_refs.py``, ``_enforced.py``,
``_engine_forms.py``),
and the root wrapper a profile needing an object root is given (both paths).

Part of the rewrite in ``_rewrite.py``.
"""

from __future__ import annotations

from typing import Any, Dict, Set

from ._empty_bounds import none_of_type
from ._enforced import moved_patterns, unenforced
from ._engine_forms import neutral_forms
from ._engine_rules import closed_nodes, engine_moves
from ._no_value_root import no_value_causes
from ._normalize import iter_subschemas
from ._rewrite_shapes import ShapeRewrites
from ._util import copy_json

__all__ = ["AsIsRewrites"]


class AsIsRewrites(ShapeRewrites):
    """The rules of a profile that sends the schema as it is, mixed into ``Rewriter``."""

    recursive: Set[str]
    falses: int
    wrapped: bool

    def as_is(self, root: Any) -> Any:
        """The wire copy of *root* for a permissive profile, before the root wrapper."""
        forced, others = no_value_causes(root)
        for ptr, sub in iter_subschemas(root):
            if isinstance(sub, dict):
                self._lint_common(sub, ptr, id(sub) in forced)
        for ptr, why in others:  # (the schema accepts no value: never sent as if fine)
            self.lint("unsatisfiable", ptr, why)
        copied = copy_json(root)
        for ptr, why in moved_patterns(copied, self.p):
            self.change(ptr, "pattern", "moved", why)
        for ptr, keyword, action, why in engine_moves(copied, self.p, bool(self.recursive), self.falses > 0):
            self.change(ptr, keyword, action, why)
        narrowed, refused, skipped = closed_nodes(copied, self.p)
        for ptr, keyword, why in narrowed:
            self.change(ptr, keyword, "narrowed", why)
        for ptr, why in refused:
            self.lint("not-representable", ptr, why)
        for ptr, keyword, why in skipped:
            self.change(ptr, keyword, "unenforced", why)
        for ptr, keyword, why in unenforced(copied, self.p):  # what is sent, at the same pointers
            self.change(ptr, keyword, "unenforced", why)
        for ptr, keyword, why in neutral_forms(copied, self.p):  # (last: the reports above read the caller's form)
            self.change(ptr, keyword, "rewritten", why)
        if self.p.object_root and isinstance(copied, dict) and "type" not in copied and "properties" in copied \
                and not any(k in copied for k in ("anyOf", "oneOf", "allOf", "$ref")) \
                and not none_of_type(copied, "object"):  # (no object: its other values, wrapped)
            copied = {"type": "object", **copied}
            self.change("", "type", "narrowed", "properties without a type read as an object")
        return copied

    def _object_root(self, wire: Any) -> Any:
        """*wire* wrapped as ``{"result": ...}`` where the profile needs an object root
        and it is none."""
        if self.p.object_root and not (isinstance(wire, dict) and wire.get("type") == "object" and "anyOf" not in wire):
            self.wrapped = True
            self.change("", "type", "rewritten", 'non-object root wrapped as {"result": ...}')
            inner = wire
            defs_block = inner.pop("$defs", None) if isinstance(inner, dict) else None
            wire = {
                "type": "object",
                "properties": {"result": inner},
                "required": ["result"],
                "additionalProperties": False,
            }
            if defs_block is not None:
                wire["$defs"] = defs_block
            for _, sub in iter_subschemas(wire):
                if isinstance(sub, dict) and isinstance(sub.get("$ref"), str):
                    ref = sub["$ref"]
                    if not ref.startswith("#/$defs/"):
                        sub["$ref"] = "#/properties/result" + ref[1:]
        return wire

    def _lint_common(self, node: Dict[str, Any], ptr: str, forced: bool = True) -> None:
        """Lints of *node* as it is; an empty ``enum`` is an error where *forced* (a
        value of the schema needs one here), else a warning (a parent may leave it out)."""
        if "enum" in node and not node["enum"]:
            self.lint("unsatisfiable", ptr, "an empty enum accepts no value", "error" if forced else "warning")
        types = node.get("type")
        if isinstance(types, list) and "null" in types and "enum" in node and None not in node["enum"]:
            self.lint("enum-excludes-null", ptr, "type allows null but enum does not, so null is rejected", "warning")
