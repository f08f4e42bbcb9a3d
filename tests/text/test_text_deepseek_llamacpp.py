"""text.deepseek: the section spellings llama.cpp's DeepSeek R1 / V3.1 grammars let a model
write (ggml-org/llama.cpp ``common/chat.cpp``, ``common_chat_params_init_deepseek_r1`` and
``_v3_1``, checked 2026-12-04)::

    root ::= ("<｜tool▁calls▁begin｜>" | "<｜tool_calls_begin｜>" | "<｜tool calls begin｜>"
              | "<｜tool\\_calls\\_begin｜>" | "<｜tool▁calls｜>") call* "<｜tool▁calls▁end｜>"
    call ::= "<｜tool▁call▁begin｜>"? "function<｜tool▁sep｜>" NAME "\\n```json\\n" ARGS "```<｜tool▁call▁end｜>"
                                       (V3.1: NAME "<｜tool▁sep｜>" ARGS "<｜tool▁call▁end｜>")

Before, a call without its ``<｜tool▁call▁begin｜>`` came back as content (markers and
all), the other openers stayed in the content, and ``<｜tool▁calls｜><｜tool▁call▁begin｜>``
made the first call an ``InvalidToolCall``.
"""

from __future__ import annotations

import pytest
from textcheck import C, Invalid, check

D = "text.deepseek"
SE = "<｜tool▁calls▁end｜>"
B, E, SEP = "<｜tool▁call▁begin｜>", "<｜tool▁call▁end｜>", "<｜tool▁sep｜>"
OPENERS = ["<｜tool▁calls▁begin｜>", "<｜tool_calls_begin｜>", "<｜tool calls begin｜>", "<｜tool\\_calls\\_begin｜>",
           "<｜tool▁calls｜>"]


def r1(name: str, args: str, begin: bool) -> str:
    return f"{B if begin else ''}function{SEP}{name}\n```json\n{args}\n```{E}"


def v31(name: str, args: str, begin: bool) -> str:
    return f"{B if begin else ''}{name}{SEP}{args}{E}"


@pytest.mark.parametrize("opener", OPENERS)
@pytest.mark.parametrize("begin", [True, False])
@pytest.mark.parametrize("call", [r1, v31])
def test_every_opener_with_or_without_call_begin(opener: str, begin: bool, call: object) -> None:
    assert callable(call)
    text = "Let me check.\n" + opener + call("f", '{"a": 1}', begin) + call("g", "{}", begin) + SE
    check(text, D, "Let me check.", None, [C("f", {"a": 1}), C("g")])
    check("<think>plan</think>" + text, D, "Let me check.", "plan", [C("f", {"a": 1}), C("g")])


def test_mixed_calls_and_text_in_a_section() -> None:
    text = f"<｜tool▁calls▁begin｜>{r1('f', '{}', False)}\n{r1('g', '{}', True)}{SE} done"
    check(text, D, "done", None, [C("f"), C("g")])
    # text in a section that is no call stays content, as before
    check(f"<｜tool▁calls▁begin｜>junk{r1('f', '{}', True)}{SE}", D, "junk", None, [C("f")])
    check(f"<｜tool▁calls▁begin｜>Sorry.{SE}", D, "Sorry.", None, [])


def test_a_call_without_its_begin_cut_off_is_truncated() -> None:
    cut = r1("get_weather", '{"city": "Par', False)
    whole = "<｜tool▁calls▁begin｜>" + r1("f", "{}", True) + cut[: cut.index("Par") + 3]
    check(whole, D, None, None, [C("f"), Invalid("get_weather", truncated=True)])
    check("<｜tool▁calls▁begin｜>function<｜tool▁s", D, None, None, [Invalid(None, truncated=True)])


@pytest.mark.parametrize("begin", [True, False])
def test_sections_of_many_calls_scale_linearly(begin: bool) -> None:
    from textcheck import decode_cpu

    def text(n: int) -> str:
        return "<｜tool▁calls｜>" + "\n".join(v31(f"f{i}", "{}", begin) for i in range(n)) + SE

    assert decode_cpu(text(8_000), D) < 8 * decode_cpu(text(2_000), D) + 0.05
