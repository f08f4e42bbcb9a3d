"""Integers of more than 4300 digits in arguments given as data, in a result's parts, in
provider data, in a tool's schema. JSON sets no digit limit (RFC 8259 §6), but
pydantic-core's parser reads no more than 4300 digits, and CPython's ``int`` -> ``str``
(so ``json.dumps``, with which SDKs and HTTP clients write request bodies) refuses more
by default (``sys.get_int_max_str_digits``). In argument text toolwire refuses them
(README, arguments policy); given as data they were accepted, then written into payloads
``json.dumps`` cannot write (Anthropic, Gemini, Bedrock, Ollama, MCP) or into argument
text toolwire's own decoder refuses (OpenAI Chat). One rule at both ends now: refused
where a value is built (``DecodeError`` / ``ArgumentsError`` at the path) and where
one is written (``EncodeError``: ``args`` are held as given, so they can change after).
"""

from __future__ import annotations

import json
from typing import Any, Dict

import pytest

import toolwire
from toolwire import ArgumentsError, DecodeError, EncodeError, Tool, ToolCall, ToolResult

BIG = 10**4300  # 4301 digits
MAX = 10**4300 - 1  # 4300 digits: the longest the parsers read
WORDS = "holds an integer of more than 4300 digits, longer than JSON parsers read"
OBJECT_TARGETS = ["anthropic.messages", "gemini", "bedrock.converse", "ollama", "mcp"]


def test_the_limit_is_the_parsers() -> None:
    json.dumps(MAX)
    with pytest.raises(ValueError):
        json.dumps(BIG)
    with pytest.raises(ArgumentsError):  # the text side's own refusal
        toolwire.decode({"id": "c", "type": "function", "function": {"name": "f", "arguments": '{"a": 1' + "0" * 4300 + "}"}})


@pytest.mark.parametrize("n", [BIG, -BIG], ids=["positive", "negative"])
def test_constructors_refuse_one(n: int) -> None:
    with pytest.raises(DecodeError) as info:
        ToolCall("f", {"a": [1, {"b": n}]}, "c")
    assert info.value.loc == "$.args.a[1].b"
    assert info.value.message == f"ToolCall args at $.args.a[1].b {WORDS}"
    with pytest.raises(DecodeError, match=r"\$\.content\[0\]\.json\.x"):
        ToolResult("c", content=[{"type": "json", "json": {"x": n}}])
    with pytest.raises(DecodeError, match=r"\$\.provider_data\.gemini\.x"):
        ToolCall("f", {}, provider_data={"gemini": {"x": n}})
    with pytest.raises(DecodeError, match=r"\$\.parameters\.maximum"):
        Tool("f", parameters={"type": "integer", "maximum": n})


def test_constructors_take_the_longest_the_parsers_read() -> None:
    call = ToolCall("f", {"a": MAX, "b": -MAX}, "call_1")
    assert toolwire.decode(toolwire.encode(call, "openai.chat")) == call
    assert json.loads(json.dumps(toolwire.encode(call, "anthropic.messages")))["input"] == {"a": MAX, "b": -MAX}


# each dialect's call with arguments as data, the integer inside them
DATA_CALLS: Dict[str, Any] = {
    "anthropic.messages": ({"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": BIG}}, "$.input"),
    "bedrock.converse": ({"toolUse": {"toolUseId": "t1", "name": "f", "input": {"a": BIG}}}, "$.toolUse.input"),
    "gemini": ({"functionCall": {"name": "f", "args": {"a": BIG}}}, "$.functionCall.args"),
    "ollama": ({"function": {"name": "f", "arguments": {"a": BIG}}}, "$.function.arguments"),
    "openai.chat": ({"id": "c", "type": "function", "function": {"name": "f", "arguments": {"a": BIG}}},
                    "$.function.arguments"),
}


@pytest.mark.parametrize("dialect", sorted(DATA_CALLS))
def test_decoders_refuse_one_in_arguments_given_as_data(dialect: str) -> None:
    item, loc = DATA_CALLS[dialect]
    with pytest.raises(ArgumentsError) as info:
        toolwire.decode(item, dialect)
    assert (info.value.loc, info.value.dialect) == (loc, dialect)
    assert info.value.message == f"Arguments at {loc} hold an integer of more than 4300 digits, longer than " \
        "JSON parsers read"


def test_decoders_refuse_one_deep_in_arguments() -> None:
    item = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": [{"b": -BIG}]}}
    with pytest.raises(ArgumentsError, match="more than 4300 digits"):
        toolwire.decode(item, "anthropic.messages")


@pytest.mark.parametrize("target", [*OBJECT_TARGETS, "openai.chat", "openai.responses", "mistral", "cohere.v2"])
def test_encoders_refuse_one_put_in_after(target: str) -> None:
    for nested in (False, True):
        call = ToolCall("f", {"x": {}} if nested else {}, "call_1")
        (call.args["x"] if nested else call.args)["a"] = BIG  # held as given: changed after it was built
        with pytest.raises(EncodeError) as info:
            toolwire.encode(call, target)
        assert info.value.dialect == target
        assert info.value.loc == ("$.args.x.a" if nested else "$.args.a")
        assert WORDS in info.value.message
