"""The streaming table of a registry, derived from its dialects' fields.

``stream`` (the handler factory), ``stream_detect`` (claims a chunk),
``stream_events`` (the ``"type"`` values of an event-typed stream),
``sdk_stream_events`` (SDK stream helpers' events around chunks),
``stream_encoder`` and ``stream_misfed`` (what a chunk no dialect claims is): no
dialect is named here. Detection asks event-typed dialects
first, then the others, each group in registry order; a chunk whose ``"type"`` is a
known event type is detected with one lookup (the typed tests are asked about
``{"type": kind}`` alone, once, when the table is built), unless a dialect ahead
declares that type but does not claim it alone (it refines another's stream: its
chunks are told apart by more than their type): those chunks ask the tests in order. A dialect's finish reasons
that ``finish_reasons`` normalises to ``length`` cut its stream's calls short, as
the built-in ones (``length``, ``max_tokens``...) do; those it normalises to
``error``, ``content_filter`` or ``refusal`` make every call of the stream invalid; those it normalises to
``tool_calls`` over a stream with no call give one nameless ``InvalidToolCall``.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, FrozenSet, List, Optional, Tuple

from .._derived import derived
from .._dialect import Dialect
from .._errors import DecodeError, ToolwireError
from .._finish import _known_words, calling, failing, truncating
from .._registry import Registry

__all__ = ["StreamTable", "accepts", "hit_of", "streams"]

HandlerFactory = Callable[[Any], Any]
# what starts a stream: the dialect id, its handler factory, its truncating, its failing
# and its calling finish reasons
Hit = Tuple[str, HandlerFactory, FrozenSet[str], FrozenSet[str], FrozenSet[str]]
Test = Tuple[Callable[[Dict[str, Any]], bool], Hit]


def accepts(test: Callable[[Dict[str, Any]], bool], data: Dict[str, Any]) -> bool:
    try:
        return bool(test(data))
    except Exception:  # an odd value (an unhashable type, say) is not a match
        return False


class StreamTable:
    """What the stream front doors need of a registry's dialects."""

    __slots__ = ("by_name", "encoders", "handlers", "kinds", "known", "misfed", "tests", "untyped", "wrappers")

    def __init__(self, dialects: Tuple[Dialect, ...]) -> None:
        # every dialect's finish words, in any case: a stream's word none knows is ``_policy.Unknown``
        self.known: FrozenSet[str] = _known_words(dialects)
        known = self.known
        self.handlers: Dict[str, HandlerFactory] = {d.name: d.stream for d in dialects if d.stream is not None}
        self.by_name: Dict[str, Hit] = {d.name: hit_of(d, known) for d in dialects if d.stream is not None}
        self.encoders: Dict[str, Callable[..., List[Dict[str, Any]]]] = {
            d.name: d.stream_encoder for d in dialects if d.stream_encoder is not None
        }
        # what a chunk no dialect claims is, in each dialect's words (``Dialect.stream_misfed``)
        self.misfed: Tuple[Callable[[Dict[str, Any]], Optional[str]], ...] = tuple(
            d.stream_misfed for d in dialects if d.stream_misfed is not None)
        # SDK stream helpers' event classes -> the attribute holding the chunk ("": skip)
        self.wrappers: Dict[str, str] = {}
        for d in dialects:
            if d.stream is not None:
                for cls, attr in d.sdk_stream_events.items():
                    self.wrappers.setdefault(cls, attr)
        claims = [d for d in dialects if d.stream is not None and d.stream_detect is not None]
        typed_dialects = [d for d in claims if d.stream_events]
        typed: List[Test] = [(d.stream_detect, hit_of(d, known)) for d in typed_dialects]  # type: ignore[misc]
        untyped: List[Test] = [(d.stream_detect, hit_of(d, known))  # type: ignore[misc]
                               for d in claims if not d.stream_events]
        self.tests: Tuple[Test, ...] = (*typed, *untyped)
        self.untyped: Tuple[Test, ...] = tuple(untyped)  # a chunk without a string type skips the typed ones
        # the dialect the typed tests give a chunk of each known type, asked once; a type
        # that a dialect ahead declares but does not claim alone (it refines another's
        # stream: it wants evidence beyond the type) is left to the tests, in order
        self.kinds: Dict[str, Hit] = {}
        for d in claims:
            for kind in d.stream_events:
                if kind in self.kinds:
                    continue
                for owner, (test, hit) in zip(typed_dialects, typed):
                    if accepts(test, {"type": kind}):
                        self.kinds[kind] = hit
                        break
                    if kind in owner.stream_events:
                        break

    def detect(self, data: Dict[str, Any]) -> Optional[Hit]:
        """The dialect (and its handler factory) a plain chunk belongs to, or ``None``."""
        kind = data.get("type")
        if type(kind) is str:
            hit = self.kinds.get(kind)
            if hit is not None:
                return hit
            tests = self.tests
        else:
            tests = self.untyped
        for test, hit in tests:
            try:
                if test(data):
                    return hit
            except Exception:  # an odd value (an unhashable type, say) is not a match
                continue
        return None


class _Start:
    """*d*'s stream factory, its failure (a handler that takes no core, an ``__init__``
    that raises) a ``DecodeError`` naming the dialect."""

    __slots__ = ("factory", "name")

    def __init__(self, d: Dialect) -> None:
        self.factory, self.name = d.stream, d.name

    def __call__(self, core: Any) -> Any:
        try:
            return self.factory(core)  # type: ignore[misc]
        except (ToolwireError, MemoryError):
            raise
        except Exception as exc:
            raise DecodeError(f"The {self.name} stream reader could not be made ({type(exc).__name__}: {exc})",
                              dialect=self.name) from None


def hit_of(d: Dialect, known: FrozenSet[str]) -> Hit:
    """What starts a stream of the streaming dialect *d* (*known*: its registry's finish words)."""
    assert d.stream is not None
    return d.name, _Start(d), truncating(d, known), failing(d), calling(d)


def streams(registry: Optional[Registry] = None) -> StreamTable:
    """The stream table of *registry* (the default one when ``None``)."""
    return derived(StreamTable, registry)
