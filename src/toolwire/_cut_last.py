"""Only the last call of a reply cut off at its token limit can have been cut.

A model writes its calls one after another: when the budget ran out, every call that
another call of the same reply follows was whole. ``decode_all`` (``_collect``) holds
back each call judged under a truncating finish reason (``TRUNCATING``) until the next
item shows where it stands: a call of the same reply after it makes it whole (judged as
under a normal finish), and so does any other item of the reply after it where a reply
holds its items in the order the model wrote them (``goes_on``: a message or reasoning
item, a text or thinking block, a text part), the end of the reply or of the input leaves
it the last one (judged under the finish reason). A stream's ``close`` applies the same
rule to its calls (``stream/_cut_judge.py``, with ``whole_policy`` from here).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, List, Optional, Tuple, Union

from ._args import Policy
from ._dialect import Dialect
from ._errors import DecodeError
from ._policy import TRUNCATING, Unknown
from ._registry import decode_one
from ._types import InvalidToolCall, ToolCall

__all__ = ["HeldCall", "cuts", "goes_on", "reply_of", "whole_policy"]

Out = List[Union[ToolCall, InvalidToolCall]]
Invalid = Callable[[Any, Dialect, DecodeError], InvalidToolCall]


def cuts(pol: Policy) -> bool:
    """Whether *pol* judges its calls under a finish reason that may have cut them off (a
    word no table knows too: ``Unknown``)."""
    fr = pol.finish_reason
    return fr is not None and (fr in TRUNCATING or type(fr) is Unknown)


def whole_policy(pol: Policy) -> Policy:
    """*pol* for a call another call follows: judged as under a normal finish."""
    return replace(pol, finish_reason=None) if cuts(pol) else pol


def goes_on(d: Dialect, item: Any) -> bool:
    """Whether *item*, an item of a reply of *d* that is no call (text, reasoning, a
    result the provider wrote), shows that the model went on past the calls before it:
    *d* holds its items in the order written (``Dialect.items_in_order``: Anthropic and
    Bedrock content blocks, Gemini parts, Responses output items; not Chat, Cohere,
    Mistral, Ollama, whose text is a field beside the calls), and *item* is no item that
    shows nothing (``Dialect.blank_item``: a Gemini part of empty text alone). An empty
    Anthropic text block or Responses message counts: the block started, so the call's
    before it was closed."""
    if not d.items_in_order:
        return False
    blank = d.blank_item
    return blank is None or not blank(item)


def reply_of(loc: str) -> str:
    """The path of the container of the item at *loc* (``$.content[2]``: ``$.content``):
    the items of one reply's list share it, those of two replies (``$[0].content[1]``,
    ``$[1].content[0]``) do not."""
    return loc.rpartition("[")[0] if loc.endswith("]") else loc


class HeldCall:
    """The call held back (``hold``) until the next call (``follow``) or the end
    (``flush``) says whether it was the last of its reply. Its place in *out* is kept
    (``None`` until judged), so the calls stay in the reply's order. A call refused is
    *invalid*'s ``InvalidToolCall`` in *out* when *keep*, else its error is raised."""

    __slots__ = ("out", "invalid", "held")

    def __init__(self, out: Out, invalid: Optional[Invalid]) -> None:
        self.out = out
        self.invalid = invalid
        self.held: Optional[Tuple[int, Dialect, Any, Policy, str, bool, str]] = None

    def hold(self, d: Dialect, item: Any, pol: Policy, loc: str, server: bool) -> None:
        """Hold the call *item* (judged under *pol*, which ``cuts``) back."""
        self.held = (len(self.out), d, item, pol, loc, server, reply_of(loc))
        self.out.append(None)  # type: ignore[arg-type]  # (filled by ``_judge``)

    def follow(self, loc: str) -> None:
        """A call at *loc* comes next: the held call is whole when it is of the same reply."""
        held = self.held
        if held is not None:
            self._judge(held[6] == reply_of(loc))

    def went_on(self, loc: str) -> None:
        """An item that is no call at *loc* comes next (``goes_on``): the held call is
        whole when it is of the same reply."""
        held = self.held
        if held is not None and held[6] == reply_of(loc):
            self._judge(True)

    def flush(self) -> None:
        """The input ended: the held call was the last of its reply."""
        if self.held is not None:
            self._judge(False)

    def _judge(self, whole: bool) -> None:
        at, d, item, pol, loc, server, _ = self.held  # type: ignore[misc]
        self.held = None
        try:
            self.out[at] = decode_one(d, item, whole_policy(pol) if whole else pol, loc, server)
        except DecodeError as exc:
            if self.invalid is None:
                raise
            self.out[at] = self.invalid(item, d, exc)
