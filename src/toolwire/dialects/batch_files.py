"""Batch result files: a line of a provider's batch results opened to the response
body it carries, by the dialects that declare ``batch_envelope``.

Built in: the OpenAI Batch API output and error files (``openai.chat``:
``dialects/openai/batch.py``; also Mistral's and other OpenAI-compatible batch
services) and Anthropic Message Batches results (``anthropic.messages``:
``dialects/anthropic/batch.py``). No provider is named here: the dialects of the
registry are asked in order, so a registered third-party dialect's batch files open
the same way.

``open_envelope(line)`` gives an ``Envelope`` (which file, the ``custom_id``, the
body or a one-line error, and ``loc``: where the body sits in the line) or ``None``
for anything that is not such an envelope: an opener claims only the line shape its
provider documents, so a foreign line fails as a record instead of reading as a
provider's error. The body is then an ordinary payload for ``decode_all`` /
``convert`` / ``explain``; paths in its errors start at ``loc``.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Dict, Optional, Tuple

from .._derived import derived
from .._dialect import Dialect
from .._errors import DecodeError, ToolwireError
from .._registry import Registry
from ._common import Envelope

__all__ = ["Envelope", "open_envelope", "rooted"]

Opener = Callable[[Dict[str, Any]], Optional[Envelope]]


def _openers(dialects: Tuple[Dialect, ...]) -> Tuple[Tuple[str, Opener], ...]:
    """Each distinct ``batch_envelope`` of *dialects*, with the first dialect declaring it."""
    seen: Dict[Any, str] = {}
    for d in dialects:
        if d.batch_envelope is not None and d.batch_envelope not in seen:
            seen[d.batch_envelope] = d.name
    return tuple((name, opener) for opener, name in seen.items())


def open_envelope(data: Any, *, registry: Optional[Registry] = None) -> Optional[Envelope]:
    """The batch envelope *data* is (plain data, one parsed line), or ``None``; a
    ``DecodeError`` naming the dialect when its opener fails on the line."""
    if type(data) is not dict:
        return None
    for name, opener in derived(_openers, registry):
        try:
            env = opener(data)
        except (ToolwireError, MemoryError):
            raise
        except Exception as exc:  # a third-party opener's own failure
            raise DecodeError(
                f"Batch line could not be opened by {name} ({type(exc).__name__}: {exc}) at $", dialect=name
            ) from None
        if env is not None:
            return env
    return None


_AT_ROOT = re.compile(r" at \$(?![\w{])")  # the path in a message: " at $", " at $.x", " at $[0]"


def rooted(message: str, root: str) -> str:
    """*message* (an error about a body) with the path it names (``... at $.x ...``)
    starting at *root*, the body's place in its line (``Envelope.loc``)."""
    return _AT_ROOT.sub(lambda m: " at " + root, message, count=1)
