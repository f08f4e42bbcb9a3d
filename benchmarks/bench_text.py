"""Benchmark of the open-model text formats (``decode_text`` / ``TextParser``).

Prints, per family:

- ``decode_text`` throughput in MB/s on a ~20 KB model output (reasoning, content and
  a few calls with long string arguments, rendered with ``encode_text``), and on an
  output of 200 small calls (markup-heavy);
- the streaming cost per delta (CPU time) when the same output is fed one character
  at a time, for 10 KB, 20 KB and 40 KB outputs: the cost per delta must stay flat
  (linear total), so the ratio 20 KB / 10 KB of the per-delta cost is about 1.0
  (re-parsing the whole buffer on each delta would make it about 2.0);
- with ``--memory``: the peak memory a ``TextParser`` holds per input byte while it is
  fed a 40 KB output one character at a time (``tracemalloc``), on the realistic
  output, on plain content and on one call with a long argument (#16).

Run: ``.venv/bin/python benchmarks/bench_text.py`` (``--quick`` for a short run,
``--memory`` for the memory table only).
"""

from __future__ import annotations

import sys
import time
import tracemalloc
from typing import Callable, Dict, List, Tuple

sys.path.insert(0, "src")

from toolwire._types import ToolCall  # noqa: E402
from toolwire.text._api import TEXT_FORMATS, TextParser, decode_text, encode_text  # noqa: E402

REASONING = {
    "text.hermes": ("<think>\n", "\n</think>\n\n"),
    "text.qwen3-xml": ("<think>\n", "\n</think>\n\n"),
    "text.glm": ("<think>", "</think>"),
    "text.kimi": ("<think>", "</think>"),
    "text.deepseek": ("<think>", "</think>\n\n"),
    "text.mistral": ("[THINK]", "[/THINK]"),
    "text.gemma": ("<|channel>thought\n", "<channel|>"),
    "text.harmony": ("<|channel|>analysis<|message|>", "<|end|><|start|>assistant"),
    "text.llama": ("", ""),
    "text.minimax": ("<think>\n", "\n</think>\n\n"),
    "text.hunyuan": ("<think>\n", "\n</think>\n"),
    "text.step": ("<think>", "</think>"),
    "text.gigachat": ("", ""),
    "text.granite": ("<think>", "</think>"),
    "text.lfm2": ("<think>", "</think>"),
    "text.seed-oss": ("<seed:think>", "</seed:think>"),
    "text.xlam": ("<think>", "</think>"),
    "text.jamba": ("", ""),
    "text.internlm": ("<think>", "</think>"),
    "text.ernie": ("<think>\n", "\n</think>\n\n"),
    "text.command-r": ("<|START_THINKING|>", "<|END_THINKING|>"),
    "text.nemotron": ("<think>\n", "\n</think>\n\n"),
    "text.apertus": ("<|inner_prefix|>", "<|inner_suffix|>"),
    "text.firefunction": ("", ""),
    "text.functionary": ("", ""),
    "text.longcat": ("<longcat_think>", "</longcat_think>"),
    "text.olmo": ("<think>", "</think>"),
    "text.minicpm": ("<think>", "</think>"),
    "text.dots": ("<think>", "</think>"),
    "text.muse-glimmer": (" to=self<|message|>", "<|eom|><|start|>assistant"),
}
# a format not listed above (a reasoning block of its own markup not written here) is
# benchmarked without one: a format added later never stops the run (``text.longcat`` did)
WORDS = "the quick brown fox jumps over the lazy dog while Zürich 東京 weather is checked "


def output(dialect: str, size: int) -> str:
    """A model output of about *size* characters: reasoning, a preamble, calls."""
    calls = []
    i = 0
    while True:
        body = (WORDS * (size // (4 * len(WORDS)) + 1))[: size // 4]
        calls.append(ToolCall(name=f"tool_{i}", args={"text": body, "n": i, "opts": {"deep": [1, 2, {"x": None}]}}))
        i += 1
        calls_text = encode_text(calls, dialect, variant="pythonic" if dialect == "text.llama" else None)
        if len(calls_text) >= size * 0.7:
            break
    open_, close = REASONING.get(dialect, ("", ""))
    room = max(0, size - len(calls_text))
    thought = (WORDS * (room // len(WORDS) + 1))[: room // 2]
    if dialect in ("text.llama",):
        return calls_text
    if dialect in ("text.harmony", "text.xlam", "text.muse-glimmer"):  # xLAM: the array is the whole answer
        return f"{open_}{thought}{close}{calls_text}"
    return f"{open_}{thought}{close}Let me check that.\n{calls_text}"


def dense(dialect: str, n: int = 200) -> str:
    """Many small calls (markup-heavy): ``n`` calls of two short arguments."""
    calls = [ToolCall(name=f"get_{i}", args={"city": "Paris", "days": i}) for i in range(n)]
    return encode_text(calls, dialect, variant="pythonic" if dialect == "text.llama" else None)


def best(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return min(times)


def stream_chars(text: str, dialect: str) -> float:
    p = TextParser(dialect)
    feed = p.feed
    t = time.process_time()  # CPU time: other processes on the machine do not count
    for ch in text:
        feed(ch)
    result = p.close()
    elapsed = time.process_time() - t
    assert result == decode_text(text, dialect), dialect  # streaming equals one-shot
    return elapsed


def per_delta(text: str, dialect: str, runs: int) -> float:
    """Best-of-*runs* cost of one ``feed`` of one character, in microseconds."""
    return min(stream_chars(text, dialect) for _ in range(runs)) / len(text) * 1e6


def peak_per_byte(text: str, dialect: str) -> float:
    """Peak bytes held by one ``TextParser`` fed *text* one character at a time, per
    input byte (the events it returns are dropped, as a consumer that forwards them)."""
    decode_text(text, dialect)  # modules the parse loads on first use are not counted
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        p = TextParser(dialect)
        feed = p.feed
        for ch in text:
            feed(ch)
        p.close()
        peak = tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()
    return peak / len(text.encode())


def memory() -> None:
    rows: List[Tuple[str, ...]] = []
    for fmt in TEXT_FORMATS:
        d = fmt.name
        long_arg = encode_text([ToolCall(name="write", args={"text": WORDS * 500})], d,
                               variant="pythonic" if d == "text.llama" else None)
        plain = WORDS * 500
        cjk = "東京の天気は晴れです。" * 2000
        cells = tuple(f"{peak_per_byte(t, d):6.1f}" for t in (output(d, 40_000), plain, cjk, long_arg))
        rows.append((d, *cells))
    head = ("dialect", "B/byte: 40 KB output", "plain content", "CJK content", "one long argument")
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    for row in (head, *rows):
        print("  ".join(str(c).rjust(w) for c, w in zip(row, widths)))


def main() -> None:
    if "--memory" in sys.argv:
        memory()
        return
    quick = "--quick" in sys.argv
    repeat = 3 if quick else 10
    rows: List[Tuple[str, ...]] = []
    results: Dict[str, float] = {}
    for fmt in TEXT_FORMATS:
        d = fmt.name
        big = output(d, 20_000)
        half = output(d, 10_000)
        double = output(d, 40_000)
        r = decode_text(big, d)
        assert r.tool_calls and all(isinstance(c, ToolCall) for c in r.tool_calls), d
        t = best(lambda big=big, d=d: decode_text(big, d), repeat)
        mbs = len(big.encode()) / t / 1e6
        many = dense(d)
        assert len(decode_text(many, d).tool_calls) == 200, d
        small = len(many.encode()) / best(lambda many=many, d=d: decode_text(many, d), repeat) / 1e6
        per_delta(half, d, 1)  # warm up
        s10 = s20 = s40 = float("inf")
        for _ in range(3 if quick else 7):  # interleaved, so load on the machine hits all alike
            s10 = min(s10, per_delta(half, d, 1))
            s20 = min(s20, per_delta(big, d, 1))
            s40 = min(s40, per_delta(double, d, 1))
        results[d] = s20 / s10
        cells = (f"{len(big):,}", f"{len(r.tool_calls)}", f"{mbs:7.1f}", f"{small:6.1f}")
        cells += (f"{s10:6.2f}", f"{s20:6.2f}", f"{s40:6.2f}", f"{s20 / s10:5.2f}")
        rows.append((d, *cells))
    head = ("dialect", "chars", "calls", "decode MB/s", "200 calls MB/s")
    head += ("µs/delta 10KB", "µs/delta 20KB", "µs/delta 40KB", "20KB/10KB")
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    for row in (head, *rows):
        print("  ".join(str(c).rjust(w) for c, w in zip(row, widths)))
    worst = max(results.values())
    print(f"\nstreaming one character at a time: worst per-delta ratio 20 KB / 10 KB = {worst:.2f} "
          "(about 1.0 means linear; 2.0 would mean quadratic)")


if __name__ == "__main__":
    main()
