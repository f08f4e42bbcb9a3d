"""``toolwire.stream``: one accumulator for every streaming dialect.

Feed raw chunks or events (dicts or SDK objects) to an ``Accumulator`` (or call
``accumulate``) and get typed events and the final calls; ``encode_stream`` writes
calls as a dialect's stream; ``TextParser`` reads open-model text as it streams.
The machinery lives in this package's private modules; each dialect's own stream
reader lives in its provider package under ``dialects/``.
"""

from ._accumulate import (
    STREAM_HANDLERS,
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
)

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
]
