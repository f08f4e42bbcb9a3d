"""The command-line tests run ``toolwire.cli.main`` in-process (fast) through the
``cli`` fixture; a few tests run the console script / ``python -m`` as a subprocess."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any, Callable, List, NamedTuple, Optional

import pytest
from pydantic_core import from_json

from toolwire.cli import main

ROOT = Path(__file__).resolve().parents[2]
PAYLOADS = ROOT / "examples" / "payloads"


class Run(NamedTuple):
    code: int
    out: bytes
    err: str

    @property
    def lines(self) -> List[Any]:
        """Every stdout line, parsed."""
        return [from_json(line) for line in self.out.splitlines()]

    @property
    def err_lines(self) -> List[str]:
        return self.err.splitlines()


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch) -> Callable[..., Run]:
    def run(*argv: str, stdin: Optional[bytes] = None) -> Run:
        out, err = io.BytesIO(), io.BytesIO()
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin or b""), encoding="utf-8"))
        monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(out, encoding="utf-8", write_through=True))
        monkeypatch.setattr(sys, "stderr", io.TextIOWrapper(err, encoding="utf-8", write_through=True))
        code = main(list(argv))
        sys.stdout.flush()
        sys.stderr.flush()
        return Run(code, out.getvalue(), err.getvalue().decode("utf-8"))

    return run
