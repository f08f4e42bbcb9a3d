"""``encode_stream``: canonical calls written as a dialect's stream chunks/events.

For tests and fuzzers: the argument text is split as asked and, where the dialect
allows it, the fragments of parallel calls are interleaved. Each dialect's stream
module writes its own events (``Dialect.stream_encoder``); this module holds the
calls to ``encode``'s rules (tool names, arguments JSON can hold, the target's id
rule), splits and dispatches.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from typing import Any, Callable, Dict, List, Optional, Sequence, Union

from .._args import encode_arguments
from .._builtin import default_registry, registry_of
from .._dialect import Dialect, EncodeContext
from .._encode import _ENCODE_ERRORS, _check_name, _encode_error
from .._errors import DecodeError, EncodeError, ToolwireError, UnknownDialectError, excerpt
from .._flags import check_flag
from .._ids import IdMap
from .._json_values import check_args_to_write
from .._registry import Registry
from .._scope import check_scope
from .._types import ToolCall, new_call
from ..dialects._common import encode_id, scoped
from ._table import streams

__all__ = ["Split", "encode_stream"]


Split = Union[None, int, Callable[[str], Sequence[str]]]

_FLAGS = ("partial_args", "with_index")


def encode_stream(
    calls: Sequence[Any],
    dialect: Union[str, Dialect],
    *,
    split: Split = None,
    interleave: bool = False,
    ids: Optional[IdMap] = None,
    registry: Optional[Registry] = None,
    **options: Any,
) -> List[Dict[str, Any]]:
    """The chunks/events of *dialect* that stream *calls* (``ToolCall``s or canonical
    ``{"name", "args", "id"}`` dicts).

    *split* cuts each call's argument text: ``None`` (one piece), a fragment size,
    or a function ``text -> pieces``. ``interleave=True`` round-robins the fragments
    of parallel calls where the dialect allows it (``openai.chat``, ``mistral`` with
    ``with_index=True``). Ids follow the target's rule as in ``encode``: made where
    it needs one, mapped where it rejects one; ``ids`` is the conversation's
    ``IdMap``, as ``encode`` takes it. Dialect options: ``gemini``
    ``partial_args=True`` (Vertex streamed arguments), ``mistral`` ``with_index=True``,
    ``openai.chat`` ``with_index=False`` / ``finish_reason=...``. The flags
    (``interleave``, ``with_index``, ``partial_args``) take ``True`` or ``False`` only.
    """
    check_flag("interleave", interleave)
    for flag in _FLAGS:  # the dialects' flags this docstring names: "false" is truthy
        if flag in options:
            check_flag(flag, options[flag])
    d = _target(dialect, registry)
    enc = d.stream_encoder
    if ids is not None:
        ids.check_rule(d.ids, d.name)
    if isinstance(calls, (str, bytes, dict)) or not isinstance(calls, Iterable):
        raise DecodeError(f"encode_stream takes a list of calls, got {type(calls).__name__} {excerpt(calls)}", loc="$")
    canon = [_held(d, c if isinstance(c, ToolCall) else ToolCall._validate(c), i, ids, registry)
             for i, c in enumerate(calls)]
    cut = _splitter(split)
    fragments = [[p for p in cut(_text(d, c)) if p] for c in canon]
    options["split"] = cut  # for encoders that cut more than the whole argument text (Vertex partialArgs)
    if enc is not None and _takes_items(enc):  # each call as ``encode`` writes it (a server call's own item...)
        options["items"] = [_item(d, c, i) for i, c in enumerate(canon)]
    if interleave:
        options["interleave"] = True
    assert enc is not None  # _target gives dialects with a stream encoder
    _check_options(d.name, enc, canon, fragments, options)
    try:
        out: List[Dict[str, Any]] = enc(canon, fragments, **options)
    except (ToolwireError, MemoryError):
        raise
    except Exception as exc:  # a value of provider data, a third-party encoder's own failure
        raise _encode_error(d, canon, exc) from None
    return out


def _target(dialect: Union[str, Dialect], registry: Optional[Registry]) -> Dialect:
    """The dialect to stream (``UnknownDialectError`` for one without a stream encoder)."""
    if isinstance(dialect, Dialect):
        d: Optional[Dialect] = dialect
    else:
        reg = default_registry() if registry is None else registry_of(registry, EncodeError)
        d = reg.get(dialect) if dialect in reg else None
    if d is None or d.stream_encoder is None:
        known = ", ".join(streams(registry).encoders)
        raise UnknownDialectError(f"Dialect {dialect!r} has no stream encoder; streaming dialects: {known}")
    return d


def _held(d: Dialect, c: ToolCall, position: int, ids: Optional[IdMap], registry: Optional[Registry]) -> ToolCall:
    """*c* as ``encode`` would write it: its name and arguments checked, its id the
    one the target's rule gives (passed, mapped or made). A call the provider runs
    (``server``) is refused where ``encode`` refuses it (another provider's, or a
    dialect whose calls are all the client's); where ``encode`` writes it back, the
    dialect's stream encoder writes it as the provider's own item, as ``encode`` does."""
    _check_name(d, c.name)
    check_args_to_write(c, d.name)
    if c.provider_data:
        check_scope("call", c.name, c.provider_data, d, registry)
    ctx = EncodeContext(ids=ids, position=position)
    if c.server:
        try:
            d.encode_call(c, ctx)  # encode's verdict: it refuses with EncodeError
        except (ToolwireError, MemoryError):
            raise
        except Exception as exc:  # a value of provider data encode cannot write
            raise _encode_error(d, c, exc) from None
        return c  # its own id, as encode writes it
    ident = encode_id(c, ctx, d.ids, scoped(c, d.name))
    if ident == c.id:
        return c
    return new_call(c.name, c.args, ident, c.raw, c.provider_data, c.repairs, c.server)


def _takes_items(enc: Callable[..., Any]) -> bool:
    """Whether the stream encoder takes ``items``: each call as the dialect's ``encode``
    writes it, to write what it holds beside name and arguments."""
    try:
        return "items" in inspect.signature(enc).parameters
    except (TypeError, ValueError):
        return False


def _item(d: Dialect, c: ToolCall, position: int) -> Any:
    try:
        return d.encode_call(c, EncodeContext(position=position))
    except (ToolwireError, MemoryError):
        raise
    except Exception as exc:  # a value of provider data encode cannot write
        raise _encode_error(d, c, exc) from None


def _text(d: Dialect, c: ToolCall) -> str:
    try:
        return encode_arguments(c.args, c.raw)
    except _ENCODE_ERRORS as exc:  # nesting deeper than the JSON writer goes
        raise _encode_error(d, c, exc) from None


def _check_options(name: str, enc: Callable[..., Any], calls: Any, fragments: Any, options: Dict[str, Any]) -> None:
    """An ``EncodeError`` naming an option the encoder does not take."""
    try:
        signature = inspect.signature(enc)
    except (TypeError, ValueError):  # a callable without a signature: it says so itself
        return
    try:
        signature.bind(calls, fragments, **options)
    except TypeError as exc:
        raise EncodeError(f"Bad stream option for {name}: {exc}", dialect=name) from None


def _splitter(split: Split) -> Callable[[str], Sequence[str]]:
    """The function that cuts a text into fragments; a *split* that is none of ``None``,
    a positive int (not a bool) or a function, and a function that gives anything but
    a list of strings joining back to the text (or none, for ``{}``), raise
    ``EncodeError``."""
    if split is None:
        return lambda text: [text]
    if type(split) is int:
        size = split
        if size < 1:
            raise EncodeError(f"split must be a positive fragment size, got {size}")
        return lambda text: [text[i : i + size] for i in range(0, len(text), size)]
    if callable(split) and not isinstance(split, (bool, int, float)):
        cut = split

        def checked(text: str) -> Sequence[str]:
            try:
                pieces = list(cut(text))
            except ToolwireError:
                raise
            except Exception as exc:  # the caller's function failing
                raise EncodeError(f"split function failed on {excerpt(text)}: {type(exc).__name__}: {exc}") from None
            for piece in pieces:
                if type(piece) is not str:
                    raise EncodeError(f"split function must give strings, got {excerpt(piece)}")
            joined = "".join(pieces)
            # the stream would carry other arguments than the call's (no text for no
            # arguments is how several providers stream a call without any)
            if joined != text and not (not joined and text == "{}"):
                raise EncodeError(f"split function's pieces must join back to the text, got {excerpt(pieces)} "
                                  f"for {excerpt(text)}")
            return pieces

        return checked
    raise EncodeError(f"split must be None, a fragment size or a function, got {excerpt(split)}")
