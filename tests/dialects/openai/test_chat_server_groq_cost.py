"""What Anthropic's and Responses' sniffers read of a message's ``executed_tools`` (review
revLead, session 44): each item given as an object (not a plain dict) was read whole with
``to_data`` in every sniff of the message (an Anthropic message with an app's own 32,000
records took 0.75 s against 2 ms before Groq's objects were read). Items of one class are
read alike: when the first of a class is no Groq item, the others of that class are read only
where they show an ``arguments`` (a key, an attribute); plain dicts are all looked at.
"""

from __future__ import annotations

import collections
from typing import Any, List

import pytest

import toolwire
from toolwire.dialects.openai import chat_server

TOOL_USE = [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": 1}}]
RAN = {"index": 0, "type": "search", "arguments": "{\"query\": \"x\"}", "output": "o"}


class Record:
    """An app's own record of a tool it ran (no Groq item)."""

    def __init__(self) -> None:
        self.tool_name = "search"
        self.input = "x"
        self.output = "o"


def _reads(monkeypatch: pytest.MonkeyPatch, items: List[Any]) -> int:
    seen = [0]
    real = chat_server.to_data

    def counted(obj: Any, loc: str = "$") -> Any:
        seen[0] += 1
        return real(obj, loc)

    monkeypatch.setattr(chat_server, "to_data", counted)
    (call,) = toolwire.decode_all({"role": "assistant", "content": TOOL_USE, "executed_tools": items})
    assert (call.name, call.args) == ("f", {"a": 1})
    return seen[0]


@pytest.mark.parametrize("make", [Record, lambda: collections.OrderedDict(tool_name="search", input="x")])
def test_an_apps_records_are_not_each_read_in_every_sniff(monkeypatch: pytest.MonkeyPatch, make: Any) -> None:
    small = _reads(monkeypatch, [make() for _ in range(200)])
    large = _reads(monkeypatch, [make() for _ in range(800)])
    assert large == small <= 10  # (n vs 4n: the first of the class, once per sniff)


class Ran:
    """A Groq item given as a plain object (its keys as attributes)."""

    def __init__(self, **data: Any) -> None:
        self.__dict__.update(data)


@pytest.mark.parametrize("items", [
    lambda: [Record(), Ran(**RAN)],
    lambda: [{"tool_name": "search", "input": "x"}, Ran(**RAN)],
    lambda: [Ran(tool_name="search", input="x"), Ran(**RAN)],  # (its class's first item is none: still read)
    lambda: [collections.OrderedDict(tool_name="search", input="x"), collections.OrderedDict(RAN)],
])
def test_a_groq_item_after_items_that_are_none_still_makes_the_message_chats(items: Any) -> None:
    msg = {"role": "assistant", "content": TOOL_USE, "executed_tools": items()}
    with pytest.raises(toolwire.DecodeError):  # Chat's (tool_use is no Chat block), as with plain dicts
        toolwire.decode_all(msg, include_server=True)
