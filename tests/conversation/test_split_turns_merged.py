"""Consecutive messages of one role written back as they came, which the provider refuses
(``split-turn``): Gemini's function responses of one call turn over two user contents
(400 "Please ensure that the number of function response parts is equal to the number of
function call parts of the function call turn.", pydantic/pydantic-ai#580,
microsoft/semantic-kernel#10597), and any two Bedrock Converse messages of one role
(ValidationException "A conversation must alternate between user and assistant roles.
Make sure the conversation alternates between user and assistant roles and try again.",
langchain-ai/langchain-aws#130, microsoft/semantic-kernel#10277). ``check_conversation``
flags them, ``fix_conversation`` merges them, ``encode_conversation`` writes them merged
and notes it."""

from __future__ import annotations

import copy
from typing import Any, Dict, List

import pytest

from lines_run import lines_run
from toolwire.conversation import (
    Message,
    Problem,
    Text,
    check_conversation,
    decode_conversation,
    encode_conversation,
    fix_conversation,
)

GEMINI_REFUSAL = ("Please ensure that the number of function response parts is equal to the number of "
                  "function call parts of the function call turn.")
BEDROCK_REFUSAL = ("A conversation must alternate between user and assistant roles. Make sure the conversation "
                   "alternates between user and assistant roles and try again.")

FR_PARIS = {"functionResponse": {"name": "get_weather", "response": {"output": "sunny"}}}
FR_ROME = {"functionResponse": {"name": "get_weather", "response": {"output": "rainy"}}}
GEMINI_SPLIT: Dict[str, Any] = {"contents": [
    {"role": "user", "parts": [{"text": "weather in Paris and Rome?"}]},
    {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}},
                                {"functionCall": {"name": "get_weather", "args": {"city": "Rome"}}}]},
    {"role": "user", "parts": [FR_PARIS]},
    {"role": "user", "parts": [FR_ROME]},
]}
# the same, merged as Gemini's docs send them: the responses together in one content
GEMINI_MERGED = {"contents": [*GEMINI_SPLIT["contents"][:2], {"role": "user", "parts": [FR_PARIS, FR_ROME]}]}

TR_1 = {"toolResult": {"toolUseId": "t1", "content": [{"text": "sunny"}]}}
TR_2 = {"toolResult": {"toolUseId": "t2", "content": [{"text": "rainy"}]}}
BEDROCK_SPLIT: Dict[str, Any] = {"messages": [
    {"role": "user", "content": [{"text": "weather in Paris and Rome?"}]},
    {"role": "assistant", "content": [
        {"toolUse": {"toolUseId": "t1", "name": "get_weather", "input": {"city": "Paris"}}},
        {"toolUse": {"toolUseId": "t2", "name": "get_weather", "input": {"city": "Rome"}}}]},
    {"role": "user", "content": [TR_1]},
    {"role": "user", "content": [TR_2]},
]}
BEDROCK_MERGED = {"messages": [*BEDROCK_SPLIT["messages"][:2], {"role": "user", "content": [TR_1, TR_2]}]}


@pytest.mark.parametrize(("body", "dialect", "refusal"), [
    (GEMINI_SPLIT, "gemini", GEMINI_REFUSAL), (BEDROCK_SPLIT, "bedrock.converse", BEDROCK_REFUSAL)])
def test_split_results_are_flagged(body: Any, dialect: str, refusal: str) -> None:
    found = check_conversation(copy.deepcopy(body), dialect)
    assert [(p.kind, p.index) for p in found] == [("split-turn", 3)]
    assert found[0].message.endswith(f"{dialect} answers: {refusal}")


@pytest.mark.parametrize(("body", "dialect", "merged"), [
    (GEMINI_SPLIT, "gemini", GEMINI_MERGED), (BEDROCK_SPLIT, "bedrock.converse", BEDROCK_MERGED)])
def test_split_results_are_written_merged_and_noted(body: Any, dialect: str, merged: Any) -> None:
    report: List[Problem] = []
    assert encode_conversation(copy.deepcopy(body), dialect, report=report) == merged
    assert [(p.kind, p.index) for p in report] == [("converted", 3)]


@pytest.mark.parametrize(("body", "dialect", "merged"), [
    (GEMINI_SPLIT, "gemini", GEMINI_MERGED), (BEDROCK_SPLIT, "bedrock.converse", BEDROCK_MERGED)])
def test_fix_merges_split_results(body: Any, dialect: str, merged: Any) -> None:
    fixed, changes = fix_conversation(copy.deepcopy(body), dialect)
    assert [(p.kind, p.index) for p in changes] == [("merged", 3)]
    assert [m.role for m in fixed.messages] == ["user", "assistant", "user"]
    assert check_conversation(fixed, dialect) == []
    assert encode_conversation(fixed, dialect) == merged


def test_gemini_split_with_ids_and_a_later_turn_is_flagged_and_merged() -> None:
    body = copy.deepcopy(GEMINI_SPLIT)
    for part, city in zip(body["contents"][1]["parts"], ("Paris", "Rome")):
        part["functionCall"]["id"] = "id_" + city
    body["contents"][2]["parts"][0]["functionResponse"]["id"] = "id_Paris"
    body["contents"][3]["parts"][0]["functionResponse"]["id"] = "id_Rome"
    conv = decode_conversation(body, "gemini").append(
        Message("assistant", [Text("Paris sunny, Rome rainy.")]), Message("user", [Text("thanks")]))
    assert [(p.kind, p.index) for p in check_conversation(conv, "gemini")] == [("split-turn", 3)]
    out = encode_conversation(conv, "gemini")
    assert [(c["role"], len(c["parts"])) for c in out["contents"]] == [
        ("user", 1), ("model", 2), ("user", 2), ("model", 1), ("user", 1)]


def test_bedrock_two_user_texts_in_a_row_are_flagged_and_merged() -> None:
    body = {"messages": [{"role": "user", "content": [{"text": "Hi."}]},
                         {"role": "user", "content": [{"text": "Are you there?"}]}]}
    assert [(p.kind, p.index) for p in check_conversation(copy.deepcopy(body), "bedrock.converse")] == [
        ("split-turn", 1)]
    assert encode_conversation(copy.deepcopy(body), "bedrock.converse") == {"messages": [
        {"role": "user", "content": [{"text": "Hi."}, {"text": "Are you there?"}]}]}


def test_bedrock_two_assistant_messages_in_a_row_are_flagged() -> None:
    # microsoft/semantic-kernel#10277: "two consecutive responses from the assistant"
    body = {"messages": [{"role": "user", "content": [{"text": "Hi."}]},
                         {"role": "assistant", "content": [{"text": "Hello."}]},
                         {"role": "assistant", "content": [{"text": "How can I help?"}]},
                         {"role": "user", "content": [{"text": "Weather?"}]}]}
    assert [(p.kind, p.index) for p in check_conversation(copy.deepcopy(body), "bedrock.converse")] == [
        ("split-turn", 2)]
    out = encode_conversation(copy.deepcopy(body), "bedrock.converse")
    assert [m["role"] for m in out["messages"]] == ["user", "assistant", "user"]


# --- what the providers accept is not flagged ----------------------------------------------

def test_gemini_user_contents_after_a_function_response_are_no_problem() -> None:
    # accepted (corpus: request-pai-gemini-3.6-flash-user-text-after-response,
    # request-pai-gemini-3-flash-file-data-image-three-rounds): a user content of text or
    # a file right after the function responses' content
    body = {"contents": [*GEMINI_MERGED["contents"], {"role": "user", "parts": [{"text": "and Oslo?"}]}]}
    assert check_conversation(copy.deepcopy(body), "gemini") == []
    assert encode_conversation(copy.deepcopy(body), "gemini") == body


def test_anthropic_consecutive_user_messages_are_no_problem() -> None:
    # "consecutive user or assistant turns in your request will be combined into a single turn"
    body = {"messages": [
        {"role": "user", "content": "weather in Paris and Rome?"},
        {"role": "assistant", "content": [
            {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "Paris"}},
            {"type": "tool_use", "id": "toolu_2", "name": "get_weather", "input": {"city": "Rome"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "sunny"}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_2", "content": "rainy"}]},
    ]}
    assert check_conversation(copy.deepcopy(body), "anthropic.messages") == []
    assert encode_conversation(copy.deepcopy(body), "anthropic.messages") == body


# --- linear (DESIGN.md invariant 8): n and 4n, the lines run counted --------------------------

def _bedrock_run(n: int) -> Any:
    """n calls in one turn, then their n results, each in a user message of its own."""
    calls = [{"toolUse": {"toolUseId": f"t{i}", "name": "f", "input": {}}} for i in range(n)]
    results = [{"role": "user", "content": [{"toolResult": {"toolUseId": f"t{i}", "content": [{"text": "ok"}]}}]}
               for i in range(n)]
    body = {"messages": [{"role": "user", "content": [{"text": "go"}]}, {"role": "assistant", "content": calls},
                         *results]}
    return decode_conversation(body, "bedrock.converse")


def test_a_long_run_of_split_results_is_flagged_fixed_and_merged_in_linear_time() -> None:
    conv = _bedrock_run(3)
    assert [(p.kind, p.index) for p in check_conversation(conv, "bedrock.converse")] == [
        ("split-turn", 3), ("split-turn", 4)]
    fixed, changes = fix_conversation(conv, "bedrock.converse")
    assert [len(m.parts) for m in fixed.messages] == [1, 3, 3]
    for work in (lambda c: check_conversation(c, "bedrock.converse"), lambda c: fix_conversation(c, "bedrock.converse"),
                 lambda c: encode_conversation(c, "bedrock.converse")):
        small, big = _bedrock_run(100), _bedrock_run(400)
        work(small)  # imports and caches first
        assert lines_run(lambda w=work, c=big: w(c)) / lines_run(lambda w=work, c=small: w(c)) < 5
