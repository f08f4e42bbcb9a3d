"""``supports_native`` / ``choose_mode`` (and ``Capabilities.supports_native``) read their
``target=`` as ``render`` and ``retry.prepare`` do: an id or an alias of
``schema.targets()``; anything else is ``UnknownDialectError``.

Before, the quirks were looked up by the exact string: ``target="openai"`` (an alias of
``openai.chat``) missed DeepSeek's Chat Completions quirk ("rejects json_schema",
reference/structured-output.md §C.6) and answered "native", and ``target="nope"`` answered
as if no target were given.
"""

from __future__ import annotations

import pytest

from toolwire import UnknownDialectError, retry, schema
from toolwire.schema import Capabilities

SCHEMA = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}


@pytest.mark.parametrize("alias", ["openai", "azure", "azure.openai", "openai.chat"])
def test_an_alias_of_chat_holds_chats_quirks(alias: str) -> None:
    assert schema.supports_native("deepseek-chat", target=alias) is False
    assert schema.choose_mode("deepseek-chat", target=alias) == "prompt"
    assert Capabilities().supports_native("deepseek-chat", alias) is False
    # as retry.prepare, which resolves the alias itself
    assert retry.prepare({"model": "deepseek-chat", "messages": []}, SCHEMA, alias).mode == "prompt"


@pytest.mark.parametrize("target", ["vertex", "gemini", "openai.responses", "anthropic", "bedrock", "ollama.chat"])
def test_other_targets_are_not_chats(target: str) -> None:
    assert schema.supports_native("deepseek-chat", target=target) is None
    assert schema.choose_mode("deepseek-chat", target=target) == "native"


@pytest.mark.parametrize("target", ["nope", "OpenAI", "openai.chat ", ""])
def test_an_unknown_target_is_refused(target: str) -> None:
    for ask in (lambda: schema.supports_native("gpt-4o", target=target),
                lambda: schema.choose_mode("gpt-4o", target=target),
                lambda: Capabilities().supports_native("gpt-4o", target)):
        with pytest.raises(UnknownDialectError) as err:
            ask()
        assert err.value.message.startswith(f"Unknown structured-output target {target!r}; known targets: "
                                            "anthropic.messages, ")


def test_no_target_asks_every_quirk() -> None:
    assert schema.supports_native("deepseek-chat") is False
    assert schema.supports_native("gpt-4o") is None
