"""A call written inside a thinking block (hunt 16, bug 1).

The engines split the reasoning off at its closing marker before the tool parser
runs (vLLM ``vllm/reasoning/qwen3_reasoning_parser.py``, ``kimi_k2_reasoning_parser.py``,
``deepseek_r1_reasoning_parser.py``, ``gemma4_reasoning_parser.py``): a call inside a
closed block is reasoning text, never a call. In a block that never closes, vLLM's
Qwen3 parser ends the reasoning at ``<tool_call>`` + ``<function=``, Kimi K2's at
``<|tool_calls_section_begin|>``, DeepSeek V4's at ``<｜DSML｜tool_calls>`` and GLM-4.7's
at ``<tool_call>``; the R1-style parsers (DeepSeek before V4, Gemma 4) and Qwen3 with JSON
calls keep it all reasoning.
"""

from __future__ import annotations

import pytest
from textcheck import C, check

from toolwire import decode_text

# the hunter's case: a call the model considers, then rejects, inside its thinking
HERMES = '<think>I could call <tool_call>{"name": "delete_all", "arguments": {}}</tool_call> but no.</think>The answer is 4.'
QWEN = "<tool_call>\n<function=delete_all>\n</function>\n</tool_call>"
KIMI = ("<|tool_calls_section_begin|><|tool_call_begin|>functions.delete_all:0<|tool_call_argument_begin|>{}"
        "<|tool_call_end|><|tool_calls_section_end|>")
DSML = '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="delete_all">\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>'
GLM = "<tool_call>delete_all\n</tool_call>"
GEMMA = "<|tool_call>call:delete_all{}<tool_call|>"
V31 = "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>delete_all<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜>"


def test_the_reported_case() -> None:
    check(HERMES, "text.hermes", "The answer is 4.",
          'I could call <tool_call>{"name": "delete_all", "arguments": {}}</tool_call> but no.', [])


@pytest.mark.parametrize(
    ("dialect", "call", "open_", "close"),
    [
        ("text.hermes", '<tool_call>{"name": "delete_all", "arguments": {}}</tool_call>', "<think>", "</think>"),
        ("text.qwen3-xml", QWEN, "<think>", "</think>"),
        ("text.qwen3-xml", "<function=delete_all>\n</function>", "<think>", "</think>"),
        ("text.glm", GLM, "<think>", "</think>"),
        ("text.kimi", KIMI, "<think>", "</think>"),
        ("text.deepseek", DSML, "<think>", "</think>"),
        ("text.deepseek", V31, "<think>", "</think>"),
        ("text.gemma", GEMMA, "<|channel>thought\n", "<channel|>"),
    ],
)
def test_a_call_inside_a_closed_thinking_block_is_reasoning(dialect: str, call: str, open_: str, close: str) -> None:
    text = f"{open_}I could call {call} but no.{close}The answer is 4."
    check(text, dialect, "The answer is 4.", f"I could call {call} but no.", [])
    # the prompt opened the block: the same
    check(f"I could call {call} but no.{close}The answer is 4.", dialect, "The answer is 4.",
          f"I could call {call} but no.", [], thinking=True)


@pytest.mark.parametrize(
    ("dialect", "call"),
    [
        ("text.qwen3-xml", QWEN),  # <tool_call> then <function=: vLLM's Qwen3 implicit end
        ("text.qwen3-xml", "<tool_call>  \n\n<function=delete_all>\n</function>\n</tool_call>"),
        ("text.kimi", KIMI),  # vLLM's Kimi K2 implicit end
        ("text.deepseek", DSML),  # vLLM's DeepSeek V4 implicit end
        ("text.glm", GLM),  # vLLM's GLM-4.7 parser: (REASONING, TOOL_START) (hunt 25, TA-2)
    ],
)
def test_an_unclosed_block_ended_by_a_call_where_vllm_ends_it(dialect: str, call: str) -> None:
    want = [C("delete_all", id="functions.delete_all:0" if dialect == "text.kimi" else None)]
    check(f"<think>Need to clean up.\n{call}\nDone.", dialect, "Done.", "Need to clean up.", want)
    check(f"Need to clean up.\n{call}", dialect, None, "Need to clean up.", want, thinking=True)


@pytest.mark.parametrize(
    ("dialect", "call"),
    [
        ("text.hermes", '<tool_call>{"name": "delete_all", "arguments": {}}</tool_call>'),  # no <function= after it
        ("text.qwen3-xml", "<tool_call> see the docs"),  # a mention: no <function= after it
        ("text.qwen3-xml", "<function=delete_all>\n</function>"),  # bare: vLLM checks <tool_call> only
        ("text.deepseek", V31),
        ("text.gemma", GEMMA),
    ],
)
def test_an_unclosed_block_stays_reasoning_where_vllm_keeps_it(dialect: str, call: str) -> None:
    open_ = "<|channel>thought\n" if dialect == "text.gemma" else "<think>"
    check(f"{open_}Need to clean up.\n{call}\nDone.", dialect, None, f"Need to clean up.\n{call}\nDone.", [])


def test_a_held_call_is_never_both_reasoning_and_a_call() -> None:
    # the call comes before </think>: reasoning; a second call after it is the answer's
    text = f"<think>a {QWEN} b</think>c {QWEN}"
    r = check(text, "text.qwen3-xml", "c", f"a {QWEN} b", [C("delete_all")])
    assert len(r.tool_calls) == 1


def test_a_mention_split_across_deltas_waits_for_the_function_tag() -> None:
    # <tool_call> at the end of the text so far: whether <function follows is known later
    check("<think>x <tool_call>", "text.qwen3-xml", None, "x <tool_call>", [])
    check("<think>x <tool_call>\n<func", "text.qwen3-xml", None, "x <tool_call>\n<func", [])
    check("<think>x <tool_call>\n<functional", "text.qwen3-xml", None, "x <tool_call>\n<functional", [])


# -- bug 9: the newline put where a marker was -----------------------------------------------


@pytest.mark.parametrize(
    ("dialect", "text"),
    [
        ("text.hermes", 'Sure.<tool_call>{"name": "f", "arguments": {}}</tool_call> Done.'),
        ("text.deepseek", "Sure." + V31 + " Done."),
    ],
)
def test_no_newline_where_whitespace_already_follows_the_marker(dialect: str, text: str) -> None:
    check(text, dialect, "Sure. Done.", None, [C("f" if dialect == "text.hermes" else "delete_all")])


@pytest.mark.parametrize(
    ("dialect", "marker"),
    [("text.hermes", "</tool_call>"), ("text.hermes", "<|im_end|>"), ("text.glm", "<|observation|>"),
     ("text.mistral", "</s>"), ("text.deepseek", "<｜tool▁calls▁end｜>")],
)
def test_a_stray_closing_marker_does_not_glue_words(dialect: str, marker: str) -> None:
    check(f"Hello{marker}World", dialect, "Hello\nWorld", None, [])
    check(f"Hello {marker}World", dialect, "Hello World", None, [])
    check(f"Hello{marker} World", dialect, "Hello World", None, [])


# -- the held text is read at most twice: its scaling (n vs 4n, in one piece or three
# characters at a time) is a ``benchmarks/bench_scaling.py`` row; here, what it gives --


@pytest.mark.parametrize(
    ("dialect", "unit"),
    [
        ("text.qwen3-xml", "<tool_call>\n<function=f>\n</function>\n</tool_call> x"),  # held, more calls
        ("text.qwen3-xml", "<tool_call>" + " " * 7),  # a mention each time: back to reasoning
        ("text.qwen3-xml", "<tool_call>\n<function=f><parameter=a>" + "</think" * 3),  # </think> never whole
        ("text.kimi", "<|tool_calls_section_begin|>y "),
        ("text.deepseek", "<｜DSML｜tool_calls> z"),
    ],
)
def test_held_text_fed_in_pieces_reads_as_it_does_whole(dialect: str, unit: str) -> None:
    from toolwire.text._api import TextParser

    text = "<think>a " + unit * 200
    p = TextParser(dialect)
    for i in range(0, len(text), 3):
        p.feed(text[i : i + 3])
    got = p.close()
    whole = decode_text(text, dialect)
    assert (got.content, got.reasoning, got.tool_calls) == (whole.content, whole.reasoning, whole.tool_calls)


# A held call whose value holds an end marker and never closes before the block's closing
# marker: the region is read again from that end marker while the text is read ahead. Once
# the block closes, the calls after it are read as after any block (a metamorphic fuzz in
# the thirty-first session: the same text with plain reasoning gave the call; this one cut
# the call at the end marker inside its value, an InvalidToolCall and '"}}]' as content).
@pytest.mark.parametrize(
    ("dialect", "thought", "call", "arg"),
    [
        ("text.command-r",
         '<|START_THINKING|>I could <|START_ACTION|>[{"tool_name": "f", "parameters": {"a": "<|END_ACTION|> no.'
         "<|END_THINKING|>",
         '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "parameters": {"a": "<|END_ACTION|>"}}]<|END_ACTION|>',
         C("f", {"a": "<|END_ACTION|>"}, "0")),
        ("text.apertus",
         '<|inner_prefix|>I could <|tools_prefix|>[{"f": {"a": "<|tools_suffix|> no.<|inner_suffix|>',
         '<|tools_prefix|>[{"f": {"a": "<|tools_suffix|>"}}]<|tools_suffix|>',
         C("f", {"a": "<|tools_suffix|>"})),
        ("text.kimi",
         "<think>I could <|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>"
         '{"a": "<|tool_calls_section_end|> no.</think>',
         "<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>"
         '{"a": "<|tool_calls_section_end|>"}<|tool_call_end|><|tool_calls_section_end|>',
         C("f", {"a": "<|tool_calls_section_end|>"}, "functions.f:0")),
    ],
)
def test_a_call_after_a_held_block_read_again_is_read_as_after_any_block(
    dialect: str, thought: str, call: str, arg: object
) -> None:
    opener, closer = {"text.command-r": ("<|START_THINKING|>", "<|END_THINKING|>"),
                      "text.apertus": ("<|inner_prefix|>", "<|inner_suffix|>"),
                      "text.kimi": ("<think>", "</think>")}[dialect]
    reasoning = thought[len(opener) : -len(closer)]
    check(thought + call, dialect, None, reasoning, [arg])
    check(opener + "x" + closer + call, dialect, None, "x", [arg])  # plain reasoning: the same answer


def test_a_call_read_again_at_the_end_is_judged_as_during_the_text() -> None:
    # The block closes only once the text has ended (a value in the held call never
    # closes), so the empty call after it is read at ``close()``: closed by its end
    # marker, it is not one the token limit cut (it was ``truncated`` there, not when read
    # during ``feed``; the thirty-first session's metamorphic fuzz).
    after = "<|tools_prefix|><|tools_suffix|> ok"
    held = decode_text('<|inner_prefix|><|tools_prefix|>[{"f": {"}}]\n<|inner_suffix|>' + after, "text.apertus",
                       finish_reason="length")
    plain = decode_text("<|inner_prefix|>x<|inner_suffix|>" + after, "text.apertus", finish_reason="length")
    assert held.tool_calls == plain.tool_calls
    assert [c.truncated for c in held.tool_calls] == [False]


def test_a_closed_call_read_again_at_the_end_is_not_cut_by_a_length_finish() -> None:
    # The first call's value never closes, so the region is read again from the end
    # marker in it at ``close()``; the second call, closed by its own end marker, was
    # refused as "cut off" under 'length' (read during ``feed`` it is a call).
    text = '<tool_call>{"name":"f","arguments":{"a":"x</tool_call> <tool_call>{"name":"g","arguments":""}</tool_call>'
    first, second = decode_text(text, "text.hermes", finish_reason="length").tool_calls
    assert first.truncated
    assert second == decode_text('<tool_call>{"name":"g","arguments":""}</tool_call>', "text.hermes",
                                 finish_reason="length").tool_calls[0]
    assert second.name == "g" and second.args == {} and second.repairs == ("empty-arguments",)
