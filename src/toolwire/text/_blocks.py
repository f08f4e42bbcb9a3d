"""A block of several calls cut off by the end of the text (docs/text-formats.md,
"Truncation"), for the families that write parallel calls as elements of one block:
DeepSeek DSML invokes, MiniMax M2 / M3 invokes, GigaChat 3.5 GCML invokes, Hunyuan
Hy3 / HY V4 ``<tool_call>`` elements, Kimi K3 ``call`` blocks, Seed-OSS functions."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Callable, Optional

from ._core import TextParser

__all__ = ["cut_block", "ended"]


def cut_block(
    m: TextParser,
    text: str,
    raw: str,
    open_: str,
    close: str,
    ends: Sequence[str],
    read: Callable[[str], bool],
    name_at: Callable[[str], str | None],
    *,
    gap_content: bool = True,
    cut_off: Callable[[str | None], None] | None = None,
) -> None:
    """The calls of a block whose closer never came (*text*: the block after its opener).

    - The calls up to the last *close* (a call's closing tag) closed before the cut and
      are whole: *read* reads them from that prefix of *text* as a closed block's calls
      (False: one was malformed and ended the block, nothing follows);
    - the call opened after them (*open_*) is one cut-off call named by its own tag
      (*name_at* of the text from it), never the first call's; text before it is
      content as between any two calls (*gap_content*; else it stays in that call's raw);
    - after the last whole call, whitespace or the start of the block's closer
      (*ends*) adds nothing: no cut-off call beside calls that all closed; the start
      of *open_* is a cut-off call without a name; other text is content;
    - *cut_off* records the cut-off call by its name (default: ``truncated``; a block
      the model abandoned for the next one says so, ``_kit.abandon``).

    One search of each kind over *text*: linear."""
    if cut_off is None:
        cut_off = partial(_truncated, m, raw)
    first = text.find(open_)
    last = text.rfind(close)
    if first < 0 or last < first:
        cut_off(name_at(text[first:]) if first >= 0 else None)
        return
    after = last + len(close)
    if not read(text[:after]):
        return
    nxt = text.find(open_, after)
    gap = text[after : nxt if nxt >= 0 else len(text)]
    tail = gap.strip()
    if nxt >= 0:
        if tail and gap_content:
            m.emit_content(gap)
        cut_off(name_at(text[nxt:]))
    elif tail and open_.startswith(tail):
        cut_off(None)
    elif tail and not any(e.startswith(tail) for e in ends):
        m.emit_content(gap)


def _truncated(m: TextParser, raw: str, name: str | None) -> None:
    m.truncated(name, raw)


def ended(m: TextParser, raw: str, cut: bool, name: Optional[str], message: str) -> bool:
    """A malformed call that ends its block (*raw*): cut off when the block was (*cut*,
    ``cut_block``), else an ``InvalidToolCall`` saying *message*. False: the block's
    reader stops there."""
    if cut:
        m.truncated(name or None, raw)
    else:
        m.invalid(name or None, raw, message)
    return False
