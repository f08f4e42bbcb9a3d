"""Reasoning blocks whose text is all reasoning (the newer families).

``_kit.think_modes`` lets a call marker end an unclosed thinking block (Qwen3.5, Kimi
K2 call tools from inside it). The engines' reasoning parsers of MiniMax M2, Step,
Granite, LFM2 and Seed-OSS split the output at the closing marker first and look for
calls only after it, and those models quote call markup while they think (vLLM's
Seed-OSS tests show a whole ``<seed:tool_call>`` block inside the thinking): there a
call marker inside the block is reasoning text, not a call.
"""

from __future__ import annotations

from ._core import Action, Mode, Start, TextMode
from ._kit import goto, stay

__all__ = ["closed_think_modes"]


def closed_think_modes(
    calls: dict[str, Action],
    open_: str = "<think>",
    close: str = "</think>",
    content_extra: dict[str, Action] | None = None,
    reasoning_extra: dict[str, Action] | None = None,
) -> tuple[TextMode, TextMode, Start]:
    """Content and reasoning modes; only *close* ends the reasoning. ``thinking=True``
    starts in reasoning (the prompt opened the block)."""
    content = TextMode("content")
    reasoning = TextMode("reasoning")
    content.set({open_: goto(reasoning), close: stay, **calls, **(content_extra or {})})
    reasoning.set({close: goto(content), open_: stay, **(reasoning_extra or {})})

    def start(thinking: bool) -> Mode:
        return reasoning if thinking else content

    return content, reasoning, start
