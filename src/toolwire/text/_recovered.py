"""A call read after an abandoned one (``_kit.abandon``) runs only when the text after it
shows it is no text inside the abandoned call's value: its closer followed by the end of
the text (past whitespace and the markers that may follow a call of the format, *ends*:
a section's closer, a stop token). Another call opener (*opens*) there defers the
decision to the call it opens; anything else (the abandoned call's own closers, such as
``</parameter>`` or ``"}``, or more text) makes the calls read since the abandoned one
``InvalidToolCall`` s: a coding agent's file holding a tool call is no call to run.
A call after them abandoned itself proves nothing: it is held too, and the call its
opener begins decides them all (``Recovered._chain``).

The decision comes at the end of the text or at the first text after the call other
than whitespace, which is looked at once (a marker's prefix waits, a bounded tail): linear,
and a stream decides where a whole text does."""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .._errors import ToolwireError
from .._policy import TRUNCATING
from .._types import ToolCall, new_invalid
from ._events import CallEvent
from ._scan import Mode

if TYPE_CHECKING:
    from ._body import BodyMode
    from ._core import TextParser

__all__ = ["Recovered", "in_value", "recover"]

_SPACE = frozenset(" \t\r\n")
# what a held region was: a call, or abandoned by another call opener outside or inside a value
_REGION, _ABANDONED, _QUOTED = 0, 1, 2
_QUOTE = re.compile(r'\\.|"', re.S)  # an escape (the character after it too) or a quote


def in_value(text: str, values: tuple[tuple[str, str], ...]) -> bool:
    """Whether *text* ends inside a value: after an opener of a pair of *values* and no
    closer of it (a pair of one marker: after an odd count of it); ``('"', '"')``: inside
    a JSON string (one pass over *text*). An opener that begins a tag (``<parameter=``)
    counts with no ``>`` after it too: the text after it may be a value's text that names
    the tag, not the tag (revA: judged as no value there, a call quoted in it ran)."""
    for opener, closer in values:
        if opener == '"':
            if sum(1 for q in _QUOTE.finditer(text) if q.group() == '"') % 2:
                return True
        elif (text.count(opener) % 2 if opener == closer else text.rfind(opener) > text.rfind(closer)):
            return True
    return False


@dataclass(frozen=True)
class Recovered:
    """What ``m.state["recovered"]`` holds after an abandoned call: the markers that may
    follow a call read after it (*opens*, *ends*), the regions read since and not yet
    decided (their modes by place in the format's machine, opener, text, end marker),
    where the machine goes on (*next*) and how much whitespace after the last one was
    seen (*skip*)."""

    opens: tuple[str, ...]
    ends: tuple[str, ...]
    held: list[tuple[int, str, str, str, int]] = field(default_factory=list)  # (appended to: one list a chain)
    next: int = -1
    skip: int = 0
    longest: int = field(default=0, compare=False)

    def hold(self, m: TextParser, region: BodyMode, body: str, end: str, complete: bool) -> bool:
        """Whether the region just read (*body*, ended by *end*) waits for the text after
        it (``BodyMode._finish``, before reading it); one cut off does not (that reading
        decides the calls held before it: they run, unless a cut finish reason cut this
        region off: the text ending there proves nothing), nor one ended by another call
        opener with none held. One so ended after held ones (abandoned itself) proves
        nothing either: it is held too, and the call its opener begins decides."""
        if complete and end in self.opens and self.held:
            return self._chain(m, region, body, end)
        if not complete or end in self.opens:
            settle(m, complete or m.policy.finish_reason not in TRUNCATING)
            return False
        from ._checkpoint import place_of  # (the machine walk imports the modes)

        self.held.append((place_of(m.format, region), m.opener, body, end, _REGION))
        m.state["recovered"] = replace(self, next=place_of(m.format, m.mode), skip=0)
        m.mode = FOLLOW
        return True

    def _chain(self, m: TextParser, region: BodyMode, body: str, end: str) -> bool:
        """Hold a region ended by another call opener after held ones, and open the
        region that opener begins as its reading would (read once on a copy of the parser:
        what opens, and whether it was abandoned in a value, so its next call is judged)."""
        from ._checkpoint import place_of

        probe = copy.copy(m)
        probe.items, probe.queue, probe.fixes = [], [], []
        probe.state = {k: v for k, v in m.state.items() if k != "recovered"}
        probe.content, probe.reasoning = type(m.content)(), type(m.reasoning)()
        try:
            region.parse(probe, body, end, True)
        except Exception:  # read as before this rule: the real reading says what it is
            probe.mode = m.mode
        if probe.mode is m.mode:  # (it opened none: read as before this rule)
            settle(m, True)
            return False
        kind = _QUOTED if "recovered" in probe.state else _ABANDONED
        self.held.append((place_of(m.format, region), m.opener, body, end, kind))
        m.state["recovered"] = replace(self, next=place_of(m.format, m.mode), skip=0)
        m.open_body(probe.mode, probe.opener)
        return True


def recover(m: TextParser, opens: tuple[str, ...], ends: tuple[str, ...]) -> None:
    """A call was abandoned (``_kit.abandon``): calls read after it wait for what follows
    them (calls held from an earlier one run first: another call opener followed them)."""
    settle(m, True)
    if opens:
        m.state["recovered"] = Recovered(opens, ends, longest=max(map(len, (*opens, *ends))))


def settle(m: TextParser, ok: bool, follows: str = "") -> None:
    """Read the held regions: as calls when *ok*, else their calls are invalid (*follows*:
    the first character of the text after them instead of an end)."""
    rec: Recovered | None = m.state.pop("recovered", None)
    if rec is None:
        return
    from ._checkpoint import mode_at

    opener, region_at = m.opener, m.region_at
    for i, (place, first_opener, body, end, _kind) in enumerate(rec.held):
        region: Any = mode_at(m.format, place)
        m.opener = first_opener
        first, queued = len(m.items), len(m.queue)
        policy = m.policy
        if m.final and policy.finish_reason is not None:  # closed by its end marker: not cut by the limit
            m.policy = replace(policy, finish_reason=None)
        try:
            region.parse(m, body, end, True)
        except ToolwireError:
            raise
        except Exception as exc:  # as ``BodyMode._finish``: no foreign error out
            m.invalid(None, first_opener + body + end, f"Could not read the call: {type(exc).__name__}: {exc}")
        m.policy = policy
        m.state.pop("recovered", None)  # (a held region abandoned again: its opener's region was read)
        # the first call after an abandoned one whose value the text may still be in: the
        # calls after it were read as calls before the model's abandoned one was
        if not ok and (i == 0 or rec.held[i - 1][4] == _QUOTED):
            _void(m, first, queued, first_opener + body + end, follows)
    if rec.held:
        m.mode = mode_at(m.format, rec.next)
    m.opener, m.region_at = opener, region_at


def _void(m: TextParser, first: int, queued: int, raw: str, follows: str) -> None:
    """The calls added from item *first* (events from *queued*) as ``InvalidToolCall`` s."""
    for i in range(first, len(m.items)):
        item = m.items[i]
        if type(item) is ToolCall:
            loc = f"$.tool_calls[{i}]"
            m.items[i] = new_invalid(
                name=item.name, id=item.id, raw=raw, loc=loc,
                error=f"Tool call at {loc} comes after an abandoned call and may be text in that call's value: "
                      + (f"text ({follows!r}...) follows it, not the end of the text, another call or a stop token"
                         if follows else f"the text was cut there (finish reason {m.policy.finish_reason!r}), so the "
                                         "value may go on"),
            )
    for j in range(queued, len(m.queue)):
        ev = m.queue[j]
        if isinstance(ev, CallEvent) and ev.index >= first:
            m.queue[j] = CallEvent(m.items[ev.index], ev.index)


class _Follow(Mode):
    """After a call read since an abandoned one: wait for the first text that is not
    whitespace (or the end of the text), then decide (``Recovered``)."""

    def step(self, m: TextParser) -> bool:
        rec: Recovered = m.state["recovered"]
        buf, n = m.buf, len(m.buf)
        p = m.pos + rec.skip
        while True:  # past whitespace and the markers that may follow a call
            while p < n and buf[p] in _SPACE:
                p += 1
            end = next((t for t in rec.ends if buf.startswith(t, p)), "")
            if not end:
                break
            p += len(end)
        if p == n:
            if not m.final:
                m.state["recovered"] = replace(rec, skip=p - m.pos)
                return False
            # the end of the text, unless the token limit (or another cut) ended it there: the value may go on
            settle(m, m.policy.finish_reason not in TRUNCATING)
            return True
        if any(buf.startswith(t, p) for t in rec.opens):  # the next call decides
            from ._checkpoint import mode_at

            m.state["recovered"] = replace(rec, skip=0)
            m.mode = mode_at(m.format, rec.next)
            return True
        if not m.final and n - p < rec.longest and any(t.startswith(buf[p:]) for t in (*rec.opens, *rec.ends)):
            m.state["recovered"] = replace(rec, skip=p - m.pos)
            return False  # could still grow into one
        settle(m, False, buf[p])
        return True


FOLLOW = _Follow()
