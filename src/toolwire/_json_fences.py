"""Markdown code fences in model text (``_json_extract.candidates``: their bodies are
read as JSON first). The blocks are ``_markdown_code.fenced_blocks``'s, read as
CommonMark reads them (0.31.2 §4.5): the one fence reader of the package."""

from __future__ import annotations

from ._markdown_code import fenced_blocks as _fences

__all__ = ["_JSON_LANGS", "_fences"]

_JSON_LANGS = ("", "json", "jsonc", "json5")  # a fenced block read as JSON: these languages
