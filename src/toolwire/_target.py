"""The structured-output ``Target`` record: one provider API's way to ask for JSON that
follows a schema, as data, with the ``Profile`` of keywords it takes and its ``Limits``.

A provider package declares its targets (``Dialect.structured``); ``toolwire.schema``
(render, limits, prompt mode) and ``toolwire.retry`` (budgets, correction turns, error
classification) read nothing else about a provider. A target built by a caller is
taken wherever a target name is (``render(schema, Target(...))``). The request edits
every target shares (``merged``, ``chat_instruction``...) live here too, so a provider
package needs nothing heavier than this module.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, FrozenSet, List, Mapping, Optional, Tuple

from ._errors import EncodeError, excerpt

__all__ = [
    "Ask",
    "Fragment",
    "Limits",
    "PERMISSIVE",
    "Profile",
    "Target",
    "chat_instruction",
    "chat_turn",
    "cleared",
    "field_of",
    "is_sdk_model",
    "listed_turns",
    "merged",
    "turns_field",
    "with_instruction",
]

#: The keywords every native structured-output mode takes.
CORE = frozenset({"type", "properties", "required", "items", "enum", "description", "title"})


@dataclass(frozen=True)
class Profile:
    """How one target takes a JSON Schema.

    ``supported``: keywords sent as they are. ``strict``: every object gets
    ``additionalProperties: false`` and free-form objects/maps are not representable.
    ``all_required``: optional properties become required and nullable (mapped back on
    the way in). ``object_root``: a non-object root is wrapped as ``{"result": ...}``.
    ``inline_refs``: ``$defs`` are inlined (no recursion). ``openapi``: the OpenAPI
    subset (``nullable`` instead of null in ``type``, no ``type`` arrays, ``const`` as
    ``enum``). ``min_items_max``: the largest ``minItems`` accepted. ``all_of_refs``:
    an ``allOf`` may hold a ``$ref``. ``enforced`` (a permissive profile, which sends the
    schema as it is): the keywords its engine is known to enforce, any other being
    reported ``unenforced``; ``None``: not said (prompt mode enforces nothing anyway).
    ``enforced_only``: where its engine applies an enforced keyword only in part
    (``"integer_bounds"``: numeric bounds only under ``"type": "integer"``;
    ``"union_alone"``: nothing beside ``anyOf``/``oneOf``; ``"ref_alone"``:
    nothing beside a ``$ref``; ``"pattern_anchored"``: only ``^...$`` patterns of
    llama.cpp's subset, any other moved into ``description``; ``"one_of_as_any_of"``:
    ``oneOf`` enforced only where its branches are disjoint; ``"one_string_rule"``: a
    string's ``pattern``, else its ``format``, else its lengths; ``"value_alone"``: nothing
    beside ``const``/``enum``; ``"values_first"``: ``const``/``enum`` read before a union,
    ``anyOf`` before ``oneOf``; ``"null_branch"``, ``"disjoint_one_of"``: written in
    forms every backend reads, ``schema/_engine_forms.py``). ``typed_enum_branches``: a type-less ``enum`` or
    ``const`` gets the type of its values, and a ``type`` array beside an ``enum`` is
    split into typed branches. ``typeless_enum``: an ``enum`` without a ``type`` is
    taken, so one of values of several types is sent as it is (not a type array, a
    union) and a type-less ``const`` keeps no type. ``typed_keywords``: keywords of
    other types than a node's ``type`` (no effect there) are left out, as they are in
    strict and OpenAPI profiles.
    """

    id: str
    supported: FrozenSet[str]
    strict: bool = False
    all_required: bool = False
    object_root: bool = False
    recursion: bool = True
    inline_refs: bool = False
    ref_siblings: bool = True
    union_siblings: bool = True
    type_arrays: bool = True
    typed_enum_branches: bool = False
    typeless_enum: bool = False
    typed_keywords: bool = False
    openapi: bool = False
    formats: Optional[FrozenSet[str]] = None
    no_lookaround: bool = False
    min_items_max: Optional[int] = None
    all_of_refs: bool = True
    enum_types: FrozenSet[str] = frozenset({"string", "integer", "number", "boolean", "null"})
    permissive: bool = False
    enforced: Optional[FrozenSet[str]] = None
    enforced_only: FrozenSet[str] = frozenset()
    refused: FrozenSet[str] = frozenset()
    notes: Dict[str, str] = field(default_factory=dict)


#: A target that takes any schema as it is (Ollama, vLLM, prompt mode, ``strict=False``).
PERMISSIVE = Profile(id="permissive", supported=frozenset(), permissive=True)


@dataclass(frozen=True)
class Limits:
    """Numeric limits of one provider; ``None`` means no limit is known."""

    checked: str = "2026-11-30"
    max_properties: Optional[int] = None
    max_depth: Optional[int] = None
    max_chars: Optional[int] = None
    max_enum_values: Optional[int] = None
    large_enum_threshold: Optional[int] = None
    large_enum_chars: Optional[int] = None
    max_optional: Optional[int] = None
    max_unions: Optional[int] = None
    max_strict_tools: Optional[int] = None


@dataclass(frozen=True)
class Ask:
    """What ``render`` hands a target's ``fragment``: the response-format *name*, the
    wire *schema*, whether the caller asked for *strict* enforcement, the *description*,
    whether extended *thinking* is on, and the caller's schema in normal form
    (*original*, for a prompt)."""

    name: str
    schema: Any
    strict: bool
    description: Optional[str]
    thinking: bool
    original: Any


@dataclass(frozen=True)
class Fragment:
    """A target's request fragment: the fields to merge into the request body, the
    *headers* it needs, the *instruction* of prompt mode, and what the target changed in
    the request on its own (``(keyword, lint code, why)``: reported as a rewrite and a
    warning, e.g. a forced tool choice downgraded because thinking is on)."""

    request: Dict[str, Any]
    headers: Mapping[str, str] = field(default_factory=dict)
    instruction: Optional[str] = None
    changed: Tuple[Tuple[str, str, str], ...] = ()


def chat_turn(role: str, text: str) -> Dict[str, Any]:
    """A Chat-style message: ``{"role": role, "content": text}`` (*role* is
    ``"assistant"`` or ``"user"``)."""
    return {"role": role, "content": text}


def _as_is(fragment: Dict[str, Any], request: Dict[str, Any]) -> Dict[str, Any]:
    return fragment


def _max_tokens(request: Dict[str, Any]) -> Tuple[Tuple[str, ...], str]:
    return (), "max_tokens"


def chat_instruction(request: Dict[str, Any], text: str) -> Dict[str, Any]:
    """A copy of *request* with *text* merged into its Chat-style system message (the
    first of ``messages`` with role ``system`` or ``developer``; one is inserted first
    when there is none)."""
    out = dict(request)
    out["messages"] = with_instruction(listed_turns(turns_field(out.get("messages"), "messages"), chat_turn), text)
    return out


def turns_field(value: Any, name: str) -> Any:
    """*value*, a request's field *name* that holds turns or blocks, when it can (a
    list, a string, an object, ``None``); an ``EncodeError`` at ``$.name`` for a number,
    a bool or bytes, which no API takes there (``list()`` of it raised a bare
    ``TypeError``)."""
    if isinstance(value, (bool, int, float, complex, bytes, bytearray)):
        raise EncodeError(f"Request field {name} must be a list, got {excerpt(value)} at $.{name}", loc=f"$.{name}")
    return value


def with_instruction(messages: List[Dict[str, Any]], text: str) -> List[Dict[str, Any]]:
    """A new Chat-style message list with *text* merged into the system message.

    An existing leading ``system``/``developer`` message gets the text appended (as a
    new text part when its content is a list); otherwise a system message is inserted
    first. The input list and its messages are not changed.
    """
    out = list(messages)
    if out and isinstance(out[0], dict) and out[0].get("role") in ("system", "developer"):
        first = dict(out[0])
        content = first.get("content")
        if isinstance(content, list):
            first["content"] = list(content) + [{"type": "text", "text": text}]
        elif isinstance(content, str) and content:
            first["content"] = f"{content}\n\n{text}"
        else:
            first["content"] = text
        out[0] = first
    else:
        out.insert(0, {"role": "system", "content": text})
    return out


def _no_schema_error(status: int, error: Dict[str, Any]) -> bool:
    return False


def _no_tool(error: Dict[str, Any]) -> Optional[int]:
    return None


def _no_keys(error: Dict[str, Any]) -> Optional[FrozenSet[str]]:
    return None


def _no_thinking(request: Any) -> bool:
    return False


def _no_token(raw: Any) -> Any:
    return None


def listed_turns(value: Any, turn: Callable[[str, str], Dict[str, Any]]) -> List[Any]:
    """The turns a request's history field holds, as a new list to append to: a string
    is one user turn (*turn*; the SDKs and the Responses API take a bare prompt), one
    content object is one turn, nothing (``None``, ``""``) none."""
    if value is None or (isinstance(value, str) and not value):
        return []
    if isinstance(value, (list, tuple)):
        return list(value)
    return [turn("user", value)] if isinstance(value, str) else [value]


@dataclass(frozen=True)
class Target:
    """One structured-output target (``toolwire.schema.render``, ``toolwire.retry``).

    - ``id``, ``aliases``: the names it is looked up by (``openai.chat``; ``azure``);
    - ``profile``: the keywords its native mode takes (a ``Profile``), ``limits`` the
      numbers it enforces (a ``Limits``), ``strict_flag`` whether its wire has a
      ``strict`` flag (``render(strict=False)`` then sends the schema as it is);
    - ``fragment(ask)``: the request ``Fragment`` for an ``Ask`` (the wire schema, its
      name...); ``place(fragment, request)``: the fragment in the convention of a
      caller's *request* where the API has several (Gemini's REST and SDK spellings);
    - ``tool_answer``: the answer comes back as a call of the tool the fragment forces,
      named as the ``Ask`` (Anthropic's tool-forcing form);
    - ``budget(request)``: where the token budget lives, ``(path of dicts, field)``;
    - ``history``: the request field holding the turns; ``turn(role, text)``: one turn
      (*role* ``"assistant"`` or ``"user"``) as the API writes it; ``turns(value,
      turn)``: what ``history`` holds as a list of whole turns that new ones can follow
      (``listed_turns``: a bare prompt string is one user turn);
      ``tool_reply(blocks, call_id, note)``: the turns that answer the forced tool call
      with an error result (*blocks*: the reply's content blocks);
      ``continuation(blocks)``: the turn that sends a paused reply's content *blocks*
      back to let it go on (Anthropic's ``pause_turn``), ``None`` where the API has none;
      ``reply_turn(raw)``: the reply's own turn as it came (*raw*, the provider's
      payload), which a correction sends back in place of ``turn("assistant", text)``
      (Gemini's candidate content, its thought signatures kept), ``None`` when it holds
      none; ``None`` for a target whose turn is rebuilt from the text;
    - ``resume_token(raw)``: the token a reply (*raw*, the provider's payload) gives to
      let its generation go on in a next request, ``None`` without one (Gemini's
      ``continuationToken`` beside ``finishReason: CONTINUATION``); ``resume(request)``:
      where that request carries it, ``(path of dicts, field)``, ``None`` where the API
      has no such token;
    - ``instruction(request, text)``: the request with prompt mode's *text* added where
      the API keeps its system prompt;
    - ``format_fields``: the request fields that ask for a format, by name, in the
      objects the fragment writes into (Chat ``response_format``; Gemini's
      ``response_json_schema`` and ``response_schema``): ``retry`` takes the request's
      out before the fragment goes in (one schema asked for, never two merged), and out
      of a prompt-mode request;
    - ``schema_error(status, error)``: whether a client error (*status* 400 or 422,
      *error* the payload's ``error`` object or the body) names this target's schema
      (``retry.classify_error`` asks the target sent, or every target when it is
      not known);
    - ``server_error(status, error)``: whether a server error (*status* 5xx) is one the
      API answers a schema it cannot use with, which the same request meets again
      (``retry.classify_error`` calls it ``error``, not ``transient``);
    - ``error_tool(error)``: for a ``tool_answer`` target, the index in the request's
      tools of the tool a client error names (Anthropic: ``tools.1.custom.input_schema:
      ...``), ``None`` when it names none: under the planner's ``State``, an error
      naming another tool than the answer tool (the caller's own) is no rejection;
    - ``error_keys(error)``: the schema keywords a client error says the API's engine
      does not implement (vLLM's "Grammar error: Unimplemented keys: [...]"), ``None``
      when it names none: such an error is a rejection only where the schema sent holds
      one of them as a keyword (the request's other schemas, the caller's ``tools``,
      may hold them), and, when that schema is not known (a target id), only where one
      of them is a keyword the render may send (not one of ``profile.refused``);
    - ``thinking(request)``: whether the caller's *request* turns on the thinking the
      ``Ask`` tells the fragment of (Anthropic's ``thinking``, beside which a forced
      tool choice is refused): ``retry.prepare`` renders with ``thinking=True`` then.
    """

    id: str
    profile: Profile
    fragment: Callable[[Ask], Fragment]
    aliases: Tuple[str, ...] = ()
    description: str = ""
    limits: Limits = Limits()
    strict_flag: bool = False
    tool_answer: bool = False
    place: Callable[[Dict[str, Any], Dict[str, Any]], Dict[str, Any]] = _as_is
    budget: Callable[[Dict[str, Any]], Tuple[Tuple[str, ...], str]] = _max_tokens
    history: str = "messages"
    turn: Callable[[str, str], Dict[str, Any]] = chat_turn
    turns: Callable[[Any, Callable[[str, str], Dict[str, Any]]], List[Any]] = listed_turns
    tool_reply: Optional[Callable[[List[Any], Optional[str], str], List[Dict[str, Any]]]] = None
    continuation: Optional[Callable[[List[Any]], Dict[str, Any]]] = None
    reply_turn: Optional[Callable[[Any], Optional[Dict[str, Any]]]] = None
    resume: Optional[Callable[[Dict[str, Any]], Tuple[Tuple[str, ...], str]]] = None
    resume_token: Callable[[Any], Any] = _no_token
    instruction: Callable[[Dict[str, Any], str], Dict[str, Any]] = chat_instruction
    schema_error: Callable[[int, Dict[str, Any]], bool] = _no_schema_error
    server_error: Callable[[int, Dict[str, Any]], bool] = _no_schema_error
    format_fields: Tuple[str, ...] = ()
    error_tool: Callable[[Dict[str, Any]], Optional[int]] = _no_tool
    error_keys: Callable[[Dict[str, Any]], Optional[FrozenSet[str]]] = _no_keys
    thinking: Callable[[Any], bool] = _no_thinking


def is_sdk_model(value: Any) -> bool:
    """A pydantic model an SDK takes in a request field (google-genai's
    ``types.GenerateContentConfig``, ollama's ``Options``), told by its class."""
    return hasattr(type(value), "model_fields") and hasattr(value, "model_fields_set")


def field_of(holder: Any, key: str) -> Any:
    """*key* of a request dict or an SDK model; ``None`` when absent."""
    if isinstance(holder, dict):
        return holder.get(key)
    return getattr(holder, key, None) if is_sdk_model(holder) else None


def merged(base: Any, extra: Dict[str, Any]) -> Any:
    """*base* (a dict or an SDK model) with *extra*'s fields set: nested dicts and models
    merged, ``tools`` lists joined. A model keeps its type (the new fields validated by
    it); one that cannot take a field becomes a dict of all it holds, which the SDKs
    take too. Nothing the caller set is lost either way."""
    if is_sdk_model(base):
        fields = merged(_model_fields(base), extra)
        try:
            out = type(base).model_validate(fields)
        except ValueError:  # pydantic's ValidationError: extra="forbid", or a value it refuses
            return fields
        known = type(base).model_fields
        kept = getattr(out, "model_extra", None) or {}
        # extra="ignore" (ollama's Options) drops an unknown field without a word
        return out if all(k in known or k in kept for k in fields) else fields
    out = dict(base) if isinstance(base, dict) else {}
    for k, v in extra.items():
        cur = out.get(k)
        if isinstance(v, dict) and (isinstance(cur, dict) or is_sdk_model(cur)):
            out[k] = merged(cur, v)
        elif k == "tools" and isinstance(cur, list):
            out[k] = list(cur) + list(v)
        else:
            out[k] = v
    return out


def cleared(base: Any, fragment: Dict[str, Any], names: Tuple[str, ...]) -> Any:
    """*base* (a request, a dict or an SDK model) without the fields *names* in each
    object *fragment* writes one of them into (a format the request already asks for,
    which the fragment's replaces rather than merges with); *base* itself when it holds
    none. A model keeps its type, as in ``merged``."""
    if not names or not isinstance(fragment, dict):
        return base
    if is_sdk_model(base):
        fields = _model_fields(base)
    elif isinstance(base, dict):
        fields = dict(base)
    else:
        return base
    changed = False
    if any(n in fragment for n in names):
        for n in names:
            if fields.pop(n, None) is not None:
                changed = True
    for k, v in fragment.items():
        if isinstance(v, dict) and k not in names and fields.get(k) is not None:
            inner = cleared(fields[k], v, names)
            if inner is not fields[k]:
                fields[k] = inner
                changed = True
    if not changed:
        return base
    if is_sdk_model(base):
        try:
            return type(base).model_validate(fields)
        except ValueError:  # as ``merged``: a dict of all it holds
            return fields
    return fields


def _model_fields(model: Any) -> Dict[str, Any]:
    """The fields of an SDK *model* the caller set or that hold a value, and its extras."""
    names = type(model).model_fields
    out = {n: getattr(model, n) for n in names if n in model.model_fields_set or getattr(model, n) is not None}
    out.update(getattr(model, "model_extra", None) or {})
    return out
