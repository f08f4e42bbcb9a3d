"""text.inkling: Inkling's typed blocks, <|content_invoke_tool_json|>{"name", "args"} calls.

Literal texts from vllm-project/vllm ``vllm/frontend/processing/parser/inkling.py`` (the
block grammar its docstring writes; the header state a generation starts in) and vLLM's
Inkling renderer (an assistant message: a thinking block, a text block, one block per
call headed by the tool's name with the arguments' canonical JSON, then
``<|content_model_end_sampling|>``; the generation prompt ends with ``<|message_model|>``).
"""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire._errors import EncodeError
from toolwire._types import ToolCall
from toolwire.text._api import decode_text, encode_text

D = "text.inkling"
CALL = '<|message_model|>get_weather<|content_invoke_tool_json|>{"name":"get_weather","args":{"city":"SF"}}<|end_message|>'
# the renderer's assistant message {"reasoning": …, "content": …, "tool_calls": [get_weather]}
RENDERED = ("<|message_model|><|content_thinking|>The user wants the weather.<|end_message|>"
            "<|message_model|><|content_text|>Let me check.<|end_message|>" + CALL + "<|content_model_end_sampling|>")
PROMPT = "<|message_user|><|content_text|>Weather in SF?<|end_message|><|message_model|>"


def test_the_rendered_message() -> None:
    weather = [C("get_weather", {"city": "SF"})]
    check(RENDERED, D, "Let me check.", "The user wants the weather.", weather)
    # what the model writes after the generation prompt <|message_model|>
    output = RENDERED[len("<|message_model|>"):]
    check(output, D, "Let me check.", "The user wants the weather.", weather, prompt=PROMPT)
    check(CALL[len("<|message_model|>"):] + "<|content_model_end_sampling|>", D, None, None, weather)
    check("<|content_text|>It is sunny in SF.<|end_message|><|content_model_end_sampling|>", D,
          "It is sunny in SF.", None, [])
    # blocks in any order, repeated; text after the calls is content
    text = CALL + CALL.replace("SF", "Paris") + "<|message_model|><|content_text|>Both asked.<|end_message|>"
    check(text, D, "Both asked.", None, [C("get_weather", {"city": "SF"}), C("get_weather", {"city": "Paris"})])


def test_the_parsers_shapes() -> None:
    # no header name; arguments under "arguments" as vLLM reads them too; none at all
    check('<|content_invoke_tool_json|>{"name":"get_weather","args":{"city":"SF"}}<|end_message|>', D, None, None,
          [C("get_weather", {"city": "SF"})])
    check('<|content_invoke_tool_json|>{"name":"f","arguments":{"a":1}}<|end_message|>', D, None, None,
          [C("f", {"a": 1})])
    check('<|content_invoke_tool_json|>{"name":"now"}<|end_message|>', D, None, None, [C("now")])
    # the block ended by the end-of-sampling token; that stop token stripped (the finish reason settles it)
    text = 'get_weather<|content_invoke_tool_json|>{"name":"get_weather","args":{"city":"SF"}}'
    check(text + "<|content_model_end_sampling|>", D, None, None, [C("get_weather", {"city": "SF"})])
    check(text, D, None, None, [C("get_weather", {"city": "SF"})], finish_reason="stop")
    check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text)], finish_reason="length")
    # text with no blocks, and a header no content kind follows, are content
    check("Hello there.", D, "Hello there.", None, [])
    check("Hello<|end_message|>", D, "Hello", None, [])
    # raw and error tool blocks are shown as text
    check("<|content_invoke_tool_text|>get_weather SF<|end_message|>", D, "get_weather SF", None, [])
    check("<|message_model|><|content_tool_error|>bad call<|end_message|>", D, "bad call", None, [])
    # text in a header other than a call block's is content (vLLM drops it as metadata)
    check("<|message_model|>f<|content_tool_error|>bad call<|end_message|>", D, "f\nbad call", None, [])
    check("<|message_model|>x<|content_thinking|>Hmm.<|end_message|>", D, "x", "Hmm.", [])
    # end markers inside a JSON string do not end the call
    text = '<|content_invoke_tool_json|>{"name":"f","args":{"s":"a<|end_message|>b"}}<|end_message|>'
    check(text, D, None, None, [C("f", {"s": "a<|end_message|>b"})])


def test_the_reasoning() -> None:
    check("Hmm.<|end_message|><|message_model|><|content_text|>Sunny.<|end_message|>", D, "Sunny.", "Hmm.", [],
          thinking=True)
    check("Hmm.<|end_message|><|message_model|><|content_text|>Sunny.", D, "Sunny.", "Hmm.", [],
          prompt=PROMPT + "<|content_thinking|>")
    # a call block inside the reasoning is reasoning text (its end marker ends the reasoning)
    inner = '<|content_invoke_tool_json|>{"name":"f","args":{}}'
    check("<|content_thinking|>I could " + inner + "<|end_message|><|message_model|><|content_text|>No.", D, "No.",
          "I could " + inner, [])
    check("Still thinking", D, None, "Still thinking", [], thinking=True)


def test_malformed_blocks_are_invalid() -> None:
    text = '<|message_model|>get_time<|content_invoke_tool_json|>{"name":"get_weather","args":{}}<|end_message|>'
    check(text, D, None, None, [Invalid(None, raw=text[len("<|message_model|>"):])])
    text = '<|content_invoke_tool_json|>{"args":{"city":"SF"}}<|end_message|>'
    check(text, D, None, None, [Invalid(None, raw=text)])
    text = '<|content_invoke_tool_json|>{"name":"f","args":["SF"]}<|end_message|>'
    check(text, D, None, None, [Invalid("f", raw=text)])
    text = '<|content_invoke_tool_json|>{"name":"f","input":{"a":1}}<|end_message|>'
    check(text, D, None, None, [Invalid("f", raw=text)])
    text = 'f<|content_invoke_tool_json|>{"name":"f","args":{"city":"S'
    check(text, D, None, None, [Invalid("f", truncated=True, raw=text)], finish_reason="length")


def test_encode_writes_the_renderers_form() -> None:
    calls = [ToolCall(name="get_weather", args={"city": "SF"}), ToolCall(name="now", args={})]
    assert encode_text(calls, D) == (
        CALL + '<|message_model|>now<|content_invoke_tool_json|>{"name":"now","args":{}}<|end_message|>'
        "<|content_model_end_sampling|>")
    call = ToolCall(name="f", args={"z": 1, "a": {"y": [True, None], "b": "é"}})
    assert encode_text(call, D) == ('<|message_model|>f<|content_invoke_tool_json|>{"name":"f","args":'
                                    '{"a":{"b":"é","y":[true,null]},"z":1}}<|end_message|><|content_model_end_sampling|>')
    for c in (calls, [call]):
        assert decode_text(encode_text(c, D), D).tool_calls == tuple(c)
    with pytest.raises(EncodeError):
        encode_text(ToolCall(name="f<|end_message|>", args={}), D)
