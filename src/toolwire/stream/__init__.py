"""``toolwire.stream``: one accumulator for every streaming dialect.

Feed raw chunks or events (dicts or SDK objects) to an ``Accumulator`` (or call
``accumulate``) and get typed events and the final calls; ``encode_stream`` writes
calls as a dialect's stream; ``TextParser`` reads open-model text as it streams.
The machinery lives in this package's private modules; each dialect's own stream
reader lives in its provider package under ``dialects/`` and is declared on its
``Dialect`` (``stream``, ``stream_detect``, ``stream_events``, ``stream_encoder``):
detection and ``stream_dialects()`` are derived from those fields, so a registered
third-party dialect streams as a built-in does. ``STREAM_HANDLERS`` is a read-only
view (dialect id -> handler factory) of the default registry, taken when read.
"""

from typing import Any

from ._accumulate import (
    Accumulator,
    ArgsDelta,
    CallDone,
    CallEvent,
    CallStarted,
    ContentDelta,
    Event,
    ReasoningDelta,
    TextParser,
    accumulate,
    detect_stream,
    encode_stream,
    stream_dialects,
    stream_handlers,
)


def __getattr__(name: str) -> Any:
    if name == "STREAM_HANDLERS":  # derived from the default registry when read
        return stream_handlers()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "STREAM_HANDLERS",
    "Accumulator",
    "ArgsDelta",
    "CallDone",
    "CallEvent",
    "CallStarted",
    "ContentDelta",
    "Event",
    "ReasoningDelta",
    "TextParser",
    "accumulate",
    "detect_stream",
    "encode_stream",
    "stream_dialects",
    "stream_handlers",
]
