"""Only a reference that may stand for a call excuses a result whose call is not in the history.

A Responses ``item_reference`` names one stored item by its item id (openai-python
``ResponseInputItemParam``: ``ItemReference``). A reasoning item's id is ``rs_…`` and an
output message's ``msg_…`` (wire-formats §2d; the corpus's recorded responses): neither
holds a function call, so a ``function_call_output`` after only such references answers no
call (``orphan-result``, as without them, and the provider refuses it: "No tool call found
for function call output with call_id …"). A reference to a call item (``fc_…``), to an
item of an id we cannot tell, or a ``previous_response_id`` before it still excuses it.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

from toolwire.conversation import check_conversation, fix_conversation

R = "openai.responses"
OUTPUT = {"type": "function_call_output", "call_id": "call_QL9VyC5TfIM2TK0pkVIg3GwM", "output": "R"}
USER = {"role": "user", "content": [{"type": "input_text", "text": "hi"}]}


def _ref(ident: str) -> Dict[str, Any]:
    return {"type": "item_reference", "id": ident}


NO_CALL = [
    [USER, _ref("rs_00d262778c19b1fe00697bcdf78ee881a3aa92e531e977335d"), OUTPUT],
    [USER, _ref("msg_67ccd2bf17f0819081ff3bb2cf6508e60bb6a6b452d3795b"), OUTPUT],
    [USER, _ref("rs_1"), _ref("msg_1"), OUTPUT],
]
MAY_CALL = [
    [USER, _ref("rs_1"), _ref("fc_1"), OUTPUT],
    [USER, _ref("fc_1"), _ref("rs_2"), OUTPUT],
    [USER, _ref("fc_1"), _ref("msg_2"), OUTPUT],
    [USER, _ref("item_7"), OUTPUT],
]


@pytest.mark.parametrize("items", NO_CALL)
def test_a_reference_to_reasoning_or_a_message_excuses_no_orphan(items: List[Any]) -> None:
    body = {"model": "gpt-5", "input": items}
    assert [(p.kind, p.id) for p in check_conversation(body, R)] == [("orphan-result", OUTPUT["call_id"])]
    fixed, changes = fix_conversation(body, R)
    assert [c.kind for c in changes] == ["removed"]


@pytest.mark.parametrize("items", MAY_CALL)
def test_a_reference_that_may_be_a_call_still_excuses(items: List[Any]) -> None:
    body = {"model": "gpt-5", "input": items}
    assert check_conversation(body, R) == []


def test_a_previous_response_before_a_reasoning_reference_still_excuses() -> None:
    body = {"model": "gpt-5", "previous_response_id": "resp_abc", "input": [_ref("rs_1"), OUTPUT]}
    assert check_conversation(body, R) == []


@pytest.mark.parametrize("items", NO_CALL)
def test_judged_for_another_target_it_is_an_orphan_there_too(items: List[Any]) -> None:
    body = {"model": "gpt-5", "input": items}
    assert [p.kind for p in check_conversation(body, "openai.chat", source=R)] == ["orphan-result"]
    fixed, changes = fix_conversation(body, "openai.chat", source=R)
    assert [c.kind for c in changes] == ["removed"]
    assert check_conversation(fixed, "openai.chat") == []
