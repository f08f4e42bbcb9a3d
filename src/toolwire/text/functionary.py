"""``text.functionary``: MeetKai Functionary v3.2 ``>>>RECIPIENT\\n…`` segments.

Wire form (the generation prompt ends with ``>>>``, so the output starts with the first
recipient)::

    all
    Let me check.>>>get_weather
    {"city": "Paris"}>>>now
    {}

- The output is a run of segments, each ``>>>`` (the first one the prompt's), a
  recipient, a newline, then its text: recipient ``all`` is the answer (content);
  ``python`` is code for the code interpreter, read to the end of the output (a call
  ``python`` with ``{"code": …}``; the end is the stop token engines strip, so the code
  is whole only with ``<|eot_id|>`` kept or a finish reason such as ``stop``); any
  other recipient is a tool name followed by its JSON arguments, whose region ends
  where the JSON value closes (or at the next ``>>>``, which makes unclosed JSON an
  ``InvalidToolCall``). Text after the arguments and before the next ``>>>`` is content.
- A recipient is read only as a tool name (ASCII letters, digits, ``_ - . : /``, at most
  256 characters) ending at a newline, and a tool's only when ``{`` follows the newline
  (as llama.cpp reads it): ``>>>`` followed by anything else (a Python prompt
  ``>>> x``, ``>>>Note\\ntext``) is content, kept as written; a tool name and its
  newline at the end of the text are a cut-off call. A name the text ends in before its
  newline is a cut-off call too, named by what was read: after a ``>>>``, whatever the
  finish reason (a call was plainly started; llama.cpp keeps it as content); one that
  may still be the answer's ``all`` (or a bare ``>>>``) only when the finish reason says
  the output was cut (``length``), or right after a call's JSON, where the template
  writes only the next ``>>>`` (as ``text.harmony`` reads a cut recipient), and then
  with no name; a name that begins the output (after the prompt's ``>>>``) only with
  ``length``: a reply in another form may be a plain word (``Hello``). A stop token
  right after a recipient (``>>>get_weather<|eot_id|>``) ends the text there as its end
  does (the model stopped: a cut-off call, never content; what may be ``all`` or a first
  word stays text). The output may also start with the template's own ``>>>``.
  ``<|eot_id|>`` / ``<|eom_id|>`` (stop tokens) are dropped.
- JSON still open at the end of the text is an ``InvalidToolCall`` (``truncated``), and
  so is JSON whose ``}`` is the last character of the text when the finish reason is
  ``length``. Functionary v3.2 writes no reasoning.

Encoding writes the template's segments: ``>>>NAME\\n{json}`` per call, no separator;
a ``python`` call (``{"code": str}`` only, and last: its code runs to the end) as
``>>>python\\n`` and the code. A tool named ``all`` cannot be written (``EncodeError``).

Functionary v3.1 (a Llama 3.1 model) writes ``<function=NAME>{json}</function>``: read it
with ``text.llama``.

Sources (checked 2026-12-05): the chat template of meetkai/functionary-medium-v3.2, as
vendored by ggml-org/llama.cpp (``models/templates/meetkai-functionary-medium-v3.2.jinja``:
``'>>>' + name + '\\n' + arguments``, ``'>>>all\\n' + content``, generation prompt ending
``>>>``); llama.cpp's Functionary v3.2 parser (``common_chat_parse_functionary_v3_2``:
``all`` is content, ``python`` raw code, other recipients JSON) and the template-driven
PEG parser that replaced it, compared on rendered texts.
"""

from __future__ import annotations

import string
from collections.abc import Sequence

from .._errors import EncodeError
from .._policy import TRUNCATING
from .._types import ToolCall
from ._callname import MAX_NAME
from ._core import BodyMode, Mode, TextMode, TextParser
from ._format import TextFormat
from ._kit import calls_of, dumps, forbid, goto, stay

__all__ = ["FORMAT"]

NAME = "text.functionary"
MARK, EOT, EOM = ">>>", "<|eot_id|>", "<|eom_id|>"
ANSWER, CODE = "all", "python"
_CHARS = frozenset(string.ascii_letters + string.digits + "_-.:/")
_FN = "functionary.name"  # TextParser.state: the tool the arguments being read are for


class _Recipient(Mode):
    """After ``>>>`` (or at the start of the output, after the prompt's): a recipient
    and its newline, or else text (``>>>`` kept when it was read here). *cut*: right
    after a call's JSON, where the text can end only inside a recipient."""

    def __init__(self, start: bool, cut: bool = False) -> None:
        self.start, self.cut = start, cut

    def step(self, m: TextParser) -> bool:
        buf, pos, n = m.buf, m.pos, len(m.buf)
        if self.start:
            head = buf[pos : pos + 3]
            if head == MARK:  # the template's own >>> kept at the start
                m.pos = pos + 3
                m.mode = _AFTER
                return True
            if len(head) < 3 and MARK.startswith(head):
                if not m.final:
                    return False
                if head and m.finish_reason in TRUNCATING:  # the template's own >>>, cut
                    return _cut(m, None, head)
        i, lim = pos, min(n, pos + MAX_NAME + 1)
        while i < lim and buf[i] in _CHARS:
            i += 1
        if i < n and buf[i] == "\n" and i > pos:
            name = buf[pos:i]
            header = ("" if self.start else MARK) + name + "\n"  # the prompt's >>> is not in the text
            if name == ANSWER:
                m.pos = i + 1
                m.mode = _CONTENT
                return True
            if name == CODE:
                m.pos = i + 1
                m.open_body(_CODE, header)
                return True
            if i + 1 == n:  # the arguments' "{" may follow
                if not m.final:
                    return False
                m.pos = n
                m.mode = _CONTENT
                m.truncated(name, header)
                return True
            if buf[i + 1] == "{":
                m.pos = i + 1
                m.state[_FN] = name
                m.open_body(_ARGS, header)
                return True
        elif i == n and i - pos <= MAX_NAME:
            if not m.final:
                return False  # still reading the recipient
            if self.ended(m, buf[pos:i], ""):  # the text ended before the recipient's newline
                return True
        elif buf[i] == "<" and i - pos <= MAX_NAME:  # a stop token ends the text there too
            stop = buf[i : i + len(EOT)]
            if stop in (EOT, EOM):
                if self.ended(m, buf[pos:i], stop):
                    return True
            elif not m.final and (EOT.startswith(stop) or EOM.startswith(stop)):
                return False  # it may be one
        if not self.start:  # no recipient: the >>> was text
            m.content.gap = False
            m.emit_content(MARK)
        m.mode = _CONTENT
        return True


    def ended(self, m: TextParser, name: str, stop: str) -> bool:
        """The text ended inside a recipient, *name* so far, at its end or at a *stop*
        token (``<|eot_id|>`` / ``<|eom_id|>``, which engines strip): a cut-off call
        (named unless it may be the answer's ``all``) when a call plainly started or,
        at the end, the finish reason says the output was cut (a stop token says the
        model stopped: a finish reason read then is not known yet while streaming, and
        says nothing more); False (text) else."""
        answer = ANSWER.startswith(name)  # (it may be "all": the answer)
        cut = self.cut or not (answer or self.start) or (not stop and m.finish_reason in TRUNCATING)
        if not (name or not self.start) or not cut:
            return False
        m.pos += len(name) + len(stop)
        m.mode = _CONTENT  # (text after a stop token: content, as after any stop token)
        m.truncated(None if answer else name, ("" if self.start else MARK) + name + stop)
        return True


class _Gap(Mode):
    """Right after a call's JSON: the template writes the next segment's ``>>>`` or
    ends the output, so a recipient the text ends in is a cut-off call (and so is a
    ``>`` / ``>>`` at the end when the finish reason says the output was cut); any
    other text is content."""

    def step(self, m: TextParser) -> bool:
        buf, pos = m.buf, m.pos
        head = buf[pos : pos + 3]
        if head == MARK:
            m.pos = pos + 3
            m.brk("content")
            m.mode = _NEXT
            return True
        if len(head) < 3 and MARK.startswith(head):
            if not m.final:
                return False
            if head and m.finish_reason in TRUNCATING:
                return _cut(m, None, head)
        m.mode = _CONTENT
        return True


def _cut(m: TextParser, name: str | None, raw: str) -> bool:
    """A recipient the end of the text cut before its newline: a cut-off call (named
    by what was read, unless that may be the answer's ``all``)."""
    m.pos = len(m.buf)
    m.mode = _CONTENT
    m.truncated(name, raw)
    return True


def _args(m: TextParser, text: str, end: str, complete: bool) -> None:
    name = m.state.pop(_FN)
    raw = m.opener + text + (end if end != MARK else "")
    if end == MARK:
        m.mode = _NEXT  # the next segment's >>>
    elif not end and complete:
        m.mode = _GAP
    if not complete:
        m.truncated(name, raw)
        return
    m.call(name, text.strip() or None, raw)


def _code(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    if not complete:
        m.truncated(CODE, raw)
        return
    m.call(CODE, {"code": text}, raw)


_ARGS = BodyMode(_args, ends=(MARK, EOT, EOM), quotes=(('"', '"', True),), balance=True)
_CODE = BodyMode(_code, ends=(EOT, EOM), stop_closer=EOT)  # engines strip it: the finish reason settles
_START = _Recipient(start=True)
_AFTER = _Recipient(start=False)
_NEXT = _Recipient(start=False, cut=True)
_GAP = _Gap()
_CONTENT = TextMode("content", {MARK: goto(_AFTER), EOT: stay, EOM: stay})
_ARGS.next = _CODE.next = _CONTENT


def _start(thinking: bool) -> Mode:
    return _START


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    items = calls_of(calls, NAME)
    out = []
    for i, c in enumerate(items):
        if c.name == ANSWER:
            raise EncodeError(f"A tool named {ANSWER!r} cannot be written in {NAME}: >>>all is the answer",
                              dialect=NAME, loc=f"$[{i}].name")
        if c.name != CODE:
            out.append(f"{MARK}{c.name}\n{dumps(c.args, NAME)}")
            continue
        code = c.args.get("code") if len(c.args) == 1 else None
        if type(code) is not str:
            raise EncodeError(f"A {CODE!r} call is written as its code: its arguments must be "
                              '{"code": string} only', dialect=NAME, loc=f"$[{i}].args")
        if i != len(items) - 1:
            raise EncodeError(f"A {CODE!r} call must be the last: its code runs to the end of the output",
                              dialect=NAME, loc=f"$[{i}]")
        out.append(f"{MARK}{CODE}\n{forbid(code, (EOT, EOM), 'Code', NAME, '$.args.code')}")
    return "".join(out)


FORMAT = TextFormat(
    name=NAME,
    start=_start,
    encode_calls=_encode,
    description="Functionary v3.2: >>>NAME\\n{json}, >>>all\\ntext (the prompt ends with >>>)",
)
