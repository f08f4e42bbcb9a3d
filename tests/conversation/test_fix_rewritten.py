"""``fix_conversation``'s ``rewritten`` change: an assistant message written back as it
came, left last, made fresh for Mistral so that it is written as a prefix
(``"prefix": true``, https://docs.mistral.ai/api/#tag/chat ``AssistantMessage.prefix``).

Its index is the message's index in the input, as ``removed``, ``answered`` and ``moved``
give theirs; and what its wire held beside its parts (a participant ``name``, a content
block's ``cache_control``) is noted ``dropped`` when the fixed conversation is written, as
for any decoded message written fresh.
"""

from __future__ import annotations

from typing import Any, Dict, List

from toolwire.conversation import Problem, decode_conversation, encode_conversation, fix_conversation

U = {"role": "user", "content": "q"}
CALL = {"role": "assistant", "content": "", "tool_calls": [
    {"id": "abcdefghi", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}
ORPHAN = {"role": "tool", "tool_call_id": "zzzzzzzzz", "name": "f", "content": "r"}


def _changes(history: List[Dict[str, Any]]) -> List[Any]:
    conv = decode_conversation({"messages": history}, "mistral")
    return [(p.kind, p.index, p.message.split(":")[0]) for p in fix_conversation(conv, "mistral")[1]]


def test_the_index_is_the_input_index_after_a_removed_result() -> None:
    history = [U, {"role": "assistant", "content": "x"}, ORPHAN, {"role": "user", "content": "u"},
               {"role": "assistant", "content": "a"}]
    assert _changes(history) == [("removed", 2, "Message 2"), ("rewritten", 4, "Message 4")]


def test_the_index_is_the_input_index_after_an_error_result_put_in() -> None:
    history = [U, CALL, {"role": "user", "content": "u"}, {"role": "assistant", "content": "a"}]
    assert _changes(history) == [("answered", 1, "Message 1"), ("rewritten", 3, "Message 3")]


def test_what_the_wire_held_beside_the_parts_is_noted_dropped() -> None:
    history = [U, {"role": "assistant", "name": "bob",
                   "content": [{"type": "text", "text": "a", "cache_control": {"type": "ephemeral"}}]}]
    fixed, changes = fix_conversation(decode_conversation({"messages": history}, "mistral"), "mistral")
    assert [(p.kind, p.index) for p in changes] == [("rewritten", 1)]
    report: List[Problem] = []
    out = encode_conversation(fixed, "mistral", report=report)["messages"]
    assert out[-1] == {"role": "assistant", "content": "a", "prefix": True}
    assert [(p.kind, p.index) for p in report] == [("dropped", 1), ("dropped", 1), ("converted", 1)]
    assert "'bob'" in report[0].message and "cache_control" in report[1].message
