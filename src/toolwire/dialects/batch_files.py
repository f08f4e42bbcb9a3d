"""Batch result files: a line of a provider's batch results opened to the response
body it carries, by the dialects that declare ``batch_envelope``.

Built in: the OpenAI Batch API output and error files (``openai.chat``:
``dialects/openai/batch.py``; also Mistral's and other OpenAI-compatible batch
services) and Anthropic Message Batches results (``anthropic.messages``:
``dialects/anthropic/batch.py``). No provider is named here: the dialects of the
registry are asked in order, so a registered third-party dialect's batch files open
the same way.

``open_envelope(line)`` gives an ``Envelope`` (which file, the ``custom_id``, the
body or a one-line error) or ``None`` for anything that is not such an envelope.
The body is then an ordinary payload for ``decode_all`` / ``convert`` / ``explain``.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional, Tuple

from .._derived import derived
from .._dialect import Dialect
from .._registry import Registry
from ._common import Envelope

__all__ = ["Envelope", "open_envelope"]

Opener = Callable[[Dict[str, Any]], Optional[Envelope]]


def _openers(dialects: Tuple[Dialect, ...]) -> Tuple[Opener, ...]:
    seen = []
    for d in dialects:
        if d.batch_envelope is not None and d.batch_envelope not in seen:
            seen.append(d.batch_envelope)
    return tuple(seen)


def open_envelope(data: Any, *, registry: Optional[Registry] = None) -> Optional[Envelope]:
    """The batch envelope *data* is (plain data, one parsed line), or ``None``."""
    if type(data) is not dict:
        return None
    for opener in derived(_openers, registry):
        env = opener(data)
        if env is not None:
            return env
    return None
