"""Canonical values: ``ToolCall``, ``InvalidToolCall``, ``Tool``, ``ToolResult``.

Light immutable values: ``__slots__`` classes, not pydantic models, so a decoded call
costs a few hundred nanoseconds and ~150 bytes, and ``import toolwire`` needs no
pydantic. Each has value equality, a readable ``repr``, pickling, ``replace(**changes)``
(a checked copy with changes) and a pydantic core schema, so it is a field type in
users' models (validated from its dict form, serialized to it, with a JSON Schema).

The public constructors check their inputs and raise ``DecodeError`` (a ``ValueError``)
with a ``$.path``; a call that does not fit their signature (a missing field, an
unknown keyword) is Python's ``TypeError``, as for any function, and a type checker
flags it. Decoders build values through the unchecked ``new_*`` functions of this
module, from data they have already checked.

Equality of a ``ToolCall`` is its canonical content only: ``name``, ``args``, ``id``.
The fidelity data beside them (the argument text as received, provider data per
dialect, the repairs that were applied, whether the provider executes the call)
rides along for a lossless re-encode and for auditing, and never changes equality.
"""

from __future__ import annotations

from typing import Any, ClassVar, Dict, List, Optional, Tuple, Union

from ._json_equality import json_hash, same
from ._json_values import MAX_SCHEMA_NODES, check_json_object, fail
from ._schema_like import check_schema_like
from ._value import _new, _rebuild, _set, _Value, evolve
from ._value_checks import (
    NO_PD,
    Content,
    ProviderData,
    _bool,
    _content,
    _name,
    _opt_id,
    _opt_str,
    _opt_text,
    _provider_data,
    _repairs,
    _str,
)

__all__ = [
    "Content",
    "InvalidToolCall",
    "ProviderData",
    "Tool",
    "ToolCall",
    "ToolResult",
    "check_json_object",
    "evolve",
    "new_call",
    "new_invalid",
    "new_result",
]

_NO_PD = NO_PD  # the shared read-only empty provider data


class ToolCall(_Value):
    """One tool call, in canonical form.

    ``name``, ``args`` (a JSON object) and ``id`` (the pairing key a result must
    reference, or ``None``) are the value. Beside them:

    - ``raw``: the argument text exactly as received, when it was text; re-emitted
      byte for byte by string dialects while it still parses to ``args``.
    - ``provider_data``: fields the canonical value does not hold, keyed by dialect id
      (a Responses item id and status, a Gemini thought signature, ...).
    - ``repairs``: what was done to obtain the value (``"empty-arguments"``,
      ``"double-encoded"``, ``"json-repair"``, ``"id-synthesized"``, ...).
    - ``server``: the provider executes this call itself (hosted tools).

    ``args`` is held as given (not copied): treat it as read-only (``as_dict()`` hands
    out copies to edit).
    """

    __slots__ = ("name", "args", "id", "raw", "provider_data", "repairs", "server")
    _fields = __slots__
    _key = ("name", "args", "id")
    _shown = ("name", "args", "id")
    _defaults: ClassVar[Dict[str, Any]] = {"raw": None, "provider_data": {}, "repairs": (), "server": False}

    name: str
    args: Dict[str, Any]
    id: Optional[str]
    raw: Optional[str]
    provider_data: ProviderData
    repairs: Tuple[str, ...]
    server: bool

    def __init__(
        self,
        name: str,
        args: Optional[Dict[str, Any]] = None,
        id: Optional[str] = None,
        *,
        raw: Optional[str] = None,
        provider_data: Optional[ProviderData] = None,
        repairs: Union[Tuple[str, ...], List[str]] = (),
        server: bool = False,
    ) -> None:
        _set(self, "name", _name(name, "ToolCall", required=True))
        _set(self, "args", check_json_object({} if args is None else args, "$.args", "ToolCall args"))
        _set(self, "id", _opt_id(id, "ToolCall"))
        _set(self, "raw", _opt_text(raw, "$.raw", "ToolCall raw"))
        _set(self, "provider_data", _provider_data(provider_data, "ToolCall"))
        _set(self, "repairs", _repairs(repairs, "ToolCall"))
        _set(self, "server", _bool(server, "$.server", "ToolCall server"))

    def __eq__(self, other: object) -> bool:  # the hot comparison, spelled out
        if type(other) is not ToolCall and not isinstance(other, ToolCall):
            return NotImplemented
        return self.name == other.name and self.id == other.id and same(self.args, other.args)

    def __hash__(self) -> int:
        return hash((self.name, self.id, json_hash(self.args)))


class _CallBuilder(ToolCall):
    """``ToolCall``'s layout without the immutability guard, to build one cheaply."""

    __slots__ = ()
    # both, so that CPython sets attributes in C (one Python-level hook of the two
    # would route every assignment through Python, ~4x slower)
    __setattr__ = object.__setattr__  # type: ignore[assignment]
    __delattr__ = object.__delattr__


def new_call(
    name: str,
    args: Dict[str, Any],
    id: Optional[str],
    raw: Optional[str] = None,
    provider_data: Optional[ProviderData] = None,
    repairs: Tuple[str, ...] = (),
    server: bool = False,
) -> ToolCall:
    """A ``ToolCall`` from values a decoder has already checked (no checks here)."""
    c: Any = _new(_CallBuilder)
    c.name = name
    c.args = args
    c.id = id
    c.raw = raw
    c.provider_data = _NO_PD if provider_data is None else provider_data
    c.repairs = repairs
    c.server = server
    c.__class__ = ToolCall
    call: ToolCall = c
    return call


class InvalidToolCall(_Value):
    """A call whose arguments could not be made into a JSON object under the policy.

    Returned in place of a ``ToolCall`` by ``decode_all(..., invalid="keep")`` so
    that its siblings are never dropped. ``raw`` is the text the call was read from
    (its argument text, or a text format's whole call, or a custom call's free text),
    ``error`` the reason, ``loc`` where it was found, ``truncated`` whether it was cut off.
    ``parsed`` is set only where ``raw`` is known to be the call's argument text and it
    was read as a JSON object (``validate_call``: arguments its schema refused): the
    object a target that carries arguments as an object writes the call with. A reading
    of ``raw``, like ``provider_data`` it is no part of equality; ``replace(raw=...)``
    without ``parsed=`` forgets it.
    """

    __slots__ = ("name", "id", "raw", "error", "loc", "truncated", "provider_data", "parsed")
    _fields = __slots__
    _key = ("name", "id", "raw", "error", "loc", "truncated")
    _shown = ("name", "id", "error")
    _defaults: ClassVar[Dict[str, Any]] = {
        "name": None,
        "id": None,
        "raw": None,
        "loc": "$",
        "truncated": False,
        "provider_data": {},
        "parsed": None,
    }

    name: Optional[str]
    id: Optional[str]
    raw: Optional[str]
    error: str
    loc: str
    truncated: bool
    provider_data: ProviderData
    parsed: Optional[Dict[str, Any]]

    def __init__(
        self,
        *,
        error: str,
        name: Optional[str] = None,
        id: Optional[str] = None,
        raw: Optional[str] = None,
        loc: str = "$",
        truncated: bool = False,
        provider_data: Optional[ProviderData] = None,
        parsed: Optional[Dict[str, Any]] = None,
    ) -> None:
        _set(self, "name", _name(name, "InvalidToolCall", required=False))
        _set(self, "id", _opt_id(id, "InvalidToolCall"))
        _set(self, "raw", _opt_str(raw, "$.raw", "InvalidToolCall raw"))
        _set(self, "error", _str(error, "$.error", "InvalidToolCall error"))
        _set(self, "loc", _str(loc, "$.loc", "InvalidToolCall loc"))
        _set(self, "truncated", _bool(truncated, "$.truncated", "InvalidToolCall truncated"))
        _set(self, "provider_data", _provider_data(provider_data, "InvalidToolCall"))
        if parsed is not None:
            if raw is None:
                raise fail("InvalidToolCall parsed", "$.parsed", "needs the argument text raw it was read from")
            parsed = check_json_object(parsed, "$.parsed", "InvalidToolCall parsed")
        _set(self, "parsed", parsed)

    def replace(self, **changes: Any) -> InvalidToolCall:
        """A copy with *changes*, checked like the constructor; a new ``raw`` without a
        ``parsed`` forgets ``parsed`` (no longer known to be read from that text)."""
        if "raw" in changes and "parsed" not in changes and changes["raw"] != self.raw:
            changes["parsed"] = None
        return super().replace(**changes)


def new_invalid(
    name: Optional[str] = None,
    id: Optional[str] = None,
    raw: Optional[str] = None,
    error: str = "",
    loc: str = "$",
    truncated: bool = False,
    provider_data: Optional[ProviderData] = None,
    parsed: Optional[Dict[str, Any]] = None,
) -> InvalidToolCall:
    """An ``InvalidToolCall`` from checked values (no checks here)."""
    return _rebuild(  # type: ignore[no-any-return]
        InvalidToolCall,
        (name, id, raw, error, loc, truncated, _NO_PD if provider_data is None else provider_data, parsed),
    )


class Tool(_Value):
    """A tool definition: name, description, JSON Schema of the arguments, strict flag.

    ``parameters`` is ``None`` when the definition declared none; parameters of more
    than ``MAX_SCHEMA_NODES`` JSON values (a dict held in several places counting once
    per place), or with no JSON Schema keyword at all (``{"city": "Paris"}``: argument
    values, not a schema), raise ``DecodeError``.
    """

    __slots__ = ("name", "description", "parameters", "strict", "provider_data")
    _fields = __slots__
    _key = ("name", "description", "parameters", "strict")
    _shown = ("name",)
    _defaults: ClassVar[Dict[str, Any]] = {"description": None, "parameters": None, "strict": None, "provider_data": {}}

    name: str
    description: Optional[str]
    parameters: Optional[Dict[str, Any]]
    strict: Optional[bool]
    provider_data: ProviderData

    def __init__(
        self,
        name: str,
        description: Optional[str] = None,
        parameters: Optional[Dict[str, Any]] = None,
        strict: Optional[bool] = None,
        *,
        provider_data: Optional[ProviderData] = None,
    ) -> None:
        _set(self, "name", _name(name, "Tool", required=True))
        _set(self, "description", _opt_text(description, "$.description", "Tool description"))
        if parameters is not None:
            parameters = check_json_object(parameters, "$.parameters", "Tool parameters", limit=MAX_SCHEMA_NODES)
            check_schema_like(parameters, name)
        _set(self, "parameters", parameters)
        if strict is not None:
            strict = _bool(strict, "$.strict", "Tool strict")
        _set(self, "strict", strict)
        _set(self, "provider_data", _provider_data(provider_data, "Tool"))


class ToolResult(_Value):
    """The result of a tool call: the call's ``id``, the tool ``name`` where known,
    ``content`` (text, or a list of content parts ``{"type": "text", "text": ...}``,
    ``{"type": "json", "json": ...}``, ``{"type": "image", ...}``) and ``is_error``."""

    __slots__ = ("id", "name", "content", "is_error", "provider_data")
    _fields = __slots__
    _key = ("id", "name", "content", "is_error")
    _shown = ("id", "content")
    _defaults: ClassVar[Dict[str, Any]] = {
        "id": None,
        "name": None,
        "content": "",
        "is_error": False,
        "provider_data": {},
    }

    id: Optional[str]
    name: Optional[str]
    content: Content
    is_error: bool
    provider_data: ProviderData

    def __init__(
        self,
        id: Optional[str] = None,
        name: Optional[str] = None,
        content: Content = "",
        is_error: bool = False,
        *,
        provider_data: Optional[ProviderData] = None,
    ) -> None:
        _set(self, "id", _opt_id(id, "ToolResult"))
        _set(self, "name", _name(name, "ToolResult", required=False))
        _set(self, "content", _content(content))
        _set(self, "is_error", _bool(is_error, "$.is_error", "ToolResult is_error"))
        _set(self, "provider_data", _provider_data(provider_data, "ToolResult"))


def new_result(
    id: Optional[str] = None,
    name: Optional[str] = None,
    content: Content = "",
    is_error: bool = False,
    provider_data: Optional[ProviderData] = None,
) -> ToolResult:
    """A ``ToolResult`` from checked values (no checks here)."""
    return _rebuild(  # type: ignore[no-any-return]
        ToolResult, (id, name, content, is_error, _NO_PD if provider_data is None else provider_data)
    )
