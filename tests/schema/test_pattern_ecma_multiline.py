r"""``^``/``$`` in a ``(?m:...)`` group (review hunt "patterns", the m-mode fuzz). ECMA-262
(ES2025 §22.2.2.6 Assertion, with multiline): ``^`` also matches after, ``$`` before, any
LineTerminator: ``\n``, ``\r``, U+2028, U+2029 (node 20: ``/^b/mu.test("a\rb")``,
``/a$/mu.test("a\u2028b")`` and ``/a$/mu.test("a\r\nb")`` are true). The Rust engine's
multi-line anchors see ``\n`` alone (its CRLF mode adds ``\r`` but not between ``\r`` and
``\n``, nor U+2028/U+2029), and it has no look-around to build them, so such a pattern
cannot run (as look-around), rather than answer differently."""

from __future__ import annotations

import pytest

from toolwire import SchemaError
from toolwire.schema import render, validate
from toolwire.schema._pattern import compile_pattern

_TAIL = "that the linear-time regex engine cannot run; toolwire does not run a caller's pattern on a backtracking engine"


@pytest.mark.parametrize("pattern", ["(?m:^b)", "(?m:a$)", "(?mi:^)", "(?m:(?i:a$))", "(?s-i:(?m:x|^y))",
                                     "(?m:[a]^)"])
def test_a_line_anchor_in_a_multiline_group_cannot_run(pattern: str) -> None:
    with pytest.raises(SchemaError) as err:
        validate("a\rb", {"type": "string", "pattern": pattern})
    kind = "a line anchor (^, $) in a multiline group"
    assert err.value.message == f"Pattern {pattern!r} at $.pattern uses {kind} {_TAIL}"
    schema = {"type": "object", "properties": {"s": {"type": "string", "pattern": pattern}}}
    assert render(schema, "openai.chat", strict=False).wire_schema["properties"]["s"]["pattern"] == pattern  # still sent


@pytest.mark.parametrize(("pattern", "text", "matches"), [
    ("(?m:a)^b", "ab", False),  # the flag ends with its group: ^ is the input's start
    ("^(?m:a)", "ba", False),
    ("(?m:(?-m:^b))", "a\nb", False),
    ("(?m:a\\$)", "a$", True),  # an escaped $ is no anchor
    ("(?m:[$^])", "^", True),
])
def test_anchors_outside_multiline_groups_run(pattern: str, text: str, matches: bool) -> None:
    assert compile_pattern(pattern)(text) is matches
