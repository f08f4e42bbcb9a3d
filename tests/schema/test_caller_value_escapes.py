"""Caller-side values of the wrong kind: a deeply nested error payload, a deeply nested
target, a model name that is no string. Each gives a clear error (or an answer), never a
``RecursionError`` from an unbounded ``repr``/``str`` nor an ``AttributeError``; a model
name that is no string is a ``TypeError`` naming it (README: flags and limits of the
wrong type are a ``TypeError``)."""

from __future__ import annotations

from typing import Any

import pytest

from toolwire import UnknownDialectError, schema
from toolwire.retry import classify_error

GOOD = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}


def _deep_list(n: int) -> Any:
    deep: Any = []
    for _ in range(n):
        deep = [deep]
    return deep


def _deep_dict(n: int) -> Any:
    deep: Any = {}
    for _ in range(n):
        deep = {"a": deep}
    return deep


def test_classify_error_of_a_deeply_nested_value() -> None:
    assert classify_error(_deep_list(100_000)) == "error"


def test_render_names_a_deeply_nested_target_briefly() -> None:
    with pytest.raises(UnknownDialectError) as err:
        schema.render(GOOD, _deep_dict(100_000))
    assert len(str(err.value)) < 1_000


def test_render_names_a_huge_target_briefly() -> None:
    with pytest.raises(UnknownDialectError) as err:
        schema.render(GOOD, "x" * 10**6)
    assert len(str(err.value)) < 1_000


@pytest.mark.parametrize("model", [None, memoryview(b"gpt-4o"), 5, b"gpt-4o"])
def test_choose_mode_wants_a_str(model: Any) -> None:
    with pytest.raises(TypeError, match="^model must be a str, got "):
        schema.choose_mode(model)
