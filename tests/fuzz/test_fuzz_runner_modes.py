"""``python -m toolwire.fuzz`` under the interpreter's optimisation modes (``-O``,
``-OO``) and as a vendored copy: its checks still run and it names itself."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import toolwire

SRC = Path(toolwire.__file__).parent

# a broken decoder and stream reader: every call lost
_SABOTAGE = (
    "import sys; from toolwire import _codec, fuzz; from toolwire.stream import _accumulate; "
    "_codec.decode_all = lambda *a, **k: []; _accumulate.accumulate = lambda *a, **k: []; "
    "sys.exit(fuzz.main(['--examples', '10', '--batch', '10', '--dialect', 'openai.chat']))"
)


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=300)


def test_a_broken_decoder_fails_under_optimisation() -> None:
    # ENV-1: the checks were asserts; under -O (PYTHONOPTIMIZE=1) such a decoder passed, exit 0
    for flag in ("-O", "-OO"):
        out = _run(flag, "-c", _SABOTAGE)
        assert out.returncode == 1, (flag, out.stdout, out.stderr)
        assert "FAILURE openai.chat (seed 0): AssertionError: " in out.stdout, out.stdout
        assert "1 failure(s)" in out.stdout


def test_the_runner_checks_without_assert_statements() -> None:
    import ast

    tree = ast.parse((SRC / "fuzz.py").read_text(encoding="utf-8"))
    assert not [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Assert)]


def test_help_under_oo() -> None:
    # ENV-6: -OO strips the docstring the description was read from (AttributeError on None)
    out = _run("-OO", "-m", "toolwire.fuzz", "--help")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("usage: python -m toolwire.fuzz [-h]")


def test_a_vendored_runner_names_itself(tmp_path: Path) -> None:
    # ENV-6: a vendored copy's runner called itself "python -m toolwire.fuzz"
    vendor = tmp_path / "sdk" / "_vendor"
    vendor.mkdir(parents=True)
    (tmp_path / "sdk" / "__init__.py").write_text("")
    (vendor / "__init__.py").write_text("")
    shutil.copytree(SRC, vendor / "tw", ignore=shutil.ignore_patterns("__pycache__"))
    for how in (["-m", "sdk._vendor.tw.fuzz"], ["-c", "import sys; from sdk._vendor.tw import fuzz; sys.exit(fuzz.main())"]):
        out = subprocess.run([sys.executable, "-E", "-s", *how, "--examples", "0"], capture_output=True, text=True,
                             cwd=tmp_path, timeout=120)
        assert out.returncode == 2
        assert out.stderr == "python -m sdk._vendor.tw.fuzz: --examples must be 1 or more, got 0\n"
