"""``Bound``: a ``functools.partial`` equal to another of the same function and arguments.

A plain ``partial`` compares by identity, so a dialect record holding one (``Dialect``,
``HistoryCodec`` are dataclasses compared field by field) differed from its own pickled
copy: a derived dialect (``dataclasses.replace(get_dialect("openai.chat"), name=...)``)
did not equal itself loaded back. The built-in records bind their module-level functions
with this instead (it pickles as a ``partial`` does, by reference to the function).
"""

from __future__ import annotations

from functools import partial

__all__ = ["Bound"]


class Bound(partial):  # type: ignore[type-arg]
    """``partial(func, *args, **keywords)``, equal by ``func``, ``args`` and ``keywords``."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if type(other) is not Bound:
            return NotImplemented
        return self.func == other.func and self.args == other.args and self.keywords == other.keywords

    def __hash__(self) -> int:
        return hash(self.func)
