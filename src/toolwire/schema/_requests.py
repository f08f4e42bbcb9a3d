"""Request edits for the retry planner, per target, and error classification.

Token-budget fields (checked 2026-11-30): OpenAI Chat ``max_completion_tokens``
(``max_tokens`` when the request uses it;
https://platform.openai.com/docs/api-reference/chat/create), Responses
``max_output_tokens``, Anthropic ``max_tokens`` (https://docs.anthropic.com/en/api/messages),
Gemini ``generation_config.max_output_tokens`` / ``generationConfig.maxOutputTokens``
(https://ai.google.dev/api/generate-content#generationconfig), Bedrock Converse
``inferenceConfig.maxTokens``, Ollama ``options.num_predict``, vLLM ``max_tokens`` (or
``max_completion_tokens`` when the request uses it).
Correction turns use each API's message shape (Gemini ``contents`` with role ``model``,
Bedrock content blocks, Responses ``input``). Error shapes classified: OpenAI
``error.{param, code}`` (https://platform.openai.com/docs/guides/error-codes), Anthropic
``error.{type, message}`` (https://docs.anthropic.com/en/api/errors), Gemini
``error.{status, message}``, Bedrock ``ValidationException``.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Tuple

from ._validate import ValidationIssue

__all__ = ["budget_of", "classify_error", "correction", "gemini_form", "is_sdk_model", "merged", "place",
           "raise_budget", "reply_blocks", "requested_model", "with_continuation", "with_correction"]


def is_sdk_model(value: Any) -> bool:
    """A pydantic model an SDK takes in a request field (google-genai's
    ``types.GenerateContentConfig``, ollama's ``Options``), told by its class."""
    return hasattr(type(value), "model_fields") and hasattr(value, "model_fields_set")


def merged(base: Any, extra: Dict[str, Any]) -> Any:
    """*base* (a dict or an SDK model) with *extra*'s fields set: nested dicts and models
    merged, ``tools`` lists joined. A model keeps its type (the new fields validated by
    it); one that cannot take a field becomes a dict of all it holds, which the SDKs
    take too. Nothing the caller set is lost either way."""
    if is_sdk_model(base):
        fields = merged(_model_fields(base), extra)
        try:
            out = type(base).model_validate(fields)
        except ValueError:  # pydantic's ValidationError: extra="forbid", or a value it refuses
            return fields
        known = type(base).model_fields
        kept = getattr(out, "model_extra", None) or {}
        # extra="ignore" (ollama's Options) drops an unknown field without a word
        return out if all(k in known or k in kept for k in fields) else fields
    out = dict(base) if isinstance(base, dict) else {}
    for k, v in extra.items():
        cur = out.get(k)
        if isinstance(v, dict) and (isinstance(cur, dict) or is_sdk_model(cur)):
            out[k] = merged(cur, v)
        elif k == "tools" and isinstance(cur, list):
            out[k] = list(cur) + list(v)
        else:
            out[k] = v
    return out


def _model_fields(model: Any) -> Dict[str, Any]:
    """The fields of an SDK *model* the caller set or that hold a value, and its extras."""
    names = type(model).model_fields
    out = {n: getattr(model, n) for n in names if n in model.model_fields_set or getattr(model, n) is not None}
    out.update(getattr(model, "model_extra", None) or {})
    return out


def _field(holder: Any, key: str) -> Any:
    if isinstance(holder, dict):
        return holder.get(key)
    return getattr(holder, key, None) if is_sdk_model(holder) else None


def _turns(value: Any, user: Callable[[str], Dict[str, Any]]) -> List[Any]:
    """The turns a request field holds, as a new list: a string is one user turn (the
    SDKs and the Responses API take a bare prompt), one content object is one turn."""
    if value is None or (isinstance(value, str) and not value):
        return []
    if isinstance(value, (list, tuple)):
        return list(value)
    return [user(value)] if isinstance(value, str) else [value]


def requested_model(request: Dict[str, Any]) -> Optional[str]:
    """The model a request names (``model``: OpenAI, Anthropic, Mistral, Ollama, the
    google-genai SDK's ``generate_content(model=...)``; Bedrock's ``modelId``)."""
    for key in ("model", "modelId"):
        value = request.get(key)
        if isinstance(value, str) and value:
            return value
    return None


def gemini_form(request: Dict[str, Any]) -> str:
    """Which convention a Gemini request follows, from the request itself: ``"sdk"``
    (google-genai ``generate_content(model=, contents=, config=...)``: everything
    under ``config``, snake_case), ``"rest"`` (``generationConfig``, camelCase) or
    ``"snake"`` (``generation_config``: the REST API's snake_case spelling)."""
    if "config" in request:
        return "sdk"
    if "generationConfig" in request or "systemInstruction" in request or "toolConfig" in request:
        return "rest"
    return "snake"


def _camel(key: str) -> str:
    head, *rest = key.split("_")
    return head + "".join(w[:1].upper() + w[1:] for w in rest)


def place(fragment: Dict[str, Any], request: Dict[str, Any], target: str) -> Dict[str, Any]:
    """A rendered request *fragment* in the convention of *request* (one per form:
    the schema goes where the token budget goes). Only Gemini has several."""
    inner = fragment.get("generation_config")
    if not target.startswith("gemini") or not isinstance(inner, dict):
        return fragment
    out = {k: v for k, v in fragment.items() if k != "generation_config"}
    form = gemini_form(request)
    if form == "sdk":
        out["config"] = inner
    elif form == "rest":
        out["generationConfig"] = {_camel(k): v for k, v in inner.items()}
    else:
        out["generation_config"] = inner
    return out

_SCHEMA_PARAMS = (
    "response_format",
    "text.format",
    "text",
    "output_config",
    "output_format",
    "format",
    "tools",
    "generation_config",
    "generationConfig",
    "outputConfig",
    "structured_outputs",
    "extra_body",
)
_SCHEMA_CODES = ("invalid_json_schema", "invalid_schema", "unsupported_schema")
_SCHEMA_PATHS = (
    "response_format",
    "output_config.format",
    "output_format",
    "json_schema",
    "response_schema",
    "response_json_schema",
    "responseschema",
    "responsejsonschema",
    "outputconfig",
    "textformat",
    "input_schema",
    "structured_outputs",
    "text.format",
)

# Anthropic's answers to a schema its grammar compiler cannot take, which name no schema
# path: the 180 s compile timeout ("Schema is too complex for compilation",
# https://platform.claude.com/docs/en/build-with-claude/structured-outputs, limits) and a
# grammar too large (a 400 ``invalid_request_error`` recorded in
# anthropics/anthropic-sdk-python#1185). Fixed sentences, matched at the start of the
# message of a 400 ``invalid_request_error`` only (lower case)
_COMPILE_LIMITS = ("schema is too complex for compilation", "the compiled grammar is too large")


def classify_error(error: Any) -> str:
    """``schema_rejected``, ``transient`` or ``error`` for an exception or error payload.

    A rejection needs a client error status (400 or 422) *and* a structured field that
    points at the schema (OpenAI ``param``/``code``; an error message naming the schema
    path for Anthropic, Gemini, Bedrock), or an Anthropic 400 ``invalid_request_error``
    whose message opens with one of its fixed sentences for a schema too complex to
    compile (``_COMPILE_LIMITS``). 408, 409, 429 and 5xx are transient. The
    status is the SDK error's (``status_code``, google-genai's ``code``, botocore's
    ``response["ResponseMetadata"]["HTTPStatusCode"]``) or the payload's (Gemini's
    inside ``error``). Nothing is classified from bare substrings like ``"400"`` or
    ``"not supported"``.
    """
    status, body = _status_and_body(error)
    if status in (408, 409, 429) or (isinstance(status, int) and status >= 500):
        return "transient"
    if status not in (400, 422):
        return "error"
    err: Dict[str, Any] = body["error"] if isinstance(body.get("error"), dict) else body
    param = str(err.get("param") or "")
    code = str(err.get("code") or "")
    said = str(err.get("message") or "").lower()
    message = said.replace(" ", "")
    if status == 400 and err.get("type") == "invalid_request_error" and said.lstrip().startswith(_COMPILE_LIMITS):
        return "schema_rejected"
    if code in _SCHEMA_CODES or any(
        param == p or param.startswith(p + ".") or param.startswith(p + "[") for p in _SCHEMA_PARAMS
    ):
        return "schema_rejected"
    if any(path in message for path in _SCHEMA_PATHS):
        return "schema_rejected"
    return "error"


def _status_and_body(error: Any) -> Tuple[Optional[int], Dict[str, Any]]:
    if isinstance(error, dict):
        raw_status = error.get("status") or error.get("status_code") or error.get("code")
        payload: Dict[str, Any] = error["body"] if isinstance(error.get("body"), dict) else error
        inner = payload.get("error")
        if raw_status is None and isinstance(inner, dict) and isinstance(inner.get("code"), int):
            raw_status = inner["code"]
        return (raw_status if isinstance(raw_status, int) else None), payload
    status: Optional[int] = None
    for attr in ("status_code", "status", "code", "http_status"):
        value = getattr(error, attr, None)
        if isinstance(value, int) and not isinstance(value, bool):
            status = value
            break
    response = getattr(error, "response", None)
    body: Dict[str, Any] = {}
    if isinstance(response, dict):  # botocore's ClientError: {"Error": {"Code", "Message"}, "ResponseMetadata"}
        meta, err = response.get("ResponseMetadata"), response.get("Error")
        value = meta.get("HTTPStatusCode") if isinstance(meta, dict) else None
        if status is None and isinstance(value, int) and not isinstance(value, bool):
            status = value
        if isinstance(err, dict) and isinstance(err.get("Message"), str):
            body = {"message": err["Message"]}
    elif status is None and response is not None:
        value = getattr(response, "status_code", None)
        status = value if isinstance(value, int) else None
    if not body:
        for attr in ("body", "details", "response_json"):
            value = getattr(error, attr, None)
            if isinstance(value, dict):
                body = value
                break
    if not body:
        body = {"message": str(error)}
    if status is None and type(error).__name__ == "ValidationException":
        status = 400
    return status, body


def correction(errors: Tuple[ValidationIssue, ...]) -> str:
    """The correction message: each problem with its JSON Pointer and keyword."""
    lines = [f"- at {e.pointer or '/'} ({e.keyword}): {e.message}" for e in errors[:20]]
    more = f"\n- ... and {len(errors) - 20} more" if len(errors) > 20 else ""
    return (
        "Your previous answer does not match the required JSON Schema:\n"
        + "\n".join(lines)
        + more
        + "\nAnswer again with only the corrected JSON."
    )


def reply_blocks(raw: Any) -> List[Any]:
    """The content blocks of an Anthropic reply as it came (what its next turn sends back:
    a correction answering its tool call, a paused turn continued); ``[]`` when none."""
    blocks = raw.get("content") if isinstance(raw, dict) else None
    return blocks if isinstance(blocks, list) else []


def with_continuation(request: Dict[str, Any], target: str, blocks: List[Any]) -> Optional[Dict[str, Any]]:
    """A copy of *request* with a paused assistant turn (its content *blocks*) appended,
    for Anthropic's ``pause_turn`` ("provide the response back as-is in a subsequent
    request to let Claude continue its turn",
    https://docs.claude.com/en/api/handling-stop-reasons); ``None`` for other targets."""
    if not target.startswith("anthropic."):
        return None
    out = dict(request)
    out["messages"] = _turns(out.get("messages"), _user) + [{"role": "assistant", "content": blocks}]
    return out


def _user(text: str) -> Dict[str, Any]:
    return {"role": "user", "content": text}


def _gemini_user(text: str) -> Dict[str, Any]:
    return {"role": "user", "parts": [{"text": text}]}


def _bedrock_user(text: str) -> Dict[str, Any]:
    return {"role": "user", "content": [{"text": text}]}


def with_correction(
    request: Dict[str, Any],
    target: str,
    text: str,
    errors: Tuple[ValidationIssue, ...],
    tool_turn: Optional[Tuple[List[Any], Optional[str]]] = None,
) -> Dict[str, Any]:
    """A copy of *request* with the reply *text* and a correction turn appended, in the
    message shape of *target*. *tool_turn* (the assistant content blocks and the call id)
    answers a structured-output tool call with an error ``tool_result`` instead."""
    note = correction(errors)
    key = target
    out = dict(request)
    user = _user  # a bare prompt string already there becomes this turn
    if key.startswith("gemini"):
        field_ = "contents"
        turns = [{"role": "model", "parts": [{"text": text}]}, {"role": "user", "parts": [{"text": note}]}]
        user = _gemini_user
    elif key == "bedrock.converse":
        field_ = "messages"
        turns = [{"role": "assistant", "content": [{"text": text}]}, {"role": "user", "content": [{"text": note}]}]
        user = _bedrock_user
    elif key == "openai.responses":
        field_ = "input"
        turns = [{"role": "assistant", "content": text}, {"role": "user", "content": note}]
    elif key == "anthropic.tool" and tool_turn is not None:
        field_ = "messages"
        blocks, call_id = tool_turn
        turns = [
            {"role": "assistant", "content": blocks},
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": call_id, "content": note, "is_error": True}],
            },
        ]
    else:
        field_ = "messages"
        turns = [{"role": "assistant", "content": text}, {"role": "user", "content": note}]
    out[field_] = _turns(out.get(field_), user) + turns
    return out


def _budget_slot(request: Dict[str, Any], target: str) -> Tuple[List[str], str]:
    """(path to the dict holding the budget, field name) for *target*."""
    if target == "openai.chat":
        return (
            [],
            "max_tokens"
            if "max_tokens" in request and "max_completion_tokens" not in request
            else "max_completion_tokens",
        )
    if target == "openai.responses":
        return [], "max_output_tokens"
    if target.startswith("anthropic"):
        return [], "max_tokens"
    if target.startswith("gemini"):
        form = gemini_form(request)
        if form == "sdk":
            return ["config"], "max_output_tokens"
        if form == "rest":
            return ["generationConfig"], "maxOutputTokens"
        return ["generation_config"], "max_output_tokens"
    if target == "bedrock.converse":
        return ["inferenceConfig"], "maxTokens"
    if target == "ollama":
        return ["options"], "num_predict"
    # vLLM's OpenAI-compatible server takes either name: the one the request uses
    return [], "max_completion_tokens" if "max_completion_tokens" in request else "max_tokens"


def budget_of(request: Dict[str, Any], target: str) -> Optional[int]:
    """The token budget *request* sets for *target* (a positive whole number), or ``None``:
    none, unlimited (Ollama ``num_predict`` -1 or -2) or no count (a bool)."""
    path, name = _budget_slot(request, target)
    holder: Any = request
    for key in path:
        holder = _field(holder, key)
    current = _field(holder, name)
    return current if type(current) is int and current > 0 else None


def raise_budget(request: Dict[str, Any], target: str, factor: int, cap: int) -> Optional[Dict[str, Any]]:
    """A copy of *request* with its token budget ×*factor* (capped at *cap*; an SDK config
    keeps its type), or ``None`` when no larger budget can be asked for: the budget is at
    *cap* already, or the request sets none (no positive whole number). A request without
    one runs at the provider's default, and for every target that is the model's maximum
    or no limit at all: OpenAI Chat and Responses have none (the model's output limit),
    Gemini's "varies by model, see ``Model.output_token_limit``", Bedrock's "is the
    maximum allowed value for the model", Ollama's ``num_predict`` is -1 ("infinite
    generation"; -2 "fill context",
    https://github.com/ollama/ollama/blob/main/docs/modelfile.md), vLLM's what the
    context leaves, and Anthropic's ``max_tokens`` is required. No number written
    there is known to be larger: it could lower the budget in effect."""
    current = budget_of(request, target)
    if current is None:
        return None
    path, name = _budget_slot(request, target)
    new = min(current * max(factor, 2), cap)
    if new <= current:
        return None
    update: Dict[str, Any] = {name: new}
    for key in reversed(path):
        update = {key: update}
    out: Dict[str, Any] = merged(request, update)
    return out
