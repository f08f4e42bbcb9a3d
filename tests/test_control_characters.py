"""Argument text whose strings hold raw control characters (a newline, a tab): RFC 8259
§7 wants them escaped, but models write multi-line file content and code raw (Gemini:
rhesis-ai/rhesis#2488; Kimi: MoonshotAI/kimi-cli#1460 "use strict=False for JSON parsing
of tool calls"; Cohere2 via omlx: jundot/omlx#1931). Such text has one meaning, the
characters themselves, as Python's ``json.loads(text, strict=False)`` and LangChain's
``parse_tool_call`` read it; json-repair drops a newline before a closing quote, so
before this tier a value ending in a newline (a file's last line) was refused while one
with a newline inside was read. Recorded as ``control-characters``; under a token-limit
finish it is not strict JSON, so truncated."""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire import ArgumentsError, InvalidToolCall, ToolCall


def _item(arguments: str) -> Dict[str, Any]:
    return {"id": "call_1", "type": "function", "function": {"name": "write_file", "arguments": arguments}}


@pytest.mark.parametrize(("text", "args"), [
    ('{"path": "p.py", "content": "def f():\n    return 1\n"}', {"path": "p.py", "content": "def f():\n    return 1\n"}),
    ('{"a": "x\n"}', {"a": "x\n"}),
    ('{"a": "x\n", "b": "y"}', {"a": "x\n", "b": "y"}),
    ('{"a": "x\n\ny"}', {"a": "x\n\ny"}),
    ('{"a": "col1\tcol2\r\n"}', {"a": "col1\tcol2\r\n"}),
    ('{"a": "say \\"hi\\"\n"}', {"a": 'say "hi"\n'}),
    ('{"a": "\x00\x1f"}', {"a": "\x00\x1f"}),
    ('```json\n{"a": "x\n"}\n```', {"a": "x\n"}),
])
def test_raw_control_characters_in_strings_are_read_as_themselves(text: str, args: Any) -> None:
    call = toolwire.decode(_item(text))
    assert call.args == args
    assert "control-characters" in call.repairs and "json-repair" not in call.repairs


def test_a_long_file_is_not_bounded_by_the_repair_limit() -> None:
    content = "line\n" * 20_000  # 100 KB, over max_repair_bytes (64 KiB)
    text = '{"path": "big.txt", "content": "' + content + '"}'
    assert toolwire.decode(_item(text)).args == {"path": "big.txt", "content": content}


def test_the_sibling_call_is_kept() -> None:
    msg = {"role": "assistant", "content": None, "tool_calls": [
        _item('{"path": "p.py", "content": "print(1)\n"}'),
        {"id": "call_2", "type": "function", "function": {"name": "g", "arguments": '{"b": 1}'}}]}
    assert toolwire.decode_all(msg) == [ToolCall("write_file", {"path": "p.py", "content": "print(1)\n"}, "call_1"),
                                        ToolCall("g", {"b": 1}, "call_2")]


def test_outside_strings_they_are_still_malformed() -> None:
    with pytest.raises(ArgumentsError):
        toolwire.decode(_item('{"a":\x01 1}'))


def test_repeated_keys_and_nan_are_still_refused() -> None:
    with pytest.raises(ArgumentsError, match="repeat the key"):
        toolwire.decode(_item('{"a": "x\n", "a": "y"}'))
    with pytest.raises(ArgumentsError):
        toolwire.decode(_item('{"a": "x\n", "b": NaN}'))


def test_under_the_token_limit_they_are_truncated() -> None:
    reply = {"id": "c", "object": "chat.completion", "model": "m", "choices": [{"index": 0, "finish_reason": "length",
             "message": {"role": "assistant", "content": None, "tool_calls": [_item('{"a": "x\n"}')]}}]}
    (call,) = toolwire.decode_all(reply, invalid="keep")
    assert type(call) is InvalidToolCall and call.truncated
