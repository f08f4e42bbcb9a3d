"""The pairing rule is one (``conversation/_pairing``): ``check_conversation`` and
``encode_conversation`` pair a result with its call alike, down to an Ollama tool
message with neither ``tool_name`` nor ``tool_call_id`` (both optional in Ollama's
``api/types.go`` ``Message``; reference/wire-formats.md 8d), which goes to Gemini, whose
``functionResponse`` needs its ``name`` (GENAI ``types.py``: ``name`` and ``response``
are required; reference/wire-formats.md 4d). A ``registry=`` that is not a
``Registry`` is named as the caller's mistake, not blamed on the input.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import Conversation, DecodeError, EncodeError, Message, ToolCall, ToolResult
from toolwire.conversation import Text

CALL_F = {"function": {"name": "get_weather", "arguments": {"city": "Tokyo"}}}
CALL_G = {"function": {"name": "get_time", "arguments": {"zone": "JST"}}}


def _ollama(calls: List[Dict[str, Any]], results: List[str]) -> Dict[str, Any]:
    return {"model": "qwen3", "messages": [
        {"role": "user", "content": "Weather and time in Tokyo?"},
        {"role": "assistant", "content": "", "tool_calls": calls},
        *({"role": "tool", "content": c} for c in results),
    ]}


def test_a_result_without_name_or_id_goes_to_gemini_with_the_name_of_the_call_it_answers() -> None:
    conv = toolwire.decode_conversation(_ollama([CALL_F, CALL_G], ["22°C", "noon"]), "ollama")
    assert toolwire.check_conversation(conv, "gemini") == []  # paired by position, as Gemini pairs
    out = toolwire.encode_conversation(conv, "gemini")
    assert out["contents"][1:] == [
        {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {"city": "Tokyo"}},
                                     "thoughtSignature": "skip_thought_signature_validator"},
                                    {"functionCall": {"name": "get_time", "args": {"zone": "JST"}}}]},
        {"role": "user", "parts": [{"functionResponse": {"name": "get_weather", "response": {"output": "22°C"}}},
                                   {"functionResponse": {"name": "get_time", "response": {"output": "noon"}}}]},
    ]


@pytest.mark.parametrize("source", ["mistral", "cohere.v2", None])
def test_a_result_without_name_or_id_that_answers_no_call_is_refused_at_its_place(source: Any) -> None:
    """The call has an id and the result neither an id nor a tool name, in a history of a
    dialect that pairs by id (Mistral, Cohere; ``None``: built by hand): nothing says
    which call it answers (``check_conversation``: ``orphan-result``); writing it names
    the message and part, not ``$``. (Read as Ollama's, whose server pairs by place, it
    answers the call before it: test_ollama_results_by_place.)"""
    history = _ollama([dict(CALL_F, id="call_k3x9a0ze")], ["22°C"])
    conv = toolwire.decode_conversation(history, source or "ollama")
    if source is None:
        conv = Conversation([Message(m.role, m.parts) for m in conv.messages])
    assert [p.kind for p in toolwire.check_conversation(conv, "gemini")] == ["missing-result", "orphan-result"]
    for target, need in [
        ("gemini", "A gemini function response needs the tool name"),
        ("openai.chat", "An openai.chat tool result needs the id of its call"),
    ]:
        with pytest.raises(EncodeError) as err:
            toolwire.encode_conversation(conv, target)
        assert err.value.loc == "$.messages[2].parts[0]"
        assert err.value.message.startswith(
            "Message 2: the result for an unnamed tool (no id) answers no call before it (check_conversation: "
            f"orphan-result), so it cannot be written: {need}")


def test_a_hand_built_turn_is_paired_alike_by_check_and_writer() -> None:
    """Check and writer read one rule: an id-less, nameless result answers the first
    id-less call waiting, after a named one took the call of its tool with an id."""
    conv = Conversation([
        Message("user", [Text("Tokyo?")]),
        Message("assistant", [ToolCall("get_time", {"zone": "JST"}), ToolCall("get_weather", {"city": "Tokyo"}, "c1")]),
        Message("tool", [ToolResult(name="get_weather", content="22°C"), ToolResult(content="noon")]),
    ])
    assert toolwire.check_conversation(conv, "gemini") == []
    parts = toolwire.encode_conversation(conv, "gemini")["contents"][2]["parts"]
    # (written in the order of the calls they answer: test_results_in_call_order)
    assert [(p["functionResponse"]["name"], p["functionResponse"]["response"]) for p in parts] == [
        ("get_time", {"output": "noon"}), ("get_weather", {"output": "22°C"})]


def test_the_rule_is_written_once() -> None:
    """``_check`` and ``_writer`` pair through ``_pairing`` and define no pairing of their own."""
    src = Path(toolwire.__file__).resolve().parent / "conversation"
    for module in ("_check.py", "_writer.py"):
        tree = ast.parse((src / module).read_text(encoding="utf-8"))
        imported = {(n.module, a.name) for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
        assert ("_pairing", "Pairer") in imported or ("_pairing", "answers") in imported, module
        defined = {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
        assert not defined & {"_by_name", "_named_answers"}, module


class _NotARegistry(dict):  # type: ignore[type-arg]
    pass


@pytest.mark.parametrize("call", [
    lambda reg: toolwire.decode_conversation(_ollama([CALL_F], ["22°C"]), "ollama", registry=reg),
    lambda reg: toolwire.decode_conversation([{"role": "user", "content": "hi"}], registry=reg),
    lambda reg: toolwire.check_conversation(_ollama([CALL_F], ["22°C"]), "ollama", registry=reg),
    lambda reg: toolwire.check_conversation(Conversation([Message("user", [Text("hi")])]), "ollama", registry=reg),
    lambda reg: toolwire.fix_conversation(_ollama([CALL_F], []), "ollama", registry=reg),
])
def test_a_registry_that_is_not_one_is_named_not_the_input(call: Any) -> None:
    with pytest.raises(DecodeError) as err:
        call({})
    assert err.value.message == "registry= must be a Registry or None, got a dict {}"
    with pytest.raises(DecodeError, match=r"^registry= must be a Registry or None, got a _NotARegistry \{\}$"):
        call(_NotARegistry())


def test_encode_conversation_names_it_alike() -> None:
    with pytest.raises(EncodeError) as err:
        toolwire.encode_conversation(_ollama([CALL_F], ["22°C"]), "gemini", source="ollama", registry={})  # type: ignore[arg-type]
    assert err.value.message == "registry= must be a Registry or None, got a dict {}"
