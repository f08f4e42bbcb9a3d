"""text.gemma: Gemma 4 <|tool_call>call:NAME{…}<tool_call|> (expected values from the format spec)."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

D = "text.gemma"
Q = '<|"|>'


def test_single_call() -> None:
    check(f"<|tool_call>call:get_weather{{location:{Q}Tokyo{Q}}}<tool_call|>", D, None, None,
          [C("get_weather", {"location": "Tokyo"})])


def test_parallel_calls() -> None:
    text = f"<|tool_call>call:a{{x:1}}<tool_call|><|tool_call>call:b{{y:{Q}z{Q}}}<tool_call|>"
    check(text, D, None, None, [C("a", {"x": 1}), C("b", {"y": "z"})])


def test_no_argument_call() -> None:
    check("<|tool_call>call:now{}<tool_call|>", D, None, None, [C("now")])


def test_unicode_nested_and_scalar_values() -> None:
    text = (
        f"<|tool_call>call:book{{ville:{Q}Zürich 東京, {{x}}{Q},n:-2.5,ok:true,none:null,"
        f"p:{{a:[1,{{b:{Q}c{Q}}}],e:[]}},tags:[{Q}a{Q},{Q}b{Q}],word:celsius}}<tool_call|>"
    )
    check(text, D, None, None, [C("book", {
        "ville": "Zürich 東京, {x}", "n": -2.5, "ok": True, "none": None,
        "p": {"a": [1, {"b": "c"}], "e": []}, "tags": ["a", "b"], "word": "celsius"})])


def test_calls_after_reasoning_and_content_around() -> None:
    text = "<|channel>thought\nThe user wants weather.<channel|>Let me check.<|tool_call>call:f{}<tool_call|><|tool_response>"
    check(text, D, "Let me check.", "The user wants weather.", [C("f")])
    check("Sure. <|tool_call>call:f{}<tool_call|> Then more.", D, "Sure.  Then more.", None, [C("f")])


def test_markers_inside_strings() -> None:
    check(f"<|tool_call>call:echo{{s:{Q}<tool_call|> }} , :{Q}}}<tool_call|>", D, None, None,
          [C("echo", {"s": "<tool_call|> } , :"})])


def test_quoted_keys() -> None:
    check(f"<|tool_call>call:f{{{Q}a b{Q}:1}}<tool_call|>", D, None, None, [C("f", {"a b": 1})])


def test_truncated_call() -> None:
    text = f"<|tool_call>call:get_weather{{location:{Q}Tok"
    check(text, D, None, None, [Invalid("get_weather", truncated=True, raw=text)])


def test_malformed_calls() -> None:
    check("<|tool_call>call:f{a:1<tool_call|>", D, None, None, [Invalid("f")])
    check("<|tool_call>call:f{a}<tool_call|>", D, None, None, [Invalid("f")])
    check("<|tool_call>call:f{a:1} extra<tool_call|>", D, None, None, [Invalid("f")])
    check("<|tool_call><tool_call|>", D, None, None, [Invalid(None)])


def test_json_quotes_are_a_slip_not_part_of_keys_or_values() -> None:
    """Gemma 4 writes strings (and keys that are not plain words) between ``<|"|>``: a
    model slipping into JSON (``{"query":"x"}``) gives no key ``'"query"'`` (vLLM's and
    SGLang's parsers keep the quotes): the call keeps its text."""
    for text in ('<|tool_call>call:search{"query":"x"}<tool_call|>',
                 '<|tool_call>call:search{query:"x"}<tool_call|>',
                 '<|tool_call>call:search{tags:["a"]}<tool_call|>'):
        r = check(text, D, None, None, [Invalid("search", raw=text)], finish_reason="stop")
        assert "JSON quotes" in r.tool_calls[0].error


def _tools(**props: object) -> list[dict[str, object]]:
    return [{"type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": props}}}]


def test_bare_python_words_are_values_where_the_schema_allows_them() -> None:
    # llama.cpp models/templates/google-gemma-4-31B-it.jinja line 145 (format_argument's
    # {{- argument -}}) prints a null argument as Jinja's None; strings are always <|"|>-quoted
    # (line 120). Rendering {"o": {"k": [{"z": None}]}, "s": "None", "x": None}:
    text = f'<|tool_call>call:f{{o:{{k:[{{z:None}}]}},s:{Q}None{Q},x:None}}<tool_call|>'
    tools = _tools(x={"type": ["integer", "null"]}, s={"type": "string"}, o={"type": "object"})
    # a nested bare word is not typed (only a parameter's own schema is looked at)
    check(text, D, None, None, [C("f", {"o": {"k": [{"z": "None"}]}, "s": "None", "x": None})],
          tools=tools, finish_reason="stop")
    flags = "<|tool_call>call:f{a:True,b:False,c:None,d:None,e:True}<tool_call|>"
    tools = _tools(a={"type": "boolean"}, b={"anyOf": [{"type": "string"}, {"type": "boolean"}]},
                   c={"type": ["string", "null"]}, d={"type": "string"}, e={"type": "integer"})
    check(flags, D, None, None, [C("f", {"a": True, "b": False, "c": None, "d": "None", "e": "True"})],
          tools=tools)


def test_bare_python_words_stay_text_without_a_schema() -> None:
    text = "<|tool_call>call:f{x:None,y:True,z:False}<tool_call|>"
    check(text, D, None, None, [C("f", {"x": "None", "y": "True", "z": "False"})])
    check(text, D, None, None, [C("f", {"x": "None", "y": "True", "z": "False"})], tools=_tools(y={}))


# Gemma 4's ``<eos>``, left in by a server that keeps special tokens, is no content and
# closes a call as ``<turn|>`` does: huggingface/transformers' Gemma 4 response templates
# (``tests/utils/test_chat_parsing.py``, ``transformers/cli/serving/utils.py``) end the
# message at ``<turn|>``, ``<|tool_response>`` or ``<eos>``. It was content (``'<eos>'``
# beside a call), and a call it closed was an invalid call.
def test_the_eos_token_is_dropped_and_closes_a_call() -> None:
    f = C("f", {"a": 1})
    check("<|tool_call>call:f{a:1}<tool_call|><eos>", D, None, None, [f])
    check("<|channel>thought\nx<channel|>Answer<turn|><eos>", D, "Answer", "x", [])
    check("<|tool_call>call:f{a:1}<eos>", D, None, None, [f])
    check('<|tool_call>call:f{a:<|"|>x<eos>y<|"|>}<tool_call|>', D, None, None, [C("f", {"a": "x<eos>y"})])


# <|tool_call> is a special token of Gemma 4's tokenizer (a marker, never value text outside
# a <|"|> string): where it comes inside an open call, that call was abandoned and a new one
# begins (hunt 39, engine text 1: these ran f with the next call's text as a key or value)
@pytest.mark.parametrize(("first", "raw"), [
    ("call:f{", "<|tool_call>call:f{"),  # before its first key
    ("call:f{a\n", "<|tool_call>call:f{a\n"),  # inside a key
    (f"call:f{{a:{Q}x{Q},", f"<|tool_call>call:f{{a:{Q}x{Q},"),  # after a whole member
])
@pytest.mark.parametrize("finish", [None, "stop", "length"])
def test_a_call_marker_outside_a_string_abandons_the_open_call(first: str, raw: str, finish: str | None) -> None:
    text = f"<|tool_call>{first}<|tool_call>call:g{{b:{Q}y{Q}}}<tool_call|>"
    check(text, D, None, None, [Invalid("f", raw=raw), C("g", {"b": "y"})], finish_reason=finish)


def test_a_call_marker_where_a_value_begins_is_not_the_value() -> None:
    check("<|tool_call>call:f{a:<|tool_call>call:rm{}<tool_call|>", D, None, None,
          [Invalid("f", raw="<|tool_call>call:f{a:"), C("rm")], finish_reason="stop")


def test_a_call_marker_inside_a_string_is_its_text() -> None:
    check(f"<|tool_call>call:f{{a:{Q}x<|tool_call>call:g{{}}{Q}}}<tool_call|>", D, None, None,
          [C("f", {"a": "x<|tool_call>call:g{}"})], finish_reason="stop")


def test_a_call_marker_abandons_a_call_opened_bare_after_the_channel() -> None:
    check("<|channel>thought\nr<channel|>call:f{a:<|tool_call>call:g{}<tool_call|>", D, None, "r",
          [Invalid("f", raw="<channel|>call:f{a:"), C("g")], finish_reason="stop")
