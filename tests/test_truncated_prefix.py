"""``allow_truncated=True`` keeps the complete prefix of cut-off argument JSON: the values
the text closed, nothing the cut may have shortened (README arguments table: "the
complete prefix of strict JSON, nothing invented"). A string without its closing quote
and a number the text ends on (``12`` of ``12500``) are dropped at every depth; a
value followed by anything (a comma, whitespace) ended there and is kept."""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import toolwire
from toolwire import ArgumentsError, InvalidToolCall, ToolCall
from toolwire.stream import accumulate


def chat(arguments: str) -> Dict[str, Any]:
    return {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": arguments}}


@pytest.mark.parametrize("text, args", [
    ('{"a": 1, "b": 12', {"a": 1}),  # 12 of 12500
    ('{"a": 1, "b": -1.5e+3', {"a": 1}),  # of -1.5e+30
    ('{"a": 1, "b": 0', {"a": 1}),  # of 0.5
    ('{"a": 1, "b": "xy', {"a": 1}),  # "xy" of "xyz"
    ('{"a": 1, "cmd": "rm -rf /var/bu', {"a": 1}),  # /var/build: never a shorter path
    ('{"a": 1, "b": "x\\u00e9', {"a": 1}),  # digits at the end inside a string
    ('{"a": 1, "b": [1, 2', {"a": 1, "b": [1]}),  # at every depth
    ('{"a": {"b": ["x", "y', {"a": {"b": ["x"]}}),
    ('{"a": {"b": {"c": 7', {"a": {"b": {}}}),
    ('{"a": [[1, 2], [3', {"a": [[1, 2], []]}),
    # values the text closed
    ('{"a": 1, "b": 12 ', {"a": 1, "b": 12}),  # whitespace after it: the number ended
    ('{"a": 1, "b": 12\n', {"a": 1, "b": 12}),
    ('{"a": 1, "b": 12,', {"a": 1, "b": 12}),
    ('{"a": 1, "b": [1, 2]', {"a": 1, "b": [1, 2]}),
    ('{"a": 1, "b": "xy"', {"a": 1, "b": "xy"}),
    ('{"a": 1, "b": true', {"a": 1, "b": True}),  # a literal cannot go on
    ('{"a": 1, "b": nul', {"a": 1}),
    ('{"a": 1.', {}),
    ('{"a": 1', {}),
])
def test_allow_truncated_keeps_only_the_values_the_text_closed(text: str, args: Dict[str, Any]) -> None:
    with pytest.raises(ArgumentsError) as info:
        toolwire.decode(chat(text))
    assert info.value.truncated is True
    call = toolwire.decode(chat(text), allow_truncated=True)
    assert (call.args, call.repairs, call.raw) == (args, ("truncated",), text)


def test_a_number_at_the_end_of_fenced_or_stream_left_text_is_dropped_too() -> None:
    call = toolwire.decode(chat('```json\n{"a": 1, "b": 12'), allow_truncated=True)
    assert (call.args, call.repairs) == ({"a": 1}, ("code-fence", "truncated"))
    call = toolwire.decode(chat('{}{"a": 1, "b": 12'), allow_truncated=True)
    assert (call.args, call.repairs) == ({"a": 1}, ("leading-empty-object", "truncated"))


@pytest.mark.parametrize("text, args", [
    ('{"a": 1, "b": true1', {"a": 1}),  # no 'true' was written: the partial reader kept it
    ('{"a": 1, "b": 12x', {"a": 1}),  # nor 12
    ('{"a": 1, "b": 1.5.3', {"a": 1}),
    ('{"a": 1, "b": 12 x', {"a": 1, "b": 12}),  # 12 ended before what is no JSON
])
def test_under_the_token_limit_a_token_run_into_by_no_json_is_not_kept(text: str, args: Dict[str, Any]) -> None:
    # not strict JSON under the token limit: truncated, its complete prefix kept
    call = toolwire.decode(chat(text), finish_reason="length", allow_truncated=True)
    assert (call.args, call.repairs) == (args, ("truncated",))


def _chat_chunks(arguments: str, finish: Any) -> List[Dict[str, Any]]:
    def chunk(delta: Dict[str, Any], finish_reason: Any = None) -> Dict[str, Any]:
        return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m",
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}]}

    return [
        chunk({"role": "assistant", "tool_calls": [{"index": 0, "id": "call_1", "type": "function",
                                                    "function": {"name": "f", "arguments": ""}}]}),
        chunk({"tool_calls": [{"index": 0, "function": {"arguments": arguments}}]}),
        chunk({}, finish),
    ]


@pytest.mark.parametrize("finish", ["length", None])
def test_a_stream_closed_with_allow_truncated_drops_the_cut_value(finish: Any) -> None:
    chunks = _chat_chunks('{"a": 1, "b": 12', finish)
    if finish is None:
        chunks = chunks[:2]  # the stream stopped mid-call
    [refused] = accumulate(chunks, "openai.chat")
    assert isinstance(refused, InvalidToolCall) and refused.truncated
    [kept] = accumulate(chunks, "openai.chat", allow_truncated=True)
    assert type(kept) is ToolCall and (kept.args, kept.repairs) == ({"a": 1}, ("truncated",))


def test_text_formats_drop_the_cut_value() -> None:
    text = '<tool_call>{"name": "f", "arguments": {"a": 1, "b": 12</tool_call>'
    [refused] = toolwire.decode_text(text, "text.hermes").tool_calls
    assert isinstance(refused, InvalidToolCall) and refused.truncated
    [kept] = toolwire.decode_text(text, "text.hermes", allow_truncated=True).tool_calls
    assert type(kept) is ToolCall and (kept.args, kept.repairs) == ({"a": 1}, ("truncated",))


def _prefix_of(kept: Any, full: Any) -> bool:
    """*kept* is what a cut may leave of *full*: a scalar equal to it, or a container
    of the same kind whose entries are full's first ones, equal but for the last,
    which may itself be such a prefix (the container the cut fell in)."""
    if type(kept) is not type(full):
        return False
    if type(kept) is dict:
        keys = list(kept)
        if keys != list(full)[: len(keys)]:
            return False
        return all(kept[k] == full[k] for k in keys[:-1]) and (not keys or _prefix_of(kept[keys[-1]], full[keys[-1]]))
    if type(kept) is list:
        if not kept:
            return True
        if len(kept) > len(full) or kept[:-1] != full[: len(kept) - 1]:
            return False
        return _prefix_of(kept[-1], full[len(kept) - 1])
    return bool(kept == full)


_scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text()
_json = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=5), inner, max_size=4), max_leaves=12)


@given(st.dictionaries(st.text(max_size=5), _json, min_size=1, max_size=4), st.integers(min_value=1),
       st.sampled_from([None, 2]), st.booleans())
@example({"a": 1, "b": 12500}, len('{"a": 1, "b": 12'), None, True)
@example({"a": 1, "b": "xyz"}, len('{"a": 1, "b": "xy'), None, True)
def test_what_allow_truncated_keeps_is_a_prefix_of_what_the_model_wrote(
    full: Dict[str, Any], at: int, indent: Any, ascii_only: bool
) -> None:
    """Nothing invented: every value kept is the value the whole text holds (a number
    or string the cut shortened is never kept); only the open containers are partial."""
    text = json.dumps(full, indent=indent, ensure_ascii=ascii_only)
    cut = text[: 1 + at % (len(text) - 1)]  # the text without at least its closing brace
    try:
        call = toolwire.decode(chat(cut), allow_truncated=True)
    except ArgumentsError:
        return
    assert _prefix_of(call.args, full), (cut, call.args)
