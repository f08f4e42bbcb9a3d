"""Front doors: ``decode``, ``decode_all``, ``encode``, ``detect`` and the tool
definition / tool result pairs. They speak canonical types only; every provider
field name lives in ``dialects/``."""

from __future__ import annotations

from typing import Any, Dict, List, Literal, Optional, Tuple, Union, cast, overload

from ._args import Policy, make_policy
from ._builtin import default_registry
from ._collect import collect, decode_one, quick_collect, try_quick
from ._dialect import CALL, CALLS, RESULT, SERVER, TOOL, Dialect, EncodeContext
from ._errors import ArgumentsError, DecodeError, EncodeError, ToolwireError, excerpt
from ._ids import IdMap
from ._registry import Registry
from ._types import InvalidToolCall, Tool, ToolCall, ToolResult, new_call
from ._walk import _KIND_WORDS, Detection, _dialect, _load, _registry, _safe_sniff, _sniff, detect, explain, walk

__all__ = [
    "Detection",
    "decode",
    "decode_all",
    "decode_result",
    "decode_tool",
    "detect",
    "encode",
    "encode_result",
    "encode_tool",
    "explain",
    "ToolCalls",
    "walk",
]

_PLAIN_INPUT = frozenset({dict, list, str, bytes, bytearray})
_VAGUE_STR = frozenset({"", "null", "None", "[]", "{}"})


def decode(
    item: Any,
    dialect: Union[str, Dialect, None] = None,
    *,
    registry: Optional[Registry] = None,
    **policy: Any,
) -> ToolCall:
    """Decode one tool-call item (a dict, JSON text or an SDK object) into a ``ToolCall``.

    *dialect* forces a dialect; without it the shape decides (see ``detect``).
    Policy keywords (``repair``, ``allow_truncated``, ``max_bytes``, ``max_depth``,
    ``finish_reason``...) are those of ``Policy``. A message or response holding
    exactly one call is accepted too.
    """
    if type(item) is dict and not policy:  # the common case, straight through
        reg = default_registry() if registry is None else registry
        if dialect is None:
            # ``reg.quick(item)``, its first loop inline: each call layer is ~5% of this path
            for first in reg._firsts.get(len(item), ()):
                try:
                    call = first(item)
                except Exception:  # a third-party quick decoder must not break decoding
                    continue
                if call is not None:
                    return call
            call = reg.quick_detected(item)
            if call is not None:
                return call
        else:
            quick = reg.quick_decoder(dialect) if type(dialect) is str else _extra_quick(dialect)
            if quick is not None:
                try:
                    call = quick(item)
                except Exception:  # the general path decides
                    call = None
                if call is not None:
                    return call
    elif dialect is None and not policy:  # an SDK tool-call object read straight into a ToolCall
        reg = default_registry() if registry is None else registry
        try:  # ``reg.object_reader``, its cache hit inline
            fast = reg._by_type[type(item)]
        except KeyError:
            fast = reg.object_reader(type(item))
        if fast is not None and fast[2] is not None:
            try:
                call = fast[2](item)
            except Exception:  # a third-party quick reader must not break decoding
                call = None
            if call is not None:
                return call
    pol = make_policy(policy) if policy else _DEFAULT
    d = _dialect(dialect, registry)
    if type(item) is dict:
        data = item
    else:
        # an SDK tool-call object its dialect reads by attribute (no generic walk)
        fast = _registry(registry).object_reader(type(item))
        if fast is not None and (d is None or d is fast[0]):
            if fast[2] is not None and not policy and d is not None:  # without a dialect: tried above
                call = try_quick(fast[2], item)
                if call is not None:
                    return call
            try:
                plain = fast[1](item)
            except Exception:  # an odd instance (built without validation): the generic walk
                plain = None
            if plain is not None:
                return decode_one(fast[0], plain, pol, "$", False)
        data = _load(item)
    kind: str
    if d is not None:
        try:
            return _checked_decode(d, data, pol)
        except ArgumentsError:
            raise
        except DecodeError:
            hit = _safe_sniff(d, data) if type(data) is dict else None
            if hit is None or hit[0] not in (CALL, SERVER):
                _sniff(data, d, registry, "$")  # raises, naming the dialect it looks like
                hit = _safe_sniff(d, data)
            if hit is None or hit[0] in (CALL, SERVER):
                raise
            kind = hit[0]
    else:
        d, kind = _sniff(data, None, registry, "$")
        if kind == CALL:
            return decode_one(d, data, pol, "$", False)
        if kind == SERVER:
            return decode_one(d, data, pol, "$", True)
    if kind == CALLS:
        calls = decode_all(data, d, include_server=True, registry=registry, **policy)
        if len(calls) == 1 and isinstance(calls[0], ToolCall):
            return calls[0]
        raise DecodeError(
            f"Input at $ holds {len(calls)} tool calls, not one; use decode_all",
            dialect=d.name,
        )
    raise DecodeError(
        f"Input at $ is a {d.name} {_KIND_WORDS.get(kind, kind)}, not a tool call: {excerpt(data)}",
        dialect=d.name,
    )


def _extra_quick(dialect: Any) -> Any:
    return dialect.quick if isinstance(dialect, Dialect) else None


def _checked_decode(d: Dialect, data: Any, pol: Policy) -> ToolCall:
    if type(data) is not dict:
        raise DecodeError(f"Input at $ is not a {d.name} tool call", dialect=d.name)
    hit = _safe_sniff(d, data)
    if hit is None or hit[0] not in (CALL, SERVER):
        raise DecodeError(f"Input at $ is not a {d.name} tool call", dialect=d.name)
    return decode_one(d, data, pol, "$", hit[0] == SERVER)


_DEFAULT = make_policy({})


@overload
def decode_all(
    x: Any,
    dialect: Union[str, Dialect, None] = ...,
    *,
    invalid: Literal["raise"] = ...,
    include_server: bool = ...,
    registry: Optional[Registry] = ...,
    **policy: Any,
) -> List[ToolCall]: ...


@overload
def decode_all(
    x: Any,
    dialect: Union[str, Dialect, None] = ...,
    *,
    invalid: str,
    include_server: bool = ...,
    registry: Optional[Registry] = ...,
    **policy: Any,
) -> List[Union[ToolCall, InvalidToolCall]]: ...


def decode_all(
    x: Any,
    dialect: Union[str, Dialect, None] = None,
    *,
    invalid: str = "raise",
    include_server: bool = False,
    registry: Optional[Registry] = None,
    **policy: Any,
) -> List[Any]:
    """Every tool call the client must execute in *x*, in order.

    *x* is a list of call items, an assistant message, a whole response, a
    conversation, ``{"tool_calls": [...]}``, a canonical ``{"name", "args", "id"}``
    dict, JSON text of any of these, an SDK object, or an empty-equivalent
    (``None``, ``""``, ``"null"``, ``{}``, ``[]``), which gives ``[]``.
    ``invalid="keep"`` returns an ``InvalidToolCall`` in place of a call whose
    arguments are not a JSON object (its siblings are kept either way).
    ``include_server=True`` adds the calls the provider executes itself.
    """
    if invalid not in ("raise", "keep"):
        raise ValueError("invalid must be 'raise' or 'keep'")
    if x is None or (type(x) is str and x.strip() in _VAGUE_STR):
        return []
    data = None
    if type(x) not in _PLAIN_INPUT:  # an SDK response: read only what calls depend on
        reader = _registry(registry).container_reader(type(x))
        try:
            data = None if reader is None else reader(x)
        except Exception:  # an odd instance (built without validation): the generic walk
            data = None
    if data is None:
        data = _load(x)
    if data is None or data == {} or data == []:
        return []
    pol = make_policy(policy) if policy else _DEFAULT
    d = _dialect(dialect, registry)
    out: List[Union[ToolCall, InvalidToolCall]] = []
    if pol is _DEFAULT and quick_collect(data, d, d is not None, _registry(registry), out, 0):
        return out
    out.clear()
    collect(data, d, registry, pol, "$", out, invalid == "keep", include_server, True)
    return out


# ``issubclass(type(x), C)`` rather than ``isinstance``: on pydantic < 2.11 a model
# class's isinstance check reads an attribute of *x*, which a foreign object may raise on
def _target(dialect: Any, registry: Optional[Registry]) -> Dialect:
    """The dialect to encode to (``UnknownDialectError`` for anything else, ``None`` too)."""
    if isinstance(dialect, Dialect):
        return dialect
    return (default_registry() if registry is None else registry).get(dialect)


def _as_call(call: Any, registry: Optional[Registry]) -> ToolCall:
    if issubclass(type(call), ToolCall):
        return cast(ToolCall, call)
    if issubclass(type(call), InvalidToolCall):
        return new_call(call.name or "", {}, call.id, None, None, ("invalid-call-placeholder",))
    return decode(call, registry=registry)


def encode(
    call: Any,
    dialect: Union[str, Dialect],
    *,
    ids: Optional[IdMap] = None,
    position: int = 0,
    registry: Optional[Registry] = None,
) -> Dict[str, Any]:
    """The *dialect* wire item for *call* (a ``ToolCall`` or anything ``decode`` takes).

    Ids the target rejects are mapped (see ``IdMap``); pass one ``ids`` map per
    conversation to keep calls and results paired and collisions detected.
    """
    d = _target(dialect, registry)
    c: ToolCall = call if type(call) is ToolCall else _as_call(call, registry)
    _check_name(d, c.name)
    ctx = _NO_CONTEXT if ids is None and position == 0 else EncodeContext(ids=ids, position=position)
    try:
        out: Dict[str, Any] = d.encode_call(c, ctx)
    except ToolwireError:
        raise
    except _ENCODE_ERRORS as exc:
        raise _encode_error(d, c, exc) from None
    return out


def decode_tool(
    item: Any, dialect: Union[str, Dialect, None] = None, *, registry: Optional[Registry] = None
) -> Tool:
    """Decode a tool definition of any dialect into a ``Tool``."""
    if issubclass(type(item), Tool):
        return cast(Tool, item)
    tool: Tool = _decode_kind(item, dialect, registry, TOOL, "decode_tool")
    return tool


def encode_tool(
    tool: Any, dialect: Union[str, Dialect], *, registry: Optional[Registry] = None
) -> Dict[str, Any]:
    """The *dialect* tool definition for *tool* (a ``Tool`` or any decodable definition)."""
    d = _target(dialect, registry)
    t = tool if issubclass(type(tool), Tool) else decode_tool(tool, registry=registry)
    _check_name(d, t.name)
    return _encoded(d, d.encode_tool, t)


def decode_result(
    item: Any, dialect: Union[str, Dialect, None] = None, *, registry: Optional[Registry] = None
) -> ToolResult:
    """Decode a tool result of any dialect into a ``ToolResult``."""
    if issubclass(type(item), ToolResult):
        return cast(ToolResult, item)
    result: ToolResult = _decode_kind(item, dialect, registry, RESULT, "decode_result")
    return result


def _decode_kind(item: Any, dialect: Any, registry: Optional[Registry], want: str, method: str) -> Any:
    data = _load(item)
    d, kind = _sniff(data, _dialect(dialect, registry), registry, "$")
    if kind != want:
        raise DecodeError(
            f"Input at $ is a {d.name} {_KIND_WORDS.get(kind, kind)}, not a {_KIND_WORDS[want]}",
            dialect=d.name,
        )
    return _guard(d, getattr(d, method), data)


def encode_result(
    result: Any,
    dialect: Union[str, Dialect],
    *,
    ids: Optional[IdMap] = None,
    registry: Optional[Registry] = None,
) -> Dict[str, Any]:
    """The *dialect* tool result for *result*; its id maps exactly as its call's did."""
    d = _target(dialect, registry)
    r = result if issubclass(type(result), ToolResult) else decode_result(result, registry=registry)
    return _encoded(d, d.encode_result, r, _NO_CONTEXT if ids is None else EncodeContext(ids=ids))


# dialect encoders only read the context: one shared instance for the common case
_NO_CONTEXT = EncodeContext()
_GOOD_NAMES: Dict[Tuple[str, str], bool] = {}  # (dialect, name) -> allowed; bounded


def _check_name(d: Dialect, name: str) -> None:
    if d.names is None:
        return
    key = (d.name, name)
    if key in _GOOD_NAMES:
        return
    if d.names.fullmatch(name):
        if len(_GOOD_NAMES) > 4096:
            _GOOD_NAMES.clear()
        _GOOD_NAMES[key] = True
        return
    raise EncodeError(
        f"Tool name {name!r} is not allowed in {d.name} (must match {d.names.pattern})",
        dialect=d.name,
    )


def _encoded(d: Dialect, fn: Any, *args: Any) -> Dict[str, Any]:
    """A dialect encoder's output; what it raises is an ``EncodeError`` (a value that
    is not JSON: a cycle, a set, an int too long to print...)."""
    try:
        out: Dict[str, Any] = fn(*args)
    except ToolwireError:
        raise
    except _ENCODE_ERRORS as exc:
        raise _encode_error(d, args[0], exc) from None
    return out


_ENCODE_ERRORS = (ValueError, TypeError, RecursionError, AttributeError, KeyError)


def _encode_error(d: Dialect, value: Any, exc: Exception) -> EncodeError:
    return EncodeError(f"Cannot encode {excerpt(value)} as {d.name} ({type(exc).__name__}: {exc})", dialect=d.name)


def _guard(d: Dialect, fn: Any, data: Any) -> Any:
    try:
        return fn(data, "$")
    except ToolwireError:
        raise
    except Exception as exc:
        raise DecodeError(
            f"Malformed {d.name} payload at $ ({type(exc).__name__}: {exc}): {excerpt(data)}",
            dialect=d.name,
        ) from None


class ToolCalls(List[ToolCall]):
    """A list of ``ToolCall`` usable as a pydantic field type.

    Validation accepts everything ``decode_all`` does: ``None``, ``{}``, ``[]``,
    ``""`` and ``"null"`` (empty), ``{"tool_calls": [...]}``, one call, a list of
    calls of any dialect, an assistant message or a whole response. Serialises to
    a list of ``{"name", "args", "id"}`` objects; its JSON schema describes that
    form, for text-mode LLM output.
    """

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema  # a user's model asked: pydantic is loaded already

        return core_schema.no_info_plain_validator_function(
            _validate_tool_calls,
            serialization=core_schema.plain_serializer_function_ser_schema(
                _serialize_tool_calls, when_used="always"
            ),
        )

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: Any, handler: Any) -> Dict[str, Any]:
        return {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "name": {"type": "string", "description": "Name of the tool to call."},
                    "args": {"type": "object", "description": "Arguments, a JSON object."},
                    "id": {"type": ["string", "null"], "description": "Optional call id."},
                },
                "required": ["name", "args"],
                "additionalProperties": False,
            },
        }


def _validate_tool_calls(value: Any) -> ToolCalls:
    if isinstance(value, ToolCalls):
        return value
    try:
        calls = decode_all(value)
    except ToolwireError as exc:  # re-raised as a pydantic ValueError with our message
        raise ValueError(str(exc)) from None
    return ToolCalls(c for c in calls if isinstance(c, ToolCall))


def _serialize_tool_calls(value: Any) -> List[Dict[str, Any]]:
    return [{"name": c.name, "args": c.args, "id": c.id} for c in value]
