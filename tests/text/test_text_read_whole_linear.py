"""Hostile outputs for the readings that keep a call from becoming content (a pythonic
list in ``<|python_start|>``, JSON calls there, a call cut inside its name, a second
value in a Granite block, plain fences in xLAM): linear time, one-shot and streamed one
character at a time (a ratio of the same run at n and 4n, not a bound in seconds)."""

from __future__ import annotations

import time
from typing import Callable, List, Tuple

import pytest
from textcheck import decode_cpu

from toolwire.text._api import TextParser, decode_text

N = 8_000
F = '{"name": "f", "arguments": {}}'

HOSTILE: List[Tuple[str, Callable[[int], str], str | None]] = [
    ("text.granite", lambda n: "<tool_call>" + F + " " * n + "</tool_call>", None),
    ("text.granite", lambda n: "<tool_call>" + F + "{}" * n + "</tool_call>", None),
    ("text.granite", lambda n: "<tool_call>" + F + "\n" * n, "stop"),
    ("text.granite", lambda n: ("<tool_call>" + F + "\n</tool_call>\n") * (n // 40), None),
    ("text.llama", lambda n: "<|python_start|>[" + "f(a=1) " * (n // 7) + "]<|python_end|>", None),
    ("text.llama", lambda n: "<|python_start|>[" + "f(a=1), " * (n // 8), "stop"),
    ("text.llama", lambda n: "<|python_start|>" + '{"name": "' * (n // 10), "stop"),
    ("text.llama", lambda n: "<|python_start|>[" + '{"name": "f", "parameters": {}}, ' * (n // 33), None),
    ("text.llama", lambda n: '{"name"' + " " * n, "length"),
    ("text.llama", lambda n: "[" + "f(a=1) " * (n // 7) + "]", "stop"),
    ("text.llama", lambda n: "<|python_tag|>[" + "f(a=1) " * (n // 7) + "]", "stop"),
    ("text.xlam", lambda n: "```" * (n // 3), None),
    ("text.xlam", lambda n: "[" + '{"name": "a", "age": 1}, ' * (n // 25), "length"),
    ("text.xlam", lambda n: "[" + '{"x": 1, "name": "' * (n // 18), "length"),
    ("text.harmony", lambda n: "<|channel|>commentary to=functions.f<|message|>" + "[" * n, "stop"),
]


def _stream_cpu(text: str, dialect: str, finish: str | None) -> float:
    best = float("inf")
    for _ in range(2):
        t = time.process_time()
        p = TextParser(dialect)
        for ch in text:
            p.feed(ch)
        p.close(finish)
        best = min(best, time.process_time() - t)
    return best


@pytest.mark.parametrize(("dialect", "make", "finish"), HOSTILE, ids=[f"{d}-{i}" for i, (d, _, _) in enumerate(HOSTILE)])
def test_hostile_text_is_read_in_linear_time(dialect: str, make: Callable[[int], str], finish: str | None) -> None:
    text = make(N)
    r = decode_text(text, dialect, finish_reason=finish)
    p = TextParser(dialect)
    for i in range(0, len(text), 997):  # streamed in deltas too: the same result
        p.feed(text[i : i + 997])
    assert p.close(finish) == r
    small, big = decode_cpu(make(N // 4), dialect), decode_cpu(text, dialect)
    assert big < 8 * small + 0.05  # 4x the text: about 4x the time (quadratic: 16x)
    small, big = _stream_cpu(make(N // 4), dialect, finish), _stream_cpu(text, dialect, finish)
    assert big < 8 * small + 0.05
