"""Tool names a target forbids, mapped reversibly.

MCP allows ``.`` and 128 characters in a tool name; OpenAI, Anthropic, Bedrock and
Mistral allow ``[a-zA-Z0-9_-]`` and 64. A name the target accepts passes through
unchanged. Any other name becomes its readable part (each forbidden character
replaced by ``_``, cut to fit) followed by ``_`` and 8 characters of a keyed
BLAKE2b hash of the whole original name: deterministic in every process, and two
names that differ only in forbidden characters (``a.b`` and ``a-b``) stay apart.

``NameMap`` holds the mapping of one conversation in both directions (map the
tool definitions and the calls with the same map, then ``original()`` turns the
names in the target's reply back) and refuses collisions. The model sees only the
mapped names, so its reply, appended to the history, calls them: a name that is the
image of another name the map holds (its last 8 characters are that name's hash)
names the same tool, and maps as that name does, in either order and for any target
(so Gemini, which takes ``fs.read`` and ``fs_read_<hash>`` alike, still writes one
name per tool). A name that cannot be made valid at all raises ``EncodeError``.
"""

from __future__ import annotations

import re
from typing import Any, Dict, Optional, Pattern, Tuple

from ._errors import EncodeError, excerpt
from ._id_rule import IdRule, _digest_to, not_a_rule

__all__ = ["NameMap", "map_name"]

_HASH = IdRule(prefix="", length=8)
_HASH_CHARS = frozenset(_HASH.alphabet)
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


def _suffix(name: str) -> str:
    """The 8 hash characters an image of *name* ends with (``map_name``)."""
    return _digest_to("name:" + name, _HASH)


def _image_parts(name: str) -> Optional[Tuple[str, str]]:
    """(readable part, hash) when *name* has the shape ``map_name`` gives an image:
    ``<part>_<8>`` or ``tool<8>``, else ``None``."""
    if len(name) >= 10 and name[-9] == "_":
        part, digest = name[:-9], name[-8:]
    elif len(name) == 12 and name.startswith("tool"):
        part, digest = "", name[4:]
    else:
        return None
    return (part, digest) if all(c in _HASH_CHARS for c in digest) else None


def _readable_of(part: str, name: str) -> bool:
    """Whether *part* is what ``map_name`` keeps of *name* (each character itself or
    ``_``, cut to fit), or one of its fallbacks (``t``, nothing)."""
    if part in ("", "t"):
        return True
    return len(part) <= len(name) and all(a == b or a == "_" for a, b in zip(part, name))


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
    that would become one raise ``EncodeError``, except a name and its image (the
    model's reply calls the mapped name): they are one tool, and the image maps as
    the name does. ``original(target_name)`` and ``reverse()`` translate the
    target's names back, to the caller's name.
    """

    def __init__(self, pattern: Optional[Pattern[str]] = None, *, dialect: Optional[str] = None) -> None:
        if pattern is not None and not isinstance(pattern, re.Pattern):
            raise EncodeError(not_a_rule("NameMap", "a compiled pattern or None", "names", pattern,
                                         dialect or "openai.chat"), dialect=dialect)
        self.pattern = pattern
        self.dialect = dialect
        self.mapping: Dict[str, str] = {}
        self._owner: Dict[str, str] = {}
        # once a name that looks like an image is met: the 8 hash characters of each name
        # mapped -> that name, and those a name that looks like an image ends with -> that name
        self._hashed: Optional[Dict[str, str]] = None
        self._images: Optional[Dict[str, str]] = None

    def __setstate__(self, state: Dict[str, Any]) -> None:
        """A map pickled before images were recognised: its names are hashed when one comes."""
        self.__dict__.update(state)
        self.__dict__.setdefault("_hashed", None)
        self.__dict__.setdefault("_images", None)

    def map(self, name: str) -> str:
        known = self.mapping.get(name) if isinstance(name, str) else None  # not text: map_name refuses it
        if known is not None:
            return known
        target = map_name(name, self.pattern, dialect=self.dialect)
        n = len(name)  # the shapes ``_image_parts`` takes, checked cheaply first
        if self._images is not None or (n >= 10 and (name[-9] == "_" or (n == 12 and name[:4] == "tool"))):
            same, caller = self._same_tool(name)
            if same is not None and same in self.mapping:  # *name* and a name mapped before: one tool
                target = self.mapping[same]
                if caller:  # *same* was the image: the target name is the caller's name's
                    self._owner[target] = name
                self.mapping[name] = target
                return target
        owner = self._owner.get(target)
        if owner is not None and owner != name:
            raise EncodeError(
                f"Tool names {owner!r} and {name!r} both become {target!r} in {self.dialect or 'the target'}",
                dialect=self.dialect,
            )
        self._owner[target] = name
        self.mapping[name] = target
        return target

    def _same_tool(self, name: str) -> Tuple[Optional[str], bool]:
        """The name mapped before that *name* is an image of (``caller`` false), or that
        is an image of *name* (``caller`` true), else ``None``. The names are hashed when
        the first name that looks like an image comes, each one after it as it comes:
        each name once, linear in the names mapped."""
        parts = _image_parts(name)
        hashed, images = self._hashed, self._images
        if hashed is None or images is None:
            if parts is None:
                return None, False
            hashed, images = {}, {}
            self._hashed, self._images = hashed, images
            for mapped in self.mapping:
                hashed.setdefault(_suffix(mapped), mapped)
        digest = _suffix(name)
        hashed.setdefault(digest, name)
        if parts is not None:
            other = hashed.get(parts[1])
            if other is not None and other != name and _readable_of(parts[0], other):
                return other, False
            images.setdefault(parts[1], name)
        image = images.get(digest)
        if image is not None and image != name and image in self.mapping:
            image_parts = _image_parts(image)
            if image_parts is not None and _readable_of(image_parts[0], name):
                return image, True
        return None, False

    def original(self, target: str) -> str:
        """The name *target* was mapped from (itself when it was never mapped)."""
        return self._owner.get(target, target)

    def reverse(self) -> Dict[str, str]:
        return dict(self._owner)
