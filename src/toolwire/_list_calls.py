"""Speed only: the calls of a plain list of items (a message's ``tool_calls``, a
Responses ``output``), each item read by the registry's plan as ``decode`` reads one
item, in place of the walk, which detects each item afresh (``decode_all`` under the
default policy, without a dialect). Answers what the walk would, or ``False`` (then
the walk runs); ``tests/test_list_calls.py`` holds it to the walk.
"""

from __future__ import annotations

from typing import Any, List

from ._args import DEFAULT_POLICY
from ._dialect import OTHER, RESULT
from ._registry import Registry
from ._types import ToolCall

__all__ = ["list_calls", "read_together"]


def list_calls(items: List[Any], reg: Registry, out: List[Any], server: bool) -> bool:
    """Append the calls of *items* to *out* when each item is a call the plan decodes
    (or a ``ToolCall`` the caller gave), a tool result or an item without calls, and
    at least one is a call (a provider's own call among them only with *server*, as
    ``include_server`` asks; passed over otherwise); ``False`` (with *out* as it was) as
    soon as one is anything else: a tool definition, a container, an item that fails,
    a list some dialect reads together (``Dialect.list_items``)."""
    start = len(out)
    for el in items:
        t = type(el)
        if t is dict:
            try:
                got = reg.decode(el, DEFAULT_POLICY)
            except Exception:  # the walk reports it at its path (or keeps it)
                got = None
            if type(got) is ToolCall:
                if server or not got.server:
                    out.append(got)
                continue
            if type(got) is tuple and (got[1] == OTHER or got[1] == RESULT):
                continue  # what the walk passes over while it finds calls
        elif t is ToolCall:
            if server or not el.server:
                out.append(el)
            continue
        break
    else:
        if len(out) > start and not read_together(items, reg):
            return True
    del out[start:]
    return False


def read_together(items: List[Any], reg: Registry) -> bool:
    """Whether a dialect reads *items* together (``Dialect.list_items``: Gemini's
    nameless argument parts join the call before them), as the walk reads a list;
    a reader that fails counts as one that does (the walk reports it)."""
    readers = reg.list_items(items)
    if not readers:
        return False
    pairs = [(el, f"$[{i}]") for i, el in enumerate(items)]
    for read in readers:
        try:
            pairs = list(read(pairs))
        except Exception:
            return True
        if len(pairs) != len(items) or any(p[0] is not el for p, el in zip(pairs, items)):
            return True
    return False
