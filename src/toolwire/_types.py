"""Canonical values: ``ToolCall``, ``InvalidToolCall``, ``Tool``, ``ToolResult``.

Light immutable values: ``__slots__`` classes, not pydantic models, so a decoded call
costs a few hundred nanoseconds and ~150 bytes, and ``import toolwire`` needs no
pydantic. Each has value equality, a readable ``repr``, pickling, ``replace(**changes)``
(a checked copy with changes) and a pydantic core schema, so it is a field type in
users' models (validated from its dict form, serialized to it, with a JSON Schema).

The public constructors check their inputs and raise ``DecodeError`` (a ``ValueError``)
with a ``$.path``; decoders build values through the unchecked ``new_*`` functions of
this module, from data they have already checked.

Equality of a ``ToolCall`` is its canonical content only: ``name``, ``args``, ``id``.
The fidelity data beside them (the argument text as received, provider data per
dialect, the repairs that were applied, whether the provider executes the call)
rides along for a lossless re-encode and for auditing, and never changes equality.
"""

from __future__ import annotations

import json
import math
from types import MappingProxyType
from typing import Any, ClassVar, Dict, List, Mapping, Optional, Tuple, TypeVar, Union, cast

from ._errors import DecodeError, excerpt

__all__ = [
    "Content",
    "InvalidToolCall",
    "ProviderData",
    "Tool",
    "ToolCall",
    "ToolResult",
    "check_json_object",
    "evolve",
    "new_call",
    "new_invalid",
    "new_result",
    "new_tool",
]

ProviderData = Dict[str, Dict[str, Any]]
Content = Union[str, List[Dict[str, Any]]]
V = TypeVar("V", bound="_Value")

_new = object.__new__
_set = object.__setattr__
# the shared empty default: read-only, so that no caller can write into every value's
_NO_PD: ProviderData = cast(ProviderData, MappingProxyType({}))


class _Serializer:
    """``__pydantic_serializer__``, built on first use: pydantic serializes an instance
    met in an ``Any`` field (or in a list of them) through it, as it does a model's."""

    def __get__(self, obj: Any, cls: type) -> Any:
        from pydantic_core import SchemaSerializer, core_schema

        ser = SchemaSerializer(
            core_schema.any_schema(
                serialization=core_schema.plain_serializer_function_ser_schema(_dump, when_used="always")
            )
        )
        type.__setattr__(cls, "__pydantic_serializer__", ser)  # the value replaces this descriptor
        return ser


class _Value:
    """What the four values share: immutability, ``repr``, pickling, ``replace`` and
    their pydantic schema (built lazily, from ``_fields``)."""

    __slots__ = ()
    _fields: ClassVar[Tuple[str, ...]]  # every slot, in constructor order
    _key: ClassVar[Tuple[str, ...]]  # the fields equality and hashing see
    _shown: ClassVar[Tuple[str, ...]]  # fields ``repr`` shows even at their default
    _defaults: ClassVar[Dict[str, Any]]
    __pydantic_serializer__: ClassVar[Any] = _Serializer()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable; use .replace({name}=...)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in self._key)

    def __hash__(self) -> int:
        return hash(tuple(_hashable(getattr(self, f)) for f in self._key))

    def __repr__(self) -> str:
        parts = []
        for f in self._fields:
            v = getattr(self, f)
            if f in self._shown or (f not in _UNSHOWN and v != self._defaults.get(f)):
                parts.append(f"{f}={v!r}")
        return f"{type(self).__name__}({', '.join(parts)})"

    def __reduce__(self) -> Any:
        values = (getattr(self, f) for f in self._fields)
        return (_rebuild, (type(self), tuple(dict(v) if type(v) is MappingProxyType else v for v in values)))

    def __copy__(self: V) -> V:
        return self

    def replace(self: V, **changes: Any) -> V:
        """A copy with *changes* (field names as keywords), checked like the constructor."""
        unknown = set(changes) - set(self._fields)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
        values = {f: getattr(self, f) for f in self._fields}
        values.update(changes)
        return type(self)(**values)

    def as_dict(self) -> Dict[str, Any]:
        """Every field as plain data (tuples as lists): the form the pydantic schema
        validates and serializes."""
        return {f: _plain(getattr(self, f)) for f in self._fields}

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema  # a user's model asked: pydantic is loaded already

        return core_schema.no_info_plain_validator_function(
            cls._validate,
            serialization=core_schema.plain_serializer_function_ser_schema(
                _dump, info_arg=False, when_used="always"
            ),
        )

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: Any, handler: Any) -> Dict[str, Any]:
        return dict(_JSON_SCHEMAS[cls.__name__])

    @classmethod
    def _validate(cls, value: Any) -> Any:
        if type(value) is cls:
            return value
        if isinstance(value, Mapping):
            unknown = set(value) - set(cls._fields)
            if unknown:
                raise DecodeError(
                    f"{cls.__name__} has no field {sorted(map(str, unknown))[0]!r}: {excerpt(value)}",
                    loc="$",
                )
            return cls(**value)
        raise DecodeError(f"{cls.__name__} must be given as an object, got {excerpt(value)}", loc="$")


_UNSHOWN = frozenset({"raw", "provider_data"})  # fidelity data: reachable, not printed




def _plain(v: Any) -> Any:
    t = type(v)
    return list(v) if t is tuple else dict(v) if t is MappingProxyType else v


def _dump(value: Any) -> Any:
    return value.as_dict() if isinstance(value, _Value) else value


def _rebuild(cls: type, values: Tuple[Any, ...]) -> Any:
    obj: Any = _new(cls)
    for f, v in zip(cls._fields, values):  # type: ignore[attr-defined]
        _set(obj, f, v)
    return obj


def _hashable(v: Any) -> Any:
    if type(v) is dict or type(v) is list:
        return json.dumps(v, sort_keys=True, default=repr)
    return v


class ToolCall(_Value):
    """One tool call, in canonical form.

    ``name``, ``args`` (a JSON object) and ``id`` (the pairing key a result must
    reference, or ``None``) are the value. Beside them:

    - ``raw``: the argument text exactly as received, when it was text; re-emitted
      byte for byte by string dialects while it still parses to ``args``.
    - ``provider_data``: fields the canonical value does not hold, keyed by dialect id
      (a Responses item id and status, a Gemini thought signature, ...).
    - ``repairs``: what was done to obtain the value (``"empty-arguments"``,
      ``"double-encoded"``, ``"json-repair"``, ``"id-synthesized"``, ...).
    - ``server``: the provider executes this call itself (hosted tools).

    ``args`` is held as given (not copied): treat it as read-only.
    """

    __slots__ = ("name", "args", "id", "raw", "provider_data", "repairs", "server")
    _fields = __slots__
    _key = ("name", "args", "id")
    _shown = ("name", "args", "id")
    _defaults: ClassVar[Dict[str, Any]] = {"raw": None, "provider_data": {}, "repairs": (), "server": False}

    name: str
    args: Dict[str, Any]
    id: Optional[str]
    raw: Optional[str]
    provider_data: ProviderData
    repairs: Tuple[str, ...]
    server: bool

    def __init__(
        self,
        name: str,
        args: Optional[Dict[str, Any]] = None,
        id: Optional[str] = None,
        *,
        raw: Optional[str] = None,
        provider_data: Optional[ProviderData] = None,
        repairs: Union[Tuple[str, ...], List[str]] = (),
        server: bool = False,
    ) -> None:
        _set(self, "name", _name(name, "ToolCall", required=True))
        _set(self, "args", check_json_object({} if args is None else args, "$.args", "ToolCall args"))
        _set(self, "id", _opt_id(id, "ToolCall"))
        _set(self, "raw", _opt_str(raw, "$.raw", "ToolCall raw"))
        _set(self, "provider_data", _provider_data(provider_data, "ToolCall"))
        _set(self, "repairs", _repairs(repairs, "ToolCall"))
        _set(self, "server", _bool(server, "$.server", "ToolCall server"))

    def __eq__(self, other: object) -> bool:  # the hot comparison, spelled out
        if type(other) is not ToolCall:
            return NotImplemented
        return self.name == other.name and self.id == other.id and self.args == other.args

    def __hash__(self) -> int:
        return hash((self.name, self.id, json.dumps(self.args, sort_keys=True, default=repr)))


class _CallBuilder(ToolCall):
    """``ToolCall``'s layout without the immutability guard, to build one cheaply."""

    __slots__ = ()
    # both, so that CPython sets attributes in C (one Python-level hook of the two
    # would route every assignment through Python, ~4x slower)
    __setattr__ = object.__setattr__  # type: ignore[assignment]
    __delattr__ = object.__delattr__


def new_call(
    name: str,
    args: Dict[str, Any],
    id: Optional[str],
    raw: Optional[str] = None,
    provider_data: Optional[ProviderData] = None,
    repairs: Tuple[str, ...] = (),
    server: bool = False,
) -> ToolCall:
    """A ``ToolCall`` from values a decoder has already checked (no checks here)."""
    c: Any = _new(_CallBuilder)
    c.name = name
    c.args = args
    c.id = id
    c.raw = raw
    c.provider_data = _NO_PD if provider_data is None else provider_data
    c.repairs = repairs
    c.server = server
    c.__class__ = ToolCall
    call: ToolCall = c
    return call


def evolve(value: V, **changes: Any) -> V:
    """A copy of *value* with *changes*, unchecked (for values a decoder already checked)."""
    obj = _new(type(value))
    for f in value._fields:
        _set(obj, f, changes[f] if f in changes else getattr(value, f))
    return obj


class InvalidToolCall(_Value):
    """A call whose arguments could not be made into a JSON object under the policy.

    Returned in place of a ``ToolCall`` by ``decode_all(..., invalid="keep")`` so
    that its siblings are never dropped. ``raw`` is the argument text, ``error`` the
    reason, ``loc`` where it was found, ``truncated`` whether it was cut off.
    """

    __slots__ = ("name", "id", "raw", "error", "loc", "truncated", "provider_data")
    _fields = __slots__
    _key = ("name", "id", "raw", "error", "loc", "truncated")
    _shown = ("name", "id", "error")
    _defaults: ClassVar[Dict[str, Any]] = {
        "name": None,
        "id": None,
        "raw": None,
        "loc": "$",
        "truncated": False,
        "provider_data": {},
    }

    name: Optional[str]
    id: Optional[str]
    raw: Optional[str]
    error: str
    loc: str
    truncated: bool
    provider_data: ProviderData

    def __init__(
        self,
        *,
        error: str,
        name: Optional[str] = None,
        id: Optional[str] = None,
        raw: Optional[str] = None,
        loc: str = "$",
        truncated: bool = False,
        provider_data: Optional[ProviderData] = None,
    ) -> None:
        _set(self, "name", _name(name, "InvalidToolCall", required=False))
        _set(self, "id", _opt_id(id, "InvalidToolCall"))
        _set(self, "raw", _opt_str(raw, "$.raw", "InvalidToolCall raw"))
        _set(self, "error", _str(error, "$.error", "InvalidToolCall error"))
        _set(self, "loc", _str(loc, "$.loc", "InvalidToolCall loc"))
        _set(self, "truncated", _bool(truncated, "$.truncated", "InvalidToolCall truncated"))
        _set(self, "provider_data", _provider_data(provider_data, "InvalidToolCall"))


def new_invalid(
    name: Optional[str] = None,
    id: Optional[str] = None,
    raw: Optional[str] = None,
    error: str = "",
    loc: str = "$",
    truncated: bool = False,
    provider_data: Optional[ProviderData] = None,
) -> InvalidToolCall:
    """An ``InvalidToolCall`` from checked values (no checks here)."""
    return _rebuild(  # type: ignore[no-any-return]
        InvalidToolCall, (name, id, raw, error, loc, truncated, _NO_PD if provider_data is None else provider_data)
    )


class Tool(_Value):
    """A tool definition: name, description, JSON Schema of the arguments, strict flag.

    ``parameters`` is ``None`` when the definition declared none.
    """

    __slots__ = ("name", "description", "parameters", "strict", "provider_data")
    _fields = __slots__
    _key = ("name", "description", "parameters", "strict")
    _shown = ("name",)
    _defaults: ClassVar[Dict[str, Any]] = {"description": None, "parameters": None, "strict": None, "provider_data": {}}

    name: str
    description: Optional[str]
    parameters: Optional[Dict[str, Any]]
    strict: Optional[bool]
    provider_data: ProviderData

    def __init__(
        self,
        name: str,
        description: Optional[str] = None,
        parameters: Optional[Dict[str, Any]] = None,
        strict: Optional[bool] = None,
        *,
        provider_data: Optional[ProviderData] = None,
    ) -> None:
        _set(self, "name", _name(name, "Tool", required=True))
        _set(self, "description", _opt_str(description, "$.description", "Tool description"))
        if parameters is not None:
            parameters = check_json_object(parameters, "$.parameters", "Tool parameters")
        _set(self, "parameters", parameters)
        if strict is not None:
            strict = _bool(strict, "$.strict", "Tool strict")
        _set(self, "strict", strict)
        _set(self, "provider_data", _provider_data(provider_data, "Tool"))


def new_tool(
    name: str,
    description: Optional[str] = None,
    parameters: Optional[Dict[str, Any]] = None,
    strict: Optional[bool] = None,
    provider_data: Optional[ProviderData] = None,
) -> Tool:
    """A ``Tool`` from checked values (no checks here)."""
    return _rebuild(  # type: ignore[no-any-return]
        Tool, (name, description, parameters, strict, _NO_PD if provider_data is None else provider_data)
    )


class ToolResult(_Value):
    """The result of a tool call: the call's ``id``, the tool ``name`` where known,
    ``content`` (text, or a list of content parts ``{"type": "text", "text": ...}``,
    ``{"type": "json", "json": ...}``, ``{"type": "image", ...}``) and ``is_error``."""

    __slots__ = ("id", "name", "content", "is_error", "provider_data")
    _fields = __slots__
    _key = ("id", "name", "content", "is_error")
    _shown = ("id", "content")
    _defaults: ClassVar[Dict[str, Any]] = {
        "id": None,
        "name": None,
        "content": "",
        "is_error": False,
        "provider_data": {},
    }

    id: Optional[str]
    name: Optional[str]
    content: Content
    is_error: bool
    provider_data: ProviderData

    def __init__(
        self,
        id: Optional[str] = None,
        name: Optional[str] = None,
        content: Content = "",
        is_error: bool = False,
        *,
        provider_data: Optional[ProviderData] = None,
    ) -> None:
        _set(self, "id", _opt_id(id, "ToolResult"))
        _set(self, "name", _name(name, "ToolResult", required=False))
        _set(self, "content", _content(content))
        _set(self, "is_error", _bool(is_error, "$.is_error", "ToolResult is_error"))
        _set(self, "provider_data", _provider_data(provider_data, "ToolResult"))


def new_result(
    id: Optional[str] = None,
    name: Optional[str] = None,
    content: Content = "",
    is_error: bool = False,
    provider_data: Optional[ProviderData] = None,
) -> ToolResult:
    """A ``ToolResult`` from checked values (no checks here)."""
    return _rebuild(  # type: ignore[no-any-return]
        ToolResult, (id, name, content, is_error, _NO_PD if provider_data is None else provider_data)
    )


# ------------------------------------------------------------------ checks of the constructors


def _fail(what: str, loc: str, value: Any) -> DecodeError:
    return DecodeError(f"{what} at {loc} {value}", loc=loc)


def _name(value: Any, cls: str, *, required: bool) -> Any:
    if value is None and not required:
        return None
    if type(value) is not str or not value:
        raise _fail(f"{cls} name", "$.name", f"must be a non-empty string, got {excerpt(value)}")
    return value


def _opt_id(value: Any, cls: str) -> Any:
    if value is None:
        return None
    if type(value) is not str or not value:
        raise _fail(f"{cls} id", "$.id", f"must be a non-empty string or None, got {excerpt(value)}")
    return value


def _str(value: Any, loc: str, what: str) -> str:
    if type(value) is not str:
        raise _fail(what, loc, f"must be a string, got {excerpt(value)}")
    return value


def _opt_str(value: Any, loc: str, what: str) -> Optional[str]:
    return None if value is None else _str(value, loc, what)


def _bool(value: Any, loc: str, what: str) -> bool:
    if type(value) is not bool:
        raise _fail(what, loc, f"must be a bool, got {excerpt(value)}")
    return value


def _provider_data(value: Any, cls: str) -> ProviderData:
    if value is None:
        return _NO_PD
    if not isinstance(value, Mapping) or not all(type(k) is str and isinstance(v, dict) for k, v in value.items()):
        raise _fail(
            f"{cls} provider_data", "$.provider_data", f"must map dialect ids to objects, got {excerpt(value)}"
        )
    return cast(ProviderData, value)


def _repairs(value: Any, cls: str) -> Tuple[str, ...]:
    if type(value) not in (tuple, list) or not all(type(r) is str for r in value):
        raise _fail(f"{cls} repairs", "$.repairs", f"must be a tuple of strings, got {excerpt(value)}")
    return tuple(value)


def _content(value: Any) -> Content:
    if type(value) is str:
        return value
    if type(value) is list and all(type(p) is dict for p in value):
        check_json_value(value, "$.content", "ToolResult content")
        return value
    raise _fail("ToolResult content", "$.content", f"must be text or a list of parts, got {excerpt(value)}")


_SCALARS = (str, int, bool, type(None))


def check_json_object(value: Any, loc: str, what: str) -> Dict[str, Any]:
    """*value* when it is a JSON object (a dict with string keys and JSON values all the
    way down: no sets, no NaN or infinity, no cycles); else a ``DecodeError`` at the
    first offending place. Iterative: linear in the value, no recursion limit."""
    if type(value) is not dict:
        raise _fail(what, loc, f"must be a JSON object (a dict), got {excerpt(value)}")
    check_json_value(value, loc, what)
    return value


def check_json_value(value: Any, loc: str, what: str) -> None:
    """``DecodeError`` unless *value* is JSON data (see ``check_json_object``)."""
    stack: List[Tuple[Any, str]] = [(value, loc)]
    open_ids = set()  # containers on the path being walked (a cycle is an error)
    exits: List[Tuple[int, int]] = []  # (stack height, id) where a container's walk ends
    while stack:
        while exits and len(stack) <= exits[-1][0]:
            open_ids.discard(exits.pop()[1])
        v, where = stack.pop()
        t = type(v)
        if t in _SCALARS:
            continue
        if t is float:
            if not math.isfinite(v):
                raise _fail(what, where, f"holds {v!r}, which JSON cannot carry")
            continue
        if t is dict or t is list:
            if id(v) in open_ids:
                raise _fail(what, where, "holds itself (a cycle)")
            open_ids.add(id(v))
            exits.append((len(stack), id(v)))
            if t is dict:
                for k, item in v.items():
                    if type(k) is not str:
                        raise _fail(what, where, f"has a key that is not a string: {excerpt(k)}")
                    stack.append((item, f"{where}.{k}"))
            else:
                stack.extend((item, f"{where}[{i}]") for i, item in enumerate(v))
            continue
        raise _fail(what, where, f"holds {excerpt(v)} ({t.__name__}), which is not JSON")


# ------------------------------------------------------------------ JSON Schemas of the dict forms

_PD_SCHEMA = {"type": "object", "additionalProperties": {"type": "object"}, "description": "Provider data by dialect."}
_JSON_SCHEMAS: Dict[str, Dict[str, Any]] = {
    "ToolCall": {
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 1, "description": "Name of the tool to call."},
            "args": {"type": "object", "description": "Arguments, a JSON object."},
            "id": {"type": ["string", "null"], "description": "Call id, the key its result references."},
            "raw": {"type": ["string", "null"], "description": "Argument text as received."},
            "provider_data": _PD_SCHEMA,
            "repairs": {"type": "array", "items": {"type": "string"}},
            "server": {"type": "boolean", "description": "The provider executes this call itself."},
        },
        "required": ["name"],
        "additionalProperties": False,
    },
    "InvalidToolCall": {
        "type": "object",
        "properties": {
            "name": {"type": ["string", "null"]},
            "id": {"type": ["string", "null"]},
            "raw": {"type": ["string", "null"]},
            "error": {"type": "string"},
            "loc": {"type": "string"},
            "truncated": {"type": "boolean"},
            "provider_data": _PD_SCHEMA,
        },
        "required": ["error"],
        "additionalProperties": False,
    },
    "Tool": {
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 1},
            "description": {"type": ["string", "null"]},
            "parameters": {"type": ["object", "null"], "description": "JSON Schema of the arguments."},
            "strict": {"type": ["boolean", "null"]},
            "provider_data": _PD_SCHEMA,
        },
        "required": ["name"],
        "additionalProperties": False,
    },
    "ToolResult": {
        "type": "object",
        "properties": {
            "id": {"type": ["string", "null"]},
            "name": {"type": ["string", "null"]},
            "content": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "object"}}]},
            "is_error": {"type": "boolean"},
            "provider_data": _PD_SCHEMA,
        },
        "additionalProperties": False,
    },
}
