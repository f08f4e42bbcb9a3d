"""The benchmark suite, one entry point: toolwire against a hand-written baseline and
against every installed peer (DSPy, LangChain core, langchain-openai, LiteLLM,
pydantic-ai), in one run.

    python benchmarks/run.py [--quick] [--json out.json] [--cli-mb 100] [--markdown out.md]

Sections: decode of each dialect's call, a batch of 8, SDK objects, 2 KB arguments,
repair cases, encode, cross-dialect convert, stream accumulation, the conversation
functions on a 121-message Chat history (``--only conversation``), the command line
on a generated JSONL file (records per second, peak memory), and import time.

Micro-benchmarks report the median CPU time per call (``time.process_time``: steady
on a shared machine) and the ratio to the hand-written baseline of the same case
measured in the same run (lower is better; for the command line too, the ratio is
of time per record and of peak memory). A peer appears where it has a function
for the case; a peer that raises on a case is listed as failing. ``--quick`` runs in
under a minute. Case inputs and per-item baselines come from ``bench_decode.py`` and
``bench_stream.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # LiteLLM: no network at import

import bench_conversation as bc  # noqa: E402
import bench_decode as bd  # noqa: E402
import bench_stream as bs  # noqa: E402
import json_repair  # noqa: E402

import toolwire  # noqa: E402
from toolwire._json_values import check_json_object, plainly_json  # noqa: E402
from toolwire._types import new_call  # noqa: E402

Fn = Callable[[], Any]
Row = Dict[str, Any]

# ---------------------------------------------------------------- cases and baselines

CALL = toolwire.ToolCall(name="get_weather", args={"city": "Paris", "unit": "celsius"}, id="Ab3dE6gH9")
DIALECTS = [d for d in toolwire.dialect_names() if not d.startswith("text.")]
ITEMS = {d: toolwire.encode(CALL, d) for d in DIALECTS}


def _fn(item: Dict[str, Any]) -> Tuple[str, Any, Any]:
    f = item["function"]
    a = f["arguments"]
    return f["name"], json.loads(a) if type(a) is str else a, item.get("id")


# the least code that reads each dialect's call item (no checks, no repairs)
BASE_DECODE: Dict[str, Callable[[Dict[str, Any]], Any]] = {
    "openai.chat": _fn,
    "mistral": _fn,
    "cohere.v2": _fn,
    "ollama": _fn,
    "openai.responses": lambda it: (it["name"], json.loads(it["arguments"]), it["call_id"]),
    "anthropic.messages": lambda it: (it["name"], it["input"], it["id"]),
    "gemini": lambda it: (it["functionCall"]["name"], it["functionCall"]["args"], it["functionCall"].get("id")),
    "bedrock.converse": lambda it: (it["toolUse"]["name"], it["toolUse"]["input"], it["toolUse"]["toolUseId"]),
    "mcp": lambda it: (it["params"]["name"], it["params"]["arguments"], it["id"]),
    "canonical": lambda it: (it["name"], it["args"], it["id"]),
}


# "lookups + building the value, no checks": the least a decoder of an object-argument
# dialect does (the same lookups as the baseline, then the canonical value)
FLOOR_DECODE: Dict[str, Callable[[Dict[str, Any]], Any]] = {
    "anthropic.messages": lambda it: new_call(it["name"], it["input"], it["id"]),
    "gemini": lambda it: new_call(it["functionCall"]["name"], it["functionCall"]["args"], it["functionCall"].get("id")),
    "bedrock.converse": lambda it: new_call(it["toolUse"]["name"], it["toolUse"]["input"], it["toolUse"]["toolUseId"]),
    "ollama": lambda it: new_call(it["function"]["name"], it["function"]["arguments"], it.get("id")),
    "mcp": lambda it: new_call(it["params"]["name"], it["params"]["arguments"], it["id"]),
    "canonical": lambda it: new_call(it["name"], it["args"], it["id"]),
}


def _chat_out(name: str, args: Any, id: Any) -> Dict[str, Any]:
    return {"id": id, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}


# the least code that writes each dialect's call item (no id rules, no checks)
BASE_ENCODE: Dict[str, Callable[[str, Any, Any], Dict[str, Any]]] = {
    "openai.chat": _chat_out,
    "mistral": _chat_out,
    "cohere.v2": _chat_out,
    "ollama": lambda n, a, i: {"id": i, "function": {"name": n, "arguments": a}},
    "openai.responses": lambda n, a, i: {"type": "function_call", "call_id": i, "name": n, "arguments": json.dumps(a)},
    "anthropic.messages": lambda n, a, i: {"type": "tool_use", "id": i, "name": n, "input": a},
    "gemini": lambda n, a, i: {"functionCall": {"name": n, "args": a, "id": i}},
    "bedrock.converse": lambda n, a, i: {"toolUse": {"toolUseId": i, "name": n, "input": a}},
    "mcp": lambda n, a, i: {"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": {"name": n, "arguments": a}},
    "canonical": lambda n, a, i: {"name": n, "args": a, "id": i},
}

# cross-dialect pairs: (source, target, hand-written conversion)
CONVERT: List[Tuple[str, str, Callable[[Dict[str, Any]], Dict[str, Any]]]] = [
    ("openai.chat", "anthropic.messages",
     lambda it: {"type": "tool_use", "id": it["id"], "name": it["function"]["name"],
                 "input": json.loads(it["function"]["arguments"])}),
    ("anthropic.messages", "gemini",
     lambda it: {"functionCall": {"name": it["name"], "args": it["input"], "id": it["id"]}}),
    ("gemini", "openai.chat",  # Gemini ids are optional: the target needs one
     lambda it: {"id": it["functionCall"].get("id") or f"call_{uuid.uuid4().hex[:24]}", "type": "function",
                 "function": {"name": it["functionCall"]["name"], "arguments": json.dumps(it["functionCall"]["args"])}}),
    ("openai.responses", "bedrock.converse",
     lambda it: {"toolUse": {"toolUseId": it["call_id"], "name": it["name"], "input": json.loads(it["arguments"])}}),
]
GEMINI_NO_ID = {"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}


def repair_baseline(item: Dict[str, Any]) -> Tuple[str, Any, str]:
    """Hand-written repair: strict JSON first, json-repair when that fails."""
    fn = item["function"]
    try:
        args = json.loads(fn["arguments"])
    except ValueError:
        args = json_repair.loads(fn["arguments"])
    return fn["name"], args, item["id"]


EMPTY = {"id": "c", "type": "function", "function": {"name": "f", "arguments": ""}}


# ---------------------------------------------------------------- measuring


class Bench:
    def __init__(self, quick: bool) -> None:
        self.quick = quick
        self.target = 0.01 if quick else 0.04  # seconds of CPU per repeat
        self.repeat = 5 if quick else 9
        self.rows: List[Row] = []

    def ns(self, fn: Fn) -> float:
        n = 1
        while True:
            t0 = time.process_time()
            for _ in range(n):
                fn()
            dt = time.process_time() - t0
            if dt >= 0.002:
                break
            n *= 4
        number = max(1, int(n * self.target / dt))
        return bd.median_ns(fn, number, self.repeat, timer=time.process_time)

    def add(self, section: str, case: str, who: str, value: float, unit: str, ratio: Optional[float],
            note: str = "") -> None:
        self.rows.append(dict(section=section, case=case, who=who, value=value, unit=unit, ratio=ratio, note=note))

    def case(self, section: str, case: str, base: Fn, cands: Dict[str, Fn], expected: Any = None) -> None:
        """Time *base* and each candidate; with *expected* (the arguments a correct answer
        holds), a result that does not hold them is noted beside its time."""
        b = self.ns(base)
        self.add(section, case, "baseline", b, "ns", 1.0, _check(base(), expected))
        for who, fn in cands.items():
            try:
                got = fn()
            except Exception as exc:  # a peer without an answer for this input
                self.add(section, case, who, float("nan"), "ns", None, f"raises {type(exc).__name__}")
                continue
            t = self.ns(fn)
            self.add(section, case, who, t, "ns", t / b, _check(got, expected))


def _args_of(result: Any) -> Any:
    """The arguments inside a baseline's, toolwire's or a peer's result."""
    choices = getattr(result, "choices", None)  # a whole response object (LiteLLM's stream builder)
    if choices:
        result = choices[0].message
    if isinstance(result, list) and result:
        result = result[0]
    if isinstance(result, tuple):
        return result[1]
    for attr in ("tool_calls", "args", "function"):
        inner = result.get(attr) if isinstance(result, dict) else getattr(result, attr, None)
        if inner is not None:
            if attr == "function":
                return getattr(inner, "arguments", inner)
            return _args_of(inner) if attr == "tool_calls" else inner
    return result


def _check(result: Any, expected: Any) -> str:
    if expected is None:
        return ""
    got = _args_of(result)
    if got == expected:
        return ""
    if isinstance(got, str):
        return "wrong: arguments left as text"
    return f"wrong: {str(got)[:40]}…" if len(str(got)) > 40 else f"wrong: {got}"


def peers_on(item: Dict[str, Any]) -> Dict[str, Fn]:
    return {who: (lambda f=f: f(item)) for who, f in PEERS.items()}


PEERS: Dict[str, Callable[[Dict[str, Any]], Any]] = {}


def load_peers() -> None:
    """The peers' per-item decoders (imported here, not when this module is imported)."""
    PEERS.update(bd.peers())
    try:  # langchain-openai: the AIMessage that LangChain builds from a Chat message dict
        from langchain_openai.chat_models.base import _convert_dict_to_message

        PEERS["langchain-openai"] = lambda it: _convert_dict_to_message(
            {"role": "assistant", "content": None, "tool_calls": [it]}
        ).tool_calls
    except ImportError:
        pass


# ---------------------------------------------------------------- sections


def micro(b: Bench) -> None:
    decode, decode_all, encode = toolwire.decode, toolwire.decode_all, toolwire.encode
    for d in DIALECTS:
        it, base = ITEMS[d], BASE_DECODE[d]
        cands: Dict[str, Fn] = {"toolwire": lambda it=it: decode(it), "toolwire (dialect=)": lambda it=it, d=d: decode(it, d)}
        if d == "openai.chat":
            cands["floor (parse + ToolCall, no checks)"] = lambda it=it: bd.floor(it)
            cands["baseline with pydantic-core's parser"] = lambda it=it: bd.baseline_pc(it)
            cands.update(peers_on(it))
        elif d in FLOOR_DECODE:
            cands["floor (lookups + ToolCall, no checks)"] = lambda it=it, f=FLOOR_DECODE[d]: f(it)
        b.case("decode", f"{d} call", lambda it=it, base=base: base(it), cands, CALL.args)
    batch_peers = {who: (lambda f=f: [f(tc) for tc in bd.BATCH["tool_calls"]]) for who, f in PEERS.items()}
    try:
        from langchain_core.output_parsers.openai_tools import parse_tool_calls

        batch_peers["langchain-core"] = lambda: parse_tool_calls(bd.BATCH["tool_calls"], return_id=True)
    except ImportError:
        pass
    b.case("decode", "batch of 8 (Chat message)", lambda: bd.baseline_batch(bd.BATCH),
           {"toolwire": lambda: decode_all(bd.BATCH), **batch_peers})
    tool_calls = bd.BATCH["tool_calls"]  # the bare list, as `decode_all(message["tool_calls"])` gets it
    b.case("decode", "list of 8 Chat calls (a message's tool_calls)", lambda: bd.baseline_batch(bd.BATCH),
           {"toolwire": lambda: decode_all(tool_calls), "toolwire ToolCalls(list)": lambda: toolwire.ToolCalls(tool_calls),
            **batch_peers})
    b.case("decode", "2 KB arguments", lambda: bd.baseline(bd.BIG), {"toolwire": lambda: decode(bd.BIG), "floor (parse + ToolCall, no checks)": lambda: bd.floor(bd.BIG),
            "baseline with pydantic-core's parser": lambda: bd.baseline_pc(bd.BIG), **peers_on(bd.BIG)},
           json.loads(bd.BIG_ARGS))
    sdk(b)
    b.case("repair", "single quotes, trailing comma", lambda: repair_baseline(bd.REPAIR_SMALL),
           {"toolwire": lambda: decode(bd.REPAIR_SMALL), **peers_on(bd.REPAIR_SMALL)}, {"city": "Paris", "n": 1})
    prefix = decode(bd.UNCLOSED, allow_truncated=True).args
    b.case("repair", "2 KB cut off (opt-in prefix)", lambda: repair_baseline(bd.UNCLOSED),
           {"toolwire": lambda: decode(bd.UNCLOSED, allow_truncated=True), **peers_on(bd.UNCLOSED)}, prefix)
    b.case("repair", "empty arguments \"\"", lambda: repair_baseline(EMPTY),
           {"toolwire": lambda: decode(EMPTY), **peers_on(EMPTY)}, {})
    raw_call = decode(bd.SMALL)
    b.case("encode", "openai.chat, unchanged call (raw text kept)",
           lambda: _chat_out(raw_call.name, raw_call.args, raw_call.id), {"toolwire": lambda: encode(raw_call, "openai.chat")})
    for d in DIALECTS:
        be = BASE_ENCODE[d]
        b.case("encode", f"{d} call", lambda be=be: be(CALL.name, CALL.args, CALL.id),
               {"toolwire": lambda d=d: encode(CALL, d)})
    # the args check of a writer (`check_args_to_write`) on large args: its level passes
    # (`plainly_json`, a fast path) beside the walk they stand for (`check_json_object`)
    big = {"rows": [{"id": i, "name": f"row {i}", "score": i * 0.5, "ok": i % 2 == 0, "tags": ["a", "b"]}
                    for i in range(1000)]}
    big_call = toolwire.ToolCall(name="export_rows", args=big, id="call_big")
    b.case("encode", "openai.chat call, 80 KB args (1,000 rows)",
           lambda: _chat_out(big_call.name, big_call.args, big_call.id),
           {"toolwire": lambda: encode(big_call, "openai.chat"),
            "args check alone: level passes (plainly_json)": lambda: plainly_json(big),
            "args check alone: the walk (check_json_object)": lambda: check_json_object(big, "$.args", "args",
                                                                                         tuples=True)})
    for src, dst, base in CONVERT:
        it = GEMINI_NO_ID if src == "gemini" else ITEMS[src]
        b.case("convert", f"{src} -> {dst}", lambda it=it, base=base: base(it),
               {"toolwire": lambda it=it, dst=dst: toolwire.convert(it, dst)})
    stream(b)


def sdk(b: Bench) -> None:
    tc = bd.sdk_object()
    if tc is None:
        b.add("decode", "openai SDK objects", "skipped", float("nan"), "ns", None, "openai not installed")
        return
    peers: Dict[str, Fn] = {}
    if "pydantic-ai" in PEERS:
        from pydantic_ai.messages import ToolCallPart

        peers["pydantic-ai"] = lambda: ToolCallPart(
            tool_name=tc.function.name, args=tc.function.arguments, tool_call_id=tc.id).args_as_dict()
    if "langchain-core" in PEERS:
        from langchain_core.output_parsers.openai_tools import parse_tool_call

        peers["langchain-core (model_dump)"] = lambda: parse_tool_call(tc.model_dump(), return_id=True)
    b.case("decode", "openai SDK tool call object", lambda: bd.baseline_sdk(tc), {"toolwire": lambda: toolwire.decode(tc),
           "floor (parse + ToolCall, no checks)": lambda: bd.floor_sdk(tc), **peers})
    from openai.types.chat import ChatCompletion

    comp = ChatCompletion.model_validate(json.loads((HERE.parent / "examples/payloads/openai_chat_response.json").read_text()))

    def base_comp() -> Any:
        return [(t.function.name, json.loads(t.function.arguments or "{}"), t.id)  # type: ignore[union-attr]
                for t in comp.choices[0].message.tool_calls or ()]

    b.case("decode", "openai SDK ChatCompletion (2 calls)", base_comp, {"toolwire": lambda: toolwire.decode_all(comp)})
    comp_dict = json.loads((HERE.parent / "examples/payloads/openai_chat_response.json").read_text())

    def base_comp_dict() -> Any:
        return [(t["function"]["name"], json.loads(t["function"]["arguments"] or "{}"), t["id"])
                for t in comp_dict["choices"][0]["message"]["tool_calls"] or ()]

    b.case("decode", "ChatCompletion dict (2 calls)", base_comp_dict, {"toolwire": lambda: toolwire.decode_all(comp_dict)})


def stream(b: Bench) -> None:
    from toolwire.stream import accumulate

    for label, d, options, base in bs.CASES:
        chunks = bs._stream(d, **options)
        cands: Dict[str, Fn] = {"toolwire": lambda c=chunks, d=d: accumulate(c, d),
                                "toolwire (detected)": lambda c=chunks: accumulate(c)}
        if label == "openai.chat":
            lite = _litellm_chunks(chunks)
            if lite is not None:
                from litellm import stream_chunk_builder

                cands["litellm"] = lambda lite=lite: stream_chunk_builder(lite)
        b.case("stream", f"{label}, {len(chunks)} chunks, 3 calls", lambda c=chunks, base=base: base(c), cands,
               bs.CALLS[0].args)


def _litellm_chunks(chunks: List[Dict[str, Any]]) -> Optional[List[Any]]:
    try:
        from litellm.types.utils import ModelResponseStream
    except ImportError:
        return None
    out = []
    import litellm

    litellm.suppress_debug_info = True
    for c in chunks:
        full = dict(c, id="chatcmpl-1", created=0, model="gpt-4o-mini")
        full["choices"] = [dict(ch, index=0) for ch in c["choices"]]
        out.append(ModelResponseStream(**full))
    return out


# ---------------------------------------------------------------- conversations


def conversation(b: Bench) -> None:
    """``check_conversation``, ``fix_conversation`` and ``encode_conversation`` on a
    121-message Chat history (``chat_history``): the first two on the decoded
    ``Conversation`` (a second row from the request body), the last from the body
    (history and hand-written baselines: ``bench_conversation.py``)."""
    from toolwire.conversation import check_conversation, fix_conversation

    body = bc.chat_history()
    conv = toolwire.decode_conversation(body, "openai.chat")
    n = len(body["messages"])
    assert bc.base_check(body) == [] and check_conversation(conv, "openai.chat") == []
    b.case("conversation", f"check_conversation, Chat history of {n} messages", lambda: bc.base_check(body),
           {"toolwire (Conversation)": lambda: check_conversation(conv, "openai.chat"),
            "toolwire (request body)": lambda: check_conversation(body, "openai.chat")})
    b.case("conversation", f"fix_conversation, Chat history of {n} messages", lambda: bc.base_fix(body),
           {"toolwire (Conversation)": lambda: fix_conversation(conv, "openai.chat")})
    b.case("conversation", f"encode_conversation Chat -> Anthropic, {n} messages", lambda: bc.base_to_anthropic(body),
           {"toolwire (request body)": lambda: toolwire.encode_conversation(body, "anthropic.messages",
                                                                            source="openai.chat")})


# ---------------------------------------------------------------- command line throughput

SHAPES = [
    '{"id": "call_IDX", "type": "function", "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}}',
    '{"type": "function_call", "call_id": "call_IDX", "name": "get_time", "arguments": "{}"}',
    '{"type": "tool_use", "id": "toolu_IDX", "name": "search", "input": {"q": "toolwire", "n": 3}}',
    '{"functionCall": {"name": "get_weather", "args": {"city": "Lisbon"}}}',
    '{"name": "search", "args": {"q": "x"}, "id": "IDX"}',
]


def make_jsonl(path: Path, mb: float) -> int:
    """A JSONL file of about *mb* MB of small records of five dialects; returns the count."""
    target, size, n = int(mb * 1e6), 0, 0
    with path.open("w", encoding="utf-8") as fh:
        while size < target:
            block = "".join(SHAPES[i % 5].replace("IDX", str(i)) + "\n" for i in range(n, n + 5000))
            fh.write(block)
            size += len(block)
            n += 5000
    return n


# The child process of a CLI measurement: runs toolwire's ``decode`` or the hand-written
# equivalent (for exactly the five shapes above, stdlib json), then reports its peak
# resident memory (VmHWM: this process's own high-water mark, unlike ru_maxrss, which
# Linux carries over from the parent across fork and exec).
CHILD = r"""
import json, sys

def hwm():
    try:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

def baseline(path):
    write = sys.stdout.write
    with open(path, "rb") as fh:
        for line in fh:
            d = json.loads(line)
            if "function" in d:
                f = d["function"]
                rec = {"name": f["name"], "args": json.loads(f["arguments"]), "id": d["id"]}
            elif d.get("type") == "function_call":
                rec = {"name": d["name"], "args": json.loads(d["arguments"]), "id": d["call_id"]}
            elif d.get("type") == "tool_use":
                rec = {"name": d["name"], "args": d["input"], "id": d["id"]}
            elif "functionCall" in d:
                fc = d["functionCall"]
                rec = {"name": fc["name"], "args": fc["args"], "id": fc.get("id")}
            else:
                rec = {"name": d["name"], "args": d["args"], "id": d["id"]}
            write(json.dumps([rec]) + "\n")
    return 0

if sys.argv[1] == "toolwire":
    from toolwire.cli import main
    rc = main(["decode", sys.argv[2]])
else:
    rc = baseline(sys.argv[2])
sys.stdout.flush()
sys.stderr.write(f"VmHWM {hwm()}\n")
sys.exit(rc)
"""


def run_child(who: str, path: Path) -> Tuple[float, float, float]:
    """(wall s, CPU s, peak memory MB) of one child process, its output discarded."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", CHILD, who, str(path)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    assert proc.stderr is not None
    err = proc.stderr.read().decode()
    proc.stderr.close()
    _, status, ru = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"{who} on {path} exited with {proc.returncode}: {err[-500:]}")
    peak = float(err.rsplit("VmHWM ", 1)[1])
    return wall, ru.ru_utime + ru.ru_stime, peak


def cli(b: Bench, big_mb: float, tmp: Path) -> None:
    sizes = [10.0] if b.quick else sorted({10.0, big_mb})
    check = tmp / "check.jsonl"
    make_jsonl(check, 0.01)
    outs = [
        subprocess.run([sys.executable, "-c", CHILD, who, str(check)], capture_output=True, check=True).stdout
        for who in ("toolwire", "baseline")
    ]
    assert [json.loads(x) for x in outs[0].splitlines()] == [json.loads(x) for x in outs[1].splitlines()], (
        "toolwire and the baseline disagree"
    )
    for mb in sizes:
        path = tmp / f"records_{mb:g}mb.jsonl"
        n = make_jsonl(path, mb)
        case = f"decode {mb:g} MB JSONL ({n:,} records)"
        res: Dict[str, Tuple[float, float, float]] = {}
        for who in ("baseline", "toolwire"):
            walls, cpus, peaks = [], [], []
            for _ in range(1 if mb >= 50 or b.quick else 3):
                w, c, p = run_child(who, path)
                walls.append(w)
                cpus.append(c)
                peaks.append(p)
            res[who] = (statistics.median(walls), statistics.median(cpus), max(peaks))
        bw, bc, bp = res["baseline"]
        for who, (w, c, p) in res.items():
            # ratios compare time (and memory) to the baseline's, like every other row: lower is better
            b.add("cli", case, who, n / c, "records/s (CPU)", c / bc)
            b.add("cli", case, who, n / w, "records/s (wall)", w / bw)
            b.add("cli", case, who, p, "peak memory MB", p / bp)
        path.unlink()


# ---------------------------------------------------------------- import time

IMPORTS = {
    "pydantic (lazy package)": "import pydantic",
    "pydantic + a first model": "import pydantic\nclass M(pydantic.BaseModel):\n    x: int",
    "toolwire": "import toolwire",
    "toolwire + first decode": "import toolwire; toolwire.decode({'name': 'f', 'args': {}})",
    "toolwire.cli": "import toolwire.cli",
    "pydantic-ai": "import pydantic_ai",
    "langchain-core": "import langchain_core.messages, langchain_core.output_parsers.openai_tools",
    "langchain-openai": "import langchain_openai",
    "litellm": "import litellm",
    "dspy": "import dspy",
}


def _installed(stmt: str) -> bool:
    mod = stmt.split()[1].split(".")[0].rstrip(",;")
    import importlib.util

    return importlib.util.find_spec(mod) is not None


def imports(b: Bench) -> None:
    def wall(stmt: str) -> float:
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", stmt], check=True, capture_output=True)
        return time.perf_counter() - t0

    empty = statistics.median(wall("pass") for _ in range(5))
    base = None  # the ratio is to "pydantic + a first model", measured first
    for who, stmt in IMPORTS.items():
        if not _installed(stmt):
            continue
        ours = who.startswith(("toolwire", "pydantic "))
        runs = (3 if ours else 1) if b.quick else (9 if ours else 3)
        ms = (statistics.median(wall(stmt) for _ in range(runs)) - empty) * 1e3
        if who == "pydantic + a first model":
            base = ms
        b.add("import", "import time (wall, minus bare interpreter)", who, ms, "ms", ms / base if base else None)


# ---------------------------------------------------------------- memory per decoded call


def memory(b: Bench) -> None:
    """Bytes each kept decoded call costs beyond its parsed arguments (tracemalloc):
    10,000 Chat items decoded and kept, minus the same argument texts parsed and kept."""
    import tracemalloc

    from pydantic_core import from_json

    n = 10_000
    items = [
        {"id": f"call_{i}", "type": "function", "function": {"name": "get_weather", "arguments": f'{{"city": "P{i}"}}'}}
        for i in range(n)
    ]

    def kept(fn: Callable[[Dict[str, Any]], Any]) -> float:
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        out = [fn(it) for it in items]
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        del out
        return (after - before) / n

    args_only = kept(lambda it: from_json(it["function"]["arguments"], cache_strings="keys"))
    calls = kept(toolwire.decode)
    b.add("memory", "decoded Chat call kept, beyond its arguments", "toolwire", calls - args_only, "bytes", None)


# ---------------------------------------------------------------- report


def table(rows: List[Row]) -> str:
    out = ["| section | case | who | median | unit | ratio to baseline |", "| --- | --- | --- | ---: | --- | ---: |"]
    for r in rows:
        v = r["value"]
        value = "—" if v != v else (f"{v:,.0f}" if v >= 100 else f"{v:,.1f}")
        ratio = "" if r["ratio"] is None else f"{r['ratio']:.2f}"
        who = r["who"] + (f" ({r['note']})" if r["note"] else "")
        out.append(f"| {r['section']} | {r['case']} | {who} | {value} | {r['unit']} | {ratio} |")
    return "\n".join(out)


def meta(quick: bool) -> Dict[str, Any]:
    versions = {}
    for name in ("toolwire", "pydantic", "pydantic-core", "openai", "pydantic-ai-slim", "langchain-core",
                 "langchain-openai", "litellm", "dspy"):
        try:
            from importlib.metadata import version

            versions[name] = version(name)
        except Exception:
            continue
    return {"python": platform.python_version(), "machine": platform.machine(), "system": platform.system(),
            "cpus": os.cpu_count(), "load": os.getloadavg()[0], "quick": quick, "versions": versions,
            "date": time.strftime("%Y-%m-%d")}


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer repeats, a 10 MB CLI file: under a minute")
    ap.add_argument("--json", default=None, help="write the rows and the run's metadata here")
    ap.add_argument("--markdown", default=None, help="write the table here")
    ap.add_argument("--cli-mb", type=float, default=100.0, help="size of the big CLI file (default 100 MB)")
    ap.add_argument("--only", default=None,
                    help="comma-separated sections: micro, conversation, cli, import, memory")
    a = ap.parse_args(argv)
    only = set((a.only or "micro,conversation,cli,import,memory").split(","))
    b = Bench(a.quick)
    t0 = time.perf_counter()
    load_peers()
    if "micro" in only:
        micro(b)
    if "conversation" in only:
        conversation(b)
    if "cli" in only:
        with tempfile.TemporaryDirectory() as tmp:
            cli(b, a.cli_mb, Path(tmp))
    if "import" in only:
        imports(b)
    if "memory" in only:
        memory(b)
    info = meta(a.quick)
    info["seconds"] = round(time.perf_counter() - t0, 1)
    text = table(b.rows)
    peers = ", ".join(sorted(PEERS)) or "none"
    print(text)
    print(f"\npeers installed: {peers}; {info['python']} on {info['cpus']} CPUs, load {info['load']:.1f}; "
          f"{info['seconds']} s")
    if a.json:
        Path(a.json).write_text(json.dumps({"meta": info, "rows": b.rows}, indent=1) + "\n", encoding="utf-8")
    if a.markdown:
        Path(a.markdown).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
