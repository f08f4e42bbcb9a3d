"""Test helper: what ``decode`` / ``decode_all`` give, as plain values two paths can be
compared on (every field of a call, or the error's type and message)."""

from __future__ import annotations

from typing import Any

import toolwire


def full(call: Any) -> Any:
    """Every field of a ``ToolCall`` that a fast path must reproduce; anything else as is."""
    if isinstance(call, toolwire.ToolCall):
        return (call.name, call.args, call.id, call.raw, call.provider_data, call.repairs)
    return call


def decoded(x: Any, *dialect: Any, **policy: Any) -> Any:
    try:
        return full(toolwire.decode(x, *dialect, **policy))
    except toolwire.ToolwireError as exc:
        return type(exc).__name__, str(exc)


def decoded_all(x: Any, **kw: Any) -> Any:
    try:
        return [full(c) for c in toolwire.decode_all(x, **kw)]
    except toolwire.ToolwireError as exc:
        return type(exc).__name__, str(exc)
