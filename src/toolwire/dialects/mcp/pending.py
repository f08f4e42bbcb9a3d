"""The JSON-RPC ids of the ``tools/call`` requests written with one ``IdMap`` that no
response written with it has answered yet (see ``calls``).

MCP (2025-11-25, basic/index): the request id "MUST NOT have been previously used by
the requestor within the same session". Two requests waiting with one id cannot be told
apart: a ``CallToolResult`` carries no tool name, and the python SDK's dispatcher keeps
one waiter per id. So a request written while another with its id waits is refused (the
parallel calls of one DeepSeek or GLM reply share one id); once a response with the id
is written, the id may be used again (a later turn's). The ids are kept beside the map,
not in it: a copy of the map starts with none.
"""

from __future__ import annotations

from typing import Any, Set
from weakref import WeakKeyDictionary

from ..._errors import EncodeError
from .tools import NAME

__all__ = ["answered", "sent"]

_WAITING: WeakKeyDictionary[Any, Set[str]] = WeakKeyDictionary()


def sent(ids: Any, rid: str, name: str) -> None:
    """A request of the tool *name* is written with the id *rid* (``ids``: the ``IdMap``)."""
    waiting = _WAITING.setdefault(ids, set())
    if rid in waiting:
        raise EncodeError(
            f"The call {name!r} cannot be written as an {NAME} request with the id {rid!r}: a request written with "
            "this IdMap waits with that id (MCP: a request id \"MUST NOT have been previously used by the requestor "
            "within the same session\"; the two answers could not be told apart); give each call its own id "
            "(call.replace(id=...))",
            dialect=NAME, loc="$.id")
    waiting.add(rid)


def answered(ids: Any, rid: str) -> None:
    """A response with the id *rid* is written with the ``IdMap`` *ids*."""
    waiting = _WAITING.get(ids)
    if waiting:
        waiting.discard(rid)
