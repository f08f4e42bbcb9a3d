"""The per-partition function both distributed examples run: JSONL lines in, canonical
JSONL lines out, bad records kept as error records (a worker never dies on one line).

It is plain Python over toolwire's picklable, stateless functions, so any engine that
can map a function over partitions of lines (Dask, Spark, Ray, Beam...) can run it.

Output records, one per non-blank input line:

    {"file": "day1.jsonl", "line": 3, "calls": [{"name", "args", "id"}, ...]}
    {"file": "day1.jsonl", "line": 4, "custom_id": "req-7", "calls": [...]}   # batch files
    {"file": "day1.jsonl", "line": 5, "error": "Input at $ matches no known dialect: ..."}
"""

from __future__ import annotations

import json
from typing import Any, Dict, Iterable, Iterator, Optional, Tuple

from pydantic_core import to_json

import toolwire
from toolwire._args import load_json  # the command line's reading of a line
from toolwire.dialects.batch_files import open_envelope, rooted

Row = Tuple[str, Optional[int], str]  # (file, line number or None, the line's text)


def _calls(value: Any, root: str = "$") -> list:
    """Canonical calls; *root*: where *value* sits in its line (a batch line's body)."""
    out = []
    for c in toolwire.decode_all(value, invalid="keep"):
        if isinstance(c, toolwire.ToolCall):
            out.append({"name": c.name, "args": c.args, "id": c.id})
        else:
            out.append({"name": c.name, "id": c.id, "invalid": rooted(c.error, root), "raw": c.raw})
    return out


def decode_row(file: str, line: Optional[int], text: str) -> Dict[str, Any]:
    """One output record for one input line."""
    rec: Dict[str, Any] = {"file": file, "line": line}
    if line in (1, None) and text.startswith("\ufeff"):  # a UTF-8 BOM opens a file
        text = text[1:]
    try:  # JSON as RFC 8259 has it (no NaN), as the command line reads it
        value = load_json(text.rstrip())
    except ValueError as exc:
        rec["error"] = f"not JSON ({' '.join(str(exc).split())})"
        return rec
    root = "$"
    try:
        env = open_envelope(value)
        if env is None:
            rec["calls"] = _calls(value)
        else:
            rec["custom_id"], root = env.custom_id, env.loc
            if env.error is not None:
                rec["error"] = env.error
            else:
                rec["calls"] = _calls(env.body, root)
    except toolwire.ToolwireError as exc:
        rec["error"] = rooted(str(exc), root)  # paths start at the line, as the CLI's do
    return rec


def decode_partition(rows: Iterable[Row]) -> Iterator[str]:
    """Canonical JSON lines (without line ends) for the non-blank rows of a partition."""
    for file, line, text in rows:
        if text.strip():
            rec = decode_row(file, line, text)
            try:
                yield to_json(rec).decode("utf-8")
            except Exception:  # a lone surrogate: escaped, as JSON allows
                yield json.dumps(rec)
