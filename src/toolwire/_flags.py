"""The check every public flag goes through (``include_server=``, ``coerce=``,
``IdRule.required``...), so that each says alike what it takes; a module of its own,
below ``_id_rule`` and ``_dialect``, which ``_policy`` imports."""

from __future__ import annotations

from typing import Any

from ._errors import excerpt

__all__ = ["check_flag"]


def check_flag(name: str, value: Any) -> None:
    """Refuses a flag that is not a bool (``include_server="false"`` is truthy)."""
    if value is not True and value is not False:
        raise TypeError(f"{name} must be True or False, got {excerpt(value)}")
