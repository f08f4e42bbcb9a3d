"""Reasoning blocks: the closing marker splits reasoning from the answer first.

Every family follows the engines' reasoning parsers (vLLM ``vllm/reasoning/``): they
split the output at the block's closing marker *before* the tool parser looks for
calls, so a call the model writes inside a closed thinking block (it quotes call
markup while it thinks, or considers a call and decides against it) is reasoning
text, never a call. vLLM's Seed-OSS tests show a whole ``<seed:tool_call>`` block
inside the thinking.

What an *unclosed* block followed by a call means differs per engine parser:

- ``closed_think_modes``: only the closing marker ends the reasoning; with no closing
  marker the rest of the output is reasoning (vLLM's R1-style parsers: DeepSeek before
  V4, Gemma 4, Hermes-style Qwen3 JSON calls, Mistral and the other families).
- ``held_think_modes``: some parsers end the reasoning at a call marker when no
  closing marker follows (vLLM's Qwen3 parser at ``<tool_call>`` followed by
  ``<function``, and Step 3.5's and Seed-OSS's, the same parser with their wrapper
  tokens; MiniMax M2's at ``<minimax:tool_call>``; GLM-4.7's at ``<tool_call>``; Kimi
  K2's at ``<|tool_calls_section_begin|>``; DeepSeek V4's at ``<｜DSML｜tool_calls>``
  and V4.1's at ``<｜DSML｜ calls>``). Which it is is known only later: the text from such a
  marker on is *held* (no event) until the closing marker comes (then it was all
  reasoning, read again as a closed block's: call markup kept as text, the markers such a
  block drops dropped) or the text ends (then it is read again as the answer:
  its calls are calls). A call is never both reasoning and a call; the held text is
  read at most twice (linear), and a stream gets those calls at ``close``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from ._core import Action, Mode, Start, TextMode
from ._kit import goto, stay
from ._scan import Pieces, _hold, _prefixes

if TYPE_CHECKING:
    from ._core import TextParser

__all__ = ["closed_think_modes", "held_think_modes", "start_in"]


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

    return content, reasoning, partial(start_in, content, reasoning)


def start_in(content: Mode, reasoning: Mode, thinking: bool) -> Mode:
    """A format's ``start`` (as ``partial(start_in, content, reasoning)``, which pickles):
    *reasoning* when the prompt opened the block."""
    return reasoning if thinking else content


def _markers(pairs: Sequence[tuple[str, str]], on_open: Action, on_close: Action) -> dict[str, Action]:
    on: dict[str, Action] = {}
    for o, c in pairs:
        on[o], on[c] = on_open, on_close
    return on


class _Held(Mode):
    """The text after a call marker inside an unclosed reasoning block, held until one
    of the block's *closes* (reasoning) or the end of the text (the answer). With
    *confirm*, the marker counts only when that text follows it after whitespace and
    then ``=`` or whitespace (vLLM's Qwen3 ``<function[\\s=]`` check); otherwise the
    marker is reasoning text at once."""

    def __init__(self, closes: Sequence[str], confirm: str) -> None:
        self.closes = tuple(closes)
        self.confirm = confirm
        self.firsts = frozenset(c[0] for c in closes)
        self.prefixes = _prefixes(closes)
        self.longest = max(len(c) for c in closes)
        self.content: Mode = self
        self.reasoning: Mode = self
        self.plain: Mode = self  # the reasoning mode without the call markers (a closed block's)

    def enter(self, m: TextParser, tok: str) -> None:
        held = Pieces()
        held.append(tok)
        m.state["held"] = held
        m.state["held_ok"] = not self.confirm
        m.mode = self

    def _as_reasoning(self, m: TextParser, rest: str, mode: Mode) -> None:
        held: Pieces = m.state.pop("held")
        held.append(rest)
        m.reasoning.gap = False  # the marker is kept as text: nothing was removed there
        m.emit_reasoning(held.join())
        m.mode = mode

    def step(self, m: TextParser) -> bool:
        buf, pos, n = m.buf, m.pos, len(m.buf)
        held: Pieces = m.state["held"]
        if not m.state["held_ok"]:
            i = pos
            while i < n and buf[i].isspace():
                i += 1
            if i > pos:
                held.append(buf[pos:i])
                m.pos = pos = i
            c = self.confirm
            if n - i <= len(c) and c.startswith(buf[i:]):  # may still become the confirmation
                if not m.final:
                    return False
                self._as_reasoning(m, buf[i:], self.reasoning)
                m.pos = n
                return True
            if not buf.startswith(c, i) or not (buf[i + len(c)] == "=" or buf[i + len(c)].isspace()):
                self._as_reasoning(m, "", self.reasoning)  # a mention, not a call: reasoning text
                return True
            m.state["held_ok"] = True
        hit, _ = _first(buf, pos, self.closes)
        if hit >= 0:  # the block closes after all: everything held was reasoning, read again
            held.append(buf[pos:])  # as a closed block's (its dropped markers dropped), once
            m.state.pop("held")
            m.reasoning.gap = False  # the marker is read again as text: nothing was removed there
            m.buf, m.pos = held.join(), 0
            m.mode = self.plain
            return True
        if m.final:  # the block never closed: the held text is the answer, read from its marker
            held.append(buf[pos:])
            m.state.pop("held")
            m.buf, m.pos = held.join(), 0
            m.mode = self.content
            return True
        stop = _hold(buf, pos, self.firsts, self.prefixes, self.longest)
        if stop > pos:
            held.append(buf[pos:stop])
            m.pos = stop
        return False


def _first(buf: str, pos: int, tokens: tuple[str, ...]) -> tuple[int, str]:
    """The first of *tokens* in *buf* from *pos*: where, and which (``(-1, "")`` if none).
    Each search stops at the best hit so far."""
    best, which = -1, ""
    for tok in tokens:
        i = buf.find(tok, pos) if best < 0 else buf.find(tok, pos, best + len(tok) - 1)
        if i >= 0:
            best, which = i, tok
    return best, which


def held_think_modes(
    calls: dict[str, Action],
    ends: dict[str, str],
    open_: str = "<think>",
    close: str = "</think>",
    content_extra: dict[str, Action] | None = None,
    more: Sequence[tuple[str, str]] = (),
    reasoning_extra: dict[str, Action] | None = None,
) -> tuple[TextMode, TextMode, Start]:
    """Content and reasoning modes where a closing marker ends the reasoning, and so
    does each marker of *ends* (mapped to the text that must follow it, or ``""``) when
    the block never closes (``_Held``). *more* are further ``(open, close)`` spellings
    of the block (a family whose generations differ): any closing marker ends a block
    any opener began."""
    content = TextMode("content")
    reasoning = TextMode("reasoning")
    pairs = ((open_, close), *more)
    content.set({**_markers(pairs, goto(reasoning), stay), **calls, **(content_extra or {})})
    on = {**_markers(pairs, stay, goto(content)), **(reasoning_extra or {})}
    plain = TextMode("reasoning", on)  # its actions stay or leave for content: held text is read once more
    for marker, confirm in ends.items():
        held = _Held([c for _, c in pairs], confirm)
        held.content, held.reasoning, held.plain = content, reasoning, plain
        on[marker] = held.enter
    reasoning.set(on)

    return content, reasoning, partial(start_in, content, reasoning)
