"""The argument tiers after the strict parse (``_repair``) and JSON found in model text
(``_json_extract``), case by case: which tier answered (``repairs``), and where an
error points. Written from a mutation sample of both modules (docs/testing.md)."""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire._json_extract import Candidate, candidates, extract_json


def item(arguments: str) -> Dict[str, Any]:
    return {"id": "call_1", "type": "function", "function": {"name": "g", "arguments": arguments}}


@pytest.mark.parametrize("text, args, repairs", [
    ("{'x': 1.5,}", {"x": 1.5}, ("json-repair",)),  # a float survives the finiteness check
    ('{} {"a": 1}', {"a": 1}, ("leading-empty-object",)),  # left by a stream, space between
    ('{}{"a": 1}', {"a": 1}, ("leading-empty-object",)),
    ('1 {"a": 1}', {"a": 1}, ("json-repair",)),  # not a leading {}: json-repair's answer, recorded
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
     "Arguments at $.function.arguments are not valid JSON (expected value at line 1 column 151); objects or arrays "
     "opened where keys belong, or deeper than the limit: not repaired: "),
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


def test_arrays_where_keys_belong_are_not_handed_to_json_repair() -> None:
    """json-repair merges an array met where a key belongs into the array before it,
    with a pass over that array each time: quadratic (10 s for 64 KiB). Past 16 of
    them (as for objects there) the text is refused unrepaired, in one pass."""
    many = '{"a": ' + "[1]," * 18 + "}"  # the first is a value, 17 where keys belong
    with pytest.raises(toolwire.ArgumentsError, match="objects or arrays opened where keys belong") as info:
        toolwire.decode(item(many))
    assert not info.value.truncated
    few = toolwire.decode(item('{"a": [1], [2]}'))
    assert few.repairs == ("json-repair",)
    rows = "{'rows': [" + ", ".join(f"['k{i}', {i}]" for i in range(40)) + "]}"  # arrays where values belong
    assert toolwire.decode(item(rows)).args == {"rows": [[f"k{i}", i] for i in range(40)]}
    in_strings = '{"a": 1, ' + ", ".join(f'"k{i}": "{{[", ' for i in range(20)) + "'z': 2}"  # brackets in strings
    assert toolwire.decode(item(in_strings)).repairs == ("json-repair",)


@pytest.mark.parametrize("text", ["}}{{", '{"a": 1}}{', '{"a": "}"'])
def test_stray_closers_do_not_hide_an_opener_left_open(text: str) -> None:
    with pytest.raises(toolwire.ArgumentsError, match="cut off") as info:
        toolwire.decode(item(text))
    assert info.value.truncated


def test_a_string_with_escaped_quotes_is_closed_where_its_quote_is() -> None:
    call = toolwire.decode(item('{"a": "say \\"hi\\"", \'b\': 1}'))
    assert (call.args, call.repairs) == ({"a": 'say "hi"', "b": 1}, ("json-repair",))
    odd = toolwire.decode(item('{"a": "x\\"", \'b\': 1}'))  # an odd number of quotes, one escaped
    assert (odd.args, odd.repairs) == ({"a": 'x"', "b": 1}, ("json-repair",))


def test_sixteen_arrays_where_keys_belong_are_still_repaired() -> None:
    call = toolwire.decode(item('{"a": ' + "[1]," * 17 + "}"))  # the first is a value, 16 where keys belong
    assert call.args == {"a": [1] * 17} and call.repairs == ("json-repair",)


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
    deep = "[" * 3000 + "]" * 3000  # past pydantic-core's limit and the stdlib's recursion
    with pytest.raises(toolwire.ArgumentsError, match="nested deeper than the limit of 5000") as info:
        toolwire.decode(item(deep), max_depth=5000)
    assert (info.value.loc, info.value.dialect) == ("$.function.arguments", "openai.chat")


def test_fenced_jsonc_in_model_text_is_a_candidate() -> None:
    assert extract_json('```jsonc\n{"a": 1}\n```\nor maybe {"a": 2}')[1] == {"a": 1}
