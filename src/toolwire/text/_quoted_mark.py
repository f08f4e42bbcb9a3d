"""Whether an end marker met inside a value of a call region is that value's text: its
JSON string closed after it and the region's JSON reads on, strictly, to the end of the
text (``BodyMode._finish``: such a marker ends nothing, even when the region was cut
off; docs/text-formats.md, "Markers inside values")."""

from __future__ import annotations

import json
from collections.abc import Collection

__all__ = ["quoted_mark"]

_DECODER = json.JSONDecoder(strict=False)  # a raw line break in a string is the model's text, no stop
_NUMBER = frozenset("0123456789.eE+-")
_WORDS = ("true", "false", "null")
_BETWEEN = frozenset(" \t\r\n;,`")  # between calls (Llama's ``;``) and after them (DeepSeek's fence)


def _prefix(text: str, ends: Collection[str]) -> bool:
    """Whether *text* (from a ``{`` or ``[``) is strict JSON values one after another
    (``;``, ``,``, whitespace or a closing code fence between and after them), the last
    perhaps cut by the end of the text: the stdlib reader stops at the cut (the end, a
    string still open there, a number or literal cut short), not at a character JSON
    forbids; or, after the values, the start of one of *ends* (the region's end marker,
    cut). Each value is read once: linear."""
    i, n = 0, len(text)
    while True:
        while i < n and text[i] in _BETWEEN:
            i += 1
        if i >= n:
            return True
        if text[i] not in "{[":
            return any(e.startswith(text[i:]) for e in ends)
        try:
            _, i = _DECODER.raw_decode(text, i)
        except json.JSONDecodeError as exc:
            return _cut(text, exc)
        except RecursionError:
            return False


def _cut(text: str, exc: json.JSONDecodeError) -> bool:
    """Whether the reading of *text* stopped at the end of the text (*exc*), not at a slip."""
    if exc.msg.startswith("Unterminated string"):
        return True  # the string runs to the end: all before it read
    rest = text[exc.pos :].rstrip()
    if not rest:
        return True
    if rest[0] in ".eE":  # a number's end cut off (``1.``, ``2e-``): its digits read
        return text[exc.pos - 1].isdigit() and all(c in _NUMBER for c in rest)
    # where a value goes (after ``:``, ``,``, ``[``): a literal or a sign cut short (``tr``, ``-``)
    return text[: exc.pos].rstrip()[-1:] in (":", ",", "[") and (
        rest == "-" or any(w.startswith(rest) for w in _WORDS))


def quoted_mark(body: str, cut: int, mark: str, ends: Collection[str]) -> bool:
    """Whether the *mark* at ``body[cut]`` (met inside a quoted value) is the text of a JSON
    string that closes after it, in a region whose JSON (from its first ``{`` / ``[``)
    reads strictly up to the end of *body* (``_prefix``; *ends*: the region's end
    markers). Then the string ran on into no next region (a string that does closes at
    that region's first ``"``, and what follows is no JSON). Linear in *body*."""
    starts = [i for i in (body.find("{"), body.find("[")) if i >= 0]
    if not starts or min(starts) > cut:
        return False
    i = cut + len(mark)
    while True:  # the string's closing quote: the first '"' after the marker that no backslash escapes
        i = body.find('"', i)
        if i < 0:
            return False  # still open at the end: the marker may have ended the region
        k = i
        while k > cut and body[k - 1] == "\\":
            k -= 1
        if (i - k) % 2 == 0:
            break
        i += 1
    return _prefix(body[min(starts) :], ends)
