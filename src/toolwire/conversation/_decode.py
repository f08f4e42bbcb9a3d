"""``decode_conversation``: whole histories, any dialect, read.

The dialect's ``history`` field (a ``HistoryCodec``) does the reading; this module finds
the dialect, loads the input (dicts, JSON text, SDK objects) and keeps the decoded request
fragment for an exact same-dialect re-encode (``_encode``).
"""

from __future__ import annotations

import re
from operator import is_
from typing import Any, Dict, FrozenSet, List, Optional, Tuple, Union

from .._access import to_plain_near
from .._builtin import registry_of
from .._dialect import Dialect
from .._errors import DecodeError, ToolwireError
from .._foreign import foreign
from .._payload_paths import moved, rerooted_text
from .._registry import Registry
from .._types import InvalidToolCall
from .._walk import _load
from ._values import Conversation, Field, Message

__all__ = ["DialectLike", "decode_conversation"]

DialectLike = Union[str, Dialect]
_ITEM = re.compile(r"\$\[(\d{1,9})\]")  # the item of a history list an error's path starts in


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
