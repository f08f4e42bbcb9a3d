"""``toolwire.strategies.conversations``: whole histories for property tests (hypothesis).

Each history has rounds of a user text, an assistant turn (maybe reasoning of
``anthropic.messages`` and text, then zero to three parallel calls), the results of
those calls in one ``tool`` message and an assistant answer. Calls carry unique ids,
or none at all as in Gemini histories (``ids=False``). The history is valid:
``check_conversation`` finds nothing in it.
"""

from __future__ import annotations

from typing import Any, List, Optional

from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from ._strategies_values import check_count, check_flag
from ._types import ToolCall, ToolResult
from .conversation._values import Conversation, Message, Text
from .dialects.anthropic.history import thinking

__all__ = ["conversations"]

_WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ,.?!0123456789", min_size=1, max_size=30).map(
    lambda s: "w" + s.strip()
)
_ARGS = st.dictionaries(
    st.sampled_from(["city", "days", "metric", "q"]),
    st.one_of(st.integers(-1000, 1000), _WORDS, st.booleans()),
    max_size=3,
)
_NAMES = st.sampled_from(["get_weather", "search_docs", "add"])


def conversations(
    *, ids: Optional[bool] = None, reasoning: bool = True, max_rounds: int = 3
) -> SearchStrategy[Conversation]:
    """Valid histories (see the module docstring); *ids*: calls with ids (``True``),
    without (``False``) or either (``None``)."""
    check_flag("ids", ids, none=True)
    check_flag("reasoning", reasoning)
    check_count("max_rounds", max_rounds, 1)

    @st.composite
    def build(draw: Any) -> Conversation:
        msgs: List[Message] = []
        if draw(st.booleans()):
            msgs.append(Message("system", [Text(draw(_WORDS))]))
        with_ids = draw(st.booleans()) if ids is None else ids
        n = 0
        for _ in range(draw(st.integers(1, max_rounds))):
            msgs.append(Message("user", [Text(draw(_WORDS))]))
            parts: List[Any] = []
            if reasoning and draw(st.booleans()):
                parts.append(thinking(draw(_WORDS), "EqQBCgIYAh"))
            if draw(st.booleans()):
                parts.append(Text(draw(_WORDS)))
            calls = []
            for _ in range(draw(st.integers(0, 3))):
                n += 1
                calls.append(ToolCall(draw(_NAMES), draw(_ARGS), f"call_{n:04d}" if with_ids else None))
            if not calls and not any(type(p) is Text for p in parts):
                parts.append(Text(draw(_WORDS)))
            msgs.append(Message("assistant", parts + calls))
            if calls:
                msgs.append(Message("tool", [ToolResult(c.id, c.name, draw(_WORDS)) for c in calls]))
                msgs.append(Message("assistant", [Text(draw(_WORDS))]))
        return Conversation(msgs)

    return build()
