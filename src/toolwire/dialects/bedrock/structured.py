"""Structured output on Amazon Bedrock Converse (``bedrock.converse``).

Followed (checked 2026-11-30): the user guide's "structured-output.html" and the
Converse API reference
(https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html):
``outputConfig.textFormat.structure.jsonSchema`` with the schema as a JSON *string*;
the keywords it refuses (recursion, numeric bounds, string lengths, ``minItems`` above
1: reference/structured-output.md §C.3; Claude's rules, a type-less ``enum`` of
primitives taken, §C.7); ``inferenceConfig.maxTokens``;
the turns in ``messages`` as content blocks, the system prompt in ``system`` (a list of
blocks); a refused schema as a ``ValidationException`` naming ``outputConfig``.
"""

from __future__ import annotations

import json
from typing import Any, Dict, Tuple

from ..._errors import EncodeError
from ..._target import CORE, Ask, Fragment, Profile, Target, turns_field
from .._common import error_names
from ..anthropic.structured import LIMITS as CLAUDE_LIMITS
from ..anthropic.structured import PROFILE as CLAUDE

__all__ = ["CONVERSE"]


_PROFILE = Profile(
    id="bedrock",
    supported=CORE | {"const", "anyOf", "additionalProperties", "$defs", "$ref", "format", "minItems"},
    strict=True,
    recursion=False,
    typed_enum_branches=True,
    typeless_enum=True,
    formats=CLAUDE.formats,
    min_items_max=1,
)


def _fragment(ask: Ask) -> Fragment:
    try:
        text = json.dumps(ask.schema, ensure_ascii=False)
    except ValueError:  # an integer of over 4,300 digits (a lint error of render's too)
        raise EncodeError("Schema holds an integer too long to write as JSON", dialect="bedrock.converse") from None
    spec: Dict[str, Any] = {"schema": text, "name": ask.name}
    if ask.description:
        spec["description"] = ask.description
    return Fragment({"outputConfig": {"textFormat": {"type": "json_schema", "structure": {"jsonSchema": spec}}}})


def _budget(request: Dict[str, Any]) -> Tuple[Tuple[str, ...], str]:
    return ("inferenceConfig",), "maxTokens"


def _turn(role: str, text: str) -> Dict[str, Any]:
    return {"role": role, "content": [{"text": text}]}


def _instruction(request: Dict[str, Any], text: str) -> Dict[str, Any]:
    out = dict(request)
    system = turns_field(out.get("system"), "system")
    if isinstance(system, str):  # one block, never a list of its characters
        system = [{"text": system}] if system else []
    elif not isinstance(system, (list, tuple)):
        system = [] if system is None else [system]
    out["system"] = [*system, {"text": text}]
    return out


def _error(status: int, error: Dict[str, Any]) -> bool:
    # Anthropic models' own errors come through with their field's name (``output_config.format``)
    return error_names(error, params=("outputConfig",), paths=("outputconfig", "textformat", "output_config.format"))


CONVERSE = Target(
    id="bedrock.converse",
    aliases=("bedrock",),
    description="Bedrock Converse outputConfig.textFormat (json_schema as a string)",
    profile=_PROFILE,
    # Bedrock documents no numbers of its own: the request-wide limits and formats of
    # Anthropic's models, which serve most of its structured output, are assumed
    # (override with ``limits=``)
    limits=CLAUDE_LIMITS,
    fragment=_fragment,
    budget=_budget,
    turn=_turn,
    instruction=_instruction,
    schema_error=_error,
    format_fields=("textFormat",),  # outputConfig.textFormat
)
