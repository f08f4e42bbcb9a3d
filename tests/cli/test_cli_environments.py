"""The command line outside a UTF-8 terminal with all three standard streams open
(ENV-5, ENV-9): a non-UTF-8 locale, a closed stdin or stderr, and ``main`` run
in-process with text-only streams. Each works, or is one line with exit code 2
(docs/cli.md)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from toolwire.cli import EXIT_OK, EXIT_USAGE, main

PAYLOADS = Path(__file__).resolve().parents[2] / "examples" / "payloads"
CALL = {"id": "call_1", "type": "function", "function": {"name": "météo", "arguments": '{"ville": "Zürich …"}'}}
posix = pytest.mark.skipif(sys.platform == "win32", reason="closes a file descriptor in the child")


def _python_m(*argv: str, env: Any = None, **kw: Any) -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONUNBUFFERED", "PYTHONIOENCODING")} | (env or {})
    return subprocess.run([sys.executable, "-m", "toolwire", *argv], capture_output=True, env=env, check=False,
                          timeout=120, **kw)


ASCII = {"LC_ALL": "C", "PYTHONUTF8": "0"}  # a POSIX locale, UTF-8 mode off: stdout's encoding is ASCII


@pytest.mark.parametrize("as_json", [False, True])
def test_dialects_in_an_ascii_locale(as_json: bool) -> None:
    # descriptions hold '…', '｜', '▁': the text layer raised UnicodeEncodeError (a traceback, exit 1)
    proc = _python_m("dialects", *(["--json"] if as_json else []), env=ASCII)
    assert (proc.returncode, proc.stderr) == (EXIT_OK, b"")
    utf8 = _python_m("dialects", *(["--json"] if as_json else []))
    assert proc.stdout == utf8.stdout  # UTF-8 bytes, as decode/convert/detect write
    assert "…".encode() in proc.stdout


def test_decode_in_an_ascii_locale(tmp_path: Path) -> None:
    path = tmp_path / "call.json"
    path.write_text(json.dumps(CALL), encoding="utf-8")
    proc = _python_m("decode", str(path), env=ASCII)
    assert (proc.returncode, proc.stderr) == (EXIT_OK, b"")
    assert json.loads(proc.stdout)[0]["name"] == "météo"


@posix
def test_a_closed_stdin_is_one_line_and_exit_2() -> None:
    # stdin closed (<&-): sys.stdin is None, an AttributeError traceback (exit 1)
    proc = _python_m("decode", "-", stdin=subprocess.DEVNULL, preexec_fn=lambda: os.close(0))
    assert (proc.returncode, proc.stdout, proc.stderr) == (EXIT_USAGE, b"", b"toolwire: cannot read stdin: it is closed\n")


@posix
def test_a_closed_stderr_does_not_stop_the_run() -> None:
    # stderr closed (2>&-): sys.stderr is None; a valid input wrote nothing and exited 1
    proc = subprocess.run([sys.executable, "-m", "toolwire", "decode", str(PAYLOADS / "calls.jsonl")],
                          stdout=subprocess.PIPE, preexec_fn=lambda: os.close(2), check=False, timeout=120)
    expected = _python_m("decode", str(PAYLOADS / "calls.jsonl"))
    assert (proc.returncode, proc.stdout) == (EXIT_OK, expected.stdout)
    assert expected.stdout.count(b"\n") > 1


@posix
def test_a_closed_stderr_with_failures_keeps_the_exit_code(tmp_path: Path) -> None:
    path = tmp_path / "mixed.jsonl"
    path.write_text(json.dumps(CALL) + "\n" + '{"hello": "world"}\n', encoding="utf-8")
    for argv, code in ((["decode", "-k", str(path)], 1), (["decode", str(path)], 3), (["nope"], 2), ([], 2)):
        proc = subprocess.run([sys.executable, "-m", "toolwire", *argv], stdout=subprocess.PIPE,
                              preexec_fn=lambda: os.close(2), check=False, timeout=120)
        assert proc.returncode == code, argv


# -- in-process, with text-only streams (io.StringIO, contextlib.redirect_stdout) --------


@pytest.mark.parametrize("argv", [["decode"], ["convert", "--to", "anthropic.messages"], ["detect"]])
def test_main_with_a_text_only_stdout(argv: Any, tmp_path: Path) -> None:
    # ENV-9: AttributeError: '_io.StringIO' object has no attribute 'buffer'
    path = tmp_path / "call.json"
    path.write_text(json.dumps(CALL), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([*argv, str(path)])
    assert (code, err.getvalue()) == (EXIT_OK, "")
    [line] = out.getvalue().splitlines()
    assert json.loads(line)  # the same line a byte stdout gets, as text
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        main(["dialects"])
    assert "…" in out.getvalue()


def test_main_with_text_only_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(CALL) + "\n"))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["decode", "-"]) == EXIT_OK
    assert json.loads(out.getvalue())[0]["args"] == {"ville": "Zürich …"}


def test_main_with_no_stdin_or_stderr(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", None)
    monkeypatch.setattr(sys, "stderr", None)
    with contextlib.redirect_stdout(out):
        assert main(["decode", "-"]) == EXIT_USAGE
        assert main(["decode", "--nope"]) == EXIT_USAGE  # argparse's own message has nowhere to go
        assert main(["decode", str(PAYLOADS / "calls.jsonl")]) == EXIT_OK
    assert out.getvalue().count("\n") > 1
