"""#15 class 6: encoding an ``InvalidToolCall`` writes its raw argument text back.

Where the target carries argument text (OpenAI Chat and Responses, Mistral, Cohere v2)
the model sees exactly what it sent; where the target carries an object (Anthropic,
Gemini, Bedrock, Ollama, MCP, canonical) ``EncodeError`` says so, never ``{}``.
``encode``, ``convert`` and ``encode_message`` follow one rule, so an agent can put
the invalid call in its history and answer it with an error result.
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire

CUT = '{"paths": ["a.txt", "b.t'


def _invalid(text: str = CUT, ident: Any = "call_1") -> toolwire.InvalidToolCall:
    item: Dict[str, Any] = {"type": "function", "function": {"name": "delete_files", "arguments": text}}
    if ident is not None:
        item["id"] = ident
    [bad] = toolwire.decode_all([item], "openai.chat", invalid="keep")
    assert isinstance(bad, toolwire.InvalidToolCall) and bad.raw == text
    return bad


TEXT_TARGETS = {
    "openai.chat": {"id": "call_1", "type": "function", "function": {"name": "delete_files", "arguments": CUT}},
    "openai.responses": {"type": "function_call", "call_id": "call_1", "name": "delete_files", "arguments": CUT},
    "cohere.v2": {"id": "call_1", "type": "function", "function": {"name": "delete_files", "arguments": CUT}},
}
OBJECT_TARGETS = ["anthropic.messages", "gemini", "bedrock.converse", "ollama", "mcp", "canonical"]


@pytest.mark.parametrize("target", sorted(TEXT_TARGETS))
def test_invalid_calls_encoded_with_their_text(target: str) -> None:
    bad = _invalid()
    assert toolwire.encode(bad, target) == TEXT_TARGETS[target]
    assert toolwire.convert(bad, to=target) == TEXT_TARGETS[target]
    # decoding it again gives the same invalid call back
    [again] = toolwire.decode_all([toolwire.encode(bad, target)], target, invalid="keep")
    assert isinstance(again, toolwire.InvalidToolCall) and (again.name, again.raw) == ("delete_files", CUT)


def test_invalid_calls_encoded_mistral_maps_the_id_only() -> None:
    out = toolwire.encode(_invalid(), "mistral")
    assert out["function"] == {"name": "delete_files", "arguments": CUT}
    assert len(out["id"]) == 9


@pytest.mark.parametrize("text", ["[1, 2]", '"rm -rf"', "{'paths': ['a.txt']", "not json at all"])
def test_invalid_calls_encoded_any_raw_text(text: str) -> None:
    bad = _invalid(text)
    assert toolwire.encode(bad, "openai.chat")["function"]["arguments"] == text


@pytest.mark.parametrize("target", OBJECT_TARGETS)
def test_invalid_calls_encoded_refused_where_arguments_are_objects(target: str) -> None:
    bad = _invalid()
    with pytest.raises(toolwire.EncodeError, match="carries arguments as an object"):
        toolwire.encode(bad, target)
    with pytest.raises(toolwire.EncodeError, match="carries arguments as an object"):
        toolwire.convert(bad, to=target)
    if toolwire.get_dialect(target).assistant_message is not None:
        with pytest.raises(toolwire.EncodeError, match="carries arguments as an object"):
            toolwire.encode_message([toolwire.ToolCall("get_time", {}, "call_0"), bad], target)


# raw text equal to another string of the item (its name, id, a type tag, MCP's
# "2.0" and "tools/call") is not its argument text: still refused, never {}
@pytest.mark.parametrize("target", OBJECT_TARGETS)
@pytest.mark.parametrize("text", ["delete_files", "call_1", "function", "2.0", "tools/call", "object"])
def test_invalid_calls_encoded_refused_when_the_text_equals_another_field(target: str, text: str) -> None:
    bad = _invalid(text)
    with pytest.raises(toolwire.EncodeError, match="carries arguments as an object"):
        toolwire.encode(bad, target)
    with pytest.raises(toolwire.EncodeError, match="carries arguments as an object"):
        toolwire.convert(bad, to=target)


@pytest.mark.parametrize("target", sorted(TEXT_TARGETS))
def test_invalid_calls_encoded_text_is_a_plain_str(target: str) -> None:
    out = toolwire.encode(_invalid("delete_files"), target)
    args = out["function"]["arguments"] if "function" in out else out["arguments"]
    assert type(args) is str and args == "delete_files"
    assert type(toolwire.convert(_invalid(), to=target)) is dict


def test_invalid_calls_encoded_in_a_message_and_answered() -> None:
    good = toolwire.ToolCall("get_time", {}, "call_0")
    bad = _invalid(ident=None)
    ids = toolwire.IdMap(toolwire.get_dialect("openai.chat").ids, dialect="openai.chat")
    message = toolwire.encode_message([good, bad], "openai.chat", ids=ids)
    assert [c["function"]["arguments"] for c in message["tool_calls"]] == ["{}", CUT]
    answer = toolwire.encode_result(
        toolwire.ToolResult(id=bad.id, name=bad.name, content="error: " + bad.error, is_error=True),
        "openai.chat", ids=ids)
    assert answer["tool_call_id"] == message["tool_calls"][1]["id"]


def test_invalid_calls_encoded_need_a_name_and_text() -> None:
    nameless = toolwire.InvalidToolCall(name=None, id="call_1", raw="{", error="no name")
    with pytest.raises(toolwire.EncodeError, match="without a name"):
        toolwire.encode(nameless, "openai.chat")
    textless = toolwire.InvalidToolCall(name="f", id="call_1", raw=None, error="arguments were a list")
    with pytest.raises(toolwire.EncodeError, match="no argument text"):
        toolwire.convert(textless, to="openai.chat")


def test_an_idless_invalid_call_keeps_its_id_each_turn() -> None:
    # an agent loop writes the history again each turn: the same call object keeps its id
    from toolwire.conversation import Conversation, Message, Text
    bad = toolwire.decode_text('<tool_call>\n{"name": "f", "arguments": {"a": 1,}}\n</tool_call>', "text.hermes",
                               repair=False).tool_calls[0]
    assert bad.id is None
    ids = toolwire.IdMap(toolwire.get_dialect("openai.chat").ids, dialect="openai.chat")
    h = Conversation([Message("user", [Text("hi")]), Message("assistant", [bad]),
                      Message("tool", [toolwire.ToolResult(bad.id, bad.name, "bad JSON", is_error=True)])])
    turns = [toolwire.encode_conversation(h, "openai.chat", ids=ids)["messages"] for _ in range(3)]
    got = {(m[1]["tool_calls"][0]["id"], m[2]["tool_call_id"]) for m in turns}
    assert len(got) == 1 and len({*next(iter(got))}) == 1
    assert [toolwire.encode(bad, "openai.chat", ids=ids)["id"] for _ in range(2)] == [turns[0][1]["tool_calls"][0]["id"]] * 2


def test_invalid_calls_encoded_with_the_items_own_fields() -> None:
    # a Responses item cut off at the token limit (status "incomplete",
    # https://platform.openai.com/docs/api-reference/responses/object): its item id and
    # status are written back as a valid call's are, never dropped
    item = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "delete_files", "arguments": CUT,
            "status": "incomplete"}
    reply = {"object": "response", "status": "incomplete", "incomplete_details": {"reason": "max_output_tokens"},
             "output": [item]}
    [bad] = toolwire.decode_all(reply, "openai.responses", invalid="keep")
    assert type(bad) is toolwire.InvalidToolCall
    assert bad.provider_data == {"openai.responses": {"id": "fc_1", "status": "incomplete"}}
    assert toolwire.encode(bad, "openai.responses") == item
    conv = toolwire.decode_conversation([{"role": "user", "content": "x"}, item], "openai.responses")
    [part] = conv.messages[1].parts
    assert type(part) is toolwire.InvalidToolCall and part.provider_data == bad.provider_data


@pytest.mark.parametrize("text", ['{"paths": ["a.txt"]}', CUT])
def test_a_responses_call_given_a_call_id_keeps_its_items_own_fields(text: str) -> None:
    # an item with an empty call_id: the id made for it replaces only that, never the
    # item's own id and status (made_id_data took the item's whole provider data)
    item = {"type": "function_call", "id": "fc_1", "call_id": "", "name": "delete_files", "arguments": text,
            "status": "completed"}
    [call] = toolwire.decode_all([item], "openai.responses", invalid="keep")
    ids = toolwire.IdMap(toolwire.get_dialect("openai.responses").ids)
    for out in (toolwire.convert(call, to="openai.responses"), toolwire.encode(call, "openai.responses", ids=ids)):
        assert (out["id"], out["status"], out["arguments"]) == ("fc_1", "completed", text)
        assert out["call_id"].startswith("call_")


def test_a_cut_custom_tool_call_is_written_back_as_one() -> None:
    # a Responses custom_tool_call whose item says it was cut off (status "incomplete",
    # https://platform.openai.com/docs/guides/function-calling#custom-tools): the
    # InvalidToolCall keeps what makes it custom, its item id and status, and is written
    # back as the custom_tool_call it was (it went back as a function_call with the free
    # text as "arguments"); Chat gets a custom tool call (openai-python
    # ChatCompletionMessageCustomToolCall), none of the Responses item's fields
    item = {"type": "custom_tool_call", "id": "ctc_1", "call_id": "call_1", "name": "apply_patch",
            "input": "*** Begin Patch\n*** Upd", "status": "incomplete"}
    [bad] = toolwire.decode_all([item], "openai.responses", invalid="keep")
    assert type(bad) is toolwire.InvalidToolCall and bad.raw == item["input"]
    assert bad.provider_data == {"openai.responses": {"id": "ctc_1", "status": "incomplete", "custom": True}}
    assert toolwire.encode(bad, "openai.responses") == item
    chat = toolwire.convert(bad, to="openai.chat")
    assert chat == {"id": "call_1", "type": "custom", "custom": {"name": "apply_patch", "input": item["input"]}}
    history = [{"role": "user", "content": "x"}, item,
               {"type": "custom_tool_call_output", "call_id": "call_1", "output": "error: cut off"}]
    conv = toolwire.decode_conversation(history, "openai.responses")
    assert toolwire.encode_conversation(conv, "openai.responses") == {"input": history}
