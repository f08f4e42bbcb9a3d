"""A Gemini content whose ``role`` is null is a user content, as one without a role is.

google-genai 3.6.1 ``Content.role``: "Optional. The producer of the content. Must be
either 'user' or 'model'. If not set, the service will default to 'user'." A
``model_dump()`` writes an unset role as ``None``, and JSON null is an unset field in
proto3 JSON. A content without ``role`` was read as a user content and the SDK object
itself too, but its dump (``{"parts": [...], "role": None}``) raised "Content at $[0]
has role None".
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire.conversation import Text, decode_conversation, encode_conversation

G = "gemini"
DUMPED: Dict[str, Any] = {"contents": [{"parts": [{"text": "Weather in Paris?"}], "role": None}]}
ABSENT: Dict[str, Any] = {"contents": [{"parts": [{"text": "Weather in Paris?"}]}]}


def test_the_sdk_dumps_an_unset_role_as_none() -> None:
    types = pytest.importorskip("google.genai.types")
    dump = types.Content(parts=[types.Part(text="Weather in Paris?")]).model_dump(exclude_none=True)
    assert dump == ABSENT["contents"][0]
    assert types.Content(parts=[types.Part(text="x")]).model_dump()["role"] is None


def test_a_null_role_is_a_user_content() -> None:
    conv = decode_conversation(DUMPED, G)
    assert [(m.role, m.parts) for m in conv.messages] == [("user", (Text("Weather in Paris?"),))]
    assert conv.messages == decode_conversation(ABSENT, G).messages


def test_it_is_written_back_as_it_came() -> None:
    assert encode_conversation(decode_conversation(DUMPED, G), G) == DUMPED


def test_the_sdk_dump_of_a_turn_is_read_as_the_object_is() -> None:
    types = pytest.importorskip("google.genai.types")
    content = types.Content(parts=[types.Part(text="Weather in Paris?")])
    assert decode_conversation([content.model_dump()], G).messages == decode_conversation([content], G).messages
