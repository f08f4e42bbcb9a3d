"""A Gemini ``finishReason`` that is no string: the proto enum number that proto-plus
``Message.to_dict()`` writes by default (``use_integers_for_enums=True``: the deprecated
google-generativeai SDK's ``response.to_dict()``, google-gemini/deprecated-generative-ai-python#371),
or an ``IntEnum`` of that numbering, read as the word the REST API writes.

Follows googleapis ``google/ai/generativelanguage/v1beta/generative_service.proto``,
``Candidate.FinishReason`` (checked 2026-12-05). Vertex AI's ``aiplatform`` proto numbers
its values past ``OTHER = 5`` otherwise; those numbers are read here as the Gemini API
numbers them.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

from ..._finish_reasons import finish_name, finish_word

__all__ = ["NUMBERS", "reason_word"]

#: ``Candidate.FinishReason`` number -> its name (the REST API's word)
NUMBERS: Dict[int, str] = {
    0: "FINISH_REASON_UNSPECIFIED",
    1: "STOP",
    2: "MAX_TOKENS",
    3: "SAFETY",
    4: "RECITATION",
    5: "OTHER",
    6: "LANGUAGE",
    7: "BLOCKLIST",
    8: "PROHIBITED_CONTENT",
    9: "SPII",
    10: "MALFORMED_FUNCTION_CALL",
    11: "IMAGE_SAFETY",
    12: "UNEXPECTED_TOOL_CALL",
    13: "TOO_MANY_TOOL_CALLS",
    14: "IMAGE_PROHIBITED_CONTENT",
    15: "IMAGE_OTHER",
    16: "NO_IMAGE",
    17: "IMAGE_RECITATION",
}


def reason_word(raw: Any) -> Optional[str]:
    """*raw* (a candidate's ``finishReason``, not a plain ``str``) as a word: a ``str``
    subclass (google-genai's ``FinishReason``) its text (``finish_word``); an int (an
    ``IntEnum`` too, never a bool) its name in ``NUMBERS``; else as ``finish_name``
    reads it (an enum its name, any other value its text: an unknown reason, never
    ``None``); ``None`` for ``None``."""
    if raw is None:
        return None
    word = finish_word(raw)
    if word is not None:
        return word
    if isinstance(raw, int) and not isinstance(raw, bool):
        name = NUMBERS.get(int(raw))
        if name is not None:
            return name
    return finish_name(raw)
