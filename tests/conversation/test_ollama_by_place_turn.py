"""Ollama's results by place (conversation/_pairing.py) stay in their turn: a result with an
id in a LATER turn does not hide its call from an earlier turn's bare results (review
revConv8 R2), a bare result after a user message still answers the call waiting (flagged
misplaced: review revDepth took back R3), and pairing by place is a field of the history codec's ``Pairing``
(``by_place``, set by the Ollama dialect's package), so a dialect whose codec names its own
messages keeps it (issue #14). Ollama's server renders tool messages in order and pairs
nothing by id (``tool_name`` and ``tool_call_id`` both optional in ``api.Message``:
https://github.com/ollama/ollama/blob/main/docs/api.md, "Chat request (with tools)")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Dict, List, Optional

import toolwire
from toolwire import default_registry


def _c(ident: str, name: str) -> Dict[str, Any]:
    return {"id": ident, "function": {"name": name, "arguments": {}}}


def _a(*calls: Dict[str, Any]) -> Dict[str, Any]:
    return {"role": "assistant", "content": "", "tool_calls": list(calls)}


def _t(content: str, ident: Optional[str] = None) -> Dict[str, Any]:
    m = {"role": "tool", "content": content}
    if ident:
        m["tool_call_id"] = ident
    return m


def _u(text: str = "q") -> Dict[str, Any]:
    return {"role": "user", "content": text}


def _kinds(messages: List[Dict[str, Any]], dialect: str = "ollama", **kw: Any) -> List[Any]:
    return [(p.kind, p.index) for p in toolwire.check_conversation({"model": "m", "messages": messages}, dialect, **kw)]


def test_a_later_turn_s_result_with_an_id_leaves_the_call_to_the_bare_results_of_its_turn() -> None:
    # review revConv8 R2: "a" and "b" answer call_f1 and call_g2 by place; the result with
    # call_f1's id two turns on answers none (its call was answered), call_h3 has none
    msgs = [_u(), _a(_c("call_f1", "f"), _c("call_g2", "g")), _t("a"), _t("b"),
            _u(), _a(_c("call_h3", "h")), _t("c", "call_f1")]
    kinds = _kinds(msgs)
    assert ("orphan-result", 3) not in kinds and ("missing-result", 1) not in kinds, kinds
    chat = toolwire.encode_conversation({"model": "m", "messages": msgs[:4]}, "openai.chat", source="ollama")
    assert [(m["tool_call_id"], m["content"]) for m in chat["messages"][2:]] == [("call_f1", "a"), ("call_g2", "b")]


def test_the_same_with_ids_reused_so_a_plan_is_made() -> None:
    # two calls with one id make the full plan (``_pairing_plan.full_plan``) run: the same answer
    msgs = [_u(), _a(_c("call_f1", "f"), _c("call_g2", "g")), _t("a"), _t("b"),
            _u(), _a(_c("call_h3", "h"), _c("call_h3", "h")), _t("c", "call_f1")]
    kinds = _kinds(msgs)
    assert ("orphan-result", 3) not in kinds and ("missing-result", 1) not in kinds, kinds


def test_a_bare_result_after_a_user_message_answers_the_call_still_waiting_flagged() -> None:
    # review revDepth: Ollama's templates render a tool message after the only call still
    # waiting wherever it stands (command-r.gotmpl: each tool message's content as it comes,
    # no .ToolCallID), so it answers it, flagged misplaced: orphaning it made fix_conversation
    # delete the real output "rf" and answer f with an error text (896 of 3,000 generated)
    kinds = _kinds([_u(), _a(_c("call_f1", "f")), _u("wait"), _t("rf")])
    assert kinds == [("misplaced-result", 3)], kinds
    same_without_id = _kinds([_u(), _a({"function": {"name": "f", "arguments": {}}}), _u("wait"), _t("rf")])
    assert same_without_id == kinds, same_without_id


def test_pairing_by_place_is_a_field_of_the_pairing_record() -> None:
    assert toolwire.get_dialect("ollama").history.pairing.by_place  # type: ignore[union-attr]
    assert not any(toolwire.get_dialect(n).history.pairing.by_place  # type: ignore[union-attr]
                   for n in toolwire.dialect_names() if n != "ollama" and toolwire.get_dialect(n).history)


def test_a_dialect_whose_codec_names_its_own_messages_pairs_by_place() -> None:
    from toolwire.dialects.openai.chat_history import chat_like

    parent = toolwire.get_dialect("ollama")
    codec = chat_like("acme.ollama", images=True, pairing=parent.history.pairing)  # type: ignore[union-attr]
    reg = default_registry().copy()
    reg.register(replace(parent, name="acme.ollama", aliases=(), history=codec))
    msgs = [_u(), _a(_c("call_f1", "f"), _c("call_g2", "g")), _t("a"), _t("b")]
    assert _kinds(msgs, "acme.ollama", registry=reg) == _kinds(msgs) == []


def test_the_turn_read_for_pairing_by_place_stays_linear() -> None:
    """n vs 4n turns, each with a user message among its bare results and a result with an
    id of an earlier turn: the messages read to find each turn's ids and user messages grow
    4 times (each turn read once)."""
    from toolwire.conversation import _pairing_place

    def steps(n: int) -> int:
        msgs = [_u()]
        for k in range(n):
            msgs += [_a(_c(f"call_f{k}", "f"), _c(f"call_g{k}", "g")), _t("a"), _u("wait"), _t("b"),
                     _t("c", f"call_f{k - 1}" if k else None), _u("more")]
        count = [0]
        real = _pairing_place._turn_after

        def counted(messages: Any, last: int) -> Any:
            got = real(messages, last)
            count[0] += got[0] - last
            return got

        _pairing_place._turn_after = counted
        try:
            toolwire.check_conversation({"model": "m", "messages": msgs}, "ollama")
        finally:
            _pairing_place._turn_after = real
        return count[0]

    small, large = steps(50), steps(200)
    assert small > 0 and 3.5 < large / small < 4.5
