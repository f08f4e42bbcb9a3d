r"""Which patterns are ECMA-262 (validate hunt PT-2): JSON Schema reads ``pattern`` and
``patternProperties`` keys as ECMA-262 with the ``u`` flag (Draft 2020-12 core §6.4; ECMA-262
§22.2.1 Patterns and §22.2.1.1 Early Errors, https://tc39.es/ecma262/#sec-regexp-regular-expression-objects).
A pattern that is none raises ``SchemaError`` at its place in ``validate``, ``to_pydantic`` and
``render`` (the rule for "no regular expression at all"), even where Rust's engine or Python's
``re`` reads it: ``(?i)abc`` and ``\z`` were accepted and run with Rust's meaning.

VALIDITY pins ``new RegExp(pattern, "u")`` as node 20 (V8 11.3) answered it, once; the rows
marked ES2025 are newer than that engine (modifier groups ``(?i:...)``, §22.2.2.8 with
RegularExpressionModifiers; a group name used again in another alternative, §22.2.1.1
MightBothParticipate) and follow the spec text, as does ``\p{sc=Hrkt}`` (a Script value of
PropertyValueAliases.txt, which V8 11.3 refuses)."""

from __future__ import annotations

import json
import sys
from typing import Any, Callable, Dict

import pytest

from toolwire import SchemaError, ToolwireError
from toolwire.schema import render, to_pydantic, validate
from toolwire.schema._pattern_syntax import PatternSyntaxError, read_pattern

VALIDITY = [
    # pattern, is an ECMA-262 pattern under the u flag
    ('(?i)abc', False),
    ('(?x)a', False),
    ('(?u)a', False),
    ('(?s)a', False),
    ('(?m)^a', False),
    ('(?i:abc)', True),  # ES2025
    ('(?-i:a)', True),  # ES2025
    ('(?i-s:a)', True),  # ES2025
    ('(?ims:a)', True),  # ES2025
    ('(?i-:a)', True),  # ES2025
    ('(?-:a)', False),
    ('(?ii:a)', False),
    ('(?i-i:a)', False),
    ('(?x:a)', False),
    ('a\\z', False),
    ('\\Aa', False),
    ('\\Z', False),
    ('\\G', False),
    ('\\e', False),
    ('\\a', False),
    ('a++', False),
    ('a*+', False),
    ('a?+', False),
    ('a{2}+', False),
    ('a**', False),
    ('a{1}{2}', False),
    ('*a', False),
    ('a|*', False),
    ('(*)', False),
    ('^*', False),
    ('$+', False),
    ('\\b+', False),
    ('(?=a)*', False),
    ('(?!a)+', False),
    ('(?<=a)?', False),
    ('\\p{Greek}', False),
    ('\\p{Script=Greek}', True),
    ('\\p{sc=Grek}', True),
    ('\\p{scx=Greek}', True),
    ('\\p{Script_Extensions=Latn}', True),
    ('\\p{L}', True),
    ('\\p{Letter}', True),
    ('\\p{letter}', False),
    ('\\p{Lu}', True),
    ('\\p{gc=Lu}', True),
    ('\\p{General_Category=Uppercase_Letter}', True),
    ('\\p{digit}', True),
    ('\\p{Digit}', False),
    ('\\p{punct}', True),
    ('\\p{cntrl}', True),
    ('\\p{Combining_Mark}', True),
    ('\\p{Alphabetic}', True),
    ('\\p{Alpha}', True),
    ('\\p{alpha}', False),
    ('\\p{ASCII}', True),
    ('\\p{Any}', True),
    ('\\p{Assigned}', True),
    ('\\p{White_Space}', True),
    ('\\p{space}', True),
    ('\\P{Emoji}', True),
    ('\\p{RGI_Emoji}', False),
    ('\\p{Basic_Emoji}', False),
    ('\\p{Script=Unknown}', True),
    ('\\p{sc=Zzzz}', True),
    ('\\p{Zzzz}', False),
    ('\\p{Cs}', True),
    ('\\p{sc=Hrkt}', True),  # PropertyValueAliases
    ('\\p{Script=Latin }', False),
    ('\\p{Block=Basic_Latin}', False),
    ('\\p{InBasic_Latin}', False),
    ('\\p{IsGreek}', False),
    ('\\p{L', False),
    ('\\p', False),
    ('\\pL', False),
    ('\\p{}', False),
    ('\\p{=Lu}', False),
    ('\\p{gc=}', False),
    (']', False),
    ('a]', False),
    ('}', False),
    ('a}', False),
    ('{', False),
    ('a{', False),
    ('a{,2}', False),
    ('a{1,2', False),
    ('a{ 1}', False),
    ('a{1, 2}', False),
    ('x{2,1}', False),
    ('x{1,2}', True),
    ('x{3}', True),
    ('x{3,}', True),
    ('x{0}', True),
    ('x{02,010}?', True),
    ('{1}', False),
    ('\\Qa.b\\E', False),
    ('(?P<name>a)', False),
    ('(?P=name)', False),
    ('(?<name>a)', True),
    ('(?<name>a)\\k<name>', True),
    ('\\k<name>(?<name>a)', True),
    ('\\k<nope>', False),
    ('\\k', False),
    ('(?<a>x)(?<a>y)', False),
    ('(?:(?<a>x)|(?<a>y))', True),  # ES2025
    ('(?<a>x)|(?<a>y)', True),  # ES2025
    ('(?:(?<a>x)|(?<a>y))(?<a>z)', False),
    ('(?<$>a)', True),
    ('(?<_a1>a)', True),
    ('(?<1a>a)', False),
    ('(?<a-b>a)', False),
    ('(?<\\u0061>a)\\k<a>', True),
    ('(?<>a)', False),
    ('\\h', False),
    ('\\K', False),
    ('\\R', False),
    ('\\X', False),
    ('\\N', False),
    ('[[:alpha:]]', False),
    ('[[:alpha:]x]', False),
    ('[a&&b]', True),
    ('[a--b]', False),
    ('[!--]', True),
    ('[a~~b]', True),
    ('[a-z&&[^aeiou]]', False),
    ('[\\d-z]', False),
    ('[a-\\d]', False),
    ('[\\d-]', True),
    ('[-\\d]', True),
    ('[z-a]', False),
    ('[a-a]', True),
    ('\\-', False),
    ('[\\-]', True),
    ('\\/', True),
    ('[\\/]', True),
    ('\\_', False),
    ('[\\_]', False),
    ('\\@', False),
    ('[\\@]', False),
    ('\\ ', False),
    ('\\"', False),
    ("\\'", False),
    ('\\#', False),
    ('\\&', False),
    ('\\~', False),
    ('\\<', False),
    ('\\>', False),
    ('\\:', False),
    ('\\=', False),
    ('\\!', False),
    ('\\,', False),
    ('\\%', False),
    ('\\^\\$\\\\\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|', True),
    ('[\\^\\$\\\\\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|]', True),
    ('\\cJ', True),
    ('\\c1', False),
    ('\\c', False),
    ('[\\c_]', False),
    ('[\\cJ]', True),
    ('\\0', True),
    ('\\00', False),
    ('\\01', False),
    ('\\1', False),
    ('(a)\\1', True),
    ('(a)\\2', False),
    ('[\\1]', False),
    ('[\\0]', True),
    ('\\x41', True),
    ('\\x4', False),
    ('\\xZZ', False),
    ('\\u0041', True),
    ('\\u004', False),
    ('\\u{41}', True),
    ('\\u{10FFFF}', True),
    ('\\u{110000}', False),
    ('\\u{}', False),
    ('\\u{0000000041}', True),
    ('\\uD83D\\uDE00', True),
    ('\\uD800', True),
    ('[\\uD800-\\uDFFF]', True),
    ('[\\b]', True),
    ('[\\B]', False),
    ('\\B', True),
    ('[\\k]', False),
    ('[\\p{L}]', True),
    ('[^\\P{L}]', True),
    ('[\\p{L}-z]', False),
    ('[]', True),
    ('[^]', True),
    ('[]a]', False),
    ('[^]a]', False),
    ('[', False),
    ('(', False),
    (')', False),
    ('a)', False),
    ('(a', False),
    ('(?', False),
    ('(?<a', False),
    ('(?<=a', False),
    ('(?<=a)b', True),
    ('(?<!a)b', True),
    ('(?=a)b', True),
    ('(?!a)b', True),
    ('(?:)', True),
    ('()', True),
    ('a||b', True),
    ('|', True),
    ('(?#c)', False),
    ('\\', False),
    ('[\\', False),
    ('^\\d{5}$', True),
    ('^[a-zA-Z0-9_-]+$', True),
    ('^\\S+@\\S+\\.\\S+$', True),
    ('^https?://[^\\s/$.?#].[^\\s]*$', True),
    ('^[\\w.+-]+@[\\w-]+\\.[\\w.-]+$', True),
    ('^\\+?[1-9]\\d{1,14}$', True),
    ('^(\\([0-9]{3}\\))?[0-9]{3}-[0-9]{4}$', True),
    ('^[A-Z]{2}-\\d{4}$', True),
    ('\\d{3}\\-\\d{4}', False),
]


def _schema(pattern: str) -> Dict[str, Any]:
    return {"type": "object", "properties": {"s": {"type": "string", "pattern": pattern}}, "required": ["s"],
            "additionalProperties": False}


#: Refused under the u flag (VALIDITY says so) but taken: Annex B's identity escape of ASCII
#: punctuation (§B.1.2 IdentityEscape), the literal character in ECMA-262 without ``u``, Python's
#: ``re`` and PCRE alike, as real schemas write it (``\d{3}\-\d{4}``)
PUNCTUATION_ESCAPES = {
    "\\-", "\\_", "[\\_]", "\\@", "[\\@]", '\\"', "\\'", "\\#", "\\&", "\\~", "\\<", "\\>", "\\:",
    "\\=", "\\!", "\\,", "\\%", "\\d{3}\\-\\d{4}",
}


@pytest.mark.parametrize(("pattern", "valid"), VALIDITY)
def test_a_pattern_is_a_regular_expression_when_ecma_262_says_so(pattern: str, valid: bool) -> None:
    valid = valid or pattern in PUNCTUATION_ESCAPES
    schema = _schema(pattern)
    calls = (lambda: validate({"s": "x"}, schema), lambda: to_pydantic(schema), lambda: render(schema, "openai.chat"))
    for call in calls:
        try:
            call()
        except SchemaError as exc:
            assert not valid or "not a valid regular expression" not in exc.message, exc.message
            if not valid:
                assert exc.message.endswith(" at $.properties.s.pattern is not a valid regular expression")
                assert exc.loc == "$.properties.s.pattern"
        else:
            assert valid, f"{pattern!r} was accepted"


@pytest.mark.parametrize("pattern", [r"(?i)abc", r"\z", "a++", r"\p{Greek}", "[[:alpha:]]"])
def test_a_pattern_properties_key_that_is_no_pattern_is_refused_at_its_place(pattern: str) -> None:
    schema = {"type": "object", "properties": {"a": {"patternProperties": {pattern: {"type": "integer"}}}}}
    for call in (lambda: validate({}, schema), lambda: to_pydantic(schema), lambda: render(schema, "openai.chat")):
        with pytest.raises(SchemaError) as err:
            call()
        assert err.value.loc == f"$.properties.a.patternProperties[{json.dumps(pattern)}]"  # the key named
        assert "is not a valid regular expression" in err.value.message


@pytest.mark.parametrize(("pattern", "kind"), [
    ("(?<=a)b", "look-around"), ("(?!a)b", "look-around"), (r"(a)\1", "backreferences"),
    (r"(?<n>a)\k<n>", "backreferences"), (r"\k<n>(?<n>a)", "backreferences"),
])
def test_ecma_262_the_linear_engine_cannot_run_says_what_it_uses(pattern: str, kind: str) -> None:
    with pytest.raises(SchemaError) as err:
        validate("a", {"pattern": pattern})
    assert err.value.message == (
        f"Pattern {pattern!r} at $.pattern uses {kind} that the linear-time regex engine cannot run; "
        "toolwire does not run a caller's pattern on a backtracking engine")
    assert render(_schema(pattern), "openai.chat", strict=False).wire_schema["properties"]["s"]["pattern"] == pattern  # still sent


# what the patterns that are ECMA-262 match (§22.2.2: modifiers, code points, ranges, properties)
@pytest.mark.parametrize(("pattern", "text", "matches"), [
    ("^(?i:ab)c$", "ABc", True),
    ("^(?i:ab)c$", "ABC", False),
    ("^(?i:a(?-i:b))$", "Ab", True),
    ("^(?i:a(?-i:b))$", "AB", False),
    ("^(?s:a.b)$", "a\nb", True),
    ("^(?:(?<a>x)|(?<a>y))$", "y", True),
    (r"^\u{1F600}$", "\U0001F600", True),
    (r"^\uD83D\uDE00$", "\U0001F600", True),  # a surrogate pair of escapes is one code point
    (r"^\u0041\x42$", "AB", True),
    (r"^[!--]+$", "-!", True),  # a range from ! to -
    (r"^[!--]+$", "a", False),
    (r"^\p{Script=Greek}+$", "\u03b1\u03b2", True),
    (r"^\p{sc=Grek}+$", "ab", False),
    (r"^\p{Lu}$", "\u00c9", True),
    (r"^\P{Lu}$", "\u00c9", False),
    (r"^[\p{Cs}a]$", "a", True),  # Surrogate: no code point of a Rust string
    (r"^\p{gc=Cs}$", "a", False),
    ("^x{02}$", "xx", True),
    (r"^[\^\-\/]+$", "^-/", True),
    (r"^\/$", "/", True),
    ("^[a&&b]$", "&", True),
])
def test_ecma_262_patterns_match_as_ecma_262_says(pattern: str, text: str, matches: bool) -> None:
    assert (validate(text, {"type": "string", "pattern": pattern}) == []) is matches


def _steps(fn: Callable[[], Any]) -> int:
    """The call events (Python and C) *fn* takes."""
    count = [0]

    def count_event(frame: Any, event: str, arg: Any) -> None:
        count[0] += 1

    sys.setprofile(count_event)
    try:
        fn()
    except (ToolwireError, PatternSyntaxError):
        pass
    finally:
        sys.setprofile(None)
    return count[0]


@pytest.mark.parametrize("make", [
    lambda n: "|".join(["(?<a>x)"] * n),  # one name in n alternatives
    lambda n: "(?:" * n + "(?<a>x)|(?<a>y)" + ")" * n + "(?<b>z)",  # deep groups whose alternatives merge
    lambda n: "(?:(?<a>x)|" * n + "y" + ")" * n,
    lambda n: r"[\p{L}\u{41}a-z\d-]" * n + r"\p{Script=Greek}{1,2}" * n,
    lambda n: r"\p{" * n,  # refused at the first
    lambda n: "(?" + "i" * n + ":a)",  # refused; the flags are one slice (joined one by one: 11 s at n = 400,000)
    lambda n: "(?-" + "s" * n + ":a)",
], ids=["alternatives", "nested", "nested-names", "classes", "unclosed", "flags", "flags-removed"])
def test_reading_a_pattern_takes_time_linear_in_its_length(make: Callable[[int], str]) -> None:
    small, large = _steps(lambda: read_pattern(make(200))), _steps(lambda: read_pattern(make(800)))
    assert large <= 4.5 * small


@pytest.mark.parametrize(
    ("pattern", "matches", "misses"),
    [
        ("^\\d{3}\\-\\d{4}$", "555-1234", "5551234"),
        ("^\\<a\\>$", "<a>", "a"),  # Rust reads \\< \\> as word boundaries: "a" would match
        ("^[\\@\\_]+$", "@_@", "@-"),
        ("^\\#\\!\\~$", "#!~", "#!"),
    ],
)
def test_an_escaped_punctuation_character_is_that_character(pattern: str, matches: str, misses: str) -> None:
    schema = _schema(pattern)
    assert validate({"s": matches}, schema) == []
    assert [issue.keyword for issue in validate({"s": misses}, schema)] == ["pattern"]


def test_an_escaped_letter_or_space_is_still_refused() -> None:
    for pattern in ("\\z", "\\A", "\\ ", "\\e", "\\y"):
        with pytest.raises(SchemaError, match="not a valid regular expression"):
            validate({"s": "x"}, _schema(pattern))
