"""OpenAI Batch API output lines (https://platform.openai.com/docs/api-reference/batch/
request-output: ``{"id", "custom_id", "response": {"status_code", "request_id", "body"},
"error"}``): an empty ``error`` object beside a 200 response is no error, and a
``custom_id`` that is not a string is an error, never made text."""

from __future__ import annotations

from typing import Any

import pytest

import toolwire
from toolwire.dialects.batch_files import open_envelope

BODY = {"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4o", "choices": [
    {"index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}}]}


def _line(custom_id: Any = "req-1", error: Any = None) -> dict:
    return {"id": "batch_req_1", "custom_id": custom_id,
            "response": {"status_code": 200, "request_id": "r", "body": BODY}, "error": error}


def test_an_empty_error_beside_a_200_response_is_no_error() -> None:
    env = open_envelope(_line(error={}))
    assert env is not None and (env.custom_id, env.body, env.error) == ("req-1", BODY, None)
    failed = open_envelope({"id": "b", "custom_id": "req-2", "response": None, "error": {}})
    assert failed is not None and failed.body is None  # no response: still not read as one


@pytest.mark.parametrize("custom_id", [7, 1.5, True, ["a"], {"a": 1}])
def test_a_custom_id_that_is_not_a_string_is_an_error(custom_id: Any) -> None:
    with pytest.raises(toolwire.DecodeError) as info:
        open_envelope(_line(custom_id))
    assert info.value.loc == "$.custom_id"
    assert str(info.value).startswith("Batch line custom_id at $.custom_id must be a string, got")
