"""Reads of a value after prose beyond its JSON check (``llama_prose``), each of text
looked at once: a loose value's top-level keys (``top_keys``), a named value's rest
after an apostrophe (``named_rest``), the text after a call object read again from a
stray string's ``{`` (``quoted_object_end``) and the stop tokens after a named value
that broke (``find_stop``).

Sources (checked 2026-12-06): RFC 8259 (JSON) §2-§7; meta-llama/llama-models
``models/llama3_3/prompt_format.md`` ("JSON based tool calling").
"""

from __future__ import annotations

import re

from ._core import TextParser
from .llama_check import Check

__all__ = ["NAME_KEY", "find_stop", "named_rest", "quoted_object_end", "top_keys"]

_FOUND = "llama.found"  # TextParser.state: per stop token, where it was last looked for (``find_stop``)
_LOOK = re.compile(r'["\n<\\]')
_AFTER_STR = re.compile(r"[^ \t\r]")
_REST_MARKS = re.compile(r'[][{}"\'\\]')
NAME_KEY = re.compile(r'"name"\s*(?::|\Z)')  # a "name" key, whatever its value, or cut after it
_KEY_END = re.compile(r"\s*(?::|\Z)")  # after a string: it is a key (or cut after one)
_TYPE_FUNCTION = re.compile(r'\s*:\s*"function"')
_ARGS = frozenset({"parameters", "arguments"})


def top_keys(text: str) -> tuple[bool, bool]:
    """Whether *text*, a value read on loosely (``{`` first: an object), has a top-level
    ``"name"`` key (cut after it too), and whether it is call-shaped: ``"name"`` with
    ``"parameters"`` / ``"arguments"``, or Meta's ``"type": "function"``, beside it (the
    keys of the Llama 3.1 prompt format's JSON call). One pass over *text*."""
    if text[:1] != "{":
        return False, False
    keys: set[str] = set()
    depth, i, n, function = 0, 0, len(text), False
    while i < n:
        c = text[i]
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            if depth == 1 and c == '"' and j < n and _KEY_END.match(text, j + 1):
                key = text[i + 1 : j]
                keys.add(key)
                function = function or key == "type" and _TYPE_FUNCTION.match(text, j + 1) is not None
            i = j + 1
            continue
        if c in "{[":
            depth += 1
        elif c in "}]":
            depth -= 1
        i += 1
    named = "name" in keys
    return named, named and (function or not keys.isdisjoint(_ARGS))


def named_rest(chk: Check, buf: str, i: int, limit: int, at: int) -> int:
    """A named value that broke JSON right after a single-quoted string, read on from the
    break up to *limit* (a stop token, or what has come), each character once, as still
    in that string, its quote an apostrophe in it (``'it's fine'``): the string ends at
    the next single quote; after it a double-quoted string is a string (RFC 8259 §7), and
    a backslash in a string escapes what follows it. Where its brackets close (the
    closing bracket's type matching), after it; else *at*; at another single quote (no
    telling strings from prose then) or a bracket of another type, *at* from then on."""
    stack = chk.stack
    if chk.rest_esc and i < limit:
        i += 1
        chk.rest_esc = False
    while (x := _REST_MARKS.search(buf, i, limit)) is not None:
        c, i = x.group(), x.end()
        q = chk.rest_str
        if q:
            if c == q:
                chk.rest_str = ""
            elif c == "\\":
                if i < limit:
                    i += 1
                else:
                    chk.rest_esc = True
        elif c in "\"'":
            if c == "'":
                chk.rest = False  # (no longer the value's strings)
                return at
            chk.rest_str = c
        elif c in "{[":
            stack.append(c)
        elif c in "}]":
            if stack.pop() != ("{" if c == "}" else "["):
                chk.rest = False  # (no longer the value's brackets)
                return at
            if not stack:
                return i
    return at


def quoted_object_end(chk: Check, buf: str, i: int, final: bool) -> tuple[bool | None, int]:
    """After a call object read again from a stray string's ``{`` closed, *buf* from *i*
    (the text after it not yet looked at): whether that text goes on as that string and
    the value it is in, the object written as data with its quotes unescaped: up to a
    double quote on that line (no ``<`` before it: a marker), then (spaces aside) ``,``,
    ``}`` or ``]`` (``… now"}``, ``", "ok": true}``; RFC 8259 §4-§5). None while what tells
    has not come (*final*: the text has ended); and up to where *buf* was looked at: the
    caller takes it, so each character is looked at once (``chk.look_q``: past the quote)."""
    n = len(buf)
    while not chk.look_q:
        x = _LOOK.search(buf, i)
        if x is None:
            return (False if final else None), n
        if x.group() == "\\":  # (an escape: the character after it is the string's)
            if x.end() == n:
                return (False if final else None), x.start()
            i = x.end() + 1
            continue
        if x.group() != '"':
            return False, x.start()
        chk.look_q = True
        i = x.end()
    x = _AFTER_STR.search(buf, i)
    if x is None:
        return (False if final else None), n
    return x.group() in ",}]", x.start()


def find_stop(m: TextParser, tok: str, pos: int) -> int:
    """``m.buf.find(tok, pos)``, remembering per token (``at`` positions) where it was looked
    for from, where it was found (-1: nowhere) and up to where: values that break JSON one
    after another look each stop token up in the text once, not once per value (a token
    that never comes would be scanned for to the end each time: quadratic)."""
    base = m.fed - len(m.buf)
    seen: dict[str, tuple[int, int, int]] = m.state.setdefault(_FOUND, {})
    here = base + pos
    start = here
    if tok in seen:
        since, found, upto = seen[tok]
        if since <= here <= found:
            return found - base
        if since <= here and found < 0:
            start = max(here, upto - len(tok) + 1)
    j = m.buf.find(tok, start - base)
    seen[tok] = (here, base + j if j >= 0 else -1, base + len(m.buf))
    return j
