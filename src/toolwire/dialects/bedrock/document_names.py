"""Distinct document names in one Converse request: Bedrock refuses a request whose messages
hold two documents of one name ("Messages can't contain duplicate document names. Rename the
document and retry your request.", BerriAI/litellm#30093, run-llama/llama_index#20922), which
untitled documents (all ``document``) and titles the name rule cleans alike (``résumé.pdf``,
``r#sum#.pdf``) would be. The first document of a name keeps it; each later one gets
``-2``, ``-3``... (the first such name no document before it has), in request order: a
name given never changes when later messages are added (a prompt cache's prefix stays),
and a later document holding a name given before is the one renamed."""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterator, List, Set

__all__ = ["Names", "Renamed", "distinct_in_blocks", "distinct_in_messages", "names_in"]

_MAX = 200  # DocumentBlock ``name``: at most 200 characters
Renamed = Callable[[Any, str, str], None]  # (the block holding the document, its name, the name given)


class Names:
    """The document names given in one request, in order."""

    __slots__ = ("used", "next")

    def __init__(self) -> None:
        self.used: Set[str] = set()  # the names given so far, in request order
        self.next: Dict[str, int] = {}  # per name, the suffix to try next

    def give(self, name: str) -> str:
        """*name*, or the first of ``name-2``, ``name-3``... not given before: decided by
        the documents before it only, so a name given never changes as more follow."""
        if name not in self.used:
            self.used.add(name)
            return name
        k = self.next.get(name, 2)
        while True:
            tail = f"-{k}"
            new = name[:_MAX - len(tail)] + tail
            k += 1
            if new not in self.used:
                break
        self.next[name] = k
        self.used.add(new)
        return new


def _name(b: Any) -> Any:
    doc = b.get("document") if type(b) is dict else None
    return doc.get("name") if type(doc) is dict else None


def names_in(blocks: Any) -> Iterator[str]:
    """The document names of the content blocks *blocks* (a tool result's too), in order."""
    for b in blocks if type(blocks) is list else ():
        name = _name(b)
        if type(name) is str:
            yield name
        else:
            tr = b.get("toolResult") if type(b) is dict else None
            c = tr.get("content") if type(tr) is dict else None
            if type(c) is list:
                yield from (n for n in map(_name, c) if type(n) is str)


def _renamed(blocks: List[Any], names: Names, note: Renamed, top: Any = None) -> List[Any]:
    """*blocks* with each document named by *names* (a copy where one is renamed; the
    blocks of a tool result too), each rename told to *note* (with the block of *blocks*,
    or *top*, the result block holding them)."""
    out = blocks
    for i, b in enumerate(blocks):
        new = b
        name = _name(b)
        if type(name) is str:
            given = names.give(name)
            if given != name:
                new = {**b, "document": {**b["document"], "name": given}}
                note(b if top is None else top, name, given)
        else:
            tr = b.get("toolResult") if type(b) is dict else None
            c = tr.get("content") if type(tr) is dict else None
            if type(c) is list and type(tr) is dict:
                inner = _renamed(c, names, note, b)
                if inner is not c:
                    new = {**b, "toolResult": {**tr, "content": inner}}
        if new is not b:
            if out is blocks:
                out = list(blocks)
            out[i] = new
    return out


def _unnoted(block: Any, old: str, new: str) -> None:
    pass


def distinct_in_blocks(blocks: List[Any], note: Renamed = _unnoted) -> List[Any]:
    """The content blocks of one tool result with distinct document names."""
    return _renamed(blocks, Names(), note)


def distinct_in_messages(msgs: List[Dict[str, Any]], note: Renamed = _unnoted) -> None:
    """Gives the documents of the written messages *msgs* distinct names (in place: a
    message holding a renamed one is replaced by a copy); *note* is told each rename
    (the message's block holding the document, its name, the name given)."""
    names = Names()
    for i, m in enumerate(msgs):
        c = m.get("content")
        if type(c) is list:
            new = _renamed(c, names, note)
            if new is not c:
                msgs[i] = {**m, "content": new}
