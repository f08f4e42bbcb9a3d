"""``to_pydantic``: a typed pydantic view of a JSON Schema that loses nothing.

Followed: pydantic 2 "Models", "Fields", "Validators" and "Strict mode" documentation
(https://docs.pydantic.dev/latest/concepts/, checked 2026-11-30) and JSON Schema Draft
2020-12 validation (checked 2026-11-30).

Every keyword ends up in one of two places, and the model's ``__toolwire_report__``
says which, per JSON Pointer:

- ``kept``: expressed by a type: nested objects become nested models (never bare
  ``dict``), array items keep their item type (never bare ``list``), ``enum``/``const``
  become ``Literal`` (so they survive inside array items), bounds, lengths and patterns
  become field constraints, ``additionalProperties`` becomes ``extra=`` (typed extras
  for a schema), a ``type`` array or ``nullable`` becomes a union, ``$ref``/``$defs``
  become shared models (recursion included), names that are not identifiers get aliases.
- ``checked``: what a type cannot say (``oneOf`` exclusivity, ``uniqueItems``,
  ``prefixItems``, ``patternProperties``, ``not``, ``if``/``then``/``else``, an ``allOf``
  that cannot be merged, ...) is enforced by a before-validator that runs toolwire's JSON
  Schema validator on that keyword alone, and the keyword stays in the model's JSON
  schema.

Scalars are strict (``"3"`` is not an integer, ``true`` is not ``1``) but an integral
float is an integer, as in JSON Schema. ``format`` is an annotation, as by default in
2020-12. The view is for typing; answers are still validated against the original
schema with ``toolwire.schema.validate``.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List, Set, Type

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, RootModel, Strict, create_model
from typing_extensions import Annotated, Literal

from ._normalize import merge_all_of, normalize, resolve_ref
from ._pydantic_types import drop_defaults, field_name, identifier, int_from_float, literal, member_of, union
from ._report import Change
from ._rewrite_shapes import ANNOTATIONS
from ._util import escape_token, json_equal
from ._validate import ValidationIssue, _Checker

__all__ = ["to_pydantic"]

_ANNOTATION_KEYS = ANNOTATIONS | {"format"}
_STRING_KEYS = ("minLength", "maxLength", "pattern")
_NUMBER_KEYS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")
_TYPED_FIELD = {
    "minLength": "min_length",
    "maxLength": "max_length",
    "pattern": "pattern",
    "minimum": "ge",
    "maximum": "le",
    "exclusiveMinimum": "gt",
    "exclusiveMaximum": "lt",
    "minItems": "min_length",
    "maxItems": "max_length",
}
_RESERVED = frozenset(dir(BaseModel)) | {"model_config", "model_fields", "root"}


def to_pydantic(schema: Any, *, name: str = "Model") -> Type[BaseModel]:
    """Build a pydantic model for *schema* (a dict or a boolean; never mutated).

    An object root gives a model with one field per property; any other root gives a
    ``RootModel``. The report of what became a type and what became a check is the
    class attribute ``__toolwire_report__`` (a tuple of ``Change``).
    """
    root = normalize(schema)
    builder = _Builder(root)
    model = builder.build(identifier(name) or "Model")
    model.__toolwire_report__ = tuple(builder.report)  # type: ignore[attr-defined]
    return model


class _Builder:
    def __init__(self, root: Any) -> None:
        self.root = root
        self.report: List[Change] = []
        self.models: Dict[str, Type[BaseModel]] = {}
        self.ref_names: Dict[str, str] = {}
        self.expanding: Set[str] = set()
        self.names: Set[str] = set()

    # -- entry -------------------------------------------------------------------
    def build(self, name: str) -> Type[BaseModel]:
        root = self.root
        if isinstance(root, dict) and self._is_model_node(root):
            self.ref_names["#"] = self._name(name)
            model = self._model(root, "", self.ref_names["#"])
        else:
            inner = self._type(root, "", name + "Root")
            model = create_model(self._name(name), __base__=RootModel[inner])  # type: ignore[valid-type]
            self.models[model.__name__] = model
        for m in self.models.values():
            m.model_rebuild(force=True, _types_namespace=dict(self.models))
        return model

    def _name(self, wanted: str) -> str:
        base = identifier(wanted) or "Model"
        name, n = base, 2
        while name in self.names:
            name, n = f"{base}{n}", n + 1
        self.names.add(name)
        return name

    def _is_model_node(self, node: Dict[str, Any]) -> bool:
        t = node.get("type")
        if t == "object" and "properties" in node:
            return True
        combined = any(k in node for k in ("anyOf", "oneOf", "allOf", "$ref", "enum", "const"))
        return t is None and "properties" in node and not combined

    # -- checks --------------------------------------------------------------------
    def _check(self, fragment: Dict[str, Any], ptr: str, keys: List[str]) -> BeforeValidator:
        for key in keys:
            self.report.append(Change(ptr, key, "checked", "enforced by a validator hook"))
        root = self.root

        def run(value: Any) -> Any:
            raw = value.model_dump(by_alias=True, exclude_unset=True) if isinstance(value, BaseModel) else value
            issues: List[ValidationIssue] = []
            _Checker(root, False).run(raw, fragment, "", ptr, issues)
            if issues:
                raise ValueError("; ".join(str(i) for i in issues[:5]))
            return value

        return BeforeValidator(run)

    # -- types -----------------------------------------------------------------------
    def _type(self, node: Any, ptr: str, hint: str) -> Any:
        if node is True:
            return Any
        if node is False:
            return Annotated[Any, self._check({"not": {}}, ptr, ["false"])]
        assert isinstance(node, dict)
        keys = [k for k in node if k not in _ANNOTATION_KEYS and k != "$defs"]
        if not keys:
            return Any
        if "$ref" in node:
            return self._ref(node, ptr, hint)
        if "allOf" in node:
            merged = merge_all_of(node)
            if merged is not None:
                self.report.append(Change(ptr, "allOf", "rewritten", "merged into one schema"))
                return self._type(merged, ptr, hint)
            rest = {k: v for k, v in node.items() if k != "allOf"}
            base = self._type(rest, ptr, hint) if any(k not in _ANNOTATION_KEYS for k in rest) else Any
            return Annotated[base, self._check({"allOf": node["allOf"]}, ptr, ["allOf"])]
        for comb in ("anyOf", "oneOf"):
            if comb in node:
                return self._combinator(node, comb, ptr, hint)
        if "not" in node or "if" in node:
            rest = {k: v for k, v in node.items() if k not in ("not", "if", "then", "else")}
            keys = [k for k in ("not", "if", "then", "else") if k in node]
            return Annotated[self._type(rest, ptr, hint), self._check({k: node[k] for k in keys}, ptr, keys)]
        if "enum" in node or "const" in node:
            return self._enum(node, ptr)
        types = node.get("type")
        if types is None:
            if "properties" in node:
                self.report.append(Change(ptr, "type", "narrowed", "properties without a type read as an object"))
                types = "object"
            else:
                own = {k: node[k] for k in keys}
                return Annotated[Any, self._check(own, ptr, keys)]
        if isinstance(types, list):
            return union([self._single(node, t, ptr, hint) for t in types])
        return self._single(node, types, ptr, hint)

    def _ref(self, node: Dict[str, Any], ptr: str, hint: str) -> Any:
        ref = node["$ref"]
        target = resolve_ref(self.root, ref, ptr or "$")
        siblings = {k: v for k, v in node.items() if k != "$ref" and k not in _ANNOTATION_KEYS}
        if isinstance(target, dict) and self._is_model_node(target):
            if ref not in self.ref_names:
                self.ref_names[ref] = self._name(ref.rsplit("/", 1)[-1] or hint)
                self._model(target, ref.lstrip("#"), self.ref_names[ref])
            base: Any = self.ref_names[ref]
            if ref.lstrip("#") == "" or self.ref_names[ref] not in self.models:
                base = self.ref_names[ref]  # forward reference, resolved by model_rebuild
            else:
                base = self.models[self.ref_names[ref]]
        elif ref in self.expanding:
            base = Annotated[Any, self._check({"$ref": ref}, ptr, ["$ref"])]
        else:
            self.expanding.add(ref)
            try:
                base = self._type(target, ref.lstrip("#"), hint)
            finally:
                self.expanding.discard(ref)
            self.report.append(Change(ptr, "$ref", "rewritten", "inlined"))
        if siblings:
            return Annotated[base, self._check(siblings, ptr, list(siblings))]
        return base

    def _combinator(self, node: Dict[str, Any], comb: str, ptr: str, hint: str) -> Any:
        branches = node[comb]
        own = {k: v for k, v in node.items() if k != comb and k not in _ANNOTATION_KEYS}
        if own:
            base = self._type({k: v for k, v in node.items() if k != comb}, ptr, hint)
            return Annotated[base, self._check({comb: branches}, ptr, [comb])]
        if not branches:
            return Annotated[Any, self._check({comb: branches}, ptr, [comb])]
        types = [self._type(b, f"{ptr}/{comb}/{i}", f"{hint}_{i}") for i, b in enumerate(branches)]
        self.report.append(Change(ptr, comb, "kept", "a union"))
        joined = union(types)
        if comb == "oneOf" and len(branches) > 1:
            return Annotated[joined, self._check({"oneOf": branches}, ptr, ["oneOf"])]
        return joined

    def _enum(self, node: Dict[str, Any], ptr: str) -> Any:
        key = "const" if "const" in node else "enum"
        values = [node["const"]] if key == "const" else list(node["enum"])
        if key == "const" and "enum" in node:
            values = [v for v in values if any(json_equal(v, e) for e in node["enum"])]
        types = node.get("type")
        if types is not None:
            allowed = types if isinstance(types, list) else [types]
            from ._util import json_type

            values = [
                v for v in values if json_type(v) in allowed or (json_type(v) == "integer" and "number" in allowed)
            ]
        rest = {k: v for k, v in node.items() if k not in ("enum", "const", "type") and k not in _ANNOTATION_KEYS}
        if not values:
            return Annotated[Any, self._check({key: node[key], **({"type": types} if types else {})}, ptr, [key])]
        if all(v is None or isinstance(v, (str, int, float, bool)) for v in values):
            self.report.append(Change(ptr, key, "kept", "a Literal"))
            base: Any = Annotated[literal(values), BeforeValidator(member_of(values))]
        else:
            base = Annotated[Any, self._check({key: node[key]}, ptr, [key]), Field(json_schema_extra={key: node[key]})]
        if rest:
            return Annotated[base, self._check(rest, ptr, list(rest))]
        return base

    def _single(self, node: Dict[str, Any], t: str, ptr: str, hint: str) -> Any:
        field: Dict[str, Any] = {}
        extra: Dict[str, Any] = {}
        checks: Dict[str, Any] = {}
        if "format" in node and t == "string":
            extra["format"] = node["format"]
        if t == "null":
            return type(None)  # not None: pydantic < 2.11 reads a None annotation as "none given"
        if t == "boolean":
            return Annotated[bool, Strict()]
        if t in ("integer", "number"):
            for k in _NUMBER_KEYS:
                if k in node:
                    if k == "multipleOf" and not (t == "integer" and isinstance(node[k], int)):
                        checks[k] = node[k]
                    else:
                        field["multiple_of" if k == "multipleOf" else _TYPED_FIELD[k]] = node[k]
                        self.report.append(Change(ptr, k, "kept"))
            if t == "integer":
                base: Any = Annotated[int, BeforeValidator(int_from_float), Strict()]
            else:
                base = Annotated[float, Strict()]
        elif t == "string":
            for k in _STRING_KEYS:
                if k in node:
                    field[_TYPED_FIELD[k]] = node[k]
                    self.report.append(Change(ptr, k, "kept"))
            base = Annotated[str, Strict()]
        elif t == "array":
            base = self._array(node, ptr, hint, field, checks)
        else:  # object
            base = self._object(node, ptr, hint, checks)
        if extra:
            field["json_schema_extra"] = extra
        parts: List[Any] = [base]
        if field:
            parts.append(Field(**field))
        if checks:
            parts.append(self._check(checks, ptr, list(checks)))
            parts.append(Field(json_schema_extra=dict(checks)))
        return Annotated.__class_getitem__(tuple(parts)) if len(parts) > 1 else base  # type: ignore[attr-defined]

    def _array(self, node: Dict[str, Any], ptr: str, hint: str, field: Dict[str, Any], checks: Dict[str, Any]) -> Any:
        for k in ("minItems", "maxItems"):
            if k in node:
                field[_TYPED_FIELD[k]] = node[k]
                self.report.append(Change(ptr, k, "kept"))
        for k in ("uniqueItems", "contains", "minContains", "maxContains", "unevaluatedItems"):
            if k in node:
                checks[k] = node[k]
        if "prefixItems" in node:
            checks["prefixItems"] = node["prefixItems"]
            if "items" in node:
                checks["items"] = node["items"]
            member = union(
                [self._type(s, f"{ptr}/prefixItems/{i}", f"{hint}_{i}") for i, s in enumerate(node["prefixItems"])]
                + (
                    [self._type(node["items"], f"{ptr}/items", f"{hint}_item")]
                    if node.get("items", True) is not False
                    else []
                )
            )
            return List[member]  # type: ignore[valid-type]
        item = self._type(node.get("items", True), f"{ptr}/items", f"{hint}_item")
        if "items" in node:
            self.report.append(Change(ptr, "items", "kept", "a typed list"))
        return List[item]  # type: ignore[valid-type]

    def _object(self, node: Dict[str, Any], ptr: str, hint: str, checks: Dict[str, Any]) -> Any:
        for k in (
            "patternProperties",
            "propertyNames",
            "minProperties",
            "maxProperties",
            "dependentRequired",
            "dependentSchemas",
            "unevaluatedProperties",
        ):
            if k in node:
                checks[k] = node[k]
        if "patternProperties" in checks or "unevaluatedProperties" in checks:
            checks["properties"] = {k: True for k in node.get("properties") or {}}
            if "additionalProperties" in node:
                checks["additionalProperties"] = node["additionalProperties"]
        if "properties" in node:
            return self._model(node, ptr, self._name(hint))
        addl = node.get("additionalProperties", True)
        if addl is False and "patternProperties" not in node:
            self.report.append(Change(ptr, "additionalProperties", "kept", "an empty closed model"))
            return self._model(node, ptr, self._name(hint))
        value = Any if addl is False else self._type(addl, f"{ptr}/additionalProperties", f"{hint}_value")
        if "additionalProperties" in node:
            self.report.append(Change(ptr, "additionalProperties", "kept", "a typed dict"))
        return Dict[str, value]  # type: ignore[valid-type]

    def _model(self, node: Dict[str, Any], ptr: str, name: str) -> Type[BaseModel]:
        props: Dict[str, Any] = node.get("properties") or {}
        required = set(node.get("required") or ())
        fields: Dict[str, Any] = {}
        used: Set[str] = set()
        no_default: Set[str] = set()
        for prop, sub in props.items():
            sub_ptr = f"{ptr}/properties/{escape_token(prop)}"
            ident = field_name(prop, used)
            ann = self._type(sub, sub_ptr, f"{name}_{prop}")
            kw: Dict[str, Any] = {}
            if ident != prop:
                kw["alias"] = prop
            if isinstance(sub, dict):
                if isinstance(sub.get("description"), str):
                    kw["description"] = sub["description"]
                if isinstance(sub.get("title"), str):
                    kw["title"] = sub["title"]
            if prop in required:
                fields[ident] = (ann, Field(**kw))
            elif isinstance(sub, dict) and "default" in sub:
                default = sub["default"]
                if isinstance(default, (dict, list)):
                    kw["default_factory"] = lambda d=default: copy.deepcopy(d)
                else:
                    kw["default"] = default
                self.report.append(Change(sub_ptr, "default", "kept"))
                fields[ident] = (ann, Field(**kw))
            else:
                fields[ident] = (ann, Field(default=None, **kw))
                no_default.add(prop)
        for missing in sorted(required - set(props)):
            ident = field_name(missing, used)
            kw = {"alias": missing} if ident != missing else {}
            fields[ident] = (Any, Field(**kw))
        addl = node.get("additionalProperties", True)
        extra: Literal["forbid", "allow"] = "forbid" if addl is False and "patternProperties" not in node else "allow"
        config = ConfigDict(
            extra=extra,
            regex_engine="python-re",
            title=node.get("title") if isinstance(node.get("title"), str) else None,
            json_schema_extra=drop_defaults(no_default),
        )
        base: Type[BaseModel] = BaseModel
        if isinstance(addl, dict) and "patternProperties" not in node:
            value_type = self._type(addl, f"{ptr}/additionalProperties", f"{name}_value")
            base = type(
                name + "Base",
                (BaseModel,),
                {
                    "__annotations__": {"__pydantic_extra__": Dict[str, value_type]},  # type: ignore[valid-type]
                    "__module__": __name__,
                    "model_config": config,
                },
            )
            self.report.append(Change(ptr, "additionalProperties", "kept", "typed extras"))
        elif "additionalProperties" in node:
            self.report.append(Change(ptr, "additionalProperties", "kept", f"extra={extra!r}"))
        doc = node.get("description") if isinstance(node.get("description"), str) else None
        model: Type[BaseModel]
        if base is BaseModel:
            model = create_model(name, __config__=config, __doc__=doc, **fields)
        else:
            model = create_model(name, __base__=base, __doc__=doc, **fields)
        self.models[name] = model
        return model
