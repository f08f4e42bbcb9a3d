"""The command line's usage: its program name, its arguments (``_parser``), the exit
codes its help states, and bad usage found after parsing (``_Usage``).

Exit codes: 0 success; 1 some records failed (``--keep-going``); 2 bad usage or
unreadable input; 3 a record failed (without ``--keep-going``, stops there).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Optional

__all__ = ["EPILOG", "EXIT_FAILED", "EXIT_OK", "EXIT_SOME_FAILED", "EXIT_USAGE", "PROG", "_Usage", "_parser"]

EXIT_OK, EXIT_SOME_FAILED, EXIT_USAGE, EXIT_FAILED = 0, 1, 2, 3

PROG = (__package__ or __name__).rpartition(".")[2]  # the package's own name (a vendored copy has its own)


class _Usage(Exception):
    """Bad usage found after parsing the arguments (exit code 2)."""


EPILOG = """\
input: JSON or JSONL (auto-detected), a file or - for stdin; JSONL is streamed.
batch files: OpenAI Batch API output lines and Anthropic Message Batches results
lines are opened to their response; custom_id is kept in each output record.
exit codes: 0 success; 1 some records failed (--keep-going); 2 bad usage or
unreadable input; 3 a record failed (stops at the first one).
"""


class _Parser(argparse.ArgumentParser):
    """argparse's parser, less its silence on a failed write: a ``--help`` or
    ``--version`` that cannot be written is reported (exit 2), as any other output."""

    def _print_message(self, message: str, file: Optional[Any] = None) -> None:
        out = file or sys.stderr
        if message and out is not None:  # no stderr (``2>&-``): the exit code tells
            out.write(message)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
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
