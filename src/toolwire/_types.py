"""Canonical values: ``ToolCall``, ``InvalidToolCall``, ``ToolCalls``, ``Tool``, ``ToolResult``.

Equality of a ``ToolCall`` is its canonical content only: ``name``, ``args``, ``id``.
The fidelity data beside them (the argument text as received, provider data per
dialect, the repairs that were applied, whether the provider executes the call)
rides along for a lossless re-encode and for auditing, and never changes equality.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Tuple, Union

from pydantic import BaseModel, ConfigDict, GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic_core import CoreSchema, core_schema

__all__ = ["InvalidToolCall", "Tool", "ToolCall", "ToolCalls", "ToolResult"]

ProviderData = Dict[str, Dict[str, Any]]


_HIDDEN = frozenset({"raw", "provider_data"})


class _Model(BaseModel):
    """Our models' common ground: frozen, no extra fields, fidelity data out of the repr.

    Their schemas are built on first use, not at import (``defer_build``, which keeps
    ``import toolwire`` cheap); ``build_models`` runs before any instance is made
    without validation (``new_call``, unpickling), so no instance of ours ever meets
    pydantic's unbuilt ``MockValSer`` when nested in a user's model.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    def __repr_args__(self) -> Any:
        return [(k, v) for k, v in super().__repr_args__() if k not in _HIDDEN]

    def __setstate__(self, state: Dict[Any, Any]) -> None:  # unpickling skips validation
        cls = type(self)
        if not cls.__pydantic_complete__:
            cls.model_rebuild(force=True)
        super().__setstate__(state)


class ToolCall(_Model):
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
    """

    name: str
    args: Dict[str, Any] = {}  # pydantic copies mutable defaults per instance
    id: Optional[str] = None
    raw: Optional[str] = None
    provider_data: ProviderData = {}
    repairs: Tuple[str, ...] = ()
    server: bool = False

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        o: ToolCall = other
        return self.name == o.name and self.id == o.id and self.args == o.args

    def __hash__(self) -> int:
        return hash((self.name, self.id, json.dumps(self.args, sort_keys=True, default=repr)))


class InvalidToolCall(_Model):
    """A call whose arguments could not be made into a JSON object under the policy.

    Returned in place of a ``ToolCall`` by ``decode_all(..., invalid="keep")`` so
    that its siblings are never dropped. ``raw`` is the argument text, ``error`` the
    reason, ``loc`` where it was found, ``truncated`` whether it was cut off.
    """


    name: Optional[str] = None
    id: Optional[str] = None
    raw: Optional[str] = None
    error: str
    loc: str = "$"
    truncated: bool = False
    provider_data: ProviderData = {}


class Tool(_Model):
    """A tool definition: name, description, JSON Schema of the arguments, strict flag.

    ``parameters`` is ``None`` when the definition declared none.
    """

    name: str
    description: Optional[str] = None
    parameters: Optional[Dict[str, Any]] = None
    strict: Optional[bool] = None
    provider_data: ProviderData = {}

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        o: Tool = other
        return (self.name, self.description, self.parameters, self.strict) == (
            o.name,
            o.description,
            o.parameters,
            o.strict,
        )

    def __hash__(self) -> int:
        return hash((self.name, self.description, json.dumps(self.parameters, sort_keys=True)))


Content = Union[str, List[Dict[str, Any]]]


class ToolResult(_Model):
    """The result of a tool call: the call's ``id``, the tool ``name`` where known,
    ``content`` (text, or a list of content parts ``{"type": "text", "text": ...}``,
    ``{"type": "json", "json": ...}``, ``{"type": "image", ...}``) and ``is_error``."""


    id: Optional[str] = None
    name: Optional[str] = None
    content: Content = ""
    is_error: bool = False
    provider_data: ProviderData = {}

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        o: ToolResult = other
        return (self.id, self.name, self.content, self.is_error) == (
            o.id,
            o.name,
            o.content,
            o.is_error,
        )

    def __hash__(self) -> int:
        return hash((self.id, self.name, json.dumps(self.content, sort_keys=True)))


class ToolCalls(List[ToolCall]):
    """A list of ``ToolCall`` usable as a pydantic field type.

    Validation accepts everything ``decode_all`` does: ``None``, ``{}``, ``[]``,
    ``""`` and ``"null"`` (empty), ``{"tool_calls": [...]}``, one call, a list of
    calls of any dialect, an assistant message or a whole response. Serialises to
    a list of ``{"name", "args", "id"}`` objects; its JSON schema describes that
    form, for text-mode LLM output.
    """

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        return core_schema.no_info_plain_validator_function(
            _validate_tool_calls,
            serialization=core_schema.plain_serializer_function_ser_schema(
                _serialize_tool_calls, when_used="always"
            ),
        )

    @classmethod
    def __get_pydantic_json_schema__(
        cls, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> Dict[str, Any]:
        return {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "name": {"type": "string", "description": "Name of the tool to call."},
                    "args": {"type": "object", "description": "Arguments, a JSON object."},
                    "id": {"type": ["string", "null"], "description": "Optional call id."},
                },
                "required": ["name", "args"],
                "additionalProperties": False,
            },
        }


def _validate_tool_calls(value: Any) -> ToolCalls:
    from ._codec import decode_all  # lazy: _codec imports this module

    if isinstance(value, ToolCalls):
        return value
    try:
        calls = decode_all(value)
    except Exception as exc:  # re-raised as a pydantic ValueError with our message
        raise ValueError(str(exc)) from None
    return ToolCalls(c for c in calls if isinstance(c, ToolCall))


def _serialize_tool_calls(value: Any) -> List[Dict[str, Any]]:
    return [{"name": c.name, "args": c.args, "id": c.id} for c in value]


_built = False


def build_models() -> None:
    """Build the deferred schema of ``ToolCall``, whose instances ``new_call`` makes
    without validation (idempotent; the other models build on first validation)."""
    global _built
    if not ToolCall.__pydantic_complete__:
        ToolCall.model_rebuild(force=True)
    _built = True


_FIELDS_SET = set(ToolCall.model_fields)
_new = object.__new__
# pydantic's instance slots, set through their descriptors (cheaper than setattr)
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def new_call(
    name: str,
    args: Dict[str, Any],
    id: Optional[str],
    raw: Optional[str] = None,
    provider_data: Optional[ProviderData] = None,
    repairs: Tuple[str, ...] = (),
    server: bool = False,
) -> ToolCall:
    """Build a ``ToolCall`` from values a decoder has already checked.

    Skips pydantic validation (about 3x cheaper); the result is identical to a
    validated instance, pickle and ``model_copy`` included.
    """
    if not _built:
        build_models()
    call = _new(ToolCall)
    _set_dict(
        call,
        {
            "name": name,
            "args": args,
            "id": id,
            "raw": raw,
            "provider_data": {} if provider_data is None else provider_data,
            "repairs": repairs,
            "server": server,
        },
    )
    _set_fields_set(call, _FIELDS_SET)
    _set_extra(call, None)
    _set_private(call, None)
    return call
