"""``encode(..., position=)`` is the call's index among its siblings (README: "which a
synthesized id depends on"), an int of 0 or more: anything else is an ``EncodeError``
naming the keyword, before the call is written, as ``ids=`` of the wrong type is.

Before, any value went into Ollama's ``function.index`` (a string ``'1'``, ``-1``, ``1.5``,
``None``, ``True``; ollama's ``api.ToolCallFunction.Index`` is an ``int``,
https://github.com/ollama/ollama/blob/main/api/types.go) and into the seed of a made id
(``position=True`` made the id of position 1).
"""

from __future__ import annotations

from typing import Any

import pytest

import toolwire
from toolwire import EncodeError, ToolCall

CALL = ToolCall("get_weather", {"city": "Paris"})


@pytest.mark.parametrize(("position", "shown"), [
    ("1", "a str '1'"), (-1, "an int -1"), (1.5, "a float 1.5"), (None, "a NoneType None"),
    (True, "a bool True"), (False, "a bool False"),
])
@pytest.mark.parametrize("dialect", ["ollama", "openai.chat", "anthropic.messages", "gemini"])
def test_a_position_that_is_no_index_is_refused(dialect: str, position: Any, shown: str) -> None:
    with pytest.raises(EncodeError) as err:
        toolwire.encode(CALL, dialect, position=position)
    assert (err.value.message, err.value.dialect) == (f"position= must be an int of 0 or more, got {shown}", None)


def test_ollama_writes_the_index() -> None:
    assert toolwire.encode(CALL, "ollama")["function"]["index"] == 0
    assert toolwire.encode(CALL, "ollama", position=2)["function"]["index"] == 2


def test_a_made_id_depends_on_the_position() -> None:
    first = toolwire.encode(CALL, "openai.chat")["id"]
    assert toolwire.encode(CALL, "openai.chat", position=0)["id"] == first
    assert toolwire.encode(CALL, "openai.chat", position=1)["id"] != first
