"""``decode_conversation`` / ``encode_conversation``: whole histories, any dialect.

The dialect's ``history`` field (a ``HistoryCodec``) does the reading and writing;
this module finds the dialect, loads the input (dicts, JSON text, SDK objects) and
keeps the decoded request fragment for an exact same-dialect re-encode.
"""

from __future__ import annotations

import copy
import re
from operator import is_
from typing import Any, Callable, Dict, FrozenSet, List, Optional, Sequence, Tuple, Union

from .._access import to_plain_near
from .._builtin import registry_of
from .._dialect import Dialect
from .._encode import check_arguments
from .._errors import DecodeError, EncodeError, ToolwireError, an
from .._foreign import foreign
from .._ids import IdMap
from .._names import NameMap
from .._payload_paths import moved, rerooted_text
from .._registry import Registry
from .._types import InvalidToolCall, ToolCall, ToolResult
from .._walk import _load
from ._order import refusal, split_turns
from ._pairing import idless_pairs
from ._problems import Problem
from ._values import Conversation, Field, Message, wrong_role
from ._writer import Writer

__all__ = ["decode_conversation", "encode_conversation"]

DialectLike = Union[str, Dialect]
_ITEM = re.compile(r"\$\[(\d{1,9})\]")  # the item of a history list an error's path starts in


def _with_history(d: Dialect) -> Dialect:
    if d.history is None:
        raise EncodeError(f"No history reader or writer is known for {d.name}", dialect=d.name)
    return d


def _detect(data: Any, registry: Registry) -> Dialect:
    for d in registry:
        h = d.history
        if h is not None and h.detect(data):
            return d
    for d in registry:  # a plain chat: no shape of its own
        if d.history is not None and d.name == "openai.chat":
            return d
    raise DecodeError("Input at $ is not a conversation of any known dialect")


def _load_list(x: Any, dialect: Any = None, registry: Optional[Registry] = None) -> Any:
    """*x* loaded (JSON text, an SDK object), a tuple as a list, a history list's SDK
    items as plain data; dicts as they are. Text that is not JSON names *dialect*."""
    if type(x) in (list, tuple):
        return [m if type(m) is dict else _load(m, f"$[{i}]", dialect, registry) for i, m in enumerate(x)]
    return _load(x, "$", dialect, registry)


def decode_conversation(
    x: Any, dialect: Optional[DialectLike] = None, *, registry: Optional[Registry] = None
) -> Conversation:
    """The ``Conversation`` in *x*: a request body (``messages`` / ``input`` /
    ``contents`` and the dialect's system field), the bare history list, or one
    message alone (a reply: a dict with a ``role`` and none of the body's fields), as
    dicts, JSON text or SDK objects. *dialect* names its dialect (else detected)."""
    reg = registry_of(registry)
    try:
        return _decode(x, dialect, reg)
    except (ToolwireError, MemoryError):
        raise
    except Exception as exc:  # the caller's own objects raised while read (an odd mapping...)
        raise foreign(exc) from None


def _decode(x: Any, dialect: Optional[DialectLike], reg: Registry) -> Conversation:
    data = _load_list(x, dialect, reg)
    if type(data) is not dict and type(data) is not list:
        raise DecodeError(f"A conversation is a request body or a list of messages, got {type(data).__name__}")
    # Read once: a reader reads an SDK object it meets (a message of a body, a block of
    # a message dict: an SDK reply's blocks appended as the provider's docs show) where
    # it meets it and keeps the message as JSON holds it; a dialect's ``detect`` looks at
    # such an object's plain view. Nothing is scanned ahead (that cost a plain history
    # up to +29%).
    named = None if dialect is None else dialect if isinstance(dialect, Dialect) else reg.get(dialect)
    if type(data) is dict and "role" in data:
        keys = reg.history_keys() if named is None or named.history is None else named.history.keys
        if keys.isdisjoint(data):  # a message alone (a reply): a one-message history of its dialect
            try:
                return _alone(_decode_list([data], named, reg))
            except DecodeError as exc:  # at its place in the dict given, not in the list it was put in
                raise moved(exc, exc.dialect, {"$[0]": "$"}) from None
    return _decode_list(data, named, reg)


def _alone(conv: Conversation) -> Conversation:
    """*conv*, read from a message given alone as the list ``[message]``, with the
    ``loc`` of its invalid calls (and the path their ``error`` names) in the dict given:
    ``$.content[0].input``, not ``$[0].content[0].input``, as its ``DecodeError`` says."""
    out: List[Message] = []
    for m in conv.messages:
        parts = tuple(p.replace(loc="$" + p.loc[4:], error=rerooted_text(p.error, "$[0]", "$", p.loc))
                      if type(p) is InvalidToolCall and p.loc.startswith("$[0]") else p for p in m.parts)
        if parts == m.parts:
            out.append(m)
        else:  # (still the message decoded: written back as it came)
            w = m.wire
            out.append(Message(m.role, parts, wire=None if w is None else (*w[:3], parts, *w[4:])))
    if all(a is b for a, b in zip(out, conv.messages)):
        return conv
    return Conversation(out, dialect=conv.dialect, wire=None if conv.wire is None else conv.wire[0])


def _decode_list(data: Any, named: Optional[Dialect], reg: Registry) -> Conversation:
    """The ``Conversation`` in the loaded body or list *data*, of the dialect *named* (else detected)."""
    d = _detect(data, reg) if named is None else named
    h = d.history
    if h is None:
        raise DecodeError(f"No history reader is known for {d.name}", dialect=d.name)
    try:
        messages = h.decode(data, d)
    except DecodeError as exc:
        if type(data) is list:
            _whole_response(data, exc.loc, reg)
        raise
    frag = _fragment(data, messages, h.keys) if type(data) is dict else None
    return Conversation(messages, dialect=d.name, wire=frag)


def _fragment(data: Dict[str, Any], messages: List[Message], keys: FrozenSet[str]) -> Dict[str, Any]:
    """The request fragment of the body *data* that *messages* were read from, kept for
    a same-dialect encode, as JSON holds it: a top-level field as its reader kept it
    (``Field``), and the history list's items paired in order with the messages read
    from them (one each, as the built-in readers read them): an item whose message's
    wire is not the item itself (its reader read SDK objects in it, or kept less of it)
    as plain data, with the fields its reader read as that reader keeps them (JSON: an
    SDK's bytes as base64, ``_plain_items``). A list whose items and messages do not pair
    is read as plain data whole. Linear, and nothing is copied for a history of plain data."""
    frag = {k: v for k, v in data.items() if k in keys}
    wires = [None if m.wire is None else m.wire[1] for m in messages]
    fields: Tuple[str, ...] = ()
    if wires and type(wires[0]) is Field:  # the fields read first (a system field), then the list's messages
        fields = _fields(frag, wires)
        wires = wires[len(fields):]
    for k, v in frag.items():
        if type(v) is list and not (len(v) == len(wires) and all(map(is_, v, wires))) and k not in fields:
            frag[k] = _plain_items(v, wires, k)
    return frag


def _fields(frag: Dict[str, Any], wires: List[Any]) -> Tuple[str, ...]:
    """The keys of the fields read first (the leading ``Field`` wires), each set in
    *frag* to the value its reader kept (as JSON holds it), under the key it is
    written back with."""
    keys: List[str] = []
    for f in wires:
        if type(f) is not Field:
            break
        keys.append(f.key)
        if frag.get(f.key) is not f.value:  # (or read from elsewhere: google-genai's ``config``)
            frag[f.key] = f.value
    return tuple(keys)


def _plain_items(items: List[Any], wires: List[Any], key: str) -> List[Any]:
    """The history list *items* as plain data where its item and the wire of the
    message read from it differ (all of it when they do not pair): the item's fields,
    each the reader's (*wires*) where it kept one. The reader wrote those as JSON holds
    them, in its dialect's form (google-genai's ``bytes`` as base64, ``ollama.Image`` as
    its base64), which a dump of the SDK object does not know; the fields it left out (an
    Anthropic ``Message``'s ``id`` and ``usage``) come as the dump gives them."""
    if len(items) != len(wires):
        plain: List[Any] = to_plain_near(items, 5, f"$.{key}")
        return plain
    new = list(items)
    for i, (item, w) in enumerate(zip(items, wires)):
        if w is not item:
            p = to_plain_near(item, 4, f"$.{key}[{i}]")
            new[i] = {**p, **w} if type(p) is dict and type(w) is dict else p
    return new


def _whole_response(items: List[Any], loc: Optional[str], registry: Registry) -> None:
    """Raises when the item of a history list that failed to read (at *loc*) is a whole
    response (its dialect's ``response`` reader claims it): each provider's docs append
    the message a response carries, and "has role None" would not say so."""
    head = _ITEM.match(loc or "")
    if head is None or int(head.group(1)) >= len(items):
        return
    from ..response import response_dialect  # an error path: ``import toolwire`` does not load it

    d = response_dialect(items[int(head.group(1))], registry)
    if d is not None:
        raise DecodeError(f"Item at {head.group(0)} is a whole {d.name} response, not a message: a history holds "
                          "the assistant message it carries", dialect=d.name, loc=head.group(0)) from None


def _check_roles(conv: Conversation, dialect: str) -> None:
    """Refuses a call outside an assistant message and a result outside a user or tool
    message: no provider's API takes either (``check_conversation``: ``wrong-role``)."""
    for i, m in enumerate(conv.messages):
        for p in m.parts:
            if not wrong_role(m.role, p):
                continue
            if type(p) is ToolResult:
                raise EncodeError(f"{m.role.capitalize()} message {i} holds a tool result", dialect=dialect)
            raise EncodeError(f"Message {i} is {an(m.role)} message holding a tool call", dialect=dialect)


def _unsent(m: Message, i: int, w: Writer, reg: Registry) -> None:
    """Notes (``dropped``) what the wire message *m* was decoded from holds beside its
    parts (its dialect's ``HistoryCodec.unsent``): written fresh, it goes without it;
    written fresh by its own codec, without what its parts do not keep (``unsent_fresh``)."""
    source = m.wire[0] if m.wire is not None else None
    d = reg.get(source) if type(source) is str and source in reg else None
    h = d.history if d is not None else None
    unsent = None if h is None else h.unsent_fresh or h.unsent if h is w.d.history else h.unsent
    if unsent is None:
        return
    w.index = i
    for what in unsent(m.wire[1]):  # type: ignore[index]
        w.note("dropped", f"{what} of message {i} is not sent to {w.name}")


def encode_conversation(
    conv: Any,
    dialect: DialectLike,
    *,
    ids: Optional[IdMap] = None,
    names: Optional[NameMap] = None,
    report: Optional[List[Problem]] = None,
    source: Optional[DialectLike] = None,
    registry: Optional[Registry] = None,
) -> Dict[str, Any]:
    """The request fragment of *dialect* holding the history *conv* (a
    ``Conversation``, or anything ``decode_conversation`` reads).

    Calls and results go through one ``IdMap`` and one ``NameMap`` (pass yours to
    keep them across turns). What does not go to *dialect* (another provider's
    reasoning, provider-executed items) is dropped and noted in *report* (a list
    you pass, receiving ``Problem`` values); content with no documented equivalent
    raises ``EncodeError``. Same-dialect decode then encode gives the input back, but
    a message the target refuses as it came (``refused-message``) goes fresh (``rewritten``).
    *source* names the dialect of *conv* when it is not yet decoded."""
    check_arguments(ids, names, registry, report)
    reg = registry_of(registry)
    d = _with_history(dialect if isinstance(dialect, Dialect) else reg.get(dialect))
    if type(conv) is not Conversation:
        if isinstance(conv, (list, tuple)) and conv and all(type(m) is Message for m in conv):
            conv = Conversation(conv)
        else:
            conv = decode_conversation(conv, source, registry=registry)
    same = conv.original(d.name)
    assert d.history is not None
    refused, roles = d.history.refused, d.history.refused_roles
    if same is not None and ids is None and names is None and not split_turns(conv.messages, d.name,
                                                                                d.history.pairing) and (
            refused is None or not _any_refused(conv.messages, refused, roles, d.history.prefill)):
        try:
            out: Dict[str, Any] = copy.deepcopy(same)
        except (ToolwireError, MemoryError):
            raise
        except Exception as exc:  # a value of the caller's that cannot be copied
            raise EncodeError(f"The history cannot be copied to write it back: {type(exc).__name__}: {exc}",
                              dialect=d.name) from None
        as_is = d.history.as_is if d.history is not None else None
        if report is not None and as_is is not None:  # what the wire itself is noted for (Bedrock's mixed-turn)
            report.extend(Problem(kind, i, None, said) for kind, i, said in as_is(conv.messages))
        return out
    _check_roles(conv, d.name)
    w = Writer(d, ids, names, registry, report, conv.messages)
    messages = list(conv.messages)
    keep = [m.original(d.name) is not None for m in messages]  # written back as decoded: its call ids as they are
    for i, m in enumerate(messages):
        if keep[i] and _renamed(m, w.target.names):  # a name the target refuses: written fresh, mapped
            messages[i] = Message(m.role, m.parts)
            keep[i] = False
    if refused is not None:
        _refused(messages, keep, w, refused, roles)
    if d.ids.required:
        _idless_fresh(messages, keep, w)
    _merged(messages, keep, w)
    for i, m in enumerate(messages):
        kept = keep[i]
        if not kept and m.wire is not None:
            _unsent(m, i, w, reg)
        for c in m.calls:
            if c.id is not None:
                # a result written fresh after its call was written as decoded still finds its name and id
                w.target.name_of.setdefault(c.id, c.name)
                w.target.ids.reserve(c.id)  # an id made for an id-less call never equals it
                if kept:
                    w.target.ids.keep(c.id)
    assert d.history is not None
    return d.history.encode(messages, w)


def _merged(messages: List[Message], keep: List[bool], w: Writer) -> None:
    """Where the target refuses consecutive messages of one role apart, each written back
    as it came (``split_turns``: Bedrock, any; Gemini, a call turn's function responses),
    both are written fresh (their wire roles cleared: what they held beside their parts is
    noted), which the writer merges into one wire message, noted (``converted``)."""
    assert w.d.history is not None
    rules = w.d.history.pairing
    for a, b in split_turns(tuple(messages), w.name, rules):  # (all found before any is made fresh)
        for k in (a, b):
            if keep[k]:
                keep[k] = False
                messages[k] = _fresh(messages[k])
        w.index = b
        w.note("converted", f"{messages[b].role.capitalize()} message {b} is written in one {w.name} message with "
                            f"message {a}, both fresh: {w.name} refuses them apart "
                            f"(\"{refusal(messages[b], rules)}\")")


def _any_refused(messages: Sequence[Message], why: Callable[[Any, Dict[str, Any]], Optional[str]],
                 roles: Optional[FrozenSet[str]], prefill: Optional[Callable[[Any], bool]] = None) -> bool:
    """Whether the target refuses any of *messages* of *roles* as it came (``HistoryCodec``; the last: ``prefill``)."""
    state: Dict[str, Any] = {}
    return bool(prefill and messages and (last := messages[-1].wire) and prefill(last[1])) or any(
        m.wire is not None and (roles is None or m.role in roles) and why(m.wire[1], state) for m in messages)


def _refused(messages: List[Message], keep: List[bool], w: Writer,
             why: Callable[[Any, Dict[str, Any]], Optional[str]], roles: Optional[FrozenSet[str]]) -> None:
    """A message written back as it came that the target refuses as it is (*why*:
    ``HistoryCodec.refused``) is written fresh, noted (``rewritten``); so is a later one
    holding the result for a call of it whose id the target's rule refuses (written
    fresh, the call's id is mapped: its result gets the same one). One pass."""
    mapped: Dict[str, int] = {}  # ids of calls written fresh here that the target maps -> their message
    state: Dict[str, Any] = {}
    for i, m in enumerate(messages):
        said = why(m.wire[1], state) if keep[i] and m.wire is not None and (roles is None or m.role in roles) else None
        if not said and keep[i] and mapped:
            at = next((mapped[r.id] for r in m.results if r.id in mapped), None)
            if at is not None:
                said = f"it holds the result for a call of message {at}, written fresh: both get the id made for it"
        if said:
            keep[i] = False
            messages[i] = _fresh(m)
            w.index = i
            w.note("rewritten", f"{m.role.capitalize()} message {i} is written fresh, not as it came: {said}")
            mapped.update((c.id, i) for c in m.calls if c.id is not None and not w.d.ids.valid(c.id))


def _fresh(m: Message) -> Message:
    """*m* to be written fresh, not as it came: its wire's role cleared (what it held
    beside its parts is noted by the writer)."""
    wire = m.wire
    return Message(m.role, m.parts, wire=None if wire is None else (*wire[:2], None, *wire[3:]))


def _idless_fresh(messages: List[Message], keep: List[bool], w: Writer) -> None:
    """Where a target that needs ids gets an id-less call and a result answering it
    (``_pairing``), one written back as it came (its wire's id: ``""``, ``"null"``, none)
    and the other fresh (``ToolResult(None, ...)`` built for a recorded reply, as the
    agent loop of docs/conversations.md builds it), the one written as it came is written
    fresh too (its wire role cleared: what it held beside its parts is noted), noted
    (``rewritten``): the call and its result then carry the one id made for the call.
    Both written as they came (a body a client sent, ``tool_call_id: ""`` echoing
    ``"id": ""``) they stay as they came. Linear: one pairing pass, each message once."""
    if all(keep) or not any(k and any(_idless(p) for p in m.parts) for k, m in zip(keep, messages)):
        return  # (the common case: no pairing pass)
    linked: Dict[int, List[int]] = {}
    for ci, ri in idless_pairs(messages):
        if ci != ri:
            linked.setdefault(ci, []).append(ri)
            linked.setdefault(ri, []).append(ci)
    todo = [i for i in linked if not keep[i]]
    while todo:
        i = todo.pop()
        for k in linked[i]:
            if keep[k]:
                keep[k] = False
                m = messages[k]
                messages[k] = _fresh(m)
                w.index = k
                w.note("rewritten", f"{m.role.capitalize()} message {k} is written fresh, not as it came: it holds "
                                    f"{'a call' if m.calls else 'a result'} without an id paired with "
                                    f"{'a result' if m.calls else 'a call'} written fresh in message {i}, and "
                                    f"{w.name} needs one: both get the id made for the call")
                todo.append(k)


def _idless(p: Any) -> bool:
    """Whether *p* is a call or a result without an id."""
    t = type(p)
    return (t is ToolCall or t is InvalidToolCall or t is ToolResult) and p.id is None


def _renamed(m: Message, names: NameMap) -> bool:
    """Whether a call or result of *m* has a name *names* maps to another (one its
    dialect's rule refuses: a Vertex name of more than 64 characters written to Gemini):
    written back as decoded, the request would name that tool two ways."""
    return any(c.name and names.map(c.name) != c.name for c in m.calls) or any(
        r.name is not None and names.map(r.name) != r.name for r in m.results)
