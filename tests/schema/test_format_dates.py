"""``validate(..., formats=True)`` took any day up to 31 in any month for a ``date`` (and
the date of a ``date-time``): RFC 3339 §5.6 bounds ``date-mday`` "01-28, 01-29, 01-30,
01-31 based on month/year", with February's 29th in leap years only (§5.7, Appendix C:
divisible by 4, and by 400 when by 100). JSON Schema's ``date`` and ``date-time`` are
RFC 3339's (Draft 2020-12 validation §7.3.1)."""

from __future__ import annotations

import pytest

from toolwire.schema import validate


@pytest.mark.parametrize(("fmt", "text"), [
    ("date", "2024-02-30"),
    ("date", "2023-02-29"),
    ("date", "2024-04-31"),
    ("date", "2024-11-31"),
    ("date-time", "2100-02-29T00:00:00Z"),
])
def test_a_day_past_its_months_end_fails_the_format(fmt: str, text: str) -> None:
    [issue] = validate(text, {"type": "string", "format": fmt}, formats=True)
    assert issue.keyword == "format"


@pytest.mark.parametrize(("fmt", "text"), [
    ("date", "2024-02-29"),
    ("date", "2000-02-29"),
    ("date", "0000-02-29"),
    ("date", "2023-02-28"),
    ("date", "2024-12-31"),
    ("date", "2024-06-30"),
    ("date-time", "1996-12-31T23:59:60Z"),
])
def test_a_day_in_its_month_passes(fmt: str, text: str) -> None:
    assert validate(text, {"type": "string", "format": fmt}, formats=True) == []
