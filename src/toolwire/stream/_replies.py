"""The reply around a stream's calls: its text, its refusal, its finish reason, an
error the provider reported inside the stream, and which of several alternative replies
is the first one.

``Core`` (``_core.py``) builds on it; ``Results`` (``_results.py``) reads it as calls end.
"""

from __future__ import annotations

from typing import Any, Dict, Hashable, List, Optional

from .._dialect import finish_lookup, finish_word
from ._call import Call, whole_value
from ._pieces import Joined, Lines, Message, Pieces, join_pieces, joined
from ._results import Results
from ._think_read import ThinkRead

__all__ = ["Replies"]


class Replies(Results):
    """Text, finish reason, error and alternative replies of one stream."""

    text_parts: List[str]  # the reply text (of the first alternative reply, when there are several)
    texts: Dict[Hashable, List[str]]  # the text of the other alternative replies
    # the text the provider labels as no part of the answer (``Accumulator.commentary``):
    # the pieces of each such message, a list apiece; a class default until one comes
    commentary_parts: Optional[List[List[str]]] = None  # (``Lines`` of ``Message``s, as made here)
    # the refusal of the first alternative reply, and of the others by scope (``refused``);
    # class defaults until one comes
    refusal_parts: Optional[List[str]] = None
    refusals: Optional[Dict[Hashable, List[str]]] = None
    # the first alternative reply carried reasoning in a channel of its own (Chat
    # ``reasoning_content``): a lone think tag in its text is then the answer's own words
    # (``_think.split_think``); a class default until one comes
    reasoned = False
    # the reply text and refusal as last read (``_pieces.joined``), and the text with its
    # think blocks out, for the text it was made of; class defaults until read
    _text_read: Optional[Joined] = None
    _refusal_read: Optional[Joined] = None
    _think_read: Optional[ThinkRead] = None

    def text(self, piece: str, scope: Hashable = None) -> None:
        """Reply text; of the alternative reply *scope* when the stream has several
        (``text_parts`` holds the first one's only: ``choice``)."""
        if piece:
            if scope is None or scope == self.first_choice:
                self.text_parts.append(piece)
            else:
                self.other_text(scope, piece)

    def refused(self, piece: str, scope: Hashable = None) -> None:
        """A piece of the model's refusal (kept apart from the text, as ``Response.refusal``);
        of the alternative reply *scope* when the stream has several."""
        if not piece:
            return
        if scope is None or scope == self.first_choice:
            parts = self.refusal_parts
            if parts is None:
                parts = self.refusal_parts = Pieces()
            parts.append(piece)
        else:
            others = self.refusals
            if others is None:
                others = self.refusals = {}
            got = others.get(scope)
            if got is None:
                got = others[scope] = Pieces()
            got.append(piece)

    def reply_text(self, inline_think: bool) -> str:
        """The reply text, as ``normalize`` reads the same reply whole: with *inline_think*
        (the dialect's ``ResponseReader.inline_think``), its think blocks out of it (one
        pass over the text, when asked for: nothing per delta). Read after every chunk,
        each piece is joined once (``_pieces.joined``) and the split grown by the text
        that came since (``_think_read``)."""
        last = self._text_read
        read = self._text_read = joined(self.text_parts, last)
        if not inline_think:
            return read[3]
        think = self._think_read
        if (think is None or think.reasoned != self.reasoned or last is None or read[0] is not last[0]
                or read[1] < 0 or read[1] != last[1] or read[2] < last[2]):  # not the last text and what came since
            think = self._think_read = ThinkRead(self.reasoned)
        return think.read(read[3])

    def refusal_text(self, inline_think: bool) -> Optional[str]:
        """The refusal, as ``normalize`` reads the same reply whole: the refusal the
        stream carried, else, under a finish reason the dialect normalises to
        ``refusal`` (Anthropic ``refusal``), the text (``reply_text``: think blocks out
        with *inline_think*) or ``"refused"``; else ``None``."""
        parts = self.refusal_parts
        if parts:
            read = self._refusal_read = joined(parts, self._refusal_read)
            return read[3]
        finish = self.finish_reason
        if finish is not None and finish_lookup(self.finish_table, finish) == "refusal":
            return self.reply_text(inline_think) or "refused"
        return None

    def commentary_text(self) -> str:
        """The commentary, one line per message (``Accumulator.commentary``): read after
        every event, each piece is joined once, and only the messages that changed since
        are looked at (``_pieces.Lines``)."""
        parts = self.commentary_parts
        if not parts:
            return ""
        if type(parts) is Lines:
            return parts.text()
        return "\n".join([join_pieces(p) for p in parts])

    def commentary(self) -> List[str]:
        """A message of commentary begins: the list its pieces go to (never ``text``)."""
        parts = self.commentary_parts
        if parts is None:
            parts = self.commentary_parts = Lines()
        pieces: List[str] = Message()
        parts.append(pieces)
        return pieces

    def other_text(self, scope: Hashable, piece: str) -> None:
        """Text of an alternative reply that is not (yet) the first one: kept apart."""
        parts = self.texts.get(scope)
        if parts is None:
            parts = self.texts[scope] = Pieces()
        parts.append(piece)

    def finish(self, reason: Any) -> None:
        if type(reason) is str:  # the usual case, without a ``str()`` call
            if reason:
                self.finish_reason = reason
        elif reason is not None and reason != "":
            word = finish_word(reason)  # an SDK's str enum in a dumped chunk: its value, not str()'s
            self.finish_reason = str(reason) if word is None else word

    def error(self, words: str) -> None:
        """The provider reported an error inside the stream (an error event or chunk,
        in *words*): the reply failed, as under a failing finish reason. The first is kept.
        A client call still open then names the error and is cut off, unless it has no end
        event of its own and its arguments were whole (``close`` fails it for the error)."""
        if self.failure is None:
            self.failure = words
            for c in self.calls:
                if not c.done and not c.server and c.error is None and (c.needs_end or not _whole(c)):
                    self.fail(c, f"Tool call {c.pos} of this stream is in a reply that {self.dialect} reports as "
                                 f"failed ({words}) before its end: it must not run", True)

    def choice(self, index: int) -> None:
        """A chunk of the alternative reply *index* (a choice, a candidate). The text and
        finish reason of the stream are the first one's (the lowest index seen, where its
        calls come from: never a mix): a lower index seen later takes their place."""
        first = self.first_choice
        if first is None:
            self.first_choice = index
        elif index != first:
            if not self.several:
                self.several = True
                self.arrivals()  # (what arrived last in each alternative, kept from here: ``CutJudge``)
            if index < first:
                self.first_choice = index
                self.texts[first] = self.text_parts
                self.text_parts = self.texts.pop(index) if index in self.texts else Pieces()
                self.finish_reason = self.choice_finish.get(index)
                if self.refusal_parts is not None or self.refusals is not None:
                    others = self.refusals if self.refusals is not None else {}
                    if self.refusal_parts is not None:
                        others[first] = self.refusal_parts
                    self.refusal_parts = others.pop(index, None)
                    self.refusals = others


def _whole(c: Call) -> bool:
    """Whether *c*'s arguments so far are whole: an object given whole, path-built ones
    with no string still growing, the item's final text, or text that is one whole value."""
    if c.obj is not None or c.full is not None:
        return True
    if c.tree is not None:
        return not c.open_paths
    return bool(c.parts) and whole_value(c)
