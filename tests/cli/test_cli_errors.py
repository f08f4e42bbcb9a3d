"""Exit codes, ``--keep-going`` and one-line errors with line numbers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from toolwire import __version__
from toolwire.cli import EXIT_FAILED, EXIT_OK, EXIT_SOME_FAILED, EXIT_USAGE

ROOT = Path(__file__).resolve().parents[2]
PAYLOADS = Path(__file__).resolve().parents[2] / "examples" / "payloads"

GOOD = json.dumps({"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}})
NOT_JSON = '{"id": "call_2", "type": "function", "function": {"name": "f"'
NO_DIALECT = json.dumps({"hello": "world"})
A_TOOL = json.dumps({"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}})
MIXED = "\n".join([GOOD, NOT_JSON, "", NO_DIALECT, GOOD, A_TOOL, GOOD]).encode() + b"\n"


def test_exit_codes_are_distinct_and_documented() -> None:
    assert (EXIT_OK, EXIT_SOME_FAILED, EXIT_USAGE, EXIT_FAILED) == (0, 1, 2, 3)
    doc = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    for code in ("| 0 |", "| 1 |", "| 2 |", "| 3 |"):
        assert code in doc


def test_first_bad_record_stops_with_exit_3(cli) -> None:
    run = cli("decode", stdin=MIXED)
    assert run.code == EXIT_FAILED
    assert len(run.lines) == 1  # the record before the bad one was written
    assert run.err_lines == [
        "toolwire: line 2: not JSON (EOF while parsing an object at line 1 column 61)"
    ]


def test_keep_going_reports_each_bad_line_and_continues(cli) -> None:
    run = cli("decode", "--keep-going", stdin=MIXED)
    assert run.code == EXIT_SOME_FAILED
    assert len(run.lines) == 6  # lines 1, 5, 7; placeholders for 2, 4, 6 (#15)
    assert [r["line"] for r in run.lines if type(r) is dict] == [2, 4, 6]
    assert [e.split(":")[1] for e in run.err_lines[:3]] == [" line 2", " line 4", " line 6"]
    assert run.err_lines[1] == "toolwire: line 4: Input at $ matches no known dialect: {'hello': 'world'}"
    assert run.err_lines[2] == "toolwire: line 6: Input at $ is an openai.chat tool definition, not tool calls"
    assert run.err_lines[3] == "toolwire: 3 of 6 records failed"
    assert len(run.err_lines) == 4  # one line per failure, then the summary


def test_keep_going_short_flag(cli) -> None:
    assert cli("decode", "-k", stdin=MIXED).code == EXIT_SOME_FAILED


def test_all_good_with_keep_going_is_exit_0(cli) -> None:
    run = cli("decode", "--keep-going", stdin=(GOOD + "\n" + GOOD + "\n").encode())
    assert (run.code, run.err) == (EXIT_OK, "")


def test_errors_are_one_line_even_for_multiline_input(cli) -> None:
    bad = json.dumps({"tool_calls": [{"id": "c", "type": "function", "function": {"name": "f", "arguments": "[1,\n2]"}}]})
    run = cli("decode", "--dialect", "openai.chat", stdin=json.dumps({"hello": "a\nb"}).encode() + b"\n" + bad.encode())
    assert run.code == EXIT_FAILED
    assert len(run.err_lines) == 1


def test_missing_file_is_usage_error(cli, tmp_path: Path) -> None:
    run = cli("decode", str(tmp_path / "nope.jsonl"))
    assert run.code == EXIT_USAGE
    assert run.err == f"toolwire: cannot read {tmp_path / 'nope.jsonl'}: No such file or directory\n"


def test_unknown_dialect_is_usage_error(cli) -> None:
    run = cli("decode", "--dialect", "klingon", stdin=GOOD.encode())
    assert run.code == EXIT_USAGE
    assert run.err.startswith("toolwire: Unknown dialect 'klingon'; known dialects: anthropic.messages, ")
    assert run.out == b""


def test_unknown_target_is_usage_error(cli) -> None:
    run = cli("convert", "--to", "klingon", str(PAYLOADS / "calls.jsonl"))
    assert (run.code, run.out) == (EXIT_USAGE, b"")
    assert run.err.startswith("toolwire: Unknown dialect 'klingon'")


def test_document_that_is_not_json_is_usage_error(cli) -> None:
    run = cli("decode", stdin=b'{\n  "a": 1,\n  oops\n}\n')
    assert run.code == EXIT_USAGE
    assert run.err_lines == ["toolwire: input is neither JSON nor JSONL: not JSON (key must be a string at line 3 column 3)"]


def test_argparse_usage_errors_exit_2(cli) -> None:
    assert cli("convert", str(PAYLOADS / "calls.jsonl")).code == EXIT_USAGE  # --to is required
    assert cli("frobnicate").code == EXIT_USAGE
    run = cli()
    assert run.code == EXIT_USAGE
    assert "a command is required" in run.err


def test_help_and_version(cli) -> None:
    run = cli("--version")
    assert run.code == EXIT_OK
    run = cli("decode", "--help")
    assert run.code == EXIT_OK


def test_version_text() -> None:
    proc = subprocess.run([sys.executable, "-m", "toolwire", "--version"], capture_output=True, text=True, check=False)
    assert (proc.returncode, proc.stdout.strip()) == (0, f"toolwire {__version__}")


def test_python_dash_m_decodes_and_exits_with_the_code(tmp_path: Path) -> None:
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(MIXED)
    proc = subprocess.run(
        [sys.executable, "-m", "toolwire", "decode", "--keep-going", str(path)], capture_output=True, check=False
    )
    assert proc.returncode == EXIT_SOME_FAILED
    assert proc.stdout.count(b"\n") == 6  # a placeholder line per failed record
    assert proc.stderr.decode().count("\n") == 4


def test_broken_pipe_is_quiet(tmp_path: Path) -> None:
    path = tmp_path / "many.jsonl"
    path.write_bytes((GOOD + "\n").encode() * 200_000)
    proc = subprocess.Popen(
        [sys.executable, "-m", "toolwire", "decode", str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    proc.stderr.close()
    assert proc.wait() == EXIT_OK
    assert err == b""


@pytest.mark.parametrize("command", ["decode", "detect"])
def test_no_progress_when_stderr_is_not_a_terminal(cli, command: str) -> None:
    run = cli(command, stdin=(GOOD + "\n").encode() * 20_000)
    assert (run.code, run.err) == (EXIT_OK, "")


def test_an_interrupt_exits_130_as_documented(monkeypatch: pytest.MonkeyPatch) -> None:
    import toolwire.cli

    def interrupted(argv: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(toolwire.cli, "_main", interrupted)
    assert toolwire.cli.main(["decode"]) == 130
    assert "| 130 |" in (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")


def test_the_short_dialect_option(cli) -> None:
    run = cli("decode", "-d", "openai.chat", stdin=GOOD.encode() + b"\n")
    assert run.code == EXIT_OK and len(run.lines) == 1


# ---- records judged alike, whatever they hold (values and CLI bug hunt) -----------------

NAN_WITH_ESCAPE = b'{"type":"function_call","call_id":"c","name":"f\\u00e9","arguments":"{}","extra":NaN}\n'


def test_nan_is_not_json_with_or_without_an_escape_in_the_line(cli) -> None:
    # the fallback for lone surrogate escapes read any line holding "\u" with the stdlib,
    # which takes NaN and wrote it back as NaN
    run = cli("convert", "--to", "openai.responses", stdin=NAN_WITH_ESCAPE)
    assert run.code == EXIT_FAILED
    assert run.out == b""
    assert run.err_lines[0].startswith("toolwire: line 1: not JSON")


def test_a_utf16_line_is_not_read_when_it_holds_an_escape(cli) -> None:
    # U+755C is the bytes of "\\u" in UTF-16-LE: the escape that sent a line to the stdlib
    line = '{"name":"f","args":{"q":"\u755c"},"id":"b"}'.encode("utf-16-le")
    assert b"\\u" in line
    run = cli("decode", stdin=GOOD.encode() + b"\n" + b"\xff\xfe" + line)  # the last line, without its end
    assert run.code == EXIT_FAILED
    assert len(run.lines) == 1
    assert "line 2" in run.err_lines[0]


def test_nesting_limit_is_the_same_with_an_escape(cli) -> None:
    deep = '{"name":"f","args":' + '{"a":' * 300 + "1" + "}" * 300 + ',"id":"x"}'
    plain = cli("decode", stdin=deep.encode() + b"\n")
    escaped = cli("decode", stdin=deep.replace('"f"', '"\\u0066"').encode() + b"\n")
    assert plain.code == escaped.code == EXIT_FAILED


def test_a_number_out_of_range_is_never_written_as_infinity(cli) -> None:
    # 1e400 is valid JSON that reads as infinity; the output has no spelling for it
    item = b'{"type":"function_call","call_id":"c","name":"f","arguments":"{}","extra":1e400}\n'
    run = cli("convert", "--to", "openai.responses", stdin=item)
    assert run.code == EXIT_FAILED
    assert b"Infinity" not in run.out
    assert run.err_lines == [
        "toolwire: line 1: The output holds infinity or NaN (a number out of range, such as 1e400), "
        "which JSON cannot carry"
    ]


def test_the_words_infinity_and_nan_inside_strings_are_written(cli) -> None:
    item = json.dumps({"id": "call_1", "type": "function",
                       "function": {"name": "f", "arguments": '{"q": "NaN and Infinity"}'}})
    run = cli("decode", stdin=item.encode() + b"\n")
    assert run.code == EXIT_OK
    assert run.lines == [[{"name": "f", "args": {"q": "NaN and Infinity"}, "id": "call_1"}]]


@pytest.mark.parametrize("stdin", [b'"hi"\n', b""])
def test_an_unknown_text_format_is_bad_usage_before_any_input(cli, stdin: bytes) -> None:
    run = cli("decode", "--dialect", "text.bogus", stdin=stdin)
    assert run.code == EXIT_USAGE
    assert run.out == b""
    assert run.err_lines[0].startswith("toolwire: Unknown text dialect 'text.bogus'")


# ---- CLI bug hunt (h14): I/O errors, positions, lists of no calls ------------------------

def _python_m(*argv: str, **kw: Any) -> subprocess.CompletedProcess[bytes]:
    """``python -m toolwire`` as users start it: stdout block-buffered when it is no
    terminal (PYTHONUNBUFFERED, set on some CI machines, hid an unflushed write)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return subprocess.run([sys.executable, "-m", "toolwire", *argv], check=False, env=env, **kw)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [("decode", str(PAYLOADS / "calls.jsonl")), ("dialects",), ("--version",),
                                  ("--help",), ("decode", "--help")])
def test_a_full_disk_is_one_line_and_exit_2(argv: tuple) -> None:
    with open("/dev/full", "wb") as full:
        proc = _python_m(*argv, stdout=full, stderr=subprocess.PIPE)
    assert (proc.returncode, proc.stderr) == (EXIT_USAGE, b"toolwire: cannot write output: No space left on device\n")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs Linux's /proc")
def test_an_input_that_fails_to_read_is_one_line_and_exit_2() -> None:
    proc = _python_m("decode", "/proc/self/mem", stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert (proc.returncode, proc.stdout, proc.stderr) == (
        EXIT_USAGE, b"", b"toolwire: cannot read /proc/self/mem: Input/output error\n")


@pytest.mark.skipif(sys.platform == "win32", reason="closes a file descriptor in the child")
@pytest.mark.parametrize("argv", [("decode", str(PAYLOADS / "calls.jsonl")), ("dialects",)])
def test_a_closed_stdout_is_one_line_and_exit_2(argv: tuple) -> None:
    import os

    proc = _python_m(*argv, stderr=subprocess.PIPE, preexec_fn=lambda: os.close(1))
    assert (proc.returncode, proc.stderr) == (EXIT_USAGE, b"toolwire: cannot write output: stdout is closed\n")


def test_a_document_error_counts_the_blank_lines_before_it(cli) -> None:
    run = cli("decode", stdin=b'\n\n\n{\n  "a": 1,,\n}\n')  # the doubled comma is on line 5
    assert run.code == EXIT_USAGE
    assert run.err_lines == ["toolwire: input is neither JSON nor JSONL: not JSON (key must be a string at line 5 column 10)"]


def test_a_jsonl_error_column_counts_the_indentation(cli) -> None:
    run = cli("decode", stdin=b'        {"a": 1,,}\n')  # the doubled comma is at column 17
    assert run.code == EXIT_FAILED
    assert run.err_lines == ["toolwire: line 1: not JSON (key must be a string at line 1 column 17)"]


def test_a_list_of_no_calls_is_a_failed_record_like_its_item(cli) -> None:
    run = cli("decode", "-k", stdin=b'[{"hello": "world"}]\n{"hello": "world"}\n[{"hello": "world"}, 5]\n')
    assert run.code == EXIT_SOME_FAILED
    assert run.err_lines == [
        "toolwire: line 1: Input at $[0] matches no known dialect: {'hello': 'world'}",
        "toolwire: line 2: Input at $ matches no known dialect: {'hello': 'world'}",
        "toolwire: line 3: Input at $[0] matches no known dialect: {'hello': 'world'}",
        "toolwire: 3 of 3 records failed",
    ]


def test_a_list_with_a_call_keeps_its_unreadable_items_in_place(cli) -> None:
    run = cli("decode", stdin=("[" + GOOD + ', {"hello": "world"}]\n').encode())
    assert run.code == EXIT_OK
    assert run.lines == [[{"name": "f", "args": {}, "id": "call_1"},
                          {"name": None, "id": None, "invalid": "Input at $[1] matches no known dialect: {'hello': 'world'}", "raw": None}]]


def test_cli_says_the_integer_is_too_long(cli) -> None:
    line = json.dumps({"type": "tool_use", "id": "t", "name": "f", "input": {"a": 1}}).replace("1}", "1" * 5000 + "}")
    run = cli("decode", stdin=line.encode() + b"\n")
    assert run.code == EXIT_FAILED
    assert run.err_lines[0].startswith("toolwire: line 1: JSON the parser cannot read (an integer of more than 4300")
