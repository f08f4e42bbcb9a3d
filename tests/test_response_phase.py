"""OpenAI Responses ``message.phase``: a message labelled ``commentary`` is not the answer.

openai-python 3.60+ ``types/responses/response_output_message.py``:
``phase: Optional[Literal["commentary", "final_answer"]]``, "Labels an `assistant` message
as intermediate commentary (`commentary`) or the final answer (`final_answer`). For models
like `gpt-5.3-codex` and beyond, when sending follow-up requests, preserve and resend phase
on all assistant messages". ``normalize`` puts the commentary messages' text in
``Response.commentary`` and keeps it out of ``text``; a message without a phase (older
models) or with another one is the answer's, as before. Before the fix the commentary was
glued in front of the answer (newsdk NS4).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

from toolwire.response import normalize
from toolwire.retry import classify, prepare

ANSWER = '{"city": "Paris", "temp_c": 21}'
SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}, "temp_c": {"type": "integer"}},
          "required": ["city", "temp_c"], "additionalProperties": False}


def message(text: str, phase: Optional[str], i: int = 1) -> Dict[str, Any]:
    out = {"type": "message", "id": f"msg_{i}", "role": "assistant", "status": "completed",
           "content": [{"type": "output_text", "text": text, "annotations": []}]}
    return out if phase is None else {**out, "phase": phase}


def reply(*output: Dict[str, Any]) -> Dict[str, Any]:
    return {"id": "resp_1", "object": "response", "created_at": 1, "model": "gpt-5.3-codex", "status": "completed",
            "output": list(output), "parallel_tool_calls": True, "tool_choice": "auto", "tools": []}


PHASED = reply(message("I'll check the schema first.", "commentary", 1), message(ANSWER, "final_answer", 2))


def test_commentary_is_not_the_answer() -> None:
    r = normalize(PHASED)
    assert (r.text, r.commentary, r.finish_reason) == (ANSWER, "I'll check the schema first.", "stop")


def test_the_sdk_object_reads_the_same() -> None:
    from openai.types.responses import Response as SdkResponse

    obj = SdkResponse.model_validate(PHASED)
    assert obj.output_text == "I'll check the schema first." + ANSWER  # the SDK's own convenience joins them
    r = normalize(obj)
    assert (r.text, r.commentary) == (ANSWER, "I'll check the schema first.")


def test_messages_without_a_phase_are_the_answer_as_before() -> None:
    r = normalize(reply(message("Hello ", None, 1), message("world.", None, 2)))
    assert (r.text, r.commentary) == ("Hello world.", "")
    mixed = normalize(reply(message("Looking.", "commentary", 1), message("Done.", None, 2)))
    assert (mixed.text, mixed.commentary) == ("Done.", "Looking.")


def test_several_commentary_messages_keep_apart() -> None:
    r = normalize(reply(message("First, the schema.", "commentary", 1), message("Then the data.", "commentary", 2),
                        message(ANSWER, "final_answer", 3)))
    assert (r.text, r.commentary) == (ANSWER, "First, the schema.\nThen the data.")


def test_commentary_before_a_call_is_no_text() -> None:
    call = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather",
            "arguments": '{"city": "Paris"}', "status": "completed"}
    r = normalize(reply(message("Checking the weather.", "commentary"), call))
    assert (r.text, r.commentary, r.finish_reason) == ("", "Checking the weather.", "tool_calls")
    assert [c.name for c in r.tool_calls] == ["get_weather"]


def test_a_reply_of_commentary_only_is_read() -> None:
    r = normalize(reply(message("Still working on it.", "commentary")), provider="openai.responses")
    assert (r.text, r.commentary) == ("", "Still working on it.")


@pytest.mark.parametrize(("output", "kind", "value"), [
    ([message("I'll check the schema first.", "commentary", 1), message(ANSWER, "final_answer", 2)],
     "ok", {"city": "Paris", "temp_c": 21}),
    # a value in the commentary is no answer: the final answer holds none
    ([message('For example {"city": "Rome", "temp_c": 1}.', "commentary", 1),
      message("I could not find it.", "final_answer", 2)], "invalid", None),
])
def test_retry_reads_the_answer_only(output: List[Dict[str, Any]], kind: str, value: Any) -> None:
    state = prepare({"model": "gpt-5.3-codex", "input": [{"role": "user", "content": "weather?"}]}, SCHEMA,
                    "openai.responses").state
    out = classify(reply(*output), state)
    assert (out.kind, out.value) == (kind, value)


def _acme(**reader: Any) -> Any:
    import dataclasses

    from toolwire import Registry, default_registry
    from toolwire.response import ResponseReader, Usage

    rr = ResponseReader(detect=lambda d: "acme" in d, read=lambda d: (d["acme"], "", None, "stop", Usage(), None),
                        **reader)
    reg = Registry()
    reg.register(dataclasses.replace(default_registry().get("openai.chat"), name="acme", aliases=(), detect=None,
                                     gate=None, keys=frozenset({"acme"}), response=rr, finish_reasons={}))
    return reg


def test_a_third_party_reader_declares_its_commentary() -> None:
    r = normalize({"acme": "42", "note": "thinking aloud"}, registry=_acme(commentary=lambda d: d["note"]))
    assert (r.text, r.commentary) == ("42", "thinking aloud")
    assert normalize({"acme": "42"}, registry=_acme()).commentary == ""


def test_a_commentary_that_is_no_str_is_a_decode_error() -> None:
    from toolwire import DecodeError

    with pytest.raises(DecodeError) as exc:
        normalize({"acme": "42"}, registry=_acme(commentary=lambda d: 7))
    assert (exc.value.message, exc.value.dialect) == (
        "Response of acme is malformed: its reader gave commentary 7, not a str at $", "acme")
    with pytest.raises(TypeError, match="ResponseReader of callables"):
        _acme(commentary="note")
