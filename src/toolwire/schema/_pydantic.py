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

The type of each node is built in ``_pydantic_nodes.py``; this module makes the models.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List, Set, Type

from pydantic import BaseModel, ConfigDict, Field, RootModel, create_model, model_validator
from pydantic_core import SchemaError as CoreSchemaError
from typing_extensions import Literal

from .._errors import SchemaError, excerpt
from ._normalize import iter_subschemas, normalize
from ._pydantic_nodes import MAX_DEPTH, TypeBuilder
from ._pydantic_types import (
    ASSERTIONS,
    OBJECT_KEYS,
    assertions,
    drop_defaults,
    field_name,
    identifier,
    is_model_node,
)
from ._report import Change
from ._util import escape_token, path_of
from ._validate import compile_patterns

__all__ = ["ASSERTIONS", "MAX_DEPTH", "to_pydantic"]


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


class _Builder(TypeBuilder):
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
