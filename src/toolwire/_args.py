"""Argument text <-> JSON object: the one arguments policy of every dialect.

=====================================  ==========  ==========================
input                                  result      recorded in ``repairs``
=====================================  ==========  ==========================
a JSON object (dict)                   as is       nothing
``None``, ``""``, whitespace, ``"null"``  ``{}``   ``empty-arguments``
``"{}"``                               ``{}``      nothing
JSON text of an object                 parsed      nothing (fast path)
a key given twice in one object        refused     — (``ArgumentsError`` at the key: ``_repeats``)
in a Markdown code fence               unfenced    ``code-fence``
``{}`` then the real object            the object  ``leading-empty-object``
JSON text of JSON text of an object    unwrapped   ``double-encoded`` (one level)
raw control characters in its strings  kept        ``control-characters``
unterminated object/array/string       refused     — (``ArgumentsError``, truncated)
JSON with the documented slips only    json-repair ``json-repair`` (when allowed)
other malformed JSON, several values   refused     — (``ArgumentsError``)
a list, number, bool, non-object text  refused     — (``ArgumentsError``)
=====================================  ==========  ==========================

The documented slips (``_lenient.scan``): single-quoted strings, trailing commas,
``//`` / ``/* */`` comments, Python ``True``/``False``/``None``, unquoted keys;
json-repair's object is taken only when it is the one the text says. Truncated text
(it ends inside a string, in either quote, an array or an object) is refused unless
the policy has ``allow_truncated=True``; then the complete prefix of strict JSON is
kept (only values the text closed: a string without its closing quote or a number the
text ends on is dropped; nothing invented) and ``truncated`` is recorded.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Dict, List, Optional, Set, Tuple

from ._errors import ArgumentsError, DecodeError, an, excerpt
from ._json_ints import read_int, write_json
from ._json_values import LONG_INT, LONG_INT_WORDS, lone_surrogate_in
from ._misplaced import argument_keys, misplaced
from ._policy import (
    _NO_REPAIRS,
    DEFAULT_POLICY,
    EMPTY,
    TRUNCATING,
    Parsed,
    Policy,
    TooLong,
    _check_depth,
    _not_object,
    _reject_constant,
    empty,
    make_policy,
    same_json,
    stopped,
    too_long,
)
from ._repeats import repeat_error, unrepeated


# pydantic-core's JSON parser and writer, imported on first use (it is most of what
# ``import toolwire`` would cost): each name is bound to a stand-in that imports the
# real function, rebinds the name to it and calls it, so later calls pay nothing
def _load_from_json(*args: Any, **kw: Any) -> Any:
    global from_json
    from pydantic_core import from_json as real

    from_json = real
    return real(*args, **kw)


def _load_to_json(*args: Any, **kw: Any) -> Any:
    global to_json
    from pydantic_core import to_json as real

    to_json = real
    return real(*args, **kw)


from_json: Callable[..., Any] = _load_from_json
to_json: Callable[..., Any] = _load_to_json

__all__ = [
    "DEFAULT_POLICY",
    "EMPTY",
    "TRUNCATING",
    "Policy",
    "TooLong",
    "Verbatim",
    "argument_keys",
    "check_object",
    "dumps_arguments",
    "encode_arguments",
    "function_arguments",
    "load_json",
    "utf8",
    "make_policy",
    "misplaced",
    "object_arguments",
    "over_max_bytes",
    "parse_arguments",
    "read_block",
    "same_json",
    "too_long",
]

def utf8(data: Any, where: str) -> str:
    """*data* (``bytes``/``bytearray``) as text; bytes that are not UTF-8 are refused
    (``DecodeError``, of no dialect: no dialect is read yet), never turned into U+FFFD
    silently. *where* starts the message."""
    try:
        text: str = bytes(data).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DecodeError(
            f"{where} is bytes but not UTF-8 ({exc.reason} at byte {exc.start}): {excerpt(data)}"
        ) from None
    return text


def load_json(text: Any) -> Any:
    """The JSON value of *text* (``str``/``bytes``), or ``ValueError`` (``TooLong``
    for an integer longer than the parser reads).

    pydantic-core's parser first; the stdlib's for JSON it refuses: lone surrogates,
    escaped (``"\\ud800"``) or raw in a ``str`` (pydantic-core raises ``TypeError``
    on those). Nesting too deep for the stdlib is a ``ValueError`` too.
    """
    try:
        return from_json(text, allow_inf_nan=False)
    except TypeError:  # a str holding a lone surrogate cannot be encoded as UTF-8
        if type(text) is not str:
            raise ValueError(f"JSON text must be str or bytes, got {type(text).__name__}") from None
    except ValueError as exc:
        if "surrogate" not in str(exc) and "hex escape" not in str(exc):
            long = too_long(str(exc))
            if long is not None:
                raise TooLong(long) from None
            raise
    try:  # bytes as UTF-8 only (the stdlib would also take UTF-16 and UTF-32)
        return json.loads(text if type(text) is str else bytes(text).decode("utf-8"), parse_int=read_int,
                          parse_constant=_reject_constant)
    except RecursionError:
        raise ValueError("recursion limit exceeded") from None


def over_max_bytes(
    subject: str, text: str, policy: Policy, loc: str, dialect: Optional[str], end: str = ""
) -> ArgumentsError:
    """The ``ArgumentsError`` for *text* longer than the policy's ``max_bytes``, refused
    before any parse: *subject* (``Arguments at $.x are``) and its length, then *end*;
    ``raw`` holds its first 200 characters."""
    return ArgumentsError(
        f"{subject} {len(text)} characters long, over the limit of {policy.max_bytes}{end}",
        dialect=dialect,
        loc=loc,
        raw=text[:200],
    )


def parse_arguments(value: Any, policy: Policy, loc: str, dialect: Optional[str]) -> Parsed:
    """Return ``(args, raw_text_or_None, repairs)`` or raise ``ArgumentsError``."""
    if type(value) is dict:
        return check_object(value, policy, loc, dialect), None, _NO_REPAIRS
    if type(value) is str:
        if len(value) > policy.max_bytes:
            raise over_max_bytes(f"Arguments at {loc} are", value, policy, loc, dialect)
        if not value:  # the most common empty-equivalent, without a failed parse
            return empty(value, policy, loc, dialect)
        try:
            # keys interned, values not: argument values rarely repeat (~10% on 2 KB)
            parsed = from_json(value, allow_inf_nan=False, cache_strings="keys")
        except (ValueError, TypeError) as exc:  # TypeError: a lone surrogate (the stdlib reads it)
            from ._repair import lone_surrogate, slow  # lazy: only text the strict parser refuses pays

            done = slow(value, str(exc), policy, loc, dialect)
            bad = lone_surrogate(done[0])  # the stdlib reads them; no UTF-8 text can carry them
            if bad is None and done[1] is not None and lone_surrogate_in(done[1]):
                bad = done[1]  # outside any string (a comment, a fence tag): ``raw`` as the constructor takes it
            if bad is not None:
                raise _surrogate(bad, loc, dialect, value) from None
            return done
        if type(parsed) is dict:
            if policy.max_depth < 200:
                _check_depth(parsed, policy, value, loc, dialect)
            # a key given twice (one value would be lost)? (inline: one colon per plain pair)
            if value.count(":") != len(parsed) and not unrepeated(value, parsed):
                err = repeat_error(value, loc, dialect)
                if err is not None:
                    raise err
            return parsed, value, _NO_REPAIRS
        return _not_object(parsed, value, policy, loc, dialect)
    if value is None:
        return empty(None, policy, loc, dialect)
    if isinstance(value, dict):  # a dict subclass (``OrderedDict``...): a JSON object, copied from its own storage
        return check_object(dict(dict.items(value)), policy, loc, dialect), None, _NO_REPAIRS
    raise ArgumentsError(
        f"Arguments at {loc} must be a JSON object or its text, got {type(value).__name__} "
        f"{excerpt(value)}",
        dialect=dialect,
        loc=loc,
    )


def read_block(
    text: str, policy: Policy, loc: str, dialect: Optional[str], lists: bool = False
) -> Tuple[Any, Tuple[str, ...]]:
    """The JSON value of a text format's call block (*text*, stripped: one call object,
    or with *lists* an array of them) and the repairs made to it, or ``ArgumentsError``.

    The block holds the arguments, so the policy bounds it as it bounds argument text:
    longer than ``max_bytes`` is refused before any parse, strict JSON or not. Strict
    JSON is returned as it is, whatever its type (the caller says whether it is a
    call); other text goes through the policy's slower tiers (raw control characters,
    a code fence, json-repair's slips...), which take an object, or with *lists* an
    array too, as they take arguments (an array of calls is read as its object form
    is, ``control-characters`` and all)."""
    if len(text) > policy.max_bytes:
        raise over_max_bytes(f"Tool call block at {loc} is", text, policy, loc, dialect, " (max_bytes)")
    try:
        value = load_json(text)
    except TooLong:
        pass  # never read: the policy says why in its words
    except (ValueError, TypeError) as exc:
        if lists and text:
            from ._repair import lone_surrogate, slow  # lazy, as in parse_arguments

            done = slow(text, str(exc), policy, loc, dialect, lists=True)
            bad = lone_surrogate(done[0])
            if bad is None and done[1] is not None and lone_surrogate_in(done[1]):
                bad = done[1]
            if bad is not None:
                raise _surrogate(bad, loc, dialect, text) from None
            return done[0], done[2]
    else:
        if not unrepeated(text, value):  # a key given twice in the block: one value would be lost
            err = repeat_error(text, loc, dialect, subject=f"Tool call block at {loc} repeats")
            if err is not None:
                raise err
        return value, _NO_REPAIRS
    args, _, repairs = parse_arguments(text or None, policy, loc, dialect)
    return args, repairs


def function_arguments(value: Any, policy: Policy, loc: str, dialect: Optional[str]) -> Parsed:
    """Arguments of a Chat-shaped ``function.arguments`` (OpenAI, Mistral, Cohere,
    Ollama): text, or an object where a server gives one (llama.cpp, Ollama, gateways).
    An object ``{}`` at the token limit was cut off before its arguments, as ``""`` is."""
    if policy.finish_reason in TRUNCATING and type(value) is dict and not value:
        return empty(None, policy, loc, dialect)
    return parse_arguments(value, policy, loc, dialect)


def object_arguments(value: Any, policy: Policy, loc: str, dialect: Optional[str]) -> Parsed:
    """Arguments of an object-argument dialect (Anthropic, Bedrock, Gemini) that its
    decoder does not take as they are (an object under no finish reason, checked inline
    there): text, none, or any value under a finish reason. Under a token-limit finish
    nothing in an object shows where it stopped: it may be cut off (refused, or with
    ``allow_truncated`` recorded as ``truncated``). Streams judge such calls so too."""
    args, raw, repairs = parse_arguments(value, policy, loc, dialect)
    if policy.finish_reason in TRUNCATING and "truncated" not in repairs:
        if not policy.allow_truncated:
            raise ArgumentsError(
                f"Arguments at {loc} may be cut off: {stopped(policy.finish_reason or '')}; "
                "pass allow_truncated=True to accept them",
                dialect=dialect,
                loc=loc,
                raw=raw if raw is not None else write_json(args, ensure_ascii=False, default=str),
                truncated=True,
            )
        repairs = (*repairs, "truncated")
    return args, raw, repairs


_SCALARS = frozenset({bool, type(None)})  # str: UTF-8 text only; floats: finite ones; ints: ``LONG_INT``


def check_object(value: Dict[str, Any], policy: Policy, loc: str, dialect: Optional[str]) -> Dict[str, Any]:
    """*value*, an argument object given as data, when it is JSON: string keys, JSON
    values (no NaN or infinity, no integer of more than 4300 digits, no lone UTF-16
    surrogate in a key or a string: as in argument text), nested no deeper than
    ``policy.max_depth`` (a dict or list that contains itself is infinitely deep). A
    tuple in it is a JSON array and a dict subclass (``OrderedDict``...) a JSON object,
    as ``json.dumps`` writes them: then a copy with plain lists and dicts in their
    place is returned (the caller's data is never changed). Iterative: no recursion,
    one pass over the values (and the copy, only when there is a tuple or a dict
    subclass). Text is tested for surrogates only when it is not ASCII
    (``str.isascii`` answers at once)."""
    scalars = _SCALARS
    big = LONG_INT
    for k, x in value.items():  # the common case: one level of scalars under ASCII keys
        if type(k) is not str or not k.isascii():
            break
        t = type(x)
        if t is str:
            if x.isascii():
                continue
            break
        if t is int:
            if -big < x < big:
                continue
            break
        if t not in scalars and (t is not float or x - x != 0.0):
            break  # (NaN, infinity: x - x is NaN)
    else:
        return value
    copy = False
    limit = policy.max_depth
    # depth-first with the current path: a container met again on its own path is a
    # cycle (refused); one met again elsewhere is shared (checked once, not again)
    on_path: Set[int] = set()
    done: Set[int] = set()
    stack: List[Tuple[Any, int, bool]] = [(value, 1, False)]
    while stack:
        v, depth, leaving = stack.pop()
        key = id(v)
        if leaving:
            on_path.discard(key)
            done.add(key)
            continue
        if key in on_path or depth > limit:
            raise ArgumentsError(
                f"Arguments at {loc} are nested deeper than the limit of {limit} (or contain themselves)",
                dialect=dialect,
                loc=loc,
            )
        if key in done:
            continue
        on_path.add(key)
        stack.append((v, depth, True))
        if isinstance(v, dict):
            for k in dict.keys(v):  # a subclass's own storage, as ``_lists`` copies it
                if type(k) is not str:
                    raise ArgumentsError(
                        f"Arguments at {loc} have a key that is not a string: {excerpt(k)}",
                        dialect=dialect,
                        loc=loc,
                    )
                if not k.isascii() and lone_surrogate_in(k):
                    raise _surrogate(k, loc, dialect)
            children: Any = dict.values(v)
        else:
            children = v
        for x in children:
            t = type(x)
            if t in scalars:
                continue
            if t is str:
                if not x.isascii() and lone_surrogate_in(x):
                    raise _surrogate(x, loc, dialect)
            elif t is int:
                if not -big < x < big:
                    raise ArgumentsError(f"Arguments at {loc} hold {LONG_INT_WORDS}", dialect=dialect, loc=loc)
            elif t is dict or t is list:
                stack.append((x, depth + 1, False))
            elif t is tuple or isinstance(x, dict):  # an array, an object given as other Python data
                copy = True
                stack.append((x, depth + 1, False))
            elif t is float:
                if x - x != 0.0:
                    raise ArgumentsError(
                        f"Arguments at {loc} hold {x!r}, which is not JSON (NaN and infinity are not numbers in JSON)",
                        dialect=dialect,
                        loc=loc,
                    )
            else:
                raise ArgumentsError(
                    f"Arguments at {loc} hold {an(t.__name__)} value, which is not JSON: {excerpt(x)}",
                    dialect=dialect,
                    loc=loc,
                )
    return _lists(value) if copy else value


def _surrogate(text: str, loc: str, dialect: Optional[str], raw: Optional[str] = None) -> ArgumentsError:
    return ArgumentsError(
        f"Arguments at {loc} hold a lone UTF-16 surrogate, which no UTF-8 text can carry: {excerpt(text)}",
        dialect=dialect,
        loc=loc,
        raw=raw,
    )


def _lists(value: Dict[str, Any]) -> Dict[str, Any]:
    """A copy of the (checked, acyclic) *value* with plain lists for its tuples and
    plain dicts for its dict subclasses; a branch shared in it is copied once and stays
    shared (linear, however much is shared)."""
    root = dict(dict.items(value))
    copies: Dict[int, Any] = {id(value): root}
    stack: List[Any] = [root]
    while stack:
        c = stack.pop()
        for k, x in list(c.items() if type(c) is dict else enumerate(c)):
            t = type(x)
            if t is list or t is tuple or isinstance(x, dict):
                new = copies.get(id(x))
                if new is None:
                    new = copies[id(x)] = list(x) if t is list or t is tuple else dict(dict.items(x))
                    stack.append(new)
                c[k] = new
    return root


class Verbatim(str):
    """Argument text to write back exactly as it came, although it is no JSON object
    (an ``InvalidToolCall``'s: the model must see what it sent)."""

    __slots__ = ()


def encode_arguments(args: Dict[str, Any], raw: Optional[str]) -> str:
    """The argument text for a string dialect: ``raw`` byte for byte while it still
    parses to ``args`` (so an unchanged call re-encodes exactly), else compact JSON;
    a ``Verbatim`` text itself (``_encode.written`` finds it there and makes it a str)."""
    if raw is not None:
        if raw.__class__ is Verbatim:
            return raw
        try:
            if same_json(load_json(raw), args):
                return raw
        except ValueError:
            pass
    return dumps_arguments(args)


_dumps = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode


def dumps_arguments(args: Dict[str, Any]) -> str:
    """Compact JSON text of an argument object, its integers written whole whatever the
    interpreter's digit limit (``write_json``); ``ValueError``/``TypeError`` for a
    value JSON cannot hold (NaN, infinity, a set, an object...)."""
    for k, v in args.items():  # the common case, one level of plain scalars: the fast encoder
        t = type(v)
        # floats outside [1e-4, 1e16) are written differently ('1e-07' / '1e-7', and
        # '1e16' by older pydantic-core): the stdlib's text
        if not (type(k) is str and (t is str or t is int or t is bool or v is None
                                    or (t is float and (v == 0 or 1e-4 <= abs(v) < 1e16)))):
            break
    else:
        try:
            text: str = to_json(args).decode()
            return text
        except ValueError:  # a lone surrogate (refused below), or a value the stdlib writes
            pass
    try:
        text = _dumps(args)
    except ValueError:  # NaN (raised again), or an integer longer than a lowered interpreter limit
        text = write_json(args, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    if lone_surrogate_in(text):
        raise ValueError(f"a lone UTF-16 surrogate, which no UTF-8 text can carry, in {excerpt(text)}")
    return text


