"""A decoded call the provider refuses as it came is not written back as it came.

The shapes LlamaIndex writes (``to_openai_message_dicts``: ``"id": null`` and
``"tool_call_id": ""`` for an id-less call; ``to_mistral_chatmessage``: id null or
``"null"``; ``messages_to_anthropic_messages``: a ``tool_use`` whose ``input`` is the raw
argument text) decoded from their own dialect used to go back as they came, and
``check_conversation`` said nothing. OpenAI answers ``"id": null`` with "Invalid type for
'messages[1].tool_calls[0].id': expected a string, but got null instead."; mistral-common
refuses an id that is not 9 of a-z, A-Z, 0-9 ("Tool call id has to be defined in serving
mode."); Anthropic answers "messages.1.content.0.tool_use.input: Input should be a valid
dictionary". Each such message is written fresh (``rewritten``), its pair too where they
share a made id, and ``check_conversation`` flags it (``refused-message``), as Bedrock's
string ``toolUse`` input is (docs/conversations.md "Exact round trip").
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

import toolwire
from toolwire.conversation import Problem, check_conversation, decode_conversation, encode_conversation

ARGS = "{\"city\": \"Paris\"}"


def _chat(cid: Any, rid: Any) -> List[Dict[str, Any]]:
    return [{"role": "user", "content": "weather in Paris?"},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": cid, "type": "function", "function": {"name": "get_weather", "arguments": ARGS}}]},
            {"role": "tool", "tool_call_id": rid, "content": "sunny"}]


def _kinds(report: List[Problem]) -> List[Any]:
    return [(p.kind, p.index) for p in report]


@pytest.mark.parametrize(("dialect", "cid", "rid"), [
    ("openai.chat", None, ""), ("mistral", None, ""), ("mistral", "null", "null"), ("mistral", "", "")])
def test_an_idless_pair_the_provider_refuses_gets_a_made_id(dialect: str, cid: Any, rid: Any) -> None:
    conv = decode_conversation(_chat(cid, rid), dialect)
    report: List[Problem] = []
    out = encode_conversation(conv, dialect, report=report)["messages"]
    made = out[1]["tool_calls"][0]["id"]
    assert type(made) is str and toolwire.get_dialect(dialect).ids.valid(made)
    assert out[2]["tool_call_id"] == made
    assert out[1]["tool_calls"][0]["function"] == {"name": "get_weather", "arguments": ARGS}
    assert [k for k, _ in _kinds(report)] == ["rewritten", "rewritten"]
    # Mistral refuses the tool message's id-less tool_call_id too; Chat takes "" but it is written fresh with
    # its call (noted ``rewritten``): check flags each message encode writes fresh
    assert [(p.kind, p.index) for p in check_conversation(conv, dialect)] == [("refused-message", 1),
                                                                               ("refused-message", 2)]


def test_an_empty_chat_id_pair_still_goes_back_as_it_came() -> None:
    # Gemini's OpenAI-compatible endpoint replies with "id": "" and takes it back: no refusal is documented
    h = _chat("", "")
    conv = decode_conversation(h, "openai.chat")
    report: List[Problem] = []
    assert encode_conversation(conv, "openai.chat", report=report) == {"messages": h} and report == []
    assert check_conversation(conv, "openai.chat") == []


def _anthropic(inp: Any, missing: bool = False) -> List[Dict[str, Any]]:
    block: Dict[str, Any] = {"type": "tool_use", "id": "toolu_1", "name": "f"}
    if not missing:
        block["input"] = inp
    return [{"role": "user", "content": "hi"}, {"role": "assistant", "content": [block]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "ok"}]}]


@pytest.mark.parametrize(("inp", "missing", "want"), [
    ("{\"a\": 1}", False, {"a": 1}), ("", False, {}), (None, False, {}), ("null", False, {}), (None, True, {})])
def test_an_anthropic_input_that_is_no_object_is_written_as_one(inp: Any, missing: bool, want: Any) -> None:
    conv = decode_conversation(_anthropic(inp, missing), "anthropic.messages")
    report: List[Problem] = []
    out = encode_conversation(conv, "anthropic.messages", report=report)["messages"]
    assert out[1]["content"] == [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": want}]
    assert out[2] == _anthropic(inp)[2]
    assert _kinds(report) == [("rewritten", 1)]
    assert "Input should be a valid dictionary" in report[0].message
    assert [(p.kind, p.index) for p in check_conversation(conv, "anthropic.messages")] == [("refused-message", 1)]


def test_an_anthropic_input_list_is_an_invalid_call_refused_written() -> None:
    conv = decode_conversation(_anthropic([1]), "anthropic.messages")
    with pytest.raises(toolwire.EncodeError):
        encode_conversation(conv, "anthropic.messages")
    kinds = [p.kind for p in check_conversation(conv, "anthropic.messages")]
    assert kinds == ["refused-message", "unwritable-call"]


def _gemini(args: Any) -> Dict[str, Any]:
    return {"contents": [{"role": "user", "parts": [{"text": "hi"}]},
                         {"role": "model", "parts": [{"functionCall": {"name": "f", "args": args}}]},
                         {"role": "user", "parts": [{"functionResponse": {"name": "f", "response": {"result": "ok"}}}]}]}


@pytest.mark.parametrize(("args", "want"), [("{\"a\": 1}", {"a": 1}), ("", {})])
def test_gemini_string_args_are_written_back_as_an_object(args: Any, want: Any) -> None:
    conv = decode_conversation(_gemini(args), "gemini")
    report: List[Problem] = []
    out = encode_conversation(conv, "gemini", report=report)["contents"]
    assert out[1]["parts"] == [{"functionCall": {"name": "f", "args": want}}]
    assert _kinds(report) == [("rewritten", 1)]
    assert [(p.kind, p.index) for p in check_conversation(conv, "gemini")] == [("refused-message", 1)]


def _call(**over: Any) -> Dict[str, Any]:
    c: Dict[str, Any] = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
    c.update(over)
    return c


@pytest.mark.parametrize(("call", "args"), [
    (_call(function={"name": "f", "arguments": {"a": 1}}), "{\"a\":1}"),
    (_call(function={"name": "f", "arguments": None}), "{}"),
    (_call(function={"name": "f"}), "{}")])
def test_a_chat_call_openai_refuses_as_it_came_is_written_fresh(call: Dict[str, Any], args: Optional[str]) -> None:
    h = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": None, "tool_calls": [call]},
         {"role": "tool", "tool_call_id": "call_1", "content": "ok"}]
    conv = decode_conversation(h, "openai.chat")
    report: List[Problem] = []
    out = encode_conversation(conv, "openai.chat", report=report)["messages"]
    assert out[1]["tool_calls"] == [{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": args}}]
    assert out[2] == h[2] and _kinds(report) == [("rewritten", 1)]
    assert [(p.kind, p.index) for p in check_conversation(conv, "openai.chat")] == [("refused-message", 1)]


def test_a_responses_call_with_object_arguments_is_written_fresh() -> None:
    h = [{"role": "user", "content": "hi"},
         {"type": "function_call", "call_id": "call_1", "name": "f", "arguments": {"a": 1}},
         {"type": "function_call_output", "call_id": "call_1", "output": "ok"}]
    conv = decode_conversation(h, "openai.responses")
    report: List[Problem] = []
    out = encode_conversation(conv, "openai.responses", report=report)["input"]
    assert out[1]["arguments"] == "{\"a\":1}" and out[2] == h[2]
    assert _kinds(report) == [("rewritten", 1)]


@pytest.mark.parametrize("call", [{"id": "call_1", "function": {"name": "f", "arguments": "{}"}},
                                  _call(type=None)])
def test_a_chat_call_without_a_type_goes_back_as_it_came(call: Dict[str, Any]) -> None:
    # no refusal of it is documented (the call writer keeps the shape: ``chat``)
    h = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": None, "tool_calls": [call]},
         {"role": "tool", "tool_call_id": "call_1", "content": "ok"}]
    report: List[Problem] = []
    assert encode_conversation(decode_conversation(h, "openai.chat"), "openai.chat", report=report) == {"messages": h}
    assert report == []


def test_a_mistral_object_arguments_call_goes_back_as_it_came() -> None:
    # mistral-common's FunctionCall takes arguments as an object or a string
    h = [{"role": "user", "content": "hi"},
         {"role": "assistant", "content": "", "tool_calls": [
             {"id": "abcdefghi", "type": "function", "function": {"name": "f", "arguments": {"a": 1}}}]},
         {"role": "tool", "tool_call_id": "abcdefghi", "name": "f", "content": "ok"}]
    report: List[Problem] = []
    assert encode_conversation(decode_conversation(h, "mistral"), "mistral", report=report) == {"messages": h}
    assert report == []


@pytest.mark.parametrize("fn", [{"name": "f", "arguments": None}, {"name": "f"}])
def test_a_mistral_call_without_arguments_is_written_fresh(fn: Dict[str, Any]) -> None:
    # mistralai's FunctionCall: arguments: Union[Dict[str, Any], str], required
    h = [{"role": "user", "content": "hi"},
         {"role": "assistant", "content": "", "tool_calls": [{"id": "abcdefghi", "type": "function", "function": fn}]},
         {"role": "tool", "tool_call_id": "abcdefghi", "name": "f", "content": "ok"}]
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(h, "mistral"), "mistral", report=report)["messages"]
    assert out[1]["tool_calls"][0]["function"] == {"name": "f", "arguments": "{}"}
    assert _kinds(report) == [("rewritten", 1)]


def _many(n: int) -> Dict[str, Any]:
    """n id-less Mistral pairs (each refused as it came) and n plain ones."""
    msgs: List[Dict[str, Any]] = [{"role": "user", "content": "go"}]
    for i in range(n):
        for cid in ("null", f"abcd{i:05d}"):
            msgs.append({"role": "assistant", "content": "", "tool_calls": [
                {"id": cid, "type": "function", "function": {"name": "f", "arguments": {"i": i}}}]})
            msgs.append({"role": "tool", "tool_call_id": cid, "name": "f", "content": "ok"})
    return {"messages": msgs}


def test_refused_messages_are_found_in_linear_time() -> None:
    from lines_run import lines_run

    small, big = decode_conversation(_many(30), "mistral"), decode_conversation(_many(120), "mistral")
    assert len(check_conversation(small, "mistral")) == 60

    def work(c: Any) -> Any:
        return check_conversation(c, "mistral"), encode_conversation(c, "mistral")

    work(small)  # imports and caches first
    assert lines_run(lambda: work(big)) / lines_run(lambda: work(small)) < 5


@pytest.mark.parametrize("args", [None, {"city": "Paris"}])
def test_a_legacy_chat_function_call_without_argument_text_is_written_fresh(args: Any) -> None:
    # openai-python ChatCompletionAssistantMessageParam.FunctionCall: arguments: Required[str]
    h = [{"role": "user", "content": "weather in Paris?"},
         {"role": "assistant", "content": None, "function_call": {"name": "get_weather", "arguments": args}},
         {"role": "function", "name": "get_weather", "content": "sunny"}]
    conv = decode_conversation(h, "openai.chat")
    report: List[Problem] = []
    out = encode_conversation(conv, "openai.chat", report=report)["messages"]
    calls = out[1].get("tool_calls") or [out[1].get("function_call")]
    assert all(type((c.get("function") or c)["arguments"]) is str for c in calls)
    rewritten = [i for kind, i in _kinds(report) if kind == "rewritten"]
    assert 1 in rewritten
    assert [p.index for p in check_conversation(conv, "openai.chat") if p.kind == "refused-message"] == rewritten
