"""#15 class 1: a named dialect that does not fit fails; it never returns ``[]``.

With ``dialect=`` given, input that holds no call of that dialect but is recognisably
another dialect holding calls raises ``DecodeError`` naming that dialect (decode_all,
decode, stream.accumulate, the CLI); a genuinely empty message of the named dialect
is still ``[]``. Shapes from the providers' API references (Anthropic Messages
``Message``, OpenAI ``ChatCompletion`` / ``chat.completion.chunk``).
"""

from __future__ import annotations

import json
from typing import Any, Dict, List

import anthropic
import openai
import pytest

import toolwire
from toolwire import ToolCall, stream

ANTHROPIC_MESSAGE: Dict[str, Any] = {
    "id": "msg_01",
    "type": "message",
    "role": "assistant",
    "model": "claude-sonnet-4-5",
    "content": [
        {"type": "text", "text": "Deleting."},
        {"type": "tool_use", "id": "toolu_01A", "name": "delete_files", "input": {"glob": "*.tmp"}},
    ],
    "stop_reason": "tool_use",
    "stop_sequence": None,
    "usage": {"input_tokens": 10, "output_tokens": 20},
}
ANTHROPIC_TEXT = dict(ANTHROPIC_MESSAGE, content=[{"type": "text", "text": "Done."}], stop_reason="end_turn")
CHAT_TEXT = {
    "id": "chatcmpl-1",
    "object": "chat.completion",
    "created": 1,
    "model": "gpt-4o",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "Done."}, "finish_reason": "stop"}],
}

NAMES = ["openai.chat", "openai", "openai.responses", "mistral", "cohere.v2", "ollama"]


@pytest.mark.parametrize("name", NAMES)
def test_wrong_dialect_anthropic_message_dict_raises(name: str) -> None:
    with pytest.raises(toolwire.DecodeError, match=r"it looks like anthropic\.messages") as info:
        toolwire.decode_all(ANTHROPIC_MESSAGE, name)
    assert info.value.dialect == toolwire.get_dialect(name).name
    with pytest.raises(toolwire.DecodeError, match=r"it looks like anthropic\.messages"):
        toolwire.decode(ANTHROPIC_MESSAGE, name)
    with pytest.raises(toolwire.DecodeError, match=r"it looks like anthropic\.messages"):
        toolwire.decode_all(json.dumps(ANTHROPIC_MESSAGE), name)


@pytest.mark.parametrize("name", NAMES)
def test_wrong_dialect_anthropic_sdk_message_raises(name: str) -> None:
    message = anthropic.types.Message.model_validate(ANTHROPIC_MESSAGE)
    with pytest.raises(toolwire.DecodeError, match=r"it looks like anthropic\.messages"):
        toolwire.decode_all(message, name)


def test_wrong_dialect_inside_a_conversation_raises() -> None:
    # a Chat history whose assistant turn is an Anthropic one: its call is not dropped
    history = [{"role": "user", "content": "clean up"}, {"role": "assistant", "content": ANTHROPIC_MESSAGE["content"]}]
    with pytest.raises(toolwire.DecodeError, match=r"\$\[1\] is not an openai\.chat payload"):
        toolwire.decode_all(history, "openai.chat")


# an Anthropic assistant turn inside a Responses request (``input`` items) and a Responses
# reply (``output`` items): the Responses reader sees an item without calls, another
# dialect's calls are in it
TOOL_USE = ANTHROPIC_MESSAGE["content"][1]
RESPONSES_BODY = {"model": "gpt-4.1", "input": [{"role": "user", "content": "clean up"},
                                                {"role": "assistant", "content": [TOOL_USE]}]}
RESPONSES_REPLY = {"id": "resp_1", "object": "response", "status": "completed",
                   "output": [{"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
                               "content": [TOOL_USE]}]}
HIDDEN = [
    (RESPONSES_BODY, "$.input[1]"),
    (RESPONSES_REPLY, "$.output[0]"),
    (dict(CHAT_TEXT, choices=[{"index": 0, "finish_reason": "stop",
                               "message": {"role": "assistant", "content": [TOOL_USE]}}]), "$.choices[0].message"),
]


@pytest.mark.parametrize(("payload", "loc"), HIDDEN, ids=["responses-request", "responses-reply", "chat-completion"])
def test_auto_detection_raises_where_naming_the_dialect_raises(payload: Any, loc: str) -> None:
    """Never ``[]`` where calls were: the same error as with the container's dialect named."""
    named = toolwire.detect(payload)
    with pytest.raises(toolwire.DecodeError) as by_name:
        toolwire.decode_all(payload, named)
    with pytest.raises(toolwire.DecodeError) as auto:
        toolwire.decode_all(payload)
    assert auto.value.message == by_name.value.message
    assert auto.value.loc == loc
    assert auto.value.message.startswith(f"Input at {loc} is not {'an' if named.startswith('o') else 'a'} {named} "
                                         "payload: it looks like anthropic.messages")


@pytest.mark.parametrize(
    ("payload", "name"),
    [
        (ANTHROPIC_TEXT, "anthropic.messages"),
        (CHAT_TEXT, "openai.chat"),
        (CHAT_TEXT, "mistral"),
        ({"role": "assistant", "content": "Done."}, "openai.chat"),
        ({"role": "assistant", "content": "Done."}, "ollama"),
        ({"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "x"}]}, "openai.responses"),
        # another dialect's message without calls: no call is hidden, nothing to refuse
        (ANTHROPIC_TEXT, "openai.chat"),
    ],
)
def test_wrong_dialect_genuinely_empty_message_is_empty(payload: Dict[str, Any], name: str) -> None:
    assert toolwire.decode_all(payload, name) == []


def test_wrong_dialect_empty_sdk_objects_are_empty() -> None:
    completion = openai.types.chat.ChatCompletion.model_validate(CHAT_TEXT)
    assert toolwire.decode_all(completion, "openai.chat") == []
    assert toolwire.decode_all(anthropic.types.Message.model_validate(ANTHROPIC_TEXT), "anthropic") == []


def _anthropic_events(tool: bool = True) -> List[Dict[str, Any]]:
    start = {"type": "message_start", "message": dict(ANTHROPIC_MESSAGE, content=[], stop_reason=None)}
    blocks: List[Dict[str, Any]] = [
        {"type": "content_block_start", "index": 0,
         "content_block": {"type": "tool_use", "id": "toolu_01A", "name": "delete_files", "input": {}}},
        {"type": "content_block_delta", "index": 0,
         "delta": {"type": "input_json_delta", "partial_json": '{"glob": "*.tmp"}'}},
        {"type": "content_block_stop", "index": 0},
    ] if tool else [
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Done."}},
        {"type": "content_block_stop", "index": 0},
    ]
    end = [{"type": "message_delta", "delta": {"stop_reason": "tool_use" if tool else "end_turn"},
            "usage": {"output_tokens": 5}}, {"type": "message_stop"}]
    return [start, *blocks, *end]


def _chat_chunks(tool: bool = True) -> List[Dict[str, Any]]:
    head = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o"}
    if tool:
        delta: Dict[str, Any] = {"role": "assistant", "tool_calls": [
            {"index": 0, "id": "call_1", "type": "function",
             "function": {"name": "delete_files", "arguments": '{"glob": "*.tmp"}'}}]}
    else:
        delta = {"role": "assistant", "content": "Done."}
    return [
        dict(head, choices=[{"index": 0, "delta": delta, "finish_reason": None}]),
        dict(head, choices=[{"index": 0, "delta": {}, "finish_reason": "tool_calls" if tool else "stop"}]),
    ]


@pytest.mark.parametrize(
    ("chunks", "name", "looks"),
    [
        (_anthropic_events(), "openai.chat", "anthropic.messages"),
        (_anthropic_events(), "gemini", "anthropic.messages"),
        (_chat_chunks(), "gemini", "openai.chat"),
        (_chat_chunks(), "openai.responses", "openai.chat"),
        (_chat_chunks(), "anthropic.messages", "openai.chat"),
    ],
)
def test_wrong_dialect_stream_raises(chunks: List[Dict[str, Any]], name: str, looks: str) -> None:
    with pytest.raises(toolwire.DecodeError, match=f"the first looks like {looks}"):
        stream.accumulate(chunks, name)
    with pytest.raises(toolwire.DecodeError, match=f"the first looks like {looks}"):
        stream.accumulate(iter(chunks), name)  # the Accumulator's path
    acc = stream.Accumulator(name)
    for chunk in chunks:
        acc.feed(chunk)
    with pytest.raises(toolwire.DecodeError, match=f"the first looks like {looks}"):
        acc.close()


@pytest.mark.parametrize("lead", [[None], [None, None]])
def test_keep_alive_chunks_before_a_wrong_dialect_stream_do_not_hide_it(lead: List[Any]) -> None:
    chunks = [*lead, *_anthropic_events()]
    with pytest.raises(toolwire.DecodeError, match="the first looks like anthropic.messages"):
        stream.accumulate(chunks, "cohere.v2")
    with pytest.raises(toolwire.DecodeError, match="the first looks like anthropic.messages"):
        stream.accumulate(iter(chunks), "cohere.v2")
    acc = stream.Accumulator("cohere.v2")
    for chunk in chunks:
        acc.feed(chunk)
    with pytest.raises(toolwire.DecodeError, match="the first looks like anthropic.messages"):
        acc.close()
    # found by hypothesis: a None, then a Bedrock event
    with pytest.raises(toolwire.DecodeError, match="the first looks like bedrock.converse"):
        stream.accumulate([None, {"contentBlockStart": None}], "cohere.v2")


def test_keep_alive_chunks_before_a_stream_of_calls_keep_its_calls() -> None:
    chunks = [None, *_chat_chunks()]
    want = stream.accumulate(_chat_chunks(), "openai.chat")
    assert want and stream.accumulate(iter(chunks), "openai.chat") == want  # a generator's None came first: []
    assert stream.accumulate(chunks, "openai.chat") == want
    assert stream.accumulate(iter(chunks)) == want


@pytest.mark.parametrize("name", ["openai.chat", "anthropic.messages", "gemini", "mistral", "ollama"])
def test_a_named_stream_of_no_streaming_shape_that_carried_nothing_raises(name: str) -> None:
    # Chat chunks inside an envelope no dialect unwraps (an unknown SDK stream event read
    # by its attributes): every chunk is skipped, and [] would look like "no calls"
    wrapped = [{"payload": c} for c in _chat_chunks()]
    with pytest.raises(toolwire.DecodeError, match=f"not {name} chunks: none carried text, a call or a finish"):
        stream.accumulate(wrapped, name)
    with pytest.raises(toolwire.DecodeError, match=f"not {name} chunks: none carried"):
        stream.accumulate(iter(wrapped), name)
    acc = stream.Accumulator(name)
    for chunk in wrapped:
        acc.feed(chunk)
    with pytest.raises(toolwire.DecodeError, match=f"not {name} chunks: none carried"):
        acc.close()


def test_an_odd_first_chunk_before_a_stream_with_text_is_no_error() -> None:
    chunks = [{"payload": "keep-alive"}, *_chat_chunks(tool=False)]  # text and a finish reason follow
    assert stream.accumulate(chunks, "openai.chat") == []
    # empty chunks are no evidence of another dialect; nor of a reply (F-G)
    [empty] = stream.accumulate([{}, {}], "openai.chat")
    assert empty.name is None and "held no chunk with data" in empty.error


def test_wrong_dialect_stream_sse_body_raises() -> None:
    body = "".join(f"data: {json.dumps(c)}\n\n" for c in _chat_chunks()) + "data: [DONE]\n\n"
    with pytest.raises(toolwire.DecodeError, match="the first looks like openai.chat"):
        stream.accumulate(body, "gemini")


@pytest.mark.parametrize(
    ("chunks", "name"),
    [
        (_anthropic_events(tool=False), "anthropic.messages"),
        (_chat_chunks(tool=False), "openai.chat"),
        (_chat_chunks(tool=False), "mistral"),  # Mistral streams Chat-shaped chunks
    ],
)
def test_wrong_dialect_stream_without_calls_of_its_dialect_is_empty(chunks: List[Dict[str, Any]], name: str) -> None:
    assert stream.accumulate(chunks, name) == []
    assert stream.accumulate(iter(chunks), name) == []



@pytest.mark.parametrize("name", ["openai.chat", "openai.responses", "gemini", "ollama", "cohere.v2"])
def test_wrong_dialect_response_normalize_raises(name: str) -> None:
    from toolwire import response

    with pytest.raises(toolwire.DecodeError, match=r"it looks like anthropic\.messages"):
        response.normalize(ANTHROPIC_MESSAGE, provider=name)
    with pytest.raises(toolwire.DecodeError, match=r"it looks like anthropic\.messages"):
        response.normalize(anthropic.types.Message.model_validate(ANTHROPIC_MESSAGE), provider=name)


PROVIDERS = ["openai.chat", "openai.responses", "anthropic.messages", "gemini", "bedrock.converse", "ollama",
             "cohere.v2"]


@pytest.mark.parametrize("name", PROVIDERS)
@pytest.mark.parametrize("data", [{"payload": CHAT_TEXT}, {"data": ANTHROPIC_MESSAGE}, {}])
def test_a_named_response_of_no_known_shape_and_no_fields_raises(name: str, data: Dict[str, Any]) -> None:
    # a reply inside an envelope (a proxy's, a log record's): an empty Response would
    # read as "the model said nothing"
    from toolwire import response

    with pytest.raises(toolwire.DecodeError, match=r"response: it has none of its fields"):
        response.normalize(data, provider=name)


def test_a_named_response_its_reader_reads_without_its_marks_is_kept() -> None:
    # the named reader is lenient where the payload carries its fields: Anthropic's
    # content without ``type: message`` (a proxy's rewrite), Ollama's message without ``done``
    from toolwire import response

    got = response.normalize({"role": "assistant", "content": [{"type": "text", "text": "Hi."}],
                              "stop_reason": "end_turn"}, provider="anthropic.messages")
    assert (got.text, got.finish_reason) == ("Hi.", "stop")
    got = response.normalize({"message": {"role": "assistant", "content": "Hi."}}, provider="ollama")
    assert got.text == "Hi."


def test_wrong_dialect_response_normalize_of_its_own_shape() -> None:
    from toolwire import response

    assert response.normalize(CHAT_TEXT, provider="openai.chat").text == "Done."
    assert [c.name for c in response.normalize(ANTHROPIC_MESSAGE, provider="anthropic").tool_calls] == [
        "delete_files"]


# --- a stream chunk passed where a payload is read ---------------------------------------------

_CHUNK_WITH_A_CALL = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
                      "choices": [{"index": 0, "finish_reason": None, "delta": {"tool_calls": [
                          {"index": 0, "id": "call_1", "type": "function",
                           "function": {"name": "delete_files", "arguments": '{"glob": "*.tmp"}'}}]}}]}


@pytest.mark.parametrize("dialect", [None, "openai.chat"])
def test_a_chat_stream_chunk_is_refused_by_decode_all(dialect: Any) -> None:
    # it read as a ChatCompletion whose choice has no message: [] although a call was there
    with pytest.raises(toolwire.DecodeError, match=r"Choice at \$\.choices\[0\] has a 'delta', not a 'message'"):
        toolwire.decode_all(_CHUNK_WITH_A_CALL, dialect)
    text_only = dict(_CHUNK_WITH_A_CALL, choices=[{"index": 0, "delta": {"content": "Hi"}, "finish_reason": None}])
    with pytest.raises(toolwire.DecodeError, match="feed the whole stream to toolwire.stream.accumulate"):
        toolwire.decode_all(text_only, dialect)
    assert stream.accumulate([_CHUNK_WITH_A_CALL]) == [ToolCall("delete_files", {"glob": "*.tmp"}, "call_1")]


@pytest.mark.parametrize(("event", "name"), [
    ({"type": "content_block_start", "index": 0,
      "content_block": {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}}, "an anthropic.messages"),
    ({"type": "response.output_item.done", "output_index": 0, "item": {
        "type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": "{}"}},
     "an openai.responses"),
    ({"contentBlockStart": {"start": {"toolUse": {"toolUseId": "tooluse_1", "name": "f"}}, "contentBlockIndex": 0}},
     "a bedrock.converse"),
])
def test_a_stream_event_passed_as_a_payload_is_named_as_one(event: Dict[str, Any], name: str) -> None:
    hint = f"matches no known dialect (it is {name} stream chunk: feed the whole stream to toolwire.stream.accumulate)"
    for run in (lambda: toolwire.decode_all(event), lambda: toolwire.decode(event),
                lambda: toolwire.decode_all(event, "gemini")):
        with pytest.raises(toolwire.DecodeError) as err:
            run()
        assert hint in err.value.message
