"""toolwire inside google-genai client code: Gemini function calls and responses.

Gemini calls carry no ids; toolwire pairs each ``functionResponse`` with its call by
name and order, and ``convert`` gives the same turn to a provider that needs ids.

    python examples/google_genai.py          # offline, from examples/payloads/gemini_response.json
    python examples/google_genai.py --live   # calls the API (needs GEMINI_API_KEY)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Dict

import toolwire

PAYLOAD = Path(__file__).resolve().parent / "payloads" / "gemini_response.json"

WEATHER = toolwire.Tool(
    name="get_weather", description="Current weather for a city",
    parameters={"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
)


def get_weather(city: str) -> Dict[str, Any]:
    return {"city": city, "temp": 21}


def main() -> int:
    try:
        from google.genai import types
    except ImportError:
        print("this example needs google-genai (pip install google-genai)")
        return 0
    if "--live" in sys.argv:
        from google import genai

        decl = toolwire.encode_tool(WEATHER, "gemini")
        response = genai.Client().models.generate_content(
            model="gemini-2.5-flash", contents="Weather in Lisbon?",
            config=types.GenerateContentConfig(tools=[types.Tool(function_declarations=[decl])]),
        )
    else:
        response = types.GenerateContentResponse.model_validate(json.loads(PAYLOAD.read_text(encoding="utf-8")))

    calls = toolwire.decode_all(response)  # FunctionCall objects; thought signatures kept for re-encoding
    results = [toolwire.ToolResult(id=c.id, name=c.name, content=json.dumps(get_weather(**c.args))) for c in calls]
    parts = [toolwire.encode_result(r, "gemini") for r in results]
    print(json.dumps({"role": "user", "parts": parts}))

    # the same turn for OpenAI Chat, ids synthesized and the results paired with them
    ids = toolwire.IdMap(toolwire.get_dialect("openai.chat").ids, dialect="openai.chat")
    turn = [*response.candidates[0].content.parts, *parts] if response.candidates else parts
    print(json.dumps(toolwire.convert(turn, "openai.chat", ids=ids)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
