"""The tables a Responses stream's final event is set against (``openai.responses``).

``responses_feed_final.settle`` sets a final response's items against the calls of its
response: ``call_tables`` holds those calls by ``output_index`` and by ids, and
``content_index`` the ended ones by content (for items under fresh ids). Both are kept on
the reader (``Feed.tables``, ``Feed.contents``) and brought up to date with what changed
since, so a final event delivered n times costs what changed, not n times every call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Set, Tuple

from ...stream._call import Call
from .responses_final_keys import call_key, given_namespace

if TYPE_CHECKING:
    from .responses_feed import Feed

__all__ = ["Contents", "Tables", "call_tables", "content_index"]


#: ``settle``'s tables of a response's calls (``call_tables``): where its calls begin, up to
#: where they were read, how many ``Feed.renames`` then, each call by its ``output_index``
#: and by its ids, the calls read (by ``pos``), and the ids more than one call had
Tables = Tuple[int, int, int, Dict[int, Call], Dict[Tuple[bool, str], Call], Set[int], Set[Tuple[bool, str]]]


def call_tables(feed: Feed, first: int) -> Tuple[Dict[int, Call], Dict[Tuple[bool, str], Call]]:
    """The calls of the response read (from *first* on in ``core.calls``) by their
    ``output_index`` and by their ids (the first under each). Kept (``feed.tables``) and
    brought up to date: the calls added since are read, and a call read whose id was set
    or changed since (``Feed.renames``: only where it ends) moves to its id (built again
    only when another call had either id: which one is first is not kept), open calls or
    not: its final event delivered again, each time with other items or after a call's
    end, costs what changed (not all calls per delivery: n deliveries of n calls were n²
    work)."""
    calls = feed.core.calls
    renames = feed.renames or ()
    kept = feed.tables
    if kept is not None and kept[0] == first and kept[1] <= len(calls):
        upto, by_key, by_id, read, shared = kept[1], kept[3], kept[4], kept[5], kept[6]
        moved = [m for m, _, _ in renames[kept[2]:] if m.pos in read]
        if moved and not _move(moved, renames[kept[2]:], by_id, shared):
            kept = None
    if kept is None or kept[0] != first or kept[1] > len(calls):
        upto, by_key, by_id, read, shared = first, {}, {}, set(), set()
    for m in calls[upto:]:
        read.add(m.pos)
        if type(m.key) is int:
            by_key[m.key] = m
        if m.id is not None:
            k = (m.server, m.id)
            if k in by_id:
                shared.add(k)
            else:
                by_id[k] = m
    feed.tables = (first, len(calls), len(renames), by_key, by_id, read, shared)
    return by_key, by_id


#: ``settle``'s content index of a response's ended calls (``content_index``): where its calls
#: begin, the ended calls it was read against, how many (with every done item read), up to
#: where the calls were read, and the index
Contents = Tuple[int, Dict[int, Dict[str, Any]], int, int, Dict[Tuple[Any, ...], List[Tuple[Call, Any]]]]


def content_index(feed: Feed, first: int,
                  done: Dict[int, Dict[str, Any]]) -> Dict[Tuple[Any, ...], List[Tuple[Call, Any]]]:
    """The ended calls of the response read (from *first* on in ``core.calls``; those in
    *done*, and those another item ended at the same ``output_index`` after: their done
    item, ``Items.ids``) by content (``call_key``, and with their ``namespace``), in
    stream order, each with the result its content was read from. Kept
    (``feed.contents``) while *done* is the same and as long (and no call ended since),
    brought up to date with the calls added since: each final event again under fresh
    ids (one per delivery, after one holding none) read the content of every call of the
    response again (n deliveries of n calls were n² work)."""
    calls = feed.core.calls
    kept = feed.contents
    done_of = feed.ids[2]
    if (kept is not None and kept[0] == first and kept[1] is done and kept[2] == len(done) + len(done_of)
            and kept[3] <= len(calls)):
        upto, index = kept[3], kept[4]
    else:
        upto, index = first, {}
    for m in calls[upto:]:
        item = done.get(m.pos)
        if item is None and m.done and type(m.key) is int:
            # (a call another item ended at the same index after, every item at one index, as
            # gateways stream them: an ended call too, by content)
            item = done_of.get(m.pos)
        if item is not None:
            key = call_key(m, item)
            if key is not None:
                index.setdefault(key, []).append((m, m.result))
                index.setdefault(("ns", key, given_namespace(item)), []).append((m, m.result))
    feed.contents = (first, done, len(done) + len(done_of), len(calls), index)
    return index


def _move(moved: List[Call], renames: Sequence[Tuple[Call, Optional[str], Optional[str]]],
          by_id: Dict[Tuple[bool, str], Call], shared: Set[Tuple[bool, str]]) -> bool:
    """The calls *moved* (read in the tables, *renames* since) under the ids they have now
    in *by_id*; ``False`` when another call had one of their ids (the tables are built
    again)."""
    mine = {m.pos for m in moved}
    for m, old, new in renames:
        if m.pos not in mine:
            continue
        for ident in (old, new):
            k = (m.server, ident) if ident is not None else None
            if k is not None and ident != m.id and by_id.get(k) is m:
                if k in shared:
                    return False
                del by_id[k]
    for m in moved:
        if m.id is not None:
            k = (m.server, m.id)
            held = by_id.get(k)
            if held is None:
                by_id[k] = m
            elif held is not m:
                return False
    return True
