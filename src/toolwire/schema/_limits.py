"""Provider limits checked before sending, as a dated, overridable table.

Sources (checked 2026-11-30):

- OpenAI "Structured model outputs", section "Supported schemas / limits"
  (https://platform.openai.com/docs/guides/structured-outputs): up to 5,000 object
  properties in total, 10 levels of nesting, 120,000 characters of property names,
  definition names, enum and const values, 1,000 enum values across the schema, and
  15,000 characters of enum values for a single string enum with more than 250 values.
  The 2024 guide said 100 properties, 5 levels, 15,000 characters and 500 enum values;
  the numbers change without notice, so pass ``limits=`` to override them.
- Anthropic "Structured outputs", section "Limitations"
  (https://platform.claude.com/docs/en/build-with-claude/structured-outputs): 20 strict
  tools per request, 24 optional parameters and 16 union-typed parameters (``anyOf`` or a
  ``type`` array) in total across all strict schemas of a request.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

from ._normalize import iter_subschemas
from ._report import Lint

__all__ = ["LIMITS", "Limits", "check_limits"]


@dataclass(frozen=True)
class Limits:
    """Numeric limits of one provider; ``None`` means no limit is known."""

    checked: str = "2026-11-30"
    max_properties: Optional[int] = None
    max_depth: Optional[int] = None
    max_chars: Optional[int] = None
    max_enum_values: Optional[int] = None
    large_enum_threshold: Optional[int] = None
    large_enum_chars: Optional[int] = None
    max_optional: Optional[int] = None
    max_unions: Optional[int] = None
    max_strict_tools: Optional[int] = None


_OPENAI = Limits(
    max_properties=5000,
    max_depth=10,
    max_chars=120_000,
    max_enum_values=1000,
    large_enum_threshold=250,
    large_enum_chars=15_000,
)
_ANTHROPIC = Limits(max_optional=24, max_unions=16, max_strict_tools=20)

#: target id -> limits (the defaults; override per call with ``limits=``)
LIMITS: Dict[str, Limits] = {
    "openai.chat": _OPENAI,
    "openai.responses": _OPENAI,
    "anthropic.messages": _ANTHROPIC,
    "anthropic.messages.beta": _ANTHROPIC,
    "anthropic.tool": _ANTHROPIC,
    "bedrock.converse": _ANTHROPIC,
}


def check_limits(
    schemas: Union[Dict[str, Any], Sequence[Dict[str, Any]]],
    target: str,
    *,
    limits: Optional[Union[Limits, Dict[str, Any]]] = None,
) -> List[Lint]:
    """Limit problems of the wire schema(s) of one request, as ``Lint`` errors.

    Pass every strict schema of a request (the output schema and strict tools) as a
    list: Anthropic's optional-parameter and union budgets are request-wide.
    """
    from ._profiles import get_profile

    key, _ = get_profile(target)
    lim = LIMITS.get(key, Limits())
    if isinstance(limits, Limits):
        lim = limits
    elif isinstance(limits, dict):
        lim = replace(lim, **limits)
    items: List[Dict[str, Any]] = [schemas] if isinstance(schemas, dict) else list(schemas)
    out: List[Lint] = []
    props = chars = enums = optional = unions = 0
    for schema in items:
        for _, node in iter_subschemas(schema):
            if not isinstance(node, dict):
                continue
            p = node.get("properties")
            if isinstance(p, dict):
                props += len(p)
                chars += sum(len(k) for k in p)
                req = node.get("required")
                named = {r for r in req if type(r) is str} if isinstance(req, list) else ()
                optional += sum(1 for k in p if k not in named)
            if isinstance(node.get("$defs"), dict):
                chars += sum(len(k) for k in node["$defs"])
            if "anyOf" in node or isinstance(node.get("type"), list):
                unions += 1
            values = node.get("enum")
            if isinstance(values, list):
                enums += len(values)
                chars += sum(len(str(v)) for v in values)
                text = sum(len(v) for v in values if isinstance(v, str))
                if (
                    lim.large_enum_threshold
                    and len(values) > lim.large_enum_threshold
                    and lim.large_enum_chars
                    and text > lim.large_enum_chars
                ):
                    out.append(
                        Lint(
                            "limit-enum-chars",
                            "",
                            f"a string enum with {len(values)} values has {text} characters; "
                            f"the limit is {lim.large_enum_chars}",
                        )
                    )
            if "const" in node:
                chars += len(str(node["const"]))
        depth = _depth(schema)
        if lim.max_depth is not None and depth > lim.max_depth:
            out.append(
                Lint("limit-depth", "", f"the schema nests objects {depth} levels deep; the limit is {lim.max_depth}")
            )
    checks: Iterable[Any] = (
        ("limit-properties", props, lim.max_properties, "object properties"),
        ("limit-chars", chars, lim.max_chars, "characters of names and enum values"),
        ("limit-enum-values", enums, lim.max_enum_values, "enum values"),
        ("limit-optional", optional, lim.max_optional, "optional properties"),
        ("limit-unions", unions, lim.max_unions, "union-typed schemas"),
        ("limit-strict-tools", len(items), lim.max_strict_tools, "strict schemas"),
    )
    for code, count, limit, what in checks:
        if limit is not None and count > limit:
            out.append(
                Lint(
                    code, "", f"the request has {count} {what}; the limit for {key} is {limit} (checked {lim.checked})"
                )
            )
    return out


def _depth(node: Any, level: int = 0, seen: int = 0) -> int:
    if not isinstance(node, dict) or seen > 64:
        return level
    here = level + 1 if isinstance(node.get("properties"), dict) else level
    best = here
    for key in ("properties", "$defs"):
        sub = node.get(key)
        if isinstance(sub, dict):
            for child in sub.values():
                best = max(best, _depth(child, here if key == "properties" else 0, seen + 1))
    for key in ("items", "additionalProperties"):
        if isinstance(node.get(key), dict):
            best = max(best, _depth(node[key], here, seen + 1))
    for key in ("anyOf", "oneOf", "allOf", "prefixItems"):
        for child in node.get(key) or ():
            best = max(best, _depth(child, here, seen + 1))
    return best
