"""The runs of a Chat-shaped history being written (``chat_history_encode``): consecutive
assistant messages merged (``merge_assistants``), tool messages put in call order
(``in_call_order``), and what a note says of the wire fields read as texts (``told``,
``fields_of``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

from ..._types import InvalidToolCall, ToolCall
from ...conversation._values import Message
from .._result_order import CallOrder

if TYPE_CHECKING:
    from ...conversation._writer import Writer

__all__ = ["fields_of", "in_call_order", "merge_assistants", "told"]


def in_call_order(out: List[Dict[str, Any]], fresh: List[Tuple[int, int]], order: CallOrder) -> None:
    """Each run of consecutive tool messages written fresh (*fresh*: their places in
    *out* and their messages, in order) put in call order by *order*, in place."""
    start = 0
    for k in range(1, len(fresh) + 1):
        if k == len(fresh) or fresh[k][0] != fresh[k - 1][0] + 1:
            run = fresh[start:k]
            for (at, _), item in zip(run, order.arrange([(i, out[at]) for at, i in run])):
                out[at] = item
            start = k


def merge_assistants(messages: List[Message], name: str) -> List[Tuple[int, Message, Optional[List[int]]]]:
    """Consecutive assistant messages become one where they are written fresh, and
    always after one that holds calls: "An assistant message with 'tool_calls' must be
    followed by tool messages", not by another assistant message. One pass: the parts
    of a run are gathered and its message made once, with the message each part came
    from (``None`` for a message not merged)."""
    out: List[Tuple[int, Message, Optional[List[int]]]] = []
    run: List[Any] = []  # the parts of the run of assistant messages being merged, when it has several
    origin: List[int] = []  # the message of each part of *run*
    calls = False  # whether the last assistant message (or run) holds calls
    for i, m in enumerate(messages):
        if out and m.role == "assistant" and out[-1][1].role == "assistant":
            prev = out[-1][1]
            if calls or (m.original(name) is None and (run or prev.original(name) is None)):
                if not run:
                    run.extend(prev.parts)
                    origin.extend([out[-1][0]] * len(prev.parts))
                run.extend(m.parts)
                origin.extend([i] * len(m.parts))
                calls = calls or _has_calls(m)
                continue
        if run:
            out[-1] = (out[-1][0], Message("assistant", run), origin)
            run, origin = [], []
        out.append((i, m, None))
        calls = m.role == "assistant" and _has_calls(m)
    if run:
        out[-1] = (out[-1][0], Message("assistant", run), origin)
    return out


def told(fields: Dict[int, Tuple[str, Tuple[str, ...]]], one: bool) -> str:
    """What a note says of the texts wire *fields* gave (``joined`` in ``chat_history_encode``; *one*: of one
    message): ``its cohere.v2 refusal and tool_plan (the last two) apart by a blank
    line``; for a merged run, by dialect and fields, the messages that had them."""
    groups: Dict[Tuple[str, Tuple[str, ...]], List[int]] = {}
    for i, f in sorted(fields.items()):
        if f[1]:
            groups.setdefault(f, []).append(i)
    out = []
    for (src, fs), at in groups.items():
        last = "the last" + ("" if len(fs) == 1 else " two" if len(fs) == 2 else f" {len(fs)}")
        if one:
            out.append(f"its {src} {' and '.join(fs)} ({last}) apart by a blank line")
        else:
            of = f"message {at[0]} ({last} of its" if len(at) == 1 else \
                f"messages {', '.join(map(str, at))} ({last} of each one's"
            out.append(f"the {src} {' and '.join(fs)} of {of} parts) apart by a blank line")
    return "; ".join(out)


def fields_of(m: Message, w: Writer) -> Tuple[str, Tuple[str, ...]]:
    """The dialect *m* was decoded from and the wire fields its decoder read as *m*'s
    last text parts, in order, while *m* holds what was decoded (``Message.original``):
    (``HistoryCodec.texts``: trailing refusal content parts, then a Chat-shaped
    decoder's ``refusal`` field and Cohere's ``tool_plan``, read after its content; a
    refusal part before other text is one more piece of the reply)."""
    wire = m.wire
    msg = m.original(wire[0]) if wire is not None else None
    if type(msg) is not dict:
        return "", ()
    h = w.history(wire[0])  # type: ignore[index]  # (also in a registry without that dialect)
    if h is None or h.texts is None:
        return "", ()
    return wire[0], h.texts(msg)  # type: ignore[index]


def _has_calls(m: Message) -> bool:
    return any(type(p) is ToolCall or type(p) is InvalidToolCall for p in m.parts)
