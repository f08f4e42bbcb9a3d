"""The thought signature a model content of a request history needs on its first call.

Gemini 3 validates the function calls of the current turn: the first ``functionCall``
part of each step (one model content) must carry its ``thoughtSignature``, else 400
("Function call is missing a thought_signature in functionCall parts"); of parallel
calls only the first part has one. For calls Gemini did not make (another model's, or
injected) the FAQ of https://ai.google.dev/gemini-api/docs/thought-signatures (checked
2026-12-08) says to set the dummy ``"skip_thought_signature_validator"`` in the thought
signature field, as gemini-cli does (``SYNTHETIC_THOUGHT_SIGNATURE``).

``first_unsigned`` finds the part that takes it: the first call part of a content none
of whose call parts is signed. The writers (``history_encode``: each model content of
calls not decoded from Gemini, noted; ``response.encode_message``: the model turn it
builds) put it there with ``stamped``. Every model content gets it, not only the current
turn's: a history sent again turn after turn keeps the same bytes (a cached prefix stays
valid). A step Gemini made goes as it came: signed, or with no signature at all (Gemini
2.x without thinking, which took it so).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

__all__ = ["SKIP", "first_unsigned", "stamped"]

SKIP = "skip_thought_signature_validator"


def first_unsigned(parts: List[Any]) -> Optional[int]:
    """The index of the first call part of *parts* (a model content's), or ``None`` when
    one of its call parts carries a signature or it holds none (one pass)."""
    first: Optional[int] = None
    for i, p in enumerate(parts):
        if type(p) is dict and ("functionCall" in p or "function_call" in p):
            if p.get("thoughtSignature") is not None or p.get("thought_signature") is not None:
                return None
            if first is None:
                first = i
    return first


def stamped(part: Dict[str, Any]) -> Dict[str, Any]:
    """A copy of the call *part* with the dummy signature, in the part's own key case."""
    return {**part, ("thought_signature" if "function_call" in part else "thoughtSignature"): SKIP}
