"""OpenAI Responses histories: ``{"instructions": ..., "input": [...]}``.

Follows https://platform.openai.com/docs/api-reference/responses/create and
https://platform.openai.com/docs/guides/function-calling (checked 2026-12-02): the
input is a string or a list of items; a message item has a ``role`` (``user``,
``system``, ``developer``, ``assistant``) and string content or parts
(``input_text``, ``input_image`` with ``image_url``, ``input_file``, ``output_text``);
``function_call`` items carry ``call_id`` and the ``function_call_output`` answering
it carries the same ``call_id`` (else "No tool output found for function call");
``reasoning`` items (with ``encrypted_content``) go back to Responses only. Every
item is one message of the conversation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Set, Tuple

from ..._access import to_plain_near
from ..._dialect import HistoryCodec, Pairing
from ..._errors import DecodeError, EncodeError, an
from ..._types import InvalidToolCall, ToolCall, ToolResult
from ...conversation._values import Field, Media, Message, Other, Part, Reasoning, Text
from .._common import as_dict, scoped
from .._history import call_part, finish_of, foreign, image_url, kept, no_key, plain_view, texts
from .._result_media import web
from .chat import is_custom
from .media import OPENAI_DETAILS, media_of, write_detail

if TYPE_CHECKING:
    from ..._dialect import Dialect
    from ...conversation._writer import Writer

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
        if t in _TEXT:
            out.extend(texts(p.get("text")))
        elif t == "refusal":  # an assistant's refusal (``ResponseOutputRefusal``) is what it said
            out.extend(texts(p.get("refusal")))
        elif t == "input_image" and type(p.get("image_url")) is str:
            out.append(media_of(p["image_url"], p, NAME))
        else:
            foreign(t, f"{loc}[{i}]", NAME, ("openai.chat",))
            out.append(Other(t, NAME, p))
    return tuple(out), plain


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
        if data.get("instructions") not in (None, ""):
            ins = data["instructions"]
            sp, plain = _content(ins, "$.instructions")
            ins = ins if plain is None else plain
            out.append(Message("system", sp, wire=(NAME, Field("instructions", ins), "system", sp)))
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
        else:
            foreign(t, where, NAME)
            wire_role = it.get("role")
            role = _ROLES.get(wire_role, "assistant") if type(wire_role) is str else "assistant"
            parts = (Other(t, NAME, it),)  # type: ignore[arg-type]
        out.append(Message(role, parts, wire=(NAME, it, role, parts)))
    return out


def _user_part(p: Part, w: Writer) -> Any:
    t = type(p)
    if t is Text:
        return {"type": "input_text", "text": p.text}  # type: ignore[union-attr]
    if t is Media:
        m: Media = p  # type: ignore[assignment]
        if m.dialect == NAME and m.extra is not None:  # its wire part, as received
            return m.extra
        if m.kind != "image":
            raise w.no_media(m, "only images are converted")
        if m.data is None and not web(m.url):
            raise w.no_media(m, "input_image takes an http(s) or data: URL")
        detail = write_detail(m, w, OPENAI_DETAILS) or "auto"  # (required: "auto" when none is known)
        return {"type": "input_image", "image_url": image_url(m, w), "detail": detail}
    if t is Reasoning:
        if p.dialect == NAME:  # type: ignore[union-attr]  # its fields ride on assistant messages only
            raise EncodeError(f"Message {w.index} is a user message holding reasoning", dialect=NAME)
        return w.reasoning(p)  # type: ignore[arg-type]
    return w.other(p)  # type: ignore[arg-type]


def _message(role: str, parts: List[Any]) -> Dict[str, Any]:
    if all(p.get("type") == "input_text" for p in parts) and len(parts) == 1:
        return {"role": role, "content": parts[0]["text"]}
    return {"role": role, "content": parts}


def encode(messages: List[Message], w: Writer) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    items: List[Any] = []
    instructions: List[str] = []
    custom: Set[str] = set()  # the ids of custom tool calls: their results are ``custom_tool_call_output``
    replay = _Replay()
    for i, m in enumerate(messages):
        w.index = i
        orig = m.original(NAME)
        if isinstance(orig, Field):
            if orig.key == "input" and i == len(messages) - 1 and not items:
                out["input"] = orig.value
                continue
            if orig.key == "instructions" and not items and not instructions and "instructions" not in out:
                out["instructions"] = orig.value
                continue
        elif orig is not None:
            items.append(replay.item(orig, m, w))
            if type(orig) is dict and orig.get("type") == "custom_tool_call" and type(orig.get("call_id")) is str:
                custom.add(orig["call_id"])  # a fresh result answering it is written as one too
            continue
        before = len(items)
        if m.role == "system" and not items and "instructions" not in out:
            if not m.parts:
                _left_out(w, m, i)
            for p in m.parts:
                if type(p) is Text:
                    instructions.append(p.text)
                elif type(p) is not Other or w.other(p) is not None:
                    raise EncodeError(f"System message {i} holds more than text", dialect=NAME)
            continue
        if m.role == "assistant":
            text: List[str] = []
            for p in m.parts:
                t = type(p)
                if t is Text:
                    text.append(p.text)  # type: ignore[union-attr]
                    continue
                if text:
                    items.append({"role": "assistant", "content": "\n\n".join(text)})
                    text = []
                if t is ToolCall or t is InvalidToolCall:
                    items.append(replay.call(w.call(p), w))
                    if t is ToolCall and p.id is not None and is_custom(p):  # type: ignore[union-attr,arg-type]
                        custom.add(p.id)  # type: ignore[union-attr]
                elif t is Reasoning:
                    data = w.reasoning(p)  # type: ignore[arg-type]
                    if data is not None:
                        items.append(replay.item(data, None, w))
                elif t is Media:
                    raise w.no_media(p, "an assistant message holds no images")  # type: ignore[arg-type]
                else:
                    data = w.other(p)  # type: ignore[arg-type]
                    if data is not None:
                        items.append(data)
            if text:
                items.append({"role": "assistant", "content": "\n\n".join(text)})
            if len(items) == before:
                _left_out(w, m, i)
            continue
        rest: List[Any] = []
        for p in m.parts:
            if type(p) is ToolResult:
                if p.id in custom and not scoped(p, NAME).get("custom"):  # answers a custom call: written as one
                    p = p.replace(provider_data={**p.provider_data, NAME: {**scoped(p, NAME), "custom": True}})
                items.append(w.result(p))
            else:
                part = _user_part(p, w)
                if part is not None:
                    rest.append(part)
        if rest:
            replay.span = False
            items.append(_message("system" if m.role == "system" else "user", rest))
        elif len(items) == before:
            _left_out(w, m, i)
    if instructions:
        out["instructions"] = "\n\n".join(instructions)
    if "input" not in out:
        out["input"] = items
    return out


class _Replay:
    """Item ids of calls and the reasoning items they need (wire-formats §2g): a
    ``function_call`` replayed with its ``fc_…`` id without the reasoning item that came
    before it is refused ("Item 'fc_…' of type 'function_call' was provided without its
    required 'reasoning' item"); the id is optional, ``call_id`` pairs the result. A call
    decoded after a reasoning item keeps its id only when that item is written before
    it; a call written fresh only when a reasoning item of this dialect is written since
    the last user message. Else it goes without its id, noted (``dropped``)."""

    def __init__(self) -> None:
        self.seen: Set[str] = set()  # the ids of the reasoning items written ("" for one without)
        self.span = False  # a reasoning item is written since the last user or system message

    def item(self, it: Any, m: Any, w: Writer) -> Any:
        """*it*, a decoded item written back (of message *m*) or reasoning data."""
        if type(it) is not dict:
            return it
        t = it.get("type")
        if t == "reasoning":
            self.seen.add(it["id"] if type(it.get("id")) is str else "")
            self.span = True
        elif (t is None or t == "message") and it.get("role") in ("user", "system", "developer"):
            self.span = False
        elif m is not None and len(m.wire) > 4 and m.wire[4] not in self.seen:  # decoded after a reasoning item
            return self._bare(it, w)
        return it

    def call(self, it: Dict[str, Any], w: Writer) -> Dict[str, Any]:
        """*it*, a call item written fresh."""
        return it if self.span or "id" not in it else self._bare(it, w)

    def _bare(self, it: Dict[str, Any], w: Writer) -> Dict[str, Any]:
        w.note("dropped", f"The item id {it['id']!r} of call {it.get('call_id')!r} in message {w.index} is not sent: "
                          f"{NAME} refuses it without the reasoning item that came before it, which is not in the "
                          "history", it.get("call_id") if type(it.get("call_id")) is str else None)
        return {k: v for k, v in it.items() if k != "id"}


def _left_out(w: Writer, m: Message, i: int) -> None:
    """Note a message that gives no item (empty, or all of it dropped): nothing goes silently."""
    w.note("dropped", f"{m.role.capitalize()} message {i} holds nothing {NAME} can take and is left out")


def detect(data: Any) -> bool:
    if type(data) is dict:
        return "input" in data or "instructions" in data
    return type(data) is list and any(
        type(it) is dict and (it.get("type") in ("function_call", "function_call_output", "reasoning", "message")
                              or _typed(it.get("content")))
        for it in data
    )


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
PAIRING = Pairing(
    missing="No tool output found for function call {id}",
    orphan="No tool call found for function call output with call_id {id}",
)
HISTORY = HistoryCodec(
    decode, encode, detect, frozenset({"instructions", "input"}), state=STATE,
    pairing=PAIRING,
)
