"""How the calls of a stream end: each finalized under the arguments policy (the
stream's finish reason judging it), and the list ``close`` returns.

``Results`` declares the state of a stream that ``Core`` (``_core.py``) fills in.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Dict, FrozenSet, Hashable, List, Mapping, Optional, Set, Tuple, cast

from pydantic_core import from_json

from .._args import TRUNCATING, Policy, misplaced, parse_arguments
from .._cut_last import cuts as cuts_calls
from .._cut_last import whole_policy
from .._dialect import key_of
from .._errors import ArgumentsError
from .._finish_reasons import core_word, is_known
from .._policy import (
    UNFINISHED,
    Unknown,
    failed_no_call,
    no_call,
    unfinished_no_call,
    unfinished_policy,
    unknown_policy,
)
from .._repeats import unrepeated
from .._stopped import BARRED, stop_words
from .._types import InvalidToolCall, ToolCall, new_call, new_invalid
from .._value_checks import utf8_text
from ._call import Call, Result, join_open
from ._cut_judge import CutJudge
from ._events import CallDone, Event
from ._twins import said_twice

__all__ = ["Results"]

# the parts of a finalized call: none, and none can be added (a tuple: no list to allocate)
_NO_PARTS = cast(List[str], ())

_NO_WORDS: FrozenSet[str] = frozenset()

_LOCS = tuple(f"$.calls[{i}].arguments" for i in range(16))


class Results(CutJudge):
    """The state of one stream, and how its calls end (``Core`` builds on it)."""

    dialect: str
    policy: Policy
    include_server: bool
    emit: bool
    max_bytes: int
    # the strict JSON path of ``parse_arguments`` may run inline: pydantic-core's own
    # depth limit (200) is the policy's, and no finish reason changes a strict parse
    strict_fast: bool
    truncating: FrozenSet[str]  # finish reasons that cut calls short (the dialect's too)
    failing: FrozenSet[str]  # finish reasons of a failed reply: none of its calls runs
    calling: FrozenSet[str]  # finish reasons that say the model called a tool
    finish_table: Mapping[str, str]  # the dialect's finish_reasons (a word in another case: ``key_of``)
    uncalled: Optional[InvalidToolCall] = None  # what ``close`` says of such a stream without calls
    failure: Optional[str]  # the error the provider reported in the stream (``Core.error``)
    events: List[Event]
    finish_reason: Optional[str]
    calls: List[Call]
    by_key: Dict[Hashable, Call]  # open calls by key
    _open: Dict[Hashable, Dict[int, Call]]  # open calls of each scope, by position
    # several alternative replies (Chat ``n`` > 1, Gemini candidates): the first one
    # seen (the lowest index), whether another was seen, each one's finish reason
    first_choice: Optional[int]
    several: bool
    choice_finish: Dict[int, str]
    # the provider's own words on a failed finish, by alternative (Gemini ``finishMessage``)
    finish_words: Dict[Optional[int], str]
    # calls whose arguments are a custom tool's free-text input streamed in pieces (``Core.add_input``),
    # by position: the field the input is given under and its pieces (joined once, at ``finalize``)
    inputs: Optional[Dict[int, Tuple[str, List[str]]]] = None
    # the caller's ``finish_reason`` keyword as a reply's finish is read (``keyword_finish``:
    # its table, word and normalised reason), set by the front doors; none without one
    keyword: Optional[Tuple[Mapping[str, str], str, str]] = None
    # how a stream that gave no finish reason ended before its reply did, set by the front
    # doors: a dialect whose streams end with one (its handler's ``ends``), or a stream with no
    # chunk of data; ``None``: such a stream without calls is ``[]``
    unended: Optional[str] = None
    # the stream's last event came without a finish reason (Ollama's ``"done": true`` before
    # ``done_reason`` existed): it ended all the same
    finished: bool = False
    # the calls being finalized were ended by their reply's finish (Chat's), not by an end event of
    # their own (``KeyedCalls.end_scope``): under a word no table knows they may be cut off
    scope_end: bool = False
    # positions of the calls judged under a word no table knows (``_parsed``), judged again at
    # ``close`` when a later word of the reply is known (review revFinish8 R2); none until one is
    unknown_cut: Optional[Set[int]] = None

    def close(self) -> List[Result]:
        """Finalize the calls still open; return ``results_list()`` (in the same pass).

        A call still open without any argument text was cut off with the stream. Under
        a truncating finish reason a call finalized before it arrived is judged again as
        ``decode_all`` judges the same content in a whole reply (``_parsed``): empty
        arguments (``""``, none, ``{}``) are cut off, also those of a block that had its
        end event or of a whole call (Gemini, Ollama); arguments given whole as an
        object are cut off in the dialects whose whole replies give them so
        (``whole_cut``); text that closes its object stays whole. Under a failing finish
        reason or an error in the stream (the provider reports the reply as failed), or
        one that says a content filter or a refusal stopped it, every client call (one cut off too: no budget helps) is
        invalid, whatever its ``CallDone`` said. A stream that ended with no finish reason
        and no client call, where one was due (``unended``), gives one nameless
        ``InvalidToolCall`` saying so."""
        out = []
        include_server = self.include_server
        # several alternative replies: the first one's calls only (as ``decode_all`` reads
        # a whole response), under its own finish reason; never a mix
        only = self.first_choice if self.several else None
        finish = self.finish_reason if only is None else self.choice_finish.get(only)
        key = finish if finish is None or finish in self.finish_table else self.key(finish)  # (its hit inline)
        cut = key in self.truncating and self.policy.finish_reason is None
        failed = key in self.failing or self.failure is not None
        # a word no table knows: no proof the reply finished (its last call's empty arguments are cut off)
        unknown = (not failed and key not in self.finish_table and self.unknown(key)
                   and self.policy.finish_reason is None)
        word = self.failure if self.failure is not None else finish
        # a content filter or a refusal stopped the reply: its calls do not run, and none lost
        how = stop_words(self.finish_table, key) if failed and self.failure is None else None
        reporter = self.dialect
        called = key in self.calling
        read = self.keyword  # the caller's word on how the reply ended
        if not failed and read is not None and (read[2] in BARRED or read[2] == "tool_calls"):
            word, reporter = read[1], "the caller's finish_reason"
            failed = read[2] in BARRED
            how = stop_words(read[0], word) if failed else None
            called = called or not failed
        # only the reply's last call may have been cut (``CutJudge``): the others are whole
        cuts = cut or unknown or (self.policy.finish_reason is not None and self.policy.finish_reason in TRUNCATING)
        last = self.last_call(only) if cuts else None
        rejudge = self.unknown_cut if not cuts and not failed and finish is not None else None  # (a known word came)
        for c in self.calls:
            if only is not None and c.scope != only:
                continue
            whole = cuts and not self.may_be_cut(c, last)
            if not c.done:
                if not c.ended and not c.size and c.full is None and c.obj is None and c.tree is None:
                    c.needs_end = True  # the stream ended before any of its arguments: cut off, never {}
                self.finalize(c, whole if cuts else None)
            elif whole:  # judged under the finish reason before the next call came: again, whole
                again, text = self.judged_cut(c)
                if again:
                    c.result = self._parsed(c, text, True)
            elif cut and type(c.result) is ToolCall and self._judged_again(c, c.result):
                c.result = self._parsed(c, c.result.raw, False)
            elif rejudge is not None and c.pos in rejudge:
                # judged under a word no table knows, which a known word of the reply replaced since
                again, text = self.judged_cut(c)
                if again:
                    c.result = self._parsed(c, text, True)
            if cut and not whole and type(c.result) is ToolCall and self._free_text(c, c.result):
                c.result = self._cut_free_text(c, c.result, cast(str, finish))
            if failed and not c.server and c.result is not None and (
                    type(c.result) is ToolCall or self.failure is None or c.error is None):
                # cut off or not (no budget helps), unless an error event already named it (``error``)
                c.result = self._invalid(
                    c, c.result.raw, f"Tool call {c.pos} of this stream is in a reply that {reporter} reports "
                    f"as {how or 'failed'} ({word}): it must not run", f"$.calls[{c.pos}]", False)
            r = c.result
            if r is not None and (include_server or not c.server):
                out.append(r)
        lost = failed and how is None and not out  # a failed reply: the calls the model made are lost
        # (as ``decode_all``: none returned; a server call left out is no call the client sees)
        if lost or called and not (self.calls if only is None else any(c.scope == only for c in self.calls)):
            # the provider says the model called a tool (or the reply failed) and the stream held none
            said = cast(str, word)
            words = self.finish_words.get(self.first_choice) if self.failure is None else None
            if failed and words:  # its own words on the failed finish (Gemini ``finishMessage``)
                said = f"{said}: {words}"
            self.uncalled = new_invalid(error=failed_no_call(said) if failed else no_call(said), loc="$")
            out.append(self.uncalled)
        elif cut and not out and not failed and (
                key == UNFINISHED or key in getattr(self.truncating, "unfinished", ())):
            # the provider says the reply has not finished (Cohere ``TIMEOUT``), before any
            # call: as ``decode_all`` reads the whole reply
            self.uncalled = new_invalid(error=unfinished_no_call(None if key == UNFINISHED else finish), loc="$")
            out.append(self.uncalled)
        elif read is not None and read[2] == UNFINISHED and not out and not failed:
            # the caller says so (the ``finish_reason=`` keyword): as ``decode_all`` reads it
            self.uncalled = new_invalid(error=unfinished_no_call(None if read[1] == UNFINISHED else read[1]), loc="$")
            out.append(self.uncalled)
        elif (self.unended is not None and not out and finish is None and not failed and not self.finished
              and self.policy.finish_reason is None):
            # the stream ended before the reply did, and before any call (as ``decode_all``
            # reads a reply not finished: a server call left out is no call the client sees)
            self.uncalled = new_invalid(error=f"{self.unended} and holds no tool call: the calls the model made "
                                        "are lost", loc="$")
            out.append(self.uncalled)
        return out

    def results_list(self, server: Optional[bool] = None) -> List[Result]:
        """Finalized calls in order of appearance (client calls, plus server calls when
        asked for at construction; ``server=True`` gives only server calls)."""
        out = []
        for c in self.calls:
            r = c.result
            if r is None:
                continue
            if server is None:
                if c.server and not self.include_server:
                    continue
            elif c.server != server:
                continue
            out.append(r)
        if self.uncalled is not None and not server:
            out.append(self.uncalled)
        return out


    def key(self, fr: Optional[str]) -> Optional[str]:
        """*fr* as the word sets spell it: the dialect's own spelling (another case is read
        as it, once), else the core's (``core_word``: ``"timeout"`` is ``TIMEOUT``)."""
        if fr is None or fr in self.finish_table:
            return fr
        key = key_of(self.finish_table, fr)
        if type(key) is str and key not in self.finish_table and key not in self.truncating:
            return core_word(key) or key
        return cast(Optional[str], key)

    def unknown(self, key: Optional[str]) -> bool:
        """Whether *key* (a finish word as ``key`` spells it) is one that neither the
        dialect's ``finish_reasons`` (a table it has) nor any registered dialect's (the
        stream's registry: ``Words.known``) nor the core knows: ``_policy.Unknown``."""
        return (type(key) is str and key not in self.finish_table and key not in self.truncating
                and bool(self.finish_table) and not is_known(key, getattr(self.truncating, "known", _NO_WORDS)))

    def _policy(self, fr: str) -> Policy:
        key = fr if fr in self.finish_table else self.key(fr)  # (its hit inline: asked per call)
        if key in self.truncating and self.policy.finish_reason is None:
            # a dialect's own truncating reason reaches the arguments policy as ``length``
            # (its word for a reply not finished as ``UNFINISHED``)
            if fr in TRUNCATING:
                return replace(self.policy, finish_reason=fr)
            if key in getattr(self.truncating, "unfinished", ()):  # its own word, said in the errors
                return unfinished_policy(self.policy, fr)
            return replace(self.policy, finish_reason="length")
        if self.policy.finish_reason is None and self.failure is None and self.unknown(key):
            return unknown_policy(self.policy, fr)
        return self.policy

    def finalize(self, c: Call, whole: Optional[bool] = None) -> None:
        """Make *c*'s result (``c.ended`` says whether its end event came; *whole*: another
        call follows it, so a truncating finish reason did not cut it; ``False``: it may
        have been cut, as ``close`` judged; ``None``: judged from what came so far)."""
        name, ident = c.name, c.id
        if (name is not None and not name.isascii()) or (ident is not None and not ident.isascii()):
            self._sendable(c)
        c.done = True
        try:  # noqa: SIM105 (``suppress`` costs a call per call)
            del self._open[c.scope][c.pos]
        except KeyError:  # (not open in its scope: ``broken`` took it out)
            pass
        cut_open = False
        if self.inputs is not None and c.pos in self.inputs:  # a custom tool's input, as free text
            cut_open = self._input(c)
        if c.open_paths:  # a string still growing when the call ended: cut off
            join_open(c)
            cut_open = c.error is None and c.name is not None and (c.ended or not c.needs_end)
            if cut_open and not self.policy.allow_truncated:
                self.fail(c, "The call ended while a string value was still open (its last piece said more "
                             "would come): cut off; pass allow_truncated=True to accept it", True)
        parts = c.parts
        text: Optional[str] = c.full
        if text is None and parts:
            text = parts[0] if len(parts) == 1 else "".join(parts)
        c.parts = _NO_PARTS
        result: Result
        if c.error is None and c.name is not None and (c.ended or not c.needs_end):
            parsed = None
            if text is not None and self.strict_fast:  # parse_arguments' strict path, inline
                try:
                    parsed = from_json(text, allow_inf_nan=False, cache_strings="keys")
                except (ValueError, TypeError):
                    parsed = None
            # (``unrepeated``'s first test inline: a call per call saved, as ``chat_plain`` reads it)
            if (type(parsed) is dict and text is not None and len(text) <= self.max_bytes
                    and (text.count(":") == len(parsed) or unrepeated(text, parsed))):
                result = new_call(c.name, parsed, c.id, text, c.pd, (), c.server)
            else:
                result = self._parsed(c, text, whole)
            if cut_open and type(result) is ToolCall and "truncated" not in result.repairs:  # allow_truncated
                result = new_call(result.name, result.args, result.id, result.raw, c.pd,
                                  (*result.repairs, "truncated"), c.server)
        elif c.error is not None:
            result = self._invalid(c, text, c.error, f"$.calls[{c.pos}].arguments", c.cut)
        elif c.needs_end and not c.ended:
            fr = self.choice_finish.get(c.scope) if self.several and type(c.scope) is int else self.finish_reason
            said = "" if fr is None else f"; the reply's finish reason: {fr!r}"
            result = self._invalid(c, text, f"The stream ended before this call was complete (no end event{said})",
                                   f"$.calls[{c.pos}].arguments", True)
        else:
            result = self._invalid(c, text, "The stream never gave this call a name", f"$.calls[{c.pos}].name",
                                   False)
        self._settle(c, result)

    def _input(self, c: Call) -> bool:
        """*c*'s custom tool input (``Core.add_input``) joined into its arguments, ``{field: text}``, as
        ``decode_all`` reads the call whole; whether it was cut off: the stream ended before the call's
        reply finished (no end, no finish reason), free text showing nothing of where it stopped (invalid,
        truncated, unless ``allow_truncated``). Argument text beside it, or its input twice: invalid."""
        field, pieces = cast(Dict[int, Tuple[str, List[str]]], self.inputs).pop(c.pos)
        if c.error is not None:
            return False
        if c.parts or c.full is not None or c.obj is not None or c.tree is not None:
            self.fail(c, f"Tool call {c.pos} of this stream carries both custom tool input and function arguments: "
                         "not guessed which to run")
            return False
        text = pieces[0] if len(pieces) == 1 else "".join(pieces)
        if self._input_pieces and said_twice(self, c, pieces, text):  # (named on every piece: re-sent?)
            return False
        if not c.ended and not self.policy.allow_truncated:
            c.full = text  # (the invalid call's ``raw``)
            self.fail(c, "Custom tool input may be cut off: the stream ended before its reply finished (no finish "
                         "reason came); pass allow_truncated=True to accept it", True)
            return False
        c.obj = {field: text}
        return not c.ended

    def _sendable(self, c: Call) -> None:
        """A ``DecodeError`` at ``$.calls[i].name`` / ``.id`` when *c*'s name or id holds
        a lone UTF-16 surrogate (as ``decode_all`` refuses one: no request could carry it)."""
        if c.name is not None:
            utf8_text(c.name, f"$.calls[{c.pos}].name", "Tool name", self.dialect)
        if c.id is not None:
            utf8_text(c.id, f"$.calls[{c.pos}].id", "Id", self.dialect)

    def fail(self, c: Call, error: str, cut: bool = False) -> None:
        """Mark the call invalid (still finalized at its end); *cut*: it was cut off (``truncated``)."""
        if c.error is None:
            c.error = error
            c.cut = cut
            c.size = max(c.size, self.max_bytes + 1)

    def unrun(self, c: Call, error: str, cut: bool = False) -> None:
        """*c*, already finalized, must not run after all (its end came again, saying otherwise): its result is
        an ``InvalidToolCall`` (as ``close`` makes a failed reply's, whatever its ``CallDone`` said); *cut*: cut off."""
        r = c.result
        if type(r) is ToolCall:
            c.error = error
            c.cut = cut
            c.result = self._invalid(c, r.raw, error, f"$.calls[{c.pos}]", cut)

    def misplaced(self, c: Call, obj: Any, own: str, loc: str) -> None:
        """*c*'s chunk object *obj* (at *loc*) holds no *own* arguments field: the call is
        invalid when *obj* holds its arguments under another key (``_misplaced.misplaced``, as
        ``decode`` refuses it), never run with ``{}``."""
        if type(obj) is dict:
            try:
                misplaced(obj, own, loc, self.dialect)
            except ArgumentsError as exc:
                self.fail(c, exc.message)

    def _settle(self, c: Call, result: Result) -> None:
        """*c* ends as *result*."""
        c.result = result
        c.tree = None
        key = c.key
        if key is not None and self.by_key.get(key) is c:
            del self.by_key[key]
        if self.emit:
            self.events.append(CallDone(c.pos, result))

    def _parsed(self, c: Call, text: Optional[str], whole: Optional[bool] = None) -> Result:
        """*c*'s result through the arguments policy (any tier, any finish reason; *whole*:
        as under a normal finish, another call following it; ``False``: as ``close`` judged
        it, the last call; ``None``: judged from what came so far, ``last_so_far``)."""
        value: Any = text
        if text is None:
            value = c.tree if c.tree is not None else c.obj
        # several replies: a call is judged by its own reply's finish reason, not another's
        fr = self.choice_finish.get(c.scope) if self.several and type(c.scope) is int else self.finish_reason
        policy = self.policy if fr is None else self._policy(fr)
        if policy.finish_reason is not None and cuts_calls(policy) and (
                whole if whole is not None else not self.may_be_cut(c, self.last_so_far(c))):
            # another call follows it (known here, or at ``close``): it was whole
            policy = whole_policy(policy)
        loc = _LOCS[c.pos] if c.pos < 16 else f"$.calls[{c.pos}].arguments"
        if type(policy.finish_reason) is Unknown:  # a word no table knows: a call whose own end came is whole
            if c.ended and not self.scope_end:
                policy = whole_policy(policy)
            else:
                value = "" if value is None else value  # (none arrived: Chat has no end event of a call)
                if self.unknown_cut is None:
                    self.unknown_cut = set()
                self.unknown_cut.add(c.pos)  # (``close`` judges it again if a word known came after)
        try:
            if text is None and c.tree is None and not c.server and policy.finish_reason in TRUNCATING:
                args, raw, repairs = self._whole(value, policy, loc)
            else:
                args, raw, repairs = parse_arguments(value, policy, loc, self.dialect)
        except ArgumentsError as exc:
            return self._invalid(c, exc.raw if exc.raw is not None else text, exc.message, exc.loc, exc.truncated)
        return new_call(c.name or "", args, c.id, raw, c.pd, repairs, c.server)
