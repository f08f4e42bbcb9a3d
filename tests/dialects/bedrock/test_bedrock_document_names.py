"""Bedrock refuses a request holding two documents of one name ("Messages can't contain
duplicate document names. Rename the document and retry your request."): toolwire gives
later ones ``-2``, ``-3``... across the whole request, in request order, each name decided
by the documents before it only (a name given never changes as turns are added), noted."""

from __future__ import annotations

import base64
from typing import Any, Dict, List, Optional

import pytest

import toolwire
from toolwire import ToolResult
from toolwire.conversation import decode_conversation, encode_conversation

D = "bedrock.converse"
PDF = base64.b64encode(b"%PDF-1.4 one").decode()


def _doc(title: Optional[str]) -> Dict[str, Any]:
    d: Dict[str, Any] = {"type": "document",
                         "source": {"type": "base64", "media_type": "application/pdf", "data": PDF}}
    if title is not None:
        d["title"] = title
    return d


def _names(out: Dict[str, Any]) -> List[str]:
    return [c["document"]["name"] for m in out["messages"] for b in m["content"] if "toolResult" in b
            for c in b["toolResult"]["content"] if "document" in c]


@pytest.mark.parametrize(("titles", "names"), [
    ((None, None, None), ["document", "document-2", "document-3"]),
    (("résumé.pdf", "r#sum#.pdf", None), ["r-sum-", "r-sum--2", "document"]),
    (("Q1 report.pdf", "Q1 report.PDF", "Q1 report-2"), ["Q1 report", "Q1 report-2", "Q1 report-2-2"]),
])
def test_documents_of_one_name_get_distinct_names_across_the_request(titles: Any, names: List[str]) -> None:
    history = {"messages": [
        {"role": "user", "content": [{"type": "text", "text": "read them"}]},
        {"role": "assistant", "content": [
            {"type": "tool_use", "id": f"toolu_0{k}", "name": "fetch", "input": {"n": k}} for k in range(3)]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": f"toolu_0{k}", "content": [_doc(t)]} for k, t in enumerate(titles)]},
    ]}
    out = encode_conversation(decode_conversation(history, "anthropic.messages"), D)
    assert _names(out) == names


def test_documents_of_one_result_get_distinct_names() -> None:
    r = ToolResult("t1", "fetch", [_doc(None), _doc(None), _doc("document-2")])
    notes: List[Any] = []
    block = toolwire.encode_result(r, D, report=notes)
    assert [c["document"]["name"] for c in block["toolResult"]["content"]] == ["document", "document-2", "document-2-2"]
    assert [(n.kind, n.message) for n in notes] == [
        ("converted", "The document named 'document' in the result for t1 ('fetch') is named 'document-2': bedrock.converse "
                      "refuses two of one name"),
        ("converted", "The document named 'document-2' in the result for t1 ('fetch') is named 'document-2-2': "
                      "bedrock.converse refuses two of one name")]


def test_a_history_with_distinct_names_is_untouched() -> None:
    h = [
        {"role": "user", "content": [{"text": "read"}, {"document": {"format": "txt", "name": "a", "source": {"bytes": "eA=="}}}]},
        {"role": "assistant", "content": [{"text": "ok"}]},
    ]
    conv = decode_conversation(h, D).append(toolwire.Message("user", (toolwire.conversation.Text("more"),)))
    assert encode_conversation(conv, D)["messages"][0] is conv.messages[0].wire[1]  # type: ignore[index]


def _bedrock_doc(name: str) -> Dict[str, Any]:
    return {"document": {"format": "txt", "name": name, "source": {"bytes": "aGVsbG8="}}}


def _all_names(out: Dict[str, Any]) -> List[str]:
    return [b["document"]["name"] for m in out["messages"] for b in m["content"] if "document" in b]


def test_an_untouched_history_holding_one_name_twice_is_not_replayed() -> None:
    h = {"messages": [{"role": "user", "content": [{"text": "a"}, _bedrock_doc("document")]},
                      {"role": "assistant", "content": [{"text": "ok"}]},
                      {"role": "user", "content": [{"text": "b"}, _bedrock_doc("document")]}]}
    report: List[Any] = []
    out = encode_conversation(decode_conversation(h, D), D, report=report)
    assert _all_names(out) == ["document", "document-2"]
    assert out["messages"][0] == h["messages"][0]
    assert [(p.kind, p.index) for p in report] == [("rewritten", 2), ("converted", 2)]
    assert report[1].message == ("The document named 'document' in message 2 is named 'document-2': bedrock.converse "
                                 "refuses two documents of one name (\"Messages can't contain duplicate document "
                                 "names\")")


def test_a_name_given_never_changes_as_turns_are_added() -> None:
    base = [{"role": "user", "content": [{"text": "a"}, _bedrock_doc("document")]},
            {"role": "assistant", "content": [{"text": "x"}]},
            {"role": "user", "content": [{"text": "b"}, _bedrock_doc("document")]}]
    more = [{"role": "assistant", "content": [{"text": "y"}]},
            {"role": "user", "content": [{"text": "c"}, _bedrock_doc("document-2")]}]
    first = encode_conversation(decode_conversation({"messages": base}, D), D)
    report: List[Any] = []
    second = encode_conversation(decode_conversation({"messages": base + more}, D), D, report=report)
    assert _all_names(first) == ["document", "document-2"]
    assert _all_names(second) == ["document", "document-2", "document-2-2"]
    assert second["messages"][:3] == first["messages"]
    assert [(p.kind, p.index) for p in report] == [("rewritten", 2), ("rewritten", 4), ("converted", 2),
                                                   ("converted", 4)]
