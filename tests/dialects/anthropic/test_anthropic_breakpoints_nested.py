"""Breakpoints nested in a block count toward Anthropic's 4 as the top-level ones do: a
text block's ``cache_control`` inside a ``search_result``'s content (SearchResultBlockParam:
``content: Iterable[TextBlockParam]``), inside a document's content source
(``source: {"type": "content", "content": [...]}``) and inside a tool result's blocks
(https://docs.claude.com/en/docs/build-with-claude/prompt-caching: "A maximum of 4 blocks
with cache_control may be provided"). A re-sent block's one past the fourth is left out,
noted, on the block's own copy."""

from __future__ import annotations

import json
from typing import Any, List

from toolwire.conversation import Message, Problem, Text, decode_conversation, encode_conversation

A = "anthropic.messages"
CC = {"type": "ephemeral"}
PAST = ("written fresh, the block would be a breakpoint past the 4 Anthropic takes (\"A maximum of 4 blocks with "
        "cache_control may be provided\")")
THREE = [{"type": "text", "text": t, "cache_control": CC} for t in ("a", "b", "c")]


def _cc(out: Any) -> int:
    return json.dumps(out).count('"cache_control"')


def _resent(block: Any) -> Any:
    h = {"messages": [{"role": "user", "content": [*THREE, block]},
                      {"role": "assistant", "content": [{"type": "text", "text": "d"}]}]}
    c = decode_conversation(h, A)
    report: List[Problem] = []
    out = encode_conversation([*c.messages, Message("user", (c.messages[0].parts[-1],))], A, report=report)
    return h, out, [(p.kind, p.index, p.message) for p in report]


def test_a_re_sent_search_results_inner_breakpoint_is_counted() -> None:
    sr = {"type": "search_result", "source": "https://e.com", "title": "E",
          "content": [{"type": "text", "text": "found", "cache_control": CC}]}
    h, out, notes = _resent(sr)
    assert _cc(out) == 4
    assert out["messages"][:2] == h["messages"]
    assert out["messages"][2]["content"] == [{**sr, "content": [{"type": "text", "text": "found"}]}]
    assert sr["content"][0]["cache_control"] == CC  # (the caller's block is not touched)
    assert notes == [("dropped", 2, f"The cache_control on a text block of message 2 is not sent to {A}: {PAST}")]


def test_a_re_sent_documents_inner_breakpoint_is_counted() -> None:
    doc = {"type": "document", "source": {"type": "content", "content": [
        {"type": "text", "text": "p1"}, {"type": "text", "text": "p2", "cache_control": CC}]}}
    h, out, notes = _resent(doc)
    assert _cc(out) == 4
    assert out["messages"][2]["content"][0]["source"]["content"][1] == {"type": "text", "text": "p2"}
    assert doc["source"]["content"][1]["cache_control"] == CC  # type: ignore[index]
    assert [k for k, *_ in notes] == ["dropped"]


def test_an_image_blocks_note_says_an() -> None:
    png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
    img = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": png}, "cache_control": CC}
    _h, out, notes = _resent(img)
    assert _cc(out) == 4
    assert notes == [("dropped", 2, f"The cache_control on an image block of message 2 is not sent to {A}: {PAST}")]


def test_nested_breakpoints_under_the_cap_stay() -> None:
    sr = {"type": "search_result", "source": "https://e.com", "title": "E",
          "content": [{"type": "text", "text": "found", "cache_control": CC}]}
    h = {"messages": [{"role": "user", "content": [sr]}, {"role": "assistant", "content": [{"type": "text", "text": "d"}]}]}
    c = decode_conversation(h, A)
    report: List[Problem] = []
    out = encode_conversation([*c.messages, Message("user", (c.messages[0].parts[-1], Text("x")))], A, report=report)
    assert _cc(out) == 2 and report == []


def test_the_nested_walk_stays_linear(monkeypatch: Any) -> None:
    from toolwire.dialects.anthropic import breakpoints

    calls = [0]
    real = breakpoints._inner

    def counted(b: Any) -> Any:
        calls[0] += 1
        return real(b)

    monkeypatch.setattr(breakpoints, "_inner", counted)
    sr = {"type": "search_result", "source": "https://e.com", "title": "E",
          "content": [{"type": "text", "text": "found", "cache_control": CC}]}

    def steps(n: int) -> int:
        msgs = [{"role": "user" if i % 2 == 0 else "assistant",
                 "content": [sr, {"type": "text", "text": "q"}] if i % 2 == 0 else "a"} for i in range(n)]
        c = decode_conversation({"messages": msgs}, A)
        calls[0] = 0
        encode_conversation([Message(m.role, m.parts) for m in c.messages], A, report=[])
        return calls[0]

    small, big = steps(50), steps(200)
    assert 3.5 < big / small < 4.5
