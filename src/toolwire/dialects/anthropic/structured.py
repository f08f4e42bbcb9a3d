"""Structured output on the Anthropic Messages API: three targets.

Followed (checked 2026-11-30):

- "Structured outputs" (https://platform.claude.com/docs/en/build-with-claude/structured-outputs):
  ``output_config.format`` (``anthropic.messages``), the earlier beta ``output_format``
  with the header ``anthropic-beta: structured-outputs-2025-11-13``
  (``anthropic.messages.beta``); no recursion, numeric bounds, ``multipleOf`` or string
  lengths, ``minItems`` 0 or 1 only, ``additionalProperties: false``, formats including
  ``uri``; ``enum`` of "strings, numbers, bools, or nulls" (no ``type`` needed: the SDK's
  ``transform_schema`` sends a type-less one, so toolwire adds no ``type`` array, a
  union, to one of values of several types); limits: 20 strict tools per request, 24 optional parameters and 16
  union-typed parameters across all strict schemas of a request; a schema whose grammar
  takes over 180 s to compile is refused with "Schema is too complex for compilation".
- The tool-forcing form (``anthropic.tool``): ``tools`` + ``tool_choice: {"type":
  "tool"}``, which cannot be combined with extended thinking
  (https://platform.claude.com/docs/en/build-with-claude/extended-thinking).
- ``max_tokens`` (https://docs.anthropic.com/en/api/messages); the system prompt in
  ``system`` (a string or text blocks); a ``pause_turn`` reply is sent back as it came
  to let the turn go on (https://docs.claude.com/en/api/handling-stop-reasons); errors
  ``error.{type, message}`` (https://docs.anthropic.com/en/api/errors), and a grammar
  too large (a 400 ``invalid_request_error`` recorded in
  anthropics/anthropic-sdk-python#1185).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Dict, List, Optional

from ..._target import CORE, Ask, Fragment, Limits, Profile, Target
from .._common import error_names

__all__ = ["LIMITS", "MESSAGES", "MESSAGES_BETA", "PROFILE", "TOOL"]

_BETA = "structured-outputs-2025-11-13"
_FORMATS = frozenset({"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid", "uri"})

PROFILE = Profile(
    id="anthropic",
    supported=CORE | {"const", "anyOf", "allOf", "additionalProperties", "$defs", "$ref", "format", "minItems"},
    strict=True,
    recursion=False,
    typed_enum_branches=True,
    typeless_enum=True,
    formats=_FORMATS,
    min_items_max=1,
    all_of_refs=False,
)
LIMITS = Limits(max_optional=24, max_unions=16, max_strict_tools=20)

# answers to a schema the grammar compiler cannot take, which name no schema path: fixed
# sentences, matched at the start of the message of a 400 ``invalid_request_error``
_COMPILE_LIMITS = ("schema is too complex for compilation", "the compiled grammar is too large")


def _compile_limit(status: int, error: Dict[str, Any]) -> bool:
    said = str(error.get("message") or "").lower().lstrip()
    return status == 400 and error.get("type") == "invalid_request_error" and said.startswith(_COMPILE_LIMITS)


def _messages_error(status: int, error: Dict[str, Any]) -> bool:
    return _compile_limit(status, error) or error_names(
        error, params=("output_config",), paths=("output_config.format",)
    )


def _beta_error(status: int, error: Dict[str, Any]) -> bool:
    return _compile_limit(status, error) or error_names(error, params=("output_format",), paths=("output_format",))


def _tool_error(status: int, error: Dict[str, Any]) -> bool:
    # Anthropic's errors carry no ``param`` (``error.{type, message}``): a ``param`` of
    # ``tools[...]`` is another API's error (OpenAI's, about a caller's own function)
    return _compile_limit(status, error) or error_names(error, paths=("input_schema",))


# Anthropic's message opens with the path of the field it refuses, a tool by its place in
# ``tools``: "tools.1.custom.input_schema: JSON schema is invalid. ..." (as
# anthropics/anthropic-sdk-java#241 shows it), "tools.106.custom.input_schema:
# input_schema does not support oneOf, allOf, or anyOf at the top level"
# (anthropics/claude-code#5319)
_TOOL_PATH = re.compile(r"tools\.([0-9]{1,9})\.")


def _error_tool(error: Dict[str, Any]) -> Optional[int]:
    found = _TOOL_PATH.match(str(error.get("message") or "").lstrip())
    return int(found.group(1)) if found else None


def _thinking(request: Any) -> bool:
    # ``thinking``: ``{"type": "enabled", "budget_tokens": n}``, ``adaptive``,
    # ``between_tools`` or ``disabled`` (anthropic's ``ThinkingConfigParam``); a type
    # not known yet is taken for thinking (a forced tool beside it would be refused)
    said = request.get("thinking") if isinstance(request, dict) else None
    return isinstance(said, dict) and said.get("type") != "disabled"


def _messages_fragment(ask: Ask) -> Fragment:
    return Fragment({"output_config": {"format": {"type": "json_schema", "schema": ask.schema}}})


def _beta_fragment(ask: Ask) -> Fragment:
    return Fragment({"output_format": {"type": "json_schema", "schema": ask.schema}}, {"anthropic-beta": _BETA})


def _tool_fragment(ask: Ask) -> Fragment:
    tool: Dict[str, Any] = {
        "name": ask.name,
        "description": ask.description or f"Record the answer as {ask.name}.",
        "input_schema": ask.schema,
    }
    if ask.strict:
        tool["strict"] = True
    if ask.thinking:
        why = "forced tool choice cannot be combined with thinking; auto instead"
        return Fragment({"tools": [tool], "tool_choice": {"type": "auto"}},
                        changed=(("tool_choice", "forced-tool-with-thinking", why),))
    # exactly one tool use (``ToolChoiceToolParam.disable_parallel_tool_use``): several answers, or
    # a call of the caller's tools beside the answer, would leave the reply without one answer
    choice = {"type": "tool", "name": ask.name, "disable_parallel_tool_use": True}
    return Fragment({"tools": [tool], "tool_choice": choice})


def _instruction(request: Dict[str, Any], text: str) -> Dict[str, Any]:
    out = dict(request)
    old = out.get("system")
    if isinstance(old, list):
        out["system"] = list(old) + [{"type": "text", "text": text}]
    else:
        out["system"] = f"{old}\n\n{text}" if isinstance(old, str) and old else text
    return out


def _continuation(blocks: List[Any]) -> Dict[str, Any]:
    return {"role": "assistant", "content": blocks}


def _tool_reply(blocks: List[Any], call_id: Optional[str], note: str) -> List[Dict[str, Any]]:
    result = {"type": "tool_result", "tool_use_id": call_id, "content": note, "is_error": True}
    return [{"role": "assistant", "content": blocks}, {"role": "user", "content": [result]}]


MESSAGES = Target(
    id="anthropic.messages",
    aliases=("anthropic",),
    description="Anthropic Messages output_config.format (json_schema)",
    profile=PROFILE,
    limits=LIMITS,
    fragment=_messages_fragment,
    continuation=_continuation,
    instruction=_instruction,
    schema_error=_messages_error,
    format_fields=("format",),  # output_config.format
    thinking=_thinking,
)
MESSAGES_BETA = replace(
    MESSAGES,
    id="anthropic.messages.beta",
    aliases=(),
    description="Anthropic Messages beta output_format, with its anthropic-beta header",
    fragment=_beta_fragment,
    schema_error=_beta_error,
    format_fields=("output_format",),
)
TOOL = replace(
    MESSAGES,
    id="anthropic.tool",
    aliases=(),
    description="Anthropic tool forcing: one tool whose input_schema is the schema, tool_choice forced",
    profile=replace(PROFILE, object_root=True),  # a tool's input_schema is an object
    strict_flag=True,
    tool_answer=True,
    fragment=_tool_fragment,
    tool_reply=_tool_reply,
    schema_error=_tool_error,
    error_tool=_error_tool,
    format_fields=(),  # the tool joins the caller's tools; tool_choice is merged
)
