"""Cross-dialect conversion: ``convert`` and ``encode_message``.

``convert(x, to)`` decodes *x* in whatever dialect it is (or ``source=``) and
encodes it for *to*: a call, a list of calls, a tool definition, a tool result,
or an assistant message / whole response (its calls, as a list of *to* items).
It speaks canonical types only; the dialect modules write the wire.

One conversation, one ``IdMap`` (and one ``NameMap``): pass the same ``ids=`` and
``names=`` to every ``convert`` of a conversation, in order, so that

- an id the target rejects maps by the keyed hash, exactly the same for the call
  and for its result, and two ids that would collide raise ``EncodeError``;
- a call without an id gets a stable synthesized one where the target needs ids,
  and a later id-less result of the same tool gets that same id (first in, first
  out per tool name; a result without a tool name by position: Gemini pairs calls
  and responses this way; ``encode_conversation`` closes the calls of a turn when
  the next assistant turn starts, ``IdMap.turn``). A result that names a tool takes
  no id of another tool's call: ``EncodeError`` when only those wait;
- a result that lacks the tool name (Gemini needs it) takes its call's name;
- tool names the target forbids are mapped reversibly (``NameMap.original``).

Without ``ids=``/``names=`` each ``convert`` starts a fresh map: fine for one call,
one list or one message.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Set, Tuple, Union

from ._access import MAX_OBJECT_DEPTH
from ._builtin import default_registry
from ._codec import _VAGUE_STR, decode, decode_all, decode_result, decode_tool
from ._collect import chosen, claimed_calls, collect
from ._definitions import read_definition
from ._dialect import CALL, CALLS, RESULT, SERVER, TOOL, Dialect
from ._encode import (
    check_arguments,
    encode,
    encode_result,
    encode_tool,
    invalid_as_call,
    made_id_data,
    written,
)
from ._errors import DecodeError, EncodeError, ToolwireError, an, excerpt
from ._foreign import foreign
from ._ids import IdMap
from ._names import NameMap
from ._payload_paths import moved
from ._policy import DEFAULT_POLICY
from ._registry import Registry
from ._types import InvalidToolCall, Tool, ToolCall, ToolResult, evolve
from ._walk import _load, _sniff, no_content

__all__ = ["convert", "counted_refusal", "encode_message"]

DialectLike = Union[str, Dialect]


def counted_refusal(dialect: str, said: str) -> str:
    """Why a result that answers no call is not written for *dialect*, which pairs a
    turn's results with its calls by number (``Pairing.counted``; *said*: its refusal)."""
    return (f"{dialect} pairs the results of a turn with its calls by number, so it would refuse it or take it "
            f"for another call's result" + (f" ({dialect} answers: {said})" if said else ""))


class _Target:
    def __init__(self, d: Dialect, ids: Optional[IdMap], names: Optional[NameMap], registry: Optional[Registry],
                 report: Optional[List[Any]] = None):
        self.d = d
        self.report = report
        self.ids = ids if ids is not None else IdMap(d.ids, dialect=d.name)
        self.names = names if names is not None else NameMap(d.names, dialect=d.name)
        self.registry = registry
        self.name_of = self.ids.tool_names  # call id -> tool name: in the map, copied with it
        self._wrote: Set[str] = set()  # the call ids written by this ``convert``
        # a dialect whose ids are required and which has no history (MCP: JSON-RPC requests)
        # pairs a result with its call by the id alone: the ids of this ``convert``'s calls
        # that no result in it has answered since (``_unique``); ``None``: any other dialect
        self._open: Optional[Set[str]] = set() if d.ids.required and d.history is None else None

    def _reused(self, c: ToolCall, position: int) -> None:
        """Notes *c* (item *position*) when it reuses the id of a call an earlier ``convert``
        wrote that is still unanswered, with no result and no ``IdMap.turn()`` between: taken
        for one turn's calls, though it may be a later turn's (the class docstring of ``IdMap``)."""
        first = self.ids.unanswered(c.id) if c.id is not None else None
        if first is None or self.report is None:
            return
        from .conversation._problems import Problem  # (the conversation package imports this module)

        self.report.append(Problem(
            "duplicate-id", position, c.id,
            f"The call {c.id} ({c.name!r}) reuses the id of a call still unanswered ({first!r}), with no result and "
            f"no IdMap.turn() between: both are taken for calls of one turn, so the next result with the id answers "
            f"{first!r} (call IdMap.turn() when a new assistant turn starts)"))

    def _unique(self, c: ToolCall, loc: str = "$") -> None:
        """``EncodeError`` when a call before *c* in this ``convert`` has its id and no result
        with the id comes between (``_open``): the two answers could not be told apart."""
        if self._open is None or c.id is None:
            return
        if c.id in self._open:
            raise EncodeError(
                f"The call {c.name!r} cannot be written as {an(self.d.name)} request with the id {c.id!r}: a call "
                f"before it has that id and no result with it comes between, and {self.d.name} pairs a result with "
                "its call by the id alone (as MCP, whose request id \"MUST NOT have been previously used by the "
                "requestor within the same session\"); give each call its own id (call.replace(id=...))",
                dialect=self.d.name, loc=loc)
        self._open.add(c.id)

    def _replay(self, calls: List[Any], trail: List[Tuple[int, str, Any, Dialect, str]], loc: str) -> None:
        """``_unique`` for *calls*, the calls read from one message, response or conversation,
        in order with its tool results (a result frees its id: a later turn may use it
        again). *trail*: the walk that read *calls* (``_read``), its results at their place
        among them; each call is checked at the path of the item it was read from."""
        assert self._open is not None
        at = {pos: iloc for pos, kind, _, _, iloc in trail if kind != RESULT}  # (the last item at a place read it)
        k = 0
        for pos, kind, item, idd, _ in trail:
            if kind != RESULT:
                continue
            k = self._check(calls, k, pos, at, loc)
            try:
                self._open.discard(decode_result(item, idd, registry=self.registry).id)
            except ToolwireError:  # (a result ``decode_all`` does not read: it frees nothing)
                continue
        self._check(calls, k, len(calls), at, loc)

    def _check(self, calls: List[Any], k: int, end: int, at: Dict[int, str], loc: str) -> int:
        """``_unique`` for ``calls[k:end]``, each at its item's path under *loc*; *end*."""
        for i in range(k, end):
            c = calls[i]
            if issubclass(type(c), ToolCall):
                self._unique(c, loc + at[i][1:])
        return end

    def call(self, c: ToolCall, position: int, slot: Optional[int] = None, checked: bool = False) -> Dict[str, Any]:
        """The wire item of *c*; *slot*: ``IdMap.id_of``'s (``encode_conversation``);
        *checked*: its own id went through ``_unique`` (``_replay``)."""
        if c.id is None and self.d.ids.required:
            new = self.ids.id_of(c, slot)
            c = evolve(c, id=new, provider_data=made_id_data(c, self.d), repairs=(*c.repairs, "id-synthesized"))
            checked = False
        if not checked:
            self._unique(c)
        if c.id is not None:
            if self.report is not None and c.id not in self._wrote:
                self._reused(c, position)
            self._wrote.add(c.id)
            self.ids.named(c.id, c.name)
        name = self.names.map(c.name)
        if name != c.name:
            c = evolve(c, name=name)
        return encode(c, self.d, ids=self.ids, position=position, registry=self.registry, report=self.report)

    def result(self, r: ToolResult, loc: str = "$") -> Dict[str, Any]:
        """*r* written; what it loses on the way noted in the caller's ``report``, at the
        index of the item of a list it came in (``encode_result``'s notes). A target that
        pairs by number (``Pairing.counted``) takes no result with an id none of the
        calls this ``IdMap`` wrote has (a map that wrote none knows no conversation)."""
        pairing = self.d.history.pairing if self.d.history is not None else None
        if pairing is not None and pairing.counted and r.id is not None and self.name_of and r.id not in self.name_of:
            who = f"{r.id} ({r.name!r})" if r.name else r.id
            raise EncodeError(f"The result for {who} answers none of the calls written with this IdMap, so it "
                              f"cannot be written: {counted_refusal(self.d.name, pairing.orphan)}",
                              dialect=self.d.name, loc=loc)
        r = self.resolve(r, loc)
        if self._open is not None and r.id is not None:
            self._open.discard(r.id)  # (answered: a later call may take the id)
        if self.report is None:
            return encode_result(r, self.d, ids=self.ids, registry=self.registry)
        notes: List[Any] = []
        out = encode_result(r, self.d, ids=self.ids, registry=self.registry, report=notes)
        if loc != "$":
            index = int(loc[2:loc.index("]")])  # ``$[i]...``: the item of the list given
            notes = [type(p)(p.kind, index, p.id, p.message) for p in notes]
        self.report.extend(notes)
        return out

    def resolve(self, r: ToolResult, loc: str = "$", lookup: bool = True) -> ToolResult:
        """*r* with its call's id and the target's name: an id-less result takes its id
        here, once (``IdMap.answer``; *loc*: where *r* stands), so encoding it again
        answers the same call; a nameless one the name of its id's call (not with
        *lookup* false: an id several calls share names none of them for sure)."""
        if r.id is None and self.d.ids.required:
            given = self.ids.answer(r.name, loc)
            if given is not None:
                r = evolve(r, id=given)
        if r.id is not None:
            name = self.ids.name_for(r.id)  # every result takes its call's place in line
            if lookup and r.name is None and name is not None:
                r = evolve(r, name=name)  # Gemini needs it
        if r.name is not None:
            r = evolve(r, name=self.names.map(r.name))
        return r

    def tool(self, t: Tool) -> Dict[str, Any]:
        name = self.names.map(t.name)
        return encode_tool(t if name == t.name else evolve(t, name=name), self.d, registry=self.registry)

    def one(self, x: Any, source: Optional[Dialect], position: int, top: bool = True, depth: int = 0,
            loc: str = "$") -> Any:
        """*x* written (an item, or a list of items); an error of an item of a list is said at
        the item's place (``$[2].raw``: the writers speak of the item alone)."""
        if loc == "$":
            return self._one(x, source, position, top, depth, loc)
        try:
            return self._one(x, source, position, top, depth, loc)
        except ToolwireError as exc:
            if exc.loc == loc or (exc.loc.startswith(loc) and exc.loc[len(loc)] in ".["):
                raise  # said at its place already
            raise moved(exc, exc.dialect, {"$": loc}) from None

    def _one(self, x: Any, source: Optional[Dialect], position: int, top: bool, depth: int, loc: str) -> Any:
        if issubclass(type(x), ToolCall):
            return self.call(x, position)
        if issubclass(type(x), ToolResult):
            return self.result(x, loc)
        if issubclass(type(x), Tool):
            return self.tool(x)
        if issubclass(type(x), InvalidToolCall):  # its argument text written back, where the target can
            item = self.call(invalid_as_call(x, self.d, self.ids), position)
            written(item, x, self.d)
            return item
        if top and (x is None or (type(x) is str and x.strip() in _VAGUE_STR)):  # as ``decode_all``: no calls
            return []
        t = type(x)  # a tuple or list subclass of calls (``Message.calls``, ``ToolCalls``): a list
        listed = t is tuple or (t is not dict and isinstance(x, list))
        data = x if t is list else list(x) if listed else _load(x, loc, source)
        if type(data) is list:
            if depth >= MAX_OBJECT_DEPTH:  # what a list containing itself gives
                raise DecodeError(f"Lists at {loc} are nested deeper than {MAX_OBJECT_DEPTH} (a cycle?)", loc=loc)
            out: List[Any] = []
            for i, el in enumerate(data):
                got = self.one(el, source, len(out), False, depth + 1, f"{loc}[{i}]")
                if type(got) is list:
                    out.extend(got)
                else:
                    out.append(got)
            return out
        if top and (data is None or (type(data) is dict and not data)):  # ``null``, ``{}``: as ``decode_all``
            return []
        dd, kind = _sniff(data, source, self.registry, loc)
        if kind in (CALL, SERVER):
            return self.call(decode(data, dd, registry=self.registry), position)
        if kind == TOOL:  # (a call's arguments as parameters: a call too, as ``decode_all`` reads it)
            return self.tool(read_definition(data, dd, loc, lambda: decode_tool(data, dd, registry=self.registry)))
        if kind == RESULT:
            return self.result(decode_result(data, dd, registry=self.registry), loc)
        if kind == CALLS or top:  # at the top, an item or message without calls (text, a refusal) too: its
            return self.calls(data, dd if kind == CALLS else source, kind, loc)  # calls as ``decode_all`` finds them
        return []  # a text or reasoning item inside a list

    def calls(self, data: Any, dd: Optional[Dialect], kind: str, loc: str) -> List[Any]:
        """The calls read from *data* (a message, response or conversation) written."""
        if self._open is None:
            calls = decode_all(data, dd, registry=self.registry)
            return [self.call(c, i) for i, c in enumerate(calls) if issubclass(type(c), ToolCall)]
        trail: List[Tuple[int, str, Any, Dialect, str]] = []
        calls = _read(data, dd, kind, self.registry, trail)
        self._replay(calls, trail, loc)  # (a message of results alone frees their ids too: a list of messages)
        return [self.call(c, i, checked=True) for i, c in enumerate(calls) if issubclass(type(c), ToolCall)]


def _read(data: Any, d: Optional[Dialect], kind: str, registry: Optional[Registry],
          trail: List[Tuple[int, str, Any, Dialect, str]]) -> List[Any]:
    """``decode_all(data, d)`` for *data*, a message, response or conversation of *kind*
    (or an item without calls, *d* ``None`` when detected), by the walk alone (its speed-only
    steps record no results): the same calls, and in *trail* every call item and tool result
    the walk met (``collect``). A response of several replies: the first (``chosen``)."""
    out: List[Any] = []
    try:
        alt = chosen(data, d, 0, "$") if kind == CALLS and d is not None else None
        if alt is not None:
            container, aloc, afinish, words = alt
            if not no_content(container):
                collect(container, d, registry, DEFAULT_POLICY, aloc, out, False, False, False, afinish, trail)
            if not out:
                claimed_calls(container, d, registry, DEFAULT_POLICY, aloc, out, False, afinish or "", words)
            return out
        collect(data, d, registry, DEFAULT_POLICY, "$", out, False, False, True, None, trail)
        if not out:
            claimed_calls(data, d, registry, DEFAULT_POLICY, "$", out, False)
        return out
    except (ToolwireError, MemoryError):
        raise
    except Exception as exc:  # (as ``decode_all``: a third party's object raising while read)
        raise foreign(exc) from None


def _get(name: DialectLike, registry: Optional[Registry]) -> Dialect:
    """The dialect *name*; ``UnknownDialectError`` for any other value (``None`` too)."""
    if isinstance(name, Dialect):
        return name
    return (default_registry() if registry is None else registry).get(name)


def convert(
    x: Any,
    to: DialectLike,
    *,
    source: Optional[DialectLike] = None,
    ids: Optional[IdMap] = None,
    names: Optional[NameMap] = None,
    registry: Optional[Registry] = None,
    report: Optional[List[Any]] = None,
) -> Any:
    """*x* (a call, tool definition, tool result, a list of them, or a message or
    response's calls) written for the dialect *to*.

    A call, definition or result gives one item; a list, message or response a
    list of items (never an empty ``tool_calls`` container). What holds no calls (a
    message of text or a refusal, a text or reasoning item, an empty-equivalent:
    ``None``, ``""``, ``"null"``, ``{}``, ``[]``) gives ``[]``, as ``decode_all``
    reads it; what it cannot read raises as there. *source* names the
    dialect of *x* when its shape is ambiguous. Pass one ``ids`` (an ``IdMap``)
    and one ``names`` (a ``NameMap``) per conversation; see the module docstring.
    What a tool result loses on the way (``encode_result``'s notes) goes to *report*, a
    list you pass, as ``Problem`` values (``index``: the item of a list *x*, else 0), and
    so does a call reusing the id of a call still unanswered that an earlier ``convert``
    wrote, with no result and no ``IdMap.turn()`` between (``duplicate-id``: taken for one
    turn's calls, it may be a later turn's; see ``IdMap``).
    """
    check_arguments(ids, names, registry, report)
    d = _get(to, registry)  # the arguments, before the input: their errors are not the input's
    src = None if source is None else _get(source, registry)
    try:
        return _Target(d, ids, names, registry, report).one(x, src, 0)
    except (ToolwireError, MemoryError):
        raise
    except Exception as exc:  # the caller's own objects raised while read (an odd mapping...)
        raise foreign(exc) from None


def encode_message(
    calls: Any,
    dialect: DialectLike,
    *,
    content: Optional[str] = None,
    ids: Optional[IdMap] = None,
    names: Optional[NameMap] = None,
    registry: Optional[Registry] = None,
) -> Dict[str, Any]:
    """The assistant message of a chat-like *dialect* holding *calls* and *content*.

    The dialect's ``assistant_message`` field writes it. Tool-only content follows
    the target: ``null`` (OpenAI Chat), no key (Mistral, Cohere, whose text beside
    calls is ``tool_plan``), ``""`` (Ollama); Anthropic, Gemini and Bedrock write a
    text block or part before the call blocks. No calls gives no tool-call field at
    all, never an empty list.
    """
    check_arguments(ids, names, registry)
    d = _get(dialect, registry)
    if content is not None and type(content) is not str:
        raise EncodeError(f"content= must be text or None, got {an(type(content).__name__)} {excerpt(content)}",
                          dialect=d.name)
    builder = d.assistant_message
    if builder is None:
        raise EncodeError(
            f"No assistant-message shape is known for {d.name}; convert the calls and build the message",
            dialect=d.name,
        )
    items: Any = [] if calls is None else convert(calls, d, ids=ids, names=names, registry=registry)
    if type(items) is not list:
        items = [items]
    try:
        message: Dict[str, Any] = builder(items, content)
    except (ToolwireError, MemoryError):
        raise
    except Exception as exc:  # a third-party builder's own failure
        raise EncodeError(
            f"Cannot build the {d.name} assistant message ({type(exc).__name__}: {exc})", dialect=d.name
        ) from None
    return message
