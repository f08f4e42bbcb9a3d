"""Which messages of a history decoded from the target ``encode_conversation`` writes
fresh rather than as they came, and ``check_conversation`` flags (``refused-message``):
one helper for both. A history still equal to the one decoded goes back whole as its
stored request (``written_whole``), judged by the wires that request holds; else each
message is judged by its own wire (``Message.original``): those the target refuses as
they came (``HistoryCodec.refusals``), those whose calls' names it maps, and id-less calls
and results paired with one written fresh (``plan_fresh``)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

from .._builtin import own_name
from .._dialect import Dialect
from .._history_codec import APART, LAST_ASSISTANT, Refusals
from .._names import NameMap
from .._types import InvalidToolCall, ToolCall, ToolResult
from ._order import split_turns, whole_original
from ._pairing import idless_pairs
from ._values import Conversation, Message

__all__ = ["any_refused", "fresh", "idless_fresh", "plan_fresh", "refused_fresh", "refused_messages", "renamed",
           "written_whole"]


def any_refused(messages: Sequence[Message], rules: Refusals) -> bool:
    """Whether the target refuses any of *messages* as it came (*rules*: its ``HistoryCodec.refusals``)."""
    why, roles, prefill = rules.message, rules.roles, rules.prefill
    if prefill is not None and messages and (last := messages[-1].wire) and prefill(last[1]):
        return True
    if why is None:
        return False
    state: Dict[str, Any] = {}
    end = len(messages) - 1
    for i, m in enumerate(messages):  # (a loop, not ``any`` of a generator: a call less a message)
        if m.wire is not None and (roles is None or m.role in roles) and why(m.wire[1], state, i == end):
            return True
    return False


def written_whole(conv: Conversation, d: Dialect, ids: Any = None, names: Any = None,
                  own: Optional[str] = None) -> Optional[Dict[str, Any]]:
    """The request fragment *conv* was decoded from, when ``encode_conversation`` writes it
    back whole as it came: *conv* is *d*'s and still equal to what was decoded, no id or
    name map is passed, and *d* takes that request as it is, judged by the messages it was
    built from (a message swapped for an equal one, with no wire or another's, changes
    nothing that goes out): none kept apart that it refuses apart (``split_turns``), none it
    refuses as it came (``any_refused``). ``None`` otherwise. *own*: ``own_name(d)``."""
    own = own or own_name(d)
    same: Optional[Dict[str, Any]] = whole_original(conv, d.name, own)
    h = d.history
    if same is None or ids is not None or names is not None or h is None:
        return None
    stored = conv.wire[1]
    if split_turns(stored, own, h.pairing) or any_refused(stored, h.refusals):
        return None
    return same


def refused_messages(conv: Conversation, d: Optional[Dialect]) -> Tuple[bool, List[Tuple[int, str]]]:
    """Whether ``encode_conversation`` writes *conv* back whole to *d* (with no id or
    name map: ``written_whole``), and the messages it writes fresh, noted ``rewritten``,
    each with why (``plan_fresh``): what ``check_conversation`` flags ``refused-message``."""
    if d is None or d.history is None:
        return False, []
    own = own_name(d)
    if written_whole(conv, d, own=own) is not None:
        return True, []
    messages = list(conv.messages)
    keep = [m.original(own) is not None for m in messages]
    if not any(keep):
        return False, []
    return False, [(i, said) for i, _m, said in plan_fresh(messages, keep, d, NameMap(d.names, dialect=d.name))]


def plan_fresh(messages: List[Message], keep: List[bool], d: Dialect,
               names: NameMap) -> List[Tuple[int, Message, str]]:
    """Of *messages* (*keep*: each written back as it came), those to write fresh, in
    place (``fresh``): one whose calls' names *names* maps (``renamed``), silently; one *d*
    refuses as it came (``refused_fresh``) and an id-less one paired with one written fresh
    (``idless_fresh``), each given with the message as it was and why (``rewritten``)."""
    for i, m in enumerate(messages):
        if keep[i] and renamed(m, names):  # a name the target refuses: written fresh, mapped
            messages[i] = Message(m.role, m.parts)
            keep[i] = False
    out: List[Tuple[int, Message, str]] = []
    assert d.history is not None
    rules = d.history.refusals
    if rules.message is not None:
        refused_fresh(messages, keep, d, rules, out)
    if d.ids.required:
        idless_fresh(messages, keep, d, out)
    return out


def refused_fresh(messages: List[Message], keep: List[bool], d: Dialect, rules: Refusals,
                  out: List[Tuple[int, Message, str]]) -> None:
    """A message written back as it came that the target refuses as it is (*why*:
    ``Refusals.message``) is written fresh, noted (``rewritten``); so is a later one
    holding the result for a call of it whose id the target's rule refuses (written
    fresh, the call's id is mapped: its result gets the same one). One pass; each goes
    to *out* (index, the message as it was, why)."""
    why, roles = rules.message, rules.roles
    if roles is not None and rules.apart_roles:
        roles = roles | rules.apart_roles  # (asked in this pass only)
    assert why is not None
    mapped: Dict[str, int] = {}  # ids of calls written fresh here that the target maps -> their message
    state: Dict[str, Any] = {APART: True}
    end = len(messages) - 1
    for i, m in enumerate(messages):
        said = why(m.wire[1], state, i == end) if keep[i] and m.wire is not None and (
            roles is None or m.role in roles) else None
        if m.role == "assistant" and not keep[i]:  # (not asked: written fresh; ``Refusals``)
            state[LAST_ASSISTANT] = m
        if not said and keep[i] and mapped:
            at = next((mapped[r.id] for r in m.results if r.id in mapped), None)
            if at is not None:
                said = f"it holds the result for a call of message {at}, written fresh: both get the id made for it"
        if said:
            keep[i] = False
            messages[i] = fresh(m)
            out.append((i, m, said))
            mapped.update((c.id, i) for c in m.calls if c.id is not None and not d.ids.valid(c.id))


def fresh(m: Message) -> Message:
    """*m* to be written fresh, not as it came: its wire's role cleared (what it held
    beside its parts is noted by the writer)."""
    wire = m.wire
    return Message(m.role, m.parts, wire=None if wire is None else (*wire[:2], None, *wire[3:]))


def idless_fresh(messages: List[Message], keep: List[bool], d: Dialect, out: List[Tuple[int, Message, str]]) -> None:
    """Where a target that needs ids gets an id-less call and a result answering it
    (``_pairing``), one written back as it came (its wire's id: ``""``, ``"null"``, none)
    and the other fresh (``ToolResult(None, ...)`` built for a recorded reply, as the
    agent loop of docs/conversations.md builds it), the one written as it came is written
    fresh too (its wire role cleared: what it held beside its parts is noted), noted
    (``rewritten``): the call and its result then carry the one id made for the call (where
    the target writes one: Chat's legacy ``function_call`` and its ``role: "function"`` answer
    carry none).
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
                out.append((k, m, f"it holds {'a call' if m.calls else 'a result'} without an id paired with "
                                  f"{'a result' if m.calls else 'a call'} written fresh in message {i}: written "
                                  f"fresh too, the two go as one pair (where {d.name} writes an id, both get the "
                                  "one made for the call)"))
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
