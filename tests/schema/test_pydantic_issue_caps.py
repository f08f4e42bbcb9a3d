"""``to_pydantic``'s validator hooks keep the issues as ``schema.validate`` does: the
first 100, then one ``more`` issue, never one per failing part of a hostile answer (an
array of n wrong items held n issues, each with its message; measured as the memory a
failing answer takes beyond a passing one of the same size, n vs 4n, never timed)."""

from __future__ import annotations

from typing import Any, Dict

import pydantic

from memory_peak import peak
from toolwire.schema import to_pydantic

# ``prefixItems`` is checked by a hook, with the ``items`` beside it
MODEL = {"type": "object", "properties": {"m": {"type": "array", "prefixItems": [{}], "items": {"type": "integer"}}}}


def _run(model: Any, value: Dict[str, Any]) -> str:
    try:
        model.model_validate(value)
    except pydantic.ValidationError as exc:
        return str(exc)
    return "ok"


def test_a_hook_holds_a_bounded_number_of_issues() -> None:
    model = to_pydantic(MODEL)

    def extra(n: int) -> int:
        bad, good = {"m": [0] + ["x" * 100] * n}, {"m": [0] + [1] * n}
        assert _run(model, good) == "ok"
        return peak(lambda: _run(model, bad)) - peak(lambda: _run(model, good))

    small, big = extra(500), extra(2000)
    assert big - small < 200_000  # every issue held: 1,500 more issues were 730 kB more


def test_the_hook_message_names_the_first_five_issues() -> None:
    said = _run(to_pydantic(MODEL), {"m": [0] + ["x"] * 300})
    assert "$[5]: \"x\" is not of type integer" in said and "$[6]" not in said
