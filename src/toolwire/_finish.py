"""A dialect's finish reasons as the arguments policy and the collectors read them:
which words say a reply was cut off (its calls may be truncated) and which say it
failed (none of its calls runs). No table of provider words here beyond the core's
``TRUNCATING``: the rest is derived from each dialect's ``finish_reasons``, so a
third-party dialect's own words act as the built-ins' do, in whole replies
(``decode_all``, ``normalize``), in streams and as the ``finish_reason=`` keyword.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, FrozenSet, Optional, Tuple, Union, cast

from ._builtin import default_registry
from ._derived import derived
from ._dialect import Dialect
from ._policy import CUT_OFF, FAILED, TRUNCATING, Policy
from ._registry import Registry

__all__ = ["called_reason", "calling", "cut_reason", "failed_reason", "failing", "own_finish", "truncating"]


def _cut_off(d: Dialect) -> FrozenSet[str]:
    """*d*'s own words that ``finish_reasons`` normalises to ``length`` or ``context_window``."""
    return frozenset(raw for raw, norm in d.finish_reasons.items() if norm in CUT_OFF)


def truncating(d: Dialect) -> FrozenSet[str]:
    """The finish reasons that cut *d*'s replies short: the core's, and those its
    ``finish_reasons`` normalises to ``length`` or ``context_window``."""
    own = _cut_off(d)
    return TRUNCATING | own if own - TRUNCATING else TRUNCATING


def failing(d: Dialect) -> FrozenSet[str]:
    """The finish reasons of a reply *d* reports as failed (``finish_reasons``
    normalises them to ``error``): its calls must not run."""
    return frozenset(raw for raw, norm in d.finish_reasons.items() if norm == FAILED)


def cut_reason(d: Dialect, finish: Any) -> Optional[str]:
    """The finish reason the arguments policy gets when *finish* (a reply's, as *d*
    reads it) says the reply was cut off: itself when it is one of every dialect's words
    for that (``TRUNCATING``), ``"length"`` when *d*'s ``finish_reasons`` normalises it to
    ``length`` or ``context_window`` (a third-party dialect's own word, as in its
    streams); else ``None``."""
    if finish in TRUNCATING:
        return cast(str, finish)
    if type(finish) is str and d.finish_reasons.get(finish) in CUT_OFF:
        return "length"
    return None


def _cut_words(dialects: Tuple[Dialect, ...]) -> FrozenSet[str]:
    """The words the dialects' ``finish_reasons`` normalise to ``length`` or
    ``context_window`` that are not every dialect's words for that (``TRUNCATING``)."""
    return frozenset().union(*map(_cut_off, dialects)) - TRUNCATING


def own_finish(pol: Policy, dialect: Union[str, Dialect, None], registry: Optional[Registry]) -> Policy:
    """*pol*, its ``finish_reason`` keyword read as ``"length"`` when it is a dialect's
    own word for a reply cut off (as ``cut_reason`` reads a reply's): the named
    dialect's, or without one any registered dialect's."""
    fr = pol.finish_reason
    if fr is None or fr in TRUNCATING:
        return pol
    reg = default_registry() if registry is None else registry
    if dialect is None:
        cut = fr in derived(_cut_words, registry)
    else:
        d = dialect if isinstance(dialect, Dialect) else None
        if type(dialect) is str and dialect in reg:
            d = reg.get(dialect)
        cut = d is not None and cut_reason(d, fr) is not None
    return replace(pol, finish_reason="length") if cut else pol


def calling(d: Dialect) -> FrozenSet[str]:
    """The finish reasons by which *d*'s provider says the model called a tool
    (``finish_reasons`` normalises them to ``tool_calls``)."""
    return frozenset(raw for raw, norm in d.finish_reasons.items() if norm == "tool_calls")


def called_reason(d: Dialect, finish: Any) -> Optional[str]:
    """*finish* when *d*'s ``finish_reasons`` normalises it to ``tool_calls``: the
    provider says the model called a tool (a reply that then holds none is flagged)."""
    if type(finish) is str and d.finish_reasons.get(finish) == "tool_calls":
        return finish
    return None


def failed_reason(d: Dialect, finish: Any) -> Optional[str]:
    """*finish* when *d*'s ``finish_reasons`` normalises it to ``error``: the provider
    reports the reply as failed (Gemini ``MALFORMED_FUNCTION_CALL``, Bedrock
    ``malformed_tool_use``, a Responses ``failed`` status...), so no call of it runs."""
    return finish if type(finish) is str and d.finish_reasons.get(finish) == FAILED else None
