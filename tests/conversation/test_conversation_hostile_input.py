"""Only toolwire errors escape the conversation functions (DESIGN.md invariant 5): the
hand-written histories of ``histories.py`` and of the message-field tests, with values
replaced by values of the wrong type (unhashable roles and block types among them) or
removed, go through ``decode_conversation``, ``check_conversation``,
``fix_conversation`` and ``encode_conversation`` for every target; each returns or
raises a ``ToolwireError``."""

from __future__ import annotations

import contextlib
import copy
from typing import Any, Iterator, List, Tuple

import pytest
from histories import HISTORIES
from hypothesis import example, given
from hypothesis import strategies as st

from history_types import TARGETS
from toolwire import ToolwireError
from toolwire.conversation import check_conversation, decode_conversation, encode_conversation, fix_conversation

PAYLOADS: List[Tuple[Any, Any]] = [(d, body) for d, _, body, _ in HISTORIES] + [
    ("openai.chat", {"messages": [
        {"role": "assistant", "content": None, "refusal": "No.",
         "function_call": {"name": "get_weather", "arguments": "{}"}},
        {"role": "function", "name": "get_weather", "content": "sunny"}]}),
    ("mistral", {"messages": [
        {"role": "assistant", "content": [{"type": "thinking", "thinking": [{"type": "text", "text": "t"}]}],
         "tool_calls": [{"id": "abcDEF123", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "abcDEF123", "content": "4"}]}),
    ("ollama", {"messages": [{"role": "assistant", "content": "4", "thinking": "t", "images": ["iVBO"]}]}),
    ("gemini", {"contents": [{"role": "model", "parts": [{"text": "Hi", "thoughtSignature": "c2ln"}]}]}),
]
WRONG = [None, 0, 1.5, True, "", "x", [], {}, [None], {"a": 1}, [{}], {"type": {}}, {"type": []},
         {"text": None}, {"role": {}}, {"functionCall": {}}, {"toolUse": {}}, {"type": "thinking"},
         {"type": "refusal"}, {"type": "function_call"}, "function", "tool", "model"]


def _paths(o: Any, p: Tuple[Any, ...] = ()) -> Iterator[Tuple[Any, ...]]:
    if p:
        yield p
    if type(o) is dict:
        for k, v in o.items():
            yield from _paths(v, (*p, k))
    elif type(o) is list:
        for i, v in enumerate(o):
            yield from _paths(v, (*p, i))


def _mutate(body: Any, path: Tuple[Any, ...], value: Any, drop: bool) -> Any:
    x = copy.deepcopy(body)
    o = x
    for k in path[:-1]:
        o = o[k]
    if drop:
        del o[path[-1]]
    else:
        o[path[-1]] = copy.deepcopy(value)
    return x


@st.composite
def _hostile(draw: Any) -> Tuple[Any, Any]:
    d, body = draw(st.sampled_from(PAYLOADS))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(body))
        if not paths:
            break
        body = _mutate(body, draw(st.sampled_from(paths)), draw(st.sampled_from(WRONG)), draw(st.booleans()))
    return d, body


def _everything(d: Any, body: Any) -> None:
    for dialect in (d, None):
        try:
            conv = decode_conversation(body, dialect)
        except ToolwireError:
            continue
        with contextlib.suppress(ToolwireError):
            check_conversation(conv)
        with contextlib.suppress(ToolwireError):
            fix_conversation(conv)
        for target in TARGETS:
            with contextlib.suppress(ToolwireError):
                encode_conversation(conv, target, report=[])


@given(_hostile())
@example(("openai.chat", {"messages": [{"role": {}, "content": "hi"}]}))
@example(("anthropic.messages", {"messages": [{"role": ["user"], "content": "hi"}]}))
@example(("gemini", {"contents": [{"role": {}, "parts": [{"text": "hi"}]}]}))
@example(("openai.responses", {"input": [{"role": "user", "content": [{"type": {}, "text": "hi"}]}]}))
@example(("openai.responses", {"input": [{"role": {}, "content": "hi"}]}))
@example((None, {"system": "s", "messages": [{"role": "user", "content": [{"type": {}}]}]}))
@example(("bedrock.converse", {"messages": [{"role": "user", "content": [
    {"toolResult": {"toolUseId": "t1", "content": [{"type": "text"}]}}]}]}))
@example(("anthropic.messages", {"messages": [{"role": "user", "content": [
    {"type": "image", "source": {"type": "base64", "media_type": 1.5, "data": "iVBO"}}]}]}))
def test_only_toolwire_errors_escape_the_conversation_functions(case: Tuple[Any, Any]) -> None:
    _everything(*case)


@pytest.mark.parametrize(("dialect", "body", "loc"), [
    ("openai.chat", {"messages": [{"role": {}, "content": "hi"}]}, "$.messages[0].role"),
    ("anthropic.messages", {"messages": [{"role": ["user"], "content": "hi"}]}, "$.messages[0].role"),
    ("gemini", {"contents": [{"role": {}, "parts": [{"text": "hi"}]}]}, "$.contents[0].role"),
    ("openai.responses", {"input": [{"role": {}, "content": "hi"}]}, "$.input[0].role"),
    ("openai.responses", {"input": [{"role": "user", "content": [{"type": {}, "text": "hi"}]}]},
     "$.input[0].content[0]"),
    ("openai.chat", {"messages": [{"role": "assistant", "content": None, "refusal": 5}]}, "$.messages[0].refusal"),
])
def test_a_value_of_the_wrong_type_is_a_decode_error_at_its_place(dialect: str, body: Any, loc: str) -> None:
    from toolwire import DecodeError

    with pytest.raises(DecodeError) as exc:
        decode_conversation(body, dialect)
    assert exc.value.loc == loc


class _Raising(str):
    """Text whose comparison raises: a caller's own object, not toolwire's fault."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("boom")

    __hash__ = str.__hash__


class _RaisingDict(dict):  # type: ignore[type-arg]
    """A mapping whose reading raises: a caller's own object, not toolwire's fault."""

    def items(self) -> Any:
        raise RuntimeError("boom")


def test_a_str_subclass_whose_comparison_raises_is_read_as_its_text() -> None:
    """A foreign value inside the dicts is read as plain data first (``to_data``: a
    ``str`` subclass is its text), so its own methods are never called by a reader."""
    body = {"messages": [{"role": "user", "content": [{"type": _Raising("text"), "text": "hi"}]}]}
    out = encode_conversation(decode_conversation(body, "anthropic.messages"), "anthropic.messages")
    assert out == {"messages": [{"role": "user", "content": [{"type": "text", "text": "hi"}]}]}
    assert type(out["messages"][0]["content"][0]["type"]) is str


def _cyclic() -> List[Any]:
    out: List[Any] = []
    out.append(out)
    return out


@pytest.mark.parametrize(("dialect", "body"), [
    # a document Cohere reads as JSON that json.dumps refuses (a cycle)
    ("cohere.v2", {"messages": [
        {"role": "assistant", "tool_plan": "p", "tool_calls": [
            {"id": "f_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "f_1", "content": [{"type": "document", "document": {"data": _cyclic()}}]}]}),
    # a Bedrock content block with a key that is not text (sorted() in its error message)
    ("bedrock.converse", {"messages": [
        {"role": "user", "content": [{"toolResult": {"toolUseId": "t1", "content": [{"text": "x", 1: "y"}]}}]}]}),
    # a value whose own methods raise
    ("anthropic.messages", {"messages": [{"role": "user", "content": [{"type": "text", "text": _RaisingDict()}]}]}),
])
def test_errors_raised_by_odd_values_are_decode_errors(dialect: str, body: Any) -> None:
    """Found by mutating the corpus: these raised ValueError, TypeError or
    RuntimeError from the conversation functions."""
    for fn in (decode_conversation, check_conversation):
        with pytest.raises(ToolwireError):
            fn(body, dialect) if fn is decode_conversation else fn(body)


def test_a_same_dialect_history_that_cannot_be_copied_is_an_encode_error() -> None:
    import types

    from toolwire.conversation import Conversation

    body = {"messages": [{"role": "user", "content": "hi", "x-meta": types.MappingProxyType({"k": "v"})}]}
    # a value no reader looks at is kept as it stands (histories are not scanned ahead:
    # that cost a plain one up to +29%); written back as decoded, it cannot be copied
    with pytest.raises(ToolwireError, match="cannot be copied"):
        encode_conversation(decode_conversation(body, "openai.chat"), "openai.chat")
    plain = decode_conversation({"messages": [{"role": "user", "content": "hi"}]}, "openai.chat")
    conv = Conversation(plain.messages, dialect="openai.chat", wire=body)  # built by the caller
    with pytest.raises(ToolwireError, match="cannot be copied"):
        encode_conversation(conv, "openai.chat")


# an empty block type and a key that is not a string: no JSON of the provider's holds
# them, and the error says where (not "Input at $ could not be read")
_NOVA_RESULT = {"toolUseId": "tooluse_dV5ehBNfl1hUE-UTM9cIww",
                "content": [{"json": {"stdOut": "7006652", "stdErr": "", "exitCode": 0, "isError": False}}],
                "type": "nova_code_interpreter_result", "status": "success"}


@pytest.mark.parametrize(("dialect", "body", "loc", "message"), [
    ("gemini", {"contents": [{"role": "user", "parts": [{1: 2}]}]}, "$.contents[0].parts[0]",
     "Part at $.contents[0].parts[0] has a key that is not a string: 1"),
    ("bedrock.converse", {"messages": [{"role": "user", "content": [{1: 2}]}]}, "$.messages[0].content[0]",
     "Content block at $.messages[0].content[0] has a key that is not a string: 1"),
    ("anthropic.messages", {"messages": [{"role": "user", "content": [{"type": "", "text": "hi"}]}]},
     "$.messages[0].content[0].type", "Content block at $.messages[0].content[0] has an empty 'type'"),
    ("openai.chat", {"messages": [{"role": "user", "content": [{"type": "", "text": "hi"}]}]},
     "$.messages[0].content[0].type", "Content block at $.messages[0].content[0] has an empty 'type'"),
    ("mistral", {"messages": [{"role": "user", "content": [{"type": "", "text": "hi"}]}]},
     "$.messages[0].content[0].type", "Content block at $.messages[0].content[0] has an empty 'type'"),
    ("openai.responses", {"input": [{"role": "user", "content": [{"type": "", "text": "hi"}]}]},
     "$.input[0].content[0].type", "Content block at $.input[0].content[0] has an empty 'type'"),
    ("openai.responses", {"input": [{"type": ""}]}, "$.input[0].type", None),
])
def test_an_empty_type_or_a_key_not_a_string_is_a_decode_error_at_its_place(
    dialect: str, body: Any, loc: str, message: Any
) -> None:
    from toolwire import DecodeError

    with pytest.raises(DecodeError) as exc:
        decode_conversation(body, dialect)
    assert exc.value.loc == loc
    if message is not None:
        assert exc.value.message == message


def test_a_bedrock_tool_result_with_an_empty_type_is_an_ordinary_result() -> None:
    # Nova's server-run tool result has a "type" (nova_code_interpreter_result); an empty
    # one names no such kind: the block is read as the client's toolResult, as a type of
    # another JSON kind is
    body = {"messages": [
        {"role": "assistant", "content": [{"toolUse": {"toolUseId": _NOVA_RESULT["toolUseId"], "name": "f",
                                                       "input": {}}}]},
        {"role": "user", "content": [{"toolResult": {**_NOVA_RESULT, "type": ""}}]}]}
    conv = decode_conversation(body, "bedrock.converse")
    assert [type(p).__name__ for p in conv.messages[1].parts] == ["ToolResult"]
    assert conv.messages[1].parts[0].id == _NOVA_RESULT["toolUseId"]  # type: ignore[union-attr]


def test_a_bedrock_result_block_with_a_key_not_a_string_is_a_decode_error_at_its_place() -> None:
    from toolwire import DecodeError

    body = {"messages": [
        {"role": "assistant", "content": [{"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}}]},
        {"role": "user", "content": [{"toolResult": {"toolUseId": "t1", "content": [{1: 2, "json": {"a": 1}}]}}]}]}
    with pytest.raises(DecodeError) as exc:
        decode_conversation(body, "bedrock.converse")
    assert exc.value.loc == "$.messages[1].content[0].toolResult.content[0]"
    assert exc.value.message.endswith("must have exactly one member, got [1, 'json']")
