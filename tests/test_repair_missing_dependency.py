"""json-repair missing (a vendored copy whose SDK did not add the dependency, a broken
install). It is a declared dependency (pyproject ``dependencies``): a text that needs
a repair is refused with a reason naming the missing package, never one blaming a
json-repair reading that never happened (ENV-2). An ``ArgumentsError`` (an
``InvalidToolCall`` under ``invalid="keep"``, in streams too): every path that reads
arguments says the same, and only toolwire's errors escape."""

from __future__ import annotations

import sys
from typing import Any, Dict

import pytest

import toolwire
from toolwire import stream

MISSING = "; not repaired: json-repair is not installed (a dependency of toolwire: pip install 'json-repair>=0.63'): "


def item(arguments: str) -> Dict[str, Any]:
    return {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": arguments}}


@pytest.fixture
def no_json_repair(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "json_repair", None)  # ``import json_repair`` raises ImportError


@pytest.mark.parametrize("text", ["{'city': 'Paris'}", '{"city": "Paris",}', '{"city": "Paris" // c\n}',
                                  '{city: "Paris"}', '{"a": True}'])
def test_the_documented_repairs_name_the_missing_package(text: str, no_json_repair: None) -> None:
    with pytest.raises(toolwire.ArgumentsError) as info:
        toolwire.decode(item(text))
    message = info.value.message
    assert message.startswith("Arguments at $.function.arguments are not valid JSON (")
    assert MISSING in message and "reads a value in it otherwise" not in message
    [kept] = toolwire.decode_all([item(text)], invalid="keep")
    assert type(kept) is toolwire.InvalidToolCall and MISSING in kept.error


def test_a_stream_names_the_missing_package(no_json_repair: None) -> None:
    chunks = [{"id": "x", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"tool_calls": [
        {"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{'a': 1}"}}]}}]}]
    [kept] = stream.accumulate(chunks, "openai.chat")
    assert type(kept) is toolwire.InvalidToolCall and MISSING in kept.error


def test_text_that_needs_no_repair_does_not_need_it(no_json_repair: None) -> None:
    assert toolwire.decode(item('{"a": 1}')).args == {"a": 1}
    assert toolwire.decode(item('```json\n{"a": 1}\n```')).repairs == ("code-fence",)
    with pytest.raises(toolwire.ArgumentsError, match="cut off"):  # refused before json-repair would run
        toolwire.decode(item('{"a": [1, 2'))
    with pytest.raises(toolwire.ArgumentsError, match="not repaired: expected a value"):
        toolwire.decode(item('{"a": @}'))


def test_with_json_repair_the_same_text_is_repaired() -> None:
    assert toolwire.decode(item("{'city': 'Paris'}")).repairs == ("json-repair",)
