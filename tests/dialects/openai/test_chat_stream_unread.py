"""Chat stream pieces whose body is not read (review revSv2, session 43): a piece with a
top-level ``arguments`` beside ``function: null`` (a flat call's shape: Groq's
``ExecutedTool`` keys, or a client call without its ``function``) and a piece shaped
like a GLM-4-AllTools tool definition (``{"type": "code_interpreter",
"code_interpreter": {"sandbox": "auto"}}``: https://maas.aminer.cn/dev/howuse/glm4-toolkit,
the request's ``tools`` item) are refused as ``decode_all`` refuses them whole: an
``InvalidToolCall`` in their place, never dropped (before: their keys were kept in the
provider data of the call open before them, or the piece was passed over).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

import toolwire
from toolwire import stream

FN = {"index": 0, "id": "call_f0", "type": "function",
      "function": {"name": "get_weather", "arguments": "{\"city\": \"Paris\"}"}}
FLAT = {"type": "function", "arguments": "{\"q\": 1}", "function": None}
GROQ = {"type": "search", "arguments": "{\"query\": \"x\"}", "function": None}
TOOLDEF = {"type": "code_interpreter", "code_interpreter": {"sandbox": "auto"}, "function": None}
OTHER = {"id": "call_r1", "type": "retrieval", "retrieval": {"knowledge_id": "k1"}, "function": None}


def _ch(delta: Dict[str, Any], finish: Optional[str] = None) -> Dict[str, Any]:
    return {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def _read(piece: Dict[str, Any], server: bool) -> List[Any]:
    return stream.accumulate([_ch({"tool_calls": [FN]}), _ch({"tool_calls": [piece]}), _ch({}, "tool_calls")],
                             include_server=server)


@pytest.mark.parametrize("body", [FLAT, GROQ, TOOLDEF, OTHER])
@pytest.mark.parametrize("index", [None, 0, 1])
@pytest.mark.parametrize("server", [False, True])
def test_an_unread_piece_is_an_invalid_call(body: Dict[str, Any], index: Optional[int], server: bool) -> None:
    if index != 1 and "arguments" in body:
        return  # (a piece of call 0's arguments, at its index or at none: the next test, test_chat_stream_loose_id)
    first, bad = _read(dict(body, index=index), server)
    assert (first.name, first.args, first.id) == ("get_weather", {"city": "Paris"}, "call_f0")
    assert first.provider_data is None or "extra" not in first.provider_data.get("openai.chat", {})
    assert isinstance(bad, toolwire.InvalidToolCall)
    msg = {"role": "assistant", "content": None, "tool_calls": [{k: v for k, v in FN.items() if k != "index"},
                                                                 {k: v for k, v in body.items()}]}
    with pytest.raises(toolwire.DecodeError):  # as the whole reply is read
        toolwire.decode_all(msg, include_server=server)


HEAD = {"index": 0, "id": "c1", "type": "function", "function": {"name": "f", "arguments": ""}}


@pytest.mark.parametrize("body", [FLAT, GROQ, {"arguments": "{\"a\":1}"}])
@pytest.mark.parametrize("head", [HEAD, FN])
@pytest.mark.parametrize("finish", [False, True])
def test_loose_arguments_at_a_calls_index_make_that_call_invalid(body: Dict[str, Any], head: Dict[str, Any],
                                                                  finish: bool) -> None:
    """Review revServer: ``{"index": 0, "arguments": "{\"a\":1}"}`` after the head of call 0
    gave ``f({})``, runnable, beside an invalid call: a piece of call 0 it cannot read."""
    chunks = [_ch({"tool_calls": [head]}), _ch({"tool_calls": [dict(body, index=0)]}), _ch({}, "tool_calls")]
    if finish:  # the finish ended call 0: a piece after it is a call of its own, as a readable one is
        chunks[1:] = [_ch({}, "tool_calls"), chunks[1]]
        first, bad = stream.accumulate(chunks, include_server=True)
        assert isinstance(first, toolwire.ToolCall) and isinstance(bad, toolwire.InvalidToolCall)
        return
    (bad,) = stream.accumulate(chunks, include_server=True)
    assert isinstance(bad, toolwire.InvalidToolCall)
    assert (bad.name, bad.id) == (head["function"]["name"], head["id"])
    assert "got a piece that has 'arguments' outside 'function'" in bad.error


@pytest.mark.parametrize("value", [{}, [], 0, False, " ", {"a": 1}])
def test_a_top_level_arguments_other_than_null_or_empty_text_is_something(value: Any) -> None:
    """Only ``null`` and ``""`` carry nothing: ``{}`` would be whole arguments, ``[]``, ``0``
    and ``False`` are no text (as ``function.arguments`` they make the call invalid), and
    white space may be a piece of a string inside the arguments."""
    (bad,) = stream.accumulate([_ch({"tool_calls": [HEAD]}), _ch({"tool_calls": [{"index": 0, "arguments": value}]}),
                                _ch({}, "tool_calls")])
    assert isinstance(bad, toolwire.InvalidToolCall) and bad.name == "f"


def test_a_piece_alone_is_an_invalid_call() -> None:
    (bad,) = stream.accumulate([_ch({"tool_calls": [dict(FLAT, index=None)]}), _ch({}, "tool_calls")])
    assert isinstance(bad, toolwire.InvalidToolCall)


@pytest.mark.parametrize("piece", [
    {"index": 0, "function": None, "arguments": None},
    {"index": 0, "function": None, "arguments": ""},
    {"index": 0, "id": None, "type": "function", "function": None},
])
def test_a_piece_that_carries_nothing_adds_nothing(piece: Dict[str, Any]) -> None:
    (call,) = _read(piece, True)
    assert (call.name, call.args) == ("get_weather", {"city": "Paris"})


def test_a_glm_call_still_reads() -> None:
    piece = {"index": None, "id": "call_g1", "type": "code_interpreter", "code_interpreter": {"input": "print(1)"},
             "function": None}
    first, glm = _read(piece, True)
    assert (glm.name, glm.args, glm.server) == ("code_interpreter", {"input": "print(1)"}, True)


@pytest.mark.parametrize("ident", ["call_x", "call_f0_other"])
def test_loose_arguments_under_another_id_at_a_calls_index_are_a_call_of_their_own(ident: str) -> None:
    # review revServer2: a piece naming another id at the open call's index failed that call and
    # disappeared itself; a fresh id there is another call (as with a ``function`` object)
    piece = {"index": 0, "id": ident, "type": "function", "arguments": "{\"b\": 2}"}
    first, bad = _read(piece, True)
    assert (first.name, first.args, first.id) == ("get_weather", {"city": "Paris"}, "call_f0")
    assert isinstance(bad, toolwire.InvalidToolCall)
