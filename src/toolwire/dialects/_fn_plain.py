"""The plain call items of the dialects that refine the Chat shape, decoded in one step.

A decoder ``fn_decoder`` makes gives what ``mistral.decode_fn_call`` gives
(``mistral``, ``cohere.v2``), and one ``object_decoder`` makes what
``ollama.decode_call`` gives, under the default policy, for their common items
only; ``None`` for anything else (the general path then decides and reports
errors). Each dialect module binds one as its ``quick``: a closure over its name
and id rules, one call layer less than a shared function taking them.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional, Tuple

from pydantic_core import from_json

from .._args import DEFAULT_POLICY, EMPTY, check_object
from .._errors import ArgumentsError
from .._quick_first import Quick
from .._types import ToolCall, new_call

__all__ = ["fn_decoder", "object_decoder"]

_MAX_BYTES = DEFAULT_POLICY.max_bytes


def fn_decoder(dialect: str, valid: Callable[[str], Any], none_ids: Tuple[str, ...]) -> Quick:
    """The quick decoder of *dialect*'s ``{"id", "type": "function", "function":
    {"name", "arguments"}}`` item, ``type`` possibly missing and ``index`` possibly
    beside it (Mistral's response item): a string id (*valid* says whether it keeps
    the dialect's rule; *none_ids*, which it refuses, mean no id), a name, and the
    text of an object or ``""`` as arguments."""

    def quick(item: Dict[str, Any]) -> Optional[ToolCall]:
        fn = item.get("function")  # a ``get`` first: a missing key raised costs ~110 ns
        if type(fn) is not dict or len(fn) != 2:
            return None
        try:  # then subscripts, not ``get`` (see ``_openai_plain``)
            name, text, wire_id = fn["name"], fn["arguments"], item["id"]
        except KeyError:
            return None
        if (
            type(name) is not str
            or not name
            or type(text) is not str
            or type(wire_id) is not str
            or len(text) > _MAX_BYTES
        ):
            return None
        repairs: Tuple[str, ...] = ()
        if text:
            try:
                args = from_json(text, allow_inf_nan=False, cache_strings="keys")
            except (ValueError, TypeError):  # malformed, or a lone surrogate: the general path
                return None
            if type(args) is not dict:
                return None
            if len(item) == 3 and item.get("type") == "function" and valid(wire_id):
                return new_call(name, args, wire_id, text)
        else:  # a tool without parameters
            args, repairs = {}, EMPTY
        # what ``decode_fn_call`` keeps as provider data, in its order
        pd: Dict[str, Any] = {}
        rest = len(item) - 2  # keys beyond ``id`` and ``function``
        if "index" in item:
            pd["extra"] = {"index": item["index"]}
            rest -= 1
        if "type" in item:
            if item["type"] != "function":
                return None
            rest -= 1
        else:
            pd["no_type"] = True
        if rest:  # another key
            return None
        ident: Optional[str] = wire_id
        if wire_id in none_ids:
            ident = None
            pd["id"] = wire_id
        if repairs:
            pd["arguments"] = text
        if ident is not None and not valid(ident):
            pd["native_id"] = True
        return new_call(name, args, ident, text, {dialect: pd} if pd else None, repairs)

    return quick


def object_decoder(dialect: str) -> Quick:
    """The quick decoder of *dialect*'s ``{"id"?, "function": {"index"?, "name",
    "arguments": {...}}}`` item (Ollama): arguments that are a JSON object (checked
    as ``parse_arguments`` checks one), an id that is a string, ``None`` or missing."""

    def quick(item: Dict[str, Any]) -> Optional[ToolCall]:
        fn = item.get("function")
        if type(fn) is not dict:
            return None
        try:
            name, args = fn["name"], fn["arguments"]
        except KeyError:
            return None
        if type(name) is not str or not name or type(args) is not dict:
            return None
        pd: Dict[str, Any] = {}  # what ``decode_call`` keeps, in its order
        size = len(fn)
        if size == 3 and "index" in fn:
            pd["function_extra"] = {"index": fn["index"]}
        elif size == 2:
            pd["no_index"] = True
        else:
            return None
        ident = item.get("id")
        if len(item) != 1 + ("id" in item):  # a key beyond ``id`` and ``function``
            return None
        if ident is None or ident == "":
            if "id" in item:
                pd["id"] = ident
            ident = None
        elif type(ident) is not str:
            return None
        try:
            check_object(args, DEFAULT_POLICY, "$.function.arguments", dialect)
        except ArgumentsError:  # not JSON, or too deep: the general path reports it
            return None
        return new_call(name, args, ident, None, {dialect: pd})

    return quick
