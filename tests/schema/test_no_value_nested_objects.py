"""An ``additionalProperties`` object read for whether it takes no value
(``_empty_bounds._takes_none``) is read bottom-up, each subschema's verdict once per
rendering: a chain of objects each ``minProperties: 1`` beside the next as
``additionalProperties`` (within the 256-level nesting limit) is judged once a node, not
once a level below it (review revSchema: 198 levels raised an uncaught RecursionError on
vllm / ollama / prompt, and 30 vs 120 levels took 496 vs 7,381 ``_too_few`` calls), and
however deep (session 45, review revSchema3 R2: read three levels down, a chain of four
ending in ``not: {}`` was no error, and Gemini's wire took ``{"x": {}}``)."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import schema as S


def _chain(levels: int) -> Dict[str, Any]:
    s: Dict[str, Any] = {"type": "object", "minProperties": 1}
    for _ in range(levels):
        s = {"type": "object", "minProperties": 1, "additionalProperties": s}
    return s


#: the lint codes each target gave the 198-level chain before session 44's _too_few
_BEFORE = {"openai.chat": {"not-representable"}, "anthropic.messages": {"not-representable"},
           "bedrock.converse": {"not-representable"}, "gemini": set(),
           "gemini.openapi": {"not-representable", "unsupported-keyword"}, "ollama": set(), "vllm": set(),
           "prompt": set()}


@pytest.mark.parametrize("target", sorted(_BEFORE))
def test_a_deep_chain_of_min_properties_objects_renders(target: str) -> None:
    r = S.render(_chain(198), target, on_error="report")
    assert {lint.code for lint in r.lints} == _BEFORE[target], r.lints


def test_the_chain_is_judged_once_a_node(monkeypatch: Any) -> None:
    from toolwire.schema import _empty_bounds

    def calls(levels: int) -> int:
        count = [0]
        real = _empty_bounds._too_few

        def counted(n: Dict[str, Any], *memo: Any) -> bool:
            count[0] += 1
            return real(n, *memo)
        with monkeypatch.context() as m:
            m.setattr(_empty_bounds, "_too_few", counted)
            S.render(_chain(levels), "vllm", on_error="report")
        return count[0]

    small, big = calls(30), calls(120)
    assert small >= 30 and 3.5 * small <= big <= 4.5 * small, (small, big)


def test_an_additional_properties_object_of_no_value_by_its_own_bounds_still_closes() -> None:
    """(kept: ``{"type": "object", "minProperties": 2, "maxProperties": 1}`` takes no value by
    its own bounds, so the parent's ``minProperties: 1`` cannot be met)"""
    s = {"type": "object", "minProperties": 1,
         "additionalProperties": {"type": "object", "minProperties": 2, "maxProperties": 1}}
    r = S.render(s, "vllm", on_error="report")
    assert "unsatisfiable" in {lint.code for lint in r.lints}, r.lints


def test_an_additional_properties_object_closed_by_its_own_too_few_keys_still_closes() -> None:
    """(kept: each object's ``minProperties`` above the keys the closed object below allows,
    so none has a value; session 44 found these three levels down, the bounded read too)"""
    s: Dict[str, Any] = {"not": {}}
    for _ in range(3):
        s = {"type": "object", "minProperties": 1, "additionalProperties": s}
    for target in ("vllm", "ollama", "prompt", "gemini"):
        r = S.render({"type": "object", "properties": {"x": s}, "required": ["x"]}, target, on_error="report")
        assert "unsatisfiable" in {lint.code for lint in r.lints}, (target, r.lints)


def _closed_chain(levels: int) -> Dict[str, Any]:
    """*levels* objects, each ``minProperties: 1`` beside the next as ``additionalProperties``,
    the last ``not: {}``: none has a value (validation §6.5.2, core §10.3.2.3)."""
    s: Dict[str, Any] = {"not": {}}
    for _ in range(levels):
        s = {"type": "object", "minProperties": 1, "additionalProperties": s}
    return {"type": "object", "properties": {"x": s}, "required": ["x"]}


@pytest.mark.parametrize("levels", [4, 5, 150])
@pytest.mark.parametrize("target", ["openai.chat", "gemini", "vllm", "ollama", "prompt"])
def test_a_chain_of_no_value_is_unsatisfiable_however_deep(levels: int, target: str) -> None:
    # (the review's reproducer: four levels; gemini's wire took {"x": {}} with no error)
    r = S.render(_closed_chain(levels), target, on_error="report")
    assert "unsatisfiable" in {e.code for e in r.errors}, (target, r.lints)


def test_the_closed_chain_is_judged_once_a_node(monkeypatch: Any) -> None:
    from toolwire.schema import _empty_bounds

    def calls(levels: int) -> int:
        count = [0]
        real = _empty_bounds._none_by_itself

        def counted(n: Dict[str, Any], memo: Any) -> bool:
            count[0] += 1
            return real(n, memo)
        with monkeypatch.context() as m:
            m.setattr(_empty_bounds, "_none_by_itself", counted)
            r = S.render(_closed_chain(levels), "gemini", on_error="report")
        assert "unsatisfiable" in {e.code for e in r.errors}
        return count[0]

    small, big = calls(30), calls(120)
    assert small >= 30 and 3.5 * small <= big <= 4.5 * small, (small, big)

