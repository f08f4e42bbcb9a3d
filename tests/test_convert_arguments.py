"""Arguments of the wrong type to ``convert``, ``encode_message`` and
``encode_conversation``: a ``ToolwireError`` naming the argument, never a bare
``AssertionError`` / ``AttributeError`` nor a ``DecodeError`` blaming the input."""

from __future__ import annotations

from typing import Any, Callable

import pytest

import toolwire

CALL = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
HISTORY = {"messages": [{"role": "user", "content": "x"}]}


@pytest.mark.parametrize(
    "run",
    [
        lambda: toolwire.convert(CALL, None),
        lambda: toolwire.encode_message([CALL], None),
        lambda: toolwire.encode_conversation(HISTORY, None),
    ],
    ids=["convert", "encode_message", "encode_conversation"],
)
def test_no_dialect_is_an_unknown_dialect(run: Callable[[], Any]) -> None:
    with pytest.raises(toolwire.UnknownDialectError, match=r"^Unknown dialect None; known dialects: "):
        run()


def test_an_unknown_source_is_an_unknown_dialect() -> None:
    with pytest.raises(toolwire.UnknownDialectError, match=r"^Unknown dialect 5; "):
        toolwire.convert(CALL, "mistral", source=5)


@pytest.mark.parametrize(
    ("keyword", "value", "message"),
    [
        ("ids", {}, "ids= must be an IdMap or None, got a dict {}"),
        ("names", "x", "names= must be a NameMap or None, got a str 'x'"),
        ("registry", [], "registry= must be a Registry or None, got a list []"),
    ],
)
@pytest.mark.parametrize("entry", ["convert", "encode_message", "encode_conversation"])
def test_a_map_or_registry_of_the_wrong_type(entry: str, keyword: str, value: Any, message: str) -> None:
    kw = {keyword: value}
    with pytest.raises(toolwire.EncodeError) as info:
        if entry == "convert":
            toolwire.convert(CALL, "mistral", **kw)
        elif entry == "encode_message":
            toolwire.encode_message([CALL], "mistral", **kw)
        else:
            toolwire.encode_conversation(HISTORY, "anthropic.messages", **kw)
    assert str(info.value) == message


def test_a_report_that_is_not_a_list() -> None:
    with pytest.raises(toolwire.EncodeError) as info:
        toolwire.encode_conversation(HISTORY, "anthropic.messages", report={})
    assert str(info.value) == "report= must be a list or None, got a dict {}"


@pytest.mark.parametrize("content", [5, [{"type": "text", "text": "x"}], b"x"])
def test_message_content_is_text(content: Any) -> None:
    # ``content`` is the message's text (docs/convert.md); a number or a list of parts
    # would be written as it is: "content": 5 is no OpenAI assistant message
    with pytest.raises(toolwire.EncodeError) as info:
        toolwire.encode_message([CALL], "openai.chat", content=content)
    assert str(info.value).startswith("content= must be text or None, got ")
    assert info.value.dialect == "openai.chat"


def test_message_content_text_still_goes() -> None:
    assert toolwire.encode_message([CALL], "openai.chat", content="Looking.") == {
        "role": "assistant", "content": "Looking.", "tool_calls": [CALL],
    }


@pytest.mark.parametrize(
    ("run", "message"),
    [
        (lambda: toolwire.encode(CALL, "openai.chat", ids={}), "ids= must be an IdMap or None, got a dict {}"),
        (lambda: toolwire.encode_result({"role": "tool", "tool_call_id": "call_1", "content": "x"}, "anthropic",
                                        ids=[]), "ids= must be an IdMap or None, got a list []"),
        (lambda: toolwire.encode(CALL, "openai.chat", registry={}), "registry= must be a Registry or None, got a dict"),
        (lambda: toolwire.encode_tool({"name": "f", "input_schema": {"type": "object"}}, "openai.chat", registry=1),
         "registry= must be a Registry or None, got an int 1"),
    ],
    ids=["encode ids", "encode_result ids", "encode registry", "encode_tool registry"],
)
def test_the_encode_front_doors_name_the_argument(run: Callable[[], Any], message: str) -> None:
    """They raised a bare ``AttributeError`` (``{}.check_rule``, ``{}.get(...).ids``)."""
    with pytest.raises(toolwire.EncodeError, match="^" + message.replace("[", r"\[").replace("]", r"\]")):
        run()


def test_an_encode_result_report_that_is_not_a_list() -> None:
    # checked as encode_conversation checks it, before the result is read
    with pytest.raises(toolwire.EncodeError) as info:
        toolwire.encode_result({"role": "tool", "tool_call_id": "call_1", "content": "x"}, "anthropic.messages",
                               report=())
    assert str(info.value) == "report= must be a list or None, got a tuple ()"
