"""Gemini candidates listed out of order, or with ``index`` left out: the first candidate is
the one of the lowest ``index``, read whole, normalised or streamed alike.

``GenerateContentResponse.candidates[].index`` is "the index of the candidate in the list
of response candidates" (https://ai.google.dev/api/generate-content#candidate, several
with ``generationConfig.candidateCount`` > 1). It is a proto3 ``int32``: JSON may leave out
the default ``0``, and a google-genai ``model_dump()`` writes it ``None``. The rule
(``sniff.numbers``): a candidate's number is its ``index`` when it is an int; one without
takes the lowest number no candidate of its list claims, in list order (so the one left
out is ``0``, and a list without any index numbers its candidates by position).
"""

from __future__ import annotations

import itertools
from typing import Any, Dict, List, Optional

import pytest
from hypothesis import given
from hypothesis import strategies as st

import toolwire
from toolwire import response, stream
from toolwire.dialects.gemini.candidates import numbers


def _cand(index: Optional[int], number: int) -> Dict[str, Any]:
    """Candidate *number*: a call to ``f<number>`` (id ``c<number>``) and text ``t<number>``."""
    out: Dict[str, Any] = {
        "content": {"role": "model", "parts": [{"text": f"t{number}"},
                                               {"functionCall": {"id": f"c{number}", "name": f"f{number}",
                                                                 "args": {"n": number}}}]},
        "finishReason": "STOP",
    }
    if index is not None:
        out["index"] = index
    return out


def _reply(cands: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"candidates": cands, "usageMetadata": {"promptTokenCount": 4}, "modelVersion": "gemini-2.5-flash"}


def _calls(number: int) -> List[toolwire.ToolCall]:
    return [toolwire.ToolCall(f"f{number}", {"n": number}, f"c{number}")]


@pytest.mark.parametrize(
    ("indexes", "expected"),
    [
        ([0, 1], [0, 1]),
        ([1, 0], [1, 0]),
        ([None, 1], [0, 1]),
        ([1, None], [1, 0]),  # proto3 left out index 0 of the second candidate
        ([None, None], [0, 1]),  # no index at all: by position
        ([2, None, 0], [2, 1, 0]),
        ([None, 0, None], [1, 0, 2]),
    ],
)
def test_numbers(indexes: List[Optional[int]], expected: List[int]) -> None:
    cands = [{} if i is None else {"index": i} for i in indexes]
    assert numbers(cands) == expected
    # an SDK dump writes an unset index as None; a digit string is its int (a gateway quirk)
    assert numbers([{"index": None} if i is None else {"index": i} for i in indexes]) == expected
    assert numbers([{} if i is None else {"index": str(i)} for i in indexes]) == expected


@pytest.mark.parametrize("index", [True, 1.0, "x", "01", [1]])
def test_numbers_refuse_an_index_that_is_no_int(index: Any) -> None:
    # ``Candidate.index: Optional[int]``: read as none, a stream's candidates mixed into one reply
    with pytest.raises(toolwire.DecodeError, match="neither an int nor a digit string") as info:
        numbers([{"index": 0}, {"index": index}])
    assert info.value.loc == "$.candidates[1].index"


def test_out_of_order_first_is_index_zero() -> None:
    data = _reply([_cand(1, 1), _cand(None, 0)])
    assert toolwire.decode_all(data) == _calls(0)
    assert toolwire.decode_all(data, "gemini") == _calls(0)
    assert toolwire.decode_all(data, choice=1) == _calls(1)
    r = response.normalize(data)
    assert (list(r.tool_calls), r.text) == (_calls(0), "t0")
    assert stream.accumulate([data]) == _calls(0)


def test_finish_and_failure_are_the_first_candidates() -> None:
    first = _cand(None, 0)
    first["finishReason"] = "MALFORMED_FUNCTION_CALL"
    first["finishMessage"] = "Malformed function call: print(x"
    del first["content"]
    data = _reply([_cand(1, 1), first])
    r = response.normalize(data)
    assert (r.raw_finish_reason, r.text) == ("MALFORMED_FUNCTION_CALL", "")
    with pytest.raises(toolwire.DecodeError, match="print"):
        toolwire.decode_all(data)
    bad = stream.accumulate([data])  # a stream says so in its one nameless InvalidToolCall
    assert len(bad) == 1 and isinstance(bad[0], toolwire.InvalidToolCall) and "print(x" in bad[0].error


def _whole(data: Dict[str, Any]) -> Any:
    r = response.normalize(data)
    return toolwire.decode_all(data), list(r.tool_calls), r.text


@given(st.data())
def test_whole_normalised_and_streamed_agree(data: st.DataObject) -> None:
    n = data.draw(st.integers(1, 4), label="candidates")
    order = data.draw(st.permutations(range(n)), label="order")
    drop_zero = data.draw(st.booleans(), label="index 0 left out")
    cands = [_cand(None if k == 0 and drop_zero else k, k) for k in order]
    reply = _reply(cands)
    assert _whole(reply) == (_calls(0), _calls(0), "t0")
    for k in range(n):
        assert toolwire.decode_all(reply, choice=k) == _calls(k)
    # streamed: the whole reply as one chunk, or one chunk per candidate in list order
    assert stream.accumulate([reply]) == _calls(0)
    assert stream.accumulate([_reply([c]) for c in cands]) == _calls(0)


def test_every_order_of_three() -> None:
    for perm in itertools.permutations(range(3)):
        for missing in (None, 0):
            cands = [_cand(None if k == missing else k, k) for k in perm]
            assert _whole(_reply(cands)) == (_calls(0), _calls(0), "t0"), perm
            assert stream.accumulate([_reply(cands)]) == _calls(0), perm


@pytest.mark.parametrize("indexes", [[0, 0], [1, 1], [None, 1, 1], [0, None, 0], [2, 0, 2]])
def test_numbers_refuse_an_index_given_twice(indexes: List[Optional[int]]) -> None:
    cands = [{} if i is None else {"index": i} for i in indexes]
    with pytest.raises(toolwire.DecodeError, match="both have index"):
        numbers(cands)


def test_an_index_given_twice_in_one_chunk_is_refused() -> None:
    """Two candidates of one reply (or one stream chunk) naming the same ``index`` contradict
    the API's "index of the candidate in the list of response candidates": the stream read
    both as one candidate (its calls a mix of the two), the whole reply the first listed."""
    data = _reply([_cand(0, 0), _cand(0, 1)])
    message = (r"Candidates \$\.candidates\[0\] and \$\.candidates\[1\] both have index 0: a candidate's "
               "index is its place in the list of response candidates, so one list holds each index once")
    for read in (lambda: stream.accumulate([data]), lambda: toolwire.decode_all(data),
                 lambda: toolwire.decode_all(data, "gemini"), lambda: response.normalize(data)):
        with pytest.raises(toolwire.DecodeError, match=message) as info:
            read()
        # (the stream's error is at its chunk: ``$[0]``)
        assert info.value.loc in ("$.candidates[1].index", "$[0].candidates[1].index")
    # snake_case (an SDK dump) and a later chunk: the same
    dumped = {"candidates": [{"index": 1, "content": {"role": "model", "parts": [{"text": "a"}]}},
                             {"index": 1, "content": {"role": "model", "parts": [{"text": "b"}]}}]}
    acc = stream.Accumulator()
    acc.feed(_reply([_cand(0, 0), _cand(1, 1)]))
    with pytest.raises(toolwire.DecodeError, match="both have index 1"):
        acc.feed(dumped)


def test_the_same_index_in_later_chunks_continues_its_candidate() -> None:
    first = _reply([_cand(0, 0), _cand(1, 1)])
    for c in first["candidates"]:
        del c["finishReason"]
    later = _reply([{"index": 1, "content": {"role": "model", "parts": [{"functionCall": {"name": "g", "args": {}}}]},
                     "finishReason": "STOP"},
                    {"index": 0, "content": {"role": "model", "parts": [{"functionCall": {"name": "h", "args": {}}}]},
                     "finishReason": "STOP"}])
    assert stream.accumulate([first, later]) == [*_calls(0), toolwire.ToolCall("h", {}, None)]
