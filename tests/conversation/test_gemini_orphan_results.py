"""A result that answers no call is never sent to Gemini as if it answered one.

Gemini pairs the function responses of a turn with the function calls of the turn
before by number: "Please ensure that the number of function response parts is equal
to the number of function call parts of the function call turn." (400 INVALID_ARGUMENT,
google-gemini/gemini-cli#4504, #5443). A response for no call is refused so, or, where
another call's response is missing, read as that call's. A nameless one already raised
(Gemini needs the name); one that names its tool went out under that name, unreported.
It now raises ``EncodeError`` at its place, as the nameless one does, and
``fix_conversation`` removes it (its rule for an ``orphan-result``).
"""

from __future__ import annotations

from typing import Any, List

import pytest

import toolwire
from toolwire import EncodeError, ToolCall, ToolResult, convert
from toolwire.conversation import Conversation, Message, check_conversation, encode_conversation, fix_conversation
from toolwire.conversation._values import Text


def _unknown_id() -> Conversation:
    return Conversation([Message("user", [Text("q")]), Message("assistant", [ToolCall("f", {}, "a")]),
                         Message("tool", [ToolResult("a", None, "A"), ToolResult("x", "g", "G")])])


def _answered_twice() -> Conversation:
    # f and g share x; both results name g: the second answers no call (f's is missing)
    return Conversation([Message("user", [Text("q")]),
                         Message("assistant", [ToolCall("f", {}, "x"), ToolCall("g", {}, "x")]),
                         Message("tool", [ToolResult("x", "g", "G1"), ToolResult("x", "g", "G2")])])


def _idless() -> Conversation:
    # an id-less result of g while only f's call waits: it answers no call
    return Conversation([Message("user", [Text("q")]), Message("assistant", [ToolCall("f", {}, None)]),
                         Message("user", [ToolResult(None, "f", "F"), ToolResult(None, "g", "G")])])


@pytest.mark.parametrize("make, who", [(_unknown_id, "x ('g')"), (_answered_twice, "x ('g')"), (_idless, "'g' (no id)")])
def test_a_named_orphan_is_not_sent_to_gemini(make: Any, who: str) -> None:
    conv = make()
    assert "orphan-result" in [p.kind for p in check_conversation(conv, "gemini")]
    with pytest.raises(EncodeError) as e:
        encode_conversation(conv, "gemini")
    assert e.value.loc == "$.messages[2].parts[1]"
    assert str(e.value).startswith(
        f"Message 2: the result for {who} answers no call before it (check_conversation: orphan-result), so it "
        "cannot be written: ")
    assert "number of function response parts" in str(e.value)
    fixed, changes = fix_conversation(conv, "gemini")
    assert "removed" in [c.kind for c in changes]
    encode_conversation(fixed, "gemini")  # written once fixed


def test_a_result_whose_call_the_idmap_wrote_before_is_no_orphan() -> None:
    # a history written in fragments with one IdMap: the call went in an earlier fragment
    ids = toolwire.IdMap(toolwire.get_dialect("gemini").ids, dialect="gemini")
    encode_conversation(Conversation([Message("user", [Text("q")]), Message("assistant", [ToolCall("g", {}, "x")])]),
                        "gemini", ids=ids)
    out = encode_conversation(Conversation([Message("tool", [ToolResult("x", "g", "G")])]), "gemini", ids=ids)
    assert out["contents"][-1]["parts"] == [{"functionResponse": {"name": "g", "id": "x", "response": {"output": "G"}}}]


def test_other_targets_still_write_it() -> None:
    # their results carry the id (or no name): the provider refuses an unknown one itself
    report: List[Any] = []
    out = encode_conversation(_unknown_id(), "openai.chat", report=report)
    assert out["messages"][-1] == {"role": "tool", "tool_call_id": "x", "content": "G"}


def test_convert_to_gemini_refuses_a_result_no_call_of_its_idmap_has() -> None:
    ids = toolwire.IdMap(toolwire.get_dialect("gemini").ids, dialect="gemini")
    convert({"id": "a", "type": "function", "function": {"name": "f", "arguments": "{}"}}, to="gemini", ids=ids)
    with pytest.raises(EncodeError) as e:
        convert({"role": "tool", "tool_call_id": "x", "name": "g", "content": "G"}, to="gemini", source="mistral",
                ids=ids)
    assert str(e.value).startswith(
        "The result for x ('g') answers none of the calls written with this IdMap, so it cannot be written: gemini "
        "pairs the results of a turn with its calls by number")
    assert e.value.loc == "$"
    # the call's own result goes, and a result converted alone (no IdMap: no calls known) as well
    assert convert({"role": "tool", "tool_call_id": "a", "content": "A"}, to="gemini", source="openai.chat",
                   ids=ids) == {"functionResponse": {"name": "f", "id": "a", "response": {"output": "A"}}}
    assert convert({"role": "tool", "tool_call_id": "x", "name": "g", "content": "G"}, to="gemini",
                   source="mistral")["functionResponse"]["name"] == "g"
