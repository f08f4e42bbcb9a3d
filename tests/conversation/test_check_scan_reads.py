"""``check_conversation``'s scan reads a turn's start and a part's wrong role in its loop, and
builds its turn table (``Turns``) in one backward loop (the forty-sixth session: -14% of its
instructions on the 121-message benchmark history): each is held to the rule it reads
(``starts_turn``, ``wrong_role``) and to the table's definition, over seeded histories."""

from __future__ import annotations

import random
from typing import List

from toolwire import InvalidToolCall, ToolCall, ToolResult
from toolwire.conversation import Conversation, Message, Text, check_conversation
from toolwire.conversation._turns import Turns
from toolwire.conversation._values import starts_turn, wrong_role

ROLES = ("system", "user", "assistant", "tool")


def _history(rng: random.Random) -> List[Message]:
    out = []
    for k in range(rng.choice([0, 1, 2, 5, 9, 15])):
        parts: list = []
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            x = rng.random()
            if x < 0.3:
                parts.append(ToolCall(name=rng.choice(["f", "g"]), args={}, id=rng.choice(["a", "b", None])))
            elif x < 0.35:
                parts.append(InvalidToolCall(name="f", raw="{", id=rng.choice(["a", None]), error="bad"))
            elif x < 0.75:
                parts.append(ToolResult(id=rng.choice(["a", "b", None]), name=rng.choice(["f", "g", None]),
                                        content=f"r{k}"))
            else:
                parts.append(Text("t"))
        out.append(Message(rng.choice(ROLES), parts))
    return out


def _turns_by_definition(msgs: List[Message], assistants: bool) -> tuple:
    """``Turns``' tables read off their definitions, one message at a time (quadratic): the
    first assistant message after a non-assistant one, after *k*; the first message from *k*
    on holding more than results (*assistants*: any assistant message)."""
    n = len(msgs)
    turn = [next((j for j in range(k + 1, n) if msgs[j].role == "assistant" and msgs[j - 1].role != "assistant"), n)
            for k in range(n + 1)]
    content = [next((j for j in range(k, n) if (assistants if msgs[j].role == "assistant" else any(
        type(p) is not ToolResult for p in msgs[j].parts))), n) for k in range(n + 1)]
    return turn, content


def test_turn_table_is_its_definition() -> None:
    rng = random.Random(46)
    for _ in range(3000):
        msgs = _history(rng)
        assistants = rng.random() < 0.5
        t = Turns(tuple(msgs), True, assistants)
        assert (t.next_turn, t.next_content) == _turns_by_definition(msgs, assistants), msgs


def test_scan_reads_the_turn_and_role_rules() -> None:
    """A wrong-role problem is reported for exactly the parts ``wrong_role`` names, and the
    turns the scan counts are ``starts_turn``'s (an id-less call pairs within its turn)."""
    rng = random.Random(4646)
    for _ in range(3000):
        msgs = _history(rng)
        found = [(p.index, p.id) for p in check_conversation(Conversation(msgs)) if p.kind == "wrong-role"]
        want = [(i, p.id) for i, m in enumerate(msgs) for p in m.parts
                if type(p) in (ToolCall, InvalidToolCall, ToolResult) and wrong_role(m.role, p)]
        assert found == want, msgs
        assert [i for i, m in enumerate(msgs) if m.role == "assistant" and i and msgs[i - 1].role != "assistant"] == [
            i for i in range(len(msgs)) if starts_turn(msgs, i)]
