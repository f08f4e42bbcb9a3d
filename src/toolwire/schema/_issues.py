"""The validator's findings: ``ValidationIssue`` (where, which keyword, a short message)
and the helpers that spell them (``located``: the ``$.a[0]`` path from the instance;
``short``: a value cut to a message's length)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, List

from ._util import path_of

__all__ = ["ValidationIssue", "fail", "located", "short", "too_deep"]


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
    """*issues* with their ``where`` spelled from *instance*, the value their pointers
    point into (a path is spelled only for an issue reported, never for a probe's)."""
    return [ValidationIssue(i.pointer, i.keyword, i.message, i.schema_pointer, path_of(i.pointer, instance))
            for i in issues]


def fail(out: List[ValidationIssue], ptr: str, kw: str, msg: str, sptr: str) -> None:
    """Append the issue of keyword *kw* at *ptr* (its schema pointer: *sptr*/*kw*)."""
    out.append(ValidationIssue(ptr, kw, msg, f"{sptr}/{kw}"))


def too_deep(ptr: str, sptr: str) -> ValidationIssue:
    return ValidationIssue(ptr, "depth", "the value is nested too deeply to check", sptr)


def short(value: Any, limit: int = 60) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):  # not JSON, too deep, an int too long to print
        try:
            text = repr(value)
        except (ValueError, RecursionError):
            text = f"an integer of {value.bit_length()} bits" if isinstance(value, int) else type(value).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"
