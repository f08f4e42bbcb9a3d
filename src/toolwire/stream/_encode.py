"""``encode_stream``: canonical calls written as a dialect's stream chunks/events.

For tests and fuzzers: the argument text is split as asked and, where the dialect
allows it, the fragments of parallel calls are interleaved. Each dialect's stream
module writes its own events (``Dialect.stream_encoder``); this module only splits
and dispatches.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Sequence, Union

from .._args import encode_arguments
from .._builtin import default_registry
from .._dialect import Dialect
from .._errors import EncodeError, UnknownDialectError
from .._registry import Registry
from .._types import ToolCall
from ._table import streams

__all__ = ["Split", "encode_stream"]


Split = Union[None, int, Callable[[str], Sequence[str]]]


def encode_stream(
    calls: Sequence[Any],
    dialect: Union[str, Dialect],
    *,
    split: Split = None,
    interleave: bool = False,
    registry: Optional[Registry] = None,
    **options: Any,
) -> List[Dict[str, Any]]:
    """The chunks/events of *dialect* that stream *calls* (``ToolCall``s or canonical
    ``{"name", "args", "id"}`` dicts).

    *split* cuts each call's argument text: ``None`` (one piece), a fragment size,
    or a function ``text -> pieces``. ``interleave=True`` round-robins the fragments
    of parallel calls where the dialect allows it (``openai.chat``, ``mistral`` with
    ``with_index=True``). Dialect options: ``gemini`` ``partial_args=True`` (Vertex
    streamed arguments), ``mistral`` ``with_index=True``, ``openai.chat``
    ``with_index=False`` / ``finish_reason=...``.
    """
    if isinstance(dialect, Dialect):
        name, enc = dialect.name, dialect.stream_encoder
    else:
        reg = default_registry() if registry is None else registry
        d = reg.get(dialect) if dialect in reg else None
        name = dialect if d is None else d.name
        enc = None if d is None else d.stream_encoder
    if enc is None:
        known = ", ".join(streams(registry).encoders)
        raise UnknownDialectError(f"Dialect {dialect!r} has no stream encoder; streaming dialects: {known}")
    canon = [c if isinstance(c, ToolCall) else ToolCall._validate(c) for c in calls]
    cut = _splitter(split)
    fragments = [[p for p in cut(encode_arguments(c.args, c.raw)) if p] for c in canon]
    options["split"] = cut  # for encoders that cut more than the whole argument text (Vertex partialArgs)
    if interleave:
        options["interleave"] = True
    try:
        return enc(canon, fragments, **options)
    except TypeError as exc:
        raise EncodeError(f"Bad stream option for {name}: {exc}", dialect=name) from None


def _splitter(split: Split) -> Callable[[str], Sequence[str]]:
    if split is None:
        return lambda text: [text]
    if type(split) is int:
        size = split
        if size < 1:
            raise ValueError("split must be a positive fragment size")
        return lambda text: [text[i : i + size] for i in range(0, len(text), size)]
    if callable(split):
        return split
    raise TypeError("split must be None, a fragment size or a function")
