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


# what Ollama answers for a ``format`` it cannot take (``{"error": "..."}``, no
# ``param``: llm/server.go ``Completion``, whose error the handler sends with HTTP 500,
# as datalab-to/marker#984 shows): a ``param`` of ``format`` is another API's
_REFUSED = ("invalidjsonschemainformat", 'expected"json"oravalidjsonschemaobject')


def _error(status: int, error: Dict[str, Any]) -> bool:
    said = error.get("error")  # the body itself: its ``error`` is the message
    return error_names({"message": said} if isinstance(said, str) else error, paths=_REFUSED)


FORMAT = Target(
    id="ollama",
    aliases=("ollama.chat",),
    description="Ollama format (a JSON Schema)",
    profile=PERMISSIVE,
    fragment=_fragment,
    budget=_budget,
    schema_error=_error,
    server_error=_error,
    format_fields=("format",),
)
