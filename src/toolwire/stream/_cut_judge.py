"""How a stream's calls are judged under a finish reason that may have cut them off
(``Results.close``): only the last call of the reply (the one whose text arrived last)
and any call still open may be cut, as ``decode_all`` judges a whole reply
(``_cut_last``); a call whose own item says it was cut off (a Responses item
``"status": "incomplete"``: ``mark_whole``) is cut off wherever it stands; an item's
``"completed"`` proves nothing (vLLM says it of every item: vllm-project/vllm#57998).
Free text and arguments given whole as an object are judged here too."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Set, Tuple, cast

from .._args import Policy, object_arguments, parse_arguments
from .._policy import Parsed, empty
from .._types import InvalidToolCall, ToolCall, new_call, new_invalid
from ._call import Call, Result

__all__ = ["CutJudge"]


class CutJudge:
    """The judging of calls under a truncating finish reason (``Results`` builds on it)."""

    dialect: str
    policy: Policy
    calls: List[Call]
    several: bool  # several alternative replies (Chat ``n`` > 1, Gemini candidates)
    tick: int  # the last arrival stamped on a call (``Calls.tick``, ``Call.seen``)
    # arguments given whole as an object may be cut off under a truncating finish reason, as
    # the dialect's ``decode_all`` judges them (its handler sets it: Anthropic, Bedrock, Gemini)
    whole_cut: bool = False
    # positions of calls whose arguments are free text (``mark_free_text``); none until one is
    free_text: Optional[Set[int]] = None
    # how a custom call's pieces came, by position (bits): 4, its name; 1, then a piece without it (a
    # server naming every piece sends none); 2, its head again after its input, read as such a
    # server's: 1 and 2 together are neither (``chat_stream_pieces.custom_piece``); with 2 alone, an
    # input that is its first half twice is not guessed either (``_twins.said_twice``)
    _input_pieces: Optional[Dict[int, int]] = None
    # what a call's own item says of it, by position (``mark_whole``): whole (``True``) or
    # cut off (``False``) whatever its place; none until one says
    own_status: Optional[Dict[int, bool]] = None
    # several alternatives: what arrived last in each (``last_so_far``, ``last_call``): its call,
    # or ``None`` when an item that is no call started after it (``went_on``); kept from the
    # moment a second alternative comes (``arrivals``), by every stamp of ``Call.seen``
    arrived: Optional[Dict[Any, Optional[Call]]] = None
    # the number of calls read before the reply now read began (a stream holding several
    # replies one after another: a second Anthropic ``message_start``, another Responses
    # response): an item of a later reply, numbered from 0 again, proves nothing of an
    # earlier reply's call (review revChat8 C1)
    reply_from: int = 0

    def mark_whole(self, c: Call, whole: bool) -> None:
        """*c*'s own item says it is whole (*whole*) or was cut off: its place in the
        reply does not decide (a Responses item's ``status``, §2a)."""
        if self.own_status is None:
            self.own_status = {}
        self.own_status[c.pos] = whole

    def went_on(self, scope: Any) -> None:
        """An item that is no call (a message, a reasoning item, a text or thinking block,
        a text part: ``_cut_last.goes_on``) started in the reply *scope* (its alternative):
        the model went on past every call that arrived before it, so none of them was cut
        off (a later fragment of one makes it the last again). A stamp like ``Call.seen``'s:
        O(1)."""
        if self.calls:
            self.tick += 1
            if self.several:
                cast(Dict[Any, Optional[Call]], self.arrived)[scope] = None

    def went_on_at(self, key: Any) -> None:
        """``went_on`` for an item that is no call started at the index *key* of a reply
        whose items are numbered in the order written (an Anthropic or Bedrock block, a
        Responses output item), when past the call started last: one at an index before
        it (an item sent again, a reply read again) or one of a later reply (``new_reply``)
        proves nothing. One reply (no scope)."""
        calls = self.calls
        if len(calls) > self.reply_from:  # (a call of the reply now read)
            k = calls[-1].key
            if type(key) is int and type(k) is int and key > k:
                self.went_on(None)

    def new_reply(self) -> None:
        """Another reply begins in the stream (``reply_from``); a first one sets nothing."""
        if self.calls:
            self.reply_from = len(self.calls)

    def arrivals(self) -> None:
        """A second alternative came (``several``): what arrived last in the first, kept
        from here on (``arrived``); one pass over the calls so far, all of that one
        alternative (an item started after its last call: ``went_on``, the tick past it)."""
        arrived: Dict[Any, Optional[Call]] = {}
        calls = self.calls
        last: Optional[Call] = None
        for i in range(len(calls)):
            c = calls[i]
            top = arrived.get(c.scope)
            if top is None or c.seen > top.seen:
                arrived[c.scope] = c
            if last is None or c.seen > last.seen:
                last = c
        if last is not None and last.seen != self.tick:
            arrived[last.scope] = None
        self.arrived = arrived

    def last_call(self, only: Any) -> Optional[Call]:
        """The last call of the reply (of the alternative *only*, when not ``None``): the one
        whose last fragment, start or whole value ARRIVED last (``Call.seen``), not the one
        of the highest index label (a stream may send index 1 before index 0, or interleave
        two calls' fragments: revCut R2): the one call a truncating finish may have cut (a
        model writes its calls one after another); none when an item that is no call
        started after it (``went_on``: the model went on)."""
        if only is not None and self.arrived is not None:
            return self.arrived.get(only)
        last: Optional[Call] = None
        for c in self.calls:
            if (only is None or c.scope == only) and (last is None or c.seen > last.seen):
                last = c
        return last if last is None or only is not None or last.seen == self.tick else None

    def last_so_far(self, c: Call) -> Optional[Call]:
        """The last call given so far of *c*'s reply (its alternative, when the stream holds
        several): whether *c* may be cut, as it is finalized (``close`` judges again). *c*
        when nothing arrived after it in its reply (one reply: ``Call.seen`` is the last
        ``tick``; several: what arrived last in its alternative, ``arrived``), else none: O(1)."""
        if not self.several:
            return c if c.seen == self.tick else None
        arrived = self.arrived
        return c if arrived is None or arrived.get(c.scope, c) is c else None

    def may_be_cut(self, c: Call, last: Optional[Call]) -> bool:
        """Whether *c* may have been cut off by a truncating finish reason: its own item
        says so (``mark_whole``), else it is the reply's *last* call."""
        own = self.own_status
        if own is not None and c.pos in own:
            return not own[c.pos]
        return c is last

    def judged_cut(self, c: Call) -> Tuple[bool, Optional[str]]:
        """Whether *c*'s result was judged as cut off by the finish reason (a truncated
        ``InvalidToolCall`` of no error of its own, or a call recorded ``truncated``) and
        can be judged again, and the text to judge (``None``: the object given whole, or
        no text at all, which ``_parsed`` reads: empty arguments judged cut off are judged
        again too, revCut23 C1). A call that never had its end event is not (``finalize``)."""
        r = c.result
        if c.error is not None or r is None or c.needs_end and not c.ended:  # (never whole: ``finalize``)
            return False, None
        if not (r.truncated if isinstance(r, InvalidToolCall) else "truncated" in r.repairs):
            return False, None
        # its text, or none at all (``None``: empty arguments, or an object given whole)
        return True, None if c.obj is not None else r.raw

    def _judged_again(self, c: Call, r: ToolCall) -> bool:
        """Whether *c*, finalized as *r* before a truncating finish reason arrived, is
        judged again under it, as ``decode_all`` judges the same reply: arguments that
        took more than a strict parse (empty, fenced, repaired: any ``repairs`` but a
        ``truncated`` already recorded); arguments given whole as an object (``raw`` is
        ``None``: no text), when empty or under ``whole_cut``. A server call keeps its
        input (the client does not run it), as in ``decode_all``."""
        if c.server:
            return not c.needs_end and "empty-arguments" in r.repairs
        if r.repairs and "truncated" not in r.repairs:
            return True
        return r.raw is None and c.obj is not None and (self.whole_cut or not c.obj)

    def mark_free_text(self, c: Call) -> None:
        """*c*'s arguments are free text (an OpenAI custom tool's input) that nothing shows
        the end of: a truncating finish reason cuts it off (``close``)."""
        if self.free_text is None:
            self.free_text = set()
        self.free_text.add(c.pos)

    def _free_text(self, c: Call, r: ToolCall) -> bool:
        """Whether *r* is free text (``mark_free_text``) not yet judged cut off."""
        return self.free_text is not None and c.pos in self.free_text and "truncated" not in r.repairs

    def _cut_free_text(self, c: Call, r: ToolCall, finish: str) -> Result:
        """Free-text arguments under a truncating finish, as ``decode_all`` judges them:
        nothing shows where the text stopped, so it is cut off (``allow_truncated``:
        accepted, the repair recorded)."""
        if self.policy.allow_truncated:
            return new_call(r.name, r.args, r.id, r.raw, c.pd, (*r.repairs, "truncated"), c.server)
        values = list(r.args.values())
        text = values[0] if len(values) == 1 and type(values[0]) is str else r.raw
        return self._invalid(c, text, f"Custom tool input may be cut off: the reply stopped before its end "
                             f"({finish}); pass allow_truncated=True to accept it", f"$.calls[{c.pos}].arguments", True)

    def _whole(self, value: Any, policy: Policy, loc: str) -> Parsed:
        """Arguments given whole (an object, or none) under a truncating finish reason, as
        ``decode_all`` judges them: empty ones are cut off (the call stopped before its
        arguments: ``empty``); under ``whole_cut`` any object may be cut off (nothing in
        it shows where it stopped). ``allow_truncated`` accepts them, recorded."""
        if value is None or (type(value) is dict and not value):
            return empty(None, policy, loc, self.dialect)
        if self.whole_cut:
            return object_arguments(value, policy, loc, self.dialect)
        return parse_arguments(value, policy, loc, self.dialect)


    def _invalid(self, c: Call, raw: Optional[str], error: str, loc: str, truncated: bool) -> InvalidToolCall:
        return new_invalid(
            name=c.name,
            id=c.id,
            raw=raw,
            error=error,
            loc=loc,
            truncated=truncated,
            provider_data=c.pd or {},
        )
