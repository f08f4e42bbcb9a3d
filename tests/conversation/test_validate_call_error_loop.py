"""The README's feedback loop on every provider: a call whose arguments break the tool's
schema becomes ``validate_call``'s ``InvalidToolCall``, answered with its error, and the
history goes back to the same provider with the call as the model sent it, so the model
sees its own mistake. ``validate_call`` records that its ``raw`` is the call's argument
text (``InvalidToolCall.parsed``: the object that text was read as); a target that
carries arguments as an object (Anthropic, Gemini, Bedrock, Ollama) writes that object.
Any other invalid call (a text format's whole call region, a custom call's free text,
an unparsable text) stays ``unwritable-call`` there (test_invalid_call_object_arguments).

Wire shapes (/work/shared/reference/wire-formats.md, from the providers' docs):
Anthropic ``{"type": "tool_use", "id", "name", "input": {...}}`` answered by a user block
``{"type": "tool_result", "tool_use_id", "content", "is_error": true}``; Gemini
``{"functionCall": {"name", "args": {...}}}`` answered by ``{"functionResponse": {"name",
"response": {...}}}``; Bedrock ``{"toolUse": {"toolUseId", "name", "input": {...}}}`` answered
by ``{"toolResult": {"toolUseId", "content": [{"text"}], "status": "error"}}``; Ollama
``{"role": "assistant", "tool_calls": [{"function": {"name", "arguments": {...}}}]}`` answered
by ``{"role": "tool", "tool_name", "content"}``.
"""

from __future__ import annotations

import copy
import pickle
from typing import Any, Dict, List

import pytest

import toolwire
from history_types import check_fragment
from toolwire import EncodeError, InvalidToolCall, ToolCall, ToolResult
from toolwire.conversation import (
    Conversation,
    Message,
    check_conversation,
    decode_conversation,
    encode_conversation,
    fix_conversation,
    validate_call,
)

TOOLS = [{"name": "get_weather", "description": "Weather in a city", "input_schema": {
    "type": "object", "properties": {"city": {"type": "string"}, "days": {"type": "integer", "minimum": 1}},
    "required": ["city", "days"]}}]
SENT = {"city": "Paris", "days": 0}  # what the model sent: days below the minimum
ERROR = "Arguments of 'get_weather' do not match its schema: $.days: 0 is less than the minimum of 1 (minimum)."

# each provider's reply holding the call, as its docs show it
REPLIES: Dict[str, Any] = {
    "anthropic.messages": {"id": "msg_01", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
                           "content": [{"type": "tool_use", "id": "toolu_01A", "name": "get_weather", "input": SENT}],
                           "stop_reason": "tool_use", "stop_sequence": None,
                           "usage": {"input_tokens": 9, "output_tokens": 9}},
    "gemini": {"candidates": [{"finishReason": "STOP", "content": {"role": "model", "parts": [
        {"functionCall": {"name": "get_weather", "args": SENT}}]}}]},
    "bedrock.converse": {"output": {"message": {"role": "assistant", "content": [
        {"toolUse": {"toolUseId": "tooluse_01A", "name": "get_weather", "input": SENT}}]}},
        "stopReason": "tool_use"},
    "ollama": {"model": "llama3.2", "created_at": "2026-12-06T00:00:00Z", "done": True, "done_reason": "stop",
               "message": {"role": "assistant", "content": "", "tool_calls": [
                   {"function": {"name": "get_weather", "arguments": SENT}}]}},
}
FIRST: Dict[str, Any] = {
    "anthropic.messages": {"role": "user", "content": "Weather in Paris today?"},
    "gemini": {"role": "user", "parts": [{"text": "Weather in Paris today?"}]},
    "bedrock.converse": {"role": "user", "content": [{"text": "Weather in Paris today?"}]},
    "ollama": {"role": "user", "content": "Weather in Paris today?"},
}


def _loop(provider: str) -> Conversation:
    """The README loop: decode the reply, validate its call, answer with the error."""
    history = decode_conversation([FIRST[provider]], provider)
    [call] = toolwire.decode_all(REPLIES[provider], provider)
    checked = validate_call(call, TOOLS)
    assert type(checked) is InvalidToolCall and checked.error == ERROR
    assert checked.parsed == SENT
    return history.append(Message("assistant", [checked]),
                          Message("tool", [ToolResult(checked.id, checked.name, checked.error, is_error=True)]))


def test_claude_sees_its_own_mistake() -> None:
    conv = _loop("anthropic.messages")
    assert check_conversation(conv, "anthropic.messages") == []
    assert fix_conversation(conv, "anthropic.messages")[1] == []
    fragment = encode_conversation(conv, "anthropic.messages")
    check_fragment("anthropic.messages", fragment)  # what the provider's SDK accepts as a request's history
    sent = fragment["messages"]
    assert sent[1:] == [
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_01A", "name": "get_weather",
                                           "input": {"city": "Paris", "days": 0}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_01A", "content": ERROR,
                                      "is_error": True}]},
    ]


def test_gemini_sees_its_own_mistake() -> None:
    conv = _loop("gemini")
    assert check_conversation(conv, "gemini") == []
    assert fix_conversation(conv, "gemini")[1] == []
    fragment = encode_conversation(conv, "gemini")
    check_fragment("gemini", fragment)  # what the provider's SDK accepts as a request's history
    sent = fragment["contents"]
    # the reply's call had no signature (a Gemini 3 one keeps its own), and the message the loop
    # builds is no Gemini content: Gemini 3's dummy signature goes on it
    assert sent[1] == {"role": "model", "parts": [{"functionCall": {"name": "get_weather",
                                                                    "args": {"city": "Paris", "days": 0}},
                                                   "thoughtSignature": "skip_thought_signature_validator"}]}
    [part] = sent[2]["parts"]
    assert sent[2]["role"] == "user" and part["functionResponse"]["name"] == "get_weather"
    assert ERROR in str(part["functionResponse"]["response"])


def test_bedrock_sees_its_own_mistake() -> None:
    conv = _loop("bedrock.converse")
    assert check_conversation(conv, "bedrock.converse") == []
    assert fix_conversation(conv, "bedrock.converse")[1] == []
    fragment = encode_conversation(conv, "bedrock.converse")
    check_fragment("bedrock.converse", fragment)  # what the provider's SDK accepts as a request's history
    sent = fragment["messages"]
    assert sent[1:] == [
        {"role": "assistant", "content": [{"toolUse": {"toolUseId": "tooluse_01A", "name": "get_weather",
                                                       "input": {"city": "Paris", "days": 0}}}]},
        {"role": "user", "content": [{"toolResult": {"toolUseId": "tooluse_01A", "content": [{"text": ERROR}],
                                                     "status": "error"}}]},
    ]


def test_ollama_sees_its_own_mistake() -> None:
    conv = _loop("ollama")
    assert check_conversation(conv, "ollama") == []
    assert fix_conversation(conv, "ollama")[1] == []
    fragment = encode_conversation(conv, "ollama")
    check_fragment("ollama", fragment)  # what the provider's SDK accepts as a request's history
    sent = fragment["messages"]
    assert sent[1]["role"] == "assistant"
    assert [c["function"]["name"] for c in sent[1]["tool_calls"]] == ["get_weather"]
    assert sent[1]["tool_calls"][0]["function"]["arguments"] == {"city": "Paris", "days": 0}
    assert sent[2]["role"] == "tool" and sent[2]["tool_name"] == "get_weather" and sent[2]["content"] == ERROR


@pytest.mark.parametrize("target", ["anthropic.messages", "gemini", "bedrock.converse", "ollama"])
def test_encode_and_convert_write_it_too(target: str) -> None:
    checked = validate_call(ToolCall("get_weather", SENT, "toolu_1", raw='{"city": "Paris", "days": 0}'), TOOLS)
    assert type(checked) is InvalidToolCall
    assert toolwire.decode(toolwire.encode(checked, target), target).args == {"city": "Paris", "days": 0}
    assert toolwire.decode(toolwire.convert(checked, to=target), target).args == {"city": "Paris", "days": 0}


def test_text_targets_still_get_the_text_as_it_came() -> None:
    raw = '{"city":  "Paris",\n "days": 0}'
    checked = validate_call(ToolCall("get_weather", SENT, "call_1", raw=raw), TOOLS)
    assert toolwire.encode(checked, "openai.chat")["function"]["arguments"] == raw


def test_an_unknown_tool_is_written_with_what_the_model_sent() -> None:
    checked = validate_call(ToolCall("get_wether", {"city": "Paris"}, "toolu_1"), TOOLS)
    assert type(checked) is InvalidToolCall and checked.parsed == {"city": "Paris"}
    assert toolwire.encode(checked, "anthropic.messages") == {
        "type": "tool_use", "id": "toolu_1", "name": "get_wether", "input": {"city": "Paris"}}


@pytest.mark.parametrize("target", ["mcp", "canonical"])
def test_targets_that_would_run_it_still_refuse(target: str) -> None:
    # an MCP tools/call request would run the call; canonical would make it a valid call
    checked = validate_call(ToolCall("get_weather", SENT, "c1"), TOOLS)
    with pytest.raises(EncodeError, match="carries arguments as an object"):
        toolwire.encode(checked, target)


# an agent that edits the call's arguments after validate_call (its own coercion) does not
# change what the history says the model sent: parsed is a copy, at every depth
NESTED = {"city": "Paris", "days": 0, "opts": {"units": ["C"], "at": [{"h": 1}]}}
DEEP: Dict[str, Any] = {"a": []}
_inner = DEEP["a"]
for _ in range(3000):  # past marshal's nesting limit
    _inner.append([])
    _inner = _inner[0]


@pytest.mark.parametrize("args", [dict(SENT), NESTED, DEEP], ids=["flat", "nested", "deep"])
def test_editing_the_call_after_validate_call_keeps_parsed(args: Dict[str, Any]) -> None:
    sent = copy.deepcopy(args) if args is not DEEP else None
    raw = '{"a": ' + "[" * 3001 + "]" * 3001 + "}" if args is DEEP else None  # (no JSON writer nests so deep)
    call = ToolCall("get_weather", args, "toolu_1", raw=raw)
    checked = validate_call(call, TOOLS)
    assert type(checked) is InvalidToolCall
    if sent is not None:
        call.args["days"] = 5  # type: ignore[index]
        call.args.get("opts", {}).get("units", []).append("F")  # type: ignore[union-attr]
        call.args.get("opts", {}).get("at", [{}])[0]["h"] = 2  # type: ignore[union-attr]
        assert checked.parsed == sent
        assert toolwire.encode(checked, "anthropic.messages")["input"] == sent
    else:
        call.args["a"].append("x")  # type: ignore[index]
        assert checked.parsed is not None and checked.parsed["a"] is not args["a"]
        assert len(checked.parsed["a"]) == 1


# --- the value: parsed goes with raw; old constructors, pickles and dumps keep working ---

def test_the_value_keeps_parsed_light() -> None:
    c = InvalidToolCall(error="e", name="f", id="c1", raw='{"a": 1}', parsed={"a": 1})
    assert c.parsed == {"a": 1}
    assert c == InvalidToolCall(error="e", name="f", id="c1", raw='{"a": 1}')  # a reading of raw: not the value
    assert hash(c) == hash(InvalidToolCall(error="e", name="f", id="c1", raw='{"a": 1}'))
    assert repr(c) == "InvalidToolCall(name='f', id='c1', error='e')"
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(c, proto)).parsed == {"a": 1}
    assert copy.deepcopy(c).parsed == {"a": 1}
    assert c.as_dict()["parsed"] == {"a": 1}
    assert InvalidToolCall(**c.as_dict()).parsed == {"a": 1}
    assert InvalidToolCall(error="e").parsed is None
    assert not hasattr(InvalidToolCall, "args")


def test_changing_raw_forgets_parsed() -> None:
    c = InvalidToolCall(error="e", name="f", id="c1", raw='{"a": 1}', parsed={"a": 1})
    assert c.replace(id="c2").parsed == {"a": 1}
    assert c.replace(raw='{"a": 2}').parsed is None  # no longer known to be the text it was read from
    assert c.replace(raw='{"a": 2}', parsed={"a": 2}).parsed == {"a": 2}


@pytest.mark.parametrize("kwargs, message", [
    ({"raw": None, "parsed": {"a": 1}}, r"InvalidToolCall parsed at \$.parsed needs the argument text raw"),
    ({"raw": "[1]", "parsed": [1]}, r"InvalidToolCall parsed at \$.parsed must be a JSON object"),
    ({"raw": "x", "parsed": {"a": float("nan")}}, r"InvalidToolCall parsed at \$.parsed.a"),
])
def test_the_constructor_checks_parsed(kwargs: Dict[str, Any], message: str) -> None:
    with pytest.raises(toolwire.DecodeError, match=message):
        InvalidToolCall(error="e", name="f", **kwargs)


def test_an_old_pickle_still_loads() -> None:
    # a pickle of the seven-field value (toolwire before parsed): _rebuild with seven values
    from toolwire._value import _rebuild

    old = pickle.dumps((_rebuild, (InvalidToolCall, ("f", "c1", '{"a": 1}', "e", "$", False, {}))))
    fn, args = pickle.loads(old)
    c = fn(*args)
    assert c.parsed is None and c == InvalidToolCall(error="e", name="f", id="c1", raw='{"a": 1}')


def test_pydantic_field() -> None:
    pydantic = pytest.importorskip("pydantic")

    class M(pydantic.BaseModel):  # type: ignore[misc]
        call: InvalidToolCall

    m = M(call={"error": "e", "name": "f", "raw": '{"a": 1}', "parsed": {"a": 1}})
    assert m.call.parsed == {"a": 1}
    assert M.model_validate_json(m.model_dump_json()).call.parsed == {"a": 1}
    schema = M.model_json_schema()
    props = schema.get("$defs", {}).get("InvalidToolCall", schema["properties"]["call"])["properties"]
    assert props["parsed"]["type"] == ["object", "null"]


# the three wrong answers of the reverted attempt stay refused: no parsed on those calls
def test_decoded_invalid_calls_record_no_parsed() -> None:
    llama = toolwire.decode_text('{"name": "f", "parameters": [1]}', "text.llama").tool_calls[0]
    resp = {"id": "x", "object": "chat.completion", "model": "m", "choices": [{"index": 0, "finish_reason": "length",
            "message": {"role": "assistant", "content": None, "tool_calls": [
                {"id": "call_1", "type": "custom", "custom": {"name": "sql", "input": '{"q": "select 1"}'}}]}}]}
    custom = toolwire.decode_all(resp, "openai.chat", invalid="keep")[0]
    resp2 = {"id": "x", "object": "chat.completion", "model": "m", "choices": [{"index": 0, "finish_reason": "stop",
             "message": {"role": "assistant", "content": None, "tool_calls": [
                 {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": "\\ud800"}'}}]}}]}
    surrogate = toolwire.decode_all(resp2, "openai.chat", invalid="keep")[0]
    calls: List[Any] = [llama, custom, surrogate]
    assert [type(c) for c in calls] == [InvalidToolCall] * 3
    assert [c.parsed for c in calls] == [None, None, None]
    for c in calls:
        with pytest.raises(EncodeError, match="carries arguments as an object"):
            toolwire.encode(c.replace(id="toolu_1"), "anthropic.messages")


def test_validate_call_of_a_custom_call_keeps_it_custom() -> None:
    # an OpenAI custom tool call (free text; wire-formats.md: {"type": "custom", "custom": {"name", "input"}})
    item = {"id": "call_1", "type": "custom", "custom": {"name": "sql", "input": "select 1"}}
    call = toolwire.decode(item, "openai.chat")
    checked = validate_call(call, TOOLS)  # sql is not offered
    assert type(checked) is InvalidToolCall
    assert toolwire.encode(checked, "openai.chat") == item  # main: input '{"input": "select 1"}'
    assert toolwire.encode(checked, "openai.responses") == {
        "type": "custom_tool_call", "call_id": "call_1", "name": "sql", "input": "select 1"}
    assert toolwire.encode(checked, "anthropic.messages")["input"] == toolwire.encode(call, "anthropic.messages")["input"]


def test_fix_keeps_the_loop_it_used_to_cut() -> None:
    conv = _loop("anthropic.messages")
    fixed, changes = fix_conversation(conv, "gemini")
    assert changes == [] and fixed.messages == conv.messages
    assert isinstance(conv.messages[-1].parts[0], ToolResult)
    assert [type(p) for p in conv.messages[-2].parts] == [InvalidToolCall]


def test_arguments_no_json_carries_record_no_parsed() -> None:
    # '{"days": 1e400}' is read as infinity (older); no JSON text holds it: not parsed, and
    # the call's replace() still works (it stays unwritable to object targets)
    call = toolwire.decode({"id": "call_1", "type": "function", "function": {
        "name": "get_weather", "arguments": '{"city": "Paris", "days": 0, "x": 1e400}'}}, "openai.chat")
    checked = validate_call(call, TOOLS)
    assert type(checked) is InvalidToolCall and checked.parsed is None
    assert checked.replace(id="toolu_1").id == "toolu_1"


# property: validate_call's invalid call goes to an object target exactly as the valid call
# it came from would (its arguments back, name and id as that call's), or raises as it does
@pytest.mark.parametrize("target", ["anthropic.messages", "gemini", "bedrock.converse", "ollama"])
def test_an_invalid_call_is_written_as_the_call_it_came_from(target: str) -> None:
    from hypothesis import given, settings

    from toolwire.strategies import tool_calls

    @settings(max_examples=60, deadline=None)
    @given(tool_calls(target))
    def run(call: ToolCall) -> None:
        refusing = [{"name": call.name, "input_schema": {"type": "object", "required": ["__never__"]}}]
        checked = validate_call(call, refusing)
        assert type(checked) is InvalidToolCall
        try:
            valid = toolwire.encode(call, target)
        except EncodeError:
            with pytest.raises(EncodeError):
                toolwire.encode(checked, target)
            return
        assert toolwire.encode(checked, target) == valid

    run()


def test_a_server_call_records_no_parsed() -> None:
    # Anthropic's server_tool_use (wire-formats.md): run by the provider; validate_call finds no
    # such client tool, and the invalid call is written to no other provider as a client call
    block = {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search", "input": {"query": "paris"}}
    [call] = toolwire.decode_all({"role": "assistant", "content": [block]}, "anthropic.messages",
                                 include_server=True)
    assert call.server
    checked = validate_call(call, TOOLS)
    assert type(checked) is InvalidToolCall and checked.parsed is None
    with pytest.raises(EncodeError):
        toolwire.encode(checked, "gemini")
