"""``toolwire decode``: JSON and JSONL in, canonical calls out, from files and stdin."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolwire.cli import EXIT_OK

PAYLOADS = Path(__file__).resolve().parents[2] / "examples" / "payloads"

WEATHER = {"name": "get_weather", "args": {"city": "Lisbon"}}

# every bundled single-document payload and the calls it must decode to
EXPECTED = {
    "anthropic_message.json": [dict(WEATHER, id="toolu_example01")],
    "bedrock_converse_response.json": [dict(WEATHER, id="tooluse_example01")],
    "gemini_response.json": [dict(WEATHER, id=None)],
    "openai_chat_response.json": [
        {"name": "get_weather", "args": {"city": "Lisbon", "unit": "celsius"}, "id": "call_weather01"},
        {"name": "get_time", "args": {}, "id": "call_clock0002"},
    ],
    "openai_responses_response.json": [dict(WEATHER, id="call_weather01")],
    "mistral_response.json": [dict(WEATHER, id="Wx7Lisb0n")],
    "cohere_v2_response.json": [dict(WEATHER, id="get_weather_x1y2z3")],
    "ollama_chat_response.json": [dict(WEATHER, id=None)],
    "mcp_tools_call.json": [dict(WEATHER, id="7")],
}

CHAT = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}
RESP = {"type": "function_call", "call_id": "call_2", "name": "g", "arguments": "{}"}


def jsonl(*records: object) -> bytes:
    return b"".join(json.dumps(r).encode() + b"\n" for r in records)


def test_every_json_payload_is_covered() -> None:
    assert sorted(p.name for p in PAYLOADS.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_decode_bundled_payload(cli, name: str) -> None:
    run = cli("decode", str(PAYLOADS / name))
    assert (run.code, run.err) == (EXIT_OK, "")
    assert run.lines == [EXPECTED[name]]


def test_jsonl_one_output_line_per_record(cli) -> None:
    run = cli("decode", str(PAYLOADS / "calls.jsonl"))
    assert run.code == EXIT_OK
    assert run.lines == [
        [{"name": "get_weather", "args": {"city": "Lisbon"}, "id": "call_a"}],
        [{"name": "get_time", "args": {}, "id": "call_b"}],
        [{"name": "search", "args": {"q": "toolwire"}, "id": None}],
    ]


def test_stdin_is_the_default_and_dash(cli) -> None:
    data = jsonl(CHAT, RESP)
    a, b = cli("decode", stdin=data), cli("decode", "-", stdin=data)
    assert a == b
    assert a.lines == [[{"name": "f", "args": {"a": 1}, "id": "call_1"}], [{"name": "g", "args": {}, "id": "call_2"}]]


def test_pretty_printed_document_is_one_record(cli) -> None:
    doc = {"role": "assistant", "content": None, "tool_calls": [CHAT, dict(CHAT, id="call_3")]}
    run = cli("decode", stdin=json.dumps(doc, indent=2).encode())
    assert run.code == EXIT_OK
    assert run.lines == [[{"name": "f", "args": {"a": 1}, "id": "call_1"}, {"name": "f", "args": {"a": 1}, "id": "call_3"}]]


def test_pretty_printed_list_is_one_record(cli) -> None:
    run = cli("decode", stdin=json.dumps([CHAT], indent=1).encode())
    assert run.lines == [[{"name": "f", "args": {"a": 1}, "id": "call_1"}]]


def test_single_line_document(cli) -> None:
    assert cli("decode", stdin=json.dumps(CHAT).encode()).lines == [[{"name": "f", "args": {"a": 1}, "id": "call_1"}]]


def test_blank_lines_crlf_and_bom(cli) -> None:
    data = b"\xef\xbb\xbf\r\n" + json.dumps(CHAT).encode() + b"\r\n\r\n   \n" + json.dumps(RESP).encode()
    run = cli("decode", stdin=data)
    assert run.code == EXIT_OK
    assert [r[0]["id"] for r in run.lines] == ["call_1", "call_2"]


BOM = b"\xef\xbb\xbf"  # U+FEFF in UTF-8
NOT_FIRST = "only the first character of the input may be one (RFC 8259 §8.1)"


@pytest.mark.parametrize(
    ("data", "line", "where"),
    [
        (BOM + jsonl(CHAT) + BOM + jsonl(RESP), 2, "line 1 column 1"),  # two files concatenated
        (b"\n" + BOM + jsonl(CHAT), 2, "line 1 column 1"),  # a blank line before it
        (b" " + BOM + jsonl(CHAT), 1, "line 1 column 2"),  # after white space
        (jsonl(CHAT)[:-1] + BOM + b"\n", 1, f"line 1 column {len(json.dumps(CHAT)) + 1}"),  # after the value
    ],
    ids=["second-file", "after-blank-line", "after-space", "trailing"],
)
def test_a_bom_not_first_in_the_input_is_a_named_error(cli, data: bytes, line: int, where: str) -> None:
    # JSON Lines allows no BOM; RFC 8259 §8.1 lets a parser ignore one at the start only
    run = cli("decode", "-k", stdin=data)
    why = f"not JSON (a byte order mark (U+FEFF) at {where}: {NOT_FIRST})"
    assert f"toolwire: line {line}: {why}" in run.err_lines
    assert {"error": why, "line": line} in run.lines


def test_a_bom_inside_a_document_is_a_named_error(cli) -> None:
    run = cli("decode", stdin=BOM + b'{"id": "call_1",\n' + BOM + b'"type": "function"}\n')
    assert run.err_lines == [
        f"toolwire: input is neither JSON nor JSONL: not JSON (a byte order mark (U+FEFF) at line 2 column 1: {NOT_FIRST})"
    ]


def test_a_bom_in_a_string_is_data(cli) -> None:
    call = {"name": "f", "args": {"s": "\ufeffx"}, "id": "c"}
    run = cli("decode", stdin=BOM + json.dumps(call, ensure_ascii=False).encode() + b"\n")
    assert run.lines == [[call]]


def test_empty_input_gives_no_output(cli) -> None:
    assert cli("decode", stdin=b"\n \n") == (EXIT_OK, b"", "")


def test_vague_records_give_empty_lists(cli) -> None:
    run = cli("decode", stdin=b'null\n""\n[]\n{}\n"null"\n')
    assert run.lines == [[], [], [], [], []]


def test_forced_dialect(cli) -> None:
    run = cli("decode", "--dialect", "openai.responses", stdin=jsonl(RESP))
    assert run.lines == [[{"name": "g", "args": {}, "id": "call_2"}]]


def test_forced_dialect_rejects_other_shapes_with_line_number(cli) -> None:
    run = cli("decode", "--dialect", "anthropic", stdin=jsonl(CHAT))
    assert run.code == 3
    assert run.err.startswith(
        "toolwire: line 1: Input at $ is not an anthropic.messages payload: it looks like openai.chat ("
    )
    assert len(run.err_lines) == 1


def test_invalid_arguments_are_kept_beside_their_siblings(cli) -> None:
    msg = {"role": "assistant", "tool_calls": [CHAT, {"id": "call_x", "type": "function", "function": {"name": "h", "arguments": "[1, 2]"}}]}
    run = cli("decode", stdin=jsonl(msg))
    assert run.code == EXIT_OK
    ok, bad = run.lines[0]
    assert ok == {"name": "f", "args": {"a": 1}, "id": "call_1"}
    assert (bad["name"], bad["id"], bad["raw"]) == ("h", "call_x", "[1, 2]")
    assert "not an object" in bad["invalid"]


def test_audit_shows_repairs(cli) -> None:
    fenced = {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "```json\n{\"a\": 1}\n```"}}
    plain = cli("decode", stdin=jsonl(fenced)).lines[0][0]
    audited = cli("decode", "--audit", stdin=jsonl(fenced)).lines[0][0]
    assert plain == {"name": "f", "args": {"a": 1}, "id": "c1"}
    assert audited == {"name": "f", "args": {"a": 1}, "id": "c1", "repairs": ["code-fence"], "server": False}


def test_server_calls_only_with_server(cli) -> None:
    msg = {
        "id": "msg_1", "type": "message", "role": "assistant", "stop_reason": "tool_use",
        "content": [
            {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {"query": "x"}},
            {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}},
        ],
    }
    assert [c["id"] for c in cli("decode", stdin=jsonl(msg)).lines[0]] == ["toolu_1"]
    assert [c["id"] for c in cli("decode", "--server", stdin=jsonl(msg)).lines[0]] == ["srvtoolu_1", "toolu_1"]


def test_text_dialect_reads_model_output_strings(cli) -> None:
    text = 'Sure.<tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call>'
    run = cli("decode", "--dialect", "text.hermes", stdin=jsonl(text, "no calls here"))
    assert run.code == EXIT_OK
    assert run.lines == [[{"name": "f", "args": {"a": 1}, "id": None}], []]


def test_non_ascii_is_written_as_utf8(cli) -> None:
    call = {"name": "météo", "args": {"ville": "São Paulo ☀"}, "id": None}
    run = cli("decode", stdin=json.dumps(call, ensure_ascii=True).encode())
    assert "São Paulo ☀".encode() in run.out
    assert run.lines == [[call]]


def test_a_lone_surrogate_in_arguments_is_an_invalid_call(cli) -> None:
    # it was printed as a runnable call (README: refused, as in argument text)
    why = "Arguments at $.args hold a lone UTF-16 surrogate, which no UTF-8 text can carry: '\\ud800'"
    run = cli("decode", stdin=b'{"name": "f", "args": {"s": "\\ud800"}, "id": null}\n')
    assert (run.code, run.lines) == (EXIT_OK, [[{"name": "f", "id": None, "invalid": why, "raw": None}]])
    run = cli("decode", stdin=b'{"name": "f", "args": "{\\"s\\": \\"\\\\ud800\\"}", "id": null}\n')
    assert (run.code, run.lines) == (EXIT_OK, [[{"name": "f", "id": None, "invalid": why, "raw": '{"s": "\\ud800"}'}]])


def test_large_file_is_streamed(tmp_path: Path, cli) -> None:
    path = tmp_path / "many.jsonl"
    with path.open("wb") as fh:
        for i in range(3000):
            fh.write(json.dumps(dict(CHAT, id=f"call_{i}")).encode() + b"\n")
    run = cli("decode", str(path))
    assert run.code == EXIT_OK
    lines = run.lines
    assert len(lines) == 3000
    assert lines[-1] == [{"name": "f", "args": {"a": 1}, "id": "call_2999"}]


def test_text_dialect_reads_null_as_no_calls(cli) -> None:
    # jq '.choices[0].message.content' gives null for a reply that only calls tools
    run = cli("decode", "--dialect", "text.hermes", stdin=b'null\n""\n')
    assert (run.code, run.err, run.lines) == (EXIT_OK, "", [[], []])


def test_a_call_that_reads_like_a_definition_is_not_dropped(cli) -> None:
    # ``{"name": "get_time"}``: a call without arguments, or a Gemini declaration; before,
    # ``[]`` (and the second record gave ``f`` alone)
    run = cli("decode", stdin=jsonl([{"name": "get_time"}], [{"name": "get_time"}, {"name": "f", "args": {}}]))
    assert run.code == EXIT_OK
    first, second = run.lines
    assert [(c["name"], c["invalid"].startswith("Input at $[0] is a gemini tool definition")) for c in first] == [
        ("get_time", True)]
    assert [c["name"] for c in second] == ["get_time", "f"] and "invalid" in second[0]
