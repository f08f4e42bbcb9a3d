"""Reading or checking a caller's tool schema is linear in its depth (DESIGN.md invariant
8): OpenAI strict mode's check (``strict_mode.strict_problem``, run by ``encode_tool`` of a
strict tool to ``openai.chat`` / ``openai.responses``) and the reading of a Gemini OpenAPI
``parameters`` (``gemini.openapi.json_schema``) spelled the ``$.path`` of every node as
they walked, each as long as its depth: quadratic work (10.3x and 8.8x time for 4x the
depth). Work is counted, not timed: the characters of the paths spelled, at depth n and
4n, with the one problem at the deepest place. And a Gemini declaration that deep is
written back to Gemini (its check compared the schemas with a recursive ``==``:
``RecursionError`` from ~500 levels)."""

from __future__ import annotations

from typing import Any, Callable, Dict, List

import pytest

from toolwire import DecodeError, EncodeError, Tool, decode_tool, encode_tool
from toolwire.dialects.gemini import openapi
from toolwire.dialects.openai import strict_mode

N = 2_000


def _strict_deep(n: int, leaf_ok: bool) -> Dict[str, Any]:
    s: Dict[str, Any] = {"type": "object", "properties": {}}
    if leaf_ok:
        s["additionalProperties"] = False
    for _ in range(n):
        s = {"type": "object", "properties": {"p": s}, "required": ["p"], "additionalProperties": False}
    return s


def _openapi_deep(n: int, leaf: str) -> Dict[str, Any]:
    s: Dict[str, Any] = {"type": leaf}
    for _ in range(n):
        s = {"type": "OBJECT", "properties": {"p": s}}
    return s


def _counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> List[int]:
    spelled: List[int] = []
    real: Callable[..., str] = getattr(module, name)

    def count(*args: Any) -> str:
        out = real(*args)
        spelled.append(len(out))
        return out

    monkeypatch.setattr(module, name, count)
    return spelled


def test_strict_check_spells_no_path_for_a_schema_that_meets_it(monkeypatch: pytest.MonkeyPatch) -> None:
    spelled = _counting(monkeypatch, strict_mode, "place_path")
    for n in (N, 4 * N):
        encode_tool(Tool("f", parameters=_strict_deep(n, leaf_ok=True), strict=True), "openai.chat")
    assert sum(spelled) == 0


def test_strict_check_work_is_linear_in_the_depth(monkeypatch: pytest.MonkeyPatch) -> None:
    spelled = _counting(monkeypatch, strict_mode, "place_path")
    work = []
    for n in (N, 4 * N):
        spelled.clear()
        with pytest.raises(EncodeError) as info:
            encode_tool(Tool("f", parameters=_strict_deep(n, leaf_ok=False), strict=True), "openai.responses")
        assert info.value.loc == "$.parameters" + ".properties.p" * n
        work.append(sum(spelled))
    assert work[1] <= 4.5 * work[0]


def test_openapi_reading_spells_no_path_for_a_good_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    spelled = _counting(monkeypatch, openapi, "_where")
    for n in (N, 4 * N):
        decode_tool({"name": "f", "parameters": _openapi_deep(n, "STRING")}, "gemini")
    assert sum(spelled) == 0


def test_openapi_reading_work_is_linear_in_the_depth(monkeypatch: pytest.MonkeyPatch) -> None:
    spelled = _counting(monkeypatch, openapi, "_where")
    work = []
    for n in (N, 4 * N):
        spelled.clear()
        with pytest.raises(DecodeError) as info:
            decode_tool({"name": "f", "parameters": _openapi_deep(n, "WORD")}, "gemini")
        assert info.value.loc == "$.parameters" + ".properties.p" * n + ".type"
        work.append(sum(spelled))
    assert work[1] <= 4.5 * work[0]


@pytest.mark.parametrize("depth", [600, 3_000])
def test_a_deep_openapi_declaration_is_written_back_to_gemini(depth: int) -> None:
    decl = {"name": "f", "parameters": _openapi_deep(depth, "STRING")}
    assert encode_tool(decode_tool(decl, "gemini"), "gemini") == {"name": "f", "parameters": decl["parameters"]}
