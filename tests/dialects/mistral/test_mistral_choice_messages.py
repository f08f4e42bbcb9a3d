"""A Mistral choice that carries ``messages`` and no ``message`` is refused, never read as empty.

mistralai 3.7 types ``ChatCompletionChoice.message: Optional[AssistantMessage]`` beside a
new ``messages: Optional[List[DeltaMessage]]`` (also in ``ChatCompletionChoiceTypedDict``).
Neither the SDK's docs (``docs/models/chatcompletionchoice.md``: "N/A") nor Mistral's API
reference say what the list holds; a ``DeltaMessage`` has ``role``, ``tool_call_id`` and an
``index`` ("If the completion returns multiple messages, this is to specify which message
this delta is for"), so it may hold several messages, tool messages among them (calls the
API ran itself). Read as a ``message`` it would be a guess; skipped, ``decode_all`` gave
``[]`` (the agent's turn ends) and ``normalize`` the text ``''``. Each reader refuses it.
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire
from toolwire import DecodeError, response, stream

TC = {"id": "D681PevKs", "type": "function", "index": 0,
      "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'}}
ERROR = ("Choice at $.choices[0] has 'messages' (mistralai's ChatCompletionChoice.messages, a list of message "
         "deltas Mistral does not document) and no 'message': not read, as a guess could run calls the API "
         "ran itself or drop the reply")


def _reply(finish: str) -> Dict[str, Any]:
    choice = {"index": 0, "finish_reason": finish,
              "messages": [{"role": "assistant", "content": "Let me check.", "tool_calls": [TC]}]}
    return {"id": "cmpl_1", "object": "chat.completion", "model": "mistral-large-latest", "created": 1,
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}, "choices": [choice]}


def _forms(finish: str) -> Any:
    yield _reply(finish)
    models = pytest.importorskip("mistralai.client.models")
    obj = models.ChatCompletionResponse.model_validate(_reply(finish))
    assert obj.choices[0].message is None and obj.choices[0].messages  # the SDK's own form
    yield obj
    yield obj.model_dump()


@pytest.mark.parametrize("finish", ["stop", "tool_calls"])
@pytest.mark.parametrize("dialect", [None, "mistral", "openai.chat"])
def test_decode_all_refuses_a_choice_of_messages(finish: str, dialect: Any) -> None:
    for reply in _forms(finish):
        with pytest.raises(DecodeError) as err:
            toolwire.decode_all(reply, dialect)
        assert (str(err.value), err.value.loc) == (ERROR, "$.choices[0]")
        with pytest.raises(DecodeError, match="has 'messages'"):
            toolwire.decode_all(reply, dialect, invalid="keep")


@pytest.mark.parametrize("finish", ["stop", "tool_calls"])
@pytest.mark.parametrize("provider", [None, "mistral", "openai.chat"])
def test_normalize_refuses_a_choice_of_messages(finish: str, provider: Any) -> None:
    for reply in _forms(finish):
        with pytest.raises(DecodeError) as err:
            response.normalize(reply, provider=provider)
        assert (str(err.value), err.value.loc) == (ERROR, "$.choices[0]")


def test_the_first_choice_by_index_is_the_one_refused() -> None:
    """``normalize`` reads the choice of the lowest ``index``; its path is its own position."""
    reply = _reply("stop")
    reply["choices"] = [{"index": 1, "finish_reason": "stop", "message": {"role": "assistant", "content": "B"}},
                        dict(reply["choices"][0], index=0)]
    with pytest.raises(DecodeError) as err:
        response.normalize(reply)
    assert err.value.loc == "$.choices[1]"
    # another choice than the one read: decode_all of the first choice refuses it too (it reads each choice)
    with pytest.raises(DecodeError, match=r"\$\.choices\[1\] has 'messages'"):
        toolwire.decode_all(reply)


def test_a_stream_fed_the_whole_reply_refuses_it() -> None:
    with pytest.raises(DecodeError) as err:
        stream.accumulate([_reply("tool_calls")], "mistral")
    assert (str(err.value), err.value.loc, err.value.dialect) == (
        ERROR.replace("$.choices[0]", "$[0].choices[0]"), "$[0].choices[0]", "mistral")


def test_an_empty_or_null_messages_beside_a_message_is_read_as_before() -> None:
    msg = {"role": "assistant", "content": "Hi.", "tool_calls": [TC]}
    for extra in ({"messages": None}, {"messages": []}):
        reply = _reply("tool_calls")
        reply["choices"][0] = dict({"index": 0, "finish_reason": "tool_calls", "message": msg}, **extra)
        assert [c.name for c in toolwire.decode_all(reply)] == ["get_weather"]
        assert response.normalize(reply).text == "Hi."
    reply = _reply("stop")
    reply["choices"][0] = {"index": 0, "finish_reason": "stop", "messages": []}  # holds nothing: no reply text
    assert toolwire.decode_all(reply) == []
