"""The check behind every refusal of a repeated key (``toolwire._repeats``): after a strict
parse, ``text.count(":")`` minus the colons inside the parsed strings equals the number of
keys in the parsed value exactly when no pair of the text was dropped (the value written
again by pydantic-core counts those keys and colons). Proved here against
the stdlib's ``object_pairs_hook`` on any JSON text (escapes, ``\\u003a``, nesting,
whitespace), and linear: counted at n and 4n."""

from __future__ import annotations

import json
import sys
from typing import Any, List, Tuple

from hypothesis import example, given
from hypothesis import strategies as st
from pydantic_core import from_json

from toolwire import _repeats
from toolwire._repeats import repeat_error, repeats_by_item, unrepeated

KEYS = st.sampled_from(["a", "b", "a:b", ":", "k:", "é", "\\", '"', "u003a"]) | st.text("ab:\\\"é", max_size=3)
TEXTS = st.sampled_from(["", "x", "12:30", "http://h.test/a:b", "::", "\\u003a", '{"a":1,"a":2}']) | st.text(
    "ab:\\\"é/ ", max_size=6)


def _string(draw: Any, s: str) -> str:
    t = json.dumps(s, ensure_ascii=draw(st.booleans()))
    if ":" in t and draw(st.booleans()):  # a colon written as an escape (inside a string, ':' is only itself)
        t = t.replace(":", draw(st.sampled_from(["\\u003a", "\\u003A"])), draw(st.integers(1, t.count(":"))))
    return t


@st.composite
def json_text(draw: Any, depth: int = 0) -> str:
    """Any JSON text, its objects' keys drawn so that they often repeat."""
    ws = st.sampled_from(["", " ", "\n"])
    kind = draw(st.integers(0, 5 if depth < 3 else 2))
    if kind == 0:
        return draw(st.sampled_from(["1", "-2.5e3", "true", "false", "null", "0"]))
    if kind in (1, 2):
        return _string(draw, draw(TEXTS))
    if kind == 3:
        return "[" + ",".join(draw(ws) + draw(json_text(depth + 1)) for _ in range(draw(st.integers(0, 3)))) + "]"
    pairs = [_string(draw, draw(KEYS)) + draw(ws) + ":" + draw(ws) + draw(json_text(depth + 1))
             for _ in range(draw(st.integers(0, 4)))]
    return "{" + draw(ws) + ",".join(pairs) + draw(ws) + "}"


def _repeats_by_stdlib(text: str) -> bool:
    found: List[str] = []

    def hook(pairs: List[Tuple[str, Any]]) -> Any:
        if len({k for k, _ in pairs}) != len(pairs):
            found.append("!")
        return dict(pairs)

    json.loads(text, object_pairs_hook=hook)
    return bool(found)


@given(json_text())
@example('{"x":1,"x":2}')
@example('{"k\\u003a":1,"k:":2}')  # an escaped colon: one key twice
@example('{"k\\u003a":1,"k":2}')  # an escaped colon, no repeat
@example('{"a":{"b:":1},"a":{}}')
@example('[{"a":1},{"a":2}]')
def test_the_shortcut_says_no_repeat_only_when_there_is_none(text: str) -> None:
    parsed = from_json(text)
    oracle = _repeats_by_stdlib(text)
    if unrepeated(text, parsed):
        assert not oracle
    elif "u003a" not in text.lower():  # no escaped colon: the count is exact
        assert oracle
    # what the callers raise: exactly when the stdlib finds a repeat
    assert (repeat_error(text, "$", None) is not None) == oracle
    assert bool(repeats_by_item(text, parsed)) == oracle


def _lines(fn: Any, *args: Any) -> int:
    """The lines of ``_repeats`` run by ``fn(*args)`` (a count, not a time)."""
    seen = [0]
    here = _repeats.__file__

    def trace(frame: Any, event: str, arg: Any) -> Any:
        if frame.f_code.co_filename != here:
            return None
        if event == "line":
            seen[0] += 1
        return trace

    sys.settrace(trace)
    try:
        fn(*args)
    finally:
        sys.settrace(None)
    return seen[0]


def _doc(n: int, last: str) -> str:
    return "{" + ",".join(f'"k{i}": {{"u": "http://h.test/{i}", "t": ["12:{i}", {{"a": 1}}]}}'
                          for i in range(n)) + last + "}"


def test_the_check_is_linear() -> None:
    # no repeat: no Python loop over the value at all (str.count, pydantic-core's writer),
    # the same lines at n and 4n
    small, big = _doc(50, ""), _doc(200, "")
    assert _lines(unrepeated, small, from_json(small)) == _lines(unrepeated, big, from_json(big))
    # a repeat at the end: the stdlib's reading and one walk of its pairs, 4x the lines
    small, big = _doc(50, ', "k0": 2'), _doc(200, ', "k0": 2')
    a, b = _lines(repeat_error, small, "$", None), _lines(repeat_error, big, "$", None)
    assert 3.5 < b / a < 4.5, (a, b)
