"""The candidates of a Gemini ``GenerateContentResponse`` (read by ``calls``, ``stream``
and ``response``): each one's number (``numbers``), their order, the first (``first``),
and each one's ``Content``, ``finishReason`` and ``finishMessage`` (``choices``,
``finish``, ``failure``).

Follows https://ai.google.dev/api/generate-content#candidate (checked 2026-11-30;
google-genai 3.6.1 ``Candidate``: ``index``, ``content``, ``finish_reason``,
``finish_message``, checked 2026-12-04).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..._dialect import Choice
from ..._errors import DecodeError
from .._common import as_dict, describe_error, wire_index
from .finish_numbers import reason_word
from .tools import NAME

__all__ = ["choices", "failure", "finish", "first", "numbers", "order"]


def numbers(cands: List[Any], loc: str = "$.candidates") -> List[int]:
    """Each candidate's number: its ``index`` when that is an int; one without (proto3 JSON
    leaves out the default ``0``, an SDK dump writes ``None``) takes the lowest number no
    candidate of *cands* claims, in list order (so a list without any index is numbered by
    position). A stream numbers each chunk's candidates so too. Linear.

    ``index`` is "the index of the candidate in the list of response candidates"
    (https://ai.google.dev/api/generate-content#candidate): two candidates of one list
    (at *loc*) giving the same one is a ``DecodeError``, never read as one reply (whose
    calls would be a mix) nor as two (of which none is first)."""
    given: List[Any] = []
    taken: Dict[int, int] = {}
    for i, c in enumerate(cands):
        k = c.get("index") if type(c) is dict else None
        if k is not None and type(k) is not int:  # (read as none, a stream's candidates would mix)
            k = wire_index(k, f"{loc}[{i}].index", NAME, "Candidate index")
        if type(k) is int:
            if k in taken:
                raise DecodeError(
                    f"Candidates {loc}[{taken[k]}] and {loc}[{i}] both have index {k}: a candidate's index "
                    "is its place in the list of response candidates, so one list holds each index once",
                    dialect=NAME,
                    loc=f"{loc}[{i}].index",
                )
            taken[k] = i
            given.append(k)
        else:
            given.append(None)
    out: List[int] = []
    free = 0
    for k in given:
        if k is None:
            while free in taken:
                free += 1
            k = free
            free += 1
        out.append(k)
    return out


def order(cands: List[Any], loc: str = "$.candidates") -> List[int]:
    """The positions of *cands* (two or more, at *loc*) by their ``numbers``."""
    keys = numbers(cands, loc)
    return sorted(range(len(cands)), key=keys.__getitem__)


def first(cands: List[Any]) -> Any:
    """The first candidate of *cands* (the lowest number: ``numbers``), or ``None``."""
    if not cands:
        return None
    return cands[0] if len(cands) == 1 else cands[order(cands)[0]]


def choices(data: Dict[str, Any], loc: str) -> Optional[List[Choice]]:
    """A response's candidates (``candidateCount`` > 1 gives several) in their ``order``:
    each one's ``Content``, path (its own position), ``finishReason`` and
    ``finishMessage``; ``None`` for anything else."""
    cands = data.get("candidates")
    if type(cands) is not list:
        return None
    out: List[Choice] = []
    for i in range(len(cands)) if len(cands) < 2 else order(cands, f"{loc}.candidates"):
        c = as_dict(cands[i], f"{loc}.candidates[{i}]", NAME, "a candidate")
        reason = c.get("finishReason") or c.get("finish_reason")
        out.append((c.get("content"), f"{loc}.candidates[{i}].content",
                    reason if type(reason) is str else reason_word(reason), _message(c)))
    return out


def failure(data: Dict[str, Any]) -> Optional[str]:
    """The first candidate's (``first``) ``finishMessage`` (for ``MALFORMED_FUNCTION_CALL``,
    the call the model wrote), in one line: the words of the reply ``decode_all`` reads."""
    candidates = data.get("candidates")
    cand = first(candidates) if type(candidates) is list else None
    if type(cand) is dict:
        return _message(cand)
    return None


def _message(cand: Dict[str, Any]) -> Optional[str]:
    message = cand.get("finishMessage") or cand.get("finish_message")
    return describe_error(message) if type(message) is str and message else None


#: the finish reasons of a candidate cut off at its token limit (``FINISH``: ``length``)
_CUT = ("MAX_TOKENS", "CONTINUATION")


def finish(data: Dict[str, Any]) -> Optional[str]:
    """The first candidate's (``first``) ``finishReason``, or any candidate's that says it
    was cut off; a google-genai enum (``model_dump()``) as its plain word, a proto enum
    number as its name (``reason_word``)."""
    candidates = data.get("candidates")
    found: Optional[str] = None
    if type(candidates) is list:
        for i in range(len(candidates)) if len(candidates) < 2 else order(candidates):
            cand = candidates[i]
            if type(cand) is dict:
                reason = cand.get("finishReason") or cand.get("finish_reason")
                if type(reason) is not str:
                    reason = reason_word(reason)  # an SDK's enum, a proto number
                if reason in _CUT:  # CONTINUATION: generation is not yet complete (``unfinished_reasons``)
                    return reason
                if reason is not None and found is None:
                    found = reason
    return found
