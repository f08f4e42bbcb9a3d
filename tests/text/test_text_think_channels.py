"""Reasoning spellings of the newer generations (hunt 25, textA: TA-8, TA-7, TA-1).

- MiniMax M3 writes its reasoning as ``<mm:think>…</mm:think>`` and its template may
  prefill ``<mm:think>`` (``thinking_mode="enabled"``): vLLM
  ``minimax_m3_reasoning_parser.py`` (``MiniMaxM3ReasoningParser``).
- Kimi K3's thinking channel is ``<|open|>think<|sep|>…<|close|>think<|sep|>``; in
  thinking mode the generation prefix may hold the opener, and a closer alone ends
  the reasoning: vLLM ``kimi_k3_reasoning_parser.py`` (``KimiK3ReasoningParser``).
- DeepSeek V4.1 ``<｜DSML｜ calls>`` inside an unclosed thinking block ends it, as V4's
  ``<｜DSML｜tool_calls>`` does: vLLM ``vllm/parser/deepseek_v41.py`` and its test
  ``test_byte_fallback_inside_text_tool_marker_is_not_reasoning``.
"""

from __future__ import annotations

from textcheck import C, check

# -- MiniMax M3 ---------------------------------------------------------------------------

NS = "]<]minimax[>["
M3_CALL = (f'{NS}<tool_call>\n{NS}<invoke name="get_weather">{NS}<city>Paris{NS}</city>{NS}</invoke>\n'
           f"{NS}</tool_call>")
WEATHER = [C("get_weather", {"city": "Paris"})]


def test_m3_reasoning_block_in_the_output() -> None:
    text = f"<mm:think>The user wants the weather.</mm:think>Let me check.\n{M3_CALL}"
    check(text, "text.minimax", "Let me check.", "The user wants the weather.", WEATHER)


def test_m3_prefilled_reasoning_opener() -> None:
    text = f"The user wants the weather.</mm:think>Let me check.\n{M3_CALL}"
    check(text, "text.minimax", "Let me check.", "The user wants the weather.", WEATHER, thinking=True)
    check(text, "text.minimax", "Let me check.", "The user wants the weather.", WEATHER,
          prompt="]~b]ai\n<mm:think>")


def test_m3_call_inside_a_closed_reasoning_block_is_reasoning() -> None:
    text = f"<mm:think>I could {M3_CALL} but no.</mm:think>Done."
    check(text, "text.minimax", "Done.", f"I could {M3_CALL} but no.", [])


def test_m2_think_blocks_unchanged() -> None:
    check("<think>Hmm.</think>Hi.", "text.minimax", "Hi.", "Hmm.", [])
    check("Hmm.\n</think>\nHi.", "text.minimax", "Hi.", "Hmm.", [], prompt="]~b]ai\n<think>\n")


# -- Kimi K3 ------------------------------------------------------------------------------

K3_CALL = ('<|open|>tools<|sep|><|open|>call tool="get_weather" index="1"<|sep|>'
           '<|open|>argument key="city" type="string"<|sep|>Paris<|close|>argument<|sep|>'
           "<|close|>call<|sep|><|close|>tools<|sep|>")
K3_ANSWER = "<|open|>response<|sep|>Let me check.<|close|>response<|sep|>" + K3_CALL


def test_k3_think_channel_in_the_output() -> None:
    text = "<|open|>think<|sep|>The user wants the weather.<|close|>think<|sep|>" + K3_ANSWER
    check(text, "text.kimi", "Let me check.", "The user wants the weather.", WEATHER)


def test_k3_think_channel_opened_by_the_prompt() -> None:
    text = "The user wants the weather.<|close|>think<|sep|>" + K3_ANSWER
    check(text, "text.kimi", "Let me check.", "The user wants the weather.", WEATHER, thinking=True)
    check(text, "text.kimi", "Let me check.", "The user wants the weather.", WEATHER,
          prompt="<|open|>assistant<|sep|><|open|>think<|sep|>")


def test_k3_tools_channel_inside_a_closed_think_channel_is_reasoning() -> None:
    text = f"<|open|>think<|sep|>I could {K3_CALL} but no.<|close|>think<|sep|>Done."
    check(text, "text.kimi", "Done.", f"I could {K3_CALL} but no.", [])


def test_k2_think_blocks_unchanged() -> None:
    check("<think>Hmm.</think>Hi.", "text.kimi", "Hi.", "Hmm.", [])


# -- DeepSeek V4.1 ------------------------------------------------------------------------

V41 = ('<｜DSML｜ calls><｜DSML｜ invoke name="emit"><｜DSML｜ parameter name="value" string="true">ok'
       "</｜DSML｜ parameter></｜DSML｜ invoke></｜DSML｜ calls>")


def test_v41_calls_end_an_unclosed_thinking_block() -> None:
    got = check("中" + V41, "text.deepseek", None, "中", [C("emit", {"value": "ok"})], thinking=True)
    assert got.tool_calls[0].provider_data == {"text.deepseek": {"variant": "v4.1"}}
    check("中" + V41, "text.deepseek", None, "中", [C("emit", {"value": "ok"})],
          prompt="<｜User｜>q<｜Assistant｜><think>")
    check("<think>中" + V41, "text.deepseek", None, "中", [C("emit", {"value": "ok"})])


def test_v41_calls_inside_a_closed_thinking_block_stay_reasoning() -> None:
    check("中" + V41 + "</think>", "text.deepseek", None, "中" + V41, [], thinking=True)
