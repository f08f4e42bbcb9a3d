"""Structured-output targets by name: the ``structured`` field of every dialect of the
default registry (``Dialect.structured``), and prompt mode, which is no provider's.

A target id wins over an alias; between dialects, the first in registry order wins
(a dialect registered ``first=True`` can take over a built-in's target). A ``Target``
value given instead of a name is used as it is.
"""

from __future__ import annotations

from typing import Any, Dict, Tuple, Union

from .._derived import derived
from .._dialect import Dialect
from .._errors import UnknownDialectError, excerpt
from .._target import Target
from ._prompt import PROMPT

__all__ = ["get_target", "targets"]


def _table(dialects: Tuple[Dialect, ...]) -> Tuple[Dict[str, Target], Dict[str, Target]]:
    ids: Dict[str, Target] = {}
    aliases: Dict[str, Target] = {}
    for d in dialects:
        for t in d.structured:
            ids.setdefault(t.id, t)
            for a in t.aliases:
                aliases.setdefault(a, t)
    ids.setdefault(PROMPT.id, PROMPT)
    return ids, aliases


def targets() -> Dict[str, Target]:
    """Every structured-output target of the default registry, by id."""
    return dict(derived(_table)[0])


def get_target(target: Union[str, Target, Any]) -> Target:
    """The ``Target`` named *target* (an id or an alias), or *target* itself when it is
    one; ``UnknownDialectError`` otherwise."""
    if isinstance(target, Target):
        return target
    ids, aliases = derived(_table)
    found = ids.get(target) or aliases.get(target) if type(target) is str else None
    if found is None:
        raise UnknownDialectError(
            f"Unknown structured-output target {excerpt(target)}; known targets: {', '.join(sorted(ids))}",
            dialect=target if type(target) is str else None,
        )
    return found
