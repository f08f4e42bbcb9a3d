"""google-genai's request form, ``generate_content(model=..., contents=..., config=...)``
as a dict: the system instruction sits in ``config.system_instruction`` (google-genai
``GenerateContentConfig.system_instruction``: a ``Content``, a ``str``, a ``Part`` or a
list of them; https://ai.google.dev/gemini-api/docs/text-generation#system-instructions).
``decode_conversation`` dropped it without a word; it is the history's system message,
written back as the REST body's ``systemInstruction``."""

from __future__ import annotations

from typing import Any

import pytest
from google.genai import types

import toolwire
from toolwire import DecodeError

HI = [{"role": "user", "parts": [{"text": "hi"}]}]


@pytest.mark.parametrize("instruction", [
    "Be brief.",
    {"parts": [{"text": "Be brief."}]},
    {"role": "user", "parts": [{"text": "Be brief."}]},
    ["Be brief."],
    [{"text": "Be brief."}],
    types.Content(parts=[types.Part(text="Be brief.")]),
])
@pytest.mark.parametrize("key", ["system_instruction", "systemInstruction"])
def test_the_config_system_instruction_is_the_system_message(instruction: Any, key: str) -> None:
    conv = toolwire.decode_conversation({"model": "gemini-2.5-flash", "contents": HI,
                                         "config": {key: instruction, "temperature": 0}})
    assert [m.role for m in conv.messages] == ["system", "user"]
    assert [p.text for p in conv.messages[0].parts] == ["Be brief."]
    out = toolwire.encode_conversation(conv, "gemini")
    assert out["systemInstruction"]["parts"] == [{"text": "Be brief."}]
    assert out["contents"] == HI


def test_an_sdk_config_object() -> None:
    cfg = types.GenerateContentConfig(system_instruction="Be brief.", temperature=0)
    conv = toolwire.decode_conversation({"contents": HI, "config": cfg})
    assert [m.role for m in conv.messages] == ["system", "user"]


def test_a_config_without_one_adds_nothing() -> None:
    conv = toolwire.decode_conversation({"contents": HI, "config": {"temperature": 0}})
    assert [m.role for m in conv.messages] == ["user"]


def test_an_unreadable_instruction_is_an_error_at_its_path() -> None:
    with pytest.raises(DecodeError) as err:
        toolwire.decode_conversation({"contents": HI, "config": {"system_instruction": 5}})
    assert err.value.loc == "$.config.system_instruction"


def test_one_at_the_top_and_one_in_the_config_is_an_error() -> None:
    with pytest.raises(DecodeError) as err:
        toolwire.decode_conversation({"systemInstruction": {"parts": [{"text": "A"}]}, "contents": HI,
                                      "config": {"system_instruction": "B"}})
    assert err.value.loc == "$.config"
