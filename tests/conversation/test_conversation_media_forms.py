"""Images in the forms SDKs hold them (bytes, ``ollama.Image``), the URI schemes each
target takes, an image's ``detail`` where the target has no field for it, and
text-block extras in Responses tool output. Wire shapes from the providers'
documentation and SDK types, cited per test."""

from __future__ import annotations

import json
from typing import Any, List

import pytest

import toolwire
from toolwire import DecodeError, EncodeError
from toolwire.conversation import Media, Problem, Text, decode_conversation, encode_conversation

# a PNG's first bytes (RFC 2083 3.1 signature, then the IHDR chunk head) and their standard
# base64, which the ollama client sends for ``Image(value=bytes)`` (``b64encode(value)``) and
# Converse's JSON and google-genai's ``Blob.data`` hold
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806")
PNG_B64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAY="
URL = "https://upload.wikimedia.org/wikipedia/commons/a/a7/Camponotus_flavomarginatus_ant.jpg"


# --- bytes and SDK image values are read as base64, never skipped ------------------------------

@pytest.mark.parametrize("image", [PNG, {"value": PNG}, PNG_B64, {"value": PNG_B64}])
def test_ollama_images_in_bytes_or_image_values_are_read_as_base64(image: Any) -> None:
    """``ollama.Image(value=bytes)`` loads as ``{"value": b"..."}``, and the client takes raw
    bytes too (``Message.images: Sequence[Image]``); both vanished (only ``str`` was read)."""
    conv = decode_conversation([{"role": "user", "content": "What is in this picture?", "images": [image]}], "ollama")
    assert conv.messages[0].parts == (Text("What is in this picture?"), Media("image", data=PNG_B64))
    # https://docs.claude.com/en/docs/build-with-claude/vision: a base64 source with its type
    assert encode_conversation(conv, "anthropic.messages")["messages"][0]["content"][1] == {
        "type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG_B64}}
    # written back for Ollama: base64, as its client sends it (https://github.com/ollama/ollama/blob/main/docs/api.md)
    assert encode_conversation(conv, "ollama")["messages"][0]["images"] == [PNG_B64]


def test_ollama_sdk_image_objects_are_read() -> None:
    ollama = pytest.importorskip("ollama")
    msgs = [ollama.Message(role="user", content="What is in this picture?", images=[ollama.Image(value=PNG)])]
    conv = decode_conversation(msgs, "ollama")
    assert conv.messages[0].parts[1] == Media("image", data=PNG_B64)
    # the client's own serialization of that message holds the same base64
    assert msgs[0].model_dump(mode="json")["images"] == [PNG_B64]
    assert json.dumps(encode_conversation(conv, "ollama"))  # JSON ready


@pytest.mark.parametrize("image", [5, None, {"value": 5}, {"path": "a.png"}])
def test_an_ollama_image_of_no_known_form_raises(image: Any) -> None:
    with pytest.raises(DecodeError) as info:
        decode_conversation([{"role": "user", "content": "q", "images": [image]}], "ollama")
    assert info.value.loc == "$[0].images[0]"


def test_bedrock_image_bytes_from_boto3_are_read_as_base64() -> None:
    """boto3 gives and takes ``image.source.bytes`` as raw bytes (Converse JSON: base64)."""
    br = {"messages": [{"role": "user", "content": [{"text": "q"}, {"image": {"format": "png", "source": {"bytes": PNG}}}]}]}
    conv = decode_conversation(br, "bedrock.converse")
    assert conv.messages[0].parts[1] == Media("image", media_type="image/png", data=PNG_B64)
    assert encode_conversation(conv, "anthropic.messages")["messages"][0]["content"][1] == {
        "type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG_B64}}
    # https://platform.openai.com/docs/guides/images-vision: a data URL
    assert encode_conversation(conv, "openai.chat")["messages"][0]["content"][1] == {
        "type": "image_url", "image_url": {"url": "data:image/png;base64," + PNG_B64}}
    # back to boto3 as it came: raw bytes, which boto3 encodes itself
    assert encode_conversation(conv, "bedrock.converse") == br


def test_gemini_inline_data_bytes_are_read_as_base64() -> None:
    gemini = {"contents": [{"role": "user", "parts": [
        {"text": "q"}, {"inline_data": {"mime_type": "image/png", "data": PNG}}]}]}
    conv = decode_conversation(gemini, "gemini")
    assert conv.messages[0].parts[1] == Media("image", media_type="image/png", data=PNG_B64)
    assert encode_conversation(conv, "openai.chat")["messages"][0]["content"][1] == {
        "type": "image_url", "image_url": {"url": "data:image/png;base64," + PNG_B64}}


def test_google_genai_blob_bytes_and_thought_signatures_are_base64_in_both_writes() -> None:
    """google-genai holds ``Blob.data`` and ``Part.thought_signature`` as bytes; its JSON (and
    its validators, which read base64 text back as bytes) use base64. A history written back
    unchanged kept the raw bytes (``json.dumps`` failed) where a fresh write gave base64."""
    gt = pytest.importorskip("google.genai.types")
    cs = [gt.Content(role="user", parts=[gt.Part(text="q"), gt.Part(inline_data=gt.Blob(mime_type="image/png", data=PNG))]),
          gt.Content(role="model", parts=[gt.Part(function_call=gt.FunctionCall(name="f", args={}),
                                                  thought_signature=b"\x01\x02")])]
    conv = decode_conversation(cs, "gemini")
    assert conv.messages[0].parts[1] == Media("image", media_type="image/png", data=PNG_B64)
    # the SDK's own JSON form of these parts
    assert cs[1].model_dump(mode="json", exclude_none=True)["parts"][0]["thought_signature"] == "AQI="
    assert cs[0].model_dump(mode="json", exclude_none=True)["parts"][1]["inline_data"]["data"] == PNG_B64
    back = encode_conversation(conv, "gemini")
    assert back["contents"][1]["parts"][0]["thoughtSignature"] == "AQI="
    assert back["contents"][0]["parts"][1]["inlineData"]["data"] == PNG_B64
    json.dumps(back)
    # the SDK reads the written contents back to the same values
    assert [gt.Content.model_validate(c) for c in back["contents"]] == cs
    fresh = encode_conversation([m.replace(wire=None) for m in conv.messages], "gemini")
    assert fresh["contents"][1] == back["contents"][1]
    # other targets: the image as base64
    assert encode_conversation(conv, "openai.chat", report=[])["messages"][0]["content"][1] == {
        "type": "image_url", "image_url": {"url": "data:image/png;base64," + PNG_B64}}


def test_google_genai_objects_in_a_body_are_written_back_as_json() -> None:
    """A body whose ``contents`` (and system instruction) are google-genai ``Content``
    objects: written back to Gemini, its bytes are base64 as in the bare list's write
    (``json.dumps`` failed on the raw ``thought_signature`` and ``Blob.data``)."""
    gt = pytest.importorskip("google.genai.types")
    # Gemini's documented dummy signature (https://ai.google.dev/gemini-api/docs/thought-signatures)
    sig = "c2tpcF90aG91Z2h0X3NpZ25hdHVyZV92YWxpZGF0b3I="
    cs = [gt.Content.model_validate({"role": "user", "parts": [{"text": "look"},
                                                               {"inlineData": {"mimeType": "image/png", "data": PNG_B64}}]}),
          gt.Content.model_validate({"role": "model", "parts": [
              {"functionCall": {"name": "f", "args": {}, "id": "c1"}, "thoughtSignature": sig}]}),
          gt.Content.model_validate({"role": "user", "parts": [
              {"functionResponse": {"name": "f", "id": "c1", "response": {"output": 1}}}]})]
    assert cs[1].parts[0].thought_signature == b"skip_thought_signature_validator"  # the SDK holds bytes
    body = {"systemInstruction": gt.Content(parts=[gt.Part(text="sys")]), "contents": cs}
    back = encode_conversation(decode_conversation(body, "gemini"), "gemini")
    assert back["contents"][1]["parts"][0]["thoughtSignature"] == sig
    assert back["contents"][0]["parts"][1]["inlineData"]["data"] == PNG_B64
    assert back["systemInstruction"] == {"parts": [{"text": "sys"}]}
    assert json.loads(json.dumps(back))["contents"] == encode_conversation(decode_conversation(cs, "gemini"),
                                                                           "gemini")["contents"]
    # the SDK reads them back to the same values
    assert [gt.Content.model_validate(c) for c in back["contents"]] == cs
    # snake_case bytes in a plain dict of such a body: base64 too, as the bare list writes them
    snake = {"contents": [{"role": "user", "parts": [{"inline_data": {"mime_type": "image/png", "data": PNG}}]}]}
    back = encode_conversation(decode_conversation(snake, "gemini"), "gemini")
    assert back == {"contents": [{"role": "user", "parts": [{"inline_data": {"mime_type": "image/png", "data": PNG_B64}}]}]}


def test_ollama_objects_in_a_body_are_written_back_as_json() -> None:
    """``ollama.Image(value=bytes)`` in a body (a whole ``ollama.Message``, or in a dict
    message): written back as the base64 its client sends
    (https://github.com/ollama/ollama/blob/main/docs/api.md: "images": base64-encoded), not
    as ``{"value": b"..."}``."""
    ollama = pytest.importorskip("ollama")
    for msg in (ollama.Message(role="user", content="look", images=[ollama.Image(value=PNG)]),
                {"role": "user", "content": "look", "images": [ollama.Image(value=PNG)]}):
        back = encode_conversation(decode_conversation({"messages": [msg]}, "ollama"), "ollama")
        assert back["messages"][0]["images"] == [PNG_B64]
        json.dumps(back)


def test_boto3_bytes_in_a_body_go_back_as_they_came() -> None:
    """boto3 takes ``image.source.bytes`` as raw bytes (it encodes them itself): a body of
    dicts holding them is written back with them, as the bare list is."""
    msgs = [{"role": "user", "content": [{"text": "q"}, {"image": {"format": "png", "source": {"bytes": PNG}}}]}]
    for x in (msgs, {"messages": msgs}):
        back = encode_conversation(decode_conversation(x, "bedrock.converse"), "bedrock.converse")
        assert back["messages"][0]["content"][1]["image"]["source"]["bytes"] == PNG


# --- URI schemes ------------------------------------------------------------------------------

def _url_image(url: str, media_type: str = "image/jpeg") -> Any:
    return [{"role": "user", "parts": [{"text": "describe"}, {"fileData": {"mimeType": media_type, "fileUri": url}}]}]


@pytest.mark.parametrize("url", ["s3://bucket/kiwi.jpg", "gs://bucket/kiwi.jpg", "file:///tmp/kiwi.jpg"])
def test_anthropic_takes_no_image_uri_but_http(url: str) -> None:
    """An Anthropic URL image source is fetched over the web
    (https://docs.claude.com/en/docs/build-with-claude/vision): an S3, Cloud Storage or file
    URI went there as it was."""
    with pytest.raises(EncodeError) as info:
        encode_conversation(decode_conversation(_url_image(url), "gemini"), "anthropic.messages")
    assert info.value.message == ("Message 0 holds an image by URL that anthropic.messages cannot take: a URL image "
                                  "source takes an http(s) URL")
    assert encode_conversation(decode_conversation(_url_image(URL), "gemini"), "anthropic.messages")["messages"][0][
        "content"][1] == {"type": "image", "source": {"type": "url", "url": URL}}


def test_gemini_takes_http_and_cloud_storage_uris_but_no_s3() -> None:
    """``FileData.file_uri``: "The URI of the file in Google Cloud Storage" (google-genai), or a
    Files API / http(s) URI; an S3 URI (Bedrock's) went there as it was."""
    br = {"messages": [{"role": "user", "content": [{"text": "describe"},
          {"image": {"format": "jpeg", "source": {"s3Location": {"uri": "s3://bucket/kiwi.jpg"}}}}]}]}
    with pytest.raises(EncodeError) as info:
        encode_conversation(br, "gemini", source="bedrock.converse")
    assert info.value.message == ("Message 0 holds an image by URL that gemini cannot take: a fileData part takes an "
                                  "http(s) URL or a Cloud Storage (gs://) URI")
    chat = [{"role": "user", "content": [{"type": "text", "text": "describe"},
                                         {"type": "image_url", "image_url": {"url": URL}}]}]
    assert encode_conversation(chat, "gemini", source="openai.chat")["contents"][0]["parts"][1] == {
        "fileData": {"mimeType": "image/jpeg", "fileUri": URL}}
    gs = decode_conversation(_url_image("gs://bucket/kiwi.jpg"), "gemini")
    written = encode_conversation([m.replace(wire=None) for m in gs.messages], "gemini")
    assert written["contents"][0]["parts"][1] == {"fileData": {"mimeType": "image/jpeg", "fileUri": "gs://bucket/kiwi.jpg"}}
    # S3 goes to Bedrock (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ImageSource.html)
    assert encode_conversation(br, "bedrock.converse", source="bedrock.converse") == br




# RFC 3986 section 3.1: "schemes are case-insensitive" (an upper-case one names the same URL)
UPPER = "HTTPS://upload.wikimedia.org/wikipedia/commons/a/a7/Camponotus_flavomarginatus_ant.jpg"


@pytest.mark.parametrize("target", ["openai.chat", "openai.responses", "anthropic.messages", "mistral", "cohere.v2",
                                    "gemini"])
@pytest.mark.parametrize("url", [UPPER, "Http://example.com/kiwi.png"])
def test_an_image_url_of_an_upper_case_scheme_is_an_http_url(target: str, url: str) -> None:
    """``HTTPS://...`` was "not an http(s) URL" for every target (Chat's own too, written
    fresh); it goes on as given (Chat ``image_url``, https://platform.openai.com/docs/api-reference/chat)."""
    chat = [{"role": "user", "content": [{"type": "text", "text": "describe"},
                                         {"type": "image_url", "image_url": {"url": url}}]}]
    conv = decode_conversation(chat, "openai.chat")
    out = encode_conversation([m.replace(wire=None) for m in conv.messages], target)
    items = out.get("messages", out.get("input", out.get("contents")))
    assert json.dumps(url) in json.dumps(items[0])


@pytest.mark.parametrize("url", ["GS://bucket/kiwi.jpg", "Gs://bucket/kiwi.jpg", "gs://bucket/kiwi.jpg"])
def test_gemini_takes_a_cloud_storage_uri_of_any_case(url: str) -> None:
    """(An image URL of another side's message, written as a Gemini ``fileData`` part.)"""
    chat = [{"role": "user", "content": [{"type": "image_url", "image_url": {"url": url}}]}]
    written = encode_conversation(chat, "gemini", source="openai.chat")
    assert written["contents"][0]["parts"][0] == {"fileData": {"mimeType": "image/jpeg", "fileUri": url}}


def test_a_data_url_of_an_upper_case_scheme_is_data() -> None:
    """``DATA:image/png;base64,...`` was read as a URL (and refused by every other target)."""
    chat = [{"role": "user", "content": [{"type": "text", "text": "describe"},
                                         {"type": "image_url", "image_url": {"url": f"DATA:image/png;base64,{PNG_B64}"}}]}]
    conv = decode_conversation(chat, "openai.chat")
    assert conv.messages[0].parts[1] == Media("image", media_type="image/png", data=PNG_B64, dialect="openai.chat",
                                              extra=chat[0]["content"][1])
    # https://docs.claude.com/en/docs/build-with-claude/vision: a base64 source with its type
    assert encode_conversation(conv, "anthropic.messages")["messages"][0]["content"][1] == {
        "type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG_B64}}


# a Gemini Files API upload (``File.uri``, https://ai.google.dev/api/files): fetched only under the
# API key of the project that uploaded it, so no other provider can read it
UPLOAD = "https://generativelanguage.googleapis.com/v1beta/files/3qswqtk02p7x"
URL_TARGETS = ["openai.chat", "openai.responses", "anthropic.messages", "mistral", "cohere.v2"]


@pytest.mark.parametrize("target", URL_TARGETS + ["bedrock.converse", "ollama"])
@pytest.mark.parametrize("uri", [UPLOAD, "https://generativelanguage.googleapis.com/v1/files/abc-123"])
def test_a_gemini_files_api_upload_goes_to_no_other_provider(target: str, uri: str) -> None:
    """It was written as a public image URL (and a tool result's upload was refused)."""
    hist = {"contents": [{"role": "user", "parts": [{"text": "describe"},
                                                    {"fileData": {"fileUri": uri, "mimeType": "image/jpeg"}}]}]}
    with pytest.raises(EncodeError) as info:
        encode_conversation(hist, target, source="gemini")
    assert info.value.loc == "$.messages[0].parts[1]"
    assert info.value.message == (f"Message 0 holds an image by URL that {target} cannot take: it is a Gemini Files "
                                  "API upload, which only Gemini reads (under the API key that uploaded it)")
    # Gemini itself takes it, also written fresh
    conv = decode_conversation(hist, "gemini")
    assert encode_conversation([m.replace(wire=None) for m in conv.messages], "gemini") == hist


def test_the_recorded_gemini_upload_goes_to_no_other_provider() -> None:
    from corpus_data import CORPUS, load

    if CORPUS is None:
        pytest.skip("no corpus")
    doc = load(CORPUS / "gemini" / "request-pai-gemini-3-flash-file-data-image-three-rounds.json")
    conv = decode_conversation(doc["payload"], "gemini")
    with pytest.raises(EncodeError, match="Gemini Files API upload") as info:
        encode_conversation(conv, "openai.chat", report=[])
    assert info.value.loc.startswith("$.messages[")


@pytest.mark.parametrize("target", URL_TARGETS)
def test_a_public_file_data_url_converts_and_its_mime_type_drop_is_noted(target: str) -> None:
    """Gemini's ``fileData`` also takes a public http(s) URL; the other sides' image URLs
    carry no media type (Chat ``image_url``, Responses ``input_image``, Anthropic ``url``
    source), so the ``mimeType`` goes without it, noted."""
    url = "https://example.com/render?id=7"
    report: List[Problem] = []
    out = encode_conversation(_url_image(url), target, source="gemini", report=report)
    items = out.get("messages", out.get("input"))
    assert url in json.dumps(items[0])
    assert report == [Problem("dropped", 0, None, f"The MIME type 'image/jpeg' of the image URL in message 0 is not "
                                                  f"sent to {target}: its image URLs carry none")]


# --- an image's detail where the target has none -------------------------------------------

def _chat_image(detail: str) -> Any:
    # openai ChatCompletionContentPartImageParam: image_url {url, detail: auto | low | high}
    return [{"role": "user", "content": [{"type": "image_url", "image_url": {
        "url": "data:image/png;base64," + PNG_B64, "detail": detail}}]}]


@pytest.mark.parametrize("target", ["anthropic.messages", "gemini", "bedrock.converse", "ollama"])
def test_an_image_detail_the_target_has_no_field_for_is_noted(target: str) -> None:
    report: List[Problem] = []
    encode_conversation(_chat_image("high"), target, source="openai.chat", report=report)
    assert report == [Problem("dropped", 0, None, f"The image detail 'high' in message 0 is not sent to {target}: "
                                                  "its images have no detail")]
    report = []
    encode_conversation(_chat_image("auto"), target, source="openai.chat", report=report)  # the default: no word
    assert report == []


@pytest.mark.parametrize("target", ["anthropic.messages", "gemini", "bedrock.converse"])
def test_an_image_detail_in_a_tool_result_the_target_has_no_field_for_is_noted(target: str) -> None:
    # openai ResponseInputImageContent in a function_call_output: image_url, detail
    resp = {"input": [
        {"role": "user", "content": "Take a screenshot."},
        {"type": "function_call", "call_id": "call_1", "name": "screenshot", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "call_1", "output": [
            {"type": "input_image", "image_url": "data:image/png;base64," + PNG_B64, "detail": "high"}]}]}
    report: List[Problem] = []
    encode_conversation(resp, target, source="openai.responses", report=report)
    signed = [(p.kind, p.index, p.id) for p in report if p.kind == "inserted"]  # Gemini 3's dummy signature
    assert signed == ([("inserted", 1, "call_1")] if target == "gemini" else [])
    assert [p for p in report if p.kind != "inserted"] == [
        Problem("dropped", 2, "call_1", "The image detail 'high' in the result for call_1 "
                                        f"('screenshot') in message 2 is not sent to {target}")]
    report = []
    encode_conversation(resp, "mistral", source="openai.responses", report=report)  # ImageURL.detail
    assert report == []


# --- text-block extras in Responses tool output ----------------------------------------------

def test_anthropic_text_block_extras_do_not_go_into_responses_tool_output() -> None:
    """openai ``ResponseInputTextParam`` has ``type`` and ``text`` only: OpenAI refuses
    Anthropic's ``cache_control`` and ``citations`` ("Unknown parameter")."""
    ant = {"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": [
            {"type": "text", "text": "r", "cache_control": {"type": "ephemeral"}, "citations": None}]}]}]}
    out = encode_conversation(ant, "openai.responses", source="anthropic.messages")
    assert out["input"][-1] == {"type": "function_call_output", "call_id": "toolu_1",
                                "output": [{"type": "input_text", "text": "r"}]}


def test_ollama_image_objects_inside_dict_messages_are_read() -> None:
    # the ollama client takes ``images=[Image(...)]`` in a dict message; only a whole
    # ``ollama.Message`` or a plain ``{"value": ...}`` was read
    import ollama

    png = b"\x89PNG\r\n\x1a\n" + b"\0" * 20
    conv = toolwire.decode_conversation([{"role": "user", "content": "x", "images": [ollama.Image(value=png)]}],
                                        "ollama")
    assert conv.messages[0].parts[1].data == "iVBORw0KGgoAAAAAAAAAAAAAAAAAAAAAAAAAAA=="
    result = toolwire.decode_result({"role": "tool", "tool_name": "f", "content": "x",
                                     "images": [ollama.Image(value=png)]}, "ollama")
    assert result.content[1] == {"type": "image", "image": "iVBORw0KGgoAAAAAAAAAAAAAAAAAAAAAAAAAAA=="}
