"""A nameless Chat piece held under a fresh id (docs/streaming.md, rule 1): what the review of
the held pieces' order (revChat) found. What a piece carries beside its call's fields (Gemini's
``extra_content.google.thought_signature``, which ``encode`` must write back) goes to the call
the piece is read into, held or not; ``{}`` objects after white space are read in linear time; a
name split under the call's own id is not guessed (its rest, or another call reusing the id:
revChat2), one with no id is joined; ``{}`` given whole is arguments: a name after it is a new call."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

import pytest

from toolwire import ToolCall
from toolwire.stream import Accumulator, accumulate

SIG = {"extra_content": {"google": {"thought_signature": "SIG"}}}
KEPT = {"openai.chat": {"extra": SIG}}


def ch(tc: Dict[str, Any], finish: Optional[str] = None) -> Dict[str, Any]:
    return {"id": "x", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": {"tool_calls": [tc]}, "finish_reason": finish}]}


END = {"id": "x", "object": "chat.completion.chunk", "created": 1, "model": "m",
       "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}


def _run(chunks: List[Any]) -> List[Any]:
    acc = Accumulator("openai.chat")
    for c in chunks:
        acc.feed(c)
    calls = acc.close()
    assert calls == accumulate(chunks)
    return [(c.name, c.args, c.id, dict(c.provider_data)) for c in calls]


def test_a_naming_piece_absorbed_by_a_held_piece_keeps_its_extra() -> None:
    # revChat keepgen.py: h's signature dropped (126 of 3,000 gen43 streams with one on every named piece)
    chunks = [ch({"index": 0, "id": "A0", "type": "function", "function": {"name": "f", "arguments": ""}}),
              ch({"index": 1, "id": "A1", "type": "function", "function": {"name": "g", "arguments": ""}}),
              ch({"index": 1, "id": "R1", "type": "function", "function": {"name": None, "arguments": ""}}),
              ch({"index": 0, "id": "B0", "type": "function", "function": {"arguments": ""}}),
              ch({"index": 0, "function": {"name": "h"}, **SIG}),
              ch({"index": 0, "function": {"arguments": '{"x":1}'}}),
              ch({"index": 1, "id": "R2", "type": "function", "function": {"name": None, "arguments": '{"y":2}'}}),
              END]
    assert _run(chunks) == [("f", {}, "A0", {}), ("g", {"y": 2}, "A1", {}), ("h", {"x": 1}, "B0", KEPT)]


A = {"index": 0, "id": "A", "type": "function", "function": {"name": "f", "arguments": ""}}


def test_a_held_head_keeps_its_extra_for_the_call_it_starts() -> None:
    # was given to f, the call open where the head was held
    chunks = [ch(A), ch({"index": 0, "id": "B", "type": "function", "function": {"arguments": ""}, **SIG}),
              ch({"index": 0, "function": {"name": "h"}}), ch({"index": 0, "function": {"arguments": "{}"}}), END]
    assert _run(chunks) == [("f", {}, "A", {}), ("h", {}, "B", KEPT)]


def test_a_held_rest_keeps_its_extra_for_its_call() -> None:
    # a GLM step (its next one under a fresh id again): the call's rest, its extra the call's. (The
    # held piece's own extra went to f before fix43-chat2 too, the call open where it was held: the
    # piece continuing it, with no id, pins it; its extra was dropped, revChat2)
    chunks = [ch(A), ch({"index": 0, "id": "R", "type": "function", "function": {"name": None, "arguments": ""}, **SIG}),
              ch({"index": 0, "id": "R2", "type": "function", "function": {"name": None, "arguments": "{}"}}), END]
    assert _run(chunks) == [("f", {}, "A", KEPT)]
    chunks = [ch(A), ch({"index": 0, "id": "R", "type": "function", "function": {"name": None, "arguments": ""}, "x": 1}),
              ch({"index": 0, "function": {"arguments": "{}"}, **SIG}), END]
    assert _run(chunks) == [("f", {}, "A", {"openai.chat": {"extra": {"x": 1, **SIG}}})]


def test_the_extras_of_a_held_piece_and_its_naming_pieces_add_up() -> None:
    fn = {"name": "h", "vendor": 1}
    chunks = [ch(A), ch({"index": 0, "id": "B", "type": "function", "function": {"arguments": ""}, "x": 1}),
              ch({"index": 0, "function": fn, **SIG}), ch({"index": 0, "function": {"arguments": "{}"}, "y": 2}), END]
    assert _run(chunks) == [("f", {}, "A", {}), ("h", {}, "B", {"openai.chat": {
        "extra": {"x": 1, **SIG, "y": 2}, "function_extra": {"vendor": 1}}})]


class _Counted(list):  # type: ignore[type-arg]
    """A call's argument pieces, counting how often one is read."""

    reads = 0

    def __getitem__(self, i: Any) -> Any:
        _Counted.reads += 1
        return super().__getitem__(i)


def _reads(n: int) -> int:
    acc = Accumulator("openai.chat")
    acc.feed(ch({"index": 0, "id": "A", "type": "function", "function": {"name": "f", "arguments": ""}}))
    c = acc._handler.core.calls[0]  # type: ignore[attr-defined]
    c.parts = _Counted(c.parts)
    _Counted.reads = 0
    for _ in range(n):
        acc.feed(ch({"index": 0, "function": {"arguments": " "}}))
    for _ in range(n):
        acc.feed(ch({"index": 0, "function": {"arguments": {}}}))
    assert [(x.name, x.args) for x in acc.close()] == [("f", {})]
    return _Counted.reads


def test_objects_after_white_space_read_each_piece_once() -> None:
    # revChat lin.py: every ``{}`` read all the white space before it again (8,000 pieces: 9.06 s)
    small, large = _reads(200), _reads(800)
    assert large <= 5 * small


def _shown(chunks: List[Any]) -> List[Any]:
    calls = accumulate(chunks)
    return [(c.name, c.args, c.id) if isinstance(c, ToolCall) else ("invalid", c.name, c.raw, c.id) for c in calls]


@pytest.mark.parametrize("finish", [None, "tool_calls"])
def test_a_name_split_under_the_calls_own_id_is_not_guessed(finish: Optional[str]) -> None:
    # two InvalidToolCalls, not joined: a name under the call's own id after its name is its rest
    # (openai-python's ``accumulate_delta`` joins it at an index) or another call reusing the id
    # (DeepSeek, GLM: every call at index 0), which with Kimi's heads re-sent ran one call twice
    # (revChat2): nothing tells them apart, so neither is guessed (the id-less rest is joined)
    chunks = [ch({"index": 0, "id": "A", "function": {"name": "get_w"}}, finish),
              ch({"index": 0, "id": "A", "function": {"name": "eather"}}, finish),
              ch({"index": 0, "id": "A", "function": {"arguments": '{"city":"Paris"}'}}, finish), END]
    assert _shown(chunks) == [("invalid", "get_w", None, "A"), ("invalid", "eather", '{"city":"Paris"}', "A")]


@pytest.mark.parametrize("finish", [None, "tool_calls"])
def test_a_name_rest_without_an_id_is_joined(finish: Optional[str]) -> None:
    # LiteLLM's split name (BerriAI/litellm#2195: a finish on every chunk), the rest with no id
    chunks = [ch({"index": 0, "id": "A", "function": {"name": "get_w"}}, finish),
              ch({"index": 0, "function": {"name": "eather"}}, finish),
              ch({"index": 0, "function": {"arguments": '{"city":"Paris"}'}}, finish), END]
    assert _shown(chunks) == [("get_weather", {"city": "Paris"}, "A")]


@pytest.mark.parametrize("finish", [None, "tool_calls"])
def test_a_call_reusing_the_open_calls_id_is_not_joined_to_it(finish: Optional[str]) -> None:
    # revChat2 R2: a call reusing the id at index 0 (DeepSeek, GLM) made ``get_timeget_weather``
    chunks = [ch({"index": 0, "id": "A", "type": "function", "function": {"name": "get_time", "arguments": ""}}, finish),
              ch({"index": 0, "id": "A", "function": {"name": "get_weather", "arguments": '{"c":1}'}}, finish), END]
    assert _shown(chunks) == [("invalid", "get_time", None, "A"), ("invalid", "get_weather", '{"c":1}', "A")]


@pytest.mark.parametrize("finish", [None, "tool_calls"])
def test_kimis_heads_resent_with_a_name_split_under_its_id_never_run_twice(finish: Optional[str]) -> None:
    # revChat2 R1 (dbl.py): every piece with the call's id (Kimi K2), its head re-sent, a finish on
    # every chunk (LiteLLM), the name's rest under the id: get_weather({}) ran twice
    chunks = [ch({"index": 0, "id": "A", "type": "function", "function": {"name": "get_w"}}, finish),
              ch({"index": 0, "id": "A", "function": {"name": "eather", "arguments": ""}}, finish),
              ch({"index": 0, "id": "A", "type": "function", "function": {"name": "get_w"}}, finish),
              ch({"index": 0, "id": "A", "function": {"name": "eather", "arguments": "{}"}}, finish), END]
    shown = _shown(chunks)
    assert [s for s in shown if s[0] != "invalid"] == [] and len(shown) == 4


@pytest.mark.parametrize("finish", [None, "tool_calls"])
def test_a_name_after_an_object_given_whole_is_another_call(finish: Optional[str]) -> None:
    # ``{}`` is the call's arguments (as text ``"{}"`` is): a name after it starts a call
    chunks = [ch({"index": 0, "id": "A", "function": {"name": "get_w", "arguments": {}}}, finish),
              ch({"index": 0, "function": {"name": "eather"}}, finish), END]
    assert _run(chunks) == [("get_w", {}, "A", {}), ("eather", {}, None, {})]


@pytest.mark.parametrize("args", [{}, {"location": "Paris"}])
@pytest.mark.parametrize("finish", [None, "tool_calls"])
@pytest.mark.parametrize("ident", [None, "R0"])
def test_an_object_after_a_held_piece_never_named_is_the_calls(args: Dict[str, Any], finish: Optional[str],
                                                              ident: Optional[str]) -> None:
    # the oracle revChat settled (obj.py): the held piece and the object are get_weather's, with no
    # id or the held one (that one was a nameless call of its own, 24 of obj.py's 256), as the text is
    piece: Dict[str, Any] = {"function": {"arguments": args}}
    if ident is not None:
        piece["id"] = ident
    chunks = [ch({"index": 0, "id": "A", "type": "function", "function": {"name": "get_weather", "arguments": ""}},
                 finish),
              ch({"index": 0, "id": "R0", "type": "function", "function": {"name": None, "arguments": " "}}, finish),
              ch(piece, finish), END]
    assert _run(chunks) == [("get_weather", args, "A", {})]
    text = {**piece, "function": {"arguments": json.dumps(args)}}
    assert _run(chunks[:2] + [ch(text, finish), END]) == [("get_weather", args, "A", {})]


@pytest.mark.parametrize("pieces", [['{"city":"Paris"}'], ['{"city":', '"Paris"}']])
def test_an_index_less_piece_keeps_its_extra(pieces: List[str]) -> None:
    # revChat2 C3 (kroute.py): ``{"function": ..., "extra_content": ...}``, two keys and no ``index``,
    # was read as a call's own fields only (two keys) and its signature dropped; with an index it was kept
    head = {"id": "A", "type": "function", "function": {"name": "get_weather", "arguments": ""}}
    chunks = [ch(head), ch({"function": {"arguments": pieces[0]}, **SIG})]
    chunks += [ch({"function": {"arguments": p}}) for p in pieces[1:]]
    assert _run(chunks + [END]) == [("get_weather", {"city": "Paris"}, "A", KEPT)]
    held = [ch(head), ch({"id": "R", "type": "function", "function": {"name": None, "arguments": ""}}),
            ch({"function": {"arguments": pieces[0]}, **SIG})] + chunks[2:]
    assert _run(held + [END]) == [("get_weather", {"city": "Paris"}, "A", KEPT)]


@pytest.mark.parametrize("finish", [None, "tool_calls"])
def test_a_name_rest_under_its_own_id_while_a_held_piece_waits_is_not_guessed(finish: Optional[str]) -> None:
    # revChat2 C1 (wait.py): joined, B's call started before D's, held at index 1 before it
    chunks = [ch({"index": 1, "id": "C", "type": "function", "function": {"name": "lookup", "arguments": ""}}, finish),
              ch({"index": 1, "id": "D", "type": "function", "function": {"arguments": ""}}, finish),
              ch({"index": 0, "id": "A", "type": "function", "function": {"name": "get_weather", "arguments": '{"c":1}'}},
                 finish),
              ch({"index": 0, "id": "B", "type": "function", "function": {"arguments": ""}}, finish),
              ch({"index": 0, "function": {"name": "get_w"}}, finish), ch({"index": 0, "id": "B", "function": {"name": "eather"}}, finish),
              ch({"index": 1, "function": {"name": "search"}}, finish), ch({"index": 0, "function": {"arguments": '{"tz":1}'}}, finish),
              ch({"index": 1, "function": {"arguments": '{"q":1}'}}, finish), END]
    assert _shown(chunks) == [("lookup", {}, "C"), ("get_weather", {"c": 1}, "A"), ("invalid", "get_w", None, "B"),
                              ("invalid", "eather", '{"tz":1}', "B"), ("search", {"q": 1}, "D")]
