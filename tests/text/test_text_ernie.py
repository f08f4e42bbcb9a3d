"""text.ernie: ERNIE 4.5 <tool_call>{json}</tool_call> with </think> and <response> (vLLM test shapes)."""

from __future__ import annotations

from textcheck import C, Invalid, check

from toolwire._types import ToolCall
from toolwire.text._api import encode_text

D = "text.ernie"
CALL = '<tool_call>\n{"name": "get_current_temperature", "arguments": {"location": "Beijing"}}\n</tool_call>\n'
T = C("get_current_temperature", {"location": "Beijing"})


def test_thinking_model_output() -> None:
    check("The user asks about Beijing.\n</think>\n\n\n" + CALL, D, None, "The user asks about Beijing.", [T],
          thinking=True)
    two = CALL + '<tool_call>\n{"name": "get_time", "arguments": {}}\n</tool_call>\n'
    check("plan\n</think>\n\n" + two, D, None, "plan", [T, C("get_time")], thinking=True)


def test_response_tags_are_dropped() -> None:
    check("ok\n</think>\n\n<response>\nIt is sunny.\n</response>", D, "It is sunny.", "ok", [], thinking=True)


def test_markup_quoted_in_reasoning_is_reasoning() -> None:
    check("I could write <tool_call>{...}</tool_call>.\n</think>\n" + CALL, D, None,
          "I could write <tool_call>{...}</tool_call>.", [T], thinking=True)


def test_truncated_and_malformed() -> None:
    text = '<tool_call>\n{"name": "get_current_temperature", "arguments": {"location": "Bei'
    check(text, D, None, None, [Invalid("get_current_temperature", truncated=True, raw=text)])
    check("<tool_call>\nnot json\n</tool_call>", D, None, None, [Invalid(None)])


def test_encode() -> None:
    c = ToolCall(name="get_current_temperature", args={"location": "Beijing"})
    assert encode_text(c, D) == CALL.rstrip("\n")


# ERNIE 4.5's end-of-text token ``</s>``, left in by a server that keeps special tokens:
# the real outputs in huggingface/transformers ``tests/utils/test_chat_parsing.py`` end
# ``\n</s>`` and its response template gives no ``</s>`` in the content. It was content,
# so a reply of calls alone had content ``'</s>'``.
def test_the_end_of_text_token_is_dropped() -> None:
    check("The user asks.\n</think>\n\n" + CALL + "</s>", D, None, "The user asks.", [T], thinking=True,
          finish_reason="stop")
    check("Greeting.\n</think>\n\n<response>\nHello! How are you?\n</response>\n</s>", D, "Hello! How are you?",
          "Greeting.", [], thinking=True)
