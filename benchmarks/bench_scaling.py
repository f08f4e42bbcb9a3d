"""Scaling of the entry points that read model output or a caller's schema, at n and 4n.

Run: ``python benchmarks/bench_scaling.py [--quick]``. Each row times one hostile input
of size n and of size 4n in the same run and prints the ratio: linear work gives ~4x,
quadratic ~16x (DESIGN.md invariant 8; issue #16). Inputs:

- DeepSeek DSML: an ``invoke`` tag followed by letters and no ``=`` (cut off);
- Llama: ``<|python_start|>``, spaces, then a quote (cut off);
- ``response.normalize``: ``"<think>"`` repeated, never closed;
- ``retry.classify`` / JSON extraction: three backticks and letters, no newline;
- ``schema.validate``: an array nested n deep against a recursive ``anyOf`` schema;
- ``pattern`` ``^(a+)+$`` against n ``a``s and a ``!`` (18.7 s at 28 on Python's ``re``),
  in ``schema.validate`` and a ``to_pydantic`` model;
- ``uniqueItems`` over n distinct items (8.5 s at 6,000 when compared pairwise).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from typing import Any, Callable, List, Tuple

import toolwire
from toolwire import schema
from toolwire.response import normalize
from toolwire.retry import classify, prepare

RECURSIVE = {"anyOf": [{"type": "array", "items": {"$ref": "#"}}, {"type": "integer"}]}


def _nest(n: int) -> Any:
    v: Any = 1
    for _ in range(n):
        v = [v]
    return v


NESTED_PATTERN = {"type": "string", "pattern": "^(a+)+$"}
PATTERN_MODEL = schema.to_pydantic({"type": "object", "properties": {"s": NESTED_PATTERN}})
UNIQUE = {"type": "array", "uniqueItems": True}
UNIQUE_MODEL = schema.to_pydantic({"type": "object", "properties": {"a": UNIQUE}})

def _model(model: Any, value: Any) -> bool:
    try:
        model.model_validate(value)
    except ValueError:  # pydantic's ValidationError: a refusal is an answer too
        return False
    return True


STATE = prepare({"model": "m", "messages": [{"role": "user", "content": "?"}]},
                {"type": "object", "properties": {"a": {"type": "integer"}}}, "openai.chat", mode="native").state


def _chat(text: str) -> Any:
    return {"choices": [{"message": {"role": "assistant", "content": text}, "finish_reason": "stop"}]}


CASES: List[Tuple[str, int, Callable[[int], Any], Callable[[Any], Any]]] = [
    ("text.deepseek DSML invoke + letters", 12_000,
     lambda n: "<｜DSML｜function_calls><｜DSML｜invoke " + "a" * n,
     lambda t: toolwire.decode_text(t, "text.deepseek", finish_reason="length")),
    ("text.llama <|python_start|> + spaces + quote", 16_000,
     lambda n: "<|python_start|>" + " " * n + "'",
     lambda t: toolwire.decode_text(t, "text.llama", finish_reason="length")),
    ("response.normalize '<think>' x n", 8_000, lambda n: _chat("<think>" * n), normalize),
    ("retry.classify fence + letters", 32_000, lambda n: _chat("```" + "a" * n), lambda r: classify(r, STATE)),
    ("schema.validate recursive anyOf, n deep", 60, _nest, lambda v: schema.validate(v, RECURSIVE)),
    ("schema.validate pattern ^(a+)+$, 'a' x n + '!'", 25_000, lambda n: "a" * n + "!",
     lambda t: schema.validate(t, NESTED_PATTERN)),
    ("to_pydantic model pattern ^(a+)+$, 'a' x n + '!'", 25_000, lambda n: {"s": "a" * n + "!"},
     lambda v: _model(PATTERN_MODEL, v)),
    ("schema.validate uniqueItems, n distinct items", 6_000, lambda n: [[i, {"k": str(i)}] for i in range(n)],
     lambda v: schema.validate(v, UNIQUE)),
    ("to_pydantic model uniqueItems, n distinct items", 6_000, lambda n: {"a": [[i, {"k": str(i)}] for i in range(n)]},
     lambda v: _model(UNIQUE_MODEL, v)),
]


def _time(fn: Callable[[Any], Any], arg: Any, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        with contextlib.suppress(toolwire.ToolwireError):  # a refusal is an answer too
            fn(arg)
        best = min(best, time.perf_counter() - t)
    return best


def main(argv: Any = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args(argv)
    repeat = 1 if a.quick else 3
    print("| case | n | time at n | time at 4n | ratio |\n| --- | ---: | ---: | ---: | ---: |")
    for name, n, make, fn in CASES:
        small, big = _time(fn, make(n), repeat), _time(fn, make(4 * n), repeat)
        print(f"| {name} | {n:,} | {small * 1e3:.2f} ms | {big * 1e3:.2f} ms | {big / small:.1f}x |")
    return 0


if __name__ == "__main__":
    sys.setrecursionlimit(10_000)
    sys.exit(main())
