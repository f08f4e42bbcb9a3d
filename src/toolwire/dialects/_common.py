"""Helpers shared by dialect modules (no provider field names here)."""

from __future__ import annotations

from typing import Any, Callable, Dict, List, NamedTuple, Optional, Pattern, Tuple

from .._access import to_data
from .._dialect import EncodeContext
from .._errors import DecodeError, EncodeError, an, excerpt
from .._ids import IdRule, map_id, synthesize_id
from .._json_ints import write_json
from .._types import ToolCall, ToolResult
from .._value_checks import utf8_text

__all__ = [
    "Envelope",
    "QUIET",
    "any_block",
    "as_dict",
    "as_int",
    "as_list",
    "check_native",
    "custom_id_of",
    "describe_error",
    "error_names",
    "nameless_result",
    "encode_id",
    "first_set",
    "join_text",
    "json_text",
    "name_of",
    "no_body",
    "opt_str",
    "result_id",
    "scoped",
    "wire_index",
]


def as_dict(value: Any, loc: str, dialect: str, what: str) -> Dict[str, Any]:
    """*value* as a plain dict, or a ``DecodeError`` naming *what* was expected."""
    if type(value) is dict:
        return value
    data = to_data(value, loc)
    if type(data) is not dict:
        raise DecodeError(
            f"Expected {what} at {loc}, got {type(value).__name__} {excerpt(value)}",
            dialect=dialect,
            loc=loc,
        )
    return data


def as_list(value: Any, loc: str, dialect: str) -> Any:
    """*value* if it is a list (or tuple), else a ``DecodeError`` at *loc*."""
    if isinstance(value, (list, tuple)):
        return value
    raise DecodeError(f"Expected a list at {loc}, got {type(value).__name__}", dialect=dialect, loc=loc)


def name_of(value: Any, loc: str, dialect: str) -> str:
    """A tool name: a non-empty string that UTF-8 can carry (no lone UTF-16 surrogate:
    no request could send it back). Decoders test ``type(x) is str and x and
    x.isascii()`` inline and call this when that fails."""
    if type(value) is str and value:
        return value if value.isascii() else utf8_text(value, loc, "Tool name", dialect)
    if value is None:
        raise DecodeError(f"Tool name at {loc} is missing", dialect=dialect, loc=loc)
    raise DecodeError(
        f"Tool name at {loc} must be a non-empty string, got {excerpt(value)}",
        dialect=dialect,
        loc=loc,
    )


def opt_str(value: Any, loc: str, dialect: str, ints: bool = False) -> Optional[str]:
    """An optional id: ``None`` and ``""`` mean none. An integer is refused unless
    *ints* (JSON-RPC ids, whose caller records it to write it back as one): turned
    into text unrecorded, it would come back as a string. Text with a lone UTF-16
    surrogate is refused, as in ``name_of``."""
    if value is None or value == "":
        return None
    if type(value) is str:
        return value if value.isascii() else utf8_text(value, loc, "Id", dialect)
    if ints and type(value) is int:  # (not a bool: ``type`` is exact)
        return str(value)
    if ints:  # JSON-RPC 2.0: "Numbers SHOULD NOT contain fractional parts"; 2.0 would come back as 2
        why = " (a float: a JSON-RPC id should hold no fractional part, and it would not be written back as it " \
            "came)" if type(value) is float else ""
        raise DecodeError(f"Id at {loc} must be a string or an integer (a JSON-RPC id), got {excerpt(value)}{why}",
                          dialect=dialect, loc=loc)
    raise DecodeError(
        f"Id at {loc} must be a string, got {excerpt(value)}", dialect=dialect, loc=loc
    )


def tool_description(value: Any, loc: str, dialect: str) -> Optional[str]:
    """A tool's ``description`` read at *loc*: text or none; anything else raises there."""
    if value is None or type(value) is str:
        return value
    raise DecodeError(f"Tool description at {loc} must be a string, got {excerpt(value)}", dialect=dialect, loc=loc)


def tool_strict(value: Any, loc: str, dialect: str) -> Optional[bool]:
    """A tool's ``strict`` flag read at *loc*: a bool or none; anything else raises
    there (never dropped silently, nor read by truthiness)."""
    if value is None or value is True or value is False:
        return value
    raise DecodeError(f"Tool strict at {loc} must be a bool, got {excerpt(value)}", dialect=dialect, loc=loc)


def required_id(value: Any, loc: str, dialect: str) -> str:
    """The id of the call a tool result answers, where the wire requires it: missing,
    ``null`` or ``""`` raises (it could pair with no call, nor be written back)."""
    ident = opt_str(value, loc, dialect)
    if ident is None:
        raise DecodeError(
            f"Tool result id at {loc} is {'empty' if value == '' else 'missing'}: {dialect} needs the id of the call "
            "it answers",
            dialect=dialect, loc=loc,
        )
    return ident


def error_flag(value: Any, loc: str, dialect: str) -> bool:
    """A tool result's error flag: ``true`` or ``false`` (``None``, absent: ``false``).
    Anything else raises: read by truthiness, ``"false"`` would flag a success."""
    if value is True or value is False:
        return value
    if value is None:
        return False
    raise DecodeError(f"Error flag at {loc} must be true or false, got {excerpt(value)}", dialect=dialect, loc=loc)


def encode_id(call: ToolCall, ctx: EncodeContext, rule: IdRule, pd: Any = None) -> Optional[str]:
    """The id to write for *call*: passed through, mapped, or synthesized if required.

    An id this dialect's own wire produced (``pd["native_id"]``, set by the decoder
    when the id breaks the documented rule, e.g. a 51-character id from an
    OpenAI-compatible gateway) passes through: re-encoding it is lossless; an ``IdMap``
    given records it, so that the call's result gets the same id.
    """
    if pd and pd.get("native_id") and call.id is not None:
        if ctx.ids is not None:
            ctx.ids.keep(call.id)
        return call.id
    if call.id is None:
        if not rule.required:
            return None
        if ctx.ids is not None:  # its own id in this conversation, distinct from identical calls
            given: str = ctx.ids.id_of(call)
            return given
        return synthesize_id(call.name, call.args, rule, ctx.position)
    if ctx.ids is not None:
        mapped: str = ctx.ids.map(call.id)
        return mapped
    return map_id(call.id, rule)



def result_id(result: ToolResult, ctx: EncodeContext, rule: IdRule, dialect: str) -> Optional[str]:
    """The id to write for a tool result: mapped exactly as its call's was. An id this
    dialect's own wire produced (``native_id``, as ``encode_id``) passes through, unless
    the ``IdMap`` given mapped it for its call already."""
    if result.id is None:
        if rule.required:
            given: Optional[str] = ctx.ids.answer(result.name) if ctx.ids is not None else None
            if given is not None:  # the oldest unanswered id-less call of that tool
                return given
            raise EncodeError(
                f"{an(dialect, True)} tool result needs the id of its call; this result has none"
                + ("" if ctx.ids is not None else " (pass the IdMap its call was encoded with as ids=)"),
                dialect=dialect,
            )
        return None
    pd = result.provider_data.get(dialect) if result.provider_data else None
    if pd and pd.get("native_id"):
        if ctx.ids is None:
            return result.id
        if result.id not in ctx.ids.mapping:
            ctx.ids.keep(result.id)
    if ctx.ids is not None:
        mapped: str = ctx.ids.map(result.id)
        ctx.ids.answered(mapped)  # answered by its id: the first-in-first-out order skips it
        return mapped
    return map_id(result.id, rule)


def result_name(name: Optional[str], names: Pattern[str], dialect: str) -> Optional[str]:
    """*name*, written into a tool result, when the dialect's name rule takes it (as
    ``encode`` refuses it in a call); ``EncodeError`` otherwise."""
    if name is not None and not names.fullmatch(name):
        raise EncodeError(f"Tool name {name!r} is not allowed in {dialect} (must match {names.pattern})",
                          dialect=dialect)
    return name


def check_native(ident: Optional[str], rule: IdRule, pd: Dict[str, Any]) -> None:
    """Mark an id that this dialect's wire produced although it breaks the rule (a
    call's or a tool result's: ``encode_id`` and ``result_id`` write it back as it came)."""
    if ident is not None and not rule.valid(ident):
        pd["native_id"] = True


#: a context that notes nothing (for an encoder's helper also run to compare, not to write)
QUIET = EncodeContext()
# the JSON type of a value, as a note names it
_JSON_KINDS = {dict: "object", list: "array", str: "string", bool: "boolean", int: "number", float: "number",
               type(None): "null"}


def json_text(value: Any, ctx: EncodeContext, dialect: str, why: str) -> str:
    """The JSON *value* of a tool result's part as the text a target takes in its
    place, noted on *ctx* (``converted``: it reads back as text); *why*: the target's rule."""
    if ctx.notes is not None:
        ctx.note("converted", f"A JSON {_JSON_KINDS.get(type(value), 'value')} in",
                 f"is sent to {ctx.named(dialect)} as text: {why}")
    return write_json(value, ensure_ascii=False)


def scoped(obj: Any, dialect: str) -> Dict[str, Any]:
    """The provider data *obj* carries for *dialect* (empty when none)."""
    data: Dict[str, Any] = obj.provider_data.get(dialect) or {}
    return data


# -- reading whole responses (each provider's ``response.py``) --------------------------


def first_set(d: Any, *names: str) -> Any:
    """The value of the first of *names* that *d* (a dict) has and is not ``None``."""
    if not isinstance(d, dict):
        return None
    for name in names:
        if name in d and d[name] is not None:
            return d[name]
    return None


def as_int(v: Any) -> Optional[int]:
    """*v* if it is an int (not a bool), or a float holding a whole number (cohere's SDK
    types token counts as ``float``: ``50.0`` is 50; ``50.5``, ``inf`` and ``nan`` are
    not counts); else ``None``."""
    if isinstance(v, int):
        return None if isinstance(v, bool) else v
    return int(v) if isinstance(v, float) and v.is_integer() else None


def join_text(parts: List[str]) -> str:
    """The string parts joined (anything else skipped)."""
    return "".join(p for p in parts if isinstance(p, str))


def any_block(items: Any, test: Callable[[Dict[str, Any]], bool]) -> bool:
    """Whether one of *items* is a dict that passes *test*."""
    return any(isinstance(b, dict) and test(b) for b in items or ())


# -- batch result files (each provider's ``batch.py``) -----------------------------------


class Envelope(NamedTuple):
    """One line of a batch results file, opened (``Dialect.batch_envelope``)."""

    kind: str  # which file format: "openai.batch", "anthropic.batch", ...
    custom_id: Optional[str]
    body: Any  # the response body (plain data), or None when the request failed
    error: Optional[str]  # one line saying why there is no body
    reason: str  # why this line was read as *kind* (for ``detect``)
    loc: str = "$"  # where the body sits in the line (paths in errors start there)


def no_body(body: Any) -> bool:
    """Whether a line's response body is absent or an empty-equivalent (``None``,
    ``{}``, ``[]``, ``""``, ``"null"``): no response a provider sends, and what
    ``decode_all`` would read as "no calls"."""
    if body is None:
        return True
    if type(body) is str:
        return body.strip() in ("", "null")
    return (type(body) is dict or type(body) is list) and not body


def custom_id_of(data: Dict[str, Any]) -> Optional[str]:
    """The line's ``custom_id`` (the caller's request id: a string in every batch API),
    or ``None`` when it is null; any other value raises (made text, ``7`` and ``"7"``
    would be one id, and the caller could not match the line to its request)."""
    cid = data.get("custom_id")
    if type(cid) is str or cid is None:
        return cid
    raise DecodeError(
        f"Batch line custom_id at $.custom_id must be a string, got {an(type(cid).__name__)}: {excerpt(cid)}",
        loc="$.custom_id")


def describe_error(err: Any) -> str:
    """One line (at most 300 characters) from a provider error object (``{"code"|"type",
    "message"}``), or one nested once under ``error`` (Anthropic's ``{"type": "error",
    "error": {...}}``); any other value as text."""
    if type(err) is dict:
        inner = err.get("error")
        if type(inner) is dict and ("message" in inner or "type" in inner):
            err = inner
        label = err.get("code") or err.get("type")
        message = err.get("message")
        parts = [str(p) for p in (label, message) if p not in (None, "")]
        if parts:
            err = ": ".join(parts)
    if err is None:
        return "no details"
    text = " ".join(str(err).split())
    return text if len(text) <= 300 else text[:299] + "…"


def error_names(
    error: Dict[str, Any],
    *,
    params: Tuple[str, ...] = (),
    paths: Tuple[str, ...] = (),
    codes: Tuple[str, ...] = (),
) -> bool:
    """Whether a provider's *error* object points at a schema field: its ``param`` is one
    of *params* or under one (``response_format.json_schema``, ``tools[0]``), its
    ``code`` one of *codes*, or its message (lower case, spaces removed) holds one of
    *paths*. Nothing is read from bare words like ``"not supported"``."""
    param = str(error.get("param") or "")
    if params and param and any(param == p or param.startswith((p + ".", p + "[")) for p in params):
        return True
    if codes and str(error.get("code") or "") in codes:
        return True
    if paths:
        message = str(error.get("message") or "").lower().replace(" ", "")
        return any(path in message for path in paths)
    return False


def nameless_result(result: ToolResult) -> ToolResult:
    """*result* as a result wire without the tool's name (Chat ``tool`` message,
    Responses ``function_call_output``, Anthropic ``tool_result``, Converse
    ``toolResult``, Cohere ``tool`` message) reads it back (``Dialect.result_read_back``)."""
    return ToolResult(result.id, None, result.content, result.is_error)


def object_schema(name: str, schema: Dict[str, Any], dialect: str, field: str) -> Dict[str, Any]:
    """*schema*, a tool's parameters, for a dialect whose *field* must be ``"type":
    "object"`` at its top (Anthropic ``input_schema``, Converse ``inputSchema.json``, MCP
    ``inputSchema``): ``"type": "object"`` added where it has no ``type`` (lossless: a
    tool's arguments are an object; Chat's ``"parameters": {}`` is one), ``EncodeError``
    for any other type."""
    if "type" not in schema:
        return {"type": "object", **schema}
    object_root(name, schema, dialect, field)
    return schema


def object_root(name: str, schema: Any, dialect: str, field: str) -> None:
    """``EncodeError`` when *schema*, a tool's parameters, declares a ``type`` other than
    ``"object"`` at its top: a tool's arguments are an object, and every provider says so
    (OpenAI: "parameters ... described as a JSON Schema object"; google-genai
    ``parameters_json_schema``: "The schema must describe an object"; ollama
    ``Tool.Function.Parameters.type: Literal['object']``). No ``type`` passes: Chat's
    ``"parameters": {}`` is the empty object schema."""
    if type(schema) is dict and "type" in schema and schema["type"] != "object":
        raise EncodeError(
            f"Tool {name!r} cannot be written as {dialect}: its {field} must be of type 'object', and its "
            f"parameters are of type {excerpt(schema['type'])}",
            dialect=dialect,
        )


def wire_index(index: Any, loc: str, dialect: str, what: str) -> int:
    """An index (at *loc*) sent as something other than an int (a call's, a block's, a
    choice's): a digit string (a gateway quirk) is the int it spells, read losslessly
    (``"0"`` is 0; ``"01"`` spells no index a provider writes); anything else is refused:
    read as no index (or as a position), the fragments of parallel calls would glue into
    valid-looking wrong calls. The caller reads ``None`` (or no key) its own way."""
    if type(index) is str and 0 < len(index) <= 18 and index.isascii() and index.isdigit() and (
            index[0] != "0" or index == "0"):
        return int(index)
    raise DecodeError(f"{what} at {loc} is neither an int nor a digit string: {excerpt(index)}",
                      dialect=dialect, loc=loc)
