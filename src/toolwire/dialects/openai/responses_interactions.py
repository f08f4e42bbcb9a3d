"""What ``openai.responses`` refuses as the Gemini Interactions API's: an interaction
(``interaction``, ``refuse_interaction``) and a function call step (``refuse_step``).

toolwire does not read the Interactions API. Its payloads look like Responses ones
(an ``input`` list, ``function_call`` items): read so, an interaction's calls in
``steps`` were lost (``[]``) and a step's ``id`` dropped. Follows google-genai 3.6
``google.genai.interactions``: ``Interaction`` (``client.interactions.create`` /
``.get``) has ``status``, ``input``, ``steps``, ``previous_interaction_id`` and no
``object``; ``FunctionCallStep`` is ``{"type": "function_call", "id", "name",
"arguments": {...}}``, its ``id`` what a ``FunctionResultStep``'s ``call_id`` answers
(https://ai.google.dev/gemini-api/docs/interactions, checked 2026-12-04).
openai-python's ``ResponseFunctionToolCall`` requires ``call_id`` and has
``arguments: str``.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

from ..._errors import DecodeError
from .responses_tools import NAME

__all__ = ["interaction", "refuse_interaction", "refuse_step"]

# the statuses of an interaction that no Responses ``Response`` has
_STATUS = frozenset({"requires_action", "requires_continuation", "budget_exceeded", "idle"})


def interaction(data: Dict[str, Any]) -> Optional[str]:
    """What marks *data* as an interaction, or ``None``: ``steps`` (the model's output:
    ``model_output``, ``function_call`` steps...), ``previous_interaction_id``, or a
    status of its own (``requires_action``...), without ``object`` (an Assistants
    ``Run``, ``"object": "thread.run"``, has ``requires_action`` too)."""
    if "object" in data:
        return None
    if "steps" in data:
        return "'steps'"
    if "previous_interaction_id" in data:
        return "'previous_interaction_id'"
    status = data.get("status")
    if type(status) is str and status in _STATUS:
        return f"status {status!r}"
    return None


def refuse_interaction(data: Dict[str, Any], loc: str) -> None:
    """A ``DecodeError`` when *data* is an interaction (``interaction``)."""
    marker = interaction(data)
    if marker is not None:
        raise DecodeError(f"Input at {loc} is a Gemini Interactions API interaction ({marker}), not a Responses "
                          "payload: toolwire does not read the Interactions API", dialect=NAME, loc=loc)


def refuse_step(item: Dict[str, Any], loc: str) -> None:
    """A ``DecodeError`` when the ``function_call`` *item* without ``call_id`` is a
    function call step: an ``id`` and ``arguments`` an object."""
    if "id" in item and type(item.get("arguments")) is dict:
        raise DecodeError(f"Item at {loc} is a Gemini Interactions API function_call step (an 'id', object "
                          "'arguments', no 'call_id'), not a Responses function_call: toolwire does not read the "
                          "Interactions API", dialect=NAME, loc=loc)
