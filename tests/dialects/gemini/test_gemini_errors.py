"""gemini: every error site with its literal message, ``$.path`` and dialect, and every
``sniff`` branch with the reason ``toolwire.explain`` gives, beside a near miss.

Shapes from https://ai.google.dev/api/caching#Part (``functionCall``,
``functionResponse``, ``executableCode``, ``toolCall``),
https://ai.google.dev/api/caching#Tool (``functionDeclarations``),
https://ai.google.dev/api/generate-content#generatecontentresponse (``candidates``) and
https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/function-calling
(streamed ``partialArgs``), each malformed by hand to reach one site.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Tuple

import pytest

import toolwire
from toolwire import ToolCall, ToolResult
from toolwire.stream import accumulate, encode_stream

D = "gemini"
E = "Expected"
DE, AE, EE = toolwire.DecodeError, toolwire.ArgumentsError, toolwire.EncodeError


def body(*parts: Any, finish: Optional[str] = None) -> Any:
    cand: Any = {"content": {"role": "model", "parts": list(parts)}, "index": 0}
    if finish:
        cand["finishReason"] = finish
    return {"candidates": [cand]}


def dec(x: Any) -> Any:
    return toolwire.decode(x, D)


def dec_all(x: Any) -> Any:
    return toolwire.decode_all(x, D, include_server=True)


def auto_all(x: Any) -> Any:
    return toolwire.decode_all(x, include_server=True)


def tool(x: Any) -> Any:
    return toolwire.decode_tool(x, D)


def result(x: Any) -> Any:
    return toolwire.decode_result(x, D)


def conv(x: Any) -> Any:
    return toolwire.decode_conversation(x, D)


ERRORS: Tuple[Any, ...] = (
    # calls.py: children (containers)
    ("children/candidates-not-list", auto_all, {"candidates": 5, "promptFeedback": {}}, DE, "Expected a list at $.candidates, got int", "$.candidates"),
    ("children/candidate-not-object", auto_all, {"candidates": [3]}, DE, "Expected a candidate at $.candidates[0], got int 3", "$.candidates[0]"),
    ("children/content-not-object", auto_all, {"candidates": [{"content": 3}]}, DE, "Expected a Content object at $.candidates[0].content, got int 3", "$.candidates[0].content"),
    ("children/parts-not-list", auto_all, {"candidates": [{"content": {"parts": "nope"}}]}, DE, "Expected a list at $.candidates[0].content.parts, got str", "$.candidates[0].content.parts"),
    ("children/parts-not-list-beside-feedback", auto_all, {"promptFeedback": {}, "parts": {"text": "a"}}, DE, "Expected a list at $.parts, got dict", "$.parts"),
    ("children/contents-not-list", auto_all, {"promptFeedback": {}, "contents": 4}, DE, "Expected a list at $.contents, got int", "$.contents"),
    ("children/contents-item-not-object", auto_all, {"contents": [{"parts": []}, 7]}, DE, "Expected a Content object at $.contents[1], got int 7", "$.contents[1]"),
    ("children/contents-parts-not-list", auto_all, {"contents": [{"role": "user", "parts": 1}]}, DE, "Expected a list at $.contents[0].parts, got int", "$.contents[0].parts"),
    ("choices/candidate-not-object", lambda x: toolwire.decode_all(x, choice=1), {"candidates": [{"content": {"parts": []}}, "x"]}, DE, "Expected a candidate at $.candidates[1], got str 'x'", "$.candidates[1]"),
    # calls.py: decode_call
    ("call/functionCall-not-object", dec, {"functionCall": "x"}, DE, "Expected a function call object at $.functionCall, got str 'x'", "$.functionCall"),
    ("call/function_call-not-object", dec, {"function_call": [1]}, DE, "Expected a function call object at $.function_call, got list [1]", "$.function_call"),
    ("call/in-response-not-object", auto_all, body({"text": "a"}, {"functionCall": 5}), DE, "Expected a function call object at $.candidates[0].content.parts[1].functionCall, got int 5", "$.candidates[0].content.parts[1].functionCall"),
    ("call/name-missing", dec, {"functionCall": {"args": {}}}, DE, "Tool name at $.functionCall.name is missing", "$.functionCall.name"),
    ("call/name-not-text", dec, {"functionCall": {"name": 5}}, DE, "Tool name at $.functionCall.name must be a non-empty string, got 5", "$.functionCall.name"),
    ("call/snake-name-empty", dec, {"function_call": {"name": ""}}, DE, "Tool name at $.function_call.name must be a non-empty string, got ''", "$.function_call.name"),
    ("call/arguments-not-args", auto_all, {"functionCall": {"name": "f", "arguments": {"city": "Paris"}}}, AE, "Tool call at $.functionCall has no 'args' but has 'arguments', which gemini does not read as its arguments (run with {} they would be lost): {'city': 'Paris'}", "$.functionCall.arguments"),
    ("call/snake-arguments-not-args", dec, {"function_call": {"name": "f", "arguments": {"city": "Paris"}}}, AE, "Tool call at $.function_call has no 'args' but has 'arguments', which gemini does not read as its arguments (run with {} they would be lost): {'city': 'Paris'}", "$.function_call.arguments"),
    ("call/args-list", dec, {"functionCall": {"name": "f", "args": [1]}}, AE, "Arguments at $.functionCall.args must be a JSON object or its text, got list [1]", "$.functionCall.args"),
    ("call/args-nan", dec, {"functionCall": {"name": "f", "args": {"a": float("nan")}}}, AE, "Arguments at $.functionCall.args hold nan, which is not JSON (NaN and infinity are not numbers in JSON)", "$.functionCall.args"),
    ("call/snake-args-nan", dec, {"function_call": {"name": "f", "args": {"a": float("inf")}}}, AE, "Arguments at $.function_call.args hold inf, which is not JSON (NaN and infinity are not numbers in JSON)", "$.function_call.args"),
    ("call/args-text-not-object", dec, {"functionCall": {"name": "f", "args": "[1]"}}, AE, "Arguments at $.functionCall.args are JSON but not an object: list [1]", "$.functionCall.args"),
    ("call/id-not-text", dec, {"functionCall": {"name": "f", "args": {}, "id": {"x": 1}}}, DE, "Id at $.functionCall.id must be a string, got {'x': 1}", "$.functionCall.id"),
    ("call/snake-id-not-text", dec, {"function_call": {"name": "f", "id": 1.5}}, DE, "Id at $.function_call.id must be a string, got 1.5", "$.function_call.id"),
    ("call/max-tokens", auto_all, body({"functionCall": {"name": "f", "args": {"q": "Zürich"}}}, finish="MAX_TOKENS"), AE, "Arguments at $.candidates[0].content.parts[0].functionCall.args may be cut off: the reply stopped at its token limit (MAX_TOKENS); pass allow_truncated=True to accept them", "$.candidates[0].content.parts[0].functionCall.args"),
    # calls.py: _decode_server
    ("server/executableCode-not-object", dec, {"executableCode": "print(1)"}, DE, "Expected an object at $.executableCode, got str 'print(1)'", "$.executableCode"),
    ("server/tool_call-not-object", dec, {"tool_call": 3}, DE, "Expected an object at $.tool_call, got int 3", "$.tool_call"),
    ("server/toolCall-id-not-text", dec, {"toolCall": {"id": [1], "args": {}}}, DE, "Id at $.toolCall.id must be a string, got [1]", "$.toolCall.id"),
    ("server/toolCall-args-list", dec, {"toolCall": {"id": "t1", "args": [1]}}, AE, "Arguments at $.toolCall.args must be a JSON object or its text, got list [1]", "$.toolCall.args"),
    ("server/tool_call-args-text", dec, {"tool_call": {"args": "7"}}, AE, "Arguments at $.tool_call.args are JSON but not an object: int 7", "$.tool_call.args"),
    # tools.py: decode_tool
    ("tool/declarations-not-list", tool, {"functionDeclarations": "x"}, DE, "Function declarations at $.functionDeclarations must be a list of one declaration, got str 'x'", "$.functionDeclarations"),
    ("tool/declarations-two", tool, {"function_declarations": [{"name": "f"}, {"name": "g"}]}, DE, "A gemini tool entry at $ holds 2 function declarations, not one; decode each of $.function_declarations[i]", "$.function_declarations"),
    ("tool/declarations-none", tool, {"functionDeclarations": []}, DE, "A gemini tool entry at $ holds 0 function declarations, not one; decode each of $.functionDeclarations[i]", "$.functionDeclarations"),
    ("tool/declaration-not-object", tool, {"functionDeclarations": [3]}, DE, "Expected a function declaration at $.functionDeclarations[0], got int 3", "$.functionDeclarations[0]"),
    ("tool/declaration-no-name", tool, {"functionDeclarations": [{"description": "d"}]}, DE, "Tool name at $.functionDeclarations[0].name is missing", "$.functionDeclarations[0].name"),
    ("tool/name-empty", tool, {"name": "", "parametersJsonSchema": {}}, DE, "Tool name at $.name must be a non-empty string, got ''", "$.name"),
    ("tool/parametersJsonSchema-not-object", tool, {"name": "f", "parametersJsonSchema": 3}, DE, "Tool parameters at $.parametersJsonSchema must be an object", "$.parametersJsonSchema"),
    ("tool/parameters_json_schema-not-object", tool, {"name": "f", "parameters_json_schema": "x"}, DE, "Tool parameters at $.parameters_json_schema must be an object", "$.parameters_json_schema"),
    ("tool/entry-parameters-not-object", tool, {"functionDeclarations": [{"name": "f", "parameters": [3]}]}, DE, "Tool parameters at $.functionDeclarations[0].parameters must be an object", "$.functionDeclarations[0].parameters"),
    # tools.py: decode_result
    ("result/functionResponse-not-object", result, {"functionResponse": 3}, DE, "Expected a function response object at $.functionResponse, got int 3", "$.functionResponse"),
    ("result/function_response-not-object", result, {"function_response": "x"}, DE, "Expected a function response object at $.function_response, got str 'x'", "$.function_response"),
    ("result/id-not-text", result, {"functionResponse": {"name": "f", "id": 1.5}}, DE, "Id at $.functionResponse.id must be a string, got 1.5", "$.functionResponse.id"),
    ("result/name-not-text", result, {"functionResponse": {"name": 3, "response": {}}}, DE, "Tool name at $.functionResponse.name must be text", "$.functionResponse.name"),
    ("result/response-not-object", result, {"function_response": {"name": "f", "response": [1]}}, DE, "Function response at $.function_response.response must be an object", "$.function_response.response"),
    # a result or server-call member that is no object is refused in a response, a request and a history
    ("children/functionResponse-not-object", dec_all, {"role": "model", "parts": [{"functionResponse": "x"}]}, DE, "Expected a function response object at $.parts[0].functionResponse, got str 'x'", "$.parts[0].functionResponse"),
    ("children/functionResponse-in-response", auto_all, body({"functionResponse": "x"}), DE, "Expected a function response object at $.candidates[0].content.parts[0].functionResponse, got str 'x'", "$.candidates[0].content.parts[0].functionResponse"),
    ("children/function_response-in-request", auto_all, {"contents": [{"role": "user", "parts": [{"function_response": 3}]}]}, DE, "Expected a function response object at $.contents[0].parts[0].function_response, got int 3", "$.contents[0].parts[0].function_response"),
    ("children/toolCall-in-response", auto_all, body({"toolCall": "x"}), DE, "Expected an object at $.candidates[0].content.parts[0].toolCall, got str 'x'", "$.candidates[0].content.parts[0].toolCall"),
    ("children/executableCode-in-request", auto_all, {"contents": [{"role": "model", "parts": [{"executableCode": [1]}]}]}, DE, "Expected an object at $.contents[0].parts[0].executableCode, got list [1]", "$.contents[0].parts[0].executableCode"),
    ("history/executableCode-not-object", conv, {"contents": [{"role": "model", "parts": [{"executableCode": "x"}]}]}, DE, "Expected an object at $.contents[0].parts[0].executableCode, got str 'x'", "$.contents[0].parts[0].executableCode"),
    ("history/toolCall-not-object", conv, {"contents": [{"role": "model", "parts": [{"toolCall": "x"}]}]}, DE, "Expected an object at $.contents[0].parts[0].toolCall, got str 'x'", "$.contents[0].parts[0].toolCall"),
    ("history/tool_call-not-object", conv, {"contents": [{"role": "model", "parts": [{"tool_call": 5}]}]}, DE, "Expected an object at $.contents[0].parts[0].tool_call, got int 5", "$.contents[0].parts[0].tool_call"),
    # history.py
    ("history/not-a-list", conv, {"contents": {"role": "user"}}, DE, "A gemini history needs a list at $.contents", "$.contents"),
    ("history/system-not-object", conv, {"systemInstruction": "be brief", "contents": []}, DE, "Expected a system instruction at $.systemInstruction, got str 'be brief'", "$.systemInstruction"),
    ("history/system-parts-not-list", conv, {"system_instruction": {"parts": "x"}, "contents": []}, DE, "Parts at $.system_instruction.parts must be a list", "$.system_instruction.parts"),
    ("history/content-not-object", conv, {"contents": [{"role": "user", "parts": [{"text": "hi"}]}, 5]}, DE, "Expected a content at $.contents[1], got int 5", "$.contents[1]"),
    ("history/role-unknown", conv, {"contents": [{"role": "assistant", "parts": []}]}, DE, "Content at $.contents[0] has role 'assistant'", "$.contents[0].role"),
    ("history/parts-missing", conv, {"contents": [{"role": "user"}]}, DE, "Parts at $.contents[0].parts must be a list", "$.contents[0].parts"),
    ("history/part-not-object", conv, [{"role": "user", "parts": [{"text": "a"}, "b"]}], DE, "Expected a part at $[0].parts[1], got str 'b'", "$[0].parts[1]"),
)


@pytest.mark.parametrize(
    ("fn", "payload", "cls", "message", "loc"),
    [pytest.param(*row[1:], id=row[0]) for row in ERRORS if row[4] is not None],
)
def test_decode_errors_are_pinned(fn: Callable[[Any], Any], payload: Any, cls: type, message: str, loc: str) -> None:
    with pytest.raises(toolwire.ToolwireError) as exc:
        fn(payload)
    assert (type(exc.value), exc.value.message, exc.value.loc, exc.value.dialect) == (cls, message, loc, D)
    assert str(exc.value) == message


ENCODE_ERRORS: Tuple[Any, ...] = (
    ("call/server-of-another-provider", lambda: toolwire.encode(ToolCall("web_search", {}, "ws_1", server=True), D), "Call 'web_search' is run by another provider; it cannot be replayed to gemini"),
    ("result/no-name", lambda: toolwire.encode_result(ToolResult(id="c1", content="x"), D), "A gemini function response needs the tool name (Gemini rejects an empty one); this result has none: set its name from its call"),
    ("result/image-part", lambda: toolwire.encode_result(ToolResult(name="f", content=[{"type": "text", "text": "a"}, {"type": "image", "data": "iVBO", "mime_type": "image/png"}]), D), "An image part of no known shape in a tool result cannot be written for gemini: {'type': 'image', 'data': 'iVBO', 'mime_type': 'image/png'}"),
    ("result/audio-part", lambda: toolwire.encode_result(ToolResult(name="f", content=[{"type": "audio", "data": "AAA=", "mimeType": "audio/wav"}]), D), "A gemini function response cannot hold an 'audio' part"),
    ("stream/empty-object", lambda: encode_stream([ToolCall("f", {"a": {}})], D, partial_args=True), "Vertex partialArgs cannot carry an empty object"),
    ("stream/empty-array", lambda: encode_stream([ToolCall("f", {"a": [1, []]})], D, partial_args=True), "Vertex partialArgs cannot carry an empty array"),
)


@pytest.mark.parametrize(("fn", "message"), [pytest.param(*row[1:], id=row[0]) for row in ENCODE_ERRORS])
def test_encode_errors_are_pinned(fn: Callable[[], Any], message: str) -> None:
    with pytest.raises(toolwire.EncodeError) as exc:
        fn()
    assert (type(exc.value), exc.value.message, exc.value.loc, exc.value.dialect) == (EE, message, "$", D)


def test_a_file_uri_without_a_known_image_type_is_refused_on_encode() -> None:
    conv_ = toolwire.decode_conversation([{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "https://example.com/cat"}}]}], "openai.chat")
    with pytest.raises(toolwire.EncodeError) as exc:
        toolwire.encode_conversation(conv_, D)
    assert exc.value.dialect == D
    assert "a Gemini fileData part needs its MIME type, which this URL does not tell" in exc.value.message


STREAM_FAILURES = (
    ("stream/unreadable-jsonPath", {"jsonPath": "a.b", "stringValue": "x"}, "Partial argument has an unreadable jsonPath: 'a.b'"),
    ("stream/jsonPath-not-text", {"jsonPath": 3, "numberValue": 1}, "Partial argument has an unreadable jsonPath: 3"),
    ("stream/jsonPath-root", {"json_path": "$", "bool_value": True}, "Partial argument has an unreadable jsonPath: '$'"),
    ("stream/stringValue-not-text", {"jsonPath": "$.city", "stringValue": 5}, "Partial argument at $.city has a non-string stringValue"),
)


@pytest.mark.parametrize(("pa", "message"), [pytest.param(*row[1:], id=row[0]) for row in STREAM_FAILURES])
def test_unreadable_partial_arguments_make_the_call_invalid(pa: Any, message: str) -> None:
    chunks = [
        body({"functionCall": {"name": "get_weather", "willContinue": True}}),
        body({"functionCall": {"partialArgs": [pa], "willContinue": True}}),
        body({"functionCall": {}}, finish="STOP"),
    ]
    (call,) = accumulate(chunks, D)
    assert type(call) is toolwire.InvalidToolCall
    assert (call.name, call.error) == ("get_weather", message)


_FRAGMENT = ("Function call at $.candidates[0].content.parts[0].{} is a fragment of a streamed call ({}) that no "
             "later part ends: its arguments are not all here; read the whole stream with toolwire.stream")


@pytest.mark.parametrize(
    ("fc", "why"),
    [
        ({"name": "f", "willContinue": True}, "willContinue"),  # Vertex: the call opens, its arguments follow
        ({"name": "f", "partialArgs": [{"jsonPath": "$.city", "stringValue": "Bos", "willContinue": True}],
          "willContinue": True}, "willContinue"),
        ({"partialArgs": [{"jsonPath": "$.city", "stringValue": ""}], "willContinue": True, "name": "f"},
         "willContinue"),
        ({"name": "f", "will_continue": True}, "will_continue"),  # the SDK's python-mode dump
    ],
)
def test_a_streamed_call_fragment_is_never_a_whole_call(fc: Any, why: str) -> None:
    """A ``functionCall`` part of a Vertex stream of argument fragments (``willContinue``,
    ``partialArgs``) that no later part ends, read as a whole reply, is cut off: never a
    runnable ``{}`` (fragments that end are one call: ``test_gemini_parts_ways_in``)."""
    key = "function_call" if why == "will_continue" else "functionCall"
    payload = body({key: fc})
    message = _FRAGMENT.format(key, why)
    with pytest.raises(AE) as err:
        toolwire.decode_all(payload)
    assert (err.value.message, err.value.truncated, err.value.dialect) == (message, True, D)
    (bad,) = toolwire.decode_all(payload, invalid="keep")
    assert (bad.name, bad.truncated, bad.error) == ("f", True, message)
    with pytest.raises(toolwire.ToolwireError):
        toolwire.convert(payload, "openai.chat")
    done = {"name": "f", "args": {"city": "Boston"}, "willContinue": False}  # the end of it: a whole call
    assert toolwire.decode_all(body({"functionCall": done}))[0].args == {"city": "Boston"}


def _result_by_uri(uri: str) -> ToolResult:
    """A function response with a ``fileData`` part (https://ai.google.dev/api/caching#FunctionResponse,
    ``parts[].fileData``: ``mimeType`` + ``fileUri``), read from Gemini."""
    wire = {"functionResponse": {"name": "f", "response": {"output": "x"},
                                 "parts": [{"fileData": {"mimeType": "image/png", "fileUri": uri}}]}}
    return toolwire.decode_result(wire, D).replace(id="toolu_1")


@pytest.mark.parametrize("uri", ["file:///tmp/a.png", "s3://bucket/a.png", "ftp://ex.com/a.png"])
@pytest.mark.parametrize("target", ["anthropic.messages", "bedrock.converse", "mcp"])
def test_a_file_uri_of_a_scheme_gemini_does_not_fetch_is_said_so_not_an_upload(uri: str, target: str) -> None:
    """Gemini fetches a ``fileUri`` that is a Files API URI, a ``gs://`` URI or a public
    http(s) URL (https://ai.google.dev/gemini-api/docs/file-input-methods); a ``file://``
    or ``s3://`` URI is none of them, and no upload either (it was said to be one)."""
    with pytest.raises(EE) as err:
        toolwire.encode_result(_result_by_uri(uri), target)
    assert err.value.message == (
        f"An image in a tool result cannot be written for {target}: its fileData URI {uri!r} has a scheme Gemini "
        "does not fetch (a fileData part takes a Files API URI, a gs:// URI or a public http(s) URL)")


@pytest.mark.parametrize("uri", ["https://generativelanguage.googleapis.com/v1beta/files/abc-123", "gs://bucket/a.png"])
def test_a_file_uri_only_google_reads_is_still_refused_as_an_upload(uri: str) -> None:
    with pytest.raises(EE, match=r"^An image by file id \(an upload to another provider\) in a tool result cannot "
                                 r"be written for anthropic.messages"):
        toolwire.encode_result(_result_by_uri(uri), "anthropic.messages")
