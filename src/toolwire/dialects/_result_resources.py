"""MCP embedded text resources in tool results, written as text for the targets whose
tool results hold text only (Chat, Mistral, Cohere, Ollama).

An ``EmbeddedResource`` (MCP schema.ts 2025-11-25) with ``TextResourceContents``
(``{"type": "resource", "resource": {"uri", "mimeType"?, "text"}}``) is text a tool sent
with its URI: those targets get a text part whose first line is the URI and whose rest is
the text (as the OpenAI Agents SDK and the ACP bridges write one: its text, labelled with
its URI), noted ``converted``; Mistral, which takes a document by http(s) URL
(``document_url``), keeps writing one of those so. A resource of bytes (``blob``) stays a
document the target cannot hold (``EncodeError``).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from .._types import ToolResult, evolve
from ._result_media import web

__all__ = ["text_resources"]


def _text_resource(part: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    """The ``TextResourceContents`` of an embedded resource *part*, or ``None``."""
    res = part.get("resource") if part.get("type") == "resource" else None
    if type(res) is dict and type(res.get("uri")) is str and type(res.get("text")) is str:
        return res
    return None


def text_resources(result: ToolResult, target: str, ctx: Any, by_url: bool = False) -> ToolResult:
    """*result* with each embedded text resource as a text part (its URI, a newline, its
    text), noted on *ctx* (an ``EncodeContext``); *result* itself when it holds none.
    *by_url*: one with an http(s) URI is left as it is (the target takes it by URL)."""
    content = result.content
    if isinstance(content, str):
        return result
    for p in content:  # (a plain scan: every result of these targets passes here)
        if p.get("type") == "resource":
            break
    else:
        return result
    out: List[Dict[str, Any]] = []
    for part in content:
        res = _text_resource(part)
        if res is None or (by_url and web(res["uri"])):
            out.append(part)
            continue
        out.append({"type": "text", "text": f"{res['uri']}\n{res['text']}"})
        mime = res.get("mimeType")
        said = f" ({mime})" if type(mime) is str and mime else ""
        ctx.note("converted", f"The embedded resource {res['uri']!r}{said} in",
                 f"is sent to {ctx.named(target)} as a text part, its URI the first line")
    return evolve(result, content=out)
