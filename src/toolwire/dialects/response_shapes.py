"""Per-provider readers of a whole response: text, reasoning, refusal, finish, usage.

Table-driven: one reader per response shape, a detector for each, and a cheap check
of whether the shape can hold tool calls at all (the core decoders run only then).
Field names and their sources (checked 2026-11-30) are listed in ``response.py``'s
docstring. It lives with the dialects because only ``dialects/`` may know provider
field names; it reads none of a tool call's (those go through the call decoders).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Tuple

__all__ = ["MAY_HOLD_CALLS", "SHAPES", "Usage"]


@dataclass(frozen=True)
class Usage:
    """Token counts (``None`` when the provider did not say)."""

    input_tokens: Optional[int] = None
    output_tokens: Optional[int] = None
    reasoning_tokens: Optional[int] = None
    total_tokens: Optional[int] = None


def _usage(
    input_tokens: Optional[int], output_tokens: Optional[int], reasoning: Optional[int], total: Optional[int]
) -> Usage:
    # frozen dataclasses set each field through object.__setattr__ (~1 us per record);
    # filling __dict__ directly builds the same value in a fraction of that
    u = object.__new__(Usage)
    u.__dict__.update(
        input_tokens=input_tokens, output_tokens=output_tokens, reasoning_tokens=reasoning, total_tokens=total
    )
    return u


def _get(d: Any, *names: str) -> Any:
    if not isinstance(d, dict):
        return None
    for name in names:
        if name in d and d[name] is not None:
            return d[name]
    return None


def _int(v: Any) -> Optional[int]:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _join(parts: List[str]) -> str:
    return "".join(p for p in parts if isinstance(p, str))


# -- per provider: (text, reasoning, refusal, raw finish, usage, parsed) -------------------
_Fields = Tuple[str, str, Optional[str], Optional[str], Usage, Any]


def _chat(d: Dict[str, Any]) -> _Fields:
    choices = d.get("choices") or []
    choice = choices[0] if choices and isinstance(choices[0], dict) else {}
    msg = _get(choice, "message", "delta") or {}
    content = msg.get("content")
    text: List[str] = []
    reasoning: List[str] = []
    if isinstance(content, str):
        text.append(content)
    elif isinstance(content, list):  # content parts (Mistral thinking chunks, ...)
        for part in content:
            if not isinstance(part, dict):
                continue
            kind = part.get("type")
            if kind in ("text", "output_text"):
                text.append(part.get("text") or "")
            elif kind == "thinking":
                inner = part.get("thinking")
                if isinstance(inner, list):
                    reasoning.extend(p.get("text") or "" for p in inner if isinstance(p, dict))
                elif isinstance(inner, str):
                    reasoning.append(inner)
    r = _get(msg, "reasoning_content", "reasoning")
    if isinstance(r, str):
        reasoning.insert(0, r)
    elif isinstance(r, dict) and isinstance(r.get("content"), str):
        reasoning.insert(0, r["content"])
    u = d.get("usage") or {}
    details = u.get("completion_tokens_details") or {}
    usage = _usage(
        _int(u.get("prompt_tokens")),
        _int(u.get("completion_tokens")),
        _int(details.get("reasoning_tokens")),
        _int(u.get("total_tokens")),
    )
    refusal = msg.get("refusal") if isinstance(msg.get("refusal"), str) and msg["refusal"] else None
    return _join(text), _join(reasoning), refusal, choice.get("finish_reason"), usage, msg.get("parsed")


def _responses(d: Dict[str, Any]) -> _Fields:
    text: List[str] = []
    reasoning: List[str] = []
    refusal: Optional[str] = None
    for item in d.get("output") or []:
        if not isinstance(item, dict):
            continue
        kind = item.get("type")
        if kind == "message":
            for part in item.get("content") or []:
                if isinstance(part, dict) and part.get("type") == "output_text":
                    text.append(part.get("text") or "")
                elif isinstance(part, dict) and part.get("type") == "refusal":
                    refusal = (refusal or "") + (part.get("refusal") or "")
        elif kind == "reasoning":
            for key in ("content", "summary"):
                for part in item.get(key) or []:
                    if isinstance(part, dict) and isinstance(part.get("text"), str):
                        reasoning.append(part["text"])
    status = d.get("status")
    details = d.get("incomplete_details") or {}
    raw = details.get("reason") if status == "incomplete" and details.get("reason") else status
    u = d.get("usage") or {}
    usage = _usage(
        _int(u.get("input_tokens")),
        _int(u.get("output_tokens")),
        _int((u.get("output_tokens_details") or {}).get("reasoning_tokens")),
        _int(u.get("total_tokens")),
    )
    return _join(text), "\n".join(reasoning), refusal, raw, usage, d.get("output_parsed")


def _anthropic(d: Dict[str, Any]) -> _Fields:
    text: List[str] = []
    reasoning: List[str] = []
    for block in d.get("content") or []:
        if not isinstance(block, dict):
            continue
        if block.get("type") == "text":
            text.append(block.get("text") or "")
        elif block.get("type") == "thinking":
            reasoning.append(block.get("thinking") or "")
    raw = d.get("stop_reason")
    refusal = (_join(text) or "refused") if raw == "refusal" else None
    u = d.get("usage") or {}
    usage = _usage(
        _int(u.get("input_tokens")),
        _int(u.get("output_tokens")),
        None,
        (_int(u.get("input_tokens")) or 0) + (_int(u.get("output_tokens")) or 0) if u else None,
    )
    return _join(text), "\n".join(reasoning), refusal, raw, usage, None


def _gemini(d: Dict[str, Any]) -> _Fields:
    cands = d.get("candidates") or []
    cand = cands[0] if cands and isinstance(cands[0], dict) else {}
    text: List[str] = []
    reasoning: List[str] = []
    for part in (_get(cand, "content") or {}).get("parts") or []:
        if isinstance(part, dict) and isinstance(part.get("text"), str):
            (reasoning if part.get("thought") else text).append(part["text"])
    raw = _get(cand, "finishReason", "finish_reason")
    feedback = _get(d, "promptFeedback", "prompt_feedback") or {}
    block = _get(feedback, "blockReason", "block_reason")
    refusal = None
    if not cands and block:
        raw, refusal = "SAFETY" if block == "SAFETY" else str(block), f"prompt blocked: {block}"
    u = _get(d, "usageMetadata", "usage_metadata") or {}
    usage = _usage(
        _int(_get(u, "promptTokenCount", "prompt_token_count")),
        _int(_get(u, "candidatesTokenCount", "candidates_token_count")),
        _int(_get(u, "thoughtsTokenCount", "thoughts_token_count")),
        _int(_get(u, "totalTokenCount", "total_token_count")),
    )
    return _join(text), _join(reasoning), refusal, raw, usage, d.get("parsed")


def _bedrock(d: Dict[str, Any]) -> _Fields:
    msg = (d.get("output") or {}).get("message") or {}
    text: List[str] = []
    reasoning: List[str] = []
    for block in msg.get("content") or []:
        if not isinstance(block, dict):
            continue
        if isinstance(block.get("text"), str):
            text.append(block["text"])
        rc = block.get("reasoningContent")
        if isinstance(rc, dict):
            rt = rc.get("reasoningText") or {}
            if isinstance(rt.get("text"), str):
                reasoning.append(rt["text"])
    u = d.get("usage") or {}
    usage = _usage(_int(u.get("inputTokens")), _int(u.get("outputTokens")), None, _int(u.get("totalTokens")))
    return _join(text), "\n".join(reasoning), None, d.get("stopReason"), usage, None


def _ollama(d: Dict[str, Any]) -> _Fields:
    msg = d.get("message") or {}
    content = msg.get("content")
    thinking = msg.get("thinking")
    usage = _usage(_int(d.get("prompt_eval_count")), _int(d.get("eval_count")), None, None)
    return (
        content if isinstance(content, str) else "",
        thinking if isinstance(thinking, str) else "",
        None,
        d.get("done_reason"),
        usage,
        None,
    )


def _cohere(d: Dict[str, Any]) -> _Fields:
    msg = d.get("message") or {}
    text = [p.get("text") or "" for p in msg.get("content") or [] if isinstance(p, dict) and p.get("type") == "text"]
    plan = msg.get("tool_plan")
    tokens = (d.get("usage") or {}).get("tokens") or {}
    usage = _usage(_int(tokens.get("input_tokens")), _int(tokens.get("output_tokens")), None, None)
    return _join(text), plan if isinstance(plan, str) else "", None, d.get("finish_reason"), usage, None


def _chat_calls(d: Dict[str, Any]) -> bool:
    choices = d.get("choices") or []
    msg = (
        (choices[0].get("message") or choices[0].get("delta") or {}) if choices and isinstance(choices[0], dict) else {}
    )
    return bool(isinstance(msg, dict) and (msg.get("tool_calls") or msg.get("function_call")))


def _blocks_with(items: Any, test: Callable[[Dict[str, Any]], bool]) -> bool:
    return any(isinstance(b, dict) and test(b) for b in items or ())


def _gemini_calls(d: Dict[str, Any]) -> bool:
    return any(
        _blocks_with(
            (c.get("content") or {}).get("parts"),
            lambda p: "functionCall" in p or "function_call" in p or "executableCode" in p or "executable_code" in p,
        )
        for c in d.get("candidates") or ()
        if isinstance(c, dict)
    )


# Whether a response can hold tool calls at all: the core decoders run only then (most
# structured-output replies have none, and this check is ~50x cheaper than decoding).
MAY_HOLD_CALLS: Dict[str, Callable[[Dict[str, Any]], bool]] = {
    "openai.chat": _chat_calls,
    "openai.responses": lambda d: _blocks_with(
        d.get("output"), lambda i: i.get("type") not in ("message", "reasoning")
    ),
    "anthropic.messages": lambda d: _blocks_with(d.get("content"), lambda b: b.get("type") not in ("text", "thinking")),
    "gemini": _gemini_calls,
    "bedrock.converse": lambda d: _blocks_with(
        ((d.get("output") or {}).get("message") or {}).get("content"), lambda b: "toolUse" in b
    ),
    "cohere.v2": lambda d: bool((d.get("message") or {}).get("tool_calls")),
    "ollama": lambda d: bool((d.get("message") or {}).get("tool_calls")),
}

#: (shape id, detector, field reader, tool-call dialect for decode_all)
SHAPES: List[Tuple[str, Callable[[Dict[str, Any]], bool], Callable[[Dict[str, Any]], _Fields], str]] = [
    ("openai.chat", lambda d: isinstance(d.get("choices"), list), _chat, "openai.chat"),
    (
        "openai.responses",
        lambda d: d.get("object") == "response" or (isinstance(d.get("output"), list) and "status" in d),
        _responses,
        "openai.responses",
    ),
    (
        "anthropic.messages",
        lambda d: d.get("type") == "message" and isinstance(d.get("content"), list),
        _anthropic,
        "anthropic.messages",
    ),
    ("gemini", lambda d: "candidates" in d or "promptFeedback" in d or "prompt_feedback" in d, _gemini, "gemini"),
    (
        "bedrock.converse",
        lambda d: isinstance(d.get("output"), dict) and "message" in d["output"],
        _bedrock,
        "bedrock.converse",
    ),
    (
        "cohere.v2",
        lambda d: (
            isinstance(d.get("message"), dict)
            and isinstance(d.get("finish_reason"), str)
            and d["finish_reason"].isupper()
        ),
        _cohere,
        "cohere.v2",
    ),
    ("ollama", lambda d: isinstance(d.get("message"), dict) and ("done" in d or "done_reason" in d), _ollama, "ollama"),
]
