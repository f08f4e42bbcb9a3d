"""An SVG after its XML prologue, read as XML 1.0 reads it (``_svg_prologue``;
https://www.w3.org/TR/xml/#sec-prolog-dtd): a quoted literal is read whole (an entity's
value, the doctype's ``SystemLiteral``, a pseudo-attribute's value in a processing
instruction), and so is a comment in the internal subset, so a ``]`` or ``>`` in them ends
nothing (revGemimg: 9 of 30,000 such SVGs were sent as their ``image/png`` label by
f85b339e, refused as SVG before it). Linear: the bytes read counted at n and 4n."""

from __future__ import annotations

import base64
from typing import Any, List

import pytest

import toolwire
from toolwire.dialects import _svg_prologue
from toolwire.dialects._image_types import shown_type

SVG_NS = b'<svg xmlns="http://www.w3.org/2000/svg"/>'


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


@pytest.mark.parametrize("raw", [
    b'<?xml version="1.0"?>\n<!DOCTYPE svg [\n<!ENTITY a "x]y">\n]>\n<svg/>',  # the brief's reproducer
    b'<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd" [\n<!ENTITY a "x]y">\n'
    b'<!ENTITY ns "http://ns">\n]>\n' + SVG_NS,
    b'<?xml version="1.0"?>\n<!DOCTYPE svg [\n<!-- note ] here -->\n]>\n<svg/>',
    b"<!DOCTYPE svg [\n<!ENTITY b '[0]'>\n]>\n<svg/>",
    b'<!DOCTYPE svg [\n<!ENTITY a "a>b">\n]>\n<svg/>',
    b'<!DOCTYPE svg [\n<!ATTLIST svg note CDATA "a]>b">\n<?pi ]> ?>\n]>\n<svg/>',
    b'<!DOCTYPE svg SYSTEM "a>[b.dtd">\n<svg/>',
    b"<!DOCTYPE svg PUBLIC '-//W3C//DTD SVG 1.1//EN' 'a]>.dtd'>\n<svg/>",
    b'<!DOCTYPE svg [ <!ENTITY a "b"> ] >\n<svg/>',
    b"<?note don't ?>\n<svg/>",  # a quote not after "=": text
])
def test_literals_and_comments_are_read_whole(raw: bytes) -> None:
    assert shown_type(_b64(raw)) == "image/svg+xml"


@pytest.mark.parametrize("raw", [
    b'<!DOCTYPE html [\n<!ENTITY a "b">\n]>\n<html><svg/></html>',
    b'<!DOCTYPE svg [\n<!ENTITY a "b">\n<svg/>',  # a subset that never ends
])
def test_what_is_no_svg_stays_none(raw: bytes) -> None:
    assert shown_type(_b64(raw)) is None


@pytest.mark.parametrize("raw", [
    b'<?t x="?>\n<svg width="1" xmlns="http://www.w3.org/2000/svg"/>',
    b'<?xml version="1.0"?>\n<?note a="?>\n<svg width="1"/>',
    b'<!DOCTYPE svg [<?p x="?>]><svg a="1"/>',
    b"<?t x='?>\n<!-- it's -->\n<svg/>",
])
def test_a_processing_instruction_ends_at_its_first_end(raw: bytes) -> None:
    # review revGem2: a quote after "=" in a processing instruction was read as a literal (XML
    # 1.0 knows none there, section 2.6), so the scan ran past the real "?>" and missed the SVG
    # (318 of 5,000 well-formed SVGs, then sent under their label)
    assert shown_type(_b64(raw)) == "image/svg+xml"


def test_a_processing_instruction_with_its_end_in_quotes_is_malformed() -> None:
    # expat: not well-formed (the instruction ends at the first "?>", what follows is text)
    assert shown_type(_b64(b'<?xml-stylesheet href="a?>b"?>\n<svg/>')) is None


@pytest.mark.parametrize("raw", [b'<!DOCTYPE svg SYSTEM "a.dtd>\n<svg/>', b'<?xml-stylesheet href="a?>\n<svg/>'])
def test_a_quote_nothing_closes_is_text(raw: bytes) -> None:
    """Malformed: read as before (its ``>`` ends the markup), an SVG refused as one."""
    assert shown_type(_b64(raw)) == "image/svg+xml"


def test_an_entity_bracket_svg_labelled_png_is_refused_by_anthropic() -> None:
    raw = b'<?xml version="1.0"?>\n<!DOCTYPE svg [\n<!ENTITY a "x]y">\n]>\n<svg/>'
    wire = {"jsonrpc": "2.0", "id": "c", "result": {"content": [{"type": "image", "data": _b64(raw), "mimeType": "image/png"}]}}
    res = toolwire.decode_result(wire, "mcp").replace(name="f", id="toolu_1")
    with pytest.raises(toolwire.EncodeError, match="image/svg"):
        toolwire.encode_result(res, "anthropic.messages")


class _Counted(bytes):
    """Bytes that count the bytes the scan reads (an index, ``startswith``, and what
    ``find`` passes over)."""

    steps: List[int] = []

    def __getitem__(self, k: Any) -> Any:
        self.steps.append(1)
        return bytes.__getitem__(self, k)

    def find(self, what: Any, start: Any = 0, *a: Any) -> int:  # type: ignore[override]
        at = bytes.find(self, what, start, *a)
        self.steps.append((at if at >= 0 else len(self)) - start + 1)
        return at

    def startswith(self, *a: Any) -> bool:  # type: ignore[override]
        self.steps.append(1)
        return bytes.startswith(self, *a)


@pytest.mark.parametrize("make", [
    lambda n: b"<!DOCTYPE svg [" + b"<!ENTITY a '[>]'>" * (n // 17),
    lambda n: b"<!DOCTYPE svg [" + b"<!-- ] -->" * (n // 10),
    lambda n: b"<?xml-stylesheet" + b' a="?>"' * (n // 7),
    lambda n: b"<?x?>" * (n // 5),
    lambda n: b"<!DOCTYPE [" + b"[" * n,
    lambda n: b"<!DOCTYPE svg [<!ENTITY" + b" x" * (n // 2),
    lambda n: b"<?" + b"=" * n,
    lambda n: b"<?a" + b'="' * (n // 2),
    lambda n: b"<!DOCTYPE svg [<!ENTITY" + b" '" * (n // 2) + b"'",
])
def test_the_scan_is_linear(make: Any) -> None:
    counts = []
    for n in (20_000, 80_000):
        _Counted.steps = []
        _svg_prologue.svg_prologue(_Counted(make(n)))
        counts.append(sum(_Counted.steps))
    assert 3.5 <= counts[1] / counts[0] <= 4.5
