"""Where each message of a history stands among the turns (``check_conversation``'s
``misplaced-result``): the next assistant turn and the next non-result content after
it, found in one backward pass so that each check is O(1)."""

from __future__ import annotations

from typing import Optional, Tuple

from .._dialect import Pairing
from .._errors import an
from .._types import ToolResult
from ._values import Message

__all__ = ["Turns"]


class Turns:
    """For each message, where the next assistant turn and the next non-result user or
    tool content begin (one backward pass, so that each check is O(1)). *as_is*: each
    message is written as it came; *assistants*: and an assistant message is content too
    (no one merges it into the calls' message)."""

    def __init__(self, msgs: Tuple[Message, ...], as_is: bool = False, assistants: bool = False) -> None:
        n = len(msgs)
        self.as_is = as_is
        self.next_turn = [n] * (n + 1)  # first assistant message after a non-assistant one, from k on
        self.next_content = [n] * (n + 1)  # first message with more than results (as_is: any role), from k on
        next_assistant = n
        for k in range(n - 1, -1, -1):
            m = msgs[k]
            if m.role == "assistant":
                next_assistant = k
                self.next_turn[k] = self.next_turn[k + 1]
                self.next_content[k] = k if assistants else self.next_content[k + 1]
            else:
                self.next_turn[k] = next_assistant
                rest = any(type(p) is not ToolResult for p in m.parts)
                self.next_content[k] = k if rest else self.next_content[k + 1]

    def misplaced(
        self, msgs: Tuple[Message, ...], c: int, r: int, target: Optional[str], rules: Pairing, seen_other: bool,
        own: Optional[str] = None,
    ) -> str:
        if r == c:
            return "is in the same message as its call"
        # (a call outside an assistant message: an assistant message right after it begins a later turn)
        turn = c + 1 if msgs[c].role != "assistant" and c + 1 < len(msgs) and msgs[c + 1].role == "assistant" \
            else self.next_turn[c + 1]
        content = self.next_content[c + 1] if rules.right_after or self.as_is else len(msgs)
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
