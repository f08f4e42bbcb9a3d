"""#15 class 5: calls without ids (Gemini, Ollama, text formats).

The README's agent loop, unchanged, for replies whose calls carry no id, answered in a
dialect that needs ids: one ``IdMap`` per conversation gives every id-less call its
own stable id (two identical calls differ), and a result answers its call either by
the call's own ``id`` (``None``: the oldest unanswered call of that tool, first in,
first out, as Gemini pairs them) or by the call object (``ids.id_of(call)``).
Wire shapes: Gemini ``generateContent`` response, Ollama ``/api/chat`` response,
Hermes ``<tool_call>`` text.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire

PARIS = {"city": "Paris"}
GEMINI = {"candidates": [{"content": {"role": "model", "parts": [
    {"functionCall": {"name": "get_weather", "args": PARIS}},
    {"functionCall": {"name": "get_weather", "args": PARIS}},
    {"functionCall": {"name": "get_time", "args": {}}},
]}, "finishReason": "STOP"}]}
OLLAMA = {"model": "llama3.2", "created_at": "2026-01-01T00:00:00Z", "done": True, "done_reason": "stop",
          "message": {"role": "assistant", "content": "", "tool_calls": [
              {"function": {"name": "get_weather", "arguments": PARIS}},
              {"function": {"name": "get_weather", "arguments": PARIS}},
              {"function": {"name": "get_time", "arguments": {}}}]}}
HERMES = "".join(
    f'<tool_call>\n{{"name": "{n}", "arguments": {a}}}\n</tool_call>\n'
    for n, a in (("get_weather", '{"city": "Paris"}'), ("get_weather", '{"city": "Paris"}'), ("get_time", "{}"))
)


def _calls(source: str) -> List[Any]:
    if source == "text.hermes":
        return list(toolwire.decode_text(HERMES, "text.hermes").tool_calls)
    return toolwire.decode_all(GEMINI if source == "gemini" else OLLAMA)


def _ids_of_message(message: Dict[str, Any], target: str) -> List[str]:
    if target == "openai.chat" or target == "mistral":
        return [c["id"] for c in message["tool_calls"]]
    if target == "anthropic.messages":
        return [b["id"] for b in message["content"] if b.get("type") == "tool_use"]
    if target == "bedrock.converse":
        return [b["toolUse"]["toolUseId"] for b in message["content"] if "toolUse" in b]
    raise AssertionError(target)


def _ids_of_result(result: Dict[str, Any], target: str) -> str:
    if target in ("openai.chat", "mistral"):
        return str(result["tool_call_id"])
    if target == "anthropic.messages":
        return str(result["tool_use_id"])
    return str(result["toolResult"]["toolUseId"])


TARGETS = ["openai.chat", "anthropic.messages", "bedrock.converse", "mistral"]


@pytest.mark.parametrize("source", ["gemini", "ollama", "text.hermes"])
@pytest.mark.parametrize("target", TARGETS)
def test_idless_calls_readme_loop(source: str, target: str) -> None:
    ids = toolwire.IdMap(toolwire.get_dialect(target).ids, dialect=target)
    calls = _calls(source)
    assert [c.id for c in calls] == [None, None, None]
    message = toolwire.encode_message(calls, target, ids=ids)
    given = _ids_of_message(message, target)
    assert len(set(given)) == 3  # distinct, also for the two identical calls
    results = [
        toolwire.encode_result(toolwire.ToolResult(id=call.id, name=call.name, content="ok"), target, ids=ids)
        for call in calls
    ]
    assert [_ids_of_result(r, target) for r in results] == given


@pytest.mark.parametrize("target", TARGETS)
def test_idless_calls_encoded_one_by_one(target: str) -> None:
    ids = toolwire.IdMap(toolwire.get_dialect(target).ids, dialect=target)
    calls = _calls("gemini")
    first = [toolwire.encode(c, target, ids=ids) for c in calls]
    again = [toolwire.encode(c, target, ids=ids) for c in calls]  # the history re-encoded next turn
    assert first == again  # stable: the same call object keeps its id
    by_call = [ids.id_of(c) for c in calls]
    assert len(set(by_call)) == 3
    # answered by the call object, out of order
    for call in reversed(calls):
        out = toolwire.encode_result(toolwire.ToolResult(id=ids.id_of(call), name=call.name, content="ok"),
                                     target, ids=ids)
        assert _ids_of_result(out, target) == ids.id_of(call)


def test_idless_calls_ids_are_stable_across_maps() -> None:
    made = []
    for _ in range(2):
        ids = toolwire.IdMap(toolwire.get_dialect("openai.chat").ids, dialect="openai.chat")
        made.append([toolwire.encode(c, "openai.chat", ids=ids)["id"] for c in _calls("gemini")])
    assert made[0] == made[1]
    # pinned: a keyed BLAKE2b of the call's content and its rank, the same in every process
    assert made[0][0] == "call_GTqtJMlLD7XphMdbf48EeLXE"


def test_idless_calls_mixed_answering() -> None:
    ids = toolwire.IdMap(toolwire.get_dialect("openai.chat").ids, dialect="openai.chat")
    calls = _calls("gemini")
    message = toolwire.encode_message(calls, "openai.chat", ids=ids)
    given = _ids_of_message(message, "openai.chat")
    # the first call answered by its object, then the others by name: none answered twice
    r0 = toolwire.encode_result(toolwire.ToolResult(id=ids.id_of(calls[0]), name="get_weather", content="a"),
                                "openai.chat", ids=ids)
    r1 = toolwire.encode_result(toolwire.ToolResult(id=None, name="get_weather", content="b"), "openai.chat", ids=ids)
    r2 = toolwire.encode_result(toolwire.ToolResult(id=None, name="get_time", content="c"), "openai.chat", ids=ids)
    assert [r0["tool_call_id"], r1["tool_call_id"], r2["tool_call_id"]] == given
    with pytest.raises(toolwire.EncodeError, match="needs the id of its call"):
        toolwire.encode_result(toolwire.ToolResult(id=None, name="get_time", content="d"), "openai.chat", ids=ids)


def test_idless_calls_convert_pairs_results() -> None:
    ids = toolwire.IdMap(toolwire.get_dialect("openai.chat").ids, dialect="openai.chat")
    items = toolwire.convert(GEMINI, to="openai.chat", ids=ids)
    responses = [{"functionResponse": {"name": n, "response": {"output": "ok"}}}
                 for n in ("get_weather", "get_weather", "get_time")]
    answered = [toolwire.convert(r, to="openai.chat", ids=ids)["tool_call_id"] for r in responses]
    assert answered == [i["id"] for i in items] and len(set(answered)) == 3


@pytest.mark.parametrize("source", ["gemini", "ollama"])
def test_idless_calls_same_dialect_loop_needs_no_ids(source: str) -> None:
    for call in _calls(source):
        out = toolwire.encode_result(toolwire.ToolResult(id=call.id, name=call.name, content="ok"), source)
        assert out == ({"functionResponse": {"name": call.name, "response": {"output": "ok"}}} if source == "gemini"
                       else {"role": "tool", "tool_name": call.name, "content": "ok"})


def test_idless_calls_result_without_map_says_what_to_do() -> None:
    with pytest.raises(toolwire.EncodeError, match="pass the IdMap its call was encoded with"):
        toolwire.encode_result(toolwire.ToolResult(id=None, name="get_time", content="x"), "openai.chat")


def test_idless_calls_id_of_a_call_with_a_mapped_id() -> None:
    # by the call object also for a call whose id the target rejects (mapped once)
    ids = toolwire.IdMap(toolwire.get_dialect("mistral").ids, dialect="mistral")
    call = toolwire.ToolCall("get_time", {}, "call_0123456789abcdef")
    item = toolwire.encode(call, "mistral", ids=ids)
    out = toolwire.encode_result(toolwire.ToolResult(id=ids.id_of(call), name="get_time", content="x"), "mistral",
                                 ids=ids)
    assert out["tool_call_id"] == item["id"] == ids.id_of(call) != call.id
    assert len(item["id"]) == 9


def _bedrock_pairs(conv: Any, ids: toolwire.IdMap) -> List[List[str]]:
    out = toolwire.encode_conversation(conv, "bedrock.converse", ids=ids)
    return [[_ids_of_result(b, "bedrock.converse") if "toolResult" in b else b["toolUse"]["toolUseId"]
             for b in m["content"] if "toolResult" in b or "toolUse" in b] for m in out["messages"][1:]]


@pytest.mark.parametrize("answered_by_object", [False, True])
def test_idless_calls_empty_result_keeps_its_calls_id(answered_by_object: bool) -> None:
    # Converse refuses an empty result: it goes as a word, still answering its own call
    from toolwire.conversation import Conversation, Message, Text
    c1, c2 = toolwire.ToolCall("f", {"a": 1}), toolwire.ToolCall("f", {"a": 2})
    ids = toolwire.IdMap(toolwire.get_dialect("bedrock.converse").ids, dialect="bedrock.converse")
    second = ids.id_of(c2) if answered_by_object else None
    conv = Conversation([Message("user", [Text("hi")]), Message("assistant", [c1, c2]),
                         Message("tool", [toolwire.ToolResult(None, "f", ""), toolwire.ToolResult(second, "f", "two")])])
    calls, results = _bedrock_pairs(conv, ids)
    assert results == calls and len(set(calls)) == 2


@pytest.mark.parametrize("copy", ["pickle", "deepcopy"])
def test_idless_calls_copied_map_keeps_the_ids(copy: str) -> None:
    # a conversation and its map stored together (session state) and restored
    import copy as copying
    import pickle

    from toolwire.conversation import Message
    target = "anthropic.messages"
    hist = toolwire.decode_conversation([{"role": "user", "parts": [{"text": "hi"}]}, {"role": "model", "parts": [
        {"functionCall": {"name": "f", "args": {"a": 1}}}, {"functionCall": {"name": "f", "args": {"a": 2}}}]}],
        "gemini")
    ids = toolwire.IdMap(toolwire.get_dialect(target).ids, dialect=target)
    calls = hist.messages[-1].calls
    hist = hist.append(Message("tool", [toolwire.ToolResult(ids.id_of(c), c.name, "r") for c in reversed(calls)]))
    before = toolwire.encode_conversation(hist, target, ids=ids)["messages"]
    hist2, ids2 = pickle.loads(pickle.dumps((hist, ids))) if copy == "pickle" else copying.deepcopy((hist, ids))
    after = toolwire.encode_conversation(hist2, target, ids=ids2)["messages"]
    assert [b["id"] for b in after[1]["content"]] == [b["tool_use_id"] for b in reversed(after[2]["content"])]
    assert after == before


def test_idless_calls_made_id_never_takes_an_id_in_the_history() -> None:
    # an id made earlier for an id-less call, kept in the history, then a new id-less call of that tool
    from toolwire.conversation import Conversation, Message, Text
    target = "anthropic.messages"
    made = toolwire.convert({"functionCall": {"name": "get_time", "args": {}}}, target)["id"]
    turns = [[Message("assistant", [toolwire.ToolCall("get_time", {})]),
              Message("tool", [toolwire.ToolResult(None, "get_time", "10:00")])],
             [Message("assistant", [toolwire.ToolCall("get_time", {}, made)]),
              Message("tool", [toolwire.ToolResult(made, "get_time", "10:05")])]]
    for order in (turns, turns[::-1]):
        conv = Conversation([Message("user", [Text("time?")]), *order[0], Message("user", [Text("now?")]), *order[1]])
        out = toolwire.encode_conversation(conv, target, ids=toolwire.IdMap(toolwire.get_dialect(target).ids,
                                                                              dialect=target))["messages"]
        blocks = [b for m in out for b in m["content"] if isinstance(b, dict)]
        calls = [b["id"] for b in blocks if b["type"] == "tool_use"]
        assert [b["tool_use_id"] for b in blocks if b["type"] == "tool_result"] == calls
        assert len(set(calls)) == 2 and made in calls


def test_idless_calls_made_ids_are_told_apart() -> None:
    # an id made for a Gemini call that had none is not sent back to Gemini as if the API issued it
    ids = toolwire.IdMap(toolwire.get_dialect("openai.chat").ids, dialect="openai.chat")
    made = toolwire.convert({"functionCall": {"name": "f", "args": {}}}, "openai.chat", ids=ids)["id"]
    kept = toolwire.convert({"functionCall": {"name": "f", "args": {}, "id": "call_4162774"}}, "openai.chat",
                            ids=ids)["id"]
    assert (ids.made(made), ids.made(kept), ids.made("call_other")) == (True, False, False)
    assert (ids.original(made), ids.original(kept)) == (made, "call_4162774")  # as documented: itself


def test_idless_call_copy_is_another_call() -> None:
    """``id_of`` keys a call by its object (README, ids): two identical id-less calls
    are two calls, so an equal copy (pickled to a worker) cannot be told from the
    other one and is given an id of its own; the id taken before the copy answers."""
    import pickle

    calls = toolwire.decode_all({"candidates": [{"content": {"role": "model", "parts": [
        {"functionCall": {"name": "roll", "args": {}}}, {"functionCall": {"name": "roll", "args": {}}}]},
        "finishReason": "STOP"}]})
    ids = toolwire.IdMap(toolwire.get_dialect("openai.chat").ids, dialect="openai.chat")
    given = _ids_of_message(toolwire.encode_message(calls, "openai.chat", ids=ids), "openai.chat")
    taken = ids.id_of(calls[0])
    copy = pickle.loads(pickle.dumps(calls[0]))
    assert copy == calls[0] == calls[1]
    assert taken == given[0] and ids.id_of(copy) not in given
