"""Report records shared by the converter, the renderers and the limit checks."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ACTIONS", "LOSSY_ACTIONS", "Change", "Lint"]

#: What happened to a keyword on its way to a wire schema or a typed view.
#: ``kept``: sent / typed as is. ``rewritten``: an equivalent form. ``narrowed``: the
#: target accepts less than the original (never more). ``checked``: enforced by a
#: validator hook in the typed view instead of a type. ``moved``: put into
#: ``description`` as a hint (no longer enforced by the provider). ``dropped``: removed.
#: ``unsupported``: the target cannot express it at all. ``unenforced``: sent as it is,
#: but the target's engine is not known to enforce it (skipped silently, best effort).
ACTIONS = ("kept", "rewritten", "narrowed", "checked", "moved", "dropped", "unsupported", "unenforced")
LOSSY_ACTIONS = frozenset({"moved", "dropped", "unsupported", "unenforced"})


@dataclass(frozen=True)
class Change:
    """The fate of one keyword at one JSON Pointer of the original schema."""

    pointer: str
    keyword: str
    action: str
    note: str = ""

    def __str__(self) -> str:
        tail = f" ({self.note})" if self.note else ""
        return f"{self.pointer or '/'} {self.keyword}: {self.action}{tail}"


@dataclass(frozen=True)
class Lint:
    """A problem found before sending: a limit exceeded, an unsatisfiable node, ...

    ``severity`` is ``"error"`` (the provider will reject it, or the schema cannot be
    satisfied) or ``"warning"`` (worth knowing, sent anyway).
    """

    code: str
    pointer: str
    message: str
    severity: str = "error"

    def __str__(self) -> str:
        return f"{self.code} at {self.pointer or '/'}: {self.message}"
