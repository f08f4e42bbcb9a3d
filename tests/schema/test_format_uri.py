"""``validate(..., formats=True)`` took any scheme and colon followed by anything but
white space for a ``uri``: JSON Schema's ``uri`` is RFC 3986's ``URI`` (Draft 2020-12
validation §7.3.5), whose characters outside ``%`` HEX HEX are ASCII letters, digits and
``-._~:/?#[]@!$&'()*+,;=`` (§2), with brackets only around an IP literal of the
authority (§3.2.2) and a port of digits (§3.2.3). The cases are JSON Schema's own
(json-schema-org/JSON-Schema-Test-Suite, ``tests/draft2020-12/optional/format/uri.json``)."""

from __future__ import annotations

import pytest

from toolwire.schema import validate


@pytest.mark.parametrize("text", [
    "https://[@example.org/test.txt", "https://example.org/foobar\u00ae.txt", "https://example.org/foobar\\.txt",
    'https://example.org/foobar".txt', "https://example.org/foobar<>.txt", "https://example.org/foobar{}.txt",
    "https://example.org/foobar^.txt", "https://example.org/foobar`.txt", "https://example.org/foobar|.txt",
    "https://example.org/foo bar.txt", "http://example.com/%6G", "http://example.com/%A", "http://example.com/%",
    "http://example.com:abc/path", "http://[::ffff:01.2.3.4]", "http:/[::1]", "//foo.bar/?baz=qux#quux", "/abc",
    "abc", "http:// shouldfail.com", ":// should fail", "bar,baz:foo", "1http://example.com", "ht_tp://example.com",
])
def test_a_string_off_rfc_3986_is_no_uri(text: str) -> None:
    [issue] = validate(text, {"type": "string", "format": "uri"}, formats=True)
    assert issue.keyword == "format"


@pytest.mark.parametrize("text", [
    "http://foo.bar/?baz=qux#quux", "http://foo.com/blah_(wikipedia)_blah#cite-1",
    "http://foo.bar/?q=Test%20URL-encoded%20stuff", "http://xn--nw2a.xn--j6w193g/",
    "http://-.~_!$&'()*+,;=:%40:80%2f::::::@example.com", "http://223.255.255.254", "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "ldap://[2001:db8::7]/c=GB?objectClass?one", "mailto:John.Doe@example.com", "news:comp.infosystems.www.servers.unix",
    "tel:+1-816-555-1212", "urn:oasis:names:specification:docbook:dtd:xml:4.1.2", "http://087.10.0.1/",
    "http://999.999.999.999/", "http://[v1.fe80::a+en1]/", "http://example.com:/", "file:///etc/hosts",
])
def test_an_rfc_3986_uri_passes(text: str) -> None:
    assert validate(text, {"type": "string", "format": "uri"}, formats=True) == []


def test_a_long_uri_is_read_in_linear_steps() -> None:
    for n in (1000, 100_000):
        assert validate("http://" + "a:" * n + "b/", {"type": "string", "format": "uri"}, formats=True) != []
        assert validate("http://" + "a" * n + "@x/", {"type": "string", "format": "uri"}, formats=True) == []
