"""Decode/encode timings: toolwire against a hand-written baseline and installed peers.

Run: ``python benchmarks/bench_decode.py [--quick] [--json out.json]``. Prints median
ns per call and the ratio to the hand-written baseline measured in the same run
(``json.loads`` of the arguments plus two lookups into a tuple). Peers (DSPy,
LangChain core, LiteLLM, pydantic-ai) are timed when installed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import timeit
from typing import Any, Callable, Dict, List, Optional, Tuple

from pydantic_core import from_json

import toolwire
from toolwire._types import new_call

SMALL = {"id": "call_abc123", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Paris", "unit": "celsius"}'}}
BIG_ARGS = json.dumps({"rows": [{"id": i, "name": f"item {i}", "tags": ["a", "b"], "price": i * 1.5} for i in range(28)]})
BIG = {"id": "call_big", "type": "function", "function": {"name": "store", "arguments": BIG_ARGS}}
BATCH = {"role": "assistant", "content": None, "tool_calls": [dict(SMALL, id=f"call_{i}") for i in range(8)]}
RESP_ITEM = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather", "arguments": '{"city": "Paris"}', "status": "completed"}
REPAIR_SMALL = {"id": "c", "type": "function", "function": {"name": "f", "arguments": "{'city': 'Paris', 'n': 1,}"}}
UNCLOSED = {"id": "c", "type": "function", "function": {"name": "f", "arguments": BIG_ARGS[:-30]}}


def baseline(item: Dict[str, Any]) -> Tuple[str, Any, str]:
    fn = item["function"]
    return (fn["name"], json.loads(fn["arguments"]), item["id"])


def baseline_pc(item: Dict[str, Any]) -> Tuple[str, Any, str]:
    """The baseline with pydantic-core's parser in place of ``json.loads``: the least
    a decoder can do with no compiled dependency beyond pydantic's, before building
    anything."""
    fn = item["function"]
    return (fn["name"], from_json(fn["arguments"], allow_inf_nan=False, cache_strings="keys"), item["id"])


def floor(item: Dict[str, Any]) -> Any:
    """The least work the issue's constraints leave (a frozen pydantic ``ToolCall``, no
    compiled dependency beyond pydantic-core): parse, build, no check, no detection."""
    fn = item["function"]
    text = fn["arguments"]
    return new_call(fn["name"], from_json(text, allow_inf_nan=False, cache_strings="keys"), item["id"], text)


def floor_sdk(tc: Any) -> Any:
    fn = tc.function
    text = fn.arguments
    return new_call(fn.name, from_json(text, allow_inf_nan=False, cache_strings="keys"), tc.id, text)


def baseline_batch(msg: Dict[str, Any]) -> List[Any]:
    return [baseline(tc) for tc in msg["tool_calls"]]


def baseline_sdk(tc: Any) -> Tuple[str, Any, str]:
    return (tc.function.name, json.loads(tc.function.arguments), tc.id)


def median_ns(fn: Callable[[], Any], number: int, repeat: int, timer: Callable[[], float] = time.perf_counter) -> float:
    """Median ns per call over *repeat* runs of *number* calls (``timer``: wall clock by
    default; ``time.process_time`` counts only this process's CPU, steadier on a busy machine)."""
    times = timeit.repeat(fn, number=number, repeat=repeat, timer=timer)
    return statistics.median(times) / number * 1e9


def sdk_object() -> Optional[Any]:
    try:
        from openai._models import construct_type
        from openai.types.chat import ChatCompletionMessageFunctionToolCall
    except ImportError:
        return None
    return construct_type(type_=ChatCompletionMessageFunctionToolCall, value=SMALL)


def peers() -> Dict[str, Callable[[Dict[str, Any]], Any]]:
    out: Dict[str, Callable[[Dict[str, Any]], Any]] = {}
    try:
        from pydantic_ai.messages import ToolCallPart

        out["pydantic-ai"] = lambda it: ToolCallPart(
            tool_name=it["function"]["name"], args=it["function"]["arguments"], tool_call_id=it["id"]
        ).args_as_dict()
    except ImportError:
        pass
    try:
        from langchain_core.output_parsers.openai_tools import parse_tool_call

        out["langchain-core"] = lambda it: parse_tool_call(it, return_id=True)
    except ImportError:
        pass
    try:
        from litellm.types.utils import ChatCompletionMessageToolCall

        out["litellm"] = lambda it: ChatCompletionMessageToolCall(**it)
    except ImportError:
        pass
    try:
        from dspy.adapters.types.tool import ToolCalls

        out["dspy"] = lambda it: ToolCalls.from_dict_list(
            [{"name": it["function"]["name"], "args": json.loads(it["function"]["arguments"])}]
        )
    except ImportError:
        pass
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", default=None)
    a = ap.parse_args()
    number, repeat = (2_000, 5) if a.quick else (20_000, 9)
    decode, encode = toolwire.decode, toolwire.encode
    rows: List[Tuple[str, str, float, float]] = []

    def case(label: str, base: Callable[[], Any], cands: Dict[str, Callable[[], Any]]) -> None:
        b = median_ns(base, number, repeat)
        rows.append((label, "baseline", b, 1.0))
        for who, fn in cands.items():
            try:
                fn()
            except Exception as exc:  # a peer that cannot handle the case
                rows.append((label, f"{who} (failed: {type(exc).__name__})", float("nan"), float("nan")))
                continue
            t = median_ns(fn, number, repeat)
            rows.append((label, who, t, t / b))

    peer_fns = peers()
    case("small chat dict", lambda: baseline(SMALL), {"toolwire": lambda: decode(SMALL), "floor": lambda: floor(SMALL), "parse only": lambda: baseline_pc(SMALL), **{k: (lambda f=f: f(SMALL)) for k, f in peer_fns.items()}})
    case("2 KB arguments", lambda: baseline(BIG), {"toolwire": lambda: decode(BIG), "floor": lambda: floor(BIG), "parse only": lambda: baseline_pc(BIG), **{k: (lambda f=f: f(BIG)) for k, f in peer_fns.items()}})
    case("batch of 8", lambda: baseline_batch(BATCH), {"toolwire": lambda: toolwire.decode_all(BATCH)})
    tc = sdk_object()
    if tc is not None:
        case("openai SDK object", lambda: baseline_sdk(tc), {"toolwire": lambda: decode(tc), "floor": lambda: floor_sdk(tc)})
    case("responses item", lambda: (RESP_ITEM["name"], json.loads(RESP_ITEM["arguments"]), RESP_ITEM["call_id"]), {"toolwire": lambda: decode(RESP_ITEM)})
    case("repair (small)", lambda: baseline(SMALL), {"toolwire": lambda: decode(REPAIR_SMALL)})
    case("repair 2 KB unclosed (opt-in)", lambda: baseline(BIG), {"toolwire": lambda: decode(UNCLOSED, allow_truncated=True)})
    call = decode(SMALL)
    changed = call.replace(raw=None)
    case(
        "encode back",
        lambda: {"id": call.id, "type": "function", "function": {"name": call.name, "arguments": json.dumps(call.args)}},
        {"toolwire (unchanged)": lambda: encode(call, "openai.chat"), "toolwire (no raw)": lambda: encode(changed, "openai.chat")},
    )
    print(f"{'case':34} {'who':34} {'median ns':>10} {'ratio':>7}")
    for label, who, t, r in rows:
        print(f"{label:34} {who:34} {t:10.0f} {r:7.2f}")
    if a.json:
        with open(a.json, "w") as fh:
            json.dump([dict(case=c, who=w, ns=t, ratio=r) for c, w, t, r in rows], fh, indent=1)


if __name__ == "__main__":
    main()
