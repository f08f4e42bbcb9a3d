"""bedrock.converse: every error site with its literal message, ``$.path`` and dialect, and
every ``sniff`` branch with the reason ``toolwire.explain`` gives, beside a near miss.

Shapes from https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ContentBlock.html
(``toolUse`` / ``toolResult`` blocks, one member each),
https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
(``output.message``, ``messages``, ``toolConfig``, ``stopReason``) and
https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html,
each malformed by hand to reach one site.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Tuple

import pytest

import toolwire
from toolwire import ToolCall, ToolResult
from toolwire._dialect import CALL, CALLS, OTHER, RESULT, SERVER, TOOL

D = "bedrock.converse"
BEDROCK = toolwire.get_dialect(D)
DE, AE, EE = toolwire.DecodeError, toolwire.ArgumentsError, toolwire.EncodeError


def resp(*blocks: Any, stop: str = "tool_use") -> Any:
    return {"output": {"message": {"role": "assistant", "content": list(blocks)}}, "stopReason": stop}


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
    # converse.py: children (containers)
    ("children/output-message-not-object", auto_all, {"output": {"message": 3}}, DE, "Expected a message at $.output.message, got int 3", "$.output.message"),
    ("children/output-message-null", auto_all, {"output": {"message": None}, "stopReason": "end_turn"}, DE, "Expected a message at $.output.message, got NoneType None", "$.output.message"),
    ("children/response-content-not-list", auto_all, {"output": {"message": {"role": "assistant", "content": "x"}}}, DE, "Expected a list at $.output.message.content, got str", "$.output.message.content"),
    ("children/message-not-object", auto_all, {"messages": [{"role": "user", "content": [{"text": "a"}]}, 3], "toolConfig": {}}, DE, "Expected a message at $.messages[1], got int 3", "$.messages[1]"),
    ("children/message-content-not-list", dec_all, {"messages": [{"role": "user", "content": {"text": "a"}}], "toolConfig": {}}, DE, "Expected a list at $.messages[0].content, got dict", "$.messages[0].content"),
    # converse.py: decode_call
    ("call/toolUse-not-object", dec, {"toolUse": "x"}, DE, "Expected a 'toolUse' object at $.toolUse, got str 'x'", "$.toolUse"),
    ("call/toolUse-in-response-not-object", auto_all, resp({"text": "a"}, {"toolUse": 5}), DE, "Expected a 'toolUse' object at $.output.message.content[1].toolUse, got int 5", "$.output.message.content[1].toolUse"),
    ("call/name-missing", dec, {"toolUse": {"toolUseId": "t1", "input": {}}}, DE, "Tool name at $.toolUse.name is missing", "$.toolUse.name"),
    ("call/name-not-text", dec, {"toolUse": {"toolUseId": "t1", "name": 3, "input": {}}}, DE, "Tool name at $.toolUse.name must be a non-empty string, got 3", "$.toolUse.name"),
    ("call/id-not-text", dec, {"toolUse": {"toolUseId": [1], "name": "f", "input": {}}}, DE, "Id at $.toolUse.toolUseId must be a string, got [1]", "$.toolUse.toolUseId"),
    ("call/input-list", dec, {"toolUse": {"toolUseId": "t1", "name": "f", "input": [1]}}, AE, "Arguments at $.toolUse.input must be a JSON object or its text, got list [1]", "$.toolUse.input"),
    ("call/input-nan", dec, {"toolUse": {"toolUseId": "t1", "name": "f", "input": {"a": float("nan")}}}, AE, "Arguments at $.toolUse.input hold nan, which is not JSON (NaN and infinity are not numbers in JSON)", "$.toolUse.input"),
    ("call/input-text-not-object", dec, {"toolUse": {"toolUseId": "t1", "name": "f", "input": "[1]"}}, AE, "Arguments at $.toolUse.input are JSON but not an object: list [1]", "$.toolUse.input"),
    ("call/server-input-text-not-object", dec_all, {"toolUse": {"toolUseId": "t1", "name": "nova_grounding", "type": "server_tool_use", "input": "7"}}, AE, "Arguments at $.toolUse.input are JSON but not an object: int 7", "$.toolUse.input"),
    ("call/max-tokens", auto_all, resp({"toolUse": {"toolUseId": "t1", "name": "f", "input": {"a": "ü"}}}, stop="max_tokens"), AE, "Arguments at $.output.message.content[0].toolUse.input may be cut off: the reply stopped at its token limit (max_tokens); pass allow_truncated=True to accept them", "$.output.message.content[0].toolUse.input"),
    # tools.py: decode_tool
    ("tool/systemTool-not-object", tool, {"systemTool": 3}, DE, "Expected a 'systemTool' object at $.systemTool, got int 3", "$.systemTool"),
    ("tool/systemTool-no-name", tool, {"systemTool": {}}, DE, "Tool name at $.systemTool.name is missing", "$.systemTool.name"),
    ("tool/toolSpec-not-object", tool, {"toolSpec": "x"}, DE, "Expected a 'toolSpec' object at $.toolSpec, got str 'x'", "$.toolSpec"),
    ("tool/toolSpec-no-name", tool, {"toolSpec": {"inputSchema": {"json": {}}}}, DE, "Tool name at $.toolSpec.name is missing", "$.toolSpec.name"),
    ("tool/bare-name-empty", tool, {"name": "", "inputSchema": {"json": {}}}, DE, "Tool name at $.name must be a non-empty string, got ''", "$.name"),
    ("tool/inputSchema-not-object", tool, {"toolSpec": {"name": "f", "inputSchema": 3}}, DE, "Expected an 'inputSchema' object at $.toolSpec.inputSchema, got int 3", "$.toolSpec.inputSchema"),
    ("tool/bare-json-not-object", tool, {"name": "f", "inputSchema": {"json": [1]}}, DE, "Tool input schema at $.inputSchema.json must be an object", "$.inputSchema.json"),
    ("tool/strict-not-bool", tool, {"toolSpec": {"name": "f", "inputSchema": {"json": {"type": "object"}}, "strict": "true"}}, DE, "Tool strict at $.toolSpec.strict must be a bool, got 'true'", "$.toolSpec.strict"),
    ("tool/bare-strict-not-bool", tool, {"name": "f", "inputSchema": {"json": {}}, "strict": 1}, DE, "Tool strict at $.strict must be a bool, got 1", "$.strict"),
    # ToolSpecification: inputSchema required, a union whose one member is json
    ("tool/inputSchema-missing", tool, {"toolSpec": {"name": "f"}}, DE, "Tool input schema at $.toolSpec.inputSchema is missing: bedrock.converse requires one", "$.toolSpec.inputSchema"),
    ("tool/inputSchema-without-json", tool, {"toolSpec": {"name": "f", "inputSchema": {}}}, DE, "Tool input schema at $.toolSpec.inputSchema.json is missing: bedrock.converse requires one", "$.toolSpec.inputSchema.json"),
    ("tool/json-not-object", tool, {"toolSpec": {"name": "f", "inputSchema": {"json": "x"}}}, DE, "Tool input schema at $.toolSpec.inputSchema.json must be an object", "$.toolSpec.inputSchema.json"),
    # tools.py: decode_result
    ("result/toolResult-not-object", result, {"toolResult": 3}, DE, "Expected a 'toolResult' object at $.toolResult, got int 3", "$.toolResult"),
    ("result/id-not-text", result, {"toolResult": {"toolUseId": 1.5, "content": []}}, DE, "Id at $.toolResult.toolUseId must be a string, got 1.5", "$.toolResult.toolUseId"),
    # ToolResultBlock: toolUseId required, status success|error (API_runtime_ToolResultBlock.html)
    ("result/id-missing", result, {"toolResult": {"content": [{"text": "x"}]}}, DE, "Tool result id at $.toolResult.toolUseId is missing: bedrock.converse needs the id of the call it answers", "$.toolResult.toolUseId"),
    ("result/id-empty", result, {"toolResult": {"toolUseId": "", "content": [{"text": "x"}]}}, DE, "Tool result id at $.toolResult.toolUseId is empty: bedrock.converse needs the id of the call it answers", "$.toolResult.toolUseId"),
    ("result/status-unknown", result, {"toolResult": {"toolUseId": "t1", "content": [{"text": "x"}], "status": "failed"}}, DE, "Tool result status at $.toolResult.status must be 'success' or 'error', got 'failed'", "$.toolResult.status"),
    ("result/status-not-text", result, {"toolResult": {"toolUseId": "t1", "content": [{"text": "x"}], "status": True}}, DE, "Tool result status at $.toolResult.status must be 'success' or 'error', got True", "$.toolResult.status"),
    ("result/content-not-list", result, {"toolResult": {"toolUseId": "t1", "content": "x"}}, DE, "Tool result content at $.toolResult.content must be a list of blocks", "$.toolResult.content"),
    ("result/block-not-object", result, {"toolResult": {"toolUseId": "t1", "content": [{"text": "a"}, 3]}}, DE, "Expected a content block at $.toolResult.content[1], got int 3", "$.toolResult.content[1]"),
    ("result/block-two-members", result, {"toolResult": {"toolUseId": "t1", "content": [{"text": "a", "json": {}}]}}, DE, "Content block at $.toolResult.content[0] must have exactly one member, got ['json', 'text']", "$.toolResult.content[0]"),
    ("result/block-empty", result, {"toolResult": {"toolUseId": "t1", "content": [{}]}}, DE, "Content block at $.toolResult.content[0] must have exactly one member, got []", "$.toolResult.content[0]"),
    ("result/typed-text-block", result, {"toolResult": {"toolUseId": "a", "content": [{"type": "text"}]}}, DE, "Content block at $.toolResult.content[0] has a 'type' key, which bedrock.converse blocks do not have", "$.toolResult.content[0]"),
    ("result/text-not-text", result, {"toolResult": {"toolUseId": "a", "content": [{"text": 3}]}}, DE, "Text block at $.toolResult.content[0].text must hold a string, got 3", "$.toolResult.content[0].text"),
    ("result/in-history-typed-block", conv, {"messages": [{"role": "user", "content": [{"toolResult": {"toolUseId": "a", "content": [{"type": "text"}]}}]}]}, DE, "Content block at $.messages[0].content[0].toolResult.content[0] has a 'type' key, which bedrock.converse blocks do not have", "$.messages[0].content[0].toolResult.content[0]"),
    # a toolResult member that is no object is refused in a message, a request and a response
    ("children/toolResult-not-object", dec_all, {"role": "user", "content": [{"toolResult": "x"}]}, DE, "Expected a 'toolResult' object at $.content[0].toolResult, got str 'x'", "$.content[0].toolResult"),
    ("children/toolResult-in-request", auto_all, {"messages": [{"role": "user", "content": [{"toolResult": 3}]}], "toolConfig": {}}, DE, "Expected a 'toolResult' object at $.messages[0].content[0].toolResult, got int 3", "$.messages[0].content[0].toolResult"),
    ("children/toolResult-in-response", auto_all, resp({"toolResult": [1]}), DE, "Expected a 'toolResult' object at $.output.message.content[0].toolResult, got list [1]", "$.output.message.content[0].toolResult"),
    # history.py
    ("history/not-a-list", conv, {"messages": {}}, DE, "A bedrock.converse history needs a list at $.messages", "$.messages"),
    ("history/message-not-object", conv, {"messages": [3]}, DE, "Expected a message at $.messages[0], got int 3", "$.messages[0]"),
    ("history/role-unknown", conv, {"messages": [{"role": "tool", "content": []}]}, DE, "Message at $.messages[0] has role 'tool'", "$.messages[0].role"),
    ("history/role-missing", conv, [{"content": [{"text": "a"}]}], DE, "Message at $[0] has role None", "$[0].role"),
    ("history/content-not-list", conv, {"messages": [{"role": "user", "content": "hi"}]}, DE, "Content at $.messages[0].content must be a list of blocks", "$.messages[0].content"),
    ("history/block-not-object", conv, {"messages": [{"role": "user", "content": [{"text": "a"}, 3]}]}, DE, "Expected a content block at $.messages[0].content[1], got int 3", "$.messages[0].content[1]"),
    ("history/typed-block", conv, {"messages": [{"role": "user", "content": [{"type": "text", "text": "a"}]}]}, DE, "Content block at $.messages[0].content[0] has a 'type' key, which bedrock.converse blocks do not have", "$.messages[0].content[0]"),
    ("history/system-not-list", conv, {"system": "be brief", "messages": []}, DE, "Content at $.system must be a list of blocks", "$.system"),
)


@pytest.mark.parametrize(("fn", "payload", "cls", "message", "loc"), [pytest.param(*row[1:], id=row[0]) for row in ERRORS])
def test_decode_errors_are_pinned(fn: Callable[[Any], Any], payload: Any, cls: type, message: str, loc: str) -> None:
    with pytest.raises(toolwire.ToolwireError) as exc:
        fn(payload)
    assert (type(exc.value), exc.value.message, exc.value.loc, exc.value.dialect) == (cls, message, loc, D)
    assert str(exc.value) == message


def _conv_with_image(url: str, media_type: Optional[str] = None) -> Any:
    from toolwire.conversation._values import Media

    return toolwire.Conversation((toolwire.Message("user", (Media("image", url=url, media_type=media_type),)),))


ENCODE_ERRORS: Tuple[Any, ...] = (
    ("call/server-of-another-provider", lambda: toolwire.encode(ToolCall("web_search", {}, "ws_1", server=True), D), "Call 'web_search' is run by another provider; it cannot be replayed to bedrock.converse"),
    ("result/no-id", lambda: toolwire.encode_result(ToolResult(None, "f", "x"), D), "A bedrock.converse tool result needs the id of its call; this result has none (pass the IdMap its call was encoded with as ids=)"),
    ("result/unknown-part", lambda: toolwire.encode_result(ToolResult("t1", "f", [{"type": "text", "text": "a"}, {"type": "audio", "data": "x"}]), D), "A bedrock.converse tool result cannot hold an 'audio' part"),
    ("result/part-without-its-member", lambda: toolwire.encode_result(ToolResult("t1", "f", [{"type": "image", "data": "x"}]), D), "An image part of no known shape in a tool result cannot be written for bedrock.converse: {'type': 'image', 'data': 'x'}"),
    ("history/image-by-url", lambda: toolwire.encode_conversation(_conv_with_image("https://ex.com/a.png", "image/png"), D), "Message 0 holds an image by URL that bedrock.converse cannot take: Bedrock takes image bytes or an S3 location, not a URL"),
    ("history/image-type", lambda: toolwire.encode_conversation(_conv_with_image("s3://b/a.bmp", "image/bmp"), D), "Message 0 holds an image by URL that bedrock.converse cannot take: its type 'image/bmp' is not one of png, jpeg, gif, webp"),
)


@pytest.mark.parametrize(("fn", "message"), [pytest.param(*row[1:], id=row[0]) for row in ENCODE_ERRORS])
def test_encode_errors_are_pinned(fn: Callable[[], Any], message: str) -> None:
    with pytest.raises(toolwire.EncodeError) as exc:
        fn()
    loc = "$.messages[0].parts[0]" if message.startswith("Message 0 holds") else "$"  # (a history: the part's path)
    assert (type(exc.value), exc.value.message, exc.value.loc, exc.value.dialect) == (EE, message, loc, D)


# --- sniff ----------------------------------------------------------------------------------

C = (CALL, "a 'toolUse' block (a Converse content block)")
R = (RESULT, "a 'toolResult' block")
T = (TOOL, "a 'toolSpec' (a Converse tool definition)")
REQ = (CALLS, "'messages' with Converse content blocks or 'toolConfig' (a Converse request)")

SNIFF: Tuple[Tuple[str, Any, Any], ...] = (
    ("call/toolUse", {"toolUse": {"toolUseId": "t1", "name": "f", "input": {"q": "ü"}}}, C),
    ("call/typed-tool_use", {"toolUse": {"type": "tool_use", "toolUseId": "t1", "name": "f", "input": {}}}, C),
    ("call/not-an-object-still-claimed", {"toolUse": "x"}, C),
    ("call/null-is-absent", {"toolUse": None, "text": "a"}, None),
    ("call/inside-a-message-is-no-block", {"role": "assistant", "toolUse": {}}, None),
    ("server/server_tool_use", {"toolUse": {"type": "server_tool_use", "toolUseId": "t1", "name": "nova_grounding", "input": {}}}, (SERVER, "a 'toolUse' block of type 'server_tool_use' (a tool Bedrock runs)")),
    ("result/toolResult", {"toolResult": {"toolUseId": "t1", "content": []}}, R),
    ("result/not-an-object-still-claimed", {"toolResult": 3}, R),
    ("result/typed-tool_result", {"toolResult": {"type": "tool_result"}}, R),
    ("result/type-not-text", {"toolResult": {"type": 5}}, R),
    ("other/nova-result", {"toolResult": {"type": "nova_code_interpreter_result", "toolUseId": "t1"}}, (OTHER, "a 'toolResult' block of type 'nova_code_interpreter_result' (the result of a tool Bedrock runs)")),
    ("tool/toolSpec", {"toolSpec": {"name": "f"}}, T),
    ("tool/systemTool", {"systemTool": {"name": "nova_grounding"}}, T),
    ("tool/toolSpec-not-an-object-still-claimed", {"toolSpec": "x"}, T),
    ("other/cachePoint", {"cachePoint": {"type": "default"}}, (OTHER, "a 'cachePoint' block (a cache marker in content, system or toolConfig.tools)")),
    ("other/text", {"text": "ä"}, (OTHER, "a 'text' content block")),
    ("other/reasoningContent", {"reasoningContent": {}}, (OTHER, "a 'reasoningContent' content block")),
    ("other/two-members", {"text": "a", "image": {}}, None),
    ("other/unknown-member", {"text": "a", "extra": 1}, None),
    ("response/output.message", {"output": {"message": {}}}, (CALLS, "'output.message' (a Converse response)")),
    ("response/output-without-message", {"output": {"text": "a"}}, None),
    ("response/output-not-object", {"output": [{"message": {}}]}, None),
    ("message/blocks", {"role": "assistant", "content": [{"text": "a"}]}, (CALLS, "an 'assistant' message of Converse content blocks")),
    ("message/typed-blocks", {"role": "assistant", "content": [{"type": "text", "text": "a"}]}, None),
    ("message/text-content", {"role": "user", "content": "hi"}, None),
    ("message/unknown-blocks", {"role": "user", "content": [{"foo": 1}, 3]}, None),
    ("request/toolConfig", {"messages": [], "toolConfig": {}}, REQ),
    ("request/inferenceConfig", {"messages": [], "inferenceConfig": {}}, REQ),
    ("request/additionalModelRequestFields", {"messages": [], "additionalModelRequestFields": {}}, REQ),
    ("request/guardrailConfig", {"messages": [], "guardrailConfig": {}}, REQ),
    ("request/blocks", {"messages": [{"role": "user", "content": [{"text": "a"}]}]}, REQ),
    ("request/chat-messages", {"messages": [{"role": "user", "content": "a"}, 3]}, None),
    ("request/messages-not-list", {"messages": {}, "toolConfig": {}}, None),
    ("spec/bare", {"name": "f", "inputSchema": {"json": {}}}, (TOOL, "'name' and 'inputSchema.json' (a Converse tool specification)")),
    ("spec/typed-schema", {"name": "f", "inputSchema": {"json": {}, "type": "object"}}, None),
    ("spec/no-json", {"name": "f", "inputSchema": {"type": "object"}}, None),
    ("spec/no-name", {"inputSchema": {"json": {}}}, None),
    ("spec/schema-not-object", {"name": "f", "inputSchema": [1]}, None),
    ("empty", {}, None),
    ("not-a-dict", [{"toolUse": {}}], None),
)


@pytest.mark.parametrize(("payload", "claim"), [pytest.param(*row[1:], id=row[0]) for row in SNIFF])
def test_sniff(payload: Any, claim: Any) -> None:
    assert BEDROCK.sniff(payload) == claim
    if claim is not None:
        assert tuple(toolwire.explain(payload)) == (D, *claim)


@pytest.mark.parametrize("key", ["text", "image", "document", "video", "audio", "guardContent", "reasoningContent", "citationsContent", "searchResult"])
def test_every_content_block_kind_is_an_other_item(key: str) -> None:
    article = "an" if key[0] in "aeio" else "a"  # 'image', 'audio' take "an"
    assert BEDROCK.sniff({key: {}}) == (OTHER, f"{article} {key!r} content block")
    message = {"role": "assistant", "content": [{key: {}}]}
    assert BEDROCK.sniff(message) == (CALLS, "an 'assistant' message of Converse content blocks")
    assert BEDROCK.sniff({key: {}, "extra": 1}) is None


def test_registry_fields() -> None:
    assert (BEDROCK.name, BEDROCK.aliases, BEDROCK.description) == (D, ("bedrock",), "AWS Bedrock Converse / ConverseStream")
    assert toolwire.get_dialect("bedrock") is BEDROCK
    assert BEDROCK.names is not None and BEDROCK.names.pattern == "[a-zA-Z0-9_-]{1,64}"  # ToolSpecification.name
    assert toolwire.map_name("get_weather-2", BEDROCK.names) == "get_weather-2"
    assert toolwire.map_name("a.b", BEDROCK.names) != "a.b"


def test_an_invalid_call_kept_names_its_tool_and_id() -> None:
    body = resp({"toolUse": {"toolUseId": "t9", "name": "f", "input": "{bad"}}, {"toolUse": {"toolUseId": "t8", "name": "g", "input": [1]}})
    calls = toolwire.decode_all(body, invalid="keep")
    assert [(type(c).__name__, c.name, c.id, c.loc) for c in calls] == [
        ("InvalidToolCall", "f", "t9", "$.output.message.content[0].toolUse.input"),
        ("InvalidToolCall", "g", "t8", "$.output.message.content[1].toolUse.input"),
    ]
