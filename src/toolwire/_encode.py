"""Front doors of the writing side: ``encode``, ``encode_tool``, ``encode_result``.

They take canonical values (or anything the decoding front doors in ``_codec`` read),
check what the target dialect cannot carry (tool names, non-JSON arguments, an
invalid call's text) and hand the value to the dialect's encoder; what an encoder
raises beyond toolwire's errors is an ``EncodeError``."""

from __future__ import annotations

from collections import Counter
from typing import Any, Dict, List, Optional, Pattern, Tuple, Union, cast

from ._args import Verbatim
from ._builtin import default_registry
from ._codec import decode, decode_result, decode_tool
from ._dialect import Dialect, EncodeContext
from ._errors import EncodeError, ToolwireError, an, excerpt
from ._ids import IdMap
from ._json_values import check_args_to_write
from ._names import NameMap
from ._registry import Registry
from ._scope import check_scope
from ._types import InvalidToolCall, Tool, ToolCall, ToolResult, new_call
from ._value_checks import utf8_problem

__all__ = [
    "check_arguments", "encode", "encode_result", "encode_tool", "invalid_as_call", "made_id_data",
    "result_notes", "written",
]


# ``issubclass(type(x), C)`` rather than ``isinstance``: on pydantic < 2.11 a model
# class's isinstance check reads an attribute of *x*, which a foreign object may raise on
def check_arguments(
    ids: Any, names: Any, registry: Any, report: Any = None, dialect: Optional[str] = None
) -> None:
    """``EncodeError`` naming the keyword argument of the wrong type: *ids* not an
    ``IdMap``, *names* not a ``NameMap``, *registry* not a ``Registry``, *report* not a
    list (each may be ``None``). The caller's mistake, never the input's: found before
    the input is read, it is not reported as an unreadable payload."""
    for arg, value, cls, what in (
        ("ids", ids, IdMap, "an IdMap"),
        ("names", names, NameMap, "a NameMap"),
        ("registry", registry, Registry, "a Registry"),
        ("report", report, list, "a list"),
    ):
        if value is not None and not isinstance(value, cls):
            raise EncodeError(f"{arg}= must be {what} or None, got {an(type(value).__name__)} {excerpt(value)}",
                              dialect=dialect)


def _target(dialect: Any, registry: Optional[Registry]) -> Dialect:
    """The dialect to encode to (``UnknownDialectError`` for anything else, ``None`` too)."""
    if isinstance(dialect, Dialect):
        return dialect
    return (default_registry() if registry is None else registry).get(dialect)


def _as_call(call: Any, registry: Optional[Registry]) -> ToolCall:
    if issubclass(type(call), ToolCall):
        return cast(ToolCall, call)
    return decode(call, registry=registry)


def invalid_as_call(call: InvalidToolCall, d: Dialect, ids: Optional[IdMap] = None) -> ToolCall:
    """The stand-in that writes an invalid call back: its name, id and raw argument
    text and its provider data (Gemini's signature on a Chat call, written back as a
    valid call's), written verbatim by dialects that carry argument text (``written`` checks);
    text no UTF-8 can carry (a lone surrogate, held as received) is an ``EncodeError``.
    An id-less one takes its id from *ids* for the invalid call itself (the stand-in is
    new each time), so it keeps that id when the history is written again."""
    if not call.name:
        raise EncodeError(f"An invalid call without a name cannot be written as {d.name} ({call.error})",
                          dialect=d.name)
    if call.raw is None:
        raise EncodeError(
            f"The invalid call {call.name!r} has no argument text to write back as {d.name} ({call.error})",
            dialect=d.name,
        )
    problem = utf8_problem(call.raw, "$.raw", f"The invalid call {call.name!r}")
    if problem is not None:  # held as received; escaped, it would no longer be the text the model sent
        raise EncodeError(
            f"{problem}; it cannot be written back as {d.name}: leave it out of the history, or give it text "
            "UTF-8 can carry (replace(raw=...))",
            dialect=d.name,
            loc="$.raw",
        )
    args = {} if call.parsed is None else call.parsed  # what the model sent, where known (``written``)
    if call.id is None and ids is not None and d.ids.required:
        return new_call(call.name, args, ids.id_of(call), Verbatim(call.raw), made_id_data(call, d),
                        ("invalid-call",))
    return new_call(call.name, args, call.id, Verbatim(call.raw), call.provider_data or None, ("invalid-call",))


def made_id_data(call: Any, d: Dialect) -> Any:
    """The provider data of *call* written to *d* with an id made for it: *d*'s own id
    placeholders (``Dialect.id_placeholders``: no id, an empty id) no longer apply (as for
    a valid call); the rest of its data (Gemini's signature in a Chat call's
    ``extra_content``, a Responses item's ``id`` and ``status``) goes on."""
    pd = call.provider_data
    own = pd.get(d.name)
    if type(own) is not dict:
        return pd
    drop = d.id_placeholders
    if drop is not None and drop.isdisjoint(own):
        return pd
    kept = {k: v for k, v in own.items() if k not in drop} if drop is not None else {}
    out = {k: v for k, v in pd.items() if k != d.name}
    if kept:
        out[d.name] = kept
    return out


def written(out: Any, call: InvalidToolCall, d: Dialect) -> None:
    """*out*, the wire item of the invalid *call*, must carry its raw argument text:
    a dialect whose arguments are an object cannot (``{}`` would be a call the model
    never made), unless the call records the object its argument text was read as
    (``InvalidToolCall.parsed``: ``validate_call``'s) and *d* writes histories (a
    provider's message, which runs nothing: not an MCP request, nor a canonical call).
    The text is found where the dialect wrote it as argument text (the ``Verbatim``
    that ``encode_arguments`` hands back), never by an equal string elsewhere (the id,
    the name), and is made a plain ``str`` there."""
    stack = [out]
    while stack:
        v = stack.pop()
        if type(v) is dict:
            items: Any = v.items()
        elif type(v) is list:
            items = enumerate(v)
        else:
            continue
        for k, x in items:
            if x.__class__ is Verbatim:
                v[k] = str(x)
                return
            stack.append(x)
    if call.parsed is not None and d.history is not None:  # written with the object the model sent
        return
    raise EncodeError(
        f"{d.name} carries arguments as an object: the invalid call {call.name!r} cannot be written with "
        f"its argument text {excerpt(call.raw, 60)}; answer it in a dialect that carries argument text, "
        "or leave it out of the history",
        dialect=d.name,
    )


def encode(
    call: Any,
    dialect: Union[str, Dialect],
    *,
    ids: Optional[IdMap] = None,
    position: int = 0,
    registry: Optional[Registry] = None,
    report: Optional[List[Any]] = None,
) -> Dict[str, Any]:
    """The *dialect* wire item for *call* (a ``ToolCall`` or anything ``decode`` takes).

    Ids the target rejects are mapped (see ``IdMap``); pass one ``ids`` map per
    conversation to keep calls and results paired and collisions detected. *position*
    (an int of 0 or more) is the call's index among its siblings. What the target
    writes otherwise than the call came (a Chat call's ``type`` OpenAI refuses, written
    ``"function"``) is noted in *report* (a list you pass, receiving ``Problem`` values
    at index *position*), as ``convert`` notes it.
    """
    if ids is not None or registry is not None or report is not None:
        check_arguments(ids, None, registry, report)
    d = _target(dialect, registry)
    if ids is not None:
        ids.check_rule(d.ids, d.name)
    bad = call if type(call) is not ToolCall and issubclass(type(call), InvalidToolCall) else None
    if bad is not None:
        c = invalid_as_call(bad, d, ids)
    else:
        c = call if type(call) is ToolCall else _as_call(call, registry)
    _check_name(d, c.name)
    check_args_to_write(c, d.name)  # dialects that carry args as data would pass them on as they are
    pd = c.provider_data
    if pd and (len(pd) > 1 or d.name not in pd):  # another dialect's data: its namespace, if any
        check_scope("call", c.name, pd, d, registry)
    if ids is None and position == 0 and type(position) is int and report is None:
        ctx = _NO_CONTEXT
    else:
        if type(position) is not int or position < 0:  # written as Ollama's index, and a made id's seed
            raise EncodeError(f"position= must be an int of 0 or more, got {an(type(position).__name__)} "
                              f"{excerpt(position)}")
        ctx = EncodeContext(ids, position) if report is None else EncodeContext(ids, position, [], d.name)
    try:
        out: Dict[str, Any] = d.encode_call(c, ctx)
    except (ToolwireError, MemoryError):
        raise
    except Exception as exc:
        raise _encode_error(d, c, exc) from None
    if bad is not None:
        written(out, bad, d)
    if report is not None and ctx.notes:
        _report_call(report, c, position, ctx.notes)
    return out


def _report_call(report: List[Any], c: ToolCall, position: int, notes: List[Tuple[str, str, str]]) -> None:
    """*notes* of the call *c* (item *position*) as ``Problem`` values in *report*; apart
    from ``encode``, whose locals a generator here would make cells on every call."""
    from .conversation._problems import Problem  # (the conversation package imports this module)

    who = f"{c.id} ({c.name!r})" if c.id else repr(c.name)
    report.extend(Problem(kind, position, c.id, f"The call {who} came with {before} and is written {after}")
                  for kind, before, after in notes)


def encode_tool(
    tool: Any, dialect: Union[str, Dialect], *, registry: Optional[Registry] = None
) -> Dict[str, Any]:
    """The *dialect* tool definition for *tool* (a ``Tool`` or any decodable definition)."""
    if registry is not None:
        check_arguments(None, None, registry)
    d = _target(dialect, registry)
    t = tool if issubclass(type(tool), Tool) else decode_tool(tool, registry=registry)
    _check_name(d, t.name)
    if t.provider_data:
        _refuse_builtin(t, d, default_registry() if registry is None else registry)
        check_scope("tool", t.name, t.provider_data, d, registry)
    return _encoded(d, d.encode_tool, t)


def _refuse_builtin(tool: Tool, d: Dialect, registry: Registry) -> None:
    """``EncodeError`` when *tool* is a tool another provider defines itself (its
    dialect's ``builtin_tool`` names it): *d* has no such tool and cannot take it as a
    function tool. Dialects that share one ``builtin_tool`` function (``openai.chat``
    and ``openai.responses``) write each other's such tools."""
    for name, pd in tool.provider_data.items():
        source = registry.get(name) if name != d.name and name in registry else None
        if source is None or source.builtin_tool is None or source.builtin_tool is d.builtin_tool:
            continue
        try:
            kind = source.builtin_tool(pd)
        except MemoryError:
            raise
        except Exception as exc:  # a third-party dialect's own failure
            raise EncodeError(
                f"Cannot encode tool {tool.name!r} as {d.name}: the builtin_tool of {name} raised "
                f"{type(exc).__name__}: {exc}",
                dialect=d.name,
            ) from None
        if kind is not None:
            raise EncodeError(
                f"Tool {tool.name!r} is {an(kind)} tool of {name}; {d.name} has no such tool "
                "and cannot take it as a function tool",
                dialect=d.name,
            )


def encode_result(
    result: Any,
    dialect: Union[str, Dialect],
    *,
    ids: Optional[IdMap] = None,
    registry: Optional[Registry] = None,
    report: Optional[List[Any]] = None,
) -> Dict[str, Any]:
    """The *dialect* tool result for *result*; its id maps exactly as its call's did.

    What the target cannot hold as given (a JSON value Bedrock takes as text only, an
    error flag it has no field for, an image ``detail``...) is written as the docs say
    and noted in *report* (a list you pass, receiving ``Problem`` values, ``index`` 0),
    as ``encode_conversation`` notes it."""
    if ids is not None or registry is not None or report is not None:
        check_arguments(ids, None, registry, report)
    d = _target(dialect, registry)
    r = result if issubclass(type(result), ToolResult) else decode_result(result, registry=registry)
    if ids is not None:
        ids.check_rule(d.ids, d.name)
    if report is None:
        return _encoded(d, d.encode_result, r, _NO_CONTEXT if ids is None else EncodeContext(ids=ids))
    notes: List[Tuple[str, str, str]] = []
    out = _encoded(d, d.encode_result, r, EncodeContext(ids=ids, notes=notes, target=d.name))
    result_notes(d, r, out, notes, data=True)
    if notes:
        from .conversation._problems import Problem  # (the conversation package imports this module)

        who = f"{r.id} ({r.name!r})" if r.id and r.name else r.id or repr(r.name)
        report.extend(Problem(kind, 0, r.id, f"{before} the result for {who} {after}") for kind, before, after in notes)
    return out


def result_notes(d: Dialect, r: ToolResult, wire: Dict[str, Any], notes: List[Tuple[str, str, str]],
                 data: bool = False) -> None:
    """Adds to *notes* what the result *r* said that its written form *wire*, read back
    by the target, no longer says: an image ``detail`` (Anthropic, Gemini, Bedrock: no
    such field; Mistral: no ``"original"``), what its content blocks held beside their
    parts (``hints``: an Anthropic text block's ``cache_control`` and ``citations``),
    its error flag (where the target's results have none); with *data*, what its
    provider data of another dialect held beside them (``data_hints``: a history notes
    that at its message). Read back only when *r* holds one of them; a wire the
    target's own reader refuses makes no claim."""
    from .dialects._history_read import data_hints, hints  # (the dialects load on first use)
    from .dialects._result_media import details

    sent = details(r.content)
    said = hints(r.content)
    if data and r.provider_data:
        said += data_hints(r.provider_data, d.name)
    if not (sent or said or r.is_error):
        return
    try:
        back = d.decode_result(wire, "$")
    except Exception:  # unreadable by its own reader: no claim that anything was dropped
        return
    if sent:
        left = Counter(details(back.content))
        for detail in sent:
            if left[detail]:
                left[detail] -= 1
            else:
                notes.append(("dropped", f"The image detail {detail!r} in", f"is not sent to {d.name}"))
    if said:  # (what the target wrote back, under any name: a dialect derived from the source's keeps them)
        kept = set(hints(back.content)) | set(data_hints(back.provider_data, None) if data else ())
        notes.extend(("dropped", f"{what} in", f"is not sent to {d.name}") for what in said if what not in kept)
    if r.is_error and not back.is_error:
        notes.append(("dropped", "The error flag of",
                      f"is not sent to {d.name}: its tool results have none (the content goes as it is)"))


# dialect encoders only read the context: one shared instance for the common case
_NO_CONTEXT = EncodeContext()
# (dialect name, tool name) -> the name pattern that allowed it; bounded. The pattern
# is checked too: two dialects of one name (a private variant, another registry's)
# may allow different names; it is held here, so its identity is never reused.
_GOOD_NAMES: Dict[Tuple[str, str], Pattern[str]] = {}


def _check_name(d: Dialect, name: str) -> None:
    names = d.names
    if names is None:
        return
    key = (d.name, name)
    try:
        if _GOOD_NAMES[key] is names:
            return
    except KeyError:
        pass
    if names.fullmatch(name):
        if len(name) > 256:  # a long name is checked each time: 4096 of them would hold megabytes
            return
        if len(_GOOD_NAMES) > 4096:
            _GOOD_NAMES.clear()
        _GOOD_NAMES[key] = names
        return
    raise EncodeError(
        f"Tool name {name!r} is not allowed in {d.name} (must match {names.pattern})",
        dialect=d.name,
    )


def _encoded(d: Dialect, fn: Any, *args: Any) -> Dict[str, Any]:
    """A dialect encoder's output; what it raises is an ``EncodeError`` (a value that
    is not JSON: a cycle, a set, an int too long to print...)."""
    try:
        out: Dict[str, Any] = fn(*args)
    except (ToolwireError, MemoryError):
        raise
    except Exception as exc:
        raise _encode_error(d, args[0], exc) from None
    return out


# what ``encode_arguments`` may raise on a value that is not JSON (a cycle, a set, an
# int too long to print, nesting past the writer); a dialect's encoder is wrapped whole
_ENCODE_ERRORS = (ValueError, TypeError, RecursionError, AttributeError, KeyError)


def _encode_error(d: Dialect, value: Any, exc: Exception) -> EncodeError:
    return EncodeError(f"Cannot encode {excerpt(value)} as {d.name} ({type(exc).__name__}: {exc})", dialect=d.name)
