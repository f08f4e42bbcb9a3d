"""bedrock.converse histories (``{"system", "messages"}``) and ConverseStream events, written
by hand, read to literal values and written back as literal wire.

Shapes from https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
(``system``, ``messages``), https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ContentBlock.html
(``image`` with ``bytes`` or ``s3Location``, ``reasoningContent``, ``cachePoint``),
https://docs.aws.amazon.com/nova/latest/userguide/tool-built-in.html (``server_tool_use``)
and https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStream.html
(``messageStart``, ``contentBlockStart`` / ``Delta`` / ``Stop``, ``messageStop``, ``metadata``).
"""

from __future__ import annotations

from typing import Any, List

import pytest

import toolwire
from toolwire import ToolCall
from toolwire.conversation._values import Media, Other, Reasoning, Text
from toolwire.dialects.bedrock.stream import detect
from toolwire.stream import Accumulator, accumulate, detect_stream, encode_stream

D = "bedrock.converse"
REQUEST = {
    "system": [{"text": "Antworte kurz."}, {"cachePoint": {"type": "default"}}],
    "messages": [
        {"role": "user", "content": [
            {"text": "Wetter in Zürich?"},
            {"image": {"format": "png", "source": {"bytes": "iVBORw0KGgo="}}},
            {"image": {"format": "jpeg", "source": {"s3Location": {"uri": "s3://b/k.jpg"}}}},
            {"image": {"format": "png", "source": {}}},
            {"image": {"format": 5, "source": {"bytes": "x"}}},
            {"document": {"format": "txt", "name": "n", "source": {"bytes": "eA=="}}},
            {},
        ]},
        {"role": "assistant", "content": [
            {"reasoningContent": {"reasoningText": {"text": "Ich prüfe…", "signature": "c2ln"}}},
            {"reasoningContent": {"redactedContent": "eA=="}},
            {"toolUse": {"toolUseId": "t1", "name": "get_weather", "input": {"city": "Zürich"}}},
            {"toolUse": {"toolUseId": "s1", "name": "nova_code_interpreter", "type": "server_tool_use", "input": {"code": "1"}}},
            {"toolResult": {"toolUseId": "s1", "type": "nova_code_interpreter_result", "content": [{"json": {"out": 1}}]}},
            {"cachePoint": {"type": "default"}},
        ]},
        {"role": "user", "content": [{"toolResult": {"toolUseId": "t1", "content": [{"text": "22 °C"}]}}, {"text": "Danke", "cachePoint": {}}]},
    ],
}


def shape(conv: Any) -> List[Any]:
    out = []
    for m in conv.messages:
        parts: List[Any] = []
        for p in m.parts:
            if isinstance(p, Reasoning):
                parts.append(("reasoning", p.text))
            elif isinstance(p, Media):
                parts.append(("media", p.media_type, p.data, p.url))
            elif isinstance(p, Other):
                parts.append(("other", p.type))
            elif isinstance(p, ToolCall):
                parts.append(("call", p.name, p.id, p.args))
            elif isinstance(p, toolwire.ToolResult):
                parts.append(("result", p.id, p.content))
            else:
                assert isinstance(p, Text)
                parts.append(("text", p.text))
        out.append((m.role, parts))
    return out


def test_a_request_reads_to_literal_messages_and_writes_back_unchanged() -> None:
    conv = toolwire.decode_conversation(REQUEST)
    assert conv.dialect == D
    assert shape(conv) == [
        ("system", [("text", "Antworte kurz."), ("other", "cachePoint")]),
        ("user", [
            ("text", "Wetter in Zürich?"),
            ("media", "image/png", "iVBORw0KGgo=", None),
            ("media", "image/jpeg", None, "s3://b/k.jpg"),
            ("other", "image"),
            ("other", "image"),
            ("other", "document"),
            ("other", "unknown"),
        ]),
        ("assistant", [
            ("reasoning", "Ich prüfe…"),
            ("reasoning", ""),
            ("call", "get_weather", "t1", {"city": "Zürich"}),
            ("other", "server_tool_use"),
            ("other", "nova_code_interpreter_result"),
            ("other", "cachePoint"),
        ]),
        ("user", [("result", "t1", "22 °C"), ("text", "Danke")]),
    ]
    assert toolwire.encode_conversation(conv, D) == REQUEST
    more = conv.append(toolwire.Message("user", (Text("Und morgen?"),)))
    expected = {"system": REQUEST["system"], "messages": [*REQUEST["messages"]]}
    last = expected["messages"][-1]
    expected["messages"][-1] = {"role": "user", "content": [*last["content"], {"text": "Und morgen?"}]}
    assert toolwire.encode_conversation(more, D) == expected


def test_a_bare_message_list_is_detected_by_its_blocks() -> None:
    bare = [{"role": "user", "content": [{"text": "hallo"}]}, {"role": "assistant", "content": [{"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}}]}]
    conv = toolwire.decode_conversation(bare)
    assert (conv.dialect, shape(conv)) == (D, [("user", [("text", "hallo")]), ("assistant", [("call", "f", "t1", {})])])
    assert toolwire.encode_conversation(conv.append(toolwire.Message("user", (Text("?"),))), D) == {
        "messages": [*bare, {"role": "user", "content": [{"text": "?"}]}]
    }
    assert toolwire.decode_conversation({"system": [{"text": "kurz"}], "messages": []}).dialect == D


def test_a_chat_history_is_written_as_converse_messages() -> None:
    msgs = [
        {"role": "system", "content": "Sei kurz."},
        {"role": "user", "content": [{"type": "text", "text": "Bild?"}, {"type": "image_url", "image_url": {"url": "data:image/webp;base64,UklGRg=="}}]},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"q": "ü"}'}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": "ok"},
    ]
    assert toolwire.encode_conversation(toolwire.decode_conversation(msgs, "openai.chat"), D) == {
        "system": [{"text": "Sei kurz."}],
        "messages": [
            {"role": "user", "content": [{"text": "Bild?"}, {"image": {"format": "webp", "source": {"bytes": "UklGRg=="}}}]},
            {"role": "assistant", "content": [{"toolUse": {"toolUseId": "call_1", "name": "f", "input": {"q": "ü"}}}]},
            {"role": "user", "content": [{"toolResult": {"toolUseId": "call_1", "content": [{"text": "ok"}]}}]},
        ],
    }
    s3 = toolwire.Conversation((toolwire.Message("user", (Media("image", url="s3://b/a.gif", media_type="image/gif"),)),))
    assert toolwire.encode_conversation(s3, D) == {"messages": [{"role": "user", "content": [{"image": {"format": "gif", "source": {"s3Location": {"uri": "s3://b/a.gif"}}}}]}]}


def test_provider_state_is_dropped_with_a_note_elsewhere() -> None:
    req = {
        "system": [{"text": "kurz"}, {"cachePoint": {"type": "default"}}],
        "messages": [
            {"role": "user", "content": [{"text": "a"}]},
            {"role": "assistant", "content": [
                {"toolUse": {"toolUseId": "s1", "name": "nova_code_interpreter", "type": "server_tool_use", "input": {}}},
                {"toolResult": {"toolUseId": "s1", "type": "nova_code_interpreter_result", "content": []}},
                {"cachePoint": {"type": "default"}},
                {"text": "ok"},
            ]},
        ],
    }
    report: List[Any] = []
    out = toolwire.encode_conversation(toolwire.decode_conversation(req, D), "anthropic.messages", report=report)
    assert out == {"system": "kurz", "messages": [
        {"role": "user", "content": [{"type": "text", "text": "a"}]},
        {"role": "assistant", "content": [{"type": "text", "text": "ok"}]},
    ]}
    assert [(p.kind, p.index, p.message) for p in report] == [
        ("dropped", 0, "A 'cachePoint' item of bedrock.converse in message 0 is not sent to anthropic.messages"),
        ("dropped", 2, "A 'server_tool_use' item of bedrock.converse in message 2 is not sent to anthropic.messages"),
        ("dropped", 2, "A 'nova_code_interpreter_result' item of bedrock.converse in message 2 is not sent to anthropic.messages"),
        ("dropped", 2, "A 'cachePoint' item of bedrock.converse in message 2 is not sent to anthropic.messages"),
    ]
    doc = {"messages": [{"role": "user", "content": [{"document": {"format": "txt", "name": "n", "source": {"bytes": "eA=="}}}]}]}
    with pytest.raises(toolwire.EncodeError) as exc:
        toolwire.encode_conversation(toolwire.decode_conversation(doc, D), "anthropic.messages")
    assert exc.value.message == "Message 0 holds a 'document' part of bedrock.converse, which anthropic.messages has no documented equivalent for"


# --- ConverseStream -------------------------------------------------------------------------


def start(i: Any, **use: Any) -> Any:
    return {"contentBlockStart": {"contentBlockIndex": i, "start": {"toolUse": use}}}


def delta(i: Any, piece: Any) -> Any:
    return {"contentBlockDelta": {"contentBlockIndex": i, "delta": {"toolUse": {"input": piece}}}}


def stop(i: Any) -> Any:
    return {"contentBlockStop": {"contentBlockIndex": i}}


EVENTS = [
    {"messageStart": {"role": "assistant"}},
    {"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"text": "Moment "}, "p": "abc"}},
    stop(0),
    start(1, toolUseId="t1", name="get_weather"),
    delta(1, '{"city": "Zü'),
    delta(1, 'rich"}'),
    stop(1),
    start(2, toolUseId="t2", name="f", type="tool_use"),
    delta(2, ""),
    stop(2),
    start(3, toolUseId="s1", name="nova_grounding", type="server_tool_use"),
    delta(3, {"query": "météo"}),
    stop(3),
    stop(9),
    {"messageStop": {"stopReason": "tool_use"}},
    {"metadata": {"usage": {"inputTokens": 1}}},
]


def test_a_stream_reads_to_literal_calls() -> None:
    acc = Accumulator(D, include_server=True)
    for e in EVENTS:
        acc.feed(e)
    calls = acc.close()
    assert [(c.name, c.id, c.args, c.repairs, c.server, dict(c.provider_data)) for c in calls] == [
        ("get_weather", "t1", {"city": "Zürich"}, (), False, {}),
        ("f", "t2", {}, ("empty-arguments",), False, {D: {"type": "tool_use"}}),
        ("nova_grounding", "s1", {"query": "météo"}, (), True, {D: {"type": "server_tool_use"}}),
    ]
    assert (acc.text, acc.finish_reason) == ("Moment ", "tool_use")
    assert [c.name for c in accumulate(EVENTS, D)] == ["get_weather", "f"]


def test_odd_events_go_the_general_way() -> None:
    events = [
        start(0, toolUseId="t1", name="a"),
        start(0, toolUseId="t1", name="a"),  # the same index again
        delta(0, '{"x": 1}'),
        {"contentBlockDelta": {"contentBlockIndex": 0, "delta": "junk"}},
        {"contentBlockDelta": {"contentBlockIndex": 0, "delta": {"toolUse": {"input": 5}}}},
        stop(0),
        start(1, toolUseId="", name="b"),
        delta(1, "{}"),
        {"contentBlockStop": {"contentBlockIndex": "1"}},  # a digit string: block 1 (its second stop is none)
        stop(1),
        {"contentBlockStart": {"contentBlockIndex": 2, "start": "x"}},
        {"contentBlockStop": 5},
        {"messageStop": "end_turn"},
        {"messageStop": {"stopReason": "max_tokens"}},
    ]
    calls = accumulate(events, D)
    assert [(type(c).__name__, c.name, c.id) for c in calls] == [("InvalidToolCall", "a", "t1"), ("ToolCall", "b", None)]
    # (started again before any delta: one call, never a truncated second with its id)
    assert calls[0].error == "An argument delta is not text: 5"  # never skipped: the call would run without it
    assert calls[1].args == {}


def test_a_call_cut_by_max_tokens_is_invalid() -> None:
    events = [start(0, toolUseId="t1", name="f"), delta(0, '{"q": "ha'), {"messageStop": {"stopReason": "max_tokens"}}]
    (call,) = accumulate(events, D)
    assert type(call) is toolwire.InvalidToolCall
    assert (call.name, call.id, call.truncated) == ("f", "t1", True)


def test_detect() -> None:
    for event in ("messageStart", "contentBlockStart", "contentBlockDelta", "contentBlockStop", "messageStop"):
        assert detect({"p": "abc", event: {}}) is True, event
    assert detect({"messageStart": {"role": "assistant"}}) is True
    assert detect({"messageStop": {}}) is True
    assert detect({"metadata": {"usage": {}}}) is True
    assert detect({"metadata": {"usage": {}}, "x": 1}) is False
    assert detect({"metadata": "x"}) is False
    assert detect({"contentBlockStart": {}, "x": 1}) is True
    assert detect_stream(start(0, toolUseId="t1", name="f")) == D


def test_calls_are_written_as_events() -> None:
    calls = [ToolCall("f", {"q": "ü"}, "t1"), ToolCall("g", {})]
    events = encode_stream(calls, D, split=4)
    assert events == [
        {"messageStart": {"role": "assistant"}},
        start(0, name="f", toolUseId="t1"),
        delta(0, '{"q"'),
        delta(0, ':"ü"'),
        delta(0, "}"),
        stop(0),
        start(1, name="g", toolUseId=toolwire.encode(calls[1], D, position=1)["toolUse"]["toolUseId"]),  # as encode
        delta(1, "{}"),
        stop(1),
        {"messageStop": {"stopReason": "tool_use"}},
        {"metadata": {"usage": {"inputTokens": 1, "outputTokens": 1, "totalTokens": 2}, "metrics": {"latencyMs": 1}}},
    ]
    empty = encode_stream([ToolCall("h", {}, "t3")], D, split=lambda text: [])
    assert empty[1:4] == [start(0, name="h", toolUseId="t3"), delta(0, ""), stop(0)]


def test_limits_json_text_chunks_and_deltas_without_a_start() -> None:
    big = [start(0, toolUseId="t1", name="a"), delta(0, '{"x": "0123456789"}'), stop(0)]
    (call,) = accumulate(big, D, max_bytes=8)
    assert (type(call).__name__, call.error) == ("InvalidToolCall", "Arguments are over the limit of 8 characters")
    as_text = ['{"contentBlockStart": {"contentBlockIndex": 0, "start": {"toolUse": {"toolUseId": "t1", "name": "a"}}}}', delta(0, "{}"), stop(0)]
    assert [(c.name, c.id, c.args) for c in accumulate(as_text, D)] == [("a", "t1", {})]
    (call,) = accumulate([delta(0, {"q": 1}), stop(0)], D)
    assert (type(call).__name__, call.error) == ("InvalidToolCall", "The stream never gave this call a name")


def test_history_detection_and_a_response_without_content() -> None:
    history = toolwire.get_dialect(D).history
    assert history is not None
    assert history.detect({"system": [{"text": "kurz"}], "messages": []}) is True
    assert history.detect([{"role": "user", "content": [{"cachePoint": {}}]}]) is True
    assert history.detect({"system": "kurz", "messages": [{"role": "user", "content": "hi"}]}) is False
    assert history.detect({"system": [{"type": "text", "text": "kurz"}], "messages": [{"role": "user", "content": [{"type": "text", "text": "a"}]}]}) is False
    assert history.detect([{"role": "user", "content": [{"text": "a", "citations": []}, 3]}, 5]) is False
    assert history.detect("messages") is False
    for key in ("toolUse", "toolResult", "reasoningContent", "cachePoint", "guardContent"):
        assert history.detect([{"role": "user", "content": [{key: {}, "x": 1}]}]) is True, key
    assert history.detect([{"role": "user", "content": [{"image": {}, "x": 1}]}]) is False
    assert toolwire.decode_all({"output": {"message": {"role": "assistant"}}, "stopReason": "end_turn"}) == []
    from toolwire.dialects.bedrock.response import read

    text, reasoning, refusal, raw, usage, parsed = read({"output": {"message": {"content": [{"text": "ok"}]}}, "stopReason": "end_turn"})
    assert (text, reasoning, refusal, raw, parsed) == ("ok", "", None, "end_turn", None)
    with pytest.raises(toolwire.DecodeError, match=r"object at \$\.output\.message\.content\[0\], got str 'junk'"):
        read({"output": {"message": {"content": ["junk", {"text": "ok"}]}}, "stopReason": "end_turn"})


def test_a_nova_server_result_moved_to_a_new_message_is_written_as_received() -> None:
    # docs.aws.amazon.com/nova/latest/userguide/tool-built-in.html: the code interpreter's result
    # is a toolResult with a "type"; Bedrock gets the block back unchanged, others drop it with a note
    res = {"toolResult": {"toolUseId": "tooluse_s1", "content": [{"json": {"stdOut": "2"}}],
                          "type": "nova_code_interpreter_result"}}
    conv = toolwire.decode_conversation(
        {"messages": [{"role": "user", "content": [{"text": "1+1?"}]}, {"role": "assistant", "content": [res]}]}, D)
    (part,) = conv.messages[1].parts
    assert isinstance(part, Other)
    assert (part.type, part.dialect, part.data) == ("nova_code_interpreter_result", D, res)
    moved = toolwire.Conversation((toolwire.Message("user", (Text("1+1?"),)), toolwire.Message("assistant", (part, Text("2")))))
    assert toolwire.encode_conversation(moved, D) == {"messages": [
        {"role": "user", "content": [{"text": "1+1?"}]},
        {"role": "assistant", "content": [res, {"text": "2"}]},
    ]}


def test_the_history_writer_names_bedrock_in_its_error_and_notes() -> None:
    with pytest.raises(toolwire.EncodeError) as exc:
        toolwire.encode_conversation(toolwire.Conversation((toolwire.Message("system", (Text("Sei kurz."),)),)), D)
    assert (exc.value.message, exc.value.dialect) == ("A bedrock.converse request needs at least one message", D)
    gemini = {"contents": [
        {"role": "user", "parts": [{"text": "Rechne."}]},
        {"role": "model", "parts": [{"executableCode": {"code": "print(1)", "language": "PYTHON"}}]},
    ]}
    report: List[Any] = []
    out = toolwire.encode_conversation(toolwire.decode_conversation(gemini, "gemini"), D, report=report)
    assert out == {"messages": [{"role": "user", "content": [{"text": "Rechne."}]}]}
    assert [(p.kind, p.index, p.message) for p in report] == [
        ("dropped", 1, "A 'executableCode' item of gemini in message 1 is not sent to bedrock.converse"),
        ("dropped", 1, "An assistant turn with nothing bedrock.converse can take is left out"),
    ]


def test_a_start_again_before_any_delta_is_one_call() -> None:
    """``contentBlockStart`` delivered twice (a retried event): one call."""
    events = [start(0, toolUseId="t1", name="get_weather"), start(0, toolUseId="t1", name="get_weather"),
              delta(0, '{"city": "Paris"}'), stop(0), {"messageStop": {"stopReason": "tool_use"}}]
    assert accumulate(events, D) == [ToolCall("get_weather", {"city": "Paris"}, "t1")]
    acc = Accumulator(D)
    for e in events:
        acc.feed(e)
    assert acc.close() == [ToolCall("get_weather", {"city": "Paris"}, "t1")]


def test_a_start_again_after_a_delta_is_never_run() -> None:
    events = [start(0, toolUseId="t1", name="get_weather"), delta(0, '{"city": '),
              start(0, toolUseId="t1", name="get_weather"), delta(0, '"Paris"}'), stop(0),
              {"messageStop": {"stopReason": "tool_use"}}]
    (call,) = accumulate(events, D)
    assert type(call) is toolwire.InvalidToolCall and call.id == "t1" and "started again" in call.error


def test_a_block_sent_again_after_its_stop_is_never_a_second_run() -> None:
    block = [start(0, toolUseId="t1", name="get_weather"), delta(0, '{"city": "Paris"}'), stop(0)]
    first, again = accumulate(block + block + [{"messageStop": {"stopReason": "tool_use"}}], D)
    assert first == ToolCall("get_weather", {"city": "Paris"}, "t1")
    assert type(again) is toolwire.InvalidToolCall and again.id == "t1" and "after its end" in again.error
