"""The type standing for each schema node in ``to_pydantic``: scalars with their
constraints, unions for ``type`` arrays and combinators, typed lists and dicts, shared
models and inlined types for ``$ref``, and the before-validator checking whatever a type
cannot say.

Part of the builder in ``_pydantic.py``, which makes the models themselves.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Set, Tuple, Type

from pydantic import BaseModel, BeforeValidator, Field, Strict
from typing_extensions import Annotated, TypeAliasType

from .._errors import SchemaError
from ._issues import KEPT, more
from ._normalize import merge_all_of, resolve_ref
from ._pattern import ecma_to_rust
from ._pydantic_types import (
    NEEDS,
    NON_OBJECT,
    OBJECT_KEYS,
    UNEVALUATED,
    assertions,
    enum_type,
    fits_pydantic,
    identifier,
    is_model_node,
    number_type,
    union,
    unique_name,
)
from ._report import Change
from ._validate import ValidationIssue, _Checker, _Full, _Kept, located

__all__ = ["MAX_DEPTH", "TypeBuilder"]

#: Subschemas nested deeper than this are refused by ``to_pydantic``.
MAX_DEPTH = 48


class TypeBuilder:
    """The types of ``to_pydantic``'s builder (which provides ``_model``)."""

    root: Any
    report: List[Change]
    models: Dict[str, Type[BaseModel]]
    ref_names: Dict[str, str]
    expanding: Set[str]
    inlined: Dict[str, Any]
    uses: Dict[str, int]
    names: Dict[str, int]
    depth: int

    def _model(self, node: Dict[str, Any], ptr: str, name: str, objects_only: bool = False) -> Type[BaseModel]:
        raise NotImplementedError

    def _name(self, wanted: str) -> str:
        return unique_name(identifier(wanted) or "Model", self.names, "")

    # -- checks --------------------------------------------------------------------
    def _fragment(self, node: Dict[str, Any], keys: List[str]) -> Dict[str, Any]:
        """The part of *node* that checks *keys* exactly (with what they depend on)."""
        if any(k in UNEVALUATED for k in keys):
            return {k: node[k] for k in assertions(node)}
        wanted = set(keys)
        for k in keys:
            wanted.update(n for n in NEEDS.get(k, ()) if n in node)
        return {k: node[k] for k in node if k in wanted}

    def _runner(self, fragment: Dict[str, Any], ptr: str, keys: List[str]) -> Callable[[Any], Any]:
        for key in keys:
            self.report.append(Change(ptr, key, "checked", "enforced by a validator hook"))
        root = self.root

        def run(value: Any) -> Any:
            raw = value.model_dump(by_alias=True, exclude_unset=True) if isinstance(value, BaseModel) else value
            issues: List[ValidationIssue] = _Kept(KEPT)  # as ``validate``: the first ``KEPT``, then ``more``
            try:
                _Checker(root, False).run(raw, fragment, "", ptr, issues)
            except RecursionError:
                raise ValueError("the value is nested too deeply to check") from None
            except _Full:
                issues = [*issues, more(len(issues))]
            if issues:
                raise ValueError("; ".join(str(i) for i in located(issues[:5], raw)))
            return value

        return run

    def _check(self, node: Dict[str, Any], ptr: str, keys: List[str]) -> Any:
        fragment = self._fragment(node, keys)
        return BeforeValidator(self._runner(fragment, ptr, keys))

    # -- types -----------------------------------------------------------------------
    def _type(self, node: Any, ptr: str, hint: str) -> Any:
        if node is True:
            return Any
        if node is False:
            return Annotated[Any, self._check({"not": {}}, ptr, ["not"]), Field(json_schema_extra={"not": {}})]
        keys = assertions(node)
        if not keys:
            return Any
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise SchemaError(f"Schema is nested deeper than {MAX_DEPTH} levels at {ptr or '/'}", loc="$")
            if any(k in node for k in UNEVALUATED):
                rest = {k: v for k, v in node.items() if k not in UNEVALUATED}
                base = self._type(rest, ptr, hint)
                return Annotated[base, self._check(node, ptr, [k for k in UNEVALUATED if k in node])]
            carrier, consumed = self._carrier(node, ptr, hint)
            residual = [k for k in keys if k not in consumed]
            if not residual:
                return carrier
            extra = {k: node[k] for k in residual}
            return Annotated[carrier, self._check(node, ptr, residual), Field(json_schema_extra=extra)]
        finally:
            self.depth -= 1

    def _carrier(self, node: Dict[str, Any], ptr: str, hint: str) -> Tuple[Any, Set[str]]:
        """The type standing for *node* and the keywords it enforces by itself."""
        if "$ref" in node:
            return self._ref(node["$ref"], ptr, hint), {"$ref"}
        if "allOf" in node:
            merged = merge_all_of(node)
            if merged is not None:
                self.report.append(Change(ptr, "allOf", "rewritten", "merged into one schema"))
                return self._type(merged, ptr, hint), set(node)
            return self._carrier({k: v for k, v in node.items() if k != "allOf"}, ptr, hint)
        for comb in ("anyOf", "oneOf"):
            if comb in node:
                if [k for k in assertions(node) if k != comb]:
                    return self._carrier({k: v for k, v in node.items() if k != comb}, ptr, hint)
                return self._combinator(node[comb], comb, ptr, hint)
        if "enum" in node or "const" in node:
            found: Optional[Tuple[Any, Set[str]]] = enum_type(node, ptr, self.report)
            if found is not None:
                return found
        if is_model_node(node):
            model = self._model(node, ptr, self._name(hint))
            if "type" in node:
                return model, set(node)
            return self._any_json(model, node, ptr), set(node)
        types = node.get("type")
        if types is None:
            return Any, set()
        consumed = {"type"}
        self.report.append(Change(ptr, "type", "kept", "a union of types" if isinstance(types, list) else "a type"))
        members = []
        for t in types if isinstance(types, list) else [types]:
            member, used = self._single(node, t, ptr, hint)
            members.append(member)
            consumed |= used
        return union(members), consumed

    def _any_json(self, model: Any, node: Dict[str, Any], ptr: str) -> Any:
        """A type-less node with ``properties``: its model for objects, any other JSON
        value checked against the node (where object keywords do not apply)."""
        self.report.append(Change(ptr, "properties", "kept", "a model for objects; other JSON values pass"))
        others = [k for k in assertions(node) if k not in ("properties", "required", "additionalProperties")]
        if not others:
            return union([model, NON_OBJECT])
        hook = BeforeValidator(self._runner({k: node[k] for k in others}, ptr, []))
        return union([model, Annotated[NON_OBJECT, hook]])

    def _ref(self, ref: str, ptr: str, hint: str) -> Any:
        target = resolve_ref(self.root, ref, ptr or "$")
        where = ref[1:]
        if is_model_node(target):
            if ref not in self.ref_names:
                self.ref_names[ref] = self._name(ref.rsplit("/", 1)[-1] or hint)
                self._model(target, where, self.ref_names[ref])
            name = self.ref_names[ref]
            base: Any = self.models.get(name, name)  # a name: a forward reference, resolved by model_rebuild
            self.report.append(Change(ptr, "$ref", "kept", f"the shared model {name}"))
            return base if "type" in target else self._any_json(base, target, where)
        if ref in self.expanding:
            return Annotated[Any, self._check({"$ref": ref}, ptr, ["$ref"])]
        base = self.inlined.get(ref)
        if base is None:
            self.expanding.add(ref)
            try:
                base = self._type(target, where, hint)
            finally:
                self.expanding.discard(ref)
            if self.uses.get(ref, 0) > 1:
                base = TypeAliasType(self._name(ref.rsplit("/", 1)[-1] or hint), base)  # type: ignore[misc]
            self.inlined[ref] = base
        self.report.append(Change(ptr, "$ref", "rewritten", "inlined"))
        return base

    def _combinator(self, branches: List[Any], comb: str, ptr: str, hint: str) -> Tuple[Any, Set[str]]:
        if not branches:
            return Any, set()
        types = [self._type(b, f"{ptr}/{comb}/{i}", f"{hint}_{i}") for i, b in enumerate(branches)]
        joined = union(types)
        if comb == "oneOf" and len(branches) > 1:
            return joined, set()  # a union says "at least one": exclusivity is checked
        self.report.append(Change(ptr, comb, "kept", "a union"))
        return joined, {comb}

    def _single(self, node: Dict[str, Any], t: str, ptr: str, hint: str) -> Tuple[Any, Set[str]]:
        if t == "null":
            return type(None), set()  # not None: pydantic < 2.11 reads a None annotation as "none given"
        if t == "boolean":
            return Annotated[bool, Strict()], set()
        if t in ("integer", "number"):
            return number_type(node, t, ptr, self.report)
        if t == "string":
            field: Dict[str, Any] = {}
            used: Set[str] = set()
            for k, arg in (("minLength", "min_length"), ("maxLength", "max_length"), ("pattern", "pattern")):
                if k == "pattern" and k in node and ecma_to_rust(node[k]) != node[k]:
                    continue  # pydantic would run it with Rust's classes: checked (ECMA-262) instead
                if k in node and fits_pydantic(node[k]):
                    field[arg] = node[k]
                    used.add(k)
                    self.report.append(Change(ptr, k, "kept"))
            if "format" in node:
                field["json_schema_extra"] = {"format": node["format"]}
            return (Annotated[str, Strict(), Field(**field)] if field else Annotated[str, Strict()]), used
        if t == "array":
            return self._array(node, ptr, hint)
        return self._object(node, ptr, hint)

    def _array(self, node: Dict[str, Any], ptr: str, hint: str) -> Tuple[Any, Set[str]]:
        field: Dict[str, Any] = {}
        used: Set[str] = set()
        for k, arg in (("minItems", "min_length"), ("maxItems", "max_length")):
            if k in node and fits_pydantic(node[k]):
                field[arg] = node[k]
                used.add(k)
                self.report.append(Change(ptr, k, "kept"))
        if "prefixItems" in node:
            members = [
                self._type(s, f"{ptr}/prefixItems/{i}", f"{hint}_{i}") for i, s in enumerate(node["prefixItems"])
            ]
            if node.get("items", True) is not False:
                members.append(self._type(node.get("items", True), f"{ptr}/items", f"{hint}_item"))
            item = union(members) if members else Any
        else:
            item = self._type(node.get("items", True), f"{ptr}/items", f"{hint}_item")
            if "items" in node:
                used.add("items")
                self.report.append(Change(ptr, "items", "kept", "a typed list"))
        base: Any = List[item]  # type: ignore[valid-type]
        return (Annotated[base, Field(**field)] if field else base), used

    def _object(self, node: Dict[str, Any], ptr: str, hint: str) -> Tuple[Any, Set[str]]:
        addl = node.get("additionalProperties", True)
        if "properties" in node or (addl is False and "patternProperties" not in node):
            # the model checks all of the node, but only for objects: other members of a
            # type union still need the keywords that are not about objects
            return self._model(node, ptr, self._name(hint), objects_only=True), {k for k in node if k in OBJECT_KEYS}
        if "patternProperties" in node or addl is True:
            return Dict[str, Any], set()
        value = self._type(addl, f"{ptr}/additionalProperties", f"{hint}_value")
        self.report.append(Change(ptr, "additionalProperties", "kept", "a typed dict"))
        return Dict[str, value], {"additionalProperties"}  # type: ignore[valid-type]
