"""Fuzz every dialect: ``python -m toolwire.fuzz --examples N [--dialect D] [--seed S] [--jobs J]``.

Needs the ``fuzz`` extra (hypothesis). For each dialect, runs *N* generated examples
(in batches, each a fresh hypothesis run seeded from *S*) through:

- ``payload``: a valid payload (item, list, message, response, tool definition or
  tool result; a dict, JSON text or bytes) decodes back to the values it was built
  from (``decode``, ``decode_all`` with and without the dialect, ``decode_tool``,
  ``decode_result``), an item re-encodes exactly, and it converts to another dialect;
- ``stream``: a randomly fragmented stream accumulates back to its calls (streaming
  dialects);
- ``corrupted``: a corrupted payload or stream makes every decoder return or raise a
  ``ToolwireError``, nothing else.

Prints the examples run per dialect and mode, and each failure (an exception other
than ``ToolwireError``, or a wrong result) with its shrunk input. Exit status 1 when
anything failed.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Dict, Iterator, List, NoReturn, Optional, Sequence, Tuple, Union

__all__ = ["main", "run_batch"]

MODES = ("payload", "stream", "corrupted")
PROG = f"python -m {__package__}.fuzz"  # the package's own name (a vendored copy has its own)
_SUMMARY = "Fuzz every dialect."  # the docstring's first line (``python -OO`` strips docstrings)
Counts = Dict[str, int]


def _quiet(fn: Any, *args: Any, **kw: Any) -> None:
    from ._errors import ToolwireError

    with contextlib.suppress(ToolwireError):
        fn(*args, **kw)


def _fail(message: str) -> NoReturn:
    """A wrong result: raised, never ``assert``ed (``python -O`` strips asserts)."""
    raise AssertionError(message)


def _check_payload(p: Any) -> None:
    from ._codec import decode, decode_all, decode_result, decode_tool
    from ._convert import convert
    from ._encode import encode
    from .strategies import CALL_KINDS

    d = p.dialect
    if p.kind in CALL_KINDS:
        got = decode_all(p.value, d)
        if got != p.expected:
            _fail(f"decode_all({d}) gave {got!r}, expected {p.expected!r}")
        auto = decode_all(p.value)
        if [(c.name, getattr(c, "args", None)) for c in auto] != [(c.name, c.args) for c in p.expected]:
            _fail(f"detected decode_all gave {auto!r}")
        if p.kind == "item":
            call = decode(p.value, d)
            if call != p.expected[0]:
                _fail(f"decode gave {call!r}")
            if type(p.value) is dict:
                again = encode(call, d)
                if again != p.value:
                    _fail(f"re-encoded as {again!r}")
    elif p.kind == "tool":
        tool = decode_tool(p.value, d)
        if tool != p.expected:
            _fail(f"decode_tool gave {tool!r}")
    else:
        res = decode_result(p.value, d)
        if res != p.expected:
            _fail(f"decode_result gave {res!r}, expected {p.expected!r}")
    target = "anthropic.messages" if d != "anthropic.messages" else "openai.chat"
    _quiet(convert, p.value, target, source=d)


def _check_stream(s: Any) -> None:
    from .stream._accumulate import accumulate

    got = accumulate(s.chunks, s.dialect)
    if got != s.calls:
        _fail(f"accumulate({s.dialect}) gave {got!r}, expected {s.calls!r}")
    auto = accumulate(s.chunks)
    if auto != s.calls:
        _fail(f"detected accumulate gave {auto!r}")


def _check_corrupted(value: Any, dialect: str, stream: bool) -> None:
    from ._codec import decode, decode_all, decode_result, decode_tool, detect, explain
    from ._convert import convert
    from ._errors import ToolwireError
    from .stream._accumulate import Accumulator, accumulate

    if stream:
        chunks = value if type(value) is list else [value]
        _quiet(accumulate, chunks)
        _quiet(accumulate, chunks, dialect, allow_truncated=True)
        acc = Accumulator(dialect, preview=True)
        with contextlib.suppress(ToolwireError):
            for c in chunks:
                acc.feed(c)
            acc.close()
        return
    for fn in (decode, decode_all, detect, explain, decode_tool, decode_result):
        _quiet(fn, value)
    _quiet(decode, value, dialect)
    _quiet(decode_all, value, dialect, invalid="keep", include_server=True)
    _quiet(decode_all, value, allow_truncated=True, finish_reason="length")
    _quiet(convert, value, "openai.chat")


def run_batch(dialect: str, examples: int, seed: int) -> Tuple[str, Counts, List[str]]:
    """Run one batch of *examples* for *dialect*; ``(dialect, counts per mode, failures)``."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hseed
    from hypothesis import strategies as st

    from . import strategies as tws
    from ._builtin import get_dialect

    counts: Counts = dict.fromkeys(MODES, 0)
    d = get_dialect(dialect)
    streaming = d.stream is not None and d.stream_encoder is not None
    modes = list(MODES) if streaming else ["payload", "corrupted"]
    # lighter arguments than the strategies' default: more, smaller examples per second
    calls = tws.tool_calls(d, ids=True if d.ids.required else None, args=tws.arguments(max_keys=4, max_leaves=8))
    stream_calls = calls  # an id wherever the dialect needs one, in streams too
    payload = tws.payloads(dialect, kind=tws.KINDS, text=True, expected=True, calls=calls)
    stream = tws.streams(dialect, expected=True, calls=stream_calls) if streaming else None
    broken_payload = tws.corrupted(tws.payloads(dialect, kind=tws.KINDS, text=True, calls=calls))
    broken_stream = tws.corrupted(tws.streams(dialect, calls=stream_calls)) if streaming else None

    @hseed(seed)
    @settings(max_examples=examples, deadline=None, database=None, derandomize=False,
              suppress_health_check=list(HealthCheck), print_blob=False,
              phases=[Phase.generate, Phase.shrink], report_multiple_bugs=False)
    @given(data=st.data())
    def one(data: Any) -> None:
        mode = data.draw(st.sampled_from(modes), label="mode")
        if mode == "payload":
            _check_payload(data.draw(payload, label="payload"))
        elif mode == "stream" and stream is not None:
            _check_stream(data.draw(stream, label="stream"))
        elif broken_stream is not None and data.draw(st.booleans(), label="stream?"):
            _check_corrupted(data.draw(broken_stream, label="corrupted stream"), dialect, True)
        else:
            _check_corrupted(data.draw(broken_payload, label="corrupted payload"), dialect, False)
        counts[mode] += 1  # a whole example: generated and checked

    failures: List[str] = []
    try:
        one()
    except Exception as exc:  # a failure: report it with hypothesis's falsifying example
        notes = "\n".join(_short(n, 3000) for n in getattr(exc, "__notes__", ()) if n.startswith("Draw"))
        failures.append(f"{dialect} (seed {seed}): {type(exc).__name__}: {_short(str(exc), 1000)}\n{notes}")
    return dialect, counts, failures


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _batches(dialects: Sequence[str], examples: int, batch: int, seed: int) -> Iterator[Tuple[str, int, int]]:
    n = 0
    for d in dialects:
        left = examples
        while left > 0:
            size = min(batch, left)
            yield d, size, seed + n
            n += 1
            left -= size


def _wire_dialects(names: Sequence[str]) -> Union[List[str], str]:
    """The registered ids of *names*, or why one cannot be fuzzed (unknown, a text format)."""
    from ._builtin import get_dialect
    from ._errors import UnknownDialectError
    from .strategies import WIRE_DIALECTS

    out = []
    for n in names:
        try:
            d = get_dialect(n)
        except UnknownDialectError as exc:
            return str(exc)
        if d.text_module is not None:
            return f"{d.name} is a text format, not a wire dialect; wire dialects: {', '.join(WIRE_DIALECTS)}"
        out.append(d.name)
    return out


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog=PROG, description=_SUMMARY)
    parser.add_argument("--examples", type=int, default=1000, help="examples per dialect (default 1000)")
    parser.add_argument("--dialect", action="append", help="a dialect id (repeatable; default: every wire dialect)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first batch (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--batch", type=int, default=2000, help="examples per hypothesis run (default 2000)")
    args = parser.parse_args(argv)
    for flag in ("examples", "batch", "jobs"):  # 0 ran nothing and passed; a CI job set so would pass
        if getattr(args, flag) < 1:
            print(f"{parser.prog}: --{flag} must be 1 or more, got {getattr(args, flag)}", file=sys.stderr)
            return 2
    try:
        from . import strategies as tws
    except ImportError as exc:
        print(f"{parser.prog}: needs hypothesis (the 'fuzz' extra): {exc}", file=sys.stderr)
        return 2
    dialects = _wire_dialects(args.dialect or tws.WIRE_DIALECTS)
    if isinstance(dialects, str):  # a usage error, not a fuzz failure
        print(f"{parser.prog}: {dialects}", file=sys.stderr)
        return 2
    totals: Dict[str, Counts] = {d: dict.fromkeys(MODES, 0) for d in dialects}
    failures: List[str] = []
    start = time.perf_counter()
    jobs = list(_batches(dialects, args.examples, args.batch, args.seed))

    left = {d: sum(1 for job in jobs if job[0] == d) for d in dialects}

    def record(result: Tuple[str, Counts, List[str]]) -> None:
        d, counts, failed = result
        for mode, n in counts.items():
            totals[d][mode] += n
        left[d] -= 1
        if not left[d]:  # progress: one line per finished dialect
            print(f"done {d}: {sum(totals[d].values())} examples, {time.perf_counter() - start:.0f} s", flush=True)
        for f in failed:
            failures.append(f)
            print(f"FAILURE {f}", flush=True)

    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            for result in pool.map(run_batch, *zip(*jobs)):
                record(result)
    else:
        for job in jobs:
            record(run_batch(*job))
    elapsed = time.perf_counter() - start
    print(f"{'dialect':<20}{'examples':>10}" + "".join(f"{m:>11}" for m in MODES))
    for d in dialects:
        c = totals[d]
        print(f"{d:<20}{sum(c.values()):>10}" + "".join(f"{c[m]:>11}" for m in MODES))
    total = sum(sum(c.values()) for c in totals.values())
    print(f"{'total':<20}{total:>10}   in {elapsed:.0f} s, {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
