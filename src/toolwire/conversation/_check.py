"""``check_conversation``: call/result pairing before a provider refuses it
(``fix_conversation``, ``_fix``, mends what it finds; ``_order``, what a provider refuses
beside pairing in a history written back as it came).

A call is answered by a later result with its id (the earliest such call still
unanswered answers first; id-less calls, as Gemini sends them, by the first id-less
result of the same tool in the turn after theirs: Gemini pairs by position). An
id-less result of a tool no id-less call of which waits answers the oldest
unanswered call of that tool with an id in the same turn: Ollama addresses a result
by ``tool_name`` alone, whether its calls have ids or not
(https://github.com/ollama/ollama/blob/main/docs/api.md, "Chat request (with
tools)"); ``encode_conversation`` writes it with that call's id. The rule is
``_pairing.Pairer``, which the writer follows too. Problems, each with the wording
the target provider answers with where it is known:

- ``missing-result``: a call no result answers;
- ``orphan-result``: a result whose call is not before it (nor, after a part
  standing for items the provider stored, ``HistoryCodec.stored``: a Responses
  ``item_reference`` or ``previous_response_id``, may be stored there: one whose id no
  call before it has);
- ``stored-state``: for a target that cannot resolve that stored state (another
  dialect, not sharing its history codec), such a result, and a part continuing the state that the target does not
  drop (``previous_response_id``, ``conversation``): ``encode_conversation`` refuses
  both and ``fix_conversation`` leaves them (removing them would lose the earlier
  conversation, or real output); for its own dialect, a second such part continuing
  other state (one request continues one);
- ``duplicate-id``: a call id used again while the first call is unanswered (the
  results with that id answer the calls with it in order: DeepSeek, GLM);
- ``misplaced-result``: a result that does not come right after its call's turn
  (a new assistant turn between them; for Chat a user message between them; for
  Anthropic, in a message written back as it came, a result after other content in
  it; in a history written back as it came, any other message between them,
  ``Pairing.alternating`` included);
- ``wrong-role``: a call outside an assistant message, or a result in an assistant or
  system message (``encode_conversation`` refuses to write either);
- ``unwritable-call``: an invalid call ``encode_conversation`` refuses to write (no
  name, no argument text, or a target that carries arguments as an object);
- written back as it came: ``invalid-id`` (a call id the target's id rule refuses),
  ``unexpected-role`` (``Pairing.after_tool``, ``Pairing.after_assistant``), ``assistant-first``
  (``Pairing.user_first``, ``call_first``, ``alone``), ``assistant-last`` (``Pairing.last_assistant``) and
  ``prefix-not-last`` (``Pairing.prefix_last``), which a fresh write mends (``_order``), and
  ``split-turn`` (``Pairing.same_role``, ``split_results``: a message right after one of its
  role, which the writer keeps apart and the provider refuses apart), which
  ``fix_conversation`` and ``encode_conversation`` merge; ``refused-message`` (a message the
  target refuses as it came, ``Refusals.message``), which ``encode_conversation``
  writes fresh.

The rules and the provider's wordings are the judging dialect's
``HistoryCodec.pairing`` (a ``Pairing``), declared in its package; a dialect without a
history codec, or a history of no known dialect, is judged by pairing alone.
"""

from __future__ import annotations

from typing import AbstractSet, Any, Dict, List, Optional, Set, Tuple, Union

from .._builtin import history_of, own_name, registry_of
from .._dialect import Dialect, Pairing
from .._encode import encode
from .._errors import DecodeError, EncodeError, an
from .._ids import IdMap, IdRule
from .._registry import Registry
from .._types import InvalidToolCall, ToolCall, ToolResult
from ._decode import decode_conversation
from ._fresh import refused_messages, written_whole
from ._order import _order, _wording, whole_original
from ._pairing import Pairer, plan
from ._problems import Problem
from ._turns import Turns
from ._values import (
    Conversation,
    Other,
    continued_twice,
    stored,
    stored_calls,
    stored_id,
    unresolvable,
    unresolved,
)

__all__ = ["check_conversation"]


_NONE = Pairing()


def _conv(
    x: Any, dialect: Any, registry: Optional[Registry], source: Any = None
) -> Tuple[Conversation, Optional[str], Pairing, Optional[IdRule], Optional[Dialect]]:
    """The conversation (a raw *x* read as *source*; by default as *dialect*, else as
    the dialect detected: *dialect* only judges it), the name of the dialect whose
    rules judge it, those rules, its id rule and the dialect."""
    reg = registry_of(registry)  # a registry= of the wrong type is named before the input is read
    if type(x) is Conversation:
        conv = x
    elif source is None and dialect is not None:
        try:  # the history of the dialect that judges it, as a rule
            conv = decode_conversation(x, dialect, registry=registry)
        except DecodeError:  # another dialect's history, judged by these rules
            conv = decode_conversation(x, None, registry=registry)
    else:
        conv = decode_conversation(x, source, registry=registry)
    if isinstance(dialect, Dialect):
        d = dialect
    elif dialect is not None:
        d = reg.get(dialect)
    elif conv.dialect is not None and conv.dialect in reg:
        d = reg.get(conv.dialect)
    else:  # a history built by hand, or of a dialect this registry does not hold
        return conv, conv.dialect, _NONE, None, None
    return conv, d.name, _NONE if d.history is None else d.history.pairing, d.ids, d


def _who(id: Optional[str], name: Optional[str]) -> str:
    if not id:
        return f"{name!r} (no id)" if name else "an unnamed tool (no id)"
    return f"{id} ({name!r})" if name else id


Pairs = Dict[Tuple[int, int], Tuple[int, int]]  # (message, part) of a result -> of its call


Scan = Tuple[List[Problem], Pairs, List[Tuple[int, int, Any]], List[Tuple[int, int]], Set[Tuple[int, int]]]


def _scan(conv: Conversation, target: Optional[str], rules: Pairing, reg: Registry, writes: bool = True,
          own: Optional[str] = None) -> Scan:
    """``(problems, pairs, calls left unanswered, orphan results, misplaced results)`` in
    one pass. A result after a part standing for stored items (``HistoryCodec.stored``: a
    Responses ``item_reference``, ``previous_response_id``) whose id no call before it
    has may answer a call stored there, even if a later call reuses the id (Bedrock
    Mantle: ``call_0`` in every response): no orphan. (One whose id a call before it has
    answers that call or none: a second result for a call is an orphan.) A second
    request field continuing stored state (another
    ``previous_response_id``, or a ``conversation`` beside one: two histories appended)
    is ``stored-state`` for its own dialect: one request continues one. For a target
    that cannot resolve that state (another dialect with a history writer, *writes*),
    such a result, and a part continuing that state that the target does not drop
    (``HistoryCodec.state``), are ``stored-state``: written, ``encode_conversation``
    refuses them; fixed, nothing mends them. *own*: the name read (``_order``)."""
    problems: List[Problem] = []
    own = own or target
    state = _Stored(target if writes else None, reg, problems, own)
    orphans: List[Tuple[int, int]] = []
    misplaced: Set[Tuple[int, int]] = set()
    pairs: Pairs = {}
    pairer = Pairer(plan(conv.messages), conv.messages, reg)  # the pairing rule, shared with the writer (``_pairing``)
    msgs = conv.messages
    # written back as it came, each message stays one wire message: any other message between
    # the calls and their results stays between them (written fresh, Chat merges assistant
    # messages into the calls' message, and alternating dialects merge same-role turns). The
    # provider of an alternating dialect merges consecutive same-role turns itself (Anthropic:
    # "consecutive user or assistant turns in your request will be combined into a single
    # turn"): there, only a user message between them stays between them
    as_is = whole_original(conv, target, own) is not None and (rules.right_after or rules.alternating)
    turns = Turns(msgs, as_is, as_is and not rules.alternating, rules.unplaced)
    before = "assistant"  # the role of the message before (none before the first: no turn starts there)
    for i, m in enumerate(msgs):
        seen_other = False
        role = m.role
        if role == "assistant" and before != "assistant":  # (``starts_turn``, read in the loop)
            pairer.turn()  # id-less calls pair by position within the next turn only (Gemini)
        before = role
        for j, p in enumerate(m.parts):
            t = type(p)
            if t is ToolCall or t is InvalidToolCall:
                c: Any = p
                if role != "assistant":  # (``wrong_role``, read in the loop)
                    problems.append(Problem(
                        "wrong-role", i, c.id,
                        f"Message {i}: {an(m.role)} message holds the call {_who(c.id, c.name)}; calls belong to "
                        "assistant messages",
                    ))
                state.called.add(c.id)
                first = pairer.call(i, j, c)
                if first is not None:
                    problems.append(Problem(
                        "duplicate-id", i, c.id,
                        f"Message {i}: the call id {c.id} ({c.name!r}) is used again while the call of message "
                        f"{first[0]} is unanswered",
                    ))
            elif t is ToolResult:
                r: ToolResult = p  # type: ignore[assignment]
                if role != "user" and role != "tool":  # (``wrong_role``)
                    problems.append(Problem(
                        "wrong-role", i, r.id,
                        f"Message {i}: {an(m.role)} message holds the result for {_who(r.id, r.name)}; results "
                        "belong to user or tool messages",
                    ))
                got = pairer.result(r, i, j)
                if got is None and state.behind is not None and state.stored_call(i, r):
                    continue
                if got is None:
                    orphans.append((i, j))
                    problems.append(Problem(
                        "orphan-result", i, r.id,
                        f"Message {i}: the result for {_who(r.id, r.name)} answers no call before it"
                        + _wording(rules.orphan, target, r.id),
                    ))
                    continue
                pairs[(i, j)] = (got[0], got[1])
                # (a result with an id is unplaced only if flagged: provider data asked of those only)
                loose = bool(turns.flag) and (r.id is None or bool(r.provider_data)) and turns.unplaced(
                    msgs, got[0], i, got[2], r, own)
                why = turns.misplaced(msgs, got[0], i, target, rules, seen_other, own, loose)
                if why:
                    misplaced.add((i, j))
                    problems.append(Problem(
                        "misplaced-result", i, r.id,
                        f"Message {i}: the result for {_who(r.id, got[2].name)} (call in message {got[0]}) {why}",
                    ))
            else:
                seen_other = True
                if t is Other and stored(p, history_of(p.dialect, reg)):  # type: ignore[union-attr, arg-type]
                    state.part(i, p)  # type: ignore[arg-type]
    left = pairer.left()
    for i, _j, c in left:
        problems.append(Problem(
            "missing-result", i, c.id,
            f"Message {i}: the call {_who(c.id, c.name)} has no result" + _wording(rules.missing, target, c.id),
        ))
    problems.sort(key=lambda p: p.index)
    return problems, pairs, left, orphans, misplaced


class _Stored:
    """The parts standing for stored items (``stored``) met so far in ``_scan``, judged
    for *target* (``None``: no writer judges them), their problems put in *problems*."""

    __slots__ = ("target", "own", "reg", "problems", "behind", "called", "continued")

    def __init__(self, target: Optional[str], reg: Registry, problems: List[Problem], own: Optional[str]) -> None:
        self.target, self.own, self.reg, self.problems = target, own, reg, problems
        self.behind: Optional[Tuple[int, Other]] = None  # the latest one that may stand for a call, and its message
        self.called: Set[Any] = set()  # the ids of the calls met so far (``_scan`` adds them)
        self.continued: Optional[Tuple[int, str, Any]] = None  # the target's first field continuing the state

    def part(self, i: int, o: Other) -> None:
        """The part *o* (``stored``) of message *i*: a target of another dialect cannot
        resolve it (a request field it does not drop, ``HistoryCodec.state``), nor its
        own dialect a second field (one request continues one stored state)."""
        target = self.target
        h = history_of(o.dialect, self.reg)
        if stored_calls(o, h):  # (a result after it may answer a call there)
            self.behind = (i, o)
        if target is None or h is None or o.type in h.state:  # (dropped elsewhere: its results are judged)
            return
        if self._foreign(o):
            self.problems.append(Problem("stored-state", i, None, unresolvable(o, i, target)))
            return
        now = (o.type, stored_id(o.data.get(o.type)))
        if self.continued is None:
            self.continued = (i, *now)
        elif self.continued[1:] != now:
            at, *was = self.continued
            self.problems.append(Problem("stored-state", i, None, continued_twice(target, i, now, at, tuple(was))))

    def _foreign(self, o: Other) -> bool:
        """Whether the target cannot resolve the stored state *o* stands for: it is of
        another dialect, whose history codec the target does not share (a dialect derived
        with ``dataclasses.replace``, docs/custom-dialects.md, shares it: its parts are
        decoded with the name of the dialect it came from)."""
        t = self.own
        if self.target is None or t is None or o.dialect == t:
            return False
        h = self.reg.get(t).history if t in self.reg else None
        return h is None or h is not history_of(o.dialect, self.reg)

    def stored_call(self, i: int, r: ToolResult) -> bool:
        """Whether the result *r* of message *i*, which answers no call of the history
        before it, may answer a call stored behind (``behind``): its id is no call's before
        it (a second result for a call is no stored call's; a later call may reuse the id:
        Bedrock Mantle's Responses API gives ``call_0`` in every response);
        ``stored-state`` for a target of another dialect, which cannot resolve it."""
        if r.id is None or r.id in self.called:
            return False
        k, q = self.behind  # type: ignore[misc]
        if self.target is not None and self._foreign(q):
            self.problems.append(Problem("stored-state", i, r.id, unresolved(_who(r.id, r.name), i, q, k,
                                                                             self.target)))
        return True


def check_conversation(
    x: Any,
    dialect: Union[str, Dialect, None] = None,
    *,
    source: Union[str, Dialect, None] = None,
    registry: Optional[Registry] = None,
) -> List[Problem]:
    """The pairing problems of the history *x* (a ``Conversation`` or anything
    ``decode_conversation`` reads, as *source*: detected by default), judged by the
    rules of *dialect* (default: the dialect it came from); an empty list when the
    history is valid."""
    conv, target, rules, ids, d = _conv(x, dialect, registry, source)
    own = target if d is None else own_name(d)  # the name its messages decoded carry
    found = _scan(conv, target, rules, registry_of(registry), d is None or d.history is not None, own)[0]
    found += _order(conv, target, rules, ids, own)
    whole, fresh = refused_messages(conv, d)
    found += [Problem("refused-message", i, None, f"Message {i}: {said}, written back as it came "
                                                  "(encode_conversation writes it fresh)") for i, said in fresh]
    found += [Problem("unwritable-call", i, c.id, _unwritten(i, c, target, said))
              for i, _j, c, said in _unwritable(conv, d, {i for i, _said in fresh}, whole)]
    return sorted(found, key=lambda p: p.index)


def _unwritable(conv: Conversation, d: Optional[Dialect], fresh: AbstractSet[int] = frozenset(),
                whole: Optional[bool] = None) -> List[Tuple[int, int, InvalidToolCall, str]]:
    """The invalid calls ``encode_conversation`` refuses to write for *d* (``None``: for
    any target), each with why: one without a name or without argument text, and,
    where *d* carries arguments as an object, any (docs/conversations.md, "Invalid
    calls": ``{}`` would be a call the model never made). A message written back as it
    came is no concern: its wire goes as it is (unless *d* refuses it as it came, *fresh*:
    ``refused_messages``), nor a history written back whole (*whole*, ``written_whole``;
    ``None``: asked here); nor is any, for a target with no history writer (a text format,
    ``mcp``, ``canonical``: ``encode_conversation`` refuses it whole)."""
    out: List[Tuple[int, int, InvalidToolCall, str]] = []
    if d is not None and (d.history is None or (written_whole(conv, d) is not None if whole is None else whole)):
        return out
    own = own_name(d) if d is not None else None
    for i, m in enumerate(conv.messages):
        if own is not None and m.original(own) is not None and i not in fresh:
            continue
        for j, p in enumerate(m.parts):
            if type(p) is InvalidToolCall:
                said = _refused(p, d)
                if said:
                    out.append((i, j, p, said))
    return out


def _refused(c: InvalidToolCall, d: Optional[Dialect]) -> str:
    """Why the invalid call *c* cannot be written to *d* (``""``: it can), as
    ``encode`` says it; the call as written with a plain name and no provider data,
    which the writer maps or notes."""
    if not c.name:
        return "it has no name"
    if c.raw is None:
        return "it has no argument text"
    if d is None:
        return ""
    try:
        encode(c.replace(name="tool", provider_data={}), d, ids=IdMap(d.ids))
    except EncodeError as exc:
        said = str(exc)
        return f"{d.name} carries arguments as an object" if "carries arguments" in said else said.replace(
            "'tool'", repr(c.name))
    return ""


def _unwritten(i: int, c: InvalidToolCall, target: Optional[str], said: str) -> str:
    who = f"the invalid call {_who(c.id, c.name)}" if c.id or c.name else "an invalid call with no name or id"
    return f"Message {i}: {who} cannot be written {'to ' + target if target else 'to any target'}: {said}"
