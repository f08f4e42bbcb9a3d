"""The ``toolwire`` command line: decode, convert, detect, dialects.

Input is JSON or JSONL (told apart automatically), from a file or ``-`` (stdin).
JSONL is streamed a line at a time (constant memory). Output is canonical JSON
(one document) or JSONL (one line per input record).

Exit codes: 0 success; 1 some records failed (with ``--keep-going``); 2 bad usage
or unreadable input; 3 a record failed (without ``--keep-going``).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Any, Callable, Iterator, List, Optional, Tuple

from ._codec import decode_all, decode_result, decode_tool, encode, encode_result, encode_tool, explain
from ._errors import ToolwireError
from ._registry import RESULT, TOOL, default_registry
from ._types import InvalidToolCall, ToolCall

__all__ = ["main"]

EXIT_OK, EXIT_SOME_FAILED, EXIT_USAGE, EXIT_FAILED = 0, 1, 2, 3


def _records(stream: IO[str]) -> Iterator[Tuple[int, Any]]:
    """(line number, parsed value) for a JSON document or each JSONL line."""
    first = stream.readline()
    rest = stream.readline()
    if not rest.strip():
        # one line (or one line then blank): a single record either way
        tail = stream.read()
        text = first + rest + tail
        if not text.strip():
            return
        yield 1, json.loads(text)
        return
    try:
        a, b = json.loads(first), json.loads(rest)
    except ValueError:
        yield 1, json.loads(first + rest + stream.read())  # a pretty-printed document
        return
    yield 1, a
    yield 2, b
    for n, line in enumerate(stream, start=3):
        if line.strip():
            yield n, json.loads(line)


def _canonical(call: Any) -> Any:
    if isinstance(call, ToolCall):
        return {"name": call.name, "args": call.args, "id": call.id}
    if isinstance(call, InvalidToolCall):
        return {"name": call.name, "id": call.id, "invalid": call.error, "raw": call.raw}
    return call


def _decode(value: Any, args: argparse.Namespace) -> Any:
    calls = decode_all(value, args.dialect, invalid="keep", include_server=args.server)
    return [_canonical(c) for c in calls]


def _convert(value: Any, args: argparse.Namespace) -> Any:
    kind = explain(value).kind if not isinstance(value, list) else "calls"
    if kind == TOOL:
        return encode_tool(decode_tool(value), args.to)
    if kind == RESULT:
        return encode_result(decode_result(value), args.to)
    calls = decode_all(value, args.dialect, include_server=args.server)
    return [encode(c, args.to, position=i) for i, c in enumerate(calls)]


def _detect(value: Any, args: argparse.Namespace) -> Any:
    d = explain(value)
    return {"dialect": d.dialect, "kind": d.kind, "reason": d.reason}


def _run(job: Callable[[Any, argparse.Namespace], Any], args: argparse.Namespace) -> int:
    stream: IO[str]
    try:
        stream = sys.stdin if args.file == "-" else open(args.file, encoding="utf-8")  # noqa: SIM115
    except OSError as exc:
        print(f"toolwire: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return EXIT_USAGE
    failed = 0
    out = sys.stdout
    progress = sys.stderr.isatty()
    try:
        n = 0
        for n, value in _numbered(stream):
            try:
                result = job(value, args)
            except ToolwireError as exc:
                failed += 1
                print(f"toolwire: line {n}: {exc}", file=sys.stderr)
                if not args.keep_going:
                    return EXIT_FAILED
                continue
            out.write(json.dumps(result, ensure_ascii=False))
            out.write("\n")
            if progress and n % 10_000 == 0:
                print(f"\r{n} records", end="", file=sys.stderr)
        if progress and n >= 10_000:
            print(file=sys.stderr)
    except ValueError as exc:
        print(f"toolwire: input is not JSON or JSONL: {exc}", file=sys.stderr)
        return EXIT_USAGE
    finally:
        if stream is not sys.stdin:
            stream.close()
    return EXIT_SOME_FAILED if failed else EXIT_OK


def _numbered(stream: IO[str]) -> Iterator[Tuple[int, Any]]:
    return _records(stream)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="toolwire", description="Decode, convert and detect LLM tool calls.")
    sub = p.add_subparsers(dest="command", required=True)
    for name, help_text in (
        ("decode", "canonical {name, args, id} calls of each record"),
        ("convert", "re-encode calls, tool definitions or tool results for another dialect"),
        ("detect", "the dialect of each record, and why"),
    ):
        sp = sub.add_parser(name, help=help_text)
        sp.add_argument("file", nargs="?", default="-", help="JSON or JSONL file, or - for stdin")
        sp.add_argument("--keep-going", action="store_true", help="report bad records and continue")
        if name != "detect":
            sp.add_argument("--dialect", default=None, help="force the input dialect")
            sp.add_argument("--server", action="store_true", help="include provider-executed calls")
        if name == "convert":
            sp.add_argument("--to", required=True, help="target dialect")
    sub.add_parser("dialects", help="list the known dialects")
    return p


def main(argv: Optional[List[str]] = None) -> int:
    """Entry point of the ``toolwire`` console script and ``python -m toolwire``."""
    args = _parser().parse_args(argv)
    if args.command == "dialects":
        for d in default_registry():
            print(f"{d.name}\t{d.description}")
        return EXIT_OK
    job = {"decode": _decode, "convert": _convert, "detect": _detect}[args.command]
    try:
        return _run(job, args)
    except ToolwireError as exc:  # e.g. an unknown --dialect / --to
        print(f"toolwire: {exc}", file=sys.stderr)
        return EXIT_USAGE
