"""JSON found in a reply's text: a string is read to its closing quote whatever its
escapes, on every path of the scan (the decoder's, the one past many failed decodes,
the one past the recursion limit), so no value written inside a string is the answer
(docs/structured-output.md "JSON extraction"). RFC 8259 §7 allows only ``\\" \\\\ \\/ \\b
\\f \\n \\r \\t \\uXXXX``: the decoder refuses ``"C:\\data"`` and ``"\\d+"``, which models
write; the string still ends at its quote, not at the backslash."""

from __future__ import annotations

import contextlib
import json
from typing import Any, List, Optional, Set, Tuple

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


# -- the rule read the slow way, against the scan on random texts ------------------------------
def _read_on(text: str, i: int) -> Tuple[str, int]:
    """The decoder's reading of the value at *i* with every escape it refuses made one it
    reads (``\\d`` -> ``\\/``, as long): ``("ok", end)``, ``("cut", _)`` (a string the
    text ends in) or ``("fail", where)``."""
    decoder = json.JSONDecoder(strict=False)
    while True:
        try:
            return "ok", decoder.raw_decode(text, i)[1]
        except json.JSONDecodeError as exc:
            if exc.msg.startswith("Invalid \\uXXXX"):  # (at its "u")
                at = exc.pos - 1
            elif exc.msg.startswith("Invalid \\escape"):  # (at its backslash)
                at = exc.pos
            else:
                return ("cut" if exc.msg.startswith("Unterminated string") else "fail"), exc.pos
            text = text[:at] + "\\/" + text[at + 2:]


def _string_after(text: str, quote: int) -> int:
    """Past the closing quote of the string at *quote* (a backslash takes the character
    after it), or -1."""
    k = quote + 1
    while k < len(text) and text[k] != '"':
        k += 2 if text[k] == "\\" else 1
    return k + 1 if k < len(text) else -1


def _walk(text: str, i: int, fail: int) -> Tuple[int, Any]:
    """The brackets open outside strings in ``text[i:fail]``, and the last string there
    when only blanks stand between it and *fail*: ``(quote, past its closing quote)``."""
    depth, k, last = 0, i, None
    while k < fail:
        if text[k] == '"':
            end = _string_after(text, k)
            last, k = (k, end), end
            continue
        depth += 1 if text[k] in "{[" else -1 if text[k] in "}]" else 0
        k += 1
    return depth, (last if last and not text[last[1]:fail].strip(" \t\n\r") else None)


def _hider(text: str, quote: int, end: int) -> Optional[str]:
    """How a value read from an opener inside that string (its quote taken as prose) that
    reaches the string's closing quote reads (``_read_on``), or ``None``: no such value."""
    close, pos = end - 1, quote + 1
    while True:
        at = [k for k in (text.find("{", pos, close), text.find("[", pos, close)) if k >= 0]
        if not at:
            return None
        how, stop = _read_on(text, min(at))
        if how == "cut" or (how == "ok" and stop > close) or (how == "fail" and stop >= close):
            return how
        pos = max(stop, min(at) + 1)


def _lost(text: str, hider: str, at: int) -> bool:
    """After the search ended at a string a value may have begun in (*hider*: how that
    value reads), past its closing quote at *at*: whether the answer may be lost there
    (that value stands, or the search from *at* finds a value): no earlier one is last."""
    return hider == "ok" or bool(_reference_pass(text, set(), at, True)[0])


def _in_prose(text: str, quote: int) -> bool:
    return text[:quote].rstrip(" \t\n\r")[-1:] not in ("{", "[", ",", ":")


def _reference(text: str) -> List[Tuple[int, int, str]]:
    """Every value the scan should find: from each opener not inside an earlier value,
    the value the decoder reads; a value it reads only with its refused escapes made
    readable is skipped whole; after a failed one, until its brackets close, strings are
    read as strings (no opener inside one) and openers outside them tried; a failure right
    after a string with a value from an opener inside it reaching its closing quote ends
    the search, as do such a string read after a failed value and a string the text ends
    in. Where a string's inner quote (``_inner_quote``) was read in the failed value open
    when the text ends, outside a string, the text is read again with the failed values
    from there read without that rule. Where the strings that ran on to the end (or
    whose run ends where the text does, or a value a blank and a quote follow was quoted
    in) are left, the text read with them plain must give the same last value, or none."""
    found, doubted, weak = _reference_pass(text, set())
    if doubted:
        found, _, weak = _reference_pass(text, doubted)
    if weak and found:
        plain = _reference_pass(text, doubted | weak, 0, True)[0]
        if not plain or plain[-1][0] != found[-1][0]:
            return []
    return found


def _reference_pass(
    text: str, plain: Set[int], start: int = 0, probe: bool = False
) -> Tuple[List[Tuple[int, int, str]], Set[int], Set[int]]:
    found: List[Tuple[int, int, str]] = []
    pos, depth = start, 0
    failed_at = ran = inside = -1  # (inside: the quote of the string the text past it may be in)
    doubt: Set[int] = set()
    weak: Set[int] = set()
    runs = (-1, -1)

    def again() -> Tuple[List[Tuple[int, int, str]], Set[int], Set[int]]:
        if not (depth and ran == failed_at):
            return found, set(), set()
        return found, {q for q in doubt if q >= failed_at}, {q for q in weak if q >= failed_at}

    def ran_on(quote: int, on: int) -> Tuple[int, int]:
        if _in_prose(text, quote):
            doubt.add(quote)
        return quote, on

    while True:
        if depth:
            i = pos
            while i < len(text) and text[i] not in '"{}[]':
                i += 1
            if i == len(text):
                return again()
            if text[i] == '"':
                inside = -1
                end = _string_after(text, i)
                if end < 0:
                    return again()
                hider = _hider(text, i, end)
                if hider is not None:
                    return ([] if not probe and _lost(text, hider, end) else found), set(), set()
                pos = end
                if i == runs[1] and text[end:].lstrip(" \t\n\r")[:1] not in ("", ",", ":", "}", "]"):
                    doubt.add(runs[0])
                elif i == runs[1] and not text[end:].strip(" \t\n\r"):
                    weak.add(runs[0])
                k = pos
                while k < len(text) and text[k] in " \t\n\r":
                    k += 1
                if k < len(text) and text[k] not in ',:}]"' and i not in plain:  # no delimiter after it
                    on = _inner_quote(text, k)  # (a quote inside ended it?)
                    if on != -2:
                        ran, runs = failed_at, ran_on(i, on)
                    if on == -1:
                        weak.add(i)
                        return again()
                    inside = i if on == -2 else -1
                    pos = max(pos, on)
                continue
            if text[i] in "}]":
                depth, pos = depth - 1, i + 1
                inside = inside if depth > 0 else -1
                continue
        else:
            at = [k for k in (text.find("{", pos), text.find("[", pos)) if k >= 0]
            if not at:
                return found, set(), set()
            i = min(at)
        how, end = _read_on(text, i)
        if how == "cut":
            return again()
        if how == "ok":
            if inside >= 0 and text[end:].lstrip(" \t\n\r").startswith('"'):  # (quoted, in a string run on)
                ran, runs = failed_at, ran_on(inside, -1)
                if text[end:end + 1] != '"':
                    weak.add(inside)
            else:
                with contextlib.suppress(json.JSONDecodeError):  # (an escape it refuses: no answer)
                    found.append((i, end, json.dumps(json.JSONDecoder(strict=False).raw_decode(text, i)[0])))
            inside = -1
        else:
            opened, after = _walk(text, i, end)
            hider = _hider(text, *after) if after else None
            if hider is not None:
                return ([] if not probe and _lost(text, hider, after[1]) else found), set(), set()
            if not depth:
                failed_at = i
            depth += opened
            if after and after[0] not in plain:
                on = _inner_quote(text, end)
                if on != -2:
                    ran, runs = failed_at, ran_on(after[0], on)
                if on == -1:
                    weak.add(after[0])
                    return again()
                inside = after[0] if on == -2 else -1
                if on >= 0:
                    pos = on
                    continue
        pos = max(end, i + 1)


def _inner_quote(text: str, at: int) -> int:
    """After a failure right after a string, or a string of a failed value with no
    delimiter after it: whether a quote inside it ended it early. The text from *at* to
    the next quote, its brackets balanced, is that string's: that quote (read on as a
    string), -1 (the text ends first) or -2 (no: a quote at *at*, a closer with no opener
    there, an opener still open)."""
    if text[at:at + 1] == '"':
        return -2
    stack = []
    k = at
    while k < len(text) and text[k] != '"':
        c = text[k]
        if c == "\\":
            k += 2
            continue
        if c in "{[":
            stack.append(c)
        elif c in "}]" and (not stack or "{[".index(stack.pop()) != "}]".index(c)):
            return -2
        k += 1
    if k >= len(text):
        return -1
    return -2 if stack else k


TOKENS = ['{', '}', '[', ']', '"', '\\"', '\\', '\\\\', '\\d', '\\u00', '\\u12', 'e9', '\\ud83d', 'C:\\data', ':', ',', ' ',
          '\n', '1', '2.5', 'true', 'True', 'null', "'", 'a', 'word ', '{"a": ', '"x"', '[1, 2]', '{"k": [3]}', '{"', '["',
          '"b": ', '[1,]', '"\\d"', '"\\\\"', '```json\n', '\n```\n']
texts = st.lists(st.sampled_from(TOKENS), max_size=20).map("".join)


def _scanned(text: str) -> Any:
    found = candidates(text)
    if found and found[0].how == "whole":
        return None
    return [(c.start, c.end, json.dumps(c.value)) for c in found if c.how == "scan"]


@given(texts)
@example('[7, 8] {"note": "regex \\d+ kept [1, 2] for later"}')
@example('{"ids": [7], "note": "C:\\data kept [1, 2] for later')
@example('{"a": "\\x [1]" oops [2]')
@example('["\\ud83d\\u12 [1]"] [2]')
@example('["caf\\u00e')
@example('{"{"k": [3]}')
@example('{"done": True, "note": "see [1, 2]"} [3]')
@example('I matched ["\\d+ in the log. Answer: {"result": {"count": 2}, "ok": true}')
def test_the_scan_finds_what_the_rule_read_the_slow_way_finds(text: str) -> None:
    """The scan, and the scan with every opener read by ``_value_end`` first, find the
    values ``_reference`` finds (texts of JSON pieces, quotes, refused escapes)."""
    got = _scanned(text)
    if got is None:
        return
    assert got == _reference(text), text
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("toolwire._json_extract._QUICK_FAILS", 0)
        assert _scanned(text) == got, text


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
