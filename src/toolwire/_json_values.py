"""The checks of JSON values a caller hands over (arguments, provider data, result
content, schemas): ``check_json_value`` walks a value iteratively (linear, no recursion
limit) and refuses, at a ``$.path``, what JSON cannot carry; ``plainly_json`` finds a
plain value so in passes that run no Python step per value; ``check_args_to_write`` is
every writer's check of a call's args."""

from __future__ import annotations

import marshal
import math
from itertools import chain, compress, repeat
from operator import is_
from typing import Any, Dict, Iterator, List, Optional, Set, Tuple

from ._errors import DecodeError, EncodeError, excerpt
from ._path_steps import key_step

__all__ = [
    "LONG_INT",
    "LONG_INT_WORDS",
    "MAX_SCHEMA_NODES",
    "check_args_to_write",
    "check_json_object",
    "check_json_value",
    "fail",
    "lone_surrogate_in",
    "plainly_json",
    "too_many_nodes",
]


def lone_surrogate_in(text: str) -> bool:
    """Whether *text* holds a lone UTF-16 surrogate (``"\\ud800"``): what no UTF-8
    text, and so no HTTP request, can carry. ASCII text is answered at once."""
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def fail(what: str, loc: str, value: Any) -> DecodeError:
    """The ``DecodeError`` of *what* at *loc*: *value* says what is wrong."""
    return DecodeError(f"{what} at {loc} {value}", loc=loc)


_SCALARS = (str, int, bool, type(None))

#: The least magnitude of an integer of more than 4300 digits: JSON sets no limit (RFC 8259
#: §6), but pydantic-core's parser reads no more, and CPython's ``int`` -> ``str`` (so
#: ``json.dumps``, which SDKs and HTTP clients write bodies with) refuses more by default
#: (``sys.get_int_max_str_digits``). Refused where a value is built, decoded or written,
#: as in argument text: ``-LONG_INT < n < LONG_INT`` is two comparisons of sizes.
LONG_INT = 10**4300
LONG_INT_WORDS = "an integer of more than 4300 digits, longer than JSON parsers read"

#: The most JSON values (objects, arrays and scalars) a caller's schema may hold, counted
#: as the tree the schema means: a dict or list held in several places counts once per
#: place. A schema built in Python may hold one dict twice at each of k levels (k + 1
#: dicts meaning 2^k nodes), and every walk of it (the copy, the checks, the rewrites)
#: would take 2^k steps: the first walk of each entry point counts and refuses past this,
#: so every later one is bounded by it. The largest schema of the tests holds ~160,000
#: values, the largest of the recorded payloads 39; a reuse through ``$defs`` / ``$ref``
#: is not expanded, so it does not count more than once.
MAX_SCHEMA_NODES = 1_000_000


def check_json_object(
    value: Any, loc: str, what: str, *, tuples: bool = False, limit: Optional[int] = None
) -> Dict[str, Any]:
    """*value* when it is a JSON object (a dict with string keys and JSON values all the
    way down: no sets, no NaN or infinity, no integer of more than 4300 digits, no
    cycles); else a ``DecodeError`` at the first offending place. Iterative: linear in
    the value, no recursion limit. With
    *limit* (a schema: ``MAX_SCHEMA_NODES``), a value of more JSON values than that
    (counted as ``MAX_SCHEMA_NODES`` says) is refused, after at most *limit* steps."""
    if type(value) is not dict:
        raise fail(what, loc, f"must be a JSON object (a dict), got {excerpt(value)}{_subclass(value)}")
    check_json_value(value, loc, what, tuples=tuples, limit=limit)
    return value


def check_args_to_write(call: Any, dialect: str) -> None:
    """An ``EncodeError`` at the first value of ``call.args`` that JSON cannot hold (a key
    that is not a string, a set, NaN, a cycle...), for *dialect*'s writer. Args are held
    as given, so a call changed after it was built can hold them; every writer (``encode``,
    ``encode_text``) refuses them alike, never writes them changed (``5`` as ``"5"``)."""
    args = call.args
    if type(args) is dict:
        for k, v in args.items():  # the common case, one level of plain scalars (ASCII text): no walk
            t = type(v)
            if not (type(k) is str and k.isascii()
                    and ((t is str and v.isascii()) or (t is int and -LONG_INT < v < LONG_INT) or t is bool
                         or v is None or (t is float and v - v == 0))):
                break
        else:
            return
    if type(args) is dict and plainly_json(args):
        return
    try:
        check_json_object(args, "$.args", "ToolCall args", tuples=True)
    except DecodeError as exc:
        raise EncodeError(f"Cannot encode {excerpt(call)} as {dialect}: {exc.message}", dialect=dialect,
                          loc=exc.loc) from None


_JSON_TYPES = frozenset({str, int, float, bool, type(None), dict, list, tuple})
# a level's passes cost about as much as walking this many values: a value of fewer
# bytes of ``marshal`` than ``_PASSES_FROM``, or of more levels than its places so far
# pay for, is walked (it costs that little)
_LEVEL_COST = 32
_PASSES_FROM = 1024
_STR_ONLY = frozenset({str})


def plainly_json(args: Dict[str, Any], low: int = -LONG_INT, high: int = LONG_INT) -> bool:
    """Whether *args* is JSON data as ``check_json_value`` (with tuples) takes it, found
    a level of the value at a time by passes that run no Python step per value
    (``marshal``, ``map``, ``compress``, ``set``, ``join``, ``min`` / ``max``, ``sum``):
    the types of all keys and values (exact: ``marshal`` writes no subclass), the text of
    the strings and keys (no lone surrogate), the ints between *low* and *high* (not
    included; ``LONG_INT`` by default), the floats' sum
    (finite only when each is). A value of a tree is a byte or more of ``marshal``'s
    text, which writes a container met again as a reference: more places than its bytes
    is a container held twice or a cycle. ``False`` when it cannot tell (those, nesting
    past ``marshal``'s depth) or anything the walk may refuse (the walk then says where),
    and for a small value or one of many levels holding few values (the walk is quicker)."""
    try:  # (exact types only: a subclass of any type is "unmarshallable", as deep nesting is)
        budget = len(marshal.dumps(args))
    except ValueError:
        return False
    if budget < _PASSES_FROM:
        return False
    places = text = budget  # (text: characters left to join; a string of them is a byte of
    # marshal's text or more, except one held twice, which marshal writes as a reference)
    dicts: List[Any] = [args]
    seqs: List[Any] = []
    levels = 0
    while dicts or seqs:
        levels += 1
        if levels * _LEVEL_COST > places - budget + _PASSES_FROM:
            return False  # deep and narrow: a level holds few values, the walk is quicker
        items: List[Any] = []
        if dicts:
            keys = list(chain.from_iterable(dicts))
            if not _STR_ONLY.issuperset(map(type, keys)):
                return False
            text -= sum(map(len, keys))
            if text < 0 or not _utf8("".join(keys)):
                return False  # (more text than marshal wrote: a string held twice, for the walk)
            items.extend(chain.from_iterable(map(dict.values, dicts)))
        items.extend(chain.from_iterable(seqs))
        budget -= len(items)
        if budget < 0:  # more places than marshal wrote values: a container met again
            return False  # (held twice, or a cycle), which the walk tells apart
        types = list(map(type, items))
        kinds = set(types)
        if not _JSON_TYPES.issuperset(kinds):
            return False
        if str in kinds:
            strs = list(_of(items, types, str))
            text -= sum(map(len, strs))
            if text < 0 or not _utf8("".join(strs)):
                return False
        if int in kinds:
            ints = list(_of(items, types, int))
            if not (low < min(ints) and max(ints) < high):
                return False
        if float in kinds and not math.isfinite(sum(_of(items, types, float), 0.0)):
            return False  # (a sum past the largest float is inf too: the walk answers)
        dicts = list(_of(items, types, dict)) if dict in kinds else []
        seqs = list(_of(items, types, list)) if list in kinds else []
        if tuple in kinds:
            seqs.extend(_of(items, types, tuple))
    return True


def _of(items: List[Any], types: List[type], t: type) -> Iterator[Any]:
    """The members of *items* of the exact type *t* (*types*: theirs)."""
    return compress(items, map(is_, types, repeat(t)))


def _utf8(text: str) -> bool:
    """Whether UTF-8 can carry *text* (no lone surrogate)."""
    return not lone_surrogate_in(text)


def too_many_nodes(limit: int) -> str:
    """Why a schema of more than *limit* JSON values is refused (``MAX_SCHEMA_NODES``)."""
    return (f"holds more than {limit:,} JSON values, counting an object or array held in several places once "
            "per place (reuse one through $defs and $ref)")


def check_json_value(
    value: Any, loc: str, what: str, *, tuples: bool = False, limit: Optional[int] = None
) -> None:
    """``DecodeError`` unless *value* is JSON data (see ``check_json_object``); with
    *tuples*, a tuple counts as an array (as decoders keep one given as data). A
    container held in several places is walked once (without *limit*)."""
    # each entry: (value, its place) where a place is ``(parent place, key or index)``,
    # spelled out as a ``$.path`` only for the error (a path per item would be quadratic)
    stack: List[Tuple[Any, Any]] = [(value, None)]
    left = 0 if limit is None else limit - 1  # values still allowed beside the root
    open_ids = set()  # containers on the path being walked (a cycle is an error)
    exits: List[Tuple[int, int]] = []  # (stack height, id) where a container's walk ends
    # containers whose walk ended: one met again elsewhere (k + 1 dicts, each held twice
    # by the next, mean 2^k places) is not walked again, so the check is linear in the
    # objects given; with a *limit* every place counts, as ``MAX_SCHEMA_NODES`` says
    done: Optional[Set[int]] = set() if limit is None else None
    while stack:
        while exits and len(stack) <= exits[-1][0]:
            closed = exits.pop()[1]
            open_ids.discard(closed)
            if done is not None:
                done.add(closed)
        v, at = stack.pop()
        t = type(v)
        if t in _SCALARS:
            if t is str and lone_surrogate_in(v):
                raise fail(what, _path(loc, at),
                            f"holds {excerpt(v)}, a lone UTF-16 surrogate no UTF-8 text can carry")
            if t is int and not -LONG_INT < v < LONG_INT:
                raise fail(what, _path(loc, at), f"holds {LONG_INT_WORDS}")
            continue
        if t is float:
            if not math.isfinite(v):
                raise fail(what, _path(loc, at), f"holds {v!r}, which JSON cannot carry")
            continue
        if t is dict or t is list or (tuples and t is tuple):
            if id(v) in open_ids:
                raise fail(what, _path(loc, at), "holds itself (a cycle)")
            if done is not None and id(v) in done:
                continue
            open_ids.add(id(v))
            exits.append((len(stack), id(v)))
            if limit is not None:
                left -= len(v)
                if left < 0:
                    raise fail(what, _path(loc, at), too_many_nodes(limit))
            if t is dict:
                for k, item in v.items():
                    if type(k) is not str:
                        raise fail(what, _path(loc, at), f"has a key that is not a string: {excerpt(k)}")
                    if lone_surrogate_in(k):
                        raise fail(what, _path(loc, at),
                                    f"has the key {excerpt(k)}, a lone UTF-16 surrogate no UTF-8 text can carry")
                    stack.append((item, (at, k)))
            else:
                stack.extend((item, (at, i)) for i, item in enumerate(v))
            continue
        if isinstance(v, dict):
            raise fail(what, _path(loc, at), f"holds {excerpt(v)}{_subclass(v)}")
        raise fail(what, _path(loc, at), f"holds {excerpt(v)} ({t.__name__}), which is not JSON")


def _subclass(value: Any) -> str:
    """What to say of a dict subclass: the value is held as given, so it must be a plain
    dict (decoders copy one into a plain dict; a constructor does not copy)."""
    if not isinstance(value, dict):
        return ""
    return f" (a dict subclass, {type(value).__name__}: a constructor holds what it is given, so it takes plain " \
        "dicts only; decoders copy such data into them)"


def _path(loc: str, at: Any) -> str:
    """The ``$.path`` of a place of ``check_json_value``'s walk, below *loc* (a key spelled
    as ``key_step`` spells it)."""
    steps = []
    while at is not None:
        at, step = at
        steps.append(f"[{step}]" if type(step) is int else key_step(step))
    return loc + "".join(reversed(steps))
