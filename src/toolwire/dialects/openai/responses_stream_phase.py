"""Responses stream messages labelled ``phase: "commentary"``: their text is no answer.

openai-python 3.60+ ``ResponseOutputMessage.phase`` ("Labels an `assistant` message as
intermediate commentary (`commentary`) or the final answer (`final_answer`)", sent by
``gpt-5.3-codex`` and later). In a stream
(https://platform.openai.com/docs/api-reference/responses-streaming, checked 2026-12-05)
the message item comes on ``response.output_item.added`` (its ``phase`` set) and
``response.output_item.done``; its text on ``response.output_text.delta``
(``ResponseTextDeltaEvent``: ``output_index``, ``item_id``, ``delta``).

- A commentary message's deltas (by ``output_index``, else by ``item_id``) are the
  stream's commentary (``Accumulator.commentary``: one line per message, as
  ``read_commentary`` gives ``Response.commentary``), never its text; a message without
  a phase (older models) or with another is the answer's, as before.
- The ``.done`` item is authoritative: a ``phase`` it gives that the added item did not
  moves the message's text (its deltas, those since its ``output_item.added``, when they
  join to the done item's text; else nothing is moved), as ``normalize`` reads the
  final response. Items of the final response alone carry no text here: the stream's
  text and commentary are its deltas.
- A message added again at an ``output_index`` (several responses in one stream)
  starts over there.
"""

from __future__ import annotations

from typing import Any, Dict, Hashable, List, Optional

from .._common import join_text
from .responses_feed import Feed
from .responses_response import COMMENTARY

__all__ = ["Phased"]

_DELTA = "response.output_text.delta"


class Phased(Feed):
    """``Feed`` with messages told apart by phase: commentary text kept out of the answer."""

    # the pieces of each commentary message, by ``output_index`` and by item ``id``; a
    # class default until one comes (a stream without phases does no more work)
    said: Optional[Dict[Hashable, List[str]]] = None
    # where the text of each other message began in the stream's text, by ``output_index``
    began: Optional[Dict[int, int]] = None

    def feed(self, data: Dict[str, Any]) -> None:
        if self.said is not None and data.get("type") == _DELTA:
            delta = data.get("delta")
            if type(delta) is str:
                self.said_text(data, delta)
                return
        super().feed(data)

    def said_text(self, data: Dict[str, Any], delta: str) -> None:
        """A text delta once a commentary message came: that message's (by
        ``output_index``, else by ``item_id``), else the answer's."""
        key = data.get("output_index")
        if type(key) is not int:
            key = data.get("item_id")
            if type(key) is not str:
                key = None
        pieces = self.said.get(key) if self.said is not None else None
        if pieces is None:
            self.core.text(delta)
        elif delta:
            pieces.append(delta)

    def _added(self, key: Optional[int], item: Dict[str, Any]) -> None:
        if item.get("type") != "message":
            super()._added(key, item)
            return
        said = self.said
        ident = item.get("id")
        if type(ident) is not str or not ident:
            ident = None
        if said is not None:  # what was at that index before is over
            said.pop(key, None)
            said.pop(ident, None)
        if item.get("phase") == COMMENTARY:
            self._said(key, ident, self.core.commentary())
        elif key is not None:
            began = self.began
            if began is None:
                began = self.began = {}
            began[key] = len(self.core.text_parts)

    def _said(self, key: Optional[int], ident: Optional[str], pieces: List[str]) -> None:
        said = self.said
        if said is None:
            said = self.said = {}
        if key is not None:
            said[key] = pieces
        if ident is not None:
            said[ident] = pieces

    def _done(self, key: Optional[int], item: Dict[str, Any]) -> None:
        if item.get("type") != "message":
            super()._done(key, item)
            return
        if key is None or "phase" not in item:  # no event of the stream, or no word on the phase
            return
        said = self.said
        ident = item.get("id")
        if type(ident) is not str or not ident:
            ident = None
        pieces = None
        if said is not None:
            pieces = said.get(key)
            if pieces is None:
                pieces = said.get(ident)
        core = self.core
        if item["phase"] == COMMENTARY:
            start = self.began.get(key) if self.began is not None else None
            if pieces is None and start is not None:  # its deltas went to the text: taken back if they are its text
                content = item.get("content")
                text = join_text([p.get("text") or "" for p in content if type(p) is dict
                                  and p.get("type") == "output_text"] if type(content) is list else [])
                tail = _since(core.text_parts, start, text)
                if tail is not None:
                    moved = core.commentary()
                    moved.extend(tail)
                    self._said(key, ident, moved)
        elif pieces is not None and said is not None:  # the answer's after all
            parts = core.commentary_parts or []
            for i, p in enumerate(parts):
                if p is pieces:
                    del parts[i]
                    break
            core.text_parts.extend(pieces)
            said.pop(key, None)
            said.pop(ident, None)


def _since(parts: List[str], start: int, text: str) -> Optional[List[str]]:
    """The pieces of *parts* from *start* on (the deltas of one message), taken off, when
    there are some and they join to *text*; else ``None`` (nothing is moved)."""
    tail = parts[start:]
    if not tail or "".join(tail) != text:
        return None
    del parts[start:]
    return tail
