"""text.mistral against what Mistral's chat templates write (rendered with jinja2 and
pinned here as literals; the templates are not needed to run these tests).

- Mistral-Small-3.2 (ye-NX/llama.cpp ``models/templates/Mistral-Small-3.2-24B-Instruct-2506.jinja``
  at b354d7c9ecb76c97c07098617cdebbdfffa2583e, the same file as upstream llama.cpp) writes each
  call as ``'[TOOL_CALLS]' + name + '[CALL_ID]' + id + '[ARGS]' + arguments|tojson``: for a
  history whose ``arguments`` are JSON text (the OpenAI shape), ``[ARGS]"{\\"city\\": …}"``.
- The v3 templates (ggml-org/llama.cpp ``models/templates/mistralai-Mistral-Small-3.1-24B-Instruct-2503.jinja``
  at 9190da2208fbaa161e10f5f0f9ab437faeacba13; vllm-project/vllm
  ``examples/tool_chat_template_mistral_official.jinja`` at 55ece00ba40b4e3f60c5925a2680f15f5779a6da)
  write ``"[TOOL_CALLS] ["`` and a 9-character ``"id"`` on every call.
"""

from __future__ import annotations

from typing import Any

import pytest
from textcheck import C, Invalid, check

from toolwire import ToolCall, decode_text, encode_text

D = "text.mistral"

# Mistral-Small-3.2's render of a three-call turn whose arguments were JSON text
SMALL_32 = (
    '[TOOL_CALLS]get_weather[CALL_ID]call0abcd[ARGS]"{\\"city\\": \\"Paris\\", \\"days\\": 3}"'
    '[TOOL_CALLS]write_file[CALL_ID]call1abcd[ARGS]"{\\"path\\": \\"a/b \\\\\\"q\\\\\\".txt\\", '
    '\\"content\\": \\"line1\\\\nline2\\\\n\\\\tindented\\", \\"opts\\": {\\"mode\\": \\"w\\", '
    '\\"nested\\": {\\"x\\": [1, 2.5, null, true]}}, \\"flag\\": false}"'
    '[TOOL_CALLS]lookup[CALL_ID]call2abcd[ARGS]"{\\"q\\": \\"天气 ü é 😀\\", \\"n\\": -0.00125, '
    '\\"none\\": null, \\"empty\\": {}, \\"list\\": [], \\"s\\": \\"\\", \\"b\\": true}"'
)
SMALL_32_CALLS = [
    C("get_weather", {"city": "Paris", "days": 3}, "call0abcd"),
    C("write_file", {"path": 'a/b "q".txt', "content": "line1\nline2\n\tindented",
                     "opts": {"mode": "w", "nested": {"x": [1, 2.5, None, True]}}, "flag": False}, "call1abcd"),
    C("lookup", {"q": "天气 ü é 😀", "n": -0.00125, "none": None, "empty": {}, "list": [], "s": "", "b": True},
      "call2abcd"),
]
ONE = '[TOOL_CALLS]get_weather[CALL_ID]call0abcd[ARGS]"{\\"city\\": \\"Paris\\", \\"days\\": 3}"'


@pytest.mark.parametrize("finish", ["stop", "tool_calls", None])
def test_json_text_after_args_is_whole_when_it_ends_the_output(finish: Any) -> None:
    """The last call was handed back as cut off (its string never moved a bracket)."""
    r = check(SMALL_32, D, None, None, SMALL_32_CALLS, finish_reason=finish)
    assert [c.repairs for c in r.tool_calls] == [("double-encoded",)] * 3
    r = check(ONE, D, None, None, SMALL_32_CALLS[:1], finish_reason=finish)
    assert r.tool_calls[0].repairs == ("double-encoded",)


@pytest.mark.parametrize(
    "text",
    [
        '[TOOL_CALLS]f[ARGS]"{\\"a\\": 1}"',
        '[TOOL_CALLS]f[CALL_ID]x123456789[ARGS]"{\\"a\\": 1}"',
        '[TOOL_CALLS]f[ARGS] "{\\"a\\": 1}" ',
        '[TOOL_CALLS]f[ARGS]"{\\"a\\": 1}"</s>',
    ],
)
def test_a_string_value_closes_the_call_like_a_bracket(text: str) -> None:
    want = C("f", {"a": 1}, "x123456789" if "CALL_ID" in text else None)
    r = check(text, D, None, None, [want], finish_reason="stop")
    assert r.tool_calls[0].repairs == ("double-encoded",)


def test_a_string_value_then_text_and_another_call() -> None:
    check('[TOOL_CALLS]f[ARGS]"{\\"a\\": 1}" and [TOOL_CALLS]g[ARGS]{}', D, "and", None,
          [C("f", {"a": 1}), C("g")], finish_reason="stop")


def test_a_string_value_under_a_length_finish_or_unterminated_is_cut_off() -> None:
    check('[TOOL_CALLS]f[ARGS]"{\\"a\\": 1}"', D, None, None, [Invalid("f", truncated=True)], finish_reason="length")
    check('[TOOL_CALLS]f[ARGS]"{\\"a\\": 1', D, None, None, [Invalid("f", truncated=True)], finish_reason="stop")
    check('[TOOL_CALLS]f[ARGS]"{\\"a\\": 1}', D, None, None, [Invalid("f", truncated=True)], finish_reason="stop")


def test_a_string_that_holds_no_object_is_invalid_not_cut_off() -> None:
    check('[TOOL_CALLS]f[ARGS]"abc"', D, None, None, [Invalid("f")], finish_reason="stop")
    check('[TOOL_CALLS]f[ARGS]"[1, 2]"', D, None, None, [Invalid("f")], finish_reason="stop")


def test_a_quoted_name_is_no_value() -> None:
    """Only a string after ``[ARGS]`` is the value: a quote before it does not end the call."""
    text = '[TOOL_CALLS]"f"[ARGS]{"a": 1}'
    check(text, D, None, None, [Invalid(None, raw=text)], finish_reason="stop")
    check(text[:-1], D, None, None, [Invalid(None, truncated=True)], finish_reason="length")


# -- v3: the JSON array -------------------------------------------------------------------------
V3_TEMPLATE = (
    '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}, "id": "call0abcd"}, '
    '{"name": "write_file", "arguments": {"path": "a/b \\"q\\".txt", "content": "line1\\nline2\\n\\tindented", '
    '"opts": {"mode": "w", "nested": {"x": [1, 2.5, null, true]}}, "flag": false}, "id": "call1abcd"}]'
)


def test_v3_encodes_as_the_templates_write_it() -> None:
    calls = SMALL_32_CALLS[:2]
    assert encode_text(calls, D, variant="v3") == V3_TEMPLATE
    r = check(V3_TEMPLATE, D, None, None, calls)
    assert encode_text(list(r.tool_calls), D) == V3_TEMPLATE  # the variant it came in: byte for byte


def test_v3_writes_no_id_for_a_call_without_one() -> None:
    """As mistral-common's ``InstructTokenizerV3._prepare_function_call`` (``"id"`` only when
    set): no id is made up, so the call reads back as itself."""
    text = encode_text([ToolCall("get_weather", {"city": "Paris"})], D, variant="v3")
    assert text == '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Paris"}}]'
    assert decode_text(text, D).tool_calls == (ToolCall("get_weather", {"city": "Paris"}),)


def test_v3_nemo_spelling_reads_and_is_written_with_the_space() -> None:
    # llama.cpp models/templates/mistralai-Mistral-Nemo-Instruct-2407.jinja line 57 writes
    # "[TOOL_CALLS][" (tekken: no SentencePiece space); v3 writes the space (documented)
    nemo = ('[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}, "id": "call00001"}, '
            '{"name": "get_time", "arguments": {"tz": "UTC"}, "id": "call00002"}]')
    calls = [ToolCall("get_weather", {"city": "Paris"}, "call00001"), ToolCall("get_time", {"tz": "UTC"}, "call00002")]
    r = check(nemo, D, None, None, calls)
    assert encode_text(list(r.tool_calls), D) == nemo.replace("[TOOL_CALLS][", "[TOOL_CALLS] [", 1)
