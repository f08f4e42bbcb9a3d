"""Histories written from each provider's documentation (``histories.py``): decoded,
re-encoded exactly, and converted to every other dialect into fragments the target
SDK's request types accept. Runs without the corpus."""

from __future__ import annotations

import copy
import json
from typing import Any, Dict, List

import pytest
from histories import HISTORIES

from history_types import TARGETS, check_conversation, content, convert_checked, summary
from toolwire import DecodeError, ToolwireError
from toolwire.conversation import decode_conversation, encode_conversation

IDS = [h[0] for h in HISTORIES]


@pytest.mark.parametrize(("dialect", "url", "payload", "expected"), HISTORIES, ids=IDS)
def test_decodes_and_reencodes_exactly(dialect: str, url: str, payload: Dict[str, Any], expected: List[Any]) -> None:
    before = copy.deepcopy(payload)
    conv = decode_conversation(payload, dialect)
    assert summary(conv) == expected
    assert check_conversation(conv) == []
    out = encode_conversation(conv, dialect)
    assert json.dumps(out) == json.dumps(payload)
    assert payload == before


@pytest.mark.parametrize(("dialect", "url", "payload", "expected"), HISTORIES, ids=IDS)
def test_converts_to_every_dialect(dialect: str, url: str, payload: Dict[str, Any], expected: List[Any]) -> None:
    conv = decode_conversation(payload, dialect)
    converted = 0
    for target in TARGETS:
        if target != dialect and convert_checked(conv, target) is not None:
            converted += 1
    assert converted >= 3  # images stop some conversions (base64 into Bedrock is fine, a URL is not)


@pytest.mark.parametrize(("dialect", "url", "payload", "expected"), HISTORIES, ids=IDS)
def test_written_fresh_for_its_own_dialect(dialect: str, url: str, payload: Dict[str, Any], expected: List[Any]) -> None:
    conv = decode_conversation(payload, dialect)
    bare = decode_conversation(payload, dialect).replace(messages=tuple(m.replace(wire=None) for m in conv.messages))
    bare = type(conv)(bare.messages)
    back = decode_conversation(encode_conversation(bare, dialect), dialect)
    assert content(back) == content(conv)


@pytest.mark.parametrize(("dialect", "url", "payload", "expected"), HISTORIES, ids=IDS)
def test_named_as_another_dialect_it_raises_or_reads_the_same(
    dialect: str, url: str, payload: Dict[str, Any], expected: List[Any]
) -> None:
    """Never a history read under the wrong name with its calls or results gone."""
    right = decode_conversation(payload, dialect)
    for other in TARGETS:
        try:
            conv = decode_conversation(payload, other)
        except ToolwireError:
            continue
        assert [(c.name, c.args) for c in conv.calls] == [(c.name, c.args) for c in right.calls], other
        assert len(conv.results) == len(right.results), other


def test_foreign_blocks_name_the_dialect_they_belong_to() -> None:
    anthropic = HISTORIES[2][2]
    with pytest.raises(DecodeError) as err:
        decode_conversation(anthropic, "openai.chat")
    assert str(err.value) == (
        "Content block at $.messages[1].content[0] has type 'thinking', which is anthropic.messages's, "
        "not openai.chat's"
    )
    bedrock = HISTORIES[4][2]
    with pytest.raises(DecodeError) as err:
        decode_conversation(bedrock, "anthropic.messages")
    assert str(err.value) == "Content block at $.system[0] has no 'type', which every anthropic.messages block has"
    chat = HISTORIES[0][2]
    with pytest.raises(DecodeError) as err:
        decode_conversation({"messages": chat["messages"][1:]}, "anthropic.messages")
    assert str(err.value) == "Message at $.messages[1] has 'tool_calls', which anthropic.messages messages do not have"
