"""The names the vLLM cycle replay reads stay linear in the schema (session 47, review revVllm7 R1).

The replay (``_engine_cycles``) meets the properties of two objects llguidance 1.9.1 intersects;
a pair of sides met again was free only when the whole pair repeated, so a union differing at
each property read all of one side's names at every property: ``llguidance_refusals`` took 4.6 →
34.5 s at 4,000 names, ``render`` 17.6 → 68.6 s. Every name read or merged is now charged to a
budget of reads (past it the replay gives up and the caller's own walk applies), so the reads
counted here (lines the replay runs, not its own budget) grow as the schema does.
"""

from __future__ import annotations

import json
import sys
from types import FrameType
from typing import Any, Callable, Dict, Optional

import pytest

from toolwire.schema import _engine_cycles as cycles

_A = {"$ref": "#/$defs/A"}


def _wrap(prop: Callable[[int], Dict[str, Any]], n: int) -> Dict[str, Any]:
    """The review's reproducer: A an object of n strings; C's n properties each meet A with *prop*;
    the root's ``$ref`` re-entered through ``#``."""
    a = {"type": "object", "properties": {f"k{i}": {"type": "string"} for i in range(n)}}
    c = {"type": "object", "properties": {f"n{j}": prop(j) for j in range(n)}}
    return {"$defs": {"A": a, "C": c, "D": {"type": "object", "properties": {"q": {"$ref": "#"}}}},
            "$ref": "#/$defs/D", "properties": {"c": {"$ref": "#/$defs/C"}}}


def _union(j: int) -> Dict[str, Any]:
    return {"allOf": [_A, {"anyOf": [_A, {"type": "object", "properties": {f"u{j}": {"type": "string"}}}]}]}


def _disjoint(j: int) -> Dict[str, Any]:
    return {"allOf": [_A, {"type": "object", "properties": {f"u{j}": {"type": "string"}}}]}


def _lines(schema: Dict[str, Any]) -> int:
    """The lines of ``_engine_cycles`` run by the replay on *schema* (each name read is one or more)."""
    count = [0]
    code = cycles.__file__

    def trace(frame: FrameType, event: str, arg: Any) -> Optional[Callable[..., Any]]:
        if frame.f_code.co_filename != code:
            return None
        if event == "line":
            count[0] += 1
        return trace

    wire = json.loads(json.dumps(schema))
    previous = sys.gettrace()
    sys.settrace(trace)
    try:
        cycles.llguidance_refusals(wire, lambda node, ptr: False)
    finally:
        sys.settrace(previous)
    return count[0]


@pytest.mark.parametrize("prop", [_union, _disjoint], ids=["union", "disjoint"])
def test_a_side_met_with_a_new_one_at_each_property_takes_linear_reads(prop: Callable[[int], Dict[str, Any]]) -> None:
    small, big = _lines(_wrap(prop, 150)), _lines(_wrap(prop, 600))
    assert big <= 4.5 * small, (small, big)
