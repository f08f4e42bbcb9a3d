"""A dialect derived from a built-in with ``dataclasses.replace(..., name=...)``
(docs/custom-dialects.md) shares the built-in's result encoder; what that encoder notes
names the dialect written to, not the built-in (``EncodeContext.target``). Session 45:
59 of 12,405 seeded histories to derived dialects were noted with the parent's name (a
result's JSON part "is sent to anthropic.messages as text" for ``acme.messages``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, List

import pytest

import toolwire
from toolwire import ToolResult
from toolwire.conversation import Message, Problem, Text, encode_conversation

PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
PDF = "JVBERi0xLjQK"  # base64 of "%PDF-1.4\n"
JSON = {"type": "json", "json": [1, 2]}
TWO_TEXTS = [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]
PNG_AS_JPEG = {"type": "image", "data": PNG, "mimeType": "image/jpeg"}  # (MCP ImageContent)


def _pdf(title: str) -> Any:  # an Anthropic document block (docs.claude.com, "PDF support")
    return {"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": PDF},
            "title": title}



# MCP TextResourceContents (modelcontextprotocol.io, "Embedded Resources")
RESOURCE = {"type": "resource", "resource": {"uri": "file:///notes.txt", "mimeType": "text/plain", "text": "hi"}}

# (built-in, content, what a note of its result encoder says after the dialect's name)
CASES = [
    ("anthropic.messages", [JSON], " as text: its tool results hold no JSON block"),
    ("anthropic.messages", [{"type": "text", "text": "a"}, {"type": "text", "text": " "}], " refuses blank text"),
    ("anthropic.messages", [PNG_AS_JPEG], " checks them"),
    ("bedrock.converse", [JSON], " as text: a Converse json block holds an object"),
    ("bedrock.converse", [{"type": "text", "text": "a"}, {"type": "text", "text": ""}], " refuses blank text"),
    ("bedrock.converse", [PNG_AS_JPEG], " checks them"),
    ("bedrock.converse", [_pdf("a"), _pdf("a")], " refuses two of one name"),
    ("bedrock.converse", [_pdf("Q3 report!")], " as 'Q3 report-'"),
    ("gemini", TWO_TEXTS, " as one text, joined by newlines: a function response holds one value"),
    ("gemini", [{"type": "text", "text": "a"}, JSON], " as one JSON array"),
    ("gemini", [_pdf("Q3 report")], ": its part there has no name"),
    ("openai.chat", TWO_TEXTS, " as one text, joined by newlines: a tool message's content is a string"),
    ("openai.chat", [JSON], " as text: its tool messages hold no JSON part"),
    ("openai.chat", [RESOURCE], " as a text part, its URI the first line"),
    ("openai.responses", [PNG_AS_JPEG], " as 'image/png', the type its bytes show"),
    ("openai.responses", [{"type": "image", "fileData": {"mimeType": "image/png", "fileUri": "https://example.com/a"}}],
     ": its part there has no media type"),  # (a Gemini fileData part)
    ("mistral", [JSON], " as text: its tool messages hold no JSON part"),
    ("ollama", TWO_TEXTS, " as one text, joined by newlines: a tool message's content is a string"),
    ("mcp", [JSON], " as text: structuredContent is an object"),
]


def _said(d: Any, content: List[Any]) -> List[str]:
    report: List[Problem] = []
    toolwire.encode_result(ToolResult(id="toolu_01", name="f", content=content), d, report=report)
    return [p.message for p in report]


@pytest.mark.parametrize(("name", "content", "after"), CASES)
def test_a_derived_dialect_s_result_notes_name_it(name: str, content: List[Any], after: str) -> None:
    parent = toolwire.get_dialect(name)
    derived = replace(parent, name="acme.x", aliases=())
    said = _said(parent, content)
    assert any(after in m for m in said), said  # (the note this case is about)
    assert _said(derived, content) == [m.replace(name, "acme.x") for m in said]
    assert all(name not in m for m in _said(derived, content))


def test_a_derived_anthropic_dialect_s_history_notes_name_it() -> None:
    d = replace(toolwire.get_dialect("anthropic.messages"), name="acme.messages")
    msgs = [Message("user", (Text("q"),)), Message("assistant", (toolwire.ToolCall("f", {}, "toolu_01"),)),
            Message("tool", (ToolResult(id="toolu_01", name="f", content=[JSON]),))]
    report: List[Problem] = []
    encode_conversation(msgs, d, report=report)
    assert [(p.kind, p.index, p.message) for p in report] == [
        ("converted", 2, "A JSON array in the result for toolu_01 ('f') in message 2 is sent to acme.messages as "
                         "text: its tool results hold no JSON block")]
