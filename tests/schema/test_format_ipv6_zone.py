"""``validate(..., formats=True)`` took an IPv6 address with a zone (``fe80::1%eth0``,
which Python's ``ipaddress`` reads since 3.9) for an ``ipv6``: JSON Schema's ``ipv6`` is
RFC 4291 §2.2's text form (Draft 2020-12 validation §7.3.4), which has no zone; a zone
is RFC 4007 §11's ``<address>%<zone_id>``, another form."""

from __future__ import annotations

import pytest

from toolwire.schema import validate


@pytest.mark.parametrize("text", ["fe80::1%eth0", "fe80::1%1", "::1%lo"])
def test_an_address_with_a_zone_is_no_ipv6(text: str) -> None:
    [issue] = validate(text, {"type": "string", "format": "ipv6"}, formats=True)
    assert issue.keyword == "format"


@pytest.mark.parametrize("text", ["fe80::1", "::1", "::ffff:192.0.2.1", "2001:db8:0:0:1:0:0:1"])
def test_an_rfc_4291_address_is_an_ipv6(text: str) -> None:
    assert validate(text, {"type": "string", "format": "ipv6"}, formats=True) == []
