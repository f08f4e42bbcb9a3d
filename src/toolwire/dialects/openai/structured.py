"""Structured output on OpenAI's APIs, and on vLLM's OpenAI-compatible server.

Followed (checked 2026-11-30):

- "Structured model outputs" (https://platform.openai.com/docs/guides/structured-outputs):
  the keywords and formats taken, every property required, ``additionalProperties:
  false``, an object root, no ``allOf``, ``oneOf``, ``default``, string lengths or
  ``patternProperties``; the limits (5,000 object properties, 10 levels of nesting,
  120,000 characters of names and enum values, 1,000 enum values, 15,000 characters for
  one string enum of more than 250 values; the 2024 guide said 100, 5, 15,000 and 500).
- Chat Completions ``response_format``
  (https://platform.openai.com/docs/api-reference/chat/create#chat-create-response_format):
  ``{"type": "json_schema", "json_schema": {"name", "schema", "strict"}}``; the budget is
  ``max_completion_tokens`` (``max_tokens`` when the request uses it).
- Responses ``text.format``
  (https://platform.openai.com/docs/api-reference/responses/create#responses-create-text):
  ``{"type": "json_schema", "name", "schema", "strict"}`` (flat); ``max_output_tokens``;
  the turns in ``input``, the system prompt in ``instructions``.
- openai-java's client-side check of a strict schema (``JsonSchemaValidator.kt``,
  checked 2026-12-06): exactly one of ``type``, ``anyOf``, ``$ref`` in a schema, and
  beside ``anyOf`` or ``$ref`` only ``title`` and ``description``; the guide's
  "Supported schemas": each nested schema of an ``anyOf`` must be valid on its own.
- Error codes and ``param`` (https://platform.openai.com/docs/guides/error-codes).
- vLLM "Structured Outputs" (https://docs.vllm.ai/en/latest/features/structured_outputs.html):
  ``structured_outputs.json`` through the client's ``extra_body`` (the ``guided_*``
  fields were removed in v0.12.0); ``max_tokens`` or ``max_completion_tokens``.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, Dict, FrozenSet, Optional, Tuple

from ..._target import CORE, PERMISSIVE, Ask, Fragment, Limits, Profile, Target
from .._common import error_names

__all__ = ["CHAT", "RESPONSES", "VLLM"]

FORMATS = frozenset({"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"})

PROFILE = Profile(
    id="openai",
    supported=CORE
    | {
        "const",
        "anyOf",
        "additionalProperties",
        "$defs",
        "$ref",
        "pattern",
        "format",
        "multipleOf",
        "maximum",
        "exclusiveMaximum",
        "minimum",
        "exclusiveMinimum",
        "minItems",
        "maxItems",
    },
    strict=True,
    all_required=True,
    object_root=True,
    ref_siblings=False,
    union_siblings=False,
    typed_enum_branches=True,
    formats=FORMATS,
    no_lookaround=True,
)
LIMITS = Limits(
    max_properties=5000,
    max_depth=10,
    max_chars=120_000,
    max_enum_values=1000,
    large_enum_threshold=250,
    large_enum_chars=15_000,
)
_CODES = ("invalid_json_schema", "invalid_schema", "unsupported_schema")


def _chat_fragment(ask: Ask) -> Fragment:
    spec = {"name": ask.name, "schema": ask.schema, "strict": ask.strict}
    return Fragment({"response_format": {"type": "json_schema", "json_schema": spec}})


def _count(request: Dict[str, Any], name: str) -> bool:
    value = request.get(name)
    return type(value) is int and value > 0


def _chat_budget(request: Dict[str, Any]) -> Tuple[Tuple[str, ...], str]:
    # the field that holds a count; a ``None`` (JSON null: "not set", as the SDK sends an explicit
    # ``None``) beside the other's count leaves that one in effect
    if _count(request, "max_completion_tokens"):
        return (), "max_completion_tokens"
    old = "max_tokens" in request and ("max_completion_tokens" not in request or _count(request, "max_tokens"))
    return (), "max_tokens" if old else "max_completion_tokens"


def _chat_error(status: int, error: Dict[str, Any]) -> bool:
    # an OpenAI-compatible proxy (LiteLLM) hands on the error of the model behind it, which names the
    # field it translated ``response_format`` into: Anthropic's ``output_config.format`` (reference
    # structured-output.md, ALTK #118)
    return error_names(error, params=("response_format",),
                       paths=("response_format", "json_schema", "output_config.format"), codes=_CODES)


def _responses_fragment(ask: Ask) -> Fragment:
    spec = {"type": "json_schema", "name": ask.name, "schema": ask.schema, "strict": ask.strict}
    return Fragment({"text": {"format": spec}})


def _responses_budget(request: Dict[str, Any]) -> Tuple[Tuple[str, ...], str]:
    return (), "max_output_tokens"


def _responses_instruction(request: Dict[str, Any], text: str) -> Dict[str, Any]:
    out = dict(request)
    old = out.get("instructions")
    out["instructions"] = f"{old}\n\n{text}" if isinstance(old, str) and old else text
    return out


def _responses_error(status: int, error: Dict[str, Any]) -> bool:
    return error_names(error, params=("text.format", "text"), paths=("text.format", "json_schema"), codes=_CODES)


def _vllm_fragment(ask: Ask) -> Fragment:
    return Fragment({"extra_body": {"structured_outputs": {"json": ask.schema}}})


def _vllm_budget(request: Dict[str, Any]) -> Tuple[Tuple[str, ...], str]:
    # the OpenAI-compatible server takes either name: the one the request uses (the one that holds a
    # count, when the other is ``None``)
    new = "max_completion_tokens" in request and not (_count(request, "max_tokens")
                                                      and not _count(request, "max_completion_tokens"))
    return (), "max_completion_tokens" if new else "max_tokens"


#: vLLM's 400 for a schema its backend cannot compile: guidance's
#: ``validate_guidance_grammar`` ("Grammar error: Unimplemented keys: [...]", "Grammar
#: error: Unknown format: ..."; noonghunna/club-3090#45 shows one) and xgrammar's check
#: ("The provided JSON schema contains features not supported by xgrammar.")
_VLLM_REFUSED = ("structured_outputs", "grammarerror:", "notsupportedbyxgrammar")


def _vllm_error(status: int, error: Dict[str, Any]) -> bool:
    return error_names(error, params=("structured_outputs", "extra_body"), paths=_VLLM_REFUSED)


_UNIMPLEMENTED = "Unimplemented keys:"


def _vllm_error_keys(error: Dict[str, Any]) -> Optional[FrozenSet[str]]:
    """The keys llguidance's "Unimplemented keys: [...]" names (a JSON list of strings,
    1.3.0 and 1.9.1: ``Unimplemented keys: ["contains", "uniqueItems"]``), which vLLM
    sends after "Grammar error: "; ``None`` for another message or a list not read whole.
    With ``tool_choice: "required"`` vLLM builds a grammar from the caller's ``tools``
    too, so the keys tell whose schema it was."""
    message = error.get("message")
    at = message.find(_UNIMPLEMENTED) if isinstance(message, str) else -1
    if not isinstance(message, str) or at < 0:
        return None
    keys = _flat_list(message[at + len(_UNIMPLEMENTED):].lstrip())
    if not isinstance(keys, list) or not keys or not all(isinstance(k, str) for k in keys):
        return None
    return frozenset(keys)


def _flat_list(text: str) -> Any:
    """The JSON list *text* starts with when nothing in it nests (a bracket or brace outside
    its strings: ``None``), found by one scan and then decoded: a deep nesting is no key
    list, and the decoder never recurses into it."""
    if not text.startswith("["):
        return None
    quoted = escaped = False
    for i in range(1, len(text)):
        c = text[i]
        if quoted:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif c == "]":
            try:
                return json.loads(text[:i + 1])
            except ValueError:
                return None
        elif c in "[{":
            return None
    return None


CHAT = Target(
    id="openai.chat",
    aliases=("openai", "azure", "azure.openai"),
    description="OpenAI Chat Completions response_format (json_schema)",
    profile=PROFILE,
    limits=LIMITS,
    strict_flag=True,
    fragment=_chat_fragment,
    budget=_chat_budget,
    schema_error=_chat_error,
    format_fields=("response_format",),
)
RESPONSES = Target(
    id="openai.responses",
    description="OpenAI Responses text.format (json_schema)",
    profile=PROFILE,
    limits=LIMITS,
    strict_flag=True,
    fragment=_responses_fragment,
    budget=_responses_budget,
    history="input",
    instruction=_responses_instruction,
    schema_error=_responses_error,
    format_fields=("format",),  # text.format
)
#: What vLLM's default backend (xgrammar) enforces (reference/structured-output.md §C.7,
#: the vLLM column; checked against xgrammar 0.1.29, vLLM's pin, and 0.2.9, llguidance
#: 1.3.0 and 1.9.1, 2026-12-06): ``allOf`` and ``format`` only in part, ``multipleOf``
#: ignored; ``oneOf`` read as ``anyOf`` unless its branches are disjoint (mlc-ai/xgrammar
#: ``cpp/json_schema_converter.cc``: "falling back to anyOf semantics"); a node holding
#: ``$ref``, ``const`` or ``enum`` written from that keyword alone (``SchemaParser``
#: reads ``$ref``, ``const``, ``enum``, then ``anyOf``/``oneOf``..., and ``ParseRef``,
#: ``ParseConst``, ``ParseEnum`` read their own keyword only); keywords beside
#: ``anyOf``/``oneOf`` not applied either, in 0.1.29 as in 0.2.9 (``{"anyOf": [int,
#: null], "minimum": 3}`` compiles to ``root ::= basic_integer | basic_null``); a
#: ``pattern`` matched against the whole string (``regex_converter.cc``); strict mode
#: (vLLM's ``compile_json_schema`` default) closes objects without
#: ``additionalProperties`` and arrays past ``prefixItems``; integer bounds past int64
#: refused ("Integer exceeds maximum limit"). vLLM's ``auto`` backend
#: (``vllm/v1/structured_output/backend_xgrammar.py``) hands a schema xgrammar cannot
#: take (``uniqueItems``, ``contains``, ``multipleOf``, a format outside its list...) to
#: llguidance, which refuses the keys it does not implement ("Grammar error:
#: Unimplemented keys", "Unknown format") with HTTP 400: those are moved, never sent.
#: llguidance refuses keywords beside a ``$ref`` closing a cycle, xgrammar a property of
#: subschema ``false`` (``schema/_engine_refs.py``): the siblings are moved, the property left out.
#: vLLM's other backends (lm-format-enforcer 0.11.3 drops every keyword beside a type list,
#: reads oneOf branches as objects): a type list with null and a disjoint oneOf are written
#: as anyOf (``schema/_engine_forms.py``), exact in every engine.
#: Engine bug, not worked around: xgrammar before 0.2.9 (0.1.29 to 0.2.0) writes a lone
#: lower bound as ``[2-9] | [1-9] [0-9]*``, so ``minimum: 2`` admits 1 (fixed in 0.2.9).
VLLM_PROFILE = replace(
    PERMISSIVE,
    id="vllm",
    enforced=CORE
    | {
        "const",
        "anyOf",
        "oneOf",
        "$ref",
        "additionalProperties",
        "prefixItems",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "minLength",
        "maxLength",
        "pattern",
        "minItems",
        "maxItems",
    },
    # the formats both engines know (xgrammar's list and llguidance 1.3.0's): another
    # one sends the schema to llguidance, which answers "Unknown format"
    formats=frozenset({"email", "date", "time", "date-time", "duration", "ipv4", "ipv6", "hostname", "uuid"}),
    enforced_only=frozenset({"one_of_as_any_of", "ref_alone", "value_alone", "values_first", "union_alone",
                             "pattern_whole", "int64_bounds", "formats_listed", "closes_objects",
                             "counts_all_required", "ref_cycle_alone", "no_false_properties", "uri_refs",
                             "null_branch", "disjoint_one_of"}),
    # what sends the schema to llguidance (``has_xgrammar_unsupported_json_features``), which
    # answers "Unimplemented keys" (1.3.0 and 1.9.1). Its other unimplemented keys (``not``,
    # ``if``/``then``/``else``, ``dependentSchemas``, ``dependentRequired``, ``unevaluated*``)
    # are sent: xgrammar skips them (but ``unevaluatedProperties``, which 0.2.9 reads where
    # ``additionalProperties`` is absent), and they fail only a schema that goes to
    # llguidance for another reason (``multipleOf``, a string's lengths beside its pattern)
    # llguidance 1.9.1 refuses the dynamic keywords too ("Unimplemented keys: [\"$dynamicAnchor\"]"): the
    # refs are resolved by ``normalize``, their anchors left out, a ``$recursiveRef`` of another draft moved
    refused=frozenset({"uniqueItems", "contains", "minContains", "maxContains", "propertyNames",
                       "$dynamicAnchor", "$recursiveAnchor", "$dynamicRef", "$recursiveRef"}),
)
VLLM = Target(
    id="vllm",
    description="vLLM's OpenAI-compatible server: extra_body.structured_outputs.json",
    profile=VLLM_PROFILE,
    fragment=_vllm_fragment,
    budget=_vllm_budget,
    schema_error=_vllm_error,
    error_keys=_vllm_error_keys,
    # structured_outputs takes one constraint of these (its other fields are options)
    format_fields=("json", "regex", "choice", "grammar", "json_object", "structural_tag"),
)
