"""The machine every open-model text format runs on, and its result and event types.

A family (``dialects/text_*.py``) is a small graph of *modes* (``_text_scan``):
``TextMode`` copies text to a sink until one of its markers; ``BodyMode`` collects a
call region (markers inside quoted values do not count) and parses it once.

``TextParser`` holds only the unconsumed tail of the text (at most the length of
the longest marker, while it may still become one), so the cost of ``feed`` is
proportional to the delta, and ``decode_text`` is the same machine fed the whole
text at once: the streaming and the one-shot result are equal by construction.

Content and reasoning are the text outside markers with the leading and trailing
whitespace of the whole removed (``None`` when nothing is left); where a marker (a
stray closing one too) separated two pieces with no whitespace on either side, a
newline is put in its place.
Deltas are emitted as soon as they are certain (those the end settles by ``close``, then
``events()``), so ``"".join`` of the deltas equals
the final value.

A call region that never closes (end of text inside it), or any region when the
finish reason is ``length``/``max_tokens`` and the region ended with the text, becomes
an ``InvalidToolCall`` with ``truncated=True``; its ``raw`` is the exact text of the
region, markers included, so nothing is lost.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable

from .._args import TRUNCATING, Policy, argument_keys, make_policy, parse_arguments
from .._errors import ArgumentsError, DecodeError, ToolwireError, excerpt
from .._finish import barring_word, keyword_call
from .._finish_reasons import core_word
from .._json_values import lone_surrogate_in
from .._types import ToolCall, new_call, new_invalid
from .._value_checks import utf8_problem
from ._body import BodyMode
from ._callname import is_name, name_problem
from ._events import CallEvent, ContentDelta, Event, Item, ReasoningDelta, TextResult
from ._options import finish_of, prompt_opens_reasoning
from ._scan import Action, Mode, Parse, Pieces, TextMode
from ._sink import Sink
from ._table import ARG_KEYS

if TYPE_CHECKING:
    from ._format import TextFormat

__all__ = [
    "Action",
    "BodyMode",
    "Mode",
    "Parse",
    "Format",
    "TextMode",
    "TextParser",
]

# finish reasons by which an engine says the model called a tool (OpenAI-compatible
# servers, Anthropic-compatible ones, Cohere)
CALLED = frozenset({"tool_calls", "function_call", "tool_use", "TOOL_CALL"})


Start = Callable[[bool], Mode]


_BARE = frozenset({"name", "type", "id"})  # the keys of a JSON call that takes no arguments


class Format:
    """What a ``TextParser`` runs: the base of ``TextFormat`` (``_format.py``, which imports
    this module: the parser tells a format from a name by this class, with no cycle)."""

    __slots__ = ()


class TextParser:
    """Incremental decoder of one model output in one text format.

    ``feed(delta)`` takes any split of the text (down to one character) and returns the
    events it can already emit; ``close(finish_reason=None)`` returns the
    ``TextResult``, equal to ``decode_text`` of the whole text. Policy keywords
    (``repair``, ``allow_truncated``, ``max_bytes``, ``max_depth``, ``max_repair_bytes``)
    are those of ``Policy``, for the calls' arguments; the finish reason comes to ``close``.
    """

    def __init__(
        self,
        dialect: str | TextFormat,
        tools: Any = None,
        *,
        thinking: bool | None = None,
        prompt: str | None = None,
        **policy: Any,
    ) -> None:
        if isinstance(dialect, Format):
            fmt = dialect
        else:
            from ._table import format_named  # lazy: the table imports the families

            fmt = format_named(dialect)
        from ._schema import tool_index

        if "finish_reason" in policy:  # known only at the end of the text
            raise TypeError("TextParser takes the finish reason in close(finish_reason=...)")
        arguments_policy = make_policy(policy)
        thinking = prompt_opens_reasoning(fmt, prompt, thinking)

        self.format = fmt
        self.dialect = fmt.name
        self.tools, self.closed = tool_index(tools, fmt.name)
        self.offered: frozenset[str] | None = frozenset(self.tools) or None
        self.buf = ""
        self.pos = 0
        self.fed = 0  # characters fed so far: ``buf`` always ends there (``at``)
        self.final = False
        self.finish_reason: str | None = None
        self.policy: Policy = arguments_policy
        self.content = Sink()
        self.reasoning = Sink()
        self.items: list[Item] = []
        self.fixes: list[str] = []  # repairs made while reading the call being read (typed values)
        self.queue: list[Event] = []  # events not handed out yet
        self.body = Pieces()  # the call region being collected
        self.stray = Pieces()
        self.quote = -1
        self.depth = 0
        self.balanced = False  # a balance region's brackets closed at the end of the text so far
        # a balance region's value may begin here (nothing but whitespace since the region
        # began or since its ``value_after`` marker; ``None``: not known yet) (``BodyMode``)
        self.lead: bool | None = None
        self.vat = 0  # where the string that opened a balance region's value began (``at`` position)
        self.qat = 0  # where the text of the quoted value being read began, in text read ahead (``at``)
        # that string closed holding no JSON text of an object or array: no value, so the
        # region runs on, and the end of the text ends it whole (``BodyMode``)
        self.spent = False
        # the first end marker met inside a quoted value of the region (``BodyMode``): where
        # it is (``at`` position), which, and how much of the body comes before it
        self.tent: tuple[int, str, int] | None = None
        self.region_at = 0  # where the region being read began (``at`` position)
        self.reread_until = 0  # text before this was read again after such an end: no new one in it
        self.opener = ""
        self.state: dict[str, Any] = {}
        # text read ahead as the answer from a held call marker (``_modes``): kept from
        # there (``tape``); events from queue index ``withheld`` on wait (-1: none wait)
        self.tape: Pieces | None = None
        self.withheld = -1
        self.unsettled = ""  # the stripped stop token that a finish reason would settle
        self.mode: Mode = fmt.start(bool(thinking))
        self._result: TextResult | None = None

    # -- checkpoints (pickle, copy.deepcopy) ---------------------------------------
    def __getstate__(self) -> dict[str, Any]:
        """The format by name (when the table's) and the mode by its place in the
        format's machine (``_checkpoint``): both may hold local functions."""
        from ._checkpoint import place_of
        from ._table import format_named

        state = self.__dict__.copy()
        fmt = self.format
        try:
            named = format_named(fmt.name) is fmt
        except ToolwireError:
            named = False
        if named:
            state["format"] = fmt.name
        state["mode"] = place_of(fmt, self.mode)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        from ._checkpoint import mode_at
        from ._table import format_named

        fmt = state["format"]
        if type(fmt) is str:
            fmt = state["format"] = format_named(fmt)
        state["mode"] = mode_at(fmt, state["mode"])
        self.__dict__.update(state)

    def __copy__(self) -> TextParser:
        """A shallow copy sharing the machine (``BodyMode._whole``'s probe), as without
        the checkpoint methods."""
        new = object.__new__(TextParser)
        new.__dict__.update(self.__dict__)
        return new

    # -- public ------------------------------------------------------------------
    def feed(self, delta: str) -> list[Event]:
        """Add *delta* to the text; return the content, reasoning and call events now known."""
        if self._result is not None:
            raise DecodeError("This TextParser is closed; start a new one", dialect=self.dialect)
        if type(delta) is not str:
            raise DecodeError(
                f"TextParser.feed takes text, got {type(delta).__name__} {excerpt(delta)}",
                dialect=self.dialect,
            )
        if not delta:
            return []
        if self.format.watch is not None:
            self.format.watch(self, delta)
        self.buf = self.buf[self.pos :] + delta if self.pos else self.buf + delta
        self.pos = 0
        self.fed += len(delta)
        if self.tape is not None:
            self.tape.append(delta)
        self._run()
        return self.events()

    def close(self, finish_reason: str | None = None) -> TextResult:
        """End of the text: finish open regions and return the ``TextResult``. What the
        end settled (text held back as a possible marker, a region cut off) comes as
        events too: ``events()`` hands them out, so the joined deltas equal the result."""
        if self._result is not None:
            return self._result
        finish_reason = finish_of(finish_reason, self.dialect)
        self.final = True
        if finish_reason is not None and finish_reason not in TRUNCATING:
            finish_reason = core_word(finish_reason) or finish_reason  # another case: as a table reads it
        self.finish_reason = finish_reason
        if finish_reason in TRUNCATING:
            self.policy = replace(self.policy, finish_reason=finish_reason)
        self._run()
        spec = self.state.get("spec")
        while spec is not None and spec.settle(self):  # (``_modes``: a held block ended in a draft's value)
            self._run()
            spec = self.state.get("spec")
        if self.state.get("recovered") is not None:  # calls held after an abandoned one, then a
            from ._recovered import settle  # section opener (no region to decide them): the text ended

            settle(self, finish_reason not in TRUNCATING)
        at_end = self.mode.at_end
        if at_end is not None:  # the text ended in a mode that says what that means (``Mode.at_end``)
            at_end(self)
        spec = self.state.pop("spec", None)
        if spec is not None:  # text read ahead as the answer is the answer (``_modes``)
            spec.commit(self)
        if finish_reason is not None and self.items:
            self._bar(finish_reason)
        if not self.items and finish_reason in CALLED:
            # the engine says the model called a tool, and this format finds none: another
            # format's call, or one the engine could not read; no call is a wrong answer
            self.invalid(None, "", f"The finish reason {finish_reason!r} says the model called a tool, but the text "
                                   f"holds no {self.dialect} tool call (is it another format's?)")
        self._result = TextResult(self.content.value(), self.reasoning.value(), tuple(self.items))
        return self._result

    def _bar(self, finish_reason: str) -> None:
        """The calls of a reply *finish_reason* says failed or was stopped by a content
        filter or a refusal (``content_filter``, ``error``, Gemini's ``SAFETY``: as the
        ``finish_reason=`` keyword of ``decode_all`` reads it, ``barring_word``): each an
        ``InvalidToolCall`` saying so; their ``CallEvent`` s stand, as a stream's ``CallDone``."""
        barred = barring_word(finish_reason)
        if barred is None:
            return
        table, word = barred
        self.items = [
            new_invalid(c.name, c.id, c.raw, keyword_call(table, f"$.tool_calls[{i}]", word), f"$.tool_calls[{i}]")
            if isinstance(c, ToolCall) else c
            for i, c in enumerate(self.items)
        ]

    def events(self) -> list[Event]:
        """The events produced since the last ``feed`` / ``events`` call: after ``close``,
        the final ``ContentDelta`` / ``ReasoningDelta`` / ``CallEvent`` s of the text."""
        if self.withheld < 0:
            events, self.queue = self.queue, []
        else:
            events = self.queue[: self.withheld]
            del self.queue[: self.withheld]
            self.withheld = 0
        return events

    # -- for modes ---------------------------------------------------------------
    def _run(self) -> None:
        guard = 0
        while self.mode.step(self):
            guard += 1
            # against all the text fed: ``buf`` may be text read again, shorter than the steps taken
            if self.final and guard > 10 * (self.fed + 10):  # pragma: no cover - a family bug
                raise DecodeError("The text could not be read to its end", dialect=self.dialect)

    def emit_content(self, text: str) -> None:
        out = self.content.add(text)
        if out:
            self.queue.append(ContentDelta(out))

    def emit_reasoning(self, text: str) -> None:
        out = self.reasoning.add(text)
        if out:
            self.queue.append(ReasoningDelta(out))

    def flush_stray(self) -> None:
        """Text where the format expects none (between the calls of a section), taken
        whole up to the next marker: kept as content unless it is only whitespace."""
        text = self.stray.join()
        self.stray.reset()
        if text.strip():
            self.emit_content(text)

    def brk(self, sink: str) -> None:
        if sink == "content":
            self.content.brk()
        elif sink == "reasoning":
            self.reasoning.brk()

    def at(self, i: int) -> int:
        """The position in the whole text of ``buf[i]`` (text read again after a mode put
        it back in front of ``buf`` keeps its place: ``buf`` always ends at ``fed``)."""
        return self.fed - len(self.buf) + i

    def open_body(self, mode: Mode, opener: str) -> None:
        self.fixes.clear()
        self.body.reset()
        self.region_at = self.fed - len(self.buf) + self.pos  # self.at(self.pos)
        self.tent = None
        self.quote = -1
        self.depth = 0
        self.balanced = False
        self.lead = None
        self.spent = False
        self.opener = opener
        self.mode = mode

    @property
    def loc(self) -> str:
        return f"$.tool_calls[{len(self.items)}]"

    def add(self, item: Item) -> None:
        self.fixes.clear()
        self.queue.append(CallEvent(item, len(self.items)))
        self.items.append(item)

    def invalid(
        self, name: str | None, raw: str, error: str, *, truncated: bool = False, id: str | None = None
    ) -> None:
        if name and not is_name(name) and not (self.offered and name in self.offered):
            name = None  # text where a name should be is not one: it stays in raw
        if id is not None and not id.isascii() and lone_surrogate_in(id):
            id = None  # no request could carry it back: it stays in raw
        self.add(new_invalid(name=name or None, id=id, raw=raw, error=error, loc=self.loc, truncated=truncated))

    def truncated(self, name: str | None, raw: str, id: str | None = None) -> None:
        if self.finish_reason in TRUNCATING:
            why = f"the output ended (finish reason {self.finish_reason!r})"
        elif self.unsettled:
            why = (
                f"the text ended where {self.unsettled} would close it; engines strip that stop "
                "token, so a finish reason settles it: 'stop' or 'tool_calls' makes it a whole "
                "call, 'length' a cut-off one"
            )
        else:
            why = "the text ended before the call was closed"
        self.invalid(name, raw, f"Tool call at {self.loc} is cut off: {why}", truncated=True, id=id)

    def call(
        self,
        name: str,
        args: Any,
        raw: str,
        *,
        id: str | None = None,
        repairs: tuple[str, ...] = (),
        variant: str | None = None,
        extra: dict[str, str] | None = None,
    ) -> None:
        """Add a call whose arguments are *args* (a dict, or JSON text read by the policy);
        *variant* and *extra* go to its provider data.

        Every family's calls pass here: a *name* that is not a tool name, or (with
        ``tools=``) not one of the tools offered, makes the call an ``InvalidToolCall``
        that keeps *raw* (``_callname``)."""
        loc = self.loc
        if self.fixes:
            repairs = repairs + tuple(r for r in dict.fromkeys(self.fixes) if r not in repairs)
        if not name:
            self.invalid(None, raw, f"Tool call at {loc} has no name", id=id)
            return
        problem = name_problem(name, self.offered, loc)
        if problem is None and id is not None and not id.isascii():
            problem = utf8_problem(id, loc + ".id", "Id")
        if problem is not None:
            self.invalid(name, raw, problem, id=id)
            return
        try:
            parsed, text, more = parse_arguments(args, self.policy, loc + ".arguments", self.dialect)
        except ArgumentsError as exc:
            self.invalid(name, raw, exc.message, truncated=exc.truncated, id=id)
            return
        data = {self.dialect: {"variant": variant, **(extra or {})}} if variant else None
        self.add(new_call(name, parsed, id, text, data, repairs + more))

    def json_call(
        self,
        obj: dict[str, Any],
        raw: str,
        keys: tuple[str, ...] = ARG_KEYS,
        name_key: str = "name",
        bare: frozenset[str] = _BARE,
        *,
        id: str | None = None,
        repairs: tuple[str, ...] = (),
        variant: str | None = None,
    ) -> None:
        """Add the call of a JSON call object (its *name_key*, ``"name"``, a string) whose
        arguments sit under the first of *keys* it has. With none of them the call takes
        no arguments only when its other keys are in *bare* (``type`` / ``id``:
        ``{"name": "now"}``, as ``text.llama`` reads it); arguments under another key
        (``"args"``, a typo), or under two of *keys* that differ, make it an
        ``InvalidToolCall`` that keeps *raw*: never a call run with ``{}`` or with one of
        two argument objects (vLLM's hermes parser needs ``"arguments"``). Command R names
        the keys ``tool_name`` / ``parameters`` / ``tool_call_id``."""
        for i, key in enumerate(keys):
            if key in obj:
                args = obj[key]
                for clash in keys[i + 1:]:
                    if clash in obj and obj[clash] != args:  # two argument objects: running one would drop one
                        self.invalid(obj[name_key], raw, f"Tool call at {self.loc} has both {key!r} and {clash!r}, "
                                                         "which differ: which holds its arguments is unknown", id=id)
                        return
                if not args or args == "{}":  # none here: another dialect's key holding them is refused
                    for k in argument_keys():
                        got = obj.get(k) if k not in keys else None
                        if got is not None and got != {} and got != "" and got != "{}":
                            self.invalid(obj[name_key], raw, f"Tool call at {self.loc} has an empty {key!r} but "
                                                             f"has {k!r}, which holds its arguments", id=id)
                            return
                self.call(obj[name_key], args, raw, id=id, repairs=repairs, variant=variant)
                return
        other = [k for k in obj if k not in bare]
        if other:
            found = ", ".join(excerpt(k, 40) for k in other[:3]) + (", …" if len(other) > 3 else "")
            want = " / ".join(f'"{k}"' for k in keys)
            error = f"Tool call at {self.loc} has no {want} key for its arguments; found {found}"
            self.invalid(obj[name_key], raw, error, id=id)
            return
        self.call(obj[name_key], None, raw, id=id, repairs=repairs, variant=variant)

    def param_schema(self, tool: str, param: str) -> dict[str, Any] | None:
        props = self.tools.get(tool)
        if props is None:
            return None
        s = props.get(param)
        return s if type(s) is dict else None
