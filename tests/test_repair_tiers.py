"""The argument tiers after the strict parse (``_repair``) and JSON found in model text
(``_json_extract``), case by case: which tier answered (``repairs``), and where an
error points. Written from a mutation sample of both modules (docs/testing.md)."""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from json_reach import past_json_reader
from toolwire._json_extract import Candidate, candidates, extract_json


def item(arguments: str) -> Dict[str, Any]:
    return {"id": "call_1", "type": "function", "function": {"name": "g", "arguments": arguments}}


@pytest.mark.parametrize("text, args, repairs", [
    ("{'x': 1.5,}", {"x": 1.5}, ("json-repair",)),  # a float survives the finiteness check
    ('{} {"a": 1}', {"a": 1}, ("leading-empty-object",)),  # left by a stream, space between
    ('{}{"a": 1}', {"a": 1}, ("leading-empty-object",)),
    ('```json5\n{"a": 1}\n```', {"a": 1}, ("code-fence",)),
])
def test_which_tier_answered(text: str, args: Any, repairs: Any) -> None:
    call = toolwire.decode(item(text))
    assert (call.args, call.repairs) == (args, repairs)


@pytest.mark.parametrize("text, kwargs, message", [
    ("{'a': 1} {'b': 2}", {},
     "Arguments at $.function.arguments are several JSON values one after another (merged parallel calls?): "
     "\"{'a': 1} {'b': 2}\""),
    ("[" * 150 + "x" + "]" * 150, {"max_depth": 100},
     "Arguments at $.function.arguments are not valid JSON (expected value at line 1 column 151); not repaired: "
     "expected a value at character 150: "),
    ("{'a': " * 150 + "1" + "}" * 150, {"max_depth": 100},  # read by the lenient grammar, still too deep
     "Arguments at $.function.arguments are nested deeper than the limit of 100"),
    ('{"a":' * 250 + "1" + "}" * 250, {}, "Arguments at $.function.arguments are nested deeper than the limit of 200"),
    ('["\\ud800"]', {}, "Arguments at $.function.arguments are JSON but not an object: list "),
    ('{"a": ' * 150 + "1" + "}" * 150, {"max_depth": 100},
     "Arguments at $.function.arguments are nested deeper than the limit of 100"),
])
def test_refusals_name_the_place_and_the_dialect(text: str, kwargs: Any, message: str) -> None:
    with pytest.raises(toolwire.ArgumentsError) as info:
        toolwire.decode(item(text), **kwargs)
    err = info.value
    assert err.message.startswith(message)
    assert (err.loc, err.dialect, err.truncated) == ("$.function.arguments", "openai.chat", False)


def test_a_cut_off_text_points_at_its_place() -> None:
    with pytest.raises(toolwire.ArgumentsError) as info:
        toolwire.decode(item('{"a": [1, 2'))
    assert (info.value.loc, info.value.dialect, info.value.truncated) == ("$.function.arguments", "openai.chat", True)


# -- JSON in model text --------------------------------------------------------------------


def test_candidates_know_where_they_were_found() -> None:
    assert candidates(' {"a": 1} ') == [Candidate({"a": 1}, 0, 10, "whole")]
    text = 'x\n```json\n{"a": 1}\n```\nthen [2]'
    fence, *scanned = candidates(text)
    assert fence == Candidate({"a": 1}, 10, 19, "fence") and text[10:19] == '{"a": 1}\n'
    assert scanned[-1] == Candidate([2], text.index("[2]"), len(text), "scan")


def test_a_fenced_answer_wins_over_a_later_value_in_the_prose() -> None:
    assert extract_json('```json\n{"a": 1}\n```\nor maybe {"a": 2}')[1] == {"a": 1}
    assert extract_json('```json5\n{"a": 1}\n```\nor maybe {"a": 2}')[1] == {"a": 1}


def test_an_empty_fence_then_a_fence_with_the_answer() -> None:
    found, value, cands = extract_json('```\n```\nand\n```json\n{"a": 3}\n```')
    assert (found, value) == (True, {"a": 3})
    assert [c.how for c in cands if c.how == "fence"] == ["fence"]


def test_objects_or_arrays_where_keys_belong_are_refused_in_one_pass() -> None:
    """json-repair merges an array met where a key belongs into the array before it
    (a value moved), with a pass over that array each time (quadratic: 10 s for 64
    KiB). The lenient grammar has no place for them: refused where the first one
    stands, before json-repair sees the text."""
    many = '{"a": ' + "[1]," * 18 + "}"  # the first is a value, 17 where keys belong
    with pytest.raises(toolwire.ArgumentsError) as info:
        toolwire.decode(item(many))
    assert info.value.message.startswith(
        "Arguments at $.function.arguments are not valid JSON (key must be a string at line 1 column 11); "
        "not repaired: expected a key at character 10: ")
    assert not info.value.truncated
    with pytest.raises(toolwire.ArgumentsError, match="not repaired: expected a key at character 1: "):
        toolwire.decode(item("{{'a': 1}}"))
    rows = "{'rows': [" + ", ".join(f"['k{i}', {i}]" for i in range(40)) + "]}"  # arrays where values belong
    assert toolwire.decode(item(rows)).args == {"rows": [[f"k{i}", i] for i in range(40)]}
    in_strings = '{"a": 1, ' + "".join(f'"k{i}": "{{[", ' for i in range(20)) + "'z': 2}"  # brackets in strings
    call = toolwire.decode(item(in_strings))
    assert call.repairs == ("json-repair",) and call.args["k19"] == "{[" and call.args["z"] == 2


def test_a_closer_inside_an_open_string_closes_nothing() -> None:
    with pytest.raises(toolwire.ArgumentsError, match="cut off") as info:
        toolwire.decode(item('{"a": "}"'))
    assert info.value.truncated


def test_a_string_with_escaped_quotes_is_closed_where_its_quote_is() -> None:
    call = toolwire.decode(item('{"a": "say \\"hi\\"", \'b\': 1}'))
    assert (call.args, call.repairs) == ({"a": 'say "hi"', "b": 1}, ("json-repair",))
    odd = toolwire.decode(item('{"a": "x\\"", \'b\': 1}'))  # an odd number of quotes, one escaped
    assert (odd.args, odd.repairs) == ({"a": 'x"', "b": 1}, ("json-repair",))


def test_a_top_level_literal_cut_off_is_cut_off() -> None:
    with pytest.raises(toolwire.ArgumentsError) as info:
        toolwire.decode(item("tru"))
    assert info.value.truncated
    assert info.value.message.endswith("'tru'; what comes before the cut is not a JSON object either")


def test_an_unclosed_fence_under_the_token_limit() -> None:
    text = '```json\n{"a": 1}'
    with pytest.raises(toolwire.ArgumentsError) as info:
        toolwire.decode(item(text), finish_reason="length")
    err = info.value
    assert (err.loc, err.dialect, err.raw, err.truncated) == ("$.function.arguments", "openai.chat", text, True)
    assert err.message.endswith("; pass allow_truncated=True to accept the complete prefix")
    call = toolwire.decode(item(text), finish_reason="length", allow_truncated=True)
    assert (call.args, call.repairs) == ({"a": 1}, ("code-fence", "truncated"))


@pytest.mark.parametrize("text", ['```json\n{"a": 1}```', '```jsonc\n{"a": 1}\n```'])
def test_fences_closed_on_the_same_line_or_named_jsonc(text: str) -> None:
    call = toolwire.decode(item(text))
    assert (call.args, call.repairs) == ({"a": 1}, ("code-fence",))


def test_merged_values_and_deep_text_errors_carry_their_place() -> None:
    with pytest.raises(toolwire.ArgumentsError, match="several JSON values one after another") as info:
        toolwire.decode(item('{"a": 1} {"b": 2}'))
    assert (info.value.loc, info.value.dialect, info.value.raw) == (
        "$.function.arguments", "openai.chat", '{"a": 1} {"b": 2}')
    n = past_json_reader(3000)  # past pydantic-core's limit and the stdlib's (3000 on CPython 3.11)
    deep = "[" * n + "]" * n
    # n levels are under max_depth: what refuses them is the parser, and the message says so
    with pytest.raises(toolwire.ArgumentsError, match="nested deeper than what the JSON parser reads") as info:
        toolwire.decode(item(deep), max_depth=max(5000, 2 * n))
    assert (info.value.loc, info.value.dialect) == ("$.function.arguments", "openai.chat")


def test_fenced_jsonc_in_model_text_is_a_candidate() -> None:
    assert extract_json('```jsonc\n{"a": 1}\n```\nor maybe {"a": 2}')[1] == {"a": 1}


# -- what the lenient tier may change -----------------------------------------------------


@pytest.mark.parametrize("text", [
    "{'cmd': 'echo }; rm -rf /tmp/bu",  # a '}' inside the open single-quoted string closes nothing
    "{'cmd': 'echo ]; rm -rf /tmp/bu",
    "{'a': 'x', 'cmd': 'ls }",
    "{\"a\": \"it's\", 'cmd': 'rm }",  # the apostrophe sits in a double-quoted string
    "{'a': {'b': 'x}}'",  # closers inside a string never close its objects
])
def test_a_cut_off_single_quoted_string_is_never_a_whole_call(text: str) -> None:
    for kwargs in ({}, {"allow_truncated": True}):  # no complete strict-JSON prefix to keep either
        with pytest.raises(toolwire.ArgumentsError, match="cut off") as info:
            toolwire.decode(item(text), **kwargs)
        assert (info.value.truncated, info.value.raw) == (True, text)


def test_closers_inside_a_closed_single_quoted_string_are_its_text() -> None:
    call = toolwire.decode(item("{'cmd': 'echo }; ls ]'}"))
    assert (call.args, call.repairs) == ({"cmd": "echo }; ls ]"}, ("json-repair",))


@pytest.mark.parametrize("text, args", [
    ("{'a': 'x', 'b': \"it's\"}", {"a": "x", "b": "it's"}),  # single quotes
    ('{"a": [1, 2,],}', {"a": [1, 2]}),  # trailing commas
    ('{"a": 1, // why\n "b": 2 /* note */}', {"a": 1, "b": 2}),  # comments
    ("{'a': True, 'b': False, 'c': None}", {"a": True, "b": False, "c": None}),  # Python literals
    ("{a: 1, b_2: 'x'}", {"a": 1, "b_2": "x"}),  # unquoted keys
    ("{'q': 'say \"hi\"', 'n': -1.5e3}", {"q": 'say "hi"', "n": -1500.0}),
])
def test_the_documented_repairs_are_made(text: str, args: Any) -> None:
    call = toolwire.decode(item(text))
    assert (call.args, call.repairs) == (args, ("json-repair",))


@pytest.mark.parametrize("text", [
    '{"n": 1,, "m": 2}',  # json-repair: {'n': '1,', 'm': 2} (an int made a string)
    '{"a": , "b": 2}',  # a: '' (a value invented)
    '{"a": 1, "b": }',  # b: ''
    '{"a": {"c": 1}{"d": 2}}',  # d moved to the top level
    '{"a": 1, "b"}',  # b dropped
    '{"a": [1], [2]}',  # [2] merged into a's array
    '{"a": .5}',  # not a JSON number: no guess at what was meant
    '{$a: 1}',  # json-repair drops the '$'
    '{"a": 1, "a": 2}}',  # a stray closer
    "{'a': 1, 'a': 2}",  # a repeated key: one value would be dropped
])
def test_a_repair_never_invents_drops_moves_or_retypes_a_value(text: str) -> None:
    with pytest.raises(toolwire.ArgumentsError, match=r"^Arguments at \$\.function\.arguments are not valid JSON") as info:
        toolwire.decode(item(text))
    assert (info.value.truncated, info.value.raw) == (False, text)


def test_a_value_json_repair_would_change_is_refused() -> None:
    # json-repair 0.64 reads the escape in 'x\n' as nothing; the text says a newline
    text = "{'a': 'x\\n'}"
    try:
        call = toolwire.decode(item(text))
    except toolwire.ArgumentsError as exc:
        assert not exc.truncated
    else:
        assert call.args == {"a": "x\n"}


def test_a_value_before_the_object_is_not_dropped() -> None:
    with pytest.raises(toolwire.ArgumentsError, match="several JSON values one after another"):
        toolwire.decode(item('1 {"a": 1}'))


@pytest.mark.parametrize("text", [
    '{"a": "b"c"}', '{"a": [1, 2,}', '{"a": 1, "b": x', "}}{{", '{"a": 1}}{',
    '{"glob": xyz, "force": [1',  # open at the end, but no text that goes on from here is readable
])
def test_malformed_text_is_not_reported_cut_off(text: str) -> None:
    """Cut off means the text reads as the start of arguments the policy takes; text
    malformed before its end is refused as malformed, whatever is open at the end."""
    with pytest.raises(toolwire.ArgumentsError, match="not valid JSON") as info:
        toolwire.decode(item(text), allow_truncated=True)
    assert info.value.truncated is False
    assert "allow_truncated" not in info.value.message


def test_a_cut_off_object_after_a_leading_empty_one_is_cut_off() -> None:
    text = '{}{"a": "rm -rf /tm'
    with pytest.raises(toolwire.ArgumentsError, match="cut off") as info:
        toolwire.decode(item(text))
    assert (info.value.truncated, info.value.raw) == (True, text)
    call = toolwire.decode(item(text), allow_truncated=True)
    assert (call.args, call.repairs) == ({}, ("leading-empty-object", "truncated"))  # the cut string dropped


@pytest.mark.parametrize("text, args, note", [
    ('{}{"a": 1}', {"a": 1}, "leading-empty-object"),
    ('```json\n{"a": 1}\n```', {"a": 1}, "code-fence"),
])
def test_under_the_token_limit_text_that_is_not_strict_json_is_truncated(text: str, args: Any, note: str) -> None:
    with pytest.raises(toolwire.ArgumentsError, match="cut off") as info:
        toolwire.decode(item(text), finish_reason="length")
    assert (info.value.truncated, info.value.raw) == (True, text)
    call = toolwire.decode(item(text), finish_reason="length", allow_truncated=True)
    assert (call.args, call.repairs) == (args, (note, "truncated"))


def test_merged_values_under_the_token_limit_are_truncated() -> None:
    with pytest.raises(toolwire.ArgumentsError) as info:
        toolwire.decode(item('{"a": 1}{"b": 2}'), finish_reason="length")
    assert info.value.truncated is True
