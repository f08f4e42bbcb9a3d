"""The group a call or a tool is named in beside its name, read through the dialects'
``scope`` fields (OpenAI Responses' ``namespace``; no other built-in dialect has one).

``validate_call`` matches a call to a tool by the pair; ``encode`` refuses to write a
call or tool that has one to another dialect, where its bare name would name another
tool (or none), unless the group is named as the call is: Responses' tool search gives
a function tool loaded on its own a namespace of its own name (recorded in the corpus,
``pai-gpt-5.4-tool-search-then-call``), and its bare name names it."""

from __future__ import annotations

from typing import Any, Callable, Optional, Protocol, Tuple

from ._derived import derived
from ._dialect import Dialect
from ._errors import EncodeError, excerpt
from ._registry import Registry

__all__ = ["check_scope", "scope_of"]

Readers = Tuple[Tuple[str, Callable[[Any], Optional[str]]], ...]


def _readers(dialects: Tuple[Dialect, ...]) -> Readers:
    return tuple((d.name, d.scope) for d in dialects if d.scope is not None)


def scope_of(provider_data: Any, registry: Optional[Registry] = None) -> Optional[Tuple[str, str]]:
    """``(dialect, group)`` from a call's or a tool's provider data, or ``None``."""
    if not provider_data:
        return None
    get = getattr(provider_data, "get", None)  # a dict, or a ``Tool``'s read-only view of one
    if get is None:
        return None
    for name, read in derived(_readers, registry):
        mine = get(name)
        if mine is not None:
            group = read(mine)
            if group is not None:
                return name, group
    return None


class _Target(Protocol):
    """What ``check_scope`` writes to: a ``Dialect``, or a text format (``encode_text``)."""

    @property
    def name(self) -> str: ...


def check_scope(what: str, name: str, provider_data: Any, d: _Target, registry: Optional[Registry]) -> None:
    """``EncodeError`` when the call or tool *name* (*what*) is named in a group of a
    dialect other than *d* (a dialect or a text format), of another name: written there
    by its bare name, it would name another tool."""
    if len(provider_data) == 1 and d.name in provider_data:  # its own data only
        return
    got = scope_of(provider_data, registry)
    if got is not None and got[0] != d.name and got[1] != name:
        raise EncodeError(
            f"The {what} {name!r} is named in the {got[0]} namespace {excerpt(got[1])}, which {d.name} cannot "
            f"write: by its bare name it would name another tool. Write it as {got[0]}, or drop its "
            "provider data (.replace(provider_data=None)) to call it by its bare name",
            dialect=d.name,
        )
