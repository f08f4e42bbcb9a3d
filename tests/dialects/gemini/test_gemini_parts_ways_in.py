"""The same Gemini parts read the same way whatever holds them: a whole reply
(``candidates``), a ``Content``, a request's ``contents``, a bare list of parts (dicts,
google-genai ``Part`` objects or their dumps), a history (``decode_conversation``) and a
stream (``accumulate``, one part per chunk).

Shapes: a name-only call and the nameless ``args`` part after it (wire-formats §4g,
smallmain/vscode-unify-chat-provider#48); Vertex streamed arguments as wire-formats §4e
records them (``streamFunctionCallArguments``: ``{"name", "willContinue": true}``,
``partialArgs`` of ``{"jsonPath", "stringValue", "willContinue"}``, ``functionCall: {}``
ending the call; google-genai ``FunctionCall.partial_args`` / ``will_continue``, ``PartialArg``);
``Part`` metadata fields from google-genai 3.6.1 ``Part`` (``videoMetadata``,
``thoughtSignature``, ``thought``, ``partMetadata``, ``mediaResolution``, ``mediaProcessing``,
``audioMetadata``, ...) beside the part's data field, in any order."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import ArgumentsError, DecodeError, InvalidToolCall, ToolCall
from toolwire._codec import walk
from toolwire.conversation import decode_conversation, encode_conversation
from toolwire.conversation._values import Message, Other, Reasoning, Text
from toolwire.stream import accumulate

D = "gemini"
SIG = "EpwICpkIAXLI2nxlU6gs"

NAMED = {"functionCall": {"name": "mcp_list_dir", "args": {}}}
ARGS = {"functionCall": {"args": {"path": "/some/path"}}}
CALL = ToolCall("mcp_list_dir", {"path": "/some/path"})

VERTEX = [  # wire-formats §4e (VAI fixture google-stream-tool-call-arguments.chunks.txt)
    {"functionCall": {"name": "getWeather", "willContinue": True}, "thoughtSignature": SIG},
    {"functionCall": {"partialArgs": [{"jsonPath": "$.location", "stringValue": "Boston", "willContinue": True}],
                      "willContinue": True}},
    {"functionCall": {"partialArgs": [{"jsonPath": "$.location", "stringValue": ""}], "willContinue": True}},
    {"functionCall": {}},
]
WEATHER = ToolCall("getWeather", {"location": "Boston"})


def response(parts: List[Any]) -> Dict[str, Any]:
    return {"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}]}


def chunks(parts: List[Any]) -> List[Dict[str, Any]]:
    return [*({"candidates": [{"content": {"role": "model", "parts": [p]}, "index": 0}]} for p in parts),
            {"candidates": [{"content": {"role": "model", "parts": [{"text": ""}]}, "finishReason": "STOP",
                             "index": 0}]}]


def history(parts: List[Any]) -> Dict[str, Any]:
    return {"contents": [{"role": "user", "parts": [{"text": "go"}]}, {"role": "model", "parts": parts}]}


def ways(parts: List[Any]) -> List[Any]:
    """Every container of decode_all that holds *parts* as one list."""
    return [response(parts), {"role": "model", "parts": parts}, {"parts": parts},
            {"contents": [{"role": "model", "parts": parts}]}, parts]


@pytest.mark.parametrize("way", range(5), ids=["response", "content", "parts", "request", "list"])
@pytest.mark.parametrize("dialect", [None, D])
def test_nameless_arguments_merge_in_every_container(way: int, dialect: Any) -> None:
    parts = [NAMED, {"text": "between"}, ARGS]
    assert toolwire.decode_all(ways(parts)[way], dialect) == [CALL]
    assert toolwire.decode_all(ways(parts)[way], dialect, invalid="keep") == [CALL]
    assert accumulate(chunks(parts), D) == [CALL]


def test_a_bare_list_of_the_minimal_parts() -> None:
    parts = [{"functionCall": {"name": "f"}}, {"functionCall": {"args": {"a": 1}}}]
    assert toolwire.decode_all(parts) == [ToolCall("f", {"a": 1})]
    assert toolwire.decode_all(parts, D) == [ToolCall("f", {"a": 1})]
    assert toolwire.ToolCalls(parts) == [ToolCall("f", {"a": 1})]
    assert [(kind, loc) for _, kind, _, loc, _ in walk(parts, D)] == [("call", "$[0]")]


def test_a_bare_list_with_nothing_waiting_names_the_part() -> None:
    parts = [{"functionCall": {"name": "f", "args": {"a": 1}}}, ARGS]
    error = ("The tool call at $[1] is a functionCall part without a name, with arguments no call waits for: "
             "{'path': '/some/path'}")
    with pytest.raises(DecodeError) as info:
        toolwire.decode_all(parts)
    assert (str(info.value), info.value.loc) == (error, "$[1]")
    kept = toolwire.decode_all(parts, D, invalid="keep")
    assert kept[0] == ToolCall("f", {"a": 1})
    assert isinstance(kept[1], InvalidToolCall) and (kept[1].error, kept[1].loc) == (error, "$[1]")


def test_lists_in_a_list_are_not_merged() -> None:
    with pytest.raises(DecodeError, match=r"at \$\[1\]\[0\] is a functionCall part without a name"):
        toolwire.decode_all([[NAMED], [ARGS]], D)


def test_a_list_of_another_dialect_is_untouched() -> None:
    chat = [{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]
    assert toolwire.decode_all(chat) == [ToolCall("f", {}, "call_1")]


def test_google_genai_parts_and_their_dumps_in_a_list() -> None:
    types = pytest.importorskip("google.genai.types")
    parts = [types.Part(function_call=types.FunctionCall(name="mcp_list_dir", args={})),
             types.Part(function_call=types.FunctionCall(args={"path": "/some/path"}))]
    assert toolwire.decode_all(parts) == [CALL]
    assert toolwire.decode_all([p.model_dump() for p in parts], D) == [CALL]
    assert toolwire.decode_all([p.model_dump(by_alias=True, exclude_none=True) for p in parts]) == [CALL]


def test_a_history_merges_the_nameless_part_and_keeps_its_wire() -> None:
    body = history([{"functionCall": {"name": "mcp_list_dir"}, "thoughtSignature": SIG}, ARGS])
    conv = decode_conversation(body, D)
    (call,) = conv.messages[1].parts
    assert call == CALL and dict(call.provider_data) == {D: {"part": {"thoughtSignature": SIG}}}
    assert encode_conversation(conv, D) == body  # the same dialect: as it came
    fresh = [Message(m.role, m.parts) for m in conv.messages]
    written = encode_conversation(fresh, D)["contents"][1]["parts"]  # written fresh: one part
    assert written == [{"functionCall": {"name": "mcp_list_dir", "args": {"path": "/some/path"}},
                        "thoughtSignature": SIG}]


def test_a_history_reads_a_stray_nameless_part_as_decode_all_does() -> None:
    body = history([{"functionCall": {"name": "f", "args": {"a": 1}}}, ARGS])
    with pytest.raises(DecodeError) as info:
        decode_conversation(body, D)
    assert info.value.loc == "$.contents[1].parts[1]"
    assert "without a name, with arguments no call waits for" in str(info.value)
    # a stray terminator is nothing, as in a whole reply and a stream
    conv = decode_conversation(history([{"functionCall": {"name": "f", "args": {"a": 1}}}, {"functionCall": {}}]), D)
    assert conv.messages[1].parts == (ToolCall("f", {"a": 1}),)


# --- Vertex partialArgs collected into one Content ---------------------------------------


@pytest.mark.parametrize("way", range(5), ids=["response", "content", "parts", "request", "list"])
def test_streamed_arguments_that_end_are_one_call(way: int) -> None:
    (call,) = toolwire.decode_all(ways(VERTEX)[way])
    assert call == WEATHER and dict(call.provider_data) == {D: {"part": {"thoughtSignature": SIG}}}
    assert toolwire.decode_all(ways(VERTEX)[way], D) == [WEATHER]
    (streamed,) = accumulate(chunks(VERTEX), D)
    assert streamed == call and streamed.provider_data == call.provider_data
    assert toolwire.encode(call, D) == {"functionCall": {"name": "getWeather", "args": {"location": "Boston"}},
                                        "thoughtSignature": SIG}


def test_streamed_arguments_in_a_history() -> None:
    conv = decode_conversation(history(VERTEX), D)
    assert conv.messages[1].parts == (WEATHER,)
    assert encode_conversation(conv, D) == history(VERTEX)


def test_the_last_fragment_without_will_continue_ends_the_call() -> None:
    parts = [{"functionCall": {"name": "book", "willContinue": True}},
             {"functionCall": {"partialArgs": [{"jsonPath": "$.seats", "numberValue": 2},
                                               {"jsonPath": "$.to['city name']", "stringValue": "Kö",
                                                "willContinue": True}],
                               "willContinue": True}},
             {"text": "thinking aloud"},
             {"functionCall": {"partialArgs": [{"jsonPath": "$.to['city name']", "stringValue": "ln"},
                                               {"jsonPath": "$.window", "boolValue": True}]}}]
    want = ToolCall("book", {"seats": 2, "to": {"city name": "Köln"}, "window": True})
    assert toolwire.decode_all(response(parts)) == [want]
    assert accumulate(chunks(parts), D) == [want]


def test_snake_case_fragments_read_alike() -> None:
    parts = [{"function_call": {"name": "getWeather", "will_continue": True}},
             {"function_call": {"partial_args": [{"json_path": "$.location", "string_value": "Boston"}],
                                "will_continue": False}}]
    assert toolwire.decode_all(response(parts)) == [WEATHER]
    assert accumulate(chunks(parts), D) == [WEATHER]


def test_google_genai_fragments_read_alike() -> None:
    types = pytest.importorskip("google.genai.types")
    parts = [types.Part(function_call=types.FunctionCall(name="getWeather", will_continue=True)),
             types.Part(function_call=types.FunctionCall(partial_args=[
                 types.PartialArg(json_path="$.location", string_value="Boston")]))]
    reply = types.GenerateContentResponse(candidates=[types.Candidate(content=types.Content(role="model", parts=parts))])
    assert toolwire.decode_all(reply) == [WEATHER]
    assert toolwire.decode_all(parts) == [WEATHER]


@pytest.mark.parametrize("way", range(5), ids=["response", "content", "parts", "request", "list"])
def test_fragments_that_never_end_are_cut_off(way: int) -> None:
    parts = VERTEX[:3]
    with pytest.raises(ArgumentsError) as info:
        toolwire.decode_all(ways(parts)[way])
    assert info.value.truncated
    (kept,) = toolwire.decode_all(ways(parts)[way], invalid="keep")
    assert isinstance(kept, InvalidToolCall) and kept.truncated and kept.name == "getWeather"
    (streamed,) = accumulate(chunks(parts), D)
    assert isinstance(streamed, InvalidToolCall) and streamed.truncated and streamed.name == "getWeather"


def test_a_new_call_ends_the_streamed_one_as_the_stream_does() -> None:
    """A streamed call ended by the next streamed call keeps its fragments; one a whole
    call ends is cut off (nameless parts after a whole call may still be its own)."""
    streamed = {"functionCall": {"name": "f", "willContinue": True}}
    parts = [*VERTEX[:3], streamed, {"functionCall": {"partialArgs": [{"jsonPath": "$.a", "numberValue": 1}]}}]
    got = toolwire.decode_all(response(parts), invalid="keep")
    assert got == accumulate(chunks(parts), D) == [WEATHER, ToolCall("f", {"a": 1})]
    parts = [*VERTEX[:3], {"functionCall": {"name": "f", "args": {"a": 1}}}]
    got = toolwire.decode_all(response(parts), invalid="keep")
    streamed_got = accumulate(chunks(parts), D)
    assert [(type(c).__name__, c.name, getattr(c, "truncated", None)) for c in got] == [
        (type(c).__name__, c.name, getattr(c, "truncated", None)) for c in streamed_got] == [
        ("InvalidToolCall", "getWeather", True), ("ToolCall", "f", None)]
    assert streamed_got[1] == got[1] == ToolCall("f", {"a": 1})


def test_a_bad_fragment_is_an_invalid_call_in_both_readings() -> None:
    parts = [VERTEX[0], {"functionCall": {"partialArgs": [{"jsonPath": "location", "stringValue": "x"}]}}]
    (got,) = toolwire.decode_all(response(parts), invalid="keep")
    (streamed,) = accumulate(chunks(parts), D)
    assert isinstance(got, InvalidToolCall) and isinstance(streamed, InvalidToolCall)
    assert (got.name, got.truncated) == (streamed.name, streamed.truncated) == ("getWeather", False)
    assert "unreadable jsonPath: 'location'" in got.error and got.loc == "$.candidates[0].content.parts[0].functionCall"
    with pytest.raises(DecodeError):
        toolwire.decode_all(response(parts))


@pytest.mark.parametrize("extra", [
    {"functionCall": {"args": {"a": 1}}},  # arguments beside the ones streamed
    {"functionCall": {"partialArgs": "$.a"}},  # no list
])
def test_arguments_never_dropped_beside_fragments(extra: Dict[str, Any]) -> None:
    parts = [VERTEX[0], extra, {"functionCall": {}}]
    (got,) = toolwire.decode_all(response(parts), invalid="keep")
    (streamed,) = accumulate(chunks(parts), D)
    assert isinstance(got, InvalidToolCall) and isinstance(streamed, InvalidToolCall)
    assert got.name == streamed.name == "getWeather"


# --- Part metadata beside the data field, in any order ------------------------------------


@pytest.mark.parametrize("meta", [
    {"videoMetadata": {"fps": 1}}, {"thoughtSignature": SIG}, {"partMetadata": {"k": "v"}},
    {"mediaResolution": {"level": "MEDIA_RESOLUTION_LOW"}}, {"mediaProcessing": {}}, {"audioMetadata": {}},
    {"speechMetadata": {}}, {"documentMetadata": {}}, {"spreadsheetMetadata": {}}, {"audio_metadata": {}},
    {"audioTranscription": {"text": "hi"}},
])
def test_a_part_is_its_data_field_whatever_comes_first(meta: Dict[str, Any]) -> None:
    text = decode_conversation(history([{**meta, "text": "hello"}]), D).messages[1].parts
    assert text[0] == Text("hello") and not any(isinstance(p, Other) for p in text)
    (call,) = decode_conversation(history([{**meta, "functionCall": {"name": "f", "args": {"a": 1}}}]), D
                                  ).messages[1].parts
    assert call == ToolCall("f", {"a": 1}) and dict(call.provider_data[D])["part"] == meta
    assert toolwire.decode_all({"role": "model", "parts": [{**meta, "functionCall": {"name": "f"}}]}) == [
        ToolCall("f", {})]


def test_metadata_alone_stays_as_it_was_read() -> None:
    parts = decode_conversation(history([{"mediaProcessing": {}}, {"thought": True, "thoughtSignature": SIG}]), D
                                ).messages[1].parts
    assert isinstance(parts[0], Other) and parts[0].type == "mediaProcessing"
    assert isinstance(parts[1], Reasoning)


def test_a_list_reader_that_fails_is_a_decode_error_at_the_list() -> None:
    """``Dialect.list_items`` of a third party that raises: a ``DecodeError`` at the list's path."""
    import dataclasses

    def failing(items: Any) -> Any:
        raise RuntimeError("no")

    reg = toolwire.default_registry().copy()
    reg.register(dataclasses.replace(reg.get(D), name="acme.parts", aliases=(), list_items=failing))
    with pytest.raises(DecodeError) as info:
        toolwire.decode_all([NAMED, ARGS], "acme.parts", registry=reg)
    assert (str(info.value), info.value.loc) == ("Cannot read the list at $ (RuntimeError: no)", "$")
