"""Inline think tags are read out of the text only for the dialects whose text can carry a
chat template's think block: OpenAI-compatible Chat (servers without a reasoning parser,
Groq ``reasoning_format=raw``), Mistral (Chat's reader) and Ollama ``/api/chat``; each
declares it on its ``ResponseReader`` (``inline_think``), as a third-party dialect does.

Anthropic Messages (``thinking`` blocks), OpenAI Responses (``reasoning`` items), Gemini
(``thought`` parts), Bedrock Converse (``reasoningContent``) and Cohere v2 (``thinking``
items) return reasoning in a channel of their own and never inline it: a think tag in
their text is the answer's own words (a coding assistant explaining reasoning-model
output). Before the fix every dialect's text went through the rules (newsdk NS2).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Dict

import pytest

import toolwire
from think_replies import INLINE, OWN_CHANNEL
from toolwire import Registry, default_registry
from toolwire.response import ResponseReader, Usage, normalize

TEXTS = [
    "To parse Qwen3 output, split on </think>: the part after it is the answer.",
    "<think> is the tag DeepSeek-R1 opens its reasoning with.",
    "Wrap notes like <thinking>draft</thinking> and the model keeps them apart.",
    "<reasoning>\n  <step>1</step>\n</reasoning>\nThis is the schema you asked for.",
]


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("dialect", sorted(OWN_CHANNEL))
def test_a_dialect_with_its_own_reasoning_channel_keeps_tags_in_its_text(dialect: str, text: str) -> None:
    for provider in (None, dialect):
        r = normalize(OWN_CHANNEL[dialect](text), provider=provider)
        assert (r.provider, r.text, r.reasoning, r.think_stripped) == (dialect, text, "", False)


@pytest.mark.parametrize("dialect", sorted(INLINE))
def test_the_chat_template_dialects_still_move_think_blocks(dialect: str) -> None:
    r = normalize(INLINE[dialect]("<think>\nplan\n</think>\n\nThe answer."), provider=dialect)
    assert (r.provider, r.text, r.reasoning, r.think_stripped) == (dialect, "The answer.", "plan", True)
    lone = normalize(INLINE[dialect]("plan\n</think>\n\nThe answer."), provider=dialect)  # <think> was in the prompt
    assert (lone.text, lone.reasoning, lone.think_stripped) == ("The answer.", "plan", True)


def test_the_built_in_readers_declare_it() -> None:
    reg = default_registry()
    declared = {n: reg.get(n).response.inline_think for n in reg.names() if reg.get(n).response is not None}
    assert declared == {**{n: False for n in OWN_CHANNEL}, **{n: True for n in INLINE}}


def _read(d: Dict[str, Any]) -> Any:
    return d["acme"], "", None, "stop", Usage(), None


def _acme(reader: ResponseReader) -> toolwire.Dialect:
    return dataclasses.replace(default_registry().get("openai.chat"), name="acme", aliases=(), detect=None,
                               gate=None, keys=frozenset({"acme"}), response=reader, finish_reasons={"stop": "stop"})


@pytest.mark.parametrize(("make", "stripped"), [
    (lambda: ResponseReader(detect=lambda d: "acme" in d, read=_read), False),  # the default: its own words
    (lambda: ResponseReader(detect=lambda d: "acme" in d, read=_read, inline_think=True), True),
])
def test_a_third_party_dialect_declares_it(make: Callable[[], ResponseReader], stripped: bool) -> None:
    reg = Registry()
    reg.register(_acme(make()))
    r = normalize({"acme": "<think>plan</think> The answer."}, registry=reg)
    assert r.think_stripped is stripped
    assert r.text == ("The answer." if stripped else "<think>plan</think> The answer.")


def test_inline_think_must_be_a_bool() -> None:
    reg = Registry()
    with pytest.raises(TypeError, match="inline_think"):
        reg.register(_acme(ResponseReader(detect=lambda d: "acme" in d, read=_read, inline_think="yes")))  # type: ignore[arg-type]
