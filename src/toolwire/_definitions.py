"""Tool definitions met where calls may stand (``decode_all``'s items): passed over in
a list of real definitions, else each a call item it cannot read, raised at its path
or kept as an ``InvalidToolCall`` (never dropped in silence: DESIGN invariant 7)."""

from __future__ import annotations

from typing import Any, Callable, List, Optional, Tuple

from ._args import Policy
from ._dialect import Dialect
from ._errors import DecodeError, an, excerpt
from ._registry import decode_one
from ._schema_like import NotSchemaError, not_schema
from ._types import InvalidToolCall, Tool, new_invalid

__all__ = ["call_reading", "definition", "definitions", "holds_arguments", "read_definition"]


def definitions(defs: List[Tuple[int, Any, Dialect, str]], out: List[Any], calls: bool, keep: bool) -> None:
    """The tool definitions *defs* met among the items of a list (each with its place in
    *out*): passed over when the list holds no call (*calls*) and they read as real
    definitions (a request's ``tools``, a Gemini ``functionDeclarations`` list); else
    each is a call item read as a definition, never dropped in silence: it raises at
    its path (an ``InvalidToolCall`` in its place when *keep*). A list of definitions
    may be calls when all of them are a bare name (``{"name": "get_time"}`` is a tool
    without arguments called, or declared), or when one's parameters are no JSON
    Schema but argument values (``{"name": "f", "parameters": {"city": "Paris"}}``, a
    Llama 3.x JSON call: ``_schema_like``)."""
    found = [definition(item, dd, iloc, keep) for _, item, dd, iloc in defs] if calls else None
    if found is None:
        bare = True
        for _, item, dd, iloc in defs:
            if not _bare(item, dd, iloc):
                bare = False
                break
        if not bare and all(_not_schema(item, dd, iloc) is None for _, item, dd, iloc in defs):
            return
        found = [definition(item, dd, iloc, keep) for _, item, dd, iloc in defs]
    for (at, _, _, _), bad in reversed(list(zip(defs, found))):
        out.insert(at, bad)


def definition(item: Any, d: Dialect, loc: str, keep: bool) -> InvalidToolCall:
    """The ``InvalidToolCall`` in place of *item*, which *d* claims as a tool definition
    where a call stands, named as the definition reads, and saying so when its
    parameters read as a call's arguments; raised as a ``DecodeError`` unless *keep*."""
    error = f"Input at {loc} is {an(d.name)} tool definition, not a tool call: {excerpt(item)}"
    error += call_reading(item, d, loc)
    if not keep:
        raise DecodeError(error, dialect=d.name, loc=loc)
    try:
        name: Optional[str] = d.decode_tool(item, loc).name
    except NotSchemaError as exc:  # parameters of no schema keyword: its name all the same
        name = exc.name
    except Exception:  # not a readable definition either: no name
        name = None
    return new_invalid(name=name, error=error, loc=loc)


def _not_schema(item: Any, d: Dialect, loc: str) -> Optional[str]:
    """Why the tool definition *item* of *d* may be a call: its parameters are no JSON
    Schema but argument values (``_schema_like.not_schema``), or it reads as no
    definition at all (parameters given as text, say) and is no entry of the
    provider's ``tools`` that holds several or none (``Dialect.tool_entry``: a Gemini
    ``functionDeclarations`` entry, a hosted tool); ``None`` otherwise."""
    try:
        params = d.decode_tool(item, loc).parameters
    except NotSchemaError as exc:  # no schema keyword at all (the ``Tool`` check)
        return exc.why
    except Exception as exc:
        if not isinstance(exc, DecodeError):  # a third party's reader failing says nothing of the item
            return None
        try:
            entry = None if d.tool_entry is None else d.tool_entry(item)
        except Exception:  # a third party's reader: not an entry it knows
            entry = None
        if entry is not None:
            return None
        return f"nor does it read as one: {exc.message}"
    return not_schema(params)


def call_reading(item: Any, d: Dialect, loc: str) -> str:
    """What an error on the tool definition *item* of *d*, met where a call stands, adds
    when it may be a call (the other reading, named); ``""`` otherwise."""
    why = _not_schema(item, d, loc)
    if why is None:
        return ""
    if why.startswith("nor does it"):
        return f"; {why}"
    return f"; {_as_arguments(why)}"


def _as_arguments(why: str) -> str:
    """The call's reading of parameters that are no JSON Schema (*why*: ``not_schema``'s)."""
    return (f"its parameters are no JSON Schema ({why}): they read as the arguments of a Llama 3.x JSON call "
            '{"name", "parameters"}, a form no dialect reads as a call (give them as \'args\')')


def read_definition(item: Any, d: Dialect, loc: str, read: Callable[[], Tool]) -> Tool:
    """The tool definition *item* of *d* (*read* reads it), where the caller did not say
    it is one (``decode_tool`` without a dialect, ``convert``, ``validate_call``'s
    tools): in the form of a Llama 3.x JSON call (``name`` and ``parameters`` at its
    top), parameters that are no JSON Schema (``not_schema``, the rule ``decode_all``
    applies) make it a call as well: a ``DecodeError`` naming both readings, never a
    definition made of a call's arguments. Other forms: what *read* gives or raises."""
    try:
        tool = read()
    except NotSchemaError as exc:
        if not _llama_form(item):
            raise
        raise _both(item, d, loc, exc.why, "") from None
    if _llama_form(item) and tool.parameters:
        why = not_schema(tool.parameters)
        if why is not None:
            raise _both(item, d, loc, why, f"; decode_tool(x, {d.name!r}) reads a definition")
    return tool


def _llama_form(item: Any) -> bool:
    return type(item) is dict and "parameters" in item and "name" in item


def _both(item: Any, d: Dialect, loc: str, why: str, hint: str) -> DecodeError:
    return DecodeError(f"Input at {loc} is {an(d.name)} tool definition or a tool call: {excerpt(item)}; "
                       f"{_as_arguments(why)}{hint}", dialect=d.name, loc=loc)


def holds_arguments(item: Any, d: Dialect, pol: Policy, loc: str) -> bool:
    """Whether *item*, which *d* claims as a tool definition among a container's calls,
    reads as *d*'s call with its arguments found: a call; one whose arguments are missing
    is a bare name, or holds them where no call does (Llama's ``parameters``), and a call
    read from it would drop them."""
    try:
        call = decode_one(d, item, pol, loc, False)
    except Exception:  # no call of *d*: reported as the definition it is
        return False
    return "empty-arguments" not in call.repairs


def _bare(item: Any, d: Dialect, loc: str) -> bool:
    """Whether the tool definition *item* of *d* says nothing but a name (no
    description, parameters or strict flag): a call reads the same. One that does not
    read as one definition (a Gemini tool entry of several declarations) is no call."""
    try:
        tool = d.decode_tool(item, loc)
    except Exception:
        return False
    return tool.description is None and tool.parameters is None and tool.strict is None
