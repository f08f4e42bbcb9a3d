"""Work counted, not timed: the one-step reader of an openai SDK ``ChatCompletion``
(``chat_plain.decode_plain_sdk_completion``) reads each object's fields through its
``__dict__`` where it needs three or more of them (an attribute read on a pydantic model
goes through its ``__getattr__`` hook: about twice a dict subscript), and each field once.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from toolwire import ToolCall
from toolwire.dialects.openai import chat_plain

_READS: List[str] = []


class _Counted:
    """An SDK-like object (fields in ``__dict__``, no extra fields) that counts reads."""

    def __init__(self, **fields: Any) -> None:
        self.__dict__.update(fields)
        self.__dict__["__pydantic_extra__"] = {}

    def __getattribute__(self, name: str) -> Any:
        _READS.append(name)
        return object.__getattribute__(self, name)


def _call(ident: str, name: str, arguments: str) -> _Counted:
    # openai-python ``ChatCompletionMessageFunctionToolCall``: id, type "function", function{name, arguments}
    return _Counted(id=ident, type="function", function=_Counted(name=name, arguments=arguments))


def _completion(calls: List[_Counted]) -> _Counted:
    # openai-python ``ChatCompletion`` / ``Choice`` / ``ChatCompletionMessage``
    msg = _Counted(role="assistant", content=None, tool_calls=calls, function_call=None, refusal=None)
    choice = _Counted(index=0, finish_reason="tool_calls", message=msg, logprobs=None)
    return _Counted(id="chatcmpl-1", object="chat.completion", created=1, model="gpt-4o", choices=[choice])


def test_the_sdk_completion_one_step_reads_few_attributes() -> None:
    obj = _completion([_call("call_1", "get_weather", '{"city": "Lisbon"}'), _call("call_2", "get_time", "")])
    _READS.clear()
    got = chat_plain.decode_plain_sdk_completion(obj)
    reads = list(_READS)
    assert got is not None
    top, calls = got
    assert calls == [ToolCall("get_weather", {"city": "Lisbon"}, "call_1"), ToolCall("get_time", {}, "call_2")]
    assert top == {"object": "chat.completion", "model": "gpt-4o",
                   "choices": [{"finish_reason": "tool_calls", "message": {"role": "assistant", "content": None}}]}
    # completion: __dict__, extra; choice: message, finish_reason, extra; message: extra, __dict__;
    # each call: __dict__, extra, and its function's extra, name, arguments
    assert len(reads) == 7 + 2 * 5, reads
    counts: Dict[str, int] = {}
    for r in reads:
        counts[r] = counts.get(r, 0) + 1
    assert counts.get("tool_calls", 0) == 0 and counts.get("object", 0) == 0


def test_a_field_missing_from_the_dict_steps_aside() -> None:
    """A field not held in ``__dict__`` (an object built without it) leaves the object to
    the general path, as a failed attribute read did: the call reader gives ``None``,
    the completion reader raises (``Registry.response_calls`` then runs the general path)."""
    call = _call("call_1", "f", "{}")
    del call.__dict__["type"]
    assert chat_plain.decode_plain_object(call) is None
    obj = _completion([_call("call_1", "f", "{}")])
    del obj.__dict__["model"]
    with pytest.raises((KeyError, AttributeError)):
        chat_plain.decode_plain_sdk_completion(obj)
