"""Writing OpenAI Responses histories (``responses_input``): canonical messages as
``{"instructions": ..., "input": [...]}`` (``encode``).

Follows https://platform.openai.com/docs/api-reference/responses/create and
https://platform.openai.com/docs/guides/function-calling (checked 2026-12-02): leading
system text goes to ``instructions``; user parts are ``input_text`` and ``input_image``
(``image_url``, ``detail``), and a Chat ``file`` part is an ``input_file``
(``file_parts``); a call is a ``function_call`` (``custom_tool_call``) item and its
result the ``function_call_output`` (``custom_tool_call_output``) with the same
``call_id``; ``reasoning`` items go back to Responses only, and a call's item id only
beside the reasoning item that came before it (``_Replay``). A message decoded from
this dialect is written back as it came (its item id as said).
An assistant message's texts are assistant messages of their own, in order (openai-python
``EasyInputMessageParam.content`` is a string or ``input_text`` parts, which an assistant
message does not take; ``ResponseOutputMessageParam`` needs a response item's ``id`` and
``status``): never joined by characters nobody wrote. ``instructions`` is one string
(``ResponseCreateParams.instructions``): a system message's text parts, separate inputs,
are apart by a blank line there (``chat_history_join.APART``), noted, as system
messages are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Set

from ..._errors import EncodeError
from ..._types import InvalidToolCall, ToolCall, ToolResult
from ...conversation._values import Field, Media, Message, Other, Part, Reasoning, Text, continued_twice, stored_id
from .._common import scoped
from .._history_write import image_url, no_upload, own_image
from .._result_media import web
from .chat import is_custom
from .chat_history_join import APART, JOIN_HOW
from .file_parts import CHAT, responses_file
from .media import OPENAI_DETAILS, write_detail

if TYPE_CHECKING:
    from ...conversation._writer import Writer

__all__ = ["CONTINUED", "encode"]

NAME = "openai.responses"


def _user_part(p: Part, w: Writer) -> Any:
    t = type(p)
    if t is Text:
        return {"type": "input_text", "text": p.text}  # type: ignore[union-attr]
    if t is Media:
        m: Media = p  # type: ignore[assignment]
        if m.dialect == NAME and m.extra is not None:  # its wire part, as received (an image by its bytes)
            return own_image(m, w)
        if m.kind != "image":
            raise w.no_media(m, "only images are converted")
        no_upload(m, w)
        if m.data is None and not web(m.url):
            raise w.no_media(m, "input_image takes an http(s) or data: URL")
        detail = write_detail(m, w, OPENAI_DETAILS) or "auto"  # (required: "auto" when none is known)
        return {"type": "input_image", "image_url": image_url(m, w), "detail": detail}
    if t is Reasoning:
        if p.dialect == NAME:  # type: ignore[union-attr]  # its fields ride on assistant messages only
            raise EncodeError(f"Message {w.index} is a user message holding reasoning", dialect=w.name, loc=w.where(p))
        return w.reasoning(p)  # type: ignore[arg-type]
    if t is Other and p.dialect == CHAT and p.type == "file":  # type: ignore[union-attr]
        return responses_file(p, w)  # type: ignore[arg-type]
    return w.other(p)  # type: ignore[arg-type]


def _item(p: Part) -> bool:
    """Whether *p* is an input item of this dialect kept as it came (``additional_tools``,
    ``item_reference``, a hosted tool's call...), not a content part: a message's parts are
    ``input_*`` parts (``ResponseInputContentParam``: ``input_text``, ``input_image``,
    ``input_file``) or an output message's ``output_text`` and ``refusal``. Written fresh,
    it is its own item again, as an assistant's are (never a part of a message)."""
    if type(p) is not Other or p.dialect != NAME:
        return False
    t = p.type
    return not (t.startswith("input_") or t in ("output_text", "refusal"))


# the request fields that continue state the API stored (a previous response, a conversation): the
# calls their results answer live there ("When not using previous_response_id, the original
# function_call item is echoed in input")
CONTINUED = ("previous_response_id", "conversation")


def _continued(p: Part) -> bool:
    """Whether *p* is a request field continuing stored state (``previous_response_id``,
    ``conversation``: ``Other`` data ``{field: value}``), written as that field."""
    return type(p) is Other and p.dialect == NAME and p.type in CONTINUED and type(p.data.get(p.type)) in (str, dict)


def _carry(out: Dict[str, Any], key: str, value: Any, part: Any, w: Writer, continued: Dict[str, Any]) -> None:
    """Sets the field *key* (``CONTINUED``) of the request *out* to *value*, read from
    *part* of the message being written; *continued*: each field set before, its id and
    message. One request continues one stored state (one ``previous_response_id``): another
    value of a field set (two histories appended) raises ``EncodeError``, as the request
    would lose one (their results answer calls stored with either). Both fields are written
    as they came (OpenAI refuses them: ``previous_response_id`` "Cannot be used in
    conjunction with `conversation`", openai-python ``ResponseCreateParams``;
    ``check_conversation``: ``stored-state``)."""
    ident = stored_id(value)
    was = continued.get(key)
    if was is not None and was[0] != ident:
        raise EncodeError(continued_twice(w.name, w.index, (key, ident), was[1], (key, was[0])), dialect=w.name,
                          loc=w.where(part))
    continued[key] = (ident, w.index)
    out[key] = value


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
    continued: Dict[str, Any] = {}  # a field continuing stored state -> its id, and its message (``_carry``)
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
            if orig.key in CONTINUED:  # a top-level field wherever it stands
                _carry(out, orig.key, orig.value, next(filter(_continued, m.parts), m), w, continued)
                continue
        elif orig is not None:
            items.append(replay.item(orig, m, w))
            if type(orig) is dict and orig.get("type") == "custom_tool_call" and type(orig.get("call_id")) is str:
                custom.add(orig["call_id"])  # a fresh result answering it is written as one too
            continue
        if any(map(_continued, m.parts)):  # written fresh: the field, and the rest of the message
            for p in m.parts:
                if type(p) is Other and _continued(p):
                    _carry(out, p.type, p.data[p.type], p, w, continued)
            rest_parts = tuple(p for p in m.parts if not _continued(p))
            if not rest_parts:
                continue
            m = Message(m.role, rest_parts)
        before = len(items)
        if m.role == "system" and not items and "instructions" not in out and not any(map(_item, m.parts)):
            # (a system message holding an item, such as ``additional_tools``, ends them: written in place)
            if not m.parts:
                _left_out(w, m, i)
            own: List[str] = []
            for p in m.parts:
                if type(p) is Text:
                    own.append(p.text)
                elif type(p) is not Other or w.other(p) is not None:
                    raise EncodeError(f"System message {i} holds more than text", dialect=w.name, loc=w.where(p))
            if len(own) > 1:
                w.note("converted", f"The {len(own)} text parts of system message {i} are sent to {w.name} as one "
                                    f"text, {JOIN_HOW[APART]}: instructions is one string")
            instructions.extend(own)
            continue
        if m.role == "assistant":
            for p in m.parts:
                t = type(p)
                if t is Text:  # each text an assistant message (never joined: see the module's docstring)
                    items.append({"role": "assistant", "content": p.text})  # type: ignore[union-attr]
                elif t is ToolCall or t is InvalidToolCall:
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
            if len(items) == before:
                _left_out(w, m, i)
            continue
        rest: List[Any] = []
        for p in m.parts:
            if _item(p):  # its own item, after the parts before it
                if rest:
                    replay.span = False
                    items.append(_message("system" if m.role == "system" else "user", rest))
                    rest = []
                items.append(p.data)  # type: ignore[union-attr]
            elif type(p) is ToolResult:
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
        out["instructions"] = APART.join(instructions)
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
                          f"{w.name} refuses it without the reasoning item that came before it, which is not in the "
                          "history", it.get("call_id") if type(it.get("call_id")) is str else None)
        return {k: v for k, v in it.items() if k != "id"}


def _left_out(w: Writer, m: Message, i: int) -> None:
    """Note a message that gives no item (empty, or all of it dropped): nothing goes silently."""
    w.note("dropped", f"{m.role.capitalize()} message {i} holds nothing {w.name} can take and is left out")
