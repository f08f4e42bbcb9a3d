"""The correction turn ``retry.plan`` writes for Gemini sends the model's reply back as it
came: the first candidate's ``content``, its parts' ``thoughtSignature`` and its thought
parts kept. Google: "if you receive a thought signature in a model response, you should
pass it back exactly as it was received"
(https://ai.google.dev/gemini-api/docs/thought-signatures, checked 2026-12-06); as the
Anthropic correction keeps the reply's thinking block before its ``tool_use``. The turn
was rebuilt as a bare ``{"text": ...}`` part, the signature and the thoughts dropped.
"""

from __future__ import annotations

from typing import Any, Dict

from toolwire import retry

SCHEMA = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}
REQUEST = {"model": "gemini-3-pro", "contents": [{"role": "user", "parts": [{"text": "q"}]}],
           "config": {"max_output_tokens": 100}}


def _correction(reply: Dict[str, Any]) -> Any:
    prep = retry.prepare(REQUEST, SCHEMA, "gemini")
    outcome = retry.classify(reply, prep.state)
    assert outcome.kind == "invalid"
    plan = retry.plan(prep.request, outcome, prep.state)
    assert plan.action == "retry"
    return plan.request["contents"]


def test_the_model_turn_keeps_its_thought_signature() -> None:
    content = {"role": "model", "parts": [{"text": "{\"a\": \"x\"}", "thoughtSignature": "c2ln"}]}
    contents = _correction({"candidates": [{"index": 0, "finishReason": "STOP", "content": content}]})
    assert contents[1] == content
    assert contents[2]["role"] == "user"
    assert contents[2]["parts"][0]["text"].startswith("Your previous answer does not match the required JSON Schema")


def test_the_model_turn_keeps_its_thought_parts() -> None:
    content = {"role": "model", "parts": [
        {"text": "Working out the value of a.", "thought": True},
        {"text": "{\"a\": \"x\"}", "thoughtSignature": "c2ln"},
    ]}
    contents = _correction({"candidates": [{"index": 0, "finishReason": "STOP", "content": content}]})
    assert contents[1] == content


def test_a_plain_text_reply_is_the_same_turn() -> None:
    reply = {"candidates": [{"index": 0, "finishReason": "STOP", "content": {"role": "model", "parts": [
        {"text": "{\"a\": \"x\"}"}]}}]}
    contents = _correction(reply)
    assert contents[1] == {"role": "model", "parts": [{"text": "{\"a\": \"x\"}"}]}


def test_both_spellings_of_one_signature_differing_are_kept_as_received() -> None:
    # (proto3 JSON: a parser takes the field's lowerCamel name and its proto name, so a
    # part may hold both; two different signatures: neither is the one "as it was received")
    part = {"text": "{\"a\": \"x\"}", "thought_signature": "c2ln", "thoughtSignature": "b3RoZXI="}
    contents = _correction({"candidates": [{"index": 0, "finishReason": "STOP",
                                            "content": {"role": "model", "parts": [part]}}]})
    assert contents[1]["parts"] == [part]


def test_both_spellings_of_one_signature_equal_are_one_key() -> None:
    part = {"text": "{\"a\": \"x\"}", "thought_signature": "c2ln", "thoughtSignature": "c2ln"}
    contents = _correction({"candidates": [{"index": 0, "finishReason": "STOP",
                                            "content": {"role": "model", "parts": [part]}}]})
    assert contents[1]["parts"] == [{"text": "{\"a\": \"x\"}", "thoughtSignature": "c2ln"}]



def test_both_spellings_of_a_member_field_differing_are_kept_as_received() -> None:
    from toolwire.dialects.gemini.structured import _wire_part

    code = {"language": "PYTHON", "code": "1", "output_id": "a", "outputId": "b"}
    assert _wire_part({"executable_code": code}) == {"executableCode": code}
    same = {"language": "PYTHON", "code": "1", "output_id": "a", "outputId": "a"}
    assert _wire_part({"executable_code": same}) == {"executableCode": {"language": "PYTHON", "code": "1",
                                                                        "outputId": "a"}}


def test_a_part_kept_as_received_keeps_its_metadata_keys() -> None:
    from toolwire.dialects.gemini.structured import _wire_part

    part = {"text": "x", "thought_signature": "c2ln", "thoughtSignature": "b3RoZXI=", "part_metadata": {"a_b": 1}}
    assert _wire_part(part) == part
