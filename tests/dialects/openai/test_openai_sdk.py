"""Real openai SDK objects, built offline through the SDK's own parse path."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import toolwire
from corpus_data import files, load
from outcomes import decoded, decoded_all

openai = pytest.importorskip("openai")
from openai._models import construct_type  # noqa: E402  (the SDK's response parser)
from openai.types.chat import ChatCompletion, ChatCompletionMessage, ChatCompletionMessageFunctionToolCall  # noqa: E402
from openai.types.responses import Response  # noqa: E402

CHAT = {
    "id": "chatcmpl-1",
    "object": "chat.completion",
    "created": 1,
    "model": "gpt-4o",
    "choices": [
        {
            "index": 0,
            "finish_reason": "tool_calls",
            "message": {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "call_a",
                        "type": "function",
                        "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'},
                    },
                    {"id": "call_b", "type": "custom", "custom": {"name": "sql", "input": "SELECT 1"}},
                ],
            },
        }
    ],
}

RESPONSE = {
    "id": "resp_1",
    "object": "response",
    "created_at": 1,
    "model": "gpt-5",
    "status": "completed",
    "output": [
        {"type": "reasoning", "id": "rs_1", "summary": []},
        {
            "type": "function_call",
            "id": "fc_1",
            "call_id": "call_x",
            "name": "add",
            "arguments": '{"a": 1, "b": 2}',
            "status": "completed",
        },
    ],
    "parallel_tool_calls": True,
    "tool_choice": "auto",
    "tools": [],
}

EXPECTED_CHAT = [
    toolwire.ToolCall(name="get_weather", args={"city": "Paris"}, id="call_a"),
    toolwire.ToolCall(name="sql", args={"input": "SELECT 1"}, id="call_b"),
]


def chat_completion() -> Any:
    return construct_type(type_=ChatCompletion, value=CHAT)


def test_chat_completion_object() -> None:
    assert toolwire.decode_all(chat_completion()) == EXPECTED_CHAT
    assert toolwire.decode_all(CHAT) == EXPECTED_CHAT


def test_message_and_tool_call_objects() -> None:
    message = chat_completion().choices[0].message
    assert toolwire.decode_all(message) == EXPECTED_CHAT
    assert toolwire.decode_all(message.tool_calls) == EXPECTED_CHAT
    assert toolwire.decode(message.tool_calls[0]) == EXPECTED_CHAT[0]


def test_sdk_object_reencodes_to_its_wire_item() -> None:
    tc = chat_completion().choices[0].message.tool_calls[0]
    assert toolwire.encode(toolwire.decode(tc), "openai.chat") == CHAT["choices"][0]["message"]["tool_calls"][0]


def test_responses_objects() -> None:
    resp = construct_type(type_=Response, value=RESPONSE)
    expected = [toolwire.ToolCall(name="add", args={"a": 1, "b": 2}, id="call_x")]
    assert toolwire.decode_all(resp) == expected
    item = resp.output[1]
    call = toolwire.decode(item)
    assert call == expected[0]
    assert toolwire.encode(call, "openai.responses") == RESPONSE["output"][1]


TOOL_SEARCH_RESPONSE = dict(
    RESPONSE,
    model="gpt-5.4",
    output=[
        {"type": "tool_search_call", "id": "tsc_1", "call_id": None, "execution": "server",
         "status": "completed", "arguments": {"queries": ["weather"]}},
        {"type": "tool_search_output", "id": "tso_1", "call_id": None, "execution": "server",
         "status": "completed", "tools": [{"type": "function", "name": "get_weather", "strict": True,
                                           "parameters": {"type": "object", "properties": {}}}]},
        {"type": "tool_search_call", "id": "tsc_2", "call_id": "call_s", "execution": "client",
         "status": "completed", "arguments": {"query": "weather"}},
        {"type": "function_call", "id": "fc_1", "call_id": "call_x", "name": "get_weather",
         "arguments": "{}", "status": "completed"},
    ],
)


@pytest.mark.parametrize("build", [construct_type, lambda type_, value: type_.model_validate(value)])
def test_tool_search_items_of_responses_objects(build: Any) -> None:
    # the hosted search is a server call; the client-executed one is a call the client runs
    # (``ResponseToolSearchCall.execution``), keyed by the ``call_id`` its ``tool_search_output`` answers
    resp = build(type_=Response, value=TOOL_SEARCH_RESPONSE)
    for payload in (resp, resp.output, TOOL_SEARCH_RESPONSE):
        every = toolwire.decode_all(payload, include_server=True)
        assert [(c.name, c.id, c.server) for c in every] == [
            ("tool_search", "tsc_1", True),
            ("tool_search", "call_s", False),
            ("get_weather", "call_x", False),
        ]
    assert toolwire.explain(resp.output[2])[:2] == ("openai.responses", "call")


def test_validated_objects_too() -> None:
    # model_validate (not construct) adds defaults; the calls are the same
    assert toolwire.decode_all(ChatCompletion.model_validate(CHAT)) == EXPECTED_CHAT


def test_chat_object_given_as_responses_names_the_dialect() -> None:
    tc = chat_completion().choices[0].message.tool_calls[0]
    with pytest.raises(toolwire.DecodeError, match=r"looks like openai\.chat"):
        toolwire.decode(tc, "openai.responses")


def test_attribute_readers_agree_with_the_generic_walk() -> None:
    # the per-class fast readers (extra["objects"]) must give what the generic walk gives
    from toolwire._access import to_data

    tc = chat_completion().choices[0].message.tool_calls[0]
    reader = toolwire.get_dialect("openai.chat").sdk_calls["openai:ChatCompletionMessageFunctionToolCall"]
    assert reader(tc) == to_data(tc)
    with_extra = construct_type(type_=type(tc), value={**CHAT["choices"][0]["message"]["tool_calls"][0], "index": 3})
    assert reader(with_extra) is None  # falls back to the walk, which keeps the extra field
    assert toolwire.encode(toolwire.decode(with_extra), "openai.chat")["index"] == 3
    anthropic = pytest.importorskip("anthropic")
    from anthropic._models import construct_type as anthropic_construct

    block = anthropic_construct(
        type_=anthropic.types.ToolUseBlock, value={"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": 1}}
    )
    read = toolwire.get_dialect("anthropic.messages").sdk_calls["anthropic:ToolUseBlock"]
    assert read(block) == to_data(block)
    assert toolwire.decode(block) == toolwire.ToolCall(name="f", args={"a": 1}, id="toolu_1")


@pytest.mark.parametrize(
    "function",
    [
        {"name": "get_weather", "arguments": '{"city": "Paris"}'},
        {"name": "get_weather", "arguments": ""},  # the general path's empty-arguments rule
        {"name": "get_weather", "arguments": '"{\\"city\\": \\"Paris\\"}"'},  # double-encoded
        {"name": "", "arguments": "{}"},  # an error, reported by the general path
    ],
)
def test_the_object_reader_agrees_with_the_generic_walk(function: Any) -> None:
    from toolwire._access import to_data

    tc = construct_type(type_=ChatCompletionMessageFunctionToolCall, value={"id": "call_1", "type": "function", "function": function})
    read = toolwire.get_dialect("openai.chat").sdk_calls["openai:ChatCompletionMessageFunctionToolCall"]

    assert read(tc) == to_data(tc)  # read by attribute, no walk
    assert decoded(tc) == decoded(tc, repair=True) == decoded(to_data(tc)) == decoded(to_data(tc), "openai.chat")


@pytest.mark.parametrize("path", files("openai-chat", "openai-compatible", "openai-responses", kinds=("response",)))
def test_sdk_responses_read_by_their_container_readers_agree_with_the_generic_walk(path: Any) -> None:
    """``sdk_responses`` readers keep only what calls depend on: the decoded calls
    (with all their fidelity data) and the errors must be the generic walk's."""
    from toolwire._access import to_data

    payload = load(path)["payload"]
    cls = Response if payload.get("object") == "response" else ChatCompletion
    obj = construct_type(type_=cls, value=payload)

    reader = toolwire.get_dialect("openai.responses" if cls is Response else "openai.chat").sdk_responses[
        f"openai:{cls.__name__}"]
    assert reader(obj) is not None
    for kw in ({}, {"invalid": "keep"}, {"include_server": True}, {"finish_reason": None}):
        assert decoded_all(obj, **kw) == decoded_all(to_data(obj), **kw)


@pytest.mark.parametrize("path", files("openai-chat", "openai-compatible", kinds=("response",)))
def test_sdk_messages_read_by_their_container_reader_agree_with_the_generic_walk(path: Any) -> None:
    from toolwire._access import to_data

    payload = load(path)["payload"]
    if payload.get("object") == "response":
        pytest.skip("a Responses payload: no Chat message in it")
    messages = [c.get("message") for c in payload.get("choices") or () if isinstance(c, dict)]
    assert "openai:ChatCompletionMessage" in toolwire.get_dialect("openai.chat").sdk_responses
    for m in messages:
        if not isinstance(m, dict):
            continue
        obj = construct_type(type_=ChatCompletionMessage, value=m)
        for kw in ({}, {"invalid": "keep"}, {"finish_reason": None}):
            assert decoded_all(obj, **kw) == decoded_all(to_data(obj), **kw)


@pytest.mark.parametrize(
    "fields",
    [
        {"role": "assistant", "content": None},
        {"role": "assistant", "content": None, "tool_calls": []},
        {"role": "assistant", "content": "hi", "tool_calls": None, "function_call": {"name": "f", "arguments": "{}"}},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c", "type": "function", "function": {"name": "f", "arguments": ""}}]},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "null", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
        {"role": "assistant", "content": None, "tool_plan": "call f", "tool_calls": [{"id": "f_abcdefghijkl", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
        # an extra field that tells the dialect: Mistral's message reads the "null" id as none, Chat's keeps it
        {"role": "assistant", "content": None, "prefix": True, "tool_calls": [{"id": "null", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c", "type": "function", "function": {"name": "f", "arguments": "{"}}]},
        {"role": "assistant", "content": None, "tool_calls": 7},
        {"role": None, "content": [1], "tool_calls": [None]},
    ],
)
def test_odd_sdk_messages_agree_with_the_generic_walk(fields: Any) -> None:
    from toolwire._access import to_data

    for obj in (construct_type(type_=ChatCompletionMessage, value=fields), ChatCompletionMessage.model_construct(**fields)):
        for kw in ({}, {"invalid": "keep"}):
            assert decoded_all(obj, **kw) == decoded_all(to_data(obj), **kw)


@pytest.mark.parametrize(
    "fields",
    [{"choices": None}, {"choices": [None]}, {"choices": [{"message": 3}]}, {"choices": 7, "model": None}],
)
def test_odd_unvalidated_completion_objects_give_toolwire_errors_or_calls(fields: Any) -> None:
    obj = ChatCompletion.model_construct(**{"object": "chat.completion", "model": "m", **fields})
    with contextlib.suppress(toolwire.ToolwireError):
        toolwire.decode_all(obj)


@given(
    ident=st.one_of(st.text(max_size=45), st.sampled_from(["null", "call_1", "f_abcdefghijkl", "c" * 41])),
    name=st.one_of(st.text(max_size=8), st.just("f")),
    arguments=st.one_of(
        st.text(max_size=12),
        st.sampled_from(['{"a": 1}', "", "{}", "null", '{"a": [1, {"b": null}]}', '"{\\"a\\": 1}"', "{'a': 1}"]),
    ),
)
def test_the_one_step_readers_agree_with_the_plan(ident: str, name: str, arguments: str) -> None:
    """Speed only, held to the plan: the SDK object read straight into a ``ToolCall``
    and Chat's plain item decoded in one step (named and detected) give what the
    readers, claims and ``decode_call`` give (a policy keyword takes the plan)."""
    from plan_check import agrees
    from toolwire._access import to_data

    item = {"id": ident, "type": "function", "function": {"name": name, "arguments": arguments}}
    tc = construct_type(type_=ChatCompletionMessageFunctionToolCall, value=item)
    assert decoded(tc) == decoded(tc, repair=True) == decoded(to_data(tc), "openai.chat", repair=True)
    agrees(item)
    agrees(item, "openai.chat")


_IDENTS = st.one_of(st.text(max_size=14), st.sampled_from(["null", "call_1", "f_abcdefghijkl", "c" * 41]))
_ITEMS = st.fixed_dictionaries(
    {"id": _IDENTS, "type": st.sampled_from(["function", "function", "custom"]),
     "function": st.fixed_dictionaries({"name": st.sampled_from(["f", "", "get_weather"]),
                                        "arguments": st.sampled_from(['{"a": 1}', "", "{", "null", "[1]"])})})
_MESSAGES = st.fixed_dictionaries(
    {"role": st.sampled_from(["assistant", "assistant", "user"]),
     # parts (a lenient server's, or another dialect's blocks) as ``construct_type`` keeps them
     "content": st.sampled_from([None, "", "hi", [{"type": "text", "text": "hi"}],
                                 [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]])},
    optional={"tool_calls": st.one_of(st.none(), st.lists(_ITEMS, max_size=3)),
              "function_call": st.just({"name": "f", "arguments": "{}"}), "prefix": st.just(True),
              "tool_plan": st.just("call f")},
)
_CHOICES = st.fixed_dictionaries(
    {"index": st.just(0), "message": _MESSAGES,
     # the fast path's words, the walk's (cut off, failed) in other cases too (``finish_lookup``:
     # as is, upper, lower), and words no table holds
     "finish_reason": st.sampled_from(["tool_calls", "stop", "length", "max_tokens", None, "LENGTH", "Length",
                                       "ERROR", "Error", "error", "MAX_TOKENS", "Model_Length", "model_length",
                                       "TOOL_CALLS", "STOP", "insufficient_system_resource", "content_filter",
                                       "eos", "abort", ""])},
    optional={"logprobs": st.none(), "x_extra": st.just(1)},
)


@example(model="gpt-4o", choices=[{"index": 0, "finish_reason": "ERROR", "message": {"role": "assistant", "content": None,
          "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "rm", "arguments": "{}"}}]}}],
          extra={})  # a failed reply in upper case: its call ran
@example(model="gpt-4o", choices=[{"index": 0, "finish_reason": "LENGTH", "message": {"role": "assistant", "content": None,
          "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "rm", "arguments": ""}}]}}],
          extra={})  # cut off before its arguments, in upper case: it ran as {}
@example(model="gpt-4o", choices=[{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": [
          {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]}}], extra={})  # Anthropic's blocks: raises
@given(
    model=st.sampled_from(["gpt-4o", "mistral-large-latest", "codestral-2501", "", "command-a"]),
    choices=st.lists(_CHOICES, min_size=1, max_size=2),
    extra=st.sampled_from([{}, {"service_tier": "default"}, {"x_provider": {"a": 1}}]),
)
def test_the_one_step_reader_of_sdk_completions_agrees_with_the_walk(model: str, choices: Any, extra: Any) -> None:
    """Speed only, held to the general path: an SDK ``ChatCompletion`` read straight into
    its calls (``decode_plain_sdk_completion``) gives what the container reader, the plan
    and the walk give: a policy keyword takes the general path, as does the plain data."""
    from toolwire._access import to_data

    payload = {"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": model, "choices": choices,
               **extra}
    obj = construct_type(type_=ChatCompletion, value=payload)
    got = _no_excerpt(decoded_all(obj))
    assert got == _no_excerpt(decoded_all(obj, finish_reason=None)) == _no_excerpt(
        decoded_all(to_data(obj), finish_reason=None))
    assert decoded_all(payload) == decoded_all(payload, finish_reason=None)  # the dict's one step too


def _no_excerpt(outcome: Any) -> Any:
    """An error's message without its excerpt of the input (the container reader and the
    generic walk order a message's keys apart)."""
    if type(outcome) is tuple:
        return outcome[0], outcome[1].split("; got ")[0]
    return outcome


def test_sdk_completion_holding_another_dialects_blocks_raises_as_its_dict_does() -> None:
    """A ``ChatCompletion`` whose message content is a list of Anthropic ``tool_use`` blocks
    (Anthropic's documented content block, https://docs.anthropic.com/en/api/messages) is
    another dialect's reply: the SDK object raises as its dict does, never ``[]``."""
    payload = {**CHAT, "choices": [{"index": 0, "finish_reason": "stop", "message": {
        "role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]}}]}
    obj = construct_type(type_=ChatCompletion, value=payload)
    with pytest.raises(toolwire.DecodeError, match=r"^Input at \$\.choices\[0\]\.message is not an openai\.chat "
                       r"payload: it looks like anthropic\.messages"):
        toolwire.decode_all(obj)
    assert decoded_all(obj) == decoded_all(payload)


def test_the_one_step_reader_of_sdk_completions_is_used_and_steps_aside() -> None:
    """It reads the plain completion itself, and leaves a Mistral model's (which the
    plan gives to ``mistral``) and a completion with extra fields to the general path."""
    from toolwire.dialects.openai import chat_plain

    obj = construct_type(type_=ChatCompletion, value={**CHAT, "choices": [
        {**CHAT["choices"][0], "message": {**CHAT["choices"][0]["message"],
                                           "tool_calls": CHAT["choices"][0]["message"]["tool_calls"][:1]}}]})
    top, calls = chat_plain.decode_plain_sdk_completion(obj)
    assert calls == EXPECTED_CHAT[:1]
    assert top == {"object": "chat.completion", "model": CHAT["model"], "choices": [
        {"finish_reason": "tool_calls", "message": {"role": "assistant", "content": None}}]}
    from toolwire._builtin import default_registry

    reg = default_registry()
    fast = reg.object_plan(ChatCompletion)[3]
    assert fast is not None and reg.response_calls(fast, obj) == EXPECTED_CHAT[:1]
    mistral = obj.model_copy(update={"model": "mistral-large-latest"})
    assert reg.response_calls(fast, mistral) is None  # the plan names mistral on it
    assert toolwire.decode_all(mistral) == EXPECTED_CHAT[:1]
    assert chat_plain.decode_plain_sdk_completion(construct_type(type_=ChatCompletion, value={**CHAT, "x": 1})) is None
