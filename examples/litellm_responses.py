"""toolwire inside LiteLLM client code: ``litellm.responses()`` and ``litellm.completion()``.

LiteLLM returns its own objects (``ResponsesAPIResponse`` holding the openai SDK's items,
``ModelResponse`` holding LiteLLM's ``ChatCompletionMessageToolCall``); ``decode_all``
reads both the same way, whichever provider LiteLLM routed to.

    python examples/litellm_responses.py          # offline, from examples/payloads/
    python examples/litellm_responses.py --live   # calls the API through LiteLLM
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, Callable, Dict

import toolwire

PAYLOADS = Path(__file__).resolve().parent / "payloads"

WEATHER = toolwire.Tool(
    name="get_weather", description="Current weather for a city",
    parameters={"type": "object", "properties": {"city": {"type": "string"}, "unit": {"type": "string"}},
                "required": ["city"]},
)


def get_weather(city: str, unit: str = "celsius") -> Dict[str, Any]:
    return {"city": city, "temp": 21, "unit": unit}


RUN: Dict[str, Callable[..., Any]] = {"get_weather": get_weather, "get_time": lambda: "09:30"}


def load(name: str) -> Any:
    return json.loads((PAYLOADS / name).read_text(encoding="utf-8"))


def run_calls(response: Any, dialect: str) -> None:
    for call in toolwire.decode_all(response):
        result = toolwire.ToolResult(id=call.id, name=call.name, content=json.dumps(RUN[call.name](**call.args)))
        print(json.dumps(toolwire.encode_result(result, dialect)))


def main() -> int:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no network at import
    try:
        import litellm
        from litellm.types.llms.openai import ResponsesAPIResponse
    except ImportError:
        print("this example needs litellm (pip install litellm); decoding the plain payloads instead")
        run_calls(load("openai_responses_response.json"), "openai.responses")
        run_calls(load("openai_chat_response.json"), "openai.chat")
        return 0
    if "--live" in sys.argv:
        responses = litellm.responses(
            model="openai/gpt-5-mini", input="Weather in Lisbon?",
            tools=[toolwire.encode_tool(WEATHER, "openai.responses")],
        )
        completion = litellm.completion(
            model="openai/gpt-4o-mini", messages=[{"role": "user", "content": "Weather in Lisbon?"}],
            tools=[toolwire.encode_tool(WEATHER, "openai.chat")],
        )
    else:  # what LiteLLM builds from the provider's body
        responses = ResponsesAPIResponse(**load("openai_responses_response.json"))
        completion = litellm.ModelResponse(**load("openai_chat_response.json"))
    run_calls(responses, "openai.responses")
    run_calls(completion, "openai.chat")
    return 0


if __name__ == "__main__":
    sys.exit(main())
