"""The progress line on a terminal: shown within half a second however big the records,
never mixed with output written to the same terminal (docs/cli.md, Progress)."""

from __future__ import annotations

import io
import json
import sys
from typing import Tuple

import pytest

from toolwire._cli_io import Progress
from toolwire.cli import EXIT_OK, main

CALL = json.dumps({"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}).encode() + b"\n"


def _run(monkeypatch: pytest.MonkeyPatch, data: bytes, seconds_per_record: float, stdout_tty: bool,
         fast_first: int = 0) -> Tuple[int, str]:
    """Run ``decode`` with stderr on a (pretend) terminal and a clock that advances with
    the records read: each takes *seconds_per_record* (the first *fast_first* 0.1 ms)."""
    stdin = io.BytesIO(data)
    out, err = io.BytesIO(), io.BytesIO()
    wrappers = [io.TextIOWrapper(b, encoding="utf-8", write_through=True) for b in (stdin, out, err)]
    wrappers[1].isatty = lambda: stdout_tty  # type: ignore[method-assign]
    wrappers[2].isatty = lambda: True  # type: ignore[method-assign]
    monkeypatch.setattr(sys, "stdin", wrappers[0])
    monkeypatch.setattr(sys, "stdout", wrappers[1])
    monkeypatch.setattr(sys, "stderr", wrappers[2])

    def clock() -> float:
        n = stdin.tell() // len(CALL)
        return min(n, fast_first) * 1e-4 + max(n - fast_first, 0) * seconds_per_record

    monkeypatch.setattr(Progress, "clock", staticmethod(clock))
    code = main(["decode"])
    return code, err.getvalue().decode()


def _first_count(err: str) -> int:
    """The record count of the first progress line written."""
    return int(err.split("\r", 2)[1].split(" records")[0].replace(",", ""))


def test_progress_appears_within_half_a_second_of_slow_records(monkeypatch: pytest.MonkeyPatch) -> None:
    code, err = _run(monkeypatch, CALL * 40, 0.05, stdout_tty=False)  # 20 records a second
    assert code == EXIT_OK
    assert "records" in err
    assert _first_count(err) * 0.05 <= 0.6
    assert err.endswith("\r\x1b[K")  # erased at the end


def test_progress_appears_when_records_turn_slow(monkeypatch: pytest.MonkeyPatch) -> None:
    code, err = _run(monkeypatch, CALL * 20_100, 0.05, stdout_tty=False, fast_first=20_000)
    assert code == EXIT_OK
    assert "records" in err
    slow = [int(t.split(" records")[0].replace(",", "")) for t in err.split("\r")[1:] if " records" in t]
    assert any(20_000 < n <= 20_000 + 16 for n in slow)  # 16 slow records: 0.8 s


def test_no_progress_when_stdout_is_the_same_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    code, err = _run(monkeypatch, CALL * 40, 0.05, stdout_tty=True)
    assert (code, err) == (EXIT_OK, "")
