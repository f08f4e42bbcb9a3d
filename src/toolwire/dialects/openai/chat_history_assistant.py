"""Writing one assistant message of a Chat-shaped history written fresh
(``chat_history_encode``): its text, calls, reasoning and other parts as the dialect's
assistant message (its ``assistant_message`` builder), the text beside calls in the
dialect's *plan* field where it has one (Cohere v2's ``tool_plan``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, AbstractSet, Any, Callable, Dict, List, Optional, Tuple

from ..._args import encode_arguments
from ..._types import InvalidToolCall, ToolCall
from ...conversation._values import Media, Message, Other, Reasoning, Text
from .chat_history_join import TOGETHER, joined
from .chat_history_runs import fields_of
from .chat_refused import legacy_call, typed
from .chat_server import glm_call
from .file_parts import CHAT

if TYPE_CHECKING:
    from ...conversation._writer import Writer

__all__ = ["assistant"]


def assistant(m: Message, w: Writer, builder: Any, origin: Optional[List[int]], messages: List[Message], *,
              name: str, plan: Optional[str], one_text: str, one_text_roles: Tuple[str, ...],
              by_id: Callable[[], AbstractSet[Tuple[int, int]]] = frozenset) -> Optional[Dict[str, Any]]:
    """The wire message of assistant message *m*; *origin*: for a merged run, the
    message of *messages* each part came from (notes and errors name it); *name*, *plan*,
    *one_text* and *one_text_roles*: the ``encoder``'s; *by_id*: ``(message, part)`` of the
    calls a result carrying their id answers (``answered_by_id``, asked of a legacy call
    with an id only)."""
    textp: List[str] = []
    textw: List[int] = []  # the message of each of *textp*
    content: List[Any] = []  # in order: texts and blocks (other parts, reasoning blocks)
    split: List[int] = []  # the texts of *textp* another part separates from the text before
    gap = False  # a part other than text since the last text
    blocks = False
    items: List[Dict[str, Any]] = []
    side: Dict[str, Any] = {}
    w.run = w.index if origin is not None else None  # one wire message: its calls are placed in it
    alone = name == CHAT and origin is None and len(m.calls) == 1  # (one call: a legacy one stays one)
    for k, p in enumerate(m.parts):
        if origin is not None:
            w.index = origin[k]
        t = type(p)
        gap = gap or t is not Text
        if t is Text:
            if gap and textp:
                split.append(len(textp))
            gap = False
            textp.append(p.text)  # type: ignore[union-attr]
            textw.append(w.index)
            content.append({"type": "text", "text": p.text})  # type: ignore[union-attr]
        elif t is ToolCall and alone and legacy_call(p, (w.index, k), by_id):  # type: ignore[arg-type]
            c: ToolCall = p  # type: ignore[assignment]
            side["function_call"] = {"name": w.target.names.map(c.name), "arguments": encode_arguments(c.args, c.raw)}
        elif t is ToolCall or t is InvalidToolCall:
            items.append(typed(w.call(p)) if name == CHAT else w.call(p))  # (fresh: ``typed``)
        elif t is Other and name == CHAT and p.dialect == CHAT and glm_call(p.data):  # type: ignore[union-attr,arg-type]
            items.append(p.data)  # type: ignore[union-attr,arg-type]  # a tool GLM-4-AllTools ran: among the calls
        elif t is Reasoning:
            data = w.reasoning(p)  # type: ignore[arg-type]
            if type(data) is dict and "type" in data:  # a content block (Mistral, Cohere)
                content.append(data)
                blocks = True
            elif data is not None:  # fields beside the content
                side.update(data)
        elif t is Media:
            raise w.no_media(p, "an assistant message holds no images")  # type: ignore[arg-type]
        else:
            data = w.other(p)  # type: ignore[arg-type]
            if data is not None:
                content.append(data)
                blocks = True
    w.run = None
    if "function_call" in side and not content:  # (the legacy call alone: ``content`` null, as the model's reply)
        return {"role": "assistant", "content": None, **side}
    if not content and not items:
        return {} if side else None  # ``{}``: only reasoning (a Chat assistant message needs content or calls)
    in_plan = plan is not None and bool(items)  # its text is the plan (the builder's), one string
    as_parts = not in_plan and (blocks or (len(textp) > 1 and not (one_text and "assistant" in one_text_roles)))
    if len(textp) < 2:
        text = textp[0] if textp else None
    elif as_parts:
        text = "".join(textp)  # (the content is the parts: below)
    else:
        end = w.index
        why = one_text if one_text and "assistant" in one_text_roles else \
            f"{w.name} takes the text beside calls as one string ({plan})"
        fields = {i: fields_of(messages[i], w) for i in sorted(set(textw))}  # (one message unless merged)
        text = joined(name, textp, textw, "assistant", w, why, TOGETHER, tuple(split), fields)
        w.index = end
    msg: Dict[str, Any] = builder(items, text)
    if blocks and in_plan:  # the text once: in the plan
        content = [c for c in content if not (type(c) is dict and c.get("type") == "text" and len(c) == 2)]
    if (as_parts or blocks) and content:
        msg["content"] = content
    if side:
        msg = {"role": "assistant", **side, **{k: v for k, v in msg.items() if k != "role"}}
    return msg
