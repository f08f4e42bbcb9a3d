"""How the keyed deltas of a Chat-like stream find their call (``Keyed.delta``): by
id, then index, then the latest call, the rules of docs/streaming.md rule 1.

- Correlate a fragment with a call by id, then by index (key), then the latest open
  call of its scope; a fragment with another index or name than the call with its id
  is another call sharing the id (its index decides). A new id with a name, or a
  different name after argument text, on an occupied index starts a new call; a new id
  without a name is the open call's rest within its value, read as no id (GLM-4's fresh id
  on every piece), the next call's head after a whole value with text beginning another
  (its name later: vercel/ai#14722), else held until the next piece tells
  (``Fresh.fresh_reading``, ``_fresh.py``); an ``""`` id is no id
  and never overwrites one. A different name before argument text is the rest of the
  name when the call there has an id and the delta none (openai-python joins name
  pieces); with no id telling, neither reading runs (``_unsure``).
- A delta with the id of a call that ended (its scope finished), at that call's index
  (its name, the piece its name began with, or none), or with its name and no id (the call had one), and the
  same argument text: the call re-sent (a whole call and its finish in one chunk, sent twice): that call
  is an ``InvalidToolCall``, as the same re-send before the finish makes it; never a second
  call. Re-sent piece by piece (a call started under the id of an earlier call at its index),
  both are ``InvalidToolCall``s when it ends with that call's name and text (``_twins``).
  Other text, or another name under the id, is another call (a second completion fed to the
  same reader, with Kimi K2's per-message ids; DeepSeek's, GLM's reused ids); the same text
  under its name spelled otherwise (case, blanks, ``functions.``) a call of its own that
  ``_twins`` refuses, the earlier standing as its ``CallDone`` said. A head without an id at
  the index of a call that ended there, with its name and text (``""`` too): that call again
  or a new call the same, no id telling: neither runs (``_ended_at``, ``_twins``).
- The same name again there, no id telling (none on the delta nor on the call: a
  gateway's id-less parallel calls of one tool at one index; Kimi K2's name on every
  fragment), starts a new call only after a whole object or array (``whole_value``:
  each character read once, only for such deltas) and when its text begins another;
  with no text, after such a value or none, the call is held (``Call.held``) and the
  place of the call that delta begins kept at once (``_hold``: calls come out in the
  order of their first delta): the next text beginning a value starts the new call
  there (``_take``), other text goes on with the call; with none (the stream's end, or
  another name without index), the call stands and the repeat is an
  ``InvalidToolCall`` at that place (``_unhold``: a name repeated, or a call without
  arguments sent as ``""``? nothing tells). An id after the repeat is kept pending on
  the kept call: the new call's, or the invalid repeat's; never a second run of the
  call. After a call with no text yet, text beginning a value with no id telling is
  not guessed either (``untold``): the call with text runs, the first is invalid.
  A head (``"type"``, the name) without an id after a call with an id and no text yet
  (or ``{}``), or after a repeat with an id, is read so too (a gateway passing ids for
  some calls only, or the name repeated without its id?); an id after the repeat of a
  call without arguments nor id, nothing after it, stays on that call (``_late_id``; a call
  after it, another id or a head, leaves it on the repeat); the held call's own id on
  text is that call's text (the repeat is an ``InvalidToolCall``).
- ``"type": "function"`` marks no call's first delta (Kimi K2 through OpenRouter sends
  it on every fragment, with the id): *opening* keeps such a delta from being a name's
  rest, and, without an id, after a call with one, from being its name repeated (above).
"""

from __future__ import annotations

from typing import Dict, Hashable, Iterable, List, Optional, Tuple

from ._call import Call, Result, begins_value, no_value, whole_value
from ._fresh import CONT, NEW, PENDING, Fresh
from ._held import HELD, untold
from ._results import Results
from ._twins import ended_twin, judge_twin, same_name

__all__ = ["Keyed"]


class Keyed(Fresh):
    """The correlation of keyed deltas (Chat-like streams) and of their scopes' ends."""

    # calls ``_unsure`` started, by scope, with their error: judged as they end
    # (under ``HELD``: the calls held, ``Call.held``, judged at the end: ``_unhold``)
    _repeats: Dict[Hashable, List[Tuple[Call, Optional[str]]]]
    # the calls whose name was joined from pieces (``_named_again``), with the piece it began with:
    # a nameless piece with a new id is no rest of theirs; that piece again is their head re-sent
    _joined: Dict[int, str]
    # calls started under the id of an earlier call at their index, with that call: judged as they
    # end (``_twins.judge_twin``: the same name and text, that call re-sent piece by piece)
    _twins: Optional[Dict[int, Call]] = None
    # the call that ended last at each index (its scope's finish, ``end_scope``): a head without an id
    # there after it starts its twin (``_twins``: the same name and text, that call again or a new
    # call the same, no id telling: neither runs)
    _ended_at: Optional[Dict[Hashable, Call]] = None

    def _again(self, c: Call, name: Optional[str], text: Optional[str]) -> bool:
        """Whether a delta with *name* (or none) and argument *text* sends the ended call *c*
        again whole: its name, or the piece its name began with (the head of a name sent in
        pieces; another prefix of it is another tool's), or none (or *c* had none), and the text
        it ran with (a second completion's call reusing its id has other text; a call reusing it
        under another name, DeepSeek's or GLM's, is another call, as before the finish; under its
        name spelled otherwise, a call of its own that ``judge_twin`` refuses: review revLead44)."""
        r = c.result
        return (bool(text) and r is not None and same_name(self, c, name)
                and (r.raw == text or "".join(c.parts) == text))

    def delta(
        self,
        scope: Hashable,
        index: Optional[Hashable],
        id: Optional[str],
        name: Optional[str],
        text: Optional[str],
        opening: bool = False,
        custom: bool = False,
        plain: bool = True,
    ) -> Call:
        """One tool-call delta: correlate by id, then index, then the latest call
        (the call it went to is returned). *opening*: the delta carries Chat's
        ``"type": "function"`` (OpenAI's on a call's first delta; Kimi K2's on every one): never
        read as the rest of a name, nor as proof of a new call. *custom*: a custom tool's
        head (its text is ``custom.input``, added by the caller): never a name repeated with
        no text (``_hold``). *plain*: its arguments are text or none, and no custom tool's
        (the feed tells once); any other piece under a fresh id is never held (``Fresh``)."""
        c: Optional[Call] = None
        if self._fresh and scope in self._fresh:  # a nameless piece under a fresh id held: this one tells
            c = self.fresh_piece(scope, (scope, index) if index is not None else None, id, name, text, plain, None,
                                 opening)
            if c is not None:
                return c
        if id is None and name is None and index is not None:  # the common continuation
            c = self.by_key.get((scope, index))
            if c is not None and not c.done:
                if text:
                    if c.held:
                        return self._resume(c, text)
                    self.add(c, text)
                return c
            c = None
        key = (scope, index) if index is not None else None
        fresh = False
        prev = None
        if id is not None:
            c = prev = self._by_id.get(id if scope is None else (scope, id))
            fresh = c is None
            if c is not None and c.done and c.key == key and self._again(c, name, text):
                # the call with this id, ended (its choice finished), at its own index again: the
                # same call re-sent, as before the finish (two JSON values): never a second run
                self.unrun(c, f"Tool call {c.pos} of this stream (id {id!r}) came again after it ended: the same "
                              "call sent twice? Never run twice")
                return c
            if c is not None and (c.done or (key is not None and c.key is not None and c.key != key)
                                  or (name is not None and c.name is not None and name != c.name)):
                # another index, or another name, than the call with this id: another call that
                # shares the id (DeepSeek, GLM reuse one for parallel calls): the index decides
                c = None
        if c is None and key is not None:
            cur = self.by_key.get(key)
            if cur is None and id is None and name is not None:
                last = self._last.get(scope)
                if (last is not None and last.done and last.key == key and last.id is not None
                        and last.name == name and self._again(last, name, text)):
                    # the ended call's name again at its index, no id: the call re-sent after its end
                    # (as before it: one call, the elizaOS case), never a second run
                    self.unrun(last, f"Tool call {last.pos} of this stream ({last.name!r}) came again at its index "
                                     "after it ended: the same call sent twice? Never run twice")
                    return last
            if cur is not None and not cur.done:
                if id is not None and cur.id is not None and cur.id != id:
                    reading = self.fresh_reading(cur, text) if name is None and fresh and plain else None
                    if reading == PENDING:  # GLM's next step, or the next call's head? The next piece tells
                        return self.hold_fresh(cur, scope, key, id, text)
                    if name is not None or not (reading == CONT or reading is None and self.takes_fresh(cur, text)):
                        # a new id on an occupied index, with a name (or at a call whose name was joined
                        # from pieces: which call the rest is nothing tells; or after a whole value, text
                        # beginning another: the next call's head, its name later), a new call
                        cur = None
                    else:
                        # without a name, within the call's value: the rest of the call there, read as
                        # without an id (GLM-4's server gives every piece a fresh id, zai-org/GLM-4#194);
                        # the call keeps its own
                        id = None
                elif name is not None and cur.name is not None:
                    cur, final = self._named_again(cur, key, scope, id, name, text, opening, custom)
                    if final:
                        assert cur is not None
                        return cur
            c = cur
        if c is None and key is None and (id is None or (name is None and fresh)):
            # (a nameless piece with an id no call has: the rest of the latest call, as at an index)
            cur = self.latest(scope)
            if id is not None and cur is not None and not cur.done:
                reading = self.fresh_reading(cur, text) if plain else CONT if self.takes_fresh(cur, text) else NEW
                if reading == PENDING:
                    return self.hold_fresh(cur, scope, None, id, text)
                if reading == CONT:
                    id = None  # (read as without an id: the call keeps its own)
            if cur is not None and not cur.done and id is None:
                if name is None or cur.name is None:
                    c = cur
                elif cur.key is None:
                    # a name again without an index nor an id: the latest call open is the one
                    # such a delta goes on with (rule 1), read as at an occupied index
                    c, final = self._named_again(cur, None, scope, None, name, text, opening, custom)
                    if final:
                        assert c is not None
                        return c
        if c is None:
            c = self.new(key, scope, id, name, False)
            if id is None and name is not None and self._ended_at:
                ended_twin(self, c, scope)
            elif prev is not None and prev.key == key and (key is not None or prev.done):
                # (under the id of an earlier call at its index, or of one without an index that ended:
                # that call re-sent piece by piece?)
                if self._twins is None:
                    self._twins = {}
                self._twins[c.pos] = prev
        else:
            held = c.held
            if held and id is not None and id != c.id and not (custom and c.id is None):
                # an id after the repeat: the next call's if text beginning a value follows
                # (``_resume``), else the repeat's (``_unhold``): kept pending, never a call yet
                # (a custom tool's head carries its input: the held call's, and so is its id)
                assert type(held) is Call
                if held.id is not None and held.id != id:
                    # (a second id: the repeat is invalid, the id a new call's, which follows the repeat
                    # with its text on this piece or a later one: the id sent after the repeat stays
                    # there, ``_late_id`` not)
                    self._unhold(c, late=False)
                    c = self.new(c.key, scope, id, c.name, False)
                else:
                    held.id = id
            elif id is not None and c.id is None:
                c.id = id
                self._by_id[id if scope is None else (scope, id)] = c
            if name is not None and c.name is None:
                c.name = name
            if text and c.held:
                if id is None or id != c.id:
                    return self._resume(c, text)
                # the held call's own id on the text: the text is its own, the name repeated with no
                # text (a head re-sent without its id) is no call (an ``InvalidToolCall``, never run)
                self._unhold(c)
        if text:
            self.add(c, text)
        return c

    def _named_again(self, cur: Call, key: Hashable, scope: Hashable, id: Optional[str], name: str,
                     text: Optional[str], opening: bool, custom: bool = False) -> Tuple[Optional[Call], bool]:
        """A named delta for the open call *cur* (at *key*, or, with no index nor id, the
        latest call open): *cur* again, a new call (``None``), or, when the second item is
        true, the call it went to, text added."""
        if name != cur.name:
            if cur.size or cur.obj is not None or (id is not None and id != cur.id) or (
                    self._named and cur.pos in self._named):
                if cur.held:
                    self._unhold(cur)  # the repeat, with no text, before another call: not guessed
                # a different name after arguments (``{}`` given whole too; or after a fresh piece taken as
                # its rest: its name is whole, ``Fresh._named``), or with a new id: a new call
                return None, False
            if id is None and cur.id is not None and not opening:
                # before argument text, no id of its own: the name's rest (openai-python's ``accumulate_delta``
                # joins a name's pieces at an index). Under *cur*'s own id again it may be another call
                # reusing the id (DeepSeek, GLM at index 0): not guessed (``_unsure``), as with no id on either
                self._joined.setdefault(cur.pos, cur.name or "")
                cur.name = f"{cur.name}{name}"
                return cur, False
            return self._unsure(cur, key, scope, id, name, text), True
        if ((cur.id is None or (opening and id is None and _unargued(cur))) and cur.error is None
                and cur.full is None and cur.tree is None and not custom):
            # the same name after a whole value (or none yet), no id on either (a call with an id
            # and a delta without one: its re-emission, never a second call to run): a new call
            # if the text begins another; with none yet, *cur* is held (``_hold``); after a call with
            # an id and no text yet, a head's ``"type"`` without an id: a call of its own (the mixed ids
            # of a gateway), or its name repeated (Kimi K2's, without the id)? Read as with no id
            # (a custom tool's input is no JSON value: ``chat_stream_pieces.head_again`` reads it; a
            # key named, not numbered, is Chat's legacy ``function_call``: one call per choice; a
            # custom head after a function head with no text, no repeat: that call, its id late)
            empty = (no_value(cur) and (self.inputs is None or cur.pos not in self.inputs)
                     and not (type(key) is tuple and type(key[1]) is str))
            if not empty and not whole_value(cur):
                return cur, False
            starts = begins_value(text)
            held = cur.held
            if starts is None:
                if not held:
                    self._hold(cur, id)
                elif id is not None:  # (the repeat with an id of its own: pending as an id after it)
                    assert type(held) is Call
                    if held.id is not None and held.id != id:
                        self._unhold(cur, late=False)  # (a new call follows: the id stays on the repeat)
                        return self.new(key, scope, id, name, False), True
                    held.id = id
                elif opening and type(held) is Call and held.id is not None:
                    # a head (``"type"``) with no id after the repeat with one: a call of its own after
                    # that one, without arguments (a gateway's mixed ids), or its name repeated? The
                    # repeat is not guessed (``_unhold``; its id stays on it: a call follows), this head is
                    # held in its turn
                    self._unhold(cur, late=False)
                    self._hold(cur, None)
                else:  # (again: the next call's head after a call without arguments? ``_take``)
                    assert type(held) is Call
                    held.held = cur
                if text:
                    self.add(cur, text)
                return cur, True
            if starts:
                if held:
                    assert type(held) is Call
                    if held.id is not None and (id == held.id or (id is None and not opening)):
                        return self._take(cur, id, text), True  # type: ignore[arg-type]
                    # (a head, ``"type"``, with no id after the repeat with one: its own call)
                    # the name again with text after the repeat: the repeat was the call's last
                    # fragment (Kimi's name on every fragment), or a call without arguments before
                    # this one? Not guessed (another id on it tells only that it is a new call);
                    # the id sent after the repeat, if any, is no new call's either; after a call
                    # with no text, no id anywhere, that call is not guessed either (as ``_take``)
                    if (empty or cur.id is not None) and id is None and held.id is None:
                        self.fail(cur, untold(cur))
                    self._unhold(cur, late=False)  # (text follows: the id stays on the repeat)
                    return None, False
                if (empty or cur.id is not None) and id is None:
                    self.fail(cur, untold(cur))
                return None, False
        return cur, False

    def _unsure(self, cur: Call, key: Hashable, scope: Hashable, id: Optional[str], name: str,
                text: Optional[str]) -> Call:
        """A different name at *key*, whose call *cur* has no argument text yet, with no
        id telling (none on either, or *cur*'s own again): the rest of *cur*'s name sent
        in pieces (openai-python's ``accumulate_delta`` joins them), or another call after
        one without arguments? Neither runs: *cur* is invalid now, the new call as it
        ends (its text kept as its ``raw``: ``_judge_repeats``)."""
        at = key[1] if type(key) is tuple else key
        where = "without an index" if key is None else f"at {f'index {at}' if type(at) is int else repr(at)}"
        why = (f"came {where} after the call {cur.name!r} there, which "
               "has no arguments yet, with no id telling: the rest of its name (sent in pieces) or another call? "
               "Not guessed")
        self.fail(cur, f"The name {name!r} {why}")
        c = self.new(key, scope, id, name, False)
        self._repeats.setdefault(scope, []).append((c, f"The name {name!r} {why}"))
        if text:
            self.add(c, text)
        return c

    def end_scope(self, scope: Hashable, told: bool = True) -> None:
        """The scope (a choice) finished: finalize its open calls (those only: a
        finish reason per chunk costs nothing per earlier call); a piece held under a
        fresh id is its call's rest (``Fresh``). *told*: by the stream (its finish, not a
        piece after a finish on every chunk that cannot continue them): the calls ended are
        kept by index (``_ended_at``)."""
        if self._fresh and scope in self._fresh:
            self.settle_scope(scope)
        if self._repeats:
            self._judge_repeats(self._repeats.pop(scope, ()))
        open_calls = self._open.get(scope)
        if open_calls:
            twins = self._twins
            if twins:  # (judged before any ends: a call one takes back gets no ``ToolCall`` event first)
                for c in list(open_calls.values()):
                    if c.pos in twins:
                        judge_twin(self, c)
            # ended by the finish, not by an end event of their own: what ``_parsed`` reads under a word
            # no table knows (set only where one may be: a new attribute costs every later read)
            mark = self.several or self.finish_reason not in self.finish_table
            if mark:
                self.scope_end = True
            for c in list(open_calls.values()):
                if not c.done:
                    if c.held:  # (the repeat is judged at the end: ``close``)
                        self._late_id(c, c.held)  # type: ignore[arg-type]
                    c.ended = True
                    self.finalize(c)
                    if told:
                        if self._ended_at is None:
                            self._ended_at = {}
                        self._ended_at[(scope, None) if c.key is None else c.key] = c
            if mark:
                self.scope_end = False

    def close(self) -> List[Result]:
        """``Results.close``, the calls ``_unsure`` started judged first (a piece held under
        a fresh id is its call's rest)."""
        if self._fresh:  # (``settle_all``'s own test: no call when nothing is held)
            self.settle_all()
        if self._twins:
            for pos in list(self._twins):
                if not self.calls[pos].done:
                    judge_twin(self, self.calls[pos])
        if self._repeats:
            for c, _ in self._repeats.pop(HELD, ()):
                if c.held:  # (judged last: a finish reason on every chunk, LiteLLM's, leaves it open)
                    self._unhold(c)
            for calls in self._repeats.values():
                self._judge_repeats(calls)
            self._repeats = {}
        return Results.close(self)

    def _judge_repeats(self, calls: Iterable[Tuple[Call, Optional[str]]]) -> None:
        """The calls a name started whose reading nothing tells (``_unsure``), as they
        end: invalid, with their error."""
        for c, error in calls:
            if error is not None and not c.done:
                self.fail(c, error)


def _unargued(c: Call) -> bool:
    """Whether *c*'s argument text so far is none, white space or ``{}`` (a call without
    arguments sent so: Gemini's OpenAI-compatible endpoint), read in bounded time."""
    return no_value(c) or (c.size <= 16 and whole_value(c) and "".join(c.parts).split() in (["{}"], ["{", "}"]))

