"""Which messages of a history decoded from the target ``encode_conversation`` writes
fresh rather than as they came: those the target refuses as they came
(``HistoryCodec.refusals``), those whose calls' names it maps, and id-less calls and
results paired with one written fresh."""

from __future__ import annotations

from typing import Any, Callable, Dict, FrozenSet, List, Optional, Sequence

from .._history_codec import Refusals
from .._names import NameMap
from .._types import InvalidToolCall, ToolCall, ToolResult
from ._pairing import idless_pairs
from ._values import Message
from ._writer import Writer


def any_refused(messages: Sequence[Message], rules: Refusals) -> bool:
    """Whether the target refuses any of *messages* as it came (*rules*: its ``HistoryCodec.refusals``)."""
    why, roles, prefill = rules.message, rules.roles, rules.prefill
    if prefill is not None and messages and (last := messages[-1].wire) and prefill(last[1]):
        return True
    if why is None:
        return False
    state: Dict[str, Any] = {}
    end = len(messages) - 1
    return any(m.wire is not None and (roles is None or m.role in roles) and why(m.wire[1], state, i == end)
               for i, m in enumerate(messages))


def refused_fresh(messages: List[Message], keep: List[bool], w: Writer,
                  why: Callable[[Any, Dict[str, Any], bool], Optional[str]], roles: Optional[FrozenSet[str]]) -> None:
    """A message written back as it came that the target refuses as it is (*why*:
    ``Refusals.message``) is written fresh, noted (``rewritten``); so is a later one
    holding the result for a call of it whose id the target's rule refuses (written
    fresh, the call's id is mapped: its result gets the same one). One pass."""
    mapped: Dict[str, int] = {}  # ids of calls written fresh here that the target maps -> their message
    state: Dict[str, Any] = {}
    end = len(messages) - 1
    for i, m in enumerate(messages):
        said = why(m.wire[1], state, i == end) if keep[i] and m.wire is not None and (
            roles is None or m.role in roles) else None
        if not said and keep[i] and mapped:
            at = next((mapped[r.id] for r in m.results if r.id in mapped), None)
            if at is not None:
                said = f"it holds the result for a call of message {at}, written fresh: both get the id made for it"
        if said:
            keep[i] = False
            messages[i] = fresh(m)
            w.index = i
            w.note("rewritten", f"{m.role.capitalize()} message {i} is written fresh, not as it came: {said}")
            mapped.update((c.id, i) for c in m.calls if c.id is not None and not w.d.ids.valid(c.id))


def fresh(m: Message) -> Message:
    """*m* to be written fresh, not as it came: its wire's role cleared (what it held
    beside its parts is noted by the writer)."""
    wire = m.wire
    return Message(m.role, m.parts, wire=None if wire is None else (*wire[:2], None, *wire[3:]))


def idless_fresh(messages: List[Message], keep: List[bool], w: Writer) -> None:
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
                messages[k] = fresh(m)
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


def renamed(m: Message, names: NameMap) -> bool:
    """Whether a call or result of *m* has a name *names* maps to another (one its
    dialect's rule refuses: a Vertex name of more than 64 characters written to Gemini):
    written back as decoded, the request would name that tool two ways."""
    return any(c.name and names.map(c.name) != c.name for c in m.calls) or any(
        r.name is not None and names.map(r.name) != r.name for r in m.results)
