"""Integers in JSON read by the stdlib's parser under toolwire's own digit rule, not
the interpreter's (``sys.set_int_max_str_digits``, ``-X int_max_str_digits``,
``PYTHONINTMAXSTRDIGITS``): more than 4300 digits is ``TooLong`` (pydantic-core's
parser reads no more, whatever that setting; the constructors and encoders refuse the
same, ``_value_checks.LONG_INT``), and up to 4300 read whatever the interpreter's
limit: with it off (0) the stdlib would read any length, lowered (640 at least) it
refuses what pydantic-core reads. ``parse_int=read_int`` wherever the stdlib reads
JSON that pydantic-core also reads.
"""

from __future__ import annotations

from ._json_write import _MAX_DIGITS, _SAFE, _WORDS, int_text, write_json
from ._policy import TooLong

__all__ = ["int_text", "read_int", "write_json"]  # (the writing half is ``_json_write``'s)


def read_int(digits: str) -> int:
    """*digits* (JSON's ``-?[0-9]+``) as an ``int``; ``TooLong`` past 4300 digits."""
    n = len(digits) - (digits[:1] == "-")
    if n <= _SAFE:
        return int(digits)
    if n > _MAX_DIGITS:
        raise TooLong(_WORDS)
    body = digits.lstrip("-")
    value = 0
    for i in range(0, n, _SAFE):  # at most 7 pieces, each under any limit
        piece = body[i : i + _SAFE]
        value = value * 10 ** len(piece) + int(piece)
    return -value if len(body) < len(digits) else value
