"""Speed only: the one-step decoders a ``Registry`` holds beside its plan (see
``_registry``), registered with ``add_fast``, ``add_fast_object``, ``add_fast_calls``
and ``add_fast_response`` (the default registry's: ``_builtin``), and looked up by
their dialect (``one_step``, ``fast_calls``). Each answers what the general path
would, or ``None`` (then the general path runs); tests hold them to it.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Tuple

from ._dialect import Dialect

if TYPE_CHECKING:
    from ._types import ToolCall

__all__ = ["Fast", "OneSteps"]

Fast = Callable[[Dict[str, Any]], Optional["ToolCall"]]


class OneSteps:
    """The one-step decoders' tables and their methods, mixed into ``Registry`` (whose
    ``__init__`` sets the tables and whose plan reads them)."""

    _lock: threading.Lock
    _plans: Dict[Any, Any]
    _fast: Dict[Tuple[Any, ...], Tuple[Tuple[Dialect, ...], Fast]]
    _fast_named: Dict[str, Tuple[Dialect, Fast]]
    _fast_objects: Dict[str, Tuple[Dialect, Callable[[Any], Any]]]
    _fast_calls: Dict[str, Tuple[Dialect, Callable[[Any], Any]]]
    _fast_responses: Dict[str, Tuple[Dialect, Callable[[Any], Any]]]

    def add_fast_response(self, name: str, dialect: Dialect, fn: Callable[[Any], Any]) -> None:
        """Speed only: *fn* reads SDK responses of class *name* (``"package:QualName"``)
        straight into their calls under the default policy: it gives the calls and the
        plain top of the response (what its ``sdk_responses`` reader gives, less the
        calls), or ``None``. Its calls stand while the plan names *dialect* on that top."""
        with self._lock:
            self._fast_responses = {**self._fast_responses, name: (dialect, fn)}
            self._plans = {}

    def add_fast_calls(self, dialect: Dialect, fn: Callable[[Dict[str, Any]], Optional[List[ToolCall]]]) -> None:
        """Speed only: *fn* reads a container *dialect* claims (a response, a message)
        into its calls under the default policy in one step, or gives ``None``."""
        with self._lock:
            self._fast_calls = {**self._fast_calls, dialect.name: (dialect, fn)}

    def fast_calls(self, d: Dialect, data: Dict[str, Any]) -> Optional[List[ToolCall]]:
        """Speed only: the calls of the container *data* claimed by *d*, read by the
        one-step reader registered for *d* (``add_fast_calls``); ``None`` when there is
        none or it declines (then the walk runs)."""
        found = self._fast_calls.get(d.name)
        if found is None or found[0] is not d:
            return None
        try:
            calls: Optional[List[ToolCall]] = found[1](data)
        except Exception:  # the walk decides (and reports)
            return None
        return calls

    def add_fast_object(self, name: str, dialect: Dialect, fn: Callable[[Any], Any]) -> None:
        """Speed only: *fn* reads SDK objects of class *name* (``"package:QualName"``)
        straight into a ``ToolCall`` under the default policy, or gives ``None``,
        while *dialect* is the one whose ``sdk_calls`` reader the plan picks."""
        with self._lock:
            self._fast_objects = {**self._fast_objects, name: (dialect, fn)}
            self._plans = {}

    def add_fast(self, shape: Tuple[Any, ...], ahead: Tuple[Dialect, ...], fn: Fast, named: bool = True) -> None:
        """Speed only: *fn* decodes dicts of *shape* (keys in order, then the string
        ``type`` value or ``None``) in one step under the default policy, while the
        claims of that shape are exactly *ahead*'s, in order; with *named*, also for
        items named as (or SDK objects read as) the last of *ahead*: that dialect
        object, not another registered under its name."""
        with self._lock:
            self._fast = {**self._fast, shape: (ahead, fn)}
            if named:
                self._fast_named = {**self._fast_named, ahead[-1].name: (ahead[-1], fn)}
            self._plans = {}

    def one_step(self, d: Dialect) -> Optional[Fast]:
        """Speed only: the one-step decoder of items named as *d* (see ``add_fast``)."""
        found = self._fast_named.get(d.name)
        return found[1] if found is not None and found[0] is d else None
