"""openai-python's parsed classes (``client.chat.completions.parse``,
``client.responses.parse``), built offline: they decode as the plain payload does.

Their classes are parametrised generics (``ParsedChatCompletion[W]``) whose module and
name are the caller's, so the registry keys them by their generic origin; the
``parsed_arguments`` the SDK derives from ``arguments`` is never carried along
(re-encoded, it would be sent to the API), and ``normalize`` keeps the ``parsed`` answer.
openai-python: ``types/chat/parsed_chat_completion.py``, ``parsed_function_tool_call.py``,
``types/responses/parsed_response.py`` (checked 2026-12-04).
"""

from __future__ import annotations

import copy
from typing import Any, Dict

import pytest

import toolwire
from toolwire._builtin import default_registry
from toolwire.response import normalize

pydantic = pytest.importorskip("pydantic")
openai = pytest.importorskip("openai")

from openai.lib._parsing._completions import parse_chat_completion  # noqa: E402
from openai.lib._parsing._responses import parse_response  # noqa: E402
from openai.lib._pydantic import to_strict_json_schema  # noqa: E402
from openai.types.chat import ChatCompletion, ParsedChatCompletion  # noqa: E402
from openai.types.responses import ParsedResponse, Response  # noqa: E402


class Weather(pydantic.BaseModel):
    city: str


class Args(pydantic.BaseModel):
    city: str


# parametrised at a module's top level: pydantic names it in the caller's module
# (``tests.test_sdk_parsed.ParsedChatCompletion[Weather]``), where openai's table cannot know it
ParsedWeather = ParsedChatCompletion[Weather]


ANSWER = '{"city": "Paris"}'
ITEM = {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'}}


def _chat() -> Dict[str, Any]:
    msg = {"role": "assistant", "content": ANSWER, "refusal": None, "tool_calls": [copy.deepcopy(ITEM)]}
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4o",
            "choices": [{"index": 0, "finish_reason": "tool_calls", "logprobs": None, "message": msg}]}


def _response() -> Dict[str, Any]:
    return {"id": "resp_1", "object": "response", "created_at": 1, "model": "gpt-5", "status": "completed",
            "parallel_tool_calls": True, "tool_choice": "auto", "tools": [],
            "output": [{"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
                        "content": [{"type": "output_text", "text": ANSWER, "annotations": []}]},
                       {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather",
                        "arguments": '{"city":"Paris"}', "status": "completed"}]}


def _parsed_chat(data: Any = None) -> Any:
    """What ``client.chat.completions.parse`` returns for *data* (``_chat()``)."""
    tool = openai.pydantic_function_tool(Args, name="get_weather")
    return parse_chat_completion(response_format=Weather, input_tools=[tool],
                                 chat_completion=ChatCompletion.model_validate(data or _chat()))


def _parsed_response() -> Any:
    """What ``client.responses.parse`` returns for ``_response()``."""
    tools = [{"type": "function", "name": "get_weather", "parameters": to_strict_json_schema(Args), "strict": True}]
    return parse_response(text_format=Weather, input_tools=tools, response=Response.model_validate(_response()))


def _same(got: Any, want: Any) -> None:
    """The same calls, with the same provider data (``==`` leaves it out)."""
    assert got == want
    assert [c.provider_data for c in got] == [c.provider_data for c in want]


def test_built_objects_are_the_parsed_generics() -> None:
    p, r = _parsed_chat(), _parsed_response()
    assert type(p).__pydantic_generic_metadata__["origin"] is ParsedChatCompletion
    assert issubclass(type(r), ParsedResponse)  # (``ParsedResponse`` itself, unparametrised)
    assert p.choices[0].message.parsed == Weather(city="Paris")
    assert p.choices[0].message.tool_calls[0].function.parsed_arguments == Args(city="Paris")


def test_parametrised_in_the_callers_module_is_keyed_by_its_origin() -> None:
    """``ParsedChatCompletion[Weather]`` made here is ``<this module>.ParsedChatCompletion[Weather]``:
    its readers are still found; a subclass of the caller's is the caller's own class."""
    cls = ParsedWeather
    # (pydantic 2.11 and later name it in the caller's module; 2.10 in openai's)
    assert cls.__module__ in (__name__, ParsedChatCompletion.__module__)
    assert cls.__qualname__ == "ParsedChatCompletion[Weather]"
    reg = default_registry()
    assert reg.object_plan(cls)[1] is reg.object_plan(ChatCompletion)[1]
    assert reg.object_plan(cls)[3] is not None  # the one-step reader of ChatCompletion too

    class Mine(ParsedChatCompletion[Weather]):
        pass

    assert reg.object_plan(Mine)[1] is None  # not openai's: read by the generic walk
    x = Mine.model_validate(_chat())
    _same(toolwire.decode_all(x), toolwire.decode_all(_chat()))


def test_decode_all_chat_drops_parsed_arguments() -> None:
    """The calls of a ``ParsedChatCompletion`` are those of its payload, with no
    ``parsed_arguments`` riding along: encoded back, the item is the wire's."""
    want = toolwire.decode_all(_chat())
    for x in (_parsed_chat(), ParsedWeather.model_validate(_chat()),
              _parsed_chat().choices[0].message):
        got = toolwire.decode_all(x)
        _same(got, want)
        assert toolwire.encode(got[0], "openai.chat") == ITEM
        _same(toolwire.decode_all(x, repair=False), want)  # the general path (a policy keyword) too


def test_decode_chat_tool_call_drops_parsed_arguments() -> None:
    tc = _parsed_chat().choices[0].message.tool_calls[0]
    assert type(tc).__name__ == "ParsedFunctionToolCall"
    call = toolwire.decode(tc)
    assert (call, call.provider_data) == (toolwire.decode(ITEM), {})
    assert toolwire.encode(call, "openai.chat") == ITEM


def test_chat_tool_call_with_extra_fields_keeps_them_not_parsed_arguments() -> None:
    """A call with a field beyond the plain ones is read whole (the walk), less ``parsed_arguments``."""
    data = _chat()
    data["choices"][0]["message"]["tool_calls"][0]["function"]["x_note"] = 1
    p = _parsed_chat(data)
    fn = p.choices[0].message.tool_calls[0].function
    assert fn.model_extra == {"x_note": 1} and fn.parsed_arguments == Args(city="Paris")
    for x in (p, p.choices[0].message.tool_calls[0]):
        got = toolwire.decode_all(x)
        _same(got, toolwire.decode_all(data))
        assert toolwire.encode(got[0], "openai.chat")["function"] == {**ITEM["function"], "x_note": 1}


def test_decode_all_responses_drops_parsed_arguments() -> None:
    want = toolwire.decode_all(_response())
    got = toolwire.decode_all(_parsed_response())
    _same(got, want)
    assert "parsed_arguments" not in got[0].provider_data["openai.responses"]


def test_normalize_keeps_the_parsed_answer() -> None:
    for x, plain in ((_parsed_chat(), _chat()), (_parsed_response(), _response())):
        r, want = normalize(x), normalize(plain)
        assert r.parsed == {"city": "Paris"} and want.parsed is None
        assert (r.provider, r.text, r.tool_calls, r.finish_reason) == (
            want.provider, want.text, want.tool_calls, want.finish_reason)


def test_decode_conversation_of_a_history_holding_them() -> None:
    result = {"role": "tool", "tool_call_id": "call_1", "content": "sunny"}
    user = {"role": "user", "content": "hi"}
    msg = _parsed_chat().choices[0].message
    got = toolwire.decode_conversation({"messages": [user, msg, result]})
    want = toolwire.decode_conversation({"messages": [user, _chat()["choices"][0]["message"], result]})
    assert got == want
    out = {"type": "function_call_output", "call_id": "call_1", "output": "sunny"}
    got = toolwire.decode_conversation({"input": [user, *_parsed_response().output, out]})
    want = toolwire.decode_conversation({"input": [user, *_response()["output"], out]})
    assert got == want


def test_responses_items_lose_what_the_sdk_never_sends() -> None:
    """``ParsedResponseFunctionToolCall.__api_exclude__ = {"parsed_arguments"}``: openai's
    own request writer leaves it out; a history re-encoded, and ``normalize``'s calls,
    carried it (the wire an API would get back)."""
    user = {"role": "user", "content": "hi"}
    out = {"type": "function_call_output", "call_id": "call_1", "output": "sunny"}
    conv = toolwire.decode_conversation({"input": [user, *_parsed_response().output, out]})
    wire = toolwire.encode_conversation(conv, "openai.responses")["input"]
    assert wire[2] == {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather",
                       "arguments": '{"city":"Paris"}', "status": "completed"}
    calls = normalize(_parsed_response()).tool_calls
    assert calls[0].provider_data == {"openai.responses": {"id": "fc_1", "status": "completed"}}
