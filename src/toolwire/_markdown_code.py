"""Where markdown code lies in a model's text: fenced code blocks and code spans, read as
CommonMark reads them (https://spec.commonmark.org/0.31.2/ §4.5 "Fenced code blocks",
§6.1 "Code spans", checked 2026-12-05), so that a think tag written inside code is the
answer's own text (``_think``).

- A fence is a line that opens, after any indentation, with three or more backticks
  (and no backtick after them on that line) or tildes; the block runs to a line of
  the same character, at least as many, and nothing else, or to the end of the text.
  A line ending with the closing tag of a think block a line opened is no fence line
  (``` ```</think> ```: a draft's closing run glued to the tag, hunt huntGriptape f2).
- A code span is a run of backticks closed by the next run of exactly as many in the
  same paragraph (a blank line or a fence ends one); a run that nothing closes is
  literal backticks. A line that begins or ends with a think tag bounds a paragraph
  as well (it is where a chat template's block begins or ends), so that a stray
  backtick in the reasoning makes no code span of the text up to the answer's code.
- Code the reasoning left open ends at its think block's closing tag: while a block is
  open (a line opened it, or the chat template did: the text's first think tag is a
  closing one), its closing tag ends the paragraph wherever it stands on its line, so no
  code span runs across it (a code span of the tag alone, `` `</think>` ``, is the
  reasoning naming it, and stays code); a fence opened in a block a line opened ends at
  a line that opens, or ends, with the closing tag. In a template's block the fence ends
  there only when no fence line closes it (``~~~`` around a ``</think>`` line is code),
  and the text after the tag is then read anew, once.

One pass (the text after a template block's tag read once more): each line is read
once, each backtick run once, and each run is paired through a table of the next run
of its length (never a search from every run).
Backslash escapes are not read; indented code blocks are not code here.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

__all__ = ["code_regions", "open_code", "open_runs"]

_FENCES = "`~"


def code_regions(text: str, tags: Tuple[str, ...] = ()) -> List[Tuple[int, int]]:
    """The ``(start, end)`` spans of *text* that are markdown code, sorted and disjoint: a
    fenced block whole (its fence lines too), a code span with its backticks. *tags*:
    tag names (``think``) whose ``<tag>`` / ``</tag>`` at the start or end of a line
    bound a paragraph, and whose open block ends the code the reasoning left open (see
    the module's docstring)."""
    out: List[Tuple[int, int]] = []
    if "`" not in text and "~~~" not in text:  # no code at all (most replies): no line read
        return out
    rest = _scan(text, tags, 0, _prompt_block(text, tags), out)
    if rest >= 0:  # a template's block closed inside a fence never closed: the answer read apart
        _scan(text, tags, rest, "", out)
    out.sort()
    return out


def open_code(text: str, tags: Tuple[str, ...] = ()) -> int:
    """Where code that more text could still end begins (-1: none): a fence still open
    at the end of *text* whose end would change what it holds (one opened in a template's
    block that a line with its closing tag is in: a fence line closing it makes that tag
    code), or a backtick run of the paragraph still open there that nothing closes yet but
    a later run of its length could (a stream's text read as it grows,
    ``stream._think_read``). Code before it is settled whatever text follows (text without
    a think tag: the only kind a stream's read grows a split by)."""
    state = _open_state(text, tags)
    return min(at for at, _ in state) if state else -1


def open_runs(text: str, tags: Tuple[str, ...] = ()) -> Optional[List[int]]:
    """The lengths of the backtick runs that the paragraph still open at the end of
    *text* leaves unclosed (``_spans``: literal backticks a later run of one of these
    lengths would close, making code of what stands after it), or ``None`` when a fence
    still open may end so as to change what it holds (``open_code``). A last line of
    blanks is read as that paragraph's (text after it may go on with it). Text after
    *text* with no backtick run of these lengths changes no code in *text*, unless it
    changes what *text*'s last line is (a fence line: the caller's to rule out)."""
    line = text.rfind("\n") + 1
    if line and not text[line:].strip():  # (a blank line as ``_scan`` reads one)
        text = text[:line - 1]
    lengths: List[int] = []
    for _, para in _open_state(text, tags):
        if para < 0:
            return None
        found: List[Tuple[int, int]] = []
        _spans(text, para, len(text), found, True, True)
        lengths.extend(end - start for start, end in found)
    return lengths


def _open_state(text: str, tags: Tuple[str, ...]) -> List[Tuple[int, int]]:
    """``_scan``'s *state* of *text*: where code still open begins, with where its
    paragraph begins (-1: a fence)."""
    state: List[Tuple[int, int]] = []
    if "`" not in text and "~~~" not in text:
        return state
    rest = _scan(text, tags, 0, _prompt_block(text, tags), [], state)
    if rest >= 0:
        _scan(text, tags, rest, "", [], state)
    return state


def _scan(text: str, tags: Tuple[str, ...], line: int, prompt: str, out: List[Tuple[int, int]],
          state: Optional[List[Tuple[int, int]]] = None) -> int:
    """Read ``text[line:]`` into *out*; *prompt*: the tag of a block the chat template
    opened (``_prompt_block``). Returns -1, or where to read again: a fence opened in that
    block and never closed ends at the block's closing tag (the first line that opens or
    ends with it), and what follows is read anew (at most once: linear). *state*: where
    code still open at the end begins is added to it (``open_code``)."""
    n = len(text)
    para = -1  # where the paragraph being read began, -1 when none is open
    fence, fence_len, fence_at = "", 0, 0  # the open fence's character and length, its line
    block = prompt  # the tag of a think block open and not yet closed
    held = ""  # the tag of the block the open fence was opened in
    pending = -1  # a template block's closing tag seen inside the open fence (``held == prompt``)
    while True:
        nl = text.find("\n", line)
        end = n if nl < 0 else nl
        i = line
        while i < end and text[i] in " \t":
            i += 1
        j = i
        c = text[i] if i < end else ""
        if c and c in _FENCES:
            while j < end and text[j] == c:
                j += 1
        if fence and c == fence and j - i >= fence_len and not text[j:end].strip():  # the fence closes
            out.append((fence_at, end))
            fence = held = ""
            pending = -1
        elif fence and held and pending < 0 and _closes_line(text, held, i, end):
            at = i if text.startswith(f"</{held}>", i) else text.rfind(f"</{held}>", i, end)
            if held == prompt:  # the template's block: ends the fence only if no line closes it
                pending = at
            else:  # its think block closes on this line, and the fence with it
                out.append((fence_at, at))
                fence = held = block = ""
                para = at
                if _tag_before(text, end, tags):
                    para = _end(text, para, end, out)
        elif fence:  # inside a fenced block: only its closing line matters
            pass
        elif i == end or text[i:end].isspace():  # a blank line ends the paragraph
            para = _end(text, para, line, out)
        elif j - i >= 3 and (c == "~" or text.find("`", j, end) < 0) and not (
                block and block != prompt and _tag_before(text, end, (block,), True)):  # a fence opens (not a
            # run ending a block a line opened: a draft's closing run glued to its closing tag, hunt huntGriptape
            # f2 variant D; a template's block keeps the reading below, the tag code)
            para = _end(text, para, line, out)
            fence, fence_len, fence_at, held = c, j - i, line, block
        else:
            opens = _tag_at(text, i, tags) if tags else ""
            if opens:  # a think tag opens the line: a paragraph begins
                para = _end(text, para, line, out)
            if para < 0:
                para = line
            open_tag = block or (opens if opens and not opens.startswith("/") else "")
            close = _closing(text, open_tag, i, end) if open_tag else -1
            if close >= 0:  # the block closes on this line: no code span runs across its closing tag
                para = _end(text, para, close, out)
                para = close
                block = ""
            elif open_tag:
                block = open_tag
            if tags and _tag_before(text, end, tags):  # ...or closes it: the paragraph ends
                para = _end(text, para, end, out)
        if nl < 0:
            break
        line = nl + 1
    if state is not None:
        if fence:
            if pending >= 0:  # (a fence line closing it makes the template block's tag code)
                state.append((fence_at, -1))
            # else what it holds is code however it ends, and text after it cannot reopen it
        elif para >= 0:
            at = _open_run(text, para, n)
            if at >= 0:
                state.append((at, para))
    if fence and pending >= 0:
        out.append((fence_at, pending))
        return pending
    if fence:
        out.append((fence_at, n))
    else:
        _end(text, para, n, out)
    return -1


def _closes_line(text: str, tag: str, i: int, end: int) -> bool:
    """Whether the line ``text[i:end]`` (its indentation skipped) opens with ``</tag>``, or
    ends with it and holds no ``<tag>`` (a block of its own: a draft's example)."""
    if text.startswith(f"</{tag}>", i):
        return True
    return _tag_before(text, end, (tag,), True) and text.find(f"<{tag}>", i, end) < 0


def _end(text: str, para: int, end: int, out: List[Tuple[int, int]]) -> int:
    """The paragraph begun at *para* (-1: none) ends at *end*: its code spans added to
    *out*; -1, for no paragraph open."""
    if para >= 0:
        _spans(text, para, end, out)
    return -1


def _tag_at(text: str, i: int, tags: Tuple[str, ...]) -> str:
    """The tag of *tags* whose ``<tag>`` (the name) or ``</tag>`` (``/`` and the name)
    begins at *i*, or ``""``."""
    if not text.startswith("<", i):
        return ""
    slash = text.startswith("/", i + 1)
    k = i + 2 if slash else i + 1
    tag = next((t for t in tags if text.startswith(t + ">", k)), "")
    return f"/{tag}" if tag and slash else tag


def _tag_before(text: str, end: int, tags: Tuple[str, ...], closing: bool = False) -> bool:
    """Whether the line ending at *end* ends (trailing blanks aside) with a tag of *tags*
    (*closing*: with a closing one)."""
    k = end
    while k > 0 and text[k - 1] in " \t\r":
        k -= 1
    if k == 0 or not text.startswith(">", k - 1):
        return False
    for t in tags:
        at = k - len(t) - 2  # where ``<tag>`` would begin; ``</tag>`` one before
        if (not closing and at >= 0 and text.startswith(f"<{t}>", at)) or (
                at >= 1 and text.startswith(f"</{t}>", at - 1)):
            return True
    return False


def _closing(text: str, tag: str, start: int, end: int) -> int:
    """Where the closing tag of the open block *tag* is in the line ``text[start:end]``, or
    -1: the first one that is not a code span of its own (`` `</think>` ``: the reasoning
    naming the tag)."""
    close = f"</{tag}>"
    at = text.find(close, start, end)
    while at >= 0 and at > 0 and text[at - 1] == "`" and text.startswith("`", at + len(close)):
        at = text.find(close, at + len(close), end)
    return at


def _prompt_block(text: str, tags: Tuple[str, ...]) -> str:
    """The tag of a block the chat template opened in the prompt (the text's first think
    tag of its name is a closing one, not a code span of its own), or ``""``."""
    for t in tags:
        close = _closing(text, t, 0, len(text))
        if close >= 0 and text.find(f"<{t}>", 0, close) < 0:
            return t
    return ""


def _open_run(text: str, start: int, end: int) -> int:
    """Where the first backtick run of the paragraph ``text[start:end]`` that its code
    spans leave unclosed begins (``_spans`` passes it as literal backticks; a later run of
    its length would close it), or -1."""
    found: List[Tuple[int, int]] = []
    _spans(text, start, end, found, True)
    return found[0][0] if found else -1


def _spans(text: str, start: int, end: int, out: List[Tuple[int, int]], unclosed: bool = False,
           every: bool = False) -> None:
    """The code spans of the paragraph ``text[start:end]``, added to *out* (*unclosed*:
    instead, the first run nothing closes, as ``(start, end)`` of that run; *every*: each
    such run, in order)."""
    runs: List[Tuple[int, int]] = []
    pos = text.find("`", start, end)
    while pos >= 0:
        j = pos + 1
        while j < end and text[j] == "`":
            j += 1
        runs.append((pos, j))
        pos = text.find("`", j, end)
    if len(runs) < 2 and not unclosed:
        return
    after: List[int] = [-1] * len(runs)  # the next run of the same length, by index
    last: Dict[int, int] = {}
    for k in range(len(runs) - 1, -1, -1):
        size = runs[k][1] - runs[k][0]
        after[k] = last.get(size, -1)
        last[size] = k
    k = 0
    while k < len(runs):
        m = after[k]
        if m < 0:  # nothing closes it: literal backticks
            if unclosed:
                out.append(runs[k])
                if not every:
                    return
            k += 1
            continue
        if not unclosed:
            out.append((runs[k][0], runs[m][1]))
        k = m + 1
