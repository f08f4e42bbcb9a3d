"""The scan's rule read the slow way (``_reference``: every opener decoded again, each
string read char by char) against the scan on random texts: the same values found
(docs/structured-output.md "JSON extraction"). Moved out of
``test_json_extraction_strings.py`` (past 400 lines)."""

from __future__ import annotations

import contextlib
import json
from typing import Any, List, Optional, Set, Tuple

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from toolwire._json_equality import same
from toolwire._json_extract import candidates


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
    whose run ends where the text does or before `,` or `:`, or a value a blank and a
    quote follow was quoted in) are left, the text read with them plain is the reading when a line break
    follows the first of them; else it must give the same last value, or none."""
    found, doubted, weak = _reference_pass(text, set())
    if doubted:
        found, _, weak = _reference_pass(text, doubted)
    if weak:
        plain = _reference_pass(text, doubted | weak, 0, True)[0]
        rest = text[_string_after(text, min(weak)):]
        if any(c in "\n\r" for c in rest[:len(rest) - len(rest.lstrip(" \t\n\r"))]):  # (given up there)
            return plain
        if bool(plain) != bool(found) or plain and not same(json.loads(plain[-1][2]), json.loads(found[-1][2])):
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
                    if i == runs[1]:
                        weak.add(runs[0])
                    return again()
                hider = _hider(text, i, end)
                if hider is not None:
                    return ([] if not probe and _lost(text, hider, end) else found), set(), set()
                pos = end
                if i == runs[1] and text[end:].lstrip(" \t\n\r")[:1] not in ("", ",", ":", "}", "]"):
                    doubt.add(runs[0])
                elif i == runs[1] and text[end:].lstrip(" \t\n\r")[:1] in ("", ",", ":"):
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
@example('Draft: {"a": 1} Wait, {"b": 2, "c" Final: [3, 4] As "requested":')  # (session 42: a run before `:`)
@example('Wait, {"b": 2,\n"c"\n [1, 2]')  # (a line break after the string of the value given up)
@example('Draft: [1, 2] Wait, {"b": 2, "c" Final: [1, 2]')  # (the same last value)
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
