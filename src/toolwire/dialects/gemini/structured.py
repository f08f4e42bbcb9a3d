"""Structured output on the Gemini API: ``gemini`` (JSON Schema) and ``gemini.openapi``.

Followed (checked 2026-11-30): "Structured output"
(https://ai.google.dev/gemini-api/docs/structured-output) and ``GenerationConfig``
(https://ai.google.dev/api/generate-content#generationconfig): ``response_mime_type``
with ``response_json_schema`` (its keyword list) or ``response_schema`` (the OpenAPI
subset of ``Schema``; google-genai's ``Schema.enum`` is ``list[str]``, "only for STRING
type"); ``max_output_tokens``; the turns in ``contents`` (role ``model``), the system
prompt in ``system_instruction``. A request comes in three spellings: google-genai's
``generate_content(model=, contents=, config=...)`` (everything under ``config``,
snake_case), the REST API's camelCase (``generationConfig``, ``systemInstruction``) and
its snake_case (``generation_config``); every edit follows the request's own (the
turns and the system instruction: ``request``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Dict, Optional, Tuple

from ..._target import CORE, Ask, Fragment, Profile, Target
from .._common import error_names
from .candidates import first
from .request import camel, form, instruction, key_in, turns
from .sniff import set_fields

__all__ = ["JSON_SCHEMA", "OPENAPI"]

_JSON_PROFILE = Profile(
    id="gemini",
    supported=CORE
    | {
        "$defs",
        "$ref",
        "format",
        "prefixItems",
        "minItems",
        "maxItems",
        "minimum",
        "maximum",
        "anyOf",
        "additionalProperties",
        "propertyOrdering",
        "$id",
        "$anchor",
    },
    ref_siblings=False,
    typed_enum_branches=True,
    # "While the full JSON Schema may be sent, not all features are supported"
    # (GenerationConfig.responseJsonSchema, https://ai.google.dev/api/generate-content, checked
    # 2026-12-06): a keyword of another type than the node's is not refused, yet has no effect
    # (JSON Schema validation §6.1); left out, as on the OpenAPI form (refused there: "properties:
    # only allowed for OBJECT type"), so the wire never rests on how Gemini reads it
    typed_keywords=True,
    enum_types=frozenset({"string", "integer", "number"}),
    notes={"recursion": "only through properties that are not required"},
)
_OPENAPI_PROFILE = Profile(
    id="gemini.openapi",
    supported=CORE
    | {
        "format",
        "nullable",
        "default",
        "example",
        "minItems",
        "maxItems",
        "minLength",
        "maxLength",
        "pattern",
        "minimum",
        "maximum",
        "minProperties",
        "maxProperties",
        "propertyOrdering",
        "anyOf",
    },
    recursion=False,
    inline_refs=True,
    type_arrays=False,
    typed_enum_branches=True,  # "enum: only allowed for STRING type": a type-less enum gets its type
    openapi=True,
    enum_types=frozenset({"string"}),  # google-genai ``Schema.enum: list[str]``, "only for STRING type"
)


def _json_fragment(ask: Ask) -> Fragment:
    config = {"response_mime_type": "application/json", "response_json_schema": ask.schema}
    return Fragment({"generation_config": config})


def _openapi_fragment(ask: Ask) -> Fragment:
    return Fragment({"generation_config": {"response_mime_type": "application/json", "response_schema": ask.schema}})


def _place(fragment: Dict[str, Any], request: Dict[str, Any]) -> Dict[str, Any]:
    """The fragment's ``generation_config`` where the token budget of *request*'s
    spelling goes."""
    inner = fragment.get("generation_config")
    if not isinstance(inner, dict):
        return fragment
    out = {k: v for k, v in fragment.items() if k != "generation_config"}
    holder, default_camel = _config(request)
    config = request.get(holder)
    out[holder] = {key_in(config, k, default_camel, f"$.{holder}"): v for k, v in inner.items()}
    return out


def _config(request: Dict[str, Any]) -> Tuple[str, bool]:
    """Where *request*'s spelling holds its config (google-genai's ``config``, REST
    ``generationConfig`` or ``generation_config``) and whether a field it does not hold
    yet is written in camelCase there (unless its keys all follow the other spelling)."""
    spelling = form(request)
    if spelling == "sdk":
        return "config", False
    if spelling == "rest":
        return "generationConfig", True
    return "generation_config", False


def _budget(request: Dict[str, Any]) -> Tuple[Tuple[str, ...], str]:
    """Where *request* sets its token budget: ``max_output_tokens`` in its config, under
    the key the config holds it in (or follows)."""
    holder, default_camel = _config(request)
    return (holder,), key_in(request.get(holder), "max_output_tokens", default_camel, f"$.{holder}")


def _resume(request: Dict[str, Any]) -> Tuple[Tuple[str, ...], str]:
    """Where a request carries a continuation token: ``GenerateContentRequest``'s
    ``continuationToken`` (google-genai writes ``GenerateContentConfig.continuation_token``
    there), the SDK's ``config.continuation_token``."""
    spelling = form(request)
    if spelling == "sdk":
        return ("config",), key_in(request.get("config"), "continuation_token", False, "$.config")
    return (), "continuationToken" if spelling == "rest" else "continuation_token"


def _resume_token(raw: Any) -> Any:
    """The first candidate's ``continuationToken`` (google-genai ``Candidate.continuation_token``:
    "returned when ``finish_reason`` is ``CONTINUATION``"), as given (base64 text, or the
    SDK's bytes); ``None`` without one."""
    cands = raw.get("candidates") if isinstance(raw, dict) else None
    cand = first(cands) if type(cands) is list else None
    if not isinstance(cand, dict):
        return None
    token = cand.get("continuationToken")
    if token is None:
        token = cand.get("continuation_token")
    return token if isinstance(token, (str, bytes)) and token else None


def _turn(role: str, text: str) -> Dict[str, Any]:
    return {"role": "model" if role == "assistant" else role, "parts": [{"text": text}]}


def _reply_turn(raw: Any) -> Optional[Dict[str, Any]]:
    """The first candidate's ``content`` as it came (a copy), its parts' ``thoughtSignature``
    and its thought parts kept: "if you receive a thought signature in a model response,
    you should pass it back exactly as it was received"
    (https://ai.google.dev/gemini-api/docs/thought-signatures, checked 2026-12-06);
    ``None`` for a reply that is no dict or holds no parts (the text's turn then). A
    google-genai reply's parts go as the REST API sent them (``_wire_part``)."""
    cands = raw.get("candidates") if isinstance(raw, dict) else None
    cand = first(cands) if type(cands) is list else None
    content = cand.get("content") if isinstance(cand, dict) else None
    if not isinstance(content, dict) or type(content.get("parts")) is not list or not content["parts"]:
        return None
    rest = {camel(k) if type(k) is str else k: v for k, v in set_fields(content, "parts").items()}
    return {**rest, "role": "model", "parts": [_wire_part(p) for p in content["parts"]]}


def _wire_part(part: Any) -> Any:
    """*part* (a dict) in the REST wire form (https://ai.google.dev/api/caching#Part,
    proto3 JSON): a google-genai dump's unset (``None``) fields left out, its ``bytes``
    (``thought_signature``) as base64 text and its enums as their words (``set_fields``),
    field names in camelCase (``_camel_fields``); a member object's fields alike, one
    level down (a ``FunctionCall``'s ``args``, the caller's JSON, is kept as it is, and so
    is ``partMetadata``, a ``Struct`` of the caller's own keys, nulls included)."""
    if type(part) is not dict:
        return part
    out = _camel_fields(set_fields(part))
    for key, v in out.items():
        if type(v) is dict and (camel(key) if type(key) is str else key) != "partMetadata":
            out[key] = _camel_fields(set_fields(v))
    return out


def _camel_fields(fields: Dict[str, Any]) -> Dict[str, Any]:
    """*fields* with camelCase names; where two spellings of one field (proto3 JSON
    parsers take both: ``thought_signature`` and ``thoughtSignature``) hold different
    values, *fields* as received: neither is picked in silence (equal: one key)."""
    out: Dict[str, Any] = {}
    for k, v in fields.items():
        key = camel(k) if type(k) is str else k
        if key in out and out[key] != v:
            return dict(fields)
        out[key] = v
    return out


def _error(status: int, error: Dict[str, Any]) -> bool:
    return error_names(
        error,
        params=("generation_config", "generationConfig"),
        paths=("response_schema", "response_json_schema", "responseschema", "responsejsonschema"),
    )


JSON_SCHEMA = Target(
    id="gemini",
    aliases=("gemini.json_schema", "vertex"),
    description="Gemini generationConfig.response_json_schema (JSON Schema)",
    profile=_JSON_PROFILE,
    fragment=_json_fragment,
    place=_place,
    budget=_budget,
    resume=_resume,
    resume_token=_resume_token,
    history="contents",
    turn=_turn,
    reply_turn=_reply_turn,
    turns=turns,
    instruction=instruction,
    schema_error=_error,
    # one of the two: "If [response_json_schema] is set, response_schema must be omitted"
    format_fields=("response_json_schema", "response_schema", "responseJsonSchema", "responseSchema"),
)
OPENAPI = replace(
    JSON_SCHEMA,
    id="gemini.openapi",
    aliases=(),
    description="Gemini generationConfig.response_schema (the OpenAPI subset)",
    profile=_OPENAPI_PROFILE,
    fragment=_openapi_fragment,
)
