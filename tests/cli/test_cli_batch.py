"""Batch result files (OpenAI Batch API output, Anthropic Message Batches results)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolwire.cli import EXIT_FAILED, EXIT_OK, EXIT_SOME_FAILED
from toolwire.dialects.anthropic.batch import KIND as ANTHROPIC
from toolwire.dialects.batch_files import open_envelope
from toolwire.dialects.openai.batch import KIND as OPENAI

PAYLOADS = Path(__file__).resolve().parents[2] / "examples" / "payloads"

CHAT_BODY = {
    "id": "chatcmpl-1", "object": "chat.completion", "model": "m",
    "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}]}}],
}


def openai_line(custom_id: str, body: object = CHAT_BODY, status: int = 200, error: object = None) -> dict:
    return {"id": "batch_req_1", "custom_id": custom_id, "response": {"status_code": status, "request_id": "r", "body": body}, "error": error}


def test_openai_batch_output_file(cli) -> None:
    run = cli("decode", str(PAYLOADS / "openai_batch_output.jsonl"))
    assert (run.code, run.err) == (EXIT_OK, "")
    assert run.lines == [
        {"custom_id": "weather-lisbon", "calls": [{"name": "get_weather", "args": {"city": "Lisbon"}, "id": "call_batch0001"}]},
        {"custom_id": "weather-porto", "calls": [{"name": "get_weather", "args": {"city": "Porto"}, "id": "call_batch0002"}]},
        {"custom_id": "greeting", "calls": []},
        {"custom_id": "too-long", "error": "HTTP 400: context_length_exceeded: This model's maximum context length was exceeded."},
    ]


def test_anthropic_batch_results_file(cli) -> None:
    run = cli("decode", str(PAYLOADS / "anthropic_batch_results.jsonl"))
    assert (run.code, run.err) == (EXIT_OK, "")
    assert run.lines == [
        {"custom_id": "weather-lisbon", "calls": [{"name": "get_weather", "args": {"city": "Lisbon"}, "id": "toolu_batch01"}]},
        {"custom_id": "greeting", "calls": []},
        {"custom_id": "bad-request", "error": "errored: invalid_request_error: max_tokens: field required"},
        {"custom_id": "late", "error": "expired: the request was not processed"},
    ]


def test_convert_batch_keeps_custom_id(cli) -> None:
    run = cli("convert", "--to", "anthropic.messages", str(PAYLOADS / "openai_batch_output.jsonl"))
    assert run.code == EXIT_OK
    first = run.lines[0]
    assert first == {"custom_id": "weather-lisbon", "items": [{"type": "tool_use", "id": "call_batch0001", "name": "get_weather", "input": {"city": "Lisbon"}}]}
    assert run.lines[3] == {"custom_id": "too-long", "error": "HTTP 400: context_length_exceeded: This model's maximum context length was exceeded."}


def test_detect_batch_names_file_and_body(cli) -> None:
    lines = cli("detect", str(PAYLOADS / "openai_batch_output.jsonl")).lines
    assert [(r["custom_id"], r["batch"], r.get("dialect")) for r in lines] == [
        ("weather-lisbon", OPENAI, "openai.chat"),
        ("weather-porto", OPENAI, "openai.responses"),
        ("greeting", OPENAI, "openai.chat"),
        ("too-long", OPENAI, None),
    ]
    lines = cli("detect", str(PAYLOADS / "anthropic_batch_results.jsonl")).lines
    assert lines[0]["dialect"] == "anthropic.messages"
    assert {r["batch"] for r in lines} == {ANTHROPIC}


def test_bad_body_is_reported_with_line_and_custom_id(cli) -> None:
    data = (json.dumps(openai_line("ok")) + "\n" + json.dumps(openai_line("weird", body={"nothing": "here"})) + "\n").encode()
    run = cli("decode", stdin=data)
    assert run.code == EXIT_FAILED
    assert run.err_lines == ["toolwire: line 2: custom_id 'weird': Input at $ matches no known dialect: {'nothing': 'here'}"]
    run = cli("decode", "-k", stdin=data + data)
    assert run.code == EXIT_SOME_FAILED
    assert [e[:25] for e in run.err_lines] == ["toolwire: line 2: custom_", "toolwire: line 4: custom_", "toolwire: 2 of 4 records "]


@pytest.mark.parametrize(
    ("line", "error"),
    [
        (openai_line("a", status=500, body={"error": {"message": "oops", "type": "server_error"}}), "HTTP 500: server_error: oops"),
        ({"id": "b", "custom_id": "a", "response": None, "error": {"code": "batch_expired", "message": "Not run"}}, "batch_expired: Not run"),
        ({"id": "b", "custom_id": "a", "response": None, "error": None}, "the line has neither a response nor an error"),
        (openai_line("a", body=None), "the response has no body"),
        ({"custom_id": "a", "result": {"type": "canceled"}}, "canceled: the request was not processed"),
        ({"custom_id": "a", "result": {"type": "errored", "error": {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}}}, "errored: overloaded_error: Overloaded"),
        ({"custom_id": "a", "result": {"type": "errored", "error": None}}, "errored: no details"),
        ({"custom_id": "a", "result": {"type": "succeeded"}}, "succeeded without a message"),
    ],
)
def test_envelope_errors(line: dict, error: str) -> None:
    env = open_envelope(line)
    assert env is not None
    assert (env.custom_id, env.body, env.error) == ("a", None, error)


@pytest.mark.parametrize(
    "value",
    [None, [], "custom_id", {"custom_id": "x"}, {"custom_id": "x", "result": {"type": "weird"}}, {"name": "f", "args": {}}],
)
def test_not_envelopes(value: object) -> None:
    assert open_envelope(value) is None


def test_envelope_success_and_numeric_custom_id() -> None:
    env = open_envelope(openai_line("c1"))
    assert env is not None and (env.kind, env.custom_id, env.body, env.error) == (OPENAI, "c1", CHAT_BODY, None)
    env = open_envelope({"custom_id": 12, "result": {"type": "succeeded", "message": {"x": 1}}})
    assert env is not None and (env.kind, env.custom_id, env.body) == (ANTHROPIC, "12", {"x": 1})
