"""Whether the name a model wrote is a name a tool could have (one rule for every family).

Every call a text family reads goes through ``TextParser.call``, which asks
``name_problem`` first; a call whose name fails becomes an ``InvalidToolCall`` that
keeps the call's raw text. A family module has nothing to do to get the check.

A name is 1 to 256 characters: an ASCII letter or ``_`` first, then ASCII letters,
digits and ``_ - . : /``. That is the union of every provider's rule (OpenAI,
Anthropic, Bedrock, Mistral: ``[a-zA-Z0-9_-]{1,64}``; Gemini: a letter or ``_`` first,
then also ``.`` and ``:``; MCP: up to 128, also ``.`` and ``/``; all ASCII) and takes
the built-in recipients of gpt-oss (``browser.search``, ``container.exec``). Whitespace,
markup (``<``, ``>``, ``|``), quotes, brackets, control characters and letters beyond
ASCII (``météo``, ``天气``: no provider takes them) are never part of a name: text like
``bad_func\\n</function`` or ``junk [`` is a parse gone wrong, not a tool.

With ``tools=`` (a non-empty list), a name that is not one of the offered tools is
refused as well, whatever its shape; an offered name is accepted as it is.
"""

from __future__ import annotations

from collections.abc import Collection

from .._errors import excerpt

__all__ = ["MAX_NAME", "NAME_RULE", "is_name", "name_problem"]

MAX_NAME = 256
NAME_RULE = "a tool name is an ASCII letter or '_' then ASCII letters, digits, '_', '-', '.', ':' or '/'"
_MORE = frozenset("_-.:/")


def is_name(name: str) -> bool:
    """True when *name* has the shape of a tool name (see the module docstring)."""
    if not name or len(name) > MAX_NAME or not name.isascii():
        return False
    first = name[0]
    if not (first == "_" or first.isalpha()):
        return False
    return all(ch.isalnum() or ch in _MORE for ch in name)


def name_problem(name: str, offered: Collection[str] | None, loc: str) -> str | None:
    """Why the call at *loc* named *name* cannot be run, or ``None`` when it can."""
    if offered and name in offered:
        return None
    if not is_name(name):
        return (
            f"Tool call at {loc} has {excerpt(name)} where its name should be: {NAME_RULE}"
        )
    if offered:
        shown = ", ".join(sorted(offered)[:8]) + (", ..." if len(offered) > 8 else "")
        return f"Tool call at {loc} names {name!r}, which is not one of the tools offered ({shown})"
    return None
