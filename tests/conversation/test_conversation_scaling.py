"""Histories are read, written, checked and fixed in time linear in their length
(DESIGN.md invariant 8): a hostile history of size n and 4n, the lines run counted.
Before the one-pass turn table, each misplaced result re-walked the messages back to
its call (quadratic: ~16x at 4n)."""

from __future__ import annotations

from typing import Any, Callable, List

import pytest

from lines_run import lines_run
from toolwire import ToolCall, ToolResult
from toolwire.conversation import (
    Conversation,
    Message,
    Text,
    check_conversation,
    decode_conversation,
    encode_conversation,
    fix_conversation,
)


def _hostile(n: int) -> Conversation:
    """n calls in one turn, n assistant/user turns, then every result (all misplaced)."""
    msgs = [Message("user", [Text("go")]), Message("assistant", [ToolCall("f", {}, f"c{i}") for i in range(n)])]
    for _ in range(n):
        msgs += [Message("user", [Text("and?")]), Message("assistant", [Text("hm")])]
    msgs.append(Message("tool", [ToolResult(f"c{i}", content="ok") for i in range(n)]))
    return Conversation(msgs)




def _ratio(n: int, work: Callable[[Conversation], Any]) -> float:
    small, big = _hostile(n), _hostile(4 * n)
    work(small)  # imports and caches first
    return lines_run(lambda: work(big)) / lines_run(lambda: work(small))


def test_check_and_fix_are_linear() -> None:
    assert len(check_conversation(_hostile(50), "openai.chat")) == 50
    assert _ratio(100, lambda c: check_conversation(c, "openai.chat")) < 5
    assert _ratio(100, lambda c: fix_conversation(c, "openai.chat")) < 5


def test_decode_and_encode_are_linear() -> None:
    def roundtrip(c: Conversation) -> Any:
        return decode_conversation(encode_conversation(c, "anthropic.messages"), "anthropic.messages")

    assert _ratio(50, roundtrip) < 5


def _responses_calls(n: int) -> Any:
    """n function_call items in a row, then their n outputs (a Responses history)."""
    items: List[Any] = [{"role": "user", "content": "go"}]
    items += [{"type": "function_call", "call_id": f"call_{i}", "name": "f", "arguments": "{}"} for i in range(n)]
    items += [{"type": "function_call_output", "call_id": f"call_{i}", "output": "ok"} for i in range(n)]
    return decode_conversation({"input": items}, "openai.responses")


def _gemini_rounds(n: int) -> Any:
    """n rounds of an id-less call and its response, each of its own tool (a Gemini history)."""
    contents: List[Any] = [{"role": "user", "parts": [{"text": "go"}]}]
    for i in range(n):
        contents.append({"role": "model", "parts": [{"functionCall": {"name": f"t{i}", "args": {}}}]})
        contents.append({"role": "user", "parts": [{"functionResponse": {"name": f"t{i}", "response": {}}}]})
    return decode_conversation({"contents": contents}, "gemini")


def _ratio_of(make: Callable[[int], Any], n: int, work: Callable[[Any], Any]) -> float:
    small, big = make(n), make(4 * n)
    work(small)
    return lines_run(lambda: work(big)) / lines_run(lambda: work(small))


def test_chat_shaped_writers_merge_a_long_run_of_assistant_messages_in_linear_time() -> None:
    # each merge rebuilt the merged message and re-checked its parts: quadratic
    out = encode_conversation(_responses_calls(3), "openai.chat")
    assert len(out["messages"][1]["tool_calls"]) == 3
    for target in ("openai.chat", "mistral"):
        assert _ratio_of(_responses_calls, 100, lambda c, t=target: encode_conversation(c, t)) < 5


def test_check_pairs_many_id_less_rounds_in_linear_time() -> None:
    # every assistant turn walked the emptied queues of all tools seen before: quadratic
    assert check_conversation(_gemini_rounds(3)) == []
    assert _ratio_of(_gemini_rounds, 100, check_conversation) < 5
    assert _ratio_of(_gemini_rounds, 100, fix_conversation) < 5


def _shared_ids(n: int) -> Conversation:
    """n calls of one id in one turn (DeepSeek, GLM), then their n results in order."""
    calls = [ToolCall(f"t{i}", {}, "call_0") for i in range(n)]
    return Conversation([Message("user", [Text("go")]), Message("assistant", calls),
                         Message("tool", [ToolResult("call_0", content=f"r{i}") for i in range(n)])])


def test_results_of_a_shared_id_pair_in_linear_time() -> None:
    # each result with the id takes the next call with it, in order (test_shared_id_results)
    parts = encode_conversation(_shared_ids(3), "gemini")["contents"][-1]["parts"]
    assert [p["functionResponse"]["name"] for p in parts] == ["t0", "t1", "t2"]
    assert _ratio_of(_shared_ids, 100, lambda c: check_conversation(c, "openai.chat")) < 5
    for target in ("gemini", "mistral"):
        assert _ratio_of(_shared_ids, 100, lambda c, t=target: encode_conversation(c, t)) < 5


def _named_shared(n: int) -> Conversation:
    """n calls of one id, the first half of 'f', the rest of 'g'; the 'g' results first,
    each naming its tool, half with the id and half by name alone (Ollama)."""
    calls = [ToolCall("f" if i < n // 2 else "g", {}, "call_0") for i in range(n)]
    results = [ToolResult("call_0" if i % 2 else None, name, "r") for name in "gf" for i in range(n // 2)]
    return Conversation([Message("user", [Text("go")]), Message("assistant", calls), Message("tool", results)])


def _reused_in_turns(n: int) -> Conversation:
    """n turns whose two calls share one id, answered once each: the id is reused while a
    call of the turn before is unanswered."""
    msgs: List[Message] = [Message("user", [Text("go")])]
    for _ in range(n):
        msgs += [Message("assistant", [ToolCall("f", {}, "call_0"), ToolCall("g", {}, "call_0")]),
                 Message("tool", [ToolResult("call_0", "g", "r")])]
    return Conversation(msgs)


def test_results_of_a_shared_id_found_by_name_and_reused_across_turns_in_linear_time() -> None:
    # a result naming its tool takes the waiting call with its id and that name, looked up,
    # not searched for; a later turn's call ends the waiting calls with its id once
    assert check_conversation(_named_shared(4), "ollama") == [
        p for p in check_conversation(_named_shared(4), "ollama") if p.kind == "duplicate-id"]
    for make in (_named_shared, _reused_in_turns):
        assert _ratio_of(make, 100, lambda c: check_conversation(c, "openai.chat")) < 5
        assert _ratio_of(make, 100, lambda c: encode_conversation(c, "mistral")) < 5


def _late_chain(n: int) -> Conversation:
    """n calls sharing call_0, then n turns reusing it, each followed by two results (one
    more than its calls: the first is taken as a late result of the earlier calls)."""
    msgs = [Message("user", [Text("go")]), Message("assistant", [ToolCall("f", {}, "call_0") for _ in range(n)])]
    for k in range(n):
        msgs += [Message("user", [Text("and?")]), Message("assistant", [ToolCall("g", {}, "call_0")])]
        msgs.append(Message("tool", [ToolResult("call_0", content=f"late {k}"), ToolResult("call_0", content="ok")]))
    return Conversation(msgs)


def test_late_results_after_reused_ids_are_paired_in_linear_time() -> None:
    def ratio(work: Callable[[Conversation], Any]) -> float:
        small, big = _late_chain(100), _late_chain(400)
        work(small)
        return lines_run(lambda: work(big)) / lines_run(lambda: work(small))

    assert ratio(lambda c: check_conversation(c, "openai.chat")) < 5
    assert ratio(lambda c: encode_conversation(c, "mistral")) < 5
    assert ratio(lambda c: fix_conversation(c, "openai.chat")) < 5


def _stale_prefixes(n: int) -> Any:
    """A Mistral body of n prefills, each followed by a user message, and a last prefill."""
    msgs: List[Any] = [{"role": "user", "content": "go"}]
    for i in range(n):
        msgs += [{"role": "assistant", "content": f"a{i}", "prefix": True}, {"role": "user", "content": "more"}]
    msgs.append({"role": "assistant", "content": "end", "prefix": True})
    return {"messages": msgs}


def _empty_systems(n: int) -> Conversation:
    """n late empty system messages, each after a user and an assistant turn (for Gemini)."""
    msgs: List[Message] = []
    for _ in range(n):
        msgs += [Message("user", [Text("q")]), Message("assistant", [Text("a")]), Message("system", [])]
    return Conversation(msgs + [Message("user", [Text("q")])])


def test_stale_prefixes_and_empty_system_notes_in_linear_time() -> None:
    # each stale prefix dropped (noted), each prefix-not-last flagged, the kept prefix's note and
    # the empty system messages' notes taken back in one pass each
    assert len(check_conversation(_stale_prefixes(3), "mistral")) == 3
    for work in (lambda b: encode_conversation(b["messages"], "mistral", source="mistral", report=[]),
                 lambda b: check_conversation(b, "mistral"), lambda b: fix_conversation(b, "mistral")):
        assert _ratio_of(_stale_prefixes, 100, work) < 5
    assert _ratio_of(_empty_systems, 100, lambda c: encode_conversation(c, "gemini", report=[])) < 5


def _late_by_turns(n: int) -> Conversation:
    """n calls sharing call_0, then n turns reusing it with no result, then every result:
    all answer, in order (the earlier turns' calls wait through every later turn)."""
    msgs = [Message("user", [Text("go")]), Message("assistant", [ToolCall("f", {}, "call_0") for _ in range(n)])]
    for _ in range(n):
        msgs += [Message("user", [Text("and?")]), Message("assistant", [ToolCall("g", {}, "call_0")])]
    msgs.append(Message("tool", [ToolResult("call_0", content="r") for _ in range(2 * n)]))
    return Conversation(msgs)


def _one_turn_late(n: int) -> Conversation:
    """n turns reusing call_0, each answered after the next turn's call (a turn late)."""
    msgs: List[Message] = [Message("user", [Text("go")])]
    for k in range(n):
        msgs.append(Message("assistant", [ToolCall(f"t{k}", {}, "call_0")]))
        if k:
            msgs.append(Message("tool", [ToolResult("call_0", content=f"r{k - 1}")]))
        msgs.append(Message("user", [Text("and?")]))
    msgs.append(Message("tool", [ToolResult("call_0", content=f"r{n - 1}")]))
    return Conversation(msgs)


def test_results_late_by_many_turns_are_paired_in_linear_time() -> None:
    parts = [p for m in encode_conversation(_one_turn_late(3), "gemini")["contents"] for p in m["parts"]
             if "functionResponse" in p]
    # (t2's result first: the last turn's own, in call order for Gemini; t1's late one after it)
    assert [(p["functionResponse"]["name"], p["functionResponse"]["response"]["output"]) for p in parts] == [
        ("t0", "r0"), ("t2", "r2"), ("t1", "r1")]
    for make in (_late_by_turns, _one_turn_late):
        assert _ratio_of(make, 100, lambda c: check_conversation(c, "openai.chat")) < 5
        assert _ratio_of(make, 100, lambda c: encode_conversation(c, "mistral")) < 5
        assert _ratio_of(make, 100, lambda c: fix_conversation(c, "openai.chat")) < 5


def _ids_and_tools_in_a_ring(n: int) -> Conversation:
    """n ids of two calls each, of tools k and k+1 (mod n): one nameless result per id,
    one id-less result per tool (Ollama's ``tool_name``), and a third of the results
    naming their tool: the plan shares the tools' results among the ids."""
    calls = [ToolCall(f"t{(k + d) % n}", {}, f"c{k}") for k in range(n) for d in (0, 1)]
    results = [ToolResult(f"c{k}", f"t{k}" if k % 3 == 0 else None, "r") for k in range(n)]
    results += [ToolResult(None, f"t{k}", "r") for k in range(n)]
    return Conversation([Message("user", [Text("go")]), Message("assistant", calls), Message("tool", results)])


def test_results_by_id_and_by_tool_name_are_planned_in_linear_time() -> None:
    assert [p.kind for p in check_conversation(_ids_and_tools_in_a_ring(6), "ollama")] == ["duplicate-id"] * 6
    assert _ratio_of(_ids_and_tools_in_a_ring, 100, lambda c: check_conversation(c, "ollama")) < 5
    assert _ratio_of(_ids_and_tools_in_a_ring, 100, lambda c: encode_conversation(c, "gemini")) < 5


def _error_results_in_one_turn(n: int) -> Conversation:
    """One turn of 2n calls (n ids, each on two tools) and one tool message of n results
    by tool name and n/2 by id: fix_conversation answers the rest with error results."""
    calls = [ToolCall(f"t{(i + k) % n}", {}, f"i{i}") for i in range(n) for k in (0, 1)]
    results = [ToolResult(None, f"t{i}", "o") for i in range(n)] + [ToolResult(f"i{i}", None, "o")
                                                                     for i in range(n // 2)]
    return Conversation([Message("user", [Text("q")]), Message("assistant", calls), Message("tool", results)])


def test_error_results_placed_after_a_long_tool_message_in_linear_time() -> None:
    # each error result put after the turn's last result scanned that result's message
    # for other content: quadratic (revC2's review)
    assert _ratio_of(_error_results_in_one_turn, 50, lambda c: fix_conversation(c, "openai.chat")) < 5


def _by_name_after_by_id(n: int) -> Conversation:
    """One turn of 2n calls of tool f (n ids, two calls each), the n results by id naming f
    first, then n results by tool name f (Ollama's ``tool_name``): each takes the earliest
    call its id's group has an answer for (calls of groups with none leave the queue once)."""
    calls = [ToolCall("f", {}, f"c{k}") for k in range(n) for _ in (0, 1)]
    results = [ToolResult(f"c{k}", "f", "r") for k in range(n)] + [ToolResult(None, "f", "r") for _ in range(n)]
    return Conversation([Message("user", [Text("go")]), Message("assistant", calls), Message("tool", results)])


def _calls_after_results(n: int) -> Conversation:
    """One turn whose calls stand after its results (wrong-role input: calls in tool
    messages): f#a, then n times a result by tool name f and another call f#a."""
    msgs = [Message("user", [Text("go")]), Message("assistant", [ToolCall("f", {}, "a")])]
    for k in range(n):
        msgs += [Message("tool", [ToolResult(None, "f", f"r{k}")]), Message("tool", [ToolCall("f", {"k": k}, "a")])]
    return Conversation(msgs)


def _by_id_after_by_name(n: int) -> Conversation:
    """One turn of n calls of tool f (ids c0..), n results by tool name f, then the n
    results with the ids in reverse: each takes its call back from the result by tool name
    that took it, which finds no call of f free and answers none (review revC3 #1)."""
    calls = [ToolCall("f", {}, f"c{k}") for k in range(n)]
    results = [ToolResult(None, "f", "r") for _ in range(n)] + [ToolResult(f"c{k}", None, "o") for k in reversed(range(n))]
    return Conversation([Message("user", [Text("go")]), Message("assistant", calls), Message("tool", results)])


def test_results_by_tool_name_in_arrival_order_and_calls_after_results_in_linear_time() -> None:
    assert [p.kind for p in check_conversation(_by_name_after_by_id(3), "ollama")] == ["duplicate-id"] * 3
    assert [p.kind for p in check_conversation(_by_id_after_by_name(3), "ollama")] == ["orphan-result"] * 3
    for make in (_by_name_after_by_id, _calls_after_results, _by_id_after_by_name):
        assert _ratio_of(make, 100, lambda c: check_conversation(c, "ollama")) < 5
        assert _ratio_of(make, 100, lambda c: fix_conversation(c, "openai.chat")) < 5


def test_unwritable_invalid_calls_are_found_and_removed_in_linear_time() -> None:
    """n turns each with a valid call and an invalid one Anthropic cannot write (nameless,
    or with argument text), each answered: ``check_conversation`` probes each invalid
    call once, ``fix_conversation`` removes each with its result in one pass."""
    from toolwire import InvalidToolCall

    def history(n: int) -> Conversation:
        msgs: List[Message] = [Message("user", [Text("go")])]
        for i in range(n):
            bad = InvalidToolCall(error="cut", name=None if i % 2 else "g", id=f"b{i}", raw=None if i % 2 else "{")
            msgs += [Message("assistant", [ToolCall("f", {}, f"c{i}"), bad]),
                     Message("tool", [ToolResult(f"c{i}", "f", "ok"), ToolResult(f"b{i}", None, "cut", True)])]
        return Conversation(msgs)

    def ratio(work: Callable[[Conversation], Any]) -> float:
        small, big = history(100), history(400)
        work(small)
        return lines_run(lambda: work(big)) / lines_run(lambda: work(small))

    assert len(check_conversation(history(10), "anthropic.messages")) == 10
    assert ratio(lambda c: check_conversation(c, "anthropic.messages")) < 5
    assert ratio(lambda c: fix_conversation(c, "anthropic.messages")) < 5


def _rebuilt_chain(n: int) -> Any:
    """An Anthropic body written back as it came: each assistant message holds a call
    whose input is no object (an invalid call) and, in the wrong role, the result of the
    call before it; the first one answers no call. Fixing the first message rebuilds it,
    which removes its call, whose result's message is rebuilt in turn..."""
    msgs: List[Any] = [{"role": "user", "content": "q"}]
    for i in range(n):
        msgs.append({"role": "assistant", "content": [
            {"type": "tool_use", "id": f"t{i}", "name": "f", "input": "x"},
            {"type": "tool_result", "tool_use_id": f"t{i - 1}", "content": "r"}]})
    return decode_conversation({"messages": msgs}, "anthropic.messages")


def test_invalid_calls_of_the_messages_fix_rebuilds_are_removed_in_linear_time() -> None:
    fixed, changes = fix_conversation(_rebuilt_chain(10), "anthropic.messages")
    assert len(changes) == 20  # each call, and each result (the first one: answering no call)
    assert [m.role for m in fixed.messages] == ["user"]
    assert _ratio_of(_rebuilt_chain, 100, lambda c: fix_conversation(c, "anthropic.messages")) < 5


def test_validate_calls_invalid_call_and_its_history_are_linear() -> None:
    # the arguments validate_call keeps as parsed are checked once (flat, nested and wide),
    # and an Anthropic history of n such calls is checked, fixed and written in linear time
    from toolwire.conversation import validate_call

    tools = [{"name": "f", "input_schema": {"type": "object", "required": ["never"]}}]

    def args(n: int) -> Any:
        return {f"k{i}": [i, {"s": "x", "t": [True, None, 1.5]}] for i in range(n)}

    def invalid(n: int) -> Any:
        return validate_call(ToolCall("f", args(n), "toolu_1", raw="{}"), tools)

    assert invalid(2).parsed == args(2)
    small, big = ToolCall("f", args(200), "toolu_1", raw="{}"), ToolCall("f", args(800), "toolu_1", raw="{}")
    validate_call(small, tools)
    assert lines_run(lambda: validate_call(big, tools)) / lines_run(lambda: validate_call(small, tools)) < 5

    def history(n: int) -> Conversation:
        msgs = [Message("user", [Text("go")])]
        for i in range(n):
            bad = validate_call(ToolCall("f", {"x": i}, f"toolu_{i}"), tools)
            msgs += [Message("assistant", [bad]), Message("tool", [ToolResult(bad.id, "f", bad.error, True)])]
        return Conversation(msgs)

    h_small, h_big = history(50), history(200)

    def work(c: Conversation) -> Any:
        assert check_conversation(c, "anthropic.messages") == []
        return encode_conversation(fix_conversation(c, "anthropic.messages")[0], "anthropic.messages")

    work(h_small)
    assert lines_run(lambda: work(h_big)) / lines_run(lambda: work(h_small)) < 5


def _text_parts(n: int) -> Conversation:
    """A user message of n text parts, then n assistant messages of two (written as one)."""
    return Conversation([Message("user", [Text("p")] * n), *[Message("assistant", [Text("a"), Text("b")])] * n,
                         Message("user", [Text("q")])])


@pytest.mark.parametrize("target", ["openai.chat", "ollama"])
def test_text_parts_are_written_in_linear_work(target: str) -> None:
    """Kept as parts (Chat) or joined, noted (Ollama), each in one pass."""
    small, big = _text_parts(100), _text_parts(400)
    encode_conversation(small, target)
    assert lines_run(lambda: encode_conversation(big, target)) / lines_run(lambda: encode_conversation(small, target)) < 5


def _swaps(n: int) -> Conversation:
    """n times: a call, a call in the wrong role reusing its id, the first one's result in
    the assistant message after it, the second one's after that (misplaced, whose move
    fix_conversation leaves undone: it would swap the two results' calls)."""
    msgs = [Message("user", [Text("go")])]
    for i in range(n):
        msgs += [Message("assistant", [ToolCall("g", {}, f"c{i}")]), Message("user", [ToolCall("f", {}, f"c{i}")]),
                 Message("assistant", [ToolResult(f"c{i}", content="og")]),
                 Message("tool", [ToolResult(f"c{i}", content="of")])]
    return Conversation(msgs)


def test_fix_pairing_its_output_again_is_linear() -> None:
    fixed, changes = fix_conversation(_swaps(3), "gemini")
    assert [p.kind for p in changes] == [] and len(fixed.messages) == 13
    assert _ratio_of(_swaps, 60, lambda c: fix_conversation(c, "gemini")) < 5


def _refusal_run(n: int) -> Conversation:
    """A call, then n openai.chat assistant messages of content and a ``refusal`` field:
    one merged run whose texts are joined for ollama, each refusal apart."""
    call = {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
    msgs = [{"role": "user", "content": "q"}, {"role": "assistant", "content": None, "tool_calls": [call]}]
    msgs += [{"role": "assistant", "content": f"A{i}", "refusal": f"R{i}"} for i in range(n)]
    msgs.append({"role": "tool", "tool_call_id": "c1", "content": "ok"})
    return decode_conversation({"messages": msgs}, "openai.chat")


def test_a_merged_run_of_refusals_is_joined_in_linear_time() -> None:
    # each merged message's wire fields are looked up once (``_fields``), its texts counted once
    assert encode_conversation(_refusal_run(2), "ollama")["messages"][1]["content"] == "A0\n\nR0\n\nA1\n\nR1"
    assert _ratio_of(_refusal_run, 100, lambda c: encode_conversation(c, "ollama")) < 5


def _stale_and_resent_results(n: int) -> Conversation:
    """One turn of n calls of f with ids; n/2 results by tool name first, then each call's
    result by id and its re-sent copy (``_late`` walks each call's cell once)."""
    results = [ToolResult(None, "f", "x") for _ in range(n // 2)]
    for i in range(n):
        results += [ToolResult(f"c{i}", "f", "o"), ToolResult(f"c{i}", "f", "again")]
    return Conversation([Message("user", [Text("q")]), Message("assistant", [ToolCall("f", {}, f"c{i}")
                                                                             for i in range(n)]),
                         *[Message("tool", [r]) for r in results]])


def test_stale_by_name_and_resent_results_are_planned_in_linear_time() -> None:
    assert _ratio_of(_stale_and_resent_results, 100, lambda c: check_conversation(c, "ollama")) < 5
    assert _ratio_of(_stale_and_resent_results, 100, lambda c: fix_conversation(c, "ollama")) < 5
