"""#15 class 12 (typing) and class 5 (the agent loop for every dialect).

``examples/readme_typed.py`` holds the README's examples as typed code; the project's
``mypy --strict`` checks it (pyproject ``[tool.mypy] files``), which needs precise
overloads of ``decode_all`` (``List[ToolCall]``, or with ``invalid="keep"`` a union)
and ``retry.generate`` (sync: ``Result``; async: a coroutine of it). Here: the README's
agent loop is that file's, line for line, and it runs unchanged on replies of every
dialect, id-less ones included.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import re
import sys
from pathlib import Path
from typing import Any, Dict, List

import anthropic
import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "readme_typed.py"


def _example() -> Any:
    spec = importlib.util.spec_from_file_location("readme_typed", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["readme_typed"] = module
    spec.loader.exec_module(module)
    return module


def test_readme_examples_are_checked_by_mypy() -> None:
    text = (ROOT / "pyproject.toml").read_text()
    files = re.search(r'^files = (\[.*\])$', text, re.M)
    assert files is not None and "examples/readme_typed.py" in json.loads(files.group(1))


def test_readme_examples_agent_loop_is_the_readme_one() -> None:
    readme = (ROOT / "README.md").read_text()
    block = readme.split("## Use", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    loop = block.split("resp = ", 1)[1].split("\n\n", 1)[0].splitlines()[1:]  # from "calls = ..." on
    example = EXAMPLE.read_text()
    assert len(loop) == 6
    for line in loop:
        assert line.strip() in example, line


CHAT = {"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4o", "choices": [
    {"index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "add", "arguments": '{"a": 1, "b": 2}'}}]}}]}
GEMINI = {"candidates": [{"content": {"role": "model", "parts": [
    {"functionCall": {"name": "add", "args": {"a": 1, "b": 2}}},
    {"functionCall": {"name": "add", "args": {"a": 1, "b": 2}}}]}, "finishReason": "STOP"}]}
OLLAMA = {"model": "llama3.2", "created_at": "2026-01-01T00:00:00Z", "done": True, "done_reason": "stop",
          "message": {"role": "assistant", "content": "", "tool_calls": [
              {"function": {"name": "add", "arguments": {"a": 1, "b": 2}}},
              {"function": {"name": "add", "arguments": {"a": 3, "b": 4}}}]}}
ANTHROPIC = {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
             "stop_reason": "tool_use", "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1},
             "content": [{"type": "tool_use", "id": "toolu_01", "name": "add", "input": {"a": 1, "b": 2}}]}


def _add(name: str, **args: Any) -> str:
    assert name == "add"
    return str(args["a"] + args["b"])


@pytest.mark.parametrize("reply", ["chat", "gemini", "ollama", "anthropic-sdk"])
def test_readme_examples_agent_loop_runs_for_every_dialect(reply: str) -> None:
    example = _example()
    resp = {"chat": CHAT, "gemini": GEMINI, "ollama": OLLAMA,
            "anthropic-sdk": anthropic.types.Message.model_validate(ANTHROPIC)}[reply]
    history: List[Dict[str, Any]] = []
    calls = example.agent_turn(resp, history, _add, example.new_conversation())
    message, *results = history
    asked = [c["id"] for c in message["tool_calls"]]
    assert len(set(asked)) == len(calls) == len(results)
    assert [r["tool_call_id"] for r in results] == asked  # every call answered, by its own id
    assert all(r["role"] == "tool" for r in results)


def test_readme_examples_keep_invalid_and_text() -> None:
    example = _example()
    bad = {"role": "assistant", "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "add", "arguments": "[1]"}}]}
    assert example.keep_invalid(bad)[0].startswith("invalid add:")
    assert [c.name for c in example.text_turn('<tool_call>{"name": "add", "arguments": {}}</tool_call>')] == ["add"]


def test_readme_examples_retry_generate_sync_and_async() -> None:
    example = _example()
    schema = {"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"],
              "additionalProperties": False}

    def send(req: Dict[str, Any]) -> Dict[str, Any]:
        return {"id": "c", "object": "chat.completion", "created": 1, "model": "gpt-4o", "choices": [
            {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": '{"x": 1}'}}]}

    request = {"model": "gpt-4o", "messages": [{"role": "user", "content": "x?"}]}
    assert example.structured(send, request, schema, CHAT) is True
    assert asyncio.run(example.structured_async(send, request, schema)) == {"x": 1}
