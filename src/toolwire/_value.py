"""What the four canonical values share (``_Value``): immutability, ``repr``, value
equality and hashing over their key fields, pickling, ``replace`` (a checked copy),
``as_dict`` and the lazily built pydantic core schema; ``evolve`` (an unchecked copy).
The values themselves are in ``_types``.

Equality is JSON equality: ``{"x": 1}`` and ``{"x": 1.0}`` are one value,
``{"x": 1}`` and ``{"x": true}`` two (Python's ``==`` says ``True == 1``), and
equal values hash alike (``json_identity``).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, ClassVar, Dict, List, Mapping, Tuple, TypeVar

from ._errors import DecodeError, excerpt
from ._value_checks import JSON_SCHEMAS

__all__ = ["V", "_Frozen", "_Value", "_new", "_rebuild", "_set", "evolve", "hashable", "json_identity", "same"]

V = TypeVar("V", bound="_Value")

_new = object.__new__
_set = object.__setattr__


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


class _Frozen:
    """Immutability and equality over ``_key``: what every value class shares (the
    four values here, the conversation values)."""

    __slots__ = ()
    _fields: ClassVar[Tuple[str, ...]]  # every slot, in constructor order
    _key: ClassVar[Tuple[str, ...]]  # the fields equality and hashing see

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable; use .replace({name}=...)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(same(getattr(self, f), getattr(other, f)) for f in self._key)

    def __hash__(self) -> int:
        return hash(tuple(hashable(getattr(self, f)) for f in self._key))


class _Value(_Frozen):
    """What the four values share: immutability, ``repr``, pickling, ``replace`` and
    their pydantic schema (built lazily, from ``_fields``)."""

    __slots__ = ()
    _shown: ClassVar[Tuple[str, ...]]  # fields ``repr`` shows even at their default
    _defaults: ClassVar[Dict[str, Any]]
    __pydantic_serializer__: ClassVar[Any] = _Serializer()

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
        return dict(JSON_SCHEMAS[cls.__name__])

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
            missing = [f for f in JSON_SCHEMAS[cls.__name__].get("required", ()) if f not in value]
            if missing:  # not the constructor's ``TypeError``, which pydantic would not wrap
                raise DecodeError(f"{cls.__name__} needs the field {missing[0]!r}: {excerpt(value)}", loc="$")
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


_OBJECT, _ARRAY, _TRUE, _FALSE = object(), object(), object(), object()
_CONTAINERS = (dict, list, tuple, MappingProxyType)


def json_identity(value: Any) -> Tuple[Any, ...]:
    """A flat, hashable spelling of *value*, equal for exactly the JSON-equal values:
    object members in key order, arrays (lists, tuples) marked with their length,
    ``true`` and ``false`` apart from ``1`` and ``0`` (numbers compare and hash by
    value across ``int`` and ``float``). Iterative: linear, no recursion limit."""
    out: List[Any] = []
    stack = [value]
    while stack:
        v = stack.pop()
        t = type(v)
        if t is dict or t is MappingProxyType:
            out.append(_OBJECT)
            out.append(len(v))
            for k in sorted(v, key=str, reverse=True):
                stack.append(v[k])
                stack.append(k)  # popped first: the key, then its value's walk
        elif t is list or t is tuple:
            out.append(_ARRAY)
            out.append(len(v))
            stack.extend(reversed(v))
        elif v is True:
            out.append(_TRUE)
        elif v is False:
            out.append(_FALSE)
        else:
            out.append(v)
    return tuple(out)


def hashable(v: Any) -> Any:
    """*v*, or its ``json_identity`` when it is a container: what hashing sees."""
    return json_identity(v) if type(v) in _CONTAINERS else v


def same(a: Any, b: Any) -> bool:
    """JSON equality of two field values (``==``, then the spelling where ``==`` may
    have taken a bool for a number)."""
    if a is b:
        return True
    if a != b:
        return False
    return type(a) not in _CONTAINERS or json_identity(a) == json_identity(b)


def evolve(value: V, **changes: Any) -> V:
    """A copy of *value* with *changes*, unchecked (for values a decoder already checked)."""
    obj = _new(type(value))
    for f in value._fields:
        _set(obj, f, changes[f] if f in changes else getattr(value, f))
    return obj
