"""Structured output: JSON Schema normal form, a lossless pydantic view, provider
renderers with rewrite reports, limit checks, prompt mode and capability data.

Two schemas are kept apart: the caller's original (always the validation schema) and
a wire schema per provider, which is never more permissive than the original without
saying so in its report.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._target import Ask, Fragment, Limits, Profile, Target, with_instruction
from ._capabilities import CAPABILITIES, QUIRKS, Capabilities, choose_mode, supports_native
from ._limits import check_limits
from ._normalize import normalize
from ._prompt import prompt
from ._render import Rendered, render, sanitize_name
from ._report import Change, Lint
from ._requests import inject_instruction
from ._targets import get_target, targets
from ._validate import ValidationIssue, validate

if TYPE_CHECKING:
    from typing import Dict

    from ._pydantic import to_pydantic

    PROFILES: Dict[str, Profile]
    LIMITS: Dict[str, Limits]


def __getattr__(name: str) -> Any:
    if name == "to_pydantic":  # pydantic loads when a model is asked for, not with the package
        from ._pydantic import to_pydantic

        return to_pydantic
    if name == "PROFILES":  # views of ``targets()``: the dialects load when asked, not with the package
        return {k: t.profile for k, t in targets().items()}
    if name == "LIMITS":
        return {k: t.limits for k, t in targets().items() if t.limits != Limits()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> Any:
    return sorted({*globals(), "to_pydantic", "PROFILES", "LIMITS"})


__all__ = [
    "CAPABILITIES",
    "LIMITS",
    "PROFILES",
    "QUIRKS",
    "Ask",
    "Capabilities",
    "Change",
    "Fragment",
    "Limits",
    "Lint",
    "Profile",
    "Rendered",
    "Target",
    "ValidationIssue",
    "check_limits",
    "choose_mode",
    "get_target",
    "inject_instruction",
    "normalize",
    "prompt",
    "render",
    "sanitize_name",
    "supports_native",
    "targets",
    "to_pydantic",
    "validate",
    "with_instruction",
]
