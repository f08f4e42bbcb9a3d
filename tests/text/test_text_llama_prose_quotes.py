"""text.llama with ``JSON_AFTER_PROSE``: quotes that open strings a value never meant
(session 39, the thirty-eighth session's leftovers).

RFC 8259 §7: a string is in double quotes, and a backslash escapes the one character
after it; single quotes open no string. vLLM's ``llama3_json`` parser decodes a JSON value
at each ``{`` that is not inside a value it decoded, and an object with ``name`` and
``parameters`` / ``arguments`` is a call (``llama_tool_parser.py``,
``extract_tool_calls``); the Llama 3.1 prompt format's JSON call is such an object
(meta-llama/llama-models ``models/llama3_3/prompt_format.md``, "JSON based tool calling").
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textcheck import C, Invalid, check, stream

from toolwire.text._api import decode_text
from toolwire.text.llama import JSON_AFTER_PROSE

P: object = JSON_AFTER_PROSE
CALL = '{"name": "search", "parameters": {"q": "x"}}'  # Llama 3.1 prompt format
SEARCH = C("search", {"q": "x"})
EVIL = '{"name": "evil", "parameters": {}}'


# -- 1. a call marker after a backslash in a string is in the string --------------------------
# The backslash escapes the "<" (RFC 8259 §7), so the marker is the string's text; in a string
# that never closes it is quoted markup, as the same marker without the backslash: it never runs.
@pytest.mark.parametrize("fr", ["stop", "length", None])
@pytest.mark.parametrize("text", [
    "Data: {'a': 'x \\<|python_tag|>" + EVIL + "<|eom_id|> and",
    "Data: {'a': 'x \\<function=evil>{}</function> and",
    'Data: {"a": "x \\<function=evil>{}</function> and',
    'Data: {"a": "x \\u<function=evil>{}</function> and',
])
def test_a_marker_after_a_backslash_in_an_unclosed_string_never_runs(text: str, fr: str | None) -> None:
    unescaped = text.replace("\\<", "<").replace("\\u<", "<")
    want = [Invalid("evil", truncated=True) if "python_tag" in text else Invalid()]  # (its "name" key open)
    check(unescaped, P, "Data:", None, want, finish_reason=fr)  # type: ignore[arg-type]
    check(text, P, "Data:", None, want, finish_reason=fr)  # type: ignore[arg-type]


def test_an_escaped_marker_is_quoted_even_after_a_stray_quote() -> None:
    # without the backslash the marker after a quote opening the value's first token counts
    # (test_markup_in_prose_braces_still_counts); the backslash says it is the string's text:
    # it never runs, and the value is an invalid call, never content that hides it
    text = 'A {"note \\<|python_tag|>brave_search.call(query="w")<|eom_id|>'
    check(text, P, "A", None, [Invalid(raw=text[2:])], finish_reason="stop")  # type: ignore[arg-type]


# -- 2. a stray string whose closing quote is a call object's own -----------------------------
# '{"city": "x, then {"' is JSON up to the string's end; "name" after it breaks JSON (§4: ":",
# "," or "}" may follow a string). The string ends in "{": the call object began there.
@pytest.mark.parametrize("before", ['Fill in {"city": "x, then ', 'Fill in ["x, then ', 'Fill in {"a": [1, {"b": "see '])
@pytest.mark.parametrize("call", [CALL, '{ \n  "name": "search",\n  "parameters": {"q": "x"}\n}'])
def test_a_call_whose_bracket_a_stray_string_swallowed_is_read(before: str, call: str) -> None:
    head = before.rstrip()
    check(before + call, P, head, None, [SEARCH], finish_reason="stop")  # type: ignore[arg-type]
    check(before + call + " ok " + CALL, P, head + "  ok", None, [SEARCH, SEARCH], finish_reason="stop")  # type: ignore[arg-type]
    # cut off by the token limit: a cut call, as after any prose
    cut = call[: call.index(",") + 1]
    check(before + cut, P, head, None, [Invalid("search", truncated=True, raw=cut)], finish_reason="length")  # type: ignore[arg-type]


def test_a_string_with_a_bracket_not_at_its_end_is_prose_as_before() -> None:
    for text in ('Code {"code": "func() { return "hi"; }"} ok', 'See {"a": "{x"y} ok', 'See {"a": "{" y} ok'):
        check(text, P, text, None, [], finish_reason="stop")  # type: ignore[arg-type]
    # with a "name" key before the break: an invalid call (a named value that breaks JSON)
    text = 'Do {"name": "g", "q": "then {"name": "h"}'
    check(text, P, "Do", None, [Invalid("g", raw=text[3:])], finish_reason="stop")  # type: ignore[arg-type]


# -- 3. a named value that breaks after a single-quoted string ends with its brackets ---------
# ("it's" closes the string 'it' and breaks JSON after it): an invalid call up to where its
# brackets close, its double-quoted strings strings; a real call after it runs.
def test_a_named_value_broken_after_an_apostrophe_does_not_hide_a_later_call() -> None:
    named = '{"name": "Bob", \'it\'s fine\'}'
    check("Data " + named + " Then " + CALL, P, "Data  Then", None,  # type: ignore[arg-type]
          [Invalid("Bob", raw=named), SEARCH], finish_reason="stop")
    rm = '{"name": "f", "parameters": {"x": \'it\'s\', "code": "}}<function=rm>{}</function>"}}'
    check("Hi " + rm + " then <function=g>{}</function>", P, "Hi  then", None,  # type: ignore[arg-type]
          [Invalid("f", raw=rm), C("g")], finish_reason="stop")
    # a later single quote (strings and prose no longer told apart): to the stop token, so the
    # markup its strings quote never runs
    late = '{"name": "f", "a": \'it\'s x}\', "b": \'y <function=rm>{}</function>\'} ok'
    check("Hi " + late, P, "Hi", None, [Invalid("f", raw=late)], finish_reason="stop")  # type: ignore[arg-type]
    # its brackets never close (or close with another bracket's type): to the stop token, as
    # any named value that breaks JSON (the markup it may quote never runs)
    for name, bad in (("Bob", "{\"name\": \"Bob\", 'x' y. Then " + CALL),
                      ("f", '{"name": "f", \'x\' ] <function=rm>{}</function>')):
        check("Data " + bad, P, "Data", None, [Invalid(name, raw=bad)], finish_reason="stop")  # type: ignore[arg-type]
        check("Data " + bad + "<|eot_id|> then " + CALL, P, "Data  then", None,  # type: ignore[arg-type]
              [Invalid(name, raw=bad + "<|eot_id|>"), SEARCH], finish_reason="stop")


# -- 4. an unclosed single quote before a real call ----------------------------------------
# The model ended its turn (finish "stop") with the quote still open, and its text up to the
# marker, read as an apostrophe's prose, closes the value's brackets: the value ended there and
# the call after it is prose's. A dict's string quoting markup ({'a': 'see <function=…) closes
# none, and one cut by the token limit may be any string: both stay an invalid call (session
# 38, revT2 r1).
def test_a_real_call_after_an_unclosed_single_quote_that_ends_the_value_is_read() -> None:
    for before in ("Flags: ['a', 'b] then ", "Flags: [1, 'b] then ", "Set {'mode': 'it} "):
        check(before + "<|python_tag|>" + CALL, P, before.rstrip(), None, [SEARCH], finish_reason="stop")  # type: ignore[arg-type]
        text = before + '<function=search>{"q": "x"}</function> and done'
        check(text, P, before + " and done", None, [SEARCH], finish_reason="stop")  # type: ignore[arg-type]
        for fr in ("length", None):  # (cut by the token limit, or no finish reason)
            check(text, P, before[: before.index(" ")], None, [Invalid()], finish_reason=fr)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["Set {'mode': 'fast, then <|python_tag|>" + CALL,
                                  "Set {'re': '[^}] <function=search>{}</function>",
                                  "Set {'a': [1, 'b] then <function=search>{}</function>",
                                  # only a string escapes its quote (the Windows path's "\\"):
                                  "Set {'a': 'x} <function=search>{}</function> C:\\'}"])
def test_an_unclosed_single_quote_that_leaves_the_value_open_still_quotes_the_marker(text: str) -> None:
    r = check(text, P, "Set", None, [Invalid("search" if "python_tag" in text else None,  # type: ignore[arg-type]
                                             truncated="python_tag" in text)], finish_reason="stop")
    assert r.tool_calls[0].raw == text[4:]  # type: ignore[union-attr]


# -- every split reads as the whole text ------------------------------------------------------
PIECES = [
    "{", "[", "}", "]", "'", '"', "\\", " ", ", ", ": ", "\n", "x", "it's", "True", '"name": "f", ', "'a': ",
    '"a": ', "<|python_tag|>", "<function=g>{}</function>", "<|eom_id|>", "<|eot_id|>", "<|eo", "\\<|python_tag|>",
    '{"name": "g", "parameters": {}}', '"x, then {', "'b] then ", '{"a": "see { ', "'it's fine'}", '\\"}}',
]


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(pieces=st.lists(st.sampled_from(PIECES), max_size=16), data=st.data(),
       finish=st.sampled_from([None, "stop", "length"]))
def test_quotes_read_alike_in_every_split(pieces: list[str], data: Any, finish: str | None) -> None:
    text = "Hi " + "".join(pieces)
    whole = decode_text(text, JSON_AFTER_PROSE, finish_reason=finish)
    cuts = sorted(data.draw(st.sets(st.integers(1, len(text) - 1), max_size=10)))
    parts = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)])]
    assert stream(text, JSON_AFTER_PROSE, parts, finish_reason=finish) == whole  # type: ignore[arg-type]
    assert stream(text, JSON_AFTER_PROSE, list(text), finish_reason=finish) == whole  # type: ignore[arg-type]
