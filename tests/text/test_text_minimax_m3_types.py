"""text.minimax, MiniMax M3 with ``tools=``: leaves typed as vLLM's M3 parser types them.

Every expectation is one of the assertions of vLLM ``rust/src/tool-parser/src/parameters.rs``
(its tests; the conversion the M3 parser applies to each element), checked 2026-12-04.
Before, the M3 leaves went through the Qwen3-Coder table (``_schema.type_value``): an
integer-typed ``5.0`` became 5, a union lost its declared order (``["string", "integer"]``
read ``42`` as 42), a parameter without a type read JSON.
"""

from __future__ import annotations

from typing import Any

import pytest
from textcheck import C, check

from toolwire import EncodeError, ToolCall
from toolwire.text._api import decode_text, encode_text

D = "text.minimax"
NS = "]<]minimax[>["


def _block(args: dict[str, str]) -> str:
    body = "".join(f"{NS}<{k}>{v}{NS}</{k}>" for k, v in args.items())
    return f'{NS}<tool_call>\n{NS}<invoke name="f">{body}{NS}</invoke>\n{NS}</tool_call>'


def _read(props: dict[str, Any], name: str, text: str, value: Any) -> Any:
    tools = [{"name": "f", "parameters": {"type": "object", "properties": props}}]
    r = check(_block({name: text}), D, None, None, [C("f", {name: value})], tools=tools)
    return r.tool_calls[0].args[name]

CASES = [
    # preserves_union_type_order
    ({"type": ["integer", "string"]}, "42", 42),
    ({"type": ["string", "integer"]}, "42", "42"),
    # converts_composite_schemas; unknown alternatives leave the value unconstrained
    ({"anyOf": [{"type": "integer"}, {"type": "string"}]}, "42", 42),
    ({"oneOf": [{"type": "mystery"}]}, '{"x":1}', '{"x":1}'),
    # converts_supported_types
    ({"type": "integer"}, "42", 42),
    ({"type": "number"}, "5.0", 5.0),
    ({"type": "double"}, "2.5", 2.5),
    ({"type": "boolean"}, "1", True),
    ({"type": "map"}, '{"k":1}', {"k": 1}),
    ({"type": "list"}, '["a","b"]', ["a", "b"]),
    ({"type": "null"}, "null", None),
    # number_conversion_preserves_json_number_spelling_with_legacy_fallback
    ({"type": "number"}, "5", 5),
    ({"type": "number"}, "5.", 5.0),
    ({"type": "number"}, "+1", 1),
    ({"type": "number"}, "+1.0", 1.0),
    # an integer is what i64 parses: 5.0 is not one, and stays the text
    ({"type": "integer"}, "5.0", "5.0"),
    ({"type": ["integer", "null"]}, "5.0", "5.0"),
    ({"anyOf": [{"type": "integer"}, {"type": "null"}]}, "5.0", "5.0"),
    ({"type": ["integer", "null"]}, "5", 5),
    ({"type": ["integer", "null"]}, "null", None),
    ({"anyOf": [{"type": "integer"}, {"type": "null"}]}, "None", None),
    ({"type": ["integer", "null"]}, "abc", "abc"),
    # non_string_values_ignore_surrounding_whitespace
    ({"type": "string"}, " 7 ", " 7 "),
    ({"type": "integer"}, " 7\n", 7),
    ({"type": "number"}, "\t2.5 ", 2.5),
    ({"type": "boolean"}, " false ", False),
    ({"type": "integer"}, " None ", None),
    ({"type": "object"}, " \n", {}),
    ({"type": "array"}, " [1] ", [1]),
    # numbers_accept_digit_separators
    ({"type": "integer"}, "1_000", 1000),
    ({"type": "number"}, "1_000.5", 1000.5),
    ({"type": "number"}, "_1", "_1"),
    ({"type": "number"}, "1_", "1_"),
    ({"type": "number"}, "1__0", "1__0"),
    ({"type": "number"}, "1_.5", "1_.5"),
    # nullable_schemas_accept_null; a plain string keeps the text "null"
    ({"type": "string", "nullable": True}, "null", None),
    ({"type": "string", "nullable": True}, "x", "x"),
    ({"type": ["integer", "string"], "nullable": True}, "None", None),
    ({"type": ["integer", "string"], "nullable": True}, "7", 7),
    ({"type": "string"}, "null", "null"),
    # composite_values_must_decode_to_their_type
    ({"type": "object"}, "[1]", "[1]"),
    ({"type": "object"}, "5", "5"),
    ({"type": "array"}, '{"k":1}', '{"k":1}'),
    ({"type": ["object", "array"]}, "[1]", [1]),
    # converts_upstream_aliases
    ({"type": "varchar"}, "x", "x"),
    ({"type": "unsigned_int"}, "7", 7),
    ({"type": "float64"}, "7.5", 7.5),
    ({"type": "binary"}, "true", True),
    ({"type": "sequence"}, "[1]", [1]),
    ({"type": "dict"}, '{"x":1}', {"x": 1}),
    # mixed_enums_decode_text_spelling_a_non_string_literal_to_it; integer_enums_convert_to_numbers
    ({"enum": ["fast", 1]}, "1", 1),
    ({"enum": ["fast", 1]}, "fast", "fast"),
    ({"enum": ["fast", 1]}, "2", "2"),
    ({"enum": ["auto", True]}, "true", True),
    ({"enum": ["auto", True]}, "auto", "auto"),
    ({"enum": [1, 2, 3]}, "2", 2),
    # infers_type_from_schema_shape_without_type
    ({"enum": ["a", "b"]}, "a", "a"),
    ({"items": {"type": "integer"}}, "[1,2]", [1, 2]),
    ({"properties": {"x": {"type": "integer"}}}, '{"x":1}', {"x": 1}),
    # convert_params_falls_back_to_string_for_failed_coercion; invalid_schema_converts_everything_as_string
    ({"type": "number"}, "not-a-number", "not-a-number"),
    ({"type": "boolean"}, "maybe", "maybe"),
    ({"type": "object"}, "not-json", "not-json"),
    ({}, "42", "42"),
    ({}, "null", None),
    # leading zeros and a sign: i64 parses them (the zip of build_order_call)
    ({"type": "integer"}, "018956", 18956),
    ({"type": "integer"}, "+5", 5),
    ({"type": "integer"}, "9223372036854775808", "9223372036854775808"),  # beyond i64
    ({"type": "integer"}, "٣", "٣"),  # not an ASCII digit
    ({"type": "number"}, "inf", "inf"),
]


@pytest.mark.parametrize(("schema", "text", "value"), CASES)
def test_leaf_typed_as_vllm_types_it(schema: dict[str, Any], text: str, value: Any) -> None:
    got = _read({"p": schema}, "p", text, value)
    assert got == value and type(got) is type(value), (got, value)


def test_a_parameter_the_tool_does_not_declare_stays_text() -> None:
    # convert_params_falls_back_to_string_for_failed_coercion: "unknown_param" "42" -> "42"
    tools = [{"name": "f", "parameters": {"type": "object", "properties": {"q": {"type": "string"}}}}]
    check(_block({"topn": "42", "q": "rust", "nullish": "null"}), D, None, None,
          [C("f", {"topn": "42", "q": "rust", "nullish": None})], tools=tools)


def test_nested_leaves_follow_their_schemas() -> None:
    # branching_recursive_references_convert_structured_values_by_level (without $ref), and
    # array items by the items schema whatever the children's names
    props = {"tree": {"type": "object", "properties": {
        "value": {"type": "integer"}, "tags": {"type": "array", "items": {"type": ["integer", "null"]}}}}}
    tools = [{"name": "f", "parameters": {"type": "object", "properties": props}}]
    tree = (f"{NS}<value>1{NS}</value>{NS}<tags>{NS}<t>2{NS}</t>{NS}<t>null{NS}</t>{NS}<t>2.5{NS}</t>{NS}</tags>"
            f"{NS}<other>7{NS}</other>")
    check(_block({"tree": tree}), D, None, None,
          [C("f", {"tree": {"value": 1, "tags": [2, None, "2.5"], "other": "7"}})], tools=tools)


def test_typing_stays_linear_in_the_text_and_the_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    # a union of many literals and many children under it: each schema's options are
    # worked out once a call, and each leaf's text is read as JSON once
    from toolwire.text import _m3_values, minimax_m3

    counts = {"options": 0, "loads": 0}

    def options(schema: Any) -> Any:
        counts["options"] += 1
        return _m3_values.options(schema)

    def loads(text: str) -> Any:
        counts["loads"] += 1
        return real_loads(text)

    real_loads = _m3_values.loads
    monkeypatch.setattr(minimax_m3, "options", options)
    monkeypatch.setattr(_m3_values, "loads", loads)
    wide = {"anyOf": [{"enum": list(range(2_000))}, {"type": "object"}, {"type": "array"}, {"type": "string"}]}
    tools = [{"name": "f", "parameters": {"type": "object", "properties": {
        "p": {"type": "object", "additionalProperties": wide}}}}]
    for n in (100, 400):
        counts.update(options=0, loads=0)
        kids = "".join(f"{NS}<k>[{NS}</k>" for _ in range(n))
        r = decode_text(_block({"p": kids}), D, tools=tools)
        assert r.tool_calls[0].args == {"p": {"k": ["["] * n}}
        assert counts == {"options": 2, "loads": n}


# The writer writes what the typed reader reads back, or refuses it at the value's path.
# vLLM types an integer parameter by ``value.parse::<i64>()`` (past it: the text as a
# string) and reads a number, and JSON inside an object or array, with serde_json without
# ``arbitrary_precision`` (its own comment says so): an i64 or u64 exactly, past it an f64.
I64_MIN, I64_MAX, U64_MAX = -(2**63), 2**63 - 1, 2**64 - 1
INTS = {"type": "object", "properties": {"n": {"type": "integer"}, "o": {"type": "object"},
                                         "l": {"type": "array", "items": {"type": "integer"}}}}


@pytest.mark.parametrize("args", [
    {"n": I64_MAX}, {"n": I64_MIN}, {"o": {"k": U64_MAX}}, {"o": {"k": I64_MIN}}, {"l": [1, U64_MAX]},
])
def test_integers_the_reader_reads_back_are_written(args: dict[str, Any]) -> None:
    text = encode_text([ToolCall("f", args, "c1")], D, variant="m3")
    got = decode_text(text, D, tools=[{"name": "f", "parameters": INTS}]).tool_calls[0].args
    assert got == args and all(type(got[k]) is type(v) for k, v in args.items())


@pytest.mark.parametrize(("args", "loc"), [
    ({"n": I64_MAX + 1}, "$[1].args.n"),  # an integer parameter would read it as the text "9223372036854775808"
    ({"n": I64_MIN - 1}, "$[1].args.n"),
    ({"n": 2**70}, "$[1].args.n"),
    ({"o": {"k": U64_MAX + 1}}, "$[1].args.o.k"),  # JSON inside: an f64 (1.8446744073709552e19)
    ({"o": {"k": [I64_MIN - 1]}}, "$[1].args.o.k[0]"),
    ({"l": [1, 10**25]}, "$[1].args.l[1]"),
])
def test_integers_past_64_bits_are_refused_at_their_path(args: dict[str, Any], loc: str) -> None:
    with pytest.raises(EncodeError) as info:
        encode_text([ToolCall("g"), ToolCall("f", args, "c1")], D, variant="m3")
    assert (info.value.loc, info.value.dialect) == (loc, D)
    assert "64-bit" in info.value.message


@pytest.mark.parametrize(("n", "words"), [
    # a "number" (or enum, const) parameter reads an integer below 2**64 back exactly (vLLM's
    # typing: JSON integers up to u64), an "integer" one reads it as text: the writer has no
    # schema to tell them apart, so it refuses and says so (the review: "is lost" was not true)
    (I64_MAX + 1, "an integer parameter reads it as text, a number parameter as this integer: the writer, "
                  "without the tools, cannot tell which this one is"),
    (U64_MAX, "an integer parameter reads it as text, a number parameter as this integer"),
    (U64_MAX + 1, "an integer parameter reads it as text, a number parameter as a float"),
    (I64_MIN - 1, "an integer parameter reads it as text, a number parameter as a float"),
])
def test_a_refused_top_level_integer_says_what_each_parameter_type_reads(n: int, words: str) -> None:
    with pytest.raises(EncodeError) as info:
        encode_text([ToolCall("f", {"n": n}, "c1")], D, variant="m3")
    assert words in info.value.message
