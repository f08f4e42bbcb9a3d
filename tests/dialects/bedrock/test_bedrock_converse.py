"""bedrock.converse: corpus payloads, round trips, prior-art failures, detection."""

from __future__ import annotations

import contextlib
import re
from typing import Any, Dict, List

import pytest
from hypothesis import given
from hypothesis import strategies as st

import toolwire
from corpus_data import files, load
from toolwire._codec import walk
from toolwire._dialect import CALL, OTHER, RESULT, SERVER, TOOL

D = "bedrock.converse"
ID_RE = re.compile(r"[a-zA-Z0-9_.:-]{1,64}")
NAME_RE = re.compile(r"[a-zA-Z0-9_-]{1,64}")
REQUESTS = files("bedrock-converse", kinds=("request",))


def canon(calls: List[Any]) -> List[Dict[str, Any]]:
    return [{"name": c.name, "args": c.args, "id": c.id} for c in calls]


def use(**kw: Any) -> Dict[str, Any]:
    return {
        "toolUse": {
            "toolUseId": "tooluse_Ze_bgl9CSqu8aJv7XD-_Dw",
            "name": "get_capital",
            "input": {"country": "France"},
            **kw,
        }
    }


def response(content: List[Any], stop: str = "tool_use") -> Dict[str, Any]:
    return {
        "output": {"message": {"role": "assistant", "content": content}},
        "stopReason": stop,
        "usage": {"inputTokens": 1, "outputTokens": 2, "totalTokens": 3},
        "metrics": {"latencyMs": 5},
    }


# --- the recorded corpus (calls, server calls and lossless re-encoding: tests/test_corpus.py) ---


@pytest.mark.parametrize("path", REQUESTS)
def test_corpus_request_results_and_tools(path: Any) -> None:
    doc = load(path)
    ids = [toolwire.decode_result(item, D).id for _, kind, item, _, _ in walk(doc["payload"]) if kind == RESULT]
    assert ids == doc["expected_tool_result_ids"]
    # toolConfig.tools is a union list: toolSpec | systemTool | cachePoint (a cache marker, no tool)
    specs = doc["payload"]["toolConfig"]["tools"]
    kinds = [toolwire.explain(s).kind for s in specs]
    defs = [s for s, k in zip(specs, kinds) if k == TOOL]
    assert all(k == OTHER and list(s) == ["cachePoint"] for s, k in zip(specs, kinds) if k != TOOL)
    tools = [toolwire.decode_tool(s) for s in defs]
    # the corpus lists the function tools (toolSpec), not Nova's systemTool
    assert [t.name for t, s in zip(tools, defs) if "toolSpec" in s] == doc["expected_tool_definitions"]
    assert [toolwire.encode_tool(t, D) for t in tools] == defs


def test_kimi_ids_from_bedrock_pass_unchanged() -> None:
    # Bedrock itself returns these (corpus pai-kimi-k2-thinking-call); botocore's pattern allows '.' and ':'
    call = toolwire.decode(use(toolUseId="functions.get_temperature:0"))
    assert toolwire.encode(call, D)["toolUse"]["toolUseId"] == "functions.get_temperature:0"


# --- canonical round trips ------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=10,
)
args_st = st.dictionaries(st.text(max_size=10), json_values, max_size=4)


@given(st.from_regex(NAME_RE, fullmatch=True), args_st, st.none() | st.from_regex(ID_RE, fullmatch=True))
def test_call_round_trip(name: str, args: Dict[str, Any], ident: Any) -> None:
    call = toolwire.ToolCall(name=name, args=args, id=ident)
    wire = toolwire.encode(call, D)
    assert list(wire) == ["toolUse"] and wire["toolUse"]["input"] == args
    back = toolwire.decode(wire, D)
    if ident is None:  # a fresh id of the target's form (the values: tests/test_contracts.py)
        assert back.id is not None and re.fullmatch(r"tooluse_[0-9A-Za-z]{22}", back.id)
    assert back == call.replace(id=ident or back.id)
    assert toolwire.decode(wire) == back


@given(
    st.from_regex(NAME_RE, fullmatch=True),
    st.none() | st.text(min_size=1, max_size=30),
    st.dictionaries(st.text(min_size=1, max_size=6), st.just({"type": "string"}), max_size=3),
    st.none() | st.booleans(),
)
def test_tool_round_trip(name: str, description: Any, props: Dict[str, Any], strict: Any) -> None:
    closed = {"additionalProperties": False} if strict else {}  # a strict tool's objects are closed
    tool = toolwire.Tool(
        name=name, description=description, parameters={"type": "object", "properties": props, **closed},
        strict=strict,
    )
    wire = toolwire.encode_tool(tool, D)
    assert wire["toolSpec"]["inputSchema"] == {"json": tool.parameters}
    assert toolwire.decode_tool(wire, D) == tool
    assert toolwire.decode_tool(wire) == tool


# text Converse takes: blank text blocks are refused (test_empty_results_are_refused); a
# drawn "\r" or " " failed this round trip under a random seed
TEXT = st.text(min_size=1, max_size=30).filter(str.strip)
parts_st = st.lists(  # (an empty text block is left out: see test_empty_results_are_refused)
    st.builds(lambda t: {"type": "text", "text": t}, st.text(min_size=1, max_size=12).filter(str.strip))
    | st.builds(lambda j: {"type": "json", "json": j}, st.dictionaries(st.text(max_size=5), json_values, max_size=3)),
    min_size=2,
    max_size=4,
)


@given(st.from_regex(ID_RE, fullmatch=True), TEXT | parts_st, st.booleans())
def test_result_round_trip(ident: str, content: Any, is_error: bool) -> None:
    result = toolwire.ToolResult(id=ident, content=content, is_error=is_error)
    wire = toolwire.encode_result(result, D)
    assert wire["toolResult"]["toolUseId"] == ident
    assert toolwire.decode_result(wire, D) == result
    assert toolwire.decode_result(wire) == result


CLEAR = {"messages": [
    {"role": "user", "content": "clear"},
    {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "clear", "arguments": "{}"}}]},
    {"role": "tool", "tool_call_id": "call_1", "content": ""}]}
EMPTY_MESSAGE = ("A bedrock.converse tool result needs content (Converse refuses empty and blank text blocks, and error "
                 "results without content): the result for 'call_1' holds none; give it some text (the tool's answer, or a "
                 "word saying there was none)")


@pytest.mark.parametrize("content", ["", [{"type": "text", "text": ""}], "  ", "\n",
                                     [{"type": "text", "text": " "}, {"type": "text", "text": ""}]])
@pytest.mark.parametrize("is_error", [False, True])
def test_empty_results_are_refused(content: Any, is_error: bool) -> None:
    # wire-formats §5g: Converse refuses blank text blocks ("text content blocks must be
    # non-empty") and an error toolResult without content; no placeholder is made up
    with pytest.raises(toolwire.EncodeError) as info:
        toolwire.encode_result(toolwire.ToolResult("call_1", "clear", content, is_error=is_error), D)
    assert str(info.value) == EMPTY_MESSAGE


def test_an_empty_result_in_a_conversation_is_sent_as_a_word_and_noted() -> None:
    # a tool without output is common; the history must still go (hermes-agent#55092)
    report: list = []
    out = toolwire.encode_conversation(CLEAR, D, report=report)
    assert out["messages"][2] == {"role": "user", "content": [
        {"toolResult": {"toolUseId": "call_1", "content": [{"text": "(no output)"}]}}]}
    assert [(p.kind, p.index, p.id) for p in report] == [("inserted", 2, "call_1")]
    assert report[0].message == ("The result for call_1 ('clear') in message 2 is empty, which bedrock.converse "
                                 "refuses: it is sent as '(no output)'")
    failed = {"messages": [
        {"role": "user", "content": "clear"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "call_1", "name": "clear", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "call_1", "is_error": True, "content": []}]}]}
    out = toolwire.encode_conversation(failed, D)
    assert out["messages"][2]["content"][0]["toolResult"] == {
        "toolUseId": "call_1", "content": [{"text": "(no output)"}], "status": "error"}


def test_an_empty_list_of_blocks_is_written_as_given_unless_an_error() -> None:
    assert toolwire.encode_result(toolwire.ToolResult("call_1", "f", []), D) == {
        "toolResult": {"toolUseId": "call_1", "content": []}}
    with pytest.raises(toolwire.EncodeError, match="needs content"):
        toolwire.encode_result(toolwire.ToolResult("call_1", "f", [], is_error=True), D)
    mixed = toolwire.ToolResult("call_1", "f", [{"type": "text", "text": ""}, {"type": "text", "text": "a"}])
    assert toolwire.encode_result(mixed, D) == {"toolResult": {"toolUseId": "call_1", "content": [{"text": "a"}]}}
    # "The text field in the ContentBlock object ... is blank": a whitespace-only block is left out too
    blank = toolwire.ToolResult("call_1", "f", [{"type": "text", "text": " \n"}, {"type": "json", "json": {"a": 1}}])
    assert toolwire.encode_result(blank, D) == {"toolResult": {"toolUseId": "call_1", "content": [{"json": {"a": 1}}]}}


# --- prior art (reference/prior-art.md §3) ------------------------------------------------


def test_ids_differing_after_nine_characters_stay_distinct() -> None:
    # vercel/ai #16182: truncating to the first characters made 'toolusebp…' ids collide
    long_a = "toolusebp" + "A" * 60 + "1"
    long_b = "toolusebp" + "A" * 60 + "2"
    ids = toolwire.IdMap(toolwire.get_dialect(D).ids, dialect=D)
    got = [
        toolwire.encode(toolwire.ToolCall(name="f", id=i), D, ids=ids)["toolUse"]["toolUseId"] for i in (long_a, long_b)
    ]
    assert got[0] != got[1]
    assert all(ID_RE.fullmatch(g) and g.startswith("tooluse_") for g in got)
    assert not any(g.startswith("toolusebp") for g in got)  # hashed, never truncated
    short = ["toolusebp_first", "toolusebp_second"]  # valid: unchanged and distinct
    assert [toolwire.encode(toolwire.ToolCall(name="f", id=i), D)["toolUse"]["toolUseId"] for i in short] == short


def test_result_id_maps_exactly_as_its_call() -> None:
    foreign = "call " + "x" * 70
    ids = toolwire.IdMap(toolwire.get_dialect(D).ids, dialect=D)
    call_id = toolwire.encode(toolwire.ToolCall(name="f", id=foreign), D, ids=ids)["toolUse"]["toolUseId"]
    result = toolwire.encode_result(toolwire.ToolResult(id=foreign, content="ok"), D, ids=ids)
    assert result["toolResult"]["toolUseId"] == call_id
    assert (
        toolwire.encode_result(toolwire.ToolResult(id=foreign, content="ok"), D)["toolResult"]["toolUseId"] == call_id
    )


def test_json_and_text_result_blocks_keep_their_kind() -> None:
    r = toolwire.ToolResult(
        id="tooluse_1", content=[{"type": "json", "json": {"temp": 22}}, {"type": "text", "text": "°C"}]
    )
    assert toolwire.encode_result(r, D)["toolResult"]["content"] == [{"json": {"temp": 22}}, {"text": "°C"}]
    assert toolwire.encode_result(toolwire.ToolResult(id="tooluse_1", content="22°C"), D)["toolResult"]["content"] == [
        {"text": "22°C"}
    ]
    wire = {"toolResult": {"toolUseId": "tooluse_1", "content": [{"json": {"temp": 22}}]}}
    assert toolwire.decode_result(wire).content == [{"type": "json", "json": {"temp": 22}}]


def test_error_status_is_is_error() -> None:
    wire = {"toolResult": {"toolUseId": "t_1", "content": [{"text": "bad country"}], "status": "error"}}
    r = toolwire.decode_result(wire)
    assert (r.id, r.content, r.is_error) == ("t_1", "bad country", True)
    assert toolwire.encode_result(r, D) == wire
    ok = {"toolResult": {"toolUseId": "t_1", "content": [{"text": "x"}], "status": "success"}}
    assert not toolwire.decode_result(ok).is_error
    assert toolwire.encode_result(toolwire.decode_result(ok), D) == ok


def test_empty_string_input_is_written_as_an_object() -> None:
    # pydantic-ai #1512, litellm PR #11550: a streamed no-argument call leaves input ""
    call = toolwire.decode(use(input=""), D)
    assert call.args == {} and call.repairs == ("empty-arguments",)
    assert toolwire.encode(call, D)["toolUse"]["input"] == {}


def test_unparseable_input_is_never_replayed_as_a_string() -> None:
    # vercel/ai #14442: "Provide a json object for the field"
    bad = response([use(input='{"country": "Fra')])
    with pytest.raises(toolwire.ArgumentsError):
        toolwire.decode_all(bad)
    kept = toolwire.decode_all(bad, invalid="keep")
    assert type(kept[0]).__name__ == "InvalidToolCall"
    assert (kept[0].name, kept[0].id) == ("get_capital", "tooluse_Ze_bgl9CSqu8aJv7XD-_Dw")
    with pytest.raises(toolwire.EncodeError, match="carries arguments as an object"):  # never {} (#15)
        toolwire.encode(kept[0], D)


# --- containers, server calls, truncation ----------------------------------------------------


def test_message_and_request_containers() -> None:
    msg = {"role": "assistant", "content": [{"text": "Let me look."}, use(), {"newKind2027": {}}]}
    assert [c.name for c in toolwire.decode_all(msg)] == ["get_capital"]
    assert [c.name for c in toolwire.decode_all([msg], D)] == ["get_capital"]
    req = {"messages": [{"role": "user", "content": [{"text": "hi"}]}, msg], "toolConfig": {"tools": []}}
    assert toolwire.explain(req).dialect == D
    assert [c.name for c in toolwire.decode_all(req)] == ["get_capital"]


def test_server_tool_use_is_not_a_client_call() -> None:
    srv = {
        "toolUse": {
            "toolUseId": "tooluse_s1",
            "name": "nova_code_interpreter",
            "input": {"snippet": "1+1"},
            "type": "server_tool_use",
        }
    }
    res = {
        "toolResult": {
            "toolUseId": "tooluse_s1",
            "content": [{"json": {"stdOut": "2"}}],
            "type": "nova_code_interpreter_result",
        }
    }
    body = response([srv, res, use(type="tool_use")])
    assert [c.name for c in toolwire.decode_all(body)] == ["get_capital"]
    every = toolwire.decode_all(body, include_server=True)
    assert [(c.id, c.server) for c in every] == [("tooluse_s1", True), ("tooluse_Ze_bgl9CSqu8aJv7XD-_Dw", False)]
    assert toolwire.encode(every[0], D) == srv
    assert toolwire.encode(every[1], D) == use(type="tool_use")
    web = toolwire.decode({"type": "web_search_call", "id": "ws_1", "status": "completed", "action": {}})
    with pytest.raises(toolwire.EncodeError, match="run by another provider"):
        toolwire.encode(web, D)


def test_nova_server_result_in_the_assistant_message_is_not_a_client_result() -> None:
    # docs.aws.amazon.com/nova/latest/userguide/tool-built-in.html: the code interpreter's call and
    # its result come back in one assistant message; the result once counted as a client result
    # (corpus request-pai-nova-2-lite-server-tool-result-in-assistant)
    srv = {
        "toolUse": {
            "input": {
                "code": "'''Calculate the average of the given numbers.'''\nnumbers = [10, 24, 2, 3, 43, 52, 13, 68, 6, 7, 902, 82]\nsum_numbers = sum(numbers)\ncount = len(numbers)\naverage = sum_numbers / count\n(sum_numbers, count, average)"
            },
            "name": "nova_code_interpreter",
            "toolUseId": "tooluse_WytfF0g1S5qUeEPm0ptOdQ",
            "type": "server_tool_use",
        }
    }
    res = {
        "toolResult": {
            "content": [{"text": '{"stdOut":"(1212, 12, 101.0)","stdErr":"","exitCode":0,"isError":false}'}],
            "status": "success",
            "toolUseId": "tooluse_WytfF0g1S5qUeEPm0ptOdQ",
            "type": "nova_code_interpreter_result",
        }
    }
    client = use()
    answer = {"toolResult": {"toolUseId": "tooluse_Ze_bgl9CSqu8aJv7XD-_Dw", "content": [{"text": "Paris"}]}}
    request = {
        "messages": [
            {"role": "user", "content": [{"text": "What is the average of 10, 24, 2, 3, 43, 52, 13, 68, 6, 7, 902, 82"}]},
            {"role": "assistant", "content": [srv, res, client]},
            {"role": "user", "content": [answer]},
        ],
        "toolConfig": {"tools": [{"systemTool": {"name": "nova_code_interpreter"}}]},
    }
    items = [(k, item) for _, k, item, _, _ in walk(request)]
    assert [k for k, _ in items] == [OTHER, SERVER, OTHER, CALL, RESULT]
    assert items[2][1] == res  # passed through as it came
    assert toolwire.explain(res)[:2] == (D, OTHER)
    assert [toolwire.decode_result(i, D).id for k, i in items if k == RESULT] == ["tooluse_Ze_bgl9CSqu8aJv7XD-_Dw"]
    with pytest.raises(toolwire.DecodeError, match="not a tool result"):
        toolwire.decode_result(res, D)  # never handed over as the answer to a client call
    every = toolwire.decode_all(request, include_server=True)
    assert [(c.id, c.server) for c in every] == [
        ("tooluse_WytfF0g1S5qUeEPm0ptOdQ", True),
        ("tooluse_Ze_bgl9CSqu8aJv7XD-_Dw", False),
    ]
    assert [toolwire.encode(c, D) for c in every] == [srv, client]
    # a client result stays a result, with or without a "type"
    assert toolwire.explain(answer)[:2] == (D, RESULT)
    typed = {"toolResult": {**answer["toolResult"], "type": "tool_result"}}
    assert toolwire.encode_result(toolwire.decode_result(typed), D) == typed


def test_cache_point_among_tools_is_a_marker_not_a_tool() -> None:
    # docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html: a cachePoint after the tools
    # (corpus request-pai-claude-sonnet-4-5-cache-point-history)
    tools = [
        {
            "toolSpec": {
                "name": "top_song",
                "description": "Get the most popular song played on a radio station.",
                "inputSchema": {
                    "json": {
                        "type": "object",
                        "properties": {
                            "sign": {
                                "type": "string",
                                "description": "The call sign for the radio station for which you want the most popular song. Example calls signs are WZPZ and WKRP.",
                            }
                        },
                        "required": ["sign"],
                    }
                },
            }
        },
        {"cachePoint": {"type": "default"}},
    ]
    assert [toolwire.explain(t)[:2] for t in tools] == [(D, TOOL), (D, OTHER)]
    assert "cache marker" in toolwire.explain(tools[1]).reason
    assert toolwire.encode_tool(toolwire.decode_tool(tools[0]), D) == tools[0]
    with pytest.raises(toolwire.DecodeError, match="not a tool definition"):
        toolwire.decode_tool(tools[1], D)


def test_max_tokens_marks_calls_as_cut_off() -> None:
    body = response([use()], stop="max_tokens")
    with pytest.raises(toolwire.ArgumentsError, match="token limit"):
        toolwire.decode_all(body)
    assert toolwire.decode_all(body, allow_truncated=True)[0].repairs == ("truncated",)


# --- detection and errors ----------------------------------------------------------------------


def test_detection_against_lookalikes() -> None:
    responses_body = {
        "object": "response",
        "output": [{"type": "function_call", "call_id": "c", "name": "f", "arguments": "{}"}],
    }
    assert toolwire.detect(responses_body) == "openai.responses"
    assert toolwire.detect(response([use()])) == D
    assert toolwire.detect({"role": "user", "content": [{"text": "hi"}]}) == D
    assert toolwire.detect({"toolSpec": {"name": "f", "inputSchema": {"json": {}}}}) == D
    assert toolwire.detect({"name": "f", "inputSchema": {"json": {"type": "object"}}}) == D
    assert toolwire.detect({"name": "f", "inputSchema": {"type": "object"}}) != D  # an MCP tool
    assert toolwire.detect({"role": "user", "content": [{"type": "text", "text": "hi"}]}) != D


@pytest.mark.parametrize("role", ["assistant", "user"])
def test_an_empty_converse_message_named_as_converse_has_no_calls(role: str) -> None:
    """Converse ``Message`` is ``{role, content: [ContentBlock]}``; ``encode_message([],
    "bedrock.converse")`` wrote ``content: []`` (now refused: Converse refuses it too) and
    convert.md's "no calls" column says ``[]``. Named as Converse it raised, "it looks like
    anthropic.messages"."""
    empty = {"role": role, "content": []}
    assert toolwire.decode_all(empty, D) == []
    with pytest.raises(toolwire.EncodeError, match="needs a content block"):  # not written (fuzzkit FK-6)
        toolwire.encode_message([], D)
    assert toolwire.decode_all(empty, "anthropic.messages") == []  # Anthropic's too (test_wrong_dialect)
    assert toolwire.detect(empty) == "anthropic.messages"  # detection is unchanged
    # a Chat message with an empty content beside its calls is no empty Converse message
    chat = {"role": "assistant", "content": [], "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}
    assert [c.name for c in toolwire.decode_all(chat)] == ["f"]
    with pytest.raises(toolwire.DecodeError, match=r"not a bedrock\.converse payload"):
        toolwire.decode_all(chat, D)


def test_explicit_dialect_rejects_other_dialects_naming_them() -> None:
    with pytest.raises(
        toolwire.DecodeError, match=r"not a bedrock\.converse payload: it looks like anthropic\.messages"
    ):
        toolwire.decode({"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}, D)
    with pytest.raises(toolwire.DecodeError, match=r"it looks like bedrock\.converse"):
        toolwire.decode(use(), "anthropic.messages")


def test_system_tool_keeps_its_shape() -> None:
    spec = {"systemTool": {"name": "nova_grounding"}}
    tool = toolwire.decode_tool(spec)
    assert tool.name == "nova_grounding" and toolwire.encode_tool(tool, D) == spec


@pytest.mark.parametrize(
    "bad",
    [
        use(name=5),
        use(input=[1]),
        use(toolUseId=["x"]),
        {"toolUse": "nope"},
        response([1]),
        {"output": {"message": None}},
        {"output": {"message": {"content": "text"}}},
        {"toolResult": {"toolUseId": "x", "content": "text"}},
        {"toolResult": {"toolUseId": "x", "content": [{"text": "a", "json": {}}]}},
        {"toolSpec": {"name": "f", "inputSchema": {"json": 3}}},
        {"toolSpec": {"name": None}},
        {"messages": [3], "toolConfig": {}},
    ],
)
def test_malformed_shapes_raise_only_toolwire_errors(bad: Any) -> None:
    for fn in (toolwire.decode, toolwire.decode_all, toolwire.decode_tool, toolwire.decode_result):
        for kw in ({}, {"dialect": D}):
            with contextlib.suppress(toolwire.ToolwireError):
                fn(bad, **kw)


bedrockish = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "toolUse",
                    "toolUseId",
                    "name",
                    "input",
                    "type",
                    "toolResult",
                    "content",
                    "status",
                    "json",
                    "text",
                    "output",
                    "message",
                    "role",
                    "messages",
                    "toolConfig",
                    "toolSpec",
                    "inputSchema",
                    "stopReason",
                ]
            ),
            inner | st.just("server_tool_use"),
            max_size=5,
        )
    ),
    max_leaves=25,
)


@given(bedrockish)
def test_fuzzed_bedrock_shapes_raise_only_toolwire_errors(value: Any) -> None:
    for fn in (toolwire.decode, toolwire.decode_all, toolwire.decode_tool, toolwire.decode_result):
        for kw in ({}, {"dialect": D}):
            with contextlib.suppress(toolwire.ToolwireError):
                fn(value, **kw)


def test_a_bad_block_of_a_single_message_names_its_place() -> None:
    # a bare Converse message (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Message.html)
    msg = {"role": "assistant", "content": [{"text": "…"}, {"toolUse": {"toolUseId": "t1", "name": 5, "input": {}}}]}
    with pytest.raises(toolwire.DecodeError) as exc:
        toolwire.decode_all(msg, D)
    assert (exc.value.message, exc.value.loc, exc.value.dialect) == (
        "Tool name at $.content[1].toolUse.name must be a non-empty string, got 5", "$.content[1].toolUse.name", D)


def test_a_call_read_by_the_general_path_has_no_provider_data() -> None:
    # no toolUseId, or the input as JSON text: nothing beyond name, id and arguments to keep
    for block, ident in (({"toolUse": {"name": "f", "input": {"a": 1}}}, None),
                         ({"toolUse": {"toolUseId": "t1", "name": "f", "input": '{"a": 1}'}}, "t1")):
        call = toolwire.decode(block, D)
        assert (call.name, call.id, call.args, call.provider_data) == ("f", ident, {"a": 1}, {})


def test_a_server_tool_use_is_not_returned_as_a_client_call() -> None:
    """A ``toolUse`` of ``type: server_tool_use`` is run by Bedrock: left out by default
    (the one-step reader of plain calls must not take it), returned when asked for."""
    use = {"toolUseId": "tooluse_1", "name": "web_search", "input": {"q": "x"}, "type": "server_tool_use"}
    message = {"role": "assistant", "content": [{"toolUse": use}]}
    assert toolwire.decode_all(message) == []
    [call] = toolwire.decode_all(message, include_server=True)
    assert (call.name, call.args, call.id, call.server) == ("web_search", {"q": "x"}, "tooluse_1", True)


def test_a_history_with_a_system_prompt_goes_back_as_it_came() -> None:
    from toolwire.conversation import decode_conversation, encode_conversation

    history = {"system": [{"text": "Be brief."}],
               "messages": [{"role": "user", "content": [{"text": "Weather in Paris?"}]}]}
    conv = decode_conversation(history, "bedrock.converse")
    assert conv.messages[0].role == "system"
    assert encode_conversation(conv, "bedrock.converse") == history


def test_boto3_bytes_in_a_tool_result_are_read_as_base64() -> None:
    """boto3 gives an image or document ``source.bytes`` as bytes; Converse's JSON form is
    base64 (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ImageSource.html)."""
    item = {"toolResult": {"toolUseId": "t1", "content": [
        {"image": {"format": "png", "source": {"bytes": b"\x89PNG\r\n"}}},
        {"document": {"format": "pdf", "name": "report", "source": {"bytes": b"%PDF-1.7"}}},
    ]}}
    r = toolwire.decode_result(item, "bedrock.converse")
    assert r.content == [
        {"type": "image", "image": {"format": "png", "source": {"bytes": "iVBORw0K"}}},
        {"type": "document", "document": {"format": "pdf", "name": "report", "source": {"bytes": "JVBERi0xLjc="}}},
    ]
    assert toolwire.encode_result(r, "anthropic.messages")["content"][0] == {
        "type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0K"}}
