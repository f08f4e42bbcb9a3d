"""``streams`` meets each dialect's other stream forms often (fuzzkit FK-4).

Vertex ``partialArgs`` (Gemini: ``streamFunctionCallArguments``) takes only calls without
an id and without an empty object or list in their arguments (each entry holds one scalar
at a ``jsonPath``). Calls drawn as they come rarely fit, so ``streams("gemini")`` gave the
form in 6 of 400 draws: a 100-example test met it about once. Now the drawn calls are
reduced to fit it in part of the examples.
"""

from __future__ import annotations

import json
import re
from typing import Any, List

from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st

import toolwire
from toolwire import strategies as tws
from toolwire._strategies_plans import reduced
from toolwire.stream import accumulate

COUNT = settings(max_examples=200, database=None, derandomize=True, phases=[Phase.generate],
                 suppress_health_check=list(HealthCheck))


def test_gemini_streams_vertex_partial_args_often() -> None:
    seen: List[bool] = []

    @COUNT
    @given(tws.streams("gemini", transport="dict", expected=True))
    def draw(s: Any) -> None:
        seen.append("partialArgs" in json.dumps(s.chunks))
        assert accumulate(s.chunks, "gemini") == s.calls

    draw()
    assert sum(seen) * 8 >= len(seen)  # at least 1 in 8 (it was 1 in 60)


def test_calls_given_with_the_calls_knob_are_kept() -> None:
    # the reduction applies to the kit's own calls only: calls= gives exactly those calls
    call = toolwire.ToolCall("f", {"a": {}, "b": [1]}, "c1")

    @COUNT
    @given(tws.streams("gemini", calls=st.just(call), expected=True))
    def draw(s: Any) -> None:
        assert s.calls == [call] * len(s.calls)

    draw()


def test_reduced_calls_drop_the_id_and_empty_containers() -> None:
    call = toolwire.ToolCall("f", {"a": {}, "b": [[], {"c": []}], "d": [1, {}], "e": None, "f": {"g": 0}}, "c1")
    assert reduced(call) == toolwire.ToolCall("f", {"d": [1], "e": None, "f": {"g": 0}})


# -- the ids providers send (fuzzkit FK-4) ------------------------------------------------

NO_SHRINK = settings(phases=[Phase.generate], database=None, max_examples=500,
                     suppress_health_check=list(HealthCheck))


def test_gemini_ids_include_gemini_3_s_own_shape() -> None:
    # corpus gemini/pai-gemini-3-flash-*.json: "7lr99y60", "93z4z1x3"
    found = find(tws.tool_calls("gemini", ids=True), lambda c: re.fullmatch(r"[a-z0-9]{8}", c.id or "") is not None,
                 settings=NO_SHRINK)
    assert found.id is not None and len(found.id) == 8


def test_cohere_ids_include_the_name_and_twelve_characters() -> None:
    # reference wire-formats.md §7b ("<tool_name>_<12 lowercase alnum>"); corpus cohere-v2:
    # "get_weather_3p2j6ce4gxxx"
    found = find(tws.tool_calls("cohere.v2", ids=True),
                 lambda c: c.id == c.name + c.id[len(c.name):] and re.fullmatch(r"_[a-z0-9]{12}", c.id[len(c.name):])
                 is not None, settings=NO_SHRINK)
    assert found.id is not None and found.id.startswith(found.name + "_")


@settings(max_examples=40)
@given(p=tws.payloads(["gemini", "cohere.v2"], expected=True))
def test_payloads_with_the_providers_ids_decode_back(p: Any) -> None:
    assert toolwire.decode_all(p.value, p.dialect) == p.expected
    assert [(c.name, c.args, c.id) for c in toolwire.decode_all(p.value)] == [
        (c.name, c.args, c.id) for c in p.expected]
