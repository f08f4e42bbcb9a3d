"""Gemini / Vertex AI stream chunks written (``gemini``): ``streamGenerateContent``
responses holding calls whole, or Vertex ``partialArgs`` fragments (read by ``stream``).

Follows https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent
and https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/function-calling
(checked 2026-11-30), and the google-genai types ``FunctionCall`` / ``PartialArg``.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from ..._types import ToolCall
from .partial_args import leaves

__all__ = ["encode", "options"]


def _plain(call: ToolCall) -> Dict[str, Any]:
    fc: Dict[str, Any] = {"name": call.name, "args": call.args}
    if call.id is not None:
        fc["id"] = call.id
    return fc


def _chunk(fc: Dict[str, Any]) -> Dict[str, Any]:
    return _chunk_of({"functionCall": fc})


def _chunk_of(part: Dict[str, Any]) -> Dict[str, Any]:
    return {"candidates": [{"content": {"role": "model", "parts": [part]}, "index": 0}]}


def encode(
    calls: Sequence[ToolCall],
    fragments: Sequence[Sequence[str]],
    *,
    partial_args: bool = False,
    split: Optional[Callable[[str], List[str]]] = None,
    items: Optional[Sequence[Dict[str, Any]]] = None,
) -> List[Dict[str, Any]]:
    """Gemini chunks: whole calls, or Vertex ``partialArgs`` when *partial_args*. Each
    call's part is what ``encode`` writes (*items*) (its ``thoughtSignature`` and the part's other
    fields; a server call's ``executableCode`` part, whole); with ``partialArgs`` the
    part's fields ride on the call's first part, as Vertex sends the signature."""
    chunks: List[Dict[str, Any]] = []
    for i, call in enumerate(calls):
        part = dict(items[i]) if items is not None else {"functionCall": _plain(call)}
        fc_key = "function_call" if "function_call" in part else "functionCall"
        if not partial_args or call.server:
            chunks.append(_chunk_of(part))
            continue
        head: Dict[str, Any] = {"name": call.name}
        if call.id is not None:
            head["id"] = call.id
        head["willContinue"] = True
        first = {k: v for k, v in part.items() if k != fc_key}
        first["functionCall"] = head
        chunks.append(_chunk_of(first))
        found: List[Any] = []
        leaves(call.args, "$", found)
        for path, value in found:
            if type(value) is str:
                pieces = [p for p in (split(value) if split else [value]) if p]
                for piece in pieces:
                    chunks.append(_chunk({"partialArgs": [{"jsonPath": path, "stringValue": piece,
                                                           "willContinue": True}], "willContinue": True}))
                chunks.append(_chunk({"partialArgs": [{"jsonPath": path, "stringValue": ""}],
                                      "willContinue": True}))
            else:
                if value is None:
                    pa: Dict[str, Any] = {"jsonPath": path, "nullValue": None}
                elif type(value) is bool:
                    pa = {"jsonPath": path, "boolValue": value}
                else:
                    pa = {"jsonPath": path, "numberValue": value}
                chunks.append(_chunk({"partialArgs": [pa], "willContinue": True}))
        chunks.append(_chunk({}))
    chunks.append({"candidates": [{"content": {"role": "model", "parts": [{"text": ""}]},
                                   "finishReason": "STOP", "index": 0}]})
    return chunks


def options(calls: Sequence[ToolCall]) -> Tuple[Dict[str, Any], ...]:
    """The other form ``encode`` writes *calls* in: Vertex ``partialArgs``, for calls
    without ids (Vertex streams none) holding no empty object or list (a ``partialArgs``
    entry holds one scalar at a ``jsonPath``: an empty container has none)."""
    if all(c.id is None and all(_no_empty(v) for v in c.args.values()) for c in calls):
        return ({"partial_args": True},)
    return ()


def _no_empty(value: Any) -> bool:
    if type(value) is dict:
        return bool(value) and all(_no_empty(v) for v in value.values())
    if type(value) is list:
        return bool(value) and all(_no_empty(v) for v in value)
    return True
