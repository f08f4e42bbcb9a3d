"""The thought signature a model content of a request history needs on its first call.

Gemini 3 validates the function calls of the current turn: "the first ``functionCall``
part in each step of the current turn must include its ``thought_signature``", else 400
("Function call is missing a thought_signature in functionCall parts"); of parallel
calls only the first part has one. For calls Gemini did not make (another model's, or
injected) the FAQ of https://ai.google.dev/gemini-api/docs/thought-signatures (checked
2026-12-08) says to set a dummy, ``"skip_thought_signature_validator"`` or
``"context_engineering_is_the_way_to_go"``, in the thought signature field; we write the
first, as gemini-cli does (``SYNTHETIC_THOUGHT_SIGNATURE``). A dummy is no signature of
Gemini's (``DUMMIES``: ``compat_signature.signed`` is false for it, so its drop is not
reported elsewhere), yet it goes back to Gemini as it came.

``first_unsigned`` finds the part that takes it: the first call part of a content, when
it carries no signature. The writers put it there with ``stamped`` when that call's step
is not Gemini's own: ``history_encode`` for a call of a message neither decoded from
Gemini nor holding Gemini's provider data (an empty ``{"gemini": {}}`` holds none: the
call is written as a plain one) nor carrying a signature of Gemini's on any other part
(``signed``), noted; ``response.encode_message`` (its calls are one step) for a part
written as a call without Gemini's data (``plain``) when no part carries such a signature.
Only Gemini makes a signature, so a step with one is Gemini's and goes back as it came,
whatever part holds it; another message's signature in the same content does not count
(the merged step's first call is still checked). Every model content gets it, not only
the current turn's: a history sent again turn after turn keeps the same bytes (a cached
prefix stays valid). A step Gemini made goes as it came: signed, or with no signature at
all (Gemini 2.x without thinking, which took it so).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

__all__ = ["DUMMIES", "SKIP", "first_unsigned", "plain", "signed", "stamped"]

SKIP = "skip_thought_signature_validator"
DUMMIES = frozenset({SKIP, "context_engineering_is_the_way_to_go"})
_PLAIN = frozenset({"name", "args", "id"})


def first_unsigned(parts: List[Any]) -> Optional[int]:
    """The index of the first call part of *parts* (a model content's) when it carries
    no signature; ``None`` when it does or there is none (one pass, up to that part)."""
    for i, p in enumerate(parts):
        if type(p) is dict and ("functionCall" in p or "function_call" in p):
            if p.get("thoughtSignature") is not None or p.get("thought_signature") is not None:
                return None
            return i
    return None


def signed(part: Any) -> bool:
    """Whether *part* (a written part) carries a thought signature of Gemini's: one in
    either spelling that is not a dummy (``DUMMIES``)."""
    if type(part) is not dict:
        return False
    sig = part.get("thoughtSignature")
    if sig is None:
        sig = part.get("thought_signature")
    return sig is not None and not (type(sig) is str and sig in DUMMIES)


def plain(part: Dict[str, Any]) -> bool:
    """Whether the call *part* is as ``call_parts.encode_call`` writes a call holding no
    provider data of Gemini's: ``functionCall`` alone, of ``name``, ``args`` and a
    non-empty ``id``. Gemini's own data shows: a snake_case spelling, a field beside the
    call, a call without ``args``, an empty id or another field of ``FunctionCall``."""
    fc = part.get("functionCall")
    return (len(part) == 1 and type(fc) is dict and "args" in fc and fc.keys() <= _PLAIN
            and fc.get("id") != "")


def stamped(part: Dict[str, Any]) -> Dict[str, Any]:
    """A copy of the call *part* with the dummy signature, in the part's own key case."""
    return {**part, ("thought_signature" if "function_call" in part else "thoughtSignature"): SKIP}
