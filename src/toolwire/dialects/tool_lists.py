"""The entries of a request's ``tools`` list that are no single function tool
(``toolwire.validate_call`` reads a whole list with these).

- ``hosted_kind(entry)``: the kind of an entry for a tool the provider runs itself,
  which holds no client function: an OpenAI hosted tool (``{"type": "web_search"}``,
  ``file_search``, ``code_interpreter``, ``mcp``...: a ``type`` other than
  ``function`` / ``custom`` and no ``name``;
  https://platform.openai.com/docs/api-reference/responses/create, ``tools``), a Gemini
  built-in entry (``{"googleSearch": {}}``, ``codeExecution``, ``urlContext``...,
  either spelling, without function declarations; https://ai.google.dev/api/caching#Tool,
  google-genai ``types.Tool``), a Bedrock ``cachePoint`` (a cache marker among
  ``toolConfig.tools``; https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Tool.html).
  Checked 2026-12-03. Tools a provider names but that still decode to a ``Tool``
  (Anthropic's ``web_search_20250305``, Bedrock's ``systemTool``) are told by the
  dialect's ``builtin_tool``.
- ``declarations(entry)``: a Gemini entry's function declarations with their key, when
  it holds a list of them (an entry of several gives several tools), else ``None``.
"""

from __future__ import annotations

from typing import Any, List, Optional, Tuple

__all__ = ["declarations", "hosted_kind"]

_FUNCTION_TYPES = frozenset({"function", "custom"})
# google-genai ``types.Tool`` fields besides ``function_declarations``, in both spellings
_GEMINI_BUILTIN = frozenset({
    "retrieval", "computer_use", "computerUse", "file_search", "fileSearch", "google_search", "googleSearch",
    "google_maps", "googleMaps", "code_execution", "codeExecution", "enterprise_web_search", "enterpriseWebSearch",
    "google_search_retrieval", "googleSearchRetrieval", "parallel_ai_search", "parallelAiSearch", "url_context",
    "urlContext", "mcp_servers", "mcpServers", "exa_ai_search", "exaAiSearch",
})
_DECL_LISTS = ("functionDeclarations", "function_declarations")


def hosted_kind(entry: Any) -> Optional[str]:
    """The kind of *entry* when it is a provider-hosted tool (see the module), else ``None``."""
    if type(entry) is not dict or not entry:
        return None
    kind = entry.get("type")
    if type(kind) is str and kind not in _FUNCTION_TYPES and "name" not in entry and "function" not in entry:
        return kind
    if len(entry) == 1 and type(entry.get("cachePoint")) is dict:
        return "cachePoint"
    if all(k in _GEMINI_BUILTIN for k in entry):
        return ", ".join(entry)
    return None


def declarations(entry: Any) -> Optional[Tuple[str, List[Any]]]:
    """``(key, declarations)`` of a Gemini tool entry holding a list of function
    declarations (beside built-in keys, which are no functions), else ``None``."""
    if type(entry) is not dict:
        return None
    for key in _DECL_LISTS:
        decls = entry.get(key)
        if type(decls) is list and all(k == key or k in _GEMINI_BUILTIN for k in entry):
            return key, decls
    return None
