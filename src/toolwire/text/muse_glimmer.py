"""``text.muse-glimmer``: Muse Glimmer messages (``to=self`` / ``to=user`` / ``to=TOOL``,
``<|eom|>``) whose tool messages hold an ATEM ``<atem:function_calls>`` block.

Harmony-like framing, but not Harmony: no channels, ``<|eom|>`` ends a message that
more messages follow and ``<|eot|>`` the turn. The generation prompt ends with
``<|start|>assistant``, so the output begins with its first message's recipient::

     to=self<|message|>The user wants the weather.<|eom|><|start|>assistant to=get_weather<|message|>
    <atem:function_calls>
    <atem:invoke name="get_weather">
    <atem:parameter name="city">Paris</atem:parameter>
    <atem:parameter name="days">3</atem:parameter>
    </atem:invoke>
    </atem:function_calls><|eot|>

- A header is ``[<|start|>]assistant to=RECIPIENT<|message|>`` (the first one without
  ``<|start|>assistant``, which the prompt holds; a bare ``<|message|>`` has no
  recipient). ``to=self`` is reasoning, ``to=user`` (or none) the answer, any other
  recipient a tool: its message holds the call block. A call written inside a
  reasoning or answer message is that message's text, never a call.
- A message ends at ``<|eom|>``, ``<|eot|>`` or the next ``<|start|>`` (a missing
  ``<|eom|>``). ``<|eot|>`` is the end-of-turn token engines strip: a tool message that
  runs to the end of the text is whole when its ``</atem:function_calls>`` came.
- Each ``<atem:invoke name="NAME">`` of the block is a call named by its tag (the
  engines' reading; the header's recipient names a call cut off before its tag).
  Values are the text between the parameter tags, spaces and line breaks included
  ("spaces for string values are not stripped", the template says; none of its
  markup surrounds a value): typed by the tool's schema with ``tools=``; without, JSON
  of a number, boolean, null, object or array becomes that value (``_params``).
- Never a silent empty answer: a tool message with no block, a block with no invoke,
  a block not closed before its message ends, a header that is none (another role's
  ``<|start|>tool x``, words beside ``to=x``), or a block outside any message once the
  output is framed, is an ``InvalidToolCall`` keeping its text. A block cut off by the
  end of the text gives its closed invokes whole and the cut one ``truncated``; so does
  a header cut off before ``<|message|>`` (named by its recipient).
- Output with no framing at all (an engine that stripped the special tokens) is the
  answer, and an ``<atem:function_calls>`` block in it holds calls (vLLM reads it so).
- No ids: the wire carries none (a tool result names its tool).
- A prompt ending ``to=self<|message|>`` (``prompt=``) starts the output in the reasoning.

Encoding writes what the chat template's ``render_atem`` writes, one message per call:
``to=NAME<|message|>`` and the block (the first without ``<|start|>assistant``, which
the prompt holds; the next after ``<|eom|>``), ``<|eot|>`` after the last; strings as
they are, ``true`` / ``false`` / ``null``, other values as JSON (``<`` escaped inside
JSON strings, the same value).

Sources (checked 2026-12-06): ggml-org/llama.cpp ``models/templates/muse-glimmer.jinja``
(the chat template: headers, ``render_atem``, the system text quoted above) and
``common/parsers/muse-glimmer.cpp``; vllm-project/vllm
``vllm/frontend/processing/tool_parsers/muse_glimmer_tool_parser.py`` (messages
segmented, calls read from tool messages only, unframed output read whole).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .._errors import EncodeError, excerpt
from .._types import ToolCall
from ._blocks import cut_block
from ._core import Action, BodyMode, TextMode, TextParser
from ._format import TextFormat
from ._kit import calls_of, content_between, dumps, forbid, goto, stay
from ._param_writers import name_text
from ._params import name_after, read_calls

__all__ = ["FORMAT"]

NAME = "text.muse-glimmer"
START, MESSAGE, EOM, EOT = "<|start|>", "<|message|>", "<|eom|>", "<|eot|>"
OPEN, CLOSE = "<atem:function_calls>", "</atem:function_calls>"
INV, INV_END, P, P_END = "<atem:invoke name=", "</atem:invoke>", "<atem:parameter name=", "</atem:parameter>"
TAGS = (INV, P, P_END, INV_END)
SELF, USER = "self", "user"


def recipient(text: str, started: bool) -> str | None:
    """The recipient a header's *text* names (``""``: none), or ``None`` when the text is
    no header of the assistant's. *started*: ``<|start|>`` came first, so the role
    (``assistant``) must too; the first header of the output follows the prompt's."""
    words = text.split()
    if not words:
        return ""
    if words[0] == "assistant":
        words = words[1:]
    elif started:
        return None  # another role's message (<|start|>tool NAME, <|start|>user)
    if not words:
        return ""
    if len(words) == 1 and words[0][:3] == "to=" and len(words[0]) > 3:
        return words[0][3:]
    return None


def _tool(rcpt: str | None) -> bool:
    return bool(rcpt) and rcpt not in (SELF, USER)


def _take(m: TextParser) -> str:
    text = m.stray.join()
    m.stray.reset()
    return text


def _loose(m: TextParser, text: str, started: bool, cut: bool) -> None:
    """Text held before a marker that is not ``<|message|>``: no header (content), a
    header's words alone (markup), or a call's header never closed."""
    rcpt = recipient(text, started)
    if rcpt is None:
        if started:  # <|start|> then no role of the assistant's
            m.invalid(None, START + text, f"Message at {m.loc} is no message of the assistant's: "
                                          f"{excerpt(START + text, 80)}")
        elif text.strip():
            m.emit_content(text)
    elif _tool(rcpt):
        raw = (START if started else "") + text
        if cut:
            m.truncated(rcpt, raw)
        else:
            m.invalid(rcpt, raw, f"Tool call at {m.loc} has a header not closed by {MESSAGE}")


def _on_message(m: TextParser, tok: str) -> None:
    started = m.state.pop("started", False)
    text = _take(m)
    rcpt = recipient(text, started)
    head = (START if started else "") + text + tok
    if rcpt is None:
        if started:  # the output ran past the assistant's turn (engines stop at <|eot|>)
            _open_call(m, head, None, f"is a message of another role than the assistant's: {excerpt(head, 80)}")
            return
        if any(w[:3] == "to=" for w in text.split()):
            _open_call(m, head, None, f"has a message header Muse Glimmer does not read: {excerpt(head, 80)}")
            return
        if text.strip():
            m.emit_content(text)
        m.mode = _CONTENT
    elif rcpt == SELF:
        m.mode = _REASONING
    elif rcpt == USER or not rcpt:
        m.mode = _CONTENT
    else:
        _open_call(m, head, rcpt)


def _open_call(m: TextParser, head: str, rcpt: str | None, bad: str = "", pre: str = "") -> None:
    m.open_body(_CALL, head)
    m.state["mg"] = (rcpt, bad, pre)


def _on_start(m: TextParser, tok: str) -> None:
    _loose(m, _take(m), m.state.pop("started", False), False)
    m.state["started"] = True
    m.mode = _GAP


def _on_end(m: TextParser, tok: str) -> None:
    _loose(m, _take(m), m.state.pop("started", False), False)
    m.mode = _GAP


def _on_block(m: TextParser, tok: str) -> None:
    """A block outside a message: calls while the output has no framing at all (its
    special tokens stripped), else an ``InvalidToolCall``."""
    started = m.state.pop("started", False)
    text = _take(m)
    rcpt = recipient(text, started)
    if rcpt is None and not started:
        if text.strip():
            m.emit_content(text)
        text, rcpt = "", ""
    if m.mode is _FIRST and not rcpt and not started:  # no framing so far: the block holds calls
        _open_call(m, tok, None, pre=tok)
        return
    head = (START if started else "") + text + tok
    _open_call(m, head, rcpt if _tool(rcpt) else None,
               f"stands outside a message (no {MESSAGE} header before {OPEN})", pre=tok)


class _Gap(TextMode):
    """Between messages (and before the first): text held until the next marker says
    what it was (a header's words, or text); the end of the text settles it."""

    def step(self, m: TextParser) -> bool:
        if m.final and self.rx.search(m.buf, m.pos) is None:
            if m.pos < len(m.buf):
                m.stray.append(m.buf[m.pos :])
                m.pos = len(m.buf)
            if m.stray:
                _loose(m, _take(m), m.state.pop("started", False), True)
            return False
        return super().step(m)


def _call(m: TextParser, text: str, end: str, complete: bool) -> None:
    rcpt, bad, pre = m.state.pop("mg", (None, "", ""))
    raw = m.opener + text + end
    if end == START:  # the next message begins (its <|eom|> left out)
        m.state["started"] = True
    if bad:
        m.invalid(rcpt, raw, f"Tool call at {m.loc} {bad}")
        return
    body = pre + text
    pos = body.find(OPEN)
    if pos < 0:
        if complete:
            m.invalid(rcpt, raw, f"Tool call at {m.loc} is a message to {excerpt(rcpt, 60)} holding no {OPEN} block")
        else:
            m.truncated(rcpt, raw)
        return
    if body[:pos].strip():
        m.emit_content(body[:pos])
    while pos >= 0:
        start = pos + len(OPEN)
        stop = _block_end(body, start)
        if stop < 0:
            inner = body[start:]
            if complete:
                name = name_after(inner, INV) or rcpt
                m.invalid(name, raw, f"Tool call at {m.loc} has a block not closed by {CLOSE} before its message ends")
            elif INV not in inner:
                m.truncated(rcpt, raw)
            else:
                cut_block(m, inner, raw, INV, INV_END, (CLOSE,),
                          lambda closed: read_calls(m, closed, raw, TAGS, cut=True, strip=False),
                          lambda t: name_after(t, INV))
            return
        if not read_calls(m, body[start:stop], raw, TAGS, strip=False):
            return
        pos = content_between(m, body, stop + len(CLOSE), OPEN)


_TOKENS = re.compile("|".join(re.escape(t) for t in (P_END, P, CLOSE)))  # literals: no backtracking


def _block_end(body: str, start: int) -> int:
    """Where the block's ``</atem:function_calls>`` is: the first outside the parameter
    values (a value may hold it as text, as llama.cpp reads a value up to its closing
    tag), else the first (a value left open: ``read_calls`` says what is wrong)."""
    inside = False
    for hit in _TOKENS.finditer(body, start):
        tok = hit.group()
        if tok == P_END:
            inside = False
        elif tok == P:
            inside = True
        elif not inside:
            return hit.start()
    return body.find(CLOSE, start)


_MARKS = (START, MESSAGE, EOM, EOT, OPEN)
_FIRST = _Gap("")
_GAP = _Gap("")
_REASONING = TextMode("reasoning")
_CONTENT = TextMode("content")
# a parameter's value is quoted: a marker written in it is its text (unless it never closes)
_CALL = BodyMode(_call, ends=(EOM, EOT, START), quotes=((P, P_END, False),))
_CALL.next = _GAP
_ACTIONS: dict[str, Action] = {START: _on_start, MESSAGE: _on_message, EOM: _on_end, EOT: _on_end, OPEN: _on_block}
_FIRST.set(_ACTIONS, text_first=_MARKS)
_GAP.set(_ACTIONS, text_first=_MARKS)
# a reasoning or answer message ends only at its own ends: ATEM markup in it is its text
_MESSAGE_ENDS = {EOM: goto(_GAP), EOT: goto(_GAP), START: _on_start, MESSAGE: stay}
_REASONING.set(_MESSAGE_ENDS)
_CONTENT.set(_MESSAGE_ENDS)


def _start(thinking: bool) -> TextMode:
    return _REASONING if thinking else _FIRST  # a prompt ending to=self<|message|>


def _value(k: str, v: object) -> str:
    """The value *v* of argument *k* as ``render_atem`` writes it: strings as they are
    (refused when they hold a parameter tag or a special token: a tokenizer reads
    ``<|eom|>`` in text as the token), other values as JSON."""
    if type(v) is str:
        return forbid(v, _UNSAID, "Value", NAME, "$.args", k)
    text = dumps(v, NAME)  # as tojson writes it, but for a marker in a string: "<" escaped (the same value)
    return text.replace("<", "\\u003c") if any(t in text for t in _UNSAID) else text


_UNSAID = (P_END, P, START, MESSAGE, EOM, EOT)


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    out = []
    for i, c in enumerate(calls_of(calls, NAME)):
        if not _tool(c.name):
            raise EncodeError(f"Tool name {excerpt(c.name)} is Muse Glimmer's recipient of the "
                              + ("reasoning (to=self)" if c.name == SELF else "answer (to=user)")
                              + ": the call would be read back as text", dialect=NAME, loc=f"$[{i}].name")
        lines = [f"{EOM}{START}assistant" if i else "", f" to={c.name}{MESSAGE}{OPEN}\n{INV}\"{c.name}\">\n"]
        for k, v in c.args.items():
            name_text(k, ("\n",), NAME)
            lines.append(f'{P}"{k}">{_value(k, v)}{P_END}\n')
        lines.append(f"{INV_END}\n{CLOSE}")
        out.append("".join(lines))
    return "".join(out) + EOT if out else ""


FORMAT = TextFormat(
    name=NAME,
    start=_start,
    encode_calls=_encode,
    description="Muse Glimmer: to=self / to=user / to=TOOL messages, <|eom|>, "
                '<atem:function_calls><atem:invoke name="NAME"><atem:parameter name="KEY">',
    reasoning_opens=("to=self" + MESSAGE,),
)
