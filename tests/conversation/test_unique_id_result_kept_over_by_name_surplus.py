"""A result with an id whose call no other result with the id answered keeps that call;
when a turn has more results than calls, the surplus is a re-sent result with an id
already answered, or a result by tool name, never the only output of a call.

Ollama addresses a tool message by ``tool_name`` alone
(https://github.com/ollama/ollama/blob/main/docs/api.md, "Chat request (with tools)"), so a
stale by-name result (from an earlier step) can sit among a turn's results. Review revC r6:
calls c3..c6 of f; results c3 (id), a stale ``x`` by name, c4 (id), ``o5`` by name, c4's
output sent again with its id, then c6's only output (id c6): c6's own output was called the
orphan and ``fix_conversation`` deleted it, handing ``o5`` to c6. revC older r7: the same
without the re-sent c4 copy.
"""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

import pytest

from toolwire.conversation import check_conversation, decode_conversation, encode_conversation, fix_conversation

CALLS = [{"id": f"c{n}", "function": {"name": "f", "arguments": {"n": n}}} for n in (3, 4, 5, 6)]
STALE_FIRST = [{"role": "tool", "tool_call_id": "c3", "content": "o3"},
               {"role": "tool", "tool_name": "f", "content": "x"},
               {"role": "tool", "tool_call_id": "c4", "content": "o4"},
               {"role": "tool", "tool_name": "f", "content": "o5"}]
SIX = {"role": "tool", "tool_call_id": "c6", "tool_name": "f", "content": "o6"}
RESENT = {"role": "tool", "tool_call_id": "c4", "tool_name": "f", "content": "o4 again"}


def _body(tools: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"model": "m", "messages": [{"role": "user", "content": "q"},
                                       {"role": "assistant", "content": "", "tool_calls": CALLS}, *tools,
                                       {"role": "user", "content": "n"}]}


def _answers(body: Any) -> List[Tuple[Any, Any]]:
    out = encode_conversation(body, "openai.chat")["messages"]
    return [(m["tool_call_id"], m["content"]) for m in out if m["role"] == "tool"]


@pytest.mark.parametrize("tools", [STALE_FIRST + [RESENT, SIX], STALE_FIRST + [SIX]], ids=["resent", "extra"])
def test_the_only_output_of_a_call_is_never_the_orphan(tools: List[Dict[str, Any]]) -> None:
    body = _body(tools)
    assert "c6" not in [p.id for p in check_conversation(body, "ollama")]
    fixed, _changes = fix_conversation(decode_conversation(body, "ollama"), "ollama")
    got = _answers(fixed)
    assert ("c6", "o6") in got and ("c3", "o3") in got and ("c4", "o4") in got
    assert ("c6", "o5") not in got
    assert "o4 again" not in [content for _id, content in got]


# review revC3 #1: calls f#c1, f#c2 with results x (by name), c2, c1 in any order: the result
# by name is the one left over, never c1's only output (it was removed and x given to c1)
ONE = {"role": "tool", "tool_call_id": "c1", "tool_name": "f", "content": "o1"}
TWO = {"role": "tool", "tool_call_id": "c2", "content": "o2"}
X = {"role": "tool", "tool_name": "f", "content": "x"}


@pytest.mark.parametrize("tools", [[X, TWO, ONE], [TWO, X, ONE], [X, ONE, TWO], [ONE, X, TWO], [TWO, ONE, X]])
def test_a_result_by_name_is_left_over_before_an_only_id_output_in_any_order(tools: List[Dict[str, Any]]) -> None:
    calls = [{"id": f"c{n}", "function": {"name": "f", "arguments": {"n": n}}} for n in (1, 2)]
    body = {"model": "m", "messages": [{"role": "user", "content": "q"},
                                       {"role": "assistant", "content": "", "tool_calls": calls}, *tools,
                                       {"role": "user", "content": "n"}]}
    assert [(p.kind, p.id) for p in check_conversation(body, "ollama")] == [("orphan-result", None)]
    fixed, changes = fix_conversation(decode_conversation(body, "ollama"), "ollama")
    assert [(p.kind, p.id) for p in changes] == [("removed", None)]
    assert sorted(_answers(fixed)) == [("c1", "o1"), ("c2", "o2")]
