"""text.internlm: InternLM <|action_start|><|plugin|> JSON actions (vLLM / SGLang test shapes)."""

from __future__ import annotations

from textcheck import C, Invalid, check

from toolwire._types import ToolCall
from toolwire.text._api import encode_text

D = "text.internlm"


def test_plugin_action_with_either_spacing() -> None:
    check('<|action_start|><|plugin|>\n{"name": "get_current_weather", "parameters": {"city": "Dallas", "state": "TX"}}'
          "<|action_end|>", D, None, None, [C("get_current_weather", {"city": "Dallas", "state": "TX"})])
    check("What's the weather like?<|action_start|> <|plugin|>\n"
          '{"name": "get_weather", "arguments": {"location": "Tokyo"}}<|action_end|><|im_end|>', D,
          "What's the weather like?", None, [C("get_weather", {"location": "Tokyo"})])


def test_sequential_actions_and_reasoning() -> None:
    text = ('<think>two lookups</think><|action_start|><|plugin|>\n{"name": "a", "parameters": {}}<|action_end|>'
            '<|action_start|><|plugin|>\n{"name": "b", "parameters": {"x": [1, {"y": null}]}}<|action_end|>')
    check(text, D, None, "two lookups", [C("a"), C("b", {"x": [1, {"y": None}]})])


def test_interpreter_actions_stay_content() -> None:
    text = "<|action_start|><|interpreter|>\nprint(1)<|action_end|>"
    check(text, D, "<|action_start|><|interpreter|>\nprint(1)", None, [])


def test_markers_inside_strings_truncated_malformed() -> None:
    check('<|action_start|><|plugin|>\n{"name": "echo", "parameters": {"s": "<|action_end|>"}}<|action_end|>', D,
          None, None, [C("echo", {"s": "<|action_end|>"})])
    text = '<|action_start|><|plugin|>\n{"name": "get_weather", "parameters": {"city": "Tok'
    check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text)])
    check('<|action_start|><|plugin|>\n[{"name": "a"}]<|action_end|>', D, None, None, [Invalid("a")])


def test_encode_follows_the_chat_template() -> None:
    c = ToolCall(name="get_weather", args={"location": "Tokyo"})
    assert encode_text(c, D) == (
        '<|action_start|><|plugin|>\n{"name": "get_weather", "parameters": {"location": "Tokyo"}}<|action_end|>'
    )
