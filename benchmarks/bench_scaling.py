"""Scaling of the entry points that read model output or a caller's schema, at n and 4n.

Run: ``python benchmarks/bench_scaling.py [--quick]``. Each row times one hostile input
of size n and of size 4n in the same run and prints the ratio: linear work gives ~4x,
quadratic ~16x (DESIGN.md invariant 8; issue #16). Inputs:

- DeepSeek DSML: an ``invoke`` tag followed by letters and no ``=`` (cut off);
- Llama: ``<|python_start|>``, spaces, then a quote (cut off);
- ``response.normalize``: ``"<think>"`` repeated, never closed;
- ``retry.classify`` / JSON extraction: three backticks and letters, no newline;
- ``schema.validate``: an array nested n deep against a recursive ``anyOf`` schema;
- text formats (#17): a DSML invoke and a Kimi K3 call with many parameters, plain
  Harmony text, a Qwen3-Coder call and an unclosed Gemma bare call fed one character
  at a time.
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
from toolwire.text._api import TextParser

RECURSIVE = {"anyOf": [{"type": "array", "items": {"$ref": "#"}}, {"type": "integer"}]}


def _nest(n: int) -> Any:
    v: Any = 1
    for _ in range(n):
        v = [v]
    return v


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
    ("text.deepseek DSML invoke with n/40 parameters", 40_000,
     lambda n: "<｜DSML｜tool_calls><｜DSML｜invoke name=\"f\">" + "".join(
         f'<｜DSML｜parameter name="p{i}" string="true">v</｜DSML｜parameter>' for i in range(n // 40))
     + "</｜DSML｜invoke></｜DSML｜tool_calls>",
     lambda t: toolwire.decode_text(t, "text.deepseek")),
    ("text.kimi K3 call with n/50 arguments", 50_000,
     lambda n: "<|open|>tools<|sep|><|open|>call tool=\"f\" index=\"1\"<|sep|>" + "".join(
         f'<|open|>argument key="k{i}" type="string"<|sep|>v<|close|>argument<|sep|>' for i in range(n // 50))
     + "<|close|>call<|sep|><|close|>tools<|sep|>",
     lambda t: toolwire.decode_text(t, "text.kimi")),
    ("text.harmony plain text, one-character deltas", 20_000, lambda n: "word " * (n // 5),
     lambda t: _stream(t, "text.harmony")),
    ("text.qwen3-xml one call, one-character deltas", 20_000,
     lambda n: "<tool_call>\n<function=f>\n<parameter=a>\n" + "x\n" * (n // 2) + "</parameter>\n</function>\n</tool_call>",
     lambda t: _stream(t, "text.qwen3-xml")),
    ("text.gemma bare call:{ never closed", 20_000, lambda n: "<channel|>call:f{" + "a:[" * (n // 3),
     lambda t: _stream(t, "text.gemma")),
    ("response.normalize '<think>' x n", 8_000, lambda n: _chat("<think>" * n), normalize),
    ("retry.classify fence + letters", 32_000, lambda n: _chat("```" + "a" * n), lambda r: classify(r, STATE)),
    ("schema.validate recursive anyOf, n deep", 60, _nest, lambda v: schema.validate(v, RECURSIVE)),
]


def _stream(text: str, dialect: str) -> Any:
    p = TextParser(dialect)
    for ch in text:
        p.feed(ch)
    return p.close("stop")


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
