"""JSON found in a reply's text: a string is read to its closing quote whatever its
escapes, on every path of the scan (the decoder's, the one past many failed decodes,
the one past the recursion limit), so no value written inside a string is the answer
(docs/structured-output.md "JSON extraction"). RFC 8259 §7 allows only ``\\" \\\\ \\/ \\b
\\f \\n \\r \\t \\uXXXX``: the decoder refuses ``"C:\\data"`` and ``"\\d+"``, which models
write; the string still ends at its quote, not at the backslash."""

from __future__ import annotations

import json
from typing import Any, List, Tuple

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from toolwire._json_extract import candidates, extract_json
from toolwire.retry import classify, prepare

MESSAGES = [{"role": "user", "content": "ids?"}]
INTS = {"type": "array", "items": {"type": "integer"}}


def chat(content: str) -> Any:
    return {"object": "chat.completion",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}]}


def ints(text: str) -> Tuple[str, Any]:
    st_ = prepare({"model": "m", "max_tokens": 100, "messages": MESSAGES}, INTS, "openai.chat", mode="prompt").state
    out = classify(chat(text), st_)
    return out.kind, out.value


# session 39 (§6 of session 38's note): the decode failed at the escape and the scan went on from its backslash, so a
# value written later in that string was the answer (review revJ r2_invalid_escape.py)
REFUSED_ESCAPES = [
    ('[7, 8] {"note": "regex \\d+ kept [1, 2] for later"}', [[7, 8]]),
    ('{"ids": [7], "note": "C:\\data kept [1, 2] for later', []),  # ...and the reply ends in that string
    ('{"a": "C:\\data", "b": [3]} [4]', [[4]]),  # the value around it is no answer either
    ('{"a": "\\u12 [1]"} [5]', [[5]]),  # a \u without four hex digits
    ('{"a": "\\x [1]" oops} [2]', [[2]]),  # the value fails after the string: the scan goes on there
    ('["\\d [1]", "see [3]"] [6]', [[6]]),
    ('{"a": "\\\\d [1]"} [7]', [{"a": "\\d [1]"}, [7]]),  # an escaped backslash: a string the decoder reads
]


@pytest.mark.parametrize(("tail", "values"), REFUSED_ESCAPES)
@pytest.mark.parametrize("failed", [0, 40])
def test_a_string_with_an_escape_the_decoder_refuses_ends_at_its_quote(tail: str, values: Any, failed: int) -> None:
    """Past ``_QUICK_FAILS`` failed decodes each opener is read by ``_value_end`` first:
    the same values either way."""
    text = "$\\frac{1}{2}$ " * failed + tail
    assert [c.value for c in candidates(text)] == values
    ints_found = [v for v in values if isinstance(v, list)]
    assert ints(text) == (("ok", ints_found[-1]) if ints_found else ("invalid", None))


@pytest.mark.parametrize("deep", [20, 3_000])
def test_a_string_past_the_recursion_limit_is_read_as_one_within_it(deep: int) -> None:
    """A value nested past the recursion limit (the decoder's ``RecursionError``) is read
    by ``_value_end`` by the same rule as one the decoder reads: a reply ending in a string
    yields nothing written in it (it gave ``[1, 2]`` at 3,000 levels), and a string with a
    refused escape ends at its quote. The same answer at 20 levels and at 3,000."""
    assert candidates("[" * deep + '"kept [1, 2] for later') == []
    assert candidates("x " + '{"k": [' * deep + '"note [1, 2] later') == []
    assert ints("x " + '{"k": [' * deep + '"note [1, 2] later') == ("invalid", None)
    closed = "[" * deep + '"\\d [1]"' + "]" * deep
    assert [c.value for c in candidates(closed + " [6]")] == [[6]]
    assert ints("x " + "[" * deep + '"C:\\data [1] ' + "]" * deep + " [6]") == ("invalid", None)


LONG = "9" * 5_000  # past the 4300 digits ``read_int`` reads: a ValueError of the decoder, without a place


@pytest.mark.parametrize(("text", "values"), [
    ("[" + LONG + ', "see [1, 2]"] [3]', [[3]]),  # (the scan went on after the number: [1, 2] was the answer)
    ('{"n": ' + LONG + ', "note": "see [1, 2]', []),  # ...and the reply ends in that string
    ("[" + LONG + " oops [4]", [[4]]),  # the value fails after the number: the scan goes on there
])
def test_a_value_with_an_integer_too_long_to_read_is_read_by_the_same_rule(text: str, values: Any) -> None:
    assert [c.value for c in candidates(text)] == values


# -- JSON-like values written by a model, their strings raw: nothing inside a string is found ----------
string_bodies = st.lists(st.sampled_from(
    ["a", " ", "[1]", '{\\"k\\": 2}', "\\d", "\\\\", '\\"', "C:\\data", "\\u12", "\\u00e9", "\\n", "]", "}", "{", "["]),
    max_size=5).map("".join)


def _written(draw: Any, depth: int = 0) -> Tuple[str, List[Tuple[int, int]]]:
    """A value as a model writes it: its text and where its strings' bodies stand."""
    kinds = ["list", "object"] if depth == 0 else ["string", "number", "list", "object"] if depth < 3 else ["string", "number"]
    kind = draw(st.sampled_from(kinds))  # (a quote in prose opens no string: values of the text are brackets)
    if kind == "number":
        return str(draw(st.integers(-5, 50))), []
    if kind == "string":
        body = draw(string_bodies)
        return '"' + body + '"', [(1, 1 + len(body))]
    text, spans = ("[", []) if kind == "list" else ("{", [])
    for k in range(draw(st.integers(0, 3))):
        if k:
            text += ", "
        if kind == "object":
            key = draw(string_bodies)
            spans.append((len(text) + 1, len(text) + 1 + len(key)))
            text += '"' + key + '": '
        part, inner = _written(draw, depth + 1)
        spans.extend((a + len(text), b + len(text)) for a, b in inner)
        text += part
    return text + ("]" if kind == "list" else "}"), spans


@st.composite
def replies(draw: Any) -> Tuple[str, List[Tuple[int, int]], List[Tuple[int, int, bool]]]:
    """Prose and written values: the text, the strings' bodies, and each value's span
    and whether the decoder reads it."""
    text, strings, values = "", [], []
    for _ in range(draw(st.integers(1, 4))):
        text += draw(st.sampled_from(["word ", "{x} ", "[a] ", "{, ", ": ", "Answer: "]))
        if draw(st.booleans()):
            part, spans = _written(draw)
            try:
                json.loads(part, strict=False)
                readable = True
            except ValueError:
                readable = False
            values.append((len(text), len(text) + len(part), readable))
            strings.extend((a + len(text), b + len(text)) for a, b in spans)
            text += part + " "
    return text, strings, values


@given(replies())
@example(('[7, 8] {"note": "regex \\d+ kept [1, 2] for later"} ', [(9, 13), (17, 48)], [(0, 6, True), (7, 50, False)]))
def test_no_value_inside_a_string_is_found_and_every_readable_value_is(reply: Any) -> None:
    """Whatever escapes the strings hold: every value the decoder reads is found whole, no
    value begins inside a string, and a value with a refused escape yields nothing."""
    text, strings, values = reply
    found = candidates(text)
    if found and found[0].how == "whole":
        return
    spans = [(c.start, c.end) for c in found]
    assert spans == [(a, b) for a, b, readable in values if readable], text
    for c in found:
        assert not any(a <= c.start < b for a, b in strings), text


# -- the reads past a refused escape or the recursion limit stay linear ------------------------------
SHAPES = {
    "closed strings with refused escapes": lambda n: '{"a": "\\d [1]"} ' * n + "[9]",
    "refused escapes in one long list": lambda n: "[" + '"C:\\data [1]", ' * n + "x] [9]",
    "too deep, refused escape, closed": lambda n: ("[" * 1_200 + '"\\d [1]"' + "]" * 1_200 + " ") * (n // 600) + "[9]",
    "many failed decodes, then refused escapes": lambda n: "\\frac{1}{2} " * 40 + '["\\d [1]"] ' * n + "[9]",
    "integers too long to read": lambda n: ('[1, "[1]", ' + "9" * 4_400 + "] ") * (n // 100) + "[9]",
    # session 39: after a failed value its strings are read as strings, each one's openers read (``_hides_value``)
    "strings with openers after a failed value": lambda n: '{"a": True, ' + '"x [1] {y}", ' * n + "} [9]",
    "failed values inside a failed one": lambda n: '{"a": True, ' + '{"b": x} ' * n + "} [9]",
    "failures right after strings with openers": lambda n: '["[1] {y}" x and more] ' * n + "[9]",
}


@pytest.mark.parametrize("shape", list(SHAPES))
def test_reads_past_refused_escapes_stay_linear(shape: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """n and 4n: the decodes grow 4 times, not 16, and ``_value_end`` reads each character
    at most once (each read begins where the scan goes on after the last one)."""
    from toolwire import _json_extract

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
    for n in (600, 2_400):
        read[0] = decodes[0] = 0
        text = SHAPES[shape](n)
        assert extract_json(text)[:2] == (True, [9])
        work.append((read[0], decodes[0], len(text)))
    (r1, d1, n1), (r4, d4, n4) = work
    assert r1 <= n1 and r4 <= n4, work
    assert d4 <= 4 * d1 + 4, work


def test_values_with_refused_escapes_are_not_decoded_past_many_failures(monkeypatch: pytest.MonkeyPatch) -> None:
    """revJ 1: many small values whose strings hold a refused escape (Windows paths, one a
    line): past the quick failures each was still decoded, and each ``JSONDecodeError``
    counted the lines before it (``doc.count("\\n", 0, pos)``): 4 times the text, 16 times
    the work. n and 4n: the decodes that fail, and the text before each, per character
    stay constant; the answer after them is found."""
    from toolwire import _json_extract

    decoder = _json_extract._DECODER
    failed = [0, 0]  # failed decodes, and the characters before them

    class Counting:
        def raw_decode(self, text: str, i: int) -> Any:
            try:
                return decoder.raw_decode(text, i)
            except json.JSONDecodeError as exc:
                failed[0] += 1
                failed[1] += exc.pos
                raise

    monkeypatch.setattr(_json_extract, "_DECODER", Counting())
    work = []
    for n in (2_000, 8_000):
        failed[:] = [0, 0]
        text = '{"path": "C:\\data"}\n' * n + '{"ok": 1}'
        assert extract_json(text)[:2] == (True, {"ok": 1})
        work.append((failed[0], failed[1] / len(text)))
    (f1, r1), (f4, r4) = work
    assert f4 <= f1 + 1, work  # the decodes refused are the quick ones only
    assert r4 <= r1 + 1, work  # per character of text: constant, not growing with n
