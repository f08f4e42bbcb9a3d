"""mistralai's Conversations API is not read, and says so: never ``[]``.

``client.beta.conversations.start`` returns a ``ConversationResponse`` (``"object":
"conversation.response"``) whose ``outputs`` hold entries such as ``FunctionCallEntry``
(``"type": "function.call"``, ``tool_call_id``, ``name``, ``arguments``): no dialect's
shape (README, "SDK objects"; docs/dialects/mistral.md). Read as ``[]``, the agent would
end its turn with the call unanswered.
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire import DecodeError, response

REPLY: Dict[str, Any] = {
    "conversation_id": "conv_1", "object": "conversation.response",
    "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    "outputs": [{"type": "function.call", "tool_call_id": "abc123XYZ", "name": "get_weather",
                 "arguments": '{"city": "Paris"}'}]}


def _forms() -> Any:
    yield REPLY
    models = pytest.importorskip("mistralai.client.models")
    obj = models.ConversationResponse.model_validate(REPLY)
    assert type(obj.outputs[0]).__name__ == "FunctionCallEntry"  # the SDK's own form
    yield obj


@pytest.mark.parametrize("dialect", [None, "mistral"])
def test_every_reader_refuses_it(dialect: Any) -> None:
    for reply in _forms():
        with pytest.raises(DecodeError, match="no known dialect"):
            toolwire.decode_all(reply, dialect)
        with pytest.raises(DecodeError) as err:
            response.normalize(reply, provider=dialect)
        if dialect is None:
            assert str(err.value).startswith("Response is not a response of any known provider")
        else:  # named, it was read as a Chat reply that said nothing (its usage counted as a field)
            assert str(err.value) == ("Response at $ has 'outputs' and no 'choices': a Mistral Conversations API "
                                      "response (ConversationResponse), which is not read; its calls are in "
                                      "'outputs'")
            assert err.value.loc == "$.outputs"
        with pytest.raises(DecodeError, match="no known dialect"):
            toolwire.decode(REPLY["outputs"][0], dialect)
