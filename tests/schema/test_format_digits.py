"""``validate(..., formats=True)`` took any Unicode digit for a digit of a ``date``,
``time``, ``date-time`` or ``duration`` (Python's ``\\d`` on text). RFC 3339 §5.6 writes
``DIGIT`` as in RFC 5234 (``%x30-39``: 0 to 9 only); ISO 8601's duration (RFC 3339
Appendix A) has the same ``DIGIT``. JSON Schema's ``format`` points to both (Draft
2020-12 validation §7.3.1)."""

from __future__ import annotations

import pytest

from toolwire.schema import validate


@pytest.mark.parametrize(("fmt", "text"), [
    ("date", "\u0662\u0660\u0662\u0664-01-01"),  # Arabic-Indic digits
    ("date", "\uff12\uff10\uff12\uff14-01-01"),  # fullwidth digits
    ("time", "1\u0660:00:00Z"),
    ("date-time", "2024-01-01T10:00:0\u0660Z"),
    ("date-time", "2024-01-01T10:00:00.\u0661Z"),
    ("duration", "P\u0661D"),
])
def test_a_string_that_is_no_rfc_3339_value_fails_its_format(fmt: str, text: str) -> None:
    [issue] = validate(text, {"type": "string", "format": fmt}, formats=True)
    assert issue.keyword == "format"


@pytest.mark.parametrize(("fmt", "text"), [
    ("date", "2024-02-29"),
    ("date", "2000-02-29"),
    ("date", "2024-12-31"),
    ("time", "23:59:60Z"),
    ("date-time", "2024-01-31T10:00:00.5+05:30"),
    ("duration", "P1Y2M3DT4H5M6S"),
])
def test_an_rfc_3339_value_passes(fmt: str, text: str) -> None:
    assert validate(text, {"type": "string", "format": fmt}, formats=True) == []
