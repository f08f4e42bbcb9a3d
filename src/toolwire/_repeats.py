"""A key given twice in one object of model-written JSON text: refused, never read as
its last value (DESIGN.md: nothing silently repaired). RFC 8259 §4 leaves repeated
names to the parser; pydantic-core's ``from_json`` and the stdlib's ``json.loads`` keep
the last value, so the value the model wrote first would be lost without a word.

The check after a strict parse: every key/value pair of the text has exactly one ``:``
outside strings, and a ``:`` is nowhere else but inside strings. So the text's colons
are its pairs plus the colons of its strings, and the parsed value written again has
its keys plus the colons of its strings: the two counts agree exactly when no pair was
dropped. An object of plain values without colons in its strings needs only
``len(parsed)``; a colon escaped in the text (``\\u003a``) is a colon of a parsed
string that the text does not count: such text is read again by the stdlib with an
``object_pairs_hook``.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Dict, List, Optional, Tuple

from ._errors import ArgumentsError, excerpt
from ._path_steps import Place, key_step, place_path

__all__ = ["check_repeats", "first_repeat", "repeat_error", "repeat_steps", "repeats_by_item", "twice", "twice_words",
           "unrepeated"]


def unrepeated(text: str, parsed: Any) -> bool:
    """``True`` when no object in the JSON *text*, read strictly as *parsed*, gives a key
    twice; ``False`` when one does, or when escaped colons leave it open
    (``repeat_error`` then tells). One ``str.count`` for an object of plain values
    without colons in its strings; else *parsed* written again by pydantic-core (Rust,
    about the parse's cost), whose colons are its keys and the colons of its strings:
    as many as the text's exactly when no pair was dropped (linear)."""
    colons = text.count(":")
    t = type(parsed)
    if t is dict:
        if colons == len(parsed):  # colons >= pairs >= keys >= len(parsed): all equal
            return True
    elif t is not list or colons == 0:  # no object in it, or no pair
        return True
    try:
        written = _to_json(parsed).count(b":")  # (UTF-8: no other byte is a colon)
    except (ValueError, TypeError):  # (a lone surrogate: the stdlib's reading; never on the fast path)
        return False
    # an escaped colon (``\\u003a``) is a colon of a parsed string, not of the text: the
    # stdlib tells (``repeat_error``); without one, fewer colons written means a pair dropped
    return written == colons and "u003" not in text


def _load_to_json(*args: Any, **kw: Any) -> Any:
    """pydantic-core's ``to_json``, imported on first use (``import toolwire`` stays light)."""
    global _to_json
    from pydantic_core import to_json

    _to_json = to_json
    return to_json(*args, **kw)


_to_json: Callable[..., Any] = _load_to_json


class _Pairs(List[Tuple[str, Any]]):
    """One object's pairs as the text gives them, none dropped."""


def _where(text: str, every: bool = False) -> List[Tuple[Place, str]]:
    """The place of the object in *text* (read by the stdlib, raw control characters
    in strings too) whose key comes again first in the text, and that key (*every*:
    each object's first key given twice, in text order); ``[]`` when no key comes
    twice or the stdlib cannot read the text. Iterative, linear."""
    try:
        tree = json.loads(text, strict=False, object_pairs_hook=_Pairs, parse_int=len, parse_float=len,
                          parse_constant=len)
    except (ValueError, RecursionError):
        return []
    found: List[Tuple[Place, str]] = []
    # depth first in text order: an object's pairs in turn, each value before the next key
    stack: List[Tuple[Any, Place, Any, int]] = [(tree, None, set(), 0)]
    while stack:
        node, place, seen, i = stack.pop()
        items = node if type(node) is list or type(node) is _Pairs else ()
        if i >= len(items):
            continue
        stack.append((node, place, seen, i + 1))
        if type(node) is _Pairs:
            key, value = node[i]
            if key in seen:
                if seen is not _DONE:
                    found.append((place, key))
                    if not every:
                        return found
                    stack[-1] = (node, place, _DONE, i + 1)
            else:
                seen.add(key)
            step: Any = key
        else:
            value, step = node[i], i
        if type(value) is list or type(value) is _Pairs:
            stack.append((value, (place, step), set(), 0))
    return found


class _Done(set):  # type: ignore[type-arg]
    """The keys of an object already found to repeat one: every key counts as seen."""

    def __contains__(self, key: object) -> bool:
        return True


_DONE = _Done()


def repeats_by_item(text: str, value: Any) -> Dict[Optional[int], str]:
    """For JSON *text* read as *value*: the first key given twice in each item of a list
    *value* that repeats one (by index), or in the *value* object itself (``None``);
    ``{}`` when no object in it gives a key twice."""
    if unrepeated(text, value):
        return {}
    out: Dict[Optional[int], str] = {}
    for place, key in _where(text, every=True):
        top = None
        while place is not None:
            place, step = place
            top = step if place is None else top
        index = top if type(value) is list else None
        out.setdefault(index, key)
    return out


def first_repeat(text: str, value: Any) -> Optional[str]:
    """The first key the JSON *text*, read as *value*, gives twice in one object, else
    ``None`` (also when *text* is no JSON the stdlib reads: *value* read otherwise)."""
    if unrepeated(text, value):
        return None
    found = _where(text)
    return found[0][1] if found else None


def repeat_steps(text: str, value: Any) -> Optional[Tuple[List[Any], str]]:
    """The steps (keys, indexes) from the root of *value* (the JSON *text* read) to the
    object holding the first key the text gives twice, and that key; else ``None``."""
    if unrepeated(text, value):
        return None
    found = _where(text)
    if not found:
        return None
    place, key = found[0]
    steps: List[Any] = []
    while place is not None:
        place, step = place
        steps.append(step)
    return steps[::-1], key


def twice(loc: str, key: str) -> str:
    """The error of a call at *loc* whose JSON gives *key* twice in one object."""
    return f"Tool call at {loc} {twice_words(key)}"


def twice_words(key: str) -> str:
    """What ``twice`` says of a call giving *key* twice in one object (a dict literal too)."""
    return f"repeats the key {excerpt(key)} in one object (one of its values would be lost)"


def repeat_error(text: str, loc: str, dialect: Optional[str], raw: Optional[str] = None,
                 subject: str = "") -> Optional[ArgumentsError]:
    """The ``ArgumentsError`` for the first key *text* (argument text at *loc*) gives
    twice in one object, its ``loc`` the key's place (``$.calls[0].arguments.a.b``),
    ``raw`` *raw* (default the text), the message begun by *subject* (default
    ``Arguments at <loc> repeat``); ``None`` when no key comes twice."""
    found = _where(text)
    if not found:
        return None
    place, key = found[0]
    return ArgumentsError(
        f"{subject or f'Arguments at {loc} repeat'} the key {excerpt(key)} in one object "
        f"(one of its values would be lost): {excerpt(text)}",
        dialect=dialect,
        loc=place_path(loc, place) + key_step(key),
        raw=text if raw is None else raw,
    )


def check_repeats(text: str, parsed: Any, loc: str, dialect: Optional[str], raw: Optional[str] = None) -> None:
    """Raise ``repeat_error`` when *text*, read strictly as *parsed*, gives a key twice
    in one object (``unrepeated`` first: nearly free)."""
    if not unrepeated(text, parsed):
        err = repeat_error(text, loc, dialect, raw)
        if err is not None:
            raise err
