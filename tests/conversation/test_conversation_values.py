"""The conversation values: immutable, checked, pickled, compared by content."""

from __future__ import annotations

import copy
import pickle

import pytest

from toolwire import ToolCall, ToolResult
from toolwire.conversation import Conversation, Media, Message, Other, Problem, Reasoning, Text, decode_conversation

CHAT = {"messages": [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Hello."}]}


def test_messages_check_their_role_and_parts() -> None:
    with pytest.raises(ValueError, match="Message role must be one of system, user, assistant, tool, got 'bot'"):
        Message("bot", [Text("x")])
    with pytest.raises(TypeError, match=r"Message parts\[0\] is a str, not a message part"):
        Message("user", ["Hi"])
    with pytest.raises(TypeError, match=r"Conversation messages\[0\] is a dict, not a Message"):
        Conversation([{"role": "user"}])
    with pytest.raises(ValueError, match="Media needs exactly one of url and data"):
        Media("image")


def test_values_are_immutable() -> None:
    m = Message("user", [Text("Hi")])
    with pytest.raises(AttributeError, match="Message is immutable"):
        m.role = "assistant"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        Text("a").text = "b"  # type: ignore[misc]
    assert m.replace(role="assistant") == Message("assistant", [Text("Hi")])
    with pytest.raises(TypeError, match="Message has no field 'content'"):
        m.replace(content="x")


def test_pickle_and_copy_keep_the_exact_round_trip() -> None:
    conv = decode_conversation(CHAT)
    for again in (pickle.loads(pickle.dumps(conv)), copy.deepcopy(conv)):
        assert again == conv and again.dialect == "openai.chat"
        assert again.original("openai.chat") == {"messages": CHAT["messages"]}


def test_equality_is_content_only() -> None:
    a = decode_conversation(CHAT)
    b = Conversation([Message("user", [Text("Hi")]), Message("assistant", [Text("Hello.")])])
    assert a == b and hash(a) == hash(b)
    assert a.original("openai.chat") is not None and b.original("openai.chat") is None
    assert Reasoning("t", "gemini", {"x": 1}) != Reasoning("t", "anthropic.messages", {"x": 1})
    assert Other("document", "bedrock.converse", {"document": {}}) == Other("document", "bedrock.converse",
                                                                          {"document": {}})
    assert Media("image", url="https://a/b.png", dialect="x") == Media("image", url="https://a/b.png")


def test_equal_parts_hash_alike_and_compare_as_json() -> None:
    """The parts hashed their ``repr`` (key order counted, so equal parts hashed apart)
    and compared with Python's ``==`` (``True == 1``)."""
    a = Reasoning("", "gemini", {"text": "", "thoughtSignature": "c2ln", "n": 1})
    b = Reasoning("", "gemini", {"n": 1.0, "thoughtSignature": "c2ln", "text": ""})
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert Other("x", "anthropic.messages", {"flag": 1}) != Other("x", "anthropic.messages", {"flag": True})
    m1 = Message("assistant", [a, ToolCall("f", {"x": 1}, "c")])
    m2 = Message("assistant", [b, ToolCall("f", {"x": 1.0}, "c")])
    assert m1 == m2 and hash(m1) == hash(m2)


def test_accessors() -> None:
    conv = Conversation([
        Message("user", [Text("a"), Text("b")]),
        Message("assistant", [ToolCall("f", {}, "c1")]),
        Message("tool", [ToolResult("c1", content="ok")]),
    ])
    assert conv.messages[0].text == "a\n\nb"
    assert conv.calls == (ToolCall("f", {}, "c1"),) and conv.messages[1].calls == conv.calls
    assert conv.results == (ToolResult("c1", content="ok"),) and conv.messages[2].results == conv.results
    assert len(conv) == 3 and list(conv) == list(conv.messages)
    assert Media("image", media_type="image/png", data="AAAA").data_url() == "data:image/png;base64,AAAA"
    p = Problem("missing-result", 1, "c9", "Message 1: ...")
    assert p.as_dict() == {"kind": "missing-result", "index": 1, "id": "c9", "message": "Message 1: ..."}
    assert str(p) == "Message 1: ..."


def test_an_edited_message_is_written_from_its_parts_not_its_wire() -> None:
    """A message keeps the wire it was decoded from for an exact re-encode, only while
    its role and parts are those decoded: ``replace(parts=...)`` is written anew."""
    from toolwire.conversation import Text, decode_conversation, encode_conversation

    conv = decode_conversation({"model": "m", "messages": [{"role": "user", "content": "hi"},
                                                           {"role": "assistant", "content": "hello"}]}, "openai.chat")
    edited = conv.messages[1].replace(parts=[Text("changed")])
    assert encode_conversation([conv.messages[0], edited], "openai.chat")["messages"][1] == {
        "role": "assistant", "content": "changed"}


def test_the_same_dialects_wire_is_handed_back_as_a_copy() -> None:
    from toolwire.conversation import decode_conversation, encode_conversation

    conv = decode_conversation({"model": "m", "messages": [{"role": "user", "content": "hi"}]}, "openai.chat")
    first = encode_conversation(conv, "openai.chat")
    first["messages"][0]["content"] = "mutated by the caller"
    assert encode_conversation(conv, "openai.chat")["messages"][0]["content"] == "hi"


def test_append_and_replace_check_what_they_are_given() -> None:
    # ``append`` took a dict, which ``encode_conversation`` then met as a raw AttributeError
    conv = Conversation([Message("user", [Text("Hi")])])
    with pytest.raises(TypeError, match=r"Conversation messages\[1\] is a dict, not a Message"):
        conv.append({"role": "user", "content": "Hi"})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"Conversation messages\[0\] is a str, not a Message"):
        conv.replace(messages=("Hi",))
    with pytest.raises(ValueError, match="Message role must be one of system, user, assistant, tool, got 'bot'"):
        Message("user", [Text("x")]).replace(role="bot")
    with pytest.raises(TypeError, match=r"Message parts\[1\] is a str, not a message part"):
        Message("user", [Text("x")]).replace(parts=(Text("x"), "y"))
    assert conv.append(Message("assistant", [Text("Hello.")])).messages[1].role == "assistant"


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: Media(url=5), TypeError, "Media url must be a str or None, got 5"),
        (lambda: Media(data=5, media_type="image/png"), TypeError, "Media data must be a str or None, got 5"),
        (lambda: Media(data="aGk=", media_type=5), TypeError, "Media media_type must be a str or None, got 5"),
        (lambda: Media(kind=None, url="https://x"), TypeError, "Media kind must be a non-empty str, got None"),
        (lambda: Media(url="https://x", dialect=3), TypeError, "Media dialect must be a str or None, got 3"),
        (lambda: Reasoning(5, None), TypeError, "Reasoning text must be a str, got 5"),
        (lambda: Reasoning("t", None), TypeError, "Reasoning dialect must be a non-empty str, got None"),
        (lambda: Reasoning("t", "openai.chat", "sig"), TypeError, "Reasoning data must be a dict (the wire block) or None, got 'sig'"),
        (lambda: Other(1, "x", {}), TypeError, "Other type must be a non-empty str, got 1"),
        (lambda: Other("x", "openai.responses", 3), TypeError, "Other data must be a dict (the wire block), got 3"),
        (lambda: Other("x", "", {}), TypeError, "Other dialect must be a non-empty str, got ''"),
        (lambda: Message("user", None), TypeError, "Message parts must be an iterable of parts, got None"),
        (lambda: Conversation(5), TypeError, "Conversation messages must be an iterable of Message values, got 5"),
        (lambda: Text(""), ValueError, "Text must not be empty (an empty text is no part)"),
        (lambda: Reasoning("t", "anthropic.messages", {}).replace(data=[1]), TypeError,
         "Reasoning data must be a dict (the wire block) or None, got [1]"),
    ],
)
def test_part_constructors_check_their_fields(make: object, error: type, message: str) -> None:
    """Unchecked fields reached ``encode_conversation``, which raised AttributeError,
    TypeError or ValueError, or wrote an int into the wire; an empty text went out as a
    text block Anthropic and Bedrock refuse ("text content blocks must be non-empty")."""
    with pytest.raises(error) as info:
        make()  # type: ignore[operator]
    assert str(info.value) == message


def test_an_empty_text_is_no_part_of_a_decoded_history() -> None:
    conv = decode_conversation({"messages": [{"role": "user", "content": ""},
                                             {"role": "assistant", "content": [{"type": "text", "text": ""}]}]})
    assert [m.parts for m in conv.messages] == [(), ()]
