"""Structured output on Ollama (``ollama``).

Followed (checked 2026-11-30): the API's ``format``, which takes a JSON Schema and
enforces it (https://github.com/ollama/ollama/blob/main/docs/api.md); the budget is
``options.num_predict`` (-1 "infinite generation", -2 "fill context",
https://github.com/ollama/ollama/blob/main/docs/modelfile.md); the turns and system
prompt are Chat-style ``messages``.
"""

from __future__ import annotations

from typing import Any, Dict, Tuple

from ..._target import PERMISSIVE, Ask, Fragment, Target
from .._common import error_names

__all__ = ["FORMAT"]


def _fragment(ask: Ask) -> Fragment:
    return Fragment({"format": ask.schema})


def _budget(request: Dict[str, Any]) -> Tuple[Tuple[str, ...], str]:
    return ("options",), "num_predict"


def _error(status: int, error: Dict[str, Any]) -> bool:
    return error_names(error, params=("format",))


FORMAT = Target(
    id="ollama",
    aliases=("ollama.chat",),
    description="Ollama format (a JSON Schema)",
    profile=PERMISSIVE,
    fragment=_fragment,
    budget=_budget,
    schema_error=_error,
)
