"""Whole request histories written by hand from each provider's documentation (test data).

Each entry: the dialect, the page followed, the request fragment and its summary in
the corpus README's notation (one entry per message / item / content).
"""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

History = Tuple[str, str, Dict[str, Any], List[Dict[str, Any]]]

HISTORIES: List[History] = [
    (
        "openai.chat",
        # https://platform.openai.com/docs/guides/function-calling (Chat Completions) and
        # https://platform.openai.com/docs/guides/images-vision (image_url parts)
        "https://platform.openai.com/docs/guides/function-calling",
        {
            "messages": [
                {"role": "developer", "content": "You are a weather bot."},
                {"role": "user", "content": "What's the weather like in Paris today?"},
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": "call_12345xyz",
                            "type": "function",
                            "function": {"name": "get_weather", "arguments": "{\"location\":\"Paris, France\"}"},
                        }
                    ],
                },
                {"role": "tool", "tool_call_id": "call_12345xyz", "content": "15 C, sunny"},
                {"role": "assistant", "content": "It is 15 C and sunny in Paris."},
                {
                    "role": "user",
                    "content": [
                        {"type": "text", "text": "What is in this image?"},
                        {"type": "image_url", "image_url": {"url": "https://upload.wikimedia.org/wikipedia/commons/a.jpg"}},
                    ],
                },
            ]
        },
        [
            {"role": "system", "parts": ["text"]},
            {"role": "user", "parts": ["text"]},
            {"role": "assistant", "parts": ["tool_call:call_12345xyz:get_weather"]},
            {"role": "tool", "parts": ["tool_result:call_12345xyz"]},
            {"role": "assistant", "parts": ["text"]},
            {"role": "user", "parts": ["text", "image"]},
        ],
    ),
    (
        "openai.responses",
        # https://platform.openai.com/docs/guides/function-calling?api-mode=responses and
        # https://platform.openai.com/docs/guides/reasoning#encrypted-reasoning-items
        "https://platform.openai.com/docs/guides/function-calling?api-mode=responses",
        {
            "instructions": "You are a weather bot.",
            "input": [
                {"role": "user", "content": "What's the weather like in Paris today?"},
                {"type": "reasoning", "id": "rs_67ccd2bf17f0819081ff3bb2cf6508e6", "summary": [],
                 "encrypted_content": "gAAAAABoISQ24OyVRYbkYfukAXgHgzd"},
                {"type": "function_call", "id": "fc_12345xyz", "call_id": "call_12345xyz", "name": "get_weather",
                 "arguments": "{\"location\":\"Paris, France\"}"},
                {"type": "function_call_output", "call_id": "call_12345xyz", "output": "15 C, sunny"},
                {"role": "assistant", "content": "It is 15 C and sunny in Paris."},
                {
                    "role": "user",
                    "content": [
                        {"type": "input_text", "text": "What is in this image?"},
                        {"type": "input_image", "image_url": "data:image/png;base64,iVBORw0KGgo=", "detail": "auto"},
                    ],
                },
            ],
        },
        [
            {"role": "system", "parts": ["text"]},
            {"role": "user", "parts": ["text"]},
            {"role": "assistant", "parts": ["reasoning"]},
            {"role": "assistant", "parts": ["tool_call:call_12345xyz:get_weather"]},
            {"role": "tool", "parts": ["tool_result:call_12345xyz"]},
            {"role": "assistant", "parts": ["text"]},
            {"role": "user", "parts": ["text", "image"]},
        ],
    ),
    (
        "anthropic.messages",
        # https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use and
        # https://docs.claude.com/en/docs/build-with-claude/extended-thinking (thinking with tool use)
        "https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use",
        {
            "system": "You are a weather bot.",
            "messages": [
                {"role": "user", "content": "What's the weather like in San Francisco?"},
                {
                    "role": "assistant",
                    "content": [
                        {"type": "thinking", "thinking": "The user wants the weather; I call get_weather.",
                         "signature": "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds"},
                        {"type": "text", "text": "I'll check the current weather in San Francisco."},
                        {"type": "tool_use", "id": "toolu_01A09q90qw90lq917835lq9", "name": "get_weather",
                         "input": {"location": "San Francisco, CA", "unit": "celsius"}},
                    ],
                },
                {
                    "role": "user",
                    "content": [
                        {"type": "tool_result", "tool_use_id": "toolu_01A09q90qw90lq917835lq9",
                         "content": "15 degrees"},
                        {"type": "text", "text": "And what is in this image?"},
                        {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                                     "data": "iVBORw0KGgo="}},
                    ],
                },
            ],
        },
        [
            {"role": "system", "parts": ["text"]},
            {"role": "user", "parts": ["text"]},
            {"role": "assistant", "parts": ["reasoning", "text", "tool_call:toolu_01A09q90qw90lq917835lq9:get_weather"]},
            {"role": "user", "parts": ["tool_result:toolu_01A09q90qw90lq917835lq9", "text", "image"]},
        ],
    ),
    (
        "gemini",
        # https://ai.google.dev/gemini-api/docs/function-calling (parallel function calling,
        # the REST history) and https://ai.google.dev/gemini-api/docs/thought-signatures
        "https://ai.google.dev/gemini-api/docs/function-calling",
        {
            "systemInstruction": {"parts": [{"text": "You are a party bot."}]},
            "contents": [
                {"role": "user", "parts": [{"text": "Turn this place into a party!"}]},
                {
                    "role": "model",
                    "parts": [
                        {"functionCall": {"name": "power_disco_ball", "args": {"power": True}},
                         "thoughtSignature": "CiQB0e2Kb7Mvk4C2gOAbQ1TgjzJ"},
                        {"functionCall": {"name": "start_music", "args": {"energetic": True, "loud": True}}},
                    ],
                },
                {
                    "role": "user",
                    "parts": [
                        {"functionResponse": {"name": "power_disco_ball", "response": {"result": "ok"}}},
                        {"functionResponse": {"name": "start_music", "response": {"result": "ok"}}},
                    ],
                },
            ],
        },
        [
            {"role": "system", "parts": ["text"]},
            {"role": "user", "parts": ["text"]},
            {"role": "assistant", "parts": ["tool_call:null:power_disco_ball", "tool_call:null:start_music"]},
            {"role": "user", "parts": ["tool_result:null", "tool_result:null"]},
        ],
    ),
    (
        "bedrock.converse",
        # https://docs.aws.amazon.com/bedrock/latest/userguide/tool-use-inference-call.html and
        # https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolResultBlock.html
        "https://docs.aws.amazon.com/bedrock/latest/userguide/tool-use-inference-call.html",
        {
            "system": [{"text": "You are a radio bot."}],
            "messages": [
                {"role": "user", "content": [{"text": "What is the most popular song on WZPZ?"}]},
                {
                    "role": "assistant",
                    "content": [
                        {"text": "I'll look up the top song."},
                        {"toolUse": {"toolUseId": "tooluse_kZJMlvQmRJ6eAyJE5GIl7Q", "name": "top_song",
                                     "input": {"sign": "WZPZ"}}},
                    ],
                },
                {
                    "role": "user",
                    "content": [
                        {"toolResult": {"toolUseId": "tooluse_kZJMlvQmRJ6eAyJE5GIl7Q",
                                        "content": [{"json": {"song": "Elemental Hotel", "artist": "8 Storey Hike"}}]}}
                    ],
                },
            ],
        },
        [
            {"role": "system", "parts": ["text"]},
            {"role": "user", "parts": ["text"]},
            {"role": "assistant", "parts": ["text", "tool_call:tooluse_kZJMlvQmRJ6eAyJE5GIl7Q:top_song"]},
            {"role": "user", "parts": ["tool_result:tooluse_kZJMlvQmRJ6eAyJE5GIl7Q"]},
        ],
    ),
    (
        "mistral",
        # https://docs.mistral.ai/capabilities/function_calling/
        "https://docs.mistral.ai/capabilities/function_calling/",
        {
            "messages": [
                {"role": "user", "content": "What's the status of my transaction T1001?"},
                {"role": "assistant", "content": "", "tool_calls": [
                    {"id": "D681PevKs", "type": "function",
                     "function": {"name": "retrieve_payment_status", "arguments": "{\"transaction_id\": \"T1001\"}"}}]},
                {"role": "tool", "name": "retrieve_payment_status", "content": "{\"status\": \"Paid\"}",
                 "tool_call_id": "D681PevKs"},
            ]
        },
        [
            {"role": "user", "parts": ["text"]},
            {"role": "assistant", "parts": ["tool_call:D681PevKs:retrieve_payment_status"]},
            {"role": "tool", "parts": ["tool_result:D681PevKs"]},
        ],
    ),
    (
        "cohere.v2",
        # https://docs.cohere.com/v2/docs/tool-use-overview
        "https://docs.cohere.com/v2/docs/tool-use-overview",
        {
            "messages": [
                {"role": "user", "content": "What's the weather in Toronto?"},
                {"role": "assistant", "tool_plan": "I will search for the weather in Toronto.", "tool_calls": [
                    {"id": "get_weather_1byjy32y4hvq", "type": "function",
                     "function": {"name": "get_weather", "arguments": "{\"location\":\"Toronto\"}"}}]},
                {"role": "tool", "tool_call_id": "get_weather_1byjy32y4hvq", "content": [
                    {"type": "document", "document": {"data": "{\"temperature\": {\"toronto\": \"5C\"}}"}}]},
            ]
        },
        [
            {"role": "user", "parts": ["text"]},
            {"role": "assistant", "parts": ["text", "tool_call:get_weather_1byjy32y4hvq:get_weather"]},
            {"role": "tool", "parts": ["tool_result:get_weather_1byjy32y4hvq"]},
        ],
    ),
    (
        "ollama",
        # https://github.com/ollama/ollama/blob/main/docs/api.md#chat-request-with-tools and
        # https://docs.ollama.com/capabilities/tool-calling (tool results carry tool_name)
        "https://docs.ollama.com/capabilities/tool-calling",
        {
            "messages": [
                {"role": "user", "content": "What is the weather today in Paris?"},
                {"role": "assistant", "content": "", "tool_calls": [
                    {"function": {"name": "get_current_weather",
                                  "arguments": {"location": "Paris, FR", "format": "celsius"}}}]},
                {"role": "tool", "content": "22 degrees celsius", "tool_name": "get_current_weather"},
            ]
        },
        [
            {"role": "user", "parts": ["text"]},
            {"role": "assistant", "parts": ["tool_call:null:get_current_weather"]},
            {"role": "tool", "parts": ["tool_result:null"]},
        ],
    ),
]
