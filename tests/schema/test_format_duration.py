"""``validate(..., formats=True)`` read ``duration`` as any run of ``nY nM nW nD`` and a
time part with a fraction: RFC 3339 Appendix A's grammar, which JSON Schema's
``duration`` follows (Draft 2020-12 validation §7.3.1), has weeks alone
(``dur-week``), each part followed only by the next (``dur-year = 1*DIGIT "Y"
[dur-month]``: no years then days, no hours then seconds), and whole numbers
(``1*DIGIT``). The cases are JSON Schema's own (json-schema-org/JSON-Schema-Test-Suite,
``tests/draft2020-12/optional/format/duration.json``)."""

from __future__ import annotations

import pytest

from toolwire.schema import validate


@pytest.mark.parametrize("text", [
    "PT0.5S", "PT0,5S", "P1Y2W", "P1WT1H", "P0Y1W", "P1Y2D", "PT1H2S", "PT1D", "P2D1Y", "P1D2H", "P2S", "P", "PT",
    "P1YT", "P1", "-P1D", "P-1D", "P1D2T3H", "P1e2D", "P1D\n", " P1D", "4DT12H30M5S",
])
def test_a_string_off_the_grammar_is_no_duration(text: str) -> None:
    [issue] = validate(text, {"type": "string", "format": "duration"}, formats=True)
    assert issue.keyword == "format"


@pytest.mark.parametrize("text", [
    "P4DT12H30M5S", "P4Y", "PT0S", "P0D", "P1M", "PT1M", "PT36H", "P1DT12H", "P2W", "P1Y2M3DT4H5M6S", "P1Y2M3D",
    "PT1H2M3S", "P1M2D", "PT1H30M", "P10Y10M10DT10H10M10S", "P1Y2M", "PT1H2M", "PT1M2S", "P01D", "P" + "9" * 80 + "D",
])
def test_a_string_of_the_grammar_is_a_duration(text: str) -> None:
    assert validate(text, {"type": "string", "format": "duration"}, formats=True) == []


def test_a_long_duration_is_read_in_linear_steps() -> None:
    """Each part starts where the one before it ended: no part is read from two places."""
    for n in (1000, 100_000):
        assert validate("P" + "9" * n + "Y9M", {"type": "string", "format": "duration"}, formats=True) == []
        assert validate("PT" + "9" * n + "X", {"type": "string", "format": "duration"}, formats=True) != []
