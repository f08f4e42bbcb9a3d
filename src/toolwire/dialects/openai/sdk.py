"""The openai SDK's objects, read by attribute (no generic walk, no serializer).

The classes are those of openai-python (https://github.com/openai/openai-python,
``types/chat/chat_completion*.py``,
``types/responses/response.py``; checked 2026-11-30): a function tool call is read
into the plain Chat item; a ``ChatCompletion`` or a
``Response`` is read down to what ``decode_all`` needs of it. Every reader returns
``None`` for an instance it cannot read faithfully, and the generic walk reads it.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

from ..._access import to_data

__all__ = ["SDK_CALL", "SDK_COMPLETION", "read_completion", "read_message", "read_object", "read_response"]

SDK_CALL = "openai:ChatCompletionMessageFunctionToolCall"
SDK_COMPLETION = "openai:ChatCompletion"


def read_object(o: Any) -> Optional[Dict[str, Any]]:
    """The wire dict of an openai ``ChatCompletionMessageFunctionToolCall``, read by
    attribute; ``None`` (use the generic walk) when it has extra fields or gaps."""
    try:
        fn = o.function
        ident, kind, name, arguments = o.id, o.type, fn.name, fn.arguments
        if o.__pydantic_extra__ or fn.__pydantic_extra__:
            return None
    except AttributeError:
        return None
    if ident is None or kind is None or name is None or arguments is None:
        return None
    return {"id": ident, "type": kind, "function": {"name": name, "arguments": arguments}}


_NONE: Dict[str, Any] = {}


def _extra(o: Any) -> Dict[str, Any]:
    """*o*'s extra fields as plain data (most objects have none: no walk then)."""
    extra = o.__pydantic_extra__
    return to_data(extra) if extra else _NONE


def read_message(o: Any) -> Optional[Dict[str, Any]]:
    """What ``decode_all`` reads of an openai ``ChatCompletionMessage``, by attribute:
    its role, content, calls, legacy ``function_call`` and any extra fields (absent
    calls are left out, so a plain assistant message has the shape Chat's first
    decoder of messages takes); ``None`` when it is not that shape."""
    try:
        calls, fc = o.tool_calls, o.function_call
        msg = {"role": o.role, "content": o.content}
        if calls is not None:
            msg["tool_calls"] = [read_object(tc) or to_data(tc) for tc in calls]
        if fc is not None:
            msg["function_call"] = to_data(fc)
        msg.update(_extra(o))
    except AttributeError:
        return None
    return msg


def read_completion(o: Any) -> Optional[Dict[str, Any]]:
    """What ``decode_all`` reads of an openai ``ChatCompletion``, by attribute: the
    model, each choice's finish reason and message (``read_message``), and any extra
    fields (they may tell the dialect); ``None`` when it is not that shape."""
    try:
        if o.object != "chat.completion":
            return None
        choices = []
        for c in o.choices:
            msg = read_message(c.message)
            if msg is None:
                return None
            choices.append({"finish_reason": c.finish_reason, "message": msg, **_extra(c)})
        return {"object": o.object, "model": o.model, "choices": choices, **_extra(o)}
    except AttributeError:
        return None


def read_response(o: Any) -> Optional[Dict[str, Any]]:
    """What ``decode_all`` reads of an openai ``Response``, by attribute: its status,
    why it is incomplete, the model, the output items and any extra fields (they
    may tell the dialect); ``None`` when it is not that shape."""
    try:
        if o.object != "response":
            return None
        return {
            "object": o.object,
            "model": o.model,
            "status": o.status,
            "incomplete_details": to_data(o.incomplete_details),
            "output": to_data(o.output),
            **_extra(o),
        }
    except AttributeError:
        return None
