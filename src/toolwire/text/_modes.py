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
  marker on is *held* (no event) and read ahead as the answer, by the same modes, until
  a closing marker comes outside its call regions' quoted values (one inside a value
  is the value's text, as an end marker there is, unless the value never closes: the
  families' docstrings; llama.cpp reads Apertus so; or unless it is in an invalid
  call's text, in no whole call's, and the text ends with no other closing marker: a
  draft cut in its value ran on over the closing marker into the answer, and vLLM's
  reasoning parsers split at the closing marker whenever it is there; ``_Spec.ends_in``,
  ``_Spec.settle``) — then it was all reasoning, read
  again as a closed block's: call markup kept as text, the markers such a block drops
  dropped — or the text ends: then the reading ahead stands, its calls are calls. A
  later opener in that text does not hold again (no closing marker has come since: a
  call marker in its block is the answer at once; vLLM's reasoning parsers split the
  output once). A call is never both reasoning and a call; the held text is read at
  most twice (linear: a call region read ahead scans for the closing markers too and
  ends the block at one outside its values at once; a value whose closer is nowhere
  after it is known so once), and a stream gets those calls at ``close``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from ._core import Action, Mode, Start, TextMode
from ._kit import goto, stay
from ._scan import Pieces
from ._spec import _Block

if TYPE_CHECKING:
    from ._core import TextParser

__all__ = ["closed_think_modes", "held_think_modes", "set_section", "start_in"]


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


def _close_in(block: _Block, then: Mode | None, m: TextParser, tok: str) -> None:
    block.close(m, tok, then)


def _close_between(block: _Block, m: TextParser, tok: str) -> None:
    if m.state.get("spec") is None:
        m.stray.append(tok)  # text between a section's calls, with the text before it
        return
    m.flush_stray()  # (into the answer read ahead, which the cut drops)
    block.cut(m, m.at(m.pos) - len(tok), tok)


def set_section(section: TextMode, content: TextMode, on: dict[str, Action]) -> None:
    """Set *section*, a mode between the calls of a section, to *on* and a held block's
    closing markers (*content*: the family's content mode): there such a marker ends a
    held block, as in content; otherwise it is the section's stray text, as the text
    around it (``TextMode.text_first``)."""
    block = next(a.args[0] for a in content.on.values() if isinstance(a, partial) and a.func is _close_in)
    closes = sorted(block.closes)
    section.set({**on, **{c: partial(_close_between, block) for c in closes}}, text_first=closes)


class _Held(Mode):
    """A call marker inside an unclosed reasoning block: from it the text is read ahead
    as the answer (``_Block.start``), which it is when the text ends; a closing marker
    outside its call regions undoes that (then it was all reasoning). With *confirm*,
    the marker counts only when that text follows it after whitespace and then ``=`` or
    whitespace (vLLM's Qwen3 ``<function[\\s=]`` check); otherwise the marker is
    reasoning text at once."""

    def __init__(self, block: _Block, confirm: str) -> None:
        self.block = block
        self.confirm = confirm
        self.reasoning: Mode = self

    def enter(self, m: TextParser, tok: str) -> None:
        if not self.confirm:
            self.block.start(m, tok)
            return
        held = Pieces()
        held.append(tok)
        m.state["held"] = (tok, held, m.at(m.pos) - len(tok))  # the marker, the whitespace after it, where
        m.mode = self

    def step(self, m: TextParser) -> bool:
        buf, pos, n = m.buf, m.pos, len(m.buf)
        tok, held, at = m.state["held"]
        i = pos
        while i < n and buf[i].isspace():
            i += 1
        if i > pos:
            held.append(buf[pos:i])
            m.pos = i
        c = self.confirm
        if n - i <= len(c) and c.startswith(buf[i:]) and not m.final:  # may still become the confirmation
            return False
        del m.state["held"]
        text = held.join()
        if buf.startswith(c, i) and n > i + len(c) and (buf[i + len(c)] == "=" or buf[i + len(c)].isspace()):
            j = at - m.at(0)  # read from the marker on (``buf`` still ends at ``fed``)
            if j >= 0:  # it is still in ``buf``
                m.pos = j + len(tok)
            else:
                m.buf, m.pos = text + buf[i:], len(tok)
            self.block.start(m, tok)
            return True
        m.reasoning.gap = False  # a mention, not a call: reasoning text (the marker kept as text)
        m.emit_reasoning(text)
        m.mode = self.reasoning
        return True


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
    block = _Block([c for _, c in pairs])
    block.content, block.calls = content, calls
    block.inner.set({**{o: stay for o, _ in pairs}, **(reasoning_extra or {})})
    content.set({
        **_markers(pairs, goto(reasoning), partial(_close_in, block, None)), **calls, **(content_extra or {})
    })
    on = {**_markers(pairs, stay, partial(_close_in, block, content)), **(reasoning_extra or {})}
    for marker, confirm in ends.items():
        held = _Held(block, confirm)
        held.reasoning = reasoning
        on[marker] = held.enter
    reasoning.set(on)

    return content, reasoning, partial(start_in, content, reasoning)
