"""The payloads ``strategies.payloads`` generates are what each provider's SDK reads:
fuzz users parse them with the SDK types (``tests/sdk_types.py`` names them: the
response, message, call, tool and result types of openai, anthropic, google-genai,
mistralai, cohere and ollama; botocore's ``Converse`` shapes for Bedrock).

A Responses ``response`` carries ``parallel_tool_calls``, ``tool_choice`` and
``tools``: openai ``Response`` requires them (found missing in every example).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sdk_types import payload_checker
from toolwire import strategies as tws

_N = settings.default.max_examples
per_kind = settings(max_examples=_N if _N > 100 else 15)

CASES = [(d, k) for d in tws.WIRE_DIALECTS for k in tws.KINDS if payload_checker(d, k) is not None]


def test_every_dialect_with_an_sdk_is_checked() -> None:
    assert {d for d, _ in CASES} == set(tws.WIRE_DIALECTS) - {"mcp", "canonical"}


@pytest.mark.parametrize(("dialect", "kind"), CASES)
@per_kind
@given(data=st.data())
def test_payloads_are_what_the_sdk_reads(dialect: str, kind: str, data: Any) -> None:
    check = payload_checker(dialect, kind)
    assert check is not None
    payload = data.draw(tws.payloads(dialect, kind=kind, expected=True))
    if payload.kind != kind:  # a kind the dialect lacks gives items
        pytest.skip(f"{dialect} has no {kind} payloads")
    check(payload.value)


def test_a_responses_history_with_text_is_what_the_sdk_reads() -> None:
    from toolwire.dialects.openai.responses_response import responses_history

    check = payload_checker("openai.responses", "message")
    assert check is not None
    check(responses_history([], "It is sunny."))


def test_a_responses_reply_is_a_whole_response() -> None:
    from toolwire.dialects.openai.responses_response import responses_reply

    item = {"type": "function_call", "call_id": "call_1", "name": "f", "arguments": "{}"}
    # an output item carries its item id and status (the API reference's function_call
    # output item; recorded in corpus openai-responses/pai-gpt-4o-parallel-same-tool.json)
    assert responses_reply([item]) == {
        "id": "resp_0", "object": "response", "status": "completed", "created_at": 1764460800, "model": "gpt-5",
        "output": [{"type": "reasoning", "id": "rs_0", "summary": []}, {**item, "id": "fc_0", "status": "completed"}],
        "parallel_tool_calls": True, "tool_choice": "auto",
        # the function it calls, declared (openai-python ``FunctionTool``; fuzzkit FK-5)
        "tools": [{"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}, "strict": False}],
    }
