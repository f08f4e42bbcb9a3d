"""Instructions per call of toolwire at two revisions, side by side (callgrind).

Timings on a shared machine move by 5-10%; instruction counts move by well under 1%, so
the per-session tables of docs/benchmarks.md compare trees with this script:

    .venv/bin/python benchmarks/callgrind_count.py REV_A REV_B [CASE_REGEX] > table.md

It needs ``valgrind`` (Debian: ``apt-get install valgrind``); progress goes to stderr.

Method: each revision's ``src/`` is snapshotted (``git archive``) into two folders whose
paths have the same length (``WORK/a``, ``WORK/b``; ``WORK`` is ``$CALLGRIND_WORK`` or a
folder under the system's temporary folder), compiled, and every case run once outside
valgrind. The inputs are built once, with tree A's toolwire, from this checkout's
benchmark files (``bench_decode.SMALL``, ``run.py``'s call, the example ChatCompletion,
``bench_stream._stream`` per dialect, a prose line and two calls written by
``encode_text``, ``bench_conversation.chat_history``), so both trees read identical inputs. Per case and tree, the run of N
calls minus the run of 0 calls (same setup, argv of the same length), divided by N, with
``PYTHONHASHSEED=0``, the garbage collector off and ``os._exit`` at the end (no teardown
counted). N is 1,000 for single calls, 50 for streams, texts and the conversation checks,
20 for ``encode_conversation``. A full run (20 cases,
80 callgrind jobs) takes about 18 minutes on one core; jobs run one at a time.
"""

from __future__ import annotations

import gc
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve()

CASES: List[Tuple[str, str, int]] = [
    ("small_chat", "small Chat call, detected", 1000),
    ("anthropic_call", "Anthropic call", 1000),
    ("decode_all", "`decode_all` ChatCompletion dict", 1000),
    ("encode_anthropic", "encode Anthropic", 1000),
    ("encode_responses", "encode Responses", 1000),
    ("acc:openai.chat", "`accumulate` Chat stream", 50),
    ("acc:anthropic.messages", "`accumulate` Anthropic stream", 50),
    ("acc:openai.responses", "`accumulate` Responses stream", 50),
    ("acc:bedrock.converse", "`accumulate` Bedrock stream", 50),
    ("acc:cohere.v2", "`accumulate` Cohere stream", 50),
    ("acc:gemini", "`accumulate` Gemini stream", 50),
] + [
    ("text:text." + short, f"`decode_text` {short}" + (" (JSON)" if short == "llama" else ""), 50)
    for short in ("harmony", "kimi", "olmo", "functionary", "command-r", "hermes", "llama", "glm", "muse-glimmer")
] + [
    ("conv:check", "`check_conversation` Chat, 121 messages", 50),
    ("conv:fix", "`fix_conversation` Chat, 121 messages", 50),
    ("conv:encode", "`encode_conversation` Chat -> Anthropic, 121 messages", 20),
]
STREAM_DIALECTS = ("openai.chat", "anthropic.messages", "openai.responses", "bedrock.converse", "cohere.v2", "gemini")
TEXT_FORMATS = ("harmony", "kimi", "olmo", "functionary", "command-r", "hermes", "llama", "glm", "muse-glimmer")
# prose before a header is an error in Harmony and Muse Glimmer, and makes Llama's JSON
# content: those texts are the calls alone (Llama's JSON variant: one call)
NO_PROSE = ("harmony", "muse-glimmer", "llama")


def build_inputs(out: str) -> None:
    """Writes every case's input as JSON, with the toolwire found first on the path."""
    import toolwire
    from toolwire.text import encode_text

    sys.path.append(str(ROOT / "benchmarks"))
    import bench_conversation
    import bench_decode
    import bench_stream

    call = {"name": "get_weather", "args": {"city": "Paris", "unit": "celsius"}, "id": "Ab3dE6gH9"}
    texts = {}
    two = [toolwire.ToolCall(name="get_weather", args={"city": "Paris", "unit": "celsius"}),
           toolwire.ToolCall(name="get_time", args={"city": "Tokyo"})]
    for short in TEXT_FORMATS:
        body = encode_text(two[:1] if short == "llama" else two, "text." + short)
        texts["text." + short] = body if short in NO_PROSE else "Let me check that.\n" + body
    inputs = {
        "SMALL": bench_decode.SMALL,
        "CALL": call,
        "ANTHROPIC_ITEM": toolwire.encode(toolwire.ToolCall(**call), "anthropic.messages"),  # type: ignore[arg-type]
        "COMPLETION": json.loads((ROOT / "examples/payloads/openai_chat_response.json").read_text()),
        "STREAMS": {d: bench_stream._stream(d) for d in STREAM_DIALECTS},
        "TEXTS": texts,
        "HISTORY": bench_conversation.chat_history(),
    }
    Path(out).write_text(json.dumps(inputs, ensure_ascii=False))


_NAME = re.compile(r"[A-Za-z0-9_]+\Z").match


def _as_literal(x: Any) -> Any:
    """Name-like strings interned, as CPython interns such constants of source code (the
    benchmark rows' dict keys are the very objects the library's literals are)."""
    if isinstance(x, dict):
        return {_as_literal(k): _as_literal(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_as_literal(v) for v in x]
    if isinstance(x, str) and _NAME(x):
        return sys.intern(x)
    return x


def run_case(path: str, case: str, n: int) -> None:
    """One counted run: setup, one warm call, then N calls through a lambda (as the
    benchmark rows time them); the process ends without teardown."""
    gc.disable()
    import toolwire
    from toolwire.stream import accumulate
    from toolwire.text import decode_text

    inp = _as_literal(json.loads(Path(path).read_text()))
    g: Dict[str, Any] = {"decode": toolwire.decode, "decode_all": toolwire.decode_all,
                         "encode": toolwire.encode, "accumulate": accumulate, "decode_text": decode_text,
                         "CALL": toolwire.ToolCall(**inp["CALL"]), "n": n}
    if case == "small_chat":
        g["it"], call = inp["SMALL"], "decode(it)"
    elif case == "anthropic_call":
        g["it"], call = inp["ANTHROPIC_ITEM"], "decode(it)"
    elif case == "decode_all":
        g["it"], call = inp["COMPLETION"], "decode_all(it)"
    elif case == "encode_anthropic":
        call = "encode(CALL, 'anthropic.messages')"
    elif case == "encode_responses":
        call = "encode(CALL, 'openai.responses')"
    elif case.startswith("acc:"):
        g["it"], g["d"], call = inp["STREAMS"][case[4:]], case[4:], "accumulate(it, d)"
    elif case.startswith("conv:"):  # check and fix: of the decoded history, as run.py's rows
        from toolwire.conversation import check_conversation, fix_conversation

        g.update(check_conversation=check_conversation, fix_conversation=fix_conversation,
                 encode_conversation=toolwire.encode_conversation, it=inp["HISTORY"],
                 conv=toolwire.decode_conversation(inp["HISTORY"], "openai.chat"))
        call = {"conv:check": "check_conversation(conv, 'openai.chat')", "conv:fix": "fix_conversation(conv, 'openai.chat')",
                "conv:encode": "encode_conversation(it, 'anthropic.messages', source='openai.chat')"}[case]
    elif case.startswith("text:"):
        g["it"], g["d"] = inp["TEXTS"][case[5:]], case[5:]
        call = "decode_text(it, d, finish_reason='stop')"
    else:
        raise SystemExit(f"unknown case {case}")
    eval(call, g)  # warm: lazy imports and caches belong to the setup
    g["f"] = eval(f"lambda: {call}", g)
    exec(compile("for _ in range(n):\n    f()\n", "<loop>", "exec"), g)
    sys.stdout.flush()
    os._exit(0)


def _env(tree: Path, bytecode: bool = False) -> Dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(PYTHONHASHSEED="0", PYTHONPATH=str(tree / "src"))
    if not bytecode:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def _count(tree: Path, inputs: Path, case: str, n: int) -> int:
    """Total instructions of one run under callgrind."""
    out = tree.parent / f"{tree.name}_{re.sub(r'[^A-Za-z0-9]+', '_', case)}_{n}.cg"
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--dump-line=no", "--dump-instr=no",
           sys.executable, str(HERE), "--case", str(inputs), case, f"{n:05d}"]
    done = subprocess.run(cmd, env=_env(tree), capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(done.stderr[-500:])
    for line in out.read_text().splitlines():
        if line.startswith(("totals:", "summary:")):
            return int(line.split()[1])
    raise RuntimeError(f"no totals in {out}")


def compare(rev_a: str, rev_b: str, pick: Optional[str]) -> None:
    work = Path(os.environ.get("CALLGRIND_WORK") or Path(tempfile.gettempdir()) / "toolwire-callgrind")
    trees = (work / "a", work / "b")  # paths of the same length
    cases = [c for c in CASES if not pick or re.search(pick, c[0])]
    started = time.time()
    short = []
    for rev, tree in zip((rev_a, rev_b), trees):
        subprocess.run(["rm", "-rf", str(tree)], check=True)
        tree.mkdir(parents=True)
        subprocess.run(f"git -C {ROOT} archive {rev} src | tar -x -C {tree}", shell=True, check=True)
        short.append(subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=7", rev],
                                    capture_output=True, text=True, check=True).stdout.strip())
    inputs = work / "inputs.json"
    subprocess.run([sys.executable, str(HERE), "--inputs", str(inputs)], env=_env(trees[0]), check=True)
    for tree in trees:
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "src")],
                       env=_env(tree, bytecode=True), check=True, stdout=subprocess.DEVNULL)
        for case, _, _ in cases:
            subprocess.run([sys.executable, str(HERE), "--case", str(inputs), case, "00001"],
                           env=_env(tree, bytecode=True), check=True)
    rows = []
    for case, label, n in cases:
        per = [(_count(tree, inputs, case, n) - _count(tree, inputs, case, 0)) / n for tree in trees]
        change = f"{(per[1] - per[0]) / per[0] * 100:+.1f}%".replace("-", "\u2212")
        change = "0.0%" if change[1:] == "0.0%" else change
        rows.append(f"| {label} | {per[0]:,.0f} | {per[1]:,.0f} | {change} |")
        print(f"  {label}: {per[0]:,.0f} / {per[1]:,.0f} {change} ({time.time() - started:.0f} s)",
              file=sys.stderr, flush=True)
    version = ".".join(map(str, sys.version_info[:3]))
    print(f"Instructions per call (callgrind, CPython {version}), {short[0]} against {short[1]}:\n")
    print(f"| case | {short[0]} | {short[1]} | change |\n| --- | ---: | ---: | ---: |")
    print("\n".join(rows))


def main(argv: List[str]) -> None:
    if argv[:1] == ["--inputs"]:
        build_inputs(argv[1])
    elif argv[:1] == ["--case"]:
        run_case(argv[1], argv[2], int(argv[3]))
    elif len(argv) in (2, 3):
        compare(argv[0], argv[1], argv[2] if len(argv) == 3 else None)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
