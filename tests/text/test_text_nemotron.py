"""text.nemotron: NVIDIA Nemotron Nano v2 <TOOLCALL>[json]</TOOLCALL> (the chat template
llama.cpp vendors, rendered with jinja2 as transformers renders it)."""

from __future__ import annotations

from textcheck import C, Invalid, check

from toolwire._types import ToolCall
from toolwire.text._api import encode_text

D = "text.nemotron"
# an assistant turn with content "Let me check." and two tool calls
BLOCK = ('<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}, '
         '{"name": "now", "arguments": {}}]</TOOLCALL>')
TWO = [C("get_weather", {"city": "Paris", "days": 3}), C("now")]
PROMPT = "<SPECIAL_11>User\nWeather?\n<SPECIAL_11>Assistant\n<think>\n"  # the generation prompt
NO_THINK = "<SPECIAL_11>User\nWeather? /no_think\n<SPECIAL_11>Assistant\n<think></think>"


def test_rendered_calls() -> None:
    check("Let me check.\n" + BLOCK + "\n<SPECIAL_12>\n", D, "Let me check.", None, TWO)
    check(BLOCK, D, None, None, TWO, prompt=NO_THINK)


def test_the_prompt_opens_the_reasoning() -> None:
    check("The user wants the weather.\n</think>\n\n" + BLOCK, D, None, "The user wants the weather.", TWO,
          prompt=PROMPT)
    check("Hmm.\n</think>\n\nIt is sunny.", D, "It is sunny.", "Hmm.", [], prompt=PROMPT)
    check("<think>\nHmm.\n</think>\nIt is sunny.", D, "It is sunny.", "Hmm.", [])


def test_a_block_inside_the_reasoning_is_reasoning() -> None:
    check("I could write " + BLOCK + "\n</think>\nNo.", D, "No.", "I could write " + BLOCK, [], prompt=PROMPT)
    check("Still thinking " + BLOCK, D, None, "Still thinking " + BLOCK, [], prompt=PROMPT)


def test_markers_inside_strings_and_a_string_of_arguments() -> None:
    check('<TOOLCALL>[{"name": "echo", "arguments": {"s": "]</TOOLCALL> 東京"}}]</TOOLCALL>', D, None, None,
          [C("echo", {"s": "]</TOOLCALL> 東京"})])
    # the template writes a string of arguments as it is: JSON text of the object, one level
    # of text as Chat's arguments, so no repair (docs/text-formats.md; text of text is double-encoded)
    r = check('<TOOLCALL>[{"name": "f", "arguments": "{\\"a\\": 1}"}]</TOOLCALL>', D, None, None, [C("f", {"a": 1})])
    assert r.tool_calls[0].repairs == ()
    r = check('<TOOLCALL>[{"name": "f", "arguments": "\\"{\\\\\\"a\\\\\\": 1}\\""}]</TOOLCALL>', D, None, None,
              [C("f", {"a": 1})])
    assert r.tool_calls[0].repairs == ("double-encoded",)


def test_cut_off_and_malformed() -> None:
    text = BLOCK[: BLOCK.index('"now"') + 20]
    check(text, D, None, None, [TWO[0], Invalid("now", truncated=True, raw=text)])
    text = BLOCK[:40]
    check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text)])
    check("<TOOLCALL>[1]</TOOLCALL>", D, None, None, [Invalid(None)])
    check('<TOOLCALL>[{"name": "f", "args": {"a": 1}}]</TOOLCALL>', D, None, None, [Invalid("f")])


def test_encode_writes_the_template_block() -> None:
    calls = [ToolCall(name="get_weather", args={"city": "Paris", "days": 3}), ToolCall(name="now", args={})]
    assert encode_text(calls, D) == BLOCK
