"""Front doors for tool definitions and tool results: ``decode_tool`` and
``decode_result`` (of any dialect, or named), and the reading of an SDK object its
dialect declared a reader for (``_read_object``), which ``decode`` shares. The front
doors of calls are in ``_codec``, which exports these too.
"""

from __future__ import annotations

from typing import Any, Optional, Union, cast

from ._builtin import registry_of
from ._definitions import read_definition
from ._dialect import RESULT, TOOL, Dialect
from ._errors import DecodeError, ToolwireError, an, excerpt
from ._foreign import foreign
from ._registry import Registry
from ._types import Tool, ToolResult
from ._walk import _KIND_WORDS, _dialect, _load, _registry, _sniff

__all__ = ["_PLAIN_INPUT", "_read_object", "_wire_form", "decode_result", "decode_tool"]

_PLAIN_INPUT = frozenset({dict, list, str, bytes, bytearray})


def _read_object(read: Any, item: Any) -> Any:
    """What the ``sdk_calls`` reader *read* (a dialect and its reader, or ``None``) gives for
    *item*: the wire item its dialect claims, or ``None`` (the generic walk reads it)."""
    if read is None:
        return None
    try:
        return read[1](item)
    except Exception:  # an odd instance (built without validation): the generic walk
        return None


def _wire_form(item: Any, dialect: Any, registry: Optional[Registry]) -> Any:
    """The plain data ``decode_tool`` / ``decode_result`` read for *item*: an SDK object
    as the wire item its dialect's reader gives, else as loaded (JSON text, an object walked)."""
    data = None
    if type(item) not in _PLAIN_INPUT:  # an SDK object its dialect reads as its wire item
        data = _read_object(_registry(registry).object_plan(type(item))[0], item)
    return _load(item, "$", dialect, registry) if data is None else data


def decode_tool(
    item: Any, dialect: Union[str, Dialect, None] = None, *, registry: Optional[Registry] = None
) -> Tool:
    """Decode a tool definition of any dialect into a ``Tool``. Without *dialect*, one in
    the form of a Llama 3.x JSON call (``{"name", "parameters"}``) whose parameters are
    no JSON Schema raises naming both readings (``_definitions.read_definition``)."""
    if registry is not None:
        registry_of(registry)
    if issubclass(type(item), Tool):
        return cast(Tool, item)
    tool: Tool = _decode_kind(item, dialect, registry, TOOL, "decode_tool")
    return tool


def decode_result(
    item: Any, dialect: Union[str, Dialect, None] = None, *, registry: Optional[Registry] = None
) -> ToolResult:
    """Decode a tool result of any dialect into a ``ToolResult``."""
    if registry is not None:
        registry_of(registry)
    if issubclass(type(item), ToolResult):
        return cast(ToolResult, item)
    result: ToolResult = _decode_kind(item, dialect, registry, RESULT, "decode_result")
    return result


def _decode_kind(item: Any, dialect: Any, registry: Optional[Registry], want: str, method: str) -> Any:
    try:
        data = _wire_form(item, dialect, registry)
        d, kind = _sniff(data, _dialect(dialect, registry), registry, "$")
        if kind != want:
            if kind == RESULT and want == TOOL:  # a payload shaped as a result that is none: what it is
                try:
                    _guard(d, d.decode_result, data)
                except DecodeError as exc:  # (a tools/list response: "it is a tools/list result...")
                    raise DecodeError(f"Input at $ is no tool definition: {exc}", dialect=d.name,
                                      loc=exc.loc) from None
            raise DecodeError(
                f"Input at $ is {an(d.name)} {_KIND_WORDS.get(kind, kind)}, not {an(_KIND_WORDS[want])}",
                dialect=d.name,
            )
        if want == TOOL and dialect is None:  # a call's arguments as parameters: a call too
            return read_definition(data, d, "$", lambda: _guard(d, d.decode_tool, data))
        return _guard(d, getattr(d, method), data)
    except (ToolwireError, MemoryError):
        raise
    except Exception as exc:  # the caller's own objects raised while read (an odd mapping...)
        raise foreign(exc) from None


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
