"""A Chat reply whose ``finish_reason`` is an Anthropic error type: an OpenAI-compatible
gateway relaying an Anthropic stream that failed mid-reply (``event: error``,
``{"type": "overloaded_error"}``) ends the Chat stream with a chunk whose
``finish_reason`` is that error's ``type`` (Portkey gateway 1.15.2, default mode). The
reply failed: none of its calls runs, as natively (an Anthropic stream's ``error``
event) and as under Chat's own ``error``.

Before, the word was unknown ("other") and both calls ran, the second (whose arguments
never arrived) as ``ToolCall(delete_file, {})``. Anthropic's error types:
https://docs.anthropic.com/en/api/errors.

A finish word no table knows is no proof the reply finished either: the reply's last
call with empty arguments is cut off (``InvalidToolCall(truncated=True)``), never run as
``{}``; its other calls, and arguments that are there, are judged as under a normal finish.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

import toolwire
from toolwire import InvalidToolCall, ToolCall
from toolwire import stream as S
from toolwire._dialect import finish_lookup
from toolwire.response import normalize

# https://docs.anthropic.com/en/api/errors (the ``error.type`` of an error response or stream event)
ERROR_TYPES = ["invalid_request_error", "authentication_error", "permission_error", "not_found_error",
               "request_too_large", "rate_limit_error", "api_error", "overloaded_error"]
# every dialect whose reply carries its provider's finish word as sent (a Responses reply's
# finish is its ``status``, a closed list the API's own reader maps: ``responses_finish``)
TABLED = [d for d in toolwire.default_registry() if d.finish_reasons and d.name != "openai.responses"]


def _ch(delta: Dict[str, Any], fin: Optional[str] = None) -> Dict[str, Any]:
    return {"id": "c", "object": "chat.completion.chunk", "model": "claude-sonnet-4-5",
            "choices": [{"index": 0, "delta": delta, "finish_reason": fin}]}


def _chunks(fin: str) -> List[Dict[str, Any]]:
    """The hunter's reproducer: what the gateway emits for an Anthropic stream cut by an
    error event after the second call's start."""
    return [
        _ch({"content": "", "role": "assistant"}),
        _ch({"tool_calls": [{"index": 0, "id": "toolu_01AAA", "type": "function",
                             "function": {"name": "delete_file", "arguments": ""}}]}),
        _ch({"tool_calls": [{"index": 0, "function": {"arguments": "{\"path\": \"/tmp/a\"}"}}]}),
        _ch({"tool_calls": [{"index": 1, "id": "toolu_01BBB", "type": "function",
                             "function": {"name": "delete_file", "arguments": ""}}]}),
        {"id": "fallback-id", "object": "chat.completion.chunk", "created": 1, "model": "", "provider": "anthropic",
         "choices": [{"finish_reason": fin, "delta": {"content": ""}}]},
    ]


def _reply(fin: str, *arguments: str) -> Dict[str, Any]:
    calls = [{"id": f"toolu_0{i}", "type": "function", "function": {"name": "delete_file", "arguments": a}}
             for i, a in enumerate(arguments)]
    return {"id": "x", "object": "chat.completion", "model": "m", "choices": [
        {"index": 0, "finish_reason": fin, "message": {"role": "assistant", "content": None, "tool_calls": calls}}]}


@pytest.mark.parametrize("word", ERROR_TYPES)
@pytest.mark.parametrize("d", TABLED, ids=lambda d: d.name)
def test_every_dialect_reads_an_anthropic_error_type_as_failed(d: toolwire.Dialect, word: str) -> None:
    assert finish_lookup(d.finish_reasons, word) == "error"


@pytest.mark.parametrize("word", ["overloaded_error", "api_error", "rate_limit_error"])
def test_a_chat_stream_ended_by_a_relayed_error_runs_no_call(word: str) -> None:
    out = S.accumulate(_chunks(word), "openai.chat")
    assert [type(r) for r in out] == [InvalidToolCall, InvalidToolCall]
    assert all(word in r.error and "must not run" in r.error for r in out)  # type: ignore[union-attr]


def test_a_whole_chat_reply_finished_by_a_relayed_error_runs_no_call() -> None:
    out = toolwire.decode_all(_reply("overloaded_error", ""), invalid="keep")
    assert len(out) == 1 and isinstance(out[0], InvalidToolCall) and "overloaded_error" in out[0].error
    assert normalize(_reply("overloaded_error", "{}")).finish_reason == "error"


# a finish word no dialect's table knows (OpenAI's error code ``server_error``, relayed as a word)
UNKNOWN = "server_error"


def test_the_unknown_word_is_unknown() -> None:
    assert all(finish_lookup(d.finish_reasons, UNKNOWN) is None for d in toolwire.default_registry())


def test_a_stream_under_an_unknown_word_does_not_run_its_last_call_s_missing_arguments() -> None:
    out = S.accumulate(_chunks(UNKNOWN), "openai.chat")
    assert out[0] == ToolCall(name="delete_file", args={"path": "/tmp/a"}, id="toolu_01AAA")
    assert isinstance(out[1], InvalidToolCall) and out[1].truncated and UNKNOWN in out[1].error
    kept = S.accumulate(_chunks(UNKNOWN), "openai.chat", allow_truncated=True)
    assert isinstance(kept[1], ToolCall) and kept[1].repairs == ("empty-arguments", "truncated")


def test_a_whole_reply_under_an_unknown_word_does_not_run_its_last_call_s_empty_arguments() -> None:
    out = toolwire.decode_all(_reply(UNKNOWN, "", '{"path": "/tmp/a"}', ""), invalid="keep")
    assert isinstance(out[0], ToolCall) and out[0].args == {}  # another call follows: whole
    assert out[1] == ToolCall(name="delete_file", args={"path": "/tmp/a"}, id="toolu_01", raw='{"path": "/tmp/a"}')
    assert isinstance(out[2], InvalidToolCall) and out[2].truncated and UNKNOWN in out[2].error
    with pytest.raises(toolwire.ArgumentsError):
        toolwire.decode_all(_reply(UNKNOWN, ""))
    # arguments that are there are judged as under a normal finish
    assert toolwire.decode_all(_reply(UNKNOWN, '{"path": "/tmp/a"}'))[0].args == {"path": "/tmp/a"}
    # and under a word the table knows, empty arguments still run with ``{}`` (a tool without parameters)
    assert toolwire.decode_all(_reply("tool_calls", ""))[0].args == {}


def test_another_dialect_s_word_is_no_unknown_word() -> None:
    # Portkey's gateway, non-strict, relaying an Anthropic stream of a tool without
    # parameters (``partial_json: ""``): Chat's table lacks ``tool_use``, Anthropic's has it
    chunks = [_ch({"content": "", "role": "assistant"}),
              _ch({"tool_calls": [{"index": 0, "id": "toolu_0131c0f2ea10baebdce130", "type": "function",
                                   "function": {"name": "lookup", "arguments": ""}}]}),
              _ch({"tool_calls": [{"index": 0, "function": {"arguments": ""}}]}),
              _ch({}, "tool_use")]
    out = S.accumulate(chunks, "openai.chat")
    assert out == [ToolCall(name="lookup", args={}, id="toolu_0131c0f2ea10baebdce130", repairs=("empty-arguments",))]


def test_a_call_whose_own_end_came_is_whole_under_an_unknown_word() -> None:
    # an Anthropic stream's tool without parameters (``content_block_stop`` ends it), as in
    # https://docs.anthropic.com/en/docs/build-with-claude/streaming, its stop reason unknown
    events = [
        {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant", "model": "m",
                                              "content": [], "stop_reason": None, "usage": {"input_tokens": 1,
                                                                                            "output_tokens": 1}}},
        {"type": "content_block_start", "index": 0,
         "content_block": {"type": "tool_use", "id": "toolu_01", "name": "get_time", "input": {}}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": ""}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": UNKNOWN, "stop_sequence": None},
         "usage": {"output_tokens": 5}},
        {"type": "message_stop"}]
    out = S.accumulate(events, "anthropic.messages")
    assert len(out) == 1 and isinstance(out[0], ToolCall) and out[0].args == {}


@pytest.mark.parametrize("earlier", [UNKNOWN, "normal", "null"])
@pytest.mark.parametrize("last", ["tool_calls", "stop"])
def test_an_unknown_word_on_an_earlier_chunk_gives_way_to_the_last_word(earlier: str, last: str) -> None:
    # a finish on every chunk, an unknown word before the known last one: the call is judged
    # under the reply's last word, which the stream's finish_reason says (review revFinish8 R2)
    acc = S.Accumulator("openai.chat")
    acc.feed(_ch({"tool_calls": [{"index": 0, "id": "c1", "type": "function",
                                  "function": {"name": "now", "arguments": ""}}]}, earlier))
    acc.feed(_ch({}, last))
    assert acc.finish_reason == last
    assert acc.close() == [ToolCall(name="now", args={}, id="c1", repairs=("empty-arguments",))]
