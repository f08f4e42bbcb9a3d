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
its snake_case (``generation_config``); every edit follows the request's own.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Dict, Tuple

from ..._target import CORE, Ask, Fragment, Profile, Target, is_sdk_model, merged
from .._common import error_names

__all__ = ["JSON_SCHEMA", "OPENAPI", "form"]

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
    openapi=True,
    enum_types=frozenset({"string"}),  # google-genai ``Schema.enum: list[str]``, "only for STRING type"
)


def form(request: Dict[str, Any]) -> str:
    """Which spelling a Gemini request follows: ``"sdk"`` (google-genai, ``config``),
    ``"rest"`` (``generationConfig``, camelCase) or ``"snake"`` (``generation_config``)."""
    if "config" in request:
        return "sdk"
    if "generationConfig" in request or "systemInstruction" in request or "toolConfig" in request:
        return "rest"
    return "snake"


def _camel(key: str) -> str:
    head, *rest = key.split("_")
    return head + "".join(w[:1].upper() + w[1:] for w in rest)


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
    spelling = form(request)
    if spelling == "sdk":
        out["config"] = inner
    elif spelling == "rest":
        out["generationConfig"] = {_camel(k): v for k, v in inner.items()}
    else:
        out["generation_config"] = inner
    return out


def _budget(request: Dict[str, Any]) -> Tuple[Tuple[str, ...], str]:
    spelling = form(request)
    if spelling == "sdk":
        return ("config",), "max_output_tokens"
    if spelling == "rest":
        return ("generationConfig",), "maxOutputTokens"
    return ("generation_config",), "max_output_tokens"


def _turn(role: str, text: str) -> Dict[str, Any]:
    return {"role": "model" if role == "assistant" else role, "parts": [{"text": text}]}


def _instruction(request: Dict[str, Any], text: str) -> Dict[str, Any]:
    out = dict(request)
    config = out.get("config")
    if is_sdk_model(config) and "system_instruction" not in out:
        # google-genai's config object: the instruction joins its ``system_instruction``, the type kept
        said = getattr(config, "system_instruction", None)
        held = {"system_instruction": said} if said is not None else {}
        added = _instruction(dict(out, config=held), text)["config"]
        out["config"] = merged(config, added)
    elif isinstance(config, dict) and "system_instruction" not in out:
        config = dict(config)  # google-genai: the system instruction is a config field
        old = config.get("system_instruction")
        if isinstance(old, dict):  # a Content
            config["system_instruction"] = dict(old, parts=list(old.get("parts") or []) + [{"text": text}])
        elif isinstance(old, list):  # parts or strings
            config["system_instruction"] = list(old) + [text]
        else:
            config["system_instruction"] = f"{old}\n\n{text}" if isinstance(old, str) and old else text
        out["config"] = config
    else:
        # the spelling already there, else the request's convention (REST: camelCase)
        if "systemInstruction" in out or "system_instruction" in out:
            name = "systemInstruction" if "systemInstruction" in out else "system_instruction"
        else:
            name = "systemInstruction" if form(out) == "rest" else "system_instruction"
        old = out.get(name)
        parts = list(old.get("parts") or []) if isinstance(old, dict) else []
        if isinstance(old, str):
            parts = [{"text": old}]
        out[name] = {"parts": parts + [{"text": text}]}
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
    history="contents",
    turn=_turn,
    instruction=_instruction,
    schema_error=_error,
)
OPENAPI = replace(
    JSON_SCHEMA,
    id="gemini.openapi",
    aliases=(),
    description="Gemini generationConfig.response_schema (the OpenAPI subset)",
    profile=_OPENAPI_PROFILE,
    fragment=_openapi_fragment,
)
