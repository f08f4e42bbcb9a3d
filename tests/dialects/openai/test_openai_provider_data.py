"""What ``openai.chat`` and ``openai.responses`` keep beside the canonical value
(``provider_data``), pinned on hand-written wire payloads: the decoded fields as
literals, and the re-encode as the literal wire.

Shapes from:
- https://platform.openai.com/docs/api-reference/chat/object (``tool_calls`` items:
  ``id``, ``type``, ``function.{name, arguments}``; ``type: "custom"`` calls with
  ``custom.{name, input}``; the deprecated ``function_call``);
- https://platform.openai.com/docs/api-reference/chat/create (``tools``: ``function``
  with ``name``, ``description``, ``parameters``, ``strict``; ``custom`` with
  ``format``; ``role: "tool"`` messages with ``tool_call_id`` and text or text parts;
  the deprecated ``role: "function"`` message with ``name``);
- https://ai.google.dev/gemini-api/docs/openai (``extra_content.google.thought_signature``
  on a call of Gemini's OpenAI-compatible endpoint);
- https://openrouter.ai/docs/features/prompt-caching (``cache_control`` on a text part);
- https://cookbook.openai.com/examples/how_to_call_functions_with_chat_models (a
  ``tool`` message with ``name``);
- https://platform.openai.com/docs/api-reference/responses/object (``function_call``
  items with ``id``, ``call_id``, ``name``, ``arguments``, ``status``;
  ``custom_tool_call``; ``web_search_call``, ``code_interpreter_call``, ``mcp_call``,
  ``mcp_list_tools``, ``file_search_call``);
- https://platform.openai.com/docs/api-reference/responses/create (flat ``function`` /
  ``custom`` tools; ``function_call_output`` / ``custom_tool_call_output`` items with
  ``output`` text or ``input_text`` / ``input_image`` / ``input_file`` parts).
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire import Tool, ToolCall, ToolResult

C = "openai.chat"
R = "openai.responses"


def _call(wire: Dict[str, Any], dialect: str) -> ToolCall:
    return toolwire.decode(wire, dialect)


def _fields(call: ToolCall) -> Any:
    return call.name, call.args, call.id, call.repairs, dict(call.provider_data)


# --- openai.chat calls ----------------------------------------------------------------------


CHAT_CALLS = [
    ("plain", {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Zürich"}'}},
     ("get_weather", {"city": "Zürich"}, "call_1", (), {})),
    ("extra-gemini-signature",
     {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"q": "東京"}'},
      "extra_content": {"google": {"thought_signature": "c2lnbmF0dXJl"}}},
     ("f", {"q": "東京"}, "call_1", (), {C: {"extra": {"extra_content": {"google": {"thought_signature": "c2lnbmF0dXJl"}}}}})),
    ("function-extra", {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}", "parsed_arguments": {}}},
     ("f", {}, "call_1", (), {C: {"function_extra": {"parsed_arguments": {}}}})),
    ("no-type", {"id": "call_1", "function": {"name": "f", "arguments": "{}"}},
     ("f", {}, "call_1", (), {C: {"no_type": True}})),
    ("no-id", {"type": "function", "function": {"name": "f", "arguments": "{}"}},
     ("f", {}, None, (), {C: {"no_id": True}})),
    ("no-id-no-type", {"function": {"name": "f", "arguments": '{"a": "é"}'}},
     ("f", {"a": "é"}, None, (), {C: {"no_type": True, "no_id": True}})),
    ("empty-id", {"id": "", "type": "function", "function": {"name": "f", "arguments": "{}"}},
     ("f", {}, None, (), {C: {"id": ""}})),
    ("long-id", {"id": "call_" + "x" * 36, "type": "function", "function": {"name": "f", "arguments": "{}"}},
     ("f", {}, "call_" + "x" * 36, (), {C: {"native_id": True}})),
    ("id-of-40", {"id": "call_" + "x" * 35, "type": "function", "function": {"name": "f", "arguments": "{}"}},
     ("f", {}, "call_" + "x" * 35, (), {})),
    ("legacy", {"name": "f", "arguments": '{"q": "東京"}'}, ("f", {"q": "東京"}, None, (), {C: {"legacy": True}})),
    ("custom", {"id": "call_1", "type": "custom", "custom": {"name": "sql", "input": "SELECT 'é'"}},
     ("sql", {"input": "SELECT 'é'"}, "call_1", (), {C: {"custom": True}})),
    ("custom-empty-id", {"id": "", "type": "custom", "custom": {"name": "sql", "input": "x"}},
     ("sql", {"input": "x"}, None, (), {C: {"custom": True, "id": ""}})),
    ("custom-long-id", {"id": "call_" + "x" * 36, "type": "custom", "custom": {"name": "sql", "input": "x"}},
     ("sql", {"input": "x"}, "call_" + "x" * 36, (), {C: {"custom": True, "native_id": True}})),
]


@pytest.mark.parametrize(("wire", "fields"), [r[1:] for r in CHAT_CALLS], ids=[r[0] for r in CHAT_CALLS])
def test_chat_call_round_trip(wire: Dict[str, Any], fields: Any) -> None:
    call = _call(wire, C)
    assert _fields(call) == fields
    assert toolwire.encode(call, C) == wire


@pytest.mark.parametrize(
    ("arguments", "kept"),
    [("", {"arguments": ""}), ("null", {"arguments": "null"}), (" ", {"arguments": " "}),
     (None, {"arguments": None, "no_arguments": True})],
    ids=["empty", "null", "blank", "missing"],
)
def test_chat_empty_arguments_are_recorded_and_written_as_an_empty_object(arguments: Any, kept: Dict[str, Any]) -> None:
    fn: Dict[str, Any] = {"name": "now"} if arguments is None else {"name": "now", "arguments": arguments}
    call = _call({"id": "call_1", "type": "function", "function": fn}, C)
    assert _fields(call) == ("now", {}, "call_1", ("empty-arguments",), {C: kept})
    assert toolwire.encode(call, C) == {"id": "call_1", "type": "function", "function": {"name": "now", "arguments": "{}"}}


def test_chat_empty_id_and_null_arguments_together() -> None:
    call = _call({"id": "", "type": "function", "function": {"name": "f", "arguments": "null"}}, C)
    assert _fields(call) == ("f", {}, None, ("empty-arguments",), {C: {"id": "", "arguments": "null"}})
    assert toolwire.encode(call, C) == {"id": "", "type": "function", "function": {"name": "f", "arguments": "{}"}}


def test_chat_fresh_calls_write_compact_json_text_with_non_ascii_kept() -> None:
    call = ToolCall(name="get_weather", args={"city": "Zürich", "n": 1}, id="call_1")
    assert toolwire.encode(call, C) == {
        "id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city":"Zürich","n":1}'}
    }
    assert toolwire.encode(call, R) == {
        "type": "function_call", "call_id": "call_1", "name": "get_weather", "arguments": '{"city":"Zürich","n":1}'
    }


def test_chat_custom_call_goes_to_responses_as_a_custom_tool_call() -> None:
    call = _call({"id": "call_1", "type": "custom", "custom": {"name": "sql", "input": "SELECT 'é'"}}, C)
    assert toolwire.encode(call, R) == {"type": "custom_tool_call", "call_id": "call_1", "name": "sql", "input": "SELECT 'é'"}


def test_a_custom_marker_on_other_arguments_is_a_function_call() -> None:
    # ``custom`` recorded, but the arguments are no longer ``{"input": text}``
    call = ToolCall(name="sql", args={"input": 5}, id="call_1", provider_data={C: {"custom": True}})
    assert toolwire.encode(call, C) == {"id": "call_1", "type": "function", "function": {"name": "sql", "arguments": '{"input":5}'}}
    two = ToolCall(name="sql", args={"input": "x", "y": 1}, id="call_1", provider_data={C: {"custom": True}})
    assert toolwire.encode(two, C)["type"] == "function"


# --- openai.responses calls -----------------------------------------------------------------


RESPONSES_CALLS = [
    ("as-sent-back", {"type": "function_call", "call_id": "call_1", "name": "f", "arguments": '{"city": "Zürich"}'},
     ("f", {"city": "Zürich"}, "call_1", (), {})),
    ("item-id-status-namespace",
     {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": '{"q": "東京"}',
      "status": "completed", "namespace": "weather"},
     ("f", {"q": "東京"}, "call_1", (), {R: {"id": "fc_1", "status": "completed", "namespace": "weather"}})),
    ("no-type", {"call_id": "call_1", "name": "f", "arguments": "{}"}, ("f", {}, "call_1", (), {R: {"no_type": True}})),
    ("long-call-id", {"type": "function_call", "call_id": "c" * 65, "name": "f", "arguments": "{}"},
     ("f", {}, "c" * 65, (), {R: {"native_id": True}})),
    ("call-id-of-64", {"type": "function_call", "call_id": "c" * 64, "name": "f", "arguments": "{}"},
     ("f", {}, "c" * 64, (), {})),
    ("custom", {"type": "custom_tool_call", "id": "ctc_1", "call_id": "call_1", "name": "sql", "input": "SELECT 'é'",
                "status": "completed"},
     ("sql", {"input": "SELECT 'é'"}, "call_1", (), {R: {"id": "ctc_1", "status": "completed", "custom": True}})),
    ("custom-long-call-id", {"type": "custom_tool_call", "call_id": "c" * 65, "name": "sql", "input": "x"},
     ("sql", {"input": "x"}, "c" * 65, (), {R: {"custom": True, "native_id": True}})),
]


@pytest.mark.parametrize(("wire", "fields"), [r[1:] for r in RESPONSES_CALLS], ids=[r[0] for r in RESPONSES_CALLS])
def test_responses_call_round_trip(wire: Dict[str, Any], fields: Any) -> None:
    call = _call(wire, R)
    assert _fields(call) == fields
    assert toolwire.encode(call, R) == wire


@pytest.mark.parametrize(("arguments", "kept"), [("", ""), ("null", "null")], ids=["empty", "null"])
def test_responses_empty_arguments_are_recorded_and_written_as_an_empty_object(arguments: str, kept: str) -> None:
    call = _call({"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": arguments}, R)
    assert _fields(call) == ("f", {}, "call_1", ("empty-arguments",), {R: {"id": "fc_1", "arguments": kept}})
    assert toolwire.encode(call, R) == {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": "{}"}


def test_responses_call_goes_to_chat_without_its_item_fields() -> None:
    call = _call({"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": '{"a": "é"}',
                  "status": "completed"}, R)
    assert toolwire.encode(call, C) == {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": "é"}'}}


SERVER = [
    ("web-search", {"type": "web_search_call", "id": "ws_1", "status": "completed",
                    "action": {"type": "search", "query": "météo Zürich"}},
     ("web_search", {"action": {"type": "search", "query": "météo Zürich"}}, "ws_1")),
    ("code-interpreter", {"type": "code_interpreter_call", "id": "ci_1", "code": "print('é')", "container_id": "cntr_1"},
     ("code_interpreter", {"code": "print('é')"}, "ci_1")),
    ("file-search", {"type": "file_search_call", "id": "fs_1", "queries": ["a", "b"], "status": "completed"},
     ("file_search", {"queries": ["a", "b"]}, "fs_1")),
    ("mcp-call", {"type": "mcp_call", "id": "mcp_1", "name": "roll", "arguments": '{"dice": "2d6"}', "server_label": "dés"},
     ("roll", {"dice": "2d6"}, "mcp_1")),
    ("mcp-call-text", {"type": "mcp_call", "id": "mcp_1", "name": "roll", "arguments": "not json", "server_label": "d"},
     ("roll", {"arguments": "not json"}, "mcp_1")),
    ("mcp-call-json-list", {"type": "mcp_call", "id": "mcp_1", "name": "roll", "arguments": "[1]", "server_label": "d"},
     ("roll", {"arguments": "[1]"}, "mcp_1")),
    ("mcp-call-object-no-name", {"type": "mcp_call", "id": "mcp_1", "name": "", "arguments": {"a": 1}},
     ("mcp", {"a": 1}, "mcp_1")),
    ("mcp-list-tools", {"type": "mcp_list_tools", "id": "mcpl_1", "server_label": "d", "tools": []},
     ("mcp_list_tools", {}, "mcpl_1")),
    ("image-generation-no-id", {"type": "image_generation_call", "status": "generating", "result": None},
     ("image_generation", {}, None)),
]


@pytest.mark.parametrize(("wire", "fields"), [r[1:] for r in SERVER], ids=[r[0] for r in SERVER])
def test_server_items_keep_their_whole_item(wire: Dict[str, Any], fields: Any) -> None:
    (call,) = toolwire.decode_all({"output": [wire]}, R, include_server=True)
    assert (call.name, call.args, call.id, call.server, dict(call.provider_data)) == (*fields, True, {R: {"item": wire}})
    assert toolwire.encode(call, R) == wire


# --- tools ------------------------------------------------------------------------------------


# a custom tool's calls carry free text, read as {"input": text}: its parameters say so
INPUT = {"type": "object", "properties": {"input": {"type": "string"}}, "required": ["input"],
         "additionalProperties": False}
# what OpenAI's strict mode takes: every object closed, each of its properties required
STRICT_OBJ = {"type": "object", "properties": {}, "required": [], "additionalProperties": False}
TOOLS = [
    ("chat.function", C, {"type": "function", "function": {"name": "get_weather", "description": "Météo du jour",
                                                            "parameters": STRICT_OBJ, "strict": True}},
     ("get_weather", "Météo du jour", STRICT_OBJ, True, {})),
    ("chat.function-bare", C, {"type": "function", "function": {"name": "now"}}, ("now", None, None, None, {})),
    ("chat.function-extra", C, {"type": "function", "function": {"name": "f", "parameters": {"type": "object"}, "x-beta": 1}},
     ("f", None, {"type": "object"}, None, {C: {"function_extra": {"x-beta": 1}}})),
    ("chat.custom", C, {"type": "custom", "custom": {"name": "sql", "description": "Requête", "format": {
        "type": "grammar", "grammar": {"syntax": "lark", "definition": "start: /.+/"}}}},
     ("sql", "Requête", INPUT, None, {C: {"custom": {"format": {"type": "grammar", "grammar": {
         "syntax": "lark", "definition": "start: /.+/"}}}}})),
    ("chat.custom-bare", C, {"type": "custom", "custom": {"name": "sql"}}, ("sql", None, INPUT, None, {C: {"custom": {}}})),
    # a gateway's own field beside ``type`` and ``function`` (it was dropped)
    ("chat.function-top-extra", C, {"type": "function", "function": {"name": "f"}, "cache_control": {"type": "ephemeral"}},
     ("f", None, None, None, {C: {"extra": {"cache_control": {"type": "ephemeral"}}}})),
    ("chat.custom-top-extra", C, {"type": "custom", "custom": {"name": "sql"}, "x-beta": 1},
     ("sql", None, INPUT, None, {C: {"custom": {}, "extra": {"x-beta": 1}}})),
    ("responses.function", R, {"type": "function", "name": "get_weather", "description": "Météo",
                               "parameters": STRICT_OBJ, "strict": True},
     ("get_weather", "Météo", STRICT_OBJ, True, {})),
    ("responses.function-nulls", R, {"type": "function", "name": "now", "parameters": None, "strict": None},
     ("now", None, None, None, {R: {"null_strict": True, "null_parameters": True}})),
    ("responses.function-extra", R, {"type": "function", "name": "f", "parameters": {}, "strict": False, "defer_loading": True},
     ("f", None, {}, False, {R: {"defer_loading": True}})),
    ("responses.custom", R, {"type": "custom", "name": "sql", "description": "Requête", "format": {"type": "text"}},
     ("sql", "Requête", INPUT, None, {R: {"format": {"type": "text"}, "custom": True}})),
]


@pytest.mark.parametrize(("dialect", "wire", "fields"), [r[1:] for r in TOOLS], ids=[r[0] for r in TOOLS])
def test_tool_round_trip(dialect: str, wire: Dict[str, Any], fields: Any) -> None:
    tool = toolwire.decode_tool(wire, dialect)
    assert (tool.name, tool.description, tool.parameters, tool.strict, dict(tool.provider_data)) == fields
    fn = wire.get("function")
    if dialect == C and type(fn) is dict and "parameters" not in fn:
        # "Omitting `parameters` defines a function with an empty parameter list" (OpenAI): the
        # same tool, written with the empty object schema (Hugging Face TGI requires the key)
        wire = {**wire, "function": {**fn, "parameters": {"type": "object", "properties": {}}}}
    assert toolwire.encode_tool(tool, dialect) == wire


@pytest.mark.parametrize("dialect", ["mistral", "cohere.v2", "ollama"])
def test_chat_shaped_tools_keep_their_top_level_fields_under_their_own_dialect(dialect: str) -> None:
    wire = {"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}, "x-route": "eu"}
    tool = toolwire.decode_tool(wire, dialect)
    assert dict(tool.provider_data) == {dialect: {"extra": {"x-route": "eu"}}}
    assert toolwire.encode_tool(tool, dialect) == wire
    assert "x-route" not in toolwire.encode_tool(tool, C)  # another provider's field stays behind


def test_fresh_tools_in_each_shape() -> None:
    tool = Tool(name="get_weather", description="Météo", parameters={"type": "object"}, strict=False)
    assert toolwire.encode_tool(tool, C) == {"type": "function", "function": {
        "name": "get_weather", "description": "Météo", "parameters": {"type": "object"}, "strict": False}}
    assert toolwire.encode_tool(tool, R) == {
        "type": "function", "name": "get_weather", "description": "Météo", "parameters": {"type": "object"}, "strict": False}
    # the Responses API requires both keys: the empty object schema when none; strict false when unset (an
    # omitted or null strict is "strict when compatible" there, and non-strict everywhere else)
    empty = {"type": "object", "properties": {}}
    assert toolwire.encode_tool(Tool(name="now"), R) == {"type": "function", "name": "now", "parameters": empty,
                                                          "strict": False}
    assert toolwire.encode_tool(Tool(name="now"), C) == {"type": "function", "function": {"name": "now",
                                                                                          "parameters": empty}}


def test_a_custom_tool_crosses_between_the_openai_dialects_as_a_custom_tool() -> None:
    # both APIs have custom tools (Chat's nested under "custom", Responses' flat)
    chat = toolwire.decode_tool({"type": "custom", "custom": {"name": "sql", "description": "d"}}, C)
    assert toolwire.encode_tool(chat, R) == {"type": "custom", "name": "sql", "description": "d"}


# --- results ---------------------------------------------------------------------------------


RESULTS = [
    ("chat.text", C, {"role": "tool", "tool_call_id": "call_1", "content": "22 °C"}, ("call_1", None, "22 °C", False, {})),
    ("chat.parts-with-cache-control", C,
     {"role": "tool", "tool_call_id": "call_1", "content": [
         {"type": "text", "text": "22 °C", "cache_control": {"type": "ephemeral", "ttl": "5m"}}, {"type": "text", "text": "b"}]},
     ("call_1", None, [{"type": "text", "text": "22 °C"}, {"type": "text", "text": "b"}], False,
      {C: {"part_extra": [{"cache_control": {"type": "ephemeral", "ttl": "5m"}}, {}]}})),
    ("chat.legacy", C, {"role": "function", "name": "get_weather", "content": "22 °C"},
     (None, "get_weather", "22 °C", False, {C: {"legacy": True}})),
    ("chat.legacy-parts", C, {"role": "function", "name": "f", "content": [
        {"type": "text", "text": "a", "cache_control": {"type": "ephemeral"}}]},
     (None, "f", [{"type": "text", "text": "a"}], False, {C: {"part_extra": [{"cache_control": {"type": "ephemeral"}}],
                                                              "legacy": True}})),
    ("chat.extra", C, {"role": "tool", "tool_call_id": "call_1", "content": "x", "x_request": "é"},
     ("call_1", None, "x", False, {C: {"extra": {"x_request": "é"}}})),
    ("chat.with-name", C, {"role": "tool", "tool_call_id": "call_1", "name": "get_weather", "content": "22 °C"},
     ("call_1", "get_weather", "22 °C", False, {C: {"named": True}})),
    ("responses.text", R, {"type": "function_call_output", "call_id": "call_1", "output": "22 °C"},
     ("call_1", None, "22 °C", False, {})),
    ("responses.parts", R, {"type": "function_call_output", "id": "fco_1", "status": "completed", "call_id": "call_1",
                            "output": [{"type": "input_text", "text": "é"},
                                       {"type": "input_image", "image_url": "https://example.com/a.png"},
                                       {"type": "input_file", "file_id": "file-1"}]},
     ("call_1", None, [{"type": "text", "text": "é"}, {"type": "image", "image_url": "https://example.com/a.png"},
                       {"type": "file", "file_id": "file-1"}], False, {R: {"id": "fco_1", "status": "completed"}})),
    ("responses.custom", R, {"type": "custom_tool_call_output", "call_id": "call_1", "output": "ok"},
     ("call_1", None, "ok", False, {R: {"custom": True}})),
]


@pytest.mark.parametrize(("dialect", "wire", "fields"), [r[1:] for r in RESULTS], ids=[r[0] for r in RESULTS])
def test_result_round_trip(dialect: str, wire: Dict[str, Any], fields: Any) -> None:
    result = toolwire.decode_result(wire, dialect)
    assert (result.id, result.name, result.content, result.is_error, dict(result.provider_data)) == fields
    assert toolwire.encode_result(result, dialect) == wire


def test_results_without_content_are_empty_text() -> None:
    chat = toolwire.decode_result({"role": "tool", "tool_call_id": "call_1"}, C)
    assert (chat.content, dict(chat.provider_data)) == ("", {})
    assert toolwire.encode_result(chat, C) == {"role": "tool", "tool_call_id": "call_1", "content": ""}
    resp = toolwire.decode_result({"type": "function_call_output", "call_id": "call_1", "output": None}, R)
    assert (resp.content, dict(resp.provider_data)) == ("", {})
    assert toolwire.encode_result(resp, R) == {"type": "function_call_output", "call_id": "call_1", "output": ""}


def test_a_result_without_parts_is_empty_text_in_chat() -> None:
    # a list of parts holds one at least (the API's minItems 1): no parts is ""
    want = {"role": "tool", "tool_call_id": "toolu_01", "content": ""}
    assert toolwire.convert({"type": "tool_result", "tool_use_id": "toolu_01", "content": []}, to=C) == want
    assert toolwire.encode_result(ToolResult(id="toolu_01", content=[]), C) == want


def test_json_parts_are_written_as_text_with_non_ascii_kept() -> None:
    result = ToolResult(id="call_1", content=[{"type": "json", "json": {"t": "22 °C"}}, {"type": "text", "text": "é"}])
    assert toolwire.encode_result(result, C) == {"role": "tool", "tool_call_id": "call_1",
                                                 "content": '{"t": "22 °C"}\né'}
    assert toolwire.encode_result(result, R) == {"type": "function_call_output", "call_id": "call_1", "output": [
        {"type": "input_text", "text": '{"t": "22 °C"}'}, {"type": "input_text", "text": "é"}]}


def test_part_extra_only_on_text_parts() -> None:
    # (a text part without its text is refused where the value is built: test_result_parts_present)
    result = ToolResult(id="call_1", content=[{"type": "json", "json": 1}, {"type": "text", "text": ""}],
                        provider_data={C: {"part_extra": [{"cache_control": {}}, {"cache_control": {"type": "ephemeral"}}]}})
    assert toolwire.encode_result(result, C) == {"role": "tool", "tool_call_id": "call_1", "content": [
        {"type": "text", "text": "1"}, {"type": "text", "text": "", "cache_control": {"type": "ephemeral"}}]}
    short = ToolResult(id="call_1", content=[{"type": "text", "text": "a"}, {"type": "text", "text": "b"}],
                       provider_data={C: {"part_extra": [None]}})
    assert toolwire.encode_result(short, C)["content"] == "a\nb"


def test_a_chat_result_goes_to_responses_without_chat_fields() -> None:
    result = toolwire.decode_result({"role": "tool", "tool_call_id": "call_1", "content": "x", "x_request": "é"}, C)
    assert toolwire.encode_result(result, R) == {"type": "function_call_output", "call_id": "call_1", "output": "x"}
