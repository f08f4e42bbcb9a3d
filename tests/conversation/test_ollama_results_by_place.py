"""An Ollama tool message with neither ``tool_name`` nor ``tool_call_id`` (both optional
in Ollama's ``api/types.go`` ``Message``; reference/wire-formats.md 8d) after an
assistant message whose calls carry ids (``call_`` + 8 chars, recent Ollama;
reference/wire-formats.md, the Ollama row) answers the calls before it by place: Ollama's
server renders tool messages in order and pairs nothing by id. griptape's
``OllamaPromptDriver`` writes such histories. They were all orphans: ``fix_conversation``
replaced the real outputs with error text and every other target refused them
(hunt huntGriptape F1)."""

from __future__ import annotations

import copy
from typing import Any, Dict, List

import toolwire

F = {"id": "call_ab12cd34", "function": {"index": 0, "name": "f", "arguments": {"x": 1}}}
G = {"id": "call_ef56gh78", "function": {"index": 1, "name": "g", "arguments": {}}}


def _history(calls: List[Dict[str, Any]], outputs: List[str]) -> Dict[str, Any]:
    return {"model": "qwen3", "messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "", "tool_calls": calls},
        *({"role": "tool", "content": c} for c in outputs),
    ]}


def test_results_without_id_or_name_answer_the_calls_before_them_in_order() -> None:
    h = _history([F, G], ["result f", "result g"])
    assert toolwire.check_conversation(h, "ollama") == []
    fixed, changes = toolwire.fix_conversation(h, "ollama")
    assert changes == []
    assert toolwire.encode_conversation(fixed, "ollama")["messages"][2:] == [
        {"role": "tool", "content": "result f"}, {"role": "tool", "content": "result g"}]
    out = toolwire.encode_conversation(h, "anthropic.messages", source="ollama")
    assert out["messages"][2]["content"] == [
        {"type": "tool_result", "tool_use_id": "call_ab12cd34", "content": "result f"},
        {"type": "tool_result", "tool_use_id": "call_ef56gh78", "content": "result g"}]
    chat = toolwire.encode_conversation(h, "openai.chat", source="ollama")["messages"]
    assert [(m["tool_call_id"], m["content"]) for m in chat[2:]] == [
        ("call_ab12cd34", "result f"), ("call_ef56gh78", "result g")]


def test_as_the_same_history_without_call_ids() -> None:
    h = _history([F, G], ["result f", "result g"])
    bare = copy.deepcopy(h)
    for c in bare["messages"][1]["tool_calls"]:
        del c["id"]
    assert toolwire.check_conversation(bare, "ollama") == toolwire.check_conversation(h, "ollama") == []
    for target in ("gemini", "anthropic.messages"):
        assert toolwire.check_conversation(h, target, source="ollama") == []


def test_fewer_results_leave_the_later_calls_unanswered() -> None:
    h = _history([F, G], ["result f"])
    assert [(p.kind, p.id) for p in toolwire.check_conversation(h, "ollama")] == [("missing-result", "call_ef56gh78")]
    fixed, changes = toolwire.fix_conversation(h, "ollama")
    assert [c.kind for c in changes] == ["answered"]
    tools = toolwire.encode_conversation(fixed, "ollama")["messages"][2:]
    assert tools[0] == {"role": "tool", "content": "result f"}  # the real output stays
    assert tools[1]["tool_call_id"] == "call_ef56gh78" and tools[1]["content"].startswith("Error:")


def test_more_results_than_calls_leave_the_later_results_answering_none() -> None:
    h = _history([F], ["result f", "again"])
    assert [(p.kind, p.index) for p in toolwire.check_conversation(h, "ollama")] == [("orphan-result", 3)]


def test_a_result_with_an_id_keeps_its_call() -> None:
    """A result carrying the id of a call answers it; the one without takes the other."""
    h = _history([F, G], [])
    h["messages"] += [{"role": "tool", "content": "result f"},
                      {"role": "tool", "tool_call_id": "call_ab12cd34", "content": "f by id"}]
    assert toolwire.check_conversation(h, "ollama") == []
    chat = toolwire.encode_conversation(h, "openai.chat", source="ollama")["messages"]
    assert sorted((m["tool_call_id"], m["content"]) for m in chat[2:]) == [
        ("call_ab12cd34", "f by id"), ("call_ef56gh78", "result f")]


def test_a_later_turn_takes_no_result_of_an_earlier_one() -> None:
    h = _history([F], ["result f"])
    h["messages"] += [{"role": "assistant", "content": "", "tool_calls": [dict(G, id="call_zz99yy88")]},
                      {"role": "tool", "content": "result g"}, {"role": "tool", "content": "extra"}]
    assert [(p.kind, p.index) for p in toolwire.check_conversation(h, "ollama")] == [("orphan-result", 5)]


def test_only_the_last_assistant_message_s_calls_are_answered_by_place() -> None:
    """Two assistant messages in a row: the results after them answer the calls of the
    last one; its calls answered by id, the one left answers none (not the earlier
    message's call)."""
    h = _history([F], [])
    h["messages"] += [{"role": "assistant", "content": "", "tool_calls": [
        {"id": "call_zz99yy88", "function": {"index": 0, "name": "g", "arguments": {}}}]},
        {"role": "tool", "tool_call_id": "call_zz99yy88", "content": "g"}, {"role": "tool", "content": "extra"}]
    assert [(p.kind, p.index) for p in toolwire.check_conversation(h, "ollama")] == [
        ("missing-result", 1), ("orphan-result", 4)]


def test_a_reused_id_answered_later_by_id_leaves_the_earlier_call_to_a_result_by_place() -> None:
    h = _history([F, dict(G, id="call_00000000")], ["first", "second"])
    h["messages"] += [{"role": "assistant", "content": "", "tool_calls": [
        {"id": "call_00000000", "function": {"index": 0, "name": "g", "arguments": {}}}]},
        {"role": "tool", "tool_call_id": "call_00000000", "content": "third"}]
    assert toolwire.check_conversation(h, "ollama") == []


def test_pairing_by_place_stays_linear() -> None:
    """n vs 4n turns of calls with ids and bare tool messages: the pairing steps grow 4 times."""
    from toolwire.conversation import _pairing_place

    def steps(n: int) -> int:
        h = _history([F, G], ["a", "b"])
        for k in range(n):
            h["messages"] += [{"role": "user", "content": "more"}, {"role": "assistant", "content": "", "tool_calls": [
                dict(F, id=f"call_{k:08d}"), dict(G, id=f"call_x{k:07d}")]},
                {"role": "tool", "content": "a"}, {"role": "tool", "content": "b"}]
        count = [0]
        real = _pairing_place.ByPlace.find

        def counted(self: Any, *a: Any) -> Any:  # the calls each search passes over, and the search
            before = self.place
            got = real(self, *a)
            count[0] += 1 + self.place - before
            return got

        _pairing_place.ByPlace.find = counted  # type: ignore[method-assign]
        try:
            assert toolwire.check_conversation(h, "ollama") == []
        finally:
            _pairing_place.ByPlace.find = real  # type: ignore[method-assign]
        return count[0]

    small, large = steps(50), steps(200)
    assert 3.5 < large / small < 4.5


def _c(ident: str, name: str) -> Dict[str, Any]:
    return {"id": ident, "function": {"name": name, "arguments": {}}}


def test_by_place_only_where_nothing_else_may_claim_the_calls() -> None:
    # two assistant messages with calls in one turn, the first's call unanswered, a result by
    # tool name after the bare ones: which call each bare result answers is not told, so none
    # is paired by place (review revConv8 R1: "EXTRA" went to call_g3 and "G-OUT" to call_g1)
    h = {"model": "m", "messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": "", "tool_calls": [_c("call_g1", "g")]},
        {"role": "assistant", "content": "", "tool_calls": [_c("call_h2", "h"), _c("call_g3", "g")]},
        {"role": "tool", "content": "H-OUT"}, {"role": "tool", "content": "EXTRA"},
        {"role": "tool", "content": "G-OUT", "tool_name": "g"}]}
    kinds = [(p.kind, p.index) for p in toolwire.check_conversation(h, "ollama")]
    assert ("orphan-result", 3) in kinds and ("orphan-result", 4) in kinds, kinds


def test_a_result_by_tool_name_after_one_message_leaves_the_bare_ones_by_place() -> None:
    """One assistant message, a bare tool message and one by ``tool_name``: no call of an
    earlier message may be the named result's, so the bare one answers the call the named one
    leaves (review revLead47 R2: it was an orphan, ``fix_conversation`` removed "result f")."""
    h = {"model": "qwen3", "messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "", "tool_calls": [
            {"id": "call_ab12cd34", "function": {"name": "f", "arguments": {"x": 1}}},
            {"id": "call_ef56gh78", "function": {"name": "g", "arguments": {}}}]},
        {"role": "tool", "content": "result f"}, {"role": "tool", "content": "result g", "tool_name": "g"}]}
    assert toolwire.check_conversation(h, "ollama") == []
    assert toolwire.fix_conversation(h, "ollama")[1] == []
    chat = toolwire.encode_conversation(h, "openai.chat", source="ollama")["messages"]
    assert [(m["tool_call_id"], m["content"]) for m in chat[2:]] == [
        ("call_ab12cd34", "result f"), ("call_ef56gh78", "result g")]


def test_a_result_by_tool_name_whose_tool_has_no_call_waiting_earlier_in_the_turn() -> None:
    # two assistant messages in one turn, the first's call answered by id: the result by tool
    # name can only be the last message's, so the bare one answers by place (review revLead47 R2)
    h = {"model": "m", "messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": "", "tool_calls": [_c("call_f1", "f")]},
        {"role": "assistant", "content": "", "tool_calls": [_c("call_g2", "g"), _c("call_h3", "h")]},
        {"role": "tool", "content": "F-OUT", "tool_call_id": "call_f1"}, {"role": "tool", "content": "G-OUT"},
        {"role": "tool", "content": "H-OUT", "tool_name": "h"}]}
    # (call_f1's result after the second assistant message is misplaced for Ollama, not unpaired)
    assert [p.kind for p in toolwire.check_conversation(h, "ollama")] == ["misplaced-result"]
    chat = toolwire.encode_conversation(h, "openai.chat", source="ollama")["messages"]
    assert [(m["tool_call_id"], m["content"]) for m in chat[2:]] == [  # (the two assistant messages as one)
        ("call_f1", "F-OUT"), ("call_g2", "G-OUT"), ("call_h3", "H-OUT")]


def test_a_result_by_tool_name_whose_tool_has_a_call_in_an_earlier_message_stays_guarded() -> None:
    # the result by tool name comes first and takes the earlier message's call of its tool:
    # which call each bare one answers is not told (the named one may be the last message's)
    h = {"model": "m", "messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": "", "tool_calls": [_c("call_g1", "g")]},
        {"role": "assistant", "content": "", "tool_calls": [_c("call_h2", "h"), _c("call_g3", "g")]},
        {"role": "tool", "content": "G-OUT", "tool_name": "g"},
        {"role": "tool", "content": "H-OUT"}, {"role": "tool", "content": "EXTRA"}]}
    kinds = [(p.kind, p.index) for p in toolwire.check_conversation(h, "ollama")]
    assert ("orphan-result", 4) in kinds and ("orphan-result", 5) in kinds, kinds


def test_the_guard_reads_the_messages_after_each_message_once() -> None:
    """n vs 4n turns of one call and one bare tool message: the messages read (an element of
    a slice counted as read) grow 4 times (review revLead47 R1: the rest of the history was
    copied once per message with calls, 4,000,000 elements at n = 2,000)."""
    from toolwire.conversation._pairing import paired

    class Counted(List[Any]):
        read = 0

        def __getitem__(self, k: Any) -> Any:
            got = super().__getitem__(k)
            Counted.read += len(got) if isinstance(k, slice) else 1
            return got

    def reads(n: int) -> int:
        msgs: List[Dict[str, Any]] = [{"role": "user", "content": "q"}]
        for k in range(n):
            msgs += [{"role": "assistant", "content": "", "tool_calls": [_c(f"call_{k:08d}", "f")]},
                     {"role": "tool", "content": "r"}]
        conv = toolwire.decode_conversation({"model": "m", "messages": msgs}, "ollama")
        Counted.read = 0
        got = [a for _i, _j, p, a in paired(Counted(conv.messages)) if type(p) is toolwire.ToolResult]
        assert len(got) == n and all(a is not None for a in got)
        return Counted.read

    small, large = reads(100), reads(400)
    assert 3.5 < large / small < 4.5, (small, large)
