r"""Three corners of ECMA-262 patterns (``u`` flag; https://tc39.es/ecma262/, ES2025) that the
reader got wrong (review hunt RA-2, RA-3, RA-5). The expected answers were taken once from
node 20 (V8, Unicode 17.0), ``new RegExp(body, "ui")`` standing in for a ``(?i:body)`` group
(node 20 has no modifier groups), and pinned here.

- §22.2.2.9 WordCharacters: with the u and i flags, ``\b``/``\B`` also count U+017F and
  U+212A (their Canonicalize is ``s``/``k``) as word characters: ``/^\bſ/ui.test("ſ!")``,
  ``/\bK/ui.test("K")`` and ``/x\BK/ui.test("xK")`` are true. Rust has no boundary over that
  set (and no look-around to build one), so such a pattern "cannot run", as look-around.
- A surrogate written as itself is the code point its escape ``\uD800`` spells:
  ``/^\ud800$/u.test("\ud800")`` is true; Rust strings hold no surrogate, so both spellings
  get the same refusal.
- A group name is ID_Start/ID_Continue (§22.2.1 RegExpIdentifierName), not XID:
  ``new RegExp("(?<\u037a>x)", "u")`` and ``(?<\u0e33>x)`` compile in node.
"""

from __future__ import annotations

import pytest

from toolwire import SchemaError
from toolwire.schema import render, validate
from toolwire.schema._pattern import compile_pattern
from toolwire.schema._pattern_syntax import read_pattern

_TAIL = "that the linear-time regex engine cannot run; toolwire does not run a caller's pattern on a backtracking engine"
_BOUNDARY = "a word boundary (\\b, \\B) in a case-insensitive group"


@pytest.mark.parametrize("pattern", ["(?i:^\\b\u017f)", "(?i:\\bK)", "(?i:x\\B\u212a)", "(?i:a(?:\\b))",
                                     "(?i-s:\\b)", "(?si:\\B)", "(?-i:(?i:\\b))"])
def test_a_word_boundary_in_a_case_insensitive_group_cannot_run(pattern: str) -> None:
    with pytest.raises(SchemaError) as err:
        compile_pattern(pattern, "$.pattern")
    assert err.value.message == f"Pattern {pattern!r} at $.pattern uses {_BOUNDARY} {_TAIL}"
    schema = {"type": "object", "properties": {"s": {"type": "string", "pattern": pattern}}}
    assert render(schema, "openai.chat", strict=False).wire_schema["properties"]["s"]["pattern"] == pattern  # still sent


@pytest.mark.parametrize(("pattern", "text", "matches"), [
    ("^\\b\u017f", "\u017f!", False),  # no i: U+017F is no word character (node: /^\bſ/u -> false)
    ("(?i:a)\\b", "a!", True),  # the group is closed: the boundary is ASCII's
    ("(?i:(?-i:\\b)a)", "a", True),  # i removed around it
    ("(?i:a)(?-i: \\bb)", "a b", True),
    ("(?i:\\w)", "\u017f", True),  # \w does widen under i, and Rust's (?i:[0-9A-Za-z_]) does too
])
def test_a_word_boundary_outside_case_insensitive_groups_runs(pattern: str, text: str, matches: bool) -> None:
    assert compile_pattern(pattern)(text) is matches


@pytest.mark.parametrize("pattern", ["^\ud800$", "\udc00", "a\ud800b", "[\ud800]", "[a-\udfff]", "x\udbff"])
def test_a_surrogate_written_as_itself_is_refused_as_its_escape_is(pattern: str) -> None:
    escaped = "".join(f"\\u{ord(c):04X}" if "\ud800" <= c <= "\udfff" else c for c in pattern)  # as \uDxxx
    messages = []
    for p in (pattern, escaped):
        with pytest.raises(SchemaError) as err:
            validate("a", {"pattern": p})
        messages.append(err.value.message.replace(repr(p), "P"))
    assert messages[0] == messages[1] == f"Pattern P at $.pattern uses a feature {_TAIL}"


def test_a_surrogate_pair_written_as_itself_is_one_code_point() -> None:
    assert compile_pattern("^\ud83d\ude00$")("\U0001F600") is True  # as ^\uD83D\uDE00$ (§22.2.1)
    assert compile_pattern("^[\ud83d\ude00]$")("\U0001F600") is True


@pytest.mark.parametrize("name", ["\u037a", "\u0e33", "\u0eb3", "\u309b", "\ufc5e", "\uff9e", "a\u037a", "a\u30fb",
                                  "a\u309c", "\\u037a", "$a", "_\u200c\u200d"])
def test_a_group_name_is_id_start_and_id_continue(name: str) -> None:
    assert read_pattern(f"(?<{name}>x)") == ("(x)", "")


@pytest.mark.parametrize("name", ["\u00b7", "1a", "a-b", "\u2e2f", "a\u2e2f", "\u200c"])
def test_a_group_name_that_is_no_identifier_is_refused(name: str) -> None:
    with pytest.raises(SchemaError) as err:
        validate("x", {"pattern": f"(?<{name}>x)"})
    assert "is not a valid regular expression" in err.value.message
