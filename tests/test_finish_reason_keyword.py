"""The ``finish_reason=`` keyword is the caller telling how the reply ended: the calls
it is given are judged as the same calls inside a reply that carries that finish.

A reply its provider stopped by a content filter or a refusal, or reports as failed,
holds no runnable call (``tests/test_stopped_replies.py``, ``tests/test_failed_replies.py``).
Before, a bare list of the same calls with ``finish_reason="content_filter"`` (or
``"error"``, or a dialect's own word for either) gave runnable ``ToolCall`` s, and so did
``decode`` of one call and a stream given the keyword: only the token-limit words were
read from it. A bare list (or nothing) with a finish that says the model called a tool,
or that the reply failed, gave ``[]`` where the whole reply raises. Each provider's words
and shapes from its API reference (cited in ``tests/test_stopped_replies.py``).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

import toolwire
from toolwire import DecodeError, InvalidToolCall, ToolCall, stream

ARGS = {"path": "/tmp/x"}
TEXT = '{"path": "/tmp/x"}'
KEEP: Dict[str, Any] = {"invalid": "keep"}

# https://platform.openai.com/docs/api-reference/chat/object (``choices[].message.tool_calls``)
CHAT_ITEM = {"id": "call_1", "type": "function", "function": {"name": "delete_files", "arguments": TEXT}}
# https://platform.openai.com/docs/api-reference/responses/object (``output[]`` function_call)
RESPONSES_ITEM = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "delete_files",
                  "arguments": TEXT, "status": "completed"}
# https://docs.claude.com/en/api/messages (``content[]`` tool_use)
ANTHROPIC_ITEM = {"type": "tool_use", "id": "toolu_1", "name": "delete_files", "input": ARGS}
# https://ai.google.dev/api/caching#Part (``functionCall``)
GEMINI_ITEM = {"functionCall": {"name": "delete_files", "args": ARGS}}
# https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolUseBlock.html
BEDROCK_ITEM = {"toolUse": {"toolUseId": "tooluse_1", "name": "delete_files", "input": ARGS}}
# https://docs.cohere.com/reference/chat (``message.tool_calls``)
COHERE_ITEM = {"id": "delete_files_1byjy32y4hvq", "type": "function",
               "function": {"name": "delete_files", "arguments": TEXT}}
CANONICAL_ITEM = {"name": "delete_files", "args": ARGS, "id": "c1"}


def _chat(finish: str, items: List[Any]) -> Dict[str, Any]:
    message = {"role": "assistant", "content": None, "tool_calls": items}
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4.1",
            "choices": [{"index": 0, "finish_reason": finish, "message": message}]}


def _anthropic(stop: str, items: List[Any]) -> Dict[str, Any]:
    return {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": items,
            "stop_reason": stop, "stop_sequence": None}


def _gemini(finish: str, items: List[Any]) -> Dict[str, Any]:
    return {"candidates": [{"content": {"role": "model", "parts": items}, "finishReason": finish, "index": 0}]}


def _bedrock(stop: str, items: List[Any]) -> Dict[str, Any]:
    return {"output": {"message": {"role": "assistant", "content": items}}, "stopReason": stop}


def _cohere(finish: str, items: List[Any]) -> Dict[str, Any]:
    return {"id": "c1", "finish_reason": finish, "message": {"role": "assistant", "tool_calls": items}}


# (the call item, its dialect, a finish word that bars it, the reply that word comes in)
BARRED = [
    (CHAT_ITEM, "openai.chat", "content_filter", _chat),
    (CHAT_ITEM, "openai.chat", "error", _chat),
    (CHAT_ITEM, "openai.chat", "insufficient_system_resource", _chat),
    (CHAT_ITEM, "openai.chat", "sensitive", _chat),  # Zhipu / Z.ai: stopped by its safety review
    (CHAT_ITEM, "openai.chat", "network_error", _chat),  # Zhipu / Z.ai: the model's inference failed
    (ANTHROPIC_ITEM, "anthropic.messages", "refusal", _anthropic),
    (GEMINI_ITEM, "gemini", "SAFETY", _gemini),
    (GEMINI_ITEM, "gemini", "MALFORMED_FUNCTION_CALL", _gemini),
    (BEDROCK_ITEM, "bedrock.converse", "guardrail_intervened", _bedrock),
    (BEDROCK_ITEM, "bedrock.converse", "malformed_tool_use", _bedrock),
    (COHERE_ITEM, "cohere.v2", "ERROR_TOXIC", _cohere),
    (COHERE_ITEM, "cohere.v2", "ERROR", _cohere),
    (RESPONSES_ITEM, "openai.responses", "failed", None),
]
IDS = [f"{d}-{w}" for _, d, w, _ in BARRED]


def _how(word: str) -> str:
    if word == "refusal":
        return "stopped by a refusal"
    if word in ("content_filter", "sensitive", "SAFETY", "guardrail_intervened", "ERROR_TOXIC"):
        return "stopped by its content filter"
    return "reported as failed"


def _error(loc: str, word: str) -> str:
    return (f"Tool call at {loc} is in a reply {_how(word)} (finish_reason {word!r}): it must not run; "
            "decode it without that finish_reason to read it anyway")


@pytest.mark.parametrize(("item", "dialect", "word", "reply"), BARRED, ids=IDS)
def test_a_bare_list_with_a_barring_finish_holds_no_runnable_call(item: Any, dialect: str, word: str,
                                                                  reply: Any) -> None:
    for named in (None, dialect):
        [bad] = toolwire.decode_all([item], named, finish_reason=word, **KEEP)
        assert type(bad) is InvalidToolCall
        assert (bad.name, bad.loc, bad.error, bad.truncated) == ("delete_files", "$[0]", _error("$[0]", word), False)
        with pytest.raises(DecodeError) as info:
            toolwire.decode_all([item], named, finish_reason=word)
        assert (info.value.message, info.value.loc) == (_error("$[0]", word), "$[0]")
        with pytest.raises(DecodeError) as info:
            toolwire.decode(item, named, finish_reason=word)
        assert info.value.message == _error("$", word)
    # the same calls in a reply with that finish are refused as well: the same answer
    if reply is not None:
        [whole] = toolwire.decode_all(reply(word, [item]), **KEEP)
        assert type(whole) is InvalidToolCall and whole.name == "delete_files"
    # without the keyword the item reads (the way to look at it anyway)
    call = toolwire.decode(item)
    assert type(call) is ToolCall and call.args == ARGS


@pytest.mark.parametrize(("item", "dialect", "word", "reply"), BARRED, ids=IDS)
def test_a_stream_given_a_barring_finish_holds_no_runnable_call(item: Any, dialect: str, word: str,
                                                                reply: Any) -> None:
    chunks = [{"id": "c", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"tool_calls": [
        {"index": 0, "id": "call_1", "type": "function", "function": {"name": "delete_files", "arguments": TEXT}}]},
        "finish_reason": None}]}]
    [bad] = stream.accumulate(chunks, finish_reason=word)
    assert type(bad) is InvalidToolCall and bad.name == "delete_files"
    how = "failed" if _how(word) == "reported as failed" else _how(word)
    assert bad.error == (f"Tool call 0 of this stream is in a reply that the caller's finish_reason reports as {how} "
                         f"({word}): it must not run")


def test_the_canonical_form_has_no_finish_words_and_is_barred_all_the_same() -> None:
    [bad] = toolwire.decode_all([CANONICAL_ITEM], finish_reason="content_filter", **KEEP)
    assert (bad.name, bad.id, bad.error) == ("delete_files", "c1", _error("$[0]", "content_filter"))
    [bad] = toolwire.decode_all([CANONICAL_ITEM], "canonical", finish_reason="content_filter", **KEEP)
    assert type(bad) is InvalidToolCall
    with pytest.raises(DecodeError):
        toolwire.decode(CANONICAL_ITEM, finish_reason="content_filter")


def test_a_word_in_another_case_is_read_as_a_table_reads_it() -> None:
    [bad] = toolwire.decode_all([GEMINI_ITEM], finish_reason="safety", **KEEP)
    assert bad.error == ("Tool call at $[0] is in a reply stopped by its content filter (finish_reason 'safety'): "
                         "it must not run; decode it without that finish_reason to read it anyway")


def test_a_reply_with_its_own_finish_and_a_barring_keyword() -> None:
    """The reply says ``tool_calls``, the caller says the content filter stopped it: not run."""
    [bad] = toolwire.decode_all(_chat("tool_calls", [CHAT_ITEM]), finish_reason="content_filter", **KEEP)
    assert bad.error == _error("$.choices[0].message.tool_calls[0]", "content_filter")
    with pytest.raises(DecodeError, match="content_filter"):
        toolwire.decode(_chat("tool_calls", [CHAT_ITEM]), finish_reason="content_filter")


@pytest.mark.parametrize("word", ["stop", "tool_calls", "end_turn", "STOP", "length"])
def test_other_finishes_leave_whole_calls_runnable(word: str) -> None:
    assert toolwire.decode_all([CHAT_ITEM], finish_reason=word) == [ToolCall("delete_files", ARGS, "call_1")]
    assert toolwire.decode(CHAT_ITEM, finish_reason=word) == ToolCall("delete_files", ARGS, "call_1")


def test_a_server_call_is_the_providers_own() -> None:
    item = {"name": "web_search", "args": {}, "id": "s1", "server": True}
    assert toolwire.decode(item, finish_reason="content_filter").server


# -- the truncation judgement: the same for a bare list as for the reply --------------------------

CUT = [
    ({"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a": 1'}}, "length", _chat),
    ({"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}, "max_tokens", _anthropic),
    ({"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}, "model_context_window_exceeded", _anthropic),
    ({"functionCall": {"name": "f", "args": {"a": 1}}}, "MAX_TOKENS", _gemini),
    ({"toolUse": {"toolUseId": "t1", "name": "f", "input": {"a": 1}}}, "max_tokens", _bedrock),
]


@pytest.mark.parametrize(("item", "word", "reply"), CUT)
def test_a_token_limit_judges_a_bare_list_as_the_reply(item: Any, word: str, reply: Any) -> None:
    [bare] = toolwire.decode_all([item], finish_reason=word, **KEEP)
    [whole] = toolwire.decode_all(reply(word, [item]), **KEEP)
    assert type(bare) is type(whole) is InvalidToolCall
    assert bare.truncated and whole.truncated
    assert bare.error.split(" ", 3)[3] == whole.error.split(" ", 3)[3]  # past "Arguments at <loc>"


# -- no call where the caller's finish says there was one ------------------------------------------


@pytest.mark.parametrize("empty", [None, [], "", "null", {"role": "assistant", "content": "Done."}])
@pytest.mark.parametrize(("word", "error"), [
    ("tool_calls", "The finish reason 'tool_calls' says the model called a tool, but the reply holds no tool call"),
    ("tool_use", "The finish reason 'tool_use' says the model called a tool, but the reply holds no tool call"),
    ("error", "The reply is reported as failed ('error') and holds no tool call: any calls the model made are lost"),
])
def test_no_call_where_the_keyword_says_one_was_made(empty: Any, word: str, error: str) -> None:
    with pytest.raises(DecodeError) as info:
        toolwire.decode_all(empty, finish_reason=word)
    assert info.value.message == error
    [bad] = toolwire.decode_all(empty, finish_reason=word, **KEEP)
    assert (bad.name, bad.error, bad.loc) == (None, error, "$")
    # as the whole reply says it
    if word != "tool_use":
        [whole] = toolwire.decode_all(_chat(word, []), **KEEP)
        assert whole.error == error


@pytest.mark.parametrize("word", [None, "stop", "content_filter", "SAFETY", "end_turn"])
def test_nothing_else_is_invented(word: Optional[str]) -> None:
    assert toolwire.decode_all([], finish_reason=word) == []
    assert toolwire.decode_all(None, finish_reason=word) == []


def test_a_stream_without_calls_where_the_keyword_says_one_was_made() -> None:
    chunks = [{"id": "c", "object": "chat.completion.chunk",
               "choices": [{"index": 0, "delta": {"content": "Done."}, "finish_reason": None}]}]
    [bad] = stream.accumulate(chunks, finish_reason="tool_calls")
    assert bad.error == "The finish reason 'tool_calls' says the model called a tool, but the reply holds no tool call"
    assert stream.accumulate(chunks, finish_reason="content_filter") == []


# IBM watsonx.ai text generation's ``stop_reason`` (its SDKs' ``TextGenResult``): besides
# ``max_tokens``, ``time_limit``, ``token_limit`` (the model's context), ``not_finished`` (more
# tokens to come) and ``cancelled`` stop a reply before its end. An empty argument text under
# them is a call cut off, as under ``length``; it was read as a runnable ``{}``.
@pytest.mark.parametrize("word", ["time_limit", "token_limit", "not_finished", "cancelled"])
def test_watsonx_stop_words_that_cut_a_reply_short_cut_empty_arguments(word: str) -> None:
    item = {**CHAT_ITEM, "function": {"name": "delete_files", "arguments": ""}}
    [bad] = toolwire.decode_all([item], finish_reason=word, **KEEP)
    assert isinstance(bad, InvalidToolCall) and bad.truncated and f"({word})" in bad.error
    [whole] = toolwire.decode_all([CHAT_ITEM], finish_reason=word)
    assert isinstance(whole, ToolCall) and whole.args == ARGS  # closed text stays whole


# A keyword the named dialect reads as unfinished (Chat's ``time_limit``, Cohere's
# ``TIMEOUT``: docs.cohere.com/reference/chat ``finish_reason``) names the caller's word in a
# cut call's error, as a whole reply's own finish reason is named.
@pytest.mark.parametrize("dialect,word", [("openai.chat", "time_limit"), ("openai.chat", "cancelled"),
                                          ("cohere.v2", "TIMEOUT"), ("cohere.v2", "USER_CANCEL")])
def test_an_unfinished_keyword_is_named_in_a_cut_call(dialect: str, word: str) -> None:
    item = {**CHAT_ITEM, "function": {"name": "delete_files", "arguments": ""}}
    [bad] = toolwire.decode_all([item], dialect, finish_reason=word, **KEEP)
    assert isinstance(bad, InvalidToolCall) and bad.truncated
    assert f"has not finished ({word})" in bad.error, bad.error
    chunks = [{"id": "c", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {
        "role": "assistant", "tool_calls": [{"index": 0, **item}]}, "finish_reason": None}]}]
    [cut] = stream.accumulate(chunks, "openai.chat", finish_reason=word)
    assert isinstance(cut, InvalidToolCall) and cut.truncated  # (said as the stream's own cut)


# A cut-off word in another case (``"LENGTH"``, ``"Max_Tokens"``, ``"Error_Limit"``) given
# without a dialect is read as the named-dialect keyword, the streams and the text formats
# read it (as ``finish_lookup`` reads a table: as is, upper, lower case): the call is cut off.
# Before, the no-dialect keyword let an empty or repaired argument text run as ``{}``.
@pytest.mark.parametrize("word", ["LENGTH", "Length", "Max_Tokens", "max_output_tokens".upper(), "Token_Limit",
                                  "error_limit", "Model_Length", "MODEL_CONTEXT_WINDOW_EXCEEDED", "Incomplete"])
@pytest.mark.parametrize("arguments", ["", "{'path': '/tmp/x'}"])
def test_a_cut_off_word_in_another_case_cuts_without_a_dialect(word: str, arguments: str) -> None:
    item = {**CHAT_ITEM, "function": {"name": "delete_files", "arguments": arguments}}
    [bad] = toolwire.decode_all([item], finish_reason=word, **KEEP)
    assert isinstance(bad, InvalidToolCall) and bad.truncated, bad
    with pytest.raises(toolwire.ArgumentsError):
        toolwire.decode(item, finish_reason=word)
    [named] = toolwire.decode_all([item], "openai.chat", finish_reason=word, **KEEP)
    assert isinstance(named, InvalidToolCall) and named.truncated
    [whole] = toolwire.decode_all([CHAT_ITEM], finish_reason=word)
    assert isinstance(whole, ToolCall) and whole.args == ARGS  # closed text stays whole


# ``barring_word`` (a table built once per registry, asked per text-format reply) gives what
# ``barred_keyword`` gives for the keyword without a dialect: every dialect's word, in its
# own, upper, lower and title case, and words no table knows.
def test_barring_word_reads_a_keyword_as_barred_keyword_does() -> None:
    from dataclasses import replace

    from toolwire._args import DEFAULT_POLICY
    from toolwire._builtin import default_registry
    from toolwire._finish import barred_keyword, barring_word

    words = {"unknown", "Stop", "tool_calls", "x"}
    for d in default_registry():
        for w in d.finish_reasons:
            words |= {w, w.upper(), w.lower(), w.title()}
    for w in sorted(words):
        general = barred_keyword(replace(DEFAULT_POLICY, finish_reason=w), None, None)
        fast = barring_word(w)
        assert (general is None) == (fast is None), w
        if general is not None and fast is not None:
            assert (dict(general[0]), general[1]) == (dict(fast[0]), fast[1]), w
    assert barring_word("SAFETY") is not None and barring_word("stop") is None
