"""text.minimax: MiniMax M2 <minimax:tool_call> / <invoke> (shapes as in vLLM's and SGLang's tests)."""

from __future__ import annotations

from textcheck import C, Invalid, check

from toolwire._types import ToolCall
from toolwire.text._api import encode_text

D = "text.minimax"
W = ('<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Seattle</parameter>\n'
     '<parameter name="days">5</parameter>\n</invoke>\n</minimax:tool_call>')
TOOLS = [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {
    "city": {"type": "string"}, "days": {"type": "integer"}, "note": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}}}]


def test_single_call_typed_by_the_schema_and_without() -> None:
    check(W, D, None, None, [C("get_weather", {"city": "Seattle", "days": 5})], tools=TOOLS)
    check(W, D, None, None, [C("get_weather", {"city": "Seattle", "days": 5})])  # vLLM keeps "5" a string


def test_generation_prompt_opens_the_reasoning() -> None:
    text = "The user wants the forecast.\n</think>\n\nLet me check.\n" + W + "[e~["
    check(text, D, "Let me check.", "The user wants the forecast.",
          [C("get_weather", {"city": "Seattle", "days": 5})], thinking=True)
    # without thinking=True the same text is content up to </think> (a stream cannot know sooner)
    check(text, D, "The user wants the forecast.\n\n\nLet me check.", None, [C("get_weather", {"city": "Seattle", "days": 5})])


def test_parallel_invokes_in_one_block_and_quotes() -> None:
    text = ("<minimax:tool_call><invoke name=\"search_web\"><parameter name=\"query\">OpenAI</parameter></invoke>"
            "<invoke name='search_web'><parameter name=query>Gemini</parameter></invoke></minimax:tool_call>")
    check(text, D, None, None, [C("search_web", {"query": "OpenAI"}), C("search_web", {"query": "Gemini"})])


def test_markup_quoted_in_reasoning_is_reasoning() -> None:
    text = 'I will write <minimax:tool_call><invoke name="x"> next.</think>' + W
    check(text, D, None, 'I will write <minimax:tool_call><invoke name="x"> next.',
          [C("get_weather", {"city": "Seattle", "days": 5})], thinking=True)


def test_no_argument_call_and_unicode_nested_values() -> None:
    check('<minimax:tool_call>\n<invoke name="now">\n</invoke>\n</minimax:tool_call>', D, None, None, [C("now")])
    text = ('<minimax:tool_call><invoke name="book"><parameter name="城市">北京 🚄</parameter>'
            '<parameter name="o">{"a": [1, {"b": null}]}</parameter></invoke></minimax:tool_call>')
    check(text, D, None, None, [C("book", {"城市": "北京 🚄", "o": {"a": [1, {"b": None}]}})])


def test_markers_inside_a_value_are_its_text() -> None:
    text = ('<minimax:tool_call><invoke name="echo"><parameter name="s">a </invoke></minimax:tool_call> b'
            '</parameter></invoke></minimax:tool_call>')
    check(text, D, None, None, [C("echo", {"s": "a </invoke></minimax:tool_call> b"})])


def test_missing_closing_tag_never_swallows_the_next_parameter() -> None:
    text = ('<minimax:tool_call><invoke name="get_weather"><parameter name="city">Dallas\n'
            '<parameter name="state">TX</parameter></invoke></minimax:tool_call>')
    check(text, D, None, None, [Invalid("get_weather", raw=text)])


def test_truncated_and_malformed() -> None:
    text = 'ok <minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Sea'
    check(text, D, "ok", None, [Invalid("get_weather", truncated=True, raw=text[3:])])
    cut = W[: W.index("</invoke>") + 3]
    check(cut, D, None, None, [Invalid("get_weather", truncated=True, raw=cut)], finish_reason="length")
    # the invoke closed before the cut (inside the block's closer): whole, and nothing beside it
    check(W[:-3], D, None, None, [C("get_weather", {"city": "Seattle", "days": 5})], finish_reason="length")
    check("<minimax:tool_call>hello</minimax:tool_call>", D, None, None, [Invalid(None)])
    check('<minimax:tool_call><invoke name="f"><parameter name="a">1</parameter></minimax:tool_call>', D, None, None,
          [Invalid("f")])
    check('<minimax:tool_call><invoke name="f"><parameter name="a">1</parameter>'
          '<parameter name="a">2</parameter></invoke></minimax:tool_call>', D, None, None, [Invalid("f")])


def test_encode_follows_the_chat_template() -> None:
    c = ToolCall(name="get_weather", args={"city": "Seattle", "days": 5, "opts": {"metric": True}})
    assert encode_text(c, D) == (
        '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Seattle</parameter>\n'
        '<parameter name="days">5</parameter>\n<parameter name="opts">{"metric": true}</parameter>\n'
        "</invoke>\n</minimax:tool_call>"
    )


def test_minimax_m1_json_lines() -> None:
    text = ('<think>Two lookups.</think>\nI will check.\n<tool_calls>\n{"name": "get_weather", "arguments": '
            '{"city": "Paris"}}\n{"name": "get_time", "arguments": {}}\n</tool_calls>')
    check(text, D, "I will check.", "Two lookups.", [C("get_weather", {"city": "Paris"}), C("get_time")])
    bad = '<tool_calls>\n{"name": "a", "arguments": {}}\nnot json\n</tool_calls>'
    check(bad, D, None, None, [Invalid("a", raw=bad)])
    check('<tool_calls>\n{"name": "a", "arguments": {"x": NaN}}\n</tool_calls>', D, None, None, [Invalid("a")])
    c = ToolCall(name="get_time", args={"tz": "CET"})
    assert encode_text(c, D, variant="m1") == '<tool_calls>\n{"name": "get_time", "arguments": {"tz": "CET"}}\n</tool_calls>'


def test_m1_end_of_sentence_is_a_stop_token() -> None:
    # llama.cpp models/templates/MiniMax-M1.jinja line 71 ('</tool_calls><end_of_sentence>\n') and
    # line 54 (an answer + '<end_of_sentence>\n'); a raw decode leaves the token in the text
    m1 = '<tool_calls>\n{"name": "get_time", "arguments": {"tz": "UTC"}}\n</tool_calls><end_of_sentence>'
    check(m1, D, None, None, [C("get_time", {"tz": "UTC"})], finish_reason="stop")
    check("Hi.<end_of_sentence>", D, "Hi.", None, [], finish_reason="stop")


def test_invoke_markup_in_a_json_body_hides_no_closer() -> None:
    """A block of JSON (M1's call object in M2's tags) is no call, but ``<parameter name=``
    in one of its strings opens no value: the block ends at its closer, the answer after
    it stays the answer (it was a cut-off call swallowing the answer)."""
    text = ('<minimax:tool_call>{"name": "f", "arguments": {"s": "<parameter name=\\"x\\">"}}</minimax:tool_call>'
            " Use </parameter> to close it.")
    check(text, D, "Use </parameter> to close it.", None, [Invalid(None)])
