"""Custom tools (free-text input, or input following a grammar) of OpenAI's two APIs.

Chat nests a custom tool under ``custom`` (``{"type": "custom", "custom": {"name",
"description", "format"}}``, its grammar under ``format.grammar``); Responses writes it
flat (``{"type": "custom", "name", "description", "format"}``, the grammar's ``definition``
and ``syntax`` beside its ``type``). As a function tool, elsewhere, a custom tool takes
``{"input": text}`` (``input_schema``); one with a grammar has no function tool that holds
it (``grammar_kind``, ``builtin_kind``). Follows openai-python
``chat_completion_custom_tool_param`` and ``responses/custom_tool_param``.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

from ..._errors import EncodeError, excerpt

__all__ = ["builtin_kind", "custom_format", "grammar_kind", "input_schema"]

NAME = "openai.chat"
RESPONSES = "openai.responses"


def input_schema() -> Dict[str, Any]:
    """The parameters of a custom tool as a function tool: its calls carry free text,
    read as ``{"input": text}`` (a new dict each time: a ``Tool`` keeps it)."""
    return {"type": "object", "properties": {"input": {"type": "string"}}, "required": ["input"],
            "additionalProperties": False}


def grammar_kind(custom: Any) -> Optional[str]:
    """The kind of a custom tool whose input follows a grammar (``"custom (lark
    grammar)"``), which no function tool can hold: a target outside OpenAI refuses
    it. ``None`` for free text (``{"type": "text"}`` or no format), which a function
    tool with ``input_schema()`` holds exactly."""
    fmt = custom.get("format") if type(custom) is dict else None
    kind = fmt.get("type") if type(fmt) is dict else None
    if fmt is None or kind == "text":
        return None
    grammar = fmt.get("grammar") if type(fmt.get("grammar")) is dict else fmt
    syntax = grammar.get("syntax")
    return f"custom ({syntax} grammar)" if kind == "grammar" and type(syntax) is str else f"custom ({excerpt(fmt)})"


def builtin_kind(pd: Dict[str, Any]) -> Optional[str]:
    """A tool only OpenAI's APIs take: a built-in tool of Responses the client runs
    (``{"client_tool": {"type": "shell"}}``: ``"shell"``), a custom tool with a grammar, from the provider
    data of a Chat tool (``{"custom": {...}}``) or a Responses one (``{"custom": True,
    "format": ...}``). Chat and Responses share this function, so each writes the
    other's (``encode_tool``'s rule)."""
    client = pd.get("client_tool")  # a Responses built-in tool the client runs (``responses_tools.client_tool``)
    if type(client) is dict:
        return str(client.get("type"))
    custom = pd.get("custom")
    if custom is True:
        return grammar_kind(pd)
    return grammar_kind(custom) if type(custom) is dict else None


def custom_format(fmt: Any, nested: bool) -> Any:
    """A custom tool's ``format`` for the other OpenAI API: a grammar is nested under
    ``grammar`` in Chat (``{"type": "grammar", "grammar": {"definition", "syntax"}}``,
    openai-python ``chat_completion_custom_tool_param``) and flat in Responses
    (``{"type": "grammar", "definition", "syntax"}``, ``shared_params/custom_tool_input_format``);
    ``{"type": "text"}`` is the same in both. *nested*: the Chat shape is wanted."""
    kind = fmt.get("type") if type(fmt) is dict else None
    if kind == "text":
        return fmt
    if kind == "grammar":
        grammar = fmt.get("grammar")
        if nested and "grammar" not in fmt:
            return {"type": "grammar", "grammar": {k: v for k, v in fmt.items() if k != "type"}}
        if not nested and type(grammar) is dict and "type" not in grammar and len(fmt) == 2:
            return {"type": "grammar", **grammar}
    raise EncodeError(
        f"The custom tool format {excerpt(fmt)} has no {'Chat' if nested else 'Responses'} equivalent known",
        dialect=NAME if nested else RESPONSES,
    )
