"""Which JSON candidate of a reply is its answer (``_json_extract.candidates``), and the
readings of one that gives a key twice in one object.

The answer is the last candidate the caller's check takes, fenced blocks first
(``reference/structured-output.md`` §G.2 item 9). A candidate that gives a key twice has
several readings (RFC 8259 §4 leaves repeated names to the parser; Python's and
pydantic-core's keep the last value, but the model may have meant the first): it is
passed over for one before it only when the check takes none of them; else it is the
answer, and the caller refuses it (``_repeats``: a value would be lost). Judging only the
last-value reading took an example before it where its first value fits the schema
(review revDup2Perf C1: ``Example {"a": 1}. Answer {"a": 2, "a": "x"}`` was ``ok``
``{"a": 1}``).
"""

from __future__ import annotations

import json
from itertools import product
from typing import TYPE_CHECKING, Any, Callable, Iterator, List, Optional

from ._json_ints import read_int
from ._json_link_refs import uncited
from ._repeats import first_repeat

if TYPE_CHECKING:
    from ._json_extract import Candidate

__all__ = ["MAX_READINGS", "answer_of", "some_reading"]

#: readings tried at most (each one key's choice of its values, nested choices multiplied);
#: past it the candidate is taken as the answer unread (refused, never passed over)
MAX_READINGS = 64


class _Pairs(List[Any]):
    """One object's (key, value) pairs as the text gives them, none dropped."""


_PAIRS = json.JSONDecoder(strict=False, parse_int=read_int, object_pairs_hook=_Pairs)


def answer_of(text: str, cands: List[Candidate], accept: Optional[Callable[[Any], bool]]) -> Optional[Candidate]:
    """The last of *cands* (``candidates(text)``) *accept* takes, fenced blocks first (without
    *accept*, the last; no citation, ``uncited``), else ``None``. One that gives a key
    twice is taken when *accept* takes any of its readings (``some_reading``)."""
    for group in ([c for c in cands if c.how != "scan"], uncited(text, [c for c in cands if c.how == "scan"])):
        for cand in reversed(group):
            if accept is None or accept(cand.value):
                return cand
            span = text[cand.start:cand.end]
            if first_repeat(span, cand.value) is not None and some_reading(span, accept):
                return cand
    return None


def some_reading(text: str, accept: Callable[[Any], bool], cap: int = MAX_READINGS) -> bool:
    """Whether *accept* takes some reading of the JSON *text* (each key given twice in an
    object taking one of its values, in the key's first place); ``True`` too when the text
    has more than *cap* readings or is not JSON the stdlib reads (never passed over
    unread). At most *cap* readings, each built once: linear in the text."""
    try:
        tree = _PAIRS.decode(text)
        if _count(tree, cap) > cap:
            return True
        return any(accept(v) for v in _readings(tree))
    except (ValueError, RecursionError):
        return True


def _count(node: Any, cap: int) -> int:
    """The readings of *node*, or ``cap + 1`` once past *cap*."""
    if type(node) is _Pairs:
        by_key: dict[str, int] = {}
        for k, v in node:
            by_key[k] = by_key.get(k, 0) + _count(v, cap)
        items: Any = by_key.values()
    elif type(node) is list:
        items = (_count(v, cap) for v in node)
    else:
        return 1
    n = 1
    for c in items:
        n = min(n * c, cap + 1)
    return n


def _readings(node: Any) -> Iterator[Any]:
    """Each reading of *node* (``_count`` of them)."""
    if type(node) is _Pairs:
        keys: dict[str, List[Any]] = {}
        for k, v in node:
            keys.setdefault(k, []).extend(_readings(v))
        for values in product(*keys.values()):
            yield dict(zip(keys, values))
    elif type(node) is list:
        for values in product(*[list(_readings(v)) for v in node]):
            yield list(values)
    else:
        yield node
