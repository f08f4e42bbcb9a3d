"""Whether bytes are an SVG document: ``<svg`` after what an XML prologue holds, read as
XML 1.0 reads it (https://www.w3.org/TR/xml/#sec-prolog-dtd): an XML declaration and
processing instructions (``<?...?>``), comments (``<!--...-->``) and white space, a
doctype (``<!DOCTYPE ...>``). A quoted literal is read whole, so a ``>`` or ``[`` in it ends
nothing: the doctype's ``SystemLiteral`` / ``PubidLiteral``, and in its internal subset
(``[...]``) an entity's value, an attribute's default, a notation's id; a comment and a
processing instruction in the subset are read whole too, so a ``]`` in them does not end
the subset. A processing instruction (the XML declaration too) ends at its first ``?>``:
XML 1.0 knows no literal in it (§2.6; review revGem2: a quote after ``=`` read as one
ran past the real end, ``<?t x="?>``, and missed the ``<svg`` after it). A quote no other
closes before the end of the bytes read is text (a malformed literal read as before). One forward
pass: each byte read once (a literal or a comment skipped by ``find`` from where the scan
stands, ``_Scan``)."""

from __future__ import annotations

from typing import Dict

__all__ = ["svg_prologue"]

_LT = 0x3C  # "<"


def svg_prologue(text: bytes) -> bool:
    """Whether *text* (the first bytes, an XML BOM and white space passed over) is an SVG
    document: ``<svg`` after an XML prologue, within *text*."""
    scan, i, n = _Scan(text), 0, len(text)
    while i < n:
        if text.startswith(b"<svg", i):
            return True
        if text.startswith(b"<?", i):
            i = scan.pi_end(i)
        elif text.startswith(b"<!--", i):
            i = scan.comment_end(i)
        elif text.startswith(b"<!DOCTYPE", i) or text.startswith(b"<!doctype", i):
            i = scan.doctype_end(i + 9)
        elif text[i] == _LT:  # other markup (``<html``): no SVG document
            return False
        else:  # white space up to the next markup, else no prologue
            end = text.find(b"<", i)
            if end < 0 or text[i:end].strip(b" \t\r\n"):
                return False
            i = end
        if i < 0:
            return False
    return False


class _Scan:
    """The markup of *text*, each read from where the scan stands to its end. ``at`` gives
    the next place of a byte string at or after an index, found again only once the scan
    has passed the last one found (so each stretch of *text* is searched once per string)."""

    def __init__(self, text: bytes) -> None:
        self.text, self.n = text, len(text)
        self.found: Dict[bytes, int] = {}

    def at(self, what: bytes, j: int) -> int:
        """The index of *what* at or after *j*, ``n`` where there is none."""
        k = self.found.get(what, -1)
        if k < j:
            k = self.text.find(what, j)
            self.found[what] = k = k if k >= 0 else self.n
        return k

    def quote(self, j: int) -> int:
        """The index of the next quote at or after *j*, ``n`` where there is none."""
        return min(self.at(b'"', j), self.at(b"'", j))

    def literal_end(self, i: int) -> int:
        """The index after the literal whose quote is at *i*; ``i + 1`` (the quote as
        text) where no quote closes it."""
        end = self.at(self.text[i:i + 1], i + 1)
        return end + 1 if end < self.n else i + 1

    def comment_end(self, i: int) -> int:
        """The index after the comment at *i* (``<!--``); -1 where it does not end."""
        end = self.text.find(b"-->", i + 4)
        return end + 3 if end >= 0 else -1

    def pi_end(self, i: int) -> int:
        """The index after the processing instruction at *i* (``<?``): its first ``?>``;
        -1 where it does not end."""
        end = self.at(b"?>", i + 2)
        return end + 2 if end < self.n else -1

    def decl_end(self, i: int) -> int:
        """The index after the markup at *i* (``<``) in a doctype's internal subset: a
        comment, a processing instruction, or a declaration (``<!ENTITY``, ``<!ATTLIST``,
        ...) to its ``>``, its literals read whole; -1 where it does not end."""
        if self.text.startswith(b"<!--", i):
            return self.comment_end(i)
        if self.text.startswith(b"<?", i):
            return self.pi_end(i)
        j = i + 1
        while True:
            end, q = self.at(b">", j), self.quote(j)
            if end < q:
                return end + 1
            if q >= self.n:
                return -1
            j = self.literal_end(q)

    def doctype_end(self, i: int) -> int:
        """The index after the doctype whose name starts at *i* (after ``<!DOCTYPE``): its
        ``>`` outside literals and outside its internal subset, which ends at a ``]``
        outside its markup; -1 where it does not end."""
        j = i
        while True:
            end, q, sub = self.at(b">", j), self.quote(j), self.at(b"[", j)
            if end < q and end < sub:
                return end + 1
            if min(q, sub) >= self.n:
                return -1
            if q < sub:
                j = self.literal_end(q)
                continue
            j = sub + 1  # the internal subset: markup, white space and references to its "]"
            while True:
                close, lt = self.at(b"]", j), self.at(b"<", j)
                if close < lt:
                    break
                if lt >= self.n:
                    return -1
                j = self.decl_end(lt)
                if j < 0:
                    return -1
            j = close + 1
