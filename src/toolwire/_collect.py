"""Collecting the calls of a payload for ``decode_all``: the walk over its
containers (``_walk``), each call decoded by its dialect (``decode_one``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Dict, List, Optional, Tuple, Union

from ._args import DEFAULT_POLICY, Policy
from ._builtin import default_registry
from ._cut_last import HeldCall, cuts, goes_on
from ._definitions import definition, definitions, holds_arguments
from ._dialect import CALL, CALLS, OTHER, RESULT, SERVER, TOOL, Choice, Dialect
from ._errors import DecodeError, ToolwireError, an, excerpt
from ._finish import (
    barred_call,
    barred_keyword,
    barred_reason,
    called_reason,
    cut_reason,
    failed_reason,
    keyword_call,
    keyword_finish,
    stop_words,
    unknown_finish,
)
from ._kept_invalid import failed_item, kept_invalid
from ._policy import UNFINISHED, failed_no_call, no_call, not_done, unfinished_no_call, unknown_policy
from ._registry import Registry, decode_one
from ._stopped import BARRED
from ._types import InvalidToolCall, ToolCall, new_invalid
from ._walk import STRAY, VALUE, walk

__all__ = ["chosen", "collect", "elsewhere", "keyword_claims", "nested", "one_step_calls", "other_dialect"]


def chosen(data: Any, d: Dialect, choice: int, loc: str) -> Optional[Choice]:
    """The alternative *choice* of a response *d* claims as a container, when it holds
    a list of them (``Dialect.choices``: Chat ``choices``, Gemini ``candidates``);
    ``None`` when it holds no such list or one alternative and the first is asked for
    (the walk reads it as it is)."""
    if d.choices is None or type(data) is not dict:
        alts = None
    else:
        try:
            alts = d.choices(data, loc)
        except ToolwireError:
            raise
        except Exception:  # a shape the reader did not foresee: the walk reports it
            alts = None
    if alts is None:
        if choice:
            raise DecodeError(f"Input at {loc} holds no list of choices; there is no choice {choice}",
                              dialect=d.name, loc=loc)
        return None
    if not choice and len(alts) <= 1:
        return None
    if not 0 <= choice < len(alts):
        raise DecodeError(f"Input at {loc} holds {len(alts)} choice{'s' if len(alts) != 1 else ''}; "
                          f"there is no choice {choice}", dialect=d.name, loc=loc)
    return alts[choice]


def one_step_calls(d: Dialect, data: Any, reg: Registry, out: List[Any]) -> bool:
    """Speed only (``decode_all`` under the default policy, without a dialect): the
    calls of the container *data*, which detection gave to *d*, when every item in it
    (nested containers of its dialect included) is a call that dialect's one-step
    decoder takes, or an item without calls; ``False`` as soon as one is not (the
    walk then decides). Held to the walk by the tests that compare ``decode_all``
    with and without a policy keyword."""
    fast = reg.one_step(d)
    if fast is None:
        return False
    start = len(out)
    nests: List[Any] = []
    if not _one_step(d, fast, data, out, 0, nests):
        return False
    # no call found: an item without calls must not hide another dialect's (the walk raises then)
    return len(out) > start or not any(elsewhere(item, d, reg) for item in nests)


def _one_step(d: Dialect, fast: Any, data: Any, out: List[Any], depth: int, nests: List[Any]) -> bool:
    try:
        finish = d.finish(data)
        if (depth > 4 or cut_reason(d, finish) is not None or barred_reason(d, finish) is not None
                or finish is not None and unknown_finish(d, finish, None)):
            return False
        start = len(out)
        for child, _ in d.children(data, "$"):
            if type(child) is not dict:
                return False
            call = fast(child)
            if call is not None:
                out.append(call)
                continue
            hit = d.sniff(child)
            kind = None if hit is None else hit[0]
            if kind == CALLS:
                if not _one_step(d, fast, child, out, depth + 1, nests):
                    return False
            elif kind == OTHER:
                if nested(child):
                    nests.append(child)
            elif kind != RESULT:  # a call the one step does not take: the walk (a child that
                return False  # reads like a tool definition is a call there: ``walk``)
    except Exception:  # a malformed container: the walk reports it
        return False
    # a reply that says it called a tool and holds none: the walk flags it
    return len(out) > start or called_reason(d, finish) is None


def claimed_calls(
    data: Any,
    d: Optional[Dialect],
    registry: Optional[Registry],
    pol: Policy,
    loc: str,
    out: List[Union[ToolCall, InvalidToolCall]],
    keep: bool,
    finish: Optional[str] = None,
    words: Optional[str] = None,
) -> None:
    """*data*, a reply in which no client call was found: when its finish reason (or
    *finish*) says the model called a tool and it holds no call the provider runs
    either, or says the reply failed (Gemini ``MALFORMED_FUNCTION_CALL``: the model's
    call is lost) or has not finished (``UNFINISHED``: a Responses reply ``queued``), a
    ``DecodeError`` saying so (an ``InvalidToolCall`` in *out* when
    *keep*): ``[]`` would read as "the model only answered". One alternative reply of
    several comes with its *finish* and failure *words* (its *data* may be ``None``)."""
    if type(data) is not dict and (d is None or finish is None):
        return
    reg = default_registry() if registry is None else registry
    if d is None:
        hit = reg.sniff(data)
        if hit is None or hit[1] != CALLS:
            return
        d = hit[0]
    try:
        fin = finish if finish is not None else d.finish(data)
    except Exception:  # a malformed container: the walk has reported what it could
        return
    failed = failed_reason(d, fin)
    said = called_reason(d, fin)
    if failed is not None:
        if words is None and type(data) is dict:
            words = failure_words(d, data)
        error = failed_no_call(f"{failed}: {words}" if words else failed)
    elif fin == UNFINISHED:  # the provider says the reply goes on (or stopped before its end)
        error = unfinished_no_call(own_word(d, data))
    elif type(fin) is str and not_done(d, fin):  # one reply of several, or another dialect's word
        error = unfinished_no_call(fin)
    elif said is None:
        return
    else:
        servers: List[Union[ToolCall, InvalidToolCall]] = []
        try:
            if type(data) is dict:
                collect(data, d, registry, pol, loc, servers, True, True, False, finish)
        except ToolwireError:
            servers = []
        if servers:  # the provider's own calls (a tool_use stop over a server tool)
            return
        error = no_call(said)
    if not keep:
        raise DecodeError(error, dialect=d.name, loc=loc)
    out.append(new_invalid(error=error, loc=loc))


def keyword_claims(
    pol: Policy, dialect: Any, registry: Optional[Registry], out: List[Union[ToolCall, InvalidToolCall]], keep: bool,
    said: Optional[str] = None,
) -> List[Union[ToolCall, InvalidToolCall]]:
    """*out*, where no call was found, when *pol*'s ``finish_reason`` keyword says the
    model called a tool, that the reply failed (its calls are lost) or that it has not
    finished (``own_finish`` read *said*, the caller's word, as ``UNFINISHED``): a
    ``DecodeError`` saying so (an ``InvalidToolCall`` in *out* when *keep*), as
    ``claimed_calls`` reads a reply with that finish (``keyword_finish``); a reply a
    content filter or a refusal stopped stays as it is."""
    if pol.finish_reason == UNFINISHED:
        error = unfinished_no_call(said if said != UNFINISHED else None)
        if not keep:
            raise DecodeError(error, loc="$")
        out.append(new_invalid(error=error, loc="$"))
        return out
    read = None if pol.finish_reason is None else keyword_finish(pol, dialect, registry)
    if read is None:
        return out
    table, word, norm = read
    if norm == "tool_calls":
        error = no_call(word)
    elif norm in BARRED and stop_words(table, word) is None:
        error = failed_no_call(word)
    else:
        return out
    if not keep:
        raise DecodeError(error, loc="$")
    out.append(new_invalid(error=error, loc="$"))
    return out


def own_word(d: Dialect, data: Any) -> Optional[str]:
    """The provider's own word for how the reply *data* stands, as its response reader
    gives the raw finish reason (a Responses ``status``, Cohere's ``USER_CANCEL``), for
    error messages; ``None`` without one (or a reader that raises)."""
    reader = d.response
    if reader is None or type(data) is not dict:
        return None
    try:
        raw = reader.read(data)[3]
    except Exception:
        return None
    return raw if type(raw) is str and raw else None


def failure_words(d: Dialect, data: Dict[str, Any]) -> Optional[str]:
    """What the provider said of a failed reply *data* (``Dialect.failure``), or ``None``;
    a reader that raises (a third party's) says nothing."""
    try:
        words = d.failure(data) if d.failure is not None else None
    except Exception:
        return None
    return words if type(words) is str and words else None


def collect(
    data: Any,
    d: Optional[Dialect],
    registry: Optional[Registry],
    pol: Policy,
    loc: str,
    out: List[Union[ToolCall, InvalidToolCall]],
    keep: bool,
    server: bool,
    top: bool,
    finish: Optional[str] = None,
    trail: Optional[List[Tuple[int, str, Any, Dialect, str]]] = None,
) -> None:
    """Append the calls of *data* to *out* (*finish*: the finish reason of the reply
    it belongs to, when *data* is one reply of several). A ``finish_reason`` keyword in
    *pol* that says the reply failed or was stopped bars its calls, as the same finish
    in the reply would (``barred_keyword``). *trail*: each call item and tool result met
    gets ``(len(out), kind, item, dialect, path)`` there, in order (``convert``)."""
    reg = default_registry() if registry is None else registry
    barred = None if pol.finish_reason is None else barred_keyword(pol, d, registry)
    fasts: Dict[str, Any] = {}  # speed only: the one-step decoder of each dialect met, or None
    start = len(out)
    unreadable = (lambda exc: out.append(kept_invalid(None, None, exc))) if keep else None
    # the last dialect and finish reason judged: the policy its calls get, whether it failed
    judged: Tuple[Any, Any, Policy, Optional[str]] = (None, None, pol, None)
    nests: List[Tuple[Any, Dialect, str]] = []  # detected items without calls that hold something
    defs: List[Tuple[int, Any, Dialect, str]] = []  # tool definitions among the items (their place in *out*)
    skipped = False  # a call left out (the provider's own): the items are calls
    held: Optional[HeldCall] = None  # a call under a truncating finish, until the next shows it whole
    for dd, kind, item, iloc, own in walk(data, d, registry=registry, loc=loc, top=top, unreadable=unreadable):
        if trail is not None and kind in (CALL, VALUE, RESULT, STRAY):
            trail.append((len(out), kind, item, dd, iloc))
        if kind == STRAY:  # another dialect's definition among a container's calls
            if not holds_arguments(item, dd, pol, iloc):
                out.append(definition(item, dd, iloc, keep))
                continue
            kind = CALL  # that dialect's call, its arguments found (a Responses-style item in ``tool_calls``)
        if held is not None and kind in (OTHER, RESULT) and goes_on(dd, item):
            held.went_on(iloc)  # the model went on past the call held back (text, reasoning...)
        if kind == OTHER:  # an item without calls must not hide another dialect's calls
            if d is not None:
                other_dialect(item, dd, reg, iloc)
            elif nested(item):  # detected: checked when no call is found (``[]`` would hide it)
                nests.append((item, dd, iloc))
        elif kind == CALL or (kind == SERVER and server):
            if held is not None:  # a call after the one held back: it was whole if of the same reply
                held.follow(iloc)
            sub = pol
            fin = own or finish
            if fin is not None:
                if dd is not judged[0] or fin != judged[1]:  # judged once per reply, not per call
                    cut = cut_reason(dd, fin) if pol.finish_reason is None else None
                    if cut is not None:
                        rule = replace(pol, finish_reason=cut)
                    elif pol.finish_reason is None and unknown_finish(dd, fin, registry):  # no proof it finished
                        rule = unknown_policy(pol, fin)
                    else:
                        rule = pol
                    judged = (dd, fin, rule, barred_reason(dd, fin))
                sub = judged[2]
                if kind == CALL and judged[3] is not None:
                    out.append(failed_item(item, dd, sub, iloc, barred_call(dd, iloc, fin), keep))
                    continue
            if barred is not None and kind == CALL:  # the caller says how the reply ended
                out.append(failed_item(item, dd, sub, iloc, keyword_call(barred[0], iloc, barred[1]), keep))
                continue
            if sub.finish_reason is not None and cuts(sub):  # only the reply's last call may be cut
                if held is None:
                    held = HeldCall(out, None if not keep else kept_invalid)
                held.hold(dd, item, sub, iloc, kind == SERVER)
                continue
            if kind == CALL and sub is DEFAULT_POLICY:
                fast = fasts[dd.name] if dd.name in fasts else fasts.setdefault(dd.name, reg.one_step(dd))
                try:
                    call = None if fast is None else fast(item)
                except Exception:  # the general path decides (and reports)
                    call = None
                if call is not None:
                    out.append(call)
                    continue
            try:
                out.append(decode_one(dd, item, sub, iloc, kind == SERVER))
            except DecodeError as exc:  # this item only (a container that cannot be read raises in ``walk``)
                if not keep:
                    raise
                out.append(kept_invalid(item, dd, exc))
        elif kind == VALUE:  # toolwire's own call, given among the items: as it is
            if isinstance(item, ToolCall):
                if server or not item.server:
                    out.append(item)
                else:
                    skipped = True
            elif keep:
                out.append(item)
            else:
                raise DecodeError(f"Input at {iloc} is an invalid tool call: {item.error}", loc=iloc)
        elif kind == TOOL:  # judged when every item is seen: a list of definitions holds no call
            defs.append((len(out), item, dd, iloc))
        elif kind == SERVER:  # left out (``server`` is false): the items are calls
            skipped = True
            if held is not None:
                held.follow(iloc)
    if held is not None:
        held.flush()
    if defs:
        definitions(defs, out, len(out) > start or skipped, keep)
    if len(out) == start:
        if d is not None and top:  # nothing found under the named dialect
            other_dialect(data, d, reg, loc)
        for item, dd, iloc in nests:  # nothing found under the detected dialects
            other_dialect(item, dd, reg, iloc)


def nested(item: Any) -> bool:
    """Whether the dict *item* holds a non-empty list or object: what an item of
    another dialect's calls needs (a message's blocks); cheap, before ``elsewhere``."""
    if type(item) is dict:
        for v in item.values():
            t = type(v)
            if (t is list or t is dict) and v:
                return True
    return False


def elsewhere(item: Any, d: Dialect, reg: Registry) -> bool:
    """Whether *item*, which *d* reads as holding no calls, is detected as another
    dialect's calls (the walk then runs ``other_dialect`` on it)."""
    try:
        hit = reg.sniff(item)
    except Exception:  # a third-party sniffer: detection declines
        return False
    return hit is not None and hit[0] is not d and hit[1] not in (OTHER, TOOL, RESULT)


def other_dialect(data: Any, d: Dialect, reg: Registry, loc: str) -> None:
    """Raise when *data*, in which the caller's dialect *d* finds no call, is
    recognisably another dialect that finds calls in it (an Anthropic ``Message``
    named as ``openai.chat``, say): ``[]`` there would be a wrong answer that looks
    right. A genuinely empty message of *d* passes."""
    try:
        hit = reg.sniff(data)
    except Exception:  # a third-party sniffer: detection declines
        return
    if hit is None or hit[0] is d or hit[1] in (OTHER, TOOL, RESULT):
        return
    other = hit[0]
    found: List[Union[ToolCall, InvalidToolCall]] = []
    try:
        collect(data, other, reg, DEFAULT_POLICY, loc, found, True, True, False)
    except ToolwireError:  # not a well-formed payload of that dialect either: not a hidden call
        return
    if found:
        raise DecodeError(
            f"Input at {loc} is not {an(d.name)} payload: it looks like {other.name} ({hit[2]}), "
            f"which finds {len(found)} tool call{'s' if len(found) != 1 else ''} in it; got {excerpt(data)}",
            dialect=d.name,
            loc=loc,
        )

