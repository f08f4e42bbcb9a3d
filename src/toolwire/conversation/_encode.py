"""``encode_conversation``: whole histories, any dialect, written.

The dialect's ``history`` field (a ``HistoryCodec``) does the writing; this module writes
a history decoded from the target back whole as it came (its kept request fragment) where
it can, else decides which messages go as they came and which fresh (``_fresh``).
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List, Optional

from .._builtin import own_name, registry_of
from .._dialect import Dialect
from .._encode import check_arguments
from .._errors import EncodeError, ToolwireError, an
from .._ids import IdMap
from .._names import NameMap
from .._registry import Registry
from .._types import ToolResult
from ._decode import DialectLike, decode_conversation
from ._fresh import fresh, plan_fresh, written_whole
from ._order import refusal, split_turns
from ._problems import Problem
from ._values import Conversation, Message, wrong_role
from ._writer import Writer

__all__ = ["encode_conversation"]


def _with_history(d: Dialect) -> Dialect:
    if d.history is None:
        raise EncodeError(f"No history reader or writer is known for {d.name}", dialect=d.name)
    return d



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
    written fresh by its own codec, without what its parts do not keep (``unsent_fresh``).
    Its dialect's codec is the built-in's of that name where the registry has none (a
    derived dialect's parts name its parent: ``Writer.history``)."""
    source = m.wire[0] if m.wire is not None else None
    if type(source) is not str:
        return
    h = reg.get(source).history if source in reg else w.history(source)
    unsent = None if h is None else h.unsent_fresh or h.unsent if source == w.own else h.unsent
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
    assert d.history is not None
    own = own_name(d)  # the name its messages decoded carry (a derived dialect's: its parent's)
    same = written_whole(conv, d, ids, names, own)
    if same is not None:
        try:
            out: Dict[str, Any] = copy.deepcopy(same)
        except (ToolwireError, MemoryError):
            raise
        except Exception as exc:  # a value of the caller's that cannot be copied
            raise EncodeError(f"The history cannot be copied to write it back: {type(exc).__name__}: {exc}",
                              dialect=d.name) from None
        as_is = d.history.as_is
        if report is not None and as_is is not None:  # what the wire itself is noted for (Bedrock's mixed-turn)
            report.extend(Problem(kind, i, None, said) for kind, i, said in as_is(conv.wire[1], d.name))
        return out
    _check_roles(conv, d.name)
    w = Writer(d, ids, names, registry, report, conv.messages)
    messages = list(conv.messages)
    keep = [m.original(own) is not None for m in messages]  # written back as decoded: its call ids as they are
    for i, m, said in plan_fresh(messages, keep, d, w.target.names):  # (the ones check_conversation flags)
        w.index = i
        w.note("rewritten", f"{m.role.capitalize()} message {i} is written fresh, not as it came: {said}")
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
    for a, b in split_turns(tuple(messages), w.own, rules):  # (all found before any is made fresh)
        for k in (a, b):
            if keep[k]:
                keep[k] = False
                messages[k] = fresh(messages[k])
        w.index = b
        w.note("converted", f"{messages[b].role.capitalize()} message {b} is written in one {w.name} message with "
                            f"message {a}, both fresh: {w.name} refuses them apart "
                            f"(\"{refusal(messages[b], rules)}\")")

