"""Documents inside tool results, written in each target's documented shape.

A tool that returns a PDF (a ``read_file``, a report) gives a result part in its
provider's shape. Converted for another provider (``encode_result``, ``convert``, a
history through ``encode_conversation``), every pair raised "cannot hold a 'document'
part". Now the document is written in the target's shape, each pinned from its
provider's reference:

- Anthropic ``tool_result`` content: a ``document`` block, ``source`` ``base64``
  (``application/pdf``), ``text`` (``text/plain``) or ``url``, optional ``title``
  (docs.claude.com, "PDF support", "Tool use: tool_result content").
- Bedrock ``ToolResultContentBlock.document``: ``DocumentBlock {format, name, source:
  {bytes}}``; ``format`` one of pdf, csv, doc, docx, xls, xlsx, html, txt, md; ``name``
  required, "only alphanumeric characters, whitespace characters (no more than one in a
  row), hyphens, parentheses, and square brackets" (Bedrock API reference).
- Responses ``function_call_output.output``: ``input_file`` with ``file_data`` as a data
  URL and a ``filename`` (OpenAI "File inputs"), or ``file_url``.
- Gemini ``functionResponse.parts``: ``inlineData {mimeType, data}``; documents
  ``application/pdf`` and ``text/plain`` (Gemini "Multimodal function responses").
- MCP ``CallToolResult.content``: an ``EmbeddedResource`` ``{"type": "resource",
  "resource": {"uri", "mimeType", "blob"}}``, which needs a URI: a document that came
  without one is refused.
"""

from __future__ import annotations

import base64
from typing import Any, Callable, Dict, Tuple

import pytest

import toolwire
from toolwire import convert

PDF = "JVBERi0xLjQK"  # base64 of "%PDF-1.4\n"
TXT = "aGVsbG8="  # base64 of "hello"

# source -> (its result wire holding one PDF, the document's name as that source gives it)
SOURCES: Dict[str, Tuple[Dict[str, Any], Any]] = {
    "anthropic.messages": ({"type": "tool_result", "tool_use_id": "toolu_1", "content": [
        {"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": PDF},
         "title": "Q3 report"}]}, "Q3 report"),
    "bedrock.converse": ({"toolResult": {"toolUseId": "tooluse_1", "content": [
        {"document": {"format": "pdf", "name": "Q3 report", "source": {"bytes": PDF}}}]}}, "Q3 report"),
    "openai.responses": ({"type": "function_call_output", "call_id": "call_1", "output": [
        {"type": "input_file", "filename": "Q3 report.pdf", "file_data": f"data:application/pdf;base64,{PDF}"}]},
        "Q3 report.pdf"),
    "gemini": ({"functionResponse": {"name": "read_file", "id": "call_1", "response": {"output": "read"},
                                     "parts": [{"inlineData": {"mimeType": "application/pdf", "data": PDF}}]}}, None),
    "mcp": ({"jsonrpc": "2.0", "id": 1, "result": {"content": [
        {"type": "resource", "resource": {"uri": "file:///reports/Q3 report.pdf", "mimeType": "application/pdf",
                                          "blob": PDF}}]}}, "Q3 report.pdf"),
}


def _anthropic(name: Any) -> Dict[str, Any]:
    block: Dict[str, Any] = {"type": "document", "source": {"type": "base64", "media_type": "application/pdf",
                                                            "data": PDF}}
    if name is not None:
        block["title"] = name
    return block


# target -> (the document part in its result, what it should be for a source's name)
TARGETS: Dict[str, Tuple[Callable[[Dict[str, Any]], Any], Callable[[Any], Any]]] = {
    "anthropic.messages": (lambda out: out["content"][-1], _anthropic),
    "bedrock.converse": (lambda out: out["toolResult"]["content"][-1],
                         lambda name: {"document": {"format": "pdf", "name": "Q3 report" if name else "document",
                                                    "source": {"bytes": PDF}}}),
    "openai.responses": (lambda out: out["output"][-1],
                         lambda name: {"type": "input_file", "file_data": f"data:application/pdf;base64,{PDF}",
                                       "filename": "Q3 report.pdf" if name else "document.pdf"}),
    "gemini": (lambda out: out["functionResponse"]["parts"],
               lambda name: [{"inlineData": {"mimeType": "application/pdf", "data": PDF}}]),
}


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("source", sorted(SOURCES))
def test_a_pdf_in_a_tool_result_is_written_in_the_targets_shape(source: str, target: str) -> None:
    wire, name = SOURCES[source]
    pick, want = TARGETS[target]
    result = toolwire.decode_result(wire, source).replace(name="read_file", id="toolu_1")
    assert pick(toolwire.encode_result(result, target)) == want(name)
    if target != "gemini":  # (a Gemini function response needs its tool's name, which the others lack)
        assert pick(convert(wire, to=target, source=source)) == want(name)


@pytest.mark.parametrize("source", sorted(set(SOURCES) - {"mcp"}))
def test_a_document_without_a_uri_is_refused_by_mcp(source: str) -> None:
    """An MCP ``EmbeddedResource`` requires a URI; none of these carries one."""
    wire, _ = SOURCES[source]
    with pytest.raises(toolwire.EncodeError, match=r"^A document \(application/pdf\) as data in a tool result cannot "
                                                   r"be written for mcp"):
        toolwire.encode_result(toolwire.decode_result(wire, source), "mcp")


def test_plain_text_documents() -> None:
    """``text/plain`` travels as Anthropic's ``text`` source (the text itself), as a
    Bedrock ``txt`` document and as a Gemini blob."""
    bedrock = {"toolResult": {"toolUseId": "t1", "content": [
        {"document": {"format": "txt", "name": "notes", "source": {"bytes": TXT}}}]}}
    result = toolwire.decode_result(bedrock, "bedrock.converse").replace(name="read_file", id="toolu_1")
    assert toolwire.encode_result(result, "anthropic.messages")["content"] == [
        {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "hello"}, "title": "notes"}]
    assert toolwire.encode_result(result, "gemini")["functionResponse"]["parts"] == [
        {"inlineData": {"mimeType": "text/plain", "data": TXT}}]
    anthropic = {"type": "tool_result", "tool_use_id": "toolu_1", "content": [
        {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "hello"}}]}
    back = toolwire.encode_result(toolwire.decode_result(anthropic, "anthropic.messages"), "bedrock.converse")
    assert back["toolResult"]["content"] == [
        {"document": {"format": "txt", "name": "document", "source": {"bytes": TXT}}}]
    mcp = {"jsonrpc": "2.0", "id": 1, "result": {"content": [
        {"type": "resource", "resource": {"uri": "file:///a.txt", "mimeType": "text/plain", "text": "hello"}}]}}
    result = toolwire.decode_result(mcp, "mcp").replace(id="toolu_1")
    assert toolwire.encode_result(result, "bedrock.converse")["toolResult"]["content"] == [
        {"document": {"format": "txt", "name": "a", "source": {"bytes": TXT}}}]
    assert toolwire.encode_result(result, "anthropic.messages")["content"] == [
        {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "hello"},
         "title": "a.txt"}]


def test_text_that_is_not_utf8_is_refused_as_anthropic_text() -> None:
    latin1 = {"toolResult": {"toolUseId": "t1", "content": [
        {"document": {"format": "txt", "name": "n", "source": {"bytes": "6Q=="}}}]}}  # b"\xe9"
    with pytest.raises(toolwire.EncodeError, match=r"^A document \(text/plain\) as data .* anthropic\.messages"):
        toolwire.encode_result(toolwire.decode_result(latin1, "bedrock.converse"), "anthropic.messages")


@pytest.mark.parametrize(("name", "want"), [
    ("Q3 report.pdf", "Q3 report"),
    ("my_report (final).pdf", "my-report (final)"),
    ("a  b\tc", "a b c"),
    ("..pdf", "-"),
    ("Report v1.2", "Report v1-2"),  # a title, not a file name: nothing is an extension
    ("data.tar.gz", "data-tar-gz"),
    ("résumé.docx", "r-sum-"),
    ("", "document"),
])
def test_bedrock_document_names_keep_to_its_alphabet(name: str, want: str) -> None:
    wire = {"type": "function_call_output", "call_id": "call_1", "output": [
        {"type": "input_file", "filename": name or None, "file_data": f"data:application/pdf;base64,{PDF}"}]}
    if not name:
        del wire["output"][0]["filename"]  # type: ignore[index]
    out = toolwire.encode_result(toolwire.decode_result(wire, "openai.responses"), "bedrock.converse")
    assert out["toolResult"]["content"][0]["document"]["name"] == want


@pytest.mark.parametrize("target", ["anthropic.messages", "bedrock.converse", "gemini"])
def test_a_file_type_the_target_does_not_take_is_refused(target: str) -> None:
    zipped = {"type": "function_call_output", "call_id": "call_1", "output": [
        {"type": "input_file", "filename": "a.zip", "file_data": f"data:application/zip;base64,{PDF}"}]}
    result = toolwire.decode_result(zipped, "openai.responses").replace(name="f", id="toolu_1")
    with pytest.raises(toolwire.EncodeError, match=rf"^A document \(application/zip\) as data in a tool result cannot "
                                                   rf"be written for {target}"):
        toolwire.encode_result(result, target)


@pytest.mark.parametrize("target", ["anthropic.messages", "bedrock.converse", "gemini", "mcp"])
def test_a_file_by_another_providers_file_id_is_refused_as_an_upload(target: str) -> None:
    wire = {"type": "function_call_output", "call_id": "call_1", "output": [{"type": "input_file", "file_id": "file-1"}]}
    result = toolwire.decode_result(wire, "openai.responses").replace(name="f", id="toolu_1")
    with pytest.raises(toolwire.EncodeError, match=rf"^A file by file id \(an upload to another provider\) in a tool "
                                                   rf"result cannot be written for {target}"):
        toolwire.encode_result(result, target)


@pytest.mark.parametrize("media_type", ["image/svg+xml", "image/bmp", "image/tiff", "image/heic"])
@pytest.mark.parametrize("source", ["gemini", "mcp", "openai.responses"])
def test_an_image_type_anthropic_does_not_take_is_refused(source: str, media_type: str) -> None:
    # Base64ImageSourceParam media_type: image/jpeg, image/png, image/gif, image/webp
    part = _part(source, ResultMedia("image", media_type, None, PDF, None))
    result = toolwire.ToolResult("toolu_1", "read_file", [part])
    for target in ("anthropic.messages", "bedrock.converse"):
        with pytest.raises(toolwire.EncodeError, match=r"^An image as data in a tool result cannot be written for "):
            toolwire.encode_result(result, target)
    png = toolwire.ToolResult("toolu_1", "read_file", [_part(source, ResultMedia("image", "image/png", None, PDF, None))])
    [block] = toolwire.encode_result(png, "anthropic.messages")["content"]
    assert block == {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PDF}}


def test_a_result_image_keeps_its_detail_where_the_target_has_the_field() -> None:
    """openai ``ResponseInputImageContentParam.detail`` (auto, low, high, original) and
    mistralai ``ImageURL.detail`` (auto, low, high): a Responses result image went to
    Mistral without it, a Chat or Mistral one to Responses as "auto"."""
    url = "https://example.com/a.png"
    responses = {"type": "function_call_output", "call_id": "call_1", "output": [
        {"type": "input_image", "image_url": url, "detail": "high"}]}
    result = toolwire.decode_result(responses, "openai.responses").replace(name="f")
    assert toolwire.encode_result(result, "mistral")["content"] == [
        {"type": "image_url", "image_url": {"url": url, "detail": "high"}}]
    for source in ("openai.chat", "mistral"):
        wire = {"role": "tool", "tool_call_id": "abcdefghi", "content": [
            {"type": "image_url", "image_url": {"url": url, "detail": "low"}}]}
        assert toolwire.encode_result(toolwire.decode_result(wire, source), "openai.responses")["output"] == [
            {"type": "input_image", "image_url": url, "detail": "low"}]
    # none known: Responses' required field gets its default, Mistral none; "original" is OpenAI's only
    bare = {"role": "tool", "tool_call_id": "abcdefghi", "content": [{"type": "image_url", "image_url": {"url": url}}]}
    assert toolwire.encode_result(toolwire.decode_result(bare, "openai.chat"), "openai.responses")["output"] == [
        {"type": "input_image", "image_url": url, "detail": "auto"}]
    original = toolwire.decode_result(dict(responses, output=[dict(responses["output"][0], detail="original")]),
                                      "openai.responses")
    assert toolwire.encode_result(original, "mistral")["content"] == [{"type": "image_url", "image_url": {"url": url}}]


def test_a_document_by_url() -> None:
    """A PDF by URL: Anthropic's ``url`` source, Responses' ``file_url``; Bedrock takes
    bytes or S3 only, Gemini inline data only."""
    wire = {"type": "tool_result", "tool_use_id": "toolu_1", "content": [
        {"type": "document", "source": {"type": "url", "url": "https://example.com/q3.pdf"}}]}
    result = toolwire.decode_result(wire, "anthropic.messages").replace(name="f")
    assert toolwire.encode_result(result, "openai.responses")["output"] == [
        {"type": "input_file", "file_url": "https://example.com/q3.pdf"}]
    for target in ("bedrock.converse", "gemini", "mcp"):
        with pytest.raises(toolwire.EncodeError, match=r"^A document \(application/pdf\) by URL"):
            toolwire.encode_result(result, target)


def test_conversation_with_a_pdf_result() -> None:
    """A history converted from Bedrock to Anthropic keeps the PDF (it raised)."""
    history = [
        {"role": "user", "content": [{"text": "Summarise the Q3 report"}]},
        {"role": "assistant", "content": [{"toolUse": {"toolUseId": "tooluse_1", "name": "read_file",
                                                       "input": {"path": "q3.pdf"}}}]},
        {"role": "user", "content": [{"toolResult": {"toolUseId": "tooluse_1", "content": [
            {"document": {"format": "pdf", "name": "Q3 report", "source": {"bytes": PDF}}}]}}]},
    ]
    conv = toolwire.decode_conversation(history, "bedrock.converse")
    messages = toolwire.encode_conversation(conv, "anthropic.messages")["messages"]
    result = messages[-1]["content"][0]
    assert result["type"] == "tool_result"
    assert result["content"] == [_anthropic("Q3 report")]


# -- the invariant: what a target writes reads back as the same bytes and type ---------------

from hypothesis import assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from toolwire.dialects._result_media import ResultMedia, read_media  # noqa: E402

_DOC_TYPES = ["application/pdf", "text/plain", "text/csv", "text/markdown", "application/zip"]
_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"]


def _part(source: str, m: ResultMedia) -> Dict[str, Any]:
    """*m* as a decoded part of *source*, in the shape its documentation gives."""
    if source == "anthropic.messages":
        src = {"type": "base64", "media_type": m.media_type, "data": m.data}
        return {"type": m.kind, "source": src, **({"title": m.name} if m.name and m.kind == "document" else {})}
    if source == "bedrock.converse":
        fmt = m.media_type.partition("/")[2] if m.kind == "image" else {
            "application/pdf": "pdf", "text/plain": "txt", "text/csv": "csv", "text/markdown": "md"}.get(
                m.media_type, "zip")
        body = {"format": fmt, "source": {"bytes": m.data}, **({"name": m.name or "x"} if m.kind == "document" else {})}
        return {"type": m.kind, m.kind: body}
    if source == "openai.responses":
        if m.kind == "image":
            return {"type": "image", "image_url": f"data:{m.media_type};base64,{m.data}", "detail": "auto"}
        return {"type": "file", "file_data": f"data:{m.media_type};base64,{m.data}", "filename": m.name or "x"}
    if source == "gemini":
        return {"type": "image" if m.kind == "image" else "file",
                "inlineData": {"mimeType": m.media_type, "data": m.data}}
    return {"type": "image", "data": m.data, "mimeType": m.media_type} if m.kind == "image" else {
        "type": "resource", "resource": {"uri": f"file:///{m.name or 'x'}", "mimeType": m.media_type, "blob": m.data}}


_TARGETS = ["anthropic.messages", "bedrock.converse", "openai.responses", "gemini", "mcp"]


@st.composite
def _media(draw: st.DrawFn) -> ResultMedia:
    kind = draw(st.sampled_from(["image", "document"]))
    mt = draw(st.sampled_from(_IMAGE_TYPES if kind == "image" else _DOC_TYPES))
    raw = draw(st.text(max_size=40)).encode("utf-8") if mt.startswith("text/") else draw(st.binary(max_size=40))
    name = draw(st.one_of(st.none(), st.text(st.characters(codec="utf-8"), min_size=1, max_size=20)))
    return ResultMedia(kind, mt, None, base64.b64encode(raw).decode("ascii"), name)


@settings(max_examples=150, deadline=None)
@given(_media(), st.sampled_from(_TARGETS), st.sampled_from(_TARGETS))
def test_media_written_for_a_target_reads_back_the_same(m: ResultMedia, source: str, target: str) -> None:
    """Whatever a target writes of another provider's image or document, its own reader
    reads back as the same kind, type and bytes; what it cannot hold raises, never
    writes something else."""
    assume(not (source == "bedrock.converse" and m.media_type == "application/zip"))  # no such Bedrock format
    part = _part(source, m)
    result = toolwire.ToolResult("toolu_1", "read_file", [part])
    try:
        wire = toolwire.encode_result(result, target)
    except toolwire.EncodeError as exc:
        assert "cannot be written" in str(exc) or "cannot hold" in str(exc)
        return
    [back] = toolwire.decode_result(wire, target).content
    got = read_media(back)
    assert got is not None
    assert (got.kind, got.media_type, base64.b64decode(got.data or "")) == (m.kind, m.media_type, base64.b64decode(m.data or ""))


def test_a_gemini_file_uri_in_snake_case_is_no_responses_file() -> None:
    """An SDK dump spells Gemini's ``fileData`` as ``file_data`` (a dict): it was taken for
    a Responses ``input_file``'s ``file_data`` (a data URL) and written as one."""
    wire = {"functionResponse": {"name": "f", "id": "c1", "response": {}, "parts": [
        {"file_data": {"mime_type": "application/pdf",
                       "file_uri": "https://generativelanguage.googleapis.com/v1beta/files/x"}}]}}
    result = toolwire.decode_result(wire, "gemini")
    with pytest.raises(toolwire.EncodeError, match=r"^A file by file id \(an upload to another provider\) in a tool "
                                                   r"result cannot be written for openai\.responses"):
        toolwire.encode_result(result, "openai.responses")


# an Anthropic ``document`` block with a ``title`` (a base64 PDF source), in a tool result
_TITLED = {"type": "tool_result", "tool_use_id": "toolu_1", "content": [
    {"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": "JVBERi0="},
     "title": "Q3 report.pdf"}]}


def test_document_name_a_target_drops_or_changes_is_noted() -> None:
    r = toolwire.decode_result(_TITLED, "anthropic.messages").replace(name="fetch")
    report: list = []
    # Gemini: a FunctionResponsePart blob ({"inlineData": {"mimeType", "data"}}) has no name
    assert toolwire.encode_result(r, "gemini", report=report) == {"functionResponse": {
        "name": "fetch", "id": "toolu_1", "response": {"output": ""},
        "parts": [{"inlineData": {"mimeType": "application/pdf", "data": "JVBERi0="}}]}}
    assert [(p.kind, p.message) for p in report] == [
        ("dropped", "The name 'Q3 report.pdf' of a document in the result for toolu_1 ('fetch') is not sent to "
                    "gemini: its part there has no name")]
    report.clear()
    # Bedrock: a DocumentBlock name without its extension
    assert toolwire.encode_result(r, "bedrock.converse", report=report) == {"toolResult": {
        "toolUseId": "toolu_1",
        "content": [{"document": {"format": "pdf", "name": "Q3 report", "source": {"bytes": "JVBERi0="}}}]}}
    assert [(p.kind, p.message) for p in report] == [
        ("converted", "The name 'Q3 report.pdf' of a document in the result for toolu_1 ('fetch') is sent to "
                      "bedrock.converse as 'Q3 report'")]
    report.clear()
    toolwire.encode_result(r, "openai.responses", report=report)  # ``filename``: kept as it is
    assert report == []
