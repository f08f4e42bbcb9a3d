"""Chat choices listed out of order: the first choice is the one of the lowest ``index``.

Each choice of a ``ChatCompletion`` (https://platform.openai.com/docs/api-reference/chat/object,
``choices[].index``: "The index of the choice in the list of choices") and of a stream
chunk names its alternative by ``index``. A stream's first choice is the lowest index
seen; ``decode_all``, ``choice=`` and ``normalize`` read a whole reply the same way
(position only where ``index`` is missing), so a reply gives the same calls streamed or
whole.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import response, stream


def _call(ident: str, name: str) -> Dict[str, Any]:
    return {"id": ident, "type": "function", "function": {"name": name, "arguments": "{}"}}


def _choice(i: Any, text: Any, calls: List[Dict[str, Any]], finish: str) -> Dict[str, Any]:
    msg: Dict[str, Any] = {"role": "assistant", "content": text}
    if calls:
        msg["tool_calls"] = calls
    out = {"message": msg, "finish_reason": finish}
    if i is not None:
        out["index"] = i
    return out


def completion(choices: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4o", "choices": choices}


ZERO = _choice(0, None, [_call("call_a", "delete_files")], "tool_calls")
ONE = _choice(1, "Which files?", [], "stop")
OUT_OF_ORDER = completion([ONE, ZERO])
FIRST = [toolwire.ToolCall("delete_files", {}, "call_a")]


def _chunks(choices: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """The stream of a reply: one chunk per choice, each a delta with its index."""
    out = []
    for c in choices:
        delta = {"role": "assistant", "content": c["message"]["content"]}
        calls = c["message"].get("tool_calls")
        if calls:
            delta["tool_calls"] = [dict(tc, index=k) for k, tc in enumerate(calls)]
        out.append({"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
                    "choices": [{"index": c["index"], "delta": delta, "finish_reason": c["finish_reason"]}]})
    return out


@pytest.mark.parametrize("dialect", [None, "openai.chat", "mistral"])
def test_decode_all_takes_the_lowest_index_first(dialect: Any) -> None:
    assert toolwire.decode_all(OUT_OF_ORDER, dialect) == FIRST
    assert toolwire.decode_all(OUT_OF_ORDER, dialect, choice=0) == FIRST
    assert toolwire.decode_all(OUT_OF_ORDER, dialect, choice=1) == []
    assert toolwire.decode_all(OUT_OF_ORDER, dialect, repair=False) == FIRST  # the policy path too


def test_a_stream_and_the_whole_reply_agree() -> None:
    assert stream.accumulate(_chunks([ONE, ZERO])) == stream.accumulate(_chunks([ZERO, ONE])) == FIRST
    assert toolwire.decode_all(OUT_OF_ORDER) == toolwire.decode_all(completion([ZERO, ONE])) == FIRST


def test_normalize_reads_the_lowest_index() -> None:
    r = response.normalize(OUT_OF_ORDER)
    assert (list(r.tool_calls), r.text, r.raw_finish_reason) == (FIRST, "", "tool_calls")
    r = response.normalize(completion([_choice(1, "Second.", [], "length"), _choice(0, "First.", [], "stop")]))
    assert (r.text, r.finish_reason, r.truncated) == ("First.", "stop", False)


def test_the_path_is_the_choices_own_position() -> None:
    bad = completion([ONE, _choice(0, None, [_call("call_a", "delete_files") | {"function": {"name": "f",
                                                                                             "arguments": "[1]"}}],
                                   "tool_calls")])
    with pytest.raises(toolwire.DecodeError) as info:
        toolwire.decode_all(bad)
    assert info.value.loc == "$.choices[1].message.tool_calls[0].function.arguments"


def test_without_index_position_decides() -> None:
    assert toolwire.decode_all(completion([_choice(None, None, [_call("call_b", "other")], "tool_calls"),
                                           _choice(None, "x", [], "stop")]))[0].id == "call_b"
    # an index beside a choice without one: the missing index is its position
    assert toolwire.decode_all(completion([_choice(2, "x", [], "stop"), ZERO]), choice=1) == []
