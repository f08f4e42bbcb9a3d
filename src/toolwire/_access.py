"""Foreign objects -> plain data (dicts, lists, scalars).

SDK objects (openai, anthropic, google-genai, mistralai, cohere, ollama) are
pydantic models. They are read through their instance ``__dict__`` (field values by
field name) and ``__pydantic_extra__``, keyed by each field's alias, so camelCase
(google-genai) and aliased names (openai ``async``) come out as on the wire. A field
that ``model_dump`` leaves out (``Field(exclude=True)``: anthropic's
``ParsedTextBlock.parsed_output``, the caller's parsed model; ``exclude_if``) is left
out too. A field
left at its default ``None`` is no value and is left out; a field the object was given
as ``None`` (in ``model_fields_set``: the wire said null, as Vertex's
``partialArgs[].nullValue`` does, where null is the value) is kept; a "not given"
sentinel (mistralai's ``UNSET``, a falsy model of no fields) is left out too. An
open union's placeholder for a member the SDK does not know (mistralai's
``UnknownContentChunk``: ``_placeholder``) is read as the payload it keeps. This
never calls a serializer, which makes it immune to pydantic's *MockValSer* bug:
``TypeError: 'MockValSer' object cannot be converted to 'SchemaSerializer'`` (older
pydantic-core) / ``... is not an instance of 'SchemaSerializer'`` (newer), also
wrapped in ``PydanticSerializationError``, raised when an SDK class built with
``defer_build=True`` is serialised while nested in another model. See
https://github.com/pydantic/pydantic/issues/7713,
https://github.com/pydantic/pydantic/issues/13647 and
https://github.com/pydantic/pydantic-core/issues/1866.

Objects that are not pydantic models but offer ``model_dump``/``to_dict`` are dumped
through a guarded call: a ``TypeError`` (or serialization error) mentioning
``SchemaSerializer``/``MockValSer`` falls back to an attribute walk.

This module is the only place that works around that bug. It can be deleted down
to the ``__dict__`` walk once every supported pydantic rebuilds mock serializers
during nested serialisation (pydantic-core 2.50 does; pydantic >= 2.14) and the
SDKs stop relying on ``defer_build``.
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
import uuid
import weakref
from collections.abc import Mapping
from typing import Any, Dict, List, Tuple

from ._errors import DecodeError, an, excerpt
from ._types import InvalidToolCall, ToolCall

__all__ = ["MAX_OBJECT_DEPTH", "to_data", "to_plain", "to_plain_near"]

MAX_OBJECT_DEPTH = 256
_PLAIN = (str, int, float, bool, type(None))
_CALLS = (ToolCall, InvalidToolCall)
# the pydantic model classes met so far, by id, each held weakly (a class made per request,
# ``pydantic.create_model``, is freed with its last instance, and its entry with it, before
# its id can be reused): ``[its weak reference, whether it is an open union's placeholder
# (``_placeholder``), its aliases (``_aliases``) or None until first read]``
_SEEN: Dict[int, List[Any]] = {}


def _met(cls: type) -> List[Any]:
    """The entry of the pydantic model class *cls*, met for the first time."""
    key = id(cls)
    entry = [weakref.ref(cls, lambda _: _SEEN.pop(key, None)), _placeholder(cls), None]
    _SEEN[key] = entry
    return entry


def to_data(obj: Any, loc: str = "$") -> Any:
    """Plain data for *obj*: plain values are returned as they are (not copied), and
    so are the canonical calls (``ToolCall``, ``InvalidToolCall``) wherever they stand."""
    t = type(obj)
    if t is dict or t is list or t in _PLAIN:
        return obj
    return _walk(obj, 0, loc)


def to_plain(obj: Any, loc: str = "$") -> Any:
    """``to_data``, and inside plain dicts and lists too: a foreign object nested in them
    (an SDK content block in a message dict) becomes plain data in a copy of the
    containers on its path; a container that holds none is returned as it is (not
    copied). One pass, linear in the data; nesting deeper than ``MAX_OBJECT_DEPTH``
    (a container holding itself) is a ``DecodeError``."""
    t = type(obj)
    if t is dict or t is list:
        return obj if _all_plain(obj, 0) else _plain_tree(obj, 0, loc)
    return obj if t in _PLAIN else _walk(obj, 0, loc)



def to_plain_near(obj: Any, levels: int, loc: str = "$") -> Any:
    """``to_plain`` for the foreign objects among the first *levels* containers of
    *obj* (a body's messages, their content blocks): an SDK reply's blocks appended to
    a history stand there, while deeper containers (arguments, schemas) are JSON the
    decoders check anyway. Looks at nothing past *levels*, so its cost stays with the
    history's outline, never with its arguments (walking those cost a history decode
    up to +86%); copies only the containers on a converted object's path."""
    t = type(obj)
    if t in _PLAIN:
        return obj
    if t is not dict and t is not list:
        return _walk(obj, 0, loc)
    if levels <= 0 or _near_plain(obj, levels):
        return obj
    new: Any = None  # the copy, made at the first value that changes
    for k, v in obj.items() if t is dict else enumerate(obj):
        if type(v) in _PLAIN:
            continue
        w = to_plain_near(v, levels - 1, f"{loc}.{k}" if t is dict else f"{loc}[{k}]")
        if w is not v:
            if new is None:
                new = dict(obj) if t is dict else list(obj)
            new[k] = w
    return obj if new is None else new


def _near_plain(obj: Any, levels: int) -> bool:
    """Whether the first *levels* containers of *obj* hold only plain values (the
    common case, checked without building a path per container, nor a call)."""
    todo = [(obj, levels)]
    while todo:
        o, left = todo.pop()
        for v in o.values() if type(o) is dict else o:
            t = type(v)
            if t is str or t is int or t is bool or v is None or t is float:
                continue
            if t is not dict and t is not list:
                return False
            if left > 1:
                todo.append((v, left - 1))
    return True

def _all_plain(obj: Any, depth: int) -> bool:
    """Whether the dict or list *obj* holds only plain values (the common case, checked
    without building a path per container); ``False`` too where it nests too deep."""
    if depth > MAX_OBJECT_DEPTH:
        return False
    for v in obj.values() if type(obj) is dict else obj:
        t = type(v)
        if t is str or t in _PLAIN:
            continue
        if (t is not dict and t is not list) or not _all_plain(v, depth + 1):
            return False
    return True


def _plain_tree(obj: Any, depth: int, loc: str) -> Any:
    if depth > MAX_OBJECT_DEPTH:
        raise DecodeError(
            f"Object nesting at {loc} is deeper than {MAX_OBJECT_DEPTH} (a cycle?)", loc=loc
        )
    is_dict = type(obj) is dict
    new: Any = None  # the copy, made at the first value that changes
    for k, v in obj.items() if is_dict else enumerate(obj):
        t = type(v)
        if t in _PLAIN:
            continue
        where = f"{loc}.{k}" if is_dict else f"{loc}[{k}]"
        w = _plain_tree(v, depth + 1, where) if t is dict or t is list else _walk(v, depth + 1, where)
        if w is not v:
            if new is None:
                new = dict(obj) if is_dict else list(obj)
            new[k] = w
    return obj if new is None else new


def _aliases(cls: type) -> Dict[str, Any]:
    """The fields of *cls* whose key is not their name: an alias, ``None``
    (``Field(exclude=True)``: ``model_dump`` leaves it out) or ``(key, exclude_if)``
    (left out where ``exclude_if(value)``)."""
    table: Dict[str, Any] = {}
    # openai's SDK-made fields (``parsed_arguments``), which its own request writer
    # leaves out: a class-level ``__api_exclude__`` set of names
    marked = getattr(cls, "__api_exclude__", None)
    dropped: Any = marked if type(marked) in (set, frozenset) else ()
    for name, field in getattr(cls, "model_fields", {}).items():
        if name in dropped:
            table[name] = None
            continue
        alias = field.serialization_alias or field.alias
        key = alias if alias else name
        if getattr(field, "exclude", None) is True:
            table[name] = None
        elif callable(getattr(field, "exclude_if", None)):
            table[name] = (key, field.exclude_if)
        elif key != name:
            table[name] = key
    return table


def _placeholder(cls: type) -> bool:
    """Whether the pydantic model class *cls* (met for the first time) is an SDK's
    placeholder for an open union's member it does not know: Speakeasy's
    ``parse_open_union`` (mistralai, google-genai's Interactions types) builds
    ``Unknown*(type="UNKNOWN", raw=<the value>, is_unknown=True)``, "Preserves the raw
    payload" (mistralai ``UnknownContentChunk``). Such an object is read as its ``raw``,
    the wire's value: the placeholder is no provider's shape. Remembered in ``_SEEN``;
    any other class is read field by field."""
    fields = getattr(cls, "model_fields", None)
    if type(fields) is not dict or set(fields) != {"type", "raw", "is_unknown"}:
        return False
    return fields["is_unknown"].default is True and fields["type"].default == "UNKNOWN"


def _walk(obj: Any, depth: int, loc: str) -> Any:
    t = type(obj)
    if t in _PLAIN:
        return obj
    if depth > MAX_OBJECT_DEPTH:
        raise DecodeError(
            f"Object nesting at {loc} is deeper than {MAX_OBJECT_DEPTH} (a cycle?)", loc=loc
        )
    try:
        seen = _SEEN.get(id(t))
        if seen is not None:  # the common case: an SDK class seen before
            if seen[1]:  # an open union's unknown member: what it keeps
                return _walk(obj.raw, depth + 1, loc)
            return _walk_model(obj, t, seen, depth, loc)
        if t is dict or isinstance(obj, dict):
            return {k: _walk(v, depth + 1, loc) for k, v in obj.items()}
        if t is list or t is tuple or isinstance(obj, (list, tuple)):
            return [_walk(v, depth + 1, loc) for v in obj]
        if isinstance(obj, (bytes, bytearray)):
            return bytes(obj)
        if isinstance(obj, (datetime.datetime, datetime.date, datetime.time)):
            return obj.isoformat()  # as the SDKs' JSON mode writes it
        if isinstance(obj, enum.Enum):
            return _walk(obj.value, depth + 1, loc)
        if isinstance(obj, uuid.UUID):
            return str(obj)
        if hasattr(t, "__pydantic_fields__") and hasattr(obj, "__dict__"):
            seen = _met(t)
            if seen[1]:  # an open union's unknown member: what it keeps
                return _walk(obj.raw, depth + 1, loc)
            return _walk_model(obj, t, seen, depth, loc)
        if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
            return {
                f.name: _walk(getattr(obj, f.name), depth + 1, loc)
                for f in dataclasses.fields(obj)
            }
        if isinstance(obj, _CALLS):  # toolwire's own call among the items: the walk takes it as it is
            return obj
        if isinstance(obj, Mapping):  # a mapping that is no dict (``immutabledict``: items in ``_dict``)
            return {k: _walk(v, depth + 1, loc) for k, v in obj.items()}
        dumped = _guarded_dump(obj)
        if dumped is not None:
            return _walk(dumped, depth + 1, loc)
        if isinstance(obj, (str, int, float)):  # str/int/float subclasses, enums
            value = getattr(obj, "value", obj)
            return value if type(value) in _PLAIN else str(obj)
        if hasattr(obj, "__dict__") and not isinstance(obj, type):
            return _walk_vars(obj, depth, loc)
    except DecodeError:
        raise
    except RecursionError:
        raise DecodeError(f"Object nesting at {loc} is too deep", loc=loc) from None
    except Exception as exc:  # a foreign object that misbehaves on access
        raise DecodeError(
            f"Could not read the {t.__name__} object at {loc}: {type(exc).__name__}: {exc}",
            loc=loc,
        ) from None
    raise DecodeError(
        f"Cannot read {an(t.__name__)} value at {loc}: {excerpt(obj)}", loc=loc
    )


def _walk_model(obj: Any, cls: type, seen: List[Any], depth: int, loc: str) -> Dict[str, Any]:
    aliases = seen[2]
    if aliases is None:
        aliases = seen[2] = _aliases(cls)
    out: Dict[str, Any] = {}
    plain = _PLAIN
    given: Any = None
    for name, value in obj.__dict__.items():
        if value is None:
            # a default is no value; a null the object was given (the wire's) is kept
            if given is None:
                given = getattr(obj, "__pydantic_fields_set__", None) or ()
            if name not in given:
                continue
        key = aliases.get(name, name) if aliases else name
        if type(key) is not str:  # left out of ``model_dump`` (``exclude``, ``exclude_if``)
            if key is None or key[1](value):
                continue
            key = key[0]
        if type(value) in plain:
            out[key] = value
            continue
        walked = _walk(value, depth + 1, loc)
        if walked == {} and hasattr(type(value), "__bool__") and not value:
            continue  # a "not given" sentinel (mistralai's ``UNSET``: a falsy model of no fields)
        out[key] = walked
    try:
        extra = obj.__pydantic_extra__  # a slot every pydantic model instance has
    except AttributeError:
        extra = None
    if extra:
        for name, value in extra.items():
            if value is not None:
                out[name] = value if type(value) in plain else _walk(value, depth + 1, loc)
    return out


def _walk_vars(obj: Any, depth: int, loc: str) -> Dict[str, Any]:
    """The public instance attributes of *obj* (``None`` ones left out). An object that
    has none (its data private, ``self._raw``, or behind ``@property``) is refused: read
    as ``{}`` it would decode to ``[]``, a wrong answer that looks right; unless it is
    falsy (a "not given" sentinel, as ``_walk_model`` leaves out: an empty-equivalent)."""
    out: Dict[str, Any] = {}
    shown = False
    for k, v in vars(obj).items():
        if not k.startswith("_"):
            shown = True
            if v is not None:
                out[k] = _walk(v, depth + 1, loc)
    if not shown and obj:  # (a falsy object of no fields is a "not given" sentinel: openai's ``NOT_GIVEN``)
        raise DecodeError(
            f"Cannot read {an(type(obj).__name__)} value at {loc}: it holds no public attribute (its data is "
            f"private or behind properties); pass it as a dict: {excerpt(obj)}",
            loc=loc,
        )
    return out


_DUMPERS: Tuple[str, ...] = ("model_dump", "to_dict", "dict")


def _guarded_dump(obj: Any) -> Any:
    """``obj.model_dump()`` (or ``to_dict``/``dict``), or ``None`` when the object
    has none or its serializer is broken (the MockValSer TypeError)."""
    for name in _DUMPERS:
        method = getattr(obj, name, None)
        if method is None or not callable(method):
            continue
        try:
            dumped = method()
        except Exception as exc:
            if _is_serializer_bug(exc):
                return None
            raise
        if isinstance(dumped, dict):
            return dumped
    return None


def _is_serializer_bug(exc: BaseException) -> bool:
    text = str(exc)
    return "SchemaSerializer" in text or "MockValSer" in text or "not fully defined" in text
