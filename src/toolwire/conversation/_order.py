"""What a provider refuses in a history beside pairing, where the history or a message is
written back as it came (``_order``; ``check_conversation`` adds it to pairing's problems,
``fix_conversation`` mends what writing message by message mends): the first message,
the role after a tool or assistant message, the last assistant message and its prefix
flag, consecutive messages of one role kept apart (``split_turns``: ``fix_conversation``
and ``encode_conversation`` merge them), each judged by the judging dialect's ``Pairing``.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, List, Optional, Tuple

from .._dialect import Pairing
from .._errors import an
from .._ids import IdRule
from .._types import ToolResult
from ._problems import Problem
from ._values import ROLES, Conversation, Field, Message, Other, Reasoning

__all__ = ["_last", "_order", "_wording", "order_as_is", "refusal", "split_turns", "whole_original"]


def whole_original(conv: Conversation, target: Optional[str], own: Optional[str]) -> Any:
    """The request fragment *conv* was decoded from, unchanged, when it was decoded by the
    dialect *target*, by the one whose codec *target* shares (*own*, ``own_name``: the
    built-in a derived dialect came from), or by another that reads its parts as *own*
    (one derived from that built-in: its messages name it); else ``None``."""
    same = conv.original(target) if target is not None else None
    if same is not None or own is None:
        return same
    if own != target:
        same = conv.original(own)
    if same is None and conv.dialect is not None and conv.dialect not in (target, own) and conv.messages and all(
            m.wire is not None and m.wire[0] == own for m in conv.messages):
        same = conv.original(conv.dialect)
    return same


def _wording(text: str, target: Optional[str], id: Optional[str]) -> str:
    return f"; {target} answers: {text.replace('{id}', id or '')}" if text else ""


def _order(conv: Conversation, target: Optional[str], rules: Pairing, ids: Optional[IdRule],
           own: Optional[str] = None, whole: Optional[bool] = None) -> List[Problem]:
    """What the judging provider refuses beside pairing, where the history or a message is
    written back as it came (decoded from it, unchanged): a history whose first message
    is the assistant's (``Pairing.user_first``, ``call_first`` where it holds calls,
    ``alone`` where it is the only one, ``first_listed`` where a system message counts;
    written anew, a user turn goes before it), a call id its rule refuses (written fresh, it would be mapped), a user or
    system message right after a tool message (``Pairing.after_tool``; written fresh, an
    assistant turn goes between them), a system message right after an assistant
    message (``Pairing.after_assistant``; written fresh, it moves up), a last message
    that is an assistant message of text (``Pairing.last_assistant``; written fresh, it is
    a prefix) and a prefix on a message that is not the last one (``Pairing.prefix_last``;
    written message by message, the flag is dropped). All but the call id bind a history
    written back whole (a history extended or edited is written message by message, and
    the writer mends them around messages written as they came too). A message is judged
    by the one written before it: a system message written fresh after an assistant or tool message
    moves up (``Pairing.after_assistant``), a message written fresh is written as its
    role, as tool messages or not at all (``_written``). A message written back as it came
    is read under *own* (``own_name``: a derived dialect's parent's; default *target*);
    *whole*: whether it is written back whole (default: *conv* is unchanged, ``whole_original``)."""
    out: List[Problem] = []
    msgs = conv.messages
    if target is None:
        return out
    own = own or target
    if whole is None:  # (else written message by message: the writer mends; asked only where a rule reads it)
        whole = bool(rules.user_first or rules.call_first or rules.alone or rules.prefix_last or rules.last_assistant
                     or rules.after_tool or rules.after_assistant) and whole_original(conv, target, own) is not None
    if (rules.user_first or rules.call_first or rules.alone) and whole:
        if rules.first_listed:
            first: Optional[int] = 0 if msgs else None
        else:
            first = next((i for i, m in enumerate(msgs) if m.role != "system"), None)
        calls = msgs[first].calls if first is not None else ()
        alone = rules.alone if len(msgs) == 1 else ""  # one message, a prefix included
        if first is not None and msgs[first].role == "assistant" and (rules.user_first or calls or alone):
            said = _wording(rules.user_first or (rules.call_first if calls else alone), target,
                            calls[0].id if calls else None)
            out.append(Problem("assistant-first", first, None,
                               f"Message {first}: the history starts with an assistant message{said}"))
    if rules.prefix_last and whole:
        said = _wording(rules.prefix_last, target, None)
        out.extend(Problem("prefix-not-last", i, None, f"Message {i}: an assistant message with 'prefix': true is not "
                                                       f"the last message{said}")
                   for i, m in enumerate(msgs[:-1]) if m.role == "assistant" and _prefix(m.original(own), rules))
    if rules.last_assistant and msgs and whole:
        out.extend(_last(msgs, target, rules, own))
    for a, b in split_turns(msgs, own, rules):
        out.append(Problem("split-turn", b, None, f"Message {b}: {_apart(msgs, a, b, rules)}, each written back as "
                                                  f"it came" + _wording(refusal(msgs[b], rules), target, None)))
    prev: Optional[str] = None  # the role of the message written before this one
    neighbours = whole and bool(rules.after_tool or rules.after_assistant)  # (only these rules read *prev*)
    for i, m in enumerate(msgs):
        if m.original(own) is None:
            if neighbours and not (rules.after_assistant and m.role == "system" and prev in ("assistant", "tool")):
                prev = _written(m, own) or prev  # (else moved up)
            continue
        before, prev = prev, m.role
        if neighbours and rules.after_tool and m.role in ("user", "system") and before == "tool":
            said = _wording(rules.after_tool.replace("{role}", m.role), target, None)
            out.append(Problem("unexpected-role", i, None,
                               f"Message {i}: {an(m.role)} message comes right after a tool message{said}"))
        if neighbours and rules.after_assistant and m.role == "system" and before == "assistant":
            said = _wording(rules.after_assistant, target, None)
            out.append(Problem("unexpected-role", i, None,
                               f"Message {i}: a system message comes right after an assistant message{said}"))
        if ids is not None and m.role == "assistant":
            for c in m.calls:
                if c.id is not None and not ids.valid(c.id):
                    out.append(Problem("invalid-id", i, c.id, f"Message {i}: the call id {c.id} ({c.name!r}) is "
                                                              f"written back as it came, and {target} takes ids "
                                                              f"{ids.describe()} only"))
    return out


_AS_IS = frozenset({"assistant-first", "prefix-not-last", "assistant-last", "unexpected-role"})


def order_as_is(rules: Pairing, own: str, messages: Tuple[Message, ...], name: str) -> List[Tuple[str, int, str]]:
    """``HistoryCodec.as_is`` of a dialect with order rules (Mistral): what ``_order``
    flags in a history decoded from *own* and written back whole to *name*, the caller's
    request as it came (``encode_conversation`` writes no message then), noted under the
    kind ``check_conversation`` gives it."""
    return [(p.kind, p.index, f"{p.message} (the request is written back whole as it came, as it is)")
            for p in _order(Conversation(messages), name, rules, None, own, whole=True) if p.kind in _AS_IS]


def _written(m: Message, target: str) -> Optional[str]:
    """The role of the last wire message a message written fresh is written as: ``tool``
    for one of tool results only (a Chat-shaped writer writes each as a tool message),
    ``None`` for one the writer leaves out (it holds only another provider's items or
    reasoning: dropped, noted; an assistant message of reasoning alone)."""
    kept = [p for p in m.parts if not ((type(p) is Other or type(p) is Reasoning) and p.dialect != target)]
    if m.role == "assistant" and all(type(p) is Reasoning for p in kept):
        return None
    if m.parts and not kept:
        return None
    return "tool" if kept and all(type(p) is ToolResult for p in kept) else m.role


def _last(msgs: Tuple[Message, ...], target: str, rules: Pairing, own: Optional[str] = None) -> List[Problem]:
    """A last message that is an assistant message of text written back as it came without
    ``"prefix": true`` (``Pairing.last_assistant``; written fresh, it is written as a
    prefix); system messages after it written fresh move up (``Pairing.after_assistant``).
    Read under *own* (``_order``)."""
    own = own or target
    last = len(msgs) - 1
    while rules.after_assistant and last > 0 and msgs[last].role == "system" and msgs[last].original(own) is None:
        last -= 1
    m = msgs[last]
    wire = m.original(own)
    if m.role != "assistant" or m.calls or wire is None or _prefix(wire, rules):
        return []
    said = _wording(rules.last_assistant, target, None)
    return [Problem("assistant-last", last, None, f"Message {last}: the history ends with an assistant message{said}")]


def _prefix(wire: Any, rules: Pairing) -> bool:
    """Whether a message as it came is a prefix (``Pairing.prefix_flag``)."""
    return bool(rules.prefix_flag) and type(wire) is dict and wire.get(rules.prefix_flag) is True


_ROLE = attrgetter("role")
# the turn of each of our roles (``ROLES``: system, user, assistant, tool): a system message
# goes to the system field, a tool message is a user turn
_TURN = dict(zip(ROLES, ("", "u", "a", "u")))


def split_turns(msgs: Tuple[Message, ...], target: str, rules: Pairing) -> List[Tuple[int, int]]:
    """The pairs ``(a, b)`` of consecutive messages of one role (a tool message is a
    user turn), each written back as it came (decoded from *target*, unchanged), that the
    writer keeps apart (``plan_turns``: one written fresh merges into the turn before it,
    as do results after a message of other content) and the provider refuses apart: any
    (``Pairing.same_role``: Bedrock), or two user ones both holding tool results
    (``Pairing.split_results``: Gemini). A run of three gives ``(a, b)`` and ``(b, c)``.
    A system message goes to the system field unless it is an in-line one written back
    as it came (Bedrock's ``role: "system"``). One pass."""
    out: List[Tuple[int, int]] = []
    if not (rules.same_role or rules.split_results):
        return out
    turns = "".join(map(_TURN.__getitem__, map(_ROLE, msgs)))  # (C loops: most histories alternate)
    if "aa" not in turns and "uu" not in turns:
        return out
    role: Optional[str] = None  # the role of the last turn
    last = -1  # its last message, when it is written back as it came (a head with nothing merged into it)
    other = False  # whether that turn holds more than tool results
    for i, m in enumerate(msgs):
        orig = m.original(target)
        if m.role == "system":
            if orig is not None and not isinstance(orig, Field):  # an in-line turn of its own
                role, last = "system", -1
            continue
        r = "assistant" if m.role == "assistant" else "user"
        mine = any(type(p) is not ToolResult for p in m.parts)
        if r == role and (orig is None or last < 0 or (other and not mine and m.parts)):
            last = -1  # written fresh into the turn before it (``plan_turns``)
            other = other or mine
            continue
        if r == role and refusal(m, rules) and (rules.same_role or msgs[last].results):
            out.append((last, i))
        role, last, other = r, (i if orig is not None else -1), mine
    return out


def refusal(m: Message, rules: Pairing) -> str:
    """The provider's refusal of the message *m* apart from the one before it of its role
    (``split_turns``), before it is known whether that one holds results."""
    if rules.same_role:
        return rules.same_role
    return rules.split_results if m.role != "assistant" and m.results else ""


def _apart(msgs: Tuple[Message, ...], a: int, b: int, rules: Pairing) -> str:
    if rules.same_role:
        return f"{an(msgs[b].role)} message comes right after another {msgs[a].role} message (message {a})"
    return f"tool results come in a message of their own right after those of message {a}"
