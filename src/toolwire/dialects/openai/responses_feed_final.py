"""The items of a Responses stream's final response (``response.completed``,
``.incomplete``) that the stream never carried.

openai-python ``client.responses.retrieve(id, stream=True, starting_after=N)``
(``resources/responses/responses.py``: "The sequence number of the event after which to
start streaming"; background responses, openai/openai-python#2372) resumes a stream
mid-reply: the items done before it are only in the final ``response.output``
(``ResponseCompletedEvent.response: Response``).
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List

from ...stream._call import Call, nonempty_str
from ...stream._core import Core
from .responses_feed_builtin import client_done, is_server, server_done
from .responses_sniff import CLIENT_TYPES, client_name

__all__ = ["CALL_TYPES", "unstreamed"]

#: The call items a ``function_call_arguments`` / ``custom_tool_call_input`` stream carries
CALL_TYPES = frozenset({"function_call", "custom_tool_call"})


def unstreamed(core: Core, output: List[Any], end: Callable[[Call, Dict[str, Any]], None]) -> None:
    """The call items of the final *output* that no call of the stream carried (by
    position, else by ``call_id``; a server item by its ``id``): a stream resumed with
    ``starting_after`` begins mid-reply, and the calls done before it are only here.
    Each is added as a call of its own (never dropped), and the stream's calls are put
    in the output's order, as ``decode_all`` of the final response gives them. *end*
    ends the call of a ``function_call`` or ``custom_tool_call`` item (``Feed._end``)."""
    calls = core.calls
    by_key = {c.key: c for c in calls if type(c.key) is int}
    by_id = {(c.server, c.id): c for c in calls if c.id is not None}
    at: Dict[int, int] = {}  # a call's ``pos``: its item's position in *output*
    added = False
    for i, item in enumerate(output):
        if type(item) is not dict:
            continue
        kind = item.get("type")
        name = client_name(item) if kind in CLIENT_TYPES else None
        server = kind not in CALL_TYPES and name is None
        if server and not is_server(item, kind):
            continue  # a message, reasoning...: no call
        ident = nonempty_str(item.get("id" if server else "call_id"))
        c = by_key.get(i)
        if c is None or c.server is not server or c.id is not None and ident is not None and c.id != ident:
            c = by_id.get((server, ident)) if ident is not None else None
        if c is not None:
            at[c.pos] = i
            continue
        n = len(calls)
        if name is not None:
            client_done(core, None, item, name)
        elif server:
            server_done(core, None, item)
        else:
            end(core.open(None, ident, nonempty_str(item.get("name"))), item)
        for c in calls[n:]:
            at[c.pos] = i
        added = True
    if added and len(at) == len(calls):
        calls.sort(key=lambda c: at[c.pos])
