"""Tool names a target forbids, mapped reversibly.

MCP allows ``.`` and 128 characters in a tool name; OpenAI, Anthropic, Bedrock and
Mistral allow ``[a-zA-Z0-9_-]`` and 64. A name the target accepts passes through
unchanged. Any other name becomes its readable part (each forbidden character
replaced by ``_``, cut to fit) followed by ``_`` and 8 characters of a keyed
BLAKE2b hash of the whole original name: deterministic in every process, and two
names that differ only in forbidden characters (``a.b`` and ``a-b``) stay apart.

``NameMap`` holds the mapping of one conversation in both directions (map the
tool definitions and the calls with the same map, then ``original()`` turns the
names in the target's reply back) and refuses collisions. A name that cannot be
made valid at all raises ``EncodeError``.
"""

from __future__ import annotations

import re
from typing import Dict, Optional, Pattern, Tuple

from ._errors import EncodeError, excerpt
from ._ids import IdRule, _digest_to, not_a_rule

__all__ = ["NameMap", "map_name"]

_HASH = IdRule(prefix="", length=8)
_SAFE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
_LENGTHS = (256, 128, 64, 40, 32, 16)
_limits: Dict[Tuple[str, int], int] = {}


def _max_len(pattern: Pattern[str]) -> int:
    key = (pattern.pattern, pattern.flags)
    limit = _limits.get(key)
    if limit is None:
        limit = next((n for n in _LENGTHS if pattern.fullmatch("a" * n)), 64)
        _limits[key] = limit
    return limit


def _allowed(pattern: Pattern[str], ch: str) -> bool:
    return ch in _SAFE and pattern.fullmatch("a" + ch + "a") is not None


def map_name(name: str, pattern: Optional[Pattern[str]], *, dialect: Optional[str] = None) -> str:
    """*name* if *pattern* accepts it, else its deterministic valid image.

    A name that is not non-empty text, or a *pattern* that is not a compiled pattern,
    raises ``EncodeError`` (never a ``TypeError`` from the pattern or the hash)."""
    if not isinstance(name, str) or not name:
        raise EncodeError(
            f"Tool name {excerpt(name)} cannot be mapped for {dialect or 'the target'}: a tool name is "
            "non-empty text",
            dialect=dialect,
        )
    if pattern is not None and not isinstance(pattern, re.Pattern):
        raise EncodeError(not_a_rule("map_name", "a compiled pattern or None", "names", pattern,
                                     dialect or "openai.chat"), dialect=dialect)
    if pattern is None or pattern.fullmatch(name):
        return name
    suffix = "_" + _digest_to("name:" + name, _HASH)
    keep = max(0, _max_len(pattern) - len(suffix))
    base = "".join(ch if _allowed(pattern, ch) else "_" for ch in name[:keep])  # linear in the kept part
    for candidate in (base + suffix, "t" + suffix, "tool" + suffix[1:]):
        if pattern.fullmatch(candidate):
            return candidate
    raise EncodeError(
        f"Tool name {name!r} cannot be made valid for {dialect or 'the target'} "
        f"(names must match {pattern.pattern})",
        dialect=dialect,
    )


class NameMap:
    """The tool-name mapping of one conversation for one target.

    ``map(name)`` gives the target name and remembers it; two different names
    that would become one raise ``EncodeError``. ``original(target_name)`` and
    ``reverse()`` translate the target's names back.
    """

    def __init__(self, pattern: Optional[Pattern[str]] = None, *, dialect: Optional[str] = None) -> None:
        if pattern is not None and not isinstance(pattern, re.Pattern):
            raise EncodeError(not_a_rule("NameMap", "a compiled pattern or None", "names", pattern,
                                         dialect or "openai.chat"), dialect=dialect)
        self.pattern = pattern
        self.dialect = dialect
        self.mapping: Dict[str, str] = {}
        self._owner: Dict[str, str] = {}

    def map(self, name: str) -> str:
        known = self.mapping.get(name) if isinstance(name, str) else None  # not text: map_name refuses it
        if known is not None:
            return known
        target = map_name(name, self.pattern, dialect=self.dialect)
        owner = self._owner.get(target)
        if owner is not None and owner != name:
            raise EncodeError(
                f"Tool names {owner!r} and {name!r} both become {target!r} in {self.dialect or 'the target'}",
                dialect=self.dialect,
            )
        self._owner[target] = name
        self.mapping[name] = target
        return target

    def original(self, target: str) -> str:
        """The name *target* was mapped from (itself when it was never mapped)."""
        return self._owner.get(target, target)

    def reverse(self) -> Dict[str, str]:
        return dict(self._owner)
