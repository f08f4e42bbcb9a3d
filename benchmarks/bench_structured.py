"""Structured-output timings: ``to_pydantic`` and ``render`` on a 200-property schema,
and ``response.normalize`` against a hand-written extraction.

Run: ``python benchmarks/bench_structured.py [--quick] [--json out.json]``. Prints the
median time per call and, for ``response.normalize``, the ratio to a hand-written
extraction of the same fields measured in the same run (text, reasoning, refusal,
finish reason with a dict lookup, usage). ``to_pydantic`` and ``render`` have no
hand-written equivalent; their ratio is given against ``normalize`` (the deep copy
every call starts with), which says what the rewrite itself costs.
"""

from __future__ import annotations

import argparse
import json
import statistics
import timeit
from typing import Any, Callable, Dict, List

from toolwire import response
from toolwire.schema import normalize, render, to_pydantic


def schema_200() -> Dict[str, Any]:
    """200 properties of every common kind, a third optional, with enums and nesting."""
    props: Dict[str, Any] = {}
    for i in range(200):
        kind = i % 8
        if kind == 0:
            props[f"s{i}"] = {"type": "string", "description": f"field {i}", "maxLength": 40}
        elif kind == 1:
            props[f"n{i}"] = {"type": "integer", "minimum": 0, "maximum": 100}
        elif kind == 2:
            props[f"e{i}"] = {"type": "string", "enum": ["red", "green", "blue"]}
        elif kind == 3:
            props[f"a{i}"] = {"type": "array", "items": {"type": "string", "enum": ["A", "B"]}}
        elif kind == 4:
            props[f"o{i}"] = {"type": "object", "properties": {"x": {"type": "number"}, "y": {"type": ["string", "null"]}},
                              "required": ["x"]}
        elif kind == 5:
            props[f"b{i}"] = {"type": "boolean", "default": False}
        elif kind == 6:
            props[f"u{i}"] = {"anyOf": [{"type": "string"}, {"type": "integer"}]}
        else:
            props[f"r{i}"] = {"$ref": "#/$defs/Item"}
    return {"title": "Big", "type": "object", "properties": props,
            "required": [k for j, k in enumerate(props) if j % 3], "additionalProperties": False,
            "$defs": {"Item": {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}}}


CHAT = {"id": "c", "object": "chat.completion", "model": "m",
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": '{"city": "Paris", "temp": 21}',
                                 "reasoning_content": "The user wants the weather.", "refusal": None}}],
        "usage": {"prompt_tokens": 12, "completion_tokens": 9, "total_tokens": 21,
                  "completion_tokens_details": {"reasoning_tokens": 4}}}
_FINISH = {"stop": "stop", "length": "length", "tool_calls": "tool_calls", "content_filter": "content_filter"}


def hand_written(resp: Dict[str, Any]) -> Any:
    choice = resp["choices"][0]
    msg = choice["message"]
    usage = resp.get("usage") or {}
    return (msg.get("content") or "", msg.get("reasoning_content") or msg.get("reasoning") or "",
            msg.get("refusal"), _FINISH.get(choice.get("finish_reason"), "other"), choice.get("finish_reason"),
            usage.get("prompt_tokens"), usage.get("completion_tokens"))


def median_us(fn: Callable[[], Any], number: int, repeat: int) -> float:
    return statistics.median(timeit.repeat(fn, number=number, repeat=repeat)) / number * 1e6


def main(argv: List[str] = None) -> int:  # type: ignore[assignment]
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    repeat = 3 if args.quick else 7
    big = schema_200()
    rows = []
    base_norm = median_us(lambda: normalize(big), 5 if args.quick else 20, repeat)
    rows.append(("schema.normalize (200 props)", base_norm, None, ""))
    t = median_us(lambda: to_pydantic(big), 1 if args.quick else 3, repeat)
    rows.append(("schema.to_pydantic (200 props)", t, t / base_norm, "x normalize"))
    for target in ("openai.chat", "anthropic.messages", "gemini.openapi", "bedrock.converse"):
        t = median_us(lambda tg=target: render(big, tg, on_error="report"), 2 if args.quick else 10, repeat)
        rows.append((f"schema.render {target}", t, t / base_norm, "x normalize"))
    n = 2000 if args.quick else 20000
    base = median_us(lambda: hand_written(CHAT), n, repeat)
    rows.append(("hand-written chat extraction", base, 1.0, "x hand-written"))
    t = median_us(lambda: response.normalize(CHAT), n // 4, repeat)
    rows.append(("response.normalize (chat)", t, t / base, "x hand-written"))
    width = max(len(r[0]) for r in rows)
    print(f"{'case':<{width}}  {'median':>12}  ratio")
    for name, us, ratio, unit in rows:
        tail = f"{ratio:8.1f} {unit}" if ratio is not None else ""
        print(f"{name:<{width}}  {us:10.1f} us  {tail}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump([{"case": r[0], "median_us": r[1], "ratio": r[2], "unit": r[3]} for r in rows], fh, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
