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
it carries no signature of its own (none, or an empty one: ``""`` is no signature, and
Gemini 3 refuses it as missing). What a later part carries does not matter: the first call
is the one checked, so a step whose first call is unsigned takes the dummy even when a
later call or a thought is signed (a real Gemini 3 step always has its first call signed,
so its bytes never change; Gemini 2.x ignores the dummy). The writers put it there with
``stamped``: ``history_encode`` for a call of a message neither decoded from Gemini nor
holding Gemini's provider data (an empty ``{"gemini": {}}`` holds none: the call is
written as a plain one), noted; ``response.encode_message`` (its calls are one step) for a
part written as a call without Gemini's data (``plain``); both for a first call that
carries an empty signature (``empty``). Every model content gets it, not only the current
turn's: a history sent again turn after turn keeps the same bytes (a cached prefix stays
valid). A step Gemini made goes as it came: its first call signed, or with no signature at
all (Gemini 2.x without thinking, which took it so).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

__all__ = ["DUMMIES", "SKIP", "empty", "first_unsigned", "plain", "stamped"]

SKIP = "skip_thought_signature_validator"
DUMMIES = frozenset({SKIP, "context_engineering_is_the_way_to_go"})
_PLAIN = frozenset({"name", "args", "id"})
_KEYS = frozenset({"thoughtSignature", "thought_signature"})
_EMPTY = ("", b"")  # no signature: Gemini 3 refuses it as missing
_NONE = (None, *_EMPTY)


def first_unsigned(parts: List[Any]) -> Optional[int]:
    """The index of the first call part of *parts* (a model content's) when it carries
    no signature (none or ``""``); ``None`` when it does or there is none (one pass, up to
    that part)."""
    for i, p in enumerate(parts):
        if type(p) is dict and ("functionCall" in p or "function_call" in p):
            return None if _signature(p) else i
    return None


def empty(part: Dict[str, Any]) -> bool:
    """Whether the call *part* carries an empty signature (``""``, in either spelling)."""
    return (part.get("thoughtSignature") in _EMPTY or part.get("thought_signature") in _EMPTY) and not _signature(part)


def _signature(part: Dict[str, Any]) -> bool:
    """Whether *part* carries a signature that is not empty, in either spelling."""
    return part.get("thoughtSignature") not in _NONE or part.get("thought_signature") not in _NONE


def plain(part: Dict[str, Any]) -> bool:
    """Whether the call *part* is as ``call_parts.encode_call`` writes a call holding no
    provider data of Gemini's: ``functionCall`` alone, of ``name``, ``args`` and a
    non-empty ``id``. Gemini's own data shows: a snake_case spelling, a field beside the
    call, a call without ``args``, an empty id or another field of ``FunctionCall``."""
    fc = part.get("functionCall")
    return (len(part) == 1 and type(fc) is dict and "args" in fc and fc.keys() <= _PLAIN
            and fc.get("id") != "")


def stamped(part: Dict[str, Any]) -> Dict[str, Any]:
    """A copy of the call *part* with the dummy signature, in the part's own key case
    (an empty signature it carries, in either spelling, replaced)."""
    out = {k: v for k, v in part.items() if not (k in _KEYS and v in _EMPTY)}
    out["thought_signature" if "function_call" in part else "thoughtSignature"] = SKIP
    return out
