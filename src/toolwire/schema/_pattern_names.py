"""Is a group name ECMA-262's RegExpIdentifierName (§22.2.1, ES2025, checked 2026-12-05)?

Its first character is ID_Start, ``$`` or ``_``; the others ID_Continue, ``$``, ZWNJ or ZWJ
(IdentifierStartChar / IdentifierPartChar, §12.7). Python's ``str.isidentifier`` tests
XID_Start / XID_Continue, which leave out the few ID characters whose NFKC form is none
(UAX #31 §5.1 "NFKC Modifications", https://www.unicode.org/reports/tr31/#NFKC_Modifications;
DerivedCoreProperties.txt): they are added here. The table was checked against node 20's
``/\\p{ID_Start}/u`` and ``/\\p{ID_Continue}/u`` (Unicode 17.0) over every code point.
"""

from __future__ import annotations

from typing import Sequence

__all__ = ["is_group_name"]

#: ID_Start characters that are no XID_Start (UAX #31 §5.1)
_ID_START_ONLY = frozenset(
    "\u037a\u0e33\u0eb3\u309b\u309c\ufc5e\ufc5f\ufc60\ufc61\ufc62\ufc63\ufdfa\ufdfb"
    "\ufe70\ufe72\ufe74\ufe76\ufe78\ufe7a\ufe7c\ufe7e\uff9e\uff9f"
)
#: ID_Continue characters that are no XID_Continue (UAX #31 §5.1), the ID_Start ones above
#: (the rest are XID_Continue), ZWNJ, ZWJ and ``$``, and U+30FB, U+FF65 (Other_ID_Continue
#: since Unicode 15.1, newer than the tables of some Pythons)
_CONTINUE_ONLY = _ID_START_ONLY | frozenset("$\u200c\u200d\u30fb\uff65")


def is_group_name(chars: Sequence[str]) -> bool:
    """Whether *chars* (code points, escapes already read) spell a RegExpIdentifierName."""
    if not chars:
        return False
    first = chars[0]
    if not (first in "$_" or first in _ID_START_ONLY or first.isidentifier()):
        return False
    return all(ch in _CONTINUE_ONLY or ("a" + ch).isidentifier() for ch in chars[1:])
