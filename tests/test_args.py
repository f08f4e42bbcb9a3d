"""The arguments policy: one table for every dialect (README "Arguments policy")."""

from __future__ import annotations

import json
import re
from typing import Any, Dict

import pytest
from hypothesis import given
from hypothesis import strategies as st

import toolwire
from json_reach import past_json_reader
from toolwire import ArgumentsError, DecodeError
from toolwire._types import new_call


def chat(arguments: object, id: str = "call_1") -> dict:
    return {"id": id, "type": "function", "function": {"name": "f", "arguments": arguments}}


@pytest.mark.parametrize("value", [None, "", "   ", "null", "\n"])
def test_empty_equivalents_are_empty_objects_and_recorded(value: object) -> None:
    call = toolwire.decode(chat(value))
    assert call.args == {}
    assert call.repairs == ("empty-arguments",)


def test_empty_object_text_is_not_a_repair() -> None:
    call = toolwire.decode(chat("{}"))
    assert call.args == {} and call.repairs == ()


def test_object_instead_of_string_is_accepted() -> None:
    # llama.cpp #20198: arguments as an object on the Chat wire
    call = toolwire.decode(chat({"city": "Paris"}))
    assert call.args == {"city": "Paris"} and call.raw is None


def test_double_encoded_arguments_unwrap_one_level() -> None:
    # koog #2095/#2096, openclaw #96717: a JSON string holding the JSON object
    call = toolwire.decode(chat('"{\\"a\\": 1}"'))
    assert call.args == {"a": 1}
    assert call.repairs == ("double-encoded",)
    # re-encoding emits exactly one level of JSON encoding
    assert toolwire.encode(call, "openai.chat")["function"]["arguments"] == '{"a":1}'


@pytest.mark.parametrize("inner", ['{"a": NaN}', '{"a": Infinity}', '{"a": -Infinity}'])
def test_double_encoded_arguments_are_json_too(inner: str) -> None:
    """The inner text is held to the outer text's rules: NaN and infinity are not JSON
    (the outer ``{"a": NaN}`` is refused; a wrapped one was unwrapped to a float nan
    that no JSON writer can write back)."""
    text = json.dumps(inner)
    with pytest.raises(ArgumentsError) as err:
        toolwire.decode(chat(text))
    assert (err.value.loc, err.value.raw, err.value.dialect) == ("$.function.arguments", text, "openai.chat")
    assert "not an object" in str(err.value)


def test_double_encoded_arguments_keep_the_depth_limit() -> None:
    deep = json.dumps({"a": {"b": {"c": {"d": 1}}}})
    with pytest.raises(ArgumentsError, match="nested deeper than the limit of 3"):
        toolwire.decode(chat(json.dumps(deep)), max_depth=3)
    assert toolwire.decode(chat(json.dumps(deep)), max_depth=4).args == {"a": {"b": {"c": {"d": 1}}}}
    assert toolwire.decode(chat(deep), max_depth=4).args == {"a": {"b": {"c": {"d": 1}}}}
    with pytest.raises(ArgumentsError, match="nested deeper than the limit of 3"):
        toolwire.decode(chat(deep), max_depth=3)


def test_triple_encoded_is_not_unwrapped_twice() -> None:
    with pytest.raises(ArgumentsError, match="not an object"):
        toolwire.decode(chat('"\\"{\\\\\\"a\\\\\\": 1}\\""'))


@pytest.mark.parametrize("text", ["[1, 2]", "42", "true", '"just text"'])
def test_non_object_json_is_an_invalid_call_not_empty(text: str) -> None:
    # langchain #35990: valid JSON that is not an object
    with pytest.raises(ArgumentsError, match="JSON but not an object"):
        toolwire.decode(chat(text))


def test_non_object_json_is_kept_as_invalid_call_with_siblings() -> None:
    msg = {"role": "assistant", "tool_calls": [chat("[1]", "call_a"), chat('{"x": 1}', "call_b")]}
    calls = toolwire.decode_all(msg, invalid="keep")
    assert isinstance(calls[0], toolwire.InvalidToolCall)
    assert calls[0].name == "f" and calls[0].id == "call_a" and calls[0].raw == "[1]"
    assert calls[1] == toolwire.ToolCall(name="f", args={"x": 1}, id="call_b")


@pytest.mark.parametrize(
    ("broken", "error", "loc"),
    [
        ({"id": "call_a", "type": "function", "function": {"arguments": "{}"}},
         "Tool name at $.tool_calls[0].function.name is missing", "$.tool_calls[0].function.name"),
        ({"id": [7], "type": "function", "function": {"name": "f", "arguments": "{}"}},
         "Id at $.tool_calls[0].id must be a string, got [7]", "$.tool_calls[0].id"),
    ],
)
def test_an_item_that_cannot_be_read_is_kept_as_invalid_call_with_siblings(broken: Any, error: str, loc: str) -> None:
    """Not only arguments: any error of one item keeps its siblings (the container reads)."""
    msg = {"role": "assistant", "tool_calls": [broken, chat('{"x": 1}', "call_b")]}
    with pytest.raises(toolwire.DecodeError, match=re.escape(error)):
        toolwire.decode_all(msg)
    bad, good = toolwire.decode_all(msg, invalid="keep")
    assert isinstance(bad, toolwire.InvalidToolCall) and (bad.error, bad.loc, bad.raw, bad.truncated) == (
        error, loc, None, False)
    assert good == toolwire.ToolCall(name="f", args={"x": 1}, id="call_b")


def test_code_fence_is_removed() -> None:
    call = toolwire.decode(chat('```json\n{"a": 1}\n```'))
    assert call.args == {"a": 1} and call.repairs == ("code-fence",)


def test_leading_empty_object_from_streaming_is_dropped() -> None:
    # litellm #4537: Anthropic's start-block {} glued to the real arguments
    call = toolwire.decode(chat('{}{"location": "SF"}'))
    assert call.args == {"location": "SF"} and call.repairs == ("leading-empty-object",)


@pytest.mark.parametrize(
    "text", ['{"n": 12', '{"items": [1, 2, ', '{"cmd": "rm -rf /var/build', '{"a": {"b": 1}']
)
def test_truncated_arguments_are_refused(text: str) -> None:
    # json-repair would silently "complete" these (prior-art §4)
    with pytest.raises(ArgumentsError, match="cut off") as info:
        toolwire.decode(chat(text))
    assert info.value.truncated is True
    assert info.value.raw == text
    assert info.value.loc == "$.function.arguments"


def test_truncated_arguments_accepted_on_opt_in_without_invented_keys() -> None:
    call = toolwire.decode(chat('{"a": 1, "cmd": "rm -rf /var/bu'), allow_truncated=True)
    assert call.args == {"a": 1}  # the string never closed: never "rm -rf /var/bu" of /var/build
    assert call.repairs == ("truncated",)
    call = toolwire.decode(chat('{"a": 1, "b'), allow_truncated=True)
    assert call.args == {"a": 1}


def test_truncated_call_kept_as_invalid_with_truncated_flag() -> None:
    calls = toolwire.decode_all([chat('{"a": [1, 2')], invalid="keep")
    assert isinstance(calls[0], toolwire.InvalidToolCall) and calls[0].truncated


def test_lenient_repair_is_recorded() -> None:
    call = toolwire.decode(chat("{'a': True, 'b': [1, 2,],}"))
    assert call.args == {"a": True, "b": [1, 2]}
    assert call.repairs == ("json-repair",)


def test_lenient_repair_can_be_turned_off() -> None:
    with pytest.raises(ArgumentsError, match="not valid JSON"):
        toolwire.decode(chat("{'a': 1}"), repair=False)


def test_merged_parallel_calls_are_reported_not_merged() -> None:
    # litellm #7621: parallel calls concatenated into one argument string
    with pytest.raises(ArgumentsError, match="merged parallel calls"):
        toolwire.decode(chat('{"a": 1}{"b": 2}'))


def test_nan_is_not_json() -> None:
    with pytest.raises(ArgumentsError):
        toolwire.decode(chat('{"a": NaN}'))


def test_finish_reason_length_refuses_repair() -> None:
    with pytest.raises(ArgumentsError, match="cut off"):
        toolwire.decode(chat("{'a': 1"), finish_reason="length")


def test_response_with_finish_length_marks_broken_calls_truncated() -> None:
    resp = {
        "choices": [
            {
                "finish_reason": "length",
                "message": {"role": "assistant", "tool_calls": [chat('{"a": 1}'), chat("{'b': 2")]},
            }
        ]
    }
    calls = toolwire.decode_all(resp, invalid="keep")
    assert calls[0] == toolwire.ToolCall(name="f", args={"a": 1}, id="call_1")
    assert isinstance(calls[1], toolwire.InvalidToolCall) and calls[1].truncated


def test_size_limit() -> None:
    with pytest.raises(ArgumentsError, match="over the limit of 10"):
        toolwire.decode(chat('{"a": "0123456789"}'), max_bytes=10)


def test_depth_limit_default_and_custom() -> None:
    deep = '{"a": ' * 300 + "1" + "}" * 300
    with pytest.raises(ArgumentsError, match="nested deeper than the limit of 200"):
        toolwire.decode(chat(deep))
    with pytest.raises(ArgumentsError, match="limit of 3"):
        toolwire.decode(chat('{"a": {"b": {"c": {"d": 1}}}}'), max_depth=3)
    assert toolwire.decode(chat(deep), max_depth=400).args["a"]["a"]


def test_very_deep_nesting_is_a_clear_error() -> None:
    deep = "[" * 10_000 + "]" * 10_000
    with pytest.raises(DecodeError):
        toolwire.decode(chat(deep), max_depth=100_000)


def test_lone_surrogate_escape_is_refused() -> None:
    # strict JSON, but no UTF-8 text can carry it (tests/test_arguments_keys_surrogates.py)
    with pytest.raises(ArgumentsError, match="lone UTF-16 surrogate"):
        toolwire.decode(chat('{"a": "\\ud800"}'))


def test_unknown_policy_keyword_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="unknown policy keyword"):
        toolwire.decode(chat("{}"), repiar=False)


def test_raw_text_reemitted_byte_for_byte() -> None:
    text = '{ "b" : 2,  "a": [1,2] }'
    call = toolwire.decode(chat(text))
    assert call.raw == text
    assert toolwire.encode(call, "openai.chat")["function"]["arguments"] == text
    changed = call.replace(args={"b": 3})
    assert toolwire.encode(changed, "openai.chat")["function"]["arguments"] == '{"b":3}'


@pytest.mark.parametrize(
    ("text", "args", "expected"),
    [
        ('{"confirm": 1}', {"confirm": True}, '{"confirm":true}'),  # 1 == True in Python, not in JSON
        ('{"confirm": true}', {"confirm": 1}, '{"confirm":1}'),
        ('{"n": 1}', {"n": 1.0}, '{"n":1.0}'),
        ('{"n": 0}', {"n": False}, '{"n":false}'),
        ('{"a": [1, {"b": 2}]}', {"a": [1, {"b": 2.0}]}, '{"a":[1,{"b":2.0}]}'),
        ('{"a": [1, {"b": 2}]}', {"a": [True, {"b": 2}]}, '{"a":[true,{"b":2}]}'),
    ],
)
def test_raw_text_is_not_reemitted_for_other_json_values(text: str, args: Any, expected: str) -> None:
    """``raw`` is re-emitted only while it parses to the very JSON value of ``args``:
    Python's ``1 == True == 1.0`` must not write a changed value as the old text."""
    call = toolwire.decode(chat(text))
    for changed in (call.replace(args=args), toolwire.ToolCall("f", args, "call_1", raw=text)):
        assert toolwire.encode(changed, "openai.chat")["function"]["arguments"] == expected
        assert toolwire.encode(changed, "openai.responses")["arguments"] == expected
        written = toolwire.decode_text(toolwire.encode_text([changed], "text.kimi"), "text.kimi").tool_calls[0]
        assert json.dumps(written.args) == json.dumps(args)  # the text formats too
    reordered = '{"b": 2, "a": 1}'  # the same JSON value, its keys in another order: the text as received
    assert toolwire.encode(toolwire.ToolCall("f", {"a": 1, "b": 2}, "c", raw=reordered), "openai.chat")[
        "function"]["arguments"] == reordered


def test_merged_objects_with_equal_keys_are_not_guessed() -> None:
    # json-repair would keep the last of '{"a": 1}{"a": 2}'; toolwire refuses to guess
    with pytest.raises(ArgumentsError, match="merged parallel calls"):
        toolwire.decode(chat('{"a": 1}{"a": 2}'))


@pytest.mark.parametrize(
    "args",
    [{"x": float("nan")}, {"x": float("inf")}, {"x": [float("-inf")]}, {"x": {1, 2}}, {"x": object()}],
)
def test_encoding_arguments_json_cannot_hold_is_an_encode_error(args: Any) -> None:
    with pytest.raises(toolwire.DecodeError, match=r"^ToolCall args at \$\.args"):
        toolwire.ToolCall(name="f", args=args, id="call_1")  # the public constructor refuses them
    call = new_call("f", args, "call_1")  # as a third-party decoder could build one, unchecked
    with pytest.raises(toolwire.EncodeError, match="openai.chat"):
        toolwire.encode(call, "openai.chat")


@pytest.mark.parametrize(
    "args",
    [{}, {"a": 1, "b": "é\u2028", "c": None, "d": True, "e": -0.0, "f": 10**30, "g": 1e-7}, {"a": [1, {"b": 2}]}],
)
def test_encoded_arguments_are_compact_json_of_the_args(args: Any) -> None:
    from toolwire._args import dumps_arguments

    text = dumps_arguments(args)
    assert ", " not in text and ": " not in text
    assert json.loads(text) == args


_FLAT = st.dictionaries(
    st.text(max_size=4),
    st.none() | st.booleans() | st.integers() | st.text(max_size=6)
    | st.floats(allow_nan=False, allow_infinity=False) | st.sampled_from([1e-7, -2.5e-5, 9.99e-5, 1e-4, 1e16, -0.0]),
    max_size=5,
)


@given(args=_FLAT | st.dictionaries(st.text(max_size=3), st.lists(_FLAT, max_size=2), max_size=2))
def test_the_fast_argument_writer_writes_what_the_general_one_does(args: Dict[str, Any]) -> None:
    """``dumps_arguments`` hands flat scalar objects to pydantic-core's writer (a fast
    path): the text must be the stdlib's, byte for byte (floats below 1e-4 differ, and
    from 1e16 with older pydantic-core)."""
    from toolwire._args import dumps_arguments

    assert dumps_arguments(args) == json.dumps(args, ensure_ascii=False, separators=(",", ":"))


def test_small_floats_are_written_as_the_stdlib_writes_them() -> None:
    from toolwire._args import dumps_arguments

    assert dumps_arguments({"a": 2.5e-05, "b": 1e-07, "c": 0.5, "d": 1e16}) == '{"a":2.5e-05,"b":1e-07,"c":0.5,"d":1e+16}'


def _chat_args(text: Any) -> Dict[str, Any]:
    return {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": text}}


def test_max_bytes_is_the_longest_text_read() -> None:
    assert toolwire.decode(_chat_args('{"a":"12"}'), max_bytes=10).args == {"a": "12"}  # 10 characters
    with pytest.raises(ArgumentsError) as exc:
        toolwire.decode(_chat_args('{"a":"' + "é" * 300 + '"}'), max_bytes=10)
    err = exc.value
    assert err.message == "Arguments at $.function.arguments are 308 characters long, over the limit of 10"
    assert (err.loc, err.dialect, err.raw) == ("$.function.arguments", "openai.chat", '{"a":"' + "é" * 194)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({1: "a"}, "have a key that is not a string: 1"),
        ({"a": {2: 1}}, "have a key that is not a string: 2"),
        ({"a": [float("inf")]}, "hold inf, which is not JSON (NaN and infinity are not numbers in JSON)"),
        ({"a": 1, "b": float("-inf")}, "hold -inf, which is not JSON (NaN and infinity are not numbers in JSON)"),
        ({"a": [b"x"]}, "hold a bytes value, which is not JSON: b'x'"),
        ({"a": [[[1]]]}, "are nested deeper than the limit of 3 (or contain themselves)"),
        ({"a": {2: 1}, "b": [1]}, "have a key that is not a string: 2"),  # after a sibling container is left
    ],
)
def test_arguments_given_as_data_are_refused_at_their_place(args: Dict[str, Any], message: str) -> None:
    with pytest.raises(ArgumentsError) as exc:
        toolwire.decode({"type": "tool_use", "id": "toolu_01", "name": "f", "input": args}, max_depth=3)
    err = exc.value
    assert (err.message, err.loc, err.dialect) == (f"Arguments at $.input {message}", "$.input", "anthropic.messages")


def test_nesting_up_to_the_limit_and_shared_values_are_read() -> None:
    shared = {"x": [1]}
    call = toolwire.decode({"type": "tool_use", "id": "toolu_01", "name": "f", "input": {"a": [[1]], "b": shared,
                                                                                       "c": shared}}, max_depth=3)
    assert call.args == {"a": [[1]], "b": {"x": [1]}, "c": {"x": [1]}}


@pytest.mark.parametrize(
    ("text", "policy", "message"),
    [
        ("not json at all", {}, "are not valid JSON (expected ident at line 1 column 2); not repaired: "
                                 "expected a value at character 0: 'not json at all'"),
        ('{"a": NaN}', {}, "are not valid JSON (expected value at line 1 column 7); not repaired: "
                            "expected a value at character 6: '{\"a\": NaN}'"),
        ("", {"finish_reason": "length"}, "are empty and the reply stopped at its token limit (length): the call was "
                                          "cut off; pass allow_truncated=True to accept it"),
        ('{"a":[[[1]]]}', {"max_depth": 3}, "are nested deeper than the limit of 3"),
    ],
)
def test_argument_text_refused_with_its_reason(text: str, policy: Dict[str, Any], message: str) -> None:
    with pytest.raises(ArgumentsError) as exc:
        toolwire.decode(_chat_args(text), **policy)
    err = exc.value
    assert (err.message, err.loc, err.dialect) == (f"Arguments at $.function.arguments {message}",
                                                   "$.function.arguments", "openai.chat")


def test_a_mapping_subclass_is_read_as_a_plain_object_and_checked() -> None:
    from collections import OrderedDict

    call = toolwire.decode({"type": "tool_use", "id": "toolu_01", "name": "f", "input": OrderedDict(a=1)})
    assert type(call.args) is dict and call.args == {"a": 1}
    with pytest.raises(ArgumentsError, match=r"^Arguments at \$\.input hold a set value, which is not JSON: \{1\}$"):
        toolwire.decode({"type": "tool_use", "id": "toolu_01", "name": "f", "input": OrderedDict(a={1})})


def test_load_json_reads_what_the_stdlib_reads_and_refuses_the_rest() -> None:
    from toolwire._args import load_json

    deep = past_json_reader(3000)  # 3000 on CPython 3.11; the stdlib reads deeper from 3.12
    assert load_json('{"a": "\\ud800"}') == {"a": "\ud800"}  # a lone surrogate: pydantic-core refuses it
    assert load_json(b'{"a": 1}') == {"a": 1}
    for text, message in [
        ("NaN", "expected value at line 1 column 1"),
        ('["\\ud800", NaN]', "NaN is not JSON"),  # the stdlib's reading refuses it too
        ('["\\ud800", ' + "[" * deep + "]" * deep + "]", "recursion limit exceeded"),  # the stdlib's limit
        (5, "JSON text must be str or bytes, got int"),
    ]:
        with pytest.raises(ValueError) as exc:
            load_json(text)
        assert str(exc.value) == message


def test_argument_text_and_objects_keep_what_came() -> None:
    assert toolwire.decode(_chat_args("")).raw == ""  # the text as it came, though empty
    responses = {"type": "function_call", "call_id": "call_1", "name": "f", "arguments": ""}
    assert toolwire.decode(responses).raw == "" and toolwire.decode({**responses, "arguments": " "}).raw == " "
    with pytest.raises(ArgumentsError) as exc:
        toolwire.decode(_chat_args({"a": {1}}))
    err = exc.value
    assert (err.message, err.loc, err.dialect) == (
        "Arguments at $.function.arguments hold a set value, which is not JSON: {1}", "$.function.arguments",
        "openai.chat")


def test_bytes_that_are_not_utf8_are_refused_with_an_excerpt() -> None:
    with pytest.raises(DecodeError) as exc:
        toolwire.decode(b'{"a": "\xff"}')
    err = exc.value
    assert (err.message, err.loc, err.dialect) == (
        "Input at $ is bytes but not UTF-8 (invalid start byte at byte 7): b'{\"a\": \"\\xff\"}'", "$", None)


def test_missing_arguments_at_the_token_limit_are_cut_off_at_their_path() -> None:
    item = {"id": "call_1", "type": "function", "function": {"name": "f"}}
    with pytest.raises(ArgumentsError) as info:
        toolwire.decode(item, finish_reason="length")
    assert (info.value.loc, info.value.truncated) == ("$.function.arguments", True)
    assert info.value.message.startswith("Arguments at $.function.arguments ")


def test_empty_arguments_under_a_finish_reason_that_is_no_cut() -> None:
    call = toolwire.decode(chat(""), finish_reason="stop")
    assert (call.args, call.repairs) == ({}, ("empty-arguments",))


@pytest.mark.parametrize("text", ["", "null"])
def test_empty_arguments_at_the_token_limit_are_refused_with_their_text(text: str) -> None:
    with pytest.raises(ArgumentsError) as err:
        toolwire.decode(chat(text), finish_reason="length")
    assert (err.value.loc, err.value.raw, err.value.dialect, err.value.truncated) == (
        "$.function.arguments", text, "openai.chat", True)


def test_the_depth_limit_is_exact() -> None:
    three = '{"a": {"b": {"c": 1}}}'  # three objects deep
    assert toolwire.decode(chat(three), max_depth=3).args == {"a": {"b": {"c": 1}}}
    with pytest.raises(ArgumentsError, match="nested deeper than the limit of 2"):
        toolwire.decode(chat(three), max_depth=2)
    assert toolwire.decode(chat('{"a": [[1]]}'), max_depth=3).args == {"a": [[1]]}
    with pytest.raises(ArgumentsError, match="nested deeper than the limit of 2"):
        toolwire.decode(chat('{"a": [[1]]}'), max_depth=2)


def test_a_responses_item_marked_incomplete_says_so() -> None:
    item = {"type": "function_call", "call_id": "c", "name": "f", "arguments": "", "status": "incomplete"}
    with pytest.raises(ArgumentsError) as err:
        toolwire.decode(item)
    assert "the reply is marked incomplete (incomplete)" in str(err.value)


@pytest.mark.parametrize("keyword, value", [
    ("allow_truncated", "false"),  # from a config file or an environment variable: truthy
    ("allow_truncated", 1),
    ("repair", "no"),
    ("repair", None),
    ("max_bytes", "10"),
    ("max_bytes", 1.5),
    ("max_bytes", True),
    ("max_depth", None),
    ("max_repair_bytes", "64k"),
    ("finish_reason", 3),
])
def test_policy_values_of_the_wrong_type_are_refused(keyword: str, value: object) -> None:
    # ``allow_truncated="false"`` ran cut-off calls; ``repair="no"`` repaired; ``max_bytes="10"``
    # failed inside the decoder as "Malformed openai.chat tool call at $ (TypeError ...)",
    # blaming the payload; ``finish_reason=3`` was ignored
    with pytest.raises(TypeError, match=rf"^Policy {keyword} must be"):
        toolwire.decode(chat("{}"), **{keyword: value})
    with pytest.raises(TypeError, match=rf"^Policy {keyword} must be"):
        toolwire.Policy(**{keyword: value})  # type: ignore[arg-type]


@pytest.mark.parametrize("keyword", ["max_bytes", "max_depth", "max_repair_bytes"])
def test_policy_limits_are_not_negative(keyword: str) -> None:
    with pytest.raises(ValueError, match=rf"^Policy {keyword} must be .*, got -1"):
        toolwire.decode(chat("{}"), **{keyword: -1})
    assert toolwire.Policy(**{keyword: 0})  # type: ignore[arg-type]  # zero is a limit (nothing nested, say)


def test_policy_finish_reason_of_an_sdk_enum_is_its_value() -> None:
    from google.genai import types

    policy = toolwire.Policy(finish_reason=types.FinishReason.MAX_TOKENS)  # type: ignore[arg-type]
    assert policy.finish_reason == "MAX_TOKENS" and type(policy.finish_reason) is str
    with pytest.raises(toolwire.ArgumentsError, match=r"token limit \(MAX_TOKENS\)"):  # was (FinishReason.MAX_TOKENS)
        toolwire.decode({"functionCall": {"name": "f", "args": {}}}, finish_reason=types.FinishReason.MAX_TOKENS)


def test_a_number_past_a_floats_range_reads_as_infinity_and_cannot_be_encoded() -> None:
    """README's arguments table: ``1e400`` in argument text is infinity (as ``json.loads``
    reads it); the call holding it is refused by every encoder, never written as
    ``Infinity`` (no JSON)."""
    item = {"id": "c1", "type": "function", "function": {"name": "f", "arguments": '{"a": 1e400}'}}
    call = toolwire.decode(item, "openai.chat")
    assert call.args["a"] == float("inf") == json.loads('{"a": 1e400}')["a"]
    with pytest.raises(toolwire.EncodeError, match=r"\$\.args\.a holds inf"):
        toolwire.encode(call, "openai.chat")
