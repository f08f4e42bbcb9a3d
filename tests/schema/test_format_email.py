"""``validate(..., formats=True)`` took anything with one ``@`` and no white space for
an ``email``: JSON Schema's ``email`` is RFC 5321's ``Mailbox`` (Draft 2020-12
validation §7.3.2; RFC 5321 §4.1.2): a dot-string of atoms (no dot first, last or twice
in a row) or a quoted string, then a domain of letter-digit-hyphen labels or an address
literal (``[127.0.0.1]``, ``[IPv6:::1]``). The cases are JSON Schema's own
(json-schema-org/JSON-Schema-Test-Suite, ``tests/draft2020-12/optional/format/email.json``)."""

from __future__ import annotations

import pytest

from toolwire.schema import validate


@pytest.mark.parametrize("text", [
    ".test@example.com", "test.@example.com", "te..st@example.com", "joe.bloggs@invalid=domain.com",
    "joe.bloggs@[127.0.0.300]", "2962", "user1@oceania.org, user2@oceania.org",
    '"Winston Smith" <winston.smith@recdep.minitrue> (Records Department)', "@example.com", "joe.bloggs@",
    "joe bloggs@example.com", "joe@-example.com", "joe@example-.com",
])
def test_a_string_off_rfc_5321_is_no_email(text: str) -> None:
    [issue] = validate(text, {"type": "string", "format": "email"}, formats=True)
    assert issue.keyword == "format"


@pytest.mark.parametrize("text", [
    "joe.bloggs@example.com", "te~st@example.com", "~test@example.com", "test~@example.com",
    '"joe bloggs"@example.com', '"joe..bloggs"@example.com', '"joe@bloggs"@example.com', "joe.bloggs@[127.0.0.1]",
    "joe.bloggs@[IPv6:::1]", "te.s.t@example.com", "a@b", "x@[tag:some-thing]",
])
def test_an_rfc_5321_mailbox_passes(text: str) -> None:
    assert validate(text, {"type": "string", "format": "email"}, formats=True) == []


def test_a_long_email_is_read_in_linear_steps() -> None:
    for n in (1000, 100_000):
        assert validate("a@" + "b-" * n + ".c", {"type": "string", "format": "email"}, formats=True) != []
        assert validate("a." * n + "@b", {"type": "string", "format": "email"}, formats=True) != []
