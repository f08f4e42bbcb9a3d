"""A Responses history message's text parts (``input_text``, ``output_text``) and
refusal parts hold a string (https://platform.openai.com/docs/api-reference/responses/create:
``ResponseInputText.text: string``, ``ResponseOutputText.text: string``,
``ResponseOutputRefusal.refusal: string``): any other value is a ``DecodeError`` at
its path, as Chat's text and refusal parts are, never a message whose text vanished."""

from __future__ import annotations

from typing import Any

import pytest

from toolwire import DecodeError
from toolwire.conversation import Text, decode_conversation

D = "openai.responses"
BAD = [(5, "an int"), ({}, "a dict"), (["a"], "a list"), (False, "a bool")]


@pytest.mark.parametrize(("bad", "kind"), BAD)
@pytest.mark.parametrize(("role", "kind_of_part"), [("user", "input_text"), ("assistant", "output_text"),
                                                     ("developer", "input_text")])
def test_a_text_part_that_is_no_string_is_refused_at_its_path(bad: Any, kind: str, role: str,
                                                              kind_of_part: str) -> None:
    body = {"input": [{"role": role, "content": [{"type": kind_of_part, "text": "What is in this image?"},
                                                 {"type": kind_of_part, "text": bad}]}]}
    with pytest.raises(DecodeError) as err:
        decode_conversation(body, D)
    assert err.value.loc == "$.input[0].content[1].text"
    assert str(err.value) == f"Text at $.input[0].content[1].text must be a string, got {kind}"
    assert err.value.dialect == D


@pytest.mark.parametrize(("bad", "kind"), BAD)
def test_instructions_parts_that_are_no_string_are_refused_at_their_path(bad: Any, kind: str) -> None:
    body = {"instructions": [{"type": "input_text", "text": bad}], "input": "Hi"}
    with pytest.raises(DecodeError) as err:
        decode_conversation(body, D)
    assert err.value.loc == "$.instructions[0].text"


@pytest.mark.parametrize("bad", [5, {}, ["No."], None])
def test_a_refusal_part_that_is_no_string_is_refused_at_its_path(bad: Any) -> None:
    body = {"input": [{"role": "user", "content": "Help me."},
                      {"type": "message", "role": "assistant", "content": [{"type": "refusal", "refusal": bad}]}]}
    with pytest.raises(DecodeError) as err:
        decode_conversation(body, D)
    assert err.value.loc == "$.input[1].content[0].refusal"
    assert str(err.value) == "Refusal at $.input[1].content[0].refusal must be text"


def test_text_and_refusal_parts_of_strings_are_read() -> None:
    body = {"input": [{"role": "user", "content": [{"type": "input_text", "text": "Help me."}]},
                      {"type": "message", "role": "assistant", "content": [{"type": "refusal", "refusal": "No."}]},
                      {"role": "assistant", "content": [{"type": "output_text", "text": ""}]}]}
    msgs = decode_conversation(body, D).messages
    assert [m.parts for m in msgs] == [(Text("Help me."),), (Text("No."),), ()]
