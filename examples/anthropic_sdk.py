"""toolwire inside Anthropic Messages client code: one agent turn, and the same calls
handed to an OpenAI-shaped history (cross-provider fallback).

    python examples/anthropic_sdk.py          # offline, from examples/payloads/anthropic_message.json
    python examples/anthropic_sdk.py --live   # calls the API (needs ANTHROPIC_API_KEY)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Dict

import toolwire

PAYLOAD = Path(__file__).resolve().parent / "payloads" / "anthropic_message.json"

WEATHER = toolwire.Tool(
    name="get_weather", description="Current weather for a city",
    parameters={"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
)


def get_weather(city: str) -> Dict[str, Any]:
    return {"city": city, "temp": 21}


def main() -> int:
    try:
        from anthropic.types import Message
    except ImportError:
        print("this example needs the anthropic SDK (pip install anthropic)")
        return 0
    if "--live" in sys.argv:
        from anthropic import Anthropic

        message = Anthropic().messages.create(
            model="claude-haiku-4-5", max_tokens=512, messages=[{"role": "user", "content": "Weather in Lisbon?"}],
            tools=[toolwire.encode_tool(WEATHER, "anthropic.messages")],
        )
    else:
        message = Message.model_validate(json.loads(PAYLOAD.read_text(encoding="utf-8")))

    calls = toolwire.decode_all(message)  # ToolUseBlock objects, read without model_dump
    results = [
        toolwire.encode_result(
            toolwire.ToolResult(id=c.id, name=c.name, content=json.dumps(get_weather(**c.args))), "anthropic.messages"
        )
        for c in calls
    ]
    print(json.dumps({"role": "user", "content": results}))  # the next user turn

    # the same turn for an OpenAI-compatible fallback model: ids kept when valid, mapped when not
    ids = toolwire.IdMap(toolwire.get_dialect("openai.chat").ids, dialect="openai.chat")
    print(json.dumps([toolwire.encode(c, "openai.chat", ids=ids) for c in calls]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
