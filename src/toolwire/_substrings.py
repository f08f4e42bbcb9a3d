"""Where a piece first occurs in a text, each look-up linear in the piece (a suffix
automaton: Blumer et al., "The smallest automaton recognizing the subwords of a text",
1985), built once in time and memory linear in the text: any number of pieces looked up
costs their length, not a search of the text each."""

from __future__ import annotations

from typing import Dict, List

__all__ = ["Substrings"]


class Substrings:
    """The pieces of one text: ``first(piece)``, where *piece* first occurs in it."""

    __slots__ = ("_next", "_end")

    def __init__(self, text: str) -> None:
        nxt: List[Dict[str, int]] = [{}]
        link = [-1]
        length = [0]
        end = [-1]  # (where the first occurrence of a state's pieces ends)
        last = 0
        for i, ch in enumerate(text):
            cur = len(nxt)
            nxt.append({})
            link.append(0)
            length.append(length[last] + 1)
            end.append(i)
            p = last
            while p != -1 and ch not in nxt[p]:
                nxt[p][ch] = cur
                p = link[p]
            if p != -1:
                q = nxt[p][ch]
                if length[p] + 1 == length[q]:
                    link[cur] = q
                else:
                    clone = len(nxt)
                    nxt.append(dict(nxt[q]))
                    link.append(link[q])
                    length.append(length[p] + 1)
                    end.append(end[q])
                    while p != -1 and nxt[p].get(ch) == q:
                        nxt[p][ch] = clone
                        p = link[p]
                    link[q] = link[cur] = clone
            last = cur
        self._next = nxt
        self._end = end

    def first(self, piece: str) -> int:
        """Where *piece* first occurs in the text, else -1 (``str.find``'s answer)."""
        if not piece:
            return 0
        nxt = self._next
        state = 0
        for ch in piece:
            state = nxt[state].get(ch, -1)
            if state < 0:
                return -1
        return self._end[state] - len(piece) + 1
