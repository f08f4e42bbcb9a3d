"""The dialect-agnostic core of stream accumulation (no provider field names here).

A dialect's stream handler reads its own chunk shapes and calls this core; the core
owns correlation, argument accumulation, finalization and events.

Rules (the same for every dialect):

- Correlate a fragment with a call by id, then by index (key), then the latest open
  call of its scope; a fragment with another index or name than the call with its id
  is another call sharing the id (its index decides). A new id, or a different name
  after argument text, on an occupied index starts a new call; an ``""`` id is no id
  and never overwrites one. A different name before argument text is the rest of the
  name when the call there has an id and the delta none (openai-python joins name
  pieces); with no id telling, neither reading runs (``_unsure``).
- A delta with the id of a call that ended (its scope finished), at that call's index,
  or with its name and no id (the call had one), and the same argument text: the call
  re-sent (a whole call and its finish in one chunk, sent twice): that call is an
  ``InvalidToolCall``, as the same re-send before the finish makes it; never a second
  call. Other text is another call (a second completion fed to the same reader, with
  Kimi K2's per-message ids).
- The same name again there, no id telling (none on the delta nor on the call: a
  gateway's id-less parallel calls of one tool at one index; Kimi K2's name on every
  fragment), starts a new call only after a whole object or array (``whole_value``:
  each character read once, only for such deltas) and when its text begins another;
  with no text, the call is held: the next text beginning a value starts the new call
  (``_resume``), and with none it stays one call (no id, no index change, nothing new).
- A delta marked as a call's first (``opening``: Chat's ``"type": "function"``) with
  another name, no id on it nor on the call there, which has no text yet: the next
  call; the call there is one without arguments.
- Argument fragments are kept in a list and joined once, when the call ends; the
  work per delta is constant (no scan of earlier calls, no re-join of earlier
  fragments): the latest call and the open calls of each scope are kept by scope.
- A call is finalized only on its end (``end``), at the end of its scope (a choice's
  finish reason) or at ``close``: never because the partial text happens to parse.
- A call of a dialect with explicit end events (``needs_end``) that is still open at
  ``close`` is cut off: it becomes an ``InvalidToolCall`` with ``truncated=True``.
- Arguments are finalized by the one arguments policy (``parse_arguments``); a
  truncating finish reason (``length``, ``max_tokens``...) is passed to it.

The hot path: a handler's ``run`` loop may work on an open ``Call`` itself, under the
contract in ``_call.py``.
"""

from __future__ import annotations

from typing import Any, Dict, FrozenSet, Hashable, Iterable, List, Mapping, Optional, Set, Tuple

from pydantic_core import from_json

from .._args import TRUNCATING, Policy
from .._errors import DecodeError, excerpt
from ._call import Call, Result, begins_value, whole_value
from ._events import ArgsDelta, CallStarted, new_event
from ._pieces import Pieces
from ._replies import Replies
from ._results import Results

__all__ = ["Core"]

_alloc = object.__new__
_NO_TABLE: Mapping[str, str] = {}


class Core(Replies):
    """Calls under construction, events, text and finish reason of one stream: their
    correlation and accumulation here, how they end in ``Results`` (``_results.py``),
    the text and finish reason around them in ``Replies`` (``_replies.py``).

    *emit* records events (``accumulate`` needs none); *preview* adds a partial
    parse to every ``ArgsDelta``.
    """

    preview: bool
    _last: Dict[Hashable, Call]  # the call each scope started last
    # calls by id: the id alone in scope ``None`` (no tuple), else ``(scope, id)``
    _by_id: Dict[Hashable, Call]
    # calls ``_unsure`` started, by scope, with their error: judged as they end
    _repeats: Dict[Hashable, List[Tuple[Call, str]]]
    # the calls (by position) whose name came again after their whole value with no text
    # (``delta``): the next text beginning a value is another call (``_resume``); a hot
    # loop leaves their pieces to ``delta``. Never replaced (a hot loop keeps it)
    held: Set[int]

    def __init__(
        self,
        dialect: str,
        policy: Policy,
        include_server: bool,
        preview: bool,
        emit: bool = True,
        truncating: FrozenSet[str] = TRUNCATING,
        failing: FrozenSet[str] = frozenset(),
        calling: FrozenSet[str] = frozenset(),
    ) -> None:
        self.dialect = dialect
        self.truncating = truncating
        self.failing = failing
        self.calling = calling
        # the dialect's finish_reasons: a word in another case is read as it spells it
        self.finish_table: Mapping[str, str] = getattr(truncating, "table", _NO_TABLE)
        self.uncalled = None
        self.failure = None
        self.emit = emit
        self.policy = policy
        self.include_server = include_server
        self.preview = preview
        self.max_bytes = policy.max_bytes
        self.strict_fast = policy.max_depth >= 200
        self.events = []
        self.text_parts = Pieces()
        self.texts = {}
        self.finish_reason = None
        self.calls = []
        self.by_key = {}
        self._last = {}
        self._open = {}
        self._by_id = {}
        self._repeats = {}
        self.held = set()
        self.first_choice = None
        self.several = False
        self.choice_finish = {}
        self.finish_words = {}

    def malformed(self, exc: Exception, data: Any) -> DecodeError:
        """The error for a chunk whose shape the handler did not foresee."""
        return DecodeError(
            f"Malformed {self.dialect} stream chunk at $ ({type(exc).__name__}: {exc}): {excerpt(data)}",
            dialect=self.dialect,
        )

    # ---- calls with explicit lifecycles (blocks, items) ----------------------------

    def open(
        self,
        key: Optional[Hashable],
        id: Optional[str],
        name: Optional[str],
        *,
        scope: Hashable = None,
        server: bool = False,
        provider_data: Optional[Dict[str, Dict[str, Any]]] = None,
        needs_end: bool = True,
    ) -> Call:
        """Start a call at *key*; a call still open there is finalized first."""
        if key is not None:
            old = self.by_key.get(key)
            if old is not None:  # ``by_key`` holds open calls only
                self.finalize(old)
        c = self.new(key, scope, id, name, needs_end)
        if server:
            c.server = True
        c.pd = provider_data
        return c

    def start(
        self, key: Optional[Hashable], id: Optional[str], name: Optional[str], text: str = "", *,
        server: bool = False, provider_data: Optional[Dict[str, Dict[str, Any]]] = None,
    ) -> Optional[Call]:
        """``open`` for a start event at *key* (a block's, a call's: Anthropic
        ``content_block_start``, Bedrock ``contentBlockStart``, Cohere ``tool-call-start``)
        that an at-least-once transport or a gateway may send again: ``None`` when it is
        the start of the call open there again, with its id (one call, passed over while
        no argument text but the start's own, *text*, came; after its text began, or with
        another name, that call is invalid: a start re-sent, or a block lost? not guessed);
        the call a block with an id that ended at *key* starts again is invalid (never a
        second run of it). Another id (or none) is another call."""
        c = self.by_key.get(key) if key is not None else None
        if c is not None and id is not None and c.id == id:
            if name != c.name:
                self.fail(c, f"Tool call {c.pos} of this stream was started again with the name {name!r}: "
                             "which is its name is not guessed")
            elif c.error is None and "".join(c.parts) != text:
                self.fail(c, f"Tool call {c.pos} of this stream was started again after its argument text began: "
                             "a start re-sent, or a block lost? Not guessed")
            return None
        prior = self._by_id.get(id) if id is not None and key is not None else None
        c = self.open(key, id, name, server=server, provider_data=provider_data)
        if prior is not None and prior.done and prior.key == key:
            self.fail(c, f"Tool call {c.pos} of this stream is tool call {prior.pos} (id {id!r}) started again "
                         "after its end: never a second run of it")
        return c

    @property
    def ids(self) -> Dict[Hashable, Call]:
        """The calls of this stream by id (scope ``None``: the id itself), for a hot loop
        to ask whether an id came before (``start`` tells what it is then); read only."""
        return self._by_id

    def find(
        self, key: Optional[Hashable], id: Optional[str] = None, scope: Hashable = None
    ) -> Optional[Call]:
        """The open call at *key*, else with *id*, else the latest open one of *scope*."""
        c = self.by_key.get(key) if key is not None else None
        if (c is None or c.done) and id is not None:
            c = self._by_id.get(id if scope is None else (scope, id))
        if (c is None or c.done) and key is None and id is None:
            c = self.latest(scope)
        return None if c is None or c.done else c

    def set_full(self, c: Call, text: str) -> None:
        """The authoritative whole argument text; the part not yet seen is emitted. An
        empty one after deltas says nothing of them (some gateways send ``""``:
        farion1231/cc-switch#6481): the deltas stay."""
        if c.done or not text and c.size:
            return
        if len(text) == c.size and c.error is None and c.tree is None:  # nothing unseen: no join
            c.full = text
            return
        seen = "".join(c.parts)
        if len(c.parts) > 1:
            c.parts = [seen]  # joined once: a second whole text compares, it does not re-join
        if text.startswith(seen) and len(text) > len(seen):
            self.add(c, text[len(seen):])
        c.full = text

    def end(self, c: Optional[Call]) -> None:
        """The call's end event arrived: finalize it."""
        if c is not None and not c.done:
            c.ended = True
            self.finalize(c)

    def whole(
        self,
        name: Optional[str],
        args: Any,
        id: Optional[str],
        *,
        scope: Hashable = None,
        server: bool = False,
        provider_data: Optional[Dict[str, Dict[str, Any]]] = None,
        within: Optional[Tuple[Dict[str, Any], str, str]] = None,
    ) -> None:
        """A complete call in one piece: started and finalized at once. *within*: the
        object holding its arguments field, the field and its path, asked when *args* is
        ``None`` (``Results.misplaced``)."""
        c = self.new(None, scope, id, name, False)
        c.server = server
        c.pd = provider_data
        if type(args) is str:
            self.add(c, args)
        else:
            c.obj = args
            if args is None and within is not None:
                self.misplaced(c, *within)
        c.ended = True
        self.finalize(c)

    # ---- correlation for keyed deltas (Chat-like) ----------------------------------

    @staticmethod
    def _again(c: Call, text: Optional[str]) -> bool:
        """Whether a delta with argument *text* sends the ended call *c* again whole: the
        same text it ran with (a second completion's call reusing its id has other text)."""
        r = c.result
        return bool(text) and r is not None and (r.raw == text or "".join(c.parts) == text)

    def delta(
        self,
        scope: Hashable,
        index: Optional[Hashable],
        id: Optional[str],
        name: Optional[str],
        text: Optional[str],
        opening: bool = False,
    ) -> Call:
        """One tool-call delta: correlate by id, then index, then the latest call
        (the call it went to is returned). *opening*: the delta is marked as a call's
        first (Chat's ``"type": "function"``, sent only there): never the rest of a name."""
        c: Optional[Call] = None
        if id is None and name is None and index is not None:  # the common continuation
            c = self.by_key.get((scope, index))
            if c is not None and not c.done:
                if text:
                    if self.held and c.pos in self.held:
                        return self._resume(c, text)
                    self.add(c, text)
                return c
            c = None
        key = (scope, index) if index is not None else None
        if id is not None:
            c = self._by_id.get(id if scope is None else (scope, id))
            if c is not None and c.done and c.key == key and self._again(c, text):
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
                        and last.name == name and self._again(last, text)):
                    # the ended call's name again at its index, no id: the call re-sent after its end
                    # (as before it: one call, the elizaOS case), never a second run
                    self.unrun(last, f"Tool call {last.pos} of this stream ({last.name!r}) came again at its index "
                                     "after it ended: the same call sent twice? Never run twice")
                    return last
            if cur is not None and not cur.done:
                if id is not None and cur.id is not None and cur.id != id:
                    cur = None  # a new id on an occupied index: a new call
                elif name is not None and cur.name is not None:
                    cur, final = self._named_again(cur, key, scope, id, name, text, opening)
                    if final:
                        assert cur is not None
                        return cur
            c = cur
        if c is None and key is None and id is None:
            cur = self.latest(scope)
            if cur is not None and not cur.done:
                if name is None or cur.name is None:
                    c = cur
                elif cur.key is None:
                    # a name again without an index nor an id: the latest call open is the one
                    # such a delta goes on with (rule 1), read as at an occupied index
                    c, final = self._named_again(cur, None, scope, None, name, text, opening)
                    if final:
                        assert c is not None
                        return c
        if c is None:
            c = self.new(key, scope, id, name, False)
        else:
            if id is not None and c.id is None:
                c.id = id
                self._by_id[id if scope is None else (scope, id)] = c
            if name is not None and c.name is None:
                c.name = name
            if text and self.held and c.pos in self.held:
                return self._resume(c, text)
        if text:
            self.add(c, text)
        return c

    def _named_again(self, cur: Call, key: Hashable, scope: Hashable, id: Optional[str], name: str,
                     text: Optional[str], opening: bool) -> Tuple[Optional[Call], bool]:
        """A named delta for the open call *cur* (at *key*, or, with no index nor id, the
        latest call open): *cur* again, a new call (``None``), or, when the second item is
        true, the call it went to, text added."""
        if name != cur.name:
            if cur.size or (id is not None and id != cur.id):
                return None, False  # a different name after arguments, or with a new id: a new call
            if id is None and cur.id is not None and not opening:
                cur.name = f"{cur.name}{name}"  # before argument text, no id of its own: the name's rest
                return cur, False
            if opening and id is None and cur.id is None:
                # marked as a call's first delta (never a name's rest), no id on either: the next
                # call, *cur* one without arguments (Gemini's OpenAI-compatible whole calls)
                return None, False
            return self._unsure(cur, key, scope, id, name, text), True
        if cur.id is None and cur.size and cur.error is None and cur.full is None and cur.tree is None \
                and whole_value(cur):
            # the same name after a whole value, no id on either (a call with an id and a
            # delta without one: its re-emission, never a second call to run): a new call
            # if the text begins another; with none yet, *cur* is held (``_resume``)
            starts = begins_value(text)
            if starts is None and id is None:
                self.held.add(cur.pos)
                if text:
                    self.add(cur, text)
                return cur, True
            if starts or id is not None:  # (an id of its own: a new call, as a new id at an index)
                self.held.discard(cur.pos)
                return None, False
        return cur, False

    def _resume(self, c: Call, text: str) -> Call:
        """Argument *text* for the call *c* whose name came again, no id telling, after its
        whole value, with no text (``held``): white space keeps it held; text beginning an
        object or array is the next call, of that name (a gateway's id-less calls of one
        tool at one index); other text is *c*'s. Nothing more: no call (Kimi K2's name
        repeated on an empty last fragment)."""
        starts = begins_value(text)
        if starts is not None:
            self.held.discard(c.pos)
            if starts:
                c = self.new(c.key, c.scope, None, c.name, False)
        self.add(c, text)
        return c

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

    def end_scope(self, scope: Hashable) -> None:
        """The scope (a choice) finished: finalize its open calls (those only: a
        finish reason per chunk costs nothing per earlier call)."""
        if self._repeats:
            self._judge_repeats(self._repeats.pop(scope, ()))
        open_calls = self._open.get(scope)
        if open_calls:
            for c in list(open_calls.values()):
                if not c.done:
                    c.ended = True
                    self.finalize(c)

    # ---- internals -----------------------------------------------------------------------

    def new(self, key: Optional[Hashable], scope: Hashable, id: Optional[str], name: Optional[str],
            needs_end: bool) -> Call:
        """A new open call (at *key*, which must be free)."""
        calls = self.calls
        c = _alloc(Call)  # every slot set here: cheaper than an ``__init__``
        c.pos = pos = len(calls)
        c.key = key
        c.scope = scope
        c.id = id
        c.name = name
        c.parts = []
        c.full = c.obj = c.tree = c.open_paths = c.pd = c.error = c.result = c.scan = None
        c.server = c.ended = c.done = c.cut = False
        c.needs_end = needs_end
        c.size = 0
        calls.append(c)
        self._last[scope] = c
        scoped = self._open.get(scope)
        if scoped is None:
            scoped = self._open[scope] = {}
        scoped[pos] = c
        if key is not None:
            self.by_key[key] = c
        if id is not None:
            self._by_id[id if scope is None else (scope, id)] = c
        if self.emit:
            self.events.append(CallStarted(c.pos, id, name))
        return c

    def close(self) -> List[Result]:
        """``Results.close``, the calls ``_unsure`` started judged first."""
        if self._repeats:
            for calls in self._repeats.values():
                self._judge_repeats(calls)
            self._repeats = {}
        return Results.close(self)

    def _judge_repeats(self, calls: Iterable[Tuple[Call, str]]) -> None:
        """The calls a name started whose reading nothing tells (``_unsure``), as they
        end: invalid, with their error."""
        for c, error in calls:
            if not c.done:
                self.fail(c, error)

    def latest(self, scope: Hashable) -> Optional[Call]:
        """The call of *scope* started last (open or not)."""
        return self._last.get(scope)

    def add(self, c: Call, text: str) -> None:
        """Add argument text to *c* (kept as a fragment; joined once at the end)."""
        if c.done or not text or c.error is not None:
            return
        size = c.size + len(text)
        c.size = size
        if size > self.max_bytes:
            c.error = f"Arguments are over the limit of {self.max_bytes} characters"
            c.parts = []
            return
        c.parts.append(text)
        if self.emit:
            preview = _partial("".join(c.parts)) if self.preview else None
            self.events.append(new_event(ArgsDelta, (c.pos, c.id, text, preview, None)))

    def add_input(self, c: Call, field: str, text: Optional[str]) -> None:
        """A piece of *c*'s custom tool input (free text, not JSON: an OpenAI Chat
        ``custom.input``), kept apart from argument text and joined once when the call
        ends, given as ``{field: text}`` (``Results._input``); never previewed. A call
        with no piece has the input ``""``. Its ``max_bytes`` is the arguments'."""
        inputs = self.inputs
        if inputs is None:
            inputs = self.inputs = {}
        held = inputs.get(c.pos)
        if held is None:
            if c.done:
                return
            held = inputs[c.pos] = (field, [])
            self.mark_free_text(c)  # a truncating finish cuts it off (``close``)
        if c.done or not text or c.error is not None:
            return
        size = c.size + len(text)
        if size > self.max_bytes:
            self.fail(c, f"Custom tool input is over the limit of {self.max_bytes} characters")
            held[1].clear()
            return
        c.size = size
        held[1].append(text)
        if self.emit:
            self.events.append(new_event(ArgsDelta, (c.pos, c.id, text, None, None)))

    def add_at(self, key: Optional[Hashable], text: Any) -> None:
        """Add text to the open call at *key* (a nameless call there if none). A delta
        that is not text (a number, a list...) makes that call invalid: skipping it
        would run the call without that part of its arguments."""
        c = self.by_key.get(key) if key is not None else self.latest(None)
        if c is None or c.done:
            c = self.new(key, None, None, None, True)
        if type(text) is str:
            self.add(c, text)
        else:
            self.fail(c, f"An argument delta is not text: {excerpt(text)}")

    def broken(self, body: Any, scope: Hashable = None, why: str = "") -> None:
        """A call whose body is not an object (``5`` where a call object belongs), or
        not a call for the reason *why*: an invalid call in its place, never skipped
        (its siblings keep their positions)."""
        c = self.new(None, scope, None, None, False)
        c.ended = c.done = True
        self._open[scope].pop(c.pos, None)
        error = f"The tool call at $.calls[{c.pos}] " + (why or f"is not an object: {excerpt(body)}")
        self._settle(c, self._invalid(c, None, error, f"$.calls[{c.pos}]", False))


def _partial(text: str) -> Optional[Dict[str, Any]]:
    try:
        parsed = from_json(text, allow_inf_nan=False, allow_partial="trailing-strings")
    except (ValueError, TypeError):  # TypeError: a lone surrogate, no preview
        return None
    return parsed if type(parsed) is dict else None
