"""toolwire inside OpenAI Chat Completions client code: one agent turn.

The model's tool calls are decoded straight from the SDK's ``ChatCompletion``, the
tools run, and their results go back as ``role: tool`` messages.

    python examples/openai_chat.py           # offline: the completion is built from
                                             # examples/payloads/openai_chat_response.json
    python examples/openai_chat.py --live    # calls the API (needs OPENAI_API_KEY)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Callable, Dict, List

import toolwire

PAYLOAD = Path(__file__).resolve().parent / "payloads" / "openai_chat_response.json"

TOOLS = [
    toolwire.Tool(name="get_weather", description="Current weather for a city",
                  parameters={"type": "object", "properties": {"city": {"type": "string"}, "unit": {"type": "string"}},
                              "required": ["city"]}),
    toolwire.Tool(name="get_time", description="The current time", parameters={"type": "object", "properties": {}}),
]
RUN: Dict[str, Callable[..., Any]] = {
    "get_weather": lambda city, unit="celsius": {"city": city, "temp": 21, "unit": unit},
    "get_time": lambda: "09:30",
}


def tool_messages(completion: Any) -> List[Dict[str, Any]]:
    """The ``role: tool`` messages answering every call in *completion*."""
    out = []
    for call in toolwire.decode_all(completion, invalid="keep"):
        if isinstance(call, toolwire.InvalidToolCall):  # bad arguments: tell the model, never guess
            result = toolwire.ToolResult(id=call.id, name=call.name, content=call.error, is_error=True)
        else:
            result = toolwire.ToolResult(id=call.id, name=call.name, content=json.dumps(RUN[call.name](**call.args)))
        out.append(toolwire.encode_result(result, "openai.chat"))
    return out


def main() -> int:
    try:
        from openai.types.chat import ChatCompletion
    except ImportError:
        print("this example needs the openai SDK (pip install openai)")
        return 0
    messages: List[Any] = [{"role": "user", "content": "Weather and time in Lisbon?"}]
    if "--live" in sys.argv:
        from openai import OpenAI

        completion = OpenAI().chat.completions.create(
            model="gpt-4o-mini", messages=messages, tools=[toolwire.encode_tool(t, "openai.chat") for t in TOOLS]
        )
    else:  # what the SDK builds from the HTTP body
        completion = ChatCompletion.model_validate(json.loads(PAYLOAD.read_text(encoding="utf-8")))
    messages.append(completion.choices[0].message)
    messages.extend(tool_messages(completion))
    for m in messages[2:]:
        print(json.dumps(m))
    return 0


if __name__ == "__main__":
    sys.exit(main())
