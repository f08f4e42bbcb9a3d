"""A ``pattern`` (ECMA-262, a search) as a whole-string match of the same language, for
an engine that matches the whole string (xgrammar ``cpp/regex_converter.cc``), or why it
cannot be written so for vLLM's engines (``_engine_rules.py``). One pass over the pattern.
"""

from __future__ import annotations

from typing import List, Optional, Tuple

__all__ = ["whole_match"]

_ANY = "[\\s\\S]*"
_LOOK = ("(?=", "(?!", "(?<=", "(?<!")
_HEX = frozenset("0123456789abcdefABCDEF")


def whole_match(pattern: str) -> Tuple[str, Optional[str]]:
    """*pattern* (ECMA-262, a search) as a whole-string match of the same language, or
    why that is not made here (one pass): each top-level alternative keeps a leading
    ``^`` / trailing ``$`` of its own and gets ``[\\s\\S]*`` where it has none."""
    alts: List[Tuple[int, int]] = []  # the top-level alternatives, as [start, end)
    i, start, depth, in_class = 0, 0, 0, False
    n = len(pattern)
    while i < n:
        c = pattern[i]
        if c == "\\":
            e = pattern[i + 1 : i + 2]
            if e == "":
                return pattern, "a trailing \\"
            if e in "bB123456789ck0":  # a word boundary, a back-reference, \cX, \0, [\b]
                return pattern, f"\\{e}"
            if e == "u" and _surrogate(pattern[i + 2 : i + 6]):
                return pattern, f"an escaped surrogate \\u{pattern[i + 2 : i + 6]}"
            if e == "u" and pattern.startswith("{", i + 2):
                j = i + 3  # (the digits are read again as characters: twice at most)
                while j < n and pattern[j] in _HEX:
                    j += 1
                if i + 3 < j < n and pattern[j] == "}" and 0xD800 <= int(pattern[i + 3 : j], 16) <= 0xDFFF:
                    return pattern, f"an escaped surrogate \\u{{{pattern[i + 3 : j]}}}"
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            if pattern.startswith(("]", "^]"), i + 1):
                return pattern, "an empty class"
            in_class = True
        elif c == "(":
            if pattern.startswith(_LOOK, i):
                return pattern, "look-around"
            if pattern.startswith("?", i + 1) and not pattern.startswith("?:", i + 1) and not (
                    pattern.startswith("?<", i + 1)):
                return pattern, "a (? group other than (?: or a named one"
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            alts.append((start, i))
            start = i + 1
        elif c in "^$":
            first = c == "^" and i == start and depth == 0
            last = c == "$" and depth == 0 and (i + 1 == n or pattern[i + 1] == "|")
            if not (first or last):
                return pattern, f"a {c} inside the pattern"
        i += 1
    alts.append((start, n))
    if not any(pattern[a:b].startswith("^") or pattern[a:b].endswith("$") for a, b in alts):
        alts = [(0, n)]  # no anchor: the alternation searched as one (an escaped $ is no anchor either)
    parts: List[Tuple[str, bool]] = []
    for a, b in alts:
        body = pattern[a:b]
        head = body.startswith("^")
        tail = body.endswith("$") and not _escaped(body, len(body) - 1) and len(body) > int(head)
        inner = body[int(head) : len(body) - int(tail)]
        parts.append((("" if head else _ANY) + f"(?:{inner})" + ("" if tail else _ANY), head and tail))
    if len(parts) == 1:
        return (pattern if parts[0][1] else f"^{parts[0][0]}$"), None
    return "^(?:" + "|".join(p for p, _ in parts) + ")$", None


def _surrogate(digits: str) -> bool:
    """Whether *digits* (after ``\\u``) name a surrogate, U+D800-DFFF: llguidance (1.3.0
    and 1.9.1, checked 2026-12-06) refuses it ("hexadecimal literal is not a Unicode scalar
    value"); xgrammar (0.1.29 and 0.2.9) refuses it in a class and reads it otherwise
    elsewhere (``^\\uD83D\\uDE00$`` refuses U+1F600, the one string it matches)."""
    return len(digits) == 4 and digits[:1] in "dD" and digits[1:2] in "89abcdefABCDEF" \
        and all(c in "0123456789abcdefABCDEF" for c in digits[2:])


def _escaped(text: str, i: int) -> bool:
    """Whether the character at *i* follows an odd run of backslashes."""
    j = i
    while j > 0 and text[j - 1] == "\\":
        j -= 1
    return (i - j) % 2 == 1
