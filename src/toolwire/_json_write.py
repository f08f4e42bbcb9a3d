"""Integers written as JSON whole whatever the interpreter's digit limit
(``sys.set_int_max_str_digits``): the writing half of ``_json_ints``, which imports
nothing of the package (``_id_rule`` writes a call's content with it; ``_json_ints``
reads through ``_policy``, which needs ``_ids``).
"""

from __future__ import annotations

import json
import re
from typing import Any, List, Match, Tuple

__all__ = ["int_text", "write_json"]

_MAX_DIGITS = 4300
_SAFE = 640  # the least limit an interpreter can set: this many digits always convert
_BASE = 10**_SAFE
_BITS = 2000  # an integer of fewer bits has fewer than 640 digits: ``repr`` writes it under any limit
_WORDS = f"an integer of more than {_MAX_DIGITS} digits, longer than the parser reads"


def int_text(n: int) -> str:
    """The decimal digits of *n*, whatever the interpreter's limit (``read_int`` reversed)."""
    if n.bit_length() < _BITS:
        return int.__repr__(n)
    rest = -n if n < 0 else n
    pieces = []
    while rest:
        rest, piece = divmod(rest, _BASE)  # each piece under any limit
        pieces.append(int.__repr__(piece))
    head = pieces.pop()
    return ("-" if n < 0 else "") + head + "".join(p.zfill(_SAFE) for p in reversed(pieces))


def write_json(value: Any, **kw: Any) -> str:
    """``json.dumps(value, **kw)``, integers written whole whatever the interpreter's limit
    (lowered, ``json.dumps`` raises ``ValueError`` for one longer than it): they are
    written as the readers read them (more than 4300 digits: ``ValueError``, as
    ``json.dumps`` raises under the default limit). Only a value the stdlib refuses is walked again,
    each long integer given as a unique string, then all put in place of their quoted
    text in one pass (linear in the text, whatever the number of integers)."""
    try:
        return json.dumps(value, **kw)
    except ValueError:
        import secrets  # (lazily: only a value the stdlib refuses needs it)

        digits: List[str] = []
        nonce = "\x00" + secrets.token_hex(16)
        swapped = _swap(value, digits, nonce)
        if not digits:
            raise
    text = json.dumps(swapped, **kw)
    put = [False] * len(digits)

    def back(m: Match[str]) -> str:
        i = int(m.group(1))
        if i >= len(digits) or put[i]:  # (a string of the value holding the token: no)
            raise ValueError("an integer of the value could not be written")
        put[i] = True
        return digits[i]

    text = re.sub(re.escape(json.dumps(nonce)[:-1] + ":") + r'([0-9]+)"', back, text)
    if not all(put):
        raise ValueError("an integer of the value could not be written")
    return text


def _swap(value: Any, digits: List[str], nonce: str, key: bool = False, within: Tuple[int, ...] = ()) -> Any:
    """*value* with each integer of ``_BITS`` or more (a key's too: quoted) a token: its
    text is *digits*' entry. A container inside itself (*within*: the ids of those it is
    in) raises ``json.dumps``'s ``ValueError``, never a ``RecursionError``."""
    if isinstance(value, (dict, list, tuple)):
        if id(value) in within:
            raise ValueError("Circular reference detected")
        inner = (*within, id(value))
        if isinstance(value, dict):
            return {_swap(k, digits, nonce, True): _swap(v, digits, nonce, False, inner) for k, v in value.items()}
        return [_swap(v, digits, nonce, False, inner) for v in value]
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() >= _BITS:
        token = f"{nonce}:{len(digits)}"
        text = int_text(value)
        if len(text) - (value < 0) > _MAX_DIGITS:  # as ``json.dumps`` under the default limit
            raise ValueError(_WORDS)
        digits.append(f'"{text}"' if key else text)
        return token
    return value
