"""A Gemini Interactions API interaction is not a Responses payload: refused, never ``[]``.

google-genai 3.6 ``google.genai.interactions.Interaction`` (``client.interactions.create``
/ ``.get``): ``status`` (``requires_action``, ``requires_continuation``,
``budget_exceeded``, ``idle`` beside the ones Responses has), ``input`` (a string, a
``Content``, a list of them or of steps), ``steps`` (``model_output``, ``function_call``
...), ``previous_interaction_id``; no ``object``. A ``FunctionCallStep`` is
``{"type": "function_call", "id", "name", "arguments": {...}}``: its ``id`` is what the
``FunctionResultStep``'s ``call_id`` answers. toolwire does not read that API; read as a
Responses request its ``input`` list gave ``[]`` (the call in ``steps`` lost) and a step
alone a call with ``id=None``. openai-python's ``ResponseFunctionToolCall`` requires
``call_id`` and has ``arguments: str``."""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire

CALL_STEP = {"type": "function_call", "id": "fc_abc", "name": "get_weather", "arguments": {"city": "Paris"}}
INTERACTION = {"id": "int_1", "status": "requires_action", "model": "gemini-3-pro-preview",
               "input": [{"type": "text", "text": "weather in Paris?"}],
               "steps": [{"type": "model_output", "content": [{"type": "text", "text": "Let me check."}]}, CALL_STEP]}
REFUSED = "is a Gemini Interactions API interaction"


def _without(d: Dict[str, Any], *keys: str) -> Dict[str, Any]:
    return {k: v for k, v in d.items() if k not in keys}


FORMS = {
    "whole": INTERACTION,
    "input text": {**INTERACTION, "input": "weather in Paris?"},
    "no input": _without(INTERACTION, "input"),
    "no steps": _without(INTERACTION, "steps"),  # the status says it waits on the client
    "continued": {"id": "int_2", "status": "completed", "previous_interaction_id": "int_1",
                  "input": [{"type": "function_result", "call_id": "fc_abc", "result": "sunny"}]},
}


@pytest.mark.parametrize("data", FORMS.values(), ids=FORMS.keys())
def test_an_interaction_is_refused_naming_the_interactions_api(data: Dict[str, Any]) -> None:
    with pytest.raises(toolwire.DecodeError) as err:
        toolwire.decode_all(data)
    assert REFUSED in str(err.value) and "toolwire does not read" in str(err.value)
    with pytest.raises(toolwire.DecodeError, match=REFUSED):
        toolwire.decode_all(data, "openai.responses")


def test_an_interaction_sdk_object_is_refused() -> None:
    gi = pytest.importorskip("google.genai.interactions")
    try:
        obj = gi.Interaction.model_validate(INTERACTION)
    except ValueError:  # google-genai 2.x (the one pydantic 2.10 resolves to) has an older Interaction
        pytest.skip("this google-genai's Interaction predates the steps shape (google-genai 3.x)")
    with pytest.raises(toolwire.DecodeError, match=REFUSED):
        toolwire.decode_all(obj)
    with pytest.raises(toolwire.DecodeError, match=REFUSED):
        toolwire.decode_all(obj.model_dump(mode="json", exclude_none=True))
    with pytest.raises(toolwire.DecodeError, match="Interactions API function_call step"):
        toolwire.decode(obj.steps[-1])


def test_a_function_call_step_alone_never_loses_its_id() -> None:
    with pytest.raises(toolwire.DecodeError) as err:
        toolwire.decode(CALL_STEP)
    assert str(err.value) == (
        "Item at $ is a Gemini Interactions API function_call step (an 'id', object 'arguments', no 'call_id'), "
        "not a Responses function_call: toolwire does not read the Interactions API")
    assert err.value.loc == "$"
    with pytest.raises(toolwire.DecodeError, match="Interactions API function_call step"):
        toolwire.decode_all({"model": "gpt-5", "input": [CALL_STEP]})


def test_an_assistants_run_waiting_on_the_client_is_not_named_an_interaction() -> None:
    """openai-python ``Run`` (``object`` ``thread.run``) has ``status`` ``requires_action`` too."""
    run = {"id": "run_1", "object": "thread.run", "status": "requires_action",
           "required_action": {"type": "submit_tool_outputs", "submit_tool_outputs": {"tool_calls": []}}}
    with pytest.raises(toolwire.DecodeError) as err:
        toolwire.decode_all(run)
    assert REFUSED not in str(err.value)


def test_responses_payloads_are_still_read() -> None:
    fc = {"type": "function_call", "call_id": "call_1", "name": "f", "arguments": "{}"}
    assert toolwire.decode_all({"model": "gpt-5", "input": [fc]}) == [toolwire.decode(fc)]
    assert toolwire.decode_all({"object": "response", "status": "completed", "output": [fc]}) == [toolwire.decode(fc)]
    # a function_call with an item id and no call_id, its arguments text: a Responses item as before
    lax = {"type": "function_call", "id": "fc_1", "name": "f", "arguments": "{}"}
    assert toolwire.decode(lax).name == "f"


def test_an_interaction_is_no_responses_history() -> None:
    from toolwire import conversation

    for data in FORMS.values():  # (one without ``input`` is no Responses history: another error)
        if "input" in data:
            with pytest.raises(toolwire.DecodeError, match=REFUSED):
                conversation.decode_conversation(data)
    # a Responses request is still one
    req = {"model": "gpt-5", "input": [{"role": "user", "content": "hi"}]}
    assert [m.role for m in conversation.decode_conversation(req).messages] == ["user"]
