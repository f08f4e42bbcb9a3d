"""``Pieces``: the pieces of a stream's reply text (or refusal, or a commentary message)
as they come, and ``joined``: their text, joined once and then grown by the pieces
appended since, so that reading ``Accumulator.text`` after every chunk (a UI showing the
reply as it streams) visits each piece once, not every piece on every read
(``joined_lines``: the commentary's messages, a line each).

A dialect's reader may edit pieces already read (an ``openai.responses`` message re-read
as commentary takes its deltas out, a final item's text replaces them); each edit other
than an append is counted (``Pieces.edits``), and the text is then joined anew. A list
that is no ``Pieces`` is joined whole on each read.

Pickle (every protocol) and ``copy.deepcopy`` (an ``Accumulator`` checkpointed part-way)
rebuild a ``Pieces`` or ``Lines`` as it was, its items and attributes put back as one
state (``_reduce``): neither calls the appends that tell of a change (``Message``,
``Lines.append``), which ``copy`` would call before the lines had their list of changes.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, TypeVar

__all__ = ["Joined", "Lines", "Message", "Pieces", "join_pieces", "joined"]

T = TypeVar("T")
C = TypeVar("C", bound="_Counted[Any]")

#: the text of *parts* as last read: (the list, its edits then, its length then, the text)
Joined = Tuple[List[str], int, int, str]


def _reduce(self: List[Any]) -> Any:
    """``__reduce__`` of ``Pieces`` and ``Lines``: a blank list of its class, then its
    items and attributes as one state (``_set_state``)."""
    return (_blank, (type(self),), (list(self), self.__dict__))


def _blank(cls: Any) -> Any:
    return list.__new__(cls)


def _set_state(self: List[Any], state: Tuple[List[Any], Dict[str, Any]]) -> None:
    items, attrs = state
    list.extend(self, items)  # (not the class's own extend, which tells of a change)
    self.__dict__.update(attrs)


class _Counted(List[T]):
    """A list that counts its edits other than appends (``Pieces``, ``Lines``)."""

    edits = 0  # (a class default until the first edit: an instance attribute then)
    __reduce__ = _reduce
    __setstate__ = _set_state

    def _edited(self) -> None:
        self.edits += 1

    def __setitem__(self, key: Any, value: Any) -> None:
        self._edited()
        super().__setitem__(key, value)

    def __delitem__(self, key: Any) -> None:
        self._edited()
        super().__delitem__(key)

    def __imul__(self: C, n: Any) -> C:  # type: ignore[misc]
        self._edited()
        list.__imul__(self, n)
        return self

    def insert(self, index: Any, value: T) -> None:
        self._edited()
        super().insert(index, value)

    def pop(self, index: Any = -1) -> T:
        self._edited()
        return super().pop(index)

    def remove(self, value: T) -> None:
        self._edited()
        super().remove(value)

    def clear(self) -> None:
        self._edited()
        super().clear()

    def sort(self, *args: Any, **kwargs: Any) -> None:
        self._edited()
        super().sort(*args, **kwargs)

    def reverse(self) -> None:
        self._edited()
        super().reverse()


class Pieces(_Counted[str]):
    """A list of text pieces that counts its edits other than appends (``extend`` and
    ``+=`` append too)."""


def join_pieces(parts: Sequence[str], start: int = 0) -> str:
    """The text of ``parts[start:]`` (every join of ``joined`` goes through here)."""
    return "".join(parts[start:] if start else parts)


def joined(parts: List[str], last: Optional[Joined]) -> Joined:
    """The text of *parts*: *last* when nothing came since, else *last*'s text and the
    pieces appended since (the pieces it joined unedited), else all of them joined."""
    n = len(parts)
    edits = parts.edits if type(parts) is Pieces else -1
    if last is not None and last[0] is parts and edits >= 0 and last[1] == edits and last[2] <= n:
        if last[2] == n:
            return last
        return (parts, edits, n, last[3] + join_pieces(parts, last[2]))
    return (parts, edits, n, join_pieces(parts))


class Message(Pieces):
    """The pieces of one commentary message (``Lines``): every change, an append too, is
    told to the lines that hold it."""

    lines: Optional[Lines] = None  # the lines holding it (class defaults until held)
    at = -1  # its place there

    def _edited(self) -> None:
        self.edits += 1
        lines = self.lines
        if lines is not None:
            lines.dirty.append(self)

    def append(self, piece: str) -> None:
        super().append(piece)
        lines = self.lines
        if lines is not None:
            lines.dirty.append(self)

    def extend(self, pieces: Iterable[str]) -> None:
        super().extend(pieces)
        lines = self.lines
        if lines is not None:
            lines.dirty.append(self)

    def __iadd__(self, pieces: Iterable[str]) -> Message:  # type: ignore[override, misc]
        self.extend(pieces)
        return self


class Lines(_Counted[List[str]]):
    """The commentary's messages, each a list of pieces, read as one line each (``text``).
    A read joins the pieces that came since the last one only, of the messages that told
    of a change (``Message``) and of the messages appended since; an edit of the list
    other than an append (a message put in before others, taken out) is counted, and the
    text is then joined anew, as is a list holding a message that is no ``Message``."""

    plain = False  # a message that tells nothing of its changes (no ``Message``): joined whole
    # as last read: the list's edits; each message's text (the last one's: the text's tail),
    # length and edits; the text, and where its last line begins
    _read: Optional[Tuple[int, List[str], List[int], List[int], str, int]] = None

    def __init__(self) -> None:
        super().__init__()
        self.dirty: List[Message] = []  # the messages that changed since the last read

    def append(self, message: List[str]) -> None:
        super().append(message)
        self._held(message, len(self) - 1)

    def _held(self, message: List[str], at: int) -> None:
        if type(message) is not Message or (message.lines is not None and message.lines is not self) or (
                message.lines is self and message.at != at and 0 <= message.at < len(self)
                and self[message.at] is message):
            self.plain = True  # (held twice, or by other lines: nothing tells which place changed)
            return
        message.lines = self
        message.at = at

    def extend(self, messages: Iterable[List[str]]) -> None:
        for m in messages:
            self.append(m)

    def __iadd__(self, messages: Iterable[List[str]]) -> Lines:  # type: ignore[override, misc]
        self.extend(messages)
        return self

    def text(self) -> str:
        """The messages' texts, a line each (``Accumulator.commentary``)."""
        read = self._read
        if read is None or read[0] != self.edits or self.plain:
            return self._whole()
        _, texts, sizes, edits, text, tail = read
        dirty = self.dirty
        self.dirty = []
        count = len(texts)
        last = count - 1
        anew = False  # a message before the last changed: the lines joined again from their texts
        for m in dirty:
            i = m.at
            if i >= count or self[i] is not m:  # appended since (read below), or no longer held
                continue
            if i == last:  # (its text is the text's tail, from *tail*)
                if m.edits != edits[i] or len(m) < sizes[i]:
                    text = text[:tail] + join_pieces(m)
                    edits[i] = m.edits
                elif len(m) > sizes[i]:
                    text += join_pieces(m, sizes[i])
            else:
                if m.edits != edits[i] or len(m) < sizes[i]:
                    texts[i] = join_pieces(m)
                    edits[i] = m.edits
                elif len(m) > sizes[i]:
                    texts[i] += join_pieces(m, sizes[i])
                else:
                    continue
                anew = True
            sizes[i] = len(m)
        if anew:
            texts[last] = text[tail:]
            text = "\n".join(texts)
            tail = len(text) - len(texts[last])
        for i in range(count, len(self)):
            added = self[i]
            line = join_pieces(added)
            if i:
                texts[i - 1] = text[tail:]
                tail = len(text) + 1
                text = f"{text}\n{line}"
            else:
                text = line
            texts.append(line)
            sizes.append(len(added))
            edits.append(added.edits if type(added) is Message else -1)
        self._read = (self.edits, texts, sizes, edits, text, tail)
        return text

    def _whole(self) -> str:
        """Every message joined (the first read, after an edit of the list)."""
        self.dirty = []
        self.plain = False
        for m in self:
            if type(m) is Message:
                m.lines = None
        for i, m in enumerate(self):
            self._held(m, i)
        texts = [join_pieces(m) for m in self]
        text = "\n".join(texts)
        self._read = (self.edits, texts, [len(m) for m in self], [m.edits if type(m) is Message else -1 for m in self],
                      text, len(text) - len(texts[-1]) if texts else 0)
        return text
