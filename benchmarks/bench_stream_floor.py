"""Where a stream's instructions go: ``accumulate`` against its hand-written baseline,
one layer more of the same accumulation per row (``bench_stream.py``'s streams and
baselines, every dialect that has one).

    python benchmarks/bench_stream_floor.py                  # medians per stream, every layer
    python benchmarks/bench_stream_floor.py --run DIALECT LAYER N   # LAYER N times, for callgrind

Layers: ``base`` the hand-written accumulator (``json.loads``); ``pc`` the same with
pydantic-core's parse (toolwire's), nothing built; ``tc`` + the ``ToolCall`` values (the
argument text kept); ``chk`` a hand-written accumulator with the checks the rules
require and nothing else (no events, no scopes, no correlation beyond the index);
``chk-TAG`` the same without one check (what that check costs); ``chk-all`` without any;
``handler`` the dialect's own handler and ``Core``, called directly (no detection, no
front door); ``named`` / ``detected`` the full ``accumulate``.

Instruction counts (deterministic) are the difference of two callgrind runs of ``--run``,
N and 0 (the setup is the same in both; the garbage collector off). It measures the tree
it sits in (``bench_stream`` puts that tree's ``src`` first)::

    valgrind --tool=callgrind python benchmarks/bench_stream_floor.py --run anthropic.messages chk 50

The checks (tags): ``dict`` a chunk is a dict (Bedrock: and one member per event: an
exception member beside it fails the reply); ``text`` an argument fragment is text (else
the call is invalid, never run without it); ``limit`` the size limit, per fragment
(bounded memory); ``fields`` id and name are non-empty strings, a call without a name is
invalid; ``pd`` fields beside the call's own are kept (lossless); ``parallel`` a new call
at an occupied index ends the one there (parallel calls never merged); ``full`` the
whole text an item ends with is the text streamed (Responses); ``choices`` only the first
choice's calls (Chat); ``finish`` the finish reason read, a token-limit finish cuts empty
arguments off; ``end`` a call without its end event is cut off; ``surrogate`` names and
ids hold no lone surrogate (arguments: the parse refuses one); ``object`` arguments are
a JSON object.
"""

from __future__ import annotations

import argparse
import gc
import inspect
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import bench_stream as bs  # noqa: E402
from pydantic_core import from_json  # noqa: E402

from toolwire._args import DEFAULT_POLICY  # noqa: E402
from toolwire._errors import DecodeError  # noqa: E402
from toolwire._types import new_call, new_invalid  # noqa: E402
from toolwire.stream import accumulate  # noqa: E402
from toolwire.stream._core import Core  # noqa: E402
from toolwire.stream._table import streams  # noqa: E402

MAX = DEFAULT_POLICY.max_bytes
TRUNC = frozenset({"max_tokens", "length", "MAX_TOKENS"})
Layer = Callable[[List[Dict[str, Any]]], Any]


def parse(text: str) -> Any:
    return from_json(text, allow_inf_nan=False, cache_strings="keys")


def _mk(name: str, text: str, ident: str) -> Any:
    return new_call(name, parse(text or "{}"), ident, text)


def _pc(src: str) -> str:
    """The baseline with pydantic-core's parse."""
    return src.replace('json.loads("".join(', 'parse("".join(')


def _tc(src: str) -> str:
    """+ the ToolCall values, the argument text kept (as toolwire keeps it)."""
    return re.sub(r'\((\w+)\["name"\], parse\("".join\((\w+)\["parts"\]\) or "\{\}"\), (\w+)\["id"\]\)',
                  r'_mk(\1["name"], "".join(\2["parts"]), \3["id"])', _pc(src))


def _variant(fn: Layer, edit: Callable[[str], str]) -> Layer:
    ns: Dict[str, Any] = dict(vars(bs), parse=parse, _mk=_mk)
    exec(edit(inspect.getsource(fn)), ns)
    return ns[fn.__name__]  # type: ignore[no-any-return]


# ---- the checked floor: lines tagged ``# [tag]`` are left out in layer ``chk-tag`` ----
# a call is a list: [id, name, parts, size, error, ended, provider data]

CHECKED = {}

CHECKED["anthropic.messages"] = '''
def acc(events):
    open_ = {}
    calls = []
    stop = None
    for e in events:
        if type(e) is not dict:  # [dict]
            raise DecodeError("not a chunk")  # [dict]
        t = e["type"]
        if t == "content_block_delta":
            d = e["delta"]
            if d["type"] == "input_json_delta":
                piece = d["partial_json"]
                b = open_[e["index"]]
                if type(piece) is not str:  # [text]
                    b[4] = "not text"  # [text]
                    continue  # [text]
                if piece:
                    size = b[3] + len(piece)  # [limit]
                    if size > MAX:  # [limit]
                        b[4] = "over"  # [limit]
                        continue  # [limit]
                    b[3] = size  # [limit]
                    b[2].append(piece)
        elif t == "content_block_start":
            blk = e["content_block"]
            if blk["type"] == "tool_use":
                idx = e["index"]
                ident = blk["id"]
                name = blk["name"]
                if type(ident) is not str or not ident:  # [fields]
                    ident = None  # [fields]
                if type(name) is not str or not name:  # [fields]
                    name = None  # [fields]
                pd = None
                if not blk.keys() <= PLAIN:  # [pd]
                    pd = {k: v for k, v in blk.items() if k not in PLAIN}  # [pd]
                old = open_.get(idx)  # [parallel]
                if old is not None:  # [parallel]
                    old[5] = True  # [parallel]
                b = [ident, name, [], 0, None, False, pd]
                open_[idx] = b
                calls.append(b)
        elif t == "content_block_stop":
            b = open_.pop(e["index"], None)
            if b is not None:
                b[5] = True
        elif t == "message_delta":  # [finish]
            stop = e["delta"]["stop_reason"]  # [finish]
    return finish(calls, stop)
'''

CHECKED["openai.responses"] = '''
def acc(events):
    open_ = {}
    calls = []
    stop = None
    for e in events:
        if type(e) is not dict:  # [dict]
            raise DecodeError("not a chunk")  # [dict]
        t = e["type"]
        if t == "response.function_call_arguments.delta":
            piece = e["delta"]
            b = open_[e["output_index"]]
            if type(piece) is not str:  # [text]
                b[4] = "not text"  # [text]
                continue  # [text]
            if piece:
                size = b[3] + len(piece)
                if size > MAX:  # [limit]
                    b[4] = "over"  # [limit]
                    continue  # [limit]
                b[3] = size
                b[2].append(piece)
        elif t == "response.output_item.added":
            item = e["item"]
            if item["type"] == "function_call":
                idx = e["output_index"]
                ident = item["call_id"]
                name = item["name"]
                if type(ident) is not str or not ident:  # [fields]
                    ident = None  # [fields]
                if type(name) is not str or not name:  # [fields]
                    name = None  # [fields]
                old = open_.get(idx)  # [parallel]
                if old is not None:  # [parallel]
                    old[5] = True  # [parallel]
                b = [ident, name, [], 0, None, False, None]
                open_[idx] = b
                calls.append(b)
        elif t == "response.function_call_arguments.done":  # [full]
            b = open_[e["output_index"]]  # [full]
            text = e["arguments"]  # [full]
            if type(text) is not str or len(text) != b[3]:  # [full]
                b[4] = "the whole text differs"  # [full]
        elif t == "response.output_item.done":
            item = e["item"]
            b = open_.pop(e["output_index"], None)
            if b is not None:
                b[5] = True
                text = item["arguments"]  # [full]
                if type(text) is not str or len(text) != b[3]:  # [full]
                    b[4] = "the whole text differs"  # [full]
                if item.get("status") == "incomplete":  # [finish]
                    stop = "incomplete"  # [finish]
                extra = item.copy()  # [pd]
                del extra["type"], extra["call_id"], extra["name"], extra["arguments"]  # [pd]
                b[6] = {"openai.responses": extra} if extra else None  # [pd]
        elif t == "response.completed" or t == "response.incomplete" or t == "response.failed":  # [finish]
            resp = e["response"]  # [finish]
            if stop is None:  # [finish]
                stop = resp["status"]  # [finish]
            if resp.get("incomplete_details") is not None or resp.get("error") is not None:  # [finish]
                stop = "incomplete"  # [finish]
    return finish(calls, stop)
'''

CHECKED["bedrock.converse"] = '''
def acc(events):
    open_ = {}
    calls = []
    stop = None
    for e in events:
        if type(e) is not dict:  # [dict]
            raise DecodeError("not a chunk")  # [dict]
        if len(e) != 1:  # [dict]
            raise DecodeError("an exception member")  # [dict]
        if "contentBlockDelta" in e:
            body = e["contentBlockDelta"]
            use = body["delta"].get("toolUse")
            if use is not None:
                piece = use["input"]
                b = open_[body["contentBlockIndex"]]
                if type(piece) is not str:  # [text]
                    b[4] = "not text"  # [text]
                    continue  # [text]
                if piece:
                    size = b[3] + len(piece)  # [limit]
                    if size > MAX:  # [limit]
                        b[4] = "over"  # [limit]
                        continue  # [limit]
                    b[3] = size  # [limit]
                    b[2].append(piece)
        elif "contentBlockStop" in e:
            b = open_.pop(e["contentBlockStop"]["contentBlockIndex"], None)
            if b is not None:
                b[5] = True
        elif "contentBlockStart" in e:
            body = e["contentBlockStart"]
            use = body["start"].get("toolUse")
            if use is not None:
                idx = body["contentBlockIndex"]
                ident = use["toolUseId"]
                name = use["name"]
                if type(ident) is not str or not ident:  # [fields]
                    ident = None  # [fields]
                if type(name) is not str or not name:  # [fields]
                    name = None  # [fields]
                pd = None
                if len(use) != 2:  # [pd]
                    pd = {k: v for k, v in use.items() if k not in ("toolUseId", "name", "input")}  # [pd]
                old = open_.get(idx)  # [parallel]
                if old is not None:  # [parallel]
                    old[5] = True  # [parallel]
                b = [ident, name, [], 0, None, False, pd]
                open_[idx] = b
                calls.append(b)
        elif "messageStop" in e:  # [finish]
            stop = e["messageStop"]["stopReason"]  # [finish]
    return finish(calls, stop)
'''

CHECKED["cohere.v2"] = '''
def acc(events):
    open_ = {}
    calls = []
    stop = None
    for e in events:
        if type(e) is not dict:  # [dict]
            raise DecodeError("not a chunk")  # [dict]
        t = e["type"]
        if t == "tool-call-delta":
            piece = e["delta"]["message"]["tool_calls"]["function"]["arguments"]
            b = open_[e["index"]]
            if type(piece) is not str:  # [text]
                b[4] = "not text"  # [text]
                continue  # [text]
            if piece:
                size = b[3] + len(piece)  # [limit]
                if size > MAX:  # [limit]
                    b[4] = "over"  # [limit]
                    continue  # [limit]
                b[3] = size  # [limit]
                b[2].append(piece)
        elif t == "tool-call-start":
            idx = e["index"]
            tc = e["delta"]["message"]["tool_calls"]
            ident = tc["id"]
            name = tc["function"]["name"]
            if type(ident) is not str or not ident:  # [fields]
                ident = None  # [fields]
            if type(name) is not str or not name:  # [fields]
                name = None  # [fields]
            old = open_.get(idx)  # [parallel]
            if old is not None:  # [parallel]
                old[5] = True  # [parallel]
            b = [ident, name, [], 0, None, False, None]
            first = tc["function"].get("arguments")
            if first:
                b[2].append(first)
                b[3] = len(first)
            open_[idx] = b
            calls.append(b)
        elif t == "tool-call-end":
            b = open_.pop(e["index"], None)
            if b is not None:
                b[5] = True
        elif t == "message-end":  # [finish]
            stop = e["delta"]["finish_reason"]  # [finish]
    return finish(calls, stop)
'''

CHECKED["openai.chat"] = '''
def acc(chunks):
    by_index = {}
    calls = []
    stop = None
    for ch in chunks:
        if type(ch) is not dict:  # [dict]
            raise DecodeError("not a chunk")  # [dict]
        for choice in ch["choices"]:
            if choice["index"] != 0:  # [choices]
                continue  # [choices]
            fr = choice.get("finish_reason")  # [finish]
            if fr:  # [finish]
                stop = fr  # [finish]
            for tc in choice["delta"].get("tool_calls") or ():
                idx = tc["index"]
                ident = tc.get("id")
                fn = tc.get("function") or {}
                name = fn.get("name")
                piece = fn.get("arguments")
                b = by_index.get(idx)
                if ident is not None or name is not None:
                    if type(ident) is not str or not ident:  # [fields]
                        ident = None  # [fields]
                    if type(name) is not str or not name:  # [fields]
                        name = None  # [fields]
                    if b is None or (ident is not None and b[0] is not None and b[0] != ident) or (  # [parallel]
                            name is not None and b[1] is not None and b[1] != name):  # [parallel]
                        b = None  # [parallel]
                    if b is None:
                        b = [ident, name, [], 0, None, True, None]
                        by_index[idx] = b
                        calls.append(b)
                    if b[0] is None:  # [fields]
                        b[0] = ident  # [fields]
                    if b[1] is None:  # [fields]
                        b[1] = name  # [fields]
                if piece is not None:
                    if type(piece) is not str:  # [text]
                        b[4] = "not text"  # [text]
                        continue  # [text]
                    if piece:
                        size = b[3] + len(piece)  # [limit]
                        if size > MAX:  # [limit]
                            b[4] = "over"  # [limit]
                            continue  # [limit]
                        b[3] = size  # [limit]
                        b[2].append(piece)
    return finish(calls, stop)
'''

FINISH = '''
def finish(calls, stop):
    cut = stop in TRUNC  # [finish]
    out = []
    for i, (ident, name, parts, size, error, ended, pd) in enumerate(calls):
        text = parts[0] if len(parts) == 1 else "".join(parts)
        if error is None and not ended:  # [end]
            error = "the stream ended before this call was complete"  # [end]
        if error is None and name is None:  # [fields]
            error = "no name"  # [fields]
        if name is not None and not name.isascii() or ident is not None and not ident.isascii():  # [surrogate]
            raise DecodeError("a lone surrogate")  # [surrogate]
        if error is None:
            try:
                args = from_json(text or "{}", allow_inf_nan=False, cache_strings="keys")
            except ValueError as exc:
                args = None
                error = str(exc)
            if type(args) is not dict:  # [object]
                error = "not an object"  # [object]
            if cut and not text:  # [finish]
                error = "cut off"  # [finish]
        if error is None:
            out.append(new_call(name, args, ident, text, pd))
        else:
            out.append(new_invalid(name=name, id=ident, raw=text, error=error, loc=f"$.calls[{i}]",
                                   truncated=False))
    return out
'''


TAGS = ["dict", "text", "limit", "fields", "pd", "parallel", "full", "choices", "finish", "end", "surrogate",
        "object"]


def checked(dialect: str, drop: Optional[str] = None) -> Layer:
    src = FINISH + CHECKED[dialect]
    if drop is not None:
        src = "\n".join(ln for ln in src.splitlines()
                        if f"# [{drop}]" not in ln and (drop != "all" or "# [" not in ln))
    ns: Dict[str, Any] = dict(DecodeError=DecodeError, MAX=MAX, TRUNC=TRUNC, from_json=from_json,
                              new_call=new_call, new_invalid=new_invalid,
                              PLAIN=frozenset({"type", "id", "name", "input"}))
    exec(src, ns)
    return ns["acc"]  # type: ignore[no-any-return]


def handler_layer(dialect: str) -> Layer:
    """The dialect's handler and ``Core``, called directly."""
    name, start, cut, failed, called = streams().by_name[dialect]
    cls = start.factory  # type: ignore[attr-defined]

    def run(chunks: List[Dict[str, Any]]) -> Any:
        core = Core(name, DEFAULT_POLICY, False, False, False, cut, failed, called)
        h = cls(core)
        h.run(chunks, None)
        h.close()
        return core.close()

    return run


def layers(dialect: str) -> Dict[str, Layer]:
    base = bs.BASELINES[dialect]
    out: Dict[str, Layer] = {
        "base": base,
        "pc": _variant(base, _pc),
        "tc": _variant(base, _tc),
        "chk-all": checked(dialect, "all"),
        "chk": checked(dialect),
        "handler": handler_layer(dialect),
        "named": lambda c: accumulate(c, dialect),
        "detected": lambda c: accumulate(c),
    }
    for tag in TAGS:
        if f"# [{tag}]" in FINISH + CHECKED[dialect]:
            out["chk-" + tag] = checked(dialect, tag)
    chunks = bs._stream(dialect)
    expected = [(c.name, c.args, c.id) for c in bs.CALLS]
    for label, fn in out.items():
        got = [g if type(g) is tuple else (g.name, getattr(g, "args", g), g.id) for g in fn(chunks)]
        assert got == expected, (dialect, label, got)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--run", nargs=3, metavar=("DIALECT", "LAYER", "N"))
    args = parser.parse_args()
    if args.run:
        dialect, layer, n = args.run[0], args.run[1], int(args.run[2])
        fns = layers(dialect)
        chunks = bs._stream(dialect)
        gc.disable()
        for fn in fns.values():  # every layer warmed: the same setup for any LAYER and N
            fn(chunks), fn(chunks)
        fn = fns[layer]
        for _ in range(n):
            fn(chunks)
        return
    for dialect in bs.BASELINES:
        fns = layers(dialect)
        chunks = bs._stream(dialect)
        medians = {}
        for label, fn in fns.items():
            times = []
            for _ in range(9):
                t0 = time.process_time()
                for _ in range(200):
                    fn(chunks)
                times.append((time.process_time() - t0) / 200)
            medians[label] = statistics.median(times)
        print(f"{dialect} ({len(chunks)} chunks, {len(bs.CALLS)} calls)")
        for label, t in medians.items():
            print(f"  {label:<16}{t * 1e6:>9.1f}us{t / medians['base']:>7.2f}x")


if __name__ == "__main__":
    main()
