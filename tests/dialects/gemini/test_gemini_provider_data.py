"""gemini: each provider-data key the decoders record, from a hand-written wire payload to
its literal canonical value and back to exactly that payload.

Shapes from https://ai.google.dev/api/caching#Part (``functionCall``,
``thoughtSignature``, ``executableCode``, ``toolCall``),
https://ai.google.dev/api/caching#FunctionCall, https://ai.google.dev/api/caching#FunctionResponse,
https://ai.google.dev/api/caching#FunctionDeclaration,
https://ai.google.dev/gemini-api/docs/thought-signatures and the google-genai
``Part.model_dump()`` spelling (snake_case, unset fields as ``None``).
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire import Tool, ToolCall, ToolResult

D = "gemini"


def pd(value: Any) -> Dict[str, Any]:
    return dict(value.provider_data)


# --- calls -----------------------------------------------------------------------------------

CALLS = (
    # (id, wire part, name, args, id, provider data, repairs)
    ("plain", {"functionCall": {"name": "get_weather", "args": {"city": "Zürich"}}}, "get_weather", {"city": "Zürich"}, None, {}, ()),
    ("with-id", {"functionCall": {"id": "8f2b", "name": "get_weather", "args": {"city": "東京"}}}, "get_weather", {"city": "東京"}, "8f2b", {}, ()),
    ("signed", {"functionCall": {"name": "f", "args": {"q": "ü"}}, "thoughtSignature": "c2ln"}, "f", {"q": "ü"}, None, {D: {"part": {"thoughtSignature": "c2ln"}}}, ()),
    ("signed-with-id", {"functionCall": {"id": "a1", "name": "f", "args": {}}, "thoughtSignature": "c2ln"}, "f", {}, "a1", {D: {"part": {"thoughtSignature": "c2ln"}}}, ()),
    ("signed-beside-another-field", {"functionCall": {"name": "f", "args": {}}, "thoughtSignature": "c2ln", "partMetadata": {"k": "é"}}, "f", {}, None, {D: {"part": {"thoughtSignature": "c2ln", "partMetadata": {"k": "é"}}}}, ()),
    ("signed-empty-id", {"functionCall": {"id": "", "name": "f", "args": {}}, "thoughtSignature": "c2ln"}, "f", {}, None, {D: {"id": "", "part": {"thoughtSignature": "c2ln"}}}, ()),
    ("signed-unknown-call-field", {"functionCall": {"name": "f", "args": {}, "willContinue": False}, "thoughtSignature": "c2ln"}, "f", {}, None, {D: {"call": {"willContinue": False}, "part": {"thoughtSignature": "c2ln"}}}, ()),
    ("beside-a-field-no-signature", {"functionCall": {"name": "f", "args": {}}, "videoMetadata": {"fps": 2}}, "f", {}, None, {D: {"part": {"videoMetadata": {"fps": 2}}}}, ()),
    ("snake-case", {"function_call": {"name": "f", "args": {"a": 1}}}, "f", {"a": 1}, None, {D: {"snake": True}}, ()),
    ("snake-case-signed", {"function_call": {"id": "x1", "name": "f", "args": {}}, "thought_signature": "c2ln"}, "f", {}, "x1", {D: {"snake": True, "part": {"thought_signature": "c2ln"}}}, ()),
    ("no-args", {"functionCall": {"name": "read_theme"}}, "read_theme", {}, None, {D: {"no_args": True}}, ("empty-arguments",)),
    ("empty-id", {"functionCall": {"id": "", "name": "f", "args": {"a": "ß"}}}, "f", {"a": "ß"}, None, {D: {"id": ""}}, ()),
    ("unknown-call-field", {"functionCall": {"name": "f", "args": {}, "willContinue": False}}, "f", {}, None, {D: {"call": {"willContinue": False}}}, ()),
)


def test_a_model_dump_part_is_written_as_the_wire_holds_it() -> None:
    """``Part.model_dump()`` writes every field, the unset ones ``None``; on the wire an
    unset field is absent (proto3 JSON reads null as unset), so none is kept and the part
    is written back with its set fields only, in the dump's snake_case."""
    dump = {"function_call": {"args": {"a": "ü"}, "name": "f", "id": None, "partial_args": None, "will_continue": None},
            "text": None, "thought_signature": None}
    call = toolwire.decode(dump, D)
    assert (call.name, call.args, call.id, pd(call)) == ("f", {"a": "ü"}, None, {D: {"snake": True}})
    assert toolwire.encode(call, D) == {"function_call": {"name": "f", "args": {"a": "ü"}}}
    signed = {**dump, "thought_signature": b"sig", "video_metadata": None}
    call = toolwire.decode(signed, D)
    assert pd(call) == {D: {"snake": True, "part": {"thought_signature": "c2ln"}}}
    assert toolwire.encode(call, D) == {"function_call": {"name": "f", "args": {"a": "ü"}}, "thought_signature": "c2ln"}


def test_google_genai_dumps_of_a_signed_call_are_written_without_their_unset_fields() -> None:
    """b12: ``GenerateContentResponse.model_dump()`` (python mode) of a signed call, read by
    ``decode_all`` and by the stream: the part written back holds the call and its
    signature only (https://ai.google.dev/gemini-api/docs/thought-signatures)."""
    types = pytest.importorskip("google.genai.types")
    from toolwire import stream

    resp = types.GenerateContentResponse.model_validate({"candidates": [{"content": {"role": "model", "parts": [
        {"functionCall": {"name": "f", "args": {"a": 1}}, "thoughtSignature": "c2ln"}]}, "finishReason": "STOP"}]})
    want = {"function_call": {"name": "f", "args": {"a": 1}}, "thought_signature": "c2ln"}
    assert toolwire.encode(toolwire.decode_all(resp.model_dump())[0], D) == want
    assert toolwire.encode(stream.accumulate([resp.model_dump()])[0], D) == want
    assert toolwire.encode(stream.accumulate([resp])[0], D) == {
        "functionCall": {"name": "f", "args": {"a": 1}}, "thoughtSignature": "c2ln"}


@pytest.mark.parametrize(("wire", "name", "args", "ident", "data", "repairs"), [pytest.param(*row[1:], id=row[0]) for row in CALLS])
def test_call_provider_data_round_trips(wire: Any, name: str, args: Any, ident: Any, data: Any, repairs: Any) -> None:
    call = toolwire.decode(wire, D)
    assert (call.name, call.args, call.id, pd(call), call.repairs, call.server) == (name, args, ident, data, repairs, False)
    assert toolwire.encode(call, D) == wire
    assert toolwire.decode(wire) == call


def test_bytes_signatures_from_sdk_objects_are_written_as_base64() -> None:
    part = {"functionCall": {"name": "f", "args": {}}, "thoughtSignature": b"sig", "videoMetadata": {"fps": 1}}
    call = toolwire.decode(part, D)
    assert pd(call) == {D: {"part": {"thoughtSignature": "c2ln", "videoMetadata": {"fps": 1}}}}
    assert toolwire.encode(call, D) == {"functionCall": {"name": "f", "args": {}}, "thoughtSignature": "c2ln", "videoMetadata": {"fps": 1}}


def test_a_signature_kept_by_an_older_stream_is_sent_back_on_the_part() -> None:
    # 0.1's stream kept it as provider_data {"gemini": {"thought_signature": ...}} (stored histories)
    old = ToolCall("f", {"a": 1}, "c1", provider_data={D: {"thought_signature": "c2ln"}})
    assert toolwire.encode(old, D) == {"functionCall": {"name": "f", "args": {"a": 1}, "id": "c1"}, "thoughtSignature": "c2ln"}
    both = ToolCall("f", {}, None, provider_data={D: {"thought_signature": "old", "part": {"thought_signature": "new"}}})
    assert toolwire.encode(both, D) == {"functionCall": {"name": "f", "args": {}}, "thought_signature": "new"}


def test_nulls_are_absent_fields_and_text_args_are_written_as_an_object() -> None:
    call = toolwire.decode({"functionCall": {"name": "f", "args": '{"city": "Köln"}'}}, D)
    assert (call.args, call.raw, pd(call)) == ({"city": "Köln"}, '{"city": "Köln"}', {})
    assert toolwire.encode(call, D) == {"functionCall": {"name": "f", "args": {"city": "Köln"}}}
    call = toolwire.decode({"functionCall": {"id": None, "name": "f", "args": None}}, D)
    assert (call.id, call.args, pd(call)) == (None, {}, {})
    assert toolwire.encode(call, D) == {"functionCall": {"name": "f", "args": {}}}
    # a declaration's null schema key is written back (a tool definition's round trip is
    # exact); to another dialect it is no schema (Chat's empty parameter list)
    tool = toolwire.decode_tool({"name": "f", "parametersJsonSchema": None}, D)
    assert (tool.parameters, pd(tool)) == (None, {D: {"null_params": ["parametersJsonSchema"]}})
    assert toolwire.encode_tool(tool, D) == {"name": "f", "parametersJsonSchema": None}
    assert toolwire.encode_tool(tool, "openai.chat") == {"type": "function", "function": {
        "name": "f", "parameters": {"type": "object", "properties": {}}}}


def test_args_given_beside_no_args_mark_are_written() -> None:
    call = toolwire.decode({"functionCall": {"name": "f"}}, D).replace(args={"a": "ü"})
    assert toolwire.encode(call, D) == {"functionCall": {"name": "f", "args": {"a": "ü"}}}


def test_a_new_id_replaces_the_empty_one() -> None:
    call = toolwire.decode({"functionCall": {"id": "", "name": "f", "args": {}}}, D).replace(id="n1")
    assert toolwire.encode(call, D) == {"functionCall": {"name": "f", "args": {}, "id": "n1"}}


# --- server calls ----------------------------------------------------------------------------


def test_code_execution_is_kept_whole() -> None:
    part = {"executableCode": {"language": "PYTHON", "code": "print('héllo')", "id": "h0m"}, "thoughtSignature": b"sig"}
    call = toolwire.decode(part, D)
    assert (call.name, call.args, call.id, call.server) == ("code_execution", {"language": "PYTHON", "code": "print('héllo')", "id": "h0m"}, None, True)
    wire = {"executableCode": {"language": "PYTHON", "code": "print('héllo')", "id": "h0m"}, "thoughtSignature": "c2ln"}
    assert pd(call) == {D: {"item": wire}}
    assert toolwire.encode(call, D) == wire


def test_builtin_tool_calls_read_either_spelling() -> None:
    camel = {"toolCall": {"id": "93z4", "toolType": "GOOGLE_SEARCH_WEB", "args": {"queries": ["météo Paris"]}}}
    call = toolwire.decode(camel, D)
    assert (call.name, call.args, call.id, call.server, pd(call)) == ("GOOGLE_SEARCH_WEB", {"queries": ["météo Paris"]}, "93z4", True, {D: {"item": camel}})
    assert toolwire.encode(call, D) == camel
    snake = {"tool_call": {"tool_type": "URL_CONTEXT", "args": '{"url": "https://ex.com/é"}'}}
    call = toolwire.decode(snake, D)
    assert (call.name, call.args, call.id, call.raw) == ("URL_CONTEXT", {"url": "https://ex.com/é"}, None, '{"url": "https://ex.com/é"}')
    assert toolwire.encode(call, D) == snake
    bare = toolwire.decode({"toolCall": {"toolType": "", "args": {}}}, D)
    assert bare.name == "tool_call"
    assert toolwire.decode({"toolCall": {"toolType": 5, "args": {}}}, D).name == "tool_call"


def test_a_model_dump_server_part_reads_the_field_that_is_set() -> None:
    # google-genai Part(tool_call=...).model_dump(): every other field is present as None
    part = {"executable_code": None, "code_execution_result": None, "function_call": None, "tool_call": {"id": "t1", "tool_type": "GOOGLE_SEARCH_WEB", "args": {"q": "Ærø"}}, "thought_signature": None}
    (call,) = toolwire.decode_all({"candidates": [{"content": {"parts": [part]}}]}, include_server=True)
    assert (call.name, call.args, call.id, call.server) == ("GOOGLE_SEARCH_WEB", {"q": "Ærø"}, "t1", True)
    assert toolwire.encode(call, D) == {"tool_call": {"id": "t1", "tool_type": "GOOGLE_SEARCH_WEB", "args": {"q": "Ærø"}}}
    code = {"executable_code": {"code": "1+1", "language": "PYTHON"}, "tool_call": None}
    assert toolwire.decode(code, D).args == {"code": "1+1", "language": "PYTHON"}


def test_google_genai_dumps_of_server_calls_are_plain_json_with_wire_words() -> None:
    """b06: ``model_dump()`` (python mode) keeps ``Language.PYTHON`` and ``ToolType`` as
    enum members and unset fields as ``None``; the call read from it is the one read from
    the object: the words of the wire (https://ai.google.dev/api/caching#ExecutableCode,
    ``ToolCall.toolType``), no null, and it encodes."""
    types = pytest.importorskip("google.genai.types")
    import json

    resp = types.GenerateContentResponse.model_validate({"candidates": [{"content": {"role": "model", "parts": [
        {"executableCode": {"language": "PYTHON", "code": "print(1)"}},
        {"toolCall": {"id": "tc1", "toolType": "GOOGLE_SEARCH_WEB", "args": {"q": "x"}}}]}, "finishReason": "STOP"}]})
    dumped = toolwire.decode_all(resp.model_dump(), include_server=True)
    assert [(c.name, c.args, c.id) for c in dumped] == [
        ("code_execution", {"code": "print(1)", "language": "PYTHON"}, None), ("GOOGLE_SEARCH_WEB", {"q": "x"}, "tc1")]
    assert [(c.name, c.args, c.id) for c in toolwire.decode_all(resp, include_server=True)] == [
        (c.name, c.args, c.id) for c in dumped]
    assert type(dumped[0].args["language"]) is str
    assert toolwire.encode(dumped[0], D) == {"executable_code": {"code": "print(1)", "language": "PYTHON"}}
    assert toolwire.encode(dumped[1], D) == {"tool_call": {"id": "tc1", "tool_type": "GOOGLE_SEARCH_WEB", "args": {"q": "x"}}}
    json.dumps([dict(c.provider_data) for c in dumped])


# --- tools -----------------------------------------------------------------------------------

TOOLS = (
    ("json-schema", {"name": "f", "description": "Wetter für eine Stadt", "parametersJsonSchema": {"type": "object"}}, "Wetter für eine Stadt", {"type": "object"}, {}),
    ("openapi-parameters", {"name": "f", "parameters": {"type": "OBJECT"}}, None, {"type": "object"}, {D: {"params_key": "parameters", "openapi": {"type": "OBJECT"}}}),
    ("snake-parameters", {"name": "f", "parameters_json_schema": {"type": "object"}}, None, {"type": "object"}, {D: {"params_key": "parameters_json_schema"}}),
    ("null-description", {"name": "f", "description": None}, None, None, {D: {"null_description": True}}),
    ("declaration-extras", {"name": "f", "behavior": "NON_BLOCKING", "responseJsonSchema": {"type": "string"}}, None, None, {D: {"declaration": {"behavior": "NON_BLOCKING", "responseJsonSchema": {"type": "string"}}}}),
    (
        "tool-entry",
        {"functionDeclarations": [{"name": "f", "description": "é", "parametersJsonSchema": {"type": "object"}}]},
        "é",
        {"type": "object"},
        {D: {"entry": {"key": "functionDeclarations", "extra": {}}}},
    ),
    (
        "snake-tool-entry-beside-a-builtin",
        {"function_declarations": [{"name": "f", "parameters": {"type": "OBJECT"}}], "googleSearch": {}},
        None,
        {"type": "object"},
        {D: {"entry": {"key": "function_declarations", "extra": {"googleSearch": {}}}, "params_key": "parameters",
             "openapi": {"type": "OBJECT"}}},
    ),
)


@pytest.mark.parametrize(("wire", "description", "parameters", "data"), [pytest.param(*row[1:], id=row[0]) for row in TOOLS])
def test_tool_provider_data_round_trips(wire: Any, description: Any, parameters: Any, data: Any) -> None:
    tool = toolwire.decode_tool(wire, D)
    assert (tool.name, tool.description, tool.parameters, pd(tool)) == ("f", description, parameters, data)
    assert toolwire.encode_tool(tool, D) == wire


def test_a_new_tool_is_written_with_parameters_json_schema() -> None:
    assert toolwire.encode_tool(Tool("f", "d", {"type": "object"}), D) == {"name": "f", "description": "d", "parametersJsonSchema": {"type": "object"}}
    assert toolwire.encode_tool(Tool("f"), D) == {"name": "f"}


# --- results ---------------------------------------------------------------------------------

RESULTS = (
    ("output-text", {"functionResponse": {"id": "c1", "name": "f", "response": {"output": "22 °C"}}}, "c1", "22 °C", False, {}),
    ("output-object", {"functionResponse": {"name": "f", "response": {"output": {"t": "ü"}}}}, None, [{"type": "json", "json": {"t": "ü"}}], False, {D: {"key": "output"}}),
    ("result-text", {"functionResponse": {"name": "f", "response": {"result": "ok"}}}, None, "ok", False, {D: {"key": "result"}}),
    ("error", {"functionResponse": {"name": "f", "response": {"error": "Stadt unbekannt: Köln"}}}, None, "Stadt unbekannt: Köln", True, {}),
    ("error-object", {"functionResponse": {"name": "f", "response": {"error": {"code": 4}}}}, None, [{"type": "json", "json": {"code": 4}}], True, {}),
    ("whole-object", {"functionResponse": {"name": "f", "response": {"temperature": 20, "unit": "°C"}}}, None, [{"type": "json", "json": {"temperature": 20, "unit": "°C"}}], False, {}),
    # "Use 'error' key to specify error details" (FunctionResponse.response, https://ai.google.dev/api/caching#FunctionResponse)
    ("error-beside-other-keys", {"functionResponse": {"name": "f", "response": {"error": "Stadt unbekannt", "code": 404}}}, None, [{"type": "json", "json": {"error": "Stadt unbekannt", "code": 404}}], True, {D: {"whole": True}}),
    ("output-and-error", {"functionResponse": {"name": "f", "response": {"output": "partial", "error": "timeout"}}}, None, [{"type": "json", "json": {"output": "partial", "error": "timeout"}}], True, {D: {"whole": True}}),
    ("no-response", {"functionResponse": {"name": "f"}}, None, "", False, {D: {"no_response": True}}),
    ("empty-id", {"functionResponse": {"id": "", "name": "f", "response": {"output": "x"}}}, None, "x", False, {D: {"id": ""}}),
    ("snake-and-extras", {"function_response": {"name": "f", "response": {"output": "x"}, "willContinue": False}, "thought_signature": "c2ln"}, None, "x", False, {D: {"snake": True, "response_extra": {"willContinue": False}, "part": {"thought_signature": "c2ln"}}}),
)


@pytest.mark.parametrize(("wire", "ident", "content", "is_error", "data"), [pytest.param(*row[1:], id=row[0]) for row in RESULTS])
def test_result_provider_data_round_trips(wire: Any, ident: Any, content: Any, is_error: bool, data: Any) -> None:
    r = toolwire.decode_result(wire, D)
    assert (r.id, r.name, r.content, r.is_error, pd(r)) == (ident, "f", content, is_error, data)
    assert toolwire.encode_result(r, D) == wire


def test_result_without_a_response_gets_one_once_it_has_content() -> None:
    r = toolwire.decode_result({"functionResponse": {"name": "f"}}, D)
    assert toolwire.encode_result(r.replace(content="jä"), D) == {"functionResponse": {"name": "f", "response": {"output": "jä"}}}
    assert toolwire.encode_result(r.replace(is_error=True), D) == {"functionResponse": {"name": "f", "response": {"error": ""}}}


ENCODED_RESULTS = (
    ("text", ToolResult("c1", "f", "ok"), {"functionResponse": {"name": "f", "id": "c1", "response": {"output": "ok"}}}),
    ("texts-joined", ToolResult(None, "f", [{"type": "text", "text": "a"}, {"type": "text", "text": "ö"}]), {"functionResponse": {"name": "f", "response": {"output": "a\nö"}}}),
    ("json-object", ToolResult(None, "f", [{"type": "json", "json": {"a": 1}}]), {"functionResponse": {"name": "f", "response": {"a": 1}}}),
    ("json-object-shaped-like-a-key", ToolResult(None, "f", [{"type": "json", "json": {"error": "x"}}]), {"functionResponse": {"name": "f", "response": {"output": {"error": "x"}}}}),
    ("json-object-holding-an-error-key", ToolResult(None, "f", [{"type": "json", "json": {"error": "x", "n": 1}}]), {"functionResponse": {"name": "f", "response": {"output": {"error": "x", "n": 1}}}}),
    ("json-list", ToolResult(None, "f", [{"type": "json", "json": [1]}]), {"functionResponse": {"name": "f", "response": {"output": [1]}}}),
    ("json-error", ToolResult(None, "f", [{"type": "json", "json": {"a": 1}}], is_error=True), {"functionResponse": {"name": "f", "response": {"error": {"a": 1}}}}),
    ("mixed-parts", ToolResult(None, "f", [{"type": "text", "text": "é"}, {"type": "json", "json": {"a": 1}}]), {"functionResponse": {"name": "f", "response": {"output": ["é", {"a": 1}]}}}),
    ("empty-list", ToolResult(None, "f", []), {"functionResponse": {"name": "f", "response": {"output": ""}}}),
)


@pytest.mark.parametrize(("result", "wire"), [pytest.param(*row[1:], id=row[0]) for row in ENCODED_RESULTS])
def test_results_encode_to_literal_wire(result: ToolResult, wire: Any) -> None:
    assert toolwire.encode_result(result, D) == wire
