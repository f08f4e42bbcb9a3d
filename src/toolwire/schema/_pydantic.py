"""``to_pydantic``: a typed pydantic view of a JSON Schema that loses nothing.

Followed: pydantic 2 "Models", "Fields", "Validators" and "Strict mode" documentation
(https://docs.pydantic.dev/latest/concepts/, checked 2026-12-02) and JSON Schema Draft
2020-12 validation (checked 2026-12-02).

Every assertion keyword of every subschema ends up in exactly one of two places, and the
model's ``__toolwire_report__`` says which, per JSON Pointer, as it is built:

- ``kept``: expressed by a type that accepts exactly what the keyword accepts: nested
  objects become nested models (never bare ``dict``), array items keep their item type,
  ``enum``/``const`` become ``Literal``, bounds, lengths and patterns become field
  constraints, ``additionalProperties`` becomes ``extra=`` (typed extras for a schema), a
  ``type`` array becomes a union, ``$ref``/``$defs`` become shared models (recursion
  included), names that are not identifiers get aliases.
- ``checked``: everything else (``oneOf`` exclusivity, ``uniqueItems``, ``prefixItems``,
  ``patternProperties``, ``not``, ``if``/``then``/``else``, an ``allOf`` that cannot be
  merged exactly, ``unevaluated*`` with all their siblings, ...) is enforced by a
  before-validator running toolwire's JSON Schema validator on those keywords (with the
  siblings they depend on) at that node.

Nothing is left in neither place: a keyword the builder did not turn into a type is
checked. One narrowing is reported (``narrowed``): an object root without ``type`` gives a
model, which accepts objects only; nested, such a node accepts every other JSON value too.
``format`` is an annotation, as by default in 2020-12. Scalars are strict (``"3"`` is not
an integer, ``true`` is not ``1``), an integral float is an integer. A schema nested
deeper than ``MAX_DEPTH`` levels is refused (``SchemaError``): pydantic builds one type
per level on the stack.
"""

from __future__ import annotations

import copy
from typing import Any, Callable, Dict, List, Optional, Set, Tuple, Type

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, RootModel, Strict, create_model, model_validator
from pydantic_core import SchemaError as CoreSchemaError
from typing_extensions import Annotated, Literal, TypeAliasType

from .._errors import SchemaError, excerpt
from ._normalize import iter_subschemas, merge_all_of, normalize, resolve_ref
from ._pattern import ecma_to_rust
from ._pydantic_types import (
    ASSERTIONS,
    NEEDS,
    NON_OBJECT,
    OBJECT_KEYS,
    UNEVALUATED,
    assertions,
    drop_defaults,
    enum_type,
    field_name,
    fits_pydantic,
    identifier,
    is_model_node,
    number_type,
    union,
    unique_name,
)
from ._report import Change
from ._util import escape_token, path_of
from ._validate import ValidationIssue, _Checker, compile_patterns, located

__all__ = ["ASSERTIONS", "MAX_DEPTH", "to_pydantic"]

#: Subschemas nested deeper than this are refused by ``to_pydantic``.
MAX_DEPTH = 48


def to_pydantic(schema: Any, *, name: str = "Model") -> Type[BaseModel]:
    """Build a pydantic model for *schema* (a dict or a boolean; never mutated).

    An object root gives a model with one field per property; any other root gives a
    ``RootModel``. The report of what became a type and what became a check is the
    class attribute ``__toolwire_report__`` (a tuple of ``Change``). Raises
    ``SchemaError`` for a schema it cannot read or run (see ``normalize``; a pattern the
    linear regex engine cannot run; nesting deeper than ``MAX_DEPTH``).
    """
    if type(name) is not str:  # a TypeError from inside ``identifier`` otherwise
        raise TypeError(f"to_pydantic name must be a string, got {excerpt(name)}")
    root = normalize(schema)
    compile_patterns(root)
    builder = _Builder(root)
    try:
        model = builder.build(identifier(name) or "Model")
    except RecursionError:
        raise SchemaError("Schema is nested too deeply to build a typed view of it", loc="$") from None
    except (TypeError, ValueError, CoreSchemaError) as exc:  # pydantic refused a rebuild
        raise _refused(exc, "") from None
    model.__toolwire_report__ = tuple(dict.fromkeys(builder.report))  # type: ignore[attr-defined]
    return model


def _refused(exc: BaseException, ptr: str) -> SchemaError:
    if isinstance(exc, SchemaError):  # ours, raised from inside pydantic's build
        return exc
    said = str(exc).strip().splitlines()
    return SchemaError(
        f"Schema cannot be made a pydantic model at {path_of(ptr)}: pydantic refused it "
        f"({type(exc).__name__}: {said[0] if said else ''})",
        loc=path_of(ptr),
    )


def _is_text(text: str) -> bool:
    """Whether *text* is Unicode text (no lone surrogate, which pydantic-core cannot take)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class _Builder:
    def __init__(self, root: Any) -> None:
        self.root = root
        self.report: List[Change] = []
        self.models: Dict[str, Type[BaseModel]] = {}
        self.ref_names: Dict[str, str] = {}
        self.expanding: Set[str] = set()
        # the type of each inlined (model-less) ``$ref``, built once: a definition used
        # twice by one used twice... is otherwise built 2^n times (hostile schemas). A
        # recursion cut short inside it is a check of that ``$ref`` (valid wherever the
        # type is used), and a definition used more than once is a named alias, so that
        # pydantic builds its core schema once too (a ``$defs`` entry)
        self.inlined: Dict[str, Any] = {}
        self.uses: Dict[str, int] = {}
        for _, sub in iter_subschemas(root):
            if isinstance(sub, dict) and isinstance(sub.get("$ref"), str):
                self.uses[sub["$ref"]] = self.uses.get(sub["$ref"], 0) + 1
        self.names: Dict[str, int] = {}  # model names taken, each with its next suffix
        self.depth = 0

    # -- entry -------------------------------------------------------------------
    def build(self, name: str) -> Type[BaseModel]:
        root = self.root
        if is_model_node(root):
            self.ref_names["#"] = self._name(name)
            if "type" not in root:
                self.report.append(Change("", "type", "narrowed", "a model: the root accepts objects only"))
            model = self._model(root, "", self.ref_names["#"])
        else:
            inner = self._type(root, "", name + "Root")
            # ``RootModel[inner]`` would name the class after ``repr(inner)``, which fails for
            # a bound like 10**5000 (Python prints at most 4,300 digits)
            model = self._create("", self._name(name), __base__=RootModel, root=(inner, ...))
            self.models[model.__name__] = model
        namespace: Dict[str, Any] = dict(self.models)  # once: a copy per model is quadratic
        for m in self.models.values():
            m.model_rebuild(force=True, _types_namespace=namespace)
        return model

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
            issues: List[ValidationIssue] = []
            try:
                _Checker(root, False).run(raw, fragment, "", ptr, issues)
            except RecursionError:
                raise ValueError("the value is nested too deeply to check") from None
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

    def _model(self, node: Dict[str, Any], ptr: str, name: str, objects_only: bool = False) -> Type[BaseModel]:
        """A model enforcing all of *node* (for objects): fields, ``extra=`` and a
        model-level check for whatever the fields cannot say (only the object keywords
        when the caller checks the rest: a member of a ``type`` union)."""
        props: Dict[str, Any] = node.get("properties") or {}
        required = list(node.get("required") or ())
        used_keys = {"properties"} if "properties" in node else set()
        if node.get("type") == "object":
            used_keys.add("type")
            self.report.append(Change(ptr, "type", "kept", "a model"))
        needed = set(required)
        if needed <= set(props):
            used_keys.add("required")
        fields: Dict[str, Any] = {}
        used: Dict[str, int] = {}
        no_default: Set[str] = set()
        for prop, sub in props.items():
            sub_ptr = f"{ptr}/properties/{escape_token(prop)}"
            if not prop.isascii() and not _is_text(prop):
                raise SchemaError(
                    f"Property name {excerpt(prop)} at {path_of(ptr + '/properties')} is not Unicode text (it holds "
                    "a lone surrogate): no pydantic field can be named by it",
                    loc=path_of(ptr + "/properties"),
                )
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
            if prop in needed:
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
        if "properties" in node:
            self.report.append(Change(ptr, "properties", "kept", "model fields"))
        if "required" in used_keys and "required" in node:
            self.report.append(Change(ptr, "required", "kept", "required fields"))
        addl = node.get("additionalProperties", True)
        exact_extra = "patternProperties" not in node
        extra: Literal["forbid", "allow"] = "forbid" if addl is False and exact_extra else "allow"
        config = ConfigDict(
            extra=extra,
            title=node.get("title") if isinstance(node.get("title"), str) else None,
            json_schema_extra=drop_defaults(no_default),
        )
        base: Type[BaseModel] = BaseModel
        if "additionalProperties" in node and exact_extra:
            used_keys.add("additionalProperties")
            if isinstance(addl, dict):
                value_type = self._type(addl, f"{ptr}/additionalProperties", f"{name}_value")
                annotations = {"__pydantic_extra__": Dict[str, value_type]}  # type: ignore[valid-type]
                base = type(
                    name + "Base",
                    (BaseModel,),
                    {"__annotations__": annotations, "__module__": __name__, "model_config": config},
                )
                self.report.append(Change(ptr, "additionalProperties", "kept", "typed extras"))
            else:
                self.report.append(Change(ptr, "additionalProperties", "kept", f"extra={extra!r}"))
        residual = [k for k in assertions(node) if k not in used_keys and (k in OBJECT_KEYS or not objects_only)]
        validators: Dict[str, Any] = {}
        if residual:
            run = self._runner(self._fragment(node, residual), ptr, residual)
            validators["toolwire_check"] = model_validator(mode="before")(lambda cls, v: run(v))
        doc = node.get("description") if isinstance(node.get("description"), str) else None
        model: Type[BaseModel]
        if base is BaseModel:
            model = self._create(ptr, name, __config__=config, __doc__=doc, __validators__=validators, **fields)
        else:
            model = self._create(ptr, name, __base__=base, __doc__=doc, __validators__=validators, **fields)
        self.models[name] = model
        return model

    @staticmethod
    def _create(ptr: str, name: str, /, **kw: Any) -> Type[BaseModel]:  # a field may be called ``name``
        """``create_model``, whose refusals (pydantic's ``SchemaError``, a ``TypeError``
        or ``ValueError`` from a name it cannot take) become a ``SchemaError`` at *ptr*."""
        try:
            return create_model(name, **kw)
        except (TypeError, ValueError, CoreSchemaError) as exc:
            raise _refused(exc, ptr) from None
