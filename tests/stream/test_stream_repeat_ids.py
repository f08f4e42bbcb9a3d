"""Chat streams where ids and repeated names meet (docs/streaming.md, rule 1).

OpenAI sends a call's id and name on its first delta only, the later ones carry
``index`` and ``function.arguments`` (openai-python ``ChoiceDeltaToolCall``; the
platform's chat-streaming reference). Gateways repeat the name on every piece (Kimi K2
through OpenRouter, ``corpus/openai-compatible/llm-openrouter-kimi-k2-stream-*.json``:
with the id too) or send no ids at all. A named delta without an id after a call with
an id and no argument text yet, whose text begins a value, is the same call's name
repeated without its id, or another call, without an id, after a call without
arguments? Nothing tells: the first is an ``InvalidToolCall`` and the call with the
text runs (never ``f`` run with arguments another call's, nor a call silently lost).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

from toolwire import InvalidToolCall, ToolCall
from toolwire.stream import accumulate


def chunk(tool_call: Optional[Dict[str, Any]] = None, finish: Optional[str] = None) -> Dict[str, Any]:
    delta: Dict[str, Any] = {"tool_calls": [tool_call]} if tool_call is not None else {}
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def view(calls: List[Any]) -> List[Any]:
    return [(c.name, c.args, c.id) if isinstance(c, ToolCall) else ("INVALID", c.name, c.id) for c in calls]


@pytest.mark.parametrize("at", [{"index": 0}, {}], ids=["index-0", "no-index"])
@pytest.mark.parametrize("empty_head", [False, True], ids=["text-on-the-head", "empty-head"])
def test_an_id_less_head_after_an_empty_call_with_an_id_is_not_guessed(at: Dict[str, Any],
                                                                        empty_head: bool) -> None:
    """``f`` with id ``c0`` and ``""``, then a head (``"type": "function"``, the name) with no
    id, then its text: before, one call ``f(a=1)`` with id ``c0`` (wrong when the model made
    ``f()`` then ``f(a=1)``, a gateway passing ids for some calls only)."""
    second: Dict[str, Any] = {**at, "type": "function", "function": {"name": "f", "arguments": '{"a": '}}
    rest = [{**at, "function": {"arguments": "1}"}}]
    if empty_head:
        second["function"]["arguments"] = ""
        rest.insert(0, {**at, "function": {"arguments": '{"a": '}})
    chunks = [chunk({**at, "id": "c0", "type": "function", "function": {"name": "f", "arguments": ""}}),
              chunk(second), *map(chunk, rest), chunk(finish="tool_calls")]
    got = accumulate(chunks)
    assert view(got)[0] == ("INVALID", "f", "c0") and "Not guessed" in got[0].error
    assert [(c.name, c.args, c.id) for c in got if isinstance(c, ToolCall)] == [("f", {"a": 1}, None)]


@pytest.mark.parametrize("at", [{"index": 0}, {}], ids=["index-0", "no-index"])
def test_an_id_less_head_after_an_empty_call_with_an_id_and_nothing_after_it(at: Dict[str, Any]) -> None:
    """``f`` with id ``c0`` and ``""``, then an id-less head ``f ""``, then the finish: ``f()``
    with ``c0`` runs (once), the second head is an ``InvalidToolCall`` (before: silently one)."""
    head = {**at, "type": "function", "function": {"name": "f", "arguments": ""}}
    got = accumulate([chunk({"id": "c0", **head}), chunk(head), chunk(finish="tool_calls")])
    assert view(got) == [("f", {}, "c0"), ("INVALID", "f", None)]


def test_the_name_repeated_without_type_nor_id_is_the_same_call() -> None:
    """The name again on a piece (no ``"type"``, no id) after an empty head with an id: the same
    call's name repeated (tests/stream/test_stream_noindex_repeated_name.py, with an index)."""
    chunks = [chunk({"index": 0, "id": "c0", "type": "function", "function": {"name": "f", "arguments": ""}}),
              chunk({"index": 0, "function": {"name": "f", "arguments": '{"a": 1}'}}), chunk(finish="tool_calls")]
    assert view(accumulate(chunks)) == [("f", {"a": 1}, "c0")]


def test_the_id_repeated_with_the_name_is_the_same_call() -> None:
    """Kimi K2 through OpenRouter sends id and name on every piece: one call."""
    at = {"index": 0, "id": "functions.f:0", "type": "function"}
    chunks = [chunk({**at, "function": {"name": "f", "arguments": ""}}),
              chunk({**at, "function": {"name": "f", "arguments": '{"a": 1}'}}), chunk(finish="tool_calls")]
    assert view(accumulate(chunks)) == [("f", {"a": 1}, "functions.f:0")]


def test_a_named_continuation_after_text_is_the_same_call() -> None:
    """After argument text that begins no whole value, the name again goes on with the call."""
    chunks = [chunk({"index": 0, "id": "c0", "type": "function", "function": {"name": "f", "arguments": '{"a": '}}),
              chunk({"index": 0, "function": {"name": "f", "arguments": "1}"}}), chunk(finish="tool_calls")]
    assert view(accumulate(chunks)) == [("f", {"a": 1}, "c0")]


@pytest.mark.parametrize("id_alone", [False, True], ids=["id-on-the-repeat", "id-after-the-repeat"])
def test_an_id_after_a_repeated_empty_head_stays_on_the_call(id_alone: bool) -> None:
    """``g ""``, ``g ""`` (with id ``x``, or ``x`` alone after it), then nothing: ``g()``
    stands with the id (the call's late id, or a second ``g()``'s: the same call either
    way), the repeat is an ``InvalidToolCall`` (before: ``g()`` ran without ``x``)."""
    rep: Dict[str, Any] = {"index": 0, "function": {"name": "g", "arguments": ""}}
    tail = [chunk({"index": 0, "id": "x"})] if id_alone else []
    if not id_alone:
        rep["id"] = "x"
    chunks = [chunk({"index": 0, "type": "function", "function": {"name": "g", "arguments": ""}}), chunk(rep),
              *tail, chunk(finish="tool_calls")]
    got = accumulate(chunks)
    assert [type(c) for c in got] == [ToolCall, InvalidToolCall]
    assert (got[0].name, got[0].args, got[0].id) == ("g", {}, "x")
    assert got[1].id is None


@pytest.mark.parametrize("heads", [1, 2, 3])
def test_a_custom_head_after_repeated_function_heads_keeps_its_id(heads: int) -> None:
    """revS2 N1: ``g ""`` sent twice, then the custom head ``{id: x, custom: {name: g,
    input: x}}`` (openai-python ``ChoiceDeltaToolCall`` with ``"type": "custom"``): the
    custom call runs with its id ``x`` (before: without it; ``x`` on an invalid call)."""
    fn = {"index": 0, "type": "function", "function": {"name": "g", "arguments": ""}}
    cu = {"index": 0, "id": "x", "type": "custom", "custom": {"name": "g", "input": "x"}}
    got = accumulate([chunk(fn)] * heads + [chunk(cu), chunk(finish="tool_calls")])
    runs = [c for c in got if isinstance(c, ToolCall)]
    assert [(c.name, c.args, c.id) for c in runs] == [("g", {"input": "x"}, "x")]
    assert all(c.id is None for c in got if isinstance(c, InvalidToolCall))


@pytest.mark.parametrize("empty", ["{}", "{ }"])
def test_an_id_less_head_after_an_empty_object_call_with_an_id_is_not_guessed(empty: str) -> None:
    """``g`` with id ``c0`` and ``{}`` (a call without arguments, Gemini's OpenAI-compatible
    endpoint), then an id-less head ``g`` with ``{"b": 1}``: before, one call ``g(b=1)`` with
    ``c0`` (the leading ``{}`` dropped); the model may have made ``g()`` then ``g(b=1)``."""
    chunks = [chunk({"index": 0, "id": "c0", "type": "function", "function": {"name": "g", "arguments": empty}}),
              chunk({"index": 0, "type": "function", "function": {"name": "g", "arguments": '{"b": 1}'}}),
              chunk(finish="tool_calls")]
    got = accumulate(chunks)
    assert view(got) == [("INVALID", "g", "c0"), ("g", {"b": 1}, None)]
    assert "only {}" in got[0].error


@pytest.mark.parametrize("between", [False, True], ids=["head-next", "name-again-between"])
def test_an_id_less_head_after_a_repeat_with_an_id_is_not_guessed(between: bool) -> None:
    """``g(b=1)`` without an id, ``g ""`` with id ``c1`` (held: the next call's head?), then a
    head (``"type"``, the name) with no id and its text: before, ``g(b="x")`` ran under
    ``c1`` (wrong when ``c1`` was a call without arguments and ``g(b="x")`` another)."""
    at = {"index": 0}
    typed = {**at, "type": "function", "function": {"name": "g", "arguments": ""}}
    chunks = [chunk(typed), chunk({**at, "function": {"arguments": '{"b": 1}'}}),
              chunk({**typed, "id": "c1"}),
              *([chunk({**at, "function": {"name": "g", "arguments": ""}})] if between else []),
              chunk({**at, "type": "function", "function": {"name": "g", "arguments": '{"b": '}}),
              chunk({**at, "function": {"arguments": '"x"}'}}), chunk(finish="tool_calls")]
    got = accumulate(chunks)
    runs = [(c.name, c.args, c.id) for c in got if isinstance(c, ToolCall)]
    assert runs == [("g", {"b": 1}, None), ("g", {"b": "x"}, None)]
    assert [c.id for c in got if isinstance(c, InvalidToolCall)][:1] == ["c1"]


@pytest.mark.parametrize(("at", "id_alone"), [({"index": 0}, False), ({}, False), ({"index": 0}, True)],
                         ids=["index-0", "no-index", "index-0-id-after-the-repeat"])
def test_a_late_id_stays_on_the_repeat_when_a_head_with_text_follows(at: Dict[str, Any], id_alone: bool) -> None:
    """revS #2: ``g ""``, ``g ""`` with id ``x`` (or ``x`` alone after it), then a head
    (``"type"``, the name) with ``{"a": 1}`` and no id: text beginning a value follows the
    repeat, so ``x`` is no late id of ``g()`` (rule 1: the ``InvalidToolCall`` keeps it,
    the text runs without it). Before, with an index, ``g()`` ran under ``x``."""
    # (an id alone without an index is a call of its own, not the repeat's: not asked here)
    head = {**at, "type": "function", "function": {"name": "g", "arguments": ""}}
    rep = [chunk(head), chunk({**at, "id": "x"})] if id_alone else [chunk({**head, "id": "x"})]
    chunks = [chunk(head), *rep,
              chunk({**at, "type": "function", "function": {"name": "g", "arguments": '{"a": 1}'}}),
              chunk(finish="tool_calls")]
    assert view(accumulate(chunks)) == [("g", {}, None), ("INVALID", "g", "x"), ("g", {"a": 1}, None)]


def test_a_late_id_stays_on_the_repeat_when_another_id_s_text_follows() -> None:
    """``g ""``, ``g ""`` with id ``x``, then a piece with id ``y`` and ``{"a": 1}`` (no name):
    the call ``y`` follows the repeat, ``x`` stays on the ``InvalidToolCall`` (``g()`` never
    runs under an id sent after it when text beginning a value follows)."""
    head = {"index": 0, "type": "function", "function": {"name": "g", "arguments": ""}}
    chunks = [chunk(head), chunk({**head, "id": "x"}),
              chunk({"index": 0, "id": "y", "function": {"arguments": '{"a": 1}'}}), chunk(finish="tool_calls")]
    assert view(accumulate(chunks)) == [("g", {}, None), ("INVALID", "g", "x"), ("g", {"a": 1}, "y")]


# Session 41 (revS2's leftovers): where the id sent after a repeat goes, in every head shape.

@pytest.mark.parametrize("id_alone", [False, True], ids=["id-on-the-repeat", "id-after-the-repeat"])
@pytest.mark.parametrize("named", [False, True], ids=["id-alone-then-text", "head-then-text"])
def test_a_late_id_stays_on_the_repeat_when_another_id_s_text_comes_later(id_alone: bool, named: bool) -> None:
    """``g ""``, ``g ""`` with id ``x`` (or ``x`` alone after it), then the id ``y`` with no text
    (alone, or OpenAI's head shape: ``y``, ``"type"``, the name and ``""``), its text
    ``{"a": 1}`` in a later piece: a call follows the repeat, so ``x`` stays on the
    ``InvalidToolCall`` as when ``y`` carries its text (before: ``g()`` ran under ``x``)."""
    head = {"index": 0, "type": "function", "function": {"name": "g", "arguments": ""}}
    rep = [chunk(head), chunk({"index": 0, "id": "x"})] if id_alone else [chunk({**head, "id": "x"})]
    y = {**head, "id": "y"} if named else {"index": 0, "id": "y", "function": {"arguments": ""}}
    chunks = [chunk(head), *rep, chunk(y), chunk({"index": 0, "function": {"arguments": '{"a": 1}'}}),
              chunk(finish="tool_calls")]
    assert view(accumulate(chunks)) == [("g", {}, None), ("INVALID", "g", "x"), ("g", {"a": 1}, "y")]


@pytest.mark.parametrize("at", [{"index": 0}, {}], ids=["index-0", "no-index"])
@pytest.mark.parametrize("text", ["{}", ""], ids=["empty-object", "no-text"])
def test_a_head_re_sent_without_its_id_before_the_call_s_own_text(at: Dict[str, Any], text: str) -> None:
    """A call with its id on every piece (``{}`` in two pieces, or none), its head re-sent
    with ``"type"`` and the name but no id: the call runs under its id, the re-sent head is
    a stray ``InvalidToolCall`` (docs/streaming.md rule 1). Before, with text on the call's
    own id, the call was not run (an ``InvalidToolCall`` and a cut-off one)."""
    head = {**at, "id": "c0", "type": "function", "function": {"name": "g", "arguments": ""}}
    again = {**at, "type": "function", "function": {"name": "g", "arguments": ""}}
    pieces = [chunk({**at, "id": "c0", "type": "function", "function": {"arguments": p}}) for p in text]
    got = accumulate([chunk(head), chunk(again), *pieces, chunk(finish="tool_calls")])
    assert view(got) == [("g", {}, "c0"), ("INVALID", "g", None)]
    assert "came again, with no arguments" in got[1].error


@pytest.mark.parametrize("at", [{"index": 0}, {}], ids=["index-0", "no-index"])
@pytest.mark.parametrize("later", [False, True], ids=["text-on-the-head", "text-in-a-later-piece"])
def test_the_docs_late_id_example(at: Dict[str, Any], later: bool) -> None:
    """docs/streaming.md rule 1: ``g ""``, ``g ""`` with id ``x``, then nothing: ``g()`` with
    ``x`` beside the ``InvalidToolCall``; then a head ``g`` (``"type"``, no id) with
    ``{"a": 1}`` instead: ``g(a=1)`` runs without ``x``, which the ``InvalidToolCall`` keeps.
    The head with ``""`` and its text in a later piece (OpenAI's head shape) at an index is
    held in its turn, and ``g`` (no text, no id) is not guessed (an ``InvalidToolCall``):
    ``x`` never lands on a call that runs."""
    head = {**at, "type": "function", "function": {"name": "g", "arguments": ""}}
    pre = [chunk(head), chunk({**head, "id": "x"})]
    nothing = accumulate([*pre, chunk(finish="tool_calls")])
    if at:
        assert view(nothing) == [("g", {}, "x"), ("INVALID", "g", None)]
    tail = ([chunk(head), chunk({**at, "function": {"arguments": '{"a": 1}'}})] if later
            else [chunk({**head, "function": {"name": "g", "arguments": '{"a": 1}'}})])
    got = view(accumulate([*pre, *tail, chunk(finish="tool_calls")]))
    first = ("INVALID", "g", None) if later and at else ("g", {}, None)
    assert got == [first, ("INVALID", "g", "x"), ("g", {"a": 1}, None)]
