"""Every error about a chunk says which chunk: ``$[N]`` (its place among the chunks
fed: the list index given to ``accumulate``, the number of ``feed`` calls before it),
``$[N][k]`` for the k-th event of a text or bytes chunk, ``$[k]`` for the k-th event of
one whole SSE body, then the path inside the chunk; the message says the same place.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

import pytest

from toolwire import DecodeError
from toolwire.stream import Accumulator, accumulate


def ch(tc: Optional[Dict[str, Any]] = None, finish: Optional[str] = None, **delta: Any) -> Dict[str, Any]:
    d: Dict[str, Any] = {"role": "assistant", **delta}
    if tc is not None:
        d["tool_calls"] = [tc]
    return {"id": "c", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": d, "finish_reason": finish}]}


A = ch({"index": 0, "id": "call_A", "type": "function", "function": {"name": "a", "arguments": ""}})
A2 = ch({"index": 0, "function": {"arguments": "{}"}})
END = ch(finish="tool_calls")
GEM = {"candidates": [{"content": {"role": "model", "parts": [{"functionCall": {"name": "g", "args": {}}}]},
                       "finishReason": "STOP"}]}

CASES = [
    ("not an object", 1, "$[2]", "Stream chunk at $[2] is not an object: 1"),
    ("not JSON", "data: {oops", "$[2][0]", "Stream data at $[2][0] is not JSON"),
    ("index '01'", ch({"index": "01", "function": {"arguments": "x"}}), "$[2].choices[0].delta.tool_calls[0].index",
     "Tool call index at $[2].choices[0].delta.tool_calls[0].index is neither"),
    ("delta a list", {"choices": [{"index": 0, "delta": []}]}, "$[2].choices[0].delta",
     "Expected an object at $[2].choices[0].delta, got list"),
    ("tool_calls a dict", {"choices": [{"index": 0, "delta": {"tool_calls": {}}}]},
     "$[2].choices[0].delta.tool_calls", "Expected a list at $[2].choices[0].delta.tool_calls, got dict"),
    ("choices a dict", {"choices": {"0": {}}}, "$[2].choices", "Expected a list at $[2].choices, got dict"),
    ("choice a list", {"choices": [[]]}, "$[2].choices[0]", "Expected an object at $[2].choices[0], got list"),
    # a content part that is no object: ``normalize`` of the reply whole raises there too (review RV-3)
    ("content part text", ch(content=["hello ", {"type": "text", "text": "world"}]), "$[2].choices[0].delta.content[0]",
     "Expected an object at $[2].choices[0].delta.content[0], got str 'hello '"),
    ("gemini chunk", GEM, "$[2]", "Stream chunk at $[2] is a gemini chunk"),
]


@pytest.mark.parametrize("bad,loc,words", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_bad_chunk_in_a_list_is_at_its_index(bad: Any, loc: str, words: str) -> None:
    with pytest.raises(DecodeError) as e:
        accumulate([A, A2, bad, END], "openai.chat")
    assert e.value.loc == loc
    assert words in str(e.value)


@pytest.mark.parametrize("bad,loc,words", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_bad_chunk_fed_is_at_the_number_fed_before_it(bad: Any, loc: str, words: str) -> None:
    acc = Accumulator("openai.chat")
    acc.feed(A)
    acc.feed(A2)
    with pytest.raises(DecodeError) as e:
        acc.feed(bad)
        acc.feed(END)
        acc.close()
    assert e.value.loc == loc
    assert words in str(e.value)


def test_the_same_in_a_detected_stream_and_a_generator() -> None:
    bad = {"choices": [{"index": 0, "delta": []}]}
    for chunks in ([A, A2, None, bad, END], iter([A, A2, None, bad, END])):
        with pytest.raises(DecodeError) as e:
            accumulate(chunks)
        assert e.value.loc == "$[3].choices[0].delta"


def sse(*chunks: Any) -> str:
    return "".join(f"data: {json.dumps(c)}\n\n" for c in chunks)


def test_an_event_of_a_whole_body_is_at_its_ordinal() -> None:
    body = sse(A, A2) + "data: {oops\n\n" + sse(END)
    with pytest.raises(DecodeError) as e:
        accumulate(body, "openai.chat")
    assert e.value.loc == "$[2]" and "Stream data at $[2] is not JSON" in str(e.value)
    body = sse(A, A2, {"choices": [{"index": 0, "delta": []}]}, END)
    for whole in (body, body.encode()):
        with pytest.raises(DecodeError) as e:
            accumulate(whole, "openai.chat")
        assert e.value.loc == "$[2].choices[0].delta", whole


def test_an_event_of_a_text_chunk_is_at_chunk_and_event() -> None:
    bad = {"choices": [{"index": 0, "delta": []}]}
    with pytest.raises(DecodeError) as e:
        accumulate([A, sse(A2, bad), END], "openai.chat")
    assert e.value.loc == "$[1][1].choices[0].delta"
    acc = Accumulator("openai.chat")
    acc.feed(sse(A))
    with pytest.raises(DecodeError) as e:
        acc.feed(sse(A2, bad).encode())
    assert e.value.loc == "$[1][1].choices[0].delta"
    assert "at $[1][1].choices[0].delta" in str(e.value)


def test_gemini_wrong_containers_are_at_their_place() -> None:
    start = {"candidates": [{"content": {"role": "model", "parts": [{"text": "x"}]}}]}
    cases = [({"candidates": {"0": {}}}, "$[1].candidates"),
             ({"candidates": [[]]}, "$[1].candidates[0]"),
             ({"candidates": [{"content": []}]}, "$[1].candidates[0].content"),
             ({"candidates": [{"content": {"parts": {}}}]}, "$[1].candidates[0].content.parts")]
    for bad, loc in cases:
        with pytest.raises(DecodeError) as e:
            accumulate([start, bad], "gemini")
        assert e.value.loc == loc and f"at {loc}," in str(e.value)


def test_a_responses_item_type_that_is_no_string_is_refused_at_it() -> None:
    item = {"type": "function_call", "id": "fc_1", "call_id": "c1", "name": "f", "arguments": "",
            "status": "in_progress"}
    ev: List[Any] = [
        {"type": "response.created", "response": {"id": "r", "object": "response", "status": "in_progress",
                                                   "output": []}},
        {"type": "response.output_item.added", "output_index": 0, "item": item},
        {"type": "response.output_item.added", "output_index": 1, "item": {**item, "type": ["function_call"]}}]
    with pytest.raises(DecodeError) as e:
        accumulate(ev, "openai.responses")
    assert e.value.loc == "$[2].item.type" and "at $[2].item.type" in str(e.value)


def test_the_last_line_of_bytes_without_its_line_end_keeps_its_ordinal() -> None:
    body = (sse(A, A2) + "data: {oops").encode()  # the stream ends inside its last line
    with pytest.raises(DecodeError) as e:
        accumulate(body, "openai.chat")
    assert e.value.loc == "$[2]"
    with pytest.raises(DecodeError) as e:
        accumulate([body], "openai.chat")
    assert e.value.loc == "$[0][2]"
    acc = Accumulator("openai.chat")
    acc.feed(b"\n")
    acc.feed(body)
    with pytest.raises(DecodeError) as e:
        acc.close()
    assert e.value.loc == "$[1][2]"
