"""Bedrock Converse ``citationsContent`` blocks in a whole reply: their generated text
is the reply's text, in block order with the plain ``text`` blocks.

The shape is botocore's ``bedrock-runtime`` service model (``ContentBlock.citationsContent``
-> ``CitationsContentBlock{content: [CitationGeneratedContent{text}], citations}``) and
https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_CitationsContentBlock.html:
"A content block that contains both generated text and associated citation information".
Before the fix the reader skipped these blocks: a cited answer read as ``text == ""``
with ``finish_reason == "stop"``, and ``retry.classify`` called it empty.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from toolwire.response import normalize
from toolwire.retry import classify, prepare

CITATION = {"title": "warranty.pdf", "sourceContent": [{"text": "24 months"}],
            "location": {"documentChar": {"documentIndex": 0, "start": 10, "end": 40}}}


def cited(text: str, citations: Any = None) -> Dict[str, Any]:
    return {"citationsContent": {"content": [{"text": text}],
                                 "citations": [CITATION] if citations is None else citations}}


def reply(content: List[Dict[str, Any]]) -> Dict[str, Any]:
    """A whole ``Converse`` reply with the members botocore's output shape requires."""
    return {"output": {"message": {"role": "assistant", "content": content}}, "stopReason": "end_turn",
            "usage": {"inputTokens": 900, "outputTokens": 12, "totalTokens": 912}, "metrics": {"latencyMs": 420}}


def test_the_shape_is_botocore_s() -> None:
    """The replies below are valid ``ConverseResponse`` values of botocore's own model
    (loaded offline from the installed package)."""
    botocore_session = pytest.importorskip("botocore.session")
    from botocore.validate import ParamValidator

    model = botocore_session.get_session().get_service_model("bedrock-runtime")
    block = model.shape_for("ContentBlock").members["citationsContent"]
    assert list(block.members) == ["content", "citations"]
    assert list(block.members["content"].member.members) == ["text"]
    shape = model.operation_model("Converse").output_shape
    for content in ([cited("The warranty lasts 24 months.")],
                    [{"text": "Per the document, "}, cited("the warranty lasts 24 months", []), {"text": "."}]):
        report = ParamValidator().validate(reply(content), shape)
        assert not report.has_errors(), report.generate_report()


def test_a_cited_answer_is_the_text() -> None:
    r = normalize(reply([cited("The warranty lasts 24 months.")]))
    assert (r.provider, r.text, r.finish_reason) == ("bedrock.converse", "The warranty lasts 24 months.", "stop")
    assert r.raw["output"]["message"]["content"][0]["citationsContent"]["citations"] == [CITATION]  # kept in raw


def test_cited_spans_and_text_blocks_keep_their_order() -> None:
    r = normalize(reply([{"text": "Per the document, "}, cited("the warranty lasts 24 months", []), {"text": "."}]))
    assert r.text == "Per the document, the warranty lasts 24 months."
    two = normalize(reply([cited("A"), {"text": "B"}]), provider="bedrock.converse")
    assert two.text == "AB"


def test_several_generated_pieces_in_one_block() -> None:
    block = {"citationsContent": {"content": [{"text": "one "}, {"text": "two"}], "citations": []}}
    assert normalize(reply([block])).text == "one two"


def test_a_cited_structured_answer_is_no_empty_reply() -> None:
    state = prepare({"modelId": "anthropic.claude", "messages": [{"role": "user", "content": [{"text": "How long?"}]}]},
                    {"type": "object", "properties": {"months": {"type": "integer"}}, "required": ["months"]},
                    "bedrock.converse").state
    outcome = classify(reply([cited('{"months": 24}', [])]), state)
    assert (outcome.kind, outcome.value) == ("ok", {"months": 24})
