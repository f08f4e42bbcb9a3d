"""The Gemini correction turn ``retry.plan`` writes for a google-genai reply (a
``GenerateContentResponse``, or its ``model_dump()``) is the REST wire form of the reply's
content, as Gemini sent it: ``thoughtSignature`` as the base64 text it came as (the SDK
holds the decoded ``bytes``; https://ai.google.dev/api/caching#Part: ``thoughtSignature``
is a base64-encoded string), unset fields left out (the dump writes every one as ``None``)
and camelCase field names (https://protobuf.dev/programming-guides/json/: "uses the
lowerCamelCase name"). The SDK's parts were copied as they stood: ``bytes`` (so
``json.dumps`` of the request raised ``TypeError``) and ~20 ``None`` snake_case fields.
"""

from __future__ import annotations

import json
from typing import Any, Dict

import pytest

from toolwire import retry
from toolwire.schema import get_target

genai = pytest.importorskip("google.genai")
from google.genai import types  # noqa: E402

SCHEMA = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}
REQUEST = {"model": "gemini-3-pro", "contents": [{"role": "user", "parts": [{"text": "q"}]}]}
# the wire reply, as the REST API sends it ("c2lnbmF0dXJl" is base64 of b"signature")
CONTENT = {"role": "model", "parts": [
    {"text": "Working out a.", "thought": True},
    {"text": "{\"a\": \"x\"}", "thoughtSignature": "c2lnbmF0dXJl"},
]}
WIRE = {"candidates": [{"index": 0, "finishReason": "STOP", "content": CONTENT}]}


def _sdk(kind: str) -> Any:
    reply = types.GenerateContentResponse.model_validate(WIRE)
    assert reply.candidates is not None and reply.candidates[0].content is not None
    assert reply.candidates[0].content.parts is not None
    assert reply.candidates[0].content.parts[1].thought_signature == b"signature"
    if kind == "object":
        return reply
    return reply.model_dump() if kind == "dump" else reply.model_dump(mode="json")


def _contents(reply: Any) -> Any:
    prep = retry.prepare(REQUEST, SCHEMA, "gemini")
    outcome = retry.classify(reply, prep.state)
    assert outcome.kind == "invalid"
    plan = retry.plan(prep.request, outcome, prep.state)
    assert plan.action == "retry"
    json.dumps(plan.request)  # JSON, as the request goes on the wire
    return plan.request["contents"]


@pytest.mark.parametrize("kind", ["object", "dump", "json-dump"])
def test_the_model_turn_of_an_sdk_reply_is_its_wire_content(kind: str) -> None:
    contents = _contents(_sdk(kind))
    assert contents[1] == CONTENT
    assert contents[2]["role"] == "user"


def test_the_turn_reads_back_as_the_sdk_reply_content() -> None:
    contents = _contents(_sdk("dump"))
    back = types.Content.model_validate_json(json.dumps(contents[1]))
    assert back.parts is not None and back.parts[1].thought_signature == b"signature"
    assert back.parts[0].thought is True


def test_a_dumped_call_part_keeps_its_arguments_as_they_are() -> None:
    # a member object's unset fields go too; the arguments (JSON of the caller's) stay as
    # they are, a null and a snake_case key in them included
    part: Dict[str, Any] = {"functionCall": {"name": "f", "args": {"some_key": None}}, "thoughtSignature": "c2ln"}
    dumped = types.GenerateContentResponse.model_validate(
        {"candidates": [{"content": {"role": "model", "parts": [part]}}]}).model_dump()
    turn = get_target("gemini").reply_turn(dumped)  # type: ignore[misc]
    assert turn == {"role": "model", "parts": [part]}


def test_part_metadata_keeps_the_callers_keys_and_nulls() -> None:
    # ``Part.partMetadata`` is a ``Struct`` of the caller's own keys
    # (https://ai.google.dev/api/caching#Part): proto3 JSON keeps them as written, a null
    # being a value there; they were camelCased and the null dropped (revN2's review)
    part: Dict[str, Any] = {"text": "{\"a\": \"x\"}", "partMetadata": {"user_key": 1, "other": None},
                            "thoughtSignature": "c2ln"}
    turn = get_target("gemini").reply_turn({"candidates": [{"content": {"role": "model", "parts": [part]}}]})  # type: ignore[misc]
    assert turn == {"role": "model", "parts": [part]}
