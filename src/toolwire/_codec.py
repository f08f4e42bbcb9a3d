"""Front doors of the reading side: ``decode``, ``decode_all``, ``decode_tool``,
``decode_result`` (those two come from ``_decode_tools``, ``detect``/``explain`` from
``_walk``), and the ``ToolCalls`` field type. They speak canonical types only; every provider field name lives in
``dialects/``. The writing side is ``_encode``."""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Literal, Optional, Tuple, Union, cast, overload

from . import _builtin
from ._args import make_policy
from ._builtin import default_registry, registry_of
from ._collect import chosen, claimed_calls, collect, keyword_claims, one_step_calls, other_dialect
from ._decode_tools import _PLAIN_INPUT, _read_object, decode_result, decode_tool
from ._definitions import call_reading
from ._dialect import CALL, CALLS, OTHER, SERVER, TOOL, Dialect
from ._errors import DecodeError, ToolwireError, an, excerpt
from ._finish import barred_keyword, keyword_call, own_finish
from ._foreign import foreign
from ._list_calls import list_calls
from ._policy import check_flag
from ._registry import Registry, decode_one
from ._types import InvalidToolCall, ToolCall
from ._walk import (
    _KIND_WORDS,
    Detection,
    _dialect,
    _load,
    _registry,
    _sniff,
    detect,
    explain,
    no_content,
    no_dialect,
    walk,
)

__all__ = [
    "Detection",
    "decode",
    "decode_all",
    "decode_result",
    "decode_tool",
    "detect",
    "explain",
    "ToolCalls",
    "walk",
]

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
    exactly one call the client runs is accepted too (the provider's own calls in it are
    not counted; one holding only those raises), and a ``ToolCall`` is returned as it is.
    """
    reg = _builtin._default or default_registry() if registry is None else registry_of(registry)
    if policy:
        pol = own_finish(make_policy(policy), dialect, registry)
        barred = None if pol.finish_reason is None else barred_keyword(pol, dialect, registry)
        if barred is not None:  # the caller says the reply failed or was stopped: read, and refused
            one = decode(item, dialect, registry=registry, **dict(policy, finish_reason=None))
            if one.server:  # the provider's own call: as in a reply, not the client's to run
                return one
            raise DecodeError(keyword_call(barred[0], "$", barred[1]), loc="$")
    else:
        pol = _DEFAULT
    try:
        if dialect is None and type(item) is dict:  # the plan: the dialect that claims it, then its decoder
            out = reg.decode(item, pol)
            if type(out) is ToolCall:
                return out
            return _not_one_call(item, out, registry, policy)
        d = None if dialect is None else dialect if isinstance(dialect, Dialect) else reg.get(dialect)
        if type(item) is dict:
            data: Any = item
        else:
            if type(item) not in _PLAIN_INPUT:  # an SDK tool-call object its dialect reads by attribute
                read, _, fast, _ = reg.object_plan(type(item))
                if fast is not None and pol is _DEFAULT and (d is None or read is not None and d is read[0]):
                    try:
                        call = fast(item)
                    except Exception:  # the general path decides
                        call = None
                    if call is not None:
                        return cast(ToolCall, call)
                plain = _read_object(read, item)
                if plain is not None and read is not None:
                    if d is None or d is read[0]:
                        out = reg.decode_as(read[0], plain, pol) if type(plain) is dict else None
                        if type(out) is ToolCall:
                            return out
                        if out is not None:  # an SDK object of another kind (a google-genai FunctionResponse)
                            return _named(read[0], plain, cast(Tuple[Dialect, str], out)[1:], registry, policy)
                        return decode_one(read[0], plain, pol, "$", False)
                    item = plain  # another dialect's SDK object: the error below names that dialect
            if isinstance(item, ToolCall):  # toolwire's own call: as it is (as decode_tool takes a Tool)
                return item
            if isinstance(item, InvalidToolCall):
                raise DecodeError(f"Input at $ is an invalid tool call: {item.error}", loc="$")
            data = _load(item, "$", d)
            if type(data) is not dict:  # a list or text a dialect may claim: what it claims it as
                d, kind = _sniff(data, d, registry, "$")
                if kind in (CALL, SERVER):
                    return decode_one(d, data, pol, "$", kind == SERVER)
                return _named(d, data, (kind,), registry, policy) if dialect is not None else _not_one_call(
                    data, (d, kind), registry, policy)
        if d is None:  # the plan: the dialect that claims it, then its decoder
            out = reg.decode(data, pol)
            if type(out) is ToolCall:
                return out
            return _not_one_call(data, out, registry, policy)
        out = reg.decode_as(d, data, pol)
        if type(out) is ToolCall:
            return out
        return _named(d, data, None if out is None else cast(Tuple[Dialect, str], out)[1:], registry, policy)
    except (ToolwireError, MemoryError):
        raise
    except Exception as exc:  # the caller's own objects raised while read (an odd mapping...)
        raise foreign(exc) from None


def _named(d: Dialect, data: Any, hit: Any, registry: Optional[Registry], policy: Dict[str, Any]) -> ToolCall:
    """*data*, which *d* (named by the caller) does not claim as a call (*hit*: what
    it claims it as, or ``None``): one call of a container, else an error."""
    if hit is None:
        hit = _sniff(data, d, registry, "$")[1:]  # raises, naming the dialect it looks like
    if hit[0] == OTHER:  # the item of another dialect that holds calls is named as such
        other_dialect(data, d, _registry(registry), "$")
    return _not_one_call(data, (d, hit[0]), registry, policy)


def _not_one_call(data: Any, found: Any, registry: Optional[Registry], policy: Dict[str, Any]) -> ToolCall:
    """The one call of a container *data* that *found* (its dialect and kind, or
    ``None``: no dialect claims it) names; else the error saying what it is."""
    if found is None:
        raise DecodeError(f"Input at $ {no_dialect(data, registry)}: {excerpt(data)}", loc="$")
    d, kind = found
    if kind == CALLS:  # its calls the client runs, as ``decode_all`` gives them; the provider's only named
        calls = decode_all(data, d, include_server=True, registry=registry, **policy)
        client: List[ToolCall] = [c for c in calls if not c.server]
        if len(client) == 1:
            return client[0]
        if not client and calls:
            raise DecodeError(
                f"Input at $ holds no tool call the client runs ({len(calls)} the provider ran); "
                "use decode_all(include_server=True) for the provider's",
                dialect=d.name,
            )
        raise DecodeError(
            f"Input at $ holds {len(client)} tool calls, not one; use decode_all",
            dialect=d.name,
        )
    also = call_reading(data, d, "$") if kind == TOOL else ""
    raise DecodeError(
        f"Input at $ is {an(d.name)} {_KIND_WORDS.get(kind, kind)}, not a tool call: {excerpt(data)}{also}",
        dialect=d.name,
    )


_DEFAULT = make_policy({})


@overload
def decode_all(
    x: Any,
    dialect: Union[str, Dialect, None] = ...,
    *,
    invalid: Literal["raise"] = ...,
    include_server: bool = ...,
    choice: int = ...,
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
    choice: int = ...,
    registry: Optional[Registry] = ...,
    **policy: Any,
) -> List[Union[ToolCall, InvalidToolCall]]: ...


def decode_all(
    x: Any,
    dialect: Union[str, Dialect, None] = None,
    *,
    invalid: str = "raise",
    include_server: bool = False,
    choice: int = 0,
    registry: Optional[Registry] = None,
    **policy: Any,
) -> List[Any]:
    """Every tool call the client must execute in *x*, in order.

    *x* is a list of call items, an assistant message, a whole response, a
    conversation, ``{"tool_calls": [...]}``, a canonical ``{"name", "args", "id"}``
    dict, JSON text of any of these, an SDK object, or an empty-equivalent
    (``None``, ``""``, ``"null"``, ``{}``, ``[]``), which gives ``[]``. A ``ToolCall``
    or ``InvalidToolCall``, by itself or where a call item may stand, is taken as it
    is (an ``InvalidToolCall`` raises unless ``invalid="keep"``).
    ``invalid="keep"`` returns an ``InvalidToolCall`` in place of a call item it
    cannot read (arguments that are not a JSON object, no name, an id of the wrong
    type: any ``DecodeError`` of that item, with its message and ``$.path``), and in
    place of an item of a container that no dialect recognises (``5`` among the
    calls); its siblings are kept. A container that cannot be read, and an item of
    another dialect than the one named, raise either way. A list of tool definitions
    holds no call; a definition among calls, or in a list of definitions that are all
    a bare name (``[{"name": "get_time"}]`` may be a call) or of which one has
    parameters that are no JSON Schema (``{"name": "f", "parameters": {"city":
    "Paris"}}``: Llama 3.x JSON's call), is a call item it cannot read.
    A ``finish_reason`` keyword is read as the reply's own finish: one that says the
    reply failed or was stopped makes each call invalid, one that says the model
    called a tool (or failed) with no call raises.
    ``include_server=True`` adds the calls the provider executes itself.
    A reply whose finish reason says the model called a tool (one its dialect's
    ``finish_reasons`` normalises to ``tool_calls``) and that holds no call raises
    (with ``invalid="keep"``: one nameless ``InvalidToolCall`` saying so).
    A response holding several alternative replies (Chat ``n`` > 1, Gemini
    ``candidateCount`` > 1) gives the calls of one: the first, or the *choice*-th
    (never a mix of them).
    """
    reg = _builtin._default or default_registry() if registry is None else registry_of(registry)
    if invalid not in ("raise", "keep"):
        raise ValueError("invalid must be 'raise' or 'keep'")
    if include_server is not False and include_server is not True:  # inline: ~5% of a small decode_all
        check_flag("include_server", include_server)
    if type(choice) is not int:
        raise TypeError(f"choice must be an int, got {excerpt(choice)}")
    if x is None or (type(x) is str and x.strip() in _VAGUE_STR):
        if not policy:
            return []
        asked = make_policy(policy)
        return keyword_claims(own_finish(asked, dialect, registry), dialect, registry, [], invalid == "keep",
                              asked.finish_reason)
    asked = make_policy(policy) if policy else _DEFAULT
    pol = own_finish(asked, dialect, registry) if policy else _DEFAULT
    try:
        data = None
        if type(x) not in _PLAIN_INPUT:  # an SDK response: read only what calls depend on
            call_reader, reader, _, one_step = reg.object_plan(type(x))
            if one_step is not None and dialect is None and pol is _DEFAULT and not choice:  # speed only
                found_calls = reg.response_calls(one_step, x)
                if found_calls is not None:
                    return found_calls
            try:  # a response, or one call object (a google-genai ``FunctionCall`` is no part by itself)
                data = reader(x) if reader is not None else call_reader[1](x) if call_reader is not None else None
            except Exception:  # an odd instance (built without validation): the generic walk
                data = None
        if data is None:
            data = x if type(x) is dict else _load(x, "$", dialect, registry)
        if data is None or ((type(data) is dict or type(data) is list) and not data):
            return [] if pol is _DEFAULT else keyword_claims(pol, dialect, registry, [], invalid == "keep",
                                                             asked.finish_reason)
        d = None if dialect is None else _dialect(dialect, registry)
        out: List[Union[ToolCall, InvalidToolCall]] = []
        if type(data) is dict:  # one call item: the plan, as ``decode`` runs it
            try:
                one = reg.decode(data, pol) if d is None else reg.decode_as(d, data, pol)
            except ToolwireError:  # the walk reports it (or keeps it, with invalid="keep")
                one = None
            if type(one) is ToolCall:
                if not one.server and not choice and (pol is _DEFAULT or pol.finish_reason is None
                                                      or barred_keyword(pol, d, registry) is None):
                    return [one]
            elif one is not None:
                found: Tuple[Dialect, str] = one  # type: ignore[assignment]
                if found[1] == CALLS and d is None and pol is _DEFAULT and not choice:  # speed only
                    fast = reg.fast_calls(found[0], data)
                    if fast is not None:
                        return fast
                alt = chosen(data, found[0], choice, "$") if found[1] == CALLS else None
                if alt is not None:  # one reply of several: its calls only, under its own finish reason
                    container, aloc, afinish, words = alt
                    if not no_content(container):
                        collect(container, found[0], registry, pol, aloc, out, invalid == "keep", include_server,
                                False, afinish)
                    if not out:
                        claimed_calls(container, found[0], registry, pol, aloc, out, invalid == "keep", afinish or "",
                                      words)
                    return out
                calls: List[Any] = []
                if d is None and pol is _DEFAULT and found[1] == CALLS and one_step_calls(found[0], data, reg, calls):
                    return calls
        if choice:
            raise DecodeError(f"Input at $ holds no list of choices; there is no choice {choice}", loc="$")
        if type(data) is list and d is None and pol is _DEFAULT and list_calls(data, reg, out, include_server):
            return out  # speed only: the plain-list step (``_list_calls``)
        collect(data, d, registry, pol, "$", out, invalid == "keep", include_server, True)
        if not out:
            claimed_calls(data, d, registry, pol, "$", out, invalid == "keep")
            if not out and pol is not _DEFAULT:  # the caller's finish_reason: as a reply's own
                keyword_claims(pol, dialect, registry, out, invalid == "keep", asked.finish_reason)
        return out
    except (ToolwireError, MemoryError):
        raise
    except Exception as exc:  # the caller's own objects raised while read (an odd mapping...)
        raise foreign(exc) from None


class ToolCalls(List[ToolCall]):
    """A list of ``ToolCall`` usable as a pydantic field type.

    ``ToolCalls(x)`` and validation accept everything ``decode_all`` does: ``None``,
    ``{}``, ``[]``, ``""`` and ``"null"`` (empty), ``{"tool_calls": [...]}``, one
    call, a list of calls of any dialect (``ToolCall`` values among them), an
    assistant message or a whole response; anything else raises ``DecodeError``.
    One call, or an item of the list, in the ``ToolCall`` field's dict form
    (``{"name": "get_time"}``, ``as_dict()``) reads as that field reads it; a tool
    definition in the list raises. Calls the provider runs itself (``server``) are
    left out, as ``decode_all`` leaves them out.
    Serialises to a list of ``{"name", "args", "id"}`` objects; its JSON schema
    describes that form, for text-mode LLM output.
    """

    def __init__(self, calls: Any = ()) -> None:
        if type(calls) is not list and type(calls) is not tuple and isinstance(calls, Iterator):
            calls = list(calls)  # a generator of calls
        if (type(calls) is list or type(calls) is tuple or type(calls) is ToolCalls) and all(
            isinstance(c, ToolCall) for c in calls
        ):  # its own elements, already calls: as ``decode_all`` takes them (``test_tool_calls_server``)
            super().__init__(c for c in calls if not c.server)
        else:
            try:
                found = _field_calls(calls)
            except (ToolwireError, MemoryError):
                raise
            except Exception as exc:  # the caller's own objects raised while read (an odd mapping...)
                raise foreign(exc) from None
            super().__init__(c for c in found if isinstance(c, ToolCall))

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
                    "name": {"type": "string", "minLength": 1, "description": "Name of the tool to call."},
                    "args": {"type": "object", "description": "Arguments, a JSON object."},
                    "id": {"type": ["string", "null"], "minLength": 1, "description": "Optional call id."},
                },
                "required": ["name", "args"],
                "additionalProperties": False,
            },
        }


_FIELDS = frozenset(ToolCall._fields)


def _field_calls(x: Any) -> List[Any]:
    """``decode_all`` of *x*, with the call (or each item of the list) in the
    ``ToolCall`` field's dict form that no dialect reads as a call made a ``ToolCall``
    as that field makes it (``{"name": "get_time"}``, which Gemini claims as a function
    declaration); a tool definition among the items raises at its path."""
    t = type(x)
    if t is str or t is bytes or t is bytearray:
        if t is str and x.strip() in _VAGUE_STR:
            return decode_all(x)
        x = _load(x)
        t = type(x)
    if t is dict:
        item, hit = _field_form(x, "$", False)
        if hit is not None and hit[1] == CALL:
            return [decode_one(hit[0], item, _DEFAULT, "$", False)]
        return [] if hit is not None and hit[1] == SERVER else decode_all(item)
    if t is not list and t is not tuple:
        return decode_all(x)
    # the field's dict form: a dict of its keys only (detection tells whether a dialect reads it)
    items = [_field_form(el, f"$[{i}]", True)[0] if type(el) is dict and "name" in el and el.keys() <= _FIELDS
             else el for i, el in enumerate(x)]
    try:
        found = decode_all(items)
    except DecodeError:
        _no_definitions(items)  # a tool definition in the list is reported first, wherever it is
        raise
    if not found:
        _no_definitions(items)  # a list of definitions holds no call for ``decode_all``; it is no list of calls
    return found


def _no_definitions(items: List[Any]) -> None:
    """Raise at the first item of *items* that detection reads as a tool definition."""
    for i, el in enumerate(items):
        if type(el) is dict:
            _field_form(el, f"$[{i}]", True)


def _field_form(item: Dict[str, Any], loc: str, listed: bool) -> Tuple[Any, Any]:
    """*item* as ``decode_all`` reads it (a ``ToolCall`` for the field's dict form), with
    what detection claims it as (``None``: nothing, or the form made a ``ToolCall``)."""
    try:
        hit = default_registry().sniff(item)
    except Exception:  # a third-party sniffer: detection declines (``decode_all`` reports the item)
        hit = None
    if hit is not None and hit[1] in (CALL, SERVER, CALLS):
        return item, hit  # a dialect's call (the canonical ``{"name", "args"}``): its arguments policy
    if "name" in item and item.keys() <= _FIELDS:
        try:
            return ToolCall._validate(item), None
        except DecodeError as exc:  # its path inside the list
            where = loc + exc.loc[1:]
            raise DecodeError(exc.message.replace(f"at {exc.loc}", f"at {where}", 1), loc=where) from None
    if listed and hit is not None and hit[1] == TOOL:
        raise DecodeError(f"Input at {loc} is {an(hit[0].name)} tool definition, not a tool call: {excerpt(item)}"
                          f"{call_reading(item, hit[0], loc)}", dialect=hit[0].name, loc=loc)
    return item, hit


def _validate_tool_calls(value: Any) -> ToolCalls:
    if type(value) is ToolCalls and all(isinstance(c, ToolCall) and not c.server for c in value):  # (a list method
        return value  # adds anything)
    try:
        return ToolCalls(value)
    except ToolwireError as exc:  # re-raised as a pydantic ValueError with our message
        raise ValueError(str(exc)) from None


def _serialize_tool_calls(value: Any) -> List[Dict[str, Any]]:
    return [{"name": c.name, "args": c.args, "id": c.id} for c in value]
