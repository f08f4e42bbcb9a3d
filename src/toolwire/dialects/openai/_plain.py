"""The plain OpenAI Chat call item, decoded in one step.

``{"id", "type": "function", "function": {"name", "arguments"}}`` with an id of at
most 40 characters and the text of a JSON object as arguments is by far the most
common item on the wire; these decoders give exactly what ``openai.chat``'s
``decode_call`` gives for it under the default policy (``""`` arguments, a tool
without parameters, included), and ``None`` for anything else (the general path
then decides).
"""

from __future__ import annotations

from typing import Any, Dict, Optional

from pydantic_core import from_json

from ..._args import DEFAULT_POLICY, EMPTY
from ..._quick_first import QuickFirst
from ..._types import ToolCall, new_call
from .chat_tools import NAME

__all__ = ["QUICK_FIRST", "plain_call"]

_MAX_BYTES = DEFAULT_POLICY.max_bytes


def _empty_call(ident: str, name: str) -> ToolCall:
    """``decode_call`` of a plain item whose arguments are ``""``: the empty table's
    ``{}``, with the wire text kept for a lossless re-encode (an id of at most 40
    characters is always a native Chat id: no mark)."""
    return new_call(name, {}, ident, "", {NAME: {"arguments": ""}}, EMPTY)


def plain_call(ident: Any, name: Any, text: Any) -> Optional[ToolCall]:
    """The ``ToolCall`` of a plain Chat call's fields (an id of at most 40 characters,
    a name, the text of an object), as ``openai.chat`` decodes it; else ``None``."""
    if (
        type(ident) is not str
        or not 0 < len(ident) <= 40
        or type(name) is not str
        or not name
        or type(text) is not str
        or len(text) > _MAX_BYTES
    ):
        return None
    if not text:  # a tool without parameters; no failed parse
        return _empty_call(ident, name)
    try:
        args = from_json(text, allow_inf_nan=False, cache_strings="keys")
    except (ValueError, TypeError):
        return None
    return new_call(name, args, ident, text) if type(args) is dict else None


def _first(item: Dict[str, Any]) -> Optional[ToolCall]:
    """The plain item, before detection asks Mistral or Cohere (which claim some
    Chat-shaped items on evidence of their own): an id either could take as its
    evidence (Mistral's ``"null"``; Cohere's ``<name>_`` plus 12 characters, so any
    id 13 characters longer than the name) is refused. Mistral's other call
    evidence needs an ``index`` key, which a plain item lacks."""
    if len(item) != 3:
        return None
    fn = item.get("function")  # a ``get`` first: a missing key raised costs ~110 ns
    if type(fn) is not dict or len(fn) != 2:
        return None
    try:  # then subscripts, not ``get``: a method call per key is ~8% of this path
        if item["type"] != "function":
            return None
        ident, name, text = item["id"], fn["name"], fn["arguments"]
    except KeyError:
        return None
    # ``plain_call``'s checks and parse, inline on purpose: this is the hottest path of
    # the library, and the call saved is ~4% of it (measured); plus the evidence
    if (
        type(ident) is not str
        or type(name) is not str
        or not 0 < len(ident) <= 40
        or ident == "null"
        or len(ident) == len(name) + 13
        or not name
        or type(text) is not str
        or len(text) > _MAX_BYTES
    ):
        return None
    if not text:
        return _empty_call(ident, name)
    try:
        args = from_json(text, allow_inf_nan=False, cache_strings="keys")
    except (ValueError, TypeError):
        return None
    return new_call(name, args, ident, text) if type(args) is dict else None


QUICK_FIRST = QuickFirst(_first, frozenset({"id", "type", "function"}), "function", frozenset({"mistral", "cohere.v2"}))
