"""An empty ``thoughtSignature`` on the first call of a model content is no signature
(https://ai.google.dev/gemini-api/docs/thought-signatures: "the first functionCall part in
each step of the current turn must include its thought_signature", else 400 "Function call
is missing a thought_signature in functionCall parts"; proto3 bytes: ``""`` is unset). A
fresh message's first call carrying one gets the dummy (session 43); a replayed decoded
Gemini history did not (byte identity kept it, session 43's leftover): it is refused as it
came now, written fresh and stamped the same way, noted (session 44)."""

from __future__ import annotations

from typing import Any, List

import pytest

import toolwire
from toolwire import encode_conversation
from toolwire.conversation import Message

SKIP = "skip_thought_signature_validator"


def _body(key: str, sig: Any) -> dict:  # type: ignore[type-arg]
    call = {"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}, key: sig}
    return {"contents": [
        {"role": "user", "parts": [{"text": "Weather in Paris?"}]},
        {"role": "model", "parts": [call]},
        {"role": "user", "parts": [{"functionResponse": {"name": "get_weather", "response": {"temp": 21}}}]}]}


@pytest.mark.parametrize("key", ["thoughtSignature", "thought_signature"])
def test_a_replayed_empty_signature_gets_the_dummy_as_a_fresh_one_does(key: str) -> None:
    conv = toolwire.decode_conversation(_body(key, ""), "gemini")
    outs = []
    for msgs in (conv, [Message(m.role, list(m.parts)) for m in conv.messages]):
        report: List[Any] = []
        out = encode_conversation(msgs, "gemini", report=report)
        part = out["contents"][1]["parts"][0]
        assert part.get("thoughtSignature", part.get("thought_signature")) == SKIP
        assert "" not in part.values()
        assert "inserted" in [p.kind for p in report]
        outs.append(out)
    assert outs[0] == outs[1]
    assert "refused-message" in [p.kind for p in toolwire.check_conversation(conv, "gemini")]


@pytest.mark.parametrize("sig", ["c2lnbmF0dXJl", None])
def test_a_replayed_signed_or_unsigned_step_goes_as_it_came(sig: Any) -> None:
    """A real signature, and a step with none at all (Gemini 2.x without thinking): as they came."""
    body = _body("thoughtSignature", sig)
    if sig is None:
        del body["contents"][1]["parts"][0]["thoughtSignature"]
    report: List[Any] = []
    out = encode_conversation(toolwire.decode_conversation(body, "gemini"), "gemini", report=report)
    assert out["contents"] == body["contents"]
    assert report == []
