"""A call block that holds an empty JSON list ``[]`` is one ``InvalidToolCall`` in every
family (docs/text-formats.md, "An empty list of calls"), with one wording; the text around
it stays content. Read as nothing, the call marker would vanish and the reply would look
like a finished empty answer, on which an agent ends its turn.

Each block is the family's own call marker as its chat template or documentation writes
it (the sources each module's docstring names), the list emptied: Hermes / Qwen
``<tool_call>\\n…\\n</tool_call>``; Granite 3.0 ``<|tool_call|>[…]``, 3.1–3.3
``<tool_call>[…]``, 4 ``<tool_call>\\n…\\n</tool_call>``; Jamba and Hunyuan A13B
``<tool_calls>[…]</tool_calls>``; Nemotron Nano v2 ``<TOOLCALL>[…]</TOOLCALL>``; Apertus
``<|tools_prefix|>[…]<|tools_suffix|>``; Command R7B ``<|START_ACTION|>[\\n…\\n]<|END_ACTION|>``
and Command R ``Action:\\n```json\\n[…]```\\``; FireFunction v2 `` functools[…]``; Mistral-Nemo
``[TOOL_CALLS][…]`` and the v3 templates' ``[TOOL_CALLS] […]``; Llama 3.x
``<|python_tag|>…``; xLAM (vLLM's ``xlam_tool_parser``) ``<tool_call>[…]</tool_call>`` and
``[TOOL_CALLS][…]``; GigaChat 3 ``function call<|role_sep|>\\n…`` and 3.1
``<|function_call|>…``; InternLM ``<|action_start|><|plugin|>\\n…<|action_end|>``; ERNIE 4.5
``<tool_call>\\n…\\n</tool_call>``; LFM2 ``<|tool_call_start|>[…]<|tool_call_end|>``; MiniMax-M1
``<tool_calls>\\n…\\n</tool_calls>``; dots ``<dots_function_call>…</dots_function_call>``;
LongCat ``<longcat_tool_call>\\n…\\n</longcat_tool_call>``.

The engines do not read such a block as calls either: llama.cpp's parsers (the template-driven
PEG parser) refuse it for Mistral-Nemo, Apertus, Command R7B, FireFunction, LFM2, GigaChat 3.1
and MiniMax-M1, and leave it in the content for Llama 3.x, Granite 3.3, Hermes and Nemotron;
vLLM's ``llama3_json`` parser finds no ``{`` after ``<|python_tag|>`` and returns the text as
content, so ``<|python_tag|>[]`` is no code for the code interpreter.
"""

from __future__ import annotations

import pytest
from textcheck import Invalid, check

from toolwire import InvalidToolCall, ToolCall, decode_text

WORDING = "holds an empty list of calls"

# (dialect, what comes between the answer and the block, the block)
BLOCKS = [
    ("text.hermes", "\n", "<tool_call>\n[]\n</tool_call>"),
    ("text.granite", "\n", "<|tool_call|>[]"),
    ("text.granite", "\n", "<tool_call>[]"),
    ("text.granite", "\n", "<tool_call>\n[]\n</tool_call>"),
    ("text.jamba", "\n", "<tool_calls>[]</tool_calls>"),
    ("text.hunyuan", "\n", "<tool_calls>[]</tool_calls>"),
    ("text.nemotron", "\n", "<TOOLCALL>[]</TOOLCALL>"),
    ("text.apertus", "", "<|tools_prefix|>[]<|tools_suffix|>"),
    ("text.command-r", "", "<|START_ACTION|>[\n]<|END_ACTION|>"),
    ("text.command-r", "\n", "Action:\n```json\n[]\n```"),
    ("text.firefunction", " ", "functools[]"),
    ("text.mistral", "", "[TOOL_CALLS][]"),
    ("text.mistral", "", "[TOOL_CALLS] []"),
    ("text.llama", "", "<|python_tag|>[]"),
    ("text.xlam", "\n", "<tool_call>[]</tool_call>"),
    ("text.xlam", "\n", "[TOOL_CALLS][]"),
    ("text.gigachat", "<|message_sep|>\n\n", "function call<|role_sep|>\n[]"),
    ("text.gigachat", "", "<|function_call|>[]"),
    ("text.internlm", "", "<|action_start|><|plugin|>\n[]<|action_end|>"),
    ("text.ernie", "\n", "<tool_call>\n[]\n</tool_call>"),
    ("text.lfm2", "\n", "<|tool_call_start|>[]<|tool_call_end|>"),
    ("text.minimax", "\n", "<tool_calls>\n[]\n</tool_calls>"),
    ("text.dots", "\n", "<dots_function_call>\n[]\n</dots_function_call>"),
    ("text.longcat", "\n", "<longcat_tool_call>\n[]\n</longcat_tool_call>"),
]


@pytest.mark.parametrize("finish", ["stop", "tool_calls"])
@pytest.mark.parametrize("spaces", [False, True])
@pytest.mark.parametrize(("dialect", "gap", "block"), BLOCKS)
def test_an_empty_list_of_calls_is_an_invalid_call(dialect: str, gap: str, block: str, spaces: bool,
                                                   finish: str) -> None:
    if spaces:  # whitespace inside the list is still an empty list
        block = block.replace("[]", "[ \n\t ]").replace("[\n]", "[ \n\t ]")
    # (Granite's region is its JSON value: a Granite 4 closer after it is dropped, not kept in raw)
    raw = block.removesuffix("\n</tool_call>") if dialect == "text.granite" else block
    check("Let me check." + gap + block, dialect, "Let me check.", None, [Invalid(raw=raw)], finish_reason=finish)
    check(block, dialect, None, None, [Invalid(raw=raw)], finish_reason=finish)
    [bad] = decode_text(block, dialect, finish_reason=finish).tool_calls
    assert isinstance(bad, InvalidToolCall)
    assert bad.error == f"Tool call block at $.tool_calls[0] {WORDING}", bad.error


def test_the_calls_beside_an_empty_list_stay_calls() -> None:
    """An empty block among whole ones is one invalid call in its place; nothing else changes."""
    one = '<tool_calls>[{"name": "now", "arguments": {}}]</tool_calls>'
    r = decode_text("A" + one + "<tool_calls>[]</tool_calls>" + one + "B", "text.jamba", finish_reason="stop")
    assert [type(c).__name__ for c in r.tool_calls] == ["ToolCall", "InvalidToolCall", "ToolCall"]
    assert WORDING in r.tool_calls[1].error and r.content == "A\nB"


def test_what_is_not_a_call_block_stays_content() -> None:
    """No call marker, no call: xLAM's bare or fenced ``[]`` and Llama's ``[]`` at the start
    are the answer (an empty JSON list), as vLLM's parsers return them."""
    for dialect, text in [("text.xlam", "[]"), ("text.xlam", "```json\n[]\n```"), ("text.llama", "[]")]:
        check(text, dialect, text, None, [], finish_reason="stop")


def test_a_cut_off_empty_list_is_cut_off() -> None:
    """Under a length finish the ``]`` may be where the text was cut: a cut-off call, as before."""
    check("x functools[]", "text.firefunction", "x", None, [Invalid(truncated=True, raw="functools[]")],
          finish_reason="length")
    check("<tool_calls>[", "text.jamba", None, None, [Invalid(truncated=True, raw="<tool_calls>[")])


# -- the families whose call blocks are no JSON list: a block that holds no call at all is one
# InvalidToolCall too ("holds no calls"), and one the end of the text cuts with no call in it a
# cut-off nameless call, never nothing (as Hermes' "<tool_call>" at the end is). The blocks are
# the families' own markers (their modules' sources): OLMo 3 <function_calls>…</function_calls>;
# Kimi K2 <|tool_calls_section_begin|>…<|tool_calls_section_end|> (and the singular spelling);
# Solar Open <|tool_calls|>…<|calls|>. llama.cpp reads Kimi's empty section as the text before
# it (as vLLM's kimi_k2 parser does) and refuses Solar Open's; vLLM's olmo3 parser finds no line

NONE = "holds no calls"
EMPTY = [
    ("text.olmo", "<function_calls>", "</function_calls>"),
    ("text.kimi", "<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"),
    ("text.kimi", "<|tool_call_section_begin|>", "<|tool_call_section_end|>"),
    ("text.solar-open", "<|tool_calls|>", "<|calls|>"),
]


@pytest.mark.parametrize("finish", ["stop", "tool_calls", None])
@pytest.mark.parametrize("inside", ["", " ", "\n"])
@pytest.mark.parametrize(("dialect", "opener", "closer"), EMPTY)
def test_an_empty_call_block_is_an_invalid_call(dialect: str, opener: str, closer: str, inside: str,
                                                finish: str | None) -> None:
    block = opener + inside + closer
    r = check("Let me check." + block, dialect, "Let me check.", None, [Invalid()], finish_reason=finish)
    assert r.tool_calls[0].error == f"Tool call block at $.tool_calls[0] {NONE}", r.tool_calls[0].error
    assert r.tool_calls[0].raw.startswith(opener) and r.tool_calls[0].raw.endswith(closer)
    check(block, dialect, None, None, [Invalid()], finish_reason=finish)


@pytest.mark.parametrize("finish", ["stop", "length", None])
@pytest.mark.parametrize(("dialect", "opener", "closer"), EMPTY)
def test_an_empty_call_block_the_text_ends_in_is_cut_off(dialect: str, opener: str, closer: str,
                                                         finish: str | None) -> None:
    check("Let me check." + opener, dialect, "Let me check.", None, [Invalid(truncated=True)], finish_reason=finish)


@pytest.mark.parametrize(("dialect", "block", "cut"), [
    ("text.olmo", "<function_calls>now()</function_calls>", "<function_calls>now()\n"),
    ("text.kimi", "<|tool_calls_section_begin|><|tool_call_begin|>functions.now:0<|tool_call_argument_begin|>{}"
                  "<|tool_call_end|><|tool_calls_section_end|>", -len("<|tool_calls_section_end|>")),
    ("text.solar-open", "<|tool_calls|><|tool_call:begin|>a1b2c3d4e5<|tool_call:name|>now<|tool_call:args|>{}"
                        "<|tool_call:end|><|calls|>", -len("<|calls|>")),
])
def test_a_block_with_a_call_is_no_empty_block(dialect: str, block: str, cut: str | int) -> None:
    now = ToolCall(name="now", args={}, id={"text.kimi": "functions.now:0", "text.solar-open": "a1b2c3d4e5"}.get(dialect))
    check("Let me check." + block, dialect, "Let me check.", None, [now], finish_reason="stop")
    # a call, then the end of the text inside the block: the call alone (no invented cut-off call)
    text = "Let me check." + (cut if isinstance(cut, str) else block[:cut])
    check(text, dialect, "Let me check.", None, [now], finish_reason="stop")


@pytest.mark.parametrize(("dialect", "text"), [
    ("text.kimi", "Hi<|tool_calls_section_begin|> "),
    ("text.kimi", "<think>x<|tool_calls_section_begin|>"),  # read ahead as the answer, which it is at the end
    ("text.solar-open", "Hi<|tool_calls|>"),
])
def test_an_empty_section_survives_a_checkpoint(dialect: str, text: str) -> None:
    import copy
    import pickle

    from toolwire.stream import TextParser

    for again in (lambda p: pickle.loads(pickle.dumps(p)), copy.deepcopy):
        p = TextParser(dialect)
        p.feed(text)
        [cut] = again(p).close("stop").tool_calls
        assert isinstance(cut, InvalidToolCall) and cut.truncated and cut.name is None


def test_a_section_quoted_in_reasoning_is_no_block() -> None:
    text = "<think>I would write <|tool_calls_section_begin|> here</think>Answer."
    check(text, "text.kimi", "Answer.", "I would write <|tool_calls_section_begin|> here", [], finish_reason="stop")
