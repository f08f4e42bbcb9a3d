"""The ``format`` values ``schema.validate(..., formats=True)`` asserts (JSON Schema
Draft 2020-12 "Vocabularies for Semantic Content With format",
https://json-schema.org/draft/2020-12/json-schema-validation#section-7, checked
2026-11-30): each a test of the string. The patterns run on model output, so each is
anchored and linear (``hostname`` is bounded to 253 characters by its lookahead). A
digit is ``[0-9]`` (RFC 3339 §5.6 ``DIGIT``, RFC 5234's ``%x30-39``), never Python's
``\\d``, which takes any Unicode digit in text. JSON Schema's test suite
(json-schema-org/JSON-Schema-Test-Suite, ``tests/draft2020-12/optional/format/``) agrees
with each, except on ``hostname``: its labels are RFC 1123's, and an A-label (``xn--``)
is not decoded, so IDNA 2008's rules for what it encodes are not checked.
"""

from __future__ import annotations

import ipaddress
import re
from typing import Callable, Dict

__all__ = ["FORMATS"]

_DATE = r"[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])"
_TIME = r"([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])"
# RFC 3339 Appendix A: "P" (dur-date / dur-time / dur-week), each part of a date or a
# time followed only by the next (dur-year = 1*DIGIT "Y" [dur-month]), whole numbers
_DUR_TIME = r"T[0-9]+(H([0-9]+M([0-9]+S)?)?|M([0-9]+S)?|S)"
_DURATION = rf"P([0-9]+(Y([0-9]+M([0-9]+D)?)?|M([0-9]+D)?|D)({_DUR_TIME})?|{_DUR_TIME}|[0-9]+W)"
# RFC 3986 §3: scheme ":" ("//" authority path-abempty / path-absolute / path-rootless /
# path-empty) ["?" query] ["#" fragment]; characters by §2 (``%`` HEX HEX, unreserved,
# sub-delims), an IP literal's inside read by ``_ip_literal``. Each repeated group
# takes one character, or ``%`` and two, so a string is read in linear steps.
_HEX = r"%[0-9A-Fa-f]{2}"
_PCHAR = rf"(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|{_HEX})"
_URI = re.compile(
    rf"[A-Za-z][A-Za-z0-9+.-]*:"
    rf"(?://(?:(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|{_HEX})*@)?"
    rf"(?:\[(?P<ip>[^\]]*)\]|(?:[A-Za-z0-9\-._~!$&'()*+,;=]|{_HEX})*)(?::[0-9]*)?(?:/{_PCHAR}*)*"
    rf"|/?(?:{_PCHAR}+(?:/{_PCHAR}*)*)?)"
    rf"(?:\?(?:{_PCHAR}|[/?])*)?(?:#(?:{_PCHAR}|[/?])*)?"
)
# RFC 5321 §4.1.2: Mailbox = (Dot-string / Quoted-string) "@" (Domain / address-literal)
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
_EMAIL = re.compile(
    r"(?:[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+(?:\.[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+)*"
    r'|"(?:[ !#-\[\]-~]|\\[ -~])*")'
    rf"@(?:{_LABEL}(?:\.{_LABEL})*|\[(?P<literal>[^\]]*)\])"
)
FORMATS: Dict[str, Callable[[str], bool]] = {
    "date": lambda s: re.fullmatch(_DATE, s) is not None and _in_month(s),
    "time": lambda s: _time(s),
    "date-time": lambda s: re.fullmatch(_DATE, s[:10]) is not None and s[10:11] in ("T", "t") and _in_month(s)
    and _time(s[11:]),
    "email": lambda s: _email(s),
    "uri": lambda s: _uri(s),
    "uuid": lambda s: re.fullmatch(r"[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}", s) is not None,
    "hostname": lambda s: (
        re.fullmatch(
            r"(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*",
            s,
        )
        is not None
    ),
    "ipv4": lambda s: _ip(s, 4),
    "ipv6": lambda s: _ip(s, 6),
    "duration": lambda s: re.fullmatch(_DURATION, s) is not None,
}


_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _in_month(text: str) -> bool:
    """The day of a date that matched ``_DATE`` (``YYYY-MM-DD`` first) is in its month:
    RFC 3339 §5.7, February's 29th in a leap year only (Appendix C)."""
    year, month, day = int(text[:4]), int(text[5:7]), int(text[8:10])
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    return day <= _DAYS[month - 1] + (month == 2 and leap)


def _time(text: str) -> bool:
    """An RFC 3339 ``full-time`` whose second 60 (a leap second) falls on 23:59 UTC,
    the offset taken away (§5.7: ``23:59:60Z``, ``15:59:60-08:00``)."""
    if re.fullmatch(_TIME, text) is None:
        return False
    if text[6:8] != "60":
        return True
    zone = text[8:].lstrip(".0123456789")
    shift = 0 if zone in ("Z", "z") else (int(zone[1:3]) * 60 + int(zone[4:6])) * (1 if zone[0] == "+" else -1)
    return (int(text[:2]) * 60 + int(text[3:5]) - shift) % 1440 == 23 * 60 + 59


def _email(text: str) -> bool:
    """An RFC 5321 ``Mailbox`` (``_EMAIL``), its address literal an IPv4 address,
    ``IPv6:`` and an IPv6 address, or a tag, a colon and ``dcontent`` (§4.1.3)."""
    found = _EMAIL.fullmatch(text)
    if found is None:
        return False
    inside = found.group("literal")
    if inside is None:
        return True
    if inside[:5] == "IPv6:":
        return _ip(inside[5:], 6)
    return _ip(inside, 4) or re.fullmatch(rf"(?:{_LABEL}):[!-Z^-~]+", inside) is not None


def _uri(text: str) -> bool:
    """An RFC 3986 ``URI`` (``_URI``), its IP literal an IPv6 address or an IPvFuture."""
    found = _URI.fullmatch(text)
    if found is None:
        return False
    inside = found.group("ip")
    if inside is None:
        return True
    return _ip(inside, 6) or re.fullmatch(r"[Vv][0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+", inside) is not None


def _ip(text: str, version: int) -> bool:
    """An IPv4 (RFC 2673 §3.2 dotted-quad) or IPv6 (RFC 4291 §2.2) address; an IPv6 zone
    (``%eth0``, RFC 4007 §11, which ``ipaddress`` reads) is no part of either."""
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return False
    return address.version == version and not getattr(address, "scope_id", None)
