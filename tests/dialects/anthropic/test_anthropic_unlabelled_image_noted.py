"""An Anthropic base64 image block whose ``source.media_type`` is null (hand-built, or an
SDK object dumped with ``media_type=None``). Anthropic's ``Base64ImageSource``:
``media_type`` is one of ``image/jpeg``, ``image/png``, ``image/gif``, ``image/webp``
(docs.claude.com, "Vision"), so the block is refused as it came; written fresh it goes
as its bytes show. Session 45 wrote it so without a ``converted`` note, as one labelled
``""`` (a label ``7``, and a ``tool_result``'s null label, were noted); now noted alike, and
``check_conversation`` flags the replay (``refused-message``) exactly when
``encode_conversation`` rewrites it."""

from __future__ import annotations

import copy
from typing import Any, Dict, List

import pytest

from toolwire import EncodeError
from toolwire.conversation import Problem, check_conversation, decode_conversation, encode_conversation

PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
NOT_AN_IMAGE = "AAAAAAAAAAAAAAAA"  # (bytes that show no type: the block goes as it came)


def _body(label: Any, data: str) -> Dict[str, Any]:
    return {"messages": [{"role": "user", "content": [
        {"type": "image", "source": {"type": "base64", "media_type": label, "data": data}},
        {"type": "text", "text": "What is in this image?"}]}]}


@pytest.mark.parametrize("label", [None, "", " ", "\t", "\xa0"])  # (blank: review revEnc C1)
def test_a_null_media_type_written_as_the_bytes_show_is_noted(label: Any) -> None:
    report: List[Problem] = []
    out = encode_conversation(_body(label, PNG), "anthropic.messages", report=report)
    assert out["messages"][0]["content"][0]["source"] == {"type": "base64", "media_type": "image/png", "data": PNG}
    assert [(p.kind, p.index) for p in report] == [("rewritten", 0), ("converted", 0)]
    assert report[1].message == (f"The image in message 0 labelled {label!r} (no media type) is sent as 'image/png', "
                                 "the type its bytes show: anthropic.messages checks them")


@pytest.mark.parametrize("label", [None, "", " ", 7, "image/jpeg", "image/png"])
@pytest.mark.parametrize("data", [PNG, NOT_AN_IMAGE])
def test_check_flags_the_replay_exactly_when_encode_rewrites_it(label: Any, data: str) -> None:
    body = _body(label, data)
    report: List[Problem] = []
    flagged = [p.kind for p in check_conversation(copy.deepcopy(body), "anthropic.messages")]
    try:
        out = encode_conversation(copy.deepcopy(body), "anthropic.messages", report=report)
    except EncodeError:  # (a label of no type on bytes that show none: refused, and flagged)
        assert flagged == ["refused-message"]
        return
    assert (flagged == ["refused-message"]) == (out != body)
    assert ("converted" in [p.kind for p in report]) == (out != body)


@pytest.mark.parametrize("label", [7, 0, [], True, False, {"x": 1}])
def test_a_label_that_is_no_string_is_named_as_it_came(label: Any) -> None:
    """The note named ``None`` (decoding reads no label from a non-string) where the wire
    said ``7`` (review revLead46 R1); ``false`` went out as it came, Anthropic refusing it,
    while the message was noted ``rewritten``."""
    report: List[Problem] = []
    out = encode_conversation(_body(label, PNG), "anthropic.messages", report=report)
    assert out["messages"][0]["content"][0]["source"] == {"type": "base64", "media_type": "image/png", "data": PNG}
    assert [(p.kind, p.index) for p in report] == [("rewritten", 0), ("converted", 0)]
    assert report[1].message == (f"The image in message 0 labelled {label!r} (no media type) is sent as 'image/png', "
                                 "the type its bytes show: anthropic.messages checks them")


def test_a_label_the_caller_edited_is_noted_where_the_bytes_overrule_it() -> None:
    conv = decode_conversation(_body("image/png", PNG), "anthropic.messages")
    m = conv.messages[0]
    edited = conv.replace(messages=(m.replace(parts=(m.parts[0].replace(media_type="image/jpeg"), m.parts[1])),))
    report: List[Problem] = []
    out = encode_conversation(edited, "anthropic.messages", report=report)
    assert out["messages"][0]["content"][0]["source"]["media_type"] == "image/png"
    assert [(p.kind, p.message) for p in report if p.kind == "converted"] == [
        ("converted", "The image in message 0 labelled 'image/jpeg' is sent as 'image/png', the type its bytes show: "
                      "anthropic.messages checks them")]



@pytest.mark.parametrize("blank", ["", " "])
def test_a_label_blanked_by_the_caller_and_sent_as_it_came_is_not_noted(blank: str) -> None:
    """The caller sets the label of an ``image/png`` block to ``""``: it goes out as it came,
    ``image/png`` (its bytes show it), and nothing is noted; the note said "labelled
    'image/png' (no media type) is sent as 'image/png'" (review revConv8 F4a: 48 of 1,020
    cells)."""
    from toolwire.conversation import Media

    block = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}
    body = {"messages": [{"role": "user", "content": [{"type": "text", "text": "see"}, block]},
                         {"role": "assistant", "content": "ok"}]}
    conv = decode_conversation(copy.deepcopy(body), "anthropic.messages")
    first = conv.messages[0]
    first = first.replace(parts=tuple(p.replace(media_type=blank) if type(p) is Media else p for p in first.parts))
    report: List[Problem] = []
    out = encode_conversation(conv.replace(messages=(first,) + conv.messages[1:]), "anthropic.messages", report=report)
    assert out["messages"][0]["content"][1] == block
    assert [p.message for p in report if "no media type" in p.message] == []
