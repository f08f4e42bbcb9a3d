"""What a call region reads as, on a copy of the parser (nothing added to the result):
``BodyMode``'s probes of a region whose end marker came inside a value (``_whole``) or
whose text a held block's closing marker may be in (``in_draft``, ``_modes``)."""

from __future__ import annotations

import copy
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any, List

from .._errors import ToolwireError
from .._types import InvalidToolCall

if TYPE_CHECKING:
    from ._core import TextParser
    from ._scan import Parse

__all__ = ["Probes"]


def _first(text: str, i: int, marks: Collection[str]) -> tuple[int, str]:
    """The first of *marks* in *text* from *i* (``(-1, "")`` if none)."""
    best, which = -1, ""
    for c in marks:
        j = text.find(c, i) if best < 0 else text.find(c, i, best + len(c) - 1)
        if j >= 0:
            best, which = j, c
    return best, which


def _marks_in_whole(items: Sequence[Any], marks: Collection[str]) -> int:
    """How many of *marks* the whole calls of *items* hold (their argument text, or
    their arguments when there is none)."""
    n = 0
    for item in items:
        if not isinstance(item, InvalidToolCall):
            text = item.raw if item.raw is not None else repr(item.args)
            n += sum(text.count(k) for k in marks)
    return n


class Probes:
    """The probes of ``BodyMode`` (its ``parse`` read on a copy of the parser)."""

    parse: Parse

    def in_draft(self, m: TextParser, body: str, end: str, marks: Collection[str]) -> tuple[int, str]:
        """The first of *marks* in *body* that is in an invalid call's text and in no
        whole call's (``(-1, "")`` if none: a held block's reading, ``_modes``), read on
        a copy, as ``_whole``. With *w* marks in the whole calls' values it is the
        ``w``-th (from 0) when the whole calls before it hold all *w* (a second reading,
        of the text before it, says so): a whole drafted call beside a draft cut in its
        value does not hide the cut one's marker; otherwise, or when it comes after an end
        marker met inside a value (the text after that is read again), or when the region
        ended at its own opener (abandoned by the next call, its values closed), none is."""
        try:
            items = self._probe(m, body, end, True)
        except ToolwireError:
            return -1, ""  # read as before: the error comes from the real reading
        except Exception:
            return _first(body, 0, marks)  # (a foreign error: an invalid call, as the real reading says)
        if not any(isinstance(it, InvalidToolCall) and any(k in (it.raw or "") for k in marks)
                             for it in items):
            return -1, ""
        w = _marks_in_whole(items, marks)
        i, tok = -1, ""
        for _ in range(w + 1):  # the w-th mark in *body*
            i, tok = _first(body, i + len(tok) if i >= 0 else 0, marks)
            if i < 0:
                return -1, ""
        if end and end == m.opener:  # the next call begins (Kimi K2's): this one was abandoned with its
            return -1, ""  # values closed, not a draft that ran on over the marker into the answer
        if w:
            if m.tent is not None and i >= m.tent[2]:  # past an end marker in a value: read again from
                return -1, ""  # there (``_finish``)
            try:
                before = self._probe(m, body[:i], "", False)
            except Exception:
                return -1, ""
            if _marks_in_whole(before, marks) != w:
                return -1, ""
        return i, tok

    def _whole(self, m: TextParser, body: str, end: str) -> bool:
        """Whether *body* reads as calls none of which is invalid (on a copy of the
        parser: nothing is added to the result)."""
        try:
            items = self._probe(m, body, end, True)
        except ToolwireError:
            return True  # read as before: the error comes from the real reading
        except Exception:
            return False
        return not any(type(item) is InvalidToolCall for item in items)

    def _probe(self, m: TextParser, body: str, end: str, complete: bool) -> List[Any]:
        """The items *body* reads as, on a copy of the parser (nothing is added to the
        result; what the reading raises, the caller judges)."""
        probe = copy.copy(m)
        probe.items, probe.queue, probe.fixes = [], [], []
        # without the calls held after an abandoned one (``_recovered``): the reading of
        # *body* alone (an abandoned call in it would read them all again: quadratic)
        probe.state = {k: v for k, v in m.state.items() if k != "recovered"}
        probe.content, probe.reasoning = type(m.content)(), type(m.reasoning)()
        self.parse(probe, body, end, complete)
        return probe.items
