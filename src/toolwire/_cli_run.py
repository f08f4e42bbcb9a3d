"""A command's job run over the records of its input (``_run``): one output line per
record, failures and notes on stderr, the exit code.

Lines of OpenAI Batch API output files and Anthropic Message Batches results are
opened to the response they carry (``dialects.batch_files``) and their
``custom_id`` is kept: ``{"custom_id", "calls"|"items"|..., }`` or, for a request
that failed at the provider, ``{"custom_id", "error"}``. Paths in a batch line's
errors and invalid calls start at the line (``$.response.body...``).

Each failure is one line on stderr: ``toolwire: line N: what is wrong``; with
``--keep-going`` a failed record's output line is a placeholder
(``{"error", "line"}``), so that output line N stays input record N.
"""

from __future__ import annotations

import sys
from typing import IO, Any, Dict, List, Optional

from ._cli_args import EXIT_FAILED, EXIT_OK, EXIT_SOME_FAILED, EXIT_USAGE, PROG, _Usage
from ._cli_io import BadInput, Progress, dumps, records
from ._cli_jobs import Job, Notes
from ._cli_streams import binary_stdout, stderr
from ._errors import DecodeError, ToolwireError
from .dialects.batch_files import open_envelope, rooted

__all__ = ["_one_line", "_run"]


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
    out = binary_stdout()
    write = out.write
    err = stderr()
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
                    cid = value.get("custom_id") if type(value) is dict else None
                    if type(cid) is str:  # (``custom_id_of`` raises on any other value)
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
        stderr().write(f"{PROG}: line {line}: note: {' '.join(note.split())}\n")
    notes.clear()
