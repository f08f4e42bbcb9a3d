"""``pattern`` / ``patternProperties`` on a linear-time regex engine.

A caller's schema is untrusted input (a tool's or an MCP server's), and its patterns run
on model output, so they never run on Python's backtracking ``re`` (``^(a+)+$`` against
28 ``a``s and a ``!`` took 18.7 s). They run on the Rust ``regex`` crate that
pydantic-core ships (finite automata: time linear in the text), with the search
semantics JSON Schema asks for (Draft 2020-12 validation §6.3.3: unanchored).

Followed: pydantic "Strict mode"/"regex_engine" configuration
(https://docs.pydantic.dev/latest/api/config/#pydantic.config.ConfigDict.regex_engine)
and the Rust regex syntax (https://docs.rs/regex/latest/regex/#syntax), checked
2026-12-02. A pattern that engine cannot run (look-around, backreferences: features
without a linear-time algorithm) or that is no regex at all raises ``SchemaError``.
Differences from Python's ``re`` (the reference ``jsonschema`` uses it): ``$`` matches at
the very end only (as in ECMA-262), not also before a final newline; a lone surrogate in
the text is matched as U+FFFD.
"""

from __future__ import annotations

import re
from typing import Callable, Dict

from .._errors import SchemaError, excerpt

__all__ = ["check_regex", "compile_pattern", "searcher"]

_CACHE: Dict[str, Callable[[str], bool]] = {}
_CACHE_MAX = 1024


def searcher(pattern: str, loc: str = "$") -> Callable[[str], bool]:
    """A function telling whether *pattern* matches anywhere in a string (linear time)."""
    found = _CACHE.get(pattern)
    if found is not None:
        return found
    found = compile_pattern(pattern, loc)
    if len(_CACHE) < _CACHE_MAX:
        _CACHE[pattern] = found
    return found


def compile_pattern(pattern: object, loc: str = "$") -> Callable[[str], bool]:
    """Compile *pattern* on the linear engine; ``SchemaError`` when it cannot be run."""
    if not isinstance(pattern, str):
        raise SchemaError(f"'pattern' must be a string at {loc}, got {excerpt(pattern)}", loc=loc)
    from pydantic_core import SchemaError as CoreSchemaError
    from pydantic_core import SchemaValidator, core_schema

    try:
        validator = SchemaValidator(core_schema.str_schema(pattern=pattern, regex_engine="rust-regex"))
    except CoreSchemaError as exc:
        raise SchemaError(_why(pattern, str(exc), loc), loc=loc) from None
    is_match = validator.isinstance_python

    def search(text: str) -> bool:
        if is_match(text):
            return True
        if text.isascii():
            return False
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: Rust strings cannot hold it
            return bool(is_match(text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")))
        return False

    return search


def check_regex(pattern: object, loc: str = "$") -> None:
    """``SchemaError`` unless *pattern* is a regular expression (for the linear engine or,
    using features it lacks, for Python's ``re``: such a pattern can still be sent to a
    provider, but ``validate`` and ``to_pydantic`` refuse to run it)."""
    if not isinstance(pattern, str):
        raise SchemaError(f"'pattern' must be a string at {loc}, got {excerpt(pattern)}", loc=loc)
    if pattern in _CACHE:
        return
    try:
        searcher(pattern, loc)
    except SchemaError as exc:
        if "not a valid regular expression" in exc.message:
            raise


def _why(pattern: str, detail: str, loc: str) -> str:
    try:
        re.compile(pattern)
    except (re.error, RecursionError, OverflowError):
        return f"Pattern {excerpt(pattern)} at {loc} is not a valid regular expression"
    kind = "look-around" if "look-around" in detail else "backreferences" if "backreference" in detail else "a feature"
    return (
        f"Pattern {excerpt(pattern)} at {loc} uses {kind} that the linear-time regex engine cannot run; "
        "toolwire does not run a caller's pattern on a backtracking engine"
    )
