"""The validator's keywords on numbers and strings (Draft 2020-12 validation vocabulary,
sections 6.2 and 6.3, https://json-schema.org/draft/2020-12/json-schema-validation,
checked 2026-11-30): each appends what fails to a list of issues."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Dict, List

from ._formats import FORMATS
from ._issues import ValidationIssue, fail, short
from ._pattern import searcher

__all__ = ["is_number", "numbers", "strings"]


def is_number(v: Any) -> bool:
    """A JSON number: an int or a float, not a bool."""
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def numbers(v: Any, node: Dict[str, Any], ptr: Any, sptr: str, out: List[ValidationIssue]) -> None:
    """The numeric keywords (bounds, ``multipleOf``) for the number *v*."""
    # each bound as "not within it", so that NaN (a Python float, no JSON number), which
    # compares false to everything, fails every bound instead of passing them all
    if "minimum" in node and not v >= node["minimum"]:
        fail(out, ptr, "minimum", f"{short(v)} is less than the minimum of {short(node['minimum'])}", sptr)
    if "maximum" in node and not v <= node["maximum"]:
        fail(out, ptr, "maximum", f"{short(v)} is greater than the maximum of {short(node['maximum'])}", sptr)
    if "exclusiveMinimum" in node and not v > node["exclusiveMinimum"]:
        fail(out, ptr, "exclusiveMinimum", f"{short(v)} must be greater than {short(node['exclusiveMinimum'])}", sptr)
    if "exclusiveMaximum" in node and not v < node["exclusiveMaximum"]:
        fail(out, ptr, "exclusiveMaximum", f"{short(v)} must be less than {short(node['exclusiveMaximum'])}", sptr)
    m = node.get("multipleOf")
    if m is not None and _not_multiple(v, m):
        fail(out, ptr, "multipleOf", f"{short(v)} is not a multiple of {short(m)}", sptr)


def strings(s: str, node: Dict[str, Any], ptr: Any, sptr: str, out: List[ValidationIssue], formats: bool) -> None:
    """The string keywords (lengths, ``pattern``, ``format`` when *formats*) for *s*."""
    if "minLength" in node and len(s) < node["minLength"]:
        fail(out, ptr, "minLength", f"{short(s)} is shorter than {short(node['minLength'])} characters", sptr)
    if "maxLength" in node and len(s) > node["maxLength"]:
        fail(out, ptr, "maxLength", f"{short(s)} is longer than {short(node['maxLength'])} characters", sptr)
    if "pattern" in node and not searcher(node["pattern"])(s):
        fail(out, ptr, "pattern", f"{short(s)} does not match {node['pattern']!r}", sptr)
    if formats and "format" in node:
        test = FORMATS.get(node["format"])
        if test is not None and not test(s):
            fail(out, ptr, "format", f"{short(s)} is not a valid {short(node['format'])}", sptr)


def _not_multiple(v: Any, m: Any) -> bool:
    """``multipleOf`` as the reference validator decides it: exact for integers, the
    float quotient otherwise, and exact fractions when that quotient overflows (``1e308``
    against ``0.123456789`` is not a multiple; it was accepted)."""
    if isinstance(v, float) and not math.isfinite(v):
        return True  # not JSON; never a multiple
    if isinstance(m, float):
        try:
            q = v / m
            return bool(int(q) != q)
        except OverflowError:
            return (Fraction(v) / Fraction(m)).denominator != 1
    try:
        return bool(v % m)
    except OverflowError:
        return (Fraction(v) / Fraction(m)).denominator != 1
