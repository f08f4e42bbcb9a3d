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
``\p{L}{500}`` or ``.{20000}``) or that is no regex at all raises ``SchemaError`` in
``validate`` and ``to_pydantic``; ``render`` refuses only the last.
Differences from Python's ``re`` (the reference ``jsonschema`` uses it): ``$`` matches at
the very end only (as in ECMA-262), not also before a final newline; a lone surrogate in
the text is matched as U+FFFD.

The pattern is read as ECMA-262 (https://tc39.es/ecma262/#sec-regexp-regular-expression-objects,
checked 2026-12-05), the dialect JSON Schema names, and written for the Rust engine by
``ecma_to_rust`` in one pass: ``\d``/``\w``/``\b`` are ASCII there (§22.2.2.9: ``[0-9]``,
``[A-Za-z0-9_]``; the Rust classes are Unicode), ``\s`` is WhiteSpace and LineTerminator
(U+FEFF yes, U+0085 no), and in a class ``\b`` is U+0008, ``[`` ``&`` ``~`` are themselves
(no nesting or set operations), ``[]`` matches nothing and ``[^]`` anything, ``\cJ`` is
U+000A (§22.2.1 CharacterEscape ``c`` AsciiLetter); a class escape at an end of a range
(``[\d-z]``) is no regular expression (``class_escape_range``: the ``u`` flag's early
error; Rust read it as a range from ``9``). The pattern
sent to a provider is the caller's, unchanged. Still Rust's: ``.`` excludes ``\n`` only
(ECMA-262 also ``\r``, U+2028, U+2029).
"""

from __future__ import annotations

import re
from typing import Callable, Dict, List, Union

from .._errors import SchemaError, excerpt

__all__ = ["Loc", "check_regex", "class_escape_range", "compile_pattern", "ecma_to_rust", "searcher"]

_SPACE = r"\t\n\x0B\x0C\r\x20\xA0\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}"
_DIGIT, _WORD = "0-9", "0-9A-Za-z_"
#: ECMA-262 class escapes written for Rust, outside a class and inside one
_OUTSIDE = {
    "d": f"[{_DIGIT}]", "D": f"[^{_DIGIT}]", "w": f"[{_WORD}]", "W": f"[^{_WORD}]",
    "s": f"[{_SPACE}]", "S": f"[^{_SPACE}]", "b": r"(?-u:\b)", "B": r"(?-u:\B)",
}
_INSIDE = {
    "d": _DIGIT, "D": f"[^{_DIGIT}]", "w": _WORD, "W": f"[^{_WORD}]",
    "s": _SPACE, "S": f"[^{_SPACE}]", "b": r"\x08",
}
_LITERAL_IN_CLASS = {"[": r"\[", "&": r"\&", "~": r"\~"}  # nesting and set operators in Rust
_NOTHING, _ANYTHING = r"[^\x{0}-\x{10FFFF}]", r"[\x{0}-\x{10FFFF}]"


def ecma_to_rust(pattern: str) -> str:
    """*pattern* (ECMA-262) as a Rust ``regex`` pattern that matches the same strings
    (the escapes and classes above; everything else is left as written). Linear."""
    if "\\" not in pattern and "[" not in pattern:
        return pattern
    out: List[str] = []
    i, n, inside = 0, len(pattern), False
    while i < n:
        c = pattern[i]
        if c == "\\" and i + 1 < n:
            e = pattern[i + 1]
            if e == "c" and pattern[i + 2 : i + 3].isascii() and pattern[i + 2 : i + 3].isalpha():
                out.append(f"\\x{{{ord(pattern[i + 2]) % 32:02X}}}")  # \cJ: the letter's code point mod 32
                i += 3
                continue
            if e == "0" and not pattern[i + 2 : i + 3].isdigit():  # NUL (``\0`` not before a digit), no backreference
                out.append("\\x00")
                i += 2
                continue
            out.append((_INSIDE if inside else _OUTSIDE).get(e, c + e))
            i += 2
        elif inside:
            if c == "]":
                inside = False
            out.append(_LITERAL_IN_CLASS.get(c, c))
            i += 1
        elif c == "[":
            negated = pattern.startswith("[^", i)
            start = i + 2 if negated else i + 1
            if pattern.startswith("]", start):  # [] and [^]: no member
                out.append(_ANYTHING if negated else _NOTHING)
                i = start + 1
            else:
                out.append(pattern[i:start])
                inside, i = True, start
        else:
            out.append(c)
            i += 1
    return "".join(out)


_CLASS_ESCAPES = frozenset("dDwWsSpP")


def class_escape_range(pattern: str) -> bool:
    """Whether a range in a class of *pattern* has a class escape (``\\d``, ``\\w``...)
    at either end (``[\\d-z]``): a SyntaxError under the ``u`` flag (ECMA-262 §22.2.1.1,
    NonemptyClassRanges), which Rust reads as a range from ``9`` instead. A ``-`` first or
    last in a class, or right after a range, is itself. Linear."""
    if "[" not in pattern or "\\" not in pattern:
        return False
    i, n, inside = 0, len(pattern), False
    prev = ""  # in a class: "", or the last atom ("atom", "class"), or a dash after it ("-atom", "-class")
    while i < n:
        c = pattern[i]
        if not inside:
            if c == "\\":
                i += 2
            elif c == "[":
                i += 2 if pattern.startswith("[^", i) else 1
                if pattern.startswith("]", i):  # [] and [^]
                    i += 1
                else:
                    inside, prev = True, ""
            else:
                i += 1
            continue
        if c == "]":
            inside = False
            i += 1
            continue
        if c == "-" and prev in ("atom", "class") and pattern[i + 1 : i + 2] not in ("]", ""):
            prev = "-" + prev
            i += 1
            continue
        kind = "class" if c == "\\" and pattern[i + 1 : i + 2] in _CLASS_ESCAPES else "atom"
        i += 2 if c == "\\" else 1
        if prev.startswith("-"):
            if prev == "-class" or kind == "class":
                return True
            prev = ""  # the range is done: a dash after it is itself
        else:
            prev = kind
    return False


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
    if len(_CACHE) < _CACHE_MAX:
        _CACHE[pattern] = found
    return found


def compile_pattern(pattern: object, loc: Loc = "$") -> Callable[[str], bool]:
    """Compile *pattern* on the linear engine; ``SchemaError`` when it cannot be run."""
    if not isinstance(pattern, str):
        where = _spelled(loc)
        raise SchemaError(f"'pattern' must be a string at {where}, got {excerpt(pattern)}", loc=where)
    from pydantic_core import SchemaError as CoreSchemaError
    from pydantic_core import SchemaValidator, core_schema

    if class_escape_range(pattern):
        where = _spelled(loc)
        raise SchemaError(f"Pattern {excerpt(pattern)} at {where} is not a valid regular expression", loc=where)
    try:
        validator = SchemaValidator(core_schema.str_schema(pattern=ecma_to_rust(pattern), regex_engine="rust-regex"))
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
    try:
        re.compile(pattern)
    except (re.error, RecursionError, OverflowError):
        return f"Pattern {excerpt(pattern)} at {loc} is not a valid regular expression"
    kind = "look-around" if "look-around" in detail else "backreferences" if "backreference" in detail else "a feature"
    return (
        f"Pattern {excerpt(pattern)} at {loc} uses {kind} that the linear-time regex engine cannot run; "
        "toolwire does not run a caller's pattern on a backtracking engine"
    )
