"""The peak of memory a call allocates (``tracemalloc``), for n-vs-4n checks that count
memory, never time."""

from __future__ import annotations

import tracemalloc
from typing import Any, Callable


def peak(fn: Callable[[], Any]) -> int:
    """Bytes at the peak of a second run of *fn* (the first compiles and caches)."""
    fn()
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
