"""``data:`` URLs read as RFC 2397 writes them (``data:[<mediatype>][;base64],<data>``,
``mediatype := [type/subtype] *(;parameter)``): parameters passed over, the type read in
lower case (RFC 2045 §5.1), in messages and tool results alike."""

from __future__ import annotations

import base64
from typing import Any, Optional, Tuple

import pytest

import toolwire
from toolwire.conversation import decode_conversation, encode_conversation
from toolwire.dialects._result_media import data_url

TXT = base64.b64encode(b"hello").decode()
PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(16)).decode()
PDF = base64.b64encode(b"%PDF-1.4").decode()


@pytest.mark.parametrize(("url", "want"), [
    ("data:image/png;base64,AAAA", ("image/png", "AAAA")),
    ("data:image/PNG;base64,AAAA", ("image/png", "AAAA")),
    ("data:text/plain;charset=utf-8;base64,AAAA", ("text/plain", "AAAA")),
    ("data:image/png;charset=binary;BASE64,AAAA", ("image/png", "AAAA")),
    ("data:;base64,AAAA", (None, "AAAA")),
    ("data:charset=utf-8;base64,AAAA", (None, "AAAA")),
    ("data:image/png,AAAA", None),
    ("data:image/png;charset=utf-8,AAAA", None),
    ("data:base64,AAAA", None),
    ("data:image/png;base64", None),
])
def test_data_url(url: str, want: Optional[Tuple[Optional[str], str]]) -> None:
    assert data_url(url) == want


def _responses(file_data: str, filename: str) -> Any:
    return [{"role": "user", "content": "hi"},
            {"type": "function_call", "call_id": "call_1", "name": "f", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "call_1", "output": [
                {"type": "input_file", "file_data": file_data, "filename": filename}]}]


@pytest.mark.parametrize(("file_data", "filename", "doc"), [
    (f"data:text/plain;charset=utf-8;base64,{TXT}", "notes.txt",
     {"format": "txt", "name": "notes", "source": {"bytes": TXT}}),
    (f"data:application/PDF;base64,{PDF}", "a.pdf", {"format": "pdf", "name": "a", "source": {"bytes": PDF}}),
])
def test_a_responses_file_with_parameters_or_an_upper_case_type_goes_to_bedrock(
        file_data: str, filename: str, doc: Any) -> None:
    out = encode_conversation(decode_conversation(_responses(file_data, filename), "openai.responses"),
                              "bedrock.converse")
    assert out["messages"][-1]["content"][0]["toolResult"]["content"] == [{"document": doc}]


def test_a_data_url_not_in_base64_is_no_upload() -> None:
    with pytest.raises(toolwire.EncodeError) as info:
        encode_conversation(decode_conversation(_responses("data:text/plain,hello", "a.txt"), "openai.responses"),
                            "bedrock.converse")
    assert "file id" not in str(info.value)


def test_a_chat_image_with_a_parameter_goes_to_bedrock() -> None:
    chat = [{"role": "user", "content": [{"type": "text", "text": "x"}, {"type": "image_url", "image_url": {
        "url": f"data:image/png;charset=binary;base64,{PNG}"}}]}]
    out = encode_conversation(decode_conversation(chat, "openai.chat"), "bedrock.converse")
    assert out["messages"][0]["content"][1] == {"image": {"format": "png", "source": {"bytes": PNG}}}
