"""A replayed image the provider does not take is refused by ``check_conversation`` and by
the writer alike (session 44, review revImg): an Anthropic ``tool_result`` image labelled
with a type outside its ``media_type`` enum (image/jpeg, image/png, image/gif, image/webp)
and a Bedrock ``toolResult`` image of a ``format`` outside Converse's ``ImageFormat``
(png | jpeg | gif | webp) are refused as a top-level one is, never sent as they came; a
``data:`` URL's parameters outside ASCII are no part of its base64 data."""

from __future__ import annotations

import base64
from typing import Any, Dict, List, Optional

import pytest

import toolwire
from toolwire import EncodeError

SVG = "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4="  # <svg xmlns="http://www.w3.org/2000/svg"/>
BMP = base64.b64encode(b"BM" + bytes(12) + (40).to_bytes(4, "little") + bytes(30)).decode()
TIF = base64.b64encode(b"II*\0" + bytes(30)).decode()
HEIC = base64.b64encode(b"\0\0\0\x18ftypheic\0\0\0\0mif1heic" + bytes(16)).decode()
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
JPG = "/9j/4AAQSkZJRgABAQAAAQABAAD/2Q=="


def _anthropic(mt: Any, data: str) -> Dict[str, Any]:
    return {"messages": [{"role": "user", "content": "go"}, {"role": "assistant", "content": [
        {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]}, {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": [
                {"type": "image", "source": {"type": "base64", "media_type": mt, "data": data}}]}]}]}


def _bedrock(fmt: str, data: Optional[str]) -> Dict[str, Any]:
    source = {"bytes": data} if data is not None else {"s3Location": {"uri": "s3://b/k.svg"}}
    return {"messages": [{"role": "user", "content": [{"text": "go"}]}, {"role": "assistant", "content": [
        {"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}}]}, {"role": "user", "content": [
            {"toolResult": {"toolUseId": "t1", "content": [{"image": {"format": fmt, "source": source}}]}}]}]}


def _outcome(body: Dict[str, Any], dialect: str) -> tuple:
    """check's kinds, and what the writer did: ``"same"``, ``"changed"`` or ``"refused"``."""
    conv = toolwire.decode_conversation(body, dialect)
    kinds = sorted({p.kind for p in toolwire.check_conversation(conv, dialect)})
    try:
        out = toolwire.encode_conversation(conv, dialect, report=[])
    except EncodeError as e:
        return kinds, "refused", str(e)
    return kinds, "same" if out == body else "changed", ""


@pytest.mark.parametrize("mt,data", [
    ("image/svg+xml", SVG), ("image/bmp", BMP), ("image/tiff", TIF), ("image/heic", HEIC),
    ("image/x-icon", "AAABAAEAEBA="), ("image/svg+xml", "AAAA"), ("IMAGE/SVG+XML", SVG), ("", PNG[:8] + "AAAA")])
def test_an_anthropic_tool_result_image_of_an_untaken_label_is_refused_by_check_and_writer(mt: str, data: str) -> None:
    kinds, did, said = _outcome(_anthropic(mt, data), "anthropic")
    assert "refused-message" in kinds
    assert did == "refused"
    assert "image/" not in mt or mt.lower() in said.lower()


@pytest.mark.parametrize("fmt,data", [("svg+xml", SVG), ("bmp", BMP), ("tiff", TIF), ("svg+xml", None)])
def test_a_bedrock_tool_result_image_of_an_untaken_format_is_refused_by_check_and_writer(
        fmt: str, data: Optional[str]) -> None:
    kinds, did, said = _outcome(_bedrock(fmt, data), "bedrock")
    assert "refused-message" in kinds
    assert did == "refused" and fmt in said


_LABELS = ["image/png", "image/jpeg", "image/jpg", "image/gif", "image/webp", "image/svg+xml", "image/bmp",
           "image/tiff", "image/heic", "IMAGE/PNG", "", "image/x-icon"]
_DATA = [PNG, JPG, SVG, BMP, TIF, HEIC, "AAAA"]


def _fresh(body: Dict[str, Any], dialect: str) -> str:
    """What the writer does with *body*'s messages written fresh: ``"refused"`` or ``"written"``."""
    conv = toolwire.decode_conversation(body, dialect)
    try:
        toolwire.encode_conversation([toolwire.conversation.Message(m.role, list(m.parts)) for m in conv.messages],
                                     dialect, report=[])
    except EncodeError:
        return "refused"
    return "written"


@pytest.mark.parametrize("dialect", ["anthropic", "bedrock"])
def test_check_refuses_a_replayed_result_image_exactly_where_the_writer_does_not_replay_it(dialect: str) -> None:
    """``refused-message`` ⇔ the writer changes the message or refuses it; one check passes
    is replayed as it came and written fresh too, never refused (session 45: a Bedrock
    ``format`` ``""`` passed, then refused written fresh; an Anthropic base64 source without
    ``data`` flagged, then sent as it came). ``None``: no data (an S3 location for Bedrock)."""
    disagree: List[Any] = []
    for label in _LABELS:
        for data in _DATA + [None]:
            if dialect == "anthropic":
                body = _anthropic(label, data) if data is not None else _anthropic(label, "")
                if data is None:
                    del body["messages"][2]["content"][0]["content"][0]["source"]["data"]
            else:
                body = _bedrock(label.partition("/")[2], data)
            kinds, did, _ = _outcome(body, dialect)
            flagged = "refused-message" in kinds
            if flagged != (did != "same") or not flagged and _fresh(body, dialect) == "refused":
                disagree.append((label, (data or "")[:6], kinds, did))
    assert disagree == []


PARAMS = "data:image/png;name=café.png;base64," + PNG


@pytest.mark.parametrize("dialect,body", [
    ("openai.responses", {"input": [{"role": "user", "content": [{"type": "input_text", "text": "hi"}, {
        "type": "input_image", "image_url": PARAMS, "detail": "auto"}]}]}),
    ("mistral", {"messages": [{"role": "user", "content": [{"type": "text", "text": "hi"}, {
        "type": "image_url", "image_url": {"url": PARAMS}}]}]})])
def test_a_data_url_parameter_outside_ascii_is_no_part_of_its_base64(dialect: str, body: Dict[str, Any]) -> None:
    kinds, did, _ = _outcome(body, dialect)
    assert kinds == [] and did == "same"


def _gemini(mime: str, data: str) -> Dict[str, Any]:
    return {"contents": [{"role": "user", "parts": [{"text": "hi"}, {"inlineData": {"mimeType": mime, "data": data}}]}]}


@pytest.mark.parametrize("data", [JPG, "AAAA"])
def test_a_gemini_image_labelled_image_jpg_is_written_image_jpeg(data: str) -> None:
    """Gemini answers "Unsupported MIME type: image/jpg" (no registered type; IANA has
    ``image/jpeg``): replayed, the message is refused by check and written fresh, as
    ``image/jpeg``, noted; written fresh, so too."""
    body = _gemini("image/jpg", data)
    conv = toolwire.decode_conversation(body, "gemini")
    assert [p.kind for p in toolwire.check_conversation(conv, "gemini")] == ["refused-message"]
    fresh = [toolwire.conversation.Message(m.role, list(m.parts)) for m in conv.messages]
    for msgs in (conv, fresh):
        report: List[Any] = []
        out = toolwire.encode_conversation(msgs, "gemini", report=report)
        assert out["contents"][0]["parts"][1] == {"inlineData": {"mimeType": "image/jpeg", "data": data}}
        assert "converted" in {r.kind for r in report}


def test_a_fresh_own_image_reads_its_bytes_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from toolwire.dialects import _history_write
    calls: List[str] = []
    real = _history_write.shown_type

    def counted(data: str, start: int = 0) -> Optional[str]:
        calls.append(data)
        return real(data, start)

    monkeypatch.setattr(_history_write, "shown_type", counted)
    conv = toolwire.decode_conversation(_gemini("image/jpeg", PNG), "gemini")
    fresh = [toolwire.conversation.Message(m.role, list(m.parts)) for m in conv.messages]
    out = toolwire.encode_conversation(fresh, "gemini", report=[])
    assert out["contents"][0]["parts"][1]["inlineData"]["mimeType"] == "image/png"
    assert len(calls) == 1


def test_a_leading_white_space_run_is_read_once_for_an_svg(monkeypatch: pytest.MonkeyPatch) -> None:
    from toolwire.dialects import _base64_head
    from toolwire.dialects._image_types import shown_type
    steps: List[int] = []
    monkeypatch.setattr(_base64_head, "_scanned", steps.append)
    svg = base64.b64encode(b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>').decode()
    assert shown_type(" " * 4000 + svg) == "image/svg+xml"
    assert 4000 <= sum(steps) < 5000  # (the run passed over once, not by each of three reads)
