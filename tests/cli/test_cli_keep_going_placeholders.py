"""#15 class 11: ``--keep-going`` keeps output line N answering input record N.

A failed record gets one placeholder line ``{"error": ..., "line": N}``; a binary file
is unreadable input (exit 2, as docs/cli.md gives), not a run of bad records.
"""

from __future__ import annotations

import json

import pytest

from toolwire.cli import EXIT_FAILED, EXIT_OK, EXIT_SOME_FAILED, EXIT_USAGE

GOOD = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}
BAD_ARGS = {"id": "call_2", "type": "function", "function": {"name": "g", "arguments": "[1, 2]"}}
ANTHROPIC = {"id": "msg_1", "type": "message", "role": "assistant", "model": "m", "stop_reason": "tool_use",
             "content": [{"type": "tool_use", "id": "toolu_1", "name": "h", "input": {}}]}


def _jsonl(*lines: object) -> bytes:
    return b"".join((line if isinstance(line, bytes) else json.dumps(line).encode()) + b"\n" for line in lines)


@pytest.mark.parametrize("command", [["decode"], ["convert", "--to", "anthropic"], ["detect"]])
def test_keep_going_placeholders_line_for_line(cli, command: list) -> None:
    stdin = _jsonl(GOOD, b"not json", GOOD, b"{", GOOD)
    run = cli(*command, "--keep-going", "-", stdin=stdin)
    assert run.code == EXIT_SOME_FAILED
    lines = run.lines
    assert len(lines) == 5
    assert [line.get("line") if type(line) is dict and "error" in line else None for line in lines] == [
        None, 2, None, 4, None]
    assert lines[1]["error"].startswith("not JSON")
    assert lines[0] == lines[2] == lines[4]


def test_keep_going_placeholders_for_records_that_fail_to_decode(cli) -> None:
    run = cli("decode", "--dialect", "openai", "--keep-going", "-", stdin=_jsonl(GOOD, ANTHROPIC, GOOD))
    assert run.code == EXIT_SOME_FAILED
    first, bad, last = run.lines
    assert first == last == [{"name": "f", "args": {"a": 1}, "id": "call_1"}]
    assert bad["line"] == 2 and "anthropic.messages" in bad["error"]
    assert run.err_lines[0].startswith("toolwire: line 2: ")


def test_keep_going_placeholders_invalid_calls_are_not_failures(cli) -> None:
    # decode keeps invalid calls (invalid="keep"): the record is written, not a placeholder
    run = cli("decode", "--keep-going", "-", stdin=_jsonl(BAD_ARGS))
    assert run.code == EXIT_OK
    assert run.lines[0][0]["name"] == "g" and "invalid" in run.lines[0][0]


def test_keep_going_placeholders_not_without_keep_going(cli) -> None:
    run = cli("decode", "-", stdin=_jsonl(GOOD, b"not json", GOOD))
    assert run.code == EXIT_FAILED
    assert run.lines == [[{"name": "f", "args": {"a": 1}, "id": "call_1"}]]


@pytest.mark.parametrize(
    "blob",
    [
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00",
        b"PK\x03\x04\x14\x00\x00\x00\x08\x00",
        b"\xff\xfe{\x00\"\x00a\x00\"\x00}\x00\n",  # UTF-16 JSON
        b"\xe9t\xe9\n{}\n",  # Latin-1 text
    ],
)
@pytest.mark.parametrize("keep_going", [False, True])
def test_keep_going_placeholders_binary_file_is_unreadable_input(cli, tmp_path, blob: bytes, keep_going: bool) -> None:
    path = tmp_path / "blob.bin"
    path.write_bytes(blob)
    run = cli("decode", *(["--keep-going"] if keep_going else []), str(path))
    assert run.code == EXIT_USAGE
    assert run.out == b""
    assert "not JSON or JSONL text" in run.err
