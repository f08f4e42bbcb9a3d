"""Prompt mode: the instruction for models that ignore (or reject) native structured output.

The schema is dumped as JSON (never a Python ``repr``), the instruction names "JSON"
(OpenAI's JSON mode requires the word in the messages: "Structured model outputs",
section "JSON mode", https://platform.openai.com/docs/guides/structured-outputs, checked
2026-11-30), and it is merged into the existing system message instead of adding a
second one. Where each API keeps its system prompt (checked 2026-11-30): Chat-style
``messages[0]`` with role ``system``/``developer``; Responses ``instructions``;
Anthropic and Bedrock Converse top-level ``system``; Gemini ``system_instruction``
(``systemInstruction`` in a REST request written in camelCase: ``generationConfig``...).
"""

from __future__ import annotations

import json
from typing import Any, Dict, List

from ._normalize import normalize
from ._profiles import get_profile
from ._requests import gemini_form, is_sdk_model, merged

__all__ = ["inject_instruction", "prompt", "with_instruction"]

_HEAD = (
    "Answer with a single JSON value that conforms to the JSON Schema below. "
    "Output only the JSON: no prose before or after it and no code fences."
)


def prompt(schema: Any) -> str:
    """The prompt-mode instruction: a sentence and the schema as indented JSON."""
    body = json.dumps(normalize(schema), indent=2, ensure_ascii=False)
    return f"{_HEAD}\n\nJSON Schema:\n{body}"


def with_instruction(messages: List[Dict[str, Any]], text: str) -> List[Dict[str, Any]]:
    """A new Chat-style message list with *text* merged into the system message.

    An existing leading ``system``/``developer`` message gets the text appended (as a
    new text part when its content is a list); otherwise a system message is inserted
    first. The input list and its messages are not changed.
    """
    out = list(messages)
    if out and isinstance(out[0], dict) and out[0].get("role") in ("system", "developer"):
        first = dict(out[0])
        content = first.get("content")
        if isinstance(content, list):
            first["content"] = list(content) + [{"type": "text", "text": text}]
        elif isinstance(content, str) and content:
            first["content"] = f"{content}\n\n{text}"
        else:
            first["content"] = text
        out[0] = first
    else:
        out.insert(0, {"role": "system", "content": text})
    return out


def inject_instruction(request: Dict[str, Any], text: str, target: str) -> Dict[str, Any]:
    """A copy of *request* with *text* added where *target*'s API keeps its system prompt."""
    key, _ = get_profile(target)
    out = dict(request)
    if key == "openai.responses":
        old = out.get("instructions")
        out["instructions"] = f"{old}\n\n{text}" if isinstance(old, str) and old else text
    elif key.startswith("anthropic"):
        old = out.get("system")
        if isinstance(old, list):
            out["system"] = list(old) + [{"type": "text", "text": text}]
        else:
            out["system"] = f"{old}\n\n{text}" if isinstance(old, str) and old else text
    elif key == "bedrock.converse":
        out["system"] = list(out.get("system") or []) + [{"text": text}]
    elif key.startswith("gemini") and is_sdk_model(out.get("config")) and "system_instruction" not in out:
        # google-genai's config object: the instruction joins its ``system_instruction``, the type kept
        said = getattr(out["config"], "system_instruction", None)
        held = {"system_instruction": said} if said is not None else {}
        added = inject_instruction(dict(out, config=held), text, target)["config"]
        out["config"] = merged(out["config"], added)
    elif key.startswith("gemini") and isinstance(out.get("config"), dict) and "system_instruction" not in out:
        config = dict(out["config"])  # google-genai: the system instruction is a config field
        old = config.get("system_instruction")
        if isinstance(old, dict):  # a Content
            config["system_instruction"] = dict(old, parts=list(old.get("parts") or []) + [{"text": text}])
        elif isinstance(old, list):  # parts or strings
            config["system_instruction"] = list(old) + [text]
        else:
            config["system_instruction"] = f"{old}\n\n{text}" if isinstance(old, str) and old else text
        out["config"] = config
    elif key.startswith("gemini"):
        # the spelling already there, else the request's convention (REST: camelCase)
        if "systemInstruction" in out or "system_instruction" in out:
            field = "systemInstruction" if "systemInstruction" in out else "system_instruction"
        else:
            field = "systemInstruction" if gemini_form(out) == "rest" else "system_instruction"
        old = out.get(field)
        parts = list(old.get("parts") or []) if isinstance(old, dict) else []
        if isinstance(old, str):
            parts = [{"text": old}]
        out[field] = {"parts": parts + [{"text": text}]}
    else:
        out["messages"] = with_instruction(list(out.get("messages") or []), text)
    return out
