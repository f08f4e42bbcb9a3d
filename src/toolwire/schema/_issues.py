"""The validator's findings: ``ValidationIssue`` (where, which keyword, a short message)
and the helpers that spell them (``located``: the pointer and the ``$.a[0]`` path from
the instance; ``short``: a value cut to a message's length; ``more``: the last issue of a
check that stopped listing at ``KEPT``); ``At``: a place whose pointer is long, spelled
only for an issue reported."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any, Iterator, List, Sequence, Set, Tuple

from ._util import path_of

__all__ = ["LONG", "KEPT", "MORE", "At", "ValidationIssue", "beyond", "fail", "located", "more", "repeat_issue",
           "short", "too_deep"]

#: the issues a check lists, each with its whole pointer and path; one ``more`` issue
#: after them says there are others (a pointer per issue cost the depth each: 2,000 NaNs
#: 100 levels under 1,000-character keys spelled 200 million characters)
KEPT = 100
#: ``more``'s keyword
MORE = "more"


#: a pointer this long or longer is not extended as a string: its children are ``At``s
LONG = 256


class At:
    """The place of *token* under *up* (a pointer of ``LONG`` characters or more, or
    another ``At``), as the check walks it. Spelled only for an issue reported
    (``spelled``): a pointer string per value took the path's length each, and the ones
    the check remembers were held to its end (2,000 items under 10 levels of 2,000-character
    keys: 41 MB). A check that remembers walks by place makes one per place (``_Checker.below``)."""

    __slots__ = ("up", "token")

    def __init__(self, up: Any, token: str) -> None:
        self.up, self.token = up, token


def spelled(ptr: Any) -> str:
    """The JSON Pointer of *ptr*: a pointer, or an ``At``."""
    if type(ptr) is not At:
        return str(ptr)
    tokens: List[str] = []
    while type(ptr) is At:
        tokens.append(ptr.token)
        ptr = ptr.up
    return str(ptr) + "".join(f"/{t}" for t in reversed(tokens))


@dataclass(frozen=True)
class ValidationIssue:
    """One way an instance fails its schema: where, which keyword, and a short message.

    ``where``: the instance location in ``$.a[0]`` form, as ``validate`` and ``check``
    spell it from the instance (``[0]`` for an item of an array, ``["0"]`` for a
    property named ``0``); not part of equality."""

    pointer: str
    keyword: str
    message: str
    schema_pointer: str = ""
    where: str = field(default="", repr=False, compare=False)

    @property
    def path(self) -> str:
        """The instance location in ``$.a[0]`` form (``where``; without it the pointer
        read as ``path_of`` reads one without a document)."""
        return self.where or path_of(self.pointer)

    def __str__(self) -> str:
        return f"{self.path}: {self.message} ({self.keyword})"


def located(issues: List[ValidationIssue], instance: Any) -> List[ValidationIssue]:
    """*issues* with their pointers and ``where`` spelled from *instance*, the value their
    pointers point into (a path is spelled only for an issue reported, never for a probe's;
    a check's issues hold an ``At`` as their pointer until then)."""
    return [ValidationIssue(ptr, i.keyword, i.message, i.schema_pointer, path_of(ptr, instance))
            for i in issues for ptr in (spelled(i.pointer),)]


def fail(out: List[ValidationIssue], ptr: Any, kw: str, msg: str, sptr: str) -> None:
    """Append the issue of keyword *kw* at *ptr* (a pointer or an ``At``; its schema
    pointer: *sptr*/*kw*)."""
    out.append(ValidationIssue(ptr, kw, msg, f"{sptr}/{kw}"))


def too_deep(ptr: Any, sptr: str) -> ValidationIssue:
    return ValidationIssue(ptr, "depth", "the value is nested too deeply to check", sptr)


def more(kept: int = KEPT) -> ValidationIssue:
    """The issue after the *kept* first of a check that has more."""
    return ValidationIssue("", MORE, f"more issues not listed: the check stops after the first {kept}", where="$")


def beyond(issues: Sequence[ValidationIssue], shown: int) -> Tuple[Sequence[ValidationIssue], str]:
    """The first *shown* of *issues* (never a check's ``more`` issue) and how many others
    there are: ``"3"``, ``"at least 81"`` after a check that stopped listing, ``""`` for none."""
    stopped = bool(issues) and issues[-1].keyword == MORE
    listed = issues[:-1] if stopped else issues
    rest = max(0, len(listed) - shown)
    return listed[:shown], f"at least {rest + 1}" if stopped else str(rest) if rest else ""


def short(value: Any, limit: int = 60) -> str:
    """*value* as ``json.dumps`` spells it (``ensure_ascii=False``), cut to *limit*
    characters; ``repr`` for a value JSON has no text for."""
    try:
        text = _scalar(value, limit) if type(value) in _SCALARS else _preview(value, limit)
    except (TypeError, ValueError, RecursionError):  # not JSON, circular, an int too long to print
        try:
            text = repr(value)
        except (ValueError, RecursionError):
            text = f"an integer of {value.bit_length()} bits" if isinstance(value, int) else type(value).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _preview(value: Any, limit: int) -> str:
    """The JSON text of *value*, as ``json.dumps`` writes it, up to a little past *limit*
    characters (all of it when shorter): the same work for a value of any size or depth
    (a dump of the whole value per failing branch, 1,000 levels deep, was quadratic).
    ``TypeError`` / ``ValueError`` where ``json.dumps`` raises (not JSON, circular)."""
    out: List[str] = []
    size = 0
    open_: List[Tuple[Iterator[Any], str, int, bool]] = []  # (members left, closing bracket, id, is an object)
    active: Set[int] = set()
    value_next = True
    while size <= limit:
        if value_next:
            text = _scalar(value, limit)
            if text is None:  # a container
                if id(value) in active:
                    raise ValueError("Circular reference detected")
                active.add(id(value))
                is_dict = isinstance(value, dict)
                open_.append((iter(value.items() if is_dict else value), "}" if is_dict else "]", id(value), is_dict))
                text = "{" if is_dict else "["
            out.append(text)
            size += len(text)
            value_next = False
            continue
        if not open_:
            break
        members, close, ident, is_dict = open_[-1]
        member = next(members, _END)
        if member is _END:
            open_.pop()
            active.discard(ident)
            out.append(close)
            size += 1
            continue
        sep = "" if out[-1] in ("[", "{") else ", "
        if is_dict:
            key, value = member
            sep += json.dumps(_key(key)[:limit], ensure_ascii=False) + ": "
        else:
            value = member
        out.append(sep)
        size += len(sep)
        value_next = True
    return "".join(out)


_END: Any = object()
_SCALARS = (str, int, float, bool, type(None))  # (exactly these types: ``short``'s one step)


def _scalar(value: Any, limit: int) -> Any:
    """The JSON text of a scalar *value* (a string's first *limit* characters'), ``None``
    for an array or object, ``TypeError`` for anything else."""
    if isinstance(value, str):
        return json.dumps(value[:limit], ensure_ascii=False)
    if value is None or value is True or value is False:
        return "null" if value is None else "true" if value else "false"
    if isinstance(value, int):
        return int.__repr__(value)  # ``ValueError`` past the interpreter's digit limit, as json's
    if isinstance(value, float):
        return _float(value)
    if isinstance(value, (list, tuple, dict)):
        return None
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _float(value: float) -> str:
    if math.isfinite(value):
        return float.__repr__(value)
    return "NaN" if value != value else "Infinity" if value > 0 else "-Infinity"


def _key(key: Any) -> str:
    """An object key as JSON text spells it (``json.dumps``: ``1`` as ``"1"``, ``None`` as ``"null"``)."""
    if isinstance(key, str):
        return key
    if key is None or key is True or key is False or isinstance(key, (int, float)):
        return str(_scalar(key, 0))
    raise TypeError(f"keys must be str, int, float, bool or None, not {type(key).__name__}")


def repeat_issue(text: str, value: Any) -> List[ValidationIssue]:
    """The issue of an answer whose JSON *text* (read as *value*) gives a key twice in one
    object (RFC 8259 §4: parsers keep one value, so one the model wrote would be lost,
    DESIGN.md: nothing silently repaired): at the key, keyword ``json``; else ``[]``."""
    from .._path_steps import key_step
    from .._repeats import repeat_steps

    found = repeat_steps(text, value)
    if found is None:
        return []
    steps, key = found
    ptr = "".join("/" + str(s).replace("~", "~0").replace("/", "~1") for s in (*steps, key))
    where = "$" + "".join(f"[{s}]" if type(s) is int else key_step(s) for s in (*steps, key))
    return [ValidationIssue(ptr, "json", f"the key {json.dumps(key, ensure_ascii=False)} is given twice in one "
                            "object (one of its values would be lost)", where=where)]
