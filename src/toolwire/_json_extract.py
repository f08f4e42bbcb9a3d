"""JSON out of model text: fenced blocks first, then candidates found by a real decoder.

The rules (``reference/structured-output.md`` §G.2 item 9, checked 2026-11-30): take
the provider's parsed output when there is one (the caller does that), else the
contents of fenced code blocks, else every ``{``/``[`` position decoded with
``json.JSONDecoder.raw_decode`` (``strict=False``, so a literal newline inside a string
parses); the **last** candidate that passes the caller's check wins. Never "from the
first ``{`` to the last ``}``", which breaks on prose containing braces.

A value that does not parse is no answer, and neither is any value inside it (a piece
of an answer cut off or malformed, ``{"b": {"a": 1},}``): the scan goes on where the
decoder failed, so each character is read about once (linear in the text; reading on
from the next ``{`` read the same text again for every opener, quadratic).
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from typing import Any, Callable, List, Optional, Tuple

__all__ = ["Candidate", "candidates", "extract_json"]

_DECODER = json.JSONDecoder(strict=False)
_LANG = re.compile(r"[ \t]*([A-Za-z0-9_+-]*)")
_MAX_ATTEMPTS = 2000


@dataclass(frozen=True)
class Candidate:
    """One JSON value found in the text, where it was found, and how."""

    value: Any
    start: int
    end: int
    how: str  # "whole" | "fence" | "scan"


def candidates(text: str) -> List[Candidate]:
    """All JSON candidates: the whole text, fenced blocks, then scanned top-level values."""
    out: List[Candidate] = []
    stripped = text.strip()
    if stripped:
        try:
            return [Candidate(json.loads(stripped, strict=False), 0, len(text), "whole")]
        except (ValueError, RecursionError):  # nested deeper than the parser reads: not an answer
            pass
    for lang, start, end in _fences(text):
        if lang not in ("", "json", "jsonc", "json5"):
            continue
        body = text[start:end].strip()
        try:
            out.append(Candidate(json.loads(body, strict=False), start, end, "fence"))
        except (ValueError, RecursionError):
            continue
    out.extend(_scan(text))
    return out


def _fences(text: str) -> List[Tuple[str, int, int]]:
    """Markdown code fences: (language, body start, body end). A fence is a line opening
    with three backticks (its language the letters after them); its body runs to the next
    three backticks or the end. One pass: every search starts where the last one ended."""
    out: List[Tuple[str, int, int]] = []
    pos = text.find("```")
    while pos >= 0:
        nl = text.find("\n", pos + 3)
        if nl < 0:  # no line ends after this fence: none after it does either
            break
        m = _LANG.match(text, pos + 3, nl)
        lang = m.group(1).lower() if m else ""
        close = text.find("```", nl + 1)
        end = len(text) if close < 0 else close
        out.append((lang, nl + 1, end))
        if close < 0:
            break
        pos = text.find("```", close + 3)
    return out


def _scan(text: str) -> List[Candidate]:
    found: List[Candidate] = []
    pos = 0
    attempts = 0
    n = len(text)
    while pos < n and attempts < _MAX_ATTEMPTS:
        brace = text.find("{", pos)
        bracket = text.find("[", pos)
        starts = [i for i in (brace, bracket) if i >= 0]
        if not starts:
            break
        i = min(starts)
        attempts += 1
        try:
            value, end = _DECODER.raw_decode(text, i)
        except json.JSONDecodeError as exc:  # no answer begins inside it: go on where it failed
            pos = max(exc.pos, i + 1)
            continue
        except ValueError:  # an integer too long to read, where the decoder does not say
            pos = _after_long_number(text, i)
            continue
        except RecursionError:  # nested deeper than the parser reads: skip the run of openers
            pos = i + 1
            while pos < len(text) and text[pos] in "[{":
                pos += 1
            continue
        found.append(Candidate(value, i, end, "scan"))
        pos = end
    return found


class _LongNumber(ValueError):
    def __init__(self, digits: str) -> None:
        super().__init__(digits)
        self.digits = digits


def _checked_int(digits: str) -> int:
    limit = getattr(sys, "get_int_max_str_digits", lambda: 0)()
    if limit and len(digits.lstrip("-")) > limit:
        raise _LongNumber(digits)
    return int(digits)


_FINDS_LONG_NUMBERS = json.JSONDecoder(strict=False, parse_int=_checked_int)


def _after_long_number(text: str, i: int) -> int:
    """Where the scan goes on after the decode from *i* met an integer longer than
    CPython reads (a ``ValueError`` without a position): past that integer. The decode
    is read again once, with a parser that names the integer."""
    try:
        _FINDS_LONG_NUMBERS.raw_decode(text, i)
    except _LongNumber as exc:
        at = text.find(exc.digits, i)
        if at >= 0:
            return at + len(exc.digits)
    except json.JSONDecodeError as exc:
        return max(exc.pos, i + 1)
    except (ValueError, RecursionError):
        pass
    return i + 1


def extract_json(text: str, accept: Optional[Callable[[Any], bool]] = None) -> Tuple[bool, Any, List[Candidate]]:
    """``(found, value, candidates)``: the last candidate *accept* takes.

    Fenced blocks are preferred over scanned candidates. Without *accept* the last
    candidate wins. ``found`` is ``False`` when nothing was accepted.
    """
    cands = candidates(text)
    fenced = [c for c in cands if c.how in ("whole", "fence")]
    for group in (fenced, [c for c in cands if c.how == "scan"]):
        for cand in reversed(group):
            if accept is None or accept(cand.value):
                return True, cand.value, cands
    return False, None, cands
