"""Where each message of a history stands among the turns (``check_conversation``'s
``misplaced-result``): the next assistant turn and the next non-result content after
it, found in one backward pass so that each check is O(1)."""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from .._dialect import Pairing
from .._errors import an
from .._types import ToolCall, ToolResult
from ._values import Message

__all__ = ["Turns", "flagged"]


class Turns:
    """For each message, where the next assistant turn and the next non-result user or
    tool content begin (one backward pass, so that each check is O(1)). *as_is*: each
    message is written as it came; *assistants*: and an assistant message is content too
    (no one merges it into the calls' message); *flag*: ``Pairing.unplaced`` (``unplaced``)."""

    def __init__(self, msgs: Tuple[Message, ...], as_is: bool = False, assistants: bool = False,
                 flag: str = "") -> None:
        n = len(msgs)
        self.as_is = as_is
        self.flag = flag  # ``Pairing.unplaced``
        self.alone: Dict[int, bool] = {}  # message -> whether it holds one call (asked of few: found once)
        turn = [n] * (n + 1)  # first assistant message after a non-assistant one, from k on
        content = [n] * (n + 1)  # first message with more than results (as_is: any role), from k on
        next_assistant = after_turn = after_content = n  # (the values at k + 1)
        for k in range(n - 1, -1, -1):  # (locals, no generator a message: check_conversation's cost)
            m = msgs[k]
            if m.role == "assistant":
                next_assistant = k
                if assistants:
                    after_content = k
            else:
                after_turn = next_assistant
                for p in m.parts:
                    if type(p) is not ToolResult:
                        after_content = k
                        break
            turn[k], content[k] = after_turn, after_content
        self.next_turn, self.next_content = turn, content

    def misplaced(
        self, msgs: Tuple[Message, ...], c: int, r: int, target: Optional[str], rules: Pairing, seen_other: bool,
        own: Optional[str] = None, loose: bool = False,
    ) -> str:
        """Why the result of message *r* answering the call of message *c* is misplaced
        (``""``: it is not); *loose*: the provider does not place it (``unplaced``)."""
        if r == c:
            return "is in the same message as its call"
        # (a call outside an assistant message: an assistant message right after it begins a later turn)
        turn = c + 1 if msgs[c].role != "assistant" and c + 1 < len(msgs) and msgs[c + 1].role == "assistant" \
            else self.next_turn[c + 1]
        content = self.next_content[c + 1] if (rules.right_after or self.as_is) and not loose else len(msgs)
        if content < r and content < turn:
            need = "the tool messages right after the call" if rules.right_after else (
                "the results in the turn right after the call's")
            return f"comes after {an(msgs[content].role)} message; {target} needs {need}"
        if turn < r:
            return "comes after a later assistant turn"
        if rules.results_first and seen_other and own is not None and msgs[r].original(own) is not None:
            # (written fresh, the writer puts the results first: only a message written back as it came keeps them
            # after its other content)
            return f"comes after other content in its message; {target} needs tool results first"
        return ""

    def unplaced(self, msgs: Tuple[Message, ...], c: int, r: int, call: Any, result: ToolResult,
                 own: Optional[str]) -> bool:
        """Whether the provider does not place the result *result* of message *r*, answering
        *call* of message *c* (``Pairing.unplaced`` names the flag): *call*, flagged, is its
        assistant message's only call, no assistant message stands right before it or between
        them, and the result is id-less with no wire id of its own (an id-less tool message as
        it came, ``"tool_call_id": ""``, is placed) or flagged too (it came as the unplaced
        message: one given an id is written as one still). So the writer writes the two as a legacy
        ``function_call`` and its ``role: "function"`` answer (``chat_history_encode``; a call
        with an id too: its answer, id-less, carries none); a merged run of assistant messages
        goes with ``tool_calls``. O(1) but for a message's calls, counted once."""
        if own is None or type(call) is not ToolCall:
            return False
        if result.id is not None and not _own(result, own).get(self.flag):
            return False
        if not _own(call, own).get(self.flag) or "id" in _own(result, own) or msgs[c].role != "assistant":
            return False
        # (the first assistant message after the call's: the next turn's, unless right after it)
        after = c + 1 if c + 1 < len(msgs) and msgs[c + 1].role == "assistant" else self.next_turn[c + 1]
        if (c > 0 and msgs[c - 1].role == "assistant") or after < r:
            return False
        alone = self.alone.get(c)
        if alone is None:
            alone = self.alone[c] = len(msgs[c].calls) == 1
        return alone


def flagged(call: Any, own: Optional[str], flag: str) -> bool:
    """Whether the call *call* carries the flag *flag* (``Pairing.unplaced``) in its provider
    data under the dialect *own*."""
    return own is not None and type(call) is ToolCall and bool(_own(call, own).get(flag))


def _own(x: Any, own: str) -> Any:
    """The provider data *x* keeps under the dialect *own* (``{}``: none)."""
    pd = x.provider_data.get(own)
    return pd if type(pd) is dict else {}
