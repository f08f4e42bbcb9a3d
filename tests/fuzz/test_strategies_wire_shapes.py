"""The fuzz kit gives what the providers send and what toolwire reads back: result text a
provider accepts, the ids a payload decodes to, Cohere and Responses replies as their
APIs write them, each dialect's SSE framing, corruptions that corrupt, and knobs
checked when a strategy is built."""

from __future__ import annotations

import dataclasses
import json
import re
import warnings
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample, Unsatisfiable

import toolwire
from sdk_types import payload_checker
from toolwire import IdRule, ToolCall, response
from toolwire import strategies as tws
from toolwire.stream import accumulate

NO_SHRINK = settings(phases=[Phase.generate], database=None, max_examples=2000,
                     suppress_health_check=list(HealthCheck))
_N = settings.default.max_examples
per_dialect = settings(max_examples=_N if _N > 100 else 10)


# -- 1. result text: Anthropic and Bedrock refuse blank text blocks ----------------------


@pytest.mark.parametrize("dialect", ["anthropic.messages", "bedrock.converse"])
def test_results_are_never_blank_where_the_api_refuses_blank_text(dialect: str) -> None:
    # Anthropic: "text content blocks must contain non-whitespace text"; Converse: "The
    # text field in the ContentBlock object ... is blank". The fuzz runner reported the
    # encoder's refusal of a drawn " " as a failure.
    with pytest.raises(NoSuchExample):
        find(tws.tool_results(dialect), lambda r: isinstance(r.content, str) and r.content.isspace(),
             settings=NO_SHRINK)


@pytest.mark.parametrize("dialect", ["anthropic.messages", "bedrock.converse"])
@per_dialect
@given(data=st.data())
def test_result_payloads_encode(dialect: str, data: Any) -> None:
    p = data.draw(tws.payloads(dialect, kind="result", expected=True))
    assert toolwire.decode_result(p.value, dialect) == p.expected


def test_blank_result_text_is_drawn_where_the_encoder_takes_it() -> None:
    from toolwire._strategies_values import _takes_blank

    assert _takes_blank(toolwire.get_dialect("openai.chat"))
    assert not _takes_blank(toolwire.get_dialect("anthropic.messages"))
    assert not _takes_blank(toolwire.get_dialect("bedrock.converse"))


# -- 2. expected holds the id the encoder writes ------------------------------------------


def test_an_idless_call_expects_the_id_chat_requires() -> None:
    # Chat's tool call ``id`` is a required string (openai ChatCompletionMessageToolCall):
    # the encoder makes one for an id-less call, and that is what decodes back
    p = find(tws.payloads("openai.chat", kind="item", calls=tws.tool_calls("openai.chat", ids=False),
                          expected=True), lambda p: True, settings=NO_SHRINK)
    (call,) = p.expected
    assert call.id is not None and re.fullmatch(r"call_[a-zA-Z0-9]{24}", call.id)
    assert p.value["id"] == call.id
    assert toolwire.decode_all(p.value, "openai.chat") == p.expected


def test_an_id_mistral_refuses_is_expected_mapped() -> None:
    # Mistral ids are exactly 9 alphanumerics
    calls = st.just(ToolCall("f", {"a": 1}, "call_abc"))
    p = find(tws.payloads("mistral", kind="items", min_calls=1, max_calls=1, calls=calls, expected=True),
             lambda p: True, settings=NO_SHRINK)
    assert re.fullmatch(r"[a-zA-Z0-9]{9}", p.expected[0].id)
    assert toolwire.decode_all(p.value, "mistral") == p.expected


@given(s=tws.streams("anthropic.messages", calls=tws.tool_calls("anthropic.messages", ids=False),
                     expected=True))
def test_an_idless_streamed_call_expects_the_id_anthropic_requires(s: Any) -> None:
    assert all(c.id is not None and re.fullmatch(r"[a-zA-Z0-9_-]+", c.id) for c in s.calls)
    assert accumulate(s.chunks, s.dialect) == s.calls


# -- 3. a Cohere reply's message content is a list of blocks ------------------------------


def test_a_cohere_reply_without_calls_has_content_blocks() -> None:
    # Cohere v2 chat response: ``message.content`` is a list of ``{"type": "text", "text"}``
    # items (cohere AssistantMessageResponse), never a string
    from toolwire.dialects.cohere.response import reply

    value = reply([], "It is sunny.", "COMPLETE")
    assert value["message"] == {"role": "assistant", "content": [{"type": "text", "text": "It is sunny."}]}
    assert response.normalize(value).text == "It is sunny."
    check = payload_checker("cohere.v2", "response")
    assert check is not None
    check(value)


_RESPONSE_CASES = [d for d in tws.WIRE_DIALECTS if payload_checker(d, "response") is not None
                   and d not in ("mcp", "canonical")]


@pytest.mark.parametrize("dialect", _RESPONSE_CASES)
@per_dialect
@given(data=st.data())
def test_replies_without_calls_are_what_the_sdk_reads(dialect: str, data: Any) -> None:
    check = payload_checker(dialect, "response")
    assert check is not None
    p = data.draw(tws.payloads(dialect, kind="response", min_calls=0, max_calls=0, expected=True))
    check(p.value)
    if dialect == "cohere.v2":
        content = p.value["message"]["content"]
        assert isinstance(content, list)
        assert response.normalize(p.value).text == "".join(b["text"] for b in content)


# -- 4. no id a decoder reads as absent ---------------------------------------------------


def test_the_id_null_is_never_drawn() -> None:
    # "null" is valid for this rule (and for Chat's, Cohere's, Ollama's...) but the Chat
    # decoder reads it as mistralai's placeholder for no id
    rule = IdRule(pattern=re.compile(r"nul+"), max_len=5, required=True, prefix="nul", length=1, alphabet="l")
    acme = dataclasses.replace(toolwire.get_dialect("canonical"), name="acme", aliases=(), ids=rule)
    assert rule.valid("null")
    with pytest.raises(NoSuchExample):
        find(tws.tool_calls(acme, ids=True), lambda c: c.id == "null", settings=NO_SHRINK)


# -- 5. corruptions corrupt ----------------------------------------------------------------

_STREAM = [{"type": "message_start"}, {"type": "content_block_delta", "delta": {"partial_json": "{\"a\": 1}"}},
           {"type": "message_stop"}]


@given(bad=tws.corrupted(st.just(_STREAM), kinds=["truncated"], max_steps=1))
def test_a_truncated_stream_stays_a_list(bad: Any) -> None:
    # it became the JSON text of the chunk list, cut (no stream reads that)
    assert type(bad) is list and bad != _STREAM


def test_a_truncated_stream_is_cut_short() -> None:
    find(tws.corrupted(st.just(_STREAM), kinds=["truncated"], max_steps=1),
         lambda v: type(v) is list and len(v) < len(_STREAM), settings=NO_SHRINK)


_ITEM = '{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}'


@given(bad=tws.corrupted(st.just(_ITEM), kinds=["double-encoded"], max_steps=1))
def test_double_encoding_json_text_changes_it(bad: Any) -> None:
    # the whole value's JSON text was the text given: unchanged
    assert bad != _ITEM


@given(bad=tws.corrupted(st.just(_ITEM.encode()), kinds=tws.CORRUPTIONS, max_steps=2))
def test_a_corrupted_body_of_bytes_stays_bytes(bad: Any) -> None:
    assert type(bad) is bytes and bad != _ITEM.encode()


def test_a_corruption_that_cannot_change_the_value_is_not_drawn() -> None:
    # ``missing-id`` of ``[]`` (no field to leave out) gave ``[]`` back
    with pytest.raises((NoSuchExample, Unsatisfiable)):
        find(tws.corrupted(st.just([]), kinds=["missing-id"]), lambda v: True, settings=NO_SHRINK)


@pytest.mark.parametrize("kind", tws.CORRUPTIONS)
@per_dialect
@given(data=st.data())
def test_every_corruption_changes_every_kind_of_payload(kind: str, data: Any) -> None:
    p = data.draw(tws.payloads(kind=tws.KINDS, min_calls=0, text=True, expected=True))
    before = json.dumps(p.value) if not isinstance(p.value, bytes) else p.value
    bad = data.draw(tws.corrupted(st.just(p), kinds=[kind], max_steps=1))
    assert (json.dumps(p.value) if not isinstance(p.value, bytes) else p.value) == before  # a copy was corrupted
    assert not (bad == p.value and type(bad) is type(p.value))


# -- 6. Responses output function_call items carry id and status ---------------------------


@given(p=tws.payloads("openai.responses", kind="response", expected=True))
def test_responses_output_calls_have_an_item_id_and_status(p: Any) -> None:
    # recorded (corpus openai-responses/pai-gpt-4o-parallel-same-tool.json) and in the API
    # reference: {"type": "function_call", "id": "fc_…", "call_id", "name", "arguments",
    # "status": "completed"}
    calls = [i for i in p.value["output"] if i["type"] == "function_call"]
    assert len(calls) == len(p.expected)
    for item in calls:
        assert item["id"].startswith("fc_") and item["status"] == "completed"
    assert toolwire.decode_all(p.value, "openai.responses") == p.expected


# -- 7. each dialect's SSE framing ---------------------------------------------------------


@pytest.mark.parametrize("dialect", ["anthropic.messages", "openai.responses", "cohere.v2"])
@given(data=st.data())
@settings(max_examples=10)
def test_event_typed_streams_name_each_event(dialect: str, data: Any) -> None:
    # Anthropic: "event: message_start\ndata: {"type": "message_start", ...}"; Responses:
    # "event: response.created\ndata: {...}"; Cohere v2 the same: no "data: [DONE]"
    s = data.draw(tws.streams(dialect, transport="sse", expected=True))
    for chunk in s.chunks:
        m = re.fullmatch(r"event: ([^\n]+)\ndata: ([^\n]+)\n\n", chunk)
        assert m is not None, chunk
        assert json.loads(m.group(2))["type"] == m.group(1)
    assert accumulate(s.chunks, dialect) == s.calls
    assert accumulate(s.chunks) == s.calls


@pytest.mark.parametrize("dialect", ["openai.chat", "mistral"])
@given(data=st.data())
@settings(max_examples=10)
def test_chat_completion_streams_end_with_done(dialect: str, data: Any) -> None:
    s = data.draw(tws.streams(dialect, transport="sse", expected=True))
    assert s.chunks[-1] == "data: [DONE]\n\n"
    assert all(c.startswith("data: {") and c.endswith("}\n\n") for c in s.chunks[:-1])


@given(s=tws.streams("gemini", transport="sse", expected=True))
@settings(max_examples=10)
def test_gemini_streams_are_data_lines_alone(s: Any) -> None:
    # streamGenerateContent?alt=sse: "data: {GenerateContentResponse}" lines, no sentinel
    assert all(c.startswith("data: {") and c.endswith("}\n\n") for c in s.chunks)


# -- 8. knobs checked when a strategy is built ---------------------------------------------


@pytest.mark.parametrize(("make", "error", "message"), [
    (lambda: tws.payloads("text.hermes"), ValueError,
     r"^dialect text\.hermes is a text format \(model output text, not a wire payload\); wire dialects: anthropic"),
    (lambda: tws.streams(["openai.chat", "text.hermes"]), ValueError,
     r"^dialect text\.hermes has no stream encoder; streaming dialects: "),
    (lambda: tws.payloads(kind=[]), ValueError,
     r"^payloads needs at least one kind; kinds: item, items, message, response, tool, result$"),
    (lambda: tws.payloads(5), TypeError, r"^dialect must be a dialect id, a Dialect or a list of them, got 5$"),
    # the value strategies gave UnknownDialectError, and streams checked nothing of its own
    (lambda: tws.streams(5), TypeError, r"^dialect must be a dialect id, a Dialect or a list of them, got 5$"),
    (lambda: tws.payloads({"gemini": 1}), TypeError, r"^dialect must be a dialect id, a Dialect or a list of them"),
    (lambda: tws.tool_calls(dialect=5), TypeError, r"^dialect must be a dialect id, a Dialect or None, got 5$"),
    (lambda: tws.tools(5), TypeError, r"^dialect must be a dialect id, a Dialect or None, got 5$"),
    (lambda: tws.tool_results(["gemini"]), TypeError,
     r"^dialect must be a dialect id, a Dialect or None, got \['gemini'\]$"),
    (lambda: tws.payloads("nope"), toolwire.UnknownDialectError, r"nope"),
    (lambda: tws.streams("nope"), toolwire.UnknownDialectError, r"nope"),
    (lambda: tws.tool_calls("nope"), toolwire.UnknownDialectError, r"nope"),
    (lambda: tws.payloads(min_calls="1"), TypeError, r"^min_calls must be an int, got '1'$"),
    (lambda: tws.payloads(min_calls=1.5, max_calls=3), TypeError, r"^min_calls must be an int, got 1\.5$"),
    (lambda: tws.streams(min_calls="a"), TypeError, r"^min_calls must be an int, got 'a'$"),
    (lambda: tws.payloads(text="no"), TypeError, r"^text must be True or False, got 'no'$"),
    (lambda: tws.payloads(calls=ToolCall("f", {}, "call_1")), TypeError,
     r"^calls must be a hypothesis strategy \(st\.just\(\.\.\.\) for one value\), got ToolCall"),
    (lambda: tws.corrupted(tws.payloads(), max_steps=0), ValueError, r"^max_steps must be 1 or more, got 0$"),
    (lambda: tws.corrupted(tws.payloads(), max_steps=-3), ValueError, r"^max_steps must be 1 or more, got -3$"),
    (lambda: tws.corrupted(tws.payloads(), max_steps="2"), TypeError, r"^max_steps must be an int, got '2'$"),
    (lambda: tws.tool_calls(ids="no"), TypeError, r"^ids must be True, False or None, got 'no'$"),
    (lambda: tws.tool_calls(names="f"), TypeError, r"^names must be a hypothesis strategy"),
    (lambda: tws.json_values(max_leaves=0), ValueError, r"^max_leaves must be 1 or more, got 0$"),
    (lambda: tws.arguments(max_keys=-1), ValueError, r"^max_keys must be 0 or more, got -1$"),
    (lambda: tws.conversations(max_rounds=0), ValueError, r"^max_rounds must be 1 or more, got 0$"),
    (lambda: tws.conversations(ids="x"), TypeError, r"^ids must be True, False or None, got 'x'$"),
])
def test_bad_knobs_are_refused_when_the_strategy_is_built(make: Any, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        make()


ACME = dataclasses.replace(toolwire.get_dialect("gemini"), name="acme.gemini", aliases=())  # registered nowhere


@given(data=st.data())
@settings(max_examples=10)
def test_payloads_and_streams_take_a_dialect_record_as_the_value_strategies_do(data: Any) -> None:
    # tool_calls(dialect=Dialect) was taken; payloads and streams said "must be a string"
    p = data.draw(tws.payloads(ACME, kind=["items", "message"], expected=True))
    s = data.draw(tws.streams([ACME], transport="dict", expected=True))
    assert (p.dialect, s.dialect) == ("acme.gemini", "acme.gemini")
    assert toolwire.decode_all(p.value, ACME) == p.expected
    assert accumulate(s.chunks, ACME) == s.calls


def test_one_corruption_may_be_named_alone() -> None:
    # kinds="empty" was read as the corruptions 'e', 'm', ...: "unknown corruption 'e'"
    find(tws.corrupted(st.just({"id": "x"}), kinds="missing-id"), lambda v: v == {}, settings=NO_SHRINK)


# -- 9. reprs ------------------------------------------------------------------------------


def test_strategy_reprs_are_short() -> None:
    # each held a _Plan with its whole Dialect record: 60-130 kB, and hypothesis warned
    # ("Generating overly large repr") when a test failed or a health check ran
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for s in (tws.payloads(), tws.streams(), tws.corrupted(tws.payloads())):
            assert len(repr(s)) < 3000
    assert "_Plan('openai.chat')" in repr(tws.payloads("openai.chat"))
