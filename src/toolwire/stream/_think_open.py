"""What text before a reply's last think tag may still change (``_think_read.ThinkRead``):
markdown code (``code_settled``, ``ticks``, ``run_of``, ``fence_only``) and JSON values
(``json_settled``, ``watch``, ``Open``) still open, whose end would change the split of
the think blocks. ``_think_read``'s docstring gives the rules they serve."""

from __future__ import annotations

import re
from typing import List, Optional, Tuple

from .._json_extract import open_json, open_value
from .._markdown_code import open_code, open_runs
from .._think import KeptSpans, take_closed_blocks
from ._call import reduce_slots, set_slots

__all__ = ["TAG_CLOSES", "TAG_MARKS", "TAG_OPENS", "TAG_REACH", "Open", "code_settled", "fence_only", "json_settled",
           "last_tag", "run_of", "ticks", "watch"]

TAGS = ("think", "thinking", "reasoning")
TAG_OPENS = tuple(f"<{t}>" for t in TAGS)
TAG_CLOSES = tuple(f"</{t}>" for t in TAGS)
TAG_REACH = max(len(t) for t in TAG_CLOSES)  # 12: the longest tag
TAG_MARKS = TAG_OPENS + TAG_CLOSES


def last_tag(text: str) -> int:
    """Where the text's last think tag begins (-1: none)."""
    return max(text.rfind(t) for t in TAG_MARKS)


def code_settled(text: str, last: int) -> bool:
    """Whether no markdown code (``_markdown_code.open_code``) that text after *text*
    could still end begins before *last* (where the text's last think tag begins)."""
    head = text[:last]
    if "`" in head or "~" in head:
        # the text's last line may still become a fence line, a blank one, or hold the run
        # that closes a code span: read up to it; when the tag is on it (then no blank line nor
        # fence line but one opening with backticks, which a backtick after them would undo),
        # read it too, unless it opens so or ends in a backtick run that may still grow
        line = text.rfind("\n") + 1
        if last >= line:
            if text[line:].lstrip(" \t").startswith("```") or text.endswith("`"):
                return False
            at = open_code(text, TAGS)
        else:
            at = open_code(text[:line - 1], TAGS)  # (its lines but the last, which is text)
        if 0 <= at < last:
            return False
    return True


def json_settled(text: str, last: int) -> bool:
    """Whether no JSON value (``_json_extract.open_json``) that text after *text* could
    still end begins before *last*."""
    head = text[:last]
    return not (("{" in head or "[" in head or "`" in head) and open_json(text, last))


def ticks(text: str) -> Optional[List[int]]:
    """The lengths of the backtick runs whose coming may change the code in *text*
    (``_markdown_code.open_runs``), or ``None`` for any backtick or tilde: a last line
    opening with backticks (a fence line one more backtick undoes, which may join the
    paragraph before it), a text ending in a backtick run (one more makes it another
    run), a fence still open a fence line may end so as to change what it holds."""
    if text.endswith("`") or text[text.rfind("\n") + 1:].lstrip(" \t").startswith("```"):
        return None
    return open_runs(text, TAGS)


def run_of(text: str, start: int, ticks: Tuple[int, ...]) -> bool:
    """Whether a backtick run of a length of *ticks* ends past *start* (read whole: it
    may have begun before *start*)."""
    pos = text.find("`", start)
    if pos < 0:
        return False
    while pos > 0 and text[pos - 1] == "`":
        pos -= 1
    n = len(text)
    while pos >= 0:
        end = pos + 1
        while end < n and text[end] == "`":
            end += 1
        if end - pos in ticks:
            return True
        pos = text.find("`", end)
    return False


def fence_only(line: str) -> bool:
    """Whether *line* (the text's last) is backticks and tildes and blanks only: a fence
    line that closes a fence may stop being one when text without either follows."""
    kept = line.strip()  # (as ``_markdown_code`` reads a line: ``str.strip``'s blanks, U+00A0 too)
    return bool(kept) and not kept.replace("`", "").replace("~", "").strip()


# what can end a JSON value: outside a string, a quote or a bracket; inside one, its quote or an escape
_OUTSIDE = re.compile(r'["\[\]{}]')
_INSIDE = re.compile(r'["\\]')


class Open:
    """A JSON value (an object, an array, a string) open at the end of a text, read on as
    text comes by counting brackets outside strings (a string's escapes read): ``end``
    is where it may have ended, once it may have (a valid value ends exactly there; an
    invalid one never decodes, so an end counted early only costs a split). One begun at
    no ``{``, ``[`` or ``"`` (``open_value``: where a string of a failed value runs on, or
    the end of the text) may end at the next quote or bracket (``depth`` -1)."""

    __slots__ = ("depth", "end", "escape", "string")
    __reduce__ = reduce_slots  # (kept by a ``ThinkRead``: checkpointed with it)
    __setstate__ = set_slots

    def __init__(self, text: str, start: int) -> None:
        self.depth = 0
        self.escape = False
        self.string = text.startswith('"', start)
        self.end = -1
        if not self.string and text[start:start + 1] not in ("{", "["):
            self.depth = -1
        self.feed(text, start + 1 if self.string else start)

    def feed(self, text: str, pos: int) -> bool:
        """Read ``text[pos:]`` on; whether the value may have ended in it."""
        n = len(text)
        if self.escape and pos < n:
            self.escape = False
            pos += 1
        while pos < n:
            if self.string:
                m = _INSIDE.search(text, pos)
                if m is None:
                    return False
                pos = m.end()
                if m.group() == "\\":
                    if pos >= n:
                        self.escape = True
                        return False
                    pos += 1
                    continue
                self.string = False
                if self.depth == 0:
                    self.end = pos
                    return True
                continue
            m = _OUTSIDE.search(text, pos)
            if m is None:
                return False
            c = m.group()
            pos = m.end()
            if self.depth < 0:
                self.end = pos
                return True
            if c == '"':
                self.string = True
            elif c == "{" or c == "[":
                self.depth += 1
            else:
                self.depth -= 1
                if self.depth <= 0:
                    self.end = pos
                    return True
        return False


def lead(text: str) -> int:
    """Where *text*'s first character that is no blank stands (-1: none)."""
    for i, c in enumerate(text):
        if not c.isspace():
            return i
    return -1


def watch(text: str, head: str, reasoned: bool, closing: bool) -> Optional[List[Open]]:
    """The JSON values open in *text* whose end would change its split (``_split``): the
    whole text as one value (it opens with ``{``, ``[`` or ``"``); a value begun before the
    last think tag (*head* is the text before it); without reasoning apart and with a
    closing tag left, the same of the text without its closed blocks, whose spans the
    lone-tag rule reads. ``None`` when one of them ended with only blanks after it (the
    whole text a value, which more text could undo): no base."""
    watch: List[Open] = []
    texts = [text]
    if closing and not reasoned:
        texts.append(take_closed_blocks(text, [], KeptSpans(text)))
    for k, t in enumerate(texts):
        start = lead(t)
        if start >= 0 and t[start] in '{["':
            v = Open(t, start)
            if v.end < 0:
                watch.append(v)
            elif t[v.end:].isspace() or v.end == len(t):
                return None
        if "{" in head or "[" in head:
            at = open_value(t, last_tag(t) if k else len(head))
            if at >= 0:
                v = Open(t, at)
                if v.end >= 0:
                    return None
                watch.append(v)
    return watch
