"""A history decoded from the target and edited is judged by what goes out.

``encode_conversation`` writes a history decoded from the target and still equal to it back
whole as it came (its stored request fragment). A message swapped for an equal one (no wire,
or another wire) left the history equal, so the stored request went out whole, but the
refused-message pass read the wires of the messages now in it: a Chat call with object
``arguments`` (openai-python ``Function.arguments: Required[str]``; OpenAI answers
"Invalid type for 'messages[1].tool_calls[0].function.arguments': expected a string, but got
an object instead.") went out as it came, and ``check_conversation`` said nothing. The other
way, a message holding another message's wire was flagged ``refused-message`` while the
stored request went out as it came. ``check_conversation`` flags ``refused-message`` exactly
the messages ``encode_conversation`` writes fresh noted ``rewritten`` (docs/conversations.md).
"""

from __future__ import annotations

import json
import random
from typing import Any, Dict, List

import pytest

from toolwire.conversation import Message, Problem, check_conversation, decode_conversation, encode_conversation


def _body(cid: Any, args: Any, rid: Any = None) -> Dict[str, Any]:
    return {"messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": cid, "type": "function", "function": {"name": "f", "arguments": args}}]},
        {"role": "tool", "tool_call_id": cid if rid is None else rid, "content": "ok"}]}


def _kinds(ps: List[Problem], kind: str) -> List[int]:
    return [p.index for p in ps if p.kind == kind]


def test_a_refused_message_swapped_for_a_wireless_equal_one_is_not_sent_as_it_came() -> None:
    bad = decode_conversation(_body("call_1", {"a": 1}), "openai.chat")
    m0, m1, m2 = bad.messages
    c2 = bad.replace(messages=(m0, Message("assistant", m1.parts), m2))
    report: List[Problem] = []
    out = encode_conversation(c2, "openai.chat", report=report)["messages"]
    args = out[1]["tool_calls"][0]["function"]["arguments"]
    assert type(args) is str and json.loads(args) == {"a": 1}  # written fresh: no wire to go as it came
    assert out[2] == {"role": "tool", "tool_call_id": "call_1", "content": "ok"}
    assert _kinds(report, "rewritten") == [] and _kinds(check_conversation(c2, "openai.chat"), "refused-message") == []


def test_a_refused_message_swapped_for_one_with_an_accepted_wire_goes_with_that_wire() -> None:
    bad = decode_conversation(_body("call_1", {"a": 1}), "openai.chat")
    ok = decode_conversation(_body("call_1", '{"a": 1}'), "openai.chat")
    assert ok.messages[1] == bad.messages[1]
    c2 = bad.replace(messages=(bad.messages[0], ok.messages[1], bad.messages[2]))
    report: List[Problem] = []
    out = encode_conversation(c2, "openai.chat", report=report)
    assert out == _body("call_1", '{"a": 1}') and report == []
    assert check_conversation(c2, "openai.chat") == []


def test_a_message_holding_another_message_s_wire_is_judged_as_encode_writes_it() -> None:
    a = decode_conversation(_body("call_1", '{"a": 1}'), "openai.chat")
    b = decode_conversation(_body(None, '{"a": 2}', ""), "openai.chat")
    m = b.messages[1].replace(parts=a.messages[1].parts)  # b's wire (a null id, refused), a's parts
    assert m == a.messages[1] and m.original("openai.chat") is None
    c2 = a.replace(messages=(a.messages[0], m, a.messages[2]))
    report: List[Problem] = []
    assert encode_conversation(c2, "openai.chat", report=report) == _body("call_1", '{"a": 1}')  # a's request
    assert report == [] and check_conversation(c2, "openai.chat") == []


@pytest.mark.parametrize("rid", ["", "null"])
def test_an_idless_chat_result_written_fresh_with_its_call_is_flagged(rid: str) -> None:
    # OpenAI refuses "id": null ("expected a string, but got null instead"): the call goes fresh with
    # a made id, and the tool message answering it with it (noted ``rewritten``): check flags both
    conv = decode_conversation(_body(None, '{"a": 1}', rid), "openai.chat")
    report: List[Problem] = []
    out = encode_conversation(conv, "openai.chat", report=report)["messages"]
    assert out[2]["tool_call_id"] == out[1]["tool_calls"][0]["id"] != rid
    assert _kinds(report, "rewritten") == [1, 2]
    assert _kinds(check_conversation(conv, "openai.chat"), "refused-message") == [1, 2]


_DIALECTS = ("openai.chat", "mistral")
_IDS = (None, "", "null", "call_1", "abcdefghi")
_ARGS = ('{"a": 1}', {"a": 1}, None, "", "{}")


def _history(r: random.Random, dialect: str) -> Dict[str, Any]:
    msgs: List[Dict[str, Any]] = [{"role": "user", "content": "go"}]
    for _turn in range(r.randint(1, 3)):
        calls = []
        for _k in range(r.randint(1, 2)):
            call: Dict[str, Any] = {"id": r.choice(_IDS), "type": r.choice(("function", None)),
                                    "function": {"name": r.choice("fg"), "arguments": r.choice(_ARGS)}}
            if r.random() < .2:
                del call["type"]
            calls.append(call)
        msgs.append({"role": "assistant", "content": r.choice((None, "", "ok")), "tool_calls": calls})
        for c in calls:
            if r.random() < .9:
                rid = r.choice((c["id"], c["id"], "", "null"))
                tm: Dict[str, Any] = {"role": "tool", "tool_call_id": "" if rid is None else rid,
                                      "content": "done"}
                if dialect == "mistral":
                    tm["name"] = c["function"]["name"]
                msgs.append(tm)
        if r.random() < .5:
            msgs.append({"role": "user", "content": "more"})
    return {"messages": msgs}


def _edited(r: random.Random, conv: Any, dialect: str, make: Any) -> Any:
    k = r.randrange(len(conv.messages))
    m = conv.messages[k]
    pick = r.random()
    if pick < .3:
        return conv
    if pick < .6:
        return conv.replace(messages=conv.messages[:k] + (Message(m.role, m.parts),) + conv.messages[k + 1:])
    other = decode_conversation(make(r, dialect), dialect)
    j = r.randrange(len(other.messages))
    moved = other.messages[j].replace(parts=m.parts, role=m.role)
    return conv.replace(messages=conv.messages[:k] + (moved,) + conv.messages[k + 1:])


def _turns(r: random.Random, dialect: str) -> Dict[str, Any]:
    """Histories of the other four dialects, each call's arguments as an object or as text
    (Anthropic, Gemini and Bedrock refuse text; Responses refuses an object)."""
    out: List[Any] = []
    for t in range(r.randint(1, 3)):
        args: Any = {"a": t} if r.random() < .6 else json.dumps({"a": t})
        cid = f"call_{t}"
        if dialect == "anthropic.messages":
            out += [{"role": "user", "content": [{"type": "text", "text": "go"}]} if not out else None,
                    {"role": "assistant", "content": [{"type": "tool_use", "id": cid, "name": "f", "input": args}]},
                    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": cid, "content": "ok"}]}]
        elif dialect == "bedrock.converse":
            out += [{"role": "user", "content": [{"text": "go"}]} if not out else None,
                    {"role": "assistant", "content": [{"toolUse": {"toolUseId": cid, "name": "f", "input": args}}]},
                    {"role": "user", "content": [{"toolResult": {"toolUseId": cid, "content": [{"text": "ok"}]}}]}]
        elif dialect == "gemini":
            out += [{"role": "user", "parts": [{"text": "go"}]} if not out else None,
                    {"role": "model", "parts": [{"functionCall": {"name": "f", "args": args}}]},
                    {"role": "user", "parts": [{"functionResponse": {"name": "f", "response": {"r": "ok"}}}]}]
        else:
            out += [{"role": "user", "content": "go"} if not out else None,
                    {"type": "function_call", "call_id": cid, "name": "f",
                     "arguments": args if type(args) is str or r.random() < .5 else {"a": t}},
                    {"type": "function_call_output", "call_id": cid, "output": "ok"}]
    key = {"gemini": "contents", "openai.responses": "input"}.get(dialect, "messages")
    return {key: [m for m in out if m is not None]}


@pytest.mark.parametrize("dialect", _DIALECTS + ("anthropic.messages", "bedrock.converse", "gemini",
                                                 "openai.responses"))
def test_every_rewritten_message_is_a_refused_message(dialect: str) -> None:
    r = random.Random(44)
    seen = 0
    make = _history if dialect in _DIALECTS else _turns
    for _n in range(150):
        conv = _edited(r, decode_conversation(make(r, dialect), dialect), dialect, make)
        report: List[Problem] = []
        try:
            encode_conversation(conv, dialect, report=report)
        except Exception:  # an invalid call that cannot be written fresh (check says unwritable-call)
            continue
        rewritten = set(_kinds(report, "rewritten"))
        seen += bool(rewritten)
        assert set(_kinds(check_conversation(conv, dialect), "refused-message")) == rewritten, conv
    assert seen > 20
