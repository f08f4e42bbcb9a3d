"""The marker scanner of the text formats: the two kinds of mode a family is made of.

- ``TextMode`` copies text to a sink (content, reasoning, or the stray-text buffer)
  until one of its literal markers appears, then runs the marker's action.
- ``BodyMode`` collects a call region until its end marker, or until its brackets
  balance, skipping markers inside quoted values, then parses the region once.

Both search with one compiled alternation of their tokens from the first unconsumed
character, and keep back only a tail that may still grow into a token (shorter than
the longest token), so each ``feed`` costs in proportion to its delta.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable, List

from .._args import TRUNCATING, load_json
from .._errors import ToolwireError
from .._types import InvalidToolCall

if TYPE_CHECKING:
    from ._core import TextParser

__all__ = ["FINISHED", "Action", "BodyMode", "Mode", "Parse", "Pieces", "TextMode"]

# finish reasons that say the model ended its turn itself (it emitted a stop token, which
# engines strip from the text): OpenAI-compatible servers' "stop" / "tool_calls", and
# the spellings of other APIs (Together "eos"; IBM watsonx.ai and Hugging Face TGI
# "eos_token"). "length" and the like are ``TRUNCATING``.
FINISHED = frozenset(
    {"stop", "tool_calls", "function_call", "end_turn", "tool_use", "stop_sequence", "eos", "eos_token", "STOP"}
)

class Pieces:
    """Text received in pieces (down to one character per ``feed``), held compactly:
    every 64 pieces are joined into one string, so a long run of one-character deltas
    costs about a byte or two per character, not a string object and a pointer each."""

    __slots__ = ("done", "recent")

    def __init__(self) -> None:
        self.done: list[str] = []
        self.recent: list[str] = []

    def __getstate__(self) -> tuple[list[str], list[str]]:  # pickles with every protocol (a checkpoint)
        return self.done, self.recent

    def __setstate__(self, state: tuple[list[str], list[str]]) -> None:
        self.done, self.recent = state

    def append(self, text: str) -> None:
        recent = self.recent
        if len(recent) >= 64:  # (before the new piece: the last one stays a piece, ``Sink.last``)
            self.done.append("".join(recent))
            recent.clear()
        recent.append(text)

    def reset(self, text: str = "") -> None:
        self.done.clear()
        self.recent.clear()
        if text:
            self.recent.append(text)

    def join(self) -> str:
        if self.done:
            return "".join(self.done) + "".join(self.recent)
        return "".join(self.recent)

    def __bool__(self) -> bool:
        return bool(self.recent or self.done)


class Mode:
    """One state of a family's machine; *at_end*: what the end of the text in it means
    (``_kit.empty_cut``), when it means more than the end of its text."""

    at_end: Callable[[TextParser], None] | None = None

    def step(self, m: TextParser) -> bool:  # pragma: no cover - interface
        """Consume from ``m.pos``; True when progress was made and the loop should go on."""
        raise NotImplementedError


Action = Callable[["TextParser", str], None]


def _alternation(tokens: Sequence[str]) -> Any:
    return re.compile("|".join(re.escape(t) for t in sorted(set(tokens), key=len, reverse=True)))


def _prefixes(tokens: Sequence[str]) -> frozenset[str]:
    return frozenset(t[:i] for t in tokens for i in range(1, len(t)))


def _hold(buf: str, pos: int, firsts: frozenset[str], prefixes: frozenset[str], longest: int) -> int:
    """Where a possible partial marker at the end of *buf* begins (``len(buf)`` if none)."""
    n = len(buf)
    i = max(pos, n - longest + 1)
    while i < n:
        if buf[i] in firsts and buf[i:] in prefixes:
            return i
        i += 1
    return n


class TextMode(Mode):
    """Copy text to a sink until a marker; ``sink`` is ``"content"``, ``"reasoning"`` or ``""``."""

    def __init__(self, sink: str, on: dict[str, Action] | None = None) -> None:
        self.sink = sink
        self.on: dict[str, Action] = {}
        self.text_first: frozenset[str] = frozenset()
        if on:
            self.set(on)

    def set(self, on: dict[str, Action], text_first: Sequence[str] = ()) -> None:
        """*on*: each marker's action; *text_first*: markers whose action runs before the
        stray text met so far is flushed (one that may be that text's own, ``_modes``)."""
        self.on = dict(on)
        self.text_first = frozenset(text_first)
        keys = list(self.on)
        self.rx = _alternation(keys)
        self.firsts = frozenset(k[0] for k in keys)
        self.prefixes = _prefixes(keys)
        self.longest = max(len(k) for k in keys)

    def emit(self, m: TextParser, text: str) -> None:
        if text:
            if self.sink == "content":
                m.emit_content(text)
            elif self.sink == "reasoning":
                m.emit_reasoning(text)
            else:
                m.stray.append(text)

    def step(self, m: TextParser) -> bool:
        buf, pos = m.buf, m.pos
        hit = self.rx.search(buf, pos)
        if (
            hit is not None
            and not m.final
            and len(buf) - hit.start() < self.longest
            and buf[hit.start() :] in self.prefixes
        ):  # could still grow into a longer marker: wait for more text
            self.emit(m, buf[pos : hit.start()])
            m.pos = hit.start()
            return False
        if hit is not None:
            self.emit(m, buf[pos : hit.start()])
            m.pos = hit.end()
            tok = hit.group()
            if m.stray and tok not in self.text_first:
                m.flush_stray()
            self.on[tok](m, tok)
            m.brk(self.sink)  # the marker separated two pieces of this text (a dropped one too)
            return True
        stop = len(buf) if m.final else _hold(buf, pos, self.firsts, self.prefixes, self.longest)
        if stop > pos:
            self.emit(m, buf[pos:stop])
            m.pos = stop
        if m.final and m.stray:
            m.flush_stray()
        return False


Parse = Callable[["TextParser", str, str, bool], None]


class _Tokens:
    """An alternation of tokens, and what holding back a partial one needs."""

    __slots__ = ("firsts", "grows", "longest", "prefixes", "rx", "tokens")

    def __init__(self, tokens: Sequence[str]) -> None:
        self.tokens = tuple(tokens)
        self.rx = _alternation(tokens)
        self.firsts = frozenset(t[0] for t in tokens)
        self.prefixes = _prefixes(tokens)
        self.longest = max(len(t) for t in tokens)
        self.grows = frozenset(t for t in tokens if t in self.prefixes)  # a token that starts a longer one

    def __reduce__(self) -> tuple[Any, ...]:
        """Built again from its tokens (every pickle protocol: a slotted class has no
        state protocols 0 and 1 can write)."""
        return (_Tokens, (self.tokens,))


def _json_text(m: TextParser, text: str, empty: bool) -> bool:
    """Whether the string that opened the region's value (from ``m.vat``; *text* is the
    region's text since its last piece, up to the closing quote) holds JSON text of an
    object or array, the one reading a string value has (the region's text is joined
    once, when the string closes), or, when *empty*, nothing but whitespace (the
    arguments policy's empty text: Mistral's ``[ARGS]""``)."""
    body = m.body.join() + text
    try:
        value = load_json(body[m.vat - m.region_at :])
    except (ValueError, TypeError):
        return False
    if type(value) is not str:
        return False
    inner = value.strip()
    if not inner:
        return empty
    return inner[:1] in ("{", "[") and inner[-1:] in ("}", "]")


# a JSON scalar after a ``value_after`` token (Mistral's ``[ARGS]null``): its first
# characters, the word it is read from, what it must be, and the longest one read
_SCALAR_FIRST = frozenset("ntf-0123456789")
_SPACE = frozenset(" \t\r\n")
_WORD = re.compile(r"[A-Za-z0-9_.+-]*")
_SCALAR = re.compile(r"null|true|false|-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_SCALAR_MAX = 64


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


class BodyMode(Mode):
    """Collect a call region, then ``parse(m, body, end_marker, complete)`` it once.

    - ``ends``: markers that close the region (never matched inside a quoted value);
    - ``quotes``: ``(open, close, backslash_escapes)`` spans inside which nothing counts;
    - ``skips``: tokens taken as they are (so their brackets do not count);
    - ``balance``: the region also closes when its brackets ``{[(`` balance again;
      when its last bracket is the last character of the text, the region ends with
      the text: a ``length`` / ``max_tokens`` finish leaves it cut off, as any region;
    - ``strings`` (with ``balance``): the value may also be a string: a quoted value
      that opens where the value begins (after nothing but whitespace) closes the region
      where it closes, as a bracket would (Mistral's ``[ARGS]"{…}"``), when it holds
      JSON text of an object or array (the one reading a string value has); any other
      string is no value: the region runs on (brackets, end markers) and the end of the
      text ends it whole, so the text after such a string is never content;
    - ``value_after``: with ``strings``, the value begins after this skip token (Mistral's
      ``[ARGS]``), not at the start of the region; there the value may also be an empty
      string, or a JSON scalar (``null``, ``true``, ``12``) that ends the region where
      whitespace or the end of the text follows it (one of more than ``_SCALAR_MAX``
      characters, or followed by anything else, is none);
    - ``eof_ok``: the end of the text is a normal end of this region.
    - ``hard_ends``: an end marker ends the region wherever it is, and the region's scan
      does not look for ``quotes`` (the format's values cannot hold an end marker:
      MiniMax M3's hold no ``]<]minimax[>[``); they only say where the values are to held
      reasoning (``_modes``), whose closing marker inside one is the value's text.
    - ``stop_closer``: the region's closing marker is a stop token that engines strip
      (gpt-oss ``<|call|>``): with a finish reason in ``FINISHED`` the end of the text
      closes the region; with none, the region stays cut off and its error names the
      finish reason that would settle it.

    An end marker inside an open quoted value is the value's text, unless the value
    never closes (the text ends first) or runs on into the next region: the text after
    the marker holds the region's opener again and the region, read with the marker as
    text, holds an invalid call (a dropped ``</parameter>``, an unterminated JSON string).
    Then the region ended at the first end marker met inside a value: the call is read
    from the text before it (not cut off: its region closed), and the text after it, up
    to where reading had come, is read again as what follows a region, so no value
    swallows the calls and the answer after it. In that text (already read once) an
    end marker inside a value ends its region at once (the same slip again), so each
    character is read a bounded number of times: linear.

    After the region, the machine goes to ``next`` unless ``parse`` chose a mode.
    """

    def __init__(
        self,
        parse: Parse,
        ends: Sequence[str] = (),
        quotes: Sequence[tuple[str, str, bool]] = (),
        skips: Sequence[str] = (),
        balance: bool = False,
        eof_ok: bool = False,
        stop_closer: str = "",
        strings: bool = False,
        value_after: str = "",
        hard_ends: bool = False,
    ) -> None:
        self.parse = parse
        self.next: Mode = self
        self.ends = frozenset(ends)
        self.quotes = {q[0]: i for i, q in enumerate(quotes)}
        self.closers = [q[1] for q in quotes]
        self.escapes = [q[2] for q in quotes]
        # inside a quote: its closer (a backslash escapes), and the region's end markers
        self.in_tok = [_Tokens([q[1], *(["\\"] if q[2] else []), *ends]) for q in quotes]
        self.skips = frozenset(skips)
        self.balance = balance
        self.eof_ok = eof_ok
        self.stop_closer = stop_closer
        self.lead0 = strings and balance and not value_after  # the value may begin at the region's start
        self.value_after = value_after if strings and balance else None
        self.hard_ends = hard_ends
        tokens = list(ends) + ([] if hard_ends else [q[0] for q in quotes]) + list(skips)
        if balance:
            tokens += list("{[()]}")
        self.tokens = tuple(tokens)
        self.rx = _alternation(tokens)
        self.firsts = frozenset(t[0] for t in tokens)
        self.prefixes = _prefixes(tokens)
        self.longest = max(len(t) for t in tokens)

    def step(self, m: TextParser) -> bool:
        buf, pos, n = m.buf, m.pos, len(m.buf)
        if m.balanced:  # the brackets closed with the last character that had arrived
            if pos < n or m.final:
                self._finish(m, "", pos < n or m.finish_reason not in TRUNCATING)
                return True
            return False
        start = pos
        lead = m.lead  # (kept in step with ``m.lead``: read here, written where it changes)
        if lead is None:
            lead = m.lead = self.lead0
        # outside values: the region's tokens, and a held block's closing markers while
        # text is read ahead as the answer (``_modes``: one ends the block at once)
        t: BodyMode | _Tokens = self if m.tape is None else m.state["spec"].tokens(m, self)
        while True:
            q = m.quote
            if q < 0:
                hit = t.rx.search(buf, pos)
                if hit is None:
                    stop = n if m.final else _hold(buf, pos, t.firsts, t.prefixes, t.longest)
                    if lead and stop > pos and not buf[pos:stop].isspace():
                        if self.value_after:  # a JSON scalar may be the value
                            got = self._scalar(m, buf, start, pos, n)
                            if got is not None:
                                if got < 0:
                                    return True
                                stop = got  # the text so far ends in it: wait there
                                break
                        lead = m.lead = False
                    break
                if lead and hit.start() > pos and not buf[pos : hit.start()].isspace():
                    if self.value_after and self._scalar(m, buf, start, pos, n) == -1:
                        return True
                    lead = m.lead = False  # text before the token: no value begins there
                if (
                    not m.final
                    and n - hit.start() < t.longest
                    and buf[hit.start() :] in t.prefixes
                ):  # could still grow into a longer token
                    stop = hit.start()
                    break
                tok = hit.group()
                if tok in self.ends:
                    m.body.append(buf[start : hit.start()])
                    m.pos = hit.end()
                    self._finish(m, tok, True)
                    return True
                pos = hit.end()
                if tok in self.quotes:
                    m.quote = self.quotes[tok]  # (``lead`` stays: whether it opened the value)
                    if lead:
                        m.vat = m.at(hit.start())
                    if t is not self:
                        m.qat = m.at(pos)
                        if m.final and m.state["spec"].cut_in_value(m, self, m.quote, pos):
                            return True
                elif tok in self.skips:
                    lead = m.lead = tok == self.value_after and not m.spent  # (one string value a region)
                elif tok in "{[(":
                    m.depth += 1
                    if lead:
                        lead = m.lead = False
                elif t is not self and tok not in ")]}":  # a held block's closing marker
                    m.state["spec"].cut_region(m, self, hit.start(), tok, buf[start : hit.start()])
                    return True
                else:
                    m.depth -= 1
                    if m.depth <= 0:
                        m.body.append(buf[start:pos])
                        m.pos = pos
                        if pos == n:
                            # the closing bracket is the last character so far: whether it
                            # ends the text (and a length finish cuts the call off) is known
                            # only when more text or the end comes, in a stream as at once
                            m.balanced = True
                            return self.step(m)
                        self._finish(m, "", True)
                        return True
            else:
                tk = self.in_tok[q]
                hit = tk.rx.search(buf, pos)
                if hit is None:
                    if m.final and t is not self:
                        m.state["spec"].never_closes(m, self, q)
                    stop = n if m.final else _hold(buf, pos, tk.firsts, tk.prefixes, tk.longest)
                    break
                tok = hit.group()
                if (
                    tk.grows
                    and tok in tk.grows
                    and not m.final
                    and n - hit.start() < tk.longest
                    and buf[hit.start() :] in tk.prefixes
                ):
                    stop = hit.start()  # could still grow into a longer token
                    break
                pos = hit.end()
                if tok == self.closers[q]:
                    m.quote = -1
                    if lead:  # the string that opened the value closed: the value closed,
                        if _json_text(m, buf[start:pos], self.value_after is not None):  # when it is JSON text of one
                            return self._closed(m, buf[start:pos], pos, n)
                        lead = m.lead = False
                        m.spent = True
                elif tok == "\\":
                    if pos >= n:  # the escaped character has not arrived yet
                        stop = n if m.final else hit.start()
                        break
                    pos += 1
                elif m.region_at < m.reread_until or self.hard_ends:  # in text read again: the marker ends the region
                    m.body.append(buf[start : hit.start()])
                    m.pos = pos
                    self._finish(m, tok, True)
                    return True
                elif m.tent is None:  # the first end marker met inside a value
                    m.tent = (m.at(hit.start()), tok, len(m.body.join()) + hit.start() - start)
        if stop > start:
            m.body.append(buf[start:stop])
        m.pos = stop
        if m.final:
            closed = m.quote < 0 and m.depth <= 0
            complete = closed and (
                ((self.eof_ok or m.spent) and m.finish_reason not in TRUNCATING)
                or (bool(self.stop_closer) and m.finish_reason in FINISHED)
            )
            if not complete and closed and self.stop_closer and m.finish_reason is None:
                m.unsettled = self.stop_closer
            self._finish(m, "", complete)
            return True
        return False

    def _scalar(self, m: TextParser, buf: str, start: int, pos: int, n: int) -> int | None:
        """Whether a JSON scalar (``null``, ``true``, ``false``, a number) that begins the
        value at *pos* (after whitespace) ended the region: ``-1`` when it did (a
        whitespace character or the end of the text follows it); where it begins when the
        text so far ends in it (wait there for more); None when there is none (more word
        characters follow it, or another character: the region runs on). One of more than
        ``_SCALAR_MAX`` characters is none, so waiting rereads a bounded tail: linear."""
        p = pos
        while buf[p] in _SPACE:
            p += 1
        if buf[p] not in _SCALAR_FIRST:
            return None
        r = _WORD.match(buf, p).end()  # type: ignore[union-attr]
        if r - p > _SCALAR_MAX:
            return None
        if r == n and not m.final:
            return p
        if (r < n and buf[r] not in _SPACE) or _SCALAR.fullmatch(buf, p, r) is None:
            return None
        m.body.append(buf[start:r])
        m.pos = r
        # the value ends the text: a length finish cut it off, as at a closing bracket
        self._finish(m, "", r < n or m.finish_reason not in TRUNCATING)
        return -1

    def _closed(self, m: TextParser, text: str, pos: int, n: int) -> bool:
        """The region's string value closed at *pos*, as its last bracket does (``step``,
        inline there); *text* is the region's text since the last piece."""
        m.body.append(text)
        m.pos = pos
        if pos == n:  # the last character so far: as a bracket there
            m.balanced = True
            return self.step(m)
        self._finish(m, "", True)
        return True

    def _finish(self, m: TextParser, end: str, complete: bool) -> None:
        body = m.body.join()
        unclosed = m.quote >= 0  # the text ended inside a value
        self.drop(m)
        if m.tape is not None and m.state["spec"].ends_in(m, self, body, end):  # (``_modes``: held text read ahead)
            m.tent = None
            return
        if m.tent is not None:  # an end marker was met inside a value
            tent, mark, cut = m.tent
            m.tent = None
            after = cut + len(mark)
            # into a next region? (its opener again after the marker, or the marker is the
            # opener: ``text.hunyuan``'s takes the whitespace after it)
            found = bool(m.opener) and body.find(m.opener, after) >= 0
            runs_on = found or (bool(m.opener) and m.opener.startswith(mark))
            if (unclosed and not complete) or (runs_on and not (complete and self._whole(m, body, end))):
                # the region ended at that marker
                self._reread(m, tent, mark, body[after:] + end)
                body, end, complete = body[:cut], mark, True
        rec = m.state.get("recovered")  # after an abandoned call: wait for the text after it (``_recovered``)
        if rec is not None and rec.hold(m, self, body, end, complete):
            return
        policy = m.policy
        if complete and m.final and policy.finish_reason is not None:
            # closed by its end marker, so not cut by the limit: read as during ``feed``
            # (``close`` reads the regions after a read-ahead it undid, or read again)
            m.policy = replace(policy, finish_reason=None)
        try:
            self.parse(m, body, end, complete)
        except ToolwireError:  # (out of ``close`` too: the parser is done)
            raise
        except Exception as exc:  # a family parser must never let a foreign error out
            m.invalid(None, m.opener + body + end, f"Could not read the call: {type(exc).__name__}: {exc}")
        m.policy = policy

    def run_on(self, m: TextParser, body: str, i: int) -> None:
        """A held block's closing marker at ``buf[i]`` after an end marker met inside a
        value (``m.tent``; *body*: the region's text up to *i*), which a draft's closing
        marker came before (``_Spec.cut_region``): the region ended at the end marker, as
        ``_finish`` reads a value that runs on into the next region, and the text after it
        is read again (there the closing marker may be in the next call's value)."""
        tent, mark, cut = m.tent  # type: ignore[misc]
        m.tent = None
        m.pos = i
        self.drop(m)
        self._reread(m, tent, mark, body[cut + len(mark) :])
        policy = m.policy
        if m.final and policy.finish_reason is not None:  # closed by the end marker: not cut by the limit
            m.policy = replace(policy, finish_reason=None)
        try:
            self.parse(m, body[:cut], mark, True)
        except ToolwireError:
            raise
        except Exception as exc:  # a family parser must never let a foreign error out
            m.invalid(None, m.opener + body[:cut] + mark, f"Could not read the call: {type(exc).__name__}: {exc}")
        m.policy = policy

    def drop(self, m: TextParser) -> None:
        """Leave the region: its reading state reset, the machine at ``next``."""
        m.body.reset()
        m.quote = -1
        m.depth = 0
        m.balanced = False
        m.lead = None
        m.spent = False
        m.mode = self.next

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
        probe.items, probe.queue, probe.fixes, probe.state = [], [], [], dict(m.state)
        probe.content, probe.reasoning = type(m.content)(), type(m.reasoning)()
        self.parse(probe, body, end, complete)
        return probe.items

    @staticmethod
    def _reread(m: TextParser, tent: int, mark: str, after: str) -> None:
        """Go back to the text after the end marker *mark* found at *tent* (``at``
        position); *after* is that text up to ``m.pos``. Regions opened before the
        point reached so far do not go back again."""
        m.reread_until = m.at(m.pos)
        m.unsettled = ""
        base = m.at(0)
        if tent >= base:  # the marker is still in ``buf``
            m.pos = tent - base + len(mark)
        else:  # put the text back in front: ``buf`` still ends where the text fed ends
            m.buf = after + m.buf[m.pos :]
            m.pos = 0
