"""anthropic.messages: corpus payloads, round trips, prior-art failures, detection."""

from __future__ import annotations

import contextlib
import re
from typing import Any, Dict, List

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import toolwire
from corpus_data import files, load
from toolwire._codec import walk
from toolwire._dialect import OTHER, RESULT, SERVER

D = "anthropic.messages"
ID_RE = re.compile(r"[a-zA-Z0-9_-]+")
NAME_RE = re.compile(r"[a-zA-Z0-9_-]{1,128}")
REQUESTS = files("anthropic-messages", kinds=("request",))


def canon(calls: List[Any]) -> List[Dict[str, Any]]:
    return [{"name": c.name, "args": c.args, "id": c.id} for c in calls]


def block(**kw: Any) -> Dict[str, Any]:
    return {"type": "tool_use", "id": "toolu_01A", "name": "get_weather", "input": {"city": "Paris"}, **kw}


def message(content: List[Any], stop_reason: str = "tool_use") -> Dict[str, Any]:
    return {
        "id": "msg_01",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-5",
        "content": content,
        "stop_reason": stop_reason,
        "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": 5},
    }


# --- the recorded corpus (calls, server calls and lossless re-encoding: tests/test_corpus.py) ---


@pytest.mark.parametrize("path", REQUESTS)
def test_corpus_request_results_and_tools(path: Any) -> None:
    doc = load(path)
    results = [toolwire.decode_result(item, D) for _, kind, item, _, _ in walk(doc["payload"]) if kind == RESULT]
    assert [r.id for r in results] == doc["expected_tool_result_ids"]
    assert all(
        toolwire.encode_result(r, D) == item
        for r, (_, kind, item, _, _) in zip(results, [w for w in walk(doc["payload"]) if w[1] == RESULT])
    )
    tools = [toolwire.decode_tool(t) for t in doc["payload"]["tools"]]
    assert [t.name for t in tools] == doc["expected_tool_definitions"]
    assert [toolwire.encode_tool(t, D) for t in tools] == doc["payload"]["tools"]


def test_request_history_gives_the_assistant_calls_with_explicit_dialect() -> None:
    history = [
        {"role": "user", "content": "What is the weather in Paris?"},
        {"role": "assistant", "content": [{"type": "text", "text": "Checking."}, block()]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_01A", "content": "22°C"}]},
        {"role": "assistant", "content": "It is 22°C."},
    ]
    expected = [{"name": "get_weather", "args": {"city": "Paris"}, "id": "toolu_01A"}]
    assert canon(toolwire.decode_all(history, D)) == expected
    assert canon(toolwire.decode_all(history)) == expected
    assert canon(toolwire.decode_all({"model": "claude-x", "max_tokens": 10, "messages": history}, D)) == expected


# --- canonical round trips ------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=10,
)
args_st = st.dictionaries(st.text(max_size=10), json_values, max_size=4)
names_st = st.from_regex(NAME_RE, fullmatch=True)
ids_st = st.none() | st.from_regex(ID_RE, fullmatch=True)


@given(names_st, args_st, ids_st)
def test_call_round_trip(name: str, args: Dict[str, Any], ident: Any) -> None:
    call = toolwire.ToolCall(name=name, args=args, id=ident)
    wire = toolwire.encode(call, D)
    assert wire["type"] == "tool_use" and wire["input"] == args
    back = toolwire.decode(wire, D)
    if ident is None:  # a fresh id of the target's form (the values: tests/test_contracts.py)
        assert back.id is not None and re.fullmatch(r"toolu_[0-9A-Za-z]{24}", back.id)
    assert back == call.replace(id=ident or back.id)


@given(
    names_st,
    st.none() | st.text(max_size=30),
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
    assert wire["input_schema"] == tool.parameters
    assert toolwire.decode_tool(wire, D) == tool
    assert toolwire.decode_tool(wire) == tool


# blank text is refused by Anthropic and never written (test_blank_result_text_is_left_out_or_refused)
solid_text = st.text(max_size=20).filter(str.strip)
text_parts = st.lists(st.builds(lambda t: {"type": "text", "text": t}, solid_text), min_size=1, max_size=3)


@given(st.from_regex(ID_RE, fullmatch=True), st.just("") | st.text(max_size=30).filter(str.strip) | text_parts,
       st.booleans())
def test_result_round_trip(ident: str, content: Any, is_error: bool) -> None:
    result = toolwire.ToolResult(id=ident, content=content, is_error=is_error and content != "")  # (empty: refused)
    wire = toolwire.encode_result(result, D)
    assert wire["tool_use_id"] == ident
    assert toolwire.decode_result(wire, D) == result
    assert toolwire.decode_result(wire) == result


BLANK_MESSAGE = ('An anthropic.messages tool result cannot be blank (Anthropic: "text content blocks must contain '
                 'non-whitespace text"): the result for \'toolu_1\' holds only empty or whitespace text; give it some '
                 "text (the tool's answer, or a word saying there was none)")


@pytest.mark.parametrize("blank", ["", " ", "\n\t"])
def test_blank_result_text_is_left_out_or_refused(blank: str) -> None:
    """Anthropic answers 400 "text content blocks must be non-empty" for an empty text
    block and "... must contain non-whitespace text" for a whitespace-only one
    (anthropic-sdk-python ``TextBlockParam``: ``{"type": "text", "text"}``)."""
    beside = toolwire.ToolResult("toolu_1", "f", [{"type": "text", "text": blank}, {"type": "text", "text": "ok"}])
    assert toolwire.encode_result(beside, D) == {
        "type": "tool_result", "tool_use_id": "toolu_1", "content": [{"type": "text", "text": "ok"}]}
    alone = [toolwire.ToolResult("toolu_1", "f", [{"type": "text", "text": blank}] * 2)]
    if blank:
        alone.append(toolwire.ToolResult("toolu_1", "f", blank))
    for result in alone:
        with pytest.raises(toolwire.EncodeError) as info:
            toolwire.encode_result(result, D)
        assert str(info.value) == BLANK_MESSAGE
    # an empty string result (no text block at all) goes as it is
    assert toolwire.encode_result(toolwire.ToolResult("toolu_1", "f", ""), D)["content"] == ""


# --- prior art (reference/prior-art.md §3) ------------------------------------------------


def test_start_block_placeholder_input_is_no_arguments() -> None:
    call = toolwire.decode(block(input={}))
    assert call.args == {} and call.repairs == ()


def test_empty_string_input_becomes_an_object_on_re_encode() -> None:
    # litellm #5063 / pydantic-ai #1512: "" from a no-argument stream must never be replayed
    call = toolwire.decode(block(input=""), D)
    assert call.args == {} and call.repairs == ("empty-arguments",)
    assert toolwire.encode(call, D)["input"] == {}


def test_leading_empty_object_from_a_naive_accumulator() -> None:
    # litellm #4537: the start block's {} glued in front of the streamed input
    call = toolwire.decode(block(input='{}{"city": "Paris"}'), D)
    assert call.args == {"city": "Paris"} and call.repairs == ("leading-empty-object",)


def test_string_arguments_are_written_as_an_object() -> None:
    # vercel/ai #6136: tool_use.input must be a dictionary
    chat = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}
    assert toolwire.encode(toolwire.decode(chat), D)["input"] == {"a": 1}


@pytest.mark.parametrize("foreign", ["call_abc.def:0", "functions.write_todos:0", "llm_version:0", "a b", "ü"])
def test_foreign_ids_map_by_hash_into_the_charset(foreign: str) -> None:
    call = toolwire.ToolCall(name="write_todos", args={}, id=foreign)
    got = toolwire.encode(call, D)["id"]
    assert ID_RE.fullmatch(got)
    assert got != re.sub(r"[^a-zA-Z0-9_-]", "_", foreign)  # never character replacement
    assert got == toolwire.encode(call.replace(args={"x": 1}), D)["id"]  # id only, stable
    result = toolwire.ToolResult(id=foreign, content="ok")
    assert toolwire.encode_result(result, D)["tool_use_id"] == got


def test_replacement_lookalikes_stay_distinct_in_one_conversation() -> None:
    ids = toolwire.IdMap(toolwire.get_dialect(D).ids, dialect=D)
    a = toolwire.encode(toolwire.ToolCall(name="f", id="call_abc.def:0"), D, ids=ids)["id"]
    b = toolwire.encode(toolwire.ToolCall(name="f", id="call_abc_def_0"), D, ids=ids)["id"]
    assert b == "call_abc_def_0" and a != b


def test_valid_foreign_ids_pass_unchanged() -> None:
    for ident in ("call_sS3HqJ2", "toolu_vrtx_01X", "toolu_bdrk_01Y", "tooluse_Ze_bgl9CSqu8aJv7XD-_Dw"):
        assert toolwire.encode(toolwire.ToolCall(name="f", id=ident), D)["id"] == ident


# --- containers, server calls, truncation -----------------------------------------------------


def test_message_with_text_thinking_and_calls() -> None:
    msg = message(
        [
            {"type": "thinking", "thinking": "hmm", "signature": "sig"},
            {"type": "text", "text": "Let me check."},
            block(),
            block(id="toolu_01B", name="get_time", input={}, caller={"type": "direct"}),
        ]
    )
    calls = toolwire.decode_all(msg)
    assert canon(calls) == [
        {"name": "get_weather", "args": {"city": "Paris"}, "id": "toolu_01A"},
        {"name": "get_time", "args": {}, "id": "toolu_01B"},
    ]
    assert toolwire.encode(calls[1], D)["caller"] == {"type": "direct"}


def test_unknown_block_types_are_passed_over() -> None:
    msg = message([{"type": "compaction_2027", "data": 1}, block()])
    assert [c.id for c in toolwire.decode_all(msg)] == ["toolu_01A"]


def test_server_tool_use_is_not_a_client_call() -> None:
    srv = {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search", "input": {"query": "x"}}
    mcp = {"type": "mcp_tool_use", "id": "mcptoolu_01", "name": "ask", "server_name": "wiki", "input": {}}
    msg = message([srv, {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01", "content": []}, mcp])
    assert toolwire.decode_all(msg) == []
    every = toolwire.decode_all(msg, include_server=True)
    assert [(c.id, c.server) for c in every] == [("srvtoolu_01", True), ("mcptoolu_01", True)]
    assert [toolwire.encode(c, D) for c in every] == [srv, mcp]
    assert toolwire.explain(srv).kind == SERVER


def test_another_providers_server_call_is_not_replayed() -> None:
    web = {"type": "web_search_call", "id": "ws_1", "status": "completed", "action": {"query": "x"}}
    call = toolwire.decode(web)
    assert call.server
    with pytest.raises(toolwire.EncodeError, match="run by another provider"):
        toolwire.encode(call, D)


def test_max_tokens_marks_the_message_calls_as_cut_off() -> None:
    msg = message([block(), block(id="toolu_01B", input={"city": "Ro"})], stop_reason="max_tokens")
    with pytest.raises(toolwire.ArgumentsError) as info:
        toolwire.decode_all(msg)
    assert info.value.truncated and "token limit (max_tokens)" in str(info.value)
    kept = toolwire.decode_all(msg, invalid="keep")
    # only the last call may be cut off: the model went on past the first (session 46)
    assert [(type(c).__name__, c.name, c.id) for c in kept] == [
        ("ToolCall", "get_weather", "toolu_01A"),
        ("InvalidToolCall", "get_weather", "toolu_01B"),
    ]
    assert kept[1].truncated  # type: ignore[union-attr]
    accepted = toolwire.decode_all(msg, allow_truncated=True)
    assert [c.repairs for c in accepted] == [(), ("truncated",)]
    assert canon(toolwire.decode_all(message([block()], stop_reason="end_turn"))) == canon([toolwire.decode(block())])


# --- tools and results ----------------------------------------------------------------------


def test_server_tool_definition_keeps_its_fields() -> None:
    spec = {"type": "web_search_20250305", "name": "web_search", "max_uses": 3}
    tool = toolwire.decode_tool(spec)
    assert (tool.name, tool.parameters) == ("web_search", None)
    assert toolwire.encode_tool(tool, D) == spec


def test_tool_search_tool_definition_has_digits_in_its_versioned_type() -> None:
    # platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool: the "bm25" in the type
    # once made the definition match no dialect (corpus request-pai-sonnet-4-5-server-tool-search-history)
    tools = [
        {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"},
        {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
        {
            "name": "get_weather",
            "description": "Get the weather at a specific location",
            "input_schema": {
                "type": "object",
                "properties": {"location": {"type": "string"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}},
                "required": ["location"],
            },
            "defer_loading": True,
        },
    ]
    for spec in tools:
        assert toolwire.explain(spec)[:2] == (D, "tool")
        tool = toolwire.decode_tool(spec)
        assert tool.name == spec["name"]
        assert toolwire.encode_tool(tool, D) == spec
        assert toolwire.encode_tool(toolwire.decode_tool(spec, D), D) == spec
    assert toolwire.decode_tool(tools[1]).parameters is None  # a server tool: no schema is invented
    request = {"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": tools, "messages": [
        {"role": "user", "content": "What is the weather in San Francisco?"},
        {"role": "assistant", "content": [
            {"type": "server_tool_use", "id": "srvtoolu_01ABC123", "name": "tool_search_tool_regex",
             "input": {"query": "weather"}},
            {"type": "tool_search_tool_result", "tool_use_id": "srvtoolu_01ABC123", "content": {
                "type": "tool_search_tool_search_result",
                "tool_references": [{"type": "tool_reference", "tool_name": "get_weather"}]}},
        ]},
    ]}
    assert toolwire.detect(request) == D
    assert [k for _, k, _, _, _ in walk(request)] == [SERVER, OTHER]


def test_client_tool_without_parameters_gets_an_empty_object_schema() -> None:
    wire = toolwire.encode_tool(toolwire.Tool(name="now"), D)
    assert wire == {"name": "now", "input_schema": {"type": "object", "properties": {}}}


def test_tool_result_shapes() -> None:
    err = {
        "type": "tool_result",
        "tool_use_id": "toolu_1",
        "content": [{"type": "text", "text": "boom"}],
        "is_error": True,
    }
    r = toolwire.decode_result(err)
    assert (r.id, r.content, r.is_error) == ("toolu_1", [{"type": "text", "text": "boom"}], True)
    assert toolwire.encode_result(r, D) == err
    bare = {"type": "tool_result", "tool_use_id": "toolu_2"}
    assert toolwire.decode_result(bare).content == ""
    assert toolwire.encode_result(toolwire.decode_result(bare), D) == bare
    cached = {
        "type": "tool_result",
        "tool_use_id": "toolu_3",
        "content": "x",
        "cache_control": {"type": "ephemeral"},
    }
    assert toolwire.encode_result(toolwire.decode_result(cached), D) == cached


def test_json_result_parts_become_text_blocks() -> None:
    r = toolwire.ToolResult(id="toolu_1", content=[{"type": "json", "json": {"t": "22°C"}}])
    assert toolwire.encode_result(r, D)["content"] == [{"type": "text", "text": '{"t": "22°C"}'}]


def test_result_without_id_cannot_be_encoded() -> None:
    with pytest.raises(toolwire.EncodeError, match="needs the id of its call"):
        toolwire.encode_result(toolwire.ToolResult(content="x"), D)


# --- detection and errors ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("payload", "dialect"),
    [
        (
            {
                "type": "message",
                "id": "msg_1",
                "status": "completed",
                "role": "assistant",
                "content": [{"type": "output_text", "text": "hi", "annotations": []}],
            },
            "openai.responses",
        ),
        ({"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}, "openai.chat"),
        (
            {
                "model": "gpt-4o",
                "messages": [{"role": "user", "content": "hi"}],
                "tools": [{"type": "function", "function": {"name": "f", "parameters": {}}}],
            },
            "openai.chat",
        ),
        ({"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "x"}]}, D),
        ({"name": "f", "input_schema": {"type": "object"}}, D),
        ({"type": "custom", "name": "f", "input_schema": {"type": "object"}}, D),
        (block(), D),
    ],
)
def test_detection(payload: Dict[str, Any], dialect: str) -> None:
    assert toolwire.detect(payload) == dialect


def test_plain_text_messages_are_containers_without_calls() -> None:
    # a plain message holds no calls in any dialect; claiming it keeps whole histories readable
    plain = {"role": "user", "content": "hi"}
    assert toolwire.explain(plain)[:2] == (D, "calls")
    assert toolwire.decode_all(plain) == []
    assert toolwire.decode_all([plain, {"role": "assistant", "content": [{"type": "text", "text": "yo"}]}], D) == []


def test_user_message_with_results_holds_no_calls() -> None:
    msg = {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "x"}]}
    assert toolwire.decode_all(msg) == []
    assert [k for _, k, _, _, _ in walk(msg)] == [RESULT]


def test_explicit_dialect_rejects_other_dialects_naming_them() -> None:
    chat = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
    with pytest.raises(toolwire.DecodeError, match=r"not an anthropic\.messages payload: it looks like openai\.chat"):
        toolwire.decode(chat, D)
    with pytest.raises(toolwire.DecodeError, match=r"it looks like anthropic\.messages"):
        toolwire.decode(block(), "openai.chat")


@pytest.mark.parametrize(
    "bad",
    [
        block(name=5),
        block(name=""),
        block(input=[1, 2]),
        block(input="not json at all ]"),
        block(id=3.5),
        message([1, "x"]),
        message([block(input=None), {"type": "tool_use"}]),
        {"role": "assistant", "content": [{"type": "tool_use", "name": None}]},
        {"type": "tool_result", "tool_use_id": "x", "content": 5},
        {"type": "tool_result", "tool_use_id": "x", "content": [{"text": "no type"}]},
        {"name": "f", "input_schema": "nope"},
        {"system": "s", "messages": [1]},
        {"system": "s", "messages": [{"role": "user", "content": 7}]},
    ],
)
def test_malformed_shapes_raise_only_toolwire_errors(bad: Any) -> None:
    for fn in (toolwire.decode, toolwire.decode_all, toolwire.decode_tool, toolwire.decode_result):
        for kw in ({}, {"dialect": D}):
            with contextlib.suppress(toolwire.ToolwireError):
                fn(bad, **kw)


anthropicish = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "type",
                    "id",
                    "name",
                    "input",
                    "content",
                    "role",
                    "messages",
                    "stop_reason",
                    "tool_use_id",
                    "is_error",
                    "input_schema",
                    "system",
                    "tool_use",
                    "tool_result",
                    "server_tool_use",
                    "message",
                ]
            ),
            inner | st.sampled_from(["tool_use", "tool_result", "server_tool_use", "message", "assistant", "text"]),
            max_size=6,
        )
    ),
    max_leaves=25,
)


@given(anthropicish)
@example({"role": "assistant", "content": [{"type": []}, {"type": {}}]})
@example({"type": "message", "stop_reason": "tool_use", "content": [{"type": ["tool_use"]}]})
@example({"system": "s", "messages": [{"role": "user", "content": [{"type": [1]}]}]})
def test_fuzzed_anthropic_shapes_raise_only_toolwire_errors(value: Any) -> None:
    for fn in (toolwire.decode, toolwire.decode_all, toolwire.decode_tool, toolwire.decode_result):
        for kw in ({}, {"dialect": D}):
            with contextlib.suppress(toolwire.ToolwireError):
                fn(value, **kw)


def test_a_message_without_content_has_no_calls() -> None:
    """A ``Message`` with no ``content`` key (a reply cut before any block): no call,
    not an error (the ``messages`` branch of a request is not taken for it)."""
    assert toolwire.decode_all({"type": "message", "role": "assistant", "stop_reason": "end_turn"}) == []


def test_an_image_block_by_url_keeps_its_other_fields_in_a_history() -> None:
    from toolwire.conversation import Media, decode_conversation, encode_conversation

    image = {"type": "image", "source": {"type": "url", "url": "https://example.com/a.png"},
             "cache_control": {"type": "ephemeral"}}
    history = [{"role": "user", "content": [image, {"type": "text", "text": "what is it?"}]}]
    conv = decode_conversation(history, "anthropic.messages")
    media = conv.messages[0].parts[0]
    assert type(media) is Media and (media.kind, media.url) == ("image", "https://example.com/a.png")
    assert encode_conversation(conv, "anthropic.messages")["messages"] == history
    # changed (a part added), the message is written from its parts: the block still
    # carries its other fields
    from toolwire.conversation import Text

    changed = conv.replace(messages=(conv.messages[0].replace(parts=(*conv.messages[0].parts, Text("and this?"))),))
    assert encode_conversation(changed, "anthropic.messages")["messages"][0]["content"] == [
        image, {"type": "text", "text": "what is it?"}, {"type": "text", "text": "and this?"}]
