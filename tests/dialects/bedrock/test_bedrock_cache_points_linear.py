"""Turns merged around messages left out for their only ``cachePoint`` (``cache_points._left_empty``)
stay linear in the turns (review revAnth2, session 43: each merge copied the merged turn whole,
64,000 such turns 21 s; fixed in 8d9bfb54 with no test: review revLead, session 44). Counted,
not timed: the blocks of each merged turn's content list made anew, seen at every call the merge
makes; n turns against 4n: about 4× (a copy at each merge: about 16×).
"""

from __future__ import annotations

import sys
from types import FrameType
from typing import Any, Dict, List, Optional

from toolwire.dialects.bedrock.cache_points import _left_empty


class _Writer:
    name = "bedrock.converse"
    index = 0

    def note(self, *args: Any) -> None:
        pass


def _copied(n: int) -> int:
    """Blocks put in content lists made anew while n user turns merge around n left-out ones."""
    msgs: List[Dict[str, Any]] = []
    gone: Dict[int, int] = {}
    for i in range(n):
        msgs.append({"role": "user", "content": [{"text": f"u{i}"}]})
        left: List[Any] = []
        gone[id(left)] = 2 * i + 1
        msgs.append({"role": "assistant", "content": left})
    msgs.append({"role": "user", "content": [{"text": "end"}]})
    count = [0]
    last: List[Optional[List[Any]]] = [None]  # (held: a list made next never takes its id)
    code = _left_empty.__code__

    def look(frame: FrameType, event: str, arg: Any) -> None:
        if frame.f_code is not code:
            return
        kept = frame.f_locals.get("kept")
        content = kept[-1].get("content") if kept else None
        if type(content) is list and content is not last[0]:
            if last[0] is not None and any(b is not c for b, c in zip(content, last[0])):
                last[0] = None  # (another turn's list)
            if last[0] is not None:
                count[0] += len(content)
            last[0] = content

    sys.setprofile(look)
    try:
        _left_empty(msgs, gone, _Writer())  # type: ignore[arg-type]
    finally:
        sys.setprofile(None)
    assert len(msgs) == 1 and len(msgs[0]["content"]) == n + 1
    return count[0]


def test_merging_the_turns_around_left_out_messages_is_linear() -> None:
    small, large = _copied(500), _copied(2000)
    assert large <= 5 * small + 10, (small, large)
