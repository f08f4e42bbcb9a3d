"""``normalize`` of a reply whose finish reason is a word the core counts as cut off
(``TRUNCATING``) that the dialect's table lacks: ``Response`` agrees with its calls
(``truncated=True``) instead of reading ``other`` and not cut off. IBM watsonx.ai chat
(Chat-shaped, read by ``openai.chat``) ``TextChatResultChoice.finish_reason``: ``stop``,
``length``, ``tool_calls``, ``time_limit`` ("Time limit reached"), ``cancelled``
("Request canceled by the client"), ``error``; its generation ``stop_reason`` also
``token_limit`` and ``not_finished``."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import response, retry
from toolwire._finish_reasons import CORE_CUT
from toolwire._policy import TRUNCATING

_CALL = {"role": "assistant", "content": None, "tool_calls": [
    {"id": "chatcmpl-tool-1", "type": "function", "function": {"name": "f", "arguments": ""}}]}


def _reply(fr: str, msg: Dict[str, Any]) -> Dict[str, Any]:
    return {"id": "chat-1", "object": "chat.completion", "created": 1, "model": "ibm/granite-3-8b-instruct",
            "choices": [{"index": 0, "finish_reason": fr, "message": msg}],
            "usage": {"prompt_tokens": 10, "completion_tokens": 50, "total_tokens": 60}}


def test_core_table_covers_every_truncating_word() -> None:
    assert set(CORE_CUT) == set(TRUNCATING)


@pytest.mark.parametrize("fr", sorted(TRUNCATING))
def test_a_cut_off_word_reads_as_cut_off(fr: str) -> None:
    r = response.normalize(_reply(fr, _CALL))
    assert [c.truncated for c in r.invalid_tool_calls] == [True]
    assert r.raw_finish_reason == fr
    assert r.truncated or r.unfinished  # never a finished, whole reply


@pytest.mark.parametrize(("fr", "finish", "truncated", "unfinished"), [
    ("max_tokens", "length", True, False),
    ("token_limit", "length", True, False),
    ("model_length", "context_window", True, False),
    ("time_limit", "other", False, True),
    ("cancelled", "other", False, True),
    ("not_finished", "other", False, True),
    ("length", "length", True, False),
])
def test_watsonx_words(fr: str, finish: str, truncated: bool, unfinished: bool) -> None:
    r = response.normalize(_reply(fr, _CALL))
    assert (r.finish_reason, r.truncated, r.unfinished) == (finish, truncated, unfinished)


@pytest.mark.parametrize(("fr", "kind"), [("time_limit", "failed"), ("cancelled", "failed"), ("token_limit", "truncated")])
def test_retry_does_not_accept_a_cut_off_draft(fr: str, kind: str) -> None:
    schema = {"type": "object", "properties": {"items": {"type": "array", "items": {"type": "string"}}},
              "required": ["items"]}
    req = {"model": "ibm/granite-3-8b-instruct", "messages": [{"role": "user", "content": "list"}], "max_tokens": 50}
    prep = retry.prepare(req, schema, "openai.chat")
    text = {"role": "assistant", "content": '{"items": ["a"]}\n{"items": ["a", "b", "c", "d'}
    assert retry.classify(_reply(fr, text), prep.state).kind == kind


def test_a_table_word_keeps_its_table_reading() -> None:
    # Responses ``cancelled`` is in its own table (``other``, unfinished by its reader)
    r = response.normalize({"id": "r", "object": "response", "status": "cancelled", "output": []})
    assert (r.finish_reason, r.truncated, r.unfinished) == ("other", False, True)
    assert response.normalize_finish("MAX_TOKENS", "gemini") == "length"
