"""text.command-r: Cohere Command R7B / Command A (the chat templates llama.cpp vendors,
rendered with jinja2 as transformers renders them)."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

from toolwire._errors import EncodeError
from toolwire._types import InvalidToolCall, ToolCall
from toolwire.text._api import decode_text, encode_text

D = "text.command-r"
# CohereForAI/c4ai-command-r7b-12-2024 (and the Cohere2 MoE template: the same block),
# an assistant turn with two tool calls and reasoning_content "I will check."
ACTION = ('<|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Paris", '
          '"days": 3}},\n    {"tool_call_id": "1", "tool_name": "now", "parameters": {}}\n]<|END_ACTION|>')
TWO = [C("get_weather", {"city": "Paris", "days": 3}, id="0"), C("now", id="1")]
# generation prompts: R7B without enable_thinking closes an empty block; Cohere2 MoE opens it
R7B_PROMPT = "<|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|><|START_THINKING|><|END_THINKING|>"
MOE_PROMPT = "<|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|><|START_THINKING|>"


def test_rendered_calls_with_reasoning() -> None:
    check("<|START_THINKING|>I will check.<|END_THINKING|>" + ACTION, D, None, "I will check.", TWO)
    check(ACTION + "<|END_OF_TURN_TOKEN|>", D, None, None, TWO, prompt=R7B_PROMPT)
    check("I will check.<|END_THINKING|>" + ACTION, D, None, "I will check.", TWO, prompt=MOE_PROMPT)


def test_rendered_answers() -> None:
    check("<|START_RESPONSE|>Hello!<|END_RESPONSE|><|END_OF_TURN_TOKEN|>", D, "Hello!", None, [])
    check("Greet.<|END_THINKING|><|START_TEXT|>Hello!<|END_TEXT|>", D, "Hello!", "Greet.", [], prompt=MOE_PROMPT)


def test_an_action_inside_closed_reasoning_is_reasoning() -> None:
    text = "<|START_THINKING|>I could " + ACTION + " but no.<|END_THINKING|><|START_RESPONSE|>No.<|END_RESPONSE|>"
    check(text, D, "No.", "I could " + ACTION + " but no.", [])


def test_an_action_in_reasoning_that_never_closes_ends_it() -> None:
    # llama.cpp reads the Cohere2 MoE output the same way: the prompt opened the block
    check(ACTION, D, None, None, TWO, prompt=MOE_PROMPT)
    check("Plan.\n" + ACTION, D, None, "Plan.", TWO, prompt=MOE_PROMPT)
    # and the block closes after all: everything was reasoning
    check("Plan.\n" + ACTION + " no.<|END_THINKING|>Hi", D, "Hi", "Plan.\n" + ACTION + " no.", [], thinking=True)


def test_markers_inside_strings_and_unicode() -> None:
    text = ('<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "echo", "parameters": {"s": "]<|END_ACTION|> 東京"}}]'
            "<|END_ACTION|>")
    check(text, D, None, None, [C("echo", {"s": "]<|END_ACTION|> 東京"}, id="0")])


def test_an_empty_id_is_no_id() -> None:
    # as text.mistral and openai.chat read "": no id (the encoder numbers the call again)
    text = '<|START_ACTION|>[\n    {"tool_call_id": "", "tool_name": "now", "parameters": {}}\n]<|END_ACTION|>'
    check(text, D, None, None, [C("now")])
    check(text[:-len("<|END_ACTION|>")], D, None, None, [Invalid("now", truncated=True)])


def test_cut_off_block() -> None:
    text = ACTION[: ACTION.index('"now"') + 30]
    check(text, D, None, None, [TWO[0], Invalid("now", truncated=True, raw=text)])
    text = ACTION[: ACTION.index('"parameters"') + 10]
    check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text)])
    text = ACTION[: ACTION.index('"get_weather"') + 5]  # the name itself cut: no name
    check(text, D, None, None, [Invalid(None, truncated=True, raw=text)])
    check(ACTION, D, None, None, TWO, finish_reason="stop")


def test_malformed_objects_are_kept_as_invalid_calls() -> None:
    for obj, name, cid in [
        ('{"tool_call_id": "0", "name": "f", "parameters": {}}', None, None),  # not this format's key
        ('{"tool_call_id": "0", "tool_name": "f", "args": {"a": 1}}', "f", "0"),  # arguments under another key
        ('{"tool_call_id": 0, "tool_name": "f", "parameters": {}}', "f", None),  # an id that is not a string
        ('"f"', None, None),
    ]:
        text = f"<|START_ACTION|>[{obj}]<|END_ACTION|>"
        r = check(text, D, None, None, [Invalid(name, raw=text, id=cid)])
        assert r.tool_calls[0].error
    check('<|START_ACTION|>[{"tool_name": "now"}]<|END_ACTION|>', D, None, None, [C("now")])


def test_encode_writes_the_template_block() -> None:
    calls = [ToolCall(name="get_weather", args={"city": "Paris", "days": 3}), ToolCall(name="now", args={})]
    assert encode_text(calls, D) == ACTION
    assert encode_text([calls[0].replace(id="call_9")], D) == (
        '<|START_ACTION|>[\n    {"tool_call_id": "call_9", "tool_name": "get_weather", "parameters": '
        '{"city": "Paris", "days": 3}}\n]<|END_ACTION|>'
    )
    assert decode_text(encode_text(calls, D), D).tool_calls == tuple(TWO)
    with pytest.raises(EncodeError):
        encode_text([ToolCall(name="a b", args={})], D)


def test_parameters_and_a_different_arguments_object_are_no_call() -> None:
    text = ('<|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "f", "parameters": {"a": 1}, '
            '"arguments": {"b": 2}}\n]<|END_ACTION|>')
    check(text, "text.command-r", None, None, [Invalid("f", id="0")])


# -- the older Command R / Command R+ (2024) tool-use format: Action: ```json [...] ``` ---------------
# The model card's rendered completion (CohereForAI/c4ai-command-r-plus, "Tool use"): the model
# writes 'Action:' and a fenced JSON list of {"tool_name", "parameters"} objects
PLUS = ('Action: ```json\n[\n    {\n        "tool_name": "internet_search",\n        "parameters": {\n'
        '            "query": "biggest penguin in the world"\n        }\n    }\n]\n```')
SEARCH = C("internet_search", {"query": "biggest penguin in the world"})
# the tool_use chat template (as llama.cpp vendors it, rendered with jinja2 as transformers
# renders it): an assistant turn with content "I will check." and two tool calls
RENDERED = ('I will check.\nAction:\n```json\n[\n    {\n        "tool_name": "get_weather",\n        "parameters": {\n'
            '            "city": "Paris",\n            "days": 3\n        }\n    },\n    {\n        "tool_name": "now",\n'
            '        "parameters": {}\n    }\n]```\n')
PLAIN = [C("get_weather", {"city": "Paris", "days": 3}), C("now")]


def test_r_plus_action_block() -> None:
    check(PLUS, D, None, None, [SEARCH])
    check(PLUS + "<|END_OF_TURN_TOKEN|>", D, None, None, [SEARCH], finish_reason="stop")
    check(RENDERED, D, "I will check.", None, PLAIN)
    # the multi-step prompt: a plan before the action is the answer text
    check("Plan: First I will search for penguins.\n" + PLUS, D, "Plan: First I will search for penguins.", None,
          [SEARCH])
    r = decode_text(PLUS, D)
    assert r.tool_calls[0].provider_data == {D: {"variant": "r"}}


def test_r_plus_cut_off_block_is_no_call() -> None:
    cut = PLUS[: PLUS.index("world")]
    check(cut, D, None, None, [Invalid("internet_search", truncated=True, raw=cut)], finish_reason="length")
    check(cut, D, None, None, [Invalid("internet_search", truncated=True, raw=cut)])
    no_fence = PLUS[: -len("```")]  # the list closed, the fence did not
    check(no_fence, D, None, None, [Invalid("internet_search", truncated=True, raw=no_fence)],
          finish_reason="length")
    two = RENDERED[: RENDERED.index('"now"') + 8]  # the first call closed (a "," follows it)
    check(two, D, "I will check.", None, [PLAIN[0], Invalid("now", truncated=True)], finish_reason="length")


def test_r_plus_fence_inside_a_string_and_text_that_is_no_action() -> None:
    text = 'Action: ```json\n[{"tool_name": "run", "parameters": {"code": "```py\\nx = 1\\n```"}}]\n```'
    check(text, D, None, None, [C("run", {"code": "```py\nx = 1\n```"})])
    # "Action:" followed by anything but a json fence is text
    check("Action: none needed. ```python\nprint(1)\n```", D, "Action: none needed. ```python\nprint(1)\n```",
          None, [])


# The tool_use template asks for "'Plan:' ... Then write 'Action:' followed by a json-formatted
# list": the action starts a line. langchain-cohere's parser (react_multi_hop/parsing.py) reads
# it only at the start of the text or after a leading "Plan:" / "Reflection:". An R7B answer
# quoting the marker mid-sentence is prose, not a call to run.
@pytest.mark.parametrize("marker", ["Action: ```json", "Action:\n```json"])
def test_r_plus_action_mid_line_is_prose(marker: str) -> None:
    block = marker + '\n[{"tool_name": "rm", "parameters": {"path": "/"}}]\n```'
    text = "To run a tool, the older models write " + block + " as their answer."
    check(text, D, text, None, [])
    check("<|START_RESPONSE|>" + text + "<|END_RESPONSE|>", D, text, None, [])
    # at the start of a line (indented too), after text or reasoning: the block it is
    for before, content in [("Plan: search.\n", "Plan: search."), ("Plan: search.\n  ", "Plan: search."),
                            ("<|START_THINKING|>t<|END_THINKING|>", None), ("", None)]:
        check(before + block, D, content, "t" if "THINKING" in before else None, [C("rm", {"path": "/"})])


def test_r_plus_directly_answer_is_the_call_the_model_wrote() -> None:
    # the template tells the model to use the `directly-answer` tool when no other tool is needed, and
    # the model card offers it as a tool: "Calls a standard (un-augmented) AI chatbot to generate a
    # response given the conversation history". The answer is not in this text, so the call is
    # kept (dropping it would leave no calls and no answer): the caller answers it
    text = 'Action: ```json\n[\n    {\n        "tool_name": "directly_answer",\n        "parameters": {}\n    }\n]\n```'
    check(text, D, None, None, [C("directly_answer")])
    tools = [{"name": "internet_search", "parameters": {"type": "object"}},
             {"name": "directly_answer", "parameters": {"type": "object"}}]
    check(text, D, None, None, [C("directly_answer")], tools=tools)
    # not offered: like any name that was not offered, no call to run
    check(text, D, None, None, [Invalid("directly_answer", raw=text)], tools=tools[:1])


def test_r_plus_encode_writes_the_template_block() -> None:
    calls = [ToolCall(name="get_weather", args={"city": "Paris", "days": 3}), ToolCall(name="now", args={})]
    block = RENDERED[len("I will check.\n"): -1]
    assert encode_text(calls, D, variant="r") == block
    nested = ToolCall(name="get_weather", args={"city": "Paris", "days": 3, "o": {"a": [1, "é"]}})
    assert encode_text([nested], D, variant="r") == (  # the template's tojson(indent=4)|indent(8)
        'Action:\n```json\n[\n    {\n        "tool_name": "get_weather",\n        "parameters": {\n'
        '            "city": "Paris",\n            "days": 3,\n            "o": {\n                "a": [\n'
        '                    1,\n                    "é"\n                ]\n            }\n        }\n    }\n]```'
    )
    # decoded calls are written back in their own variant; the default stays R7B's block
    assert encode_text(list(decode_text(RENDERED, D).tool_calls), D) == block
    assert encode_text(calls, D) == ACTION
    assert encode_text(calls, D, variant="r7b") == ACTION
    with pytest.raises(EncodeError):
        encode_text([ToolCall(name="a b", args={})], D, variant="r")


def test_an_object_with_arguments_under_another_key_names_the_keys_read() -> None:
    text = '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "args": {"a": 1}}]<|END_ACTION|>'
    err = decode_text(text, D).tool_calls[0].error
    assert err == ('Tool call at $.tool_calls[0] has no "parameters" / "arguments" key for its arguments; '
                   "found 'args'")


def test_a_call_object_naming_two_different_tools_is_an_invalid_call() -> None:
    # {"tool_name": "f", "name": "g"}: which tool the model meant is unknown (hunt 30,
    # lin30: "name" was ignored and f ran), as with two differing argument objects
    text = '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "name": "g", "parameters": {}}]<|END_ACTION|>'
    r = decode_text(text, "text.command-r", finish_reason="stop")
    assert len(r.tool_calls) == 1 and isinstance(r.tool_calls[0], InvalidToolCall)
    bad = r.tool_calls[0]
    assert (bad.name, bad.id, "'g'" in bad.error, '"name": "g"' in bad.raw) == ("f", "0", True, True)
    same = '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "name": "f", "parameters": {}}]<|END_ACTION|>'
    assert decode_text(same, "text.command-r").tool_calls == (ToolCall("f", {}, id="0"),)


# The template renders an action block only for a turn with calls; llama.cpp's Command
# R7B parser refuses an empty one (no call matches its grammar). Read as nothing, a bare
# empty block was a reply with no content and no calls: an agent ends its turn on it.
@pytest.mark.parametrize("finish", [None, "stop", "tool_calls"])
@pytest.mark.parametrize(("before", "block", "after", "content"), [
    ("", "<|START_ACTION|>[]<|END_ACTION|>", "", None),
    ("", "<|START_ACTION|>[\n]<|END_ACTION|>", "<|END_OF_TURN_TOKEN|>", None),
    ("Before.", "<|START_ACTION|>[]<|END_ACTION|>", "After.", "Before.\nAfter."),
    ("I will look.\n", "Action: ```json\n[]\n```", "", "I will look."),
])
def test_an_empty_action_block_is_an_invalid_call(before: str, block: str, after: str, content: str | None,
                                                  finish: str | None) -> None:
    check(before + block + after, D, content, None, [Invalid(raw=block)], finish_reason=finish)
    check("<|START_THINKING|>t<|END_THINKING|>" + block, D, None, "t", [Invalid(raw=block)], finish_reason=finish)
