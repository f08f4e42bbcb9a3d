r"""Group names are ID_Start / ID_Continue of Unicode 17.0 (ES2025 §22.2.1 RegExpIdentifierName),
on every Python (review hunt P2): ``str.isidentifier`` follows the running Python's Unicode
(14.0 on 3.11, 13.0 on 3.10), which refused names node 20 (V8, Unicode 17.0) takes. The
expected answers were taken once from node 20, ``new RegExp("(?<" + name + ">x)", "u")``,
and pinned here."""

from __future__ import annotations

import pytest

from toolwire import SchemaError
from toolwire.schema import render, validate
from toolwire.schema._pattern_id_table import CONTINUE_ONLY, ID_START, UNICODE
from toolwire.schema._pattern_names import is_group_name

ACCEPTED = [
    "\U0001e4d0",  # NAG MUNDARI LETTER O (Unicode 15.0)
    "\U00031350",  # CJK Extension H (15.0)
    "a\u0cf3",  # KANNADA SIGN COMBINING ANUSVARA ABOVE RIGHT (15.0): ID_Continue
    "\u088f",  # ARABIC LETTER NOON WITH RING ABOVE (17.0)
    "\U00010940",  # SIDETIC (17.0)
    "a\U00011de0",  # a digit of Unicode 17.0
    "a\U0001e4ec",
    "a\u00b7",  # MIDDLE DOT: Other_ID_Continue
    "a\U000e0100",  # VARIATION SELECTOR-17: Mn
]
REFUSED = ["\u2e2f", "a\u2e2f", "\u00b7", "\u0378", "a\u0378", "\U000e0100", "\u0cf3"]


@pytest.mark.parametrize("name", ACCEPTED)
def test_a_unicode_17_identifier_is_a_group_name(name: str) -> None:
    schema = {"type": "object", "properties": {"a": {"type": "string", "pattern": f"(?<{name}>x)"}}}
    assert validate({"a": "x"}, schema) == []
    assert render(schema, "openai.chat", strict=False).wire_schema["properties"]["a"]["pattern"] == f"(?<{name}>x)"


@pytest.mark.parametrize("name", REFUSED)
def test_a_name_node_refuses_is_refused(name: str) -> None:
    with pytest.raises(SchemaError) as err:
        validate("x", {"pattern": f"(?<{name}>x)"})
    assert "is not a valid regular expression" in err.value.message


def test_the_table_is_sorted_ranges_of_unicode_17() -> None:
    assert UNICODE == "17.0"
    for table in (ID_START, CONTINUE_ONLY):
        assert len(table) % 2 == 0
        assert all(a < b for a, b in zip(table, table[1:]))


def test_every_identifier_of_this_python_is_one_in_the_table() -> None:
    """ID_Start and ID_Continue only grow (UAX #31 stability), and the running Python's
    Unicode is no newer than 17.0: what it calls XID_Start / XID_Continue the table holds."""
    for cp in range(0x110000):
        ch = chr(cp)
        if ch.isidentifier() and ch != "_":
            assert is_group_name([ch]), hex(cp)
        if ("a" + ch).isidentifier():
            assert is_group_name(["a", ch]), hex(cp)
