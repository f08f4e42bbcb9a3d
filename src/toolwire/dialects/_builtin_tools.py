"""Tool definitions a provider defines itself, refused by every other dialect's
``encode_tool`` (``refuse_builtin``): written there as a function tool, such a tool
would come without the schema the provider keeps for it, and a call of it would be
the client's to run.

- Anthropic: a ``type`` other than ``"custom"`` (versioned server and built-in tools:
  ``web_search_20250305``, ``bash_20250124``, ``text_editor_20250728``...;
  https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/overview, checked 2026-12-01).
- Bedrock: a ``systemTool`` entry (Nova's built-in tools;
  https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Tool.html).

Each entry reads the provider data its dialect's ``decode_tool`` keeps.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional

from .._errors import EncodeError
from .._types import Tool

__all__ = ["builtin_kind", "refuse_builtin"]


def _anthropic(pd: Dict[str, Any]) -> Optional[str]:
    kind = pd.get("type")
    return kind if type(kind) is str and kind != "custom" else None


def _bedrock(pd: Dict[str, Any]) -> Optional[str]:
    return "systemTool" if "system_tool" in pd else None


_KINDS: Dict[str, Callable[[Dict[str, Any]], Optional[str]]] = {
    "anthropic.messages": _anthropic,
    "bedrock.converse": _bedrock,
}


def builtin_kind(tool: Tool, dialect: str) -> Optional[str]:
    """The kind of built-in tool *tool* is in *dialect* (its ``type``...), or ``None``."""
    read = _KINDS.get(dialect)
    pd = tool.provider_data.get(dialect)
    return read(pd) if read is not None and type(pd) is dict else None


def refuse_builtin(tool: Tool, target: str) -> None:
    """An ``EncodeError`` when *tool* is a built-in tool of a dialect other than *target*."""
    if not tool.provider_data:
        return
    for dialect in tool.provider_data:
        if dialect != target:
            kind = builtin_kind(tool, dialect)
            if kind is not None:
                raise EncodeError(
                    f"Tool {tool.name!r} is a built-in tool of {dialect} ({kind}); {target} has no such tool "
                    "and cannot take it as a function tool",
                    dialect=target,
                )
