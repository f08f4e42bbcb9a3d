"""The cross-provider ``Dialect`` fields of the built-in dialects keep their contracts:
what ``toolwire.stream``, ``toolwire.response``, ``toolwire.strategies`` and the batch
reader derive from them is what each dialect's own package declares."""

from __future__ import annotations

import pytest

import toolwire
from toolwire import ToolCall
from toolwire.response import FINISH_REASONS, normalize
from toolwire.stream import accumulate, detect_stream, encode_stream, stream_dialects

DIALECTS = [d for d in toolwire.default_registry() if not d.name.startswith("text.")]
CALLS = [ToolCall(name="get_weather", args={"city": "Paris"}, id="call_a1b2c3d4e5f6g7h8i9j0k1l2"),
         ToolCall(name="get_time", args={"tz": "CET"}, id="call_m3n4o5p6q7r8s9t0u1v2w3x4")]


@pytest.mark.parametrize("d", DIALECTS, ids=lambda d: d.name)
def test_stream_fields_come_together(d: toolwire.Dialect) -> None:
    assert (d.stream is None) == (d.stream_encoder is None)
    assert not d.stream_events or d.stream_detect is not None
    if d.stream is None:
        assert d.name not in stream_dialects()
        return
    chunks = encode_stream(CALLS, d.name)
    assert [(c.name, c.args) for c in accumulate(chunks, d.name)] == [(c.name, c.args) for c in CALLS]
    if d.stream_detect is not None:  # detected as itself (Mistral's chunks are Chat's)
        assert detect_stream(chunks[0]) == d.name
        assert all(d.stream_detect({"type": k}) for k in d.stream_events)  # the one-lookup contract


@pytest.mark.parametrize("d", DIALECTS, ids=lambda d: d.name)
def test_finish_reasons_use_the_vocabulary(d: toolwire.Dialect) -> None:
    assert set(d.finish_reasons.values()) <= set(FINISH_REASONS)
    assert d.response is None or d.finish_reasons


def test_the_core_list_of_cut_off_words_is_every_dialect_s() -> None:
    # ``CORE_CUT`` (and ``TRUNCATING``, its words) is read where no dialect is known (text
    # formats, the policy keyword ``finish_reason``): it must hold every word a built-in's
    # ``finish_reasons`` calls a cut-off reply, as that table normalises it, every word of
    # their ``unfinished_reasons`` (``NOT_DONE``: "other" unless the table says more), and
    # beyond them only Responses' ``incomplete`` (a reply or item cut short for a reason not
    # given: its calls may be cut off, its finish is "other") and toolwire's own ``unfinished``
    from toolwire._finish_reasons import CORE_CUT, NOT_DONE
    from toolwire._policy import CUT_OFF, TRUNCATING, UNFINISHED

    unfinished = {w for d in toolwire.default_registry() for w in d.unfinished_reasons}
    assert unfinished | {UNFINISHED} == NOT_DONE
    cut = {w: norm for d in toolwire.default_registry() for w, norm in d.finish_reasons.items() if norm in CUT_OFF}
    assert dict(CORE_CUT) == {**dict.fromkeys(NOT_DONE | {"incomplete"}, "other"), **cut}
    assert set(CORE_CUT) == TRUNCATING


def test_the_text_formats_list_of_called_words_is_every_dialect_s() -> None:
    # text formats know no dialect: the words by which an engine says tools were called
    from toolwire.text._core import CALLED

    words = {w for d in toolwire.default_registry() for w, norm in d.finish_reasons.items() if norm == "tool_calls"}
    assert words == CALLED


@pytest.mark.parametrize("d", [d for d in DIALECTS if d.response_envelope is not None], ids=lambda d: d.name)
def test_response_envelopes_are_read_back(d: toolwire.Dialect) -> None:
    items = [toolwire.encode(c, d, position=i) for i, c in enumerate(CALLS)]
    reply = d.response_envelope(items, "Checking.")  # type: ignore[misc]
    assert [(c.name, c.args) for c in toolwire.decode_all(reply, d.name)] == [(c.name, c.args) for c in CALLS]
    r = normalize(reply)
    assert r.provider == d.name == toolwire.detect(reply)  # a Mistral model's reply is mistral's, as detected
    assert d.response is not None and normalize(reply, provider=d.name).provider == d.name  # each reads its own
    assert r.finish_reason == "tool_calls" and len(r.tool_calls) == 2
    assert "Checking." in (r.text, r.reasoning)  # Cohere's text beside calls is its tool_plan


def _responses() -> list:
    import json
    from pathlib import Path

    from corpus_data import CORPUS

    # the corpus adds payloads where it is present; the examples and envelopes suffice without it
    docs = [json.loads(p.read_text("utf-8")) for p in sorted(CORPUS.glob("*/*.json"))] if CORPUS else []
    out = [doc["payload"] for doc in docs if isinstance(doc, dict) and "payload" in doc]
    examples = Path(__file__).resolve().parents[1] / "examples" / "payloads"
    out += [json.loads(p.read_text("utf-8")) for p in sorted(examples.glob("*.json"))]
    for d in DIALECTS:
        if d.response_envelope is not None:
            out.append(d.response_envelope([toolwire.encode(CALLS[0], d)], "x"))
    return [p for p in out if isinstance(p, dict)]


def test_response_keys_are_necessary() -> None:
    """A reader's ``keys`` gate only skips responses its ``detect`` would decline."""
    payloads = _responses()
    assert len(payloads) >= 15
    for d in DIALECTS:
        r = d.response
        if r is None or r.keys is None:
            continue
        for p in payloads:
            if r.detect(p):
                assert any(k in p for k in r.keys), (d.name, sorted(p))
