"""``JSON_AFTER_PROSE`` reads each character of the output a bounded number of times:
every ``{`` / ``[`` in prose may open a JSON value (``llama_prose``), read whole once,
and a call object after it once more. Counted, not timed: the Python lines run and the
text each mode step has in front of it (what its regular expression may scan), fed a
few characters at a time (the lines also in long deltas); 4n characters take about 4 times the work of n (a re-scan
per delta or per bracket: 16 times)."""

from __future__ import annotations

import sys
from typing import Any, Callable, List, Tuple

import pytest

from toolwire.text._api import TextParser, decode_text
from toolwire.text.llama import JSON_AFTER_PROSE

CALL = '{"name": "f", "parameters": {"a": 1}}'
HOSTILE: List[Tuple[str, Callable[[int], str]]] = [
    ("calls", lambda n: "Hi. " + (CALL + "; ") * (n // 40)),
    ("pretty-calls", lambda n: "Hi. " + ('{\n  "type": "function",\n  "parameters": {},\n  "name": "f"\n} ok ') * (n // 60)),
    ("data", lambda n: "Saved: " + '{"tools": [{"name": "f", "parameters": {}}]} ' * (n // 45)),
    ("deep", lambda n: "Deep: " + '{"a": ' * (n // 12) + "1" + "}" * (n // 12)),
    ("open-objects", lambda n: "x " + '{"a": ' * (n // 6)),
    ("open-lists", lambda n: "x " + "[{" * (n // 2)),
    ("prose-brackets", lambda n: "x " + "{ [ a] " * (n // 7)),
    ("quotes", lambda n: "x " + '{"' * (n // 2)),
    ("spaces", lambda n: "x {" + " " * n + '"name": "f", "parameters": {}}'),
    ("brackets-spaced", lambda n: "x " + ("{" + " " * 60) * (n // 61)),
    ("markers-in-values", lambda n: "x " + '{"a": "<|python_tag|>' * (n // 21)),
    # values that break JSON, nested in one another (each breaks where the next opens, or
    # late, its text prose as it stands, never read again as prose)
    ("broken-nested", lambda n: "x " + '{"a" ' * (n // 5)),
    ("broken-late", lambda n: "x " + '{"a": [' * (n // 7) + "x"),
    ("broken-strings", lambda n: "x " + '{"a": "{" ' * (n // 10)),
    ("broken-lists", lambda n: "x " + "[1, {" * (n // 5) + "x"),
    ("markers-in-broken", lambda n: "x " + '{"a": "<|python_tag|>" b ' * (n // 25)),
    ("stray-quotes", lambda n: ('See {"size": "5" screen"} ' + CALL + " ") * (n // 65)),
    # a named value that quotes markup and breaks JSON: an invalid call up to a stop token
    # (hunt 37, fourth review), its rest read once, what may begin a stop token held back once
    ("named-broken-rest", lambda n: 'x {"name": "f", "a": "<function=g>" b ' + "<|eo " * (n // 5)),
    ("named-broken-stops", lambda n: "x " + '{"name": "f", "a": "<function=g>" b <|eot_id|> ' * (n // 48)),
    ("named-open-lists", lambda n: 'x [{"name": "f", "a": "<function=g>' + " <|eo" * (n // 6)),
    # a named value that breaks JSON without markup (hunt 37, llama5): the same, its "name"
    # key looked for once, when it breaks
    ("named-plain-rest", lambda n: 'x {"name": "f", "a": True ' + "<|eo " * (n // 5)),
    ("named-plain-stops", lambda n: "x " + '{"name": "f", "a": 1,, <|eot_id|> ' * (n // 36)),
    ("named-broken-absent-stops", lambda n: "x " + '{"name": "f", "parameters": {"a": f}}<|eom_id|>' * (n // 48)),
    ("named-plain-late", lambda n: 'x {"name": "f", "a": "' + '\\"name\\" ' * (n // 11) + '" 01'),
    # values read on loosely where they break JSON (Python literals, single quotes, trailing
    # commas, leading zeros; session 38): their "name" key looked for once, at their end
    ("loose-values", lambda n: "x " + "{'a': True, 'b': [None, 01,],} " * (n // 30)),
    ("loose-nested", lambda n: "x " + "{'a': [True, " * (n // 14) + "x"),
    ("loose-name-late", lambda n: 'x {"a": True, ' + '"b": "<function=g>", ' * (n // 20) + '"name": "f"}'),
    ("loose-open-markup", lambda n: "x " + "{'a': '<function=g>', " * (n // 22)),
    ("loose-words", lambda n: "x [" + "-Infinity, NaN, None, False, " * (n // 30) + "x"),
    ("quoted-markup-breaks", lambda n: "x " + '{"a": 1, "b": "<function=g>" c <|eot_id|> ' * (n // 43)),
    ("quoted-markup-open", lambda n: 'x {"a": 1, "b": "<function=g>' + " <|eo" * (n // 6)),
    ("loose-bracket-strings", lambda n: "x " + '[True, "{ [" x <|eot_id|> ' * (n // 25)),
    ("loose-long-string", lambda n: 'x {"a": True, "b": "' + "{ [ " * (n // 4) + '" x'),
    # single quotes no later quote closes, or after whose strings values break: apostrophes,
    # the text after each read again once; the top-level keys of a loose value looked for
    # once, at its end (session 38, review of the loose reading)
    ("apostrophes", lambda n: "x " + "[1, 'a \\' " * (n // 10)),
    ("apostrophe-strings", lambda n: "x " + "[1, 'a [ b' c " * (n // 14)),
    ("apostrophe-open", lambda n: "x [1, 'a" + " [2, {\"a\": [3, " * (n // 16)),
    ("apostrophe-chain", lambda n: "x " + "[1, 'a [2, " * (n // 11) + "'b" + " c" * (n // 2)),
    ("apostrophe-escaped", lambda n: "x [1, 'a" + " \\' [2, \\\\' b" * (n // 14)),
    ("named-apostrophes", lambda n: "x " + '{"name": "f", \'a \\\' <|eot_id|> ' * (n // 27)),
    ("loose-top-keys", lambda n: 'x {"a": True, ' + '"k": {"name": [1]}, ' * (n // 20)),
    ("loose-top-keys-closed", lambda n: "x " + '{"a": True, "name": {"b": [1]}} ' * (n // 32)),
    # session 39: a marker after a backslash in a string (noted as any quoted one); strings
    # ending in "{" before a key (read again from that bracket); a named value broken after a
    # single-quoted string (read on to where its brackets close); an unclosed single quote
    # before a marker (its text to the marker looked at once, when the value ends)
    ("escaped-markers", lambda n: "x " + '{"a": "\\<function=g>' * (n // 19)),
    ("escaped-markers-single", lambda n: "x " + "{'a': 'b \\<|python_tag|> " * (n // 26)),
    ("stray-brace-strings", lambda n: "x " + '{"a": "b {"c" ' * (n // 14)),
    ("stray-brace-spaces", lambda n: "x " + ('{"a": "{' + " " * 40 + '"c" ') * (n // 49)),
    ("stray-brace-chain", lambda n: "x " + '{"a": "{"b": "{' * (n // 15) + 'x" y'),
    ("named-apostrophe-rest", lambda n: 'x {"name": "f", \'a\' b ' + '[{"c": "]\\"}"}] ' * (n // 17)),
    ("named-apostrophe-closed", lambda n: "x " + '{"name": "f", \'a\' b} ' * (n // 20)),
    ("named-apostrophe-nested", lambda n: "x " + '{"name": "f", \'a\' b {' * (n // 20)),
    ("apostrophe-markers", lambda n: "x " + "[1, 'a] <function=g>{}</function> " * (n // 35)),
    ("apostrophe-open-marker", lambda n: "x [1, 'a " + "{ [ " * (n // 4) + "<function=g>{}</function>"),
    ("apostrophe-open-markers", lambda n: "x " + "{'a': [1, 'b { <function=g>{}</function> " * (n // 42)),
    # a call object read again from a stray string's "{" (revT): the text after it looked at
    # once for the quote that closes that string; a value there that is no call read as before
    # (what it read again not read so again)
    ("stray-calls", lambda n: "x " + '{"a": "x {"name": "f", "parameters": {}} ' * (n // 41)),
    ("stray-calls-data", lambda n: "x " + '{"a": "see {"name": "f", "parameters": {}} now"} ' * (n // 48)),
    ("stray-call-look", lambda n: 'x {"a": "{"name": "f", "parameters": {}} ' + "a \\" * (n // 3)),
    ("stray-call-look-spaces", lambda n: 'x {"a": "{"name": "f", "parameters": {}} b"' + " " * n + "}"),
    ("stray-fallbacks", lambda n: "x " + '{"a": "x, then {"name": "f", oops} ' * (n // 35)),
    ("stray-fallback-late", lambda n: 'x {"a": "{"name": ' + "[1, " * (n // 4) + "x"),
    ("stray-fallback-chain", lambda n: "x " + '{"a": "{"b": [1, ' * (n // 18) + "x"),
    ("stray-fallback-strings", lambda n: "x " + '{"a": "{"b": "{' * (n // 15) + "x, oops"),
    # call objects quoted in data strings (revT2): each looked at once where its bracket opens
    # (the content piece before it; the whitespace held back once, after a new piece)
    ("quoted-calls", lambda n: "x " + ('"' + CALL + '" ') * (n // 40)),
    ("quoted-list", lambda n: 'x {"a": "[' + (CALL + ", ") * (n // 39) + ']"}'),
    ("quoted-nested", lambda n: "x " + ('{"e": "{"c": ' + CALL + '}", "ok": 1} ') * (n // 63)),
    ("quoted-spaces-calls", lambda n: 'x "' + (" " * 40 + CALL) * (n // 77)),
    # the count of quotes on a line (session 40): kept as the text is fed, looked up once per bracket
    ("quoted-semicolons", lambda n: "x \"" + (CALL + "; ") * (n // 39) + "\""),
    ("quoted-lines", lambda n: "x {\"a\": \"[" + (CALL + ",\n") * (n // 39) + "]\"}"),
    ("many-quotes", lambda n: "x " + "\"a\" \"" * (n // 8) + CALL),
    ("quotes-per-line", lambda n: "x " + ("a \" [b\n" + CALL + "\n") * (n // 45)),
    ("open-quote-calls", lambda n: "x " + ('"a ' + CALL + ' b" ') * (n // 44)),
    ("open-quote-waits", lambda n: 'x "a ' + CALL + " " * n),
    ("listed-calls", lambda n: 'x {"a": "see ' + (CALL + ";\n") * (n // 39) + '"}'),
    # revT (session 40): the quotes of a value that closed dropped once; a call right after a
    # quote waiting while the next value is open; values that never close; JSON lines in a quote
    ("next-chain", lambda n: 'x "a" ' + (CALL + "; ") * (n // 39)),
    ("next-open-value", lambda n: 'x "a" ' + CALL + ' {"a": "' + ' \\"' * (n // 3)),
    ("escaped-in-calls", lambda n: "x " + '{"name": "f", "parameters": {"a": "\\""}}; ' * (n // 44)),
    ("pretty-after-quote", lambda n: 'x "a ' + ('{\n"name": "f",\n"parameters": {}\n} ') * (n // 35)),
    ("quoted-json-lines", lambda n: 'x "' + (CALL + "\n") * (n // 38) + '"'),
    ("think-ends", lambda n: 'x "' + "</think> {} " * (n // 12)),
]


def _work(text: str, piece: int) -> Tuple[int, int]:
    """Python lines run, and characters in front of the mode steps, to feed *text* in
    *piece*-character deltas and close."""
    lines = looked = 0

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        nonlocal lines, looked
        if event == "line":
            lines += 1
        elif event == "call" and frame.f_code.co_name == "step":
            m = frame.f_locals.get("m")
            if isinstance(m, TextParser):
                looked += len(m.buf) - m.pos
        return tracer

    p = TextParser(JSON_AFTER_PROSE)
    sys.settrace(tracer)
    try:
        for i in range(0, len(text), piece):
            p.feed(text[i : i + piece])
        p.close("stop")
    finally:
        sys.settrace(None)
    return lines, looked


@pytest.mark.parametrize(("name", "make"), HOSTILE, ids=[h[0] for h in HOSTILE])
@pytest.mark.parametrize("piece", [3, 997])
def test_prose_json_is_read_in_linear_work(name: str, make: Callable[[int], str], piece: int) -> None:
    small, big = _work(make(600), piece), _work(make(2400), piece)
    assert big[0] < 4.6 * small[0], (small, big)
    if piece < 10:  # (with long deltas each step has the rest of a delta in front of it)
        assert big[1] < 4.6 * small[1] + 100, (small, big)


# -- work the Python lines do not show (hunt 37, third review) ---------------------------
# the open brackets of a value (a str grown and cut one bracket at a time copies it each
# time), and the text put back in front of the buffer when a value is read again or ends
# at call markup (a copy of the whole rest of the text each time, the whole text at once)


def _stack_work(text: str) -> int:
    """Characters of the text the JSON check holds, summed over its steps (a str it copies
    per bracket counts its length each time)."""
    held = 0

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        nonlocal held
        if event == "call" and frame.f_code.co_name in ("step", "_open", "_close"):
            chk = frame.f_locals.get("self")
            if chk is not None and type(chk).__name__ == "Check":
                held += sum(len(v) for v in vars(chk).values() if isinstance(v, str))
        return tracer

    sys.settrace(tracer)
    try:
        decode_text(text, JSON_AFTER_PROSE)
    finally:
        sys.settrace(None)
    return held


@pytest.mark.parametrize("make", [lambda n: "Hi " + "[" * n, lambda n: 'Hi {"a": ' + "[" * n + "]" * n + "}"],
                         ids=["open-lists-deep", "closed-lists-deep"])
def test_a_deep_value_holds_its_brackets_in_linear_work(make: Callable[[int], str]) -> None:
    small, big = _stack_work(make(2000)), _stack_work(make(8000))
    assert big < 4.6 * small + 100, (small, big)


class _Counted(TextParser):
    """A parser that counts the characters written to its buffer."""

    written = 0

    @property  # type: ignore[override]
    def buf(self) -> str:
        return self._buf

    @buf.setter
    def buf(self, value: str) -> None:
        self.written += len(value)
        self._buf = value


@pytest.mark.parametrize("unit", ['{"a": "<function=g>{}</function> ', '{"a": 1 <function=g>{}</function> '],
                         ids=["read-again", "ended-by-markup"])
def test_values_read_again_do_not_copy_the_rest_of_the_text(unit: str) -> None:
    def written(n: int) -> int:
        p = _Counted(JSON_AFTER_PROSE)
        p.feed("Hi " + unit * n)
        p.close("stop")
        return p.written

    small, big = written(200), written(800)
    assert big < 4.6 * small + 100, (small, big)


class _Scanned(str):
    """A buffer that counts the characters its ``find`` scans."""

    scanned = [0]

    def find(self, sub: str, start: Any = None, end: Any = None) -> int:  # type: ignore[override]
        j = str.find(self, sub, start, end)
        begin = 0 if start is None else start
        self.scanned[0] += (j + len(sub) if j >= 0 else len(self) if end is None else end) - begin
        return j


class _Scanning(TextParser):
    """A parser whose buffer counts what ``find`` scans in it."""

    @property  # type: ignore[override]
    def buf(self) -> str:
        return self._buf

    @buf.setter
    def buf(self, value: str) -> None:
        self._buf = _Scanned(value)


def test_named_values_that_break_look_for_each_stop_token_once() -> None:
    # review revT2 r2 (session 38): each named value that breaks JSON is an invalid call up to the
    # first stop token; a stop token that never comes (here all but <|eom_id|>) was scanned for to
    # the end of the whole text once per value: n values, n times the text
    def scanned(n: int) -> int:
        _Scanned.scanned[0] = 0
        p = _Scanning(JSON_AFTER_PROSE)
        p.feed("Hi " + '{"name": "f", "parameters": {"a": f}}<|eom_id|>' * n)
        r = p.close("stop")
        assert len(r.tool_calls) == n
        return _Scanned.scanned[0]

    small, big = scanned(100), scanned(400)
    assert big < 4.6 * small + 100, (small, big)
