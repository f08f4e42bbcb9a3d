"""Is a group name ECMA-262's RegExpIdentifierName (§22.2.1, ES2025, checked 2026-12-05)?

Its first character is ID_Start, ``$`` or ``_``; the others ID_Continue, ``$``, ZWNJ or ZWJ
(IdentifierStartChar / IdentifierPartChar, §12.7). ID_Start and ID_Continue are Unicode
17.0's, from the ranges in ``_pattern_id_table`` (written by ``tools/unicode_id_table.py``
from node 20's ``/\\p{ID_Start}/u`` and ``/\\p{ID_Continue}/u``), not the running Python's:
``str.isidentifier`` follows its ``unicodedata`` (13.0 on 3.10, 14.0 on 3.11) and tests
XID, not ID (UAX #31 §5.1).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Sequence, Tuple

from ._pattern_id_table import CONTINUE_ONLY, ID_START

__all__ = ["is_group_name"]


def _within(table: Tuple[int, ...], ch: str) -> bool:
    return bisect_right(table, ord(ch)) % 2 == 1


def is_group_name(chars: Sequence[str]) -> bool:
    """Whether *chars* (code points, escapes already read) spell a RegExpIdentifierName."""
    if not chars or not (chars[0] in "$_" or _within(ID_START, chars[0])):
        return False
    return all(
        ch in "$\u200c\u200d" or _within(ID_START, ch) or _within(CONTINUE_ONLY, ch) for ch in chars[1:]
    )
