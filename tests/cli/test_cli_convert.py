"""``toolwire convert`` (calls, tool definitions, tool results), ``detect`` and ``dialects``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import toolwire
from toolwire.cli import EXIT_OK

PAYLOADS = Path(__file__).resolve().parents[2] / "examples" / "payloads"

CHAT_CALL = {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'}}
CHAT_TOOL = {"type": "function", "function": {"name": "get_weather", "description": "Weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}
CHAT_RESULT = {"role": "tool", "tool_call_id": "call_1", "content": "18 C"}


def jsonl(*records: object) -> bytes:
    return b"".join(json.dumps(r).encode() + b"\n" for r in records)


@pytest.mark.parametrize("target", ["anthropic.messages", "gemini", "bedrock.converse", "openai.responses", "mistral", "canonical"])
def test_convert_matches_the_library(cli, target: str) -> None:
    from toolwire._convert import convert
    from toolwire._names import NameMap

    d = toolwire.get_dialect(target)
    ids, names = toolwire.IdMap(d.ids, dialect=d.name), NameMap(d.names, dialect=d.name)
    expected = [json.loads(json.dumps(convert(x, d, ids=ids, names=names))) for x in (CHAT_CALL, CHAT_TOOL, CHAT_RESULT)]
    # the result takes its call's name (Gemini needs one) only within one conversation
    run = cli("convert", "--to", target, "--conversation", stdin=jsonl(CHAT_CALL, CHAT_TOOL, CHAT_RESULT))
    assert (run.code, run.err) == (EXIT_OK, "")
    assert run.lines == expected


def test_convert_call_tool_result_to_anthropic(cli) -> None:
    run = cli("convert", "-t", "anthropic", stdin=jsonl(CHAT_CALL, CHAT_TOOL, CHAT_RESULT))
    assert run.lines == [
        {"type": "tool_use", "id": "call_1", "name": "get_weather", "input": {"city": "Paris"}},
        {"name": "get_weather", "description": "Weather", "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}},
        {"type": "tool_result", "tool_use_id": "call_1", "content": "18 C"},
    ]


def test_convert_response_gives_a_list(cli) -> None:
    run = cli("convert", "--to", "openai.responses", str(PAYLOADS / "anthropic_message.json"))
    assert run.lines == [[{"type": "function_call", "call_id": "toolu_example01", "name": "get_weather", "arguments": '{"city":"Lisbon"}'}]]


def test_conversation_keeps_synthesized_ids_paired(cli) -> None:
    # Gemini calls and responses carry no ids; OpenAI Chat needs them, paired
    call = {"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}
    result = {"functionResponse": {"name": "get_weather", "response": {"temp": 18}}}
    run = cli("convert", "--to", "openai.chat", "--conversation", stdin=jsonl(call, result))
    assert run.code == EXIT_OK, run.err
    out_call, out_result = run.lines
    assert out_call["id"] and out_result["tool_call_id"] == out_call["id"]
    # without --conversation each record stands alone: the result cannot be paired
    alone = cli("convert", "--to", "openai.chat", stdin=jsonl(call, result))
    assert alone.code == 3
    assert alone.lines == [out_call]
    assert alone.err_lines == ["toolwire: line 2: An openai.chat tool result needs the id of its call; this result has none"]


def test_convert_forced_source_dialect(cli) -> None:
    run = cli("convert", "--to", "canonical", "--dialect", "openai.chat", stdin=jsonl(CHAT_CALL))
    assert run.lines == [{"name": "get_weather", "args": {"city": "Paris"}, "id": "call_1"}]


def test_convert_item_without_calls_gives_no_calls(cli) -> None:
    text_block = {"type": "text", "text": "hi"}  # as ``toolwire decode`` reads it (docs/cli.md "Input")
    run = cli("convert", "--to", "gemini", stdin=jsonl(CHAT_CALL, text_block))
    assert (run.code, run.err) == (EXIT_OK, "")
    assert run.lines[1] == []


def test_convert_unreadable_record_fails_with_line(cli) -> None:
    run = cli("convert", "--to", "gemini", stdin=jsonl(CHAT_CALL, {"foo": 1}))
    assert run.code == 3
    assert run.err_lines == ["toolwire: line 2: Input at $ matches no known dialect: {'foo': 1}"]


def test_detect_every_payload_names_its_dialect(cli) -> None:
    expected = {
        "anthropic_message.json": "anthropic.messages",
        "bedrock_converse_response.json": "bedrock.converse",
        "gemini_response.json": "gemini",
        "openai_chat_response.json": "openai.chat",
        "openai_responses_response.json": "openai.responses",
        "mistral_response.json": "mistral",
        "cohere_v2_response.json": "cohere.v2",
        "ollama_chat_response.json": "ollama",
        "mcp_tools_call.json": "mcp",
    }
    for name, dialect in expected.items():
        run = cli("detect", str(PAYLOADS / name))
        assert run.code == EXIT_OK
        (line,) = run.lines
        assert line["dialect"] == dialect, name
        assert line == dict(zip(("dialect", "kind", "reason"), toolwire.explain(json.loads((PAYLOADS / name).read_text()))))


def test_detect_kinds_and_reason(cli) -> None:
    run = cli("detect", stdin=jsonl(CHAT_CALL, CHAT_TOOL, CHAT_RESULT))
    assert [(r["dialect"], r["kind"]) for r in run.lines] == [("openai.chat", "call"), ("openai.chat", "tool"), ("openai.chat", "result")]
    assert all(r["reason"] for r in run.lines)


def test_detect_unknown_shape_fails(cli) -> None:
    run = cli("detect", "-k", stdin=jsonl({"what": 1}, CHAT_CALL))
    assert run.code == 1
    assert run.err_lines[0] == "toolwire: line 1: Input at $ matches no known dialect: {'what': 1}"
    assert run.lines[0] == {"error": "Input at $ matches no known dialect: {'what': 1}", "line": 1}  # #15
    assert len(run.lines) == 2


def test_dialects_lists_registry_and_text_formats(cli) -> None:
    run = cli("dialects")
    assert run.code == EXIT_OK
    names = [line.split("\t")[0] for line in run.out.decode().splitlines()]
    assert names[: len(toolwire.dialect_names())] == toolwire.dialect_names()
    assert "text.hermes" in names
    assert "openai.chat\tOpenAI Chat Completions (and OpenAI-compatible servers) (aliases: openai, chat)" in run.out.decode()


def test_dialects_json(cli) -> None:
    rows = cli("dialects", "--json").lines
    chat = next(r for r in rows if r["name"] == "openai.chat")
    assert chat == {"name": "openai.chat", "kind": "api", "aliases": ["openai", "chat"],
                    "description": "OpenAI Chat Completions (and OpenAI-compatible servers)"}
    assert {r["kind"] for r in rows} == {"api", "text"}


# ---- CLI bug hunt (h14): text formats in convert, lists of calls with --conversation -------

# a Responses function_call item (https://platform.openai.com/docs/guides/function-calling)
# and an Anthropic tool_use block: call lists, not lists of messages
RESP_CALLS = [{"type": "function_call", "call_id": "call_1", "name": "f", "arguments": "{}"}]
ANTH_CALLS = [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]


@pytest.mark.parametrize("records", [(RESP_CALLS,), (ANTH_CALLS,), (RESP_CALLS, ANTH_CALLS)], ids=["responses", "anthropic", "both"])
def test_a_list_of_calls_stays_a_list_of_calls_with_conversation(cli, records: tuple) -> None:
    run = cli("convert", "--to", "openai", "--conversation", stdin=jsonl(*records))
    assert (run.code, run.err) == (EXIT_OK, "")
    for line, record in zip(run.lines, records):
        [item] = line
        cid = record[0].get("call_id") or record[0]["id"]
        # a Chat tool_calls item: {"id", "type": "function", "function": {"name", "arguments"}}
        assert item == {"id": cid, "type": "function", "function": {"name": "f", "arguments": "{}"}}


@pytest.mark.parametrize("argv", [("--to", "openai", "--dialect", "text.hermes"), ("--to", "text.hermes")])
def test_a_text_format_in_convert_is_bad_usage_before_any_input(cli, argv: tuple) -> None:
    run = cli("convert", *argv, stdin=b'{"name": "f", "args": {}, "id": "x"}\n')
    assert (run.code, run.out) == (2, b"")
    assert run.err_lines == ["toolwire: text.hermes is a text format: convert reads and writes API dialects "
                             "(decode --dialect text.hermes reads model output text)"]
