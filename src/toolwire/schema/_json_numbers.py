"""Floats no JSON text can carry, wherever an instance holds them.

RFC 8259 §6 (https://www.rfc-editor.org/rfc/rfc8259#section-6, checked 2026-12-06):
"Numeric values that cannot be represented in the grammar below (such as Infinity and
NaN) are not permitted". Python's ``json`` reads ``NaN``, ``Infinity`` and a number past
a float's range (``1e400``) as such floats; the validator reports them where its schema
names a type, and ``non_finite`` finds them where it names none (a free-form part: an
empty schema, ``additionalProperties: true``), which the check never walks into.
"""

from __future__ import annotations

import math
from typing import Any, Iterator, List, Optional, Set, Tuple

from ._util import escape_token

__all__ = ["holds_non_finite", "non_finite"]

_Place = Optional[Tuple[Any, str]]  # (parent place, reference token), spelled only when needed


def non_finite(instance: Any, room: Optional[int] = None) -> Iterator[Tuple[str, Optional[float]]]:
    """``(JSON Pointer, value)`` of each NaN or infinite float in *instance*, in document
    order, as the caller reads on (the check stops at its ``KEPT`` issues: a pointer per
    float cost the depth each). Iterative and linear: each container is walked once (one
    held in several places, or holding itself, is not walked again), and a pointer is
    spelled only for a float found. Below *room* levels, floats are looked for but not
    placed: one ``(pointer, None)`` at the level the room runs out stands for all below it
    (spelling a pointer per float there cost the depth each: quadratic)."""
    if not holds_non_finite(instance):  # the common case, read without places
        return
    stack: List[Tuple[Any, _Place, int]] = [(instance, None, 0)]
    seen: Set[int] = set()
    cut: Set[int] = set()  # the places where the room ran out and a float was found below
    while stack:
        value, place, depth = stack.pop()
        t = type(value)
        if t is float:
            if math.isfinite(value):
                continue
            if room is None or depth <= room:
                yield _pointer(place), value
            elif id(place) not in cut:
                cut.add(id(place))
                yield _pointer(place), None
        elif t is dict or t is list:
            if id(value) in seen:
                continue
            seen.add(id(value))
            items = list(value.items() if t is dict else enumerate(value))
            if room is not None and depth >= room:  # no deeper places: the room's own stands for all
                stack.extend((v, place, depth + 1) for _, v in reversed(items))
            else:
                stack.extend((v, (place, escape_token(str(k))), depth + 1) for k, v in reversed(items))


def holds_non_finite(instance: Any) -> bool:
    """Whether *instance* holds a NaN or infinite float anywhere (each container read once)."""
    if type(instance) is float:
        return not math.isfinite(instance)
    if type(instance) is not dict and type(instance) is not list:
        return False
    stack = [instance]
    seen: Set[int] = set()
    while stack:
        value = stack.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        for item in value.values() if type(value) is dict else value:
            t = type(item)
            if t is float:
                if not math.isfinite(item):
                    return True
            elif t is dict or t is list:
                stack.append(item)
    return False


def _pointer(place: _Place) -> str:
    tokens: List[str] = []
    while place is not None:
        place, token = place
        tokens.append(token)
    return "".join(f"/{t}" for t in reversed(tokens))
