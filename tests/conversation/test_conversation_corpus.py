"""Every recorded request history under ../shared/corpus: decoded to its
``expected_conversation``, re-encoded to its own dialect exactly, written fresh
(without the decoded wire) to the same content, and converted to every other
dialect into a fragment the target SDK's own request types accept, with the same
calls, results and pairing (or an ``EncodeError`` naming what has no equivalent)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Dict, List

import pytest

import toolwire
from corpus_data import CORPUS, DIALECT_OF_DIR, SKIP_REASON, files, load
from history_types import content, convert_checked, summary
from toolwire import ToolwireError
from toolwire.conversation import (
    Conversation,
    Message,
    Problem,
    Text,
    decode_conversation,
    encode_conversation,
)

REQUESTS = files(kinds=("request",))
TARGETS = ["openai.chat", "openai.responses", "anthropic.messages", "gemini", "bedrock.converse", "mistral",
           "cohere.v2", "ollama"]


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
    # the dialect of its folder, which ``detect`` names too (the same evidence: Mistral's and
    # Cohere's request bodies were read as Chat, their own parts then refused)
    assert conv.dialect == d == toolwire.detect(doc["payload"])
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
    report: List[Problem] = []
    back = decode_conversation(encode_conversation(bare, d, report=report), d)
    texts, calls, n = content(back)
    want_texts, want_calls, want_n = content(conv)
    assert (calls, n) == (want_calls, want_n)
    # a user turn the target needs before a first call turn (reported ``inserted``), when
    # the fresh write left out the empty one the body had there (pydantic-ai's ``""``)
    first_user = [p for p in report if p.kind == "inserted" and "'Please continue.'" in p.message]
    if first_user:
        assert len(first_user) == 1 and "Please continue." in texts
        texts = list(texts)
        texts.remove("Please continue.")
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
    convert_checked(conv, target)



@pytest.mark.parametrize("path", REQUESTS)
def test_named_as_another_dialect_it_raises_or_reads_the_same(path: Any) -> None:
    doc = _doc(path)
    right = decode_conversation(doc["payload"], _dialect(path))
    for other in TARGETS:
        try:
            conv = decode_conversation(doc["payload"], other)
        except ToolwireError:
            continue
        assert [(c.name, c.args) for c in conv.calls] == [(c.name, c.args) for c in right.calls], other
        assert len(conv.results) == len(right.results), other
