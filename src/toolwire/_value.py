"""What the four canonical values share (``_Value``): immutability, ``repr``, value
equality and hashing over their key fields, pickling, ``replace`` (a checked copy),
``as_dict`` and the lazily built pydantic core schema; ``evolve`` (an unchecked copy).
The values themselves are in ``_types``.

Equality is JSON equality: ``{"x": 1}`` and ``{"x": 1.0}`` are one value,
``{"x": 1}`` and ``{"x": true}`` two (Python's ``==`` says ``True == 1``), and
equal values hash alike (``_json_equality``). Values nested past the recursion limit
are printed and pickled by the iterative walks of ``_deep_values``.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, ClassVar, Dict, Mapping, Optional, Tuple, TypeVar

from ._deep_values import deep_repr, flatten, unflatten
from ._errors import DecodeError, excerpt
from ._json_equality import CONTAINERS, hashable, same
from ._value_checks import JSON_SCHEMAS, REQUIRED

__all__ = [
    "V",
    "_Frozen",
    "_Value",
    "_new",
    "_rebuild",
    "_set",
    "evolve",
]

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
    _kind: ClassVar[Optional[type]] = None  # the value class (``ToolCall``...): a subclass compares as it

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable; use .replace({name}=...)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "_kind" not in cls.__dict__ and getattr(cls, "_kind", None) is None and not cls.__name__.startswith("_"):
            cls._kind = cls  # the first public class: what a subclass of it compares as

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self) and not isinstance(other, self._kind or type(self)):
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
                parts.append(f"{f}={deep_repr(v)}")
        return f"{type(self).__name__}({', '.join(parts)})"

    def __reduce__(self) -> Any:
        values = tuple(dict(v) if type(v) is MappingProxyType else v for v in (getattr(self, f) for f in self._fields))
        deep = [type(v) in CONTAINERS and _deeper(v, _PICKLE_DEPTH) for v in values]  # past pickle's recursion
        if any(deep):  # those fields flat (``_Flat``, their types kept); the others as they are
            return (_rebuild_flat, (type(self), tuple(_Flat(flatten(v)) if d else v for v, d in zip(values, deep))))
        return (_rebuild, (type(self), values))

    def __copy__(self: V) -> V:
        return self

    def replace(self: V, **changes: Any) -> V:
        """A copy with *changes* (field names as keywords), checked like the constructor."""
        unknown = set(changes) - set(self._fields)
        if unknown:  # as a constructor given an unknown keyword
            raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
        values = {f: getattr(self, f) for f in self._fields}
        values.update(changes)
        return type(self)(**values)

    def as_dict(self) -> Dict[str, Any]:
        """Every field as plain data (tuples as lists): the form the pydantic schema
        validates and serializes. Its dicts and lists are copies (the value's own
        ``args``, ``provider_data``... are never handed out to be edited)."""
        out = {}
        for f in self._fields:
            v = getattr(self, f)
            out[f] = _copied(v) if type(v) in CONTAINERS else v
        return out

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
        import copy  # each schema its own: a model's ``json_schema_extra`` may edit it in place

        out: Dict[str, Any] = copy.deepcopy(JSON_SCHEMAS[cls._name()])
        return out

    @classmethod
    def _name(cls) -> str:
        """The name of the value class (``ToolCall``...) a subclass validates as."""
        return (cls._kind or cls).__name__

    @classmethod
    def _validate(cls, value: Any) -> Any:
        if isinstance(value, cls):
            return value
        if isinstance(value, Mapping):
            unknown = set(value) - set(cls._fields)
            if unknown:
                raise DecodeError(
                    f"{cls.__name__} has no field {sorted(map(str, unknown))[0]!r}: {excerpt(value)}",
                    loc="$",
                )
            missing = [f for f in REQUIRED[cls._name()] if f not in value]
            if missing:  # not the constructor's ``TypeError``, which pydantic would not wrap
                raise DecodeError(f"{cls.__name__} needs the field {missing[0]!r}: {excerpt(value)}", loc="$")
            return cls(**value)
        raise DecodeError(f"{cls.__name__} must be given as an object, got {excerpt(value)}", loc="$")


_UNSHOWN = frozenset({"raw", "provider_data", "parsed"})  # fidelity data: reachable, not printed


def _plain(v: Any) -> Any:
    t = type(v)
    return list(v) if t is tuple else dict(v) if t is MappingProxyType else v


def _copied(value: Any) -> Any:
    """A deep copy of the JSON data *value* (tuples as lists, read-only mappings as
    dicts; other values as they are). Iterative (no recursion limit) and linear: a
    branch shared in it is copied once and stays shared."""
    if type(value) not in CONTAINERS:
        return value
    root = _plain(value) if type(value) is not dict and type(value) is not list else value.copy()
    for x in root.values() if type(root) is dict else root:  # the common case: flat
        if type(x) in CONTAINERS:
            break
    else:
        return root
    copies: Dict[int, Any] = {id(value): root}
    stack = [root]
    while stack:
        c = stack.pop()
        for k, x in c.items() if type(c) is dict else enumerate(c):
            if type(x) in CONTAINERS:  # (only existing keys are set: the walk stays valid)
                new = copies.get(id(x))
                if new is None:
                    new = copies[id(x)] = x.copy() if type(x) is dict or type(x) is list else _plain(x)
                    stack.append(new)
                c[k] = new
    return root


def _dump(value: Any) -> Any:
    """A value's dict form for pydantic's serializer, which copies as it writes: the
    fields as ``as_dict`` gives them, uncopied."""
    return {f: _plain(getattr(value, f)) for f in value._fields} if isinstance(value, _Value) else value


def _rebuild(cls: type, values: Tuple[Any, ...]) -> Any:
    obj: Any = _new(cls)
    fields = cls._fields  # type: ignore[attr-defined]
    for f, v in zip(fields, values):
        _set(obj, f, v)
    if len(values) < len(fields):  # a pickle of an older value: the fields added since at their defaults
        for f in fields[len(values):]:
            _set(obj, f, cls._defaults[f])  # type: ignore[attr-defined]
    return obj


# --- values nested past the recursion limit: pickled without recursion (``_deep_values``) ----

_PICKLE_DEPTH = 100  # a container field nested deeper than this is pickled flat (pickle recurses)


class _Flat(Tuple[Any, ...]):
    """A container field, pickled as ``flatten`` spells it."""

    __slots__ = ()


def _rebuild_flat(cls: type, values: Tuple[Any, ...]) -> Any:
    return _rebuild(cls, tuple(unflatten(v) if type(v) is _Flat else v for v in values))


def _deeper(value: Any, limit: int) -> bool:
    """Whether the container *value* nests deeper than *limit* (stops at the first such place)."""
    stack = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        if depth > limit:
            return True
        for x in v.values() if type(v) is dict or type(v) is MappingProxyType else v:
            if type(x) in CONTAINERS:
                stack.append((x, depth + 1))
    return False


def evolve(value: V, **changes: Any) -> V:
    """A copy of *value* with *changes*, unchecked (for values a decoder already checked)."""
    obj = _new(type(value))
    for f in value._fields:
        _set(obj, f, changes[f] if f in changes else getattr(value, f))
    return obj
