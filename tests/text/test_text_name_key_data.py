"""text.llama / text.xlam: a JSON answer whose objects have a "name" key but no
"parameters" / "arguments" is the answer, not a call. vLLM's ``Llama3JsonToolParser``
and ``xLAMToolParser`` (vllm/tool_parsers/llama_tool_parser.py, xlam_tool_parser.py)
need the arguments key and return such output as content; llama.cpp's Llama 3.x
handler matches ``{"name": …, "parameters": …}``. A call that takes no arguments may
still be written ``{"name": "now"}`` (no other key but ``type``)."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire import ToolCall, decode_text


@pytest.mark.parametrize("finish", [None, "stop"])
@pytest.mark.parametrize("text", [
    '{"name": "John", "age": 30}',
    '{"name": "Paris", "country": "France", "population": 2102650}',
])
def test_llama_json_data_with_a_name_key_is_content(text: str, finish: str | None) -> None:
    check(text, "text.llama", text, None, [], finish_reason=finish)


def test_llama_a_call_then_data_is_a_call_then_content() -> None:
    text = '{"name": "a", "parameters": {}}; {"name": "John", "age": 30}'
    check(text, "text.llama", '{"name": "John", "age": 30}', None, [C("a")], finish_reason="stop")


def test_llama_data_after_python_tag_is_no_runnable_call() -> None:
    text = '<|python_tag|>{"name": "John", "age": 30}'
    r = decode_text(text, "text.llama", finish_reason="stop")
    assert [type(c).__name__ for c in r.tool_calls] == ["InvalidToolCall"]


def test_llama_calls_without_arguments_still_read() -> None:
    check('{"name": "now"}', "text.llama", None, None, [C("now")])
    check('{"type": "function", "name": "now"}', "text.llama", None, None, [C("now")])
    check('{"name": "now", "parameters": {}}', "text.llama", None, None, [C("now")])


@pytest.mark.parametrize("text", [
    '[{"name": "Alice", "age": 30}]',
    '[{"name": "Alice", "age": 30}, {"name": "Bob", "age": 25}]',
    '[{"name": "Paris", "lat": 48.85}] are the cities.',
])
def test_xlam_an_array_of_named_records_is_content(text: str) -> None:
    check(text, "text.xlam", text, None, [], finish_reason="stop")


def test_xlam_calls_still_read() -> None:
    check('[{"name": "now"}]', "text.xlam", None, None, [C("now")])
    check('[{"name": "f", "arguments": {"a": 1}}, {"name": "g", "parameters": {}}]', "text.xlam", None, None,
          [C("f", {"a": 1}), C("g")])
    text = '[{"name": "f", "arguments": {"a": 1}}, {"name": "Bob", "age": 25}]'  # a call beside a record
    check(text, "text.xlam", None, None, [Invalid("f", raw=text)])


# A call object of the JSON families whose arguments sit under a key the family does
# not use ("args", "input", a typo) is no call with {}: the arguments would be lost and
# the call would run without them. vLLM's hermes parser reads ``function_call["arguments"]``
# (a KeyError: the text stays content). The block is kept as an InvalidToolCall (name
# kept); a call with no key but "name" (and "type" / "id") still takes no arguments.
_OBJ = '{"name": "get_weather", "%s": {"city": "Paris"}}'
_JSON_FAMILIES = [
    ("text.hermes", "<tool_call>\n%s\n</tool_call>", {}),
    ("text.granite", "<tool_call>[%s]", {}),
    ("text.granite", "<|tool_call|>[%s]", {}),
    ("text.granite", "<tool_call>\n%s\n</tool_call>", {}),
    ("text.jamba", "<tool_calls>[%s]</tool_calls>", {}),
    ("text.nemotron", "<TOOLCALL>[%s]</TOOLCALL>", {}),
    ("text.firefunction", " functools[%s]", {}),
    ("text.longcat", "<longcat_tool_call>\n%s\n</longcat_tool_call>", {}),
    ("text.internlm", "<|action_start|><|plugin|>\n%s<|action_end|>", {}),
    ("text.ernie", "<tool_call>\n%s\n</tool_call>", {}),
    ("text.gigachat", "<|message_sep|>\n\nfunction call<|role_sep|>\n%s", {}),
    ("text.minimax", "<tool_calls>\n%s\n</tool_calls>", {}),
    ("text.hunyuan", "<tool_calls>[%s]</tool_calls>", {}),
    ("text.lfm2", "<|tool_call_start|>[%s]<|tool_call_end|>", {}),
    ("text.mistral", "[TOOL_CALLS][%s]", {}),  # v3: a JSON array of call objects
]
_TOOLS = [{"type": "function", "function": {"name": "get_weather", "parameters": {
    "type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}]


@pytest.mark.parametrize("key", ["args", "input", "argument", "params", "argments"])
@pytest.mark.parametrize(("dialect", "wire", "kw"), _JSON_FAMILIES)
def test_arguments_under_an_unknown_key_are_kept_not_run_empty(dialect: str, wire: str, kw: dict, key: str) -> None:
    obj = _OBJ % key
    text = wire % ((obj, obj) if wire.count("%s") == 2 else obj)
    r = decode_text(text, dialect, tools=_TOOLS, finish_reason="stop")
    assert r.tool_calls, r
    for c in r.tool_calls:
        assert c == Invalid("get_weather"), (dialect, c)
        assert '"city": "Paris"' in (c.raw or ""), c
        assert key in c.error, c.error


@pytest.mark.parametrize("key", ["args", "input", "params"])
@pytest.mark.parametrize(("dialect", "wire", "kw"), _JSON_FAMILIES)
def test_an_empty_arguments_key_beside_them_is_kept_not_run_empty(dialect: str, wire: str, kw: dict,
                                                                  key: str) -> None:
    """``{"name": "get_weather", "arguments": {}, "args": {"city": "Paris"}}`` ran with
    ``{}``; another dialect's key holding the arguments makes it invalid, as the API
    dialects refuse it. With that key empty too, the call takes no arguments."""
    obj = '{"name": "get_weather", "arguments": {}, "KEY": {"city": "Paris"}}'.replace("KEY", key)
    r = decode_text(wire % obj, dialect, tools=_TOOLS, finish_reason="stop")
    assert len(r.tool_calls) == 1 and r.tool_calls[0] == Invalid("get_weather"), (dialect, r)
    assert f"has an empty 'arguments' but has {key!r}" in r.tool_calls[0].error
    obj = '{"name": "get_weather", "arguments": {}, "KEY": {}}'.replace("KEY", key)
    assert list(decode_text(wire % obj, dialect, finish_reason="stop").tool_calls) == [C("get_weather")]


@pytest.mark.parametrize("obj", ['{"name": "now"}', '{"name": "now", "type": "function"}',
                                 '{"name": "now", "id": "call_1"}'])
@pytest.mark.parametrize(("dialect", "wire", "kw"), _JSON_FAMILIES)
def test_a_call_with_only_a_name_still_takes_no_arguments(dialect: str, wire: str, kw: dict, obj: str) -> None:
    r = decode_text(wire % obj, dialect, finish_reason="stop")
    assert len(r.tool_calls) == 1, r
    c = r.tool_calls[0]
    assert isinstance(c, ToolCall) and (c.name, c.args) == ("now", {}), c


def test_llama_cut_list_item_with_unknown_arguments_key_is_kept() -> None:
    """A closed item of a cut ``<|python_tag|>[…`` list is read by the same rule."""
    item = _OBJ % "args"
    text = f'<|python_tag|>[{item}, {{"name": "get_weather", "parameters": {{"ci'
    r = decode_text(text, "text.llama", finish_reason="length")
    first, cut = r.tool_calls
    assert first == Invalid("get_weather", raw=text) and "args" in first.error
    assert cut == Invalid("get_weather", truncated=True)
