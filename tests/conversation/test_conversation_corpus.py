"""Every recorded request history under ../shared/corpus: decoded to its
``expected_conversation``, re-encoded to its own dialect exactly, written fresh
(without the decoded wire) to the same content, and converted to every other
dialect into a fragment the target SDK's own request types accept, with the same
calls, results and pairing (or an ``EncodeError`` naming what has no equivalent)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

from corpus_data import CORPUS, DIALECT_OF_DIR, SKIP_REASON, files, load
from history_types import check_fragment
from toolwire import EncodeError, InvalidToolCall, ToolCall, ToolResult
from toolwire.conversation import (
    Conversation,
    Media,
    Message,
    Other,
    Reasoning,
    Text,
    check_conversation,
    decode_conversation,
    encode_conversation,
)

REQUESTS = files(kinds=("request",))
TARGETS = ["openai.chat", "openai.responses", "anthropic.messages", "gemini", "bedrock.converse", "mistral",
           "cohere.v2", "ollama"]


def summary(conv: Conversation) -> List[Dict[str, Any]]:
    """The corpus README's summary of a history (one entry per message)."""
    out = []
    for m in conv.messages:
        parts = []
        for p in m.parts:
            t = type(p)
            if t is Text:
                parts.append("text")
            elif t in (ToolCall, InvalidToolCall):
                parts.append(f"tool_call:{p.id or 'null'}:{p.name}")  # type: ignore[union-attr]
            elif t is ToolResult:
                parts.append(f"tool_result:{p.id or 'null'}")  # type: ignore[union-attr]
            elif t is Reasoning:
                parts.append("reasoning")
            elif t is Media:
                parts.append("image")
            else:
                assert t is Other
                parts.append("other:" + p.type)  # type: ignore[union-attr]
        out.append({"role": m.role, "parts": parts})
    return out


def content(conv: Conversation) -> Tuple[List[str], List[Tuple[str, Any]], int]:
    """Texts (in order), calls (name, args) and the number of results."""
    texts = [p.text for m in conv.messages for p in m.parts if type(p) is Text]
    calls = [(c.name, c.args) for c in conv.calls]
    return texts, calls, len(conv.results)


def _dialect(path: Path) -> str:
    return DIALECT_OF_DIR[path.parent.name]


def _doc(path: Any) -> Dict[str, Any]:
    if path is None:
        pytest.skip(SKIP_REASON)
    return load(path)


def test_every_request_history_is_collected() -> None:
    if CORPUS is None:
        pytest.skip(SKIP_REASON)
    assert len(REQUESTS) >= 60


@pytest.mark.parametrize("path", REQUESTS)
def test_decodes_to_the_expected_conversation(path: Any) -> None:
    doc = _doc(path)
    conv = decode_conversation(doc["payload"], _dialect(path))
    assert summary(conv) == doc["expected_conversation"]
    assert [c.id for c in conv.calls] == [c["id"] for c in doc["expected_tool_calls"]]
    assert [r.id for r in conv.results] == doc["expected_tool_result_ids"]


@pytest.mark.parametrize("path", REQUESTS)
def test_detected_without_a_dialect(path: Any) -> None:
    doc = _doc(path)
    d = _dialect(path)
    conv = decode_conversation(json.dumps(doc["payload"]))  # JSON text, no dialect named
    # Mistral and Cohere histories without evidence of their own read as Chat (the same wire)
    assert conv.dialect == d or (d in ("mistral", "cohere.v2") and conv.dialect == "openai.chat")
    assert summary(conv) == doc["expected_conversation"]


@pytest.mark.parametrize("path", REQUESTS)
def test_same_dialect_reencode_is_exact(path: Any) -> None:
    doc = _doc(path)
    before = copy.deepcopy(doc["payload"])
    conv = decode_conversation(doc["payload"], _dialect(path))
    out = encode_conversation(conv, _dialect(path))
    frag = {k: v for k, v in doc["payload"].items() if k in out}
    assert json.dumps(out) == json.dumps(frag)  # key order too
    assert doc["payload"] == before  # the input is not touched
    # a conversation continued by one message: the decoded messages are still written as they were
    more = encode_conversation(conv.append(Message("user", [Text("Thanks. One more question?")])), _dialect(path))
    key = "contents" if "contents" in out else "input" if "input" in out else "messages"
    if isinstance(out[key], list):
        assert more[key][: len(out[key]) - 1] == out[key][:-1]


@pytest.mark.parametrize("path", REQUESTS)
def test_fresh_writing_keeps_the_content(path: Any) -> None:
    """Written from the canonical messages alone (no decoded wire), read back the same."""
    doc = _doc(path)
    d = _dialect(path)
    conv = decode_conversation(doc["payload"], d)
    bare = Conversation([m.replace(wire=None) for m in conv.messages])
    back = decode_conversation(encode_conversation(bare, d), d)
    texts, calls, n = content(back)
    want_texts, want_calls, want_n = content(conv)
    assert (calls, n) == (want_calls, want_n)
    # a later system message moves into the system field: the same pieces, maybe joined
    assert sorted("\n\n".join(texts).split("\n\n")) == sorted("\n\n".join(want_texts).split("\n\n"))
    assert [r.content for r in back.results] == [r.content for r in conv.results]


@pytest.mark.parametrize("path", REQUESTS)
def test_converts_to_every_other_dialect(path: Any) -> None:
    doc = _doc(path)
    source = _dialect(path)
    conv = decode_conversation(doc["payload"], source)
    for target in TARGETS:
        if target != source:
            _convert(conv, target)


def _convert(conv: Conversation, target: str) -> None:
    report: List[Any] = []
    try:
        out = encode_conversation(conv, target, report=report)
    except EncodeError as exc:
        # only content with no documented equivalent in the target may stop a conversion
        kinds = {type(p) for m in conv.messages for p in m.parts} | {
            type(x).__name__ for r in conv.results if not isinstance(r.content, str) for x in r.content
        }
        assert Media in kinds or Other in kinds or "dict" in kinds, exc
        assert any(w in str(exc) for w in ("cannot", "no documented equivalent", "holds only", "holds text and")), exc
        return
    check_fragment(target, out)
    back = decode_conversation(out, target)
    texts, calls, n_results = content(back)
    want_texts, want_calls, want_results = content(conv)
    assert calls == want_calls
    assert n_results == want_results
    joined = "\n\n".join(texts)
    assert [t for t in want_texts if t not in joined] == []  # merged texts are joined, never lost
    assert check_conversation(back) == check_conversation(conv, target)
    dropped = {p.kind for p in report}
    assert dropped <= {"reasoning-dropped", "dropped", "moved"}
    has_reasoning = any(type(p) is Reasoning for m in conv.messages for p in m.parts)
    assert ("reasoning-dropped" in dropped) == has_reasoning
