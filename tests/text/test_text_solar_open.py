"""text.solar-open: Upstage Solar Open <|tool_call:begin|>ID<|tool_call:name|>NAME<|tool_call:args|>{json}.

Literal texts rendered from the upstage/Solar-Open-100B chat template (ggml-org/llama.cpp
``models/templates/upstage-Solar-Open-100B.jinja``: an assistant message with
``reasoning`` and two ``tool_calls``, one with ``content``; the generation prompt ends
with ``<|begin|>assistant``), and the shapes UpstageAI/vllm's Solar Open parsers read
(``<|flush|>`` after the content, no id, reasoning ended by ``<|tool_calls|>``).
"""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire._errors import EncodeError
from toolwire._types import ToolCall
from toolwire.text._api import decode_text, encode_text

D = "text.solar-open"
CALLS = ('<|tool_calls|><|tool_call:begin|>a1b2c3d4e5<|tool_call:name|>get_weather<|tool_call:args|>'
         '{"city": "Paris", "days": 3}<|tool_call:end|><|tool_call:begin|>f6g7h8i9j0<|tool_call:name|>now'
         "<|tool_call:args|>{}<|tool_call:end|><|calls|>")
# the template's rendering of {"reasoning": …, "tool_calls": [get_weather, now]}
RENDERED = "<|think|>The user wants the weather.<|end|><|begin|>assistant" + CALLS
TWO = [C("get_weather", {"city": "Paris", "days": 3}, id="a1b2c3d4e5"), C("now", id="f6g7h8i9j0")]
PROMPT = "<|begin|>user<|content|>Weather?<|end|><|begin|>assistant"


def test_the_rendered_turns() -> None:
    check(RENDERED, D, None, "The user wants the weather.", TWO, prompt=PROMPT)
    check(CALLS, D, None, None, TWO)
    check("<|think|>Hmm.<|end|><|begin|>assistant<|content|>It is sunny.<|end|>", D, "It is sunny.", "Hmm.", [])
    # a low reasoning effort: the prompt holds an empty reasoning message
    check("<|content|>It is sunny.<|end|>", D, "It is sunny.", None, [],
          prompt=PROMPT + "<|think|><|end|><|begin|>assistant")
    # the template's tojson: non-ASCII and markers inside strings kept
    text = ('<|tool_calls|><|tool_call:begin|>x<|tool_call:name|>f<|tool_call:args|>{"s": "é <|end|>", '
            '"n": [1, 2.5, true, null]}<|tool_call:end|><|calls|>')
    check(text, D, None, None, [C("f", {"s": "é <|end|>", "n": [1, 2.5, True, None]}, id="x")])


def test_the_parsers_shapes() -> None:
    # content, then <|flush|>, then the calls; a call without an id
    text = ("Checking the weather.<|flush|><|tool_calls|><|tool_call:begin|><|tool_call:name|>get_weather"
            '<|tool_call:args|>{"city": "Seoul"}<|tool_call:end|><|calls|>')
    check(text, D, "Checking the weather.", None, [C("get_weather", {"city": "Seoul"})])
    # <|tool_calls|> ends the reasoning as <|end|> does
    text = ("<|think|>I should call a tool.<|tool_calls|><|tool_call:begin|>a1b2c3d4e5<|tool_call:name|>"
            'get_weather<|tool_call:args|>{"city": "Seoul"}<|tool_call:end|>')
    check(text, D, None, "I should call a tool.", [C("get_weather", {"city": "Seoul"}, id="a1b2c3d4e5")])
    check("Hmm.<|content|>It is sunny.", D, "It is sunny.", "Hmm.", [], thinking=True)


def test_a_call_inside_the_reasoning_is_reasoning() -> None:
    call = "<|tool_call:begin|>a<|tool_call:name|>f<|tool_call:args|>{}<|tool_call:end|>"
    check("<|think|>I could write " + call + "<|end|><|begin|>assistant<|content|>No.", D, "No.",
          "I could write " + call, [])


def test_malformed_and_cut_off() -> None:
    text = '<|tool_calls|><|tool_call:begin|>a<|tool_call:name|>f<|tool_call:args|>{"s": "<|tool_call:end|>"}' \
           "<|tool_call:end|>"
    check(text, D, None, None, [C("f", {"s": "<|tool_call:end|>"}, id="a")])
    text = "<|tool_calls|><|tool_call:begin|>a<|tool_call:name|>f<|tool_call:end|>"  # no arguments token
    check(text, D, None, None, [Invalid("f", raw=text[len("<|tool_calls|>"):], id="a")])
    text = '<|tool_calls|><|tool_call:begin|>a<|tool_call:name|>f<|tool_call:args|>["x"]<|tool_call:end|>'
    check(text, D, None, None, [Invalid("f", raw=text[len("<|tool_calls|>"):], id="a")])
    text = '<|tool_calls|><|tool_call:begin|>a<|tool_call:name|>get_weather<|tool_call:args|>{"city": "Se'
    check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text[len("<|tool_calls|>"):], id="a")],
          finish_reason="length")
    text = "<|tool_calls|><|tool_call:begin|>a<|tool_call:na"
    check(text, D, None, None, [Invalid(None, truncated=True, raw=text[len("<|tool_calls|>"):])])


def test_encode_writes_the_template_form() -> None:
    calls = [ToolCall(name="get_weather", args={"city": "Paris", "days": 3}, id="a1b2c3d4e5"),
             ToolCall(name="now", args={}, id="f6g7h8i9j0")]
    assert encode_text(calls, D) == CALLS
    assert encode_text(ToolCall(name="now", args={}), D) == (
        "<|tool_calls|><|tool_call:begin|><|tool_call:name|>now<|tool_call:args|>{}<|tool_call:end|><|calls|>")
    assert decode_text(encode_text(calls, D), D).tool_calls == tuple(calls)
    with pytest.raises(EncodeError):
        encode_text(ToolCall(name="f", args={}, id="a<|tool_call:name|>b"), D)


def test_a_call_with_no_name_token_has_no_id() -> None:
    text = "<|tool_calls|><|tool_call:begin|>abc<|tool_call:end|>"
    check(text, D, None, None, [Invalid(None, raw=text[len("<|tool_calls|>"):])])
