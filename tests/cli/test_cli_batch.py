"""Batch result files (OpenAI Batch API output, Anthropic Message Batches results)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import toolwire
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
    assert run.err_lines == ["toolwire: line 2: custom_id 'weird': Input at $.response.body matches no known dialect: {'nothing': 'here'}"]
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
    with pytest.raises(toolwire.DecodeError, match=r"^Batch line custom_id at \$\.custom_id must be a string, got an int: 12$"):
        open_envelope({"custom_id": 12, "result": {"type": "succeeded", "message": {"x": 1}}})


# ---- CLI bug hunt (h14): foreign lines, empty bodies, custom_id, paths, JSON arrays ---------

# https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/batch: the
# input line is {"custom_id", "request"}; the job adds the columns "response" (JSON) and
# "status". Not the OpenAI line (whose "response" holds "status_code" and "body").
VERTEX_CLAUDE = {
    "custom_id": "request-1",
    "request": {"messages": [{"role": "user", "content": "Weather in Lisbon?"}],
                "anthropic_version": "vertex-2023-10-16", "max_tokens": 50},
    "response": {"id": "msg_vrtx_01", "type": "message", "role": "assistant",
                 "content": [{"type": "tool_use", "id": "toolu_vrtx_01", "name": "get_weather", "input": {"city": "Lisbon"}}],
                 "stop_reason": "tool_use", "usage": {"input_tokens": 10, "output_tokens": 10}},
    "status": "",
}


@pytest.mark.parametrize(
    "line",
    [
        VERTEX_CLAUDE,
        {"custom_id": "x", "response": CHAT_BODY},  # a log of {"custom_id", <the reply>}
        {"custom_id": "x", "response": "some text"},
        {"custom_id": "x", "response": None},  # no "error" beside it
    ],
    ids=["vertex-claude", "reply-as-response", "text-response", "null-response-alone"],
)
def test_a_line_not_of_the_openai_shape_is_not_opened(line: dict) -> None:
    assert open_envelope(line) is None


def test_a_foreign_custom_id_line_fails_loudly(cli) -> None:
    run = cli("decode", stdin=json.dumps(VERTEX_CLAUDE).encode() + b"\n")
    assert run.code == EXIT_FAILED
    assert run.out == b""
    assert run.err_lines[0].startswith("toolwire: line 1: custom_id 'request-1': Input at $ matches no known dialect")
    run = cli("detect", stdin=json.dumps(VERTEX_CLAUDE).encode() + b"\n")
    assert run.code == EXIT_FAILED


# the OpenAI body is a Chat Completion or a Responses response; the Anthropic
# MessageBatchSucceededResult.message is a Message: never {}, "" or []
@pytest.mark.parametrize("body", [None, {}, "", "   ", [], "null"], ids=repr)
def test_an_empty_body_is_no_body(body: object) -> None:
    env = open_envelope(openai_line("a", body=body))
    assert env is not None and (env.body, env.error) == (None, "the response has no body")
    env = open_envelope({"custom_id": "a", "result": {"type": "succeeded", "message": body}})
    assert env is not None and (env.body, env.error) == (None, "succeeded without a message")


def test_an_empty_body_is_reported_not_decoded_as_no_calls(cli) -> None:
    data = b"".join(json.dumps(line).encode() + b"\n" for line in (
        openai_line("x1", body={}), {"custom_id": "x4", "result": {"type": "succeeded", "message": {}}}))
    run = cli("decode", stdin=data)
    assert (run.code, run.lines) == (EXIT_OK, [
        {"custom_id": "x1", "error": "the response has no body"},
        {"custom_id": "x4", "error": "succeeded without a message"},
    ])


MESSAGE = {"type": "message", "role": "assistant", "stop_reason": "tool_use",
           "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]}


def test_a_numeric_custom_id_is_the_line_s_error(cli) -> None:
    data = (json.dumps({"custom_id": 7, "result": {"type": "succeeded", "message": MESSAGE}}) + "\n"
            + json.dumps({"custom_id": 8, "result": {"type": "succeeded", "message": "oops"}}) + "\n").encode()
    run = cli("decode", "-k", stdin=data)
    # a custom_id is a string in every batch API: another value is the line's error, never made text
    assert run.err_lines[0] == "toolwire: line 1: Batch line custom_id at $.custom_id must be a string, got an int: 7"
    assert run.err_lines[1] == "toolwire: line 2: Batch line custom_id at $.custom_id must be a string, got an int: 8"


def test_paths_of_a_batch_line_start_at_the_line(cli) -> None:
    cut = dict(CHAT_BODY, choices=[{"index": 0, "finish_reason": "length", "message": {"role": "assistant", "content": None,
               "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": '}}]}}])
    data = (json.dumps(openai_line("cut", body=cut)) + "\n" + json.dumps(openai_line("text", body="oops")) + "\n").encode()
    run = cli("decode", "-k", stdin=data)
    [invalid] = run.lines[0]["calls"]
    assert invalid["invalid"].startswith(
        "Arguments at $.response.body.choices[0].message.tool_calls[0].function.arguments ")
    assert run.err_lines[0].startswith("toolwire: line 2: custom_id 'text': Input at $.response.body is text but not JSON")


def test_envelopes_say_where_their_body_is() -> None:
    env = open_envelope(openai_line("a"))
    assert env is not None and env.loc == "$.response.body"
    env = open_envelope({"custom_id": "a", "result": {"type": "succeeded", "message": MESSAGE}})
    assert env is not None and env.loc == "$.result.message"


@pytest.mark.parametrize("command", [("decode",), ("convert", "--to", "gemini"), ("detect",)])
def test_a_json_array_of_batch_lines_is_a_failed_record(cli, command: tuple) -> None:
    rows = [json.loads(line) for line in (PAYLOADS / "anthropic_batch_results.jsonl").read_text().splitlines()]
    run = cli(*command, stdin=json.dumps(rows, indent=2).encode())
    assert (run.code, run.out) == (EXIT_FAILED, b"")
    assert run.err_lines == ["toolwire: line 1: Input at $ is a list of anthropic.batch result lines; "
                             "give them one per line (JSONL), e.g. with jq -c '.[]'"]
