"""Text read ahead as the answer from a held call marker in an unclosed reasoning block
(``_modes``'s ``held_think_modes``): what the parser was at the marker (``_Spec``, to
undo the reading when a closing marker comes) and what the block's modes share
(``_Block``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ._body import BodyMode
from ._probes import _first
from ._recovered import Recovered
from ._scan import Action, Mode, Pieces, TextMode, _alternation, _Tokens
from ._sink import Sink

if TYPE_CHECKING:
    from ._core import TextParser

__all__ = ["_Block", "_Spec"]


class _Spec:
    """An unclosed block's text from a held call marker, read ahead as the answer (what
    it is when the text ends): the parser's sinks, calls and events as they were at the
    marker, so a closing marker met outside the call regions can undo that reading.

    The text from the marker is ``buf[off:]`` of the buffer the marker was met in, then
    what was fed since (``m.tape``): nothing is copied while the answer is read ahead."""

    __slots__ = ("at", "buf", "close", "content", "items", "off", "pend", "reasoning", "recovered", "reread_until")

    recovered: tuple[Recovered, int] | None

    def __init__(self, m: TextParser, tok: str, close: str) -> None:
        self.off = m.pos - len(tok)  # the marker *tok* just before ``m.pos``
        self.at = m.at(self.off)  # where it begins (``at`` position)
        self.buf = m.buf
        self.close = close  # one of the block's closing markers: the format's content mode finds the block by it
        self.content, self.reasoning = m.content, m.reasoning
        self.items = len(m.items)
        self.reread_until = m.reread_until  # text read again while reading ahead is not, once undone
        # after an abandoned call (``_recovered``): its state and how many regions it held at
        # the marker (its list is only appended to, never copied: linear however many blocks)
        rec = m.state.get("recovered")
        self.recovered = None if rec is None else (rec, len(rec.held))
        self.pend: tuple[int, str] | None = None  # a closing marker in a draft call's value (``ends_in``)
        m.content, m.reasoning = _fork(m.content), _fork(m.reasoning)
        m.withheld = len(m.queue)  # events from here wait for the end or that closing marker
        m.tape = Pieces()  # what ``feed`` adds from here on

    def __getstate__(self) -> tuple[Any, ...]:  # pickles with every protocol (a checkpoint)
        return (
            self.at, self.buf[self.off :], self.close, self.content, self.reasoning, self.items, self.reread_until,
            self.pend, self.recovered,
        )

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        (
            self.at, self.buf, self.close, self.content, self.reasoning, self.items, self.reread_until, self.pend,
            self.recovered,
        ) = state
        self.off = 0

    def block(self, m: TextParser) -> _Block:
        content = m.format.start(False)
        return content.on[self.close].args[0]  # type: ignore[attr-defined, no-any-return]

    def tokens(self, m: TextParser, region: BodyMode) -> _Tokens:
        """What *region* scans for outside its values while this text is read ahead: its
        tokens and the block's closing markers (one there ends the block at once)."""
        return self.block(m).tokens(region)

    def cut_region(self, m: TextParser, region: BodyMode, i: int, tok: str, more: str | None = None) -> None:
        """A closing marker *tok* at ``buf[i]``, outside *region*'s values: the block
        ended there, and the region was reasoning text. Unless an end marker came inside a
        value before it (``m.tent``: the value ran on into the next call, as a draft cut
        in its value does; *more*, when given: the region's text in ``buf`` before *i*)
        after a closing marker in the region: then the quotes counted from there are the
        next call's, shifted by one, and *tok* may be in that call's value (a Kimi K2 draft's
        string that ran on into the real call holding ``</think>`` in its value). The
        region ended at the end marker (``BodyMode.run_on``, the text after it read again)
        and the last closing marker before it is a draft's (``pend``, as ``ends_in`` keeps
        one, the last draft's): the block ends there only if no other closing marker comes (``settle``); a
        later one outside the values still ends a block that quotes a call."""
        if m.tent is not None and more is not None and not m.state.get("settled"):
            body = m.body.join() + more
            j, early = self.block(m).last(body, m.tent[2])
            if j >= 0:
                self.pend = (m.region_at + j, early)
                region.run_on(m, body, i)
                return
        region.drop(m)
        m.tent = None
        self.block(m).cut(m, m.at(i), tok)

    def never_closes(self, m: TextParser, region: BodyMode, q: int) -> None:
        """The text ended inside *region*'s value *q* (from ``m.qat``): its closer is
        nowhere after there, so no later value of that kind closes either."""
        key = f"{int(region.escapes[q])}{region.closers[q]}"
        unclosed = m.state.setdefault("unclosed", {})
        if m.qat < unclosed.get(key, m.qat + 1):
            unclosed[key] = m.qat

    def cut_in_value(self, m: TextParser, region: BodyMode, q: int, pos: int) -> bool:
        """At the end of the text, a value *q* just opened (its text from ``buf[pos]``)
        that is known never to close (``never_closes``): a closing marker in it ends the
        block (as ``_Block.bare`` reads it), found at once instead of reading the value to
        the end of the text again (linear for many such blocks). Not in text read again
        (or in a region with ``hard_ends``) when one of the region's end markers comes
        first: there it ends the region."""
        at = m.state.get("unclosed", {}).get(f"{int(region.escapes[q])}{region.closers[q]}")
        if at is None or m.qat < at:
            return False
        buf = m.buf
        i, tok = self.block(m).first(buf, pos)
        hard = m.region_at < m.reread_until or region.hard_ends  # an end marker in the value ends the region
        if i < 0 or (hard and any(buf.find(e, pos, i) >= 0 for e in region.ends)):
            return False
        self.cut_region(m, region, i, tok)
        return True

    def ends_in(self, m: TextParser, region: BodyMode, body: str, end: str) -> bool:
        """Whether the call region that just closed (*body* from ``m.region_at``, closed
        by *end*) holds one of the block's closing markers outside its quoted values (one
        that never closes: ``BodyMode`` cuts at once at any other): then the block ended
        there (``_Block.cut``), and the region was reasoning text. One inside a value of
        an invalid call (and of no whole one) is kept (``pend``; a later draft's replaces
        it: the calls between are reasoning, as a later marker outside the values makes
        them): the block ends there only if the text ends with no other closing marker
        (``settle``), as a draft cut in its value that ran on over the closing marker into
        the answer's calls (vLLM's reasoning parsers split at the closing marker whenever
        it is there; a later one ends a block that quotes such a call); so is one inside a
        value that an end marker cut off (*end* met inside it). In the text read again after
        such an end none came (``settle`` found none): there it ends the block at once
        (each held text is read ahead to the end once: linear)."""
        block = self.block(m)
        i, tok, open_ = block.bare(region, body)
        if open_ and end and not m.state.get("settled"):
            # in a value cut off by an end marker (the next call's opener: abandoned, or text
            # read again): a draft that ran on over it, kept as one in a value that closed
            self.pend = (m.region_at + i, tok)
            return False
        if i < 0:
            if block.first(body, 0)[0] < 0:
                return False
            i, tok = region.in_draft(m, body, end, block.closes)  # (inside a value that closed)
            if i < 0:
                return False
            if not m.state.get("settled"):
                self.pend = (m.region_at + i, tok)
                return False
        block.cut(m, m.region_at + i, tok)
        return True

    def settle(self, m: TextParser) -> bool:
        """The text ended with the block unclosed: if a closing marker was met in a draft
        call's value (``ends_in``), the block ended there (the text after it is read
        again, as the answer)."""
        if self.pend is None:
            return False
        at, tok = self.pend
        m.state["settled"] = True
        self.block(m).cut(m, at, tok)
        return True

    def commit(self, m: TextParser) -> None:
        """The text ended with the block unclosed: the reading ahead stands."""
        for real, ahead in ((self.content, m.content), (self.reasoning, m.reasoning)):
            if ahead.parts:
                real.parts.append(ahead.parts.join())
            real.pending, real.gap, real.started = ahead.pending, ahead.gap, ahead.started
        m.content, m.reasoning = self.content, self.reasoning
        m.withheld = -1
        m.tape = None

    def undo(self, m: TextParser) -> int:
        """The block closed after all: drop the reading ahead; ``buf`` is put back to hold
        the text from the marker on, which begins at the index returned."""
        m.content, m.reasoning = self.content, self.reasoning
        del m.items[self.items :]
        del m.queue[m.withheld :]
        m.withheld = -1
        m.reread_until = self.reread_until
        # a call abandoned in the text read ahead was reasoning: no call's value to judge calls by
        m.state.pop("recovered", None)
        if self.recovered is not None:
            rec, held = self.recovered
            del rec.held[held:]
            m.state["recovered"] = rec
        tape, m.tape = m.tape, None
        if tape:  # text fed since: joined once (a stream's read-ahead ends at the closing marker)
            m.buf, m.pos = self.buf[self.off :] + tape.join(), 0
        else:  # ``buf`` still ends where it did: the marker is where it was
            m.buf, m.pos = self.buf, self.off
        return m.pos


def _fork(sink: Sink) -> Sink:
    """A sink that goes on from *sink*'s state with no text of its own (its held-back
    whitespace shared as one string, so forking again costs nothing)."""
    ahead = Sink()
    ahead.gap, ahead.started = sink.gap, sink.started
    pending = sink.pending.join()
    sink.pending.reset(pending)
    ahead.pending.reset(pending)
    return ahead


class _Block:
    """What the modes of a block with held call markers share: a closing marker met
    while a held text is read ahead ends the block there (``_Spec.undo``); a held
    marker met then (after a later opener: no closing marker has come since) is the
    answer at once, as the reading ahead of the first one is (vLLM's reasoning parsers
    split the output once)."""

    def __init__(self, closes: Sequence[str]) -> None:
        self.closes = frozenset(closes)
        self.content: Mode = Mode()
        self.calls: dict[str, Action] = {}
        self.inner = TextMode("reasoning")  # a closed block's reading without its closing markers
        self.scans: dict[BodyMode, tuple[Any, list[Any]]] = {}  # per call region: its ``bare`` scan
        self.held: dict[BodyMode, _Tokens] = {}  # per call region: its tokens and the closing markers

    def start(self, m: TextParser, tok: str) -> None:
        """Read the text from the held marker *tok* (just before ``m.pos``) ahead as the answer."""
        if m.state.get("spec") is None:
            m.state["spec"] = _Spec(m, tok, next(iter(self.closes)))
        m.mode = self.content
        self.calls[tok](m, tok)

    def tokens(self, region: BodyMode) -> _Tokens:
        got = self.held.get(region)
        if got is None:
            # (the quotes of a region with ``hard_ends`` too: they say where its values are)
            got = self.held[region] = _Tokens([*region.tokens, *region.quotes, *sorted(self.closes)])
        return got

    def close(self, m: TextParser, tok: str, then: Mode | None) -> None:
        """A closing marker in content (*then* None) or reasoning (*then*: content)."""
        if m.state.get("spec") is None:
            if then is not None:
                m.mode = then
            return
        self.cut(m, m.at(m.pos) - len(tok), tok)

    def cut(self, m: TextParser, at: int, tok: str) -> None:
        """The block closes at *at* (``at`` position of its closing marker *tok*): the
        text from the held marker up to there is reasoning, read as a closed block's."""
        spec: _Spec = m.state.pop("spec")
        i = spec.undo(m)
        end = i + at - spec.at  # where the closing marker begins in ``buf``
        m.reasoning.gap = False  # the held marker is read again as text: nothing was removed there
        self._plain(m, m.buf, i, end)
        m.reasoning.brk()
        m.pos = end + len(tok)
        m.mode = self.content

    def bare(self, region: BodyMode, body: str) -> tuple[int, str, bool]:
        """The first closing marker in *body* outside *region*'s quoted values, or inside
        one that never closes (``(-1, "")`` if none), and whether it is in such a value:
        one scan, as ``region`` reads it."""
        scan = self.scans.get(region)
        if scan is None:
            scan = self.scans[region] = (
                _alternation([*self.closes, *region.quotes]),
                [_alternation([c, *(["\\"] if e else [])]) for c, e in zip(region.closers, region.escapes)],
            )
        rx, inside = scan
        i = 0
        while True:
            hit = rx.search(body, i)
            if hit is None:
                return -1, "", False
            tok = hit.group()
            if tok in self.closes:
                return hit.start(), tok, False
            q = region.quotes[tok]
            i = hit.end()
            opened = i
            while True:  # to the quote's closer, a backslash escaping the character after it
                hit = inside[q].search(body, i)
                if hit is None:  # a value that never closes: a closing marker in it ends the
                    j, tok = self.first(body, opened)  # block (as an end marker ends a region)
                    return j, tok, j >= 0
                i = hit.end()
                if hit.group() != "\\":
                    break
                i += 1

    def first(self, text: str, i: int) -> tuple[int, str]:
        """The first closing marker in *text* from *i* (``(-1, "")`` if none)."""
        return _first(text, i, self.closes)

    def last(self, text: str, end: int) -> tuple[int, str]:
        """The last closing marker wholly in ``text[:end]`` (``(-1, "")`` if none)."""
        best, which = -1, ""
        for c in self.closes:
            j = text.rfind(c, 0, end)
            if j > best:
                best, which = j, c
        return best, which

    def _plain(self, m: TextParser, text: str, i: int, end: int) -> None:
        """``text[i:end]`` as a closed block's reasoning: call markup (and closing markers
        inside its values) kept as text, the markers such a block drops dropped."""
        for hit in self.inner.rx.finditer(text, i, end):
            m.emit_reasoning(text[i : hit.start()])
            self.inner.on[hit.group()](m, hit.group())
            m.reasoning.brk()
            i = hit.end()
        m.emit_reasoning(text[i:end])
