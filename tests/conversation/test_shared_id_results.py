"""Results answering calls that share one id pair with them in order.

DeepSeek and GLM servers may give the parallel calls of one reply one id (toolwire keeps
both calls: docs/streaming.md); an agent answers them in order, one tool message each
with that id. The first result with the id answers the first call with it, the second
the second: written for Gemini (``functionResponse.name`` "Matches ... [FunctionCall.name]",
https://ai.google.dev/api/caching#FunctionResponse), Mistral (``name``) and Ollama
(``tool_name``), each result names its own call's tool. Both used to be named after the
last call (f's output sent as g's) with nothing reported, and ``check_conversation``
called the second result an orphan (``fix_conversation`` removed it). A result beyond
the calls with its id answers none: it never takes another call's name.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from toolwire import EncodeError
from toolwire.conversation import (
    Problem,
    check_conversation,
    decode_conversation,
    encode_conversation,
    fix_conversation,
)


def _history(*results: str) -> Dict[str, Any]:
    return {"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_0", "type": "function", "function": {"name": "f", "arguments": "{\"x\":1}"}},
            {"id": "call_0", "type": "function", "function": {"name": "g", "arguments": "{\"y\":2}"}}]},
        *({"role": "tool", "tool_call_id": "call_0", "content": r} for r in results),
    ]}


def test_gemini_names_each_response_after_its_own_call() -> None:
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(_history("F", "G"), "openai.chat"), "gemini", report=report)
    assert out["contents"][-1] == {"role": "user", "parts": [
        {"functionResponse": {"name": "f", "id": "call_0", "response": {"output": "F"}}},
        {"functionResponse": {"name": "g", "id": "call_0", "response": {"output": "G"}}},
    ]}
    assert [p.kind for p in report] == ["inserted"]  # Gemini 3's dummy signature on the first call


@pytest.mark.parametrize("target, key", [("mistral", "name"), ("ollama", "tool_name")])
def test_tool_messages_name_each_result_after_its_own_call(target: str, key: str) -> None:
    out = encode_conversation(decode_conversation(_history("F", "G"), "openai.chat"), target)
    tools = [m for m in out["messages"] if m["role"] == "tool"]
    assert [(m[key], m["content"]) for m in tools] == [("f", "F"), ("g", "G")]


def test_check_pairs_them_in_order() -> None:
    conv = decode_conversation(_history("F", "G"), "openai.chat")
    # the shared id is still found; the second result answers the second call
    assert [(p.kind, p.index) for p in check_conversation(conv, "gemini")] == [("duplicate-id", 1)]
    fixed, changes = fix_conversation(conv, "gemini")
    assert changes == [] and fixed == conv


def test_the_call_no_result_answers_is_the_later_one() -> None:
    conv = decode_conversation(_history("F"), "openai.chat")
    problems = check_conversation(conv, "openai.chat")
    assert [(p.kind, p.index, p.id) for p in problems] == [("duplicate-id", 1, "call_0"),
                                                           ("missing-result", 1, "call_0")]
    assert problems[1].message.startswith("Message 1: the call call_0 ('g') has no result;")
    out = encode_conversation(conv, "gemini")
    assert out["contents"][-1]["parts"] == [{"functionResponse": {"name": "f", "id": "call_0",
                                                                  "response": {"output": "F"}}}]


def test_a_result_beyond_the_calls_with_its_id_takes_no_name() -> None:
    conv = decode_conversation(_history("F", "G", "H"), "openai.chat")
    assert [(p.kind, p.index) for p in check_conversation(conv, "gemini")] == [("duplicate-id", 1),
                                                                               ("orphan-result", 4)]
    orphan_takes_no_name(conv, 4, [("f", "F"), ("g", "G"), (None, "H")])


def orphan_takes_no_name(conv: Any, index: int, tools: List[Any]) -> None:
    """The orphan result of *conv* at message *index* is written under no call's name:
    Gemini (which needs one) raises at its place, Mistral and Ollama send it nameless,
    noted (*tools*: their tool messages' names and contents)."""
    with pytest.raises(EncodeError) as e:
        encode_conversation(conv, "gemini")
    assert e.value.loc == f"$.messages[{index}].parts[0]"
    assert (f"Message {index}: the result for call_0 answers no call before it (check_conversation: "
            "orphan-result)") in str(e.value)
    for target, key in [("mistral", "name"), ("ollama", "tool_name")]:
        report: List[Problem] = []
        out = encode_conversation(conv, target, report=report)
        assert [(m.get(key), m["content"]) for m in out["messages"] if m["role"] == "tool"] == tools
        assert [(p.kind, p.index) for p in report] == [("dropped", index)]


def test_fix_answers_the_later_call_and_keeps_the_first_result_with_the_first() -> None:
    conv = decode_conversation(_history("F"), "openai.chat")
    fixed, changes = fix_conversation(conv, "gemini")
    assert [(c.kind, c.index, c.id) for c in changes] == [("answered", 1, "call_0")]
    assert [(p.kind, p.index) for p in check_conversation(fixed, "gemini")] == [("duplicate-id", 1)]
    assert fix_conversation(fixed, "gemini")[1] == []
    parts = encode_conversation(fixed, "gemini")["contents"][-1]["parts"]
    assert [(p["functionResponse"]["name"], list(p["functionResponse"]["response"])) for p in parts] == [
        ("f", ["output"]), ("g", ["error"])]


def test_convert_names_each_response_after_its_own_call() -> None:
    # convert, one item at a time with one IdMap or as a list, names each result after the
    # call with its id that no result has answered yet, in order (f's output was sent as g's)
    from toolwire import IdMap, ToolCall, ToolResult, convert, get_dialect

    f = ToolCall(name="f", args={"x": 1}, id="call_0")
    g = ToolCall(name="g", args={"y": 2}, id="call_0")
    rf, rg = ToolResult(id="call_0", content="F"), ToolResult(id="call_0", content="G")
    out = convert([f, g, rf, rg], "gemini")
    assert [p["functionResponse"]["name"] for p in out[2:]] == ["f", "g"]
    ids = IdMap(get_dialect("gemini").ids, dialect="gemini")
    parts = [convert(x, "gemini", ids=ids) for x in (f, g, rf, rg)]
    assert [p["functionResponse"]["name"] for p in parts[2:]] == ["f", "g"]
    # a result again after both were answered: the last call's name, as before
    assert convert(rg, "gemini", ids=ids)["functionResponse"]["name"] == "g"


def test_convert_a_later_turn_reusing_an_id_ends_the_wait_of_unanswered_calls() -> None:
    # an agent loop converting item by item with one IdMap, ids per reply (call_0 each
    # time): a call left unanswered takes no later turn's result, where the later turn is
    # told (``IdMap.turn``) or follows a result (calls one after another are one turn's:
    # DeepSeek's parallel calls share an id)
    from toolwire import IdMap, ToolCall, ToolResult, convert, get_dialect

    for target, name_of in (("mistral", lambda out: out["name"]),
                            ("gemini", lambda out: out["functionResponse"]["name"])):
        ids = IdMap(get_dialect(target).ids, dialect=target)

        def turn(name: str, answered: bool, target: str = target, ids: IdMap = ids) -> Any:
            convert(ToolCall(name=name, args={}, id="call_0"), target, ids=ids)
            return convert(ToolResult(id="call_0", content="ok"), target, ids=ids) if answered else None

        assert name_of(turn("book", True)) == "book"
        turn("search", False)
        ids.turn()
        assert name_of(turn("pay", True)) == "pay"
        # without the mark, search and look are one turn's calls; the turn after a result
        # is a later turn: its call's result is its own
        turn("search", False)
        assert name_of(turn("look", True)) == "search"
        assert name_of(turn("send", True)) == "send"
