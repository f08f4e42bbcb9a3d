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

This module holds the entry points (``main``) and what they catch; the rest sits
beside it: the arguments and exit codes (``_cli_args``), each command's job
(``_cli_jobs``), the run of a job over the records (``_cli_run``), and reading
records and writing lines (``_cli_io``).
"""

from __future__ import annotations

import sys
from typing import IO, List, Optional

from ._cli_args import EXIT_FAILED, EXIT_OK, EXIT_SOME_FAILED, EXIT_USAGE, PROG, _parser, _Usage
from ._cli_jobs import _JOBS, Notes, _dialects
from ._cli_run import _one_line, _run
from ._cli_streams import binary_stdin, stderr
from ._errors import ToolwireError

__all__ = ["EXIT_FAILED", "EXIT_OK", "EXIT_SOME_FAILED", "EXIT_USAGE", "main"]


class _Output(Exception):
    """The output cannot be written (exit code 2)."""


def _open(path: str) -> IO[bytes]:
    if path == "-":
        stdin = binary_stdin()
        if stdin is None:  # started with stdin closed (<&-)
            raise _Usage("cannot read stdin: it is closed")
        return stdin
    try:
        return open(path, "rb")  # noqa: SIM115 - closed by main
    except OSError as exc:
        raise _Usage(f"cannot read {path}: {exc.strerror or exc}") from None


def main(argv: Optional[List[str]] = None) -> int:
    """Entry point of the ``toolwire`` console script and ``python -m toolwire``."""
    try:
        code = _main(argv)
        if sys.stdout is not None:  # a file or pipe buffers: a full disk is told here, not lost at exit
            sys.stdout.flush()
        return code
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
        err = stderr()
        err.write(text)
        err.flush()
    except (OSError, ValueError):
        pass


def _main(argv: Optional[List[str]]) -> int:
    if sys.stdout is None:  # started with stdout closed (>&-)
        raise _Output("stdout is closed")
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: --help / --version exit 0, bad usage exits 2
        sys.stdout.flush()  # what --help / --version wrote: a full disk is told here, not lost at exit
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    if args.command is None:
        parser.print_usage(stderr())
        stderr().write(f"{PROG}: a command is required: decode, convert, detect or dialects\n")
        return EXIT_USAGE
    notes: Notes = []
    try:
        if args.command == "dialects":
            return _dialects(args.json)
        make, key = _JOBS[args.command]
        job = make(args, notes)  # unknown --dialect / --to raise here, before any input is read
        stream = _open(args.file)
    except (_Usage, ToolwireError) as exc:
        stderr().write(f"{PROG}: {_one_line(exc)}\n")
        return EXIT_USAGE
    try:
        return _run(job, key, stream, args.keep_going, "stdin" if args.file == "-" else args.file, notes)
    finally:
        if args.file != "-":
            stream.close()


def _silence_stdout() -> None:
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no stdout at all
        pass
