"""A Gemini stream chunk whose container is in the wrong shape (``candidates`` an
object, a candidate or its ``content`` a list, ``parts`` an object) may hold a call: it
is refused, as ``decode_all`` refuses the same reply, never passed over so that the
calls of the other chunks come back as the whole answer (docs/streaming.md). Chunk
shape: ``GenerateContentResponse`` (https://ai.google.dev/api/generate-content)."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import DecodeError, stream


def _call(name: str) -> Dict[str, Any]:
    return {"functionCall": {"name": name, "args": {"q": name}}}


FIRST = {"candidates": [{"content": {"role": "model", "parts": [_call("a")]}, "index": 0}]}
LAST = {"candidates": [{"content": {"role": "model", "parts": [{"text": ""}]}, "finishReason": "STOP", "index": 0}]}
PARTS = {"role": "model", "parts": [_call("b")]}


@pytest.mark.parametrize(("chunk", "said"), [
    ({"candidates": [{"content": {"role": "model", "parts": _call("b")}}]}, "$[1].candidates[0].content.parts"),
    ({"candidates": [{"content": [PARTS]}]}, "$[1].candidates[0].content"),
    ({"candidates": {"content": PARTS}}, "$[1].candidates"),
    ({"candidates": [[{"content": PARTS}]]}, "$[1].candidates[0]"),
])
def test_a_container_in_the_wrong_shape_is_refused(chunk: Dict[str, Any], said: str) -> None:
    with pytest.raises(DecodeError) as info:
        stream.accumulate([FIRST, chunk, LAST], "gemini")
    assert f"at {said}," in info.value.message and info.value.loc == said


def test_a_scalar_in_place_of_a_candidate_holds_no_call() -> None:
    """(as the Chat stream passes over a scalar choice)"""
    calls = stream.accumulate([FIRST, {"candidates": [None]}, LAST], "gemini")
    assert [c.name for c in calls] == ["a"]
