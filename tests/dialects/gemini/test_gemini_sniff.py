"""gemini: each ``sniff`` / ``detect`` branch with its literal reason, and a near miss that
must not be claimed (or is claimed as something else).

Part, Content, response and tool shapes from https://ai.google.dev/api/caching#Part,
https://ai.google.dev/api/caching#Content, https://ai.google.dev/api/caching#Tool and
https://ai.google.dev/api/generate-content#generatecontentresponse.
"""

from __future__ import annotations

from typing import Any, Optional, Tuple

import pytest

import toolwire
from toolwire._dialect import CALL, CALLS, OTHER, RESULT, SERVER, TOOL

D = "gemini"
GEMINI = toolwire.get_dialect(D)
DECL = "a function declaration ('parametersJsonSchema' or OpenAPI 'parameters')"
FC = (CALL, "a 'functionCall' part (a Gemini content part)")
FR = (RESULT, "a 'functionResponse' part")
RESP = (CALLS, "'candidates' (a GenerateContentResponse)")
PART = (OTHER, "a content part without a function call")

Claim = Optional[Tuple[str, str]]

# (id, payload, sniff, detect): detect differs only for a declaration of the canonical shape
SNIFF: Tuple[Tuple[str, Any, Claim, Claim], ...] = (
    ("call/functionCall", {"functionCall": {"name": "get_weather", "args": {"city": "Zürich"}}}, FC, FC),
    ("call/function_call", {"function_call": {"name": "f"}, "thought_signature": "c2ln"}, FC, FC),
    ("call/not-an-object-still-claimed", {"functionCall": "x"}, FC, FC),
    # Chat's deprecated ``function_call`` ({name, arguments: text}) is no Gemini FunctionCall (id, name, args)
    ("call/chat-legacy-function_call-is-not-a-part", {"function_call": {"name": "f", "arguments": "{}"}}, None, None),
    ("call/arguments-beside-args-still-claimed", {"function_call": {"name": "f", "args": {}, "arguments": "{}"}}, FC, FC),
    ("call/object-arguments-claimed-to-be-refused", {"function_call": {"name": "f", "arguments": {"a": 1}}}, FC, FC),
    ("call/camel-arguments-claimed-to-be-refused", {"functionCall": {"name": "f", "arguments": "{}"}}, FC, FC),
    ("call/null-is-absent", {"functionCall": None, "function_call": None, "text": "hi"}, PART, PART),
    ("call/inside-a-content-is-no-part", {"role": "model", "functionCall": {"name": "f"}}, None, None),
    ("result/functionResponse", {"functionResponse": {"name": "f", "response": {}}}, FR, FR),
    ("result/function_response", {"function_response": 3}, FR, FR),
    ("result/inside-a-content-is-no-part", {"role": "user", "functionResponse": {"name": "f"}}, None, None),
    ("server/executableCode", {"executableCode": {"code": "print(1)"}}, (SERVER, "an 'executableCode' part (a tool Gemini runs itself)"), (SERVER, "an 'executableCode' part (a tool Gemini runs itself)")),
    ("server/executable_code", {"executable_code": {"code": "1"}}, (SERVER, "an 'executable_code' part (a tool Gemini runs itself)"), (SERVER, "an 'executable_code' part (a tool Gemini runs itself)")),
    ("server/toolCall", {"toolCall": {"id": "t1"}}, (SERVER, "a 'toolCall' part (a tool Gemini runs itself)"), (SERVER, "a 'toolCall' part (a tool Gemini runs itself)")),
    ("server/tool_call-beside-nulls", {"executable_code": None, "tool_call": {"id": "t1"}, "function_call": None}, (SERVER, "a 'tool_call' part (a tool Gemini runs itself)"), (SERVER, "a 'tool_call' part (a tool Gemini runs itself)")),
    ("server/inside-a-content-is-no-part", {"role": "model", "toolCall": {"id": "t1"}}, None, None),
    ("response/candidates", {"candidates": []}, RESP, RESP),
    ("response/promptFeedback", {"promptFeedback": {"blockReason": "SAFETY"}}, RESP, RESP),
    ("response/prompt_feedback", {"prompt_feedback": {}}, RESP, RESP),
    ("response/candidates-not-a-list", {"candidates": 5}, None, None),
    ("content/parts", {"role": "model", "parts": []}, (CALLS, "'parts' (a Gemini Content)"), (CALLS, "'parts' (a Gemini Content)")),
    ("content/parts-not-a-list", {"parts": {}}, None, None),
    ("request/contents", {"contents": []}, (CALLS, "'contents' (a Gemini request)"), (CALLS, "'contents' (a Gemini request)")),
    ("request/contents-not-a-list", {"contents": {}}, None, None),
    ("tool/functionDeclarations", {"functionDeclarations": []}, (TOOL, "'functionDeclarations' (a Gemini tool entry)"), (TOOL, "'functionDeclarations' (a Gemini tool entry)")),
    ("tool/function_declarations", {"function_declarations": 1}, (TOOL, "'functionDeclarations' (a Gemini tool entry)"), (TOOL, "'functionDeclarations' (a Gemini tool entry)")),
    ("part/text", {"text": "hi"}, PART, PART),
    ("part/thought", {"thought": True, "text": "", "thoughtSignature": "c2ln"}, PART, PART),
    ("part/with-an-unknown-key", {"text": "a", "newKind2027": 1}, None, None),
    # an SDK dump keeps every field, unset ones None: a key set to None is absent
    ("part/with-an-unknown-key-set-to-none", {"text": "a", "thought": None, "newKind2027": None, "function_call": None}, PART, PART),
    ("part/only-unknown-keys-set-to-none", {"text": None, "thought": None, "newKind2027": None}, None, None),
    ("part/unknown-key-set-beside-nulls", {"text": None, "thought": None, "newKind2027": {"a": 1}}, None, None),
    ("part/not-a-dump-with-an-unknown-key-set-to-none", {"text": "a", "newKind2027": None}, None, None),
    ("part/a-chat-delta-dump-is-no-part", {"content": None, "function_call": {"name": "f", "arguments": "{}"},
                                           "refusal": None, "role": None, "tool_calls": None, "text": None, "thought": None}, None, None),
    ("part/role-only", {"role": "user"}, None, None),
    ("empty", {}, None, None),
    ("not-a-dict", [{"functionCall": {"name": "f"}}], None, None),
    ("decl/openapi-upper-type", {"name": "f", "parameters": {"type": "OBJECT"}}, (TOOL, DECL), (TOOL, DECL)),
    ("decl/canonical-shape", {"name": "f", "description": "d", "parameters": {"type": "object"}}, (TOOL, DECL), None),
    ("decl/mixed-case-type", {"name": "f", "parameters": {"type": "Object"}}, (TOOL, DECL), None),
    ("decl/type-not-text", {"name": "f", "parameters": {"type": 5}}, (TOOL, DECL), None),
    ("decl/parameters-not-object", {"name": "f", "parameters": "OBJECT"}, (TOOL, DECL), None),
    ("decl/no-parameters", {"name": "f", "description": "d"}, (TOOL, DECL), (TOOL, DECL)),
    ("decl/json-schema", {"name": "f", "parametersJsonSchema": {"type": "object"}}, (TOOL, DECL), (TOOL, DECL)),
    ("decl/gemini-only-key", {"name": "f", "behavior": "NON_BLOCKING", "parameters": {"type": "object"}}, (TOOL, DECL), (TOOL, DECL)),
    ("decl/name-not-text", {"name": 5, "parameters": {"type": "OBJECT"}}, None, None),
    ("decl/unknown-key", {"name": "f", "strict": True}, None, None),
)


@pytest.mark.parametrize(("payload", "sniff", "detect"), [pytest.param(*row[1:], id=row[0]) for row in SNIFF])
def test_sniff_and_detect(payload: Any, sniff: Claim, detect: Claim) -> None:
    assert (GEMINI.sniff(payload), GEMINI.detect(payload)) == (sniff, detect)


EXPLAIN = (
    ("call", {"functionCall": {"name": "f", "args": {}}}, (D, *FC)),
    ("server", {"toolCall": {"id": "t1", "toolType": "GOOGLE_SEARCH_WEB", "args": {}}}, (D, SERVER, "a 'toolCall' part (a tool Gemini runs itself)")),
    ("response", {"candidates": [{"content": {"role": "model", "parts": []}}]}, (D, *RESP)),
    ("thought-part", {"thought": True, "text": "…"}, (D, *PART)),
    ("openapi-declaration", {"name": "f", "parameters": {"type": "OBJECT"}}, (D, TOOL, DECL)),
    ("canonical-declaration", {"name": "f", "parameters": {"type": "object"}}, ("canonical", TOOL, "only 'name', 'description', 'parameters', 'strict'")),
)


@pytest.mark.parametrize(("payload", "triple"), [pytest.param(*row[1:], id=row[0]) for row in EXPLAIN])
def test_explain(payload: Any, triple: Tuple[str, str, str]) -> None:
    assert tuple(toolwire.explain(payload)) == triple


def test_gate_admits_a_typed_dict_only_through_gemini_keys() -> None:
    gate = GEMINI.gate
    assert gate is not None
    assert gate(("name", "parameters"), None) is True
    assert gate(("type", "name", "parameters"), "function") is False
    assert gate(("type", "functionCall"), "x") is True
    assert gate(("type", "candidates"), "x") is True
    assert gate(("type", "text"), "text") is False
    for key in ("function_call", "functionResponse", "function_response", "executableCode", "executable_code", "toolCall",
                "tool_call", "promptFeedback", "prompt_feedback", "parts", "contents", "functionDeclarations", "function_declarations"):
        assert gate(("type", key), "x") is True, key


def test_registry_fields() -> None:
    assert (GEMINI.name, GEMINI.aliases, GEMINI.description) == (D, ("google", "vertex"), "Google Gemini API and Vertex AI generateContent")
    assert toolwire.get_dialect("vertex") is GEMINI and toolwire.get_dialect("google") is GEMINI
    assert GEMINI.names is not None and GEMINI.names.pattern == "[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}"  # at most 64: test_gemini_name_length.py
    assert toolwire.map_name("ns.get:weather-2", GEMINI.names) == "ns.get:weather-2"
    assert toolwire.map_name("2fast", GEMINI.names) != "2fast"


def test_an_invalid_call_kept_names_its_tool_and_id() -> None:
    body = {"candidates": [{"content": {"parts": [
        {"functionCall": {"id": "c9", "name": "f", "args": "{bad"}},
        {"function_call": {"id": "", "name": "g", "args": [1]}},
    ]}}]}
    calls = toolwire.decode_all(body, invalid="keep")
    assert [(type(c).__name__, c.name, c.id, c.loc) for c in calls] == [
        ("InvalidToolCall", "f", "c9", "$.candidates[0].content.parts[0].functionCall.args"),
        ("InvalidToolCall", "g", None, "$.candidates[0].content.parts[1].function_call.args"),
    ]


PART_KEYS = ["text", "thought", "thoughtSignature", "thought_signature", "inlineData", "inline_data", "fileData", "file_data",
             "codeExecutionResult", "code_execution_result", "toolResponse", "tool_response", "videoMetadata", "video_metadata",
             "partMetadata", "part_metadata", "mediaResolution", "media_resolution",
             # google-genai 3.6.1 ``Part``
             "audioMetadata", "audio_metadata", "audioTranscription", "audio_transcription", "documentMetadata",
             "document_metadata", "mediaProcessing", "media_processing", "speechMetadata", "speech_metadata",
             "spreadsheetMetadata", "spreadsheet_metadata"]


@pytest.mark.parametrize("key", PART_KEYS)
def test_every_part_field_alone_is_a_part_without_a_call(key: str) -> None:
    assert (GEMINI.sniff({key: {}}), GEMINI.sniff({key: {}, "x": 1})) == (PART, None)


def test_every_field_of_google_genais_part_is_known() -> None:
    """The installed SDK's ``Part`` fields (snake_case, as ``model_dump()`` writes them, and
    camelCase, the wire's) are all known to the sniffer: a newer SDK that adds one fails here."""
    types = pytest.importorskip("google.genai.types")
    from toolwire.dialects.gemini.sniff import _PART_KEYS

    fields = set(types.Part.model_fields) | {f.alias for f in types.Part.model_fields.values() if f.alias}
    assert fields <= _PART_KEYS, sorted(fields - _PART_KEYS)
    assert fields <= set(PART_KEYS) | {"functionCall", "function_call", "functionResponse", "function_response",
                                       "executableCode", "executable_code", "toolCall", "tool_call"}


def test_every_dump_of_a_google_genai_response_decodes_as_the_object() -> None:
    """``model_dump()``, ``model_dump(mode="json")``, ``model_dump_json()`` (unset fields kept
    as None, snake_case or by alias) give the calls and text the object gives."""
    types = pytest.importorskip("google.genai.types")
    from toolwire.response import normalize

    g = types.GenerateContentResponse.model_validate({"candidates": [{"content": {"role": "model", "parts": [
        {"text": "Let me check."},
        {"functionCall": {"name": "f", "args": {"a": 1}, "id": "c1"}, "thoughtSignature": "c2ln"},
    ]}, "finishReason": "STOP"}]})
    expected = [toolwire.ToolCall("f", {"a": 1}, "c1")]
    assert toolwire.decode_all(g) == expected
    for dump in (g.model_dump(), g.model_dump(mode="json"), g.model_dump_json(), g.model_dump(by_alias=True),
                 g.model_dump_json(by_alias=True)):
        assert toolwire.decode_all(dump) == expected
        r = normalize(dump)
        assert (r.provider, r.text, r.tool_calls, r.invalid_tool_calls, r.finish_reason) == (
            D, "Let me check.", tuple(expected), (), "tool_calls")
