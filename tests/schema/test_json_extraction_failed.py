"""JSON found in a reply's text after a value that fails to decode outside a string
(docs/structured-output.md "JSON extraction"): the scan goes on, reading each
double-quoted string as a string (RFC 8259 §7: a string runs from its quote to the next
quote no backslash takes) until the failed value's brackets close or the text ends, so
no value written inside a string of a broken answer is the answer; a ``{`` or ``[``
outside those strings still begins a candidate. A value that fails right after a string
holding a ``{`` or ``[`` (a stray ``["`` in the prose, whose quote closed at the
answer's first key) may have had the answer begin inside that string: nothing after is
taken ("lost, never wrong": ``invalid``, a correction turn)."""

from __future__ import annotations

import json
from typing import Any, Tuple

import pytest

from toolwire._json_extract import candidates, extract_json
from toolwire.retry import classify, prepare

MESSAGES = [{"role": "user", "content": "ids?"}]
INTS = {"type": "array", "items": {"type": "integer"}}
OBJECT = {"type": "object"}


def chat(content: str) -> Any:
    return {"object": "chat.completion",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}]}


def outcome(text: str, schema: Any) -> Tuple[str, Any]:
    st_ = prepare({"model": "m", "max_tokens": 100, "messages": MESSAGES}, schema, "openai.chat", mode="prompt").state
    out = classify(chat(text), st_)
    return out.kind, out.value


# session 38's left-open reproducer (repro_malformed_member.py): the decode failed on Python's True or a missing
# comma, the scan went on there, read the rest of the value as prose and took [1, 2] written in a later string
@pytest.mark.parametrize("text", [
    '{"done": True, "note": "see [1, 2]"}',
    '{"a": 1 "note": "see [1, 2]"}',
    '{"a": [3, x], "note": "see [1, 2]"}',
    '{"done": True, "note": "see \\"[1, 2]\\" too"}',  # an escaped quote does not end the string
])
def test_no_value_inside_a_string_of_a_failed_value(text: str) -> None:
    assert outcome(text, INTS) == ("invalid", None)


@pytest.mark.parametrize(("text", "value"), [
    ('Values [1, 2, and then {"a": 3}', {"a": 3}),  # an opener outside the failed value's strings
    ('{"done": True, "note": "see"} and then {"a": 3}', {"a": 3}),  # after its brackets close
    ('{"done": True, "note": "a } brace"} then {"a": 3}', {"a": 3}),  # a bracket in a string closes nothing
])
def test_openers_outside_strings_after_a_failure_are_candidates(text: str, value: Any) -> None:
    assert outcome(text, OBJECT) == ("ok", value)


# revJ 2: a stray `["` / `{"` before the answer, its string holding a refused escape (or none), ran to the answer's
# first key quote; the scan resumed inside the answer and took an inner object as `ok`
STRAYS = ['["\\d+', '["d+', '{"path": "C:\\data', '["\\u12', '["C:\\temp', '{"re": "\\w+', '{"re": "w+']


@pytest.mark.parametrize("stray", STRAYS)
@pytest.mark.parametrize("indent", [None, 2])
def test_a_stray_quote_before_the_answer_gives_no_inner_value(stray: str, indent: Any) -> None:
    answer = {"result": {"count": 2}, "ok": True, "ids": [1, 2]}
    text = f"I matched {stray} in the log. Answer: {json.dumps(answer, indent=indent)}\nDone."
    assert outcome(text, OBJECT) == ("invalid", None)
    assert outcome(text, INTS) == ("invalid", None)


def test_the_reviewers_stray_reproducer() -> None:
    text = 'I matched ["\\d+ in the log. Answer: {"result": {"count": 2}, "ok": true}'
    assert outcome(text, OBJECT) == ("invalid", None)


def test_a_string_with_no_opener_before_a_failure_lets_the_scan_go_on() -> None:
    """The string closed before the failure holds no ``{`` or ``[``: no value began in it."""
    text = 'I matched ["\\d+ in the log". Answer: {"result": 1}'
    assert extract_json(text)[:2] == (True, {"result": 1})


def test_a_failed_value_that_the_text_ends_in_a_string_of_yields_nothing_after() -> None:
    text = '{"done": True, "note": "see [1, 2]'
    assert candidates(text) == []


# revJ 3: a think tag inside a JSON string of a value that also holds a refused escape (the value stands, so ``<`` is
# in one of its strings) was moved to the reasoning when it sat in a nested member (and in a top-level one before)
@pytest.mark.parametrize("text", [
    '{"regex": "\\d+", "note": {"html": "<think>x</think>"}}',
    '{"path": "C:\\data", "tpl": {"t": "<think>a</think>"}}',
    '{"path": "C:\\data", "t": "<think>a</think>"}',
    'Here: {"path": "C:\\data", "t": "<think>a</think>"} done',
])
def test_a_tag_in_a_string_of_a_value_with_a_refused_escape_stays(text: str) -> None:
    from toolwire._think import split_think
    from toolwire.stream import Accumulator

    assert split_think(text, "")[:2] == (text, "")
    assert split_think("<think>plan</think>" + text, "")[:2] == (text, "plan")
    acc = Accumulator("openai.chat")
    for c in text:
        acc.feed({"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"content": c}}]})
        acc.text  # noqa: B018  (read after every chunk)
    assert acc.text == text


# revJ2 1: a failed value's string ending in an unclosed opener (``"see [1"``) ends the candidates (a value may have
# begun inside it); the think split must still keep a tag inside a later value that stands whole (RFC 8259: ``<``
# occurs in JSON only inside a string)
@pytest.mark.parametrize("text", [
    'Here {"done": True, "note": "see [1"} and {"html": "<think>x</think>"}',
    'Note ["a [1" x] then {"html": "<think>x</think>"}',
    '{"ok": True, "regex": "^[0"}\n{"prompt": "Wrap it in <think>plan</think> tags"}',
    'I matched ["d+ in the log. Answer: {"result": 1} and {"t": "<think>a</think>"}',
])
def test_a_tag_in_a_value_after_the_candidates_end_stays(text: str) -> None:
    from toolwire._think import split_think
    from toolwire.stream import Accumulator

    assert split_think(text, "")[:2] == (text, "")
    assert split_think("<think>plan</think>" + text, "")[:2] == (text, "plan")
    acc = Accumulator("openai.chat")
    for c in text:
        acc.feed({"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"content": c}}]})
        acc.text  # noqa: B018  (read after every chunk)
    assert acc.text == text


def test_values_after_the_candidates_end_are_still_no_answer() -> None:
    """They keep their tags, never become candidates: what follows may be inside the value begun in the string."""
    assert outcome('Here {"done": True, "note": "see [1"} and {"html": "<think>x</think>"}', OBJECT) == ("invalid", None)


# revJ2 2: the strings-as-strings stretch after a failed value ended at a closer of any kind, so a wrong-kind closer
# ended it at once and a value written in a later string of the same value was taken
@pytest.mark.parametrize("text", [
    '{"a": 1], "note": "see [1, 2]"}',  # `]` for `}`
    '{"items": ["x"}], "note": "see [1, 2]"}',  # closers swapped
    '{"a": [1}, "note": "see [1, 2]"]}',
])
def test_a_closer_of_the_wrong_kind_does_not_end_the_failed_value(text: str) -> None:
    assert outcome(text, INTS) == ("invalid", None)


def test_the_failed_value_ends_at_its_own_closers() -> None:
    assert outcome('{"a": 1], "note": "see"} then [1, 2]', INTS) == ("ok", [1, 2])


HIDDEN_SHAPES = {
    "standing": lambda n: '{"t": "<think>x</think>"} ' * n,
    "failing": lambda n: '{"a": True, "b": "[1"} [x, "y"] ' * n,
    "strings": lambda n: '"see [1" {"k": "v" ' * n,
    "mismatched": lambda n: '{"a": 1] "b [" ' * n,
}


@pytest.mark.parametrize("shape", list(HIDDEN_SHAPES))
def test_the_scan_after_the_candidates_end_stays_linear(shape: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """n and 4n: past the string that ends the candidates, the scan reads on for the spans that
    stand (``KeptSpans``): the decodes grow 4 times, not 16, and ``_value_end`` reads each
    character at most once."""
    from toolwire import _json_extract
    from toolwire._think import KeptSpans

    read = [0]
    decodes = [0]
    inner = _json_extract._value_end
    decoder = _json_extract._DECODER

    def counted(text: str, i: int) -> Any:
        out = inner(text, i)
        read[0] += out[1] - i
        return out

    class Counting:
        def raw_decode(self, text: str, i: int) -> Any:
            decodes[0] += 1
            return decoder.raw_decode(text, i)

    monkeypatch.setattr(_json_extract, "_value_end", counted)
    monkeypatch.setattr(_json_extract, "_DECODER", Counting())
    work = []
    for n in (500, 2_000):
        read[0] = decodes[0] = 0
        text = '{"done": True, "note": "see [1"} ' + HIDDEN_SHAPES[shape](n)
        KeptSpans(text)
        work.append((read[0], decodes[0], len(text)))
    (r1, d1, n1), (r4, d4, n4) = work
    assert r1 <= 2 * n1 and r4 <= 2 * n4, work
    assert d4 <= 4 * d1 + 4, work


# session 40 (the last note's §6, revJ2 2): a quote written unescaped inside a string ended it for the decoder, the
# value failed right after it, and a value written in the rest of that string was the answer ("He said "use [1, 2]"
# here" gave [1, 2]). The text from the failure to the next quote (its brackets balanced) is that string's, and so
# is the text to the quote after it: lost, never wrong
@pytest.mark.parametrize("text", [
    '{"answer": "He said "use [1, 2]" here"}',
    '{"answer": "He said "use [1, 2]""}',
    '{"answer": "He said "use [1, 2] now"}',  # one quote inside: the string runs to the text's end
    'Reply: {"a": "x "y [3]" z"}',
    '{"note": "see "[1, 2]" and "[3]" too", "ok": true}',
    '{"He said "use [1, 2]"": 1}',  # in a key
    '["a "b [1, 2]" c"] [',
    # ...after the first one, a string of the failed value with no delimiter after it, and a value a quote follows
    '{"a": True, "b": ""a [5] b" "[7, 8] ok" too"}',
    'note: {"f0": "He said "it" "[6]" too"}',
    '{"f0": "He said "it" and more", "f2": "a "see [3]" and more"}',
])
def test_no_value_after_a_quote_written_inside_a_string(text: str) -> None:
    assert outcome(text, INTS) == ("invalid", None)


@pytest.mark.parametrize(("text", "value"), [
    ('{"a": "x" oops} {"b": [1]}', {"b": [1]}),  # a closer of the failed value's before the next quote
    ('{"a": "x" oops {"b": [1]}', {"b": [1]}),  # an opener still open at it
    ('{"a": "x" "y"} {"b": [1]}', {"b": [1]}),  # a quote right after the string
    ('{"a": "He said "use [1, 2]" here"} then {"b": [3]}', {"b": [3]}),  # the string ends at its last quote
])
def test_values_after_a_failure_right_after_a_string_still_found(text: str, value: Any) -> None:
    assert outcome(text, OBJECT) == ("ok", value)


# session 40 (revJ 1, 2): the inner-quote reading applied anywhere in a failed value's brackets: an answer a quote
# followed was no candidate, and a quoted word of prose after {"a": 1] took the text to the next quote as a string
# (an earlier value won, or nothing). It holds only where it closes the failed value: one left open at the end of the
# text is read again without it
@pytest.mark.parametrize(("text", "value"), [
    ('Your input {"a": 1] is broken; the list [3] too. Fixed: {"a": 1} "a" is now an integer.', {"a": 1}),
    ('x = {"a": [1, 2} ["x", "y"] Answer: {"ok": true} "quote" at end', {"ok": True}),
    ('x = {"a": [1, 2}\n{"path": "C:\\\\dir"} "path" is the folder.', {"path": "C:\\dir"}),
    ('Input {"a": 1] is "bad", try [3] first. Error "x" so the answer is [1, 2] as "final".', [1, 2]),
    ('Your JSON {"ids": [1, 2} was cut. The "ids" list is [1, 2, 3] per "spec".', [1, 2, 3]),
    ('See [0]. Your input {"a": 1] is broken. The "ids" field is [1, 2, 3]', [1, 2, 3]),
    ('see [0] I ran {"cmd": "ls" -l. [true, null] as "final".', [True, None]),
    ('{"k": "v"] Answer: "x" is "y". [true, null]', [True, None]),
])
def test_quoted_prose_after_a_failed_value_left_open_hides_no_answer(text: str, value: Any) -> None:
    assert extract_json(text)[:2] == (True, value)
    assert outcome(text, OBJECT if isinstance(value, dict) else {"type": "array"}) == ("ok", value)


def test_a_corrected_answer_a_quote_follows_is_the_answer() -> None:
    schema = {"type": "object", "properties": {"name": {"type": "string"}, "age": {"type": "integer"}},
              "required": ["name", "age"]}
    text = ('Your input {"name": "Al", "age": "3"] is broken. The first try {"name": "Al", "age": 0} was wrong '
            'too. Fixed: {"name": "Al", "age": 3} "age" is now an integer.')
    assert outcome(text, schema) == ("ok", {"name": "Al", "age": 3})


QUOTED_SHAPES = {
    "inner pairs": lambda n: '{"a": "x "y [1]" z"} ' * n,
    "many pairs in one string": lambda n: '{"a": "x ' + '"y [1]" z ' * n + '"} ',
    "no pair: a closer of its own": lambda n: '{"a": "x" ' + "y [1] " * n + "} ",
    "failures after strings, an opener open at each quote": lambda n: '["s" b c "d" ' * n + "] ",
    "strings with no delimiter after them in a failed value": lambda n: '{"a": True, ' + '"x" y ' * n + "} ",
    "values a quote follows in a failed value": lambda n: '{"a": True, ' + '[1] "x", ' * n + "} ",
    # the failed value open at the end: read again without the rule (twice in all)
    "quoted words of prose after a failed value": lambda n: '{"a": 1] ' + 'so "x" y ' * n,
    "values a quote follows in a failed value left open": lambda n: '{"a": "x" y ' + '[1] "x" ' * n,
}


@pytest.mark.parametrize("shape", list(QUOTED_SHAPES))
def test_reading_on_after_a_quote_inside_a_string_stays_linear(shape: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """n and 4n: the text read past failures right after strings (``_quoted_on``'s searches
    and the strings it reads) grows 4 times, not 16."""
    from toolwire import _json_extract, _json_quotes

    read = [0]
    search = _json_quotes._QUOTED.search
    string_end = _json_extract._string_end

    class Counting:
        def search(self, text: str, pos: int) -> Any:
            m = search(text, pos)
            read[0] += (m.end() if m else len(text)) - pos
            return m

    def counted_end(text: str, quote: int) -> Any:
        out = string_end(text, quote)
        read[0] += (out[0] if out[0] >= 0 else len(text)) - quote
        return out

    monkeypatch.setattr(_json_quotes, "_QUOTED", Counting())
    monkeypatch.setattr(_json_extract, "_string_end", counted_end)
    work = []
    for n in (500, 2_000):
        read[0] = 0
        text = QUOTED_SHAPES[shape](n) + "[9]"
        assert extract_json(text)[:2] == (True, [9])
        work.append((read[0], len(text)))
    (r1, n1), (r4, n4) = work
    assert r1 <= 3 * n1 and r4 <= 3 * n4, work
    assert r4 <= 5 * r1 + 100, work


# session 40 (revJ3 1): after the candidates ended at a string a value may have begun in (a failed value's quote
# whose string held the answer's `{`, a stray `["`), the scan read on past that string: the value begun in it was
# never read, and a think tag in a string of it went to the reasoning. The value that stands there is a span kept
@pytest.mark.parametrize(("text", "answer"), [
    ('Your input {"a": 1] is broken, here\'s a "fixed one: {"html": "<think>x</think>"}', None),
    ('<think>The user typed {"a": 1] so "fix it</think>{"html": "<think>x</think>"}', '{"html": "<think>x</think>"}'),
    ('"see [1""}"]{"html": "<think>x</think>"}', None),
    ('I matched ["\\d+ in the log. Answer: {"t": "<think>a</think>"}', None),
    # revJ 4: after the candidates ended, a later value begun in a string a failure follows is a span too
    ('<think>[""{"[""["</think>{"html": "<think>x</think>"}', '{"html": "<think>x</think>"}'),
    ('<think>[""{"</think>{"html": "<b>"} ["\\d+ in log {"html": "<think>x</think>"}',
     '{"html": "<b>"} ["\\d+ in log {"html": "<think>x</think>"}'),
])
def test_a_tag_in_a_value_begun_inside_the_string_that_ended_the_candidates_stays(text: str, answer: Any) -> None:
    from toolwire._think import split_think
    from toolwire.stream._think_read import ThinkRead

    want = text if answer is None else answer
    assert split_think(text, "")[0] == want
    read = ThinkRead(False)
    for p in range(1, len(text) + 1):
        assert read.read(text[:p]) == split_think(text[:p], "")[0], text[:p]
    assert read.read(text) == want


# session 41 (revJ2 leftovers 1, 2): the inner-quote reading was dropped whole where the failed value stayed open,
# and kept whole where the text ended in a string. A string that ran on where no string of a value can stand (a
# quoted word of prose), or whose run ends with no delimiter after it, is read again as a plain string; one that ran
# on where a value's string stands (after `:` `,` `{` `[`) keeps its reading: a cut answer gives no value from it
@pytest.mark.parametrize(("text", "value"), [
    ('x = {"a": [1, 2} Fixed: {"a": 1} "a" is now an integer. [1, 2, 3] per "spe', [1, 2, 3]),
    ('Your input {"a": 1] gave "error". The answer is [1, 2] per "spe', [1, 2]),
])
def test_a_reply_cut_in_a_quoted_word_after_a_failed_value_keeps_the_last_value(text: str, value: Any) -> None:
    assert extract_json(text)[:2] == (True, value)
    assert outcome(text, {"type": "array"}) == ("ok", value)


@pytest.mark.parametrize("text", [
    '{"answer": "He said "use [1, 2]" here"',
    '["x", "a "[8]" b"',
    '{"note": "see "{"k": 3}" ok"',
    '{"a": "\\x [1]" oops [2]',
])
def test_a_cut_value_gives_no_value_from_a_string_of_its_that_ran_on(text: str) -> None:
    assert extract_json(text)[:2] == (False, None)
    assert outcome(text, {}) == ("invalid", None)


def test_a_quoted_word_read_again_leaves_a_value_string_that_ran_on_as_it_read() -> None:
    text = '"error" [1, 2, 3] {"a": 1,\n"error" "spec". {"a": 1} "spec". {"a": "He said "'
    assert extract_json(text)[:2] == (True, {"a": 1})


# session 41 (revJ2 leftover 3): where the candidates ended at a string a value may have begun in (a `"{"` quoted in
# the prose), the value before it won though the answer was lost after it. A value found past that string (or
# begun in it, standing) means the last value is unknown: invalid, a correction turn
@pytest.mark.parametrize("text", [
    '{"a": 1] Use [1] then type "{" to start. Answer: {"x": 2}',
    'Try [5]. Type "{" then {"x": 2} done',
    '[3] and {"a": [1} then "{" then {"b": 2}',
])
def test_no_earlier_value_wins_over_an_answer_a_quoted_brace_hides(text: str) -> None:
    assert extract_json(text)[:2] == (False, None)
    assert outcome(text, {}) == ("invalid", None)


@pytest.mark.parametrize("text", ['Answer: {"x": 1}. In regex ["{" means x', 'Answer: {"x": 1}. Type "{" to open.'])
def test_an_answer_before_a_quoted_brace_nothing_follows_still_wins(text: str) -> None:
    assert extract_json(text)[:2] == (True, {"x": 1})


@pytest.mark.parametrize("make", [
    lambda n: '[0] {"a": 1] "{" ' + 'x [1] "y" ' * n,  # the rest read once more past the quoted brace (``_lost``)
    lambda n: '{"a": 1] "w" ' + 'so "x" y [1] ' * n + '"z',  # quoted words read again as plain strings
    lambda n: '{"a": 1] "w" ' + 'so "x" y [1] ' * n + 'Try "{" then {"b": 2}',  # both
    lambda n: '[0] {"b": 2, "c"\n' + 'so [1] x ' * n,  # a string run on to the end: read once more as prose
    lambda n: '[0] {"a": 1] "w" ' + 'so "x" y [1] ' * n + '{"b": "c" [2] "d"',  # read again, then once more
])
def test_the_reads_again_stay_linear(make: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """n and 4n: each read of the text (``_pass``, from where it starts) is counted whole;
    a constant number of them, not one per quote."""
    from toolwire import _json_extract

    read = [0]
    inner = _json_extract._pass

    def counted(text: str, *args: Any) -> Any:
        read[0] += len(text) - (args[4] if len(args) > 4 else 0)
        return inner(text, *args)

    monkeypatch.setattr(_json_extract, "_pass", counted)
    work = []
    for n in (500, 2_000):
        read[0] = 0
        text = make(n)
        candidates(text)
        work.append((read[0], len(text)))
    (r1, n1), (r4, n4) = work
    assert r1 <= 4 * n1 and r4 <= 4 * n4, work
