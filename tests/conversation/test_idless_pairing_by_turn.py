"""Id-less calls (Gemini, Ollama) written for a target that needs ids.

- A result pairs with the id-less calls of the assistant turn before it only, as
  ``check_conversation`` pairs them (docs/conversations.md: "Id-less calls (Gemini)
  pair with the id-less responses of the next turn, by tool name and then by
  position"): a call left unanswered in an earlier turn never takes a later result.
- With one ``IdMap`` per conversation, the same history read again each turn (a new
  object each time) gets the same made ids, and the map does not grow: the prefix a
  provider caches stays the same (DESIGN invariant 4: ids map back deterministically).

Wire shapes: Gemini ``contents`` with ``functionCall`` / ``functionResponse`` parts
(https://ai.google.dev/api/caching#Content), Ollama ``/api/chat`` messages
(``tool_calls[].function``, a ``role: "tool"`` message with its content).
"""

from __future__ import annotations

import copy
import json
import pickle
from typing import Any, Dict, List

import pytest

import toolwire


def _model_call(city: str) -> Dict[str, Any]:
    return {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {"city": city}}}]}


def _response(text: str) -> Dict[str, Any]:
    return {"role": "user", "parts": [{"functionResponse": {"name": "get_weather", "response": {"temp": text}}}]}


# Paris asked, then dropped by the user; only Rome is answered
CHANGED_MIND = {"contents": [
    {"role": "user", "parts": [{"text": "weather in Paris?"}]}, _model_call("Paris"),
    {"role": "user", "parts": [{"text": "never mind, Rome?"}]}, _model_call("Rome"),
    _response("30C in Rome"),
]}


def _chat_pairs(messages: List[Dict[str, Any]]) -> Dict[str, str]:
    """tool_call_id -> the city of the call it answers."""
    calls = {c["id"]: json.loads(c["function"]["arguments"])["city"]
             for m in messages if m["role"] == "assistant" for c in m.get("tool_calls", ())}
    return {m["tool_call_id"]: calls[m["tool_call_id"]] for m in messages if m["role"] == "tool"}


def test_a_result_answers_the_call_of_the_turn_before_it() -> None:
    conv = toolwire.decode_conversation(CHANGED_MIND)
    assert [(p.kind, p.index) for p in toolwire.check_conversation(conv)] == [("missing-result", 1)]
    messages = toolwire.encode_conversation(conv, "openai.chat")["messages"]
    assert [m["role"] for m in messages] == ["user", "assistant", "user", "assistant", "tool"]
    assert list(_chat_pairs(messages).values()) == ["Rome"]
    assert messages[4]["tool_call_id"] == messages[3]["tool_calls"][0]["id"]
    # what was written pairs as check_conversation said: Paris is the call left unanswered
    written = toolwire.decode_conversation({"messages": messages}, "openai.chat")
    assert [(p.kind, p.index) for p in toolwire.check_conversation(written)] == [("missing-result", 1)]


def test_the_turn_closes_for_anthropic_too() -> None:
    messages = toolwire.encode_conversation(toolwire.decode_conversation(CHANGED_MIND), "anthropic.messages")["messages"]
    rome = messages[3]["content"][0]
    assert rome["input"] == {"city": "Rome"}
    assert [b["tool_use_id"] for b in messages[4]["content"] if b["type"] == "tool_result"] == [rome["id"]]


def test_a_result_after_a_text_only_assistant_turn_answers_no_earlier_call() -> None:
    # the new assistant turn closes Paris (check_conversation: missing and orphan); the
    # result is not silently given to a call of an earlier turn: a target that needs
    # the id of its call refuses it
    late = {"contents": [
        {"role": "user", "parts": [{"text": "weather in Paris?"}]}, _model_call("Paris"),
        {"role": "user", "parts": [{"text": "hm"}]}, {"role": "model", "parts": [{"text": "Waiting."}]},
        _response("20C"),
    ]}
    conv = toolwire.decode_conversation(late)
    assert sorted(p.kind for p in toolwire.check_conversation(conv)) == ["missing-result", "orphan-result"]
    with pytest.raises(toolwire.EncodeError, match="tool result needs the id of its call; this result has none"):
        toolwire.encode_conversation(conv, "openai.chat")


def test_unnamed_results_pair_by_position_as_checked() -> None:
    # Ollama's tool message may carry no tool name: results pair with the turn's calls in order
    body = {"model": "llama3.2", "messages": [
        {"role": "user", "content": "weather and time?"},
        {"role": "assistant", "content": "", "tool_calls": [
            {"function": {"name": "get_weather", "arguments": {"city": "Paris"}}},
            {"function": {"name": "get_time", "arguments": {}}}]},
        {"role": "tool", "content": "20C"}, {"role": "tool", "content": "12:00"},
    ]}
    conv = toolwire.decode_conversation(body, "ollama")
    assert toolwire.check_conversation(conv, "openai.chat") == []
    messages = toolwire.encode_conversation(conv, "openai.chat")["messages"]
    ids = [c["id"] for c in messages[1]["tool_calls"]]
    assert [(m["tool_call_id"], m["content"]) for m in messages[2:]] == [(ids[0], "20C"), (ids[1], "12:00")]


def test_identical_calls_of_one_turn_still_differ_and_pair_in_order() -> None:
    both = {"contents": [
        {"role": "user", "parts": [{"text": "twice"}]},
        {"role": "model", "parts": [_model_call("Paris")["parts"][0], _model_call("Paris")["parts"][0]]},
        {"role": "user", "parts": [_response("a")["parts"][0], _response("b")["parts"][0]]},
    ]}
    messages = toolwire.encode_conversation(toolwire.decode_conversation(both), "openai.chat")["messages"]
    first, second = (c["id"] for c in messages[1]["tool_calls"])
    assert first != second
    assert [(m["tool_call_id"], json.loads(m["content"])) for m in messages[2:]] == [
        (first, {"temp": "a"}), (second, {"temp": "b"})]


# --- the same history read again each turn ------------------------------------------------

TURN_1 = {"contents": [{"role": "user", "parts": [{"text": "w?"}]}, _model_call("Paris"), _response("20C")]}
TURN_2 = {"contents": [*TURN_1["contents"], {"role": "model", "parts": [{"text": "20C. More?"}]},
                       {"role": "user", "parts": [{"text": "and Rome"}]}, _model_call("Rome"), _response("30C")]}


@pytest.mark.parametrize("target", ["openai.chat", "anthropic.messages", "mistral", "bedrock.converse"])
def test_the_same_history_read_again_keeps_its_ids(target: str) -> None:
    ids = toolwire.IdMap(toolwire.get_dialect(target).ids, dialect=target)
    stored = json.dumps(TURN_1)
    first = toolwire.encode_conversation(toolwire.decode_conversation(stored), target, ids=ids)
    mapping = dict(ids.mapping)
    for _ in range(3):
        again = toolwire.encode_conversation(toolwire.decode_conversation(stored), target, ids=ids)
        assert again == first
        assert ids.mapping == mapping
    # the ids a fresh map makes: the same history gives the same ids in any map
    fresh = toolwire.encode_conversation(toolwire.decode_conversation(stored), target,
                                         ids=toolwire.IdMap(toolwire.get_dialect(target).ids, dialect=target))
    assert fresh == first


def test_a_history_that_grows_keeps_the_ids_of_its_prefix() -> None:
    ids = toolwire.IdMap(toolwire.get_dialect("openai.chat").ids, dialect="openai.chat")
    one = toolwire.encode_conversation(toolwire.decode_conversation(json.dumps(TURN_1)), "openai.chat", ids=ids)
    two = toolwire.encode_conversation(toolwire.decode_conversation(json.dumps(TURN_2)), "openai.chat", ids=ids)
    assert two["messages"][: len(one["messages"])] == one["messages"]
    assert _chat_pairs(two["messages"]) == {
        two["messages"][1]["tool_calls"][0]["id"]: "Paris", two["messages"][5]["tool_calls"][0]["id"]: "Rome"}
    assert len(ids.mapping) == 2


def test_the_map_stays_the_same_size_over_many_turns() -> None:
    ids = toolwire.IdMap(toolwire.get_dialect("openai.chat").ids, dialect="openai.chat")
    stored = json.dumps(TURN_2)
    sizes = []
    for _ in range(40):
        toolwire.encode_conversation(toolwire.decode_conversation(stored), "openai.chat", ids=ids)
        sizes.append(len(pickle.dumps(ids)))
    assert len(set(sizes[2:])) == 1  # the objects of the last passes only, the ids once each


def test_a_copied_map_gives_the_same_ids_to_the_history_read_again() -> None:
    ids = toolwire.IdMap(toolwire.get_dialect("openai.chat").ids, dialect="openai.chat")
    stored = json.dumps(TURN_2)
    first = toolwire.encode_conversation(toolwire.decode_conversation(stored), "openai.chat", ids=ids)
    for other in (copy.deepcopy(ids), pickle.loads(pickle.dumps(ids))):
        assert toolwire.encode_conversation(toolwire.decode_conversation(stored), "openai.chat", ids=other) == first


def test_the_same_call_object_keeps_its_id_and_id_of_finds_it() -> None:
    ids = toolwire.IdMap(toolwire.get_dialect("openai.chat").ids, dialect="openai.chat")
    conv = toolwire.decode_conversation(TURN_2)
    out = toolwire.encode_conversation(conv, "openai.chat", ids=ids)
    paris, rome = conv.calls
    assert ids.id_of(paris) == out["messages"][1]["tool_calls"][0]["id"]
    assert ids.id_of(rome) == out["messages"][5]["tool_calls"][0]["id"]
    assert toolwire.encode_conversation(conv, "openai.chat", ids=ids) == out


def test_a_call_encoded_alone_first_keeps_that_id_in_the_history() -> None:
    ids = toolwire.IdMap(toolwire.get_dialect("openai.chat").ids, dialect="openai.chat")
    conv = toolwire.decode_conversation(TURN_2)
    rome = conv.calls[1]
    alone = toolwire.encode(rome, "openai.chat", ids=ids)["id"]
    out = toolwire.encode_conversation(conv, "openai.chat", ids=ids)
    assert out["messages"][5]["tool_calls"][0]["id"] == alone
    assert out["messages"][1]["tool_calls"][0]["id"] != alone
    assert out["messages"][6]["tool_call_id"] == alone
    again = toolwire.encode_conversation(toolwire.decode_conversation(TURN_2), "openai.chat", ids=ids)
    assert again == out  # read again: each call's slot gives it its id
