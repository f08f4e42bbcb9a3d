"""The ``toolwire`` command line: decode, convert, detect, dialects.

``convert --conversation`` writes a record that is a whole history (a request body
or a list of messages) as the target's request fragment (``encode_conversation``);
what is dropped on the way (another provider's reasoning) is noted on stderr, with
the record's line number.

Input is JSON or JSONL (told apart automatically, see ``_cli_io``), from a file
or ``-`` (stdin). JSONL is streamed a line at a time in constant memory; output
is compact JSON, one line per input record (so JSONL in gives JSONL out).

Lines of OpenAI Batch API output files and Anthropic Message Batches results are
opened to the response they carry (``dialects.batch_files``) and their
``custom_id`` is kept: ``{"custom_id", "calls"|"items"|..., }`` or, for a request
that failed at the provider, ``{"custom_id", "error"}``. Paths in a batch line's
errors and invalid calls start at the line (``$.response.body...``).

Exit codes: 0 success; 1 some records failed (``--keep-going``); 2 bad usage or
unreadable input; 3 a record failed (without ``--keep-going``, stops there).
Each failure is one line on stderr: ``toolwire: line N: what is wrong``; so is an
input or output error (exit code 2).
"""

from __future__ import annotations

import argparse
import sys
from typing import IO, Any, Callable, Dict, List, Optional, Tuple, Union

from ._builtin import default_registry
from ._cli_io import BadInput, Progress, dumps, records
from ._codec import decode_all, explain
from ._convert import convert
from ._dialect import CALL, RESULT, SERVER, TOOL, Dialect
from ._errors import DecodeError, ToolwireError
from ._ids import IdMap
from ._names import NameMap
from ._types import InvalidToolCall, ToolCall
from .dialects._common import custom_id_of
from .dialects.batch_files import open_envelope, rooted

__all__ = ["EXIT_FAILED", "EXIT_OK", "EXIT_SOME_FAILED", "EXIT_USAGE", "main"]

EXIT_OK, EXIT_SOME_FAILED, EXIT_USAGE, EXIT_FAILED = 0, 1, 2, 3

PROG = (__package__ or __name__).rpartition(".")[2]  # the package's own name (a vendored copy has its own)

Job = Callable[[Any], Any]
Notes = List[str]  # what a record's conversion noted, printed by ``_run`` with its line


class _Usage(Exception):
    """Bad usage found after parsing the arguments (exit code 2)."""


class _Output(Exception):
    """The output cannot be written (exit code 2)."""


def _canonical(call: Union[ToolCall, InvalidToolCall], audit: bool) -> Dict[str, Any]:
    if type(call) is ToolCall:
        out: Dict[str, Any] = {"name": call.name, "args": call.args, "id": call.id}
        if audit:
            out["repairs"] = list(call.repairs)
            out["server"] = call.server
        return out
    assert isinstance(call, InvalidToolCall)
    bad: Dict[str, Any] = {"name": call.name, "id": call.id, "invalid": call.error, "raw": call.raw}
    if audit:
        bad["truncated"] = call.truncated
    return bad


def _dialect(name: Optional[str]) -> Optional[Dialect]:
    return None if name is None else default_registry().get(name)


def _text_job(name: str, audit: bool) -> Job:
    from .text._api import decode_text, get_text_format  # the text formats load only when asked for

    get_text_format(name)  # an unknown format is bad usage, before any input is read

    def job(value: Any) -> Any:
        if value is None:  # what jq gives for the content of a reply that only calls tools
            return []
        return [_canonical(c, audit) for c in decode_text(value, name).tool_calls]

    return job


def _decode_job(args: argparse.Namespace, notes: Notes) -> Job:
    audit, server = args.audit, args.server
    if args.dialect is not None and args.dialect.startswith("text."):
        return _text_job(args.dialect, audit)
    d = _dialect(args.dialect)

    def job(value: Any) -> Any:
        calls = decode_all(value, d, invalid="keep", include_server=server)
        if calls and type(calls[0]) is not ToolCall and type(value) is list:
            _no_call_in(value, calls)
        if audit:
            return [_canonical(c, True) for c in calls]
        return [
            {"name": c.name, "args": c.args, "id": c.id} if type(c) is ToolCall else _canonical(c, False)
            for c in calls
        ]

    return job


def _no_call_in(value: List[Any], calls: List[Any]) -> None:
    """A list record is no list of calls when nothing in it was read as one and none
    of its items is of any dialect (``[{"hello": "world"}]``): that fails the record,
    as the item alone would, instead of giving nameless invalid calls."""
    if all(type(c) is InvalidToolCall and c.name is None for c in calls):
        registry = default_registry()
        if all(registry.sniff(item) is None for item in value):
            raise DecodeError(calls[0].error, loc=calls[0].loc)


def _api_dialect(name: Optional[str]) -> Optional[Dialect]:
    """The dialect *name* for ``convert``, which reads and writes API payloads only."""
    d = _dialect(name)
    if d is not None and d.name.startswith("text."):
        raise _Usage(f"{d.name} is a text format: convert reads and writes API dialects "
                     f"(decode --dialect {d.name} reads model output text)")
    return d


def _convert_job(args: argparse.Namespace, notes: Notes) -> Job:
    target = _api_dialect(args.to)
    assert target is not None
    source = _api_dialect(args.dialect)
    ids: Optional[IdMap] = None
    names: Optional[NameMap] = None
    if args.conversation:  # one id map and name map for the whole input
        ids, names = IdMap(target.ids, dialect=target.name), NameMap(target.names, dialect=target.name)

    def job(value: Any) -> Any:
        if ids is not None and _history(value):
            return _history_job(value, target, source, ids, names, notes)
        return convert(value, target, source=source, ids=ids, names=names)

    return job


_ITEMS = frozenset({CALL, SERVER, RESULT, TOOL})  # kinds of single items (not messages)


def _history(value: Any) -> bool:
    """Whether a record is a whole history (a request body, or a list of messages)
    that a dialect's history reader claims: no single typed item, and no list of
    single items (Responses ``function_call`` items are a list of calls, as every
    other dialect's call items are)."""
    if not value or (type(value) is dict and "type" in value):
        return False
    registry = default_registry()
    if type(value) is list and all(_item_kind(registry.sniff(m)) for m in value):
        return False
    return any(d.history is not None and d.history.detect(value) for d in registry)


def _item_kind(hit: Optional[Tuple[Dialect, str, str]]) -> bool:
    return hit is not None and hit[1] in _ITEMS


def _history_job(value: Any, target: Dialect, source: Optional[Dialect], ids: Any, names: Any, notes: Notes) -> Any:
    from .conversation import decode_conversation, encode_conversation

    report: List[Any] = []
    out = encode_conversation(decode_conversation(value, source), target, ids=ids, names=names, report=report)
    notes.extend(note.message for note in report)
    return out


def _detect_job(args: argparse.Namespace, notes: Notes) -> Job:
    def job(value: Any) -> Any:
        d = explain(value)
        return {"dialect": d.dialect, "kind": d.kind, "reason": d.reason}

    return job


_JOBS = {"decode": (_decode_job, "calls"), "convert": (_convert_job, "items"), "detect": (_detect_job, None)}


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text if isinstance(exc, (ToolwireError, _Usage)) else f"internal error ({type(exc).__name__}: {text})"


def _batch_list(value: List[Any]) -> None:
    """A JSON array of batch result lines (one record) fails, saying how to give them."""
    first = value[0]
    env = open_envelope(first) if type(first) is dict and "custom_id" in first else None
    if env is not None:
        raise DecodeError(f"Input at $ is a list of {env.kind} result lines; give them one per line (JSONL), "
                          "e.g. with jq -c '.[]'")


def _apply(job: Job, key: Optional[str], value: Any) -> Any:
    env = open_envelope(value) if type(value) is dict and "custom_id" in value else None
    if env is None:
        if type(value) is list and value:
            _batch_list(value)
        return job(value)
    head: Dict[str, Any] = {"custom_id": env.custom_id}
    if key is None:  # detect: say which file format, then what the body is
        head["batch"] = env.kind
        head["batch_reason"] = env.reason
    if env.error is not None:
        head["error"] = env.error
        return head
    try:
        got = job(env.body)
    except ToolwireError as exc:  # its path starts at the body: from the line instead
        loc = env.loc + exc.loc[1:] if exc.loc.startswith("$") else env.loc
        raise DecodeError(rooted(str(exc), env.loc), dialect=exc.dialect, loc=loc) from None
    if key == "calls" and env.loc != "$":
        for call in got:
            if "invalid" in call:
                call["invalid"] = rooted(call["invalid"], env.loc)
    if key is None:
        head.update(got)
    else:
        head[key] = got
    return head


def _run(job: Job, key: Optional[str], stream: IO[bytes], keep_going: bool, name: str, notes: Notes) -> int:
    out = sys.stdout.buffer
    write = out.write
    err = sys.stderr
    # no progress line when the output goes to the same terminal: it would mix with it
    progress = Progress(stream, err.isatty() and not sys.stdout.isatty())
    due = 1 if progress.enabled else -1  # the record count at which to tick (never when -1)
    failed = count = 0
    try:
        for line, value, why in records(stream, name):
            count += 1
            if count == due:
                due = progress.tick(count)
            if why is None:
                try:
                    data = dumps(_apply(job, key, value))
                except Exception as exc:  # every record failure is reported, none is fatal
                    notes.clear()
                    why = _one_line(exc)
                    cid = custom_id_of(value) if type(value) is dict else None
                    if cid is not None:
                        why = f"custom_id {cid!r}: {why}"
                else:
                    write(data)
                    if notes:
                        _notes(notes, line, progress)
                    continue
            failed += 1
            progress.done()
            err.write(f"{PROG}: line {line}: {why}\n")
            if not keep_going:
                return EXIT_FAILED
            # one placeholder line per failed record: output line N stays input record N
            write(dumps({"error": why, "line": line}))
    except BadInput as exc:
        progress.done()
        err.write(f"{PROG}: {exc}\n")
        return EXIT_USAGE
    finally:
        progress.done()
        out.flush()
    if failed and count > 1:
        err.write(f"{PROG}: {failed} of {count} records failed\n")
    return EXIT_SOME_FAILED if failed else EXIT_OK


def _notes(notes: Notes, line: int, progress: Progress) -> None:
    """The notes of the record on *line*, one stderr line each (the progress line erased)."""
    progress.done()
    for note in notes:
        sys.stderr.write(f"{PROG}: line {line}: note: {' '.join(note.split())}\n")
    notes.clear()


def _dialects(as_json: bool) -> int:
    from .text._api import TEXT_FORMATS

    rows = [(d.name, ", ".join(d.aliases), d.description) for d in default_registry()]
    known = {r[0] for r in rows}
    rows += [(f.name, "", f.description) for f in TEXT_FORMATS if f.name not in known]
    out = sys.stdout
    assert out is not None  # checked by _main
    for name, aliases, desc in rows:
        if as_json:
            kind = "text" if name.startswith("text.") else "api"
            out.write(dumps({"name": name, "kind": kind, "aliases": aliases.split(", ") if aliases else [],
                             "description": desc}).decode())
        else:
            out.write(f"{name}\t{desc}" + (f" (aliases: {aliases})" if aliases else "") + "\n")
    return EXIT_OK


EPILOG = """\
input: JSON or JSONL (auto-detected), a file or - for stdin; JSONL is streamed.
batch files: OpenAI Batch API output lines and Anthropic Message Batches results
lines are opened to their response; custom_id is kept in each output record.
exit codes: 0 success; 1 some records failed (--keep-going); 2 bad usage or
unreadable input; 3 a record failed (stops at the first one).
"""


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=PROG,
        description="Decode, convert and detect LLM tool calls of every provider.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    from . import __version__

    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for name, help_text in (
        ("decode", "canonical {name, args, id} calls of each record"),
        ("convert", "re-encode calls, tool definitions or tool results for another dialect"),
        ("detect", "the dialect of each record, its kind and why"),
    ):
        sp = sub.add_parser(name, help=help_text, description=help_text, epilog=EPILOG,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
        sp.add_argument("file", nargs="?", default="-", help="JSON or JSONL file, or - for stdin (default)")
        sp.add_argument("--keep-going", "-k", action="store_true",
                        help="report each bad record on stderr with its line number and continue")
        if name != "detect":
            sp.add_argument("--dialect", "-d", default=None,
                            help="the input dialect (default: detected per record); decode also takes text.*")
        if name == "decode":
            sp.add_argument("--server", action="store_true", help="include calls the provider executes itself")
            sp.add_argument("--audit", action="store_true",
                            help="add repairs and server (and truncated for invalid calls) to each call")
        if name == "convert":
            sp.add_argument("--to", "-t", required=True, help="the target dialect")
            sp.add_argument("--conversation", action="store_true",
                            help="one id and name map for the whole input (calls and results stay paired); "
                                 "a record that is a whole history (a request body or a list of messages) "
                                 "becomes the target's request fragment")
    dp = sub.add_parser("dialects", help="list the known dialects")
    dp.add_argument("--json", action="store_true", help="one JSON object per dialect")
    return p


def _open(path: str) -> IO[bytes]:
    if path == "-":
        return sys.stdin.buffer
    try:
        return open(path, "rb")  # noqa: SIM115 - closed by main
    except OSError as exc:
        raise _Usage(f"cannot read {path}: {exc.strerror or exc}") from None


def main(argv: Optional[List[str]] = None) -> int:
    """Entry point of the ``toolwire`` console script and ``python -m toolwire``."""
    try:
        return _main(argv)
    except BrokenPipeError:  # the reader went away (| head): stop quietly
        _silence_stdout()
        return EXIT_OK
    except (OSError, _Output) as exc:  # a full disk, a closed stdout...: one line, not a traceback
        why = exc if isinstance(exc, _Output) else exc.strerror or exc
        _silence_stdout()  # what is left in its buffer cannot be written either
        _say(f"{PROG}: cannot write output: {why}\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130


def _say(text: str) -> None:
    """*text* on stderr, if there is one that takes it."""
    try:
        if sys.stderr is not None:
            sys.stderr.write(text)
            sys.stderr.flush()
    except (OSError, ValueError):
        pass


def _main(argv: Optional[List[str]]) -> int:
    if sys.stdout is None:  # started with stdout closed (>&-)
        raise _Output("stdout is closed")
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: --help / --version exit 0, bad usage exits 2
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    if args.command is None:
        parser.print_usage(sys.stderr)
        sys.stderr.write(f"{PROG}: a command is required: decode, convert, detect or dialects\n")
        return EXIT_USAGE
    notes: Notes = []
    try:
        if args.command == "dialects":
            return _dialects(args.json)
        make, key = _JOBS[args.command]
        job = make(args, notes)  # unknown --dialect / --to raise here, before any input is read
        stream = _open(args.file)
    except (_Usage, ToolwireError) as exc:
        sys.stderr.write(f"{PROG}: {_one_line(exc)}\n")
        return EXIT_USAGE
    try:
        return _run(job, key, stream, args.keep_going, "stdin" if args.file == "-" else args.file, notes)
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()


def _silence_stdout() -> None:
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no stdout at all
        pass
