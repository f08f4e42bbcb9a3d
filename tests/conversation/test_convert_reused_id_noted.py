"""``convert`` item by item: a call reusing the id of a call still unanswered, with no
result and no ``IdMap.turn()`` between, is ambiguous. It may be a parallel call of the
same reply (DeepSeek and GLM give the parallel calls of one reply one id) or a later
turn's call after the first was left unanswered (per-reply ids, ``call_0`` in every
reply). Both are taken for one turn's calls (the next result with the id answers the
first), as before, and the reuse is now noted in ``report`` (``duplicate-id``) instead
of guessed silently.
"""

from __future__ import annotations

from typing import Any, List

from toolwire import IdMap, ToolCall, ToolResult, convert, get_dialect
from toolwire.conversation import Problem


def _map(target: str) -> IdMap:
    return IdMap(get_dialect(target).ids, dialect=target)


def _call(name: str) -> ToolCall:
    return ToolCall(name=name, args={}, id="call_0")


def test_a_reuse_written_by_a_later_convert_is_noted() -> None:
    ids = _map("mistral")
    convert(_call("search"), "mistral", ids=ids)
    report: List[Any] = []
    convert(_call("book"), "mistral", ids=ids, report=report)
    assert report == [Problem(
        "duplicate-id", 0, "call_0",
        "The call call_0 ('book') reuses the id of a call still unanswered ('search'), with no result and no "
        "IdMap.turn() between: both are taken for calls of one turn, so the next result with the id answers "
        "'search' (call IdMap.turn() when a new assistant turn starts)")]
    out = convert(ToolResult(id="call_0", content="found"), "mistral", ids=ids, report=report)
    assert out["name"] == "search" and len(report) == 1


def test_no_note_where_the_turn_is_told() -> None:
    for between in ("turn", "result", "one list"):
        ids = _map("gemini")
        report: List[Any] = []
        if between == "one list":  # one reply's parallel calls, converted together
            convert([_call("search"), _call("book")], "gemini", ids=ids, report=report)
        else:
            convert(_call("search"), "gemini", ids=ids)
            if between == "turn":
                ids.turn()
            else:
                convert(ToolResult(id="call_0", content="found"), "gemini", ids=ids)
            convert(_call("book"), "gemini", ids=ids, report=report)
        assert report == [], between


def test_no_note_where_the_loop_tells_the_turns() -> None:
    # a loop that calls IdMap.turn() at each assistant turn tells where turns start: the
    # calls it converts one by one with no turn() between are one reply's (DeepSeek's
    # parallel calls sharing call_0), as the docs promise ("the question does not arise")
    ids = _map("gemini")
    report: List[Any] = []
    ids.turn()
    for name in ("search", "book"):
        convert(_call(name), "gemini", ids=ids, report=report)
    assert report == []
    out = convert([ToolResult(id="call_0", content="found"), ToolResult(id="call_0", content="booked")], "gemini",
                  ids=ids)
    assert [r["functionResponse"]["name"] for r in out] == ["search", "book"]


def test_a_history_written_with_the_map_does_not_silence_the_note() -> None:
    # encode_conversation closes its history's turns on the map; the caller's later
    # converts are still untold, so a reuse there is noted
    from toolwire.conversation import Conversation, Message, Text, encode_conversation

    ids = _map("mistral")
    encode_conversation(Conversation([Message("user", [Text("q")]), Message("assistant", [_call("search")]),
                                      Message("tool", [ToolResult(id="call_0", content="found")]),
                                      Message("assistant", [Text("done")]), Message("user", [Text("again")])]),
                        "mistral", ids=ids)
    convert(_call("search"), "mistral", ids=ids)
    report: List[Any] = []
    convert(_call("book"), "mistral", ids=ids, report=report)
    assert [p.kind for p in report] == ["duplicate-id"]
