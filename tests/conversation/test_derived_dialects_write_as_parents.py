"""A dialect derived from a built-in with ``dataclasses.replace(..., name=...)``
(docs/custom-dialects.md) decodes, encodes and checks a history exactly as its parent,
its notes the same but for the name. Session 45: with a message appended, a derived
Gemini, Mistral, Responses or Chat dialect wrote messages decoded from it fresh or noted
what went out as dropped (a Gemini ``thoughtSignature`` "not sent" while the output held
it; the empty text part before a call left out): every history writer now reads a message
written back as it came under the name its parts carry (``Writer.own``)."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any, List

import pytest

import toolwire
from corpus_data import files, load
from toolwire import ToolwireError
from toolwire.conversation import (
    Message,
    Problem,
    Text,
    check_conversation,
    decode_conversation,
    encode_conversation,
    fix_conversation,
)

NAMES = [n for n in toolwire.dialect_names() if toolwire.get_dialect(n).history is not None]
SIG = "Et0BCtoBAXLI2nwMB4momyXTj+K3OPELPDi5Mq6bA5ZHuiKVF9m94gyxd"  # (shortened; from the corpus request)
GEMINI = {"contents": [{"role": "user", "parts": [{"text": "What is 5 times 3?"}]},
                       {"role": "model", "parts": [{"text": ""}, {"function_call": {"name": "multiply",
                                                                                       "args": {"y": 3, "x": 5}},
                                                                  "thoughtSignature": SIG}]},
                       {"role": "user", "parts": [{"function_response": {"name": "multiply",
                                                                         "response": {"output": "15"}}}]}]}
ANTHROPIC = {"system": [{"type": "text", "text": "s", "cache_control": {"type": "ephemeral"}}],
             "messages": [{"role": "user", "content": "What is 5 times 3?"},
                          {"role": "assistant", "content": [
                              {"type": "thinking", "thinking": "t", "signature": "sig"},
                              {"type": "tool_use", "id": "toolu_01", "name": "multiply", "input": {"x": 5, "y": 3}}]},
                          {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_01",
                                                        "content": "15", "cache_control": {"type": "ephemeral"}}]}]}


def _derived(name: str) -> Any:
    return replace(toolwire.get_dialect(name), name="acme." + name, aliases=())


def _n(said: str, name: str) -> str:
    """*said* with the dialect *name* as ``@`` (its article too: "A gemini", "An acme.gemini")."""
    for a in ("A ", "An ", "a ", "an "):
        said = said.replace(a + name, a[0] + "(n) @")
    return said.replace(name, "@")


def _encoded(conv: Any, d: Any) -> Any:
    report: List[Problem] = []
    try:
        out = encode_conversation(conv, d, report=report)
    except ToolwireError as e:
        return "error", _n(str(e), d.name)
    return out, [(p.kind, p.index, _n(p.message, d.name)) for p in report]


def _appended(body: Any, d: Any) -> Any:
    conv = decode_conversation(copy.deepcopy(body), d)
    return _encoded([*conv.messages, Message("user", (Text("next"),))], d)


def test_a_derived_gemini_dialect_writes_an_appended_history_as_it_came() -> None:
    contents = copy.deepcopy(GEMINI["contents"])
    contents[-1]["parts"].append({"text": "next"})  # (one user turn: Gemini takes consecutive turns merged)
    for d in (toolwire.get_dialect("gemini"), _derived("gemini")):
        assert _appended(GEMINI, d) == ({"contents": contents}, [])


def test_a_derived_anthropic_dialect_writes_an_appended_history_as_it_came() -> None:
    body = copy.deepcopy(ANTHROPIC)
    body["messages"][-1]["content"].append({"type": "text", "text": "next"})  # (results first, then text)
    want = body
    for d in (toolwire.get_dialect("anthropic.messages"), _derived("anthropic.messages")):
        assert _appended(ANTHROPIC, d) == (want, [])


def test_a_derived_mistral_dialect_names_itself_in_its_notes() -> None:
    body = {"messages": [{"role": "user", "content": "q"},
                         {"role": "assistant", "tool_calls": [{"id": "abcdefghi", "type": "function",
                                                               "function": {"name": "f", "arguments": "{}"}}]},
                         {"role": "tool", "tool_call_id": "abcdefghi", "name": "f", "content": "1"}]}
    out, notes = _appended(body, _derived("mistral"))
    assert out["messages"][-2:] == [{"role": "assistant", "content": "OK"}, {"role": "user", "content": "next"}]
    assert [(k, i) for k, i, _m in notes] == [("inserted", 3)] and "@ takes no user message" in notes[0][2]


@pytest.mark.parametrize("name", ["gemini", "anthropic.messages"])
def test_mixed_with_another_dialect_s_messages_a_derived_dialect_writes_as_its_parent(name: str) -> None:
    body = GEMINI if name == "gemini" else ANTHROPIC
    chat = decode_conversation({"messages": [{"role": "user", "content": "hi"},
                                             {"role": "assistant", "content": "hello"}]}, "openai.chat")
    parent, derived = toolwire.get_dialect(name), _derived(name)
    own = decode_conversation(copy.deepcopy(body), derived).messages
    for msgs in ([*chat.messages, *own], [*own, Message("assistant", (Text("a"),)), *chat.messages]):
        assert _encoded(list(msgs), derived) == _encoded(list(msgs), parent)
        assert _encoded(list(msgs), derived)[0] != "error"


def _bodies() -> List[Any]:
    out = []
    for param in files(kinds=("request",)):
        if param.values[0] is None:
            pytest.skip("no corpus")
        p = load(param.values[0])["payload"]
        key = next((k for k in ("messages", "contents", "input") if isinstance(p.get(k), list)), None)
        if key is not None:
            out += [{**p, key: p[key][:cut]} for cut in range(1, len(p[key]) + 1)]
    return out


def _same(x: Any, name: str) -> Any:
    """*x* (``_encoded``'s) with *name* as ``@`` in an error: a result encoder
    (``Dialect.encode_result``, which a derived dialect shares with its parent) names the
    parent in its errors, a known gap; its notes name the dialect written to
    (``EncodeContext.target``, session 46)."""
    if type(x[1]) is list:
        return x
    return x[0], _n(x[1], name)


@pytest.mark.parametrize("name", NAMES)
def test_every_derived_dialect_decodes_encodes_and_checks_as_its_parent(name: str) -> None:
    parent, derived = toolwire.get_dialect(name), _derived(name)
    other = decode_conversation({"messages": [{"role": "user", "content": "hi"}]}, "openai.chat").messages
    seen = 0
    for body in _bodies():
        try:
            conv = decode_conversation(copy.deepcopy(body), parent)
        except ToolwireError:
            continue
        seen += 1
        assert decode_conversation(copy.deepcopy(body), derived).messages == conv.messages
        fresh = [Message(m.role, m.parts) for m in conv.messages]
        pairs = [(copy.deepcopy(body), copy.deepcopy(body)), (fresh, fresh)]  # (to the derived one, to the parent)
        for d_in in (parent, derived):  # decoded by either, alone and after another dialect's message
            own = decode_conversation(copy.deepcopy(body), d_in).messages
            pairs += [([*other, *own], [*other, *own])]
        for x, y in pairs:
            assert _same(_encoded(x, derived), name) == _same(_encoded(y, parent), name)
        assert _same(_appended(body, derived), name) == _same(_appended(body, parent), name)
        assert ([(p.kind, p.index, _n(p.message, derived.name)) for p in check_conversation(body, derived)]
                == [(p.kind, p.index, _n(p.message, name)) for p in check_conversation(body, parent)])
    assert seen > 20


def test_a_derived_mistral_dialect_checks_ids_written_back_as_they_came() -> None:
    # Mistral takes call ids of 9 letters and digits ("Tool call id was call_... but must be
    # a-z, A-Z, 0-9, with a length of 9"): written back as it came, this one is refused
    body = {"messages": [{"role": "user", "content": "q"},
                         {"role": "assistant", "tool_calls": [{"id": "call_abc123xyz", "type": "function",
                                                               "function": {"name": "f", "arguments": "{}"}}]},
                         {"role": "tool", "tool_call_id": "call_abc123xyz", "name": "f", "content": "1"}]}
    for d in (toolwire.get_dialect("mistral"), _derived("mistral")):
        found = check_conversation(copy.deepcopy(body), d)
        assert [(p.kind, p.index, p.id) for p in found] == [("invalid-id", 1, "call_abc123xyz")]
        assert f"and {d.name} takes ids" in found[0].message


def test_a_derived_anthropic_dialect_s_fixed_history_is_written_back_as_it_came() -> None:
    body = copy.deepcopy(ANTHROPIC)
    body["messages"].append({"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_99",
                                                           "content": "stray"}]})
    for d in (toolwire.get_dialect("anthropic.messages"), _derived("anthropic.messages")):
        fixed, changes = fix_conversation(copy.deepcopy(body), d)
        assert [(p.kind, p.index) for p in changes] == [("removed", 4)]  # (the system message is 0)
        report: List[Problem] = []
        out = encode_conversation(fixed, d, report=report)
        assert out["messages"][:3] == ANTHROPIC["messages"] and report == []
