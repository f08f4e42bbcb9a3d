"""#15 class 9: empty-equivalent arguments re-encoded to a dialect with argument text
are ``"{}"``, never ``" "``, ``"null"``, ``""`` or a missing key: servers that parse
the history (vLLM and other OpenAI-compatible servers) refuse those. The decoded
call records ``empty-arguments``; everything else on the item re-encodes as received.
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire

EMPTY = ["", " ", "\n", "null", None, "missing"]


def _chat(arguments: Any, **extra: Any) -> Dict[str, Any]:
    fn: Dict[str, Any] = {"name": "get_time"}
    if arguments != "missing":
        fn["arguments"] = arguments
    return {"id": "call_1", "type": "function", "function": fn, **extra}


@pytest.mark.parametrize("arguments", EMPTY)
@pytest.mark.parametrize("dialect", ["openai.chat", "mistral", "cohere.v2"])
def test_empty_arguments_reencoded_chat_like(arguments: Any, dialect: str) -> None:
    item = _chat(arguments)
    if dialect == "mistral":
        item["id"] = "D681PevKs"
    if dialect == "cohere.v2":
        item["id"] = "get_time_1byjy32y4hvq"
    call = toolwire.decode(item, dialect)
    assert call.args == {} and "empty-arguments" in call.repairs
    out = toolwire.encode(call, dialect)
    assert out == dict(item, function={"name": "get_time", "arguments": "{}"})


@pytest.mark.parametrize("arguments", EMPTY)
def test_empty_arguments_reencoded_responses(arguments: Any) -> None:
    item: Dict[str, Any] = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_time",
                            "status": "completed"}
    if arguments != "missing":
        item["arguments"] = arguments
    call = toolwire.decode(item, "openai.responses")
    assert "empty-arguments" in call.repairs
    assert toolwire.encode(call, "openai.responses") == dict(item, arguments="{}")


@pytest.mark.parametrize("arguments", ["", "null", " "])
@pytest.mark.parametrize("target", ["openai.chat", "openai.responses", "mistral"])
def test_empty_arguments_reencoded_across_dialects(arguments: str, target: str) -> None:
    call = toolwire.decode(_chat(arguments))
    out = toolwire.encode(call, target)
    text = out["arguments"] if target == "openai.responses" else out["function"]["arguments"]
    assert text == "{}"


def test_empty_arguments_reencoded_other_fields_kept() -> None:
    item = _chat("", index=0)  # an extra field from a gateway rides along
    assert toolwire.encode(toolwire.decode(item), "openai.chat") == dict(item, function={"name": "get_time",
                                                                                          "arguments": "{}"})
