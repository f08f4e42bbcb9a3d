"""The dialect-agnostic core of stream accumulation (no provider field names here).

A dialect's stream handler reads its own chunk shapes and calls this core; the core
owns correlation, argument accumulation, finalization and events. It is built in
layers: how calls end (``Results``, ``_results.py``), the text and finish reason
around them (``Replies``, ``_replies.py``), the calls and their fragments (``Calls``,
``_calls.py``), the correlation of keyed deltas (``Keyed``, ``_keyed.py``: Chat-like
streams), and here calls with explicit lifecycles (blocks, items).

Rules (the same for every dialect):

- Correlate a fragment with a call by id, then by index (key), then the latest open
  call of its scope (``Keyed.delta``, whose rules ``_keyed.py`` lists).
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

from typing import Any, Dict, FrozenSet, Hashable, Mapping, Optional, Tuple

from .._args import TRUNCATING, Policy
from .._errors import DecodeError, excerpt
from ._call import Call
from ._keyed import Keyed
from ._pieces import Pieces

__all__ = ["Core"]

_NO_TABLE: Mapping[str, str] = {}


class Core(Keyed):
    """Calls under construction, events, text and finish reason of one stream: their
    correlation here and in ``Keyed`` (``_keyed.py``), their fragments in ``Calls``
    (``_calls.py``), how they end in ``Results`` (``_results.py``), the text and finish
    reason around them in ``Replies`` (``_replies.py``).

    *emit* records events (``accumulate`` needs none); *preview* adds a partial
    parse to every ``ArgsDelta``.
    """

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
        self.tick = 0  # (set here; ``uncalled``, read by ``close`` only, is a class default: a Core's
        # attributes stay within CPython's 30 shared keys, past which every read is slower: +4.8%)
        self.by_key = {}
        self._last = {}
        self._open = {}
        self._by_id = {}
        self._repeats = {}
        self._joined = {}
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
        latest: bool = True,
    ) -> Call:
        """Start a call at *key*; a call still open there is finalized first. Not *latest*:
        ``latest(scope)`` stays the call before it (a call no index-less piece goes on with:
        a GLM-4-AllTools server call amid a Chat stream's function calls)."""
        if key is not None:
            old = self.by_key.get(key)
            if old is not None:  # ``by_key`` holds open calls only
                self.finalize(old)
        before = None if latest else self._last.get(scope)
        c = self.new(key, scope, id, name, needs_end)
        if not latest:
            if before is None:
                del self._last[scope]
            else:
                self._last[scope] = before
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
