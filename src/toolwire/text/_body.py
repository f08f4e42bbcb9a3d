"""``BodyMode``: collect a call region until its end marker, or until its brackets
balance, skipping markers inside quoted values, then parse the region once (searching
with one compiled alternation of its tokens, as ``_scan``'s ``TextMode``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from .._args import TRUNCATING, load_json
from .._errors import ToolwireError
from ._probes import Probes
from ._quoted_mark import quoted_mark
from ._scan import FINISHED, Mode, Parse, _alternation, _hold, _prefixes, _Tokens

if TYPE_CHECKING:
    from ._core import TextParser

__all__ = ["BodyMode"]


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


class BodyMode(Mode, Probes):
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
            if ((unclosed and not complete) or (runs_on and not (complete and self._whole(m, body, end)))) and (
                not quoted_mark(body, cut, mark, self.ends)  # a closed string's text, the JSON reading on: ends nothing
            ):  # the region ended at that marker
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
