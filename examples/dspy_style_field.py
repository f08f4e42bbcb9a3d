"""A DSPy-style ``tool_calls`` output field: ``toolwire.ToolCalls`` as a pydantic field type.

A ReAct-style program asks the model for JSON with a ``tool_calls`` field. Models answer
it in many shapes; ``ToolCalls`` takes them all (``null``, ``"[]"``, one call, a list, a
``{"tool_calls": [...]}`` wrapper, Chat-shaped items, arguments as JSON text) and gives
the same canonical list, plus a JSON schema to put in the prompt. DSPy itself is not
needed; with it installed the calls also become ``dspy.ToolCalls``.

    python examples/dspy_style_field.py
"""

from __future__ import annotations

import json
import sys
from typing import List

from pydantic import BaseModel

import toolwire


class Step(BaseModel):
    """One step of a ReAct-style loop, as the model must answer it."""

    next_thought: str
    tool_calls: toolwire.ToolCalls


# what models actually write into the field
REPLIES: List[str] = [
    '{"next_thought": "done", "tool_calls": null}',
    '{"next_thought": "done", "tool_calls": "[]"}',
    '{"next_thought": "search", "tool_calls": {"name": "search", "args": {"q": "toolwire"}}}',
    '{"next_thought": "search", "tool_calls": [{"name": "search", "args": "{\\"q\\": \\"toolwire\\"}"}]}',
    '{"next_thought": "search", "tool_calls": {"tool_calls": [{"name": "search", "args": {"q": "toolwire"}}]}}',
    '{"next_thought": "search", "tool_calls": [{"id": "call_1", "type": "function",'
    ' "function": {"name": "search", "arguments": "{\\"q\\": \\"toolwire\\"}"}}]}',
]


def main() -> int:
    print("schema for the prompt:", json.dumps(Step.model_json_schema()["properties"]["tool_calls"]))
    for reply in REPLIES:
        step = Step.model_validate_json(reply)
        print(f"{len(step.tool_calls)} call(s):", step.model_dump_json())
    try:
        import dspy
    except ImportError:
        return 0
    last = Step.model_validate_json(REPLIES[-1])
    calls = dspy.ToolCalls.from_dict_list([{"name": c.name, "args": c.args} for c in last.tool_calls])
    print("as dspy.ToolCalls:", calls)
    return 0


if __name__ == "__main__":
    sys.exit(main())
