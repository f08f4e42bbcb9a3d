r"""``pattern`` / ``patternProperties`` on a linear-time regex engine.

A caller's schema is untrusted input (a tool's or an MCP server's), and its patterns run
on model output, so they never run on Python's backtracking ``re`` (``^(a+)+$`` against
28 ``a``s and a ``!`` took 18.7 s). They run on the Rust ``regex`` crate that
pydantic-core ships (finite automata: time linear in the text), with the search
semantics JSON Schema asks for (Draft 2020-12 validation §6.3.3: unanchored).

Followed: pydantic "Strict mode"/"regex_engine" configuration
(https://docs.pydantic.dev/latest/api/config/#pydantic.config.ConfigDict.regex_engine)
and the Rust regex syntax (https://docs.rs/regex/latest/regex/#syntax), checked
2026-12-02. A pattern that engine cannot run (look-around, backreferences: features
without a linear-time algorithm; a compiled form past its 10 MB size limit, as
``\p{L}{500}`` or ``.{9000}``, ``.`` being a class of its own) or that is no regex at all
raises ``SchemaError`` in ``validate`` and ``to_pydantic``; ``render`` refuses only the last.
Differences from Python's ``re`` (the reference ``jsonschema`` uses it): ``$`` matches at
the very end only (as in ECMA-262), not also before a final newline; a lone surrogate in
the text is matched as U+FFFD.

The pattern is read as ECMA-262 with the ``u`` flag
(https://tc39.es/ecma262/#sec-regexp-regular-expression-objects, ES2025, checked
2026-12-05), the dialect and flag JSON Schema names (Draft 2020-12 core §6.4), and written
for the Rust engine in one pass (``_pattern_syntax``): a pattern that is no ECMA-262
pattern is no regular expression, even where Rust or Python's ``re`` would read it
(``(?i)abc``, ``\z``, ``a++``, ``\p{Greek}``, a lone ``]`` or ``{``, ``(?P<n>x)``,
``[[:alpha:]]``, ``[\d-z]``); look-around and backreferences are ECMA-262 that the engine
cannot run. ``\d``/``\w``/``\b`` are ASCII there (§22.2.2.9: ``[0-9]``, ``[A-Za-z0-9_]``;
the Rust classes are Unicode); in a ``(?i:...)`` group ``\b``/``\B`` also count U+017F and
U+212A as word characters (WordCharacters with u and i), a boundary Rust cannot write, so
that pattern cannot run either; a surrogate written as itself is the code point its
``\uD800`` spells, which Rust refuses (no surrogate is in a Rust string); ``\s`` is
WhiteSpace and LineTerminator (U+FEFF yes, U+0085 no), and in a class ``\b`` is U+0008,
``[`` ``&`` ``~`` are themselves (no nesting or set operations), ``[]`` matches nothing
and ``[^]`` anything, ``\cJ`` is U+000A (§22.2.1 CharacterEscape ``c`` AsciiLetter); group
names are dropped (they change no match); ``.`` is any but a LineTerminator (``\n``,
``\r``, U+2028, U+2029; Rust's excludes ``\n`` only), any at all in a ``(?s:...)``
group. In a ``(?i:...)`` group ``\P{X}`` is the case fold of X's complement (§22.2.2.9:
CharacterComplement, then the matcher folds; Rust folds X, then negates): written as the
other General_Category values, or the complement of ``ASCII``, ``Any``, ``Assigned``;
another property (a script, ``Lowercase``) cannot run there. ``^`` and ``$`` in a
``(?m:...)`` group (§22.2.2.6: at ``\n``, ``\r``, U+2028, U+2029; Rust's multi-line
anchors see ``\n`` alone) cannot run either. Property names and values are read as
Unicode 17.0's, but a ``\p{...}`` matches as the engine's own, older, Unicode tables say: a
code point assigned or recategorised since may differ, and a name they lack
(``\p{sc=Sidetic}``, ``\p{CWKCF}``) cannot run (so named in the error, as is a
repetition count past the engine's 4,294,967,295). The pattern sent to a provider is the
caller's, unchanged.
"""

from __future__ import annotations

import re
from typing import Callable, Dict, Union

from .._errors import SchemaError, excerpt
from ._pattern_properties import UNICODE
from ._pattern_syntax import PatternSyntaxError, read_pattern

__all__ = ["Loc", "check_regex", "compile_pattern", "ecma_to_rust", "searcher"]


def ecma_to_rust(pattern: str) -> str:
    """*pattern* (ECMA-262) as a Rust ``regex`` pattern that matches the same strings;
    ``PatternSyntaxError`` (a ``ValueError``) when it is no ECMA-262 pattern. Linear."""
    return read_pattern(pattern)[0]


_CACHE: Dict[str, Callable[[str], bool]] = {}
_CACHE_MAX = 1024

#: Where a pattern sits, for its error: a ``$.path``, or a function spelling it (a walk
#: that checks every node spells a path only for the one that fails).
Loc = Union[str, Callable[[], str]]


def _spelled(loc: Loc) -> str:
    return loc if isinstance(loc, str) else loc()


def searcher(pattern: str, loc: Loc = "$") -> Callable[[str], bool]:
    """A function telling whether *pattern* matches anywhere in a string (linear time)."""
    found = _CACHE.get(pattern)
    if found is not None:
        return found
    found = compile_pattern(pattern, loc)
    if len(_CACHE) < _CACHE_MAX:  # (no eviction: a full cache recompiles, never races between threads;
        _CACHE[pattern] = found    # ``untaken`` compiles its patterns once per call itself)
    return found


def compile_pattern(pattern: object, loc: Loc = "$") -> Callable[[str], bool]:
    """Compile *pattern* on the linear engine; ``SchemaError`` when it cannot be run."""
    if not isinstance(pattern, str):
        where = _spelled(loc)
        raise SchemaError(f"'pattern' must be a string at {where}, got {excerpt(pattern)}", loc=where)
    from pydantic_core import SchemaError as CoreSchemaError
    from pydantic_core import SchemaValidator, core_schema

    try:
        rust, unrunnable = read_pattern(pattern)
    except PatternSyntaxError:
        where = _spelled(loc)
        message = f"Pattern {excerpt(pattern)} at {where} is not a valid regular expression"
        raise SchemaError(message, loc=where) from None
    if unrunnable:
        where = _spelled(loc)
        raise SchemaError(_cannot_run(pattern, unrunnable, where), loc=where)
    try:
        validator = SchemaValidator(core_schema.str_schema(pattern=rust, regex_engine="rust-regex"))
    except CoreSchemaError as exc:
        where = _spelled(loc)
        raise SchemaError(_why(pattern, str(exc), where), loc=where) from None
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


def check_regex(pattern: object, loc: Loc = "$") -> None:
    """``SchemaError`` unless *pattern* is a regular expression (for the linear engine or,
    using features it lacks, for Python's ``re``, or too large for the linear engine's
    compiled size limit: such a pattern can still be sent to a provider, but ``validate``
    and ``to_pydantic`` refuse to run it)."""
    if not isinstance(pattern, str):
        where = _spelled(loc)
        raise SchemaError(f"'pattern' must be a string at {where}, got {excerpt(pattern)}", loc=where)
    if pattern in _CACHE:
        return
    try:
        searcher(pattern)
    except SchemaError as exc:
        if "not a valid regular expression" in exc.message:
            compile_pattern(pattern, loc)  # the same error, at its place (spelled only now)
            raise


def _why(pattern: str, detail: str, loc: str) -> str:
    if "size limit" in detail:  # it parsed (Rust parses first); a provider may well run it
        limit = re.search(r"size limit of (\d+)", detail)
        size = f" of {int(limit.group(1)):,} bytes" if limit else ""
        return (
            f"Pattern {excerpt(pattern)} at {loc} is too large for the linear-time regex engine "
            f"(its compiled form exceeds the size limit{size})"
        )
    span = _pointed_at(detail)
    named = f" ({span})" if span else ""
    if "Unicode property" in detail and "not found" in detail:  # a name or value its tables lack
        return (
            f"Pattern {excerpt(pattern)} at {loc} names a Unicode property{named} that the linear-time regex "
            f"engine's Unicode tables lack (they are older than the Unicode {UNICODE} patterns are read with)"
        )
    if "decimal literal invalid" in detail:  # a repetition count past its u32
        return (
            f"Pattern {excerpt(pattern)} at {loc} has a repetition count{named} past the linear-time regex "
            "engine's limit of 4,294,967,295"
        )
    return _cannot_run(pattern, "a feature", loc)  # ECMA-262 that Rust refuses (a lone surrogate, a deep nest)


def _pointed_at(detail: str) -> str:
    """The text of the Rust pattern its parse error marks (``^^^`` under it), or ``""``."""
    lines = detail.splitlines()
    for above, below in zip(lines, lines[1:]):
        marks = below.strip()
        if marks and set(marks) == {"^"}:
            start = len(below) - len(below.lstrip())
            return above[start : start + len(marks)]
    return ""


def _cannot_run(pattern: str, kind: str, loc: str) -> str:
    return (
        f"Pattern {excerpt(pattern)} at {loc} uses {kind} that the linear-time regex engine cannot run; "
        "toolwire does not run a caller's pattern on a backtracking engine"
    )
