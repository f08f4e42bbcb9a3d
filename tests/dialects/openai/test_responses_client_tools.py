"""Built-in tools the client runs (computer, shell, apply_patch, local shell) and the
items that carry no call (their outputs, programs, MCP approvals), in a whole response
and in a stream. Shapes from openai-python ``ResponseComputerToolCall``,
``ResponseFunctionShellToolCall``, ``ResponseApplyPatchToolCall``,
``response_output_item.LocalShellCall`` and ``response_input_item_param``."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import stream

D = "openai.responses"

SHELL = {"type": "shell_call", "id": "sh_1", "call_id": "call_s1", "action": {"commands": ["ls"]},
         "status": "completed"}
COMPUTER = {"type": "computer_call", "id": "cu_1", "call_id": "call_c1", "action": {"type": "screenshot"},
            "pending_safety_checks": [], "status": "completed"}
PATCH = {"type": "apply_patch_call", "id": "apc_1", "call_id": "call_a1",
         "operation": {"type": "update_file", "path": "a.py", "diff": "@@\n-a\n+b\n"}, "status": "completed"}
LOCAL = {"type": "local_shell_call", "id": "lsh_1", "call_id": "call_l1",
         "action": {"type": "exec", "command": ["ls"], "env": {}}, "status": "completed"}
CASES = [(SHELL, "shell", "action"), (COMPUTER, "computer", "action"), (PATCH, "apply_patch", "operation"),
         (LOCAL, "local_shell", "action")]


def _events(item: Dict[str, Any]) -> List[Dict[str, Any]]:
    return [
        {"type": "response.created", "response": {"id": "r", "object": "response", "status": "in_progress", "output": []}},
        {"type": "response.output_item.added", "output_index": 0, "item": {**item, "status": "in_progress"}},
        {"type": "response.output_item.done", "output_index": 0, "item": item},
        {"type": "response.completed", "response": {"id": "r", "object": "response", "status": "completed",
                                                     "output": [item]}},
    ]


@pytest.mark.parametrize(("item", "name", "field"), CASES)
def test_a_built_in_tool_the_client_runs_is_a_call_in_decode_all_and_in_a_stream(
    item: Dict[str, Any], name: str, field: str
) -> None:
    whole = toolwire.decode_all({"object": "response", "status": "completed", "output": [item]})
    streamed = stream.accumulate(_events(item))
    for calls in (whole, streamed):
        assert len(calls) == 1
        call = calls[0]
        assert isinstance(call, toolwire.ToolCall) and not call.server
        assert (call.name, call.args, call.id) == (name, {field: item[field]}, item["call_id"])
        assert toolwire.encode(call, D) == item  # the item back, byte for byte


def test_a_built_in_call_cut_off_is_not_handed_over() -> None:
    cut = {**SHELL, "status": "incomplete"}
    resp = {"object": "response", "status": "incomplete", "incomplete_details": {"reason": "max_output_tokens"},
            "output": [cut]}
    [bad] = toolwire.decode_all(resp, invalid="keep")
    assert isinstance(bad, toolwire.InvalidToolCall) and bad.truncated
    [bad] = stream.accumulate(_events(cut)[:3])
    assert isinstance(bad, toolwire.InvalidToolCall) and bad.truncated


NO_CALLS = [
    {"type": "program", "id": "prg_1", "call_id": "call_p", "code": "x()", "fingerprint": "abc"},
    {"type": "program_output", "id": "prgo_1", "call_id": "call_p", "result": "1", "status": "completed"},
    {"type": "computer_call_output", "call_id": "call_c",
     "output": {"type": "computer_screenshot", "image_url": "data:image/png;base64,AA"}},
    {"type": "local_shell_call_output", "id": "lsho_1", "output": "{}", "status": "completed"},
    {"type": "shell_call_output", "call_id": "call_s",
     "output": [{"outcome": {"type": "exit", "exit_code": 0}, "stdout": "x", "stderr": ""}]},
    {"type": "apply_patch_call_output", "call_id": "call_a", "status": "completed", "output": "done"},
    {"type": "mcp_approval_response", "approval_request_id": "mcpr_1", "approve": True},
]


@pytest.mark.parametrize("item", NO_CALLS, ids=[i["type"] for i in NO_CALLS])
def test_items_without_calls_are_read_past(item: Dict[str, Any]) -> None:
    fc = {"type": "function_call", "call_id": "call_1", "name": "f", "arguments": "{}"}
    assert toolwire.decode_all({"model": "gpt-5", "input": [item, fc]}) == [toolwire.decode(fc)]
    assert toolwire.decode_all([item], D) == []  # (a shell output's list is not a response's 'output')
