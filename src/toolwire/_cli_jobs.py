"""The command line's commands: the job each runs on one record (``decode``,
``convert``, ``detect``: ``_JOBS``), and ``dialects``, which lists the known ones.

A job takes a record's JSON value and gives what its output line holds: canonical
calls (``decode``), the target's items or, with ``--conversation``, a whole history
written as the target's request fragment (``encode_conversation``; what is dropped on
the way is added to the record's notes), or the record's dialect (``detect``).
"""

from __future__ import annotations

import argparse
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from ._builtin import default_registry
from ._cli_args import EXIT_OK, _Usage
from ._cli_io import dumps
from ._cli_streams import binary_stdout
from ._codec import decode_all, explain
from ._convert import convert
from ._dialect import CALL, RESULT, SERVER, TOOL, Dialect
from ._errors import DecodeError
from ._ids import IdMap
from ._names import NameMap
from ._types import InvalidToolCall, ToolCall

__all__ = ["Job", "Notes", "_JOBS", "_dialects"]

Job = Callable[[Any], Any]
Notes = List[str]  # what a record's conversion noted, printed by ``_run`` with its line


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


def _dialects(as_json: bool) -> int:
    from .text._api import TEXT_FORMATS

    rows = [(d.name, ", ".join(d.aliases), d.description) for d in default_registry()]
    known = {r[0] for r in rows}
    rows += [(f.name, "", f.description) for f in TEXT_FORMATS if f.name not in known]
    out = binary_stdout()  # UTF-8, as every command writes: descriptions hold '…', '｜', '▁'
    for name, aliases, desc in rows:
        if as_json:
            kind = "text" if name.startswith("text.") else "api"
            out.write(dumps({"name": name, "kind": kind, "aliases": aliases.split(", ") if aliases else [],
                             "description": desc}))
        else:
            out.write((f"{name}\t{desc}" + (f" (aliases: {aliases})" if aliases else "") + "\n").encode())
    return EXIT_OK
