"""The checks of the canonical values' public constructors, and the JSON Schemas of
their dict forms. Each check returns the value or raises ``DecodeError`` at a
``$.path``; ``check_json_object`` walks a value iteratively (linear, no recursion limit).
"""

from __future__ import annotations

import marshal
import math
from itertools import chain, compress, repeat
from operator import is_
from types import MappingProxyType
from typing import Any, Dict, Iterator, List, Mapping, Optional, Set, Tuple, Union, cast

from ._errors import DecodeError, EncodeError, an, excerpt
from ._path_steps import key_step

__all__ = [
    "JSON_SCHEMAS",
    "LONG_INT",
    "LONG_INT_WORDS",
    "MAX_SCHEMA_NODES",
    "NO_PD",
    "REQUIRED",
    "Content",
    "ProviderData",
    "check_args_to_write",
    "check_json_object",
    "check_json_value",
    "lone_surrogate_in",
    "part_member",
    "plainly_json",
    "too_many_nodes",
    "utf8_problem",
    "utf8_text",
]

ProviderData = Dict[str, Dict[str, Any]]
Content = Union[str, List[Dict[str, Any]]]
# the shared empty provider data: read-only, so that no caller can write into every value's
NO_PD: ProviderData = cast(ProviderData, MappingProxyType({}))


# ------------------------------------------------------------------ checks of the constructors


def _fail(what: str, loc: str, value: Any) -> DecodeError:
    return DecodeError(f"{what} at {loc} {value}", loc=loc)


def _name(value: Any, cls: str, *, required: bool) -> Any:
    if value is None and not required:
        return None
    if type(value) is not str or not value:
        raise _fail(f"{cls} name", "$.name", f"must be a non-empty string, got {excerpt(value)}")
    return value if value.isascii() else utf8_text(value, "$.name", f"{cls} name")


def utf8_text(value: str, loc: str, what: str, dialect: Optional[str] = None) -> str:
    """*value* unless it holds a lone UTF-16 surrogate: a ``DecodeError`` at *loc*
    naming *what* (a tool name, an id). The one check of names and ids, for the
    constructors, every decoder and stream; callers answer ASCII text first
    (``value.isascii()``), without this call."""
    problem = utf8_problem(value, loc, what)
    if problem is not None:
        raise DecodeError(problem, dialect=dialect, loc=loc)
    return value


def utf8_problem(value: str, loc: str, what: str) -> Optional[str]:
    """What ``utf8_text`` says of *value*, or ``None`` when UTF-8 can carry it (for a
    reader that keeps an invalid call instead of raising: the text families)."""
    if lone_surrogate_in(value):
        return f"{what} at {loc} holds a lone UTF-16 surrogate no UTF-8 text can carry: {excerpt(value)}"
    return None


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


def _opt_id(value: Any, cls: str) -> Any:
    if value is None:
        return None
    if type(value) is not str or not value:
        raise _fail(f"{cls} id", "$.id", f"must be a non-empty string or None, got {excerpt(value)}")
    return value if value.isascii() else utf8_text(value, "$.id", f"{cls} id")


def _str(value: Any, loc: str, what: str) -> str:
    if type(value) is not str:
        raise _fail(what, loc, f"must be a string, got {excerpt(value)}")
    return value


def _opt_str(value: Any, loc: str, what: str) -> Optional[str]:
    return None if value is None else _str(value, loc, what)


def _opt_text(value: Any, loc: str, what: str) -> Optional[str]:
    """``_opt_str`` for text a provider is sent (no lone surrogate)."""
    if value is None:
        return None
    text = _str(value, loc, what)
    return text if text.isascii() else utf8_text(text, loc, what)


def _bool(value: Any, loc: str, what: str) -> bool:
    if type(value) is not bool:
        raise _fail(what, loc, f"must be a bool, got {excerpt(value)}")
    return value


def _provider_data(value: Any, cls: str) -> ProviderData:
    """*value*, a plain dict of dialect ids to objects (held as given), or any other
    mapping of them copied into one (so that ``as_dict`` hands out copies and pydantic
    writes it); what a caller's mapping raises while read is a ``DecodeError`` here."""
    if value is None or value is NO_PD:
        return NO_PD
    if type(value) is not dict:
        try:
            value = dict(value.items()) if isinstance(value, Mapping) else value
        except MemoryError:
            raise
        except Exception as exc:
            raise _fail(f"{cls} provider_data", "$.provider_data",
                        f"must map dialect ids to objects: reading it raised {type(exc).__name__}: {exc}") from None
    if type(value) is not dict or not all(type(k) is str and isinstance(v, dict) for k, v in value.items()):
        raise _fail(
            f"{cls} provider_data", "$.provider_data", f"must map dialect ids to objects, got {excerpt(value)}"
        )
    for k, v in value.items():  # wire fields as received: a tuple is an array there
        loc = _PD_LOCS.get(k)
        if loc is None:  # (a dialect id with a dot is spelled through json: once per id)
            loc = "$.provider_data" + key_step(k)
            if len(_PD_LOCS) < 64:
                _PD_LOCS[k] = loc
        check_json_value(v, loc, f"{cls} provider_data", tuples=True)
    return cast(ProviderData, value)


_PD_LOCS: Dict[str, str] = {}  # a dialect id -> the path of its provider data


def _repairs(value: Any, cls: str) -> Tuple[str, ...]:
    if type(value) not in (tuple, list) or not all(type(r) is str for r in value):
        raise _fail(f"{cls} repairs", "$.repairs", f"must be a tuple of strings, got {excerpt(value)}")
    return tuple(value)


def _content(value: Any) -> Content:
    if type(value) is str:
        return value if value.isascii() else utf8_text(value, "$.content", "ToolResult content")
    if type(value) is list and all(type(p) is dict for p in value):
        for i, part in enumerate(value):
            if type(part.get("type")) is not str or not part["type"]:
                raise _fail("ToolResult content", f"$.content[{i}]",
                            f"is a part without a 'type' (text, json, image...): {excerpt(part)}")
            kind = part["type"]
            if kind == "text" and type(part.get("text")) is not str:
                raise _fail("ToolResult content", f"$.content[{i}].text", part_member(part, "text"))
            if kind == "json" and "json" not in part:
                raise _fail("ToolResult content", f"$.content[{i}].json", part_member(part, "json"))
        check_json_value(value, "$.content", "ToolResult content")
        return value
    json_like = type(value) in (dict, int, float, bool)
    hint = " (a JSON value is the part {'type': 'json', 'json': ...})" if json_like else ""
    raise _fail("ToolResult content", "$.content", f"must be text or a list of parts{hint}, got {excerpt(value)}")


def part_member(part: Dict[str, Any], member: str) -> str:
    """What a result part of type *member* (``text``, ``json``) lacks: its member, or (a
    text part) a string in it; the words after its ``$.path``."""
    if member not in part:
        what = "a string" if member == "text" else "a JSON value"
        return f"is missing: {an(member)} part holds {what}, got {excerpt(part)}"
    return f"must hold a string, got {excerpt(part[member])}"


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
        raise _fail(what, loc, f"must be a JSON object (a dict), got {excerpt(value)}{_subclass(value)}")
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
                raise _fail(what, _path(loc, at),
                            f"holds {excerpt(v)}, a lone UTF-16 surrogate no UTF-8 text can carry")
            if t is int and not -LONG_INT < v < LONG_INT:
                raise _fail(what, _path(loc, at), f"holds {LONG_INT_WORDS}")
            continue
        if t is float:
            if not math.isfinite(v):
                raise _fail(what, _path(loc, at), f"holds {v!r}, which JSON cannot carry")
            continue
        if t is dict or t is list or (tuples and t is tuple):
            if id(v) in open_ids:
                raise _fail(what, _path(loc, at), "holds itself (a cycle)")
            if done is not None and id(v) in done:
                continue
            open_ids.add(id(v))
            exits.append((len(stack), id(v)))
            if limit is not None:
                left -= len(v)
                if left < 0:
                    raise _fail(what, _path(loc, at), too_many_nodes(limit))
            if t is dict:
                for k, item in v.items():
                    if type(k) is not str:
                        raise _fail(what, _path(loc, at), f"has a key that is not a string: {excerpt(k)}")
                    if lone_surrogate_in(k):
                        raise _fail(what, _path(loc, at),
                                    f"has the key {excerpt(k)}, a lone UTF-16 surrogate no UTF-8 text can carry")
                    stack.append((item, (at, k)))
            else:
                stack.extend((item, (at, i)) for i, item in enumerate(v))
            continue
        if isinstance(v, dict):
            raise _fail(what, _path(loc, at), f"holds {excerpt(v)}{_subclass(v)}")
        raise _fail(what, _path(loc, at), f"holds {excerpt(v)} ({t.__name__}), which is not JSON")


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


# ------------------------------------------------------------------ JSON Schemas of the dict forms

# ``minLength`` binds only a string: ``None`` stays allowed, ``""`` is refused as the constructors refuse it
_OPT_ID = {"type": ["string", "null"], "minLength": 1}
_OPT_NAME = {"type": ["string", "null"], "minLength": 1}
_PART = {"type": "object", "properties": {"type": {"type": "string", "minLength": 1}}, "required": ["type"]}
_PD_SCHEMA = {"type": "object", "additionalProperties": {"type": "object"}, "description": "Provider data by dialect."}
JSON_SCHEMAS: Dict[str, Dict[str, Any]] = {
    "ToolCall": {
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 1, "description": "Name of the tool to call."},
            "args": {"type": "object", "description": "Arguments, a JSON object."},
            "id": {**_OPT_ID, "description": "Call id, the key its result references."},
            "raw": {"type": ["string", "null"], "description": "Argument text as received."},
            "provider_data": _PD_SCHEMA,
            "repairs": {"type": "array", "items": {"type": "string"}},
            "server": {"type": "boolean", "description": "The provider executes this call itself."},
        },
        "required": ["name"],
        "additionalProperties": False,
    },
    "InvalidToolCall": {
        "type": "object",
        "properties": {
            "name": _OPT_NAME,
            "id": _OPT_ID,
            "raw": {"type": ["string", "null"]},
            "error": {"type": "string"},
            "loc": {"type": "string"},
            "truncated": {"type": "boolean"},
            "provider_data": _PD_SCHEMA,
            "parsed": {"type": ["object", "null"],
                       "description": "The object raw was read as, where raw is the call's argument text."},
        },
        "required": ["error"],
        "additionalProperties": False,
    },
    "Tool": {
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 1},
            "description": {"type": ["string", "null"]},
            "parameters": {"type": ["object", "null"], "description": "JSON Schema of the arguments."},
            "strict": {"type": ["boolean", "null"]},
            "provider_data": _PD_SCHEMA,
        },
        "required": ["name"],
        "additionalProperties": False,
    },
    "ToolResult": {
        "type": "object",
        "properties": {
            "id": _OPT_ID,
            "name": _OPT_NAME,
            "content": {"anyOf": [{"type": "string"}, {"type": "array", "items": _PART}]},
            "is_error": {"type": "boolean"},
            "provider_data": _PD_SCHEMA,
        },
        "additionalProperties": False,
    },
}
# the fields a dict form must hold (read by validation; the schemas above are handed out as copies)
REQUIRED: Dict[str, Tuple[str, ...]] = {name: tuple(s.get("required", ())) for name, s in JSON_SCHEMAS.items()}
