"""``Substrings``: where a piece first occurs in a text, as ``str.find`` says."""

from __future__ import annotations

import random

import pytest

from toolwire._substrings import Substrings


@pytest.mark.parametrize("seed", range(40))
def test_first_is_where_str_find_says(seed: int) -> None:
    rnd = random.Random(seed)
    text = "".join(rnd.choice("ab c") for _ in range(rnd.randint(0, 80)))
    index = Substrings(text)
    for _ in range(60):
        at = rnd.randint(0, len(text))
        piece = (text[at:at + rnd.randint(0, 8)] if rnd.random() < 0.6
                 else "".join(rnd.choice("abcx") for _ in range(rnd.randint(1, 5))))
        assert index.first(piece) == text.find(piece)


def test_literal_places() -> None:
    index = Substrings("the cat and the dog")
    assert (index.first("the"), index.first(" the"), index.first("dog"), index.first("cats"),
            index.first("")) == (0, 11, 16, -1, 0)
