"""``validate(..., formats=True)`` took a second of 60 at any hour and minute: RFC 3339
§5.7 allows it only for the last second of a UTC day's last minute (a leap second,
``23:59:60Z``), so at 23:59 once the offset is taken away (``15:59:60-08:00``). The
cases are JSON Schema's own (json-schema-org/JSON-Schema-Test-Suite,
``tests/draft2020-12/optional/format/time.json`` and ``date-time.json``)."""

from __future__ import annotations

import pytest

from toolwire.schema import validate


@pytest.mark.parametrize(("fmt", "text"), [
    ("time", "22:59:60Z"),
    ("time", "23:58:60Z"),
    ("time", "22:59:60+00:00"),
    ("time", "23:59:60+01:00"),
    ("time", "23:59:60+00:30"),
    ("time", "23:59:60-01:00"),
    ("time", "23:59:60-00:30"),
    ("date-time", "1998-12-31T23:58:60Z"),
    ("date-time", "1998-12-31T22:59:60Z"),
])
def test_a_leap_second_off_the_utc_days_last_minute_fails_the_format(fmt: str, text: str) -> None:
    [issue] = validate(text, {"type": "string", "format": fmt}, formats=True)
    assert issue.keyword == "format"


@pytest.mark.parametrize(("fmt", "text"), [
    ("time", "23:59:60Z"),
    ("time", "23:59:60+00:00"),
    ("time", "01:29:60+01:30"),
    ("time", "23:29:60+23:30"),
    ("time", "15:59:60-08:00"),
    ("time", "00:29:60-23:30"),
    ("date-time", "1998-12-31T23:59:60Z"),
    ("date-time", "1998-12-31T15:59:60.123-08:00"),
])
def test_a_leap_second_on_the_utc_days_last_minute_passes(fmt: str, text: str) -> None:
    assert validate(text, {"type": "string", "format": fmt}, formats=True) == []
