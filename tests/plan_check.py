"""The decode plan checked against its definition.

By definition, ``decode(item)`` of a dict asks every dialect in detection order (its
``detect`` if it has one, else its ``sniff``; no key gates, no cache) and the first
that claims a call decodes it with its ``decode_call``; ``decode(item, dialect)``
asks only that dialect's ``sniff``. ``reference`` computes exactly that, the slow
way; ``agrees`` checks ``decode`` (plan, caches, fast paths and all) against it.
"""

from __future__ import annotations

from typing import Any, Optional

import toolwire
from toolwire._args import make_policy
from toolwire._builtin import default_registry
from toolwire._dialect import CALL, SERVER
from toolwire._errors import excerpt
from toolwire._types import evolve


def full(call: Any) -> Any:
    """Everything a call holds (equality compares name, args and id only)."""
    return (call.name, call.args, call.id, call.raw, call.provider_data, call.repairs, call.server)


def outcome(fn: Any, *a: Any, **kw: Any) -> Any:
    """*fn*'s call in full, or the type and message of the toolwire error it raised."""
    try:
        return full(fn(*a, **kw))
    except toolwire.ToolwireError as exc:
        return type(exc), str(exc)


def reference(item: Any, dialect: Optional[str] = None, registry: Any = None, **policy: Any) -> Any:
    """What ``decode`` must give for *item* when it is a dict claimed as a call (the
    call in full, or the error); ``None`` for anything else."""
    if type(item) is not dict:
        return None
    reg = default_registry() if registry is None else registry
    hit = None
    if dialect is None:
        for d in reg:
            try:
                hit = (d.detect or d.sniff)(item)
            except Exception:
                hit = None
            if hit is not None:
                break
    else:
        d = reg.get(dialect)
        try:
            hit = d.sniff(item)
        except Exception:
            hit = None
    if hit is None or hit[0] not in (CALL, SERVER):
        return None
    try:
        call = d.decode_call(item, make_policy(policy), "$")
    except toolwire.ToolwireError as exc:
        return type(exc), str(exc)
    except Exception as exc:
        return toolwire.DecodeError, (
            f"Malformed {d.name} tool call at $ ({type(exc).__name__}: {exc}): {excerpt(item)}"
        )
    return full(evolve(call, server=True) if hit[0] == SERVER and not call.server else call)


def agrees(item: Any, dialect: Optional[str] = None, registry: Any = None, **policy: Any) -> bool:
    """Whether *item* is a dict claimed as a call; if so, ``decode`` gave the
    reference answer (the call or the error). Either way, ``decode`` gives the same
    with a policy keyword set to its default (policy keywords take the same plan)."""
    got = outcome(toolwire.decode, item, dialect, registry=registry, **policy)
    want = reference(item, dialect, registry, **policy)
    if want is not None:
        assert got == want, item
    if not policy:
        assert got == outcome(toolwire.decode, item, dialect, registry=registry, repair=True), item
    return want is not None and not isinstance(want[0], type)
