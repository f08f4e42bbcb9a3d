"""Gemini stream signatures (issue #15, item 8): a streamed ``functionCall`` part with a
``thoughtSignature`` keeps it, and ``encode(call, "gemini")`` writes it back on that
part, as the non-streaming decoder does (Gemini rejects a replayed call without it:
https://ai.google.dev/gemini-api/docs/thought-signatures). Signatures and shapes
below are written by hand from that page and the Vertex streamed-arguments docs."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import InvalidToolCall
from toolwire.stream import accumulate

SIG = "EpwICpkIAXLI2nxlU6gs"


def chunk(*parts: Dict[str, Any], finish: Any = None) -> Dict[str, Any]:
    cand: Dict[str, Any] = {"content": {"role": "model", "parts": list(parts)}, "index": 0}
    if finish is not None:
        cand["finishReason"] = finish
    return {"candidates": [cand]}


END = chunk({"text": ""}, finish="STOP")


def vertex(**fc: Any) -> Dict[str, Any]:
    return {"functionCall": fc}


WHOLE_CASES = [
    (  # the Gemini API (pydantic-ai's recorded Gemini 3 stream has this part)
        [chunk({"functionCall": {"name": "get_country", "args": {}}, "thoughtSignature": SIG}), END],
        {"functionCall": {"name": "get_country", "args": {}}, "thoughtSignature": SIG},
    ),
    (  # snake_case: what the SDK's ``model_dump()`` gives
        [chunk({"function_call": {"name": "get_country", "args": {"a": 1}}, "thought_signature": SIG}), END],
        {"function_call": {"name": "get_country", "args": {"a": 1}}, "thought_signature": SIG},
    ),
    (  # with an id (Vertex, Gemini 3)
        [chunk({"functionCall": {"id": "fc_1", "name": "f", "args": {"x": "y"}}, "thoughtSignature": SIG}), END],
        {"functionCall": {"id": "fc_1", "name": "f", "args": {"x": "y"}}, "thoughtSignature": SIG},
    ),
]


@pytest.mark.parametrize("chunks, part", WHOLE_CASES, ids=["camelCase", "snake_case", "with-id"])
def test_gemini_stream_signatures_whole_calls(chunks: List[Dict[str, Any]], part: Dict[str, Any]) -> None:
    (call,) = accumulate(chunks)
    assert toolwire.encode(call, "gemini") == part
    assert toolwire.encode(toolwire.decode(part), "gemini") == part  # the non-streaming path agrees


PARTIAL = [
    vertex(partialArgs=[{"jsonPath": "$.city", "stringValue": "Par", "willContinue": True}], willContinue=True),
    vertex(partialArgs=[{"jsonPath": "$.city", "stringValue": "is", "willContinue": True}], willContinue=True),
    vertex(partialArgs=[{"jsonPath": "$.city", "stringValue": ""}], willContinue=True),
    vertex(),
]


@pytest.mark.parametrize("at", [0, 1, 4], ids=["on-the-opening-part", "on-a-partial-part", "on-the-end-part"])
def test_gemini_stream_signatures_partial_args(at: int) -> None:
    parts = [vertex(name="get_weather", willContinue=True), *PARTIAL]
    parts[at] = {**parts[at], "thoughtSignature": SIG}
    (call,) = accumulate([chunk(p) for p in parts] + [END])
    assert call.args == {"city": "Paris"}
    assert toolwire.encode(call, "gemini") == {"functionCall": {"name": "get_weather", "args": {"city": "Paris"}},
                                               "thoughtSignature": SIG}


def test_gemini_stream_signatures_parallel_calls_keep_their_own() -> None:
    chunks = [chunk({"functionCall": {"name": "a", "args": {}}, "thoughtSignature": SIG},
                    {"functionCall": {"name": "b", "args": {}}}), END]
    first, second = accumulate(chunks)
    assert toolwire.encode(first, "gemini") == {"functionCall": {"name": "a", "args": {}}, "thoughtSignature": SIG}
    assert toolwire.encode(second, "gemini") == {"functionCall": {"name": "b", "args": {}}}


def test_gemini_stream_signatures_cut_off_call_keeps_it() -> None:
    (call,) = accumulate([chunk({**vertex(name="f", willContinue=True), "thoughtSignature": SIG}), PARTIAL[0]])
    assert type(call) is InvalidToolCall and call.truncated
    assert call.provider_data == {"gemini": {"part": {"thoughtSignature": SIG}}}


def test_gemini_stream_signatures_google_genai_chunks() -> None:
    types = pytest.importorskip("google.genai.types")
    sig = b"\x12\x9c\x08sig"  # the SDK holds signatures as bytes; the wire carries base64
    resp = types.GenerateContentResponse(candidates=[types.Candidate(
        index=0, content=types.Content(role="model", parts=[
            types.Part(function_call=types.FunctionCall(name="f", args={"a": 1}), thought_signature=sig)]))])
    (call,) = accumulate([resp])
    assert toolwire.encode(call, "gemini") == {"functionCall": {"name": "f", "args": {"a": 1}},
                                               "thoughtSignature": "EpwIc2ln"}
    dumped = resp.model_dump(exclude_none=True)  # snake_case dicts, bytes kept
    (call,) = accumulate([dumped])
    assert toolwire.encode(call, "gemini") == {"function_call": {"name": "f", "args": {"a": 1}},
                                               "thought_signature": "EpwIc2ln"}
