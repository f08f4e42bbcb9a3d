"""A drawn Responses ``response`` declares the function tools its output calls
(fuzzkit FK-5): a ``Response`` echoes the request's ``tools`` (openai-python
``Response.tools: List[Tool]``, ``FunctionTool``: ``type: "function"``, ``name``,
``parameters``, ``strict``), and a model calls only declared functions; every drawn
reply had ``"tools": []`` beside its ``function_call`` items, so an adapter that checks
``output[].name`` against ``tools`` failed on all of them.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import find, given, settings

import toolwire
from toolwire import strategies as tws


@settings(max_examples=40)
@given(p=tws.payloads("openai.responses", kind="response", min_calls=0, expected=True))
def test_output_calls_are_declared_tools(p: Any) -> None:
    called = [o["name"] for o in p.value["output"] if o["type"] == "function_call"]
    tools = p.value["tools"]
    assert [t["name"] for t in tools] == list(dict.fromkeys(called))
    for t in tools:
        assert t["type"] == "function" and t["parameters"]["type"] == "object" and type(t["strict"]) is bool
    assert toolwire.decode_all(p.value, "openai.responses") == p.expected


def test_the_response_validates_against_the_sdk_type() -> None:
    pytest.importorskip("openai")
    from openai.types.responses import Response

    p = find(tws.payloads("openai.responses", kind="response", min_calls=2), lambda v: len(v["tools"]) >= 1)
    Response.model_validate(p)
