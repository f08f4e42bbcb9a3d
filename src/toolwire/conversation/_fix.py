"""``fix_conversation``: the history ``check_conversation`` judges (``_check._scan``), with
each call answered, each orphan removed and each misplaced result moved into its call's
turn, unless a move or an error result placed so would make a kept result answer another
call (the fixed history is paired again, ``_handed``).
"""

from __future__ import annotations

from bisect import bisect
from collections import defaultdict
from typing import Any, Dict, List, Optional, Set, Tuple, Union

from .._builtin import own_name, registry_of
from .._dialect import Dialect, Pairing
from .._errors import DecodeError, an, excerpt
from .._registry import Registry
from .._types import InvalidToolCall, ToolResult
from ._check import Pairs, _conv, _refused, _scan, _unwritable, _unwritten, _who
from ._fresh import refused_messages
from ._order import _last, _order, _wording, refusal, split_turns, whole_original
from ._pairing import paired
from ._problems import Problem
from ._turns import flagged
from ._values import Conversation, Message, starts_turn

__all__ = ["ERROR_TEXT", "fix_conversation"]


def _gone(conv: Conversation, d: Optional[Dialect], target: Optional[str], pairs: Pairs,
          rebuilt: List[int], changes: List[Problem], whole: Optional[bool] = None) -> Set[Tuple[int, int]]:
    """The parts ``fix_conversation`` removes as unwritable (``_unwritable``): the invalid
    calls *d* cannot write, each with the results answering it (*pairs*), each change
    added to *changes*. A message written back as it came that fix rebuilds (*rebuilt*:
    its orphan or misplaced results go; or a removed call's result) is then written
    fresh, so its invalid calls are judged as fresh ones: removed in the same pass, so
    that the fixed history is clean and can be written. Each message is looked at once
    (*whole*: whether the history is written back whole, ``refused_messages``; ``None``: asked)."""
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

    for i, j, c, said in _unwritable(conv, d, frozenset(), whole):
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


def _fresh(m: Message, parts: Optional[List[Any]] = None) -> Message:
    """*m* written fresh (with *parts* instead of its own, if given): its wire kept, its
    role there cleared (``Message.original`` is ``None``), so that what the wire held
    beside its parts (a participant name, a block's ``cache_control``) is noted dropped
    when it is written, as for any decoded message written fresh (``_encode._unsent``)."""
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
    late: Optional[List[int]] = None, unplaced: str = "", own: Optional[str] = None,
) -> Tuple[List[Message], List[int], List[List[Tuple[int, int]]], Pairs, List[Problem]]:
    """``fix_conversation``'s messages with the misplaced results *moving* moved (the others
    stay where they are), the parts of *drop* left out and *left* answered with *error*:
    ``(messages, the input index of each, where each part stood, the call each result
    should answer (an error result by its key (-1, k)), changes)``; where each part stood
    only if *track* (``_handed`` reads it; with nothing misplaced, it is empty). With
    *late* (per message, the last message of its turn), the error result of a call outside
    an assistant message goes after its turn's last message, past the turn's results.
    *unplaced*, *own*: ``Pairing.unplaced`` and the name the target's parts carry (an error
    result answering a call it flags is id-less)."""
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
        # (a call the provider answers by an unplaced message, ``Pairing.unplaced``: an id-less one,
        # which it does not place, as the writer writes it; Chat: a legacy call with an id stays one)
        rid = None if unplaced and flagged(c, own, unplaced) else c.id
        answer = (ToolResult(rid, c.name, error, True), (-1, len(want)))  # its checks: a lone surrogate
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


def _handed(msgs: Tuple[Message, ...], out: List[Message], where: List[List[Tuple[int, int]]], want: Pairs,
            registry: Optional[Registry] = None) -> Set[Any]:
    """Where the results of *out* that answer another call than *want* says stood (an
    error result: its key), or none (``_pairing.Pairer``, paired again: linear)."""
    got: Pairs = {where[i][j]: where[at[0]][at[1]] for i, j, _p, at in paired(out, registry) if at is not None}
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
    invalid call the target cannot write (``unwritable-call``; one in a message the target
    refuses as it came, ``refused-message``, too: it is written fresh) is removed with the
    results answering it (``removed``); a message of one role written back as it came that
    the target refuses apart from the one before it (``split-turn``) is merged into it,
    fresh (``merged``). A
    message rebuilt keeps its wire with its role cleared, so that what it held beside its
    parts is noted dropped where it is written. Duplicate ids and parts in the
    wrong role are not changed (they stay in ``check_conversation``'s findings). A raw
    *x* is read as *source* (detected by default), as ``check_conversation`` reads it.
    *error* is non-empty text (``DecodeError`` otherwise, before *x* is read)."""
    if type(error) is not str or not error:  # 5 made a ToolResult no constructor would
        raise DecodeError(f"error= must be a non-empty string, got {an(type(error).__name__)} {excerpt(error)}")
    conv, target, rules, _ids, d = _conv(x, dialect, registry, source)
    own = target if d is None else own_name(d)  # the name its messages decoded carry
    _problems, pairs, left, orphans, misplaced = _scan(conv, target, rules, registry_of(registry),
                                                       d is None or d.history is not None, own)
    msgs = conv.messages
    changes: List[Problem] = []
    as_is, fresh = refused_messages(conv, d)  # (a message the target refuses as it came: written fresh)
    gone = _gone(conv, d, target, pairs, [k[0] for k in orphans] + [k[0] for k in misplaced]
                 + [i for i, _said in fresh], changes, as_is)
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
        built = _rebuilt(msgs, pairs, misplaced, moving, left, drop, ends, error, bool(misplaced) or wrong,
                         unplaced=rules.unplaced, own=own)
        bad = _handed(msgs, built[0], built[2], built[3], registry) if misplaced or wrong else set()
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
        built = _rebuilt(msgs, pairs, misplaced, best[2], left, drop, ends, error, True, _turn_ends(msgs),
                         rules.unplaced, own)
        bad = _handed(msgs, built[0], built[2], built[3], registry)
        if len(bad) < best[0]:
            best = (len(bad), built, best[2])
    out, src, _where, _want, done = best[1]
    changes += done
    if target is not None and rules.last_assistant and out:
        for p in _last(tuple(out), target, rules, own):  # the last message now: written fresh, a prefix
            m, i = out[p.index], src[p.index]
            out[p.index] = _fresh(m)
            changes.append(Problem("rewritten", i, None, f"Message {i}: the assistant message is now the last one "
                                   "and is written fresh, as a prefix" + _wording(rules.last_assistant, target, None)))
    whole = rules.user_first or rules.call_first or rules.alone or rules.prefix_last
    if whole and whole_original(conv, target, own) is not None:  # a body written back whole as it came
        for p in _order(conv, target, rules, None, own):  # the fixed history is written message by message
            if p.kind in _WHOLE:
                changes.append(Problem("rewritten", p.index, None, f"Message {p.index}: the history is no longer "
                                       "written back whole as it came but message by message, so that "
                                       f"{_WHOLE[p.kind]} (check_conversation: {p.kind})"))
    if target is not None:
        out = _merged(out, src, target, rules, changes, own)
    changes.sort(key=lambda p: p.index)
    return Conversation(out, dialect=conv.dialect), changes


def _merged(out: List[Message], src: List[int], target: str, rules: Pairing, changes: List[Problem],
            own: Optional[str] = None) -> List[Message]:
    """*out* with each message of one role that *target* refuses apart from the one
    before it (``split_turns``: Bedrock, any; Gemini, a call turn's function responses)
    merged into that one, written fresh (its wire kept, its role cleared: ``_fresh``), each
    reported (``merged``, at its index in the input, *src*). A tool message merged with
    a user one makes a user message. One pass."""
    pairs = split_turns(tuple(out), own or target, rules)
    if not pairs:
        return out
    into = dict((b, a) for a, b in pairs)
    heads: List[int] = []  # per message of the result, the message of *out* it begins with
    parts: List[List[Any]] = []  # and its parts
    roles: List[str] = []
    at: List[int] = []  # per message of *out*, the message of the result it is in
    for k, m in enumerate(out):
        a = into.get(k)
        if a is None:
            at.append(len(heads))
            heads.append(k)
            parts.append(list(m.parts))
            roles.append(m.role)
            continue
        g = at[a]
        at.append(g)
        parts[g].extend(m.parts)
        if roles[g] != m.role:
            roles[g] = "user"
        changes.append(Problem("merged", src[k], None, f"Message {src[k]}: merged into message {src[a]}, so that "
                                                       f"{target} gets them as one message"
                                                       + _wording(refusal(m, rules), target, None)))
    kept: List[Message] = []
    for g, k in enumerate(heads):
        m = out[k]
        if len(parts[g]) == len(m.parts):  # nothing merged into it
            kept.append(m)
            continue
        w = m.wire
        kept.append(Message(roles[g], parts[g], wire=None if w is None else (*w[:2], None, *w[3:])))
    return kept


#: what a history written back whole as it came is flagged for (``_order``), mended by
#: writing it message by message, as ``fix_conversation``'s output is
_WHOLE = {"assistant-first": "a user message goes before this assistant message",
          "prefix-not-last": "this assistant message goes without its prefix flag"}
