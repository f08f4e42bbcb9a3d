"""The check of a call's args before they are written (``check_args_to_write``, run by
``encode`` and ``encode_text``): a call changed after it was built can hold what JSON
cannot (a set, NaN, a key that is not a string, a dict subclass...). Nested args are
answered by passes over each level of the value that run no Python step per value
(the per-value walk made ``encode_text`` three to five times slower on big nested
args, the review of session 35); the walk runs only to say where a value is wrong, or
for a value the passes cannot answer (a container held twice). The passes never take
what the walk refuses: the outcome, words and path included, is the walk's."""

from __future__ import annotations

import sys
from typing import Any, List, Optional, Tuple

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import toolwire._json_values as checks
from toolwire import EncodeError, ToolCall


class Sub(dict):  # type: ignore[type-arg]
    pass


class IntSub(int):
    pass


class StrSub(str):
    pass


_BIG = {"<4300 digits>": 10**4300 - 1, "<4301 digits>": 10**4300, "<-4301 digits>": -(10**4300)}
LEAVES = st.sampled_from([
    0, 1, -5, 2**70, True, False, None, 0.5, -0.0, 1e308, float("nan"), float("inf"), -float("inf"), "a", "é",
    "\ud800", "", "<4300 digits>", "<4301 digits>", "<-4301 digits>", IntSub(3), StrSub("s"), b"x", frozenset(),
    1j,
]).map(lambda v: _BIG.get(v, v) if type(v) is str else v)
KEYS = st.sampled_from(["k", "é", "", "\udc00", 1, 1.5, True, None, (1,), StrSub("k")])


def _values(leaf: Any) -> Any:
    return st.one_of(
        st.lists(leaf, max_size=4),
        st.lists(leaf, max_size=3).map(tuple),
        st.dictionaries(KEYS, leaf, max_size=4),
        st.dictionaries(KEYS, leaf, max_size=2).map(Sub),
        st.sets(LEAVES, max_size=2),
    )


ARGS = st.dictionaries(KEYS, st.recursive(LEAVES, _values, max_leaves=12), max_size=4)


def _walk(args: Any) -> Optional[Tuple[str, str]]:
    """What the per-value walk says of *args*: ``None`` (JSON) or its words and path."""
    try:
        checks.check_json_object(args, "$.args", "ToolCall args", tuples=True)
    except checks.DecodeError as exc:
        return exc.message, exc.loc
    return None


def _outcome(args: Any, small: bool = True) -> Optional[Tuple[str, str]]:
    """What ``check_args_to_write`` says of *args*; *small*: the passes run on a value
    of any size (they leave a small one, or a deep and narrow one, to the walk)."""
    call = ToolCall("f", {}, "c1")
    object.__setattr__(call, "args", args)  # changed after it was built
    sizes = checks._PASSES_FROM, checks._LEVEL_COST
    if small:
        checks._PASSES_FROM = checks._LEVEL_COST = 0
    try:
        checks.check_args_to_write(call, "text.hermes")
    except EncodeError as exc:
        return exc.message.split(" as text.hermes: ", 1)[1], exc.loc
    finally:
        checks._PASSES_FROM, checks._LEVEL_COST = sizes
    return None


@given(ARGS)
@example({"a": [{"b": 1}, {1: 2}]})
@example({"a": [[1, 2.5], (float("nan"),)]})
@example({"a": {"b": ["x", "\ud800"]}})
@example({"a": [Sub(), {}]})
@example({"\udc00": 0})
@example({"a": "\ud800"})
def test_the_check_says_what_the_walk_says(args: Any) -> None:
    assert _outcome(args) == _walk(args) == _outcome(args, small=False)


def test_shared_containers_and_cycles_are_the_walks() -> None:
    inner = {"x": 1}
    assert _outcome({"a": [inner, inner]}) is None
    loop: List[Any] = []
    loop.append(loop)
    assert _outcome({"a": [loop]}) == _walk({"a": [loop]})
    assert _outcome({"a": [loop]}) is not None


def test_an_int_limit_changed_by_the_caller_does_not_matter() -> None:
    old = sys.get_int_max_str_digits()
    try:
        sys.set_int_max_str_digits(0)
        assert _outcome({"a": [10**4300]}) == _walk({"a": [10**4300]}) != None  # noqa: E711
    finally:
        sys.set_int_max_str_digits(old)


def _nested(n: int) -> ToolCall:
    return ToolCall("f", {"rows": [{"id": i, "name": f"n{i}é", "tags": ["a", ["b", None]], "v": i * 0.5,
                                    "ok": True} for i in range(n)]}, "c1")


def test_valid_nested_args_are_not_walked_value_by_value(monkeypatch: pytest.MonkeyPatch) -> None:
    walked = [0]
    real = checks.check_json_value

    def counted(*args: Any, **kw: Any) -> None:
        walked[0] += 1
        real(*args, **kw)

    calls = [_nested(100), _nested(400)]
    monkeypatch.setattr(checks, "check_json_value", counted)
    for call in calls:
        checks.check_args_to_write(call, "text.hermes")
    assert walked == [0]


def test_m3_walks_for_its_64_bit_ints_only_when_an_int_is_past_them(monkeypatch: pytest.MonkeyPatch) -> None:
    import toolwire.text.minimax_m3 as m3
    from toolwire.text import encode_text

    walked = [0]
    real = m3._check_ints

    def counted(*args: Any) -> None:
        walked[0] += 1
        real(*args)

    monkeypatch.setattr(m3, "_check_ints", counted)
    encode_text([_nested(40)], "text.minimax", variant="m3")
    assert walked == [0]
    # u64 inside JSON (serde_json), i64 at the top level: past i64 inside, the walk answers
    big = ToolCall("f", {"a": [2**63], "b": 1}, "c1")
    encode_text([big], "text.minimax", variant="m3")
    assert walked[0] > 0
    with pytest.raises(EncodeError) as info:
        encode_text([ToolCall("f", {"a": {"b": [2**64]}}, "c1")], "text.minimax", variant="m3")
    assert info.value.loc == "$[0].args.a.b[0]"


def test_a_dict_held_in_many_places_is_checked_in_steps_of_the_objects(monkeypatch: pytest.MonkeyPatch) -> None:
    # k + 1 dicts, each held three times by the next: 3^k places. The level passes give
    # up after as many places as marshal wrote values (it writes a reference for a
    # dict met again), and the walk checks each dict once (a count, not a time)
    from test_values_shared_containers import shared

    calls = [ToolCall("f", shared(levels), "c1") for levels in (10, 40)]
    texts = [0]

    def counted(text: str) -> bool:
        texts[0] += 1
        return False

    monkeypatch.setattr(checks, "lone_surrogate_in", counted)
    counts = []
    for call in calls:
        texts[0] = 0
        checks.check_args_to_write(call, "text.hermes")
        counts.append(texts[0])
    assert counts[1] <= 5 * counts[0], counts


@pytest.mark.parametrize("shape", ["value", "key"])
def test_a_string_held_in_many_places_is_not_joined_once_per_place(shape: str) -> None:
    # one long string held n times (marshal writes it once, then references): the level
    # passes join no more text than marshal wrote, so memory grows with the objects
    # given, not with n times the string (800 MB at n = 4,000 before: the review of
    # session 35); the walk answers it, each string's text read once
    import tracemalloc

    def peak(n: int) -> int:
        s = "x" * (50 * n)
        args = {"a": [s] * n} if shape == "value" else {"a": [{s: i} for i in range(n)]}
        call = ToolCall("f", {"b": 1}, "c1")
        call.args.update(args)  # (a key held many times is built after the call, as callers do)
        tracemalloc.start()
        try:
            checks.check_args_to_write(call, "anthropic.messages")
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    small, big = peak(200), peak(800)
    assert big <= 6 * max(small, 1) + 200_000, (small, big)
