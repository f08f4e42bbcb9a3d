"""``validate_call`` on calls to the built-in tools of OpenAI Responses that the client
runs (``shell``, ``apply_patch``, ``computer`` / ``computer_use_preview``,
``local_shell``, ``tool_search`` with ``"execution": "client"``): the tools list that
offers one offers a tool of the name ``decode`` gives its call, its arguments the
provider's (unchecked, as for Anthropic's ``bash_20250124``). The variants the provider
runs (a ``shell`` in its container, a ``tool_search`` run by the server) stay hosted.
Shapes: openai-python ``types/responses`` (``function_shell_tool_param``,
``apply_patch_tool_param``, ``computer_tool_param``, ``computer_use_preview_tool_param``,
``tool_param.LocalShell``, ``tool_search_tool_param``) and the call items
(``response_function_shell_tool_call``, ``response_apply_patch_tool_call``,
``response_computer_tool_call``, ``response_output_item.LocalShellCall``,
``response_tool_search_call``)."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from toolwire import InvalidToolCall, ToolCall, decode, validate_call

SHELL_CALL: Dict[str, Any] = {"type": "shell_call", "id": "sh_1", "call_id": "call_sh1",
                              "action": {"commands": ["ls"], "timeout_ms": 1000}, "status": "completed"}
PATCH_CALL: Dict[str, Any] = {"type": "apply_patch_call", "id": "ap_1", "call_id": "call_ap1",
                              "operation": {"type": "create_file", "path": "a.txt", "diff": "+x"},
                              "status": "completed"}
COMPUTER_CALL: Dict[str, Any] = {"type": "computer_call", "id": "cu_1", "call_id": "call_cu1",
                                 "action": {"type": "click", "x": 1, "y": 2, "button": "left"},
                                 "pending_safety_checks": [], "status": "completed"}
LOCAL_SHELL_CALL: Dict[str, Any] = {"type": "local_shell_call", "id": "ls_1", "call_id": "call_ls1",
                                    "action": {"type": "exec", "command": ["ls"], "env": {}},
                                    "status": "completed"}
SEARCH_CALL: Dict[str, Any] = {"type": "tool_search_call", "id": "ts_1", "call_id": "call_ts1",
                               "execution": "client", "arguments": {"query": "crm"}, "status": "completed"}
FUNCTION: Dict[str, Any] = {"type": "function", "name": "f", "parameters": {"type": "object"}, "strict": False}
PREVIEW: Dict[str, Any] = {"type": "computer_use_preview", "display_width": 1024, "display_height": 768,
                           "environment": "linux"}

CASES = [
    (SHELL_CALL, {"type": "shell"}),
    (SHELL_CALL, {"type": "shell", "environment": {"type": "local"}}),
    (SHELL_CALL, {"type": "shell", "environment": None}),
    (PATCH_CALL, {"type": "apply_patch"}),
    (COMPUTER_CALL, {"type": "computer"}),
    (COMPUTER_CALL, PREVIEW),
    (LOCAL_SHELL_CALL, {"type": "local_shell"}),
    (SEARCH_CALL, {"type": "tool_search", "execution": "client"}),
]


@pytest.mark.parametrize(("item", "tool"), CASES)
def test_a_call_to_a_client_run_builtin_the_list_offers_is_valid(item: Dict[str, Any], tool: Dict[str, Any]) -> None:
    call = decode(item, "openai.responses")
    got = validate_call(call, [tool, FUNCTION])
    assert type(got) is ToolCall
    assert got is call


@pytest.mark.parametrize(("item", "tool"), CASES)
def test_one_not_offered_is_still_unknown(item: Dict[str, Any], tool: Dict[str, Any]) -> None:
    call = decode(item, "openai.responses")
    bad = validate_call(call, [FUNCTION])
    assert isinstance(bad, InvalidToolCall)
    assert bad.error == f"Unknown tool {call.name!r}; the tools offered are: f."


@pytest.mark.parametrize("hosted", [
    {"type": "shell", "environment": {"type": "container_auto"}},
    {"type": "shell", "environment": {"type": "container_reference", "container_id": "cntr_1"}},
    {"type": "tool_search"},
    {"type": "tool_search", "execution": "server"},
    {"type": "web_search"},
])
def test_the_variants_the_provider_runs_stay_hosted(hosted: Dict[str, Any]) -> None:
    name = "tool_search" if hosted["type"] == "tool_search" else "shell"
    bad = validate_call(ToolCall(name, {}, "call_1"), [hosted, FUNCTION])
    assert isinstance(bad, InvalidToolCall)
    assert bad.error == f"Unknown tool {name!r}; the tools offered are: f."


def test_the_tools_offered_name_them() -> None:
    bad = validate_call(ToolCall("g", {}, "call_1"), [{"type": "shell"}, {"type": "apply_patch"}, FUNCTION])
    assert isinstance(bad, InvalidToolCall)
    assert bad.error == "Unknown tool 'g'; the tools offered are: shell, apply_patch, f."


def test_a_client_tool_search_with_parameters_checks_them() -> None:
    # ToolSearchToolParam.parameters: "Parameter schema for a client-executed tool search tool"
    tool = {"type": "tool_search", "execution": "client", "description": "Find tools.",
            "parameters": {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}}
    call = decode(SEARCH_CALL, "openai.responses")
    assert type(validate_call(call, [tool])) is ToolCall
    bad = validate_call(decode({**SEARCH_CALL, "arguments": {"q": "crm"}}, "openai.responses"), [tool])
    assert isinstance(bad, InvalidToolCall)
    assert bad.error is not None and bad.error.startswith("Arguments of 'tool_search' do not match its schema")


def test_computer_and_its_preview_both_offered_are_two_of_one_name() -> None:
    tools: List[Any] = [{"type": "computer"}, PREVIEW]
    with pytest.raises(ValueError, match="both named 'computer'"):
        validate_call(decode(COMPUTER_CALL, "openai.responses"), tools)


def test_a_client_tool_search_whose_parameters_are_no_object_raises_at_its_place() -> None:
    tool = {"type": "tool_search", "execution": "client", "parameters": [1]}
    with pytest.raises(ValueError) as info:
        validate_call(decode(SEARCH_CALL, "openai.responses"), [FUNCTION, tool])
    assert getattr(info.value, "loc", None) == "$[1].parameters"
