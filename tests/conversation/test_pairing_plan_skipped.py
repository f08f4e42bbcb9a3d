"""``plan`` skips its passes where no two calls share an id and no id-less result names
the tool of a call with an id (``_pairing._plain``: the common history, every call its
own id). The pairing must be the same as with the full plan: a result with an id
answers its one call, an id-less one an id-less call (Gemini by position, Ollama by
``tool_name``), wherever they stand. Held over random histories with few ids and tools.
"""

from __future__ import annotations

from typing import Any, List
from unittest import mock

from hypothesis import given
from hypothesis import strategies as st

from toolwire import ToolCall, ToolResult
from toolwire.conversation import Message, Text, _pairing

_IDS = st.one_of(st.none(), st.sampled_from(["a", "b", "c", "d", "e", "f"]))
_TOOLS = st.sampled_from(["f", "g", "h"])


@st.composite
def _histories(draw: Any) -> List[Message]:
    msgs: List[Message] = [Message("user", [Text("q")])]
    fresh = iter(["a", "b", "c", "d", "e", "f"])
    for _ in range(draw(st.integers(1, 4))):
        calls = []
        for _ in range(draw(st.integers(1, 3))):  # mostly distinct ids, some id-less, some shared
            kind = draw(st.sampled_from(["fresh", "fresh", "none", "any"]))
            ident = next(fresh, None) if kind == "fresh" else None if kind == "none" else draw(_IDS)
            calls.append(ToolCall(draw(_TOOLS), {}, ident))
        msgs.append(Message("assistant", calls))
        results = [ToolResult(draw(_IDS), draw(st.one_of(st.none(), _TOOLS)), "r")
                   for _ in range(draw(st.integers(0, 4)))]
        if results:
            msgs.append(Message("tool", results))
        if draw(st.booleans()):
            msgs.append(Message("user", [Text("n")]))
    return msgs


@given(_histories())
def test_the_skipped_plan_pairs_as_the_full_one(msgs: List[Message]) -> None:
    fast = _pairing.answers(msgs)
    with mock.patch.object(_pairing, "plan", _pairing.full_plan):
        full = _pairing.answers(msgs)
    assert fast == full


def test_the_common_history_skips_it() -> None:
    msgs = [Message("user", [Text("q")]), Message("assistant", [ToolCall("f", {}, "a"), ToolCall("f", {}, "b")]),
            Message("tool", [ToolResult("b", None, "B"), ToolResult("a", "f", "A")])]
    assert _pairing.plan(msgs) == {} and _pairing.full_plan(msgs) != {}
    shared = [msgs[0], Message("assistant", [ToolCall("f", {}, "a"), ToolCall("g", {}, "a")]), msgs[2]]
    assert _pairing.plan(shared) == _pairing.full_plan(shared) != {}


def test_a_result_by_tool_name_beside_calls_with_ids_is_planned() -> None:
    # Ollama: the result by tool_name alone leaves f#a to the result with its id
    msgs = [Message("user", [Text("q")]), Message("assistant", [ToolCall("f", {"n": 1}, "a"), ToolCall("f", {"n": 2}, "b")]),
            Message("tool", [ToolResult(None, "f", "by name"), ToolResult("a", None, "by id")])]
    assert _pairing.plan(msgs) != {}
    assert [(k, v[2].args if v[2] else None) for k, v in sorted(_pairing.answers(msgs).items())] == [
        ((2, 0), {"n": 2}), ((2, 1), {"n": 1})]
