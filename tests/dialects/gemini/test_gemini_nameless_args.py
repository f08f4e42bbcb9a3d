"""A ``functionCall`` part with ``args`` and no ``name`` in a whole Gemini reply is read as
a stream reads it: the arguments of the name-only call before it (wire-formats §4g).

The shapes are the ones reported in smallmain/vscode-unify-chat-provider#48 (Gemini
streaming parallel calls: a part with the name and ``"args": {}``, then a part with the
arguments and no name; the parts kept as they came gave "function_call.name: Name cannot
be empty" on replay), written here by hand; ``FunctionCall`` fields are all optional
(https://ai.google.dev/api/caching#FunctionCall)."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import DecodeError, InvalidToolCall, ToolCall
from toolwire.stream import accumulate

D = "gemini"
SIG = "EpwICpkIAXLI2nxlU6gs"

# the two parts of smallmain/vscode-unify-chat-provider#48, each the content of one chunk
NAMED = {"functionCall": {"name": "mcp_list_dir", "args": {}}}
ARGS = {"functionCall": {"args": {"path": "/some/path"}}}
CALL = ToolCall("mcp_list_dir", {"path": "/some/path"})


def response(*parts: Dict[str, Any]) -> Dict[str, Any]:
    return {"candidates": [{"content": {"role": "model", "parts": list(parts)}, "finishReason": "STOP",
                            "index": 0}]}


def chunks(*parts: Dict[str, Any]) -> List[Dict[str, Any]]:
    return [*({"candidates": [{"content": {"role": "model", "parts": [p]}, "index": 0}]} for p in parts),
            {"candidates": [{"content": {"role": "model", "parts": [{"text": ""}]}, "finishReason": "STOP",
                             "index": 0}]}]


@pytest.mark.parametrize("whole", [
    response(NAMED, ARGS),
    {"role": "model", "parts": [NAMED, ARGS]},
    {"contents": [{"role": "user", "parts": [{"text": "list /some/path"}]}, {"role": "model", "parts": [NAMED, ARGS]}]},
], ids=["response", "content", "request"])
def test_the_reported_parts_are_one_call(whole: Dict[str, Any]) -> None:
    assert toolwire.decode_all(whole) == [CALL]
    assert toolwire.decode_all(whole, D) == [CALL]
    assert accumulate(chunks(NAMED, ARGS), D) == [CALL]


def test_the_merged_call_is_written_as_one_plain_part() -> None:
    (call,) = toolwire.decode_all(response(NAMED, ARGS))
    assert toolwire.encode(call, D) == {"functionCall": {"name": "mcp_list_dir", "args": {"path": "/some/path"}}}
    (call,) = toolwire.decode_all(response({"functionCall": {"name": "mcp_list_dir"}, "thoughtSignature": SIG}, ARGS))
    assert toolwire.encode(call, D) == {"functionCall": {"name": "mcp_list_dir", "args": {"path": "/some/path"}},
                                        "thoughtSignature": SIG}


def test_parallel_calls_each_take_the_part_after_them() -> None:
    parts = [{"functionCall": {"name": "read", "args": {}}, "thoughtSignature": SIG},
             {"functionCall": {"args": {"path": "/a"}}},
             {"text": "and"},
             {"functionCall": {"name": "read", "args": {}}},
             {"functionCall": {"args": {"path": "/b"}}}]
    calls = toolwire.decode_all(response(*parts))
    assert calls == [ToolCall("read", {"path": "/a"}), ToolCall("read", {"path": "/b"})]
    assert [dict(c.provider_data) for c in calls] == [{D: {"part": {"thoughtSignature": SIG}}}, {}]
    assert accumulate(chunks(*parts), D) == calls


def test_the_signature_on_the_arguments_part_is_kept() -> None:
    (call,) = toolwire.decode_all(response({"functionCall": {"name": "f"}}, {**ARGS, "thoughtSignature": SIG}))
    assert dict(call.provider_data) == {D: {"part": {"thoughtSignature": SIG}}}
    assert toolwire.encode(call, D) == {"functionCall": {"name": "f", "args": {"path": "/some/path"}},
                                        "thoughtSignature": SIG}


def test_arguments_no_call_waits_for_are_an_invalid_call_at_their_own_path() -> None:
    whole = response({"functionCall": {"name": "f", "args": {"a": 1}}}, ARGS)
    loc = "$.candidates[0].content.parts[1]"
    error = ("The tool call at {} is a functionCall part without a name, with arguments no call waits for: "
             "{{'path': '/some/path'}}")
    with pytest.raises(DecodeError) as info:
        toolwire.decode_all(whole)
    assert (str(info.value), info.value.loc) == (error.format(loc), loc)
    calls = toolwire.decode_all(whole, invalid="keep")
    assert calls[0] == ToolCall("f", {"a": 1})
    assert (type(calls[1]), calls[1].name, calls[1].error, calls[1].loc) == (InvalidToolCall, None, error.format(loc), loc)
    streamed = accumulate(chunks(*response({"functionCall": {"name": "f", "args": {"a": 1}}}, ARGS)["candidates"][0]
                                 ["content"]["parts"]), D)
    assert streamed[1].error == error.format("$.calls[1]")


def test_a_second_arguments_part_is_invalid_and_a_stray_terminator_is_nothing() -> None:
    calls = toolwire.decode_all(response(NAMED, ARGS, ARGS), invalid="keep")
    assert calls[0] == CALL and isinstance(calls[1], InvalidToolCall)
    assert toolwire.decode_all(response({"functionCall": {"name": "f", "args": {"a": 1}}}, {"functionCall": {}})) \
        == [ToolCall("f", {"a": 1})]


def test_parts_of_two_contents_are_not_merged() -> None:
    request = {"contents": [{"role": "model", "parts": [NAMED]}, {"role": "model", "parts": [ARGS]}]}
    with pytest.raises(DecodeError, match=r"at \$\.contents\[1\]\.parts\[0\] is a functionCall part without a name"):
        toolwire.decode_all(request)


def test_google_genai_objects_read_alike() -> None:
    types = pytest.importorskip("google.genai.types")
    parts = [types.Part(function_call=types.FunctionCall(name="mcp_list_dir", args={})),
             types.Part(function_call=types.FunctionCall(args={"path": "/some/path"}))]
    reply = types.GenerateContentResponse(candidates=[types.Candidate(
        content=types.Content(role="model", parts=parts), finish_reason=types.FinishReason.STOP)])
    assert toolwire.decode_all(reply) == [CALL]
    streamed = [types.GenerateContentResponse(candidates=[types.Candidate(
        content=types.Content(role="model", parts=[p]))]) for p in parts]
    assert accumulate(streamed, D) == [CALL]
