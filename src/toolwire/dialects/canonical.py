"""The canonical form (``canonical``): ``{"name", "args", "id"}``.

What DSPy-style code holds and what ``toolwire`` prints. A tool definition is
``{"name", "description", "parameters", "strict"}`` (the ``Tool`` fields; ``parameters``
always, null when there are none; ``description`` and ``strict`` left out when none,
unless the tool was read here with them null: provider data of ``canonical``); a tool
result is ``{"id", "name", "content", "is_error"}``. A definition's ``parameters`` are
a JSON Schema object (``{}``, or keywords: ``type``, ``properties``, ``$ref``,
``anyOf``...); parameters that hold another key (``{"name": "f", "parameters": {"city":
"Paris"}}``: Llama 3.x JSON tool calling's call form, meta-llama/llama-models
``models/llama3_3/prompt_format.md``), a keyword with a value it does not take, or only
annotations are a call's arguments: no dialect reads that form as a call, so where calls
may stand (``decode_all``, ``decode``, ``ToolCalls``) or the kind is not said
(``convert``, ``decode_tool`` without a dialect) it raises naming both readings,
and a list holding one is never a list of definitions without calls (``[]``). The rule
is ``_schema_like.not_schema``. ``args`` may also be JSON
text; the arguments policy applies. A call its provider runs itself carries
``"server": true`` (``ToolCall.server``): detected as one (kind ``server``), so
``decode_all`` returns it only when asked for.

The values' own dict forms (``as_dict()``, pydantic ``model_dump()`` in either mode)
are read too, their fidelity fields (``raw``, ``provider_data``, ``repairs``) kept as
written; a call needs its ``name`` only (``{"name", "id"}`` is a call without
arguments), as the ``ToolCall`` field type reads it.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from .._args import DEFAULT_POLICY, Policy, check_object, misplaced, parse_arguments
from .._dialect import CALL, RESULT, SERVER, TOOL, Dialect, EncodeContext
from .._errors import DecodeError, excerpt
from .._ids import IdRule
from .._json_values import check_json_value
from .._payload_paths import result_at, tool_at
from .._types import Tool, ToolCall, ToolResult, new_call
from .._value_checks import NO_PD, ProviderData
from ._common import error_flag, name_of, opt_str, scoped

__all__ = ["DIALECT"]

NAME = "canonical"
IDS = IdRule(required=False)
# the wire form, and beside it what the values' dict forms add (``_Value.as_dict``)
_CALL_KEYS = frozenset({"name", "args", "id", "server", "raw", "provider_data", "repairs"})
_TOOL_KEYS = frozenset({"name", "description", "parameters", "strict", "provider_data"})
_RESULT_KEYS = frozenset({"id", "name", "content", "is_error", "provider_data"})


def sniff(data: Any) -> Optional[Tuple[str, str]]:
    if type(data) is not dict:
        return None
    keys = data.keys()
    if "name" in data and keys <= _CALL_KEYS:  # a bare {"name"}: Gemini's and MCP's definitions come first
        if data.get("server") is True:
            return SERVER, "'name', 'args', 'id' and 'server': true (a call its provider runs, canonical form)"
        return CALL, "only 'name', 'args' and 'id' (the canonical form)"
    if "name" in data and "parameters" in data and keys <= _TOOL_KEYS:
        return TOOL, "only 'name', 'description', 'parameters', 'strict'"
    if "content" in data and "id" in data and keys <= _RESULT_KEYS:
        return RESULT, "only 'id', 'name', 'content', 'is_error'"
    return None


def decode_call(item: Dict[str, Any], policy: Policy = DEFAULT_POLICY, loc: str = "$") -> ToolCall:
    name = item.get("name")
    if type(name) is not str or not name or not name.isascii():
        name = name_of(name, loc + ".name", NAME)
    ident = item.get("id")
    if type(ident) is not str or not ident or not ident.isascii():  # (before the arguments: its error first)
        ident = opt_str(ident, loc + ".id", NAME)
    args = item.get("args")
    if type(args) is dict:  # the common case: an object, checked as parse_arguments checks one
        args = check_object(args, policy, loc + ".args", NAME)
        if not args:  # ``{}``: arguments under another key are refused
            misplaced(item, "args", loc, NAME)
        raw: Optional[str] = None
        repairs: Tuple[str, ...] = ()
        known = 2  # the keys read so far: name, args
    else:
        if not args or args == "{}":  # none here: under another key they are refused
            misplaced(item, "args", loc, NAME)
        known = 1 if args is None else 2
        args, raw, repairs = parse_arguments(args, policy, loc + ".args", NAME)
    if len(item) == known + (ident is not None):  # the plain form: no key beyond name, args, id
        return new_call(name, args, ident, raw, None, repairs, False)
    server = item.get("server", False)
    if server is not True and server is not False:
        raise DecodeError(f"Server flag at {loc}.server must be true or false, got {excerpt(server)}",
                          dialect=NAME, loc=loc + ".server")
    pd = None
    if "raw" in item or "provider_data" in item or "repairs" in item:  # a value's dict form
        raw = _raw(item.get("raw"), raw, loc + ".raw")
        pd = _provider_data(item.get("provider_data"), loc + ".provider_data")
        repairs = _repairs(item.get("repairs"), repairs, loc + ".repairs")
    return new_call(name, args, ident, raw, pd, repairs, server)


# --- the fidelity fields of a value's dict form: as written, checked --------------------------


def _raw(given: Any, parsed: Optional[str], loc: str) -> Optional[str]:
    """The argument text of a dict form: ``raw`` as written, which must be the ``args``
    text itself when ``args`` is text."""
    if given is not None and type(given) is not str:
        raise DecodeError(f"Argument text at {loc} must be a string or null, got {excerpt(given)}",
                          dialect=NAME, loc=loc)
    if parsed is not None and given is not None and given != parsed:
        raise DecodeError(f"Argument text at {loc} differs from the text of 'args': {excerpt(given)}",
                          dialect=NAME, loc=loc)
    return parsed if given is None else given


def _provider_data(given: Any, loc: str) -> Optional[ProviderData]:
    if given is None:
        return None
    if type(given) is not dict:
        raise DecodeError(f"Provider data at {loc} must map dialect ids to objects, got {excerpt(given)}",
                          dialect=NAME, loc=loc)
    for k, v in given.items():
        if type(v) is not dict:
            raise DecodeError(f"Provider data at {loc}.{k} must be an object, got {excerpt(v)}",
                              dialect=NAME, loc=f"{loc}.{k}")
        try:
            check_json_value(v, f"{loc}.{k}", "Provider data")
        except DecodeError as exc:
            raise DecodeError(str(exc), dialect=NAME, loc=exc.loc) from None
    return given if given else NO_PD


def _repairs(given: Any, parsed: Tuple[str, ...], loc: str) -> Tuple[str, ...]:
    """The repairs a dict form lists, then those its ``args`` needed now (not twice)."""
    if given is None:
        return parsed
    if type(given) is not list:
        raise DecodeError(f"Repairs at {loc} must be a list of strings, got {excerpt(given)}", dialect=NAME, loc=loc)
    out: List[str] = []
    for i, r in enumerate(given):
        if type(r) is not str:
            raise DecodeError(f"Repairs at {loc}[{i}] must be strings, got {excerpt(r)}",
                              dialect=NAME, loc=f"{loc}[{i}]")
        out.append(r)
    out += [r for r in parsed if r not in out]
    return tuple(out)


# --- speed only: a plain call in one step (``ONE_STEP``: see ``dialects.ONE_STEP``) ---

# ``decode_call`` itself, its defaults the default policy: ``sniff`` claims every dict of
# these keys as a call (no ``server`` key: a provider's own call is a ``server`` claim,
# never one step), and the dialects detection asks before (Gemini, Chat, MCP) claim
# none of them (their claims need other keys)
ONE_STEP = ((("name", "args", "id", None), decode_call), (("name", "args", None), decode_call))


def encode_call(call: ToolCall, ctx: EncodeContext) -> Dict[str, Any]:
    if call.server:
        return {"name": call.name, "args": call.args, "id": call.id, "server": True}
    return {"name": call.name, "args": call.args, "id": call.id}


def decode_tool(item: Dict[str, Any], loc: str) -> Tool:
    params = item.get("parameters")
    if params is not None and type(params) is not dict:
        raise DecodeError(f"Tool parameters at {loc}.parameters must be an object", dialect=NAME, loc=loc)
    if "provider_data" in item:  # a ``Tool``'s dict form: its own provider data, as written
        own = _provider_data(item["provider_data"], loc + ".provider_data")
    else:
        pd = {f"null_{k}": True for k in ("description", "strict") if k in item and item[k] is None}
        own = {NAME: pd} if pd else None
    return tool_at(
        NAME,
        {"$.parameters": loc + ".parameters", "$.description": loc + ".description", "$.strict": loc + ".strict"},
        name=name_of(item.get("name"), loc + ".name", NAME),
        description=item.get("description"),
        parameters=params,
        strict=item.get("strict"),
        provider_data=own,
    )


def encode_tool(tool: Tool) -> Dict[str, Any]:
    pd = scoped(tool, NAME)
    out: Dict[str, Any] = {"name": tool.name, "parameters": tool.parameters}
    if tool.description is not None or pd.get("null_description"):
        out["description"] = tool.description
    if tool.strict is not None or pd.get("null_strict"):
        out["strict"] = tool.strict
    return out


def decode_result(item: Dict[str, Any], loc: str) -> ToolResult:
    content = item.get("content")
    if not isinstance(content, (str, list)):
        raise DecodeError(f"Result content at {loc}.content must be text or a list of parts", dialect=NAME, loc=loc)
    return result_at(
        NAME,
        {"$.content": loc + ".content", "$.name": loc + ".name"},
        id=opt_str(item.get("id"), loc + ".id", NAME),
        name=item.get("name"),
        content=content,
        is_error=error_flag(item.get("is_error"), loc + ".is_error", NAME),
        provider_data=_provider_data(item.get("provider_data"), loc + ".provider_data"),
    )


def encode_result(result: ToolResult, ctx: EncodeContext) -> Dict[str, Any]:
    out: Dict[str, Any] = {"id": result.id, "content": result.content}
    if result.name is not None:
        out["name"] = result.name
    if result.is_error:
        out["is_error"] = True
    return out


def _peek(item: Dict[str, Any]) -> Tuple[Any, Any]:
    """The name and id of a call item (a module-level function: the record pickles)."""
    return item.get("name"), item.get("id")


DIALECT = Dialect(
    name=NAME,
    argument_keys=("args",),
    keys=frozenset({"name", "content"}),
    sniff=sniff,
    decode_call=decode_call,
    encode_call=encode_call,
    decode_tool=decode_tool,
    encode_tool=encode_tool,
    decode_result=decode_result,
    encode_result=encode_result,
    ids=IDS,
    description="The canonical {name, args, id} form",
    peek=_peek,
)
