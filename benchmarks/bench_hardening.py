"""Resource bounds: time per MB for decode and repair, json-repair's worst cases.

Run: ``python benchmarks/bench_hardening.py [--quick]``. Prints

1. decode time per MB of argument text (1, 2, 5, 10 MB; ``--quick``: 0.25-2 MB) for
   valid JSON, a truncated object repaired with ``allow_truncated=True``
   (pydantic-core's partial parser) and malformed text refused (scan only) — the
   per-MB column staying flat shows linear time;
2. the json-repair tier per MB (``max_repair_bytes`` raised to let it run);
3. json-repair's worst cases at 64 KiB: alone, and through toolwire with its bounds
   (``max_repair_bytes``, nesting and "object or array where a key belongs" refused
   unrepaired);
4. the repair of a 2 KB unclosed object with ``allow_truncated=True`` (goal <= 100 us);
5. 10k / 100k parallel calls in one message (time per call flat = linear).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import time
from typing import Any, Callable, List

import toolwire

MB = 1024 * 1024


def _best(fn: Callable[[], Any], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        with contextlib.suppress(toolwire.ToolwireError, ValueError):  # refused, or json-repair giving up
            fn()
        best = min(best, time.perf_counter() - t)
    return best


def _object_text(size: int) -> str:
    """JSON text of an object of about *size* characters (rows of mixed values)."""
    row = {"id": 12345, "name": "item name", "tags": ["a", "b"], "price": 1.5, "ok": True}
    n = max(1, size // (len(json.dumps(row)) + 2))
    return json.dumps({"rows": [dict(row, id=i) for i in range(n)]})


def _call(text: str) -> Any:
    return {"id": "c", "type": "function", "function": {"name": "f", "arguments": text}}


def per_mb(sizes: List[float]) -> None:
    print("1. decode, ms per MB of argument text")
    print(f"{'size MB':>8} {'valid':>10} {'truncated+allow':>16} {'malformed refused':>18}")
    for mb in sizes:
        text = _object_text(int(mb * MB))
        real = len(text) / MB
        valid = _best(lambda text=text: toolwire.decode(_call(text)))
        cut = text[: len(text) - 17]
        truncated = _best(lambda cut=cut: toolwire.decode(_call(cut), allow_truncated=True))
        bad = "{'x': " + text[1:]
        refused = _best(lambda bad=bad: toolwire.decode(_call(bad)))
        print(f"{real:8.2f} {valid / real * 1e3:10.1f} {truncated / real * 1e3:16.1f} {refused / real * 1e3:18.1f}")


def repair_per_mb(sizes: List[float]) -> None:
    print("\n2. json-repair tier (single quotes, trailing commas), ms per MB, max_repair_bytes raised")
    for mb in sizes:
        text = _object_text(int(mb * MB)).replace('"', "'")
        real = len(text) / MB
        took = _best(lambda text=text: toolwire.decode(_call(text), max_repair_bytes=len(text) + 1), repeat=1)
        print(f"{real:8.2f} MB {took / real * 1e3:10.1f} ms/MB")


WORST = {
    "'{' * n (open braces)": lambda n: "{" * n,
    "('{' * 200 + '}' * 200) blocks": lambda n: ("{" * 200 + "}" * 200) * (n // 400),
    "'{' * n/2 + '}' * n/2": lambda n: "{" * (n // 2) + "}" * (n // 2),
    "'{a' blocks of 150": lambda n: "{" + ("{a" * 150 + "}" * 150) * (n // 450) + "}",
    "quote soup": lambda n: '{"a": "' + '"' * n + "}",
    "arrays where keys belong": lambda n: '{"a": ' + "[1]," * (n // 4) + "}",
    "single-quoted object": lambda n: "{" + ", ".join(f"'k{i}': 'v{i}'" for i in range(n // 14)) + "}",
    "unquoted keys": lambda n: "{" + ", ".join(f"k{i}: {i}" for i in range(n // 10)) + "}",
}


def worst_cases(n: int) -> None:
    import json_repair

    print(f"\n3. json-repair worst cases at {n // 1024} KiB: json-repair alone vs toolwire.decode (default policy)")
    for name, make in WORST.items():
        text = make(n)
        alone = _best(lambda text=text: json_repair.loads(text), repeat=1)
        bounded = _best(lambda text=text: toolwire.decode(_call(text)), repeat=1)
        print(f"{name:34} {alone * 1e3:10.1f} ms {bounded * 1e3:10.1f} ms")


def unclosed_2kb() -> None:
    text = _object_text(2048)[:-25]
    item = _call(text)
    toolwire.decode(item, allow_truncated=True)
    n = 2000
    t = time.perf_counter()
    for _ in range(n):
        toolwire.decode(item, allow_truncated=True)
    us = (time.perf_counter() - t) / n * 1e6
    print(f"\n4. repair of a {len(text)}-character unclosed object (allow_truncated=True): {us:.1f} us (goal <= 100 us)")


def parallel() -> None:
    print("\n5. parallel calls in one message, us per call")
    for n in (10_000, 100_000):
        msg = {"role": "assistant", "content": None, "tool_calls": [
            {"id": f"call_{i}", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}} for i in range(n)]}
        took = _best(lambda msg=msg: toolwire.decode_all(msg), repeat=2)
        gc.disable()  # CPython's cyclic GC rescans the growing heap: the rest is toolwire's
        try:
            bare = _best(lambda msg=msg: toolwire.decode_all(msg), repeat=2)
        finally:
            gc.enable()
        print(f"{n:>8} calls {took / n * 1e6:8.2f} us/call ({bare / n * 1e6:.2f} with gc disabled)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    sizes = [0.25, 0.5, 1, 2] if args.quick else [1, 2, 5, 10]
    per_mb(sizes)
    repair_per_mb([0.0625, 0.125, 0.25] if args.quick else [0.25, 0.5, 1, 2])
    worst_cases(16 * 1024 if args.quick else 64 * 1024)
    unclosed_2kb()
    parallel()


if __name__ == "__main__":
    main()
