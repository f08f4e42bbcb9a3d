"""text/_brackets.scan: the one bracket/quote scanner of llama_calls.unclosed,
_pythonic.cut_calls and olmo._lines, held to a plain character loop (the three loops it
replaced) on random bracket/quote text."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from toolwire.text._brackets import Scan, scan
from toolwire.text._pythonic import cut_calls
from toolwire.text.llama_calls import unclosed
from toolwire.text.olmo import _lines

TEXT = st.text(alphabet="\"'\\()[]{},ab =\n", max_size=60)
CLOSERS = {"{": "}", "[": "]", "(": ")"}


def reference(text: str, start: int, brackets: str, stop_below: bool, split: str) -> Scan:
    """A character at a time, as the loops did."""
    opens, closes = set(brackets), {CLOSERS[b] for b in brackets}
    depth, quote, i, n, splits = 0, "", start, len(text), []
    while i < n:
        c = text[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c in opens:
            depth += 1
        elif c in closes:
            depth -= 1
            if depth < 0 and stop_below:
                return Scan(depth, "", i, splits)
        elif c == split and depth <= 0:
            splits.append(i)
        i += 1
    return Scan(depth, quote, n, splits)


@given(TEXT, st.integers(0, 3), st.sampled_from(["{[", "([{"]), st.booleans(), st.sampled_from([",", "\n"]))
@example('"a\\"b", [', 0, "{[", False, ",")  # an escaped quote does not close the string
@example("'\\\\', (", 0, "([{", True, ",")  # an escaped backslash does not escape the quote
@example("]{[", 0, "{[", False, ",")  # below zero and back: the depth goes on
@example("a\\", 0, "{[", False, ",")  # a backslash outside a string, at the end
@example('"\\', 0, "{[", False, ",")  # a backslash inside a string, at the end
@example("f())\ng(),", 0, "([{", False, "\n")  # below zero: still split there
def test_scan_is_the_character_loop(text: str, start: int, brackets: str, stop_below: bool, split: str) -> None:
    start = min(start, len(text))
    assert scan(text, start, brackets=brackets, stop_below=stop_below, split=split) == reference(
        text, start, brackets, stop_below, split
    )
    assert scan(text, start, brackets=brackets, stop_below=stop_below).splits == []


def unclosed_reference(text: str) -> bool:
    depth, quote, i, n = 0, "", 0, len(text)
    while i < n:
        c = text[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c in "{[":
            depth += 1
        elif c in "}]":
            depth -= 1
        i += 1
    return bool(quote) or depth > 0


def cut_reference(text: str) -> tuple[list[str], str]:
    s = text.strip()
    if not s.startswith("["):
        return [], s
    items: list[str] = []
    depth, quote, start, i, n = 0, "", 1, 1, len(s)
    while i < n:
        c = s[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = ""
        elif c in "'\"":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth < 0:
                break
        elif c == "," and depth == 0:
            items.append(s[start:i])
            start = i + 1
        i += 1
    return items, s[start:]


CALLS = st.lists(st.sampled_from(["f(a=1)", "g(s='x,)')", 'h(d={"k": [1, 2]})', "k(", "m(a=']'", "'", "\\", ","]),
                 max_size=6).map(lambda parts: "[" + ", ".join(parts))


@given(TEXT)
@example("}{{")  # the depth goes below zero and up again: still open
def test_unclosed_is_the_old_loop(text: str) -> None:
    assert unclosed(text) == unclosed_reference(text)


@given(st.one_of(TEXT.map(lambda t: "[" + t), CALLS))
@example("[f(a=1), g(s='x,)'), h(")
def test_cut_calls_is_the_old_loop(text: str) -> None:
    items, tail = cut_reference(text)
    done, rest = cut_calls(text)
    # the items before the cut are read in turn; the first that is not one call starts the rest
    k = len(done)
    assert rest == (",".join(items[k:]) + "," + tail if k < len(items) else tail)


def lines_reference(text: str) -> list[str]:
    """OLMo's block split at the line breaks the character loop finds (outside strings,
    at bracket depth 0 or below), as ``olmo._lines`` split it before it used ``scan``."""
    cuts = reference(text, 0, "([{", False, "\n").splits
    return [text[a + 1 : b] for a, b in zip([-1, *cuts], [*cuts, len(text)])]


@given(st.one_of(TEXT, st.lists(st.sampled_from(["f(a=1)", "g(s='x\\n)')", "\n", "h(d=[1,\n2])", ")", "'", "\\"]),
                                max_size=8).map("".join)))
@example("f())\ng()")  # a closer too many: the next line is a call of its own
@example('f(s="a\\"\nb")\ng()')  # an escaped quote: the line break is in the string
@example("\n\n")
def test_olmo_lines_is_the_old_loop(text: str) -> None:
    assert _lines(text) == lines_reference(text)
