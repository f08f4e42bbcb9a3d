"""The content mode of ``text.llama`` (``llama.py``): content whose start may hold a call.

A JSON object or a pythonic list is a call only at the start of the output (after
whitespace), and after calls at the start, another JSON call may follow (``;`` or
whitespace between them). The region modes that read them are ``llama.py``'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._core import Action, Mode, TextMode

if TYPE_CHECKING:
    from ._core import TextParser

__all__ = ["Start"]


class Start(TextMode):
    """Content that may start with a JSON (``json``) or pythonic (``py``) call."""

    def __init__(self, on: dict[str, Action]) -> None:
        super().__init__("content", on)
        self.json: Mode = self
        self.py: Mode = self

    def step(self, m: TextParser) -> bool:
        if not m.state.get("started"):
            buf, n, i = m.buf, len(m.buf), m.pos
            after = m.state.get("after_json")
            while i < n and (buf[i].isspace() or (after and buf[i] == ";")):
                i += 1
            m.pos = i
            if i == n and not m.final:
                return False
            m.state["started"] = True
            if i < n and (buf[i] == "{" or (buf[i] == "[" and not after)):
                m.open_body(self.json if buf[i] == "{" else self.py, "")
                return True
        return TextMode.step(self, m)
