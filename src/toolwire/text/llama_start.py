"""The content mode of ``text.llama`` (``llama.py``): content whose start may hold
reasoning, then a call.

- ``<think>…</think>`` blocks that open the output (after whitespace; one block after
  another) are reasoning; a block that never closes takes the rest of the output,
  call markup included (the model was still thinking). As llama.cpp's Llama 3.x parser
  reads it (``common_chat_parse_llama_3_1`` runs ``try_parse_reasoning("<think>",
  "</think>")`` before it looks for a call), and as vLLM's ``llama3_json`` /
  ``llama4_pythonic`` parsers see it behind a reasoning parser (only the answer after
  ``</think>`` reaches them). A ``<think>`` anywhere else is text, as it is to both.
  ``thinking=True`` starts the output inside a block.
- A JSON object or a pythonic list is a call only at the start of the output, or of
  what follows the reasoning (after whitespace); after calls at the start, another
  JSON call may follow (``;`` or whitespace between them). The region modes that read
  them are ``llama.py``'s.

Sources (checked 2026-12-04): ggml-org/llama.cpp ``common/chat-parser.cpp``
(``common_chat_parse_llama_3_1``, ``try_parse_reasoning``); vllm-project/vllm
``vllm/tool_parsers/llama_tool_parser.py``, ``llama4_pythonic_tool_parser.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._core import Action, Mode, TextMode
from .llama_prose import SEMI

if TYPE_CHECKING:
    from ._core import TextParser

__all__ = ["THINK", "THINK_END", "Start"]

THINK, THINK_END = "<think>", "</think>"
_SPOKE = "llama.spoke"  # TextParser.state: the output has begun with something other than reasoning


class Start(TextMode):
    """Content that may start with reasoning (``reasoning``), then a JSON (``json``) or
    pythonic (``py``) call; the region modes it opens (set by ``llama.py``) go back to it."""

    def __init__(self, on: dict[str, Action]) -> None:
        super().__init__("content", on)
        self.json: Mode = self
        self.py: Mode = self
        self.tagged: Mode = self  # after <|python_tag|>
        self.leads: tuple[Mode, ...] = ()  # after "{" / "[" in prose (JSON_AFTER_PROSE: ``llama_prose``)
        self.reasoning = TextMode("reasoning", {THINK_END: self._thought})

    def _thought(self, m: TextParser, tok: str) -> None:
        """Action: ``</think>`` ends a block; what follows is the start of the answer."""
        m.mode = self

    def step(self, m: TextParser) -> bool:
        if not m.state.get("started"):
            buf, n, i = m.buf, len(m.buf), m.pos
            after = m.state.get("after_json")
            while i < n and (buf[i].isspace() or (after and buf[i] == ";")):
                i += 1
            if i > m.pos:  # whitespace is content (dropped before any), ";" between calls markup
                self.emit(m, buf[m.pos : i].replace(";", "") if after else buf[m.pos : i])
            m.pos = i
            if i == n and not m.final:
                return False
            if not m.state.get(_SPOKE):  # nothing but reasoning so far: a block may open here
                if buf.startswith(THINK, i):
                    m.pos = i + len(THINK)
                    m.mode = self.reasoning
                    return True
                if not m.final and n - i < len(THINK) and THINK.startswith(buf[i:]):
                    return False  # may still become <think>
                m.state[_SPOKE] = True
            m.state["started"] = True
            if i < n and (buf[i] == "{" or (buf[i] == "[" and not after)):
                m.open_body(self.json if buf[i] == "{" else self.py, "")
                return True
        if m.state.get(SEMI):  # after a JSON call after prose: ";" is markup, whitespace content
            buf, n, i = m.buf, len(m.buf), m.pos
            while i < n and buf[i] in " \t\r\n;":
                i += 1
            self.emit(m, buf[m.pos : i].replace(";", ""))
            m.pos = i
            if i == n and not m.final:
                return False
            m.state[SEMI] = False
        return TextMode.step(self, m)
