"""The arguments tiers after the strict fast path (see ``_args``).

In order: an empty text; strict JSON that only the stdlib reads (lone surrogates,
deep nesting), or JSON whose strings hold raw control characters (a newline: read as
itself, noted ``control-characters``); deterministic clean-ups (a code fence, a leading
``{}``); then the text
is read once by the lenient grammar (``_lenient.scan``: JSON and the documented repairs, no
more), which says whether it was cut off (refused unless ``allow_truncated``), holds
several values (merged parallel calls, refused) or is malformed past repair
(refused). What it reads whole is handed to json-repair, whose object is taken only
when it is the one the text says: a repair fixes syntax, it never invents, drops,
moves or retypes a value. Under a token-limit finish reason, text that is not
strict JSON is truncated. Loaded on the first text that needs it.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any, Dict, List, Optional, Tuple

from ._errors import ArgumentsError, excerpt
from ._json_ints import read_int
from ._json_values import lone_surrogate_in
from ._lenient import scan
from ._policy import (
    _NO_REPAIRS,
    TRUNCATING,
    Parsed,
    Policy,
    _check_depth,
    _from_json,
    _not_object,
    _reject_constant,
    _too_deep,
    empty,
    same_json,
    stopped,
    too_long,
)
from ._repeats import check_repeats, repeat_error

__all__ = ["lone_surrogate", "slow"]


_TAKES = ((dict,), (dict, list))  # what the tiers return, by ``lists``


def slow(text: str, strict_error: str, policy: Policy, loc: str, dialect: Optional[str], lists: bool = False) -> Parsed:
    """*text*'s arguments when the strict parser refused it (*strict_error* says why):
    the tiers after the fast path, in order, or ``ArgumentsError``. *lists*: a JSON
    array is taken as an object is (a text format's array of call objects,
    ``_args.read_block``; the ``Parsed`` then holds the list)."""
    stripped = text.strip()
    if not stripped:
        return empty(text, policy, loc, dialect)
    if "recursion limit" in strict_error and policy.max_depth <= 200:
        _too_deep(policy, text, loc, dialect)
    # strict JSON that pydantic-core's parser refuses (lone surrogates, very deep nesting), then
    # JSON whose strings hold raw control characters (a file's lines): one meaning, the characters
    repeated: List[str] = []  # the stdlib keeps a repeated key's last value: one would be lost
    try:
        parsed, notes = _stdlib(text, repeated)
    except RecursionError:
        _too_deep(policy, text, loc, dialect, parser=policy.max_depth > 200)
    except ValueError:
        pass
    else:
        if repeated:
            raise repeat_error(text, loc, dialect) or ArgumentsError(
                f"Arguments at {loc} repeat the key {excerpt(repeated[0])} in one object: {excerpt(text)}",
                dialect=dialect,
                loc=loc,
                raw=text,
            )
        if notes and policy.finish_reason in TRUNCATING:  # not strict JSON as received: it may be cut off
            return _truncated(text, stripped, notes, policy, loc, dialect, cut=False)
        if type(parsed) in _TAKES[lists]:
            _check_depth(parsed, policy, text, loc, dialect)
            return parsed, text, notes
        args, raw, more = _not_object(parsed, text, policy, loc, dialect)
        return args, raw, notes + more
    # deterministic clean-ups; what they leave is what the later tiers read
    body, notes = stripped, _NO_REPAIRS
    for candidate, note in _cleanups(stripped):
        body, notes = candidate, (note,)
        try:
            parsed = _from_json(candidate)
        except ValueError as exc:
            strict_error = str(exc)
            if "control character" not in strict_error:
                continue
            try:  # a fenced text whose strings hold raw control characters
                parsed, more = _stdlib(candidate, repeated)
            except (ValueError, RecursionError):
                continue
            if repeated:
                continue  # the later tiers refuse it with its place
            notes += more
        else:
            check_repeats(candidate, parsed, loc, dialect, raw=text)  # a fenced ``{"a": 1, "a": 2}``
        if policy.finish_reason in TRUNCATING:  # not strict JSON as received: it may be cut off
            return _truncated(text, body, notes, policy, loc, dialect, cut=False)
        if type(parsed) in _TAKES[lists]:
            return parsed, text, notes
        args, raw, more = _not_object(parsed, text, policy, loc, dialect)
        return args, raw, notes + more
    if "EOF while parsing" in strict_error:  # a strict prefix of one value: cut off
        return _truncated(text, body, notes, policy, loc, dialect, cut=True)
    read = scan(body)  # one pass: cut off, several values, malformed, or the repaired value
    if read.status == "eof":
        return _truncated(text, body, notes, policy, loc, dialect, cut=True, after_value=read.values > 0)
    if policy.finish_reason in TRUNCATING:
        return _truncated(text, body, notes, policy, loc, dialect, cut=False)
    if read.status == "many":
        raise ArgumentsError(
            f"Arguments at {loc} are several JSON values one after another (merged parallel "
            f"calls?): {excerpt(text)}",
            dialect=dialect,
            loc=loc,
            raw=text,
        )
    long = too_long(strict_error)
    reason = f"JSON the parser cannot read ({long})" if long else f"not valid JSON ({strict_error})"
    if read.status == "error":
        if policy.repair and not long:
            reason += f"; not repaired: {read.what}"
    elif read.deepest > policy.max_depth:
        _too_deep(policy, text, loc, dialect)
    elif not policy.repair:
        pass
    elif len(body) > policy.max_repair_bytes:
        reason += f"; too long to repair ({len(body)} > {policy.max_repair_bytes} characters)"
    elif type(read.value) not in _TAKES[lists]:
        reason += f"; repaired it is {type(read.value).__name__}, not an object"
    else:
        repaired = _json_repair(body)
        if same_json(repaired, read.value):
            return read.value, text, (*notes, "json-repair")
        if repaired is _MISSING:
            reason += _NOT_INSTALLED
        else:  # json-repair's object is not the text's: a value changed, invented, dropped or moved
            reason += "; json-repair reads a value in it otherwise than the text says it: not repaired"
    raise ArgumentsError(f"Arguments at {loc} are {reason}: {excerpt(text)}", dialect=dialect, loc=loc, raw=text)


_CONTROLS = ("control-characters",)


def _stdlib(text: str, repeated: List[str]) -> Tuple[Any, Tuple[str, ...]]:
    """*text* read by the stdlib's parser (NaN refused, repeated keys put in *repeated*):
    strict, else with raw control characters in strings read as themselves (noted
    ``control-characters``); ``ValueError`` when neither reads it."""
    hook = lambda pairs: _no_repeats(pairs, repeated)  # noqa: E731
    try:
        parsed = json.loads(text, parse_int=read_int, parse_constant=_reject_constant, object_pairs_hook=hook)
        return parsed, _NO_REPAIRS
    except ValueError as exc:
        if not str(exc).startswith("Invalid control character"):
            raise
    return (json.loads(text, strict=False, parse_int=read_int, parse_constant=_reject_constant, object_pairs_hook=hook),
            _CONTROLS)


def _no_repeats(pairs: List[Tuple[str, Any]], repeated: List[str]) -> Dict[str, Any]:
    """The stdlib's ``object_pairs_hook``: the object; a key given twice in it is added
    to *repeated* (judged once the whole text is read: malformed text keeps its error)."""
    obj = dict(pairs)
    if len(obj) != len(pairs) and not repeated:
        seen = set()
        for k, _ in pairs:
            if k in seen:
                repeated.append(k)
                break
            seen.add(k)
    return obj


def lone_surrogate(value: Any) -> Optional[str]:
    """The first string (key or value) in the JSON *value* holding a lone UTF-16
    surrogate (``"\\ud800"``: no UTF-8 text can carry it), else ``None``. Iterative."""
    stack = [value]
    while stack:
        v = stack.pop()
        t = type(v)
        if t is dict:
            stack.extend(v)
            stack.extend(v.values())
        elif t is list:
            stack.extend(v)
        elif t is str and lone_surrogate_in(v):
            return str(v)
    return None


def _cleanups(stripped: str) -> Tuple[Tuple[str, str], ...]:
    out = []
    if stripped.startswith("```"):
        body = stripped[3:]
        newline = body.find("\n")
        body = body[newline + 1 :] if newline >= 0 else body
        if body.rstrip().endswith("```"):
            body = body.rstrip()[:-3]
        out.append((body.strip(), "code-fence"))
    if stripped.startswith("{}") and stripped[2:].lstrip().startswith("{"):
        out.append((stripped[2:].lstrip(), "leading-empty-object"))
    return tuple(out)


def _truncated(
    text: str, body: str, notes: Tuple[str, ...], policy: Policy, loc: str, dialect: Optional[str], *,
    cut: bool, after_value: bool = False,
) -> Parsed:
    """A text *cut* off (it ends inside a value, *after_value* a complete one) or, under a
    token-limit finish reason, not strict JSON: refused, or with ``allow_truncated`` its
    complete prefix when that is one JSON object."""
    parsed = None
    if not after_value:  # after a complete value the prefix would drop what follows
        with contextlib.suppress(ValueError):
            parsed = _from_json(body, allow_partial=True)  # a string still open is dropped
            if policy.allow_truncated and type(parsed) is dict:
                prefix = _closed_prefix(text, body)
                if len(prefix) < len(body):  # a token it ends on may not be whole: read without it
                    parsed = None
                    parsed = _from_json(prefix, allow_partial=True)
    if type(parsed) is dict:
        if policy.allow_truncated:
            return parsed, text, (*notes, "truncated")
        advice = "; pass allow_truncated=True to accept the complete prefix"
    else:  # allow_truncated cannot help: say so rather than suggest it
        advice = "; what comes before the cut is not a JSON object either"
    if cut:
        what = "are cut off (the JSON ends inside a value)"
    else:
        what = f"may be cut off ({stopped(policy.finish_reason or '')}) and are not strict JSON"
    raise ArgumentsError(
        f"Arguments at {loc} {what}: {excerpt(text[-40:])}{advice}",
        dialect=dialect,
        loc=loc,
        raw=text,
        truncated=True,
    )


_VALUE_ENDS = " \t\n\r,]}"  # what may follow a value in strict JSON
_DIGITS = "0123456789"
_TOKEN = "0123456789.+-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"  # of a number or literal


def _closed_prefix(text: str, body: str) -> str:
    """*body* (read from *text*) as far as strict JSON reads it, without a number or
    literal it then ends on that did not end there: a number at the very end of the text
    may have gone on (``12`` of ``12500``); a token followed by a character that continues
    no JSON was something else (``12x``, ``true1``). (A string still open is the partial
    reader's to drop.) The stdlib parser says where strict reading stops; pydantic-core
    does not. Linear."""
    try:
        json.loads(body, strict=False, parse_int=read_int)  # strict=False: a raw control character is no stop
    except json.JSONDecodeError as exc:
        end = exc.pos
    except (ValueError, RecursionError):  # a number too long for int(), very deep nesting
        return body
    else:
        return body
    if end < len(body):
        prefix = body[:end]
        return prefix.rstrip(_TOKEN) if body[end] not in _VALUE_ENDS else prefix
    # at the cut a literal ends itself; a number is whole only before a blank the text kept
    return body.rstrip(_TOKEN) if body[-1] in _DIGITS and text[-1] == body[-1] else body


def _json_repair(text: str) -> Any:
    """json-repair's reading of *text*: ``None`` when it raises, ``_MISSING`` when it is
    not installed (a declared dependency: a vendored copy whose SDK did not add it, a
    broken install)."""
    try:
        import json_repair  # lazy: only malformed text pays for it
    except ImportError:
        return _MISSING
    try:
        return json_repair.loads(text)
    except Exception:  # json-repair raising is a failed repair, nothing more
        return None


_MISSING = object()
#: why a text was not repaired without json-repair: that, not a reading that never happened
_NOT_INSTALLED = (
    f"; not repaired: json-repair is not installed (a dependency of {__package__}: pip install 'json-repair>=0.63')"
)
