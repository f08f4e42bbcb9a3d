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
