"""An ``item_reference`` input item may leave out its ``type``: the openai SDK's
``ItemReference`` (types/responses/response_input_item_param.py) has ``id: Required[str]``
and ``type: Optional[Literal["item_reference"]]``. Such an item (``{"id": "fc_1"}``) was
refused by ``decode_conversation`` ("has no 'type'"); it reads as the typed one does and
is written back as it came (review revC, older). ``ItemReference(id="fc_1").model_dump()``
gives ``{"id": "fc_1", "type": None}`` (its model, types/responses/response_input_item.py:
``type: Optional[Literal["item_reference"]] = None``): read as the one without ``type``
(it was refused, review revC3, older)."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import DecodeError
from toolwire.conversation import check_conversation, decode_conversation, encode_conversation


def _body(ref: Dict[str, Any]) -> Dict[str, Any]:
    return {"model": "m", "input": [{"role": "user", "content": "q"}, ref,
                                    {"type": "function_call_output", "call_id": "call_1", "output": "ok"}]}


@pytest.mark.parametrize("ref", [{"id": "fc_1"}, {"id": "fc_1", "type": None}, {"type": None, "id": "fc_1"}])
def test_an_item_reference_without_type_reads_as_the_typed_one(ref: Dict[str, Any]) -> None:
    bare, typed = _body(ref), _body({"type": "item_reference", "id": "fc_1"})
    assert encode_conversation(decode_conversation(bare, "openai.responses"), "openai.responses")["input"] == bare["input"]
    assert check_conversation(bare, "openai.responses") == check_conversation(typed, "openai.responses") == []
    assert [p.kind for p in check_conversation(bare, "openai.chat")] == ["stored-state"]


@pytest.mark.parametrize("item", [{"id": 1}, {"id": "fc_1", "status": "completed"}, {}, {"type": None},
                                  {"id": None, "type": None}, {"id": "fc_1", "type": None, "status": "completed"}])
def test_other_items_without_type_are_still_refused(item: Dict[str, Any]) -> None:
    with pytest.raises(DecodeError) as e:
        decode_conversation(_body(item), "openai.responses")
    assert e.value.loc is not None and e.value.loc.startswith("$.input[1]")
