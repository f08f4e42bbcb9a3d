"""``check_conversation`` / ``fix_conversation``: call/result pairing before a
provider refuses it.

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
  ``prefix-not-last`` (``Pairing.prefix_last``), which a fresh write mends (``_order``).

The rules and the provider's wordings are the judging dialect's
``HistoryCodec.pairing`` (a ``Pairing``), declared in its package; a dialect without a
history codec, or a history of no known dialect, is judged by pairing alone.
"""

from __future__ import annotations

from bisect import bisect
from collections import defaultdict
from typing import Any, Dict, List, Optional, Set, Tuple, Union

from .._builtin import history_of, registry_of
from .._dialect import Dialect, Pairing
from .._encode import encode
from .._errors import DecodeError, EncodeError, an, excerpt
from .._ids import IdMap, IdRule
from .._registry import Registry
from .._types import InvalidToolCall, ToolCall, ToolResult
from ._api import decode_conversation
from ._pairing import Pairer, paired, plan
from ._problems import Problem
from ._values import (
    Conversation,
    Message,
    Other,
    Reasoning,
    continued_twice,
    starts_turn,
    stored,
    stored_calls,
    stored_id,
    unresolvable,
    unresolved,
    wrong_role,
)

__all__ = ["check_conversation", "fix_conversation"]


def _wording(text: str, target: Optional[str], id: Optional[str]) -> str:
    return f"; {target} answers: {text.replace('{id}', id or '')}" if text else ""


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


def _scan(conv: Conversation, target: Optional[str], rules: Pairing, reg: Registry, writes: bool = True) -> Scan:
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
    refuses them; fixed, nothing mends them."""
    problems: List[Problem] = []
    state = _Stored(target if writes else None, reg, problems)
    orphans: List[Tuple[int, int]] = []
    misplaced: Set[Tuple[int, int]] = set()
    pairs: Pairs = {}
    pairer = Pairer(plan(conv.messages))  # the pairing rule, shared with the writer (``_pairing``)
    msgs = conv.messages
    # written back as it came, each message stays one wire message: any other message between
    # the calls and their results stays between them (written fresh, Chat merges assistant
    # messages into the calls' message, and alternating dialects merge same-role turns). The
    # provider of an alternating dialect merges consecutive same-role turns itself (Anthropic:
    # "consecutive user or assistant turns in your request will be combined into a single
    # turn"): there, only a user message between them stays between them
    as_is = target is not None and conv.original(target) is not None and (rules.right_after or rules.alternating)
    turns = _Turns(msgs, as_is, as_is and not rules.alternating)
    for i, m in enumerate(msgs):
        seen_other = False
        if starts_turn(msgs, i):
            pairer.turn()  # id-less calls pair by position within the next turn only (Gemini)
        for j, p in enumerate(m.parts):
            t = type(p)
            if t is ToolCall or t is InvalidToolCall:
                c: Any = p
                if wrong_role(m.role, c):
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
                if wrong_role(m.role, r):
                    problems.append(Problem(
                        "wrong-role", i, r.id,
                        f"Message {i}: {an(m.role)} message holds the result for {_who(r.id, r.name)}; results "
                        "belong to user or tool messages",
                    ))
                got = pairer.result(r)
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
                why = turns.misplaced(msgs, got[0], i, target, rules, seen_other)
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

    __slots__ = ("target", "reg", "problems", "behind", "called", "continued")

    def __init__(self, target: Optional[str], reg: Registry, problems: List[Problem]) -> None:
        self.target, self.reg, self.problems = target, reg, problems
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
        t = self.target
        if t is None or o.dialect == t:
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


def _order(conv: Conversation, target: Optional[str], rules: Pairing, ids: Optional[IdRule]) -> List[Problem]:
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
    written message by message, the flag is dropped). A message is judged by the one
    written before it: a system message written fresh after an assistant or tool message
    moves up (``Pairing.after_assistant``), a message written fresh is written as its
    role, as tool messages or not at all (``_written``)."""
    out: List[Problem] = []
    msgs = conv.messages
    if target is None:
        return out
    if (rules.user_first or rules.call_first or rules.alone) and conv.original(target) is not None:
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
    if rules.prefix_last and conv.original(target) is not None:
        said = _wording(rules.prefix_last, target, None)
        out.extend(Problem("prefix-not-last", i, None, f"Message {i}: an assistant message with 'prefix': true is not "
                                                       f"the last message{said}")
                   for i, m in enumerate(msgs[:-1]) if m.role == "assistant" and _prefix(m.original(target), rules))
    if rules.last_assistant and msgs:
        out.extend(_last(msgs, target, rules))
    prev: Optional[str] = None  # the role of the message written before this one
    neighbours = bool(rules.after_tool or rules.after_assistant)  # (only these rules read *prev*)
    for i, m in enumerate(msgs):
        if m.original(target) is None:
            if neighbours and not (rules.after_assistant and m.role == "system" and prev in ("assistant", "tool")):
                prev = _written(m, target) or prev  # (else moved up)
            continue
        before, prev = prev, m.role
        if rules.after_tool and m.role in ("user", "system") and before == "tool":
            said = _wording(rules.after_tool.replace("{role}", m.role), target, None)
            out.append(Problem("unexpected-role", i, None,
                               f"Message {i}: {an(m.role)} message comes right after a tool message{said}"))
        if rules.after_assistant and m.role == "system" and before == "assistant":
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


def _last(msgs: Tuple[Message, ...], target: str, rules: Pairing) -> List[Problem]:
    """A last message that is an assistant message of text written back as it came without
    ``"prefix": true`` (``Pairing.last_assistant``; written fresh, it is written as a
    prefix); system messages after it written fresh move up (``Pairing.after_assistant``)."""
    last = len(msgs) - 1
    while rules.after_assistant and last > 0 and msgs[last].role == "system" and msgs[last].original(target) is None:
        last -= 1
    m = msgs[last]
    wire = m.original(target)
    if m.role != "assistant" or m.calls or wire is None or _prefix(wire, rules):
        return []
    said = _wording(rules.last_assistant, target, None)
    return [Problem("assistant-last", last, None, f"Message {last}: the history ends with an assistant message{said}")]


def _prefix(wire: Any, rules: Pairing) -> bool:
    """Whether a message as it came is a prefix (``Pairing.prefix_flag``)."""
    return bool(rules.prefix_flag) and type(wire) is dict and wire.get(rules.prefix_flag) is True


class _Turns:
    """For each message, where the next assistant turn and the next non-result user or
    tool content begin (one backward pass, so that each check is O(1)). *as_is*: each
    message is written as it came; *assistants*: and an assistant message is content too
    (no one merges it into the calls' message)."""

    def __init__(self, msgs: Tuple[Message, ...], as_is: bool = False, assistants: bool = False) -> None:
        n = len(msgs)
        self.as_is = as_is
        self.next_turn = [n] * (n + 1)  # first assistant message after a non-assistant one, from k on
        self.next_content = [n] * (n + 1)  # first message with more than results (as_is: any role), from k on
        next_assistant = n
        for k in range(n - 1, -1, -1):
            m = msgs[k]
            if m.role == "assistant":
                next_assistant = k
                self.next_turn[k] = self.next_turn[k + 1]
                self.next_content[k] = k if assistants else self.next_content[k + 1]
            else:
                self.next_turn[k] = next_assistant
                rest = any(type(p) is not ToolResult for p in m.parts)
                self.next_content[k] = k if rest else self.next_content[k + 1]

    def misplaced(
        self, msgs: Tuple[Message, ...], c: int, r: int, target: Optional[str], rules: Pairing, seen_other: bool
    ) -> str:
        if r == c:
            return "is in the same message as its call"
        # (a call outside an assistant message: an assistant message right after it begins a later turn)
        turn = c + 1 if msgs[c].role != "assistant" and c + 1 < len(msgs) and msgs[c + 1].role == "assistant" \
            else self.next_turn[c + 1]
        content = self.next_content[c + 1] if rules.right_after or self.as_is else len(msgs)
        if content < r and content < turn:
            need = "the tool messages right after the call" if rules.right_after else (
                "the results in the turn right after the call's")
            return f"comes after {an(msgs[content].role)} message; {target} needs {need}"
        if turn < r:
            return "comes after a later assistant turn"
        if rules.results_first and seen_other and target is not None and msgs[r].original(target) is not None:
            # (written fresh, the writer puts the results first: only a message written back as it came keeps them
            # after its other content)
            return f"comes after other content in its message; {target} needs tool results first"
        return ""


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
    found = _scan(conv, target, rules, registry_of(registry), d is None or d.history is not None)[0]
    found += _order(conv, target, rules, ids)
    found += [Problem("unwritable-call", i, c.id, _unwritten(i, c, target, said))
              for i, _j, c, said in _unwritable(conv, d)]
    return sorted(found, key=lambda p: p.index)


def _unwritable(conv: Conversation, d: Optional[Dialect]) -> List[Tuple[int, int, InvalidToolCall, str]]:
    """The invalid calls ``encode_conversation`` refuses to write for *d* (``None``: for
    any target), each with why: one without a name or without argument text, and,
    where *d* carries arguments as an object, any (docs/conversations.md, "Invalid
    calls": ``{}`` would be a call the model never made). A message written back as it
    came is no concern: its wire goes as it is; nor is any, for a target with no history
    writer (a text format, ``mcp``, ``canonical``: ``encode_conversation`` refuses it whole)."""
    out: List[Tuple[int, int, InvalidToolCall, str]] = []
    if d is not None and (d.history is None or conv.original(d.name) is not None):
        return out
    for i, m in enumerate(conv.messages):
        if d is not None and m.original(d.name) is not None:
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


def _gone(conv: Conversation, d: Optional[Dialect], target: Optional[str], pairs: Pairs,
          rebuilt: List[int], changes: List[Problem]) -> Set[Tuple[int, int]]:
    """The parts ``fix_conversation`` removes as unwritable (``_unwritable``): the invalid
    calls *d* cannot write, each with the results answering it (*pairs*), each change
    added to *changes*. A message written back as it came that fix rebuilds (*rebuilt*:
    its orphan or misplaced results go; or a removed call's result) is then written
    fresh, so its invalid calls are judged as fresh ones: removed in the same pass, so
    that the fixed history is clean and can be written. Each message is looked at once."""
    msgs = conv.messages
    gone: Set[Tuple[int, int]] = set()
    answers: Dict[Tuple[int, int], List[Tuple[int, int]]] = defaultdict(list)  # call -> its results
    for spot, call in pairs.items():
        answers[call].append(spot)
    seen: Set[int] = set()
    todo = list(rebuilt)

    def remove(i: int, j: int, c: InvalidToolCall, said: str) -> None:
        gone.add((i, j))
        changes.append(Problem("removed", i, c.id, _unwritten(i, c, target, said) + "; it is removed"))
        for spot in answers.get((i, j), ()):
            gone.add(spot)
            todo.append(spot[0])
            r = msgs[spot[0]].parts[spot[1]]
            changes.append(Problem("removed", spot[0], r.id, f"Message {spot[0]}: the result for "  # type: ignore[union-attr]
                                   f"{_who(r.id, r.name)}, which answers a removed invalid call, is removed"))  # type: ignore[union-attr]

    for i, j, c, said in _unwritable(conv, d):
        seen.add(i)
        remove(i, j, c, said)
    if d is None or d.history is None:
        return gone
    while todo:  # a message written as it came, rebuilt: written fresh
        i = todo.pop()
        if i in seen:
            continue
        seen.add(i)
        for j, p in enumerate(msgs[i].parts):
            if type(p) is InvalidToolCall and (i, j) not in gone:
                said = _refused(p, d)
                if said:
                    remove(i, j, p, said)
    return gone


def _unwritten(i: int, c: InvalidToolCall, target: Optional[str], said: str) -> str:
    who = f"the invalid call {_who(c.id, c.name)}" if c.id or c.name else "an invalid call with no name or id"
    return f"Message {i}: {who} cannot be written {'to ' + target if target else 'to any target'}: {said}"


def _fresh(m: Message, parts: Optional[List[Any]] = None) -> Message:
    """*m* written fresh (with *parts* instead of its own, if given): its wire kept, its
    role there cleared (``Message.original`` is ``None``), so that what the wire held
    beside its parts (a participant name, a block's ``cache_control``) is noted dropped
    when it is written, as for any decoded message written fresh (``_api._unsent``)."""
    w = m.wire
    return Message(m.role, m.parts if parts is None else parts, wire=None if w is None else (*w[:2], None, *w[3:]))


def _turn_numbers(msgs: Tuple[Message, ...]) -> List[int]:
    """Per message, how many assistant turns (``starts_turn``) have begun up to it."""
    out: List[int] = []
    turns = 0
    for i in range(len(msgs)):
        turns += starts_turn(msgs, i)
        out.append(turns)
    return out


def _turn_ends(msgs: Tuple[Message, ...]) -> List[int]:
    """Per message, the last message of its assistant turn (``starts_turn``): the one
    before the next turn begins."""
    out = [len(msgs) - 1] * len(msgs)
    for i in range(len(msgs) - 2, -1, -1):
        out[i] = i if starts_turn(msgs, i + 1) else out[i + 1]
    return out


def _rebuilt(
    msgs: Tuple[Message, ...], pairs: Pairs, misplaced: Set[Tuple[int, int]], moving: Set[Tuple[int, int]],
    left: List[Tuple[int, int, Any]], drop: Set[Tuple[int, int]], ends: List[int], error: str, track: bool,
    late: Optional[List[int]] = None,
) -> Tuple[List[Message], List[int], List[List[Tuple[int, int]]], Pairs, List[Problem]]:
    """``fix_conversation``'s messages with the misplaced results *moving* moved (the others
    stay where they are), the parts of *drop* left out and *left* answered with *error*:
    ``(messages, the input index of each, where each part stood, the call each result
    should answer (an error result by its key (-1, k)), changes)``; where each part stood
    only if *track* (``_handed`` reads it; with nothing misplaced, it is empty). With
    *late* (per message, the last message of its turn), the error result of a call outside
    an assistant message goes after its turn's last message, past the turn's results."""
    want: Pairs = dict(pairs)
    done: List[Problem] = []
    if len(moving) < len(misplaced):  # those that stay are kept where they are
        drop = drop - (misplaced - moving)
    # Where a result goes: an id-less result answers by tool name and position (Gemini,
    # Ollama), so the results answering a turn keep their order among themselves: a moved
    # result goes right before the first result in place that came after it, else right
    # after the last result in place (an error result always: the calls no result answered
    # are each tool's last), in its message when that holds other content (the results
    # go before it), else in a tool message right after the turn.
    # run -> its results in place, in order (one in an assistant or system message, a wrong
    # role: ``wrong_role``, places none; nor one after a later turn began: a call outside an
    # assistant message, a wrong role too, may be answered there without being misplaced)
    placed: Dict[int, List[Tuple[int, int]]] = defaultdict(list)
    turn_no: List[int] = []  # per message, the assistant turns begun up to it (only if needed)
    for spot, (ci, _cj) in pairs.items():
        if spot in misplaced or msgs[spot[0]].role not in ("user", "tool"):
            continue
        if msgs[ci].role != "assistant":
            turn_no = turn_no or _turn_numbers(msgs)
            if turn_no[spot[0]] != turn_no[ci]:
                continue
        placed[ends[ci]].append(spot)
    before: Dict[Tuple[int, int], List[Any]] = defaultdict(list)  # (message, part) -> results put before it
    after: Dict[int, List[Any]] = defaultdict(list)  # message -> results in a tool message after it
    mixed: Dict[int, bool] = {}  # message -> whether it holds other content than results

    def put(ci: int, r: Any, spot: Optional[Tuple[int, int]]) -> None:
        here = placed.get(ends[ci])
        if not here:
            after[ends[ci]].append(r)
            return
        k = len(here) if spot is None else bisect(here, spot)
        if k < len(here):
            before[here[k]].append(r)
            return
        i, j = here[-1]
        beside = mixed.get(i)
        if beside is None:  # (once per message: a turn may take many results)
            beside = mixed[i] = any(type(q) is not ToolResult for q in msgs[i].parts)
        if beside:  # beside content: in its message, right after it
            before[(i, j + 1)].append(r)
        else:
            after[i].append(r)

    for spot, (ci, _cj) in pairs.items():
        if spot in moving:
            ri = spot[0]
            r = msgs[ri].parts[spot[1]]
            put(ci, (r, spot), spot)
            who = _who(r.id, r.name)  # type: ignore[union-attr]
            done.append(Problem("moved", ri, r.id, f"Message {ri}: the result for {who} is moved right after "  # type: ignore[union-attr]
                                                      f"its call (message {ci})"))
    for i, _j, c in left:
        answer = (ToolResult(c.id, c.name, error, True), (-1, len(want)))  # its checks: a lone surrogate
        if late is not None and msgs[i].role != "assistant":
            after[late[i]].append(answer)
        else:
            put(i, answer, None)
        want[(-1, len(want))] = (i, _j)
        done.append(Problem("answered", i, c.id, f"Message {i}: the call {_who(c.id, c.name)} is answered with "
                                                    "an error result"))
    out: List[Message] = []
    src: List[int] = []  # the input index of each message of *out* (an error results' message: its turn's)
    where: List[List[Tuple[int, int]]] = []  # per part of *out*, where it stood (an error result: its key in *want*)
    touched = {k[0] for k in drop} | {k[0] for k in before}
    for i, m in enumerate(msgs):
        del src[len(out):]  # (a message left out of *out*)
        del where[len(out):]
        src.extend((i, i))  # it, and the tool message of error results after it
        if i in touched:
            parts: List[Any] = []
            spots: List[Tuple[int, int]] = []
            for j, q in enumerate(m.parts):
                for r, at in before.get((i, j), ()):
                    parts.append(r)
                    spots.append(at)
                if (i, j) not in drop:
                    parts.append(q)
                    spots.append((i, j))
            for r, at in before.get((i, len(m.parts)), ()):
                parts.append(r)
                spots.append(at)
            if parts:  # (what its wire held beside its parts is noted dropped where it is written)
                out.append(_fresh(m, parts))
                if track:
                    where.append(spots)
        else:
            out.append(m)
            if track:
                where.append([(i, j) for j in range(len(m.parts))])
        if after.get(i):
            out.append(Message("tool", [r for r, _at in after[i]]))
            if track:
                where.append([at for _r, at in after[i]])
    return out, src, where, want, done


def _handed(msgs: Tuple[Message, ...], out: List[Message], where: List[List[Tuple[int, int]]], want: Pairs) -> Set[Any]:
    """Where the results of *out* that answer another call than *want* says stood (an
    error result: its key), or none (``_pairing.Pairer``, paired again: linear)."""
    got: Pairs = {where[i][j]: where[at[0]][at[1]] for i, j, _p, at in paired(out) if at is not None}
    bad: Set[Any] = set()
    for k, c in want.items():
        g = got.get(k)
        if g != c and k[0] >= 0:  # (error results all say the same: one answering another such call is no matter)
            was = msgs[c[0]].parts[c[1]]
            now = None if g is None else msgs[g[0]].parts[g[1]]
            # (a call of the same tool with the same id: the wire tells them apart by place only)
            if now is None or was.id is None or (now.id, now.name) != (was.id, was.name):  # type: ignore[union-attr]
                bad.add(k)
    return bad


ERROR_TEXT = "Error: this tool call was not run (its result is missing from the history)."


def fix_conversation(
    x: Any,
    dialect: Union[str, Dialect, None] = None,
    *,
    error: str = ERROR_TEXT,
    source: Union[str, Dialect, None] = None,
    registry: Optional[Registry] = None,
) -> Tuple[Conversation, List[Problem]]:
    """``(fixed conversation, changes)``: a call without its result is answered with
    an error result (*error*, ``is_error=True``), a result without its call is
    removed, a misplaced result is moved right after its call's turn (unless the move
    would make a result answer another call: it then stays); each change is
    reported (``answered``, ``removed``, ``moved``); what depends on state the provider
    stored that the target cannot resolve (``stored-state``) is left; an assistant
    message written back as it came left last, where the target takes none
    (``Pairing.last_assistant``: Mistral), is made fresh, so that it is written as a
    prefix (``rewritten``); a body written back whole as it came that starts with an
    assistant message or has a prefix not last (``assistant-first``, ``prefix-not-last``)
    is written message by message, which mends it (``rewritten``, at that message); an
    invalid call the target cannot write (``unwritable-call``) is removed with the
    results answering it (``removed``). A
    message rebuilt keeps its wire with its role cleared, so that what it held beside its
    parts is noted dropped where it is written. Duplicate ids and parts in the
    wrong role are not changed (they stay in ``check_conversation``'s findings). A raw
    *x* is read as *source* (detected by default), as ``check_conversation`` reads it.
    *error* is non-empty text (``DecodeError`` otherwise, before *x* is read)."""
    if type(error) is not str or not error:  # 5 made a ToolResult no constructor would
        raise DecodeError(f"error= must be a non-empty string, got {an(type(error).__name__)} {excerpt(error)}")
    conv, target, rules, _ids, d = _conv(x, dialect, registry, source)
    _problems, pairs, left, orphans, misplaced = _scan(conv, target, rules, registry_of(registry),
                                                       d is None or d.history is not None)
    msgs = conv.messages
    changes: List[Problem] = []
    gone = _gone(conv, d, target, pairs, [k[0] for k in orphans] + [k[0] for k in misplaced], changes)
    if gone:  # the invalid calls *dialect* (or no target) cannot write, and the results answering them
        left = [k for k in left if (k[0], k[1]) not in gone]
        for spot in [spot for spot, call in pairs.items() if call in gone]:
            del pairs[spot]
            misplaced.discard(spot)
    ends = list(range(len(msgs)))  # the last message of the assistant run (the turn) each message is in
    for k in range(len(msgs) - 2, -1, -1):  # (a call in another message: its run ends with it)
        if msgs[k + 1].role == "assistant" and msgs[k].role == "assistant":
            ends[k] = ends[k + 1]

    drop: Set[Tuple[int, int]] = set(orphans) | misplaced | gone
    for i, j in orphans:
        r = msgs[i].parts[j]
        changes.append(Problem("removed", i, r.id, f"Message {i}: the result for {_who(r.id, r.name)}, which "  # type: ignore[union-attr]
                                                   "answers no call, is removed"))
    # A move never hands a result to another call: the fixed history is paired again, and
    # where a result answers another call than it did (but one of the same tool with the
    # same id: the wire tells them apart by place only), the moves of such results are left
    # undone, then those of all misplaced results with their ids, then all (a reused id with a
    # call in the wrong role: a result moved right after that call may go ahead of the one
    # answering the id's earlier call); the pass that leaves fewest results answering
    # another call is kept (error results' placing may too: then those of calls outside an
    # assistant message go after their turn's results, if that hands fewer). A result left is
    # still misplaced: ``check_conversation`` says so. At most five passes.
    moving = misplaced
    best: Any = None
    # (an error result of a call outside an assistant message, after results of its turn, is put right after
    # it: ahead of a kept result by tool name and position, it may take that result's call)
    wrong = any(msgs[k[0]].role != "assistant" for k in left)
    for tries in range(4):
        built = _rebuilt(msgs, pairs, misplaced, moving, left, drop, ends, error, bool(misplaced) or wrong)
        bad = _handed(msgs, built[0], built[2], built[3]) if misplaced or wrong else set()
        if best is None or len(bad) < best[0]:  # (a pass that mends none of them keeps the moves)
            best = (len(bad), built, moving)
        if not bad or not moving:
            break
        was = moving
        if tries == 0:
            moving = moving - bad
        if moving == was:
            ids = {msgs[k[0]].parts[k[1]].id for k in bad}
            moving = {k for k in moving if msgs[k[0]].parts[k[1]].id not in ids}  # type: ignore[union-attr]
        if moving == was:
            moving = set()
    if best[0] and wrong:  # such error results after their turn's results instead, if that hands fewer
        built = _rebuilt(msgs, pairs, misplaced, best[2], left, drop, ends, error, True, _turn_ends(msgs))
        bad = _handed(msgs, built[0], built[2], built[3])
        if len(bad) < best[0]:
            best = (len(bad), built, best[2])
    out, src, _where, _want, done = best[1]
    changes += done
    if target is not None and rules.last_assistant and out:
        for p in _last(tuple(out), target, rules):  # the last message now: written fresh, a prefix
            m, i = out[p.index], src[p.index]
            out[p.index] = _fresh(m)
            changes.append(Problem("rewritten", i, None, f"Message {i}: the assistant message is now the last one "
                                   "and is written fresh, as a prefix" + _wording(rules.last_assistant, target, None)))
    whole = rules.user_first or rules.call_first or rules.alone or rules.prefix_last
    if target is not None and whole and conv.original(target) is not None:  # a body written back whole as it came
        for p in _order(conv, target, rules, None):  # the fixed history is written message by message
            if p.kind in _WHOLE:
                changes.append(Problem("rewritten", p.index, None, f"Message {p.index}: the history is no longer "
                                       "written back whole as it came but message by message, so that "
                                       f"{_WHOLE[p.kind]} (check_conversation: {p.kind})"))
    changes.sort(key=lambda p: p.index)
    return Conversation(out, dialect=conv.dialect), changes


#: what a history written back whole as it came is flagged for (``_order``), mended by
#: writing it message by message, as ``fix_conversation``'s output is
_WHOLE = {"assistant-first": "a user message goes before this assistant message",
          "prefix-not-last": "this assistant message goes without its prefix flag"}
