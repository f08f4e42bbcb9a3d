"""``ThinkRead``: a stream's reply text with its think blocks out (``_think.split_think``),
read after every chunk at a cost that grows with the text that came since, not with the
whole text, and always equal to ``split_think`` of the whole text.

Each read looks at the new text only (``scan_tail``: it, and the 11 characters before it,
where a tag may have begun), which tells which rule gives the split without running it:

- no think tag anywhere (no ``<``, or only HTML, ``a < b``): the text as it is;
- think tags, none of them closing: the text as it is, or nothing when the text opens
  with a think block and the reply has no reasoning apart (a block that is still open:
  ``split_think``'s leading block never closed);
- closing tags too: the whole text is split (``split_whole``) and the split kept as a
  base, then grown by the new text while that text can change nothing before it. The
  base is kept when nothing before the text's last think tag opens markdown code that
  text after it could still end (else, the text's last line being no fence line that text
  may undo, it holds while the new text brings no backtick run of a length that may close
  code still open, ``_markdown_code.open_runs``, or for a fence or a last line opening
  with backticks no backtick nor tilde: ``frozen``, ``ticks``): with a backtick or
  tilde before the tag, no fence still
  open whose end would change what it holds (a template block's tag inside it), no
  backtick run its paragraph leaves unclosed while that paragraph may go on
  (``_markdown_code.open_code``, read up to the text's last line, which may still change
  what its line is; when the tag is on that line, read with it, unless the line opens
  with backticks, a fence line that one more backtick undoes, or the text ends in a
  backtick run that may still grow), no ``{`` or ``[`` whose decode failed for want of
  more text and no ``_json_extract`` fence still open whose body may still decode as a
  value holding text (``_json_extract.open_json``: ``_settled``), without reasoning
  apart the same of the text without its closed blocks when it holds a closing tag (the
  lone-tag rule reads spans of its own: ``_lone_settled``), the text does not open with
  ``{``, ``[`` or ``"`` (a whole-text JSON value) nor, without reasoning apart, does the
  text without its closed blocks while it holds a closing tag.
  Without backtick or tilde before the tag, the JSON values open whose end would change
  the split are kept instead (``watch``: the whole text as one value, the value begun
  before the tag that failed for want of more text, and, without reasoning apart, the
  same of the text without its closed blocks) and read on with each new text by
  counting brackets and strings (``Open``): the base holds until one of them may end
  (a JSON value before the tag can only end with a ``}``, ``]`` or ``"`` of its own
  depth; one that fails to decode fails at the same place whatever follows). The text
  has a character that is no blank after its last think tag and that tag's length (the
  blanks and blank lines a block takes after it are settled), and an empty split is a
  leading block never closed (it stays empty whatever text follows). Then no code span,
  fence or JSON value that the new text begins or ends can hold a tag, and the new text
  may hold anything but a think tag: neither one of its own nor one it completes, in the
  text or in the split (``_tag_across``: a text may end in ``<`` or ``</thi``, and a
  block taken out of ``</<think>…</think>think>`` leaves a tag the split alone holds), so
  each read looks for a tag from a tag's length before the new text. The split then
  grows by the new text, trailing blanks held back until text follows them
  (``split_think`` strips the end).

Any other text is split again: from where the text is settled (``_think_cut``: text and
closed blocks with no JSON opener, no code in the whole text), the text after it only,
its split put after the split of the text before it; else the whole text. A read whose
new text keeps bringing tags thus costs the text since the last settled block (a block,
answer text, another block...); it costs the whole text when JSON or code stands before
the tags (a tag in a JSON string, a failed value's strings), and so does every read
whose new text brings a backtick run that may close code still open before the last
think tag (any backtick or tilde while a template block's tag stands in a fence a fence
line may still close, or the last line opens with backticks), or of a text with JSON
open beside such code: reading it after every chunk is quadratic there. A test counts
the characters scanned and split.
"""

from __future__ import annotations

from typing import List, Optional, Tuple

from .._think import KeptSpans, opens_json, split_detail, take_closed_blocks
from ._call import reduce_slots, set_slots
from ._think_cut import settle
from ._think_open import (
    TAG_CLOSES,
    TAG_MARKS,
    TAG_OPENS,
    TAG_REACH,
    Open,
    code_settled,
    fence_only,
    json_settled,
    last_tag,
    run_of,
    ticks,
    watch,
)

__all__ = ["ThinkRead", "scan_tail", "split_whole"]

def _tag_across(text: str, cut: int) -> bool:
    """Whether a think tag of *text* ends past *cut*: one that ``text[cut:]`` holds or
    completes (it may begin up to a tag's length before *cut*: a text that ended in
    ``<`` or ``</thi``)."""
    pos = text.find("<", max(0, cut - TAG_REACH + 1))
    while pos >= 0:
        if any(pos + len(t) > cut and text.startswith(t, pos) for t in TAG_MARKS):
            return True
        pos = text.find("<", pos + 1)
    return False


def scan_tail(text: str, start: int) -> str:
    """``text[start:]`` with the characters before it where a tag may have begun (every
    scan of a read goes through here)."""
    return text[max(0, start - TAG_REACH + 1):]


def split_whole(text: str, reasoned: bool) -> Tuple[str, bool, bool, bool, bool]:
    """``split_think`` of the whole *text* (every whole split of a read goes through
    here): the text without its think blocks, whether any went, whether the text
    without its closed blocks opens as JSON could and holds a closing tag, whether
    it holds a closing tag at all, and whether a lone-tag rule took the text before a
    tag (``_think.split_detail``)."""
    out, _, stripped, json_lead, closing, lone = split_detail(text, "-" if reasoned else "")
    return out, stripped, json_lead, closing, lone


class ThinkRead:
    """What the reads of one reply text saw (``read``)."""

    __slots__ = ("base", "closes", "code", "cut", "frozen", "head", "lead", "lone", "out", "reasoned", "size", "tags",
                 "ticks", "waiting", "watch")
    __reduce__ = reduce_slots  # (an ``Accumulator`` checkpointed: pickle, every protocol, and deepcopy)
    __setstate__ = set_slots

    def __init__(self, reasoned: bool) -> None:
        self.reasoned = reasoned
        self.size = 0  # the text's length at the last read
        self.tags = self.closes = False  # a think tag, a closing one seen
        self.head = -1  # where the text's first character that is no blank stands, once seen
        self.out = ""  # the split at the last read
        self.base: Optional[bool] = None  # with a base split: whether it took anything out
        self.waiting: List[str] = []  # blanks after the split's end, held back
        self.watch: List[Open] = []  # with a base split: the JSON values whose end would change it
        self.frozen = False  # with a base split: code before the last tag still open (``_thaws``)
        self.ticks: Optional[Tuple[int, ...]] = None  # ...the backtick runs that may close it (None: any, and tildes)
        self.cut = 0  # where the text is settled (``_think_cut``): a split reads the text after it only
        self.lead = ""  # ...the split of the text before it, its opening blank lines out
        self.lone = False  # ...and whether a lone-tag rule took text before it (the rest is split as if reasoned)
        self.code = False  # a backtick or a tilde came: no text is settled

    def read(self, text: str) -> str:
        """The split of *text*, which is the text of the last read and what came since."""
        if len(text) == self.size and self.size:
            return self.out
        start = self.size
        seen = scan_tail(text, start)
        new = seen[start - (len(text) - len(seen)):] if start else seen
        if "<" in seen:
            self.tags = self.tags or any(t in seen for t in TAG_OPENS) or any(t in seen for t in TAG_CLOSES)
            self.closes = self.closes or any(t in seen for t in TAG_CLOSES)
        if not self.code and ("`" in new or "~" in new):
            self.code, self.cut, self.lead, self.lone = True, 0, "", False
        if self.head < 0:
            for i, c in enumerate(new):
                if not c.isspace():
                    self.head = start + i
                    break
        self.size = len(text)
        if not self.tags:
            self.out = text
        elif not self.closes:
            self.out = "" if not self.reasoned and self._opens(text) else text
        elif self.base is not None and not (self.frozen and self._thaws(text, start, new)) \
                and not _tag_across(text, start) and not self._ended(text, start) and self._grow(text, new):
            pass
        else:
            self._split(text)
        return self.out

    def _opens(self, text: str) -> bool:
        """Whether *text* opens (blanks aside) with a think tag."""
        return self.head >= 0 and text.startswith(TAG_OPENS, self.head)

    def _thaws(self, text: str, start: int, new: str) -> bool:
        """Whether ``text[start:]`` may change code still open before the last tag (``frozen``)."""
        if self.ticks is None:
            return "`" in new or "~" in new
        return bool(self.ticks) and run_of(text, start, self.ticks)

    def _ended(self, text: str, start: int) -> bool:
        """Whether a JSON value the base split waits on may end in ``text[start:]``."""
        ended = False
        for v in self.watch:
            ended = v.feed(text, start) or ended
        return ended

    def _grow(self, text: str, new: str) -> bool:
        """The split grown by *new*; ``False`` (nothing done) when the grown split would
        hold a tag the split and *new* make together (``</<think>…</think>`` then
        ``think>``: the tag the block out left is the lone-tag rule's)."""
        if not self.base:  # nothing went: the text as it is
            self.out = text
        elif self.out:  # (an empty split: a leading block never closed, which stays so)
            kept = new.rstrip()
            if kept:
                if not any(self.waiting):  # (blanks between: no tag across)
                    tail = self.out[1 - TAG_REACH:]
                    if _tag_across(tail + kept, len(tail)):
                        return False
                self.out = self.out + "".join(self.waiting) + kept
                self.waiting = [new[len(kept):]]
            else:
                self.waiting.append(new)
        return True

    def _split(self, whole: str) -> None:
        reasoned = self.reasoned or self.lone
        if self.cut:  # the text after where it is settled splits as a text of its own (``_think_cut``)
            text = whole[self.cut:]
            out, stripped, json_lead, closing, lone = split_whole(text, reasoned)
            out = out if lone else self.lead + (out if stripped else text.rstrip())
            stripped = True
        else:
            text = whole
            out, stripped, json_lead, closing, _ = split_whole(text, reasoned)
        self._settle(whole)
        self.out = out
        self.base = None
        self.waiting = []
        last = max(0, last_tag(text))
        head = text[:last]
        code = "`" in head or "~" in head
        self.frozen = False
        if (
            text[last + TAG_REACH:].isspace()
            or len(text) <= last + TAG_REACH
            or (code and (opens_json(text) or (json_lead and not reasoned)))
            or (stripped and not out and split_whole(text + "\nx", reasoned)[0])
        ):
            return
        if code:
            spans = [(text, last)]
            if closing and not reasoned:  # the lone-tag rule reads the spans of the text without its blocks
                rest = take_closed_blocks(text, [], KeptSpans(text))
                spans.append((rest, max(0, last_tag(rest))))
            runs: Optional[List[int]] = []
            for t, at in spans:
                if not json_settled(t, at):
                    return
                if not code_settled(t, at):  # code still open before the tag: the base holds while
                    if fence_only(t[t.rfind("\n") + 1:]):  # no backtick run that may close it comes
                        self.frozen = False  # (``ticks``), unless the last line is a fence line text may undo
                        return
                    self.frozen = True
                    more = ticks(t)
                    runs = None if more is None or runs is None else runs + more
            self.ticks = None if runs is None else tuple(sorted(set(runs)))
        self.watch = []
        if not code and ("{" in head or "[" in head or opens_json(text) or (closing and not reasoned)):
            found = watch(text, head, reasoned, closing)
            if found is None:
                return
            self.watch = found
        self.base = stripped
        if stripped:
            kept = text.rstrip()
            self.waiting = [text[len(kept):]]

    def _settle(self, text: str) -> None:
        """Move where *text* is settled (``cut``) as far as it goes (``_think_cut.settle``)."""
        if self.code or (self.head >= 0 and text.startswith('"', self.head)):
            return
        moved = settle(text, self.cut, self.lead, self.lone, self.reasoned)
        if moved is not None:
            self.cut, self.lead, self.lone = moved
