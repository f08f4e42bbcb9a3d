"""Newer versions of the supported families (#17 item 6), from the engines' and templates' shapes."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire._types import ToolCall
from toolwire.text._api import encode_text

# -- DeepSeek V4.1: "<｜DSML｜ calls>", every tag name after a space (the checkpoint's
# encoding/encoding.py, as llama.cpp and ms-swift render its tool block) -----------------------
V41 = (
    "<｜DSML｜ calls>\n"
    '<｜DSML｜ invoke name="lookup">\n'
    '<｜DSML｜ parameter name="query" string="true">first</｜DSML｜ parameter>\n'
    "</｜DSML｜ invoke>\n"
    '<｜DSML｜ invoke name="lookup">\n'
    '<｜DSML｜ parameter name="query" string="true">second</｜DSML｜ parameter>\n'
    '<｜DSML｜ parameter name="n" string="false">2</｜DSML｜ parameter>\n'
    "</｜DSML｜ invoke>\n"
    "</｜DSML｜ calls>"
)


def test_deepseek_v41_calls() -> None:
    r = check("<think>reason</think>summary\n\n" + V41, "text.deepseek", "summary", "reason",
              [C("lookup", {"query": "first"}), C("lookup", {"query": "second", "n": 2})])
    assert encode_text(list(r.tool_calls), "text.deepseek") == V41  # written back in its own variant
    check(V41 + "<｜end▁of▁sentence｜>", "text.deepseek", None, None,
          [C("lookup", {"query": "first"}), C("lookup", {"query": "second", "n": 2})])


@pytest.mark.parametrize("opener", ["<｜DSML｜function_calls>", "<｜DSML｜tool_calls>"])
def test_deepseek_self_closing_invoke(opener: str) -> None:
    closer = opener.replace("<", "</", 1)
    text = f'{opener}\n<｜DSML｜invoke name="now"/>\n<｜DSML｜invoke name="f">\n</｜DSML｜invoke>\n{closer}'
    check(text, "text.deepseek", None, None, [C("now"), C("f")])


def test_deepseek_string_flag_against_the_tool_schema() -> None:
    tools = [{"name": "ship", "parameters": {"type": "object", "properties": {
        "zip": {"type": "string"}, "qty": {"type": "integer"}, "tags": {"type": "array"}}}}]
    text = (
        '<｜DSML｜tool_calls><｜DSML｜invoke name="ship">'
        '<｜DSML｜parameter name="zip" string="false">02139</｜DSML｜parameter>'
        '<｜DSML｜parameter name="qty" string="true">5</｜DSML｜parameter>'
        '<｜DSML｜parameter name="tags" string="false">["a"]</｜DSML｜parameter>'
        "</｜DSML｜invoke></｜DSML｜tool_calls>"
    )
    check(text, "text.deepseek", None, None, [C("ship", {"zip": "02139", "qty": 5, "tags": ["a"]})], tools=tools)
    # without tools the flag decides: string="false" is JSON (02139 is no JSON number: kept as text)
    check(text, "text.deepseek", None, None, [C("ship", {"zip": "02139", "qty": "5", "tags": ["a"]})])


# -- Kimi K3 (XTML): vLLM kimi_k3_tool_parser ------------------------------------------------
K3 = (
    "<|open|>tools<|sep|>"
    '<|open|>call tool="python" index="1"<|sep|>'
    '<|open|>argument key="code" type="string"<|sep|>print(1)<|close|>argument<|sep|>'
    '<|open|>argument key="opts" type="object"<|sep|>{"a":1}<|close|>argument<|sep|>'
    "<|close|>call<|sep|>"
    '<|open|>call tool="get_weather" index="2"<|sep|>'
    '<|open|>argument key="city" type="string"<|sep|>São "Paulo"<|close|>argument<|sep|>'
    '<|open|>argument key="days" type="integer"<|sep|>3<|close|>argument<|sep|>'
    "<|close|>call<|sep|>"
    "<|close|>tools<|sep|>"
)
K3_CALLS = [C("python", {"code": "print(1)", "opts": {"a": 1}}), C("get_weather", {"city": 'São "Paulo"', "days": 3})]


@pytest.mark.parametrize(
    "text",
    [
        "<|open|>response<|sep|>Let me check.<|close|>response<|sep|>" + K3,
        # the response-open marker is often the generation prompt: the output starts inside it
        "Let me check.<|close|>response<|sep|>" + K3,
        "Let me check." + K3 + "<|close|>message<|sep|>",
    ],
)
def test_kimi_k3_tools_channel(text: str) -> None:
    check(text, "text.kimi", "Let me check.", None, K3_CALLS)


def test_kimi_k3_escaped_attributes_values_with_markers_and_round_trip() -> None:
    text = ('<|open|>tools<|sep|><|open|>call tool="a&amp;b" index="1"<|sep|>'
            '<|open|>argument key="s" type="string"<|sep|>x<|close|>tools<|sep|>y<|close|>argument<|sep|>'
            "<|close|>call<|sep|><|close|>tools<|sep|>")
    check(text, "text.kimi", None, None, [Invalid(None, raw=text)])  # "a&b" is no tool name
    text = text.replace("a&amp;b", "a_b")
    check(text, "text.kimi", None, None, [C("a_b", {"s": "x<|close|>tools<|sep|>y"})])
    call = ToolCall(name="f", args={"s": "x<|close|>tools<|sep|>y", "n": None, "q": 'a"b'})
    text = encode_text([call], "text.kimi", variant="k3")
    check(text, "text.kimi", None, None, [call])
    cut = K3[:200]
    check(cut, "text.kimi", None, None, [Invalid("python", truncated=True, raw=cut)])


# -- GLM-4.7 / GLM-5: no newlines between the parts (zai-org chat templates) ---------------------
@pytest.mark.parametrize(
    "text",
    [
        "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing</arg_value>"
        "<arg_key>days</arg_key><arg_value>3</arg_value></tool_call>",
        "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n"
        "<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n</tool_call>",
    ],
)
def test_glm_47_and_45_shapes(text: str) -> None:
    check("<think>Look it up.</think>" + text, "text.glm", None, "Look it up.",
          [C("get_weather", {"city": "Beijing", "days": 3})])
    check("Look it up.</think>" + text + "<tool_call>now</tool_call>", "text.glm", None, "Look it up.",
          [C("get_weather", {"city": "Beijing", "days": 3}), C("now")], prompt="<|assistant|><think>")


# -- Gemma 4 -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "finish"),
    [
        # the model drops <|tool_call> right after the thought channel (reported against vLLM's
        # gemma4 parser; llama.cpp-based servers recover it)
        ('<|channel>thought\nNeed user input<channel|>call:question{questions:[]}<tool_call|>', None),
        ('<|channel>thought\nNeed user input<channel|>call:question{questions:[]}', None),
        ('<|channel>thought\nNeed user input<channel|>call:question{questions:[]}<turn|>', None),
        ('<|channel>thought\nNeed user input<channel|><|tool_call>call:question{questions:[]}<turn|>', None),
        # <turn|> is the end-of-turn token engines strip
        ('<|channel>thought\nNeed user input<channel|><|tool_call>call:question{questions:[]}', "stop"),
    ],
)
def test_gemma4_calls_without_their_usual_markers(text: str, finish: str | None) -> None:
    check(text, "text.gemma", None, "Need user input", [C("question", {"questions": []})], finish_reason=finish)


def test_gemma4_bare_call_cut_off() -> None:
    text = '<|channel>thought\nx<channel|>call:f{a:<|"|>b'
    check(text, "text.gemma", None, "x", [Invalid("f", truncated=True, raw=text[len("<|channel>thought\nx"):])])
    text = "<|tool_call>call:f{a:1}"
    check(text, "text.gemma", None, None, [Invalid("f", truncated=True, raw=text)])


# -- Qwen3.5 and later coders: <function=…> without the <tool_call> wrapper --------------------------
def test_qwen35_function_without_wrapper() -> None:
    one = "<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>"
    two = "<function=get_time>\n</function>"
    check("<think>plan</think>\n\n" + one + "\n" + two, "text.qwen3-xml", None, "plan",
          [C("get_weather", {"city": "Paris"}), C("get_time")])
    check("plan\n</think>\n\n" + one, "text.qwen3-xml", None, "plan", [C("get_weather", {"city": "Paris"})],
          thinking=True)
    cut = "<function=get_weather>\n<parameter=city>\nPar"
    check(cut, "text.qwen3-xml", None, None, [Invalid("get_weather", truncated=True, raw=cut)])


# -- Mistral [THINK] blocks with markers inside (vLLM mistral reasoning parser: reasoning is all
# between [THINK] and [/THINK]; the tool parser reads the content) ------------------------------
def test_mistral_think_block_holding_markers() -> None:
    think = 'I will answer with [TOOL_CALLS]get_weather[ARGS]{"city": "Paris"} next.'
    text = f'[THINK]{think}[/THINK][TOOL_CALLS]get_weather[ARGS]{{"city": "Paris"}}'
    check(text, "text.mistral", None, think, [C("get_weather", {"city": "Paris"})])
    check(f"[THINK]{think}", "text.mistral", None, think, [])


# -- end-of-turn tokens a server left in the text are markup (each family's stop tokens:
# Qwen <|im_end|> / <|endoftext|>, GLM <|observation|> / <|user|> / <|endoftext|>, Kimi <|im_end|>,
# Mistral </s>, DeepSeek <｜end▁of▁sentence｜>, Llama <|eot_id|> / <|eom_id|>, Gemma <turn|>) ------------
@pytest.mark.parametrize(
    ("dialect", "text"),
    [
        ("text.hermes", "Done.<|im_end|>"),
        ("text.hermes", "Done.<|endoftext|>"),
        ("text.qwen3-xml", "Done.<|im_end|>"),
        ("text.glm", "Done.<|observation|>"),
        ("text.glm", "Done.<|user|>"),
        ("text.kimi", "Done.<|im_end|>"),
        ("text.mistral", "Done.</s>"),
        ("text.deepseek", "Done.<｜end▁of▁sentence｜>"),
        ("text.llama", "Done.<|eot_id|>"),
        ("text.gemma", "Done.<turn|>"),
    ],
)
def test_stop_tokens_left_in_are_dropped(dialect: str, text: str) -> None:
    check(text, dialect, "Done.", None, [])
