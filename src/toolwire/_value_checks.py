"""The checks of the canonical values' public constructors, and the JSON Schemas of
their dict forms. Each check returns the value or raises ``DecodeError`` at a
``$.path``; ``check_json_object`` walks a value iteratively (linear, no recursion limit).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Dict, List, Mapping, Optional, Tuple, Union, cast

from ._errors import DecodeError, an, excerpt
from ._json_values import check_json_value, fail, lone_surrogate_in
from ._path_steps import key_step

__all__ = [
    "JSON_SCHEMAS",
    "NO_PD",
    "REQUIRED",
    "Content",
    "ProviderData",
    "part_member",
    "utf8_problem",
    "utf8_text",
]

ProviderData = Dict[str, Dict[str, Any]]
Content = Union[str, List[Dict[str, Any]]]
# the shared empty provider data: read-only, so that no caller can write into every value's
NO_PD: ProviderData = cast(ProviderData, MappingProxyType({}))


# ------------------------------------------------------------------ checks of the constructors


def _name(value: Any, cls: str, *, required: bool) -> Any:
    if value is None and not required:
        return None
    if type(value) is not str or not value:
        raise fail(f"{cls} name", "$.name", f"must be a non-empty string, got {excerpt(value)}")
    return value if value.isascii() else utf8_text(value, "$.name", f"{cls} name")


def utf8_text(value: str, loc: str, what: str, dialect: Optional[str] = None) -> str:
    """*value* unless it holds a lone UTF-16 surrogate: a ``DecodeError`` at *loc*
    naming *what* (a tool name, an id). The one check of names and ids, for the
    constructors, every decoder and stream; callers answer ASCII text first
    (``value.isascii()``), without this call."""
    problem = utf8_problem(value, loc, what)
    if problem is not None:
        raise DecodeError(problem, dialect=dialect, loc=loc)
    return value


def utf8_problem(value: str, loc: str, what: str) -> Optional[str]:
    """What ``utf8_text`` says of *value*, or ``None`` when UTF-8 can carry it (for a
    reader that keeps an invalid call instead of raising: the text families)."""
    if lone_surrogate_in(value):
        return f"{what} at {loc} holds a lone UTF-16 surrogate no UTF-8 text can carry: {excerpt(value)}"
    return None


def _opt_id(value: Any, cls: str) -> Any:
    if value is None:
        return None
    if type(value) is not str or not value:
        raise fail(f"{cls} id", "$.id", f"must be a non-empty string or None, got {excerpt(value)}")
    return value if value.isascii() else utf8_text(value, "$.id", f"{cls} id")


def _str(value: Any, loc: str, what: str) -> str:
    if type(value) is not str:
        raise fail(what, loc, f"must be a string, got {excerpt(value)}")
    return value


def _opt_str(value: Any, loc: str, what: str) -> Optional[str]:
    return None if value is None else _str(value, loc, what)


def _opt_text(value: Any, loc: str, what: str) -> Optional[str]:
    """``_opt_str`` for text a provider is sent (no lone surrogate)."""
    if value is None:
        return None
    text = _str(value, loc, what)
    return text if text.isascii() else utf8_text(text, loc, what)


def _bool(value: Any, loc: str, what: str) -> bool:
    if type(value) is not bool:
        raise fail(what, loc, f"must be a bool, got {excerpt(value)}")
    return value


def _provider_data(value: Any, cls: str) -> ProviderData:
    """*value*, a plain dict of dialect ids to objects (held as given), or any other
    mapping of them copied into one (so that ``as_dict`` hands out copies and pydantic
    writes it); what a caller's mapping raises while read is a ``DecodeError`` here."""
    if value is None or value is NO_PD:
        return NO_PD
    if type(value) is not dict:
        try:
            value = dict(value.items()) if isinstance(value, Mapping) else value
        except MemoryError:
            raise
        except Exception as exc:
            raise fail(f"{cls} provider_data", "$.provider_data",
                        f"must map dialect ids to objects: reading it raised {type(exc).__name__}: {exc}") from None
    if type(value) is not dict or not all(type(k) is str and isinstance(v, dict) for k, v in value.items()):
        raise fail(
            f"{cls} provider_data", "$.provider_data", f"must map dialect ids to objects, got {excerpt(value)}"
        )
    for k, v in value.items():  # wire fields as received: a tuple is an array there
        loc = _PD_LOCS.get(k)
        if loc is None:  # (a dialect id with a dot is spelled through json: once per id)
            loc = "$.provider_data" + key_step(k)
            if len(_PD_LOCS) < 64:
                _PD_LOCS[k] = loc
        check_json_value(v, loc, f"{cls} provider_data", tuples=True)
    return cast(ProviderData, value)


_PD_LOCS: Dict[str, str] = {}  # a dialect id -> the path of its provider data


def _repairs(value: Any, cls: str) -> Tuple[str, ...]:
    if type(value) not in (tuple, list) or not all(type(r) is str for r in value):
        raise fail(f"{cls} repairs", "$.repairs", f"must be a tuple of strings, got {excerpt(value)}")
    return tuple(value)


def _content(value: Any) -> Content:
    if type(value) is str:
        return value if value.isascii() else utf8_text(value, "$.content", "ToolResult content")
    if type(value) is list and all(type(p) is dict for p in value):
        for i, part in enumerate(value):
            if type(part.get("type")) is not str or not part["type"]:
                raise fail("ToolResult content", f"$.content[{i}]",
                            f"is a part without a 'type' (text, json, image...): {excerpt(part)}")
            kind = part["type"]
            if kind == "text" and type(part.get("text")) is not str:
                raise fail("ToolResult content", f"$.content[{i}].text", part_member(part, "text"))
            if kind == "json" and "json" not in part:
                raise fail("ToolResult content", f"$.content[{i}].json", part_member(part, "json"))
        check_json_value(value, "$.content", "ToolResult content")
        return value
    json_like = type(value) in (dict, int, float, bool)
    hint = " (a JSON value is the part {'type': 'json', 'json': ...})" if json_like else ""
    raise fail("ToolResult content", "$.content", f"must be text or a list of parts{hint}, got {excerpt(value)}")


def part_member(part: Dict[str, Any], member: str) -> str:
    """What a result part of type *member* (``text``, ``json``) lacks: its member, or (a
    text part) a string in it; the words after its ``$.path``."""
    if member not in part:
        what = "a string" if member == "text" else "a JSON value"
        return f"is missing: {an(member)} part holds {what}, got {excerpt(part)}"
    return f"must hold a string, got {excerpt(part[member])}"


# ------------------------------------------------------------------ JSON Schemas of the dict forms

# ``minLength`` binds only a string: ``None`` stays allowed, ``""`` is refused as the constructors refuse it
_OPT_ID = {"type": ["string", "null"], "minLength": 1}
_OPT_NAME = {"type": ["string", "null"], "minLength": 1}
_PART = {"type": "object", "properties": {"type": {"type": "string", "minLength": 1}}, "required": ["type"]}
_PD_SCHEMA = {"type": "object", "additionalProperties": {"type": "object"}, "description": "Provider data by dialect."}
JSON_SCHEMAS: Dict[str, Dict[str, Any]] = {
    "ToolCall": {
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 1, "description": "Name of the tool to call."},
            "args": {"type": "object", "description": "Arguments, a JSON object."},
            "id": {**_OPT_ID, "description": "Call id, the key its result references."},
            "raw": {"type": ["string", "null"], "description": "Argument text as received."},
            "provider_data": _PD_SCHEMA,
            "repairs": {"type": "array", "items": {"type": "string"}},
            "server": {"type": "boolean", "description": "The provider executes this call itself."},
        },
        "required": ["name"],
        "additionalProperties": False,
    },
    "InvalidToolCall": {
        "type": "object",
        "properties": {
            "name": _OPT_NAME,
            "id": _OPT_ID,
            "raw": {"type": ["string", "null"]},
            "error": {"type": "string"},
            "loc": {"type": "string"},
            "truncated": {"type": "boolean"},
            "provider_data": _PD_SCHEMA,
            "parsed": {"type": ["object", "null"],
                       "description": "The object raw was read as, where raw is the call's argument text."},
        },
        "required": ["error"],
        "additionalProperties": False,
    },
    "Tool": {
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 1},
            "description": {"type": ["string", "null"]},
            "parameters": {"type": ["object", "null"], "description": "JSON Schema of the arguments."},
            "strict": {"type": ["boolean", "null"]},
            "provider_data": _PD_SCHEMA,
        },
        "required": ["name"],
        "additionalProperties": False,
    },
    "ToolResult": {
        "type": "object",
        "properties": {
            "id": _OPT_ID,
            "name": _OPT_NAME,
            "content": {"anyOf": [{"type": "string"}, {"type": "array", "items": _PART}]},
            "is_error": {"type": "boolean"},
            "provider_data": _PD_SCHEMA,
        },
        "additionalProperties": False,
    },
}
# the fields a dict form must hold (read by validation; the schemas above are handed out as copies)
REQUIRED: Dict[str, Tuple[str, ...]] = {name: tuple(s.get("required", ())) for name, s in JSON_SCHEMAS.items()}
