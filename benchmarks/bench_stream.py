"""Stream accumulation: toolwire against a hand-written per-dialect accumulator and
against LiteLLM's ``stream_chunk_builder`` (Chat only) when it is installed.

A 50-chunk stream carrying 3 parallel calls, per dialect. Prints the median time
per stream and the ratio to the hand-written baseline (target: <= 1.5x).

    .venv/bin/python benchmarks/bench_stream.py
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from toolwire import ToolCall  # noqa: E402
from toolwire.stream import Accumulator, accumulate, encode_stream  # noqa: E402

CALLS = [  # ids every dialect takes as they are (Mistral: 9 alphanumerics)
    ToolCall(name="get_weather", args={"city": "Paris", "unit": "celsius", "days": 3}, id="callAAAA1"),
    ToolCall(name="search", args={"query": "best bakeries near the Louvre", "limit": 5}, id="callBBBB2"),
    ToolCall(name="book", args={"place": "Du Pain et des Idees", "time": "09:30", "people": 2},
             id="callCCCC3"),
]


def _stream(dialect: str, target: int = 50, **options: Any) -> List[Dict[str, Any]]:
    """A stream of about *target* chunks: the fragment size is searched for."""
    best = None
    for size in range(1, 60):
        chunks = encode_stream(CALLS, dialect, split=size, **options)
        if best is None or abs(len(chunks) - target) < abs(len(best) - target):
            best = chunks
    assert best is not None
    return best


# ---- hand-written accumulators: the least code that handles the happy path ----------


def chat_baseline(chunks: List[Dict[str, Any]]) -> List[Any]:
    calls: Dict[int, Dict[str, Any]] = {}
    for ch in chunks:
        for choice in ch["choices"]:
            for tc in choice["delta"].get("tool_calls") or ():
                c = calls.setdefault(tc["index"], {"id": None, "name": None, "parts": []})
                if tc.get("id"):
                    c["id"] = tc["id"]
                fn = tc.get("function") or {}
                if fn.get("name"):
                    c["name"] = fn["name"]
                if fn.get("arguments"):
                    c["parts"].append(fn["arguments"])
    return [(c["name"], json.loads("".join(c["parts"]) or "{}"), c["id"]) for c in calls.values()]


def anthropic_baseline(events: List[Dict[str, Any]]) -> List[Any]:
    blocks: Dict[int, Dict[str, Any]] = {}
    out = []
    for e in events:
        t = e["type"]
        if t == "content_block_start" and e["content_block"]["type"] == "tool_use":
            b = e["content_block"]
            blocks[e["index"]] = {"id": b["id"], "name": b["name"], "parts": []}
        elif t == "content_block_delta" and e["delta"]["type"] == "input_json_delta":
            blocks[e["index"]]["parts"].append(e["delta"]["partial_json"])
        elif t == "content_block_stop" and e["index"] in blocks:
            b = blocks.pop(e["index"])
            out.append((b["name"], json.loads("".join(b["parts"]) or "{}"), b["id"]))
    return out


def responses_baseline(events: List[Dict[str, Any]]) -> List[Any]:
    items: Dict[int, Dict[str, Any]] = {}
    out = []
    for e in events:
        t = e["type"]
        if t == "response.output_item.added" and e["item"]["type"] == "function_call":
            items[e["output_index"]] = {"id": e["item"]["call_id"], "name": e["item"]["name"], "parts": []}
        elif t == "response.function_call_arguments.delta":
            items[e["output_index"]]["parts"].append(e["delta"])
        elif t == "response.output_item.done" and e["output_index"] in items:
            it = items.pop(e["output_index"])
            out.append((it["name"], json.loads("".join(it["parts"]) or "{}"), it["id"]))
    return out


def bedrock_baseline(events: List[Dict[str, Any]]) -> List[Any]:
    blocks: Dict[int, Dict[str, Any]] = {}
    out = []
    for e in events:
        if "contentBlockStart" in e:
            s = e["contentBlockStart"]
            use = s["start"].get("toolUse")
            if use:
                blocks[s["contentBlockIndex"]] = {"id": use["toolUseId"], "name": use["name"], "parts": []}
        elif "contentBlockDelta" in e:
            d = e["contentBlockDelta"]
            use = d["delta"].get("toolUse")
            if use:
                blocks[d["contentBlockIndex"]]["parts"].append(use["input"])
        elif "contentBlockStop" in e:
            b = blocks.pop(e["contentBlockStop"]["contentBlockIndex"], None)
            if b:
                out.append((b["name"], json.loads("".join(b["parts"]) or "{}"), b["id"]))
    return out


def cohere_baseline(events: List[Dict[str, Any]]) -> List[Any]:
    calls: Dict[int, Dict[str, Any]] = {}
    out = []
    for e in events:
        t = e["type"]
        if t == "tool-call-start":
            tc = e["delta"]["message"]["tool_calls"]
            calls[e["index"]] = {"id": tc["id"], "name": tc["function"]["name"], "parts": []}
        elif t == "tool-call-delta":
            calls[e["index"]]["parts"].append(e["delta"]["message"]["tool_calls"]["function"]["arguments"])
        elif t == "tool-call-end":
            c = calls.pop(e["index"])
            out.append((c["name"], json.loads("".join(c["parts"]) or "{}"), c["id"]))
    return out


def no_index_baseline(chunks: List[Dict[str, Any]]) -> List[Any]:
    """Chat deltas without ``index`` (some gateways): a delta with an id starts a call,
    the others extend the last one."""
    calls: List[Dict[str, Any]] = []
    for ch in chunks:
        for choice in ch["choices"]:
            for tc in choice["delta"].get("tool_calls") or ():
                fn = tc.get("function") or {}
                if tc.get("id"):
                    calls.append({"id": tc["id"], "name": fn.get("name"), "parts": []})
                if fn.get("arguments"):
                    calls[-1]["parts"].append(fn["arguments"])
    return [(c["name"], json.loads("".join(c["parts"]) or "{}"), c["id"]) for c in calls]


BASELINES: Dict[str, Callable[[List[Dict[str, Any]]], List[Any]]] = {
    "openai.chat": chat_baseline,
    "anthropic.messages": anthropic_baseline,
    "openai.responses": responses_baseline,
    "bedrock.converse": bedrock_baseline,
    "cohere.v2": cohere_baseline,
}

Baseline = Callable[[List[Dict[str, Any]]], List[Any]]
# (label, dialect, stream options, baseline): every dialect that streams argument
# text, and Chat deltas without an index (a gateway quirk, not a dialect)
CASES: List[Tuple[str, str, Dict[str, Any], Baseline]] = [
    *((d, d, {}, base) for d, base in BASELINES.items()),
    ("mistral", "mistral", {"with_index": True}, chat_baseline),  # argument deltas keyed by index
    ("openai.chat, no index", "openai.chat", {"with_index": False}, no_index_baseline),
]


def _medians(*fns: Callable[[], Any], repeat: int = 15, number: int = 200) -> List[float]:
    """Median time per call of each function, measured interleaved (so that the load
    of a shared machine hits every contender alike)."""
    times: List[List[float]] = [[] for _ in fns]
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            t0 = time.perf_counter()
            for _ in range(number):
                fn()
            times[i].append((time.perf_counter() - t0) / number)
    return [statistics.median(t) for t in times]


def _events_loop(chunks: List[Dict[str, Any]], dialect: str) -> Any:
    acc = Accumulator(dialect)
    for c in chunks:
        acc.feed(c)
    return acc.close()


def main() -> None:
    expected = [(c.name, c.args, c.id) for c in CALLS]
    print("median per stream; toolwire = Accumulator.feed per chunk with events (dialect given),")
    print("accumulate = toolwire.stream.accumulate(chunks) (dialect detected, no delta events)")
    print(f"{'dialect':<24}{'chunks':>7}{'baseline':>12}{'toolwire':>12}{'ratio':>8}{'accumulate':>12}{'ratio':>8}")
    for label, dialect, options, base in CASES:
        chunks = _stream(dialect, **options)
        assert base(chunks) == expected, dialect
        assert [(c.name, c.args, c.id) for c in accumulate(chunks, dialect)] == expected, dialect
        tb, tt, td = _medians(
            lambda chunks=chunks, base=base: base(chunks),
            lambda chunks=chunks, dialect=dialect: _events_loop(chunks, dialect),
            lambda chunks=chunks: accumulate(chunks),
        )
        print(f"{label:<24}{len(chunks):>7}{tb * 1e6:>10.1f}us{tt * 1e6:>10.1f}us{tt / tb:>7.2f}x"
              f"{td * 1e6:>10.1f}us{td / tb:>7.2f}x")
    try:
        from litellm import stream_chunk_builder
        from litellm.types.utils import ModelResponseStream
    except ImportError:
        print("litellm: not installed (skipped)")
        return
    chunks = _stream("openai.chat")
    objs = []
    for c in chunks:
        full = dict(c, id="chatcmpl-1", created=0, model="m")
        full["choices"] = [dict(ch, index=0) for ch in c["choices"]]
        objs.append(ModelResponseStream(**full))
    tl, tt = _medians(lambda: stream_chunk_builder(objs), lambda: _events_loop(chunks, "openai.chat"), number=50)
    print(f"litellm stream_chunk_builder: {tl * 1e6:.1f}us; toolwire {tt * 1e6:.1f}us ({tt / tl:.2f}x)")


if __name__ == "__main__":
    main()
