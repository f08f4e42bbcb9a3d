"""Markdown code fences in model text (``_json_extract.candidates``: their bodies are
read as JSON first). Moved out of ``_json_extract`` (past 400 lines)."""

from __future__ import annotations

import re
from typing import List, Tuple

__all__ = ["_JSON_LANGS", "_fences"]

_LANG = re.compile(r"[ \t]*([A-Za-z0-9_+-]*)")
_JSON_LANGS = ("", "json", "jsonc", "json5")  # a fenced block read as JSON: these languages


def _fences(text: str) -> List[Tuple[str, int, int]]:
    """Markdown code fences: (language, body start, body end). A fence is a line opening
    with three backticks (its language the letters after them); its body runs to the next
    three backticks or the end. One pass: every search starts where the last one ended."""
    out: List[Tuple[str, int, int]] = []
    pos = text.find("```")
    while pos >= 0:
        nl = text.find("\n", pos + 3)
        if nl < 0:  # no line ends after this fence: none after it does either
            break
        m = _LANG.match(text, pos + 3, nl)
        lang = m.group(1).lower() if m else ""
        close = text.find("```", nl + 1)
        end = len(text) if close < 0 else close
        out.append((lang, nl + 1, end))
        if close < 0:
            break
        pos = text.find("```", close + 3)
    return out
