"""Call ids: each dialect's rule (``IdRule``), deterministic mapping, stable synthesis.

An id that is valid for the target passes through unchanged. An invalid one is
mapped by a keyed BLAKE2b hash into the target's alphabet and length (never
truncated, never character-replaced: both collide), so the same input gives the
same id in every process and a tool result's id maps exactly as its call's did.
A missing id is synthesized from the call's content where the target needs one
(not random, not ``hash()``, which is salted per process). ``IdMap`` (``_ids``)
keeps the ids of one conversation.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Dict, Optional, Pattern

from ._errors import EncodeError
from ._flags import check_flag
from ._json_write import write_json

try:  # the builtin module: importing hashlib also loads OpenSSL, a few ms more
    from _blake2 import blake2b as _blake2b
except ImportError:  # pragma: no cover - an interpreter built without it
    from hashlib import blake2b as _blake2b

__all__ = ["IdRule", "map_id", "not_a_rule", "rule", "synthesize_id"]

_ALNUM = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_KEY = b"toolwire.ids.v1"


@dataclass(frozen=True)
class IdRule:
    """What ids a dialect accepts, and how it makes new ones.

    ``pattern`` must match the whole id (``None``: any characters), ``max_len``
    bounds its length, ``required`` says whether the wire shape needs one; new ids
    are ``prefix`` + ``length`` characters of ``alphabet``.
    """

    pattern: Optional[Pattern[str]] = None
    max_len: Optional[int] = None
    required: bool = False
    prefix: str = "call_"
    length: int = 24
    alphabet: str = _ALNUM

    def __post_init__(self) -> None:
        """Refuse a rule whose own new ids it would refuse (an id written for it must be
        one it accepts): ``TypeError`` for a field of the wrong type, ``ValueError`` for
        an empty alphabet, a negative length, or a pattern or ``max_len`` the new ids break."""
        pattern = self.pattern
        if pattern is not None and not (isinstance(pattern, re.Pattern) and type(pattern.pattern) is str):
            raise TypeError(f"IdRule pattern must be a compiled pattern (re.compile) or None, got {self.pattern!r}")
        for f in ("max_len", "length"):
            v = getattr(self, f)
            if not (type(v) is int or (v is None and f == "max_len")):
                raise TypeError(f"IdRule {f} must be an int, got {v!r}")
        check_flag("IdRule required", self.required)  # "false" is truthy: ids were required
        if type(self.prefix) is not str or type(self.alphabet) is not str:
            raise TypeError(f"IdRule prefix and alphabet must be str, got {self.prefix!r} and {self.alphabet!r}")
        if not self.alphabet or self.length < 0:
            raise ValueError(f"IdRule needs an alphabet to make ids of a length of 0 or more, "
                             f"got {self.alphabet!r} and {self.length}")
        # the new ids are the prefix and *length* characters of the alphabet: each
        # character at every place, and a few hashed ones, must be valid
        for sample in (*(self.prefix + c * self.length for c in dict.fromkeys(self.alphabet)),
                       *(_digest_to(seed, self) for seed in ("id:", "new:", "new:[]"))):
            if not self.valid(sample):
                raise ValueError(f"IdRule makes ids it refuses: {sample!r} is not {self.describe()}")

    def valid(self, id: str) -> bool:
        if not id:
            return False
        if self.max_len is not None and len(id) > self.max_len:
            return False
        return self.pattern is None or self.pattern.fullmatch(id) is not None

    def describe(self) -> str:
        parts = []
        if self.pattern is not None:
            parts.append(f"matching {self.pattern.pattern}")
        if self.max_len is not None:
            parts.append(f"at most {self.max_len} characters")
        return " and ".join(parts) or "any non-empty string"


IdRule.__module__ = "toolwire._ids"  # pickled under its older home: older builds load it too


def _digest_to(text: str, rule: IdRule) -> str:
    digest = _blake2b(text.encode("utf-8", "surrogatepass"), key=_KEY, digest_size=32)
    number = int.from_bytes(digest.digest(), "big")
    base = len(rule.alphabet)
    chars = []
    for _ in range(rule.length):
        number, r = divmod(number, base)
        chars.append(rule.alphabet[r])
    return rule.prefix + "".join(chars)


def map_id(id: str, rule: IdRule) -> str:
    """*id* if *rule* accepts it, else its deterministic image under *rule*."""
    if rule.valid(id):
        return id
    return _digest_to("id:" + id, rule)


def synthesize_id(name: str, args: Dict[str, Any], rule: IdRule, position: int = 0) -> str:
    """A stable id for a call that has none, from its content and position."""
    return _digest_to("new:" + _seed(name, args, position), rule)


def _seed(name: str, args: Any, *place: int) -> str:
    """The text a made id is hashed from: the call's content and its *place* (integers
    written whole whatever the interpreter's digit limit: the same id in every process)."""
    try:
        try:
            return json.dumps([name, args, *place], sort_keys=True, ensure_ascii=False, default=repr)
        except ValueError:  # an integer longer than a lowered limit (else raised again): no cost when none is
            return write_json([name, args, *place], sort_keys=True, ensure_ascii=False, default=repr)
    except (ValueError, TypeError, RecursionError) as exc:  # a cycle, an int too long to print...
        raise EncodeError(f"Cannot make an id for call {name[:60]!r}: its arguments are not JSON ({exc})") from None


def _slot_key(seed: str) -> bytes:
    """The key ``IdMap`` keeps the id made from *seed* (a call's content and slot) under."""
    return _blake2b(seed.encode("utf-8", "surrogatepass"), key=_KEY, digest_size=16).digest()


def not_a_rule(cls: str, wanted: str, field: str, given: Any, example: str) -> str:
    """The message for a map made from something other than a dialect's rule (a dialect
    name, the ``Dialect`` itself): it would fail later, inside an encoder."""
    name = given if type(given) is str else getattr(given, "name", None)
    got = repr(given) if given is None or type(given) is str else f"a {type(given).__name__}"
    return (f"{cls} takes {wanted}, got {got}: pass the target dialect's rule, "
            f"{cls}(toolwire.get_dialect({name if type(name) is str else example!r}).{field}, dialect=...)")


def rule(pattern: Optional[str] = None, **kw: Any) -> IdRule:
    """Shorthand for dialect modules."""
    return IdRule(pattern=re.compile(pattern) if pattern else None, **kw)
