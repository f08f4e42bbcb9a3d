"""gemini streams: ``streamGenerateContent`` chunks and Vertex ``partialArgs`` written by hand,
read to literal calls, and calls written as literal chunks.

Shapes from https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent
and https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/function-calling
(``streamFunctionCallArguments``: ``{"name", "willContinue": true}`` opens a call,
``partialArgs: [{"jsonPath", "stringValue" | "numberValue" | "boolValue" | "nullValue",
"willContinue"}]`` fill it, ``functionCall: {}`` ends it).
"""

from __future__ import annotations

import re
from typing import Any, List, Optional

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import toolwire
from toolwire import InvalidToolCall, ToolCall
from toolwire.dialects.gemini.partial_args import parse_path
from toolwire.stream import Accumulator, accumulate, detect_stream, encode_stream

D = "gemini"


def chunk(*parts: Any, finish: Optional[str] = None, index: Any = 0) -> Any:
    cand: Any = {"content": {"role": "model", "parts": list(parts)}}
    if index is not None:
        cand["index"] = index
    if finish:
        cand["finishReason"] = finish
    return {"candidates": [cand]}


def fc(**body: Any) -> Any:
    return {"functionCall": body}


def pa(path: str, **value: Any) -> Any:
    return {"jsonPath": path, **value}


def canon(calls: List[Any]) -> List[Any]:
    return [(type(c).__name__, c.name, c.id, getattr(c, "args", None), c.server) for c in calls]


@pytest.mark.parametrize(
    ("path", "steps"),
    [
        ("$", []),
        ("$.city", ["city"]),
        ("$.a_b.c-d[12]", ["a_b", "c-d", 12]),
        ("$['k y'][0]", ["k y", 0]),
        ('$["it\'s"]', ["it's"]),
        ("$['a\\'b']", ["a'b"]),
        ("$['a\\\\b']", ["a\\b"]),
        ("city", None),
        ("$.", None),
        ("$.1a", None),
        ("$[", None),
        ("$[x]", None),
        ("$['a", None),
        ("$['a'x", None),
        ("$['a']x", None),
        ("$x", None),
        ("$[-1]", None),
    ],
)
def test_parse_path(path: str, steps: Any) -> None:
    assert parse_path(path) == steps


def test_partial_arguments_fill_the_call_by_path() -> None:
    chunks = [
        chunk({"text": "Moment…"}),
        chunk({"functionCall": {"id": "v1", "name": "plan_trip", "willContinue": True}, "thoughtSignature": "c2ln"}),
        chunk(fc(partialArgs=[pa("$.city", stringValue="Zü", willContinue=True)], willContinue=True)),
        chunk(fc(partialArgs=[pa("$.city", stringValue="rich", willContinue=True)], willContinue=True)),
        chunk(fc(partialArgs=[pa("$.city", stringValue="")], willContinue=True)),
        chunk(fc(partialArgs=[pa("$.days", numberValue=3), pa("$.flex", boolValue=False)], willContinue=True)),
        chunk(fc(partialArgs=[pa("$['max price']", nullValue="NULL_VALUE"), pa("$.stops[0]", stringValue="Bern")], willContinue=True)),
        chunk(fc(willContinue=True)),
        chunk(fc(partialArgs=[pa("$.stops[1]", stringValue="Genf")], willContinue=True)),
        chunk(fc()),
        chunk({"text": ""}, finish="STOP"),
    ]
    acc = Accumulator(D)
    for c in chunks:
        acc.feed(c)
    (call,) = acc.close()
    assert (call.name, call.id, call.args) == (
        "plan_trip",
        "v1",
        {"city": "Zürich", "days": 3, "flex": False, "max price": None, "stops": ["Bern", "Genf"]},
    )
    assert (acc.text, acc.finish_reason) == ("Moment…", "STOP")
    assert toolwire.encode(call, D) == {
        "functionCall": {"name": "plan_trip", "args": {"city": "Zürich", "days": 3, "flex": False, "max price": None, "stops": ["Bern", "Genf"]}, "id": "v1"},
        "thoughtSignature": "c2ln",
    }


def test_snake_case_partial_arguments_and_a_signature_on_a_later_part() -> None:
    chunks = [
        chunk({"function_call": {"name": "f", "will_continue": True}}),
        chunk({"function_call": {"partial_args": [{"json_path": "$.q", "string_value": "ä", "will_continue": False}], "will_continue": True}, "thought_signature": "c2ln"}),
        chunk({"function_call": {"partial_args": [{"json_path": "$.n", "number_value": 1.5}, {"json_path": "$.b", "bool_value": True}, {"json_path": "$.z", "null_value": None}]}}),
    ]
    (call,) = accumulate(chunks, D)
    assert (call.name, call.args) == ("f", {"q": "ä", "n": 1.5, "b": True, "z": None})
    assert dict(call.provider_data) == {D: {"snake": True, "part": {"thought_signature": "c2ln"}}}
    assert toolwire.encode(call, D) == {"function_call": {"name": "f", "args": {"q": "ä", "n": 1.5, "b": True, "z": None}}, "thought_signature": "c2ln"}
    # model_dump() chunks: every part has "thought_signature": None until the signed one
    dumped = [
        chunk({"function_call": {"name": "f", "will_continue": True}, "thought_signature": None, "text": None}),
        chunk({"function_call": {"partial_args": [{"json_path": "$.q", "string_value": "ä"}], "will_continue": True}, "thought_signature": "c2ln", "text": None}),
        chunk({"function_call": {}, "thought_signature": "later", "text": None}),
    ]
    (call,) = accumulate(dumped, D)
    assert dict(call.provider_data) == {D: {"snake": True, "part": {"thought_signature": "c2ln"}}}  # unset: absent


def test_whole_calls_parallel_calls_and_server_calls() -> None:
    chunks = [
        {"candidates": ["junk"]},
        {"usageMetadata": {"promptTokenCount": 3}},
        chunk({"text": "gedacht", "thought": True}, {"functionCall": {"name": "a", "args": {"x": "ö"}}, "thoughtSignature": b"sig"}),
        chunk(fc(name="b", id="b1"), {"executableCode": {"code": "1", "language": "PYTHON", "id": "e1"}}, fc(), index=0),
        chunk(5, {"text": "fertig"}, finish="STOP"),
    ]
    acc = Accumulator(D, include_server=True)
    for c in chunks:
        acc.feed(c)
    calls = acc.close()
    # the part ``5`` is an invalid call in its place, as ``decode_all`` reads it in a whole reply
    *calls, junk = calls
    assert isinstance(junk, InvalidToolCall) and junk.error == "The tool call at $.calls[3] is not an object: 5"
    assert canon(calls) == [
        ("ToolCall", "a", None, {"x": "ö"}, False),
        ("ToolCall", "b", "b1", {}, False),
        # as ``decode_all`` reads it: the id stays in its arguments (its result echoes it)
        ("ToolCall", "code_execution", None, {"code": "1", "language": "PYTHON", "id": "e1"}, True),
    ]
    assert dict(calls[0].provider_data) == {D: {"part": {"thoughtSignature": "c2ln"}}}
    # no ``args`` on the wire, as ``decode_all`` keeps it (``encode`` writes none back)
    assert dict(calls[1].provider_data) == {D: {"no_args": True}}
    assert acc.text == "fertig"


def test_a_new_call_ends_the_open_one_and_a_nameless_opening_is_invalid() -> None:
    """The open call said more would follow: ended by the next call, it is cut off (the
    vercel hunt: it ran with ``{"x": 1}`` and lost ``z``)."""
    chunks = [
        chunk(fc(name="a", willContinue=True)),
        chunk(fc(partialArgs=[pa("$.x", numberValue=1)], willContinue=True)),
        chunk(fc(name="b", args={"y": 2})),
        chunk(fc(partialArgs=[pa("$.z", numberValue=3)])),
    ]
    calls = accumulate(chunks, D)
    assert [(type(c).__name__, c.name) for c in calls] == [
        ("InvalidToolCall", "a"), ("ToolCall", "b"), ("InvalidToolCall", None)]
    assert (calls[0].truncated, calls[1].args) == (True, {"y": 2})
    assert (calls[2].error, calls[2].loc) == ("The stream never gave this call a name", "$.calls[2].name")
    # a streamed call after it ends it (the nameless parts that follow are the new call's:
    # test_gemini_fragments_unended), as does a name-only whole call
    streamed = [*chunks[:2], chunk(fc(name="b", willContinue=True)),
                chunk(fc(partialArgs=[pa("$.y", numberValue=2)], willContinue=True)), chunk(fc())]
    assert [(type(c).__name__, c.name) for c in accumulate(streamed, D)] == [("ToolCall", "a"), ("ToolCall", "b")]
    named = [*chunks[:2], chunk(fc(name="now")), chunk({"text": ""}, finish="STOP")]
    assert [(type(c).__name__, c.name) for c in accumulate(named, D)] == [("InvalidToolCall", "a"), ("ToolCall", "now")]


def test_a_call_left_open_under_max_tokens_is_cut_off() -> None:
    chunks = [
        chunk(fc(name="f", willContinue=True)),
        chunk(fc(partialArgs=[pa("$.q", stringValue="hal", willContinue=True)], willContinue=True), finish="MAX_TOKENS"),
    ]
    for kw in ({}, {"allow_truncated": True}):  # no end event: never a call that runs
        (call,) = accumulate(chunks, D, **kw)
        assert type(call) is toolwire.InvalidToolCall
        assert (call.name, call.error, call.truncated) == (
            "f", "The stream ended before this call was complete (no end event; the reply's finish reason: "
                 "'MAX_TOKENS')", True)


@pytest.mark.parametrize("finish", ["STOP", "MAX_TOKENS"])
def test_a_call_ended_while_a_string_is_still_open_is_cut_off(finish: str) -> None:
    """The terminator (``functionCall: {}``) came, but the string value's last piece said
    ``willContinue`` and no ``stringValue: ""`` closed it: the value was cut off, so the
    call is an ``InvalidToolCall`` (truncated), never a whole call; ``allow_truncated``
    keeps what came, recorded."""
    chunks = [
        chunk(fc(name="rm", willContinue=True)),
        chunk(fc(partialArgs=[pa("$.path", stringValue="/tmp/build", willContinue=True)], willContinue=True)),
        chunk(fc(), finish=finish),
    ]
    (call,) = accumulate(chunks, D)
    assert type(call) is toolwire.InvalidToolCall
    assert (call.name, call.truncated, call.loc) == ("rm", True, "$.calls[0].arguments")
    assert "still open" in call.error
    (kept,) = accumulate(chunks, D, allow_truncated=True)
    assert (kept.name, kept.args, kept.repairs) == ("rm", {"path": "/tmp/build"}, ("truncated",))
    closed = chunks[:2] + [chunk(fc(partialArgs=[pa("$.path", stringValue="")], willContinue=True)), chunks[2]]
    if finish == "STOP":  # closed by ``stringValue: ""``: whole
        assert accumulate(closed, D) == [ToolCall("rm", {"path": "/tmp/build"})]


def test_candidates_are_kept_apart_by_index() -> None:
    chunks = [{"candidates": [
        {"content": {"parts": [fc(name="a", args={})]}, "index": 0, "finishReason": "STOP"},
        {"content": {"parts": [fc(name="b", args={})]}, "index": 1, "finish_reason": "MAX_TOKENS"},
    ]}]
    acc = Accumulator(D)
    for c in chunks:
        acc.feed(c)
    assert canon(acc.close()) == [("ToolCall", "a", None, {}, False)]  # candidate 1's MAX_TOKENS cuts nothing here


def test_detect() -> None:
    assert detect_stream(chunk(fc(name="f"))) == D
    assert detect_stream({"usageMetadata": {"totalTokenCount": 1}}) == D
    from toolwire.dialects.gemini.stream import detect

    assert detect({"usageMetadata": {}}) is True
    assert detect({"usageMetadata": {}, "choices": []}) is False
    assert detect({"usageMetadata": {}, "type": "message_delta"}) is False
    assert detect({"candidates": {}}) is False


END = {"candidates": [{"content": {"role": "model", "parts": [{"text": ""}]}, "finishReason": "STOP", "index": 0}]}


def part(body: Any) -> Any:
    return {"candidates": [{"content": {"role": "model", "parts": [{"functionCall": body}]}, "index": 0}]}


def test_calls_are_written_as_whole_chunks() -> None:
    calls = [ToolCall("f", {"q": "ü"}, "c1"), ToolCall("g", {})]
    assert encode_stream(calls, D) == [
        part({"name": "f", "id": "c1", "args": {"q": "ü"}}),
        part({"name": "g", "args": {}}),
        END,
    ]


def test_calls_are_written_as_vertex_partial_arguments() -> None:
    call = ToolCall("plan", {"city": "Zü", "days": 2, "flex": True, "note": None, "stops": ["", "a b"], "k y": {"n": 1.5}}, "c1")
    chunks = encode_stream([call], D, partial_args=True, split=1)
    assert chunks == [
        part({"name": "plan", "id": "c1", "willContinue": True}),
        part({"partialArgs": [{"jsonPath": "$.city", "stringValue": "Z", "willContinue": True}], "willContinue": True}),
        part({"partialArgs": [{"jsonPath": "$.city", "stringValue": "ü", "willContinue": True}], "willContinue": True}),
        part({"partialArgs": [{"jsonPath": "$.city", "stringValue": ""}], "willContinue": True}),
        part({"partialArgs": [{"jsonPath": "$.days", "numberValue": 2}], "willContinue": True}),
        part({"partialArgs": [{"jsonPath": "$.flex", "boolValue": True}], "willContinue": True}),
        part({"partialArgs": [{"jsonPath": "$.note", "nullValue": None}], "willContinue": True}),
        part({"partialArgs": [{"jsonPath": "$.stops[0]", "stringValue": ""}], "willContinue": True}),
        part({"partialArgs": [{"jsonPath": "$.stops[1]", "stringValue": "a", "willContinue": True}], "willContinue": True}),
        part({"partialArgs": [{"jsonPath": "$.stops[1]", "stringValue": " ", "willContinue": True}], "willContinue": True}),
        part({"partialArgs": [{"jsonPath": "$.stops[1]", "stringValue": "b", "willContinue": True}], "willContinue": True}),
        part({"partialArgs": [{"jsonPath": "$.stops[1]", "stringValue": ""}], "willContinue": True}),
        part({"partialArgs": [{"jsonPath": "$['k y'].n", "numberValue": 1.5}], "willContinue": True}),
        part({}),
        END,
    ]
    (back,) = accumulate(chunks, D)
    assert (back.name, back.id, back.args) == ("plan", "c1", call.args)
    quoted = encode_stream([ToolCall("f", {"it's": 1, "a\\b": 2})], D, partial_args=True)
    assert [c["candidates"][0]["content"]["parts"][0]["functionCall"].get("partialArgs") for c in quoted[1:3]] == [
        [{"jsonPath": "$['it\\'s']", "numberValue": 1}],
        [{"jsonPath": "$['a\\\\b']", "numberValue": 2}],
    ]
    assert encode_stream([ToolCall("f", {})], D, partial_args=True) == [part({"name": "f", "willContinue": True}), part({}), END]


def test_a_function_call_that_is_not_an_object_is_an_invalid_call_in_its_place() -> None:
    """``{"functionCall": 5}`` is no call Gemini sends: never skipped; ``None`` (an SDK dump's
    absent field) is no call at all."""
    good = fc(name="get_weather", args={"city": "Paris"})
    chunks = [chunk({"functionCall": 5}, {"function_call": None, "text": "ok"}, good, finish="STOP")]
    assert accumulate(chunks, D) == [
        toolwire.InvalidToolCall(error="The tool call at $.calls[0] is not an object: 5", loc="$.calls[0]"),
        ToolCall("get_weather", {"city": "Paris"})]
    acc = Accumulator(D, preview=True)
    acc.feed(chunks[0])
    assert acc.close() == accumulate(chunks, D)
    assert acc.text == "ok"


@pytest.mark.parametrize("path", ["$['a\\", "$['\\", "$['a\\'", '$["a\\"', "$['a\\']"])
def test_parse_path_an_escape_at_the_end_is_no_path(path: str) -> None:
    # a backslash as the last character escapes nothing; an escaped quote closes nothing
    assert parse_path(path) is None


def test_a_streamed_call_belongs_to_its_candidate() -> None:
    """candidateCount 2: candidate 0 streams its call by partialArgs, candidate 1 sends a
    whole call. The stream gives candidate 0's call only, as ``decode_all`` reads the
    first candidate of a whole response."""
    chunks = [
        {"candidates": [{"content": {"role": "model", "parts": [fc(name="get_weather", willContinue=True)]}, "index": 0},
                        {"content": {"role": "model", "parts": [fc(name="get_time", args={"tz": "CET"})]}, "index": 1,
                         "finishReason": "STOP"}]},
        chunk(fc(partialArgs=[pa("$.city", stringValue="Zürich")], willContinue=True)),
        chunk(fc(), finish="STOP"),
    ]
    assert canon(accumulate(chunks, D)) == [("ToolCall", "get_weather", None, {"city": "Zürich"}, False)]
    # candidate 0 ends with its call still open: that call is cut off (and still candidate 0's)
    (call,) = accumulate([chunks[0], chunks[1], chunk(finish="STOP")], D)
    assert type(call) is toolwire.InvalidToolCall
    assert (call.name, call.error, call.truncated) == (
        "get_weather", "The stream ended before this call was complete (no end event; the reply's finish reason: "
        "'STOP')", True)


MAX_TOKENS_CUT = ("Arguments at $.calls[0].arguments are empty and the reply stopped at its token limit (MAX_TOKENS): "
                  "the call was cut off; pass allow_truncated=True to accept it")


@pytest.mark.parametrize("together", [True, False], ids=["one-chunk", "own-chunks"])
def test_several_candidates_each_call_is_judged_by_its_own_candidates_finish_reason(together: bool) -> None:
    """A whole call without ``args`` is ``{}`` under ``STOP`` and cut off under
    ``MAX_TOKENS`` (as ``decode_all`` says of the same response); another candidate's
    finish reason, before or after, changes neither."""
    cut0 = {"content": {"role": "model", "parts": [fc(name="get_time")]}, "index": 0, "finishReason": "MAX_TOKENS"}
    stop1 = {"content": {"role": "model", "parts": [{"text": "Jetzt."}]}, "index": 1, "finishReason": "STOP"}
    chunks = [{"candidates": [cut0, stop1]}] if together else [{"candidates": [cut0]}, {"candidates": [stop1]}]
    with pytest.raises(toolwire.ArgumentsError) as exc:
        toolwire.decode_all({"candidates": [cut0, stop1]})
    assert "reply stopped at its token limit (MAX_TOKENS)" in exc.value.message
    acc = Accumulator(D)
    for c in chunks:
        acc.feed(c)
    (call,) = acc.close()
    assert acc.finish_reason == "MAX_TOKENS"  # the first candidate's (its calls' own), never another's
    assert type(call) is toolwire.InvalidToolCall
    assert (call.name, call.error, call.loc, call.truncated) == ("get_time", MAX_TOKENS_CUT, "$.calls[0].arguments", True)
    # the other way round: candidate 1 stopped at its limit first, candidate 0's call is {}
    cut1 = {"content": {"role": "model", "parts": [{"text": "Jet"}]}, "index": 1, "finishReason": "MAX_TOKENS"}
    stop0 = {"content": {"role": "model", "parts": [fc(name="get_time")]}, "index": 0, "finishReason": "STOP"}
    chunks = [{"candidates": [cut1, stop0]}] if together else [{"candidates": [cut1]}, {"candidates": [stop0]}]
    (call,) = accumulate(chunks, D)
    assert (type(call).__name__, call.name, call.args, call.repairs) == ("ToolCall", "get_time", {}, ("empty-arguments",))
    assert toolwire.decode_all({"candidates": [stop0, cut1]}) == [call]


@pytest.mark.parametrize(
    ("bad", "error"),
    [
        (5, "Partial argument is not an object: 5"),
        ({"jsonPath": "$.note"}, "Partial argument at $.note has no value (stringValue, numberValue, boolValue or nullValue)"),
        ({"jsonPath": "$.note", "willContinue": True},
         "Partial argument at $.note has no value (stringValue, numberValue, boolValue or nullValue)"),
    ],
)
def test_a_partial_argument_that_cannot_be_read_makes_the_call_invalid(bad: Any, error: str) -> None:
    """Never skipped: the call would run without that argument (they were passed over)."""
    chunks = [chunk(fc(name="plan_trip", willContinue=True)),
              chunk(fc(partialArgs=[pa("$.city", stringValue="Bern"), bad], willContinue=True)),
              chunk(fc()), chunk({"text": ""}, finish="STOP")]
    (call,) = accumulate(chunks, D)
    assert type(call) is toolwire.InvalidToolCall
    assert (call.name, call.error, call.loc) == ("plan_trip", error, "$.calls[0].arguments")


def test_partial_arguments_of_sdk_dumps_read_the_value_that_is_set() -> None:
    """``model_dump()`` of google-genai chunks writes every value field, the unset ones as
    ``None``: the one set counts (a number read as an unset ``string_value`` made the call
    invalid); a ``null_value`` alone is JSON null, as ``nullValue: null`` on the wire."""
    fields = {"bool_value": None, "null_value": None, "number_value": None, "string_value": None, "will_continue": None}
    chunks = [chunk({"function_call": {"name": "f", "will_continue": True}}),
              chunk({"function_call": {"partial_args": [{**fields, "json_path": "$.n", "number_value": 5.0},
                                                        {**fields, "json_path": "$.b", "bool_value": False},
                                                        {**fields, "json_path": "$.s", "string_value": "ab"},
                                                        {**fields, "json_path": "$.z", "null_value": "NULL_VALUE"},
                                                        {**fields, "json_path": "$.u"}], "will_continue": True}}),
              chunk({"function_call": {}}, finish="STOP")]
    (call,) = accumulate(chunks, D)
    assert call == ToolCall("f", {"n": 5.0, "b": False, "s": "ab", "z": None, "u": None})


def test_a_call_opened_by_partial_arguments_alone_keeps_its_parts_fields() -> None:
    """No name ever came (invalid), but the part's ``thoughtSignature`` is still the call's
    provider data, as for any streamed call."""
    chunks = [chunk({"functionCall": {"partialArgs": [pa("$.a", stringValue="x")], "willContinue": True},
                     "thoughtSignature": "c2ln"}),
              chunk(fc(), finish="STOP")]
    (bad,) = accumulate(chunks, D)
    assert (type(bad).__name__, bad.error, bad.loc) == (
        "InvalidToolCall", "The stream never gave this call a name", "$.calls[0].name")
    assert bad.provider_data == {D: {"part": {"thoughtSignature": "c2ln"}}}


@pytest.mark.parametrize("reason", ["MALFORMED_FUNCTION_CALL", "MAX_TOKENS", "CONTINUATION"])
def test_dumped_sdk_chunks_read_their_enum_finish_reason(reason: str) -> None:
    """google-genai ``model_dump()`` keeps ``FinishReason`` as a str enum (``str()`` of it is
    ``'FinishReason.MAX_TOKENS'``): the stream reads its value, so a failed or cut-off
    reply's call does not come out whole."""
    types = pytest.importorskip("google.genai.types")
    if reason not in types.FinishReason.__members__:
        pytest.skip(f"this google-genai has no FinishReason.{reason}")
    g = types.GenerateContentResponse.model_validate({"candidates": [{"content": {"role": "model", "parts": [
        {"functionCall": {"name": "f", "args": {"a": 1}}}]}, "finishReason": reason}]})
    for x in (g, g.model_dump(exclude_none=True)):
        acc = Accumulator()
        acc.feed(x)
        assert acc.finish_reason == reason and type(acc.finish_reason) is str
        (got,) = acc.close()
        assert isinstance(got, toolwire.InvalidToolCall)


def test_a_streamed_code_execution_call_is_the_one_shot_one_and_encodes_back() -> None:
    # the stream kept neither the part nor its signature: ``encode`` refused to write it back
    part = {"executableCode": {"code": "print(1)", "language": "PYTHON", "id": "e1"}, "thoughtSignature": "c2ln"}
    ch = {"candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}]}
    (streamed,) = accumulate([ch], D, include_server=True)
    assert streamed == toolwire.decode_all(ch, D, include_server=True)[0]
    assert toolwire.encode(streamed, D) == part


@pytest.mark.parametrize("part", [
    # https://ai.google.dev/api/caching#Part ``toolCall``: a built-in tool the server runs
    {"toolCall": {"id": "tc1", "toolType": "GOOGLE_SEARCH_WEB", "args": {"q": "x"}}},
    {"tool_call": {"tool_type": "URL_CONTEXT", "args": '{"url": "https://ex.com/é"}'}, "thought_signature": None},
])
def test_a_streamed_server_tool_call_is_the_one_shot_one_and_encodes_back(part: Any) -> None:
    """b09: a ``toolCall`` part in a stream is a server call, as in the one-shot reply; it
    is never passed over."""
    ch = {"candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}]}
    acc = Accumulator(D, include_server=True)
    acc.feed(ch)
    (streamed,) = acc.close()
    assert acc.server_calls == [streamed] and streamed.server
    assert streamed == toolwire.decode_all(ch, D, include_server=True)[0]
    assert toolwire.encode(streamed, D) == {k: v for k, v in part.items() if v is not None}
    assert accumulate([ch], D) == []  # the client runs none


def test_a_streamed_server_part_that_is_no_object_is_an_invalid_call() -> None:
    """``{"toolCall": 5}``: never passed over (the one-shot reader refuses it too)."""
    ch = chunk({"toolCall": 5}, finish="STOP")
    assert accumulate([ch], D) == [
        toolwire.InvalidToolCall(error="The tool call at $.calls[0] is not an object: 5", loc="$.calls[0]")]
    with pytest.raises(toolwire.DecodeError):
        toolwire.decode_all(ch, D)


@pytest.mark.parametrize("path", ["$[٣]", "$.a[²]", "$[007]", "$[1" + "0" * 5000 + "]", "$[12345678901234567]"],
                         ids=["arabic-indic", "superscript", "leading-zeros", "5001-digits", "17-digits"])
def test_parse_path_reads_ascii_indexes_of_at_most_16_digits(path: str) -> None:
    """RFC 9535 §2.7: a normalized path's index is ``0`` or ASCII digits without a
    leading zero, within I-JSON's 2^53 - 1 (§2.1); ``\\d`` took ``٣``, and ``int()`` of
    5,001 digits raised ``ValueError``."""
    assert parse_path(path) is None
    assert parse_path("$[1234567890123456]") == [1234567890123456]


def test_a_partial_argument_with_a_huge_index_fails_its_call() -> None:
    chunks = [chunk(fc(id="v1", name="f", partialArgs=[pa("$.a[" + "1" * 5000 + "]", numberValue=1)], willContinue=True)),
              chunk(fc(willContinue=False), finish="STOP")]
    (call,) = accumulate(chunks, D)
    assert type(call).__name__ == "InvalidToolCall" and "unreadable jsonPath" in str(call.error)


# ---- Vertex shapes the AI SDK reads (the vercel hunt) --------------------------------------------


def _streamed(*partials: Any) -> List[Any]:
    return ([chunk(fc(name="f", willContinue=True))]
            + [chunk(fc(partialArgs=list(p), willContinue=True)) for p in partials]
            + [chunk(fc()), chunk({"text": ""}, finish="STOP")])


def test_a_value_less_path_ending_in_brackets_ends_its_array() -> None:
    """Vertex closes an array with a value-less ``$.tables[]`` (google/adk-go PR #1610, from
    captured Vertex chunks; @ai-sdk/google ``GoogleJSONAccumulator`` ``isArrayTerminator``)."""
    chunks = _streamed([pa("$.tables[0]", stringValue="a", willContinue=True)], [pa("$.tables[0]", stringValue="")],
                       [pa("$.tables[1]", stringValue="b", willContinue=True)], [pa("$.tables[1]", stringValue="")],
                       [pa("$.tables[]")])
    (call,) = accumulate(chunks, D)
    assert (type(call).__name__, call.name, call.args) == ("ToolCall", "f", {"tables": ["a", "b"]})


def test_an_array_terminator_alone_is_an_empty_array() -> None:
    (call,) = accumulate(_streamed([pa("$.q", stringValue="x")], [pa("$.tables[]")], [pa("$.o.n[]")]), D)
    assert (type(call).__name__, call.args) == ("ToolCall", {"q": "x", "tables": [], "o": {"n": []}})


@pytest.mark.parametrize(
    ("bad", "error"),
    [
        (pa("$.tables[]", stringValue="a"), "Partial argument has an unreadable jsonPath: '$.tables[]'"),
        (pa("$[]"), "Partial argument has an unreadable jsonPath: '$[]'"),
        (pa("$.q[]"), "Partial argument path $.q[] does not fit the arguments built so far"),
    ],
)
def test_an_array_terminator_with_a_value_or_on_no_array_is_invalid(bad: Any, error: str) -> None:
    (call,) = accumulate(_streamed([pa("$.q", stringValue="x")], [bad]), D)
    assert (type(call).__name__, call.error) == ("InvalidToolCall", error)


@pytest.mark.parametrize(
    "again",
    [pa("$.x", stringValue="b"), pa("$.x", numberValue=2), pa("$.x", stringValue="b", willContinue=True)],
)
def test_a_path_set_again_after_its_value_closed_is_invalid(again: Any) -> None:
    """``PartialArg.willContinue`` false or absent: the value at that path is complete; a
    second one is a conflict (googleapis/go-genai PR #831 errs on it), never a silent
    replacement."""
    (call,) = accumulate(_streamed([pa("$.x", stringValue="a", willContinue=True)], [pa("$.x", stringValue="")],
                                   [again]), D)
    assert (type(call).__name__, call.name) == ("InvalidToolCall", "f")
    assert call.error == "Partial argument path $.x is set again after its value was complete"


@pytest.mark.parametrize(
    ("first", "again"),
    [(pa("$.n", numberValue=1), pa("$.n", numberValue=2)),
     (pa("$.o.k", numberValue=1), pa("$.o", stringValue="v")),
     (pa("$.s", stringValue="a", willContinue=True), pa("$.s", numberValue=1)),
     (pa("$.t[0]", boolValue=True), pa("$.t[0]", boolValue=False))],
)
def test_a_value_replacing_another_is_invalid(first: Any, again: Any) -> None:
    (call,) = accumulate(_streamed([first], [again]), D)
    assert type(call).__name__ == "InvalidToolCall"
    assert "is set again" in call.error


def test_an_index_jump_pads_and_the_padding_is_filled_later() -> None:
    (call,) = accumulate(_streamed([pa("$.t[1]", numberValue=2)], [pa("$.t[0]", numberValue=1)]), D)
    assert (type(call).__name__, call.args) == ("ToolCall", {"t": [1, 2]})


def test_a_whole_call_inside_a_streamed_call_cuts_the_streamed_one_off() -> None:
    """The streamed call's parts said more would follow (``FunctionCall.willContinue``); a
    whole call came instead: the streamed call never ran with part of its arguments, and
    the nameless part after it is no call's (Vertex ends each streamed call with
    ``functionCall: {}``: corpus ``vercel-vertex-gemini-3-flash-stream-partial-args-no-arg-and-parallel``)."""
    chunks = [chunk(fc(name="f", willContinue=True)),
              chunk(fc(partialArgs=[pa("$.x", numberValue=1)], willContinue=True)),
              chunk(fc(name="g", args={"y": 2})),
              chunk(fc(partialArgs=[pa("$.z", numberValue=3)], willContinue=True)),
              chunk(fc()), chunk({"text": ""}, finish="STOP")]
    calls = accumulate(chunks, D)
    assert [(type(c).__name__, c.name) for c in calls] == [
        ("InvalidToolCall", "f"), ("ToolCall", "g"), ("InvalidToolCall", None)]
    assert calls[0].truncated
    assert calls[0].error == "A whole call came before this call's end (its parts said more would follow): cut off"


# ---- RFC 9535 names in jsonPath (the oracles hunt, session 28) ------------------------------------


@pytest.mark.parametrize(
    ("path", "steps"),
    [
        ("$['a\\nb']", ["a\nb"]),
        ("$['caf\\u00e9']", ["café"]),
        ("$['\\u0041']", ["A"]),
        ("$['\\u00E9\\u00e9']", ["éé"]),
        ("$['\\b\\f\\n\\r\\t\\/\\\\\\'\"']", ["\b\f\n\r\t/\\'\""]),
        ('$["\\b\\f\\n\\r\\t\\/\\\\\\"\'"]', ["\b\f\n\r\t/\\\"'"]),
        ("$['\\ud83d\\ude00'][0]", ["\U0001F600", 0]),
        ("$['\\uD83D\\uDE00']", ["\U0001F600"]),
        ("$['a\\u0000b\\u001f']", ["a\x00b\x1f"]),
        ("$['\\u005c']", ["\\"]),
        ("$['\\u005cn']", ["\\n"]),
        ("$['\\u0027']", ["'"]),
        ("$['']", [""]),
        ("$.café", ["café"]),
        ("$.名前.x", ["名前", "x"]),
        ("$._é1.\u00e9", ["_é1", "é"]),
        ("$.a\U0001F600", ["a\U0001F600"]),
        ("$.\x80\u00a0", ["\x80\u00a0"]),
    ],
)
def test_parse_path_decodes_rfc_9535_names(path: str, steps: Any) -> None:
    """RFC 9535 §2.3.1.1: a name's string literal has the escapes ``\\b \\f \\n \\r \\t \\/
    \\\\``, its own quote and ``\\uXXXX`` (any case; a surrogate pair is one character);
    §2.5.1.1: a shorthand name may hold %x80-D7FF / %xE000-10FFFF. A backslash kept the
    character after it (``\\n`` read as ``n``) and ``$.café`` was unreadable."""
    assert parse_path(path) == steps


@pytest.mark.parametrize(
    "path",
    [
        "$['a\\xb']", "$['\\a']", "$['\\0']", "$['\\U0041']", "$['\\u004']", "$['\\u00g1']",
        "$['\\u0_41']", "$['\\u+041']", "$['\\u 041']", "$['\\u٠٠٤١']",
        "$['\\ud83d']", "$['\\ud83dx']", "$['\\ud83d\\u0041']", "$['\\ud83d\\ud83d']", "$['\\ude00']",
        "$['\\\"']", '$["\\\'"]',
        "$['a\nb']", "$['\x1f']", "$['\ud800']", "$.\ud800", "$.a\udfff", "$.\x7f", "$.a\x1f",
        "$.a\n", "$.a b", "$.1é",
    ],
    ids=lambda p: ascii(p),
)
def test_parse_path_refuses_what_rfc_9535_does_not_allow(path: str) -> None:
    """Any other escape (``\\x``, ``\\U``, a short or non-hex ``\\u``, a lone surrogate, the
    other quote escaped), a raw control character or surrogate in a name, and a shorthand
    name starting with a digit are no RFC 9535 path: never read as some other key."""
    assert parse_path(path) is None


@pytest.mark.parametrize(
    ("path", "args"),
    [
        ("$['a\\nb']", {"a\nb": 1}),
        ("$['caf\\u00e9']", {"café": 1}),
        ("$['\\u0041']", {"A": 1}),
        ("$['\\ud83d\\ude00']", {"\U0001F600": 1}),
        ("$.café", {"café": 1}),
        ("$.名前", {"名前": 1}),
    ],
)
def test_escaped_and_unicode_names_in_a_vertex_stream_are_the_keys(path: str, args: Any) -> None:
    """The oracles hunt: ``$['a\\nb']`` gave ``{'anb': 1}``, ``$['caf\\u00e9']`` gave
    ``{'cafu00e9': 1}`` and ``$.café`` failed the call."""
    (call,) = accumulate(_streamed([pa(path, numberValue=1)]), D)
    assert (type(call).__name__, call.name, call.args) == ("ToolCall", "f", args)


def test_an_invalid_escape_in_a_vertex_stream_fails_its_call() -> None:
    (call,) = accumulate(_streamed([pa("$.q", stringValue="x")], [pa("$['a\\xb']", numberValue=1)]), D)
    assert (type(call).__name__, call.error) == ("InvalidToolCall", "Partial argument has an unreadable jsonPath: \"$['a\\\\xb']\"")


def test_keys_are_written_as_rfc_9535_normalized_names() -> None:
    """RFC 9535 §2.7: control characters are written ``\\b \\f \\n \\r \\t`` or
    ``\\u00xx`` (lowercase), ``'`` and ``\\`` escaped, anything else as itself; a plain
    ASCII name keeps Vertex's shorthand (``$.location`` in the recordings). A raw line feed
    was written before."""
    call = ToolCall("f", {"a\nb": 1, "\x00\x0b\x1f\x7f": 2, "it's \"q\" \\ /": 3, "café": 4, "\b\f\r\t": 5, "ok_1": 6})
    chunks = encode_stream([call], D, partial_args=True)
    assert [c["candidates"][0]["content"]["parts"][0]["functionCall"]["partialArgs"][0]["jsonPath"] for c in chunks[1:7]] == [
        "$['a\\nb']", "$['\\u0000\\u000b\\u001f\x7f']", "$['it\\'s \"q\" \\\\ /']", "$['café']", "$['\\b\\f\\r\\t']", "$.ok_1"]
    (back,) = accumulate(chunks, D)
    assert back.args == call.args


def test_a_key_with_a_lone_surrogate_is_refused_before_any_path_is_written() -> None:
    """No RFC 9535 path holds a lone surrogate (§2.3.1.1 ``hexchar``); the writer relies on
    the args check refusing such a key first (here set after the call was made)."""
    call = ToolCall("f", {"a": {}})
    call.args["a"]["x\ud800"] = 1
    with pytest.raises(toolwire.EncodeError) as exc:
        encode_stream([call], D, partial_args=True)
    assert exc.value.message.endswith("ToolCall args at $.args.a has the key 'x\\ud800', a lone UTF-16 surrogate no UTF-8 text can carry")


# RFC 9535 §2.7, written out as a (test-only) regex: the oracle for what the writer writes
_NORMAL = re.compile(r"\$(?:\.[A-Za-z_][A-Za-z0-9_]*|\['(?:[\x20-\x26\x28-\x5b\x5d-\ud7ff\ue000-\U0010ffff]"
                     r"|\\[bfnrt'\\]|\\u00(?:0[0-7]|0b|0e|0f|1[0-9a-f]))*'\])")
_tricky = st.text(st.sampled_from("'\"\\/\b\f\n\r\t\x00\x1f\x7f\x80é名\U0001F600 a_1-.[]$u"), max_size=8)


@given(st.text(st.characters(exclude_categories=("Cs",)), max_size=8) | _tricky)
@example("a\nb")
@example("\\u0041")
@example("'\"\\")
def test_any_key_is_written_as_a_normalized_path_and_read_back(key: str) -> None:
    chunks = encode_stream([ToolCall("f", {key: 1})], D, partial_args=True)
    path = chunks[1]["candidates"][0]["content"]["parts"][0]["functionCall"]["partialArgs"][0]["jsonPath"]
    assert _NORMAL.fullmatch(path), path
    assert parse_path(path) == [key]
    (back,) = accumulate(chunks, D)
    assert back.args == {key: 1}


def test_a_streamed_call_cut_by_a_whole_call_with_a_broken_name_is_cut_off() -> None:
    # a call whose parts said more would follow (``willContinue``), then a whole call
    # whose name is no string: the streamed call is over before its end, as when a whole
    # call with a name comes (and as ``decode_all`` reads the same parts: a fragment)
    parts = [{"functionCall": {"name": "get_weather", "args": {}}},
             {"functionCall": {"partialArgs": [{"jsonPath": "$.location", "stringValue": ""}],
                               "willContinue": True}},
             {"functionCall": {"name": 7, "args": {"a": 1}}}]
    chunks = [{"candidates": [{"content": {"role": "model", "parts": [p]}, "index": 0}]} for p in parts]
    chunks.append({"candidates": [{"content": {"role": "model", "parts": []}, "finishReason": "STOP", "index": 0}]})
    cut, broken = accumulate(chunks, D)
    assert type(cut) is toolwire.InvalidToolCall and cut.name == "get_weather" and cut.truncated
    assert type(broken) is toolwire.InvalidToolCall and broken.name is None
    whole = toolwire.decode_all({"candidates": [{"content": {"role": "model", "parts": parts},
                                                 "finishReason": "STOP", "index": 0}]}, D, invalid="keep")
    assert [(type(c).__name__, c.name) for c in whole] == [("InvalidToolCall", "get_weather"),
                                                          ("InvalidToolCall", None)]
