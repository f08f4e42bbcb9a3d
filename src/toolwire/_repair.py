"""The arguments tiers after the strict fast path (see ``_args``).

In order: an empty text; strict JSON that only the stdlib reads (lone surrogates,
deep nesting); deterministic clean-ups (a code fence, a leading ``{}``); several
complete values one after another, refused (merged parallel calls); truncation,
refused unless ``allow_truncated``; lenient repair with json-repair, bounded in size
and refused on the shapes that are its worst case. Loaded on the first text that
needs it.
"""

from __future__ import annotations

import json
from typing import Any, List, NamedTuple, Optional, Tuple

from ._errors import ArgumentsError, excerpt
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
)

__all__ = ["slow"]


def slow(text: str, strict_error: str, policy: Policy, loc: str, dialect: Optional[str]) -> Parsed:
    """*text*'s arguments when the strict parser refused it (*strict_error* says why):
    the tiers after the fast path, in order, or ``ArgumentsError``."""
    stripped = text.strip()
    if not stripped:
        return empty(text, policy, loc, dialect)
    if "recursion limit" in strict_error and policy.max_depth <= 200:
        _too_deep(policy, text, loc, dialect)
    # strict JSON that pydantic-core's parser refuses (lone surrogates, very deep nesting)
    try:
        parsed = json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        _too_deep(policy, text, loc, dialect)
    except ValueError:
        pass
    else:
        if type(parsed) is dict:
            _check_depth(parsed, policy, text, loc, dialect)
            return parsed, text, _NO_REPAIRS
        return _not_object(parsed, text, policy, loc, dialect)
    # deterministic clean-ups
    for candidate, note in _cleanups(stripped):
        try:
            parsed = _from_json(candidate)
        except ValueError:
            continue
        if type(parsed) is dict:
            if note == "code-fence" and policy.finish_reason in TRUNCATING and not stripped.endswith("```"):
                # a fence never closed in a reply cut at its token limit: what follows was lost
                if not policy.allow_truncated:  # the fence's body is what allow_truncated would accept
                    return _truncated(text, candidate, policy, loc, dialect)
                return parsed, text, (note, "truncated")
            return parsed, text, (note,)
    # several complete values one after another: merged parallel calls, never guessed
    merged = _merged(stripped)
    if merged:
        raise ArgumentsError(
            f"Arguments at {loc} are several JSON values one after another (merged parallel "
            f"calls?): {excerpt(text)}",
            dialect=dialect,
            loc=loc,
            raw=text,
        )
    # truncation: the strict parser ran out of input inside a value
    if "EOF while parsing" in strict_error:
        return _truncated(text, stripped, policy, loc, dialect)
    shape = _brackets(stripped)  # one pass, only for text the strict parser did not run out of
    if shape.open_at_end or policy.finish_reason in TRUNCATING:
        return _truncated(text, stripped, policy, loc, dialect)
    return _lenient(text, stripped, shape, strict_error, policy, loc, dialect)


_DECODER = json.JSONDecoder()


def _merged(stripped: str) -> bool:
    """True when *stripped* starts with a complete JSON object followed by another."""
    if not stripped.startswith("{"):
        return False
    try:
        _, end = _DECODER.raw_decode(stripped)
    except (ValueError, RecursionError):
        return False
    return stripped[end:].lstrip().startswith("{")


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


def _truncated(text: str, stripped: str, policy: Policy, loc: str, dialect: Optional[str]) -> Parsed:
    try:
        parsed = _from_json(stripped, allow_partial="trailing-strings")
    except ValueError:
        parsed = None
    if type(parsed) is dict:
        if policy.allow_truncated:
            return parsed, text, ("truncated",)
        advice = "; pass allow_truncated=True to accept the complete prefix"
    else:  # allow_truncated cannot help: say so rather than suggest it
        advice = "; what comes before the cut is not a JSON object either"
    raise ArgumentsError(
        f"Arguments at {loc} are cut off (the JSON ends inside a value): {excerpt(text[-40:])}{advice}",
        dialect=dialect,
        loc=loc,
        raw=text,
        truncated=True,
    )


def _lenient(
    text: str, stripped: str, shape: _Shape, strict_error: str, policy: Policy, loc: str, dialect: Optional[str]
) -> Parsed:
    reason = f"not valid JSON ({strict_error})"
    if policy.repair and len(stripped) <= policy.max_repair_bytes and (
        shape.deepest > policy.max_depth or shape.keyless > _MAX_KEYLESS
    ):
        # json-repair's worst cases: objects opened where a key belongs ("{{", "{[":
        # ~100-200 µs per character, 6 s for 64 KiB), arrays there (`{"a": [1], [2]`,
        # each merged into the one before by a pass over it: quadratic, 10 s for 64 KiB),
        # deep nesting. None has a repair worth having (it would be refused as too
        # deep, invents keys or guesses a merge), so the text is refused before
        # json-repair sees it.
        reason += "; objects or arrays opened where keys belong, or deeper than the limit: not repaired"
    elif policy.repair and len(stripped) <= policy.max_repair_bytes:
        repaired = _json_repair(stripped)
        if type(repaired) is dict and _finite(repaired):
            return repaired, text, ("json-repair",)
        if type(repaired) is list and len(repaired) > 1:
            reason = "several JSON values one after another (merged parallel calls?)"
    elif policy.repair:
        reason += f"; too long to repair ({len(stripped)} > {policy.max_repair_bytes} characters)"
    raise ArgumentsError(
        f"Arguments at {loc} are {reason}: {excerpt(text)}", dialect=dialect, loc=loc, raw=text
    )


def _json_repair(text: str) -> Any:
    try:
        import json_repair  # lazy: only malformed text pays for it
    except ImportError:  # pragma: no cover - a declared dependency
        return None
    try:
        return json_repair.loads(text)
    except Exception:  # json-repair raising is a failed repair, nothing more
        return None


def _finite(value: Any) -> bool:
    """json-repair lets ``NaN``/``Infinity`` through; those are not JSON."""
    stack = [value]
    while stack:
        v = stack.pop()
        if type(v) is float and (v != v or v in (float("inf"), float("-inf"))):
            return False
        if type(v) is dict:
            stack.extend(v.values())
        elif type(v) is list:
            stack.extend(v)
    return True


_MAX_KEYLESS = 16  # openers where a key belongs that json-repair is given at most


class _Shape(NamedTuple):
    open_at_end: bool  # brackets or a double-quoted string left open at the end
    deepest: int  # the deepest bracket nesting
    keyless: int  # ``{`` or ``[`` opened where an object's key belongs


def _brackets(text: str) -> _Shape:
    """*text*'s bracket structure in one pass, double-quoted strings skipped (a bound,
    not a parse: single quotes are not strings here)."""
    stack: List[str] = []
    deepest = keyless = 0
    in_string = escaped = False
    want_key = False  # just after an object's "{" or ","
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch in " \t\r\n":
            continue
        elif ch == "{" or ch == "[":
            if want_key:
                keyless += 1
            stack.append(ch)
            if len(stack) > deepest:
                deepest = len(stack)
            want_key = ch == "{"
            continue
        elif ch == "}" or ch == "]":
            if stack:
                stack.pop()
        elif ch == ",":
            want_key = bool(stack) and stack[-1] == "{"
            continue
        elif ch == '"':
            in_string = True
        want_key = False
    return _Shape(in_string or bool(stack), deepest, keyless)
