"""toolwire inside OpenAI Responses API client code: one agent turn.

``decode_all`` reads the ``function_call`` items of the SDK's ``Response`` (and skips
reasoning items); each canonical id is the item's ``call_id``, so the outputs pair up.

    python examples/openai_responses.py          # offline, from examples/payloads/
    python examples/openai_responses.py --live   # calls the API (needs OPENAI_API_KEY)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Dict, List

import toolwire

PAYLOAD = Path(__file__).resolve().parent / "payloads" / "openai_responses_response.json"

WEATHER = toolwire.Tool(
    name="get_weather", description="Current weather for a city", strict=True,
    parameters={"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"],
                "additionalProperties": False},
)


def get_weather(city: str) -> Dict[str, Any]:
    return {"city": city, "temp": 21}


def outputs(response: Any) -> List[Dict[str, Any]]:
    """``function_call_output`` items for every call the client must run."""
    return [
        toolwire.encode_result(
            toolwire.ToolResult(id=call.id, name=call.name, content=json.dumps(get_weather(**call.args))),
            "openai.responses",
        )
        for call in toolwire.decode_all(response)
    ]


def main() -> int:
    try:
        from openai.types.responses import Response
    except ImportError:
        print("this example needs the openai SDK (pip install openai)")
        return 0
    if "--live" in sys.argv:
        from openai import OpenAI

        response = OpenAI().responses.create(
            model="gpt-5-mini", input="Weather in Lisbon?", tools=[toolwire.encode_tool(WEATHER, "openai.responses")]
        )
    else:
        response = Response.model_validate(json.loads(PAYLOAD.read_text(encoding="utf-8")))
    # the next request: previous_response_id=response.id, input=outputs(response)
    for item in outputs(response):
        print(json.dumps(item))
    return 0


if __name__ == "__main__":
    sys.exit(main())
