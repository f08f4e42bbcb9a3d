"""Lines of toolwire run by a call: a count, not a timer (deterministic on a busy
machine), for the n-vs-4n checks: linear work runs about 4x the lines at 4n, quadratic
about 16x."""

from __future__ import annotations

import sys
from pathlib import Path
from types import FrameType
from typing import Any, Callable

import toolwire

PKG = str(Path(toolwire.__file__).resolve().parent)


def lines_run(fn: Callable[[], Any]) -> int:
    """Lines of the package executed by *fn*."""
    count = 0

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return local

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        return local if PKG in frame.f_code.co_filename else None

    sys.settrace(tracer)
    try:
        fn()
    finally:
        sys.settrace(None)
    return count


def calls_made(fn: Callable[[], Any]) -> int:
    """Python and builtin calls made while *fn* runs (counted, not timed)."""
    count = 0

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    sys.setprofile(profile)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return count
