"""Parallel calls of one tool at one index without ids (a gateway), told apart from
Kimi K2's name repeated on every fragment of one call.

The chunk shapes are openai-python's ``ChatCompletionChunk`` / ``ChoiceDeltaToolCall``
(``index`` required; ``id``, ``type``, ``function.name`` null on continuations). The
gateway case is smolagents#1569 / PR #1958 (Ollama through LiteLLM: two calls of one
tool at one index, merged into ``{"query": "Emma Bull"}{"query": "Virginia Woolf"}``);
Kimi K2 through OpenRouter repeats the name on its fragments
(``corpus/openai-compatible/llm-openrouter-kimi-k2-stream-repeated-name.json``).
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import Accumulator, ArgsDelta, CallDone, CallStarted, accumulate
from toolwire.stream import _call as call_module

REPEATED = ("The name 'wikipedia_search' came again, with no arguments, after the whole arguments of the call "
            "before it: the same call's name repeated, or a call without arguments? Not guessed")


def chunk(tool_call: Optional[Dict[str, Any]] = None, finish: Optional[str] = None) -> Dict[str, Any]:
    delta: Dict[str, Any] = {"role": None, "content": None}
    if tool_call is not None:
        delta["tool_calls"] = [tool_call]
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1753242299, "model": "qwen3:8b",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}]}


def named(name: str, arguments: str) -> Dict[str, Any]:
    return {"index": 0, "id": None, "type": "function", "function": {"name": name, "arguments": arguments}}


def more(arguments: str) -> Dict[str, Any]:
    return {"index": 0, "id": None, "type": None, "function": {"name": None, "arguments": arguments}}


def triples(calls: List[Any]) -> List[Any]:
    return [(c.name, c.args, c.id) if isinstance(c, ToolCall) else ("INVALID", c.name, c.raw, c.error)
            for c in calls]


# two whole calls of one tool at index 0, no ids: each opens with the name, as OpenAI's opening delta
GATEWAY = [
    chunk(named("wikipedia_search", "")),
    chunk(more('{"query": ')),
    chunk(more('"Emma Bull"}')),
    chunk(named("wikipedia_search", "")),
    chunk(more('{"query": "Virginia')),
    chunk(more(' Woolf"}')),
    chunk(finish="tool_calls"),
]


@pytest.mark.parametrize("dialect", [None, "openai.chat", "mistral"])
def test_two_calls_of_one_tool_at_one_index_without_ids(dialect: Optional[str]) -> None:
    assert triples(accumulate(GATEWAY, dialect)) == [("wikipedia_search", {"query": "Emma Bull"}, None),
                                                     ("wikipedia_search", {"query": "Virginia Woolf"}, None)]


def test_two_calls_at_one_index_events() -> None:
    acc = Accumulator("openai.chat")
    events = [e for c in GATEWAY for e in acc.feed(c)]
    assert [e for e in events if isinstance(e, CallStarted)] == [CallStarted(0, None, "wikipedia_search"),
                                                                 CallStarted(1, None, "wikipedia_search")]
    assert [(e.index, e.delta) for e in events if isinstance(e, ArgsDelta)] == [
        (0, '{"query": '), (0, '"Emma Bull"}'), (1, '{"query": "Virginia'), (1, ' Woolf"}')]
    assert [e.index for e in events if isinstance(e, CallDone)] == [0, 1]


def test_opening_delta_with_arguments() -> None:
    """The name comes with the first arguments of each call (Ollama's whole calls, cut)."""
    chunks = [chunk(named("wikipedia_search", '{"query": "Emma')), chunk(more(' Bull"}')),
              chunk(named("wikipedia_search", '{"query": "Virginia Woolf"}')), chunk(finish="tool_calls")]
    assert triples(accumulate(chunks)) == [("wikipedia_search", {"query": "Emma Bull"}, None),
                                           ("wikipedia_search", {"query": "Virginia Woolf"}, None)]


@pytest.mark.parametrize("opens_empty", [True, False])
def test_kimi_name_on_every_fragment_is_one_call(opens_empty: bool) -> None:
    """Kimi K2 repeats the name (without an id here) on every fragment of one call: braces,
    quotes and a backslash inside strings, cut anywhere, never end the value early. A first
    fragment with ``""`` and no id: the same call's, or a call without arguments before it?
    The call with text runs once, that first one is an ``InvalidToolCall`` (never lost)."""
    pieces = [*([""] if opens_empty else []), '{"pattern": "a\\', '"}{', '", "paths": [["x]"], ', '{"k": "}"}]', "}"]
    chunks = [chunk(named("grep", p)) for p in pieces] + [chunk(finish="tool_calls")]
    got = triples(accumulate(chunks))
    assert got[-1:] == [("grep", {"pattern": 'a"}{', "paths": [["x]"], {"k": "}"}]}, None)]
    assert [c[:3] for c in got[:-1]] == ([("INVALID", "grep", None)] if opens_empty else [])


def test_kimi_id_on_the_first_fragment_only() -> None:
    chunks = [chunk({"index": 0, "id": "functions.grep:0", "type": "function",
                     "function": {"name": "grep", "arguments": '{"q":'}}),
              chunk(named("grep", ' "x"')), chunk(named("grep", "}")), chunk(finish="tool_calls")]
    assert triples(accumulate(chunks)) == [("grep", {"q": "x"}, "functions.grep:0")]


def test_repeated_name_without_arguments_after_a_whole_call_is_not_guessed() -> None:
    """The name again with ``""`` after whole arguments, and nothing after it: the same
    call's name repeated, or a second call without arguments? Neither is guessed."""
    chunks = GATEWAY[:4]
    for finish in ("tool_calls", None):
        calls = accumulate(chunks + [chunk(finish=finish)])
        assert triples(calls) == [("wikipedia_search", {"query": "Emma Bull"}, None),
                                  ("INVALID", "wikipedia_search", None, REPEATED)]
        assert isinstance(calls[1], InvalidToolCall) and not calls[1].truncated
    # whitespace only is no arguments either
    calls = accumulate(chunks[:3] + [chunk(named("wikipedia_search", " ")), chunk(more("\n")),
                                     chunk(finish="tool_calls")])
    assert triples(calls)[1] == ("INVALID", "wikipedia_search", None, REPEATED)


def test_repeated_name_with_text_that_begins_no_value_stays_in_the_call() -> None:
    """After whole arguments, text that does not begin another object is the same
    call's (which is then several values: invalid, as before)."""
    chunks = [chunk(named("f", '{"a": 1}')), chunk(named("f", ', "b": 2}')), chunk(finish="tool_calls")]
    [call] = accumulate(chunks)
    assert isinstance(call, InvalidToolCall) and call.raw == '{"a": 1}, "b": 2}'


def test_a_nameless_fragment_after_a_whole_value_stays_in_the_call() -> None:
    """Only a repeated name can start a call: bare continuations never do."""
    [call] = accumulate([chunk(named("f", '{"a": 1}')), chunk(more('{"a": 2}')), chunk(finish="tool_calls")])
    assert isinstance(call, InvalidToolCall) and call.raw == '{"a": 1}{"a": 2}'


def test_the_recorded_kimi_stream_with_ids_is_unchanged() -> None:
    chunks = [chunk({"index": 0, "id": "0", "type": "function", "function": {"name": "llm_version", "arguments": a}})
              for a in ("", "{}", "")] + [chunk(finish="tool_calls")]
    assert triples(accumulate(chunks)) == [("llm_version", {}, "0")]


# ---- linear: each character is scanned once, and only when a name repeats ----------------


def scanned(chunks: List[Dict[str, Any]], monkeypatch: pytest.MonkeyPatch) -> int:
    seen = [0]
    advance = call_module._advance

    def counting(s: Any, text: str) -> None:
        seen[0] += len(text)
        advance(s, text)

    monkeypatch.setattr(call_module, "_advance", counting)
    accumulate(chunks)
    return seen[0]


def test_each_character_is_scanned_once(monkeypatch: pytest.MonkeyPatch) -> None:
    text = json.dumps({"q": "x" * 50, "n": [1, {"a": "}"}]})
    kimi = [chunk(named("f", ch)) for ch in text] + [chunk(finish="tool_calls")]
    assert scanned(kimi, monkeypatch) == len(text) - 1  # the last character comes after the last question
    plain = [chunk(named("f", ""))] + [chunk(more(ch)) for ch in text] + [chunk(finish="tool_calls")]
    assert scanned(plain, monkeypatch) == 0  # the name came once: nothing is scanned


# ---- property: n whole calls at one index, cut anywhere ---------------------------------

json_scalars = st.none() | st.booleans() | st.integers() | st.text(alphabet='ab"\\{}[] \n\u00e9', max_size=6)
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(alphabet='k"\\}{', max_size=3), inner, max_size=3),
                           max_leaves=8)
arguments = st.dictionaries(st.text(alphabet='k"\\}{ ', max_size=4), json_values, max_size=3)


@given(calls=st.lists(arguments, min_size=1, max_size=4), every=st.booleans(), data=st.data())
@example(calls=[{}, {}], every=False, data=None)
@example(calls=[{"a": "}"}, {"a": "\\"}], every=True, data=None)
def test_whole_calls_at_one_index_are_kept_apart(calls: List[Dict[str, Any]], every: bool, data: Any) -> None:
    """n id-less calls of one tool at index 0, each text cut anywhere, the name on each
    call's first delta (and on every delta: Kimi's form): n calls with their arguments."""
    chunks = []
    for args in calls:
        text = json.dumps(args, ensure_ascii=data is None or data.draw(st.booleans()))
        # (a call opening with ``""``, its name again on the next fragment with text: not
        # guessed, ``test_kimi_name_on_every_fragment_is_one_call``, ``test_stream_repeat_places``)
        low = 1 if every else 0
        cuts = sorted(data.draw(st.sets(st.integers(low, len(text) - 1), max_size=4))) if data is not None else [1]
        pieces = [text[i:j] for i, j in zip([0, *cuts], [*cuts, len(text)])]
        chunks.append(chunk(named("f", pieces[0])))
        chunks += [chunk(named("f", p) if every else more(p)) for p in pieces[1:]]
    chunks.append(chunk(finish="tool_calls"))
    assert triples(accumulate(chunks)) == [("f", args, None) for args in calls]


@given(value=st.lists(json_values, max_size=3) | arguments, data=st.data())
def test_whole_value_is_true_at_the_end_of_the_value_only(value: Any, data: Any) -> None:
    """``whole_value`` read piece by piece, against where the JSON text really ends."""
    text = json.dumps(value, ensure_ascii=data.draw(st.booleans())) + data.draw(st.sampled_from(["", " ", "\n"]))
    cuts = sorted(data.draw(st.sets(st.integers(1, len(text) - 1), max_size=6)))
    c = object.__new__(call_module.Call)
    c.parts, c.scan = [], None
    end = len(text.rstrip())
    for i, j in zip([0, *cuts], [*cuts, len(text)]):
        c.parts.append(text[i:j])
        assert call_module.whole_value(c) is (j >= end)
    c.parts.append('{"a": 1}')
    assert call_module.whole_value(c) is False  # a second value: never one whole value again
