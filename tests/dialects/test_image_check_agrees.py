"""What ``check_conversation`` flags in a replayed history's images the writer refuses or
rewrites, and what it passes goes as it came, written back or fresh (session 45, review
revImg2): a Gemini ``inlineData`` type read in any case (RFC 2045 §5.1), a Bedrock image of
``format`` ``""`` (not in Converse's ``ImageFormat`` enum) in a ``toolResult`` as at the
top, an Anthropic top-level image whose ``media_type`` is no string, a Chat data URL whose
data is no base64, Bedrock raw ``bytes`` of another type than their ``format``."""

from __future__ import annotations

import base64
from typing import Any, Dict, List, Tuple

import pytest

import toolwire
from toolwire import EncodeError
from toolwire.conversation import Message

PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
JPG = "/9j/4AAQSkZJRgABAQAAAQABAAD/2Q=="
SVG = "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4="  # <svg xmlns="http://www.w3.org/2000/svg"/>


def _outcomes(body: Dict[str, Any], dialect: str) -> Tuple[List[str], Any, Any]:
    """check's kinds, the replay (``"refused"`` or its output) and the fresh write's."""
    conv = toolwire.decode_conversation(body, dialect)
    kinds = sorted({p.kind for p in toolwire.check_conversation(conv, dialect)})
    done = []
    for msgs in (conv, [Message(m.role, list(m.parts)) for m in conv.messages]):
        try:
            done.append(toolwire.encode_conversation(msgs, dialect, report=[]))
        except EncodeError:
            done.append("refused")
    return kinds, done[0], done[1]


def _agrees(body: Dict[str, Any], dialect: str) -> bool:
    """Flagged: the replay is refused or changed (as written fresh); passed: replayed as it
    came, and written fresh too (boto3's raw ``bytes`` as base64 text: Converse's JSON form)."""
    kinds, replay, fresh = _outcomes(body, dialect)
    if "refused-message" in kinds:
        return replay != body and (replay == "refused") == (fresh == "refused")
    return replay == body and fresh != "refused"


def _gemini(mime: str, data: str) -> Dict[str, Any]:
    return {"contents": [{"role": "user", "parts": [{"text": "hi"}, {"inlineData": {"mimeType": mime, "data": data}}]}]}


@pytest.mark.parametrize("mime", ["IMAGE/JPG", " image/jpg", "Image/Jpg", "image/JPG"])
def test_a_gemini_image_jpg_label_in_any_case_is_written_image_jpeg(mime: str) -> None:
    body = _gemini(mime, JPG)
    kinds, replay, fresh = _outcomes(body, "gemini")
    assert kinds == ["refused-message"]
    assert replay == fresh == _gemini("image/jpeg", JPG)


@pytest.mark.parametrize("mime", ["IMAGE/PNG", "Image/Png"])
def test_a_gemini_image_type_in_upper_case_is_an_image_replayed_as_it_came(mime: str) -> None:
    body = _gemini(mime, PNG)
    conv = toolwire.decode_conversation(body, "gemini")
    assert type(conv.messages[0].parts[1]).__name__ == "Media"
    assert _agrees(body, "gemini")
    out = toolwire.encode_conversation(conv, "openai.chat", report=[])  # converted as the image it is
    assert out["messages"][0]["content"][1]["image_url"]["url"] == "data:image/png;base64," + PNG


def test_a_gemini_blob_without_data_is_not_flagged_for_its_label() -> None:
    body = {"contents": [{"role": "user", "parts": [{"text": "hi"}, {"inlineData": {"mimeType": "IMAGE/JPG"}}]}]}
    assert _agrees(body, "gemini")


def _bed_tr(img: Dict[str, Any]) -> Dict[str, Any]:
    return {"messages": [{"role": "user", "content": [{"text": "go"}]}, {"role": "assistant", "content": [
        {"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}}]}, {"role": "user", "content": [
            {"toolResult": {"toolUseId": "t1", "content": [{"image": img}]}}]}]}


def _bed_top(img: Dict[str, Any]) -> Dict[str, Any]:
    return {"messages": [{"role": "user", "content": [{"text": "hi"}, {"image": img}]}]}


@pytest.mark.parametrize("shape", [_bed_tr, _bed_top])
@pytest.mark.parametrize("source", [{"s3Location": {"uri": "s3://b/k"}}, {"bytes": "AAAA"}, {"bytes": b"\0\0\0\0"}])
def test_a_bedrock_image_of_an_empty_format_is_flagged_and_refused(shape: Any, source: Dict[str, Any]) -> None:
    """Converse's ``ImageBlock.format`` is an enum (png | jpeg | gif | webp): ``""`` is none."""
    kinds, replay, fresh = _outcomes(shape({"format": "", "source": source}), "bedrock")
    assert kinds == ["refused-message"]
    assert replay == fresh == "refused"


@pytest.mark.parametrize("fmt,raw", [("gif", base64.b64decode(SVG)), ("jpeg", base64.b64decode(PNG)),
                                     ("png", base64.b64decode(JPG))])
@pytest.mark.parametrize("shape", [_bed_tr, _bed_top])
def test_bedrock_raw_bytes_of_another_type_than_their_format_are_flagged(fmt: str, raw: bytes, shape: Any) -> None:
    body = shape({"format": fmt, "source": {"bytes": raw}})
    kinds, replay, fresh = _outcomes(body, "bedrock")
    assert kinds == ["refused-message"]
    if fmt == "gif":  # SVG bytes: Converse takes none
        assert replay == fresh == "refused"
    else:
        assert replay != body and replay["messages"][-1] == fresh["messages"][-1]


@pytest.mark.parametrize("shape", [_bed_tr, _bed_top])
def test_bedrock_raw_bytes_of_their_format_go_as_they_came(shape: Any) -> None:
    assert _agrees(shape({"format": "png", "source": {"bytes": base64.b64decode(PNG)}}), "bedrock")


def _anth_top(source: Dict[str, Any]) -> Dict[str, Any]:
    return {"messages": [{"role": "user", "content": [{"type": "image", "source": source}]}]}


def _anth_tr(source: Dict[str, Any]) -> Dict[str, Any]:
    return {"messages": [{"role": "user", "content": "go"}, {"role": "assistant", "content": [
        {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]}, {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": [{"type": "image", "source": source}]}]}]}


@pytest.mark.parametrize("shape", [_anth_top, _anth_tr])
def test_an_anthropic_image_whose_media_type_is_no_string_goes_as_its_bytes_show(shape: Any) -> None:
    body = shape({"type": "base64", "media_type": 7, "data": PNG})
    conv = toolwire.decode_conversation(body, "anthropic")
    assert [p.kind for p in toolwire.check_conversation(conv, "anthropic")] == ["refused-message"]
    for msgs in (conv, [Message(m.role, list(m.parts)) for m in conv.messages]):
        report: List[Any] = []
        out = toolwire.encode_conversation(msgs, "anthropic", report=report)
        assert out["messages"][-1] == shape({"type": "base64", "media_type": "image/png", "data": PNG})["messages"][-1]
        assert "converted" in {r.kind for r in report}


@pytest.mark.parametrize("shape", [_anth_top, _anth_tr])
@pytest.mark.parametrize("mt", ["image/svg+xml", "image/png"])
def test_an_anthropic_base64_source_without_data_goes_as_it_came(shape: Any, mt: str) -> None:
    assert _agrees(shape({"type": "base64", "media_type": mt}), "anthropic")


def test_a_chat_data_url_whose_data_is_no_base64_is_flagged_and_refused() -> None:
    body = {"messages": [{"role": "user", "content": [{"type": "text", "text": "hi"}, {
        "type": "image_url", "image_url": {"url": "data:image/png;base64,é" + PNG}}]}]}
    kinds, replay, fresh = _outcomes(body, "openai.chat")
    assert kinds == ["refused-message"]
    assert replay == fresh == "refused"


def test_a_chat_data_url_parameter_outside_ascii_is_no_part_of_its_data() -> None:
    body = {"messages": [{"role": "user", "content": [{"type": "text", "text": "hi"}, {
        "type": "image_url", "image_url": {"url": "data:image/png;name=café.png;base64," + PNG}}]}]}
    assert _agrees(body, "openai.chat")


@pytest.mark.parametrize("n", [50, 200])
def test_a_chat_check_reads_no_image_bytes_and_each_url_once(n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Chat's rule asks only whether the data is ASCII (one pass a URL): no ``shown_type``."""
    from toolwire.dialects import _own_image
    seen: List[str] = []
    monkeypatch.setattr(_own_image, "shown_type", lambda *a: seen.append("shown"))
    real = _own_image._data_of
    monkeypatch.setattr(_own_image, "_data_of", lambda p: (seen.append("url"), real(p))[1])
    image = {"type": "image_url", "image_url": {"url": "data:image/png;base64," + PNG}}
    body = {"messages": [{"role": "user", "content": [{"type": "text", "text": "hi"}] + [image] * n}]}
    conv = toolwire.decode_conversation(body, "openai.chat")
    assert toolwire.check_conversation(conv, "openai.chat") == []
    assert seen == ["url"] * (n + 1)  # (each part once, the text too; linear in n)
