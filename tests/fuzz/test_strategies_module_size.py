"""``toolwire.strategies`` stays within the house limit for a core module (STYLE.md 10:
``≤ ~400`` lines): the stream transports and SSE framing live in
``_strategies_transport``, the knob checks beside the values (``_strategies_values``),
the corruptions (``_strategies_corrupt``) and the per-dialect plans and payload kinds
(``_strategies_plans``)."""

from __future__ import annotations

from pathlib import Path

import toolwire

SRC = Path(toolwire.__file__).resolve().parent


def test_strategies_modules_stay_within_the_house_limit() -> None:
    for path in [SRC / "strategies.py", *sorted(SRC.glob("_strategies_*.py"))]:
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= 400, f"{path.name} has {lines} lines"
