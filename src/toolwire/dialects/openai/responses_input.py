"""OpenAI Responses histories: ``{"instructions": ..., "input": [...]}``.

Follows https://platform.openai.com/docs/api-reference/responses/create and
https://platform.openai.com/docs/guides/function-calling (checked 2026-12-02): the
input is a string or a list of items; a message item has a ``role`` (``user``,
``system``, ``developer``, ``assistant``) and string content or parts
(``input_text``, ``input_image`` with ``image_url``, ``input_file``, ``output_text``;
a ``text`` or ``refusal`` that is no string is refused at its path);
``function_call`` items carry ``call_id`` and the ``function_call_output`` answering
it carries the same ``call_id`` (else "No tool output found for function call");
``reasoning`` items (with ``encrypted_content``) go back to Responses only. Every
item is one message of the conversation. State the API stored
(https://platform.openai.com/docs/guides/conversation-state): an ``item_reference``
item, and ``previous_response_id`` / ``conversation``, each read as an assistant
message of one ``Other`` part after the ``instructions`` (``STORED``: a result after
one may answer a call stored there, unless it is a reference to a reasoning item or a
message, ``_stores_calls``). The history codec: read here (``decode``),
written by ``responses_input_encode``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

from ..._access import to_plain_near
from ..._bound import Bound
from ..._dialect import HistoryCodec, Pairing
from ..._errors import DecodeError, an, excerpt
from ..._history_codec import Refusals
from ...conversation._values import Field, Message, Other, Part, Reasoning
from .._common import as_dict
from .._history_read import block_text, call_part, finish_of, foreign, kept, no_key, plain_view, texts
from .chat_history_decode import apart_texts
from .chat_refused import responses_refused
from .media import media_of
from .responses_input_encode import CONTINUED, encode
from .responses_interactions import refuse_interaction

if TYPE_CHECKING:
    from ..._dialect import Dialect

__all__ = ["HISTORY"]

NAME = "openai.responses"
_ROLES = {"user": "user", "system": "system", "developer": "system", "assistant": "assistant"}
_TEXT = frozenset({"input_text", "output_text", "text"})


def _content(content: Any, loc: str) -> Tuple[Tuple[Part, ...], Any]:
    """The parts of *content*, then *content* as JSON holds it where a part was read
    from an object (an SDK part in an item dict), a copy; ``None`` where none was."""
    if type(content) is str:
        return texts(content), None
    if type(content) is not list:
        raise DecodeError(f"Message content at {loc} must be text or a list of parts", dialect=NAME, loc=loc)
    out: List[Part] = []
    plain: Optional[List[Any]] = None
    for i, p in enumerate(content):
        if type(p) is not dict:  # an SDK part, read where it is met
            p = as_dict(p, f"{loc}[{i}]", NAME, "a content part")
            plain = kept(plain, content, i, p)
        t = p.get("type")
        if type(t) is not str and t is not None:  # a foreign value (a str subclass): read as plain data
            p = to_plain_near(p, 1, f"{loc}[{i}]")
            t = p.get("type")
            plain = kept(plain, content, i, p)
        if type(t) is not str:
            foreign(t, f"{loc}[{i}]", NAME)  # raises: every part has a type
        if t in _TEXT:  # ``text``: a string
            out.extend(block_text(p, f"{loc}[{i}]", NAME))
        elif t == "refusal":  # an assistant's refusal (``ResponseOutputRefusal.refusal``: a string) is what it said
            refusal = p.get("refusal")
            if type(refusal) is not str:  # as Chat's refusal part
                raise DecodeError(f"Refusal at {loc}[{i}].refusal must be text", dialect=NAME,
                                  loc=f"{loc}[{i}].refusal")
            out.extend(texts(refusal))
        elif t == "input_image" and type(p.get("image_url")) is str:
            out.append(media_of(p["image_url"], p, NAME))
        else:
            foreign(t, f"{loc}[{i}]", NAME, ("openai.chat",))
            out.append(Other(t, NAME, p))
    return tuple(out), plain


def _continued(key: str, value: Any) -> Message:
    """The request field *key* continuing stored state (``previous_response_id``: a
    string; ``conversation``: an id or ``{"id"}``, openai-python ``response_create_params``)
    as an assistant message of one ``Other`` part of that type (``STORED``): the turns it
    stands for came before ``input``."""
    ident = value.get("id") if type(value) is dict and key == "conversation" else value
    if type(ident) is not str or not ident:
        where = f"$.{key}" if ident is value else f"$.{key}.id"
        raise DecodeError(f"{key} at {where} must be a non-empty string, got {excerpt(ident)}", dialect=NAME, loc=where)
    parts = (Other(key, NAME, {key: value}),)
    return Message("assistant", parts, wire=(NAME, Field(key, value), "assistant", parts))


def _reasoning_text(item: Dict[str, Any]) -> str:
    for key in ("content", "summary"):
        v = item.get(key)
        if type(v) is list:
            got: List[str] = [p["text"] for p in v if type(p) is dict and type(p.get("text")) is str]
            if got:
                return "\n\n".join(got)
    return ""


def decode(data: Any, d: Dialect) -> List[Message]:
    out: List[Message] = []
    loc = "$"
    items = data
    if type(data) is dict:
        if "object" not in data:
            refuse_interaction(data, loc)  # (its ``input`` is no Responses history)
        if data.get("instructions") not in (None, ""):
            ins = data["instructions"]
            sp, plain = _content(ins, "$.instructions")
            ins = ins if plain is None else plain
            out.append(Message("system", sp, wire=(NAME, Field("instructions", ins), "system", sp)))
        for key in CONTINUED:
            if data.get(key) is not None:
                out.append(_continued(key, data[key]))
        items, loc = data.get("input"), "$.input"
        if type(items) is str:
            one = texts(items)
            out.append(Message("user", one, wire=(NAME, Field("input", items), "user", one)))
            return out
    if type(items) is not list:
        raise DecodeError(f"{an(NAME, True)} history needs a list at {loc}", dialect=NAME, loc=loc)
    reasoning = None  # the id ("" when it has none) of the last reasoning item since the last user message
    for i, it in enumerate(items):
        where = f"{loc}[{i}]"
        it = as_dict(it, where, NAME, "an input item")
        t = it.get("type")
        role: Any
        parts: Tuple[Part, ...]
        if t == "function_call" or t == "custom_tool_call":
            role, parts = "assistant", (call_part(d, it, where, (it.get("name"), it.get("call_id")), finish_of(d, it)),)
            if reasoning is not None and "id" in it:  # its item id goes back only beside that reasoning item
                out.append(Message(role, parts, wire=(NAME, it, role, parts, reasoning)))
                continue
        elif t == "function_call_output" or t == "custom_tool_call_output":
            role, parts = "tool", (d.decode_result(it, where),)
        elif t == "reasoning":
            role, parts = "assistant", (Reasoning(_reasoning_text(it), NAME, it),)
            reasoning = it["id"] if type(it.get("id")) is str else ""
        elif (t is None or t == "message") and "role" in it:
            no_key(it, "tool_calls", where, NAME)
            role = _ROLES.get(it["role"]) if type(it["role"]) is str else None
            if role is None:
                raise DecodeError(f"Item at {where} has role {it['role']!r}", dialect=NAME, loc=where + ".role")
            if role != "assistant":
                reasoning = None
            parts, plain = _content(it.get("content"), where + ".content")
            if plain is not None:  # SDK parts in an item dict, read: the item as JSON holds it
                it = {**it, "content": plain}
        elif t is None and type(it.get("id")) is str and len(it) == 1 + ("type" in it):
            # an item reference may leave out its type or give it as null (the openai SDK's
            # ItemReference: ``type`` optional, ``None`` in ``ItemReference(id=...).model_dump()``)
            role, parts = "assistant", (Other("item_reference", NAME, it),)
        else:
            foreign(t, where, NAME)
            wire_role = it.get("role")
            role = _ROLES.get(wire_role, "assistant") if type(wire_role) is str else "assistant"
            parts = (Other(t, NAME, it),)  # type: ignore[arg-type]
        out.append(Message(role, parts, wire=(NAME, it, role, parts)))
    return out


def detect(data: Any) -> bool:
    if type(data) is dict:
        return "input" in data or "instructions" in data
    return type(data) is list and any(
        type(it) is dict and (it.get("type") in _ITEMS or _typed(it.get("content"))) for it in data
    )


# the types of Responses input items that mark a bare list as its history
_ITEMS = frozenset({"function_call", "function_call_output", "custom_tool_call", "custom_tool_call_output",
                    "reasoning", "message"})


def _typed(content: Any) -> bool:
    if type(content) is not list:
        return False
    for p in content:
        if type(p) is not dict:
            p = plain_view(p)  # an SDK part: what it holds tells as a dict would
        if type(p) is dict and p.get("type") in _TYPED:
            return True
    return False


_TYPED = _TEXT - {"text"}


# provider state: hosted tools' items (https://platform.openai.com/docs/api-reference/responses/create, input
# item list), MCP listings and approvals, tool search, references to stored items, compaction
STATE = frozenset({
    "web_search_call", "file_search_call", "code_interpreter_call", "image_generation_call", "mcp_call",
    "mcp_list_tools", "mcp_approval_request", "mcp_approval_response", "tool_search_call", "tool_search_output",
    "additional_tools", "item_reference", "compaction",
})
# what stands for items the API stored: a result after one may answer a call there
# (https://platform.openai.com/docs/guides/conversation-state)
STORED = frozenset({"item_reference", *CONTINUED})
# item id prefixes of stored items that hold no call: a reasoning item (``rs_``) and an output message (``msg_``)
# (wire-formats §2d; the corpus's recorded openai-responses); a call item's is ``fc_``
_NO_CALL = ("rs_", "msg_")


def _stores_calls(part: Other) -> bool:
    """Whether the stored part *part* may stand for a call: an ``item_reference`` names one
    item by its id, and one to a reasoning item or a message does not (an id we cannot tell
    may); ``previous_response_id`` / ``conversation`` may."""
    if part.type != "item_reference":
        return True
    ident = part.data.get("id") if type(part.data) is dict else None
    return not (type(ident) is str and ident.startswith(_NO_CALL))


PAIRING = Pairing(
    missing="No tool output found for function call {id}",
    orphan="No tool call found for function call output with call_id {id}",
)


def _unsent(wire: Any) -> Tuple[str, ...]:
    """A message's ``phase`` (openai-python ``ResponseOutputMessage.phase``: "Labels an
    `assistant` message as intermediate commentary (`commentary`) or the final answer
    (`final_answer`)"), which no other dialect has: noted where the message goes without it."""
    phase = wire.get("phase") if type(wire) is dict and wire.get("type", "message") == "message" else None
    return (f"The message phase {phase!r}",) if type(phase) is str else ()


HISTORY = HistoryCodec(
    decode, encode, detect, frozenset({"instructions", "input", *CONTINUED}), state=STATE,
    pairing=PAIRING, unsent=_unsent, stored=STORED, stores_calls=_stores_calls, texts=Bound(apart_texts, ()),
    refusals=Refusals(responses_refused, frozenset({"assistant", "user"})),  # (a function_call item's, images)
    decodes_as=NAME,
)
