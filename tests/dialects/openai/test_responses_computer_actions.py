"""A ``computer_call``'s batched ``actions`` are its arguments, never ``{}``.

openai-python 3.60 ``ResponseComputerToolCall``: ``action: Optional[Action] = None`` (one
action, as ``computer_use_preview`` sends it) and ``actions: Optional[ComputerActionList]``
("Flattened batched actions for computer_use", a list of ``ComputerAction``). Each
field is an argument under its own key: ``{"action": {...}}``, ``{"actions": [...]}``, both
when both are set; a field set to ``null`` is none. A call with neither would run
nothing: refused. The same for the fields the SDK requires of the other built-in tools
(``action`` of ``shell_call`` / ``local_shell_call``, ``operation`` of
``apply_patch_call``)."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import response, stream

D = "openai.responses"
ACTIONS = [{"type": "click", "button": "left", "x": 100, "y": 200}, {"type": "type", "text": "hello"},
           {"type": "keypress", "keys": ["ENTER"]}]
BATCHED = {"type": "computer_call", "id": "cu_1", "call_id": "call_c", "status": "completed",
           "pending_safety_checks": [], "actions": ACTIONS}


def _reply(*items: Dict[str, Any]) -> Dict[str, Any]:
    return {"id": "resp_1", "object": "response", "status": "completed", "output": list(items)}


def _events(item: Dict[str, Any]) -> List[Dict[str, Any]]:
    return [{"type": "response.output_item.added", "output_index": 0, "item": {**item, "status": "in_progress"}},
            {"type": "response.output_item.done", "output_index": 0, "item": item},
            {"type": "response.completed", "response": _reply(item)}]


def test_batched_actions_are_the_arguments() -> None:
    want = toolwire.ToolCall("computer", {"actions": ACTIONS}, "call_c")
    assert toolwire.decode(BATCHED) == want and not toolwire.decode(BATCHED).repairs
    assert toolwire.decode_all(_reply(BATCHED)) == [want]
    assert stream.accumulate(_events(BATCHED)) == [want]
    assert response.normalize(_reply(BATCHED)).tool_calls == (want,)
    assert toolwire.encode(toolwire.decode(BATCHED), D) == BATCHED  # written back the same way
    assert toolwire.convert(want, "anthropic.messages")["input"] == {"actions": ACTIONS}


def test_batched_actions_of_an_sdk_object() -> None:
    from openai.types.responses import ResponseComputerToolCall

    obj = ResponseComputerToolCall.model_validate(BATCHED)  # action None, three actions
    call = toolwire.decode(obj)
    assert (call.name, call.args, call.id) == ("computer", {"actions": ACTIONS}, "call_c")
    # the item written back is the SDK's own shape
    ResponseComputerToolCall.model_validate(toolwire.encode(call, D))


def test_a_null_action_beside_actions_is_none_and_written_back() -> None:
    item = {**BATCHED, "action": None}
    call = toolwire.decode(item)
    assert call.args == {"actions": ACTIONS}
    assert toolwire.encode(call, D) == item


def test_action_and_actions_both_set_are_both_kept() -> None:
    one = {"type": "screenshot"}
    item = {**BATCHED, "action": one}
    call = toolwire.decode(item)
    assert call.args == {"action": one, "actions": ACTIONS}
    assert toolwire.encode(call, D) == item


def test_new_arguments_replace_the_items_own() -> None:
    """An ``action`` call given batched ``actions`` is written with them alone (an SDK item)."""
    from openai.types.responses import ResponseComputerToolCall

    single = {**BATCHED, "action": {"type": "screenshot"}}
    del single["actions"]
    call = toolwire.decode(single)
    out = toolwire.encode(toolwire.ToolCall(call.name, {"actions": ACTIONS}, call.id,
                                            provider_data=call.provider_data), D)
    assert "action" not in out and out["actions"] == ACTIONS
    ResponseComputerToolCall.model_validate(out)


MISSING = [
    ({"type": "computer_call", "id": "cu_2", "call_id": "call_c2", "status": "completed",
      "pending_safety_checks": []}, "Computer call at $ has neither 'action' nor 'actions'"),
    ({"type": "computer_call", "id": "cu_2", "call_id": "call_c2", "status": "completed",
      "pending_safety_checks": [], "action": None, "actions": None},
     "Computer call at $ has neither 'action' nor 'actions'"),
    ({"type": "shell_call", "id": "sh_2", "call_id": "call_s2", "status": "completed"}, "Shell call at $ has no 'action'"),
    ({"type": "local_shell_call", "id": "ls_2", "call_id": "call_l2", "status": "completed"},
     "Local shell call at $ has no 'action'"),
    ({"type": "apply_patch_call", "id": "ap_2", "call_id": "call_a2", "status": "completed"},
     "Apply patch call at $ has no 'operation'"),
]


@pytest.mark.parametrize(("item", "message"), MISSING, ids=["computer", "computer nulls", "shell", "local_shell",
                                                             "apply_patch"])
def test_a_built_in_call_without_its_arguments_is_refused(item: Dict[str, Any], message: str) -> None:
    with pytest.raises(toolwire.ArgumentsError) as err:
        toolwire.decode(item)
    assert str(err.value) == message
    [bad] = toolwire.decode_all(_reply(item), invalid="keep")
    assert isinstance(bad, toolwire.InvalidToolCall) and bad.id == item["call_id"]
    [bad] = stream.accumulate(_events(item))
    assert isinstance(bad, toolwire.InvalidToolCall) and bad.error == message.replace(" at $", "")


def test_actions_not_a_list_are_refused() -> None:
    item = {**BATCHED, "actions": {"type": "click", "x": 1, "y": 2}}
    with pytest.raises(toolwire.ArgumentsError) as err:
        toolwire.decode(item)
    assert err.value.loc == "$.actions"
    assert str(err.value).startswith("Computer call actions at $.actions must be a list, got ")
    [bad] = stream.accumulate(_events(item))
    assert isinstance(bad, toolwire.InvalidToolCall)


# -- an SDK object and its ``model_dump()``: the same arguments -----------------------------
# openai-python's action models hold optional fields (``ActionClick.keys``,
# ``LocalShellCallAction.timeout_ms`` / ``user`` / ``working_directory``,
# ``ResponseFunctionShellToolCall.Action.max_output_length`` / ``timeout_ms``,
# ``ActionSearch.queries`` / ``sources``: each "Optional ..."); ``model_dump()`` writes them
# as ``None``. A ``null`` there says what their absence says: dropped, as a ``null``
# argument field of the item is.

SDK_ITEMS = [
    {"type": "computer_call", "id": "cu_1", "call_id": "call_1", "action": {"type": "click", "button": "left",
                                                                           "x": 1, "y": 2},
     "pending_safety_checks": [], "status": "completed"},
    {"type": "computer_call", "id": "cu_2", "call_id": "call_2", "actions": ACTIONS[:1], "pending_safety_checks": [],
     "status": "completed"},
    {"type": "local_shell_call", "id": "ls_1", "call_id": "call_3", "action": {"type": "exec", "command": ["ls"],
                                                                              "env": {}},
     "status": "completed"},
    {"type": "shell_call", "id": "sh_1", "call_id": "call_4", "action": {"commands": ["ls -la"]},
     "status": "completed"},
]
SERVER_ITEMS = [{"type": "web_search_call", "id": "ws_1", "status": "completed",
                 "action": {"type": "search", "query": "weather in Paris"}}]


def _sdk(items: List[Dict[str, Any]]) -> Any:
    from openai._models import construct_type  # how openai-python builds a reply
    from openai.types.responses import Response

    return construct_type(type_=Response, value={
        "id": "resp_1", "object": "response", "created_at": 1, "model": "gpt-5", "status": "completed",
        "parallel_tool_calls": True, "tool_choice": "auto", "tools": [], "output": items})


@pytest.mark.parametrize("include_server", [False, True])
def test_an_sdk_reply_and_its_dump_give_the_same_arguments(include_server: bool) -> None:
    o = _sdk(SDK_ITEMS + SERVER_ITEMS)
    dumped = o.model_dump()
    assert dumped["output"][0]["action"]["keys"] is None  # (the SDK's unset optional field)
    got = toolwire.decode_all(o, include_server=include_server)
    assert toolwire.decode_all(dumped, include_server=include_server) == got
    assert toolwire.decode_all(o.model_dump_json(), include_server=include_server) == got
    want = [it.get("action") or {"actions": it["actions"]} for it in SDK_ITEMS]
    assert [c.args.get("action") or c.args for c in got[:4]] == want


def test_an_sdk_stream_and_its_dump_give_the_same_arguments() -> None:
    o = _sdk(SDK_ITEMS + SERVER_ITEMS)
    from openai.types.responses import ResponseCompletedEvent, ResponseOutputItemDoneEvent

    events = [ResponseOutputItemDoneEvent(type="response.output_item.done", output_index=i, item=item,
                                          sequence_number=i) for i, item in enumerate(o.output)]
    events.append(ResponseCompletedEvent(type="response.completed", response=o, sequence_number=len(events)))
    got = stream.accumulate(events, D, include_server=True)
    assert stream.accumulate([e.model_dump() for e in events], D, include_server=True) == got
    assert len(got) == 5
