"""Counting the registry's detection: how many times ``Registry.sniff`` is asked."""

from __future__ import annotations

from typing import Any, List

from toolwire._registry import Registry


def count_sniffs(monkeypatch: Any) -> List[int]:
    """A one-item list that counts the ``Registry.sniff`` calls made from now on."""
    seen = [0]
    sniff = Registry.sniff

    def counted(self: Registry, data: Any) -> Any:
        seen[0] += 1
        return sniff(self, data)

    monkeypatch.setattr(Registry, "sniff", counted)
    return seen
