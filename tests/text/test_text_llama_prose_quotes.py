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
# "," or "}" may follow a string). The string ends in "{": the call object may have begun there
# after a stray quote, or be data the model wrote in the string with its quotes unescaped. It is
# in the string as much as after it: an invalid call, never run, never lost (revT r1).
@pytest.mark.parametrize("before", ['Fill in {"city": "x, then ', 'Fill in ["x, then ', 'Fill in {"a": [1, {"b": "see '])
@pytest.mark.parametrize("call", [CALL, '{ \n  "name": "search",\n  "parameters": {"q": "x"}\n}'])
def test_a_call_whose_bracket_a_stray_string_swallowed_is_invalid(before: str, call: str) -> None:
    head = before.rstrip()
    check(before + call, P, head, None, [Invalid("search", raw=call)], finish_reason="stop")  # type: ignore[arg-type]
    check(before + call + " ok " + CALL, P, head + "  ok", None,  # type: ignore[arg-type]
          [Invalid("search", raw=call), SEARCH], finish_reason="stop")
    check(before + call + ' and say "done".', P, head + '  and say "done".', None,  # type: ignore[arg-type]
          [Invalid("search", raw=call)], finish_reason="length")
    # cut off by the token limit: a cut call, as after any prose
    cut = call[: call.index(",") + 1]
    check(before + cut, P, head, None, [Invalid("search", truncated=True, raw=cut)], finish_reason="length")  # type: ignore[arg-type]


# A call object in a data string whose text goes on as that string after it ('… now"}', '",
# "ok": true}'; RFC 8259 §4, §5: "," "}" or "]" after a string) is the value's text: the whole
# value is content, no call, as at every finish (revT r1).
@pytest.mark.parametrize("fr", ["stop", "length", None])
@pytest.mark.parametrize("text", [
    'To delete, the tool JSON is {"example": "{"name": "rm", "parameters": {"path": "/"}}"}. Do not run it.',
    'Here is a sample record: {"log": "called {"name": "rm", "parameters": {}}", "ok": true}',
    'Sample: [{"msg": "error in {"name": "rm", "parameters": {}}"}]',
    'Example: {"ex": "call {"name": "rm", "parameters": {}} now"}',
    'Example: {"ok": true, "ex": "see {\n  "name": "rm",\n  "parameters": {}\n} -- do not run"}',
    'Example: {"ex": "see {"name": "rm", "parameters": {}} \\"quoted\\" too"}',
    'Tools: {"tools": "[{"name": "rm", "parameters": {}}]"}',  # (the docs' data, stringified)
])
def test_a_call_object_in_a_data_string_never_runs(text: str, fr: str | None) -> None:
    check(text, P, text, None, [], finish_reason=fr)  # type: ignore[arg-type]
    # the loose twin (Python's True) is an invalid call, as before
    loose = text.replace("{", "{\"ok\": True, ", 1)
    r = decode_text(loose, P, finish_reason=fr)
    assert [type(c).__name__ for c in r.tool_calls] == ["InvalidToolCall"]


# The reading again from a stray string's "{" never hides a call after it, nor one in the text
# it read again (revT r2): a value that is no call object there is read as before.
@pytest.mark.parametrize("text", [
    'Use {"a": "x, then {"name": "f", oops} and then ' + CALL,
    'Data: it\'s, {"a": "see {  "C:\\' + CALL + '{ "a": ',
    'Use {"a": "x {"name": "f" <|python_tag|>' + CALL,
    'Use {"a": "x {"name": "f", "p": ' + CALL + ', oops',
])
def test_a_value_read_again_from_a_stray_bracket_hides_no_call(text: str) -> None:
    r = decode_text(text, JSON_AFTER_PROSE, finish_reason="stop")
    assert list(r.tool_calls) == [SEARCH]
    assert stream(text, JSON_AFTER_PROSE, list(text), finish_reason="stop") == r  # type: ignore[arg-type]


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


# -- 4. an unclosed single quote before a call marker ------------------------------------
# A single-quoted string that never closes and quotes a call marker is read as a double-quoted
# one that does: the markup is its text and never runs, at every finish. Reading its quote as
# an apostrophe where its text up to the marker closes the value's brackets ran quoted markup in
# a dict of proper single-quoted strings ({'a': 'x}', 'b': 'y} <function=rm>…): the brackets
# of text in a string tell nothing (revT r3). It is an invalid call, never run, never lost.
@pytest.mark.parametrize("fr", ["stop", "length", None])
def test_a_call_after_an_unclosed_single_quote_is_invalid(fr: str | None) -> None:
    for before in ("Flags: ['a', 'b] then ", "Flags: [1, 'b] then ", "Set {'mode': 'it} "):
        head = before[: before.index(" ")]
        text = before + "<|python_tag|>" + CALL
        check(text, P, head, None, [Invalid("search", truncated=True, raw=text[len(head) + 1 :])],  # type: ignore[arg-type]
              finish_reason=fr)
        text = before + '<function=search>{"q": "x"}</function> and done'
        check(text, P, head, None, [Invalid(raw=text[len(head) + 1 :])], finish_reason=fr)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["Config: {'a': 'x}', 'b': 'y} <function=rm>{}</function>",
                                  "Config: {'greeting': 'Hello}! <function=rm>{}</function>",
                                  "Config: {'re': '^\\} <|python_tag|>" + EVIL])
def test_quoted_markup_in_a_single_quoted_dict_never_runs(text: str) -> None:
    r = check(text, P, "Config:", None, [Invalid("evil" if "python_tag" in text else None,  # type: ignore[arg-type]
                                                 truncated="python_tag" in text)], finish_reason="stop")
    assert r.tool_calls[0].raw == text[8:]  # type: ignore[union-attr]


@pytest.mark.parametrize("text", ["Set {'mode': 'fast, then <|python_tag|>" + CALL,
                                  "Set {'re': '[^}] <function=search>{}</function>",
                                  "Set {'a': [1, 'b] then <function=search>{}</function>",
                                  # only a string escapes its quote (the Windows path's "\\"):
                                  "Set {'a': 'x} <function=search>{}</function> C:\\'}"])
def test_an_unclosed_single_quote_that_leaves_the_value_open_still_quotes_the_marker(text: str) -> None:
    r = check(text, P, "Set", None, [Invalid("search" if "python_tag" in text else None,  # type: ignore[arg-type]
                                             truncated="python_tag" in text)], finish_reason="stop")
    assert r.tool_calls[0].raw == text[4:]  # type: ignore[union-attr]


# -- 7. a call object quoted inside a data string never runs, nor is lost ----------------------
# revT2: a call nested in the quoted object, or the next object of a quoted list, or the next
# quoted example ran. The OpenAI tool-call form ("type": "function", "function": {…}) as data.
RM = '{"name": "rm", "parameters": {"path": "/"}}'


@pytest.mark.parametrize("fr", ["stop", "length", None])
@pytest.mark.parametrize(("text", "names"), [
    ('OpenAI form: {"example": "{"type": "function", "function": ' + RM + '}"}. Do not run it.', ["rm"]),
    ('Logged: {"event": "{"call": ' + RM + '}", "ok": true}', ["rm"]),
    ('Example request: {"tools": "[{"name": "ls", "parameters": {}}, ' + RM + ']"}', ["ls", "rm"]),
    ('Example request: {"tools": "[{"name": "ls", "parameters": {}}, {"name": "cd", "parameters": {}}, '
     + RM + ']"}', ["ls", "cd", "rm"]),
    ('Example: {"ex": "{"name": "ls", "parameters": {}}", "ex2": "' + RM + '"}', ["rm"]),
    ('Quoted: "' + RM + '" was the call.', ["rm"]),
    ('Quoted: "  ' + RM + '" was the call.', ["rm"]),
])
def test_a_call_object_quoted_in_a_data_string_never_runs(text: str, names: list[str], fr: str | None) -> None:
    r = decode_text(text, JSON_AFTER_PROSE, finish_reason=fr)
    assert [type(c).__name__ for c in r.tool_calls] == ["InvalidToolCall"] * len(names)
    assert [c.name for c in r.tool_calls] == names
    assert r.tool_calls[-1].raw == RM  # type: ignore[union-attr]
    for cut in range(1, len(text)):
        assert stream(text, JSON_AFTER_PROSE, [text[:cut], text[cut:]], finish_reason=fr) == r  # type: ignore[arg-type]


@pytest.mark.parametrize("text", [
    'Done: "ok"\n' + RM,  # (a quote that ends a line: the call on the next one runs)
    'He said "ok", then ' + RM,
    '{"a": "x"} ' + RM,
])
def test_a_call_object_after_a_closed_quote_still_runs(text: str) -> None:
    r = decode_text(text, JSON_AFTER_PROSE, finish_reason="stop")
    assert [type(c).__name__ for c in r.tool_calls] == ["ToolCall"]


# -- every split reads as the whole text ------------------------------------------------------
PIECES = [
    "{", "[", "}", "]", "'", '"', "\\", " ", ", ", ": ", "\n", "x", "it's", "True", '"name": "f", ', "'a': ",
    '"a": ', "<|python_tag|>", "<function=g>{}</function>", "<|eom_id|>", "<|eot_id|>", "<|eo", "\\<|python_tag|>",
    '{"name": "g", "parameters": {}}', '"x, then {', "'b] then ", '{"a": "see { ', "'it's fine'}", '\\"}}',
    # (revT: call objects in data strings, what follows them, single-quoted dicts)
    '{"ex": "see {', '"}', '", "ok": true}', " now", "\n", "{'a': 'x} ", "'y} ", "C:\\", " oops} ",
    # (revT2: call objects nested in a quoted object, in a quoted list, after a quote)
    '{"event": "{"call": ', '{"type": "function", "function": ', '"[{"name": "ls", "parameters": {}}, ',
    ']"}', '"{"name": "rm", "parameters": {}}"', '" ', ', ',
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


# -- 8. which quote a call object stands in: the count of '"' on its line -----------------------
# revT3: quoted calls joined by ";" (the Llama 3.1 prompt format's separator between calls), by
# ",\n" (a list written one item a line) or after a data item of a quoted list still ran; and a
# call after a string closed on its line ('Deleting "/tmp/x" {…}') was flagged. RFC 8259 §7: a
# string runs from a '"' to the next one; an odd count of '"' before the bracket on its line
# leaves a string open there, and a bracket right after its quote, or after one that stood so on
# its line, is in it (quoted JSON, which also goes on past the line end).
LS = '{"name": "ls", "parameters": {}}'


@pytest.mark.parametrize("fr", ["stop", "length", None])
@pytest.mark.parametrize(("text", "names"), [
    ('Example: "' + LS + "; " + RM + '"', ["ls", "rm"]),
    ('Example: {"calls": "' + LS + "; " + RM + '"}', ["ls", "rm"]),
    ('Example: {"calls": "[' + LS + "; " + RM + ']"}', ["ls", "rm"]),
    ('Example: {"tools": "[' + LS + ",\n" + RM + ']"}', ["ls", "rm"]),
    ('Example: {"tools": "[\n  ' + LS + ",\n  " + RM + '\n]"}', ["ls", "rm"]),
    ('Example: {"tools": "[' + LS + ", 1, " + RM + ']"}', ["ls", "rm"]),
    ('Example: {"tools": "[{"a": 1}, ' + RM + ']"}', ["rm"]),
    ('The 5" screen: "' + RM + "<|eot_id|>", ["rm"]),  # ('"{' opens a string whatever the count)
])
def test_a_call_object_in_a_quote_open_on_its_line_never_runs(text: str, names: list[str], fr: str | None) -> None:
    r = decode_text(text, JSON_AFTER_PROSE, finish_reason=fr)
    assert [type(c).__name__ for c in r.tool_calls] == ["InvalidToolCall"] * len(names)
    assert [c.name for c in r.tool_calls] == names
    for cut in range(1, len(text)):
        assert stream(text, JSON_AFTER_PROSE, [text[:cut], text[cut:]], finish_reason=fr) == r  # type: ignore[arg-type]


@pytest.mark.parametrize(("text", "names"), [
    ('Deleting "/tmp/x" ' + RM, ["rm"]),
    ('The key is "name" ' + RM, ["rm"]),
    ('Example: "' + LS + '" ' + RM, ["ls", "rm"]),
    ('Use "a", "b" and "c": ' + RM, ["rm"]),
    ('The 5" screen.\n' + RM, ["rm"]),  # (a quote with no bracket after it ends with its line)
])
def test_a_call_object_after_a_quote_closed_on_its_line_runs(text: str, names: list[str]) -> None:
    r = decode_text(text, JSON_AFTER_PROSE, finish_reason="stop")
    assert [c.name for c in r.tool_calls] == names
    assert [type(c).__name__ for c in r.tool_calls][-1] == "ToolCall"
    assert r.tool_calls[-1] == C("rm", {"path": "/"})
    for cut in range(1, len(text)):
        assert stream(text, JSON_AFTER_PROSE, [text[:cut], text[cut:]], finish_reason="stop") == r  # type: ignore[arg-type]


# revT2 #2: a value read again from a stray string's "{" that never closes is as any value still
# open at the end: with a "name" key a cut-off call (it may be a real call that the token limit cut,
# so it is signalled, never read as prose that loses it), content otherwise.
@pytest.mark.parametrize("fr", ["stop", "length", None])
def test_an_unclosed_value_read_again_is_a_cut_call(fr: str | None) -> None:
    text = 'Data: {"ex": "see {"a": {"name": "rm", "parameters": {}}'
    check(text, P, 'Data: {"ex": "see', None, [Invalid("rm", truncated=True, raw=text[18:])],  # type: ignore[arg-type]
          finish_reason=fr)
    text = 'Data: {"ex": "see {"a": {"b": 1}'
    check(text, P, text, None, [], finish_reason=fr)  # type: ignore[arg-type]


# A call object after text in an open quote (or after a stray quote: the count cannot tell) is in
# that string when a quote comes after it on its line; the next item after a call made invalid
# so, after nothing but ";" or "," (a line end too), is in it as well.
@pytest.mark.parametrize("fr", ["stop", "length", None])
@pytest.mark.parametrize(("text", "names"), [
    ('Say "run ' + RM + '" to delete.', ["rm"]),
    ('Example: {"calls": "see ' + LS + "; " + RM + '"}', ["ls", "rm"]),
    ('Example: {"calls": "see ' + LS + ";\n" + RM + '"}', ["ls", "rm"]),
    ('Example: {"calls": "see ' + LS + ",\n\n" + RM + ", " + RM + '"}', ["ls", "rm", "rm"]),
    ('The 5" screen: "' + LS + "; " + RM + '"', ["ls", "rm"]),  # (a stray quote before: right after one)
    ('The 5" screen: \\"' + RM + '\\"', ["rm"]),
])
def test_a_call_object_in_a_quote_closed_after_it_never_runs(text: str, names: list[str], fr: str | None) -> None:
    r = decode_text(text, JSON_AFTER_PROSE, finish_reason=fr)
    assert [type(c).__name__ for c in r.tool_calls] == ["InvalidToolCall"] * len(names)
    assert [c.name for c in r.tool_calls] == names
    for cut in range(1, len(text)):
        assert stream(text, JSON_AFTER_PROSE, [text[:cut], text[cut:]], finish_reason=fr) == r  # type: ignore[arg-type]
    assert stream(text, JSON_AFTER_PROSE, list(text), finish_reason=fr) == r  # type: ignore[arg-type]


@pytest.mark.parametrize("text", [
    'The spec is {"size": "5" screen"}. Check: ' + RM,
    'The spec is {"size": "5" screen"}. Check: ' + RM + "\nThanks.",
    'The spec is {"size": "5" screen"}. Check: ' + RM + "<|eot_id|>",
    'The spec is {"size": "5" screen"}. Check: ' + RM + " and " + RM + ".",
])
def test_a_call_object_after_a_stray_quote_with_no_quote_after_it_runs(text: str) -> None:
    r = decode_text(text, JSON_AFTER_PROSE, finish_reason="stop")
    assert list(r.tool_calls) == [C("rm", {"path": "/"})] * text.count('"rm"')
    for cut in range(1, len(text)):
        assert stream(text, JSON_AFTER_PROSE, [text[:cut], text[cut:]], finish_reason="stop") == r  # type: ignore[arg-type]
