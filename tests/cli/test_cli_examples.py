"""Every example script runs; the Dask example decodes a generated data set on the
local synchronous scheduler exactly as the library does."""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Dict, List

import pytest

import toolwire

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

# script -> a line its output must contain (offline mode)
SCRIPTS = {
    "openai_chat.py": '{"role": "tool", "tool_call_id": "call_weather01", ',
    "openai_responses.py": '{"type": "function_call_output", "call_id": "call_weather01", ',
    "anthropic_sdk.py": '"tool_use_id": "toolu_example01"',
    "google_genai.py": '{"functionResponse": {"name": "get_weather", ',
    "litellm_responses.py": '{"type": "function_call_output", "call_id": "call_weather01", ',
    "readme_typed.py": '{"role": "tool", "tool_call_id": "call_lXqMAw1v8TxJmJ6FKtk6COxx", "content": "get_weather: ',
    "dspy_style_field.py": '1 call(s): {"next_thought":"search","tool_calls":[{"name":"search","args":{"q":"toolwire"},"id":"call_1"}]}',
}


def test_every_script_is_listed() -> None:
    assert sorted(p.name for p in EXAMPLES.glob("*.py")) == sorted(SCRIPTS)


def test_example_scripts_run_offline() -> None:
    procs = {
        name: subprocess.Popen([sys.executable, str(EXAMPLES / name)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for name in SCRIPTS
    }
    results = {name: proc.communicate(timeout=120) for name, proc in procs.items()}  # every pipe closed
    for name, (out, err) in results.items():
        assert procs[name].returncode == 0, f"{name} failed:\n{err}"
        assert SCRIPTS[name] in out, f"{name} printed:\n{out}"


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _dataset(src: Path) -> Dict[str, List[str]]:
    """A few JSONL files mixing every dialect's calls, batch lines, blank and bad lines."""
    rng = random.Random(7)
    dialects = ["openai.chat", "openai.responses", "anthropic.messages", "gemini", "bedrock.converse", "mistral", "canonical"]
    batch = (EXAMPLES / "payloads" / "openai_batch_output.jsonl").read_text(encoding="utf-8").splitlines()
    files: Dict[str, List[str]] = {}
    for f in range(3):
        lines = []
        for i in range(40):
            d = rng.choice(dialects)
            call = toolwire.ToolCall(name=f"tool_{i % 5}", args={"i": i, "s": "é" * (i % 3)}, id=f"call{f}x{i:05d}")
            lines.append(json.dumps(toolwire.encode(call, d)))
        lines[5] = ""
        lines[9] = '{"broken": '
        lines[11] = json.dumps({"hello": "world"})
        lines[20:22] = batch[:2]
        files[f"day{f}.jsonl"] = lines
        (src / f"day{f}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return files


def test_dask_example_on_the_local_scheduler(tmp_path: Path) -> None:
    pytest.importorskip("dask.bag")
    dask_decode = _load(EXAMPLES / "distributed" / "dask_decode.py", "toolwire_example_dask_decode")
    src, dst = tmp_path / "src", tmp_path / "dst"
    src.mkdir()
    files = _dataset(src)
    written = dask_decode.decode_directory(str(src), str(dst), scheduler="sync")
    assert sorted(Path(p).name for p in written) == sorted(files)
    for name, lines in files.items():
        got = [json.loads(x) for x in (dst / name).read_text(encoding="utf-8").splitlines()]
        expected: List[Dict[str, Any]] = []
        for n, text in enumerate(lines, start=1):
            if not text.strip():
                continue
            rec: Dict[str, Any] = {"file": name, "line": n}
            try:
                value = json.loads(text)
            except ValueError:
                rec["error"] = "not JSON"
                expected.append(rec)
                continue
            if isinstance(value, dict) and "custom_id" in value:
                rec["custom_id"] = value["custom_id"]
                value = value["response"]["body"]
            try:
                rec["calls"] = [{"name": c.name, "args": c.args, "id": c.id} for c in toolwire.decode_all(value)]
            except toolwire.ToolwireError as exc:
                rec["error"] = str(exc)
            expected.append(rec)
        for g in got:  # the exact parser message of a non-JSON line is the parser's business
            if g.get("error", "").startswith("not JSON"):
                g["error"] = "not JSON"
        assert got == expected
        assert [g["line"] for g in got if "error" in g] == [10, 12]


def test_dask_and_cli_agree(tmp_path: Path, cli) -> None:
    pytest.importorskip("dask.bag")
    dask_decode = _load(EXAMPLES / "distributed" / "dask_decode.py", "toolwire_example_dask_decode2")
    src, dst = tmp_path / "src", tmp_path / "dst"
    src.mkdir()
    (src / "calls.jsonl").write_bytes((EXAMPLES / "payloads" / "calls.jsonl").read_bytes())
    dask_decode.decode_directory(str(src), str(dst), scheduler="sync")
    got = [json.loads(x)["calls"] for x in (dst / "calls.jsonl").read_text(encoding="utf-8").splitlines()]
    assert got == cli("decode", str(src / "calls.jsonl")).lines


def test_spark_example_shares_the_partition_function() -> None:
    spark = _load(EXAMPLES / "distributed" / "spark_decode.py", "toolwire_example_spark_decode")

    class Row:
        def __init__(self, file: str, value: str) -> None:
            self.file, self.value = file, value

    rows = [Row("file:///data/a.jsonl", (EXAMPLES / "payloads" / "calls.jsonl").read_text().splitlines()[0]), Row("x", "")]
    assert [json.loads(x) for x in spark.decode_partition(rows)] == [
        {"file": "a.jsonl", "line": None, "calls": [{"name": "get_weather", "args": {"city": "Lisbon"}, "id": "call_a"}]}
    ]


# ---- CLI bug hunt (h14): the partition function reads JSON as the CLI does ---------------

@pytest.mark.parametrize(
    "text",
    [
        '\ufeff{"name": "f", "args": {}, "id": "x"}',  # a UTF-8 BOM on line 1 (docs/cli.md, Input)
        '{"name": "f", "args": {"a": NaN}, "id": "x"}',  # NaN is not JSON (RFC 8259)
        '{"name": "f", "args": {"a": Infinity}, "id": "x"}',
        '  {"a": 1,,}',
    ],
    ids=["bom", "nan", "infinity", "indented-bad"],
)
def test_normalize_reads_each_line_as_the_cli_does(cli, text: str) -> None:
    normalize = _load(EXAMPLES / "distributed" / "normalize.py", "toolwire_example_normalize")
    [got] = [json.loads(x) for x in normalize.decode_partition([("f.jsonl", 1, text)])]
    run = cli("decode", "-k", stdin=text.encode() + b"\n")
    if run.code == 0:
        assert got == {"file": "f.jsonl", "line": 1, "calls": run.lines[0]}
    else:
        assert got == {"file": "f.jsonl", "line": 1, "error": run.lines[0]["error"]}


def test_readme_synopsis_is_the_cli_docs_synopsis() -> None:
    root = EXAMPLES.parent

    def synopsis(path: Path) -> List[str]:
        text = path.read_text(encoding="utf-8")
        return [line for line in text.split("```\n", 2)[1].splitlines() if line.startswith("toolwire ")]

    readme = (root / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Command line\n\n```\n", 1)[1].split("```", 1)[0].splitlines()
    assert block == [line for line in synopsis(root / "docs" / "cli.md") if line != "toolwire --version"]
