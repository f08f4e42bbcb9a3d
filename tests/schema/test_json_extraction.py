"""JSON found in a reply's text (``retry.classify``'s third source): a value nested in
one that does not parse is never the answer, and the scan reads each character a
bounded number of times (``benchmarks/bench_scaling.py`` shows it at n and 4n)."""

from __future__ import annotations

import json
import re
from typing import Any, Dict

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from toolwire._json_extract import candidates, end_of_value, extract_json, open_json
from toolwire.retry import classify, plan, prepare

S = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"], "additionalProperties": False}
MESSAGES = [{"role": "user", "content": "Give me a."}]


def chat(content: str, finish: str = "stop") -> Dict[str, Any]:
    return {"object": "chat.completion",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": finish}]}


def state(target: str = "openai.chat") -> Any:
    return prepare({"model": "m", "max_tokens": 100, "messages": MESSAGES}, S, target, mode="prompt").state


@pytest.mark.parametrize("text", [
    '{"b": {"a": 1}, "c": [1,',  # cut off: the outer object never closes
    '{"b": {"a": 1},}',  # a trailing comma (JSON5): the outer object does not parse
    '{"b": {"a": 1} "c": 2}',  # a missing comma
    '[{"a": 1}, {"a": 2} oops',
    'The answer: {"b": {"a": 1}, "c": "unterminated',
])
def test_a_value_inside_one_that_does_not_parse_is_not_the_answer(text: str) -> None:
    """Each nested ``{"a": ...}`` validates against the schema, but it is a piece of a
    broken answer: the reply is invalid (a correction turn follows), not ``ok``."""
    out = classify(chat(text), state())
    assert out.kind == "invalid"
    assert out.value is None


def test_a_reply_cut_off_by_the_context_window_yields_no_piece_of_itself() -> None:
    """Anthropic's ``model_context_window_exceeded`` cut the reply off: it was not read
    as truncated, so the text was searched, and its nested object was taken as the
    answer; it is ``truncated`` now (the text is not searched), and the plan stops."""
    reply = {"type": "message", "role": "assistant", "stop_reason": "model_context_window_exceeded", "usage": {},
             "content": [{"type": "text", "text": '{"first": {"a": 2}, "items": [1, 2,'}]}
    st_ = state("anthropic.messages")
    out = classify(reply, st_)
    assert (out.kind, out.value, out.detail) == ("truncated", None, "model_context_window_exceeded")
    assert out.response is not None and out.response.finish_reason == "context_window"
    assert plan({"model": "m", "messages": MESSAGES}, out, st_).action == "stop"


@pytest.mark.parametrize("text, value", [
    ('Use {name} or [a, b]; the answer: {"a": 1}', {"a": 1}),
    ('The set {1, 2} and then {"a": 2}.', {"a": 2}),
    ('Values [1, 2, and then {"a": 3}', {"a": 3}),  # the list fails at "and": the scan goes on there
    ('{"a": 4} trailing words } ]', {"a": 4}),
    ('Broken {"b": [1, 2 x} and later {"a": 5}', {"a": 5}),
    ('Open with "{" and close with "}": {"a": 6}', {"a": 6}),  # the "{" fails at its closing quote
])
def test_prose_with_braces_still_yields_the_answer_after_it(text: str, value: Any) -> None:
    out = classify(chat(text), state())
    assert (out.kind, out.value) == ("ok", value)


def test_an_answer_swallowed_by_a_failed_value_is_asked_for_again() -> None:
    """The price of reading each character once: a decode that fails *after* the answer
    began (here from a ``{`` in quotes, whose key string runs into the answer) hides it.
    The reply is ``invalid``, so a correction turn asks again; it is never an answer
    taken from inside a broken one."""
    out = classify(chat('A string with a brace "{" then {"a": 6}'), state())
    assert out.kind == "invalid"


class _CountingDecoder:
    """The scan's decoder, counting the decodes it is asked for (each may read the text
    to its end: their number is the scan's cost in reads of the text)."""

    def __init__(self) -> None:
        self.calls = 0
        self.inner = json.JSONDecoder(strict=False)

    def raw_decode(self, text: str, i: int) -> Any:
        self.calls += 1
        return self.inner.raw_decode(text, i)


@pytest.fixture
def decodes(monkeypatch: pytest.MonkeyPatch) -> _CountingDecoder:
    counter = _CountingDecoder()
    monkeypatch.setattr("toolwire._json_extract._DECODER", counter)
    return counter


def test_a_number_too_long_to_read_is_skipped_and_the_scan_goes_on(decodes: _CountingDecoder) -> None:
    """CPython refuses an int of more than 4,300 digits with a ``ValueError`` that has no
    position; the scan goes on where the value fails (``_value_end``), not one character
    after the opener (which decoded the text up to the number again from each of the 50
    openers)."""
    text = "[" * 50 + "1, " * 20 + "9" * 5000 + ' and the answer {"a": 7}'
    found, value, _ = extract_json(text)
    assert (found, value) == (True, {"a": 7})
    assert decodes.calls == 2


def test_openers_before_a_value_that_never_closes_are_not_each_read_to_the_end(decodes: _CountingDecoder) -> None:
    """Many openers and then a long unclosed list: every opener is inside the first
    one's failed value, so none is a candidate (this was 900 reads of the whole text)."""
    assert candidates("[" * 900 + "1," * 2000) == []
    assert decodes.calls == 1
    assert candidates("[" * 900 + "1," * 2000 + 'x {"a": 1}')[-1].value == {"a": 1}
    assert decodes.calls == 3


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)
answers = st.lists(json_values, max_size=3) | st.dictionaries(st.text(max_size=4), json_values, max_size=3)
# prose around them: words, and openers that fail where they stand ("{x}", "{,"), as
# in "use {name}"
prose = st.sampled_from(["word", "{x}", "[a]", "{,", "}", "]", ":", "\\n", "`"])


@given(st.lists(st.one_of(answers.map(lambda v: ("value", v)), prose.map(lambda w: ("prose", w))), max_size=6))
@example([("prose", "{,"), ("value", {"a": 1}), ("prose", "}")])
@example([("value", [1, [2]]), ("prose", "[a]"), ("value", {"k": "{[\""})])
def test_every_value_between_prose_is_found_in_order(parts: Any) -> None:
    """Complete JSON values separated by prose, each found once and whole (never a
    value nested in it), in order; a text that is one value is read whole."""
    text = " ".join(json.dumps(v) if kind == "value" else v for kind, v in parts)
    values = [v for kind, v in parts if kind == "value"]
    found = candidates(text)
    if found and found[0].how == "whole":
        assert [c.value for c in found] == values
    else:
        scanned = [c for c in found if c.how == "scan"]
        assert [c.value for c in scanned] == values
        for c in scanned:
            assert json.loads(text[c.start:c.end]) == c.value


# -- a value nested deeper than the decoder reads is skipped whole, as a failed one is ----------
def test_openers_separated_by_keys_are_not_each_read_to_the_recursion_limit(decodes: _CountingDecoder) -> None:
    """``{"a":[{"a":[...`` nested past the recursion limit: the first decode fails with a
    ``RecursionError``, and every later opener is inside that value, so none is decoded
    again (each was: 2,000 decodes, each as deep as the stack allows)."""
    for n in (1_250, 20_000):
        decodes.calls = 0
        assert candidates('{"a":[' * n) == []
        assert decodes.calls == 1
    out = classify(chat('{"a":[' * 5_000), state())
    assert out.kind == "invalid"


@pytest.mark.parametrize("deep", [3_000, 20])
def test_a_value_too_deep_to_read_is_skipped_as_a_failed_one_is(deep: int) -> None:
    """The same answer whether the value before it is 20 levels deep (the decoder reads
    it) or 3,000 (past the recursion limit): nothing inside it is an answer, the scan goes
    on where it ends or fails."""
    def answer(text: str) -> Any:
        return extract_json(text, lambda v: isinstance(v, dict))[:2]

    closed = 'x [{"a": 1}, ' + "[" * deep + "1" + "]" * deep + "]"
    assert answer(closed + ' then {"a": 2}') == (True, {"a": 2})
    assert answer(closed) == (False, None)  # {"a": 1} is a piece of a list
    unclosed = "x " + '{"k": [' * deep + '{"a": 3}'
    assert answer(unclosed) == (False, None)  # the answer is a piece of the unclosed value
    broken = "x " + '{"k": [' * deep + ' oops } {"a": 4}'  # fails at "oops": the scan goes on there
    assert answer(broken) == (True, {"a": 4})


_JSON_WS = re.compile(r"[ \t\n\r]*")  # RFC 8259 §2


def _decoder_stop(text: str, i: int) -> Any:
    """Where the decoder ends or fails, every escape it refuses (``\\d``, at its backslash;
    ``\\u12``, at its ``u``) made one it reads (``\\/``, as long): a string ends at its quote."""
    while True:
        try:
            return json.JSONDecoder(strict=False).raw_decode(text, i)[1]
        except json.JSONDecodeError as exc:
            if exc.msg.startswith("Invalid \\"):
                at = exc.pos - 1 if exc.msg.startswith("Invalid \\uXXXX") else exc.pos
                text = text[:at] + "\\/" + text[at + 2:]
                continue
            if exc.msg.startswith("Illegal trailing comma"):  # CPython 3.13+ (gh-113149) points at the comma,
                return _JSON_WS.match(text, exc.pos + 1).end()  # before at the closer after it: only whitespace between
            return exc.pos


json_tokens = st.lists(st.sampled_from(
    ["{", "}", "[", "]", ",", ":", " ", "\n", '"', '"k"', '"a\\"b"', '"\\u00e9"', '"\\x"', '"\\u12"', "\\", "1",
     "-", "-0.5e+3", "01", "1.", "true", "nul", "null", "NaN", "-Infinity", "x"]), max_size=14).map("".join)


@given(json_tokens)
@example('{"a": [1, {"b": "c\\"}"}], "d": null} tail')
@example('["a\\u12", 1]')
@example('["a\\d", "\\u00')
@example('{"a" 1}')
@example("[1,]")
def test_where_a_value_ends_or_fails_is_where_the_decoder_says(text: str) -> None:
    """``end_of_value`` (read without recursion, for values too deep for the decoder)
    stops where ``raw_decode`` ends or fails, from every opener, reading a string to its
    quote past an escape the decoder refuses."""
    for i, ch in enumerate(text):
        if ch in "[{":
            assert end_of_value(text, i) == _decoder_stop(text, i), (text, i)


# -- no cap on the openers: an answer after any number of citation markers is found --------------
class _CountingText(str):
    """A text that counts the characters its ``find`` calls pass over: with the decodes
    (``decodes``), the scan's cost in reads of the text."""

    read = 0

    def find(self, sub: Any, start: Any = None, end: Any = None) -> int:
        at = str.find(self, sub, start, end)
        _CountingText.read += (len(self) if at < 0 else at) - (start or 0)
        return at


def _cited(markers: int) -> str:
    return " ".join(f"Fact {i} [{i}]." for i in range(1, markers + 1)) + '\n\n{"a": 7}'


@pytest.mark.parametrize("markers", [1_999, 2_000, 2_100, 10_000])
def test_an_answer_after_thousands_of_citation_markers_is_found(markers: int) -> None:
    """Numbered citation markers (``[1]`` ... ``[2100]``) are each a JSON value; the scan
    once stopped after 2,000 openers, so the answer after them was missed and ``[2000]``
    reported as the answer (``$`` is not of type object)."""
    out = classify(chat(_cited(markers)), state())
    assert (out.kind, out.value) == ("ok", {"a": 7})


def test_the_scan_reads_each_character_a_bounded_number_of_times(decodes: _CountingDecoder) -> None:
    """n markers and 4n: four times the decodes and four times the characters the
    searches for the next opener pass over (a search for ``{`` from every ``[`` read the
    rest of the text each time: quadratic)."""
    work = []
    for n in (2_000, 8_000):
        decodes.calls = _CountingText.read = 0
        text = _CountingText(_cited(n))
        assert candidates(text)[-1].value == {"a": 7}
        work.append((decodes.calls, _CountingText.read, len(text)))
    (c1, r1, n1), (c4, r4, n4) = work
    assert c4 <= 4 * c1 + 4
    assert r1 <= 3 * n1 and r4 <= 3 * n4


# -- a failed decode's error counts the lines before it: many failing openers are read apart ----
class _ErrorCountingDecoder(_CountingDecoder):
    """Also sums the positions of the failed decodes: ``JSONDecodeError`` counts the lines
    of the text up to each (``doc.count("\\n", 0, pos)``), its cost in reads of the text."""

    def __init__(self) -> None:
        super().__init__()
        self.error_reads = 0

    def raw_decode(self, text: str, i: int) -> Any:
        try:
            return super().raw_decode(text, i)
        except json.JSONDecodeError as exc:
            self.error_reads += exc.pos
            raise


def test_openers_that_fail_cost_no_read_of_the_text_each(monkeypatch: pytest.MonkeyPatch) -> None:
    """LaTeX (``\\frac{1}{2}``) holds thousands of openers that fail: each failed decode's
    error read the text from its start (review hunt RV3: 1 MB took 16 s). n and 4n: the
    reads of the errors stay bounded, and the answer after them is found."""
    counter = _ErrorCountingDecoder()
    monkeypatch.setattr("toolwire._json_extract._DECODER", counter)
    reads = []
    for n in (2_000, 8_000):
        counter.error_reads = 0
        text = "Since " + r"\frac{1}{2} + \sqrt{x_{i}} " * n + '\n\n{"a": 7}'
        assert candidates(text)[-1].value == {"a": 7}
        reads.append(counter.error_reads / len(text))
    assert reads[1] <= reads[0] + 1, reads  # per character of text: constant, not growing with n


@pytest.mark.parametrize(("tail", "still_open"), [
    ('{"a" "b": 1, "c": 2', False),  # a ':' expected at a quote: no text after it makes it a value
    ('{"a": 1 "b": 2, "c": 3', False),  # a ',' expected at a quote
    ('{"a": "b', True),  # a string the text ends in
    ('{"a": "b\\', True),  # ...right after a backslash
    ('{"a": 12', True),  # a number cut short
    ('{"a": tru', True),  # a literal cut short
    ('{"a" "b" and a long tail of words', True),  # session 40: "b" may run on (a quote written inside it)
    ('{"a": "b" and a long tail of words', True),  # session 40: that string may run on (a quote inside it)
    ('{"a" "b"', True),  # (a failure this near the end is read as open, as a number cut short would be)
])
@pytest.mark.parametrize("failed", [0, 40])
def test_a_value_more_text_could_complete_is_open_after_many_failed_decodes_alike(
        tail: str, still_open: bool, failed: int) -> None:
    """``open_json``: a value whose decode failed for want of more text (at or near the
    text's end, or inside a string the text ends in) is open, whatever failed decodes
    came before it (past ``_QUICK_FAILS`` each opener is read by ``value_end`` first)."""
    text = "\\frac{1}{2} " * failed + tail
    assert open_json(text, len(text)) is still_open


@given(json_tokens.map(lambda t: t + " tail of words"), st.integers(0, 40))
@example('{"a" "b" and words', 18)
@example('{"a": 1 "b" x x x x x x x x', 10)
@example('{"a": "b and words', 18)
def test_the_read_past_many_failed_decodes_finds_the_open_value_the_decoder_finds(text: str, before: int) -> None:
    """``open_json`` past ``_QUICK_FAILS`` (each opener read by ``value_end`` first) finds
    open what the decoder's errors find open: a failure near the end, or its
    "Unterminated string" (not any failure at a quote)."""
    for cut in range(len(text) + 1):
        part = text[:cut]
        decoded = open_json(part, before)
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr("toolwire._json_extract._QUICK_FAILS", 0)
            assert open_json(part, before) is decoded, (part, before)


# session 38 (§6 of session 37's note): a reply ending inside a string was scanned on from that string's opening
# quote (where the decoder's "Unterminated string" points), so a value written inside the string became the answer;
# a string ending in (or right after) a \uXXXX escape is one the decoder calls an invalid escape, at its "u"
CUT_IN_STRING = [
    '{"ids": [7, 8], "note": "kept [1, 2] for later',
    '{"answer": {"x": 1}, "note": "see [1, 2] caf\\u00e9',  # the text ends right after an escape
    '{"answer": {"x": 1}, "note": "see [1, 2] caf\\u00e',  # ...inside one
    '{"answer": {"x": 1}, "note": "see [1, 2] caf\\u',
    '{"answer": {"x": 1}, "note": "see [1, 2] caf\\ud83d\\ude00',  # ...after a surrogate pair
    '{"answer": {"x": 1}, "note": "see [1, 2] caf\\',  # ...right after a backslash
    '{"a": 1, "see [1, 2] for more',  # a key the text ends in
]


@pytest.mark.parametrize("tail", CUT_IN_STRING)
@pytest.mark.parametrize("failed", [0, 40])
def test_no_value_inside_the_string_a_reply_ends_in_is_the_answer(tail: str, failed: int) -> None:
    """A value inside a string that never closes is a piece of a value cut off: no
    candidate, whatever failed decodes came before it (past ``_QUICK_FAILS`` each opener is
    read by ``value_end`` first); the reply is ``invalid`` (a correction turn follows)."""
    text = "$\\frac{1}{2}$ " * failed + tail
    assert candidates(text) == []
    assert extract_json(text)[:2] == (False, None)
    arrays = {"type": "array", "items": {"type": "integer"}}
    st_ = prepare({"model": "m", "max_tokens": 100, "messages": MESSAGES}, arrays, "openai.chat", mode="prompt").state
    out = classify(chat(text), st_)
    assert (out.kind, out.value) == ("invalid", None)


@pytest.mark.parametrize("failed", [0, 40])
def test_a_value_before_the_string_a_reply_ends_in_is_still_found(failed: int) -> None:
    text = "$\\frac{1}{2}$ " * failed + '[3] then {"note": "kept [1, 2] for later'
    assert [c.value for c in candidates(text)] == [[3]]
    text = "$\\frac{1}{2}$ " * failed + '{"a": "caf\\u00e9"} then [4]'  # an escape before a closing quote
    assert [c.value for c in candidates(text)] == [{"a": "café"}, [4]]
