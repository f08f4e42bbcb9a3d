"""text.minimax, MiniMax M3: ]<]minimax[>[ nested elements (payloads of vLLM's M3 parser tests)."""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check, decode_cpu

from toolwire import InvalidToolCall
from toolwire._errors import EncodeError
from toolwire.text._api import decode_text, encode_text

D = "text.minimax"
NS = "]<]minimax[>["
# vLLM tests/tool_parsers/test_minimax_m3_tool_parser.py: sample_tools() and build_order_call()
TOOLS = [{"type": "function", "function": {"name": "create_order", "parameters": {"type": "object", "properties": {
    "user_id": {"type": "integer"}, "urgent": {"type": "boolean"}, "note": {"type": "string"},
    "shipping": {"type": "object", "properties": {"city": {"type": "string"}, "zip": {"type": "integer"}}},
    "items": {"type": "array", "items": {"type": "object", "properties": {
        "sku": {"type": "string"}, "qty": {"type": "integer"}}}},
    "metadata": {"type": "object", "additionalProperties": {"type": "string"}},
    "duplicate_demo": {"type": "object"}}}}}]
ORDER = (
    f"{NS}<tool_call>\n"
    f'{NS}<invoke name="create_order">'
    f"{NS}<user_id>42{NS}</user_id>"
    f"{NS}<urgent>true{NS}</urgent>"
    f"{NS}<note>Please leave at front desk.{NS}</note>"
    f"{NS}<shipping>"
    f"{NS}<city>Singapore{NS}</city>"
    f"{NS}<zip>018956{NS}</zip>"
    f"{NS}</shipping>"
    f"{NS}<items>"
    f"{NS}<item>{NS}<sku>book-001{NS}</sku>{NS}<qty>2{NS}</qty>{NS}</item>"
    f"{NS}<item>{NS}<sku>pen-007{NS}</sku>{NS}<qty>5{NS}</qty>{NS}</item>"
    f"{NS}</items>"
    f"{NS}<metadata>"
    f"{NS}<source>mobile{NS}</source>"
    f"{NS}<campaign>may-launch{NS}</campaign>"
    f"{NS}</metadata>"
    f"{NS}<duplicate_demo>"
    f"{NS}<tag>a{NS}</tag>"
    f"{NS}<tag>b{NS}</tag>"
    f"{NS}</duplicate_demo>"
    f"{NS}</invoke>\n"
    f"{NS}</tool_call>"
)
ORDER_ARGS = {
    "user_id": 42, "urgent": True, "note": "Please leave at front desk.",
    "shipping": {"city": "Singapore", "zip": 18956},
    "items": [{"sku": "book-001", "qty": 2}, {"sku": "pen-007", "qty": 5}],
    "metadata": {"source": "mobile", "campaign": "may-launch"},
    "duplicate_demo": {"tag": ["a", "b"]},
}


def _inv(uid: int) -> str:
    return f'{NS}<invoke name="create_order">{NS}<user_id>{uid}{NS}</user_id>{NS}</invoke>'


def test_nested_call_typed_as_vllm_types_it() -> None:
    check("I will create it.\n" + ORDER, D, "I will create it.", None, [C("create_order", ORDER_ARGS)], tools=TOOLS)


def test_without_tools_an_element_list_is_an_object_and_text_stays_text() -> None:
    r = decode_text(ORDER, D)
    (call,) = r.tool_calls
    assert call.args["items"] == {"item": [{"sku": "book-001", "qty": 2}, {"sku": "pen-007", "qty": 5}]}
    assert call.args["shipping"] == {"city": "Singapore", "zip": "018956"}  # not JSON: a zip code stays text


def test_several_invokes_in_one_block() -> None:
    text = f"{NS}<tool_call>\n{_inv(1)}\n{_inv(2)}\n{NS}</tool_call>"
    check(text, D, None, None, [C("create_order", {"user_id": 1}), C("create_order", {"user_id": 2})], tools=TOOLS)


def test_rust_parser_payloads() -> None:
    # vLLM rust/src/tool-parser/src/minimax_m3.rs tests: multiline leaf, schema array of
    # differently named children, mixed text kept under $text ($$text on a collision)
    tools = [{"name": "calc", "parameters": {"type": "object", "properties": {
        "shape": {"type": "string"}, "precision": {"type": "integer"},
        "arr": {"type": "array", "items": {"type": "integer"}}}}}]
    text = (f'{NS}<tool_call>\n{NS}<invoke name="calc">{NS}<shape>\nrectangle\n{NS}</shape>'
            f"{NS}<precision>2{NS}</precision>{NS}<arr>{NS}<x>1{NS}</x>{NS}<x>2{NS}</x>{NS}</arr>"
            f"{NS}<payload>text{NS}<$text>child text{NS}</$text>{NS}<child>value{NS}</child>{NS}</payload>"
            f"{NS}</invoke>\n{NS}</tool_call>")
    check(text, D, None, None, [C("calc", {"shape": "\nrectangle\n", "precision": 2, "arr": [1, 2],
                                            "payload": {"$text": "child text", "child": "value", "$$text": "text"}})],
          tools=tools)


def test_cut_off_block_is_truncated() -> None:
    text = f'plain {NS}<tool_call>\n{_inv(1)}\n{NS}<invoke name="create_order">{NS}<user_id>2'
    r = decode_text(text, D)
    assert r.content == "plain"
    # the invoke that closed before the cut is whole; the cut one is named by its own tag
    assert r.tool_calls[1:] == (Invalid("create_order", truncated=True),)
    assert r.tool_calls[0] == C("create_order", {"user_id": 1})


@pytest.mark.parametrize("inner", [
    f"{NS}</user_id>",  # vLLM: a malformed block fails
    f'{NS}<invoke name="f">{NS}<a>1{NS}</b>{NS}</invoke>',  # closing tag of another element
    f'{NS}<invoke name="f">{NS}<a>1{NS}</a>I need the city above.{NS}<b>2{NS}</b>{NS}</invoke>',  # vLLM drops b
    f'{NS}<invoke name="f">{NS}<a>1{NS}</a>',  # invoke not closed in a closed block
    f'{NS}<invoke name="f">{NS}<>1{NS}</>{NS}</invoke>',
])
def test_malformed_block_is_an_invalid_call_never_content(inner: str) -> None:
    text = f"{NS}<tool_call>\n{inner}\n{NS}</tool_call>"
    r = decode_text(text, D)
    assert r.content is None
    assert len(r.tool_calls) == 1 and isinstance(r.tool_calls[0], type(decode_text(
        f"{NS}<tool_call>{NS}</x>{NS}</tool_call>", D).tool_calls[0]))
    assert r.tool_calls[0].raw == text


@pytest.mark.parametrize(("levels", "kw"), [(20, {"max_depth": 16}), (250, {}), (5000, {"max_depth": 100_000})])
def test_depth_limit(levels: int, kw: dict[str, int]) -> None:
    deep = "".join(f"{NS}<a>" for _ in range(levels)) + "1" + "".join(f"{NS}</a>" for _ in range(levels))
    text = f'{NS}<tool_call>{NS}<invoke name="f">{deep}{NS}</invoke>{NS}</tool_call>'
    assert decode_text(text, D, **kw).tool_calls == (Invalid("f"),)


def test_encode_m3_reads_back() -> None:
    calls = [C("create_order", {"note": " leave it \n", "user_id": 7, "shipping": {"zip": 18956}, "tags": ["a"]}),
             C("now")]
    text = encode_text(calls, D, variant="m3")
    assert text.startswith(f'{NS}<tool_call>\n{NS}<invoke name="create_order">{NS}<note> leave it \n{NS}</note>')
    assert decode_text(text, D).tool_calls == tuple(calls)
    with pytest.raises(EncodeError):
        encode_text([C("f", {"s": f"x{NS}y"})], D, variant="m3")
    with pytest.raises(EncodeError):
        encode_text([C("f", {"/s": 1})], D, variant="m3")


@pytest.mark.parametrize("unit", [
    f"{NS}<a{{0}}>x{NS}</a{{0}}>", f"{NS}<a>", f"{NS}<a>{NS}<b>1{NS}</b>", f'{NS}<invoke name="f">{NS}</invoke>\n',
    f"{NS}<item{{}}>",
])
def test_m3_blocks_scale_linearly(unit: str) -> None:
    def text(n: int) -> str:
        body = "".join(unit.format(i) for i in range(n))
        return f'{NS}<tool_call>{NS}<invoke name="f">{body}{NS}</invoke>{NS}</tool_call>'

    assert decode_cpu(text(8_000), D) < 8 * decode_cpu(text(2_000), D) + 0.05  # 4x the text: about 4x the time


_M3_TOOLS = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": {
    "a": {"type": "array", "items": {"type": "integer"}}, "p": {"type": "object"}}}}},
    {"type": "function", "function": {"name": "g", "parameters": {"type": "object", "properties": {
        "q": {"type": "integer"}}}}}]


@pytest.mark.parametrize("first", [f'{NS}<p>{{"x": 1, "x": 2}}{NS}</p>', f"{NS}<p>{{}}{NS}</p>{NS}<p>{{}}{NS}</p>"],
                         ids=["repeated-key", "parameter-twice"])
def test_broken_markup_after_a_wrong_value_still_ends_the_block(first: str) -> None:
    # text beside a list's items is broken markup: the block ends there (g never runs),
    # whether or not a value before it in the same invoke was already wrong (review
    # revDupkeys3 R1: after a repeat the rest of the invoke went unread and g ran)
    text = (f"{NS}<tool_call>\n{NS}<invoke name=\"f\">{first}"
            f"{NS}<a>{NS}<item>1{NS}</item>stray words{NS}<item>2{NS}</item>{NS}</a>{NS}</invoke>\n"
            f"{NS}<invoke name=\"g\">{NS}<q>5{NS}</q>{NS}</invoke>\n{NS}</tool_call>")
    calls = decode_text(text, "text.minimax", tools=_M3_TOOLS, finish_reason="stop").tool_calls
    assert [type(c) for c in calls] == [InvalidToolCall], calls
