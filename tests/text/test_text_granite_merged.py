"""text.granite: a Granite 4 ``<tool_call>`` block that holds two JSON objects is one
InvalidToolCall, as text.hermes / ernie / jamba read the same block (vLLM's granite4
parser ``json.loads`` each block and returns no call); the second call's JSON never
reaches content. A block with one value still ends where its value closes (Granite 3.x
writes no closer)."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire import decode_text

D = "text.granite"
F = '{"name": "get_weather", "arguments": {"city": "Paris"}}'
G = '{"name": "get_time", "arguments": {"tz": "UTC"}}'


@pytest.mark.parametrize("text", [
    f"<tool_call>\n{F}\n{G}\n</tool_call>",
    f"<tool_call>{F}{G}</tool_call>",
    f"<tool_call>[{F}]\n{G}</tool_call>",
])
def test_two_values_in_one_block_are_one_invalid_call(text: str) -> None:
    r = check(text, D, None, None, [Invalid("get_weather", raw=text)], finish_reason="stop")
    assert "merged parallel calls" in r.tool_calls[0].error
    hermes = decode_text(text.replace("[", "").replace("]", ""), "text.hermes").tool_calls
    assert [type(c).__name__ for c in hermes] == ["InvalidToolCall"]


def test_two_values_in_a_block_cut_off_keep_the_first_call() -> None:
    text = f"<tool_call>\n{F}\n" + '{"name": "get_time", "arguments": {"tz": "U'
    check(text, D, None, None, [C("get_weather", {"city": "Paris"}), Invalid("get_time", truncated=True, raw=text)])


@pytest.mark.parametrize("finish", [None, "stop", "length"])
def test_one_value_per_block_still_reads(finish: str | None) -> None:
    text = f"<tool_call>\n{F}\n</tool_call>\n<tool_call>\n{G}\n</tool_call>"
    check(text, D, None, None, [C("get_weather", {"city": "Paris"}), C("get_time", {"tz": "UTC"})],
          finish_reason=finish)
    check(f"<tool_call>{F}\nDone.", D, "Done.", None, [C("get_weather", {"city": "Paris"})], finish_reason=finish)
    check(f"<tool_call>{F}<tool_call>{G}", D, None, None, [C("get_weather", {"city": "Paris"}),
                                                          C("get_time", {"tz": "UTC"})], finish_reason="stop")
    check(f"<|tool_call|>[{F}]", D, None, None, [C("get_weather", {"city": "Paris"})], finish_reason="stop")
