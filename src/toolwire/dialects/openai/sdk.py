"""The openai SDK's objects, read by attribute (no generic walk, no serializer).

The classes are those of openai-python (https://github.com/openai/openai-python,
``types/chat/chat_completion*.py``,
``types/responses/response.py``; checked 2026-11-30): a function tool call is read
into the plain Chat item; a ``ChatCompletion`` or a
``Response`` is read down to what ``decode_all`` needs of it. Every reader returns
``None`` for an instance it cannot read faithfully, and the generic walk reads it.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, cast

from ..._access import to_data
from .chat_sniff import foreign_block

__all__ = ["SDK_CALL", "SDK_COMPLETION", "SDK_PARSED_CALL", "SDK_PARSED_COMPLETION", "SDK_PARSED_ITEM",
           "SDK_PARSED_MESSAGE", "SDK_PARSED_RESPONSE", "read_call_item", "read_completion", "read_message",
           "read_object", "read_parsed_call", "read_response"]

SDK_CALL = "openai:ChatCompletionMessageFunctionToolCall"
SDK_COMPLETION = "openai:ChatCompletion"
# what ``client.chat.completions.parse`` / ``client.responses.parse`` return (openai-python
# ``types/chat/parsed_chat_completion.py``, ``parsed_function_tool_call.py``,
# ``types/responses/parsed_response.py``): generic classes, keyed by their origin
# (``ParsedChatCompletion[W]`` -> ``ParsedChatCompletion``: ``_registry.sdk_class_name``)
SDK_PARSED_CALL = "openai:ParsedFunctionToolCall"
SDK_PARSED_COMPLETION = "openai:ParsedChatCompletion"
SDK_PARSED_MESSAGE = "openai:ParsedChatCompletionMessage"
SDK_PARSED_RESPONSE = "openai:ParsedResponse"


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
_CHAT_FIELDS = ("refusal", "annotations", "audio", "tool_calls", "function_call")


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
        content = o.content
        msg = {"role": o.role, "content": content}
        if type(content) is list and foreign_block(content) is not None:
            # another dialect's call block in it (content built unvalidated): the Chat fields it
            # was given, null ones too, as its dict has them (they tell whose message it is)
            given = o.__pydantic_fields_set__
            for k in _CHAT_FIELDS:
                if k in given:
                    msg[k] = to_data(getattr(o, k))
        if type(calls) is list:
            msg["tool_calls"] = [read_object(tc) or read_parsed_call(tc) for tc in calls]
        elif calls is not None:  # (a str, a dict, one call: never iterated; the decoder says where)
            msg["tool_calls"] = to_data(calls)
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
    why it is incomplete, the error of a failed one, the model, the output items and
    any extra fields (they may tell the dialect); ``None`` when it is not that shape."""
    try:
        if o.object != "response":
            return None
        items = o.output
        # each item read (a list is no copy in ``to_data``: its objects would stay as they are),
        # a parsed call less what the SDK derived
        output = [read_call_item(item) for item in items] if type(items) is list else to_data(items)
        out = {
            "object": o.object,
            "model": o.model,
            "status": o.status,
            "incomplete_details": to_data(o.incomplete_details),
            "output": output,
            **_extra(o),
        }
        error = o.error
        if error is not None:  # (``ResponseError``: ``code``, ``message``)
            out["error"] = to_data(error)
        return out
    except AttributeError:
        return None


_DERIVED = "parsed_arguments"
SDK_PARSED_ITEM = "openai:ParsedResponseFunctionToolCall"


def read_parsed_call(o: Any) -> Any:
    """The wire dict of an openai Chat tool-call object (a ``ParsedFunctionToolCall``:
    what ``client.chat.completions.parse`` returns) with fields beyond the plain ones:
    all of them, less its function's ``parsed_arguments``, which the SDK derives from
    ``arguments`` (the caller's model) and the API never sends nor takes back."""
    found = read_object(o)
    if found is not None:
        return found
    data = to_data(o)
    fn = data.get("function") if type(data) is dict else None
    if type(fn) is dict and _DERIVED in fn:
        data = {**data, "function": {k: v for k, v in fn.items() if k != _DERIVED}}
    return data


def read_call_item(o: Any) -> Dict[str, Any]:
    """The wire dict of an openai ``ParsedResponseFunctionToolCall`` (what
    ``client.responses.parse`` returns): its fields less ``parsed_arguments``, which the
    SDK derives from ``arguments`` and never sends (its class's ``__api_exclude__``)."""
    data = to_data(o)
    if type(data) is dict and _DERIVED in data and _DERIVED in getattr(type(o), "__api_exclude__", ()):
        data = {k: v for k, v in data.items() if k != _DERIVED}
    return cast(Dict[str, Any], data)
