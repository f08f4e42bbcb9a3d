"""Values a call cannot hold in markup that is whole: a parameter written twice, a value
giving a key twice in one object (one value would be lost, ``_repeats``). Such a call
alone is an ``InvalidToolCall`` (its raw its own element); the block's other calls stand
(review revDup2Perf R1: a repeat ended the block, and the calls after it were lost)."""

from __future__ import annotations

from typing import Any

from .._errors import excerpt
from .._repeats import first_repeat

__all__ = ["Wrong", "param_repeat", "repeat_words"]


class Wrong(str):
    """The error of a call whose markup is whole but a value of which it cannot hold:
    it alone is invalid, the reading goes on after it."""


def param_repeat(key: str, text: str, value: Any) -> str:
    """The error of parameter *key* whose JSON *text* (read as *value*) gives a key twice
    in one object (one of its values would be lost), else ``""``."""
    if type(value) is not dict and type(value) is not list:
        return ""
    k = first_repeat(text, value)
    return "" if k is None else repeat_words(key, k)


def repeat_words(key: str, repeated: str) -> str:
    """The error of parameter *key* whose value gives the key *repeated* twice in one object."""
    return f"has parameter {key!r} whose value repeats the key {excerpt(repeated)} in one object"
