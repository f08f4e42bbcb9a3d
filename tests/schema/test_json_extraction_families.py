"""Each family of ``tests/json_extract_families.py`` with its fixed seed: every reply
gives the answer written for its family (docs/structured-output.md "JSON extraction").
A few replies each by default; ``TOOLWIRE_FAMILY_COUNT`` or the ``thorough`` hypothesis
profile reads more (2,000 each)."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

from json_extract_families import FAMILIES, NONE, make
from toolwire._json_equality import same
from toolwire._json_extract import extract_json


def _count() -> int:
    if os.environ.get("TOOLWIRE_FAMILY_COUNT"):
        return int(os.environ["TOOLWIRE_FAMILY_COUNT"])
    return 2000 if settings().max_examples >= 1000 else 40


@pytest.mark.parametrize("name", list(FAMILIES))
def test_each_family_gives_its_answer(name: str) -> None:
    seed = 4300 + list(FAMILIES).index(name)
    wrong = []
    for text, answer in make(name, seed, _count()):
        found, value, _ = extract_json(text)
        if (found, answer is NONE) == (False, True) or found and answer is not NONE and same(value, answer):
            continue
        wrong.append((text, value if found else "none"))
    assert not wrong, wrong[:5]
