"""Distinct document names in one Converse request: Bedrock refuses a request whose messages
hold two documents of one name ("Messages can't contain duplicate document names. Rename the
document and retry your request.", BerriAI/litellm#30093, run-llama/llama_index#20922), which
untitled documents (all ``document``) and titles the name rule cleans alike (``résumé.pdf``,
``r#sum#.pdf``) would be. The first document of a name keeps it; each later one gets
``-2``, ``-3``... (the first such name no document of the request has), in request order."""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Set

__all__ = ["distinct_in_blocks", "distinct_in_messages"]

_MAX = 200  # DocumentBlock ``name``: at most 200 characters


class _Names:
    __slots__ = ("taken", "seen", "next")

    def __init__(self, taken: Set[str]) -> None:
        self.taken = taken  # every name in the request, and each one given
        self.seen: Set[str] = set()  # the names met so far
        self.next: Dict[str, int] = {}  # per name, the suffix to try next

    def give(self, name: str) -> str:
        if name not in self.seen:
            self.seen.add(name)
            return name
        k = self.next.get(name, 2)
        while True:
            tail = f"-{k}"
            new = name[:_MAX - len(tail)] + tail
            k += 1
            if new not in self.taken:
                break
        self.next[name] = k
        self.taken.add(new)
        self.seen.add(new)
        return new


def _name(b: Any) -> Any:
    doc = b.get("document") if type(b) is dict else None
    return doc.get("name") if type(doc) is dict else None


def _results(blocks: List[Any]) -> Iterator[List[Any]]:
    for b in blocks:
        tr = b.get("toolResult") if type(b) is dict else None
        c = tr.get("content") if type(tr) is dict else None
        if type(c) is list:
            yield c


def _renamed(blocks: List[Any], names: _Names) -> List[Any]:
    """*blocks* with each document named by *names* (a copy where one is renamed; the
    blocks of a tool result too)."""
    out = blocks
    for i, b in enumerate(blocks):
        new = b
        name = _name(b)
        if type(name) is str:
            given = names.give(name)
            if given != name:
                new = {**b, "document": {**b["document"], "name": given}}
        else:
            tr = b.get("toolResult") if type(b) is dict else None
            c = tr.get("content") if type(tr) is dict else None
            if type(c) is list and type(tr) is dict:
                inner = _renamed(c, names)
                if inner is not c:
                    new = {**b, "toolResult": {**tr, "content": inner}}
        if new is not b:
            if out is blocks:
                out = list(blocks)
            out[i] = new
    return out


def distinct_in_blocks(blocks: List[Any]) -> List[Any]:
    """The content blocks of one tool result with distinct document names."""
    return _renamed(blocks, _Names({n for n in map(_name, blocks) if type(n) is str}))


def distinct_in_messages(msgs: List[Dict[str, Any]], key: str = "content") -> None:
    """Gives the documents of the written messages *msgs* distinct names (in place: a
    message holding a renamed one is replaced by a copy)."""
    taken: Set[str] = set()
    for m in msgs:
        c = m.get(key)
        if type(c) is list:
            taken.update(n for n in map(_name, c) if type(n) is str)
            for inner in _results(c):
                taken.update(n for n in map(_name, inner) if type(n) is str)
    names = _Names(taken)
    for i, m in enumerate(msgs):
        c = m.get(key)
        if type(c) is list:
            new = _renamed(c, names)
            if new is not c:
                msgs[i] = {**m, key: new}
