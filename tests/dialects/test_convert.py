"""Cross-dialect conversion: properties over every dialect pair, and the id failures of
prior-art.md §3, each named after the report it reproduces."""

from __future__ import annotations

import json
import re
from typing import Any, Dict, Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import toolwire
from toolwire._convert import convert, encode_message
from toolwire._ids import IdMap
from toolwire._names import NameMap

ALL = [n for n in toolwire.dialect_names() if not n.startswith("text.")]
MINE = ["mistral", "cohere.v2", "ollama", "mcp"]

json_scalars = (
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(max_size=12)
    | st.floats(allow_nan=False, allow_infinity=False)
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=10,
)
args_st = st.dictionaries(st.text(max_size=10), json_values, max_size=4)
# a name every dialect accepts (Gemini: starts with a letter or underscore)
portable_names = st.from_regex(re.compile(r"[a-zA-Z_][a-zA-Z0-9_]{0,30}"), fullmatch=True)


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _valid_id(name: str) -> st.SearchStrategy[Optional[str]]:
    rule = toolwire.get_dialect(name).ids
    if rule.pattern is not None:
        valid = st.from_regex(rule.pattern, fullmatch=True)
    else:
        valid = st.from_regex(re.compile(r"[A-Za-z0-9_]{1,30}"), fullmatch=True)
    if rule.max_len is not None:
        valid = valid.filter(lambda s: len(s) <= (rule.max_len or 0))
    return st.none() | valid


def _check_id(got: Optional[str], ident: Optional[str], dialect: str) -> None:
    """The id policy, without asking toolwire for the expected value (the values
    themselves are pinned as literals in tests/test_contracts.py)."""
    rule = toolwire.get_dialect(dialect).ids
    if ident is not None and rule.valid(ident):
        assert got == ident  # a valid id passes through unchanged
    elif ident is None and not rule.required:
        assert got is None  # nothing is made up where the target needs nothing
    else:  # mapped or synthesized: a fresh id of the target's own form, never a cut or a patch
        assert got is not None and rule.valid(got) and got != ident
        assert got.startswith(rule.prefix) and len(got) == len(rule.prefix) + rule.length
        assert all(ch in rule.alphabet for ch in got[len(rule.prefix):])


@given(st.sampled_from(MINE), st.data())
def test_round_trip_my_dialects(dialect: str, data: Any) -> None:
    d = toolwire.get_dialect(dialect)
    name = data.draw(st.from_regex(d.names, fullmatch=True) if d.names else st.text(min_size=1, max_size=20))
    call = toolwire.ToolCall(name=name, args=data.draw(args_st), id=data.draw(_valid_id(dialect)))
    back = toolwire.decode(toolwire.encode(call, dialect), dialect)
    assert back.name == call.name and _same(back.args, call.args)
    _check_id(back.id, call.id, dialect)
    assert toolwire.decode(toolwire.encode(call, dialect), dialect).id == back.id  # deterministic


@pytest.mark.parametrize("d1", ALL)
@pytest.mark.parametrize("d2", ALL)
@settings(max_examples=max(10, settings().max_examples // 4))  # x every pair
@given(data=st.data())
def test_cross_dialect(d1: str, d2: str, data: Any) -> None:
    name, args = data.draw(portable_names), data.draw(args_st)
    call = toolwire.ToolCall(name=name, args=args, id=data.draw(_valid_id(d1)))
    source_id = toolwire.decode(toolwire.encode(call, d1), d1).id  # the id as d1 carries it
    _check_id(source_id, call.id, d1)
    ids = IdMap(toolwire.get_dialect(d2).ids, dialect=d2)
    out = convert(toolwire.encode(call, d1), to=d2, ids=ids)
    back = toolwire.decode(out, d2)
    assert back.name == name and _same(back.args, args)
    _check_id(back.id, source_id, d2)
    assert toolwire.decode(convert(toolwire.encode(call, d1), to=d2), d2).id == back.id  # deterministic
    # its result, converted with the same IdMap, pairs with it
    result = toolwire.ToolResult(id=source_id, name=name, content="ok")
    converted = convert(toolwire.encode_result(result, d1), to=d2, source=d1, ids=ids)
    assert toolwire.decode_result(converted, d2).id == back.id


# --- prior-art.md §3 -------------------------------------------------------------------

OPENAI_HISTORY = [
    {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_Xy12ab34cd56ef78gh90ij12", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
    {"role": "tool", "tool_call_id": "call_Xy12ab34cd56ef78gh90ij12", "content": "ok"},
]


def test_mistral_nine_alphanumerics_langchain_24668() -> None:
    ids = IdMap(toolwire.get_dialect("mistral").ids, dialect="mistral")
    calls = convert(OPENAI_HISTORY[0], to="mistral", ids=ids)
    result = convert(OPENAI_HISTORY[1], to="mistral", source="openai.chat", ids=ids)
    new = calls[0]["id"]
    assert re.fullmatch(r"[a-zA-Z0-9]{9}", new)
    assert result["tool_call_id"] == new
    assert ids.mapping == {"call_Xy12ab34cd56ef78gh90ij12": new}


def test_shared_prefixes_stay_distinct_vercel_16182() -> None:
    # Bedrock-Mistral kept the first 9 alphanumerics: both became "toolubdrk" -> duplicate ids
    a = {"id": "toolu_bdrk_01AAAAAAAAAAAAAAAAAAAAAAAA", "type": "function", "function": {"name": "f", "arguments": "{}"}}
    b = {"id": "toolu_bdrk_01BBBBBBBBBBBBBBBBBBBBBBBB", "type": "function", "function": {"name": "f", "arguments": "{}"}}
    out = convert([a, b], to="mistral")
    assert out[0]["id"] != out[1]["id"]
    assert all(re.fullmatch(r"[a-zA-Z0-9]{9}", o["id"]) for o in out)
    assert not any(o["id"].startswith("toolubdrk") for o in out)


def test_kimi_ids_langchain_37756() -> None:
    kimi = {"id": "functions.write_todos:0", "type": "function", "function": {"name": "write_todos", "arguments": "{}"}}
    for target in ("anthropic.messages", "bedrock.converse", "mistral"):
        if target not in toolwire.dialect_names():
            continue
        rule = toolwire.get_dialect(target).ids
        back = toolwire.decode(convert(kimi, to=target), target)
        assert back.id is not None and rule.valid(back.id)
        # Anthropic and Mistral reject '.' and ':' (Bedrock's pattern allows them)
        assert (back.id == kimi["id"]) == rule.valid(kimi["id"])
    assert not toolwire.get_dialect("mistral").ids.valid(kimi["id"])


def test_openai_forty_characters_litellm_11392() -> None:
    long_id = "a" * 41
    out = convert({"name": "f", "args": {}, "id": long_id}, to="openai.chat")
    assert len(out["id"]) <= 40
    forty = "b" * 40
    assert convert({"name": "f", "args": {}, "id": forty}, to="openai.chat")["id"] == forty


def test_ids_reach_gemini_litellm_34603() -> None:
    if "gemini" not in toolwire.dialect_names():
        pytest.skip("gemini is not registered")
    out = convert(OPENAI_HISTORY[0], to="gemini")
    assert toolwire.decode(out[0], "gemini").id == "call_Xy12ab34cd56ef78gh90ij12"  # never stripped


def test_absent_ids_pair_call_and_result_pydantic_ai_1879() -> None:
    ids = IdMap(toolwire.get_dialect("openai.chat").ids, dialect="openai.chat")
    call = convert(toolwire.ToolCall(name="get_weather", args={"city": "Paris"}), to="openai.chat", ids=ids)
    result = convert(toolwire.ToolResult(name="get_weather", content="sunny"), to="openai.chat", ids=ids)
    assert call["id"] == "call_GTqtJMlLD7XphMdbf48EeLXE"
    assert result["tool_call_id"] == call["id"]


def test_collision_in_a_conversation_is_an_error() -> None:
    rule = toolwire.get_dialect("mistral").ids
    image = "hzQ1ZG5Pf"  # what "call.1" becomes in Mistral
    ids = IdMap(rule, dialect="mistral")
    convert(toolwire.ToolCall(name="f", args={}, id="call.1"), to="mistral", ids=ids)
    with pytest.raises(toolwire.EncodeError, match=f"Ids 'call.1' and '{image}' both become '{image}' in mistral"):
        convert(toolwire.ToolCall(name="g", args={}, id=image), to="mistral", ids=ids)


def test_result_without_any_id_is_a_clear_error() -> None:
    with pytest.raises(toolwire.EncodeError, match="needs the id of its call"):
        convert(toolwire.ToolResult(name="f", content="x"), to="openai.chat")


# --- assistant messages ----------------------------------------------------------------

CALL = toolwire.ToolCall(name="f", args={}, id="KikbB849t")


@pytest.mark.parametrize(
    ("dialect", "expected"),
    [
        ("openai.chat", {"role": "assistant", "content": None}),  # the OpenAI spec: null
        ("mistral", {"role": "assistant"}),  # Mistral wants the key absent
        ("cohere.v2", {"role": "assistant"}),
        ("ollama", {"role": "assistant", "content": ""}),  # Ollama rejects null
    ],
)
def test_tool_only_content_per_target(dialect: str, expected: Any) -> None:
    msg = encode_message([CALL], dialect)
    calls = msg.pop("tool_calls")
    assert msg == expected
    assert toolwire.decode_all({**msg, "tool_calls": calls}, dialect)[0].name == "f"


@pytest.mark.parametrize("dialect", ["openai.chat", "mistral", "cohere.v2", "ollama"])
def test_no_empty_tool_calls(dialect: str) -> None:
    msg = encode_message([], dialect, content="hi")
    assert "tool_calls" not in msg
    assert encode_message(None, dialect) == {"role": "assistant", "content": ""}


def test_cohere_text_next_to_calls_is_the_tool_plan() -> None:
    msg = encode_message([CALL], "cohere.v2", content="I will call f.")
    assert msg["tool_plan"] == "I will call f." and "content" not in msg


def test_message_without_shape_is_an_error() -> None:
    with pytest.raises(toolwire.EncodeError, match="No assistant-message shape is known for mcp"):
        encode_message([CALL], "mcp")


# --- tool definitions and names --------------------------------------------------------


def test_mcp_tool_to_openai_maps_the_name_reversibly() -> None:
    names = NameMap(toolwire.get_dialect("openai.chat").names, dialect="openai.chat")
    tool = {"name": "fs.read_file", "inputSchema": {"type": "object"}, "title": "Read"}
    out = convert(tool, to="openai.chat", names=names)
    mapped = out["function"]["name"]
    assert re.fullmatch(r"[a-zA-Z0-9_-]{1,64}", mapped) and mapped.startswith("fs_read_file_")
    # the model calls the mapped name; the same map gives the MCP name back
    reply = {"id": "call_1", "type": "function", "function": {"name": mapped, "arguments": '{"path": "/x"}'}}
    call = toolwire.decode(reply)
    request = convert(call.replace(name=names.original(call.name)), to="mcp")
    assert request["params"] == {"name": "fs.read_file", "arguments": {"path": "/x"}}


def test_ollama_response_to_openai_serialises_arguments_once() -> None:
    ollama = {"model": "m", "created_at": "t", "done": True, "message": {"role": "assistant", "content": "",
              "tool_calls": [{"function": {"index": 0, "name": "f", "arguments": {"a": 1}}}]}}
    out = convert(ollama, to="openai.chat")
    assert out[0]["function"]["arguments"] == '{"a":1}'
    assert out[0]["id"] == "call_dZ5KVaD22bbXVQKaAOV54iLp"


def test_mcp_result_to_chat_needs_its_call_id() -> None:
    ids = IdMap(toolwire.get_dialect("openai.chat").ids)
    wire = {"jsonrpc": "2.0", "id": "call_9", "result": {"content": [{"type": "text", "text": "72F"}]}}
    assert convert(wire, to="openai.chat", ids=ids) == {"role": "tool", "tool_call_id": "call_9",
                                                         "content": "72F"}


def test_items_without_calls() -> None:
    # as ``decode_all`` reads them: no calls (convert writes calls, never reasoning items)
    assert convert({"type": "reasoning", "id": "rs_1", "summary": []}, to="mistral") == []
    assert convert({"role": "assistant", "content": "hi"}, to="mistral") == []  # a message: its calls


# ---- images inside tool results, written in each target's documented shape ----------------
PNG = "iVBORw0KGgo="
WEBP = "UklGRiQAAABXRUJQVlA4IA=="  # base64 of b"RIFF$\x00\x00\x00WEBPVP8 "
IMAGE_RESULTS = {
    # https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use (tool_result content: image block)
    "anthropic.messages": ({"type": "tool_result", "tool_use_id": "toolu_1", "content": [
        {"type": "text", "text": "see"},
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}]},
        lambda out: out["content"][1],
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}),
    # https://platform.openai.com/docs/api-reference/responses/create (function_call_output output: input_image)
    "openai.responses": ({"type": "function_call_output", "call_id": "call_1", "output": [
        {"type": "input_text", "text": "see"},
        {"type": "input_image", "image_url": f"data:image/png;base64,{PNG}", "detail": "auto"}]},
        lambda out: out["output"][1],
        {"type": "input_image", "image_url": f"data:image/png;base64,{PNG}", "detail": "auto"}),
    # https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolResultContentBlock.html
    "bedrock.converse": ({"toolResult": {"toolUseId": "tooluse_1", "content": [
        {"text": "see"}, {"image": {"format": "png", "source": {"bytes": PNG}}}]}},
        lambda out: out["toolResult"]["content"][1],
        {"image": {"format": "png", "source": {"bytes": PNG}}}),
    # https://modelcontextprotocol.io/specification/2025-06-18/server/tools#image-content
    "mcp": ({"jsonrpc": "2.0", "id": 1, "result": {"content": [
        {"type": "text", "text": "see"}, {"type": "image", "data": PNG, "mimeType": "image/png"}]}},
        lambda out: out["result"]["content"][1],
        {"type": "image", "data": PNG, "mimeType": "image/png"}),
    # mistralai ``ToolMessage.content``: ``str | List[ContentChunk]``, ``ImageURLChunk``
    # ``{"type": "image_url", "image_url": str | {"url", "detail"}}`` (docs/models/toolmessage.md)
    "mistral": ({"role": "tool", "tool_call_id": "abcDEF123", "name": "f", "content": [
        {"type": "text", "text": "see"}, {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PNG}"}}]},
        lambda out: out["content"][1],
        {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PNG}"}}),
}


@pytest.mark.parametrize("target", sorted(IMAGE_RESULTS))
@pytest.mark.parametrize("source", sorted(IMAGE_RESULTS))
def test_an_image_in_a_tool_result_is_written_in_the_targets_shape(source: str, target: str) -> None:
    """``convert`` / ``encode_result`` wrote the source's image part into the target as it
    was (an Anthropic ``source`` inside a Responses ``input_image``, an MCP ``mimeType``
    image inside an Anthropic result): wire the target's API refuses. Only
    ``encode_conversation`` rewrote images, and not MCP's."""
    wire, _, _ = IMAGE_RESULTS[source]
    _, pick, want = IMAGE_RESULTS[target]
    if (source, target) == ("openai.responses", "mistral"):  # Mistral's ImageURL has Responses' "detail" too
        want = {"type": "image_url", "image_url": {**want["image_url"], "detail": "auto"}}
    result = toolwire.decode_result(wire, source)
    assert pick(toolwire.encode_result(result, target)) == want
    assert pick(convert(wire, to=target, source=source)) == want


# https://platform.openai.com/docs/api-reference/chat/create: a tool message's parts are
# text; gateways (OpenRouter, vLLM) also take the user message's ``image_url`` part there
CHAT_IMAGE = {"role": "tool", "tool_call_id": "call_1", "content": [
    {"type": "text", "text": "see"}, {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PNG}"}}]}


@pytest.mark.parametrize("target", sorted(IMAGE_RESULTS))
def test_a_chat_image_url_part_is_an_image_for_every_target(target: str) -> None:
    """A Chat ``image_url`` part in a tool message decoded but no encoder could write it,
    not even Chat's own: it is read as an image by each target."""
    _, pick, want = IMAGE_RESULTS[target]
    result = toolwire.decode_result(CHAT_IMAGE, "openai.chat").replace(name="f")
    assert pick(toolwire.encode_result(result, target)) == want


def test_chat_writes_back_its_image_url_parts_and_refuses_other_media() -> None:
    assert toolwire.encode_result(toolwire.decode_result(CHAT_IMAGE, "openai.chat"), "openai.chat") == CHAT_IMAGE
    anthropic = toolwire.decode_result(IMAGE_RESULTS["anthropic.messages"][0], "anthropic.messages")
    with pytest.raises(toolwire.EncodeError, match="openai.chat tool result holds only text; got an 'image' part"):
        toolwire.encode_result(anthropic, "openai.chat")


def test_mistral_reads_an_image_url_given_as_text_and_writes_documents_by_url() -> None:
    wire = {"role": "tool", "tool_call_id": "abcDEF123", "name": "f",
            "content": [{"type": "image_url", "image_url": "https://x.test/a.png"}]}
    result = toolwire.decode_result(wire, "mistral")
    assert toolwire.encode_result(result, "mistral") == wire
    assert toolwire.encode_result(result, "anthropic.messages")["content"] == [
        {"type": "image", "source": {"type": "url", "url": "https://x.test/a.png"}}]
    pdf = {"type": "tool_result", "tool_use_id": "toolu_1", "content": [
        {"type": "document", "source": {"type": "url", "url": "https://x.test/a.pdf"}, "title": "a.pdf"}]}
    out = toolwire.encode_result(toolwire.decode_result(pdf, "anthropic.messages"), "mistral")
    assert out["content"] == [{"type": "document_url", "document_url": "https://x.test/a.pdf", "document_name": "a.pdf"}]


# RFC 3986 section 3.1: "schemes are case-insensitive"
UPPER = "HTTPS://x.test/a.png"


def test_an_image_url_in_a_tool_result_is_an_http_url_whatever_its_schemes_case() -> None:
    """``HTTPS://...`` was no http(s) URL: refused for Chat, Anthropic, Responses and Mistral."""
    mistral = {"role": "tool", "tool_call_id": "abcDEF123", "name": "f",
               "content": [{"type": "image_url", "image_url": UPPER}]}
    result = toolwire.decode_result(mistral, "mistral")
    # https://docs.claude.com/en/docs/build-with-claude/vision: an image ``url`` source
    assert toolwire.encode_result(result, "anthropic.messages")["content"] == [
        {"type": "image", "source": {"type": "url", "url": UPPER}}]
    assert toolwire.encode_result(result, "openai.chat")["content"] == [
        {"type": "image_url", "image_url": {"url": UPPER}}]  # (CHAT_IMAGE: a gateway's tool message part)
    # https://platform.openai.com/docs/api-reference/responses/create: function_call_output ``input_image``
    responses = {"type": "function_call_output", "call_id": "call_1", "output": [
        {"type": "input_image", "image_url": UPPER, "detail": "auto"}]}
    result = toolwire.decode_result(responses, "openai.responses").replace(name="f")
    assert toolwire.encode_result(result, "mistral")["content"] == [
        {"type": "image_url", "image_url": {"url": UPPER, "detail": "auto"}}]
    data = {**responses, "output": [{"type": "input_image", "image_url": f"Data:image/png;base64,{PNG}"}]}
    result = toolwire.decode_result(data, "openai.responses").replace(name="f")
    assert toolwire.encode_result(result, "anthropic.messages")["content"] == [
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}]


@pytest.mark.parametrize("target", ["openai.responses", "mistral"])
def test_an_image_of_no_telling_type_is_refused_not_written_as_data_none(target: str) -> None:
    """An Ollama image (base64 of no stated type) whose bytes are no PNG, JPEG, GIF or
    WebP went to Responses as ``data:None;base64,...``."""
    wire = {"role": "tool", "tool_name": "f", "content": "x", "images": ["AAAAbm9uZQ=="]}
    result = toolwire.decode_result(wire, "ollama").replace(id="call_1")
    with pytest.raises(toolwire.EncodeError, match=f"An image as data in a tool result cannot be written for {target}"):
        toolwire.encode_result(result, target)


@pytest.mark.parametrize(("target", "written"), [
    ("anthropic.messages", {"type": "image", "source": {"type": "base64", "media_type": "image/webp", "data": WEBP}}),
    ("bedrock.converse", {"image": {"format": "webp", "source": {"bytes": WEBP}}}),
    ("mcp", {"type": "image", "data": WEBP, "mimeType": "image/webp"}),
])
def test_an_ollama_webp_image_is_told_by_its_bytes(target: str, written: Dict[str, Any]) -> None:
    """A WebP file starts "RIFF" <size> "WEBP" (Google's WebP container specification):
    "WEBP" is bytes 8-11, which base64 does not align on 4 characters; it was never told."""
    wire = {"role": "tool", "tool_name": "f", "content": "x", "images": [WEBP]}
    result = toolwire.decode_result(wire, "ollama").replace(id="toolu_1")
    out = toolwire.encode_result(result, target)
    content = {"bedrock.converse": lambda: out["toolResult"]["content"], "mcp": lambda: out["result"]["content"]}.get(
        target, lambda: out["content"])()
    assert written in content


@pytest.mark.parametrize("target", ["anthropic.messages", "bedrock.converse", "mcp"])
def test_an_image_by_another_providers_file_id_is_refused(target: str) -> None:
    wire = {"type": "function_call_output", "call_id": "call_1", "output": [{"type": "input_image", "file_id": "file-1"}]}
    result = toolwire.decode_result(wire, "openai.responses")
    with pytest.raises(toolwire.EncodeError, match=rf"^An image by file id \(an upload to another provider\) in a tool "
                                                   rf"result cannot be written for {target}"):
        toolwire.encode_result(result, target)


@pytest.mark.parametrize("target", sorted(IMAGE_RESULTS))
def test_an_image_part_of_no_known_shape_is_refused(target: str) -> None:
    odd = toolwire.ToolResult("call_1", "f", [{"type": "image", "media_type": "image/png", "base64": PNG}])
    with pytest.raises(toolwire.EncodeError, match=rf"An image part of no known shape .* cannot be written for {target}"):
        toolwire.encode_result(odd, target)


FOREIGN_PARTS = {
    # (the source dialect and its result) -> the targets that have no place for its part
    "anthropic search_result": ("anthropic.messages", {"type": "tool_result", "tool_use_id": "toolu_1", "content": [
        {"type": "search_result", "source": "https://x", "title": "t", "content": [{"type": "text", "text": "c"}]}]},
        ["mcp"]),
}


@pytest.mark.parametrize("case, target", [(c, t) for c, (_, _, ts) in FOREIGN_PARTS.items() for t in ts])
def test_a_part_in_another_providers_shape_is_refused(case: str, target: str) -> None:
    """These were written into the target as they were (any part at all inside an MCP
    result): wire the target refuses."""
    source, wire, _ = FOREIGN_PARTS[case]
    result = toolwire.decode_result(wire, source)
    with pytest.raises(toolwire.EncodeError, match=r"tool result cannot hold an? '\w+' part"):
        toolwire.encode_result(result, target)


# Gemini 3 multimodal function responses: FunctionResponse.parts holds FunctionResponsePart
# values, inlineData {mimeType, data} or fileData {mimeType, fileUri}
# (https://ai.google.dev/gemini-api/docs/function-calling#multimodal-function-responses)
GEMINI_IMAGE = {"functionResponse": {"id": "c1", "name": "get_image", "response": {"output": "here"},
                                     "parts": [{"inlineData": {"mimeType": "image/png", "data": PNG}}]}}


def test_gemini_function_response_parts_are_content_and_go_back_as_they_were() -> None:
    """The image in ``functionResponse.parts`` was kept as Gemini provider data only, so a
    history converted for Anthropic or OpenAI lost it without a word."""
    result = toolwire.decode_result(GEMINI_IMAGE, "gemini")
    assert result.content == [{"type": "text", "text": "here"},
                              {"type": "image", "inlineData": {"mimeType": "image/png", "data": PNG}}]
    assert toolwire.encode_result(result, "gemini") == GEMINI_IMAGE
    snake = {"function_response": {"id": "c1", "name": "get_file", "response": {},
                                   "parts": [{"file_data": {"file_uri": "https://generativelanguage.googleapis.com/"
                                                                        "v1beta/files/3qswqtk02p7x",
                                                            "mime_type": "image/jpeg"}}]}}
    assert toolwire.encode_result(toolwire.decode_result(snake, "gemini"), "gemini") == snake
    assert toolwire.encode_result(result, "anthropic.messages")["content"] == [
        {"type": "text", "text": "here"},
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}]
    with pytest.raises(toolwire.EncodeError, match="holds only text; got an 'image' part"):
        toolwire.encode_result(result, "openai.chat")  # refused, not dropped


def test_an_image_goes_into_gemini_function_response_parts() -> None:
    wire, _, _ = IMAGE_RESULTS["anthropic.messages"]
    result = toolwire.decode_result(wire, "anthropic.messages").replace(name="get_image")
    assert toolwire.encode_result(result, "gemini")["functionResponse"] == {
        "name": "get_image", "id": "toolu_1", "response": {"output": "see"},
        "parts": [{"inlineData": {"mimeType": "image/png", "data": PNG}}]}


def test_a_gemini_file_blob_is_refused_where_no_shape_holds_it() -> None:
    """A PDF in ``functionResponse.parts`` has no URI, which an MCP resource requires (the
    other targets take it: ``test_result_documents.py``)."""
    wire = {"functionResponse": {"name": "f", "id": "c1", "response": {}, "parts": [
        {"inlineData": {"mimeType": "application/pdf", "data": "JVBERi0="}}]}}
    with pytest.raises(toolwire.EncodeError, match=r"^A document \(application/pdf\) as data in a tool result "
                                                   r"cannot be written for mcp"):
        toolwire.encode_result(toolwire.decode_result(wire, "gemini"), "mcp")


def test_a_gemini_file_uri_is_an_upload_other_providers_cannot_read() -> None:
    wire = {"functionResponse": {"name": "f", "response": {}, "parts": [
        {"fileData": {"mimeType": "image/png", "fileUri": "https://generativelanguage.googleapis.com/v1beta/files/x"}}]}}
    result = toolwire.decode_result(wire, "gemini")
    with pytest.raises(toolwire.EncodeError, match=r"^An image by file id \(an upload to another provider\)"):
        toolwire.encode_result(result.replace(id="toolu_1"), "anthropic.messages")


# a public URL in ``functionResponse.parts`` (``FunctionResponseFileData``: ``fileUri`` +
# ``mimeType``, google-genai ``types.FunctionResponsePart``), as in a user message's ``fileData``
def _file_response(uri: str, mime: str = "image/png", key: str = "fileData") -> Dict[str, Any]:
    body = {"mimeType": mime, "fileUri": uri} if key == "fileData" else {"mime_type": mime, "file_uri": uri}
    return {"functionResponse": {"name": "get_chart", "id": "toolu_1", "response": {"output": "see"},
                                 "parts": [{key: body}]}}


PUBLIC = "https://example.com/a.png"
# what each target's tool result holds for an image URL: an Anthropic ``url`` image source
# (https://docs.claude.com/en/docs/build-with-claude/vision), a Responses ``input_image``
# (https://platform.openai.com/docs/api-reference/responses/create), a Mistral ``image_url``
# chunk (mistralai ``ToolMessage.content``)
URL_IMAGES = {
    "anthropic.messages": (lambda out: out["content"][1], {"type": "image", "source": {"type": "url", "url": PUBLIC}}),
    "openai.responses": (lambda out: out["output"][1], {"type": "input_image", "image_url": PUBLIC, "detail": "auto"}),
    "mistral": (lambda out: out["content"][1], {"type": "image_url", "image_url": {"url": PUBLIC}}),
}


@pytest.mark.parametrize("key", ["fileData", "file_data"])
@pytest.mark.parametrize("target", sorted(URL_IMAGES))
def test_a_public_gemini_file_uri_in_a_tool_result_converts_as_in_a_user_message(target: str, key: str) -> None:
    """It was refused as "an upload to another provider", while the same ``fileData`` part
    in a user message converts to the target's image URL; its ``mimeType``, which those
    image URLs have no field for, is noted (``dropped``) as there."""
    pick, want = URL_IMAGES[target]
    wire = _file_response(PUBLIC, key=key)
    result = toolwire.decode_result(wire, "gemini")
    report: list = []
    assert pick(toolwire.encode_result(result, target, report=report)) == want
    assert [(p.kind, p.message) for p in report] == [
        ("dropped", f"The MIME type 'image/png' of an image URL in the result for toolu_1 ('get_chart') is not sent to "
                    f"{target}: its part there has no media type")]
    assert pick(convert(wire, to=target, source="gemini")) == want
    hist = {"contents": [{"role": "model", "parts": [{"functionCall": {"name": "get_chart", "id": "toolu_1",
                                                                       "args": {}}}]},
                         {"role": "user", "parts": [wire]}]}
    out = json.dumps(toolwire.encode_conversation(hist, target, source="gemini", report=[]))
    assert json.dumps(want["source"]["url"] if "source" in want else PUBLIC) in out


@pytest.mark.parametrize("uri", ["https://generativelanguage.googleapis.com/v1beta/files/3qswqtk02p7x",
                                 "HTTPS://generativelanguage.googleapis.com/v1beta/files/3qswqtk02p7x",
                                 "gs://bucket/a.png"])
@pytest.mark.parametrize("target", sorted(URL_IMAGES) + ["bedrock.converse", "mcp", "ollama"])
def test_a_gemini_upload_in_a_tool_result_stays_refused(target: str, uri: str) -> None:
    """A Files API upload (read under the API key that uploaded it) or a Cloud Storage URI:
    Google's to read only, as in a user message."""
    result = toolwire.decode_result(_file_response(uri), "gemini")
    with pytest.raises(toolwire.EncodeError, match=r"^An image by file id \(an upload to another provider\) in a "
                                                   f"tool result cannot be written for {re.escape(target)}"):
        toolwire.encode_result(result, target)


@pytest.mark.parametrize(("target", "message"), [
    ("bedrock.converse", "An image by URL in a tool result cannot be written for bedrock.converse"),
    ("mcp", "An image by URL in a tool result cannot be written for mcp"),
    ("ollama", "An image by URL in a tool result cannot be written for ollama"),
    ("openai.chat", "An openai.chat tool result holds only text; got an 'image' part"),
    ("cohere.v2", "A cohere.v2 tool result holds text and documents; got an 'image' part"),
])
def test_a_public_gemini_file_uri_is_refused_where_no_tool_result_holds_an_image_url(target: str,
                                                                                      message: str) -> None:
    """Bedrock's ``ImageSource`` takes bytes or an S3 location, MCP's image content base64
    ``data``, Ollama's ``images`` base64; Chat's and Cohere's tool messages hold no image."""
    result = toolwire.decode_result(_file_response(PUBLIC), "gemini")
    with pytest.raises(toolwire.EncodeError) as exc:
        toolwire.encode_result(result, target)
    assert exc.value.message == message


def test_a_public_gemini_document_uri_in_a_tool_result_converts() -> None:
    """A PDF by public URL: an Anthropic ``document`` of a ``url`` source (a PDF), a Responses
    ``input_file`` of a ``file_url``."""
    pdf = "https://example.com/q3.pdf"
    result = toolwire.decode_result(_file_response(pdf, "application/pdf"), "gemini")
    assert toolwire.encode_result(result, "anthropic.messages", report=[])["content"][1] == {
        "type": "document", "source": {"type": "url", "url": pdf}}
    assert toolwire.encode_result(result, "openai.responses", report=[])["output"][1] == {
        "type": "input_file", "file_url": pdf}


def test_an_id_map_of_another_rule_is_refused() -> None:
    # Mistral ids are exactly 9 alphanumerics; an OpenAI Chat map would pass 'call_1' through
    ids = toolwire.IdMap(toolwire.get_dialect("openai.chat").ids, dialect="openai.chat")
    with pytest.raises(toolwire.EncodeError) as exc:
        toolwire.encode(toolwire.ToolCall("f", {}, "call_1"), "mistral", ids=ids)
    assert exc.value.message == ("The IdMap was made for the ids of openai.chat, not of mistral: pass "
                                 "toolwire.IdMap(toolwire.get_dialect('mistral').ids, dialect='mistral')")
    with pytest.raises(toolwire.EncodeError, match="The IdMap was made for the ids of openai.chat, not of mistral"):
        toolwire.encode_result(toolwire.ToolResult("call_1", "f", "ok"), "mistral", ids=ids)
    with pytest.raises(toolwire.EncodeError, match="The IdMap was made for the ids of openai.chat, not of mistral"):
        toolwire.encode_conversation([toolwire.Message("assistant", [toolwire.ToolCall("f", {}, "call_1")])],
                                     "mistral", ids=ids)
    # a map of the same rule serves
    same = toolwire.IdMap(toolwire.get_dialect("mistral").ids)
    assert toolwire.encode(toolwire.ToolCall("f", {}, "abcDEF123"), "mistral", ids=same)["id"] == "abcDEF123"


def test_toolwires_own_collections_of_calls_convert() -> None:
    """The tuple of ``decode_text`` and of ``Message.calls``, and ``ToolCalls``, are
    lists of calls (each one was "Cannot read a ToolCall value at $")."""
    text = toolwire.decode_text('<tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call>', "text.hermes")
    want = encode_message([toolwire.ToolCall("f", {"a": 1})], "openai.chat")
    for calls in (text.tool_calls, toolwire.ToolCalls(text.tool_calls), toolwire.Message("assistant", text.tool_calls).calls):
        assert type(calls) is not list
        assert encode_message(calls, "openai.chat") == want
        assert convert(calls, "anthropic.messages")[0]["input"] == {"a": 1}


def test_convert_a_copied_map_still_names_results() -> None:
    # a Chat result has no name; Gemini's functionResponse needs the call's: the map keeps it, copies too
    import pickle
    ids = toolwire.IdMap(toolwire.get_dialect("gemini").ids, dialect="gemini")
    toolwire.convert({"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}},
                     "gemini", ids=ids)
    res = {"role": "tool", "tool_call_id": "call_1", "content": "sunny"}
    out = toolwire.convert(res, "gemini", ids=pickle.loads(pickle.dumps(ids)), source="openai.chat")
    assert out["functionResponse"]["name"] == "get_weather"


# the name rules: Mistral and Chat ``^[a-zA-Z0-9_-]{1,64}$``
# (https://docs.mistral.ai/api/#tag/chat, https://platform.openai.com/docs/api-reference/chat/create),
# Gemini a letter or underscore first, then letters, digits, ``_ . : -``, at most 128
# (https://ai.google.dev/api/caching#FunctionDeclaration)
@pytest.mark.parametrize("dialect, pattern", [("mistral", "[a-zA-Z0-9_-]{1,64}"),
                                              ("gemini", "[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}")])
def test_a_result_name_the_target_forbids_is_refused_as_in_a_call(dialect: str, pattern: str) -> None:
    """``encode`` refused the name in a call, ``encode_result`` wrote it into the result."""
    message = f"Tool name 'fs read' is not allowed in {dialect} (must match {pattern})"
    with pytest.raises(toolwire.EncodeError, match=re.escape(message)):
        toolwire.encode(toolwire.ToolCall("fs read", {}, "abcDEF123"), dialect)
    with pytest.raises(toolwire.EncodeError, match=re.escape(message)):
        toolwire.encode_result(toolwire.ToolResult("abcDEF123", "fs read", "ok"), dialect)


def test_a_result_name_mapped_with_its_call_is_written() -> None:
    names = toolwire.NameMap(toolwire.get_dialect("mistral").names)
    ids = toolwire.IdMap(toolwire.get_dialect("mistral").ids, dialect="mistral")
    call = convert({"functionCall": {"name": "fs.read", "args": {}, "id": "c1"}}, to="mistral", ids=ids, names=names)
    result = convert({"functionResponse": {"name": "fs.read", "id": "c1", "response": {"output": "ok"}}},
                     to="mistral", ids=ids, names=names)
    assert result["name"] == call["function"]["name"] != "fs.read"


# (Mistral takes the Chat ``image_url`` part as its own chunk, as it came)
@pytest.mark.parametrize("target", sorted(set(IMAGE_RESULTS) - {"mistral"}))
def test_a_data_url_of_no_stated_type_takes_the_type_its_bytes_show_for_every_target(target: str) -> None:
    """``data:;base64,<PNG>`` went to Responses as PNG but was refused by Anthropic,
    Bedrock and MCP: the type was sniffed by one writer, not where the part is read."""
    wire = dict(CHAT_IMAGE, content=[CHAT_IMAGE["content"][0],
                                     {"type": "image_url", "image_url": {"url": f"data:;base64,{PNG}"}}])
    _, pick, want = IMAGE_RESULTS[target]
    result = toolwire.decode_result(wire, "openai.chat").replace(name="f")
    assert pick(toolwire.encode_result(result, target)) == want


# A JSON part that a target has no JSON block for goes as its JSON text, the wire as it
# was; encode_result(report=...) notes it (``converted``). Each wire shape as the
# provider's reference writes a tool result's text.
_ARRAY = toolwire.ToolResult("call_1", "f", [{"type": "json", "json": [1, 2]}])


@pytest.mark.parametrize(("target", "wire", "why"), [
    ("anthropic.messages", {"type": "tool_result", "tool_use_id": "call_1",
                            "content": [{"type": "text", "text": "[1, 2]"}]},
     "its tool results hold no JSON block"),
    ("openai.responses", {"type": "function_call_output", "call_id": "call_1",
                          "output": [{"type": "input_text", "text": "[1, 2]"}]},
     "its tool output holds no JSON part"),
    ("openai.chat", {"role": "tool", "tool_call_id": "call_1", "content": "[1, 2]"},
     "its tool messages hold no JSON part"),
    ("cohere.v2", {"role": "tool", "tool_call_id": "call_1", "content": [{"type": "text", "text": "[1, 2]"}]},
     "a document's data is an object"),
    ("ollama", {"role": "tool", "tool_name": "f", "content": "[1, 2]", "tool_call_id": "call_1"},
     "a tool message's content is a string"),
    ("mcp", {"jsonrpc": "2.0", "id": "call_1", "result": {"content": [{"type": "text", "text": "[1, 2]"}]}},
     "structuredContent is an object"),
])
def test_json_part_written_as_text_is_noted(target: str, wire: Dict[str, Any], why: str) -> None:
    report: list = []
    assert toolwire.encode_result(_ARRAY, target, report=report) == wire
    assert [(p.kind, p.index, p.id, p.message) for p in report] == [
        ("converted", 0, "call_1", f"A JSON array in the result for call_1 ('f') is sent to {target} as text: {why}")]
    assert toolwire.encode_result(_ARRAY, target) == wire  # the wire is the same without a report


def test_gemini_text_and_json_parts_as_one_array_are_noted() -> None:
    # a FunctionResponse ``response`` holds one value: the parts go as one array
    r = toolwire.ToolResult("call_1", "f", [{"type": "text", "text": "a"}, {"type": "json", "json": {"x": 1}}])
    report: list = []
    assert toolwire.encode_result(r, "gemini", report=report) == {
        "functionResponse": {"name": "f", "id": "call_1", "response": {"output": ["a", {"x": 1}]}}}
    assert [(p.kind, p.message) for p in report] == [
        ("converted", "The 2 text and JSON parts of the result for call_1 ('f') are sent to gemini as one JSON array "
                      "(read back as one JSON part): a function response holds one value")]


@pytest.mark.parametrize(("target", "wire"), [
    ("gemini", {"functionResponse": {"name": "f", "id": "call_1", "response": {"output": "a\nb"}}}),
    ("ollama", {"role": "tool", "tool_name": "f", "content": "a\nb", "tool_call_id": "call_1"}),
])
def test_text_parts_joined_are_noted(target: str, wire: Dict[str, Any]) -> None:
    r = toolwire.ToolResult("call_1", "f", [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}])
    report: list = []
    assert toolwire.encode_result(r, target, report=report) == wire
    [note] = report
    assert (note.kind, note.index, note.id) == ("converted", 0, "call_1")
    assert note.message.startswith(f"The 2 {'text ' if target == 'gemini' else ''}parts of the result for call_1 "
                                   f"('f') are sent to {target} as one text, joined by newlines: ")


def test_image_detail_dropped_is_noted_by_encode_result() -> None:
    # a Responses ``input_image`` with ``detail: "high"``: Anthropic's image block has no detail
    r = toolwire.decode_result({"type": "function_call_output", "call_id": "call_1", "output": [
        {"type": "input_image", "image_url": "https://example.com/a.png", "detail": "high"}]}, "openai.responses")
    report: list = []
    assert toolwire.encode_result(r, "anthropic.messages", report=report) == {
        "type": "tool_result", "tool_use_id": "call_1",
        "content": [{"type": "image", "source": {"type": "url", "url": "https://example.com/a.png"}}]}
    assert [(p.kind, p.message) for p in report] == [
        ("dropped", "The image detail 'high' in the result for call_1 is not sent to anthropic.messages")]
