"""``render``: the exact structured-output request fragment for one provider API.

Wire shapes followed (checked 2026-11-30):

- OpenAI Chat Completions ``response_format``
  (https://platform.openai.com/docs/api-reference/chat/create#chat-create-response_format):
  ``{"type": "json_schema", "json_schema": {"name", "schema", "strict"}}`` (``strict``
  inside ``json_schema``).
- OpenAI Responses ``text.format``
  (https://platform.openai.com/docs/api-reference/responses/create#responses-create-text):
  ``{"type": "json_schema", "name", "schema", "strict"}`` (flat).
- Anthropic Messages ``output_config.format``
  (https://platform.claude.com/docs/en/build-with-claude/structured-outputs); the
  earlier beta ``output_format`` with ``anthropic-beta: structured-outputs-2025-11-13``;
  the tool-forcing form ``tools`` + ``tool_choice: {"type": "tool"}``, which cannot be
  combined with extended thinking
  (https://platform.claude.com/docs/en/build-with-claude/extended-thinking).
- Gemini ``generationConfig.response_mime_type`` with ``response_json_schema`` or
  ``response_schema`` (https://ai.google.dev/api/generate-content#generationconfig).
- Bedrock Converse ``outputConfig.textFormat.structure.jsonSchema.schema`` (a JSON
  *string*; https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html).
- Ollama ``format`` (https://github.com/ollama/ollama/blob/main/docs/api.md) and vLLM
  ``structured_outputs.json`` sent through ``extra_body``
  (https://docs.vllm.ai/en/latest/features/structured_outputs.html).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from typing import Any, Dict, List, Optional, Tuple, Union

from .._errors import EncodeError, excerpt
from ._limits import Limits, check_limits
from ._mapback import map_back
from ._normalize import normalize
from ._profiles import PROFILES, get_profile
from ._report import LOSSY_ACTIONS, Change, Lint
from ._rewrite import Rewriter
from ._rewrite_shapes import ANNOTATIONS, Options
from ._util import path_of
from ._validate import ValidationIssue, check

__all__ = ["Rendered", "render", "sanitize_name"]

_ANTHROPIC_BETA = "structured-outputs-2025-11-13"


def sanitize_name(name: str) -> str:
    """A response-format name matching ``^[A-Za-z0-9_-]{1,64}$``."""
    clean = re.sub(r"[^A-Za-z0-9_-]+", "_", name).strip("_")
    return (clean or "response")[:64]


@dataclass(frozen=True)
class Rendered:
    """One schema rendered for one target.

    ``request`` is the fragment to merge into the request body and ``headers`` the
    headers it needs. ``schema`` is the original in normal form (the validation schema)
    and ``wire_schema`` what the provider sees. ``report`` says what happened to each
    keyword, ``lints`` what is wrong, ``lossless`` whether the provider enforces
    everything the original says. ``decode`` maps an answer back to the original's
    shape; ``validate`` does that and checks it against the original.
    """

    target: str
    name: str
    schema: Any
    wire_schema: Any
    request: Dict[str, Any]
    headers: Dict[str, str] = field(default_factory=dict)
    report: Tuple[Change, ...] = ()
    lints: Tuple[Lint, ...] = ()
    strict: bool = False
    instruction: Optional[str] = None
    wrapped: bool = False
    options: Options = field(default_factory=Options, repr=False, compare=False)

    @property
    def lossless(self) -> bool:
        """True when nothing the original constrains was dropped, moved or unsupported."""
        return not any(c.action in LOSSY_ACTIONS and c.keyword not in ANNOTATIONS for c in self.report) and not any(
            lint.severity == "error" for lint in self.lints
        )

    @property
    def errors(self) -> Tuple[Lint, ...]:
        return tuple(lint for lint in self.lints if lint.severity == "error")

    def decode(self, answer: Any) -> Any:
        """The answer in the original schema's shape (unwrapped, nulls removed again, ...)."""
        return map_back(answer, self.schema, self.options, wrapped=self.wrapped)

    def validate(self, answer: Any, *, formats: bool = False) -> List[ValidationIssue]:
        """``decode`` then check against the original schema; an empty list means valid."""
        return check(self.decode(answer), self.schema, formats=formats)


def _check_options(key: str, name: Any, description: Any, strict: Any, thinking: Any, span: Any) -> None:
    """Refuses options of the wrong type (``strict="no"`` is truthy)."""
    for label, flag in (("strict", strict), ("thinking", thinking)):
        if flag is not True and flag is not False:
            raise EncodeError(f"{label} must be True or False, got {excerpt(flag)}", dialect=key)
    for label, text in (("name", name), ("description", description)):
        if text is not None and type(text) is not str:
            raise EncodeError(f"{label} must be a string or None, got {excerpt(text)}", dialect=key)
    if type(span) is not int or span < 0:
        raise EncodeError(f"int_range_as_enum must be an int of 0 or more, got {excerpt(span)}", dialect=key)


def render(
    schema: Any,
    target: str,
    *,
    name: Optional[str] = None,
    description: Optional[str] = None,
    strict: bool = True,
    on_error: str = "raise",
    on_lossy: str = "report",
    maps: Optional[str] = None,
    free_form: Optional[str] = None,
    int_range_as_enum: int = 0,
    thinking: bool = False,
    limits: Optional[Union[Limits, Dict[str, Any]]] = None,
) -> Rendered:
    """Render *schema* for *target* (``openai.chat``, ``openai.responses``,
    ``anthropic.messages``, ``anthropic.messages.beta``, ``anthropic.tool``, ``gemini``,
    ``gemini.openapi``, ``bedrock.converse``, ``ollama``, ``vllm``, ``prompt``).

    ``strict=False`` sends the schema untouched with ``strict: false`` where the target
    has such a flag (OpenAI). ``on_error="raise"`` raises ``EncodeError`` when a lint
    error was found (a limit, an unsatisfiable node, a construct the target cannot
    represent); ``"report"`` returns it in ``lints``. ``on_lossy="raise"`` raises when the
    wire schema does not enforce everything. Opt-in rewrites: ``maps="pairs"``,
    ``free_form="string"``, ``int_range_as_enum=<span cap>`` (24 is ALTK's cap).
    ``thinking=True`` with ``anthropic.tool`` downgrades the forced tool choice to
    ``auto`` (reported), because the API rejects forced tools with thinking.
    """
    key, profile = get_profile(target)
    if on_error not in ("raise", "report") or on_lossy not in ("raise", "report"):
        raise EncodeError("on_error and on_lossy must be 'raise' or 'report'", dialect=key)
    _check_options(key, name, description, strict, thinking, int_range_as_enum)
    root = normalize(schema)
    options = Options(maps=maps, free_form=free_form, int_range_as_enum=int_range_as_enum)
    has_strict_flag = key in ("openai.chat", "openai.responses", "anthropic.tool")
    if not strict and has_strict_flag:
        profile = PROFILES["ollama"]
    elif key == "anthropic.tool":
        profile = replace(profile, object_root=True)  # a tool's input_schema is an object
    rw = Rewriter(root, profile, options)
    wire = rw.run()
    report = list(rw.report)
    lints = list(rw.lints)
    options.nulls = any(c.keyword == "required" and c.action == "rewritten" for c in report)
    if isinstance(wire, dict):
        lints += check_limits(wire, key, limits=limits)
    title = root.get("title") if isinstance(root, dict) else None
    final_name = sanitize_name(name or (title if isinstance(title, str) else "") or "response")
    desc = description or (root.get("description") if isinstance(root, dict) else None)
    request, headers, instruction = _fragment(key, final_name, wire, bool(strict), desc, thinking, report, lints, root)
    out = Rendered(
        target=key,
        name=final_name,
        schema=root,
        wire_schema=wire,
        request=request,
        headers=headers,
        report=tuple(report),
        lints=tuple(lints),
        strict=bool(strict) and has_strict_flag,
        instruction=instruction,
        wrapped=rw.wrapped,
        options=options,
    )
    if on_error == "raise" and out.errors:
        first = out.errors[0]
        more = f" (and {len(out.errors) - 1} more)" if len(out.errors) > 1 else ""
        raise EncodeError(
            f"Schema cannot be rendered for {key}: {first.message} at {_path(first.pointer)} [{first.code}]{more}",
            dialect=key,
            loc=_path(first.pointer),
        )
    if on_lossy == "raise" and not out.lossless:
        lossy = [c for c in out.report if c.action in LOSSY_ACTIONS and c.keyword not in ANNOTATIONS]
        listed = ", ".join(f"{c.keyword} at {_path(c.pointer)} ({c.action})" for c in lossy[:5])
        raise EncodeError(f"Schema would be sent lossily to {key}: {listed}", dialect=key)
    return out


def _path(pointer: str) -> str:
    return path_of(pointer)


def _fragment(
    key: str,
    name: str,
    wire: Any,
    strict: bool,
    desc: Optional[str],
    thinking: bool,
    report: List[Change],
    lints: List[Lint],
    root: Any,
) -> Tuple[Dict[str, Any], Dict[str, str], Optional[str]]:
    if key == "openai.chat":
        return (
            {
                "response_format": {
                    "type": "json_schema",
                    "json_schema": {"name": name, "schema": wire, "strict": strict},
                }
            },
            {},
            None,
        )
    if key == "openai.responses":
        return {"text": {"format": {"type": "json_schema", "name": name, "schema": wire, "strict": strict}}}, {}, None
    if key == "anthropic.messages":
        return {"output_config": {"format": {"type": "json_schema", "schema": wire}}}, {}, None
    if key == "anthropic.messages.beta":
        return ({"output_format": {"type": "json_schema", "schema": wire}}, {"anthropic-beta": _ANTHROPIC_BETA}, None)
    if key == "anthropic.tool":
        tool: Dict[str, Any] = {
            "name": name,
            "description": desc or f"Record the answer as {name}.",
            "input_schema": wire,
        }
        if strict:
            tool["strict"] = True
        choice: Dict[str, Any] = {"type": "tool", "name": name}
        if thinking:
            choice = {"type": "auto"}
            report.append(
                Change(
                    "", "tool_choice", "rewritten", "forced tool choice cannot be combined with thinking; auto instead"
                )
            )
            lints.append(
                Lint(
                    "forced-tool-with-thinking",
                    "",
                    "tool_choice downgraded to auto because thinking is enabled",
                    "warning",
                )
            )
        return {"tools": [tool], "tool_choice": choice}, {}, None
    if key == "gemini":
        return {"generation_config": {"response_mime_type": "application/json", "response_json_schema": wire}}, {}, None
    if key == "gemini.openapi":
        return {"generation_config": {"response_mime_type": "application/json", "response_schema": wire}}, {}, None
    if key == "bedrock.converse":
        spec: Dict[str, Any] = {"schema": json.dumps(wire, ensure_ascii=False), "name": name}
        if desc:
            spec["description"] = desc
        return {"outputConfig": {"textFormat": {"type": "json_schema", "structure": {"jsonSchema": spec}}}}, {}, None
    if key == "ollama":
        return {"format": wire}, {}, None
    if key == "vllm":
        return {"extra_body": {"structured_outputs": {"json": wire}}}, {}, None
    from ._prompt import prompt

    return {}, {}, prompt(root)
