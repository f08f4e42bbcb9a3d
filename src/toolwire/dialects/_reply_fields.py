"""Typed reads of a whole reply's fields for the response readers (``normalize``), and
the error of a content block without a string ``type``: a
field of the wrong type is a ``DecodeError`` at its own ``$.path`` (no dialect: the
caller, ``response.normalize``, names the reader's), never a Python exception met
later at the root. No provider field names here."""

from __future__ import annotations

from typing import Any, Dict, List

from .._errors import DecodeError, excerpt

__all__ = ["item_at", "object_at", "objects_at", "text_at", "typeless"]


def object_at(value: Any, loc: str) -> Dict[str, Any]:
    """*value* when it is an object, ``{}`` when it is absent (``None``); else a
    ``DecodeError`` at *loc*."""
    if type(value) is dict:
        return value
    if value is None:
        return {}
    if isinstance(value, dict):
        return value
    raise DecodeError(f"Expected an object at {loc}, got {type(value).__name__} {excerpt(value)}", loc=loc)


def item_at(value: Any, loc: str) -> Dict[str, Any]:
    """*value* when it is an object; else (``None`` too: an item of a list, a field the
    reply is read by) a ``DecodeError`` at *loc*."""
    if isinstance(value, dict):
        return value
    raise DecodeError(f"Expected an object at {loc}, got {type(value).__name__} {excerpt(value)}", loc=loc)


def member_at(container: Dict[str, Any], key: str, loc: str) -> Dict[str, Any]:
    """*container*'s *key* when it is an object, ``{}`` when it is absent (nothing of the
    reply there: ``normalize`` then says the reply has none of its fields); present and
    no object (``None`` too), a ``DecodeError`` at *loc*."""
    return item_at(container[key], loc) if key in container else {}


def objects_at(value: Any, loc: str) -> List[Dict[str, Any]]:
    """*value* when it is a list of objects, ``[]`` when it is absent (``None``); else a
    ``DecodeError`` at *loc*, or at the first item that is no object: an item skipped
    would make a reply read as one that said less than it did."""
    if value is None:
        return []
    if type(value) is not list and not isinstance(value, (list, tuple)):
        raise DecodeError(f"Expected a list at {loc}, got {type(value).__name__} {excerpt(value)}", loc=loc)
    for i, item in enumerate(value):
        if not isinstance(item, dict):
            item_at(item, f"{loc}[{i}]")
    return value  # type: ignore[return-value]


def text_at(value: Any, loc: str) -> str:
    """*value* when it is a string, ``""`` when it is absent (``None``); else a
    ``DecodeError`` at *loc*."""
    if type(value) is str:
        return value
    if value is None:
        return ""
    raise DecodeError(f"Expected a string at {loc}, got {type(value).__name__} {excerpt(value)}", loc=loc)


def typeless(block: Dict[str, Any], where: str, dialect: str) -> DecodeError:
    """The error of the content block *block* at *where* whose ``type`` is not a string:
    missing (or ``null``), at the block; of the wrong type, at its ``type``."""
    kind = block.get("type")
    if kind is None:
        return DecodeError(f"Content block at {where} has no 'type', which every {dialect} block has",
                           dialect=dialect, loc=where)
    return DecodeError(f"A content block's 'type' must be a string at {where}.type, got {type(kind).__name__} "
                       f"{excerpt(kind)}", dialect=dialect, loc=where + ".type")
