"""Structured output: JSON Schema normal form, a lossless pydantic view, provider
renderers with rewrite reports, limit checks, prompt mode and capability data.

Two schemas are kept apart: the caller's original (always the validation schema) and
a wire schema per provider, which is never more permissive than the original without
saying so in its report.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._capabilities import CAPABILITIES, QUIRKS, Capabilities, choose_mode, supports_native
from ._limits import LIMITS, Limits, check_limits
from ._normalize import normalize
from ._profiles import PROFILES
from ._prompt import inject_instruction, prompt, with_instruction
from ._render import Rendered, render, sanitize_name
from ._report import Change, Lint
from ._validate import ValidationIssue, validate

if TYPE_CHECKING:
    from ._pydantic import to_pydantic


def __getattr__(name: str) -> Any:
    if name == "to_pydantic":  # pydantic loads when a model is asked for, not with the package
        from ._pydantic import to_pydantic

        return to_pydantic
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> Any:
    return sorted({*globals(), "to_pydantic"})


__all__ = [
    "CAPABILITIES",
    "LIMITS",
    "PROFILES",
    "QUIRKS",
    "Capabilities",
    "Change",
    "Limits",
    "Lint",
    "Rendered",
    "ValidationIssue",
    "check_limits",
    "choose_mode",
    "inject_instruction",
    "normalize",
    "prompt",
    "render",
    "sanitize_name",
    "supports_native",
    "to_pydantic",
    "validate",
    "with_instruction",
]
