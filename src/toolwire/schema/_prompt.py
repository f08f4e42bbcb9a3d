"""Prompt mode: the instruction for models that ignore (or reject) native structured output.

The schema is dumped as JSON (never a Python ``repr``) and the instruction names "JSON"
(OpenAI's JSON mode requires the word in the messages: "Structured model outputs",
section "JSON mode", https://platform.openai.com/docs/guides/structured-outputs, checked
2026-11-30). Each target's ``instruction`` merges it into the request where its API
keeps the system prompt, instead of adding a second one (``inject_instruction``).
"""

from __future__ import annotations

import json
from typing import Any

from .._errors import EncodeError
from .._target import PERMISSIVE, Ask, Fragment, Target
from ._normalize import normalize
from ._util import long_int, path_of

__all__ = ["PROMPT", "prompt"]

_HEAD = (
    "Answer with a single JSON value that conforms to the JSON Schema below. "
    "Output only the JSON: no prose before or after it and no code fences."
)


def prompt(schema: Any) -> str:
    """The prompt-mode instruction: a sentence and the schema as indented JSON.

    Raises ``EncodeError`` for a schema holding an integer too long for Python to
    write (over ``sys.get_int_max_str_digits()`` digits, 4,300 by default)."""
    root = normalize(schema)
    try:
        body = json.dumps(root, indent=2, ensure_ascii=False)
    except ValueError:  # an integer of over 4,300 digits: Python does not write it
        ptr, bits = long_int(root) or ("", 0)
        raise EncodeError(
            f"Schema holds an integer of {bits} bits at {path_of(ptr, root)}, too long to write in the prompt",
            dialect="prompt",
            loc=path_of(ptr, root),
        ) from None
    return f"{_HEAD}\n\nJSON Schema:\n{body}"


def _fragment(ask: Ask) -> Fragment:
    return Fragment({}, instruction=prompt(ask.original))


#: Prompt mode: no request field, the schema in an instruction (``Rendered.instruction``).
PROMPT = Target(
    id="prompt",
    description="prompt mode: the schema in an instruction, for models without native structured output",
    profile=PERMISSIVE,
    fragment=_fragment,
)
