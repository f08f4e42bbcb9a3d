"""A Gemini history part's ``text`` must be a string (https://ai.google.dev/api/caching#Part:
``text: string``, "Inline text"; a ``thought: true`` part's text is the model's
thought summary, a string too): any other value (a number, an object, a list) is a
``DecodeError`` at ``...parts[i].text``, in a content or in the ``systemInstruction``,
never a part that vanishes (nor an empty thought)."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import DecodeError
from toolwire.conversation import Reasoning, Text, decode_conversation

BAD = [(5, "an int"), ({}, "a dict"), (["a"], "a list"), (True, "a bool"), (1.5, "a float")]


def _refused(body: Dict[str, Any], loc: str, kind: str) -> None:
    with pytest.raises(DecodeError) as err:
        decode_conversation(body, "gemini")
    assert err.value.loc == loc
    assert str(err.value) == f"Text at {loc} must be a string, got {kind}"
    assert err.value.dialect == "gemini"


@pytest.mark.parametrize(("bad", "kind"), BAD)
def test_a_content_text_that_is_no_string_is_refused_at_its_path(bad: Any, kind: str) -> None:
    body = {"contents": [{"role": "user", "parts": [{"text": "Turn this place into a party!"}, {"text": bad}]}]}
    _refused(body, "$.contents[0].parts[1].text", kind)


@pytest.mark.parametrize(("bad", "kind"), BAD)
def test_a_system_instruction_text_that_is_no_string_is_refused_at_its_path(bad: Any, kind: str) -> None:
    body = {"systemInstruction": {"parts": [{"text": bad}]},
            "contents": [{"role": "user", "parts": [{"text": "Turn this place into a party!"}]}]}
    _refused(body, "$.systemInstruction.parts[0].text", kind)


@pytest.mark.parametrize(("bad", "kind"), BAD)
def test_a_thought_text_that_is_no_string_is_refused_at_its_path(bad: Any, kind: str) -> None:
    body = {"contents": [{"role": "user", "parts": [{"text": "Hi"}]},
                         {"role": "model", "parts": [{"text": bad, "thought": True}, {"text": "Hello"}]}]}
    _refused(body, "$.contents[1].parts[0].text", kind)


@pytest.mark.parametrize(("bad", "kind"), BAD)
def test_a_signed_text_that_is_no_string_is_refused_at_its_path(bad: Any, kind: str) -> None:
    body = {"contents": [{"role": "user", "parts": [{"text": "Hi"}]},
                         {"role": "model", "parts": [{"text": bad, "thoughtSignature": "c2ln"}]}]}
    _refused(body, "$.contents[1].parts[0].text", kind)


def test_texts_of_strings_are_read_as_before() -> None:
    body = {"systemInstruction": {"parts": [{"text": "Be brief."}]},
            "contents": [{"role": "user", "parts": [{"text": "Hi"}, {"text": ""}]},
                         {"role": "model", "parts": [{"text": "Planning.", "thought": True}, {"text": "Hello"}]}]}
    msgs = decode_conversation(body, "gemini").messages
    assert msgs[0].parts == (Text("Be brief."),)
    assert msgs[1].parts == (Text("Hi"),)
    assert type(msgs[2].parts[0]) is Reasoning and msgs[2].parts[0].text == "Planning."
    assert msgs[2].parts[1] == Text("Hello")
