"""The plans ``toolwire.strategies`` draws from: the payload kinds asked for, checked
against what each dialect's fields can build (MCP and ``canonical`` have no
containers), and per dialect the strategies of its calls, tools and results, built once
(``_plans``); the wire and stream dialects of the default registry, read when asked.
"""

from __future__ import annotations

from typing import Any, List, NamedTuple, Optional, Sequence, Tuple, Union

from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from ._builtin import default_registry
from ._dialect import Dialect
from ._strategies_values import check_strategy, dialects_of, names_of, tool_calls, tool_results, tools
from ._types import Tool, ToolCall, ToolResult

__all__ = ["CALL_KINDS", "KINDS", "_Plan", "_plan", "_plans", "_stream_dialects", "_wire_dialects", "reduced",
           "wire_dialects_of"]

#: Payload kinds that hold calls, and all kinds.
CALL_KINDS: Tuple[str, ...] = ("item", "items", "message", "response")
KINDS: Tuple[str, ...] = (*CALL_KINDS, "tool", "result")


def _wire_dialects() -> Tuple[str, ...]:
    """The wire dialects of the default registry, in its order (the ``text.*`` formats
    are model output text, not payloads)."""
    return tuple(d.name for d in default_registry() if d.text_module is None)


def _stream_dialects() -> Tuple[str, ...]:
    """The dialects of the default registry with a stream encoder and accumulator."""
    return tuple(d.name for d in default_registry() if d.stream_encoder is not None and d.stream is not None)


def wire_dialects_of(dialect: Any) -> Tuple[Dialect, ...]:
    """The dialects ``payloads`` and ``streams`` are asked for (the knob as
    ``dialects_of`` takes it; ``None``: every wire dialect), none of them a ``text.*``
    format (model output text, not a wire payload: a ``ValueError``)."""
    if dialect is None:
        return tuple(d for d in default_registry() if d.text_module is None)
    ds = dialects_of(dialect)  # unknown ids fail here
    for d in ds:
        if d.text_module is not None:  # failed at draw time, in the encoder
            raise ValueError(f"dialect {d.name} is a text format (model output text, not a wire payload); "
                             f"wire dialects: {', '.join(_wire_dialects())}")
    return ds


def _containers(d: Dialect) -> List[str]:
    """The container kinds a dialect's fields can build (``message``, ``response``)."""
    have = ["message"] if d.message_envelope is not None or d.assistant_message is not None else []
    return have + ["response"] if d.response_envelope is not None else have


def _wanted(kind: Union[str, Sequence[str], None]) -> Tuple[str, ...]:
    wanted = CALL_KINDS if kind is None else names_of("kind", kind)
    if not wanted:  # hypothesis failed at draw time ("payloads needs at least one dialect" before)
        raise ValueError(f"payloads needs at least one kind; kinds: {', '.join(KINDS)}")
    for k in wanted:
        if k not in KINDS:
            raise ValueError(f"unknown payload kind {k!r}; kinds: {', '.join(KINDS)}")
    return wanted


def _kinds(d: Dialect, wanted: Sequence[str]) -> List[str]:
    """The kinds of *wanted* that *d* has (MCP and ``canonical`` have no containers)."""
    return [k for k in ("item", "items", *_containers(d), "tool", "result") if k in wanted]


def _no_kind(d: Dialect, wanted: Sequence[str]) -> ValueError:
    asked = " or ".join(repr(k) for k in wanted)
    return ValueError(f"{d.name} has no {asked} payloads; it has: {', '.join(_kinds(d, KINDS))}")


class _Plan(NamedTuple):
    """The strategies of one dialect, built once (building strategies is costly)."""

    dialect: Dialect
    kinds: SearchStrategy[str]
    calls: SearchStrategy[ToolCall]
    tools: SearchStrategy[Tool]
    results: SearchStrategy[ToolResult]
    own_calls: bool  # its calls strategy is its own (not the ``calls`` knob's): ``reduced`` may apply

    def __repr__(self) -> str:  # the strategies' reprs hold it: not the whole Dialect record (60 kB)
        return f"_Plan({self.dialect.name!r})"


def _plan(d: Dialect, kinds: Sequence[str], calls: Optional[SearchStrategy[ToolCall]]) -> _Plan:
    ids: Optional[bool] = True if d.ids.required else None  # streams too: an id wherever the dialect needs one
    call = calls if calls is not None else tool_calls(d, ids=ids)
    return _Plan(d, st.sampled_from(kinds), call, tools(d), tool_results(d), calls is None)


_GONE: Any = object()


def reduced(call: ToolCall) -> ToolCall:
    """*call* without its id and without empty objects or lists in its arguments (pruned
    until none is left): calls every stream form takes. ``streams`` draws them in part of
    the examples where a form (Vertex ``partialArgs``: no id, one scalar per entry) takes
    none of the calls drawn."""
    args = {k: p for k, v in call.args.items() if (p := _pruned(v)) is not _GONE}
    return ToolCall(call.name, args)


def _pruned(value: Any) -> Any:
    if type(value) is dict:
        kept = {k: p for k, v in value.items() if (p := _pruned(v)) is not _GONE}
        return kept if kept else _GONE
    if type(value) is list:
        items = [p for v in value if (p := _pruned(v)) is not _GONE]
        return items if items else _GONE
    return value


def _plans(dialect: Any, kind: Any, calls: Optional[SearchStrategy[ToolCall]]) -> List[_Plan]:
    """A plan per dialect that has one of the asked kinds: every wire dialect that has
    one when *dialect* is ``None``; a named dialect that has none is refused."""
    wanted = _wanted(kind)
    check_strategy("calls", calls)
    plans = []
    for d in wire_dialects_of(dialect):
        kinds = _kinds(d, wanted)
        if kinds:
            plans.append(_plan(d, kinds, calls))
        elif dialect is not None:
            raise _no_kind(d, wanted)
    if not plans:  # hypothesis failed at draw time
        raise ValueError("payloads needs at least one dialect")
    return plans
