"""``pattern`` follows ECMA-262, the dialect JSON Schema names (Draft 2020-12 validation
§6.3.3, core §6.4), not the Unicode classes of the Rust engine that runs it (nor Python's
``re``, which ``jsonschema`` uses, so these cases are not differential). Expected values
are ECMA-262's definitions (§22.2.2.9 CharacterClassEscape, §22.2.2.9.3 WordCharacters,
§22.2.2.6 Assertion ``\\b``, §22.2.2.10 ClassEscape ``b``, §22.2.1 ClassContents), each
as a literal: ``\\d`` is ``[0-9]``, ``\\w`` is ``[A-Za-z0-9_]``, ``\\s`` is WhiteSpace and
LineTerminator, ``\\b`` sits between a ``\\w`` and a non-``\\w``."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from toolwire import SchemaError
from toolwire.schema import render, to_pydantic, validate

CASES = [
    # pattern, text, matches (ECMA-262)
    (r"^\d{5}$", "12345", True),
    (r"^\d{5}$", "\u0661\u0662\u0663\u0664\u0665", False),  # ARABIC-INDIC DIGITs are no \d
    (r"^\D$", "\u0660", True),
    (r"^\D$", "7", False),
    (r"^\w+$", "hello_1", True),
    (r"^\w+$", "h\u00e9llo", False),
    (r"^\W$", "\u00e9", True),
    (r"^\W$", "_", False),
    (r"^a\b", "a\u00e9", True),  # é is no word character: a boundary after a
    (r"^a\B", "a\u00e9", False),
    (r"^a\B", "ab", True),
    (r"x\b\u00e9", "x\u00e9", True),
    (r"^\b\u00e9", "\u00e9", False),
    (r"^\s$", "\ufeff", True),  # ZWNBSP is WhiteSpace
    (r"^\s$", "\u00a0", True),
    (r"^\s$", "\u2028", True),  # LINE SEPARATOR is a LineTerminator
    (r"^\s$", "\u0085", False),  # NEL is neither
    (r"^\S$", "\u0085", True),
    (r"^[\d]+$", "\u0661", False),
    (r"^[\d]+$", "19", True),
    (r"^[\w-]+$", "a-b_c", True),
    (r"^[\w-]+$", "\u00e9", False),
    (r"^[^\d]$", "\u0661", True),
    (r"^[\D]$", "\u0661", True),
    (r"^[\D]$", "1", False),
    (r"^[^\W]$", "\u00e9", False),
    (r"^[^\W]$", "a", True),
    (r"^[\s]$", "\ufeff", True),
    (r"^[\S]$", "\ufeff", False),
    (r"^[\b]$", "\x08", True),  # in a class, \b is BACKSPACE
    (r"^[[]$", "[", True),  # [ in a class is itself
    (r"^[a[]+$", "a[a", True),
    (r"a[]", "a", False),  # an empty class matches nothing
    (r"^[^]$", "\n", True),  # its complement matches anything
    (r"^a.b$", "a\rb", False),  # . is any but a LineTerminator (Atom :: .)
    (r"^a.b$", "a\u2028b", False),
    (r"^a.b$", "a\u2029b", False),
    (r"^a.b$", "a\nb", False),
    (r"^a.b$", "a\u0085b", True),  # NEL is no LineTerminator
    (r"^a.b$", "a\U0001f600b", True),  # one code point with u
    (r"^a(?s:.)b$", "a\rb", True),  # the s modifier: any at all
    (r"^a(?s:(?-s:.))b$", "a\u2028b", False),
    (r"^a(?s:x)(?:.)b$", "ax\rb", False),  # the flag ends with its group
    (r"^[a&&b]$", "&", True),  # no set operations in ECMA-262
    (r"^[~~]$", "~", True),
    (r"^\\d$", "\\d", True),  # an escaped backslash, then d
    (r"^\\\d$", "\\7", True),
    (r"^[\]\d]+$", "]1", True),
    (r"^\[\d\]$", "[1]", True),
]


@pytest.mark.parametrize(("pattern", "text", "matches"), CASES)
def test_patterns_match_as_ecma_262_says(pattern: str, text: str, matches: bool) -> None:
    issues = validate(text, {"type": "string", "pattern": pattern})
    assert (issues == []) is matches, issues


@pytest.mark.parametrize(("pattern", "text", "matches"), [c for c in CASES if c[0] in (r"^\d{5}$", r"^\w+$")])
def test_the_typed_view_matches_as_ecma_262_says(pattern: str, text: str, matches: bool) -> None:
    model: Any = to_pydantic({"type": "object", "properties": {"s": {"type": "string", "pattern": pattern}}})
    if matches:
        model.model_validate({"s": text})
    else:
        with pytest.raises(ValidationError):
            model.model_validate({"s": text})


def test_the_wire_keeps_the_pattern_as_written() -> None:
    r = render({"type": "object", "required": ["s"], "properties": {"s": {"type": "string", "pattern": r"^\d\w\b"}}},
               "openai.chat")
    assert r.wire_schema["properties"]["s"]["pattern"] == r"^\d\w\b"
    assert r.validate({"s": "\u0661"}) and r.validate({"s": "1a"}) == []


# \c ControlLetter (§22.2.1 CharacterEscape :: c AsciiLetter: the letter's code point mod 32)
@pytest.mark.parametrize(("pattern", "text", "matches"), [
    (r"^a\cJb$", "a\nb", True),
    (r"^\cj$", "\n", True),
    (r"^\cI$", "\t", True),
    (r"^[\cJ]$", "\n", True),
    (r"^[^\cJ]$", "\n", False),
    (r"^\cJ$", "cJ", False),
])
def test_a_control_escape_is_its_control_character(pattern: str, text: str, matches: bool) -> None:
    issues = validate(text, {"type": "string", "pattern": pattern})
    assert (issues == []) is matches, issues


# \0 not before a digit (§22.2.1 CharacterEscape :: 0 [lookahead ∉ DecimalDigit]): NUL, not a
# backreference (it was refused as one: validate hunt PT-1; node: /^\0$/u.test("\0") is true)
@pytest.mark.parametrize(("pattern", "text", "matches"), [
    (r"^\0$", "\x00", True),
    (r"^\0$", "0", False),
    (r"^[\0]$", "\x00", True),
    (r"^a\0b$", "a\x00b", True),
])
def test_a_nul_escape_is_nul(pattern: str, text: str, matches: bool) -> None:
    issues = validate(text, {"type": "string", "pattern": pattern})
    assert (issues == []) is matches, issues


# a class escape as the end of a range: a SyntaxError under the u flag (§22.2.1.1 Static
# Semantics: Early Errors, NonemptyClassRanges: "It is a Syntax Error if IsCharacterClass
# of the first ClassAtom is true or IsCharacterClass of the second ClassAtom is true"),
# the flag JSON Schema's patterns are read with (core §6.4)
@pytest.mark.parametrize("pattern", [r"[\d-z]", r"[a-\d]", r"[\s-\w]", r"x[\W-a]"])
def test_a_class_escape_that_ends_a_range_is_no_regular_expression(pattern: str) -> None:
    with pytest.raises(SchemaError, match="is not a valid regular expression"):
        validate("a", {"type": "string", "pattern": pattern})


@pytest.mark.parametrize(("pattern", "text"), [(r"^[\d-]+$", "1-"), (r"^[-\d]+$", "-1"), (r"^[a-c\d-]+$", "b-2"),
                                               (r"^[a-c-e]+$", "-")])
def test_a_dash_beside_a_class_escape_that_ends_no_range_is_itself(pattern: str, text: str) -> None:
    assert validate(text, {"type": "string", "pattern": pattern}) == []
