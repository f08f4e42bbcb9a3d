"""A history means the same in a registry that lacks the dialect it was read with.

Decoded parts and messages name the dialect whose history codec read them; a dialect
derived from a built-in one with ``dataclasses.replace`` (docs/custom-dialects.md) shares
the built-in's codec and its parts name the built-in. A registry holding only the derived
dialect, or only the target, used to lose what that codec says: a Responses output after
an ``item_reference`` became an ``orphan-result`` that ``fix_conversation`` removed (real
output; review revH3 r3), and a Chat ``refusal`` field was glued to the reply's text
with nothing between them (review revP3 r1: ``"SureI can't do that."``).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Dict

import pytest

import toolwire as tw

BODY: Dict[str, Any] = {"input": [{"type": "item_reference", "id": "fc_1"},
                                  {"type": "function_call_output", "call_id": "call_0", "output": "r"}]}


def test_a_derived_responses_dialect_alone_resolves_its_stored_state() -> None:
    acme = dataclasses.replace(tw.get_dialect("openai.responses"), name="acme.responses", aliases=())
    reg = tw.Registry((acme,))
    assert tw.check_conversation(BODY, "acme.responses", registry=reg) == []
    fixed, changes = tw.fix_conversation(BODY, "acme.responses", registry=reg)
    assert changes == []
    assert tw.encode_conversation(fixed, "acme.responses", registry=reg) == BODY


@pytest.mark.parametrize(("target", "field"), [("ollama", "content"), ("cohere.v2", "tool_plan")])
def test_a_refusal_field_is_kept_apart_in_a_registry_of_the_target_only(target: str, field: str) -> None:
    conv = tw.decode_conversation({"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": "Sure", "refusal": "I can't do that.",
         "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "ok"}]}, "openai.chat")
    alone = tw.encode_conversation(conv, target, registry=tw.Registry((tw.get_dialect(target),)))
    assert alone == tw.encode_conversation(conv, target)
    assert alone["messages"][1][field] == "Sure\n\nI can't do that."
