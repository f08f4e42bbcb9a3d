"""A local ``$ref`` of a tool's schema resolved in place (``#`` or a JSON Pointer), for the
strict-tool checks of the OpenAI and Anthropic dialects (``openai/strict_keywords.py``,
``anthropic/strict_tools.py``), which read a schema as it comes, not normalized."""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple
from urllib.parse import unquote

from .._path_steps import Place

__all__ = ["resolve_local"]


def resolve_local(root: Dict[str, Any], ref: str) -> Tuple[Any, Place]:
    """The node a local ``$ref`` names (``#`` or a JSON Pointer, percent-decoded first as a
    URI fragment, RFC 6901 §6, as ``schema.render`` reads it: ``#/$defs/a%20b``) and its
    place; ``None`` when it names none."""
    node: Any = root
    place: Place = None
    if ref == "#":
        return node, place
    if not ref.startswith("#/"):
        return None, None
    for raw in unquote(ref[2:]).split("/"):
        token = raw.replace("~1", "/").replace("~0", "~")
        if type(node) is dict and token in node:
            node, place = node[token], (place, token)
        elif type(node) is list and (index := _index(token, len(node))) is not None:
            node, place = node[index], (place, index)
        else:
            return None, None
    return node, place


def _index(token: str, length: int) -> Optional[int]:
    """The array index *token* spells (RFC 6901 §4: ``0`` or ``[1-9][0-9]*`` in ASCII, so
    not ``"²"``, ``"00"`` or a 5,000-digit token, which ``int`` refuses or reads)."""
    from ..schema._util import array_index  # the schema package loads with a schema, not with the dialects

    return array_index(token, length)
