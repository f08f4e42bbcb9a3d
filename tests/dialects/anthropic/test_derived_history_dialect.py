"""A dialect derived from ``anthropic.messages`` or ``bedrock.converse`` with
``dataclasses.replace(..., name=...)`` (docs/custom-dialects.md) writes a history exactly
as its parent does, its notes the same but for the name (review revAnth3: the writer read
a derived one's messages as never decoded from it, so ``"q"`` became a block list and a
false note said the system's ``cache_control`` was not sent while the output held it)."""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path
from typing import Any, List, Optional

import pytest

import toolwire
from corpus_data import files, load
from toolwire import ToolwireError
from toolwire.conversation import Message, Problem, Text, check_conversation, decode_conversation, encode_conversation

PARENTS = ["anthropic.messages", "bedrock.converse"]
TAIL = {"anthropic.messages": {"role": "assistant", "content": "done "},
        "bedrock.converse": {"role": "assistant", "content": [{"text": "done "}]}}


def _enc(body: Any, d: Any, append: bool = False) -> Any:
    report: List[Problem] = []
    try:
        conv: Any = decode_conversation(copy.deepcopy(body), d)
        if append:
            conv = [*conv.messages, Message("user", (Text("next"),))]
        out = encode_conversation(conv, d, report=report)
    except ToolwireError as e:
        return "error", str(e).replace(d.name, "@")
    return out, [(p.kind, p.index, p.message.replace(d.name, "@")) for p in report]


def _chk(body: Any, d: Any) -> Any:
    return [(p.kind, p.index, p.message.replace(d.name, "@")) for p in check_conversation(copy.deepcopy(body), d)]


def test_the_reproducer_writes_as_the_parent_without_a_false_note() -> None:
    body = {"system": [{"type": "text", "text": "s", "cache_control": {"type": "ephemeral"}}],
            "messages": [{"role": "user", "content": "q"}, {"role": "assistant", "content": "done "}]}
    derived = replace(toolwire.get_dialect("anthropic.messages"), name="acme.x", aliases=())
    out, notes = _enc(body, derived)
    assert out == {"system": [{"type": "text", "text": "s", "cache_control": {"type": "ephemeral"}}],
                   "messages": [{"role": "user", "content": "q"}, {"role": "assistant", "content": "done"}]}
    assert [k for k, _i, _m in notes] == ["dropped"] and "trailing whitespace" in notes[0][2]


@pytest.mark.parametrize("parent", PARENTS)
def test_a_final_assistant_whitespace_block_is_judged_as_the_parent_does(parent: str) -> None:
    body = {"messages": [{"role": "user", "content": "q"},
                         {"role": "assistant", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": " "}]}]}
    if parent == "bedrock.converse":
        body = {"messages": [{"role": "user", "content": [{"text": "q"}]},
                             {"role": "assistant", "content": [{"text": "a"}, {"text": " "}]}]}
    derived = replace(toolwire.get_dialect(parent), name="acme.x", aliases=())
    assert _chk(body, derived) == _chk(body, toolwire.get_dialect(parent)) != []


@pytest.mark.parametrize("path", files("anthropic-messages", "bedrock-converse", kinds=("request",)))
def test_corpus_histories_encode_as_the_parents_do(path: Optional[Path]) -> None:
    assert path is not None
    payload = load(path)["payload"]
    parent = toolwire.get_dialect("bedrock.converse" if "bedrock" in str(path.parent.name) else "anthropic.messages")
    derived = replace(parent, name="acme." + parent.name, aliases=())
    msgs = payload.get("messages")
    if type(msgs) is not list:
        pytest.skip("no message list")
    for cut in range(1, len(msgs) + 1):
        body = {**payload, "messages": msgs[:cut]}
        variants = [body]
        if msgs[cut - 1].get("role") == "user":
            variants.append({**body, "messages": msgs[:cut] + [TAIL[parent.name]]})
        for b in variants:
            assert _enc(b, derived) == _enc(b, parent)
            assert _enc(b, derived, append=True) == _enc(b, parent, append=True)
            assert _chk(b, derived) == _chk(b, parent)
