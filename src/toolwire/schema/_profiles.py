"""Provider profiles for structured output, as data: what each wire accepts.

Each profile lists the keywords its native structured-output mode accepts, the rewrites
it needs and where the schema goes in the request. Sources (checked 2026-11-30):

- OpenAI "Structured model outputs" guide
  (https://platform.openai.com/docs/guides/structured-outputs): supported keywords and
  formats, all-required, ``additionalProperties: false``, object root, no ``allOf``,
  ``oneOf``, ``default``, ``minLength``/``maxLength``, ``patternProperties``.
- Anthropic "Structured outputs"
  (https://platform.claude.com/docs/en/build-with-claude/structured-outputs): no
  recursion, numeric bounds, ``multipleOf``, string lengths; ``minItems`` 0 or 1 only;
  ``additionalProperties`` must be ``false``; formats incl. ``uri``.
- Gemini "Structured output" and the ``GenerationConfig`` reference
  (https://ai.google.dev/gemini-api/docs/structured-output and
  https://ai.google.dev/api/generate-content#generationconfig): the keyword list of
  ``response_json_schema`` and the OpenAPI-subset ``Schema`` of ``response_schema``.
- Amazon Bedrock user guide "structured-output.html" and the Converse ``OutputConfig``
  API reference (https://docs.aws.amazon.com/bedrock/latest/userguide/): schema as a
  string, the Anthropic-like keyword limits.
- Ollama API ``format`` (https://github.com/ollama/ollama/blob/main/docs/api.md) and
  vLLM "Structured Outputs" (https://docs.vllm.ai/en/latest/features/structured_outputs.html):
  ``structured_outputs.json`` (the ``guided_*`` fields were removed in v0.12.0).

The summary table is ``reference/structured-output.md`` §C.7.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, FrozenSet, Optional

from .._errors import UnknownDialectError

__all__ = ["ALIASES", "PROFILES", "Profile", "get_profile"]

_CORE = frozenset({"type", "properties", "required", "items", "enum", "description", "title"})
_OPENAI_FORMATS = frozenset({"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"})


@dataclass(frozen=True)
class Profile:
    """How one target takes a JSON Schema.

    ``supported``: keywords sent as they are. ``strict``: every object gets
    ``additionalProperties: false`` and free-form objects/maps are not representable.
    ``all_required``: optional properties become required and nullable (mapped back on
    the way in). ``object_root``: a non-object root is wrapped as ``{"result": ...}``.
    ``inline_refs``: ``$defs`` are inlined (no recursion). ``openapi``: the OpenAPI
    subset (``nullable`` instead of null in ``type``, no ``type`` arrays, ``const`` as
    ``enum``). ``min_items_max``: the largest ``minItems`` accepted. ``all_of_refs``:
    an ``allOf`` may hold a ``$ref``.
    """

    id: str
    supported: FrozenSet[str]
    strict: bool = False
    all_required: bool = False
    object_root: bool = False
    recursion: bool = True
    inline_refs: bool = False
    ref_siblings: bool = True
    type_arrays: bool = True
    typed_enum_branches: bool = False
    openapi: bool = False
    formats: Optional[FrozenSet[str]] = None
    no_lookaround: bool = False
    min_items_max: Optional[int] = None
    all_of_refs: bool = True
    enum_types: FrozenSet[str] = frozenset({"string", "integer", "number", "boolean", "null"})
    permissive: bool = False
    notes: Dict[str, str] = field(default_factory=dict)


_OPENAI = Profile(
    id="openai",
    supported=_CORE
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
    typed_enum_branches=True,
    formats=_OPENAI_FORMATS,
    no_lookaround=True,
)
_ANTHROPIC = Profile(
    id="anthropic",
    supported=_CORE | {"const", "anyOf", "allOf", "additionalProperties", "$defs", "$ref", "format", "minItems"},
    strict=True,
    recursion=False,
    typed_enum_branches=True,
    formats=_OPENAI_FORMATS | {"uri"},
    min_items_max=1,
    all_of_refs=False,
    enum_types=frozenset({"string", "integer", "number", "boolean", "null"}),
)
_BEDROCK = Profile(
    id="bedrock",
    supported=_CORE | {"const", "anyOf", "additionalProperties", "$defs", "$ref", "format", "minItems"},
    strict=True,
    recursion=False,
    typed_enum_branches=True,
    formats=_OPENAI_FORMATS | {"uri"},
    min_items_max=1,
)
_GEMINI = Profile(
    id="gemini",
    supported=_CORE
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
_GEMINI_OPENAPI = Profile(
    id="gemini.openapi",
    supported=_CORE
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
_PERMISSIVE = Profile(id="permissive", supported=frozenset(), permissive=True)

#: target id -> profile
PROFILES: Dict[str, Profile] = {
    "openai.chat": _OPENAI,
    "openai.responses": _OPENAI,
    "anthropic.messages": _ANTHROPIC,
    "anthropic.messages.beta": _ANTHROPIC,
    "anthropic.tool": _ANTHROPIC,
    "gemini": _GEMINI,
    "gemini.openapi": _GEMINI_OPENAPI,
    "bedrock.converse": _BEDROCK,
    "ollama": _PERMISSIVE,
    "vllm": _PERMISSIVE,
    "prompt": _PERMISSIVE,
}

ALIASES: Dict[str, str] = {
    "openai": "openai.chat",
    "azure": "openai.chat",
    "azure.openai": "openai.chat",
    "anthropic": "anthropic.messages",
    "bedrock": "bedrock.converse",
    "gemini.json_schema": "gemini",
    "vertex": "gemini",
    "ollama.chat": "ollama",
}


def get_profile(target: str) -> tuple[str, Profile]:
    """The canonical target id and its profile; ``UnknownDialectError`` otherwise."""
    key = ALIASES.get(target, target)
    try:
        return key, PROFILES[key]
    except KeyError:
        known = ", ".join(sorted(PROFILES))
        raise UnknownDialectError(
            f"Unknown structured-output target {target!r}; known targets: {known}",
            dialect=target,
        ) from None
