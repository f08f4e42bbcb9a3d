"""Reasoning opened by the prompt (#17 item 3): pass the rendered prompt, toolwire infers it.

The prompts are the generation prompts the families' chat templates render (cited per case).
"""

from __future__ import annotations

import pytest
from textcheck import C, check

from toolwire._errors import DecodeError
from toolwire.text._api import TextParser, decode_text

OUT = "The user wants the weather.\n</think>\n\nLet me check."


@pytest.mark.parametrize(
    ("dialect", "prompt"),
    [
        # Qwen/Qwen3-235B-A22B-Thinking-2507 chat template: the generation prompt opens <think>
        ("text.hermes", "<|im_start|>user\nWeather?<|im_end|>\n<|im_start|>assistant\n<think>\n"),
        # Qwen3.5 / Qwen3-Coder-Next thinking mode: the same generation prompt
        ("text.qwen3-xml", "<|im_start|>user\nWeather?<|im_end|>\n<|im_start|>assistant\n<think>\n"),
        # deepseek-ai/DeepSeek-V3.1 thinking mode: "<｜Assistant｜><think>" (V3.2 / V4 alike)
        ("text.deepseek", "<｜begin▁of▁sentence｜><｜User｜>Weather?<｜Assistant｜><think>"),
        # zai-org GLM-4.7 / GLM-5 templates end the generation prompt with <think> when thinking
        ("text.glm", "[gMASK]<sop><|user|>Weather?<|assistant|><think>"),
        # moonshotai Kimi-K2.5 thinking mode
        ("text.kimi", "<|im_user|>user<|im_middle|>Weather?<|im_end|><|im_assistant|>assistant<|im_middle|><think>"),
    ],
)
def test_a_prompt_that_opens_think_starts_the_output_in_reasoning(dialect: str, prompt: str) -> None:
    check(OUT, dialect, "Let me check.", "The user wants the weather.", [], prompt=prompt)
    check(OUT, dialect, "Let me check.", "The user wants the weather.", [], prompt=prompt, thinking=True)
    # without the prompt the same text has no reasoning (the text before </think> is content)
    check(OUT, dialect, "The user wants the weather.\n\n\nLet me check.", None, [])


@pytest.mark.parametrize(
    ("dialect", "prompt"),
    [
        # Qwen3 with enable_thinking=False: an empty think block closes the reasoning in the prompt
        ("text.hermes", "<|im_start|>assistant\n<think>\n\n</think>\n\n"),
        # DeepSeek V3.1 non-thinking mode: "<｜Assistant｜></think>"
        ("text.deepseek", "<｜User｜>Weather?<｜Assistant｜></think>"),
        # GLM-4.5 with enable_thinking=False: "<|assistant|>\n<think></think>"
        ("text.glm", "<|user|>Weather?<|assistant|>\n<think></think>"),
        # Qwen3 (hybrid) thinking mode: the model writes <think> itself
        ("text.hermes", "<|im_start|>assistant\n"),
        # Magistral: the model writes [THINK] itself
        ("text.mistral", "[INST]Weather?[/INST]"),
    ],
)
def test_a_prompt_that_does_not_open_reasoning(dialect: str, prompt: str) -> None:
    text = "It is sunny."
    check(text, dialect, "It is sunny.", None, [], prompt=prompt)
    check(text, dialect, "It is sunny.", None, [], prompt=prompt, thinking=False)


def test_other_families_opening_markers() -> None:
    check("Need weather.[/THINK]Sunny.", "text.mistral", "Sunny.", "Need weather.", [], prompt="[INST]q[/INST][THINK]")
    check("Need weather.<channel|>Sunny.", "text.gemma", "Sunny.", "Need weather.", [],
          prompt="<|turn>model\n<|channel>thought\n")
    text = ('Need weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather '
            '<|constrain|>json<|message|>{"city": "Paris"}<|call|>')
    check(text, "text.harmony", None, "Need weather.", [C("get_weather", {"city": "Paris"})],
          prompt="<|start|>user<|message|>Weather?<|end|><|start|>assistant<|channel|>analysis<|message|>")


def test_thinking_that_contradicts_the_prompt_is_an_error() -> None:
    with pytest.raises(DecodeError) as exc:
        decode_text(OUT, "text.hermes", thinking=False, prompt="<|im_start|>assistant\n<think>\n")
    assert exc.value.message == "thinking=False but the prompt ends with '<think>'; pass one of them"
    with pytest.raises(DecodeError) as exc:
        TextParser("text.deepseek", thinking=True, prompt="<｜Assistant｜></think>")
    assert exc.value.message == (
        "thinking=True but the prompt does not end by opening the reasoning ('<think>'); pass one of them"
    )
    with pytest.raises(DecodeError) as exc:
        decode_text("x", "text.llama", thinking=True, prompt="<|start_header_id|>assistant<|end_header_id|>\n\n")
    assert exc.value.message == "thinking=True but the prompt does not end by opening the reasoning; pass one of them"
    with pytest.raises(DecodeError, match="prompt= takes the rendered prompt text, got int 5"):
        decode_text("x", "text.hermes", prompt=5)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", ["no", "false", 0, 1])
def test_thinking_is_true_false_or_none(value: object) -> None:
    # ``thinking="no"`` was truthy: the answer before a lone ``</think>`` became reasoning
    with pytest.raises(DecodeError, match=r"^thinking= takes True, False or None, got") as exc:
        decode_text(OUT, "text.hermes", thinking=value)  # type: ignore[arg-type]
    assert exc.value.loc == "$.thinking"
    with pytest.raises(DecodeError, match=r"^thinking= takes True, False or None, got"):
        TextParser("text.hermes", thinking=value)  # type: ignore[arg-type]


def test_finish_reason_is_text_or_none() -> None:
    # ``finish_reason=5`` was ignored; an SDK enum is read as its value
    with pytest.raises(DecodeError, match=r"^finish_reason= must be a string or None, got 5"):
        decode_text("x", "text.hermes", finish_reason=5)  # type: ignore[arg-type]
    with pytest.raises(DecodeError, match=r"^finish_reason= must be a string or None, got 5"):
        TextParser("text.hermes").close(5)  # type: ignore[arg-type]
    from google.genai import types

    cut = decode_text('<tool_call>\n{"name": "f", "arguments": {"a": 1', "text.hermes",
                      finish_reason=types.FinishReason.MAX_TOKENS)  # type: ignore[arg-type]
    assert "'MAX_TOKENS'" in cut.tool_calls[0].error  # type: ignore[union-attr]
