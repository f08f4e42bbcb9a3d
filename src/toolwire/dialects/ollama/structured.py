"""Structured output on Ollama (``ollama``).

Followed (checked 2026-11-30): the API's ``format``, which takes a JSON Schema and
enforces it (https://github.com/ollama/ollama/blob/main/docs/api.md); the budget is
``options.num_predict`` (-1 "infinite generation", -2 "fill context",
https://github.com/ollama/ollama/blob/main/docs/modelfile.md); the turns and system
prompt are Chat-style ``messages``. ``format`` becomes a grammar through llama.cpp's
JSON-Schema converter (ollama ``llm/server.go`` -> ``llama.SchemaToGrammar``), which
skips what it does not know "silently" (ggml-org/llama.cpp ``grammars/README.md``,
known limitations): the profile's ``enforced`` and ``enforced_only`` say what it
applies, and ``render`` reports the rest ``unenforced``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Dict, Tuple

from ..._target import CORE, PERMISSIVE, Ask, Fragment, Target
from .._common import error_names

__all__ = ["FORMAT"]


#: What llama.cpp's converter applies (grammars/README.md; common/json-schema-to-grammar.cpp):
#: numeric bounds on integers only, formats but ``uri``/``email``, nothing beside
#: ``anyOf``/``oneOf`` (#7703), a ``$ref`` or ``const``/``enum`` (``visit`` writes the
#: first of ``$ref``, ``oneOf``/``anyOf``, a type array, ``const``, ``enum`` alone); ``prefixItems`` is
#: "broken", ``allOf`` only merges object parts; ``uniqueItems``, ``contains``, ``not``,
#: ``if``/``then``/``else``, ``dependentSchemas``, ``patternProperties`` are unsupported;
#: a ``pattern`` not written ``^...$`` (or with an escape its GBNF lacks, ``\d``...) fails
#: the request ("Pattern must start with '^' and end with '$'"); ``oneOf`` is written as
#: ``anyOf`` (``_generate_union_rule``), so enforced only where its branches are disjoint;
#: a string gets one rule of ``pattern``, ``format``, ``minLength``/``maxLength`` (``visit``);
#: an object with ``properties`` is closed to them unless ``additionalProperties`` is ``true``
#: or a schema (``_build_object_rule``), its required names written only among them.
_PROFILE = replace(
    PERMISSIVE,
    id="ollama",
    enforced=CORE
    | {
        "const",
        "anyOf",
        "oneOf",
        "$ref",
        "additionalProperties",
        "minItems",
        "maxItems",
        "minLength",
        "maxLength",
        "pattern",
        "format",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
    },
    formats=frozenset({"date", "time", "date-time", "uuid"}),
    enforced_only=frozenset(
        {"integer_bounds", "union_alone", "ref_alone", "value_alone", "pattern_anchored", "one_of_as_any_of",
         "one_string_rule", "closes_properties"}
    ),
)


def _fragment(ask: Ask) -> Fragment:
    return Fragment({"format": ask.schema})


def _budget(request: Dict[str, Any]) -> Tuple[Tuple[str, ...], str]:
    return ("options",), "num_predict"


# what Ollama answers for a ``format`` it cannot take (``{"error": "..."}``, no
# ``param``: llm/server.go ``Completion``, whose error the handler sends with HTTP 500,
# as datalab-to/marker#984 shows): a ``param`` of ``format`` is another API's
_REFUSED = ("invalidjsonschemainformat", 'expected"json"oravalidjsonschemaobject')


def _error(status: int, error: Dict[str, Any]) -> bool:
    said = error.get("error")  # the body itself: its ``error`` is the message
    return error_names({"message": said} if isinstance(said, str) else error, paths=_REFUSED)


FORMAT = Target(
    id="ollama",
    aliases=("ollama.chat",),
    description="Ollama format (a JSON Schema)",
    profile=_PROFILE,
    fragment=_fragment,
    budget=_budget,
    schema_error=_error,
    server_error=_error,
    format_fields=("format",),
)
