"""Claims by content of a final event delivered again (``openai.responses`` streams).

A final response's item under fresh ids (vLLM's, made afresh each time it parses the
reply again; docs/streaming.md) is the ended call of its response with the same content.
``content_claim`` finds it for a final event delivered again after another response's
(``Feed._earlier_again``, ``Feed._merged_again``), where a claim by ``call_id`` finds none:
each call once per delivery, the claims by ``call_id`` first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Set, Tuple

from ..._types import ToolCall
from ...stream._call import Call
from .responses_final_keys import call_key, item_key

if TYPE_CHECKING:
    from .responses_feed import Feed

__all__ = ["ContentIndex", "content_claim", "resent_under_fresh_ids"]

#: ``content_claim``'s index of the ended calls from a place in ``core.calls`` on (by
#: that place): up to where the calls were read, and the calls by content, in stream order
ContentIndex = Dict[int, Tuple[int, Dict[Tuple[Any, ...], List[Call]]]]


def content_claim(feed: Feed, start: int, end: int, item: Dict[str, Any], taken: Set[int]) -> bool:
    """Whether the call item *item* has the content of an ended call from *start* to *end*
    in ``core.calls`` that no other item of its final event took (*taken*, by ``pos``; the
    call is added there): that call again, never a second run. The index is kept
    (``feed.claim_index``, by *start*) and brought up to date with the calls added since:
    one per delivery was n² work for a final event delivered n times."""
    core = feed.core
    key = item_key(core, item, False, None)
    if key is None:
        return False
    calls = core.calls
    indexes = feed.claim_index
    if indexes is None:
        indexes = feed.claim_index = {}
    kept = indexes.get(start)
    upto, table = (start, {}) if kept is None or kept[0] > len(calls) else kept
    done_of = feed.ids[2]
    for m in calls[upto:]:
        ended = done_of.get(m.pos)
        if ended is not None:
            k = call_key(m, ended)
            if k is not None:
                table.setdefault(k, []).append(m)
    indexes[start] = (len(calls), table)
    found = table.get(key)
    if not found:
        return False
    for m in found:  # (those taken by this final event: at most its items)
        if (start <= m.pos < end and m.pos not in taken and type(m.result) is ToolCall
                and call_key(m, done_of[m.pos]) == key):
            taken.add(m.pos)
            return True
    return False


def resent_under_fresh_ids(feed: Feed, key: int, item: Dict[str, Any]) -> bool:
    """Whether the done call item *item*, at *key* where no call is open, is the call that
    ended there in the response read (``Items.ended``) sent again under fresh ids (vLLM's:
    made afresh when it parses the reply again): its ids name no streamed call and its
    content is that call's (``item_key``; the rule for a final item under fresh ids). It
    adds nothing: never a second run of the call."""
    prior = feed.ended.get(key)
    if prior is None:
        return False
    m, ended = prior
    if m is None or m.server or not m.done or type(m.result) is not ToolCall:
        return False
    ident, iid = item.get("call_id"), item.get("id")
    if (type(ident) is str and ident in feed.once
            or type(iid) is str and (iid in feed.ids[1] or feed.ids[0].get(m.pos) == iid)):
        return False  # (ids a streamed call had: its added item's too)
    k = item_key(feed.core, item, False, None)
    return k is not None and k == call_key(m, ended)
