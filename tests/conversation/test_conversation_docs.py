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
