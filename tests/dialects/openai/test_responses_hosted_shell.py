"""A ``shell_call`` the provider runs in its own container is a server call, never a
call the client runs (OpenAI's shell tool guide,
https://developers.openai.com/api/docs/guides/tools-shell: hosted shell runs the commands
in OpenAI's container and its ``shell_call_output`` comes in the same ``output``).

openai-python 3.60 ``ResponseFunctionShellToolCall.environment``:
``Optional[ResponseLocalEnvironment | ResponseContainerReference]`` (``{"type": "local"}``,
``{"type": "container_reference", "container_id"}``); ``FunctionShellToolParam.environment``
adds ``container_auto``. Only ``environment`` absent, ``null`` or ``{"type": "local"}`` is
the client's. ``local_shell_call`` and ``apply_patch_call`` have no ``environment``
(``LocalShellCall``, ``ResponseApplyPatchToolCall``): always the client's."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import response, stream

D = "openai.responses"
ACTION = {"commands": ["rm -rf /mnt/data/*"], "timeout_ms": None, "max_output_length": None}
HOSTED = {"type": "shell_call", "id": "sh_1", "call_id": "call_sh", "status": "completed",
          "environment": {"type": "container_reference", "container_id": "cntr_abc"}, "action": ACTION}
AUTO = {**HOSTED, "environment": {"type": "container_auto"}}
OUTPUT = {"type": "shell_call_output", "id": "sho_1", "call_id": "call_sh", "status": "completed",
          "output": [{"stdout": "", "stderr": "", "outcome": {"type": "exit", "exit_code": 0}}]}
MESSAGE = {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
           "content": [{"type": "output_text", "text": "Done: the directory is cleared.", "annotations": []}]}


def _reply(*items: Dict[str, Any]) -> Dict[str, Any]:
    return {"id": "resp_1", "object": "response", "created_at": 1, "model": "gpt-5.5", "status": "completed",
            "parallel_tool_calls": True, "tool_choice": "auto", "tools": [], "output": list(items)}


def _events(*items: Dict[str, Any]) -> List[Dict[str, Any]]:
    out: List[Dict[str, Any]] = [{"type": "response.created", "response": {**_reply(), "status": "in_progress"}}]
    for i, item in enumerate(items):
        out.append({"type": "response.output_item.added", "output_index": i, "item": {**item, "status": "in_progress"}})
        out.append({"type": "response.output_item.done", "output_index": i, "item": item})
    out.append({"type": "response.completed", "response": _reply(*items)})
    return out


@pytest.mark.parametrize("item", [HOSTED, AUTO], ids=["container_reference", "container_auto"])
def test_a_hosted_shell_call_is_a_server_call(item: Dict[str, Any]) -> None:
    reply = _reply(item, OUTPUT, MESSAGE)
    assert toolwire.decode_all(reply) == []
    [server] = toolwire.decode_all(reply, include_server=True)
    assert server.server and server.name == "shell" and server.id == "sh_1"
    assert toolwire.encode(server, D) == item  # its item back, as a server call's is
    assert toolwire.decode(item).server
    assert toolwire.explain(item)[1] == "server"
    got = response.normalize(reply)
    assert (got.finish_reason, got.tool_calls, got.text) == ("stop", (), "Done: the directory is cleared.")


def test_a_hosted_shell_call_in_a_stream_is_a_server_call() -> None:
    acc = stream.Accumulator()
    for e in _events(HOSTED, OUTPUT, MESSAGE):
        acc.feed(e)
    assert acc.close() == []
    assert [c.name for c in acc.server_calls] == ["shell"]
    assert acc.server_calls[0].server
    # the calls only in the final response: the same
    assert stream.accumulate([_events(HOSTED)[0], _events(HOSTED)[-1]]) == []


def test_a_hosted_shell_sdk_response_is_a_server_call() -> None:
    from openai.types.responses import Response

    sdk = Response.model_validate(_reply(HOSTED, OUTPUT, MESSAGE))
    assert toolwire.decode_all(sdk) == []
    assert response.normalize(sdk).finish_reason == "stop"
    [server] = toolwire.decode_all(sdk, include_server=True)
    assert server.server and server.name == "shell"


@pytest.mark.parametrize("env", [None, {"type": "local"}, {"type": "local", "skills": []}],
                         ids=["null", "local", "local with skills"])
def test_a_local_shell_environment_is_the_clients(env: Any) -> None:
    item = {**HOSTED, "environment": env}
    for calls in (toolwire.decode_all(_reply(item)), stream.accumulate(_events(item))):
        [call] = calls
        # (the action's ``null`` members, optional fields left unset, are absent: ``responses_tools.present``)
        given = {k: v for k, v in ACTION.items() if v is not None}
        assert not call.server and (call.name, call.id, call.args) == ("shell", "call_sh", {"action": given})
        assert toolwire.encode(call, D) == item
    assert response.normalize(_reply(item)).finish_reason == "tool_calls"


@pytest.mark.parametrize("env", ["local", {"container_id": "cntr_abc"}, {"type": 1}, [], {"type": "sandbox"},
                                 {"type": "container"}],
                         ids=["text", "no type", "type not text", "list", "unknown type", "near a container type"])
def test_an_environment_of_no_known_shape_is_refused(env: Any) -> None:
    """Neither the client's nor the provider's for sure: never run on the client's machine,
    never left out as the provider's (``decode_all`` would give ``[]``: the agent ends its turn)."""
    item = {**HOSTED, "environment": env}
    with pytest.raises(toolwire.DecodeError) as err:
        toolwire.decode(item)
    with pytest.raises(toolwire.DecodeError):
        toolwire.decode_all(_reply(item))
    assert err.value.loc == "$.environment"
    assert str(err.value).startswith("Shell call environment at $.environment must be null or an object "
                                     "with a 'type'")
    [bad] = stream.accumulate(_events(item))
    assert isinstance(bad, toolwire.InvalidToolCall) and bad.name == "shell"


def test_local_shell_and_apply_patch_calls_stay_the_clients() -> None:
    local = {"type": "local_shell_call", "id": "lsh_1", "call_id": "call_l1", "status": "completed",
             "action": {"type": "exec", "command": ["ls"], "env": {}}}
    patch = {"type": "apply_patch_call", "id": "apc_1", "call_id": "call_a1", "status": "completed",
             "operation": {"type": "delete_file", "path": "a.py"}}
    calls = toolwire.decode_all(_reply(local, patch))
    assert [(c.name, c.server) for c in calls] == [("local_shell", False), ("apply_patch", False)]
