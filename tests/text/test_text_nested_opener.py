"""A missing first ``</tool_call>`` of two calls (hunt 25, textA: TA-3).

vLLM's Qwen3 parser config (``qwen3_config``, also Step 3.5's and Seed-OSS's) has the
transition ``(TOOL_BETWEEN, "TOOL_START") -> TOOL_PREAMBLE``, "Consecutive tool call
without closing </tool_call>": the second opener starts the next call and is no
content. Content is the text outside the markers, every marker removed.
"""

from __future__ import annotations

import pytest
from textcheck import C, check


def fn(name: str, v: int, nl: bool = True) -> str:
    s = "\n" if nl else ""
    return f"<function={name}>\n<parameter=x>{s}{v}{s}</parameter>\n</function>"


AB = [C("a", {"x": 1}), C("b", {"x": 2})]


@pytest.mark.parametrize(
    ("dialect", "text", "kw"),
    [
        ("text.qwen3-xml", f"<tool_call>\n{fn('a', 1)}\n<tool_call>\n{fn('b', 2)}\n</tool_call>", {}),
        ("text.step", f"<tool_call>\n{fn('a', 1)}\n<tool_call>\n{fn('b', 2)}\n</tool_call>", {"thinking": False}),
        ("text.seed-oss",
         f"<seed:tool_call>\n{fn('a', 1, False)}\n<seed:tool_call>\n{fn('b', 2, False)}\n</seed:tool_call>", {}),
    ],
)
def test_the_second_opener_is_markup(dialect: str, text: str, kw: dict[str, bool]) -> None:
    check(text, dialect, None, None, AB, **kw)


def test_after_thinking() -> None:
    text = f"Need.</think>\n<tool_call>\n{fn('a', 1)}\n<tool_call>\n{fn('b', 2)}\n</tool_call>"
    check(text, "text.step", None, "Need.", AB, thinking=True)


def test_prose_before_the_second_opener_stays_content() -> None:
    text = f"<tool_call>\n{fn('a', 1)}\nAnd also:\n<tool_call>\n{fn('b', 2)}\n</tool_call>"
    check(text, "text.qwen3-xml", "And also:", None, AB)


def test_text_between_calls_is_still_content() -> None:
    text = f"<tool_call>\n{fn('a', 1)}\nthen\n{fn('b', 2)}\n</tool_call>"
    check(text, "text.qwen3-xml", "then", None, AB)
