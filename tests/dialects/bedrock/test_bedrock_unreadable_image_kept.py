"""A Bedrock image of a format Converse names another way (``jpg``) whose source the
writer cannot read (``bytes`` not base64 text or bytes, no ``s3Location``) is not
rewritten: the writer could not rename it, so its message goes as it came, without a
``rewritten`` note that would say otherwise (Converse's ``ImageSource``: ``bytes`` or
``s3Location``: https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ImageSource.html)."""

from __future__ import annotations

import copy
from typing import Any, List

import pytest

from toolwire.conversation import Problem, decode_conversation, encode_conversation

B = "bedrock.converse"


@pytest.mark.parametrize("source", [{"bytes": 123}, {}, {"s3Location": {"bucketOwner": "1"}}])
def test_an_unreadable_misnamed_image_goes_as_it_came(source: Any) -> None:
    img = {"image": {"format": "jpg", "source": source}}
    for h in ([{"role": "user", "content": [{"text": "x"}, img]}],
              [{"role": "user", "content": [{"text": "q"}]},
               {"role": "assistant", "content": [{"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}}]},
               {"role": "user", "content": [{"toolResult": {"toolUseId": "t1", "content": [img]}}]}]):
        before = copy.deepcopy(h)
        report: List[Problem] = []
        out = encode_conversation(decode_conversation(h, B), B, report=report)
        assert out == {"messages": before}
        assert report == []


def test_a_readable_misnamed_image_is_still_renamed() -> None:
    h = [{"role": "user", "content": [{"text": "x"}, {"image": {"format": "jpg",
                                                                 "source": {"s3Location": {"uri": "s3://b/k"}}}}]}]
    report: List[Problem] = []
    out = encode_conversation(decode_conversation(h, B), B, report=report)
    assert out["messages"][0]["content"][1] == {"image": {"format": "jpeg", "source": {"s3Location": {"uri": "s3://b/k"}}}}
    assert [p.kind for p in report] == ["rewritten", "converted"]
