"""A top-level ``arguments`` piece (``"function": null``) at an open Chat call, read by the
id and index rules the reader reads a nameless ``function`` piece by (review revLead,
session 44): where such a piece would be the open call's rest (no id: absent, ``""``,
Mistral's ``"null"``, one that is no text; the call's own id; the first id of a call whose
head came without one; an id no call has within the call's value; no index: the latest
call; a digit-string index) that call is invalid, never run with a piece of its
arguments missing; only a fresh id after a whole value (``Fresh.fresh_reading``: a call of
its own) leaves it to run.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

import toolwire
from toolwire import stream


def _ch(delta: Dict[str, Any], finish: Optional[str] = None) -> Dict[str, Any]:
    return {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def _head(ident: Optional[str], text: str) -> Dict[str, Any]:
    head = {"index": 0, "type": "function", "function": {"name": "f", "arguments": text}}
    if ident is not None:
        head["id"] = ident
    return head


def _read(head: Dict[str, Any], loose: Dict[str, Any], finish_first: bool = False) -> List[Any]:
    chunks = [_ch({"tool_calls": [head]}), _ch({"tool_calls": [loose]}),
              _ch({"tool_calls": [{"index": 0, "function": {"arguments": "s\"}"}}]}), _ch({}, "tool_calls")]
    if finish_first:  # LiteLLM's finish_reason beside every piece
        chunks[0]["choices"][0]["finish_reason"] = "tool_calls"
    return stream.accumulate(chunks, include_server=True)


_LOOSE: Dict[str, Any] = {"index": 0, "arguments": "ri", "function": None}


@pytest.mark.parametrize("head_id,ident", [
    ("call_0", "null"),  # review revLead's reproducer (Mistral's "null": no id)
    ("call_0", 0),  # an id that is no text: none
    ("call_0", ""),
    ("call_0", "call_0"),
    ("call_0", "call_x"),  # an id no call has, within the call's value: its rest (as with ``function``)
    (None, "call_0"),  # a call whose head came without an id takes the first id it sees
    (None, "call_x"),
    (None, "null"),
    (None, 0),
])
@pytest.mark.parametrize("finish_first", [False, True])
def test_loose_arguments_that_are_the_open_calls_rest_make_it_invalid(head_id: Optional[str], ident: Any,
                                                                      finish_first: bool) -> None:
    loose = dict(_LOOSE, id=ident)
    got = _read(_head(head_id, "{\"city\": \"Pa"), loose, finish_first)
    assert not [c for c in got if isinstance(c, toolwire.ToolCall)], got
    assert isinstance(got[0], toolwire.InvalidToolCall) and got[0].name == "f"
    assert "got a piece that has 'arguments' outside 'function'" in (got[0].error or "")


@pytest.mark.parametrize("index", [None, "0"])
def test_loose_arguments_without_an_index_or_with_a_digit_string_one_make_the_open_call_invalid(index: Any) -> None:
    # review revLead: these left the open call runnable ({"city": "Pas"}) beside an invalid call
    loose = dict(_LOOSE, index=index)
    got = _read(_head("call_0", "{\"city\": \"Pa"), loose)
    assert not [c for c in got if isinstance(c, toolwire.ToolCall)], got
    assert isinstance(got[0], toolwire.InvalidToolCall) and got[0].name == "f"


def test_loose_arguments_under_a_fresh_id_after_a_whole_value_are_a_call_of_their_own() -> None:
    # (as a nameless ``function`` piece there: ``Fresh.fresh_reading`` reads it as a new call)
    head = _head("call_0", "{\"city\": \"Paris\"}")
    chunks = [_ch({"tool_calls": [head]}), _ch({"tool_calls": [dict(_LOOSE, id="call_x", arguments="{\"b\": 2}")]}),
              _ch({}, "tool_calls")]
    first, bad = stream.accumulate(chunks, include_server=True)
    assert (type(first), first.name, first.args) == (toolwire.ToolCall, "f", {"city": "Paris"})
    assert isinstance(bad, toolwire.InvalidToolCall)



@pytest.mark.parametrize("index", [0, "0", 3, None])
@pytest.mark.parametrize("finish_first", [False, True])
def test_loose_arguments_with_an_index_and_the_calls_own_id_in_an_index_less_stream(index: Any,
                                                                                    finish_first: bool) -> None:
    # review revServer3 (31 of 6,000 in its generator, cons.py seed 176): the calls come without an
    # index, the loose piece with one and the call's own id; no call at that index, the piece was an
    # invalid call of its own while the call its id names ran with a piece of its arguments missing
    # (without an index the id named it already: ``None`` here, the neighbour)
    head = {"id": "call_0", "type": "function", "function": {"name": "f", "arguments": "{\"city\": \"Rome\"}"}}
    loose = {"id": "call_0", "arguments": ", \"z\": 3}"}
    if index is not None:
        loose["index"] = index
    chunks = [_ch({"tool_calls": [head]}, "tool_calls" if finish_first else None), _ch({"tool_calls": [loose]}),
              _ch({}, "tool_calls")]
    got = stream.accumulate(chunks, include_server=True)
    assert not [c for c in got if isinstance(c, toolwire.ToolCall)], got
