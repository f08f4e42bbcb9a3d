"""The errors of a value's public constructor said at the payload's place.

A dialect's reader builds a ``Tool`` or a ``ToolResult`` through its public
constructor, whose checks (a schema's JSON values, a description's or a result's text,
result parts) speak of the value's own fields (``$.parameters.properties.a``,
``$.content[0].json``) and of no dialect. The reader knows where each field came from:
``built`` raises such an error again at that place (``$.function.parameters...``,
``$.tools[3].input_schema...``) with the reader's dialect, as the reader's own checks do.
"""

from __future__ import annotations

from os.path import commonprefix
from typing import Any, Callable, Mapping, Optional, TypeVar

from ._errors import DecodeError, ToolwireError
from ._types import Tool, ToolResult

__all__ = ["built", "moved", "rerooted_text", "result_at", "tool_at"]

T = TypeVar("T")
E = TypeVar("E", bound=ToolwireError)


def built(make: Callable[[], T], dialect: str, places: Mapping[str, str]) -> T:
    """``make()``; a ``DecodeError`` of no dialect it raises at a field's ``$.path`` is
    raised at the payload's place instead (``moved``)."""
    try:
        return make()
    except DecodeError as exc:
        if exc.dialect is not None:
            raise
        raise moved(exc, dialect, places) from None


def tool_at(dialect: str, places: Mapping[str, str], **fields: Any) -> Tool:
    """``Tool(**fields)``, its errors said at *places* (field path -> payload path)."""
    return built(lambda: Tool(**fields), dialect, places)


def result_at(dialect: str, places: Mapping[str, str], **fields: Any) -> ToolResult:
    """``ToolResult(**fields)``, its errors said at *places* (field path -> payload path)."""
    return built(lambda: ToolResult(**fields), dialect, places)


def moved(exc: E, dialect: Optional[str], places: Mapping[str, str]) -> E:
    """*exc* (of the same class, with what it holds) at the payload's place of its ``loc``: the longest
    field path of *places* that is ``loc`` or one of its ancestors (``$.content`` of
    ``$.content[0].json``) gives the prefix; the message names that place too (its path
    rewritten in the message as written, then shortened anew). An error at no field of
    *places* keeps its path, with *dialect*."""
    loc = exc.loc
    best = ""
    for field in places:
        if len(field) > len(best) and (loc == field or (loc.startswith(field) and loc[len(field)] in ".[")):
            best = field
    new = places[best] + loc[len(best):] if best else loc
    message = getattr(exc, "_written", exc.message)
    if best:
        message = rerooted_text(message, best, places[best], loc)
    out = type(exc)(message, dialect=dialect, loc=new)
    for k, v in vars(exc).items():  # what a subclass adds (``NotSchemaError.why``...), as it was
        if k not in ("message", "dialect", "loc", "_written"):
            setattr(out, k, v)
    return out


def rerooted_text(message: str, old: str, new: str, loc: Optional[str] = None) -> str:
    """*message* with its first path ``at {old}...`` said at *new* instead: *old* is a
    prefix of the error's *loc* (``None``: *old*), and the path said is *loc* or one of its
    ancestors (a path quoted in the message, another payload's, is left); unchanged when
    it says none."""
    loc = old if loc is None else loc
    needle = f" at {old}"
    start = 0
    while True:
        i = message.find(needle, start)
        if i < 0:
            return message
        k = len(commonprefix((message[i + 4: i + 4 + len(loc) + 1], loc)))
        end = i + 4 + k
        if (k == len(loc) or loc[k] in ".[") and (end == len(message) or message[end] in " ,;:)"):
            return message[:i] + f" at {new}" + message[i + 4 + len(old):]
        start = i + len(needle)
