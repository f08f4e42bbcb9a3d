"""``check_record``: a ``Dialect`` checked field by field as ``Registry.register``
takes it, so a wrong field fails there with a clear error, not at the first decode.
"""

from __future__ import annotations

from re import Pattern as _Pattern
from typing import Any, Mapping

from ._dialect import Dialect, HistoryCodec, ResponseReader
from ._finish_reasons import FINISH_REASONS
from ._ids import IdRule
from ._target import Target

__all__ = ["check_record"]

_CALLABLE = ("sniff", "decode_call", "encode_call", "decode_tool", "encode_tool", "decode_result",
             "encode_result", "children", "finish")
_MAYBE_CALLABLE = ("failure", "gate", "detect", "peek", "choices", "assistant_message", "stream",
                   "stream_detect", "stream_encoder", "message_envelope", "response_envelope",
                   "batch_envelope", "builtin_tool", "tool_entry", "result_read_back", "stream_options",
                   "scope", "list_items", "stream_misfed")
_MAPPINGS = ("sdk_calls", "sdk_responses", "sdk_stream_events", "finish_reasons")


def check_record(d: Any) -> None:
    """``TypeError`` when *d* is not a ``Dialect`` or a field of it has the wrong type
    (it would break every decode, or escape as an ``AttributeError`` at the first
    encode); ``ValueError`` for an empty name or alias and a finish reason mapped
    outside ``FINISH_REASONS``. ``Registry.register`` asks it."""
    if not isinstance(d, Dialect):
        raise TypeError(f"A dialect must be a toolwire.Dialect, got {_got(d)}")

    def wrong(name: str, wanted: str) -> TypeError:
        return TypeError(f"Dialect {d.name!r} field {name!r} must be {wanted}, got {_got(getattr(d, name))}")

    if type(d.name) is not str:
        raise TypeError(f"A dialect's name must be a str, got {_got(d.name)}")
    if not d.name:
        raise ValueError("A dialect's name must not be empty")
    if type(d.aliases) is not tuple or not all(type(a) is str for a in d.aliases):
        raise wrong("aliases", "a tuple of str")
    if not all(d.aliases):
        raise ValueError(f"Dialect {d.name!r} has an empty alias")
    for f in _CALLABLE:
        if not callable(getattr(d, f)):
            raise wrong(f, "callable")
    for f in _MAYBE_CALLABLE:
        if getattr(d, f) is not None and not callable(getattr(d, f)):
            raise wrong(f, "callable or None")
    if type(d.argument_keys) is not tuple or not all(type(k) is str and k for k in d.argument_keys):
        raise wrong("argument_keys", "a tuple of non-empty str")
    if not isinstance(d.ids, IdRule):
        raise wrong("ids", "an IdRule")
    if d.names is not None and not (isinstance(d.names, _Pattern) and type(d.names.pattern) is str):
        raise wrong("names", "a compiled pattern (re.compile) or None")
    for f, sets in (("keys", d.keys), ("stream_events", d.stream_events), ("unfinished_reasons", d.unfinished_reasons)):
        if not (sets is None and f == "keys") and not (type(sets) is frozenset and all(type(k) is str for k in sets)):
            raise wrong(f, "a frozenset of str" + (" or None" if f == "keys" else ""))
    for f in _MAPPINGS:
        if not isinstance(getattr(d, f), Mapping):
            raise wrong(f, "a mapping")
    bad = next((k for k, v in d.finish_reasons.items() if type(k) is not str or v not in FINISH_REASONS), None)
    if bad is not None:
        raise ValueError(
            f"Dialect {d.name!r} maps the finish reason {bad!r} to {d.finish_reasons[bad]!r}, "
            f"not one of {', '.join(FINISH_REASONS)}"
        )
    if d.response is not None:
        if not isinstance(d.response, ResponseReader):
            raise wrong("response", "a ResponseReader or None")
        r = d.response
        if not (callable(r.detect) and callable(r.read) and callable(r.may_hold_calls) and callable(r.unfinished)
                and (r.commentary is None or callable(r.commentary))):
            raise wrong("response", "a ResponseReader of callables")
        if r.keys is not None and not (type(r.keys) is frozenset and all(type(k) is str for k in r.keys)):
            raise TypeError(f"Dialect {d.name!r} response keys must be a frozenset of str or None, got {_got(r.keys)}")
        if type(r.inline_think) is not bool:
            raise TypeError(f"Dialect {d.name!r} response inline_think must be a bool, got {_got(r.inline_think)}")
    if d.history is not None and not isinstance(d.history, HistoryCodec):
        raise wrong("history", "a HistoryCodec or None")
    if d.text_module is not None and type(d.text_module) is not str:
        raise wrong("text_module", "a str or None")
    if type(d.description) is not str:
        raise wrong("description", "a str")
    if type(d.structured) is not tuple or not all(isinstance(t, Target) for t in d.structured):
        raise wrong("structured", "a tuple of toolwire.schema.Target")


def _got(v: Any) -> str:
    text = repr(v)
    return f"{type(v).__name__} {text[:60] + '…' if len(text) > 60 else text}"
