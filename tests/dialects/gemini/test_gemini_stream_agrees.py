"""Differential: ``decode_all`` of a whole Gemini reply equals ``stream.accumulate`` of a
stream that delivers the same parts one per chunk (https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent:
each chunk is a ``GenerateContentResponse``), over the odd parts: a name-only call and the
nameless ``args`` part after it (wire-formats §4g), a stray ``functionCall: {}``,
``"args": {}``, ids present, absent or ``""``, ``thoughtSignature`` on call parts and on
thoughts, thought and text parts, code execution, snake_case parts (``model_dump()``) and
two candidates, a junk part or a name that is no string, and Vertex calls streamed in
``partialArgs`` (wire-formats §4e), ended or not. Calls compare with their provider data;
invalid calls by name, id and cut-off flag (a nameless part's also by its words, each
reading naming its own path)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import toolwire
from toolwire import ArgumentsError, DecodeError, InvalidToolCall, ToolCall
from toolwire.stream import accumulate

D = "gemini"
SIG = "EpwICpkIAXLI2nxlU6gs"  # a thoughtSignature, base64 as on the wire

names = st.sampled_from(["get_weather", "read", "mcp_list_dir"])
ids = st.sampled_from([None, "", "call_1", "Xk2p"])
values = st.one_of(st.integers(-5, 5), st.text(max_size=4), st.booleans(), st.none())
nonempty_args = st.dictionaries(st.sampled_from(["path", "city", "n"]), values, min_size=1, max_size=2)
signatures = st.sampled_from([None, SIG])


def _part(fc: Dict[str, Any], sig: Optional[str]) -> Dict[str, Any]:
    part: Dict[str, Any] = {"functionCall": fc}
    if sig is not None:
        part["thoughtSignature"] = sig
    return part


def _with_id(fc: Dict[str, Any], ident: Optional[str]) -> Dict[str, Any]:
    if ident is not None:
        fc["id"] = ident
    return fc


whole_calls = st.builds(lambda n, a, i, s: _part(_with_id({"name": n, "args": a}, i), s),
                        names, st.one_of(st.just({}), nonempty_args), ids, signatures)
name_only = st.builds(lambda n, empty, i, s: _part(_with_id({"name": n, **({"args": {}} if empty else {})}, i), s),
                      names, st.booleans(), ids, signatures)
nameless = st.builds(lambda a, s: _part({"args": a}, s), nonempty_args, signatures)
terminators = st.sampled_from([{"functionCall": {}}, {"functionCall": {"args": {}}}])
others = st.sampled_from([
    5,  # no part: an invalid call in its place, in both readings
    {"functionCall": {"name": 7, "args": {"a": 1}}},  # a name that is no string
    {"functionCall": {"name": "f", "args": {"a": 1}, "willContinue": False}},  # the end of a stream, kept
    {"text": "Let me look."},
    {"text": "**Planning**", "thought": True},
    {"text": "", "thought": True, "thoughtSignature": SIG},
    {"executableCode": {"code": "print(1)", "language": "PYTHON"}},
])
# Vertex streamed arguments (wire-formats §4e; google-genai ``PartialArg``): a call opened with
# ``willContinue``, nameless parts of ``partialArgs``, bare separators; some paths unreadable
paths = st.sampled_from(["$.location", "$.n", "$.a.b", "$.items[0]", "$['a b']", "location"])
partial_values = st.one_of(st.builds(lambda v: {"stringValue": v}, st.sampled_from(["", "Bos", "ton"])),
                           st.builds(lambda v: {"numberValue": v}, st.integers(0, 9)),
                           st.builds(lambda v: {"boolValue": v}, st.booleans()))
partial_entries = st.builds(lambda p, v, c: {"jsonPath": p, **v, **({"willContinue": True} if c else {})},
                            paths, partial_values, st.booleans())
opening = st.builds(lambda n, i, s: _part(_with_id({"name": n, "willContinue": True}, i), s), names, ids, signatures)
continuing = st.builds(lambda ps, c, s: _part({"partialArgs": ps, **({"willContinue": True} if c else {})}, s),
                       st.lists(partial_entries, max_size=2), st.booleans(), signatures)
odd_fragments = st.sampled_from([
    {"functionCall": {"willContinue": True}},  # a separator
    {"functionCall": {"partialArgs": "$.a"}},  # no list: refused, never skipped
    {"functionCall": {"name": "f", "args": {"a": 1}, "willContinue": True}},  # arguments beside streamed ones
])
parts = st.one_of(whole_calls, name_only, nameless, terminators, others, opening, continuing, odd_fragments)
part_lists = st.lists(parts, max_size=7)

_SNAKE = {"functionCall": "function_call", "thoughtSignature": "thought_signature", "executableCode": "executable_code"}


def snake(part: Any) -> Any:
    """The part as google-genai's ``model_dump()`` spells it."""
    return {_SNAKE.get(k, k): v for k, v in part.items()} if type(part) is dict else part


def reply(cands: List[List[Dict[str, Any]]], indexes: Optional[List[int]]) -> Dict[str, Any]:
    out = []
    for i, ps in enumerate(cands):
        cand: Dict[str, Any] = {"content": {"role": "model", "parts": ps}, "finishReason": "STOP"}
        if indexes is not None:
            cand["index"] = indexes[i]
        out.append(cand)
    return {"candidates": out}


def stream_of(cands: List[List[Dict[str, Any]]], numbers: List[int], order: List[int]) -> List[Dict[str, Any]]:
    """One chunk per part, the candidates' parts in *order* (each candidate's in its own order)."""
    queues = [list(ps) for ps in cands]
    chunks = []
    for c in order:
        if queues[c]:
            chunks.append({"candidates": [{"content": {"role": "model", "parts": [queues[c].pop(0)]},
                                           "index": numbers[c]}]})
    for c, q in enumerate(queues):
        chunks.extend({"candidates": [{"content": {"role": "model", "parts": [p]}, "index": numbers[c]}]} for p in q)
    chunks.append({"candidates": [{"content": {"role": "model", "parts": [{"text": ""}]}, "finishReason": "STOP",
                                   "index": n} for n in numbers]})
    return chunks


def view(x: Any) -> Tuple[Any, ...]:
    if isinstance(x, ToolCall):
        return ("call", x.name, x.args, x.id, x.server, {k: dict(v) for k, v in x.provider_data.items()})
    assert isinstance(x, InvalidToolCall)  # (its words are its reading's: the nameless part's are pinned below)
    return ("invalid", x.name, x.id, x.truncated)


def at(data: Any, loc: str) -> Any:
    """The value at the ``$.a[0].b`` path *loc* of *data*."""
    for step in loc[1:].replace("[", ".[").split("."):
        if step:
            data = data[int(step[1:-1])] if step.startswith("[") else data[step]
    return data


def check(cands: List[List[Dict[str, Any]]], indexes: Optional[List[int]], order: List[int],
          include_server: bool = False) -> None:
    whole = reply(cands, indexes)
    numbers = indexes if indexes is not None else list(range(len(cands)))
    got = toolwire.decode_all(whole, D, invalid="keep", include_server=include_server)
    streamed = accumulate(stream_of(cands, numbers, order), D, include_server=include_server)
    assert [view(c) for c in got] == [view(c) for c in streamed]
    for c, s in zip(got, streamed):
        if isinstance(c, InvalidToolCall) and "without a name" in c.error:  # the stream's words, at its own path
            assert isinstance(s, InvalidToolCall) and c.error.replace(c.loc, "@") == s.error.replace(s.loc, "@")
            fc = at(whole, c.loc)
            fc = fc.get("functionCall") or fc.get("function_call")
            assert fc.get("name") is None and fc.get("args")
        elif isinstance(c, ToolCall) and not c.server:  # written back as one plain call part
            part = toolwire.encode(c, D)
            fc = part.get("functionCall") or part.get("function_call")
            assert fc["name"] == c.name and toolwire.decode(part, D) == c
    if any(isinstance(c, InvalidToolCall) for c in got):
        with pytest.raises(DecodeError):
            toolwire.decode_all(whole, D, include_server=include_server)
    else:
        assert toolwire.decode_all(whole, include_server=include_server) == got


@given(part_lists, st.booleans(), st.booleans())
@example([{"functionCall": {"name": "mcp_list_dir", "args": {}}}, {"functionCall": {"args": {"path": "/some/path"}}}],
         False, False)
@example([{"functionCall": {"name": "f"}, "thoughtSignature": SIG}, {"text": "x"},
          {"executableCode": {"code": "1", "language": "PYTHON"}}, {"functionCall": {"args": {"a": 1}}}], True, True)
@example([{"functionCall": {"name": "f", "id": ""}}, {"functionCall": {"args": {"a": 1}}, "thoughtSignature": SIG}],
         False, False)
@example([{"functionCall": {"args": {"a": 1}}}, {"functionCall": {}}], False, False)
@example([{"functionCall": {"name": "f"}}, 5, None], False, False)  # the stream passed junk parts over
@example([{"functionCall": {"name": "f"}}, {"functionCall": {"name": 7}}, {"functionCall": {"args": {"a": 1}}}],
         False, False)  # the stream read a name that is no string as none (and merged the part after it)
@example([{"functionCall": {"name": "f", "args": {"a": 1}, "willContinue": False}}], True, False)  # (dropped)
def test_one_candidate(ps: List[Dict[str, Any]], snake_case: bool, include_server: bool) -> None:
    if snake_case:
        ps = [snake(p) for p in ps]
    check([ps], None, [], include_server)


@given(part_lists, part_lists, st.sampled_from([None, [0, 1], [1, 0]]), st.lists(st.integers(0, 1), max_size=14))
def test_two_candidates(first: List[Dict[str, Any]], second: List[Dict[str, Any]], indexes: Optional[List[int]],
                        order: List[int]) -> None:
    check([first, second], indexes, order)


VERTEX = [  # Vertex streamed arguments, as wire-formats §4e records them
    {"functionCall": {"name": "getWeather", "willContinue": True}, "thoughtSignature": SIG},
    {"functionCall": {"partialArgs": [{"jsonPath": "$.location", "stringValue": "Boston", "willContinue": True}],
                      "willContinue": True}},
    {"functionCall": {"partialArgs": [{"jsonPath": "$.location", "stringValue": ""}], "willContinue": True}},
    {"functionCall": {}},
]


def test_streamed_arguments_read_whole_are_the_streamed_call() -> None:
    """Vertex sends ``partialArgs`` fragments with ``streamFunctionCallArguments``, one part
    per chunk; a caller that collected them into one ``Content`` gets the call the stream
    gives; without the part that ends it, it is cut off in both readings."""
    call = ToolCall("getWeather", {"location": "Boston"})
    assert accumulate(stream_of([VERTEX], [0], []), D) == [call] == toolwire.decode_all(reply([VERTEX], None))
    check([VERTEX], None, [])
    check([VERTEX[:3]], None, [])
    with pytest.raises(ArgumentsError) as info:
        toolwire.decode_all(reply([VERTEX[:3]], None))
    assert info.value.truncated
