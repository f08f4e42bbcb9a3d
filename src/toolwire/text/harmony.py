"""``text.harmony``: gpt-oss Harmony messages — analysis / commentary / final channels.

The model's output follows a prompt that ends with ``<|start|>assistant``, so it
begins with a message header::

    <|channel|>analysis<|message|>The user wants the weather.<|end|>
    <|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json
    <|message|>{"city":"Paris"}<|call|>                            (one line)

    <|channel|>final<|message|>It is sunny.<|return|>

- A message with a recipient (``to=…`` in the header, before or after the channel) is
  a tool call: the name is the recipient without ``functions.`` (built-in tools keep
  their own, e.g. ``browser.search``), the arguments are the message's JSON.
- ``analysis`` messages are reasoning; ``final`` messages and ``commentary``
  messages without a recipient (preambles) are content.
- The recipient may sit in the role header (``<|start|>assistant to=functions.x``) or
  the channel header, on any channel (``analysis`` too); ``<|constrain|>`` comes with
  or without a space before it, and the content type may be missing.
- A call ends at ``<|call|>``, ``<|end|>``, ``<|return|>`` or the next header
  (``<|start|>``, ``<|channel|>``); markers inside JSON strings do not end it.
  ``<|call|>`` is a stop token that servers strip: a call that runs to the end of the
  text is whole with ``finish_reason`` ``stop`` / ``tool_calls`` (when its JSON is
  complete; JSON whose brackets closed but that does not read goes through the
  arguments policy, as before ``<|call|>``), cut off with ``length``, and cut off with
  no finish reason (the error says which finish reason settles it).
- Other messages end only at their own ends (``<|end|>``, ``<|return|>`` for a final
  answer, or ``<|start|>assistant`` when ``<|end|>`` is missing, as llama.cpp serves
  it): markers the reasoning quotes (``<|call|>``, ``<|channel|>``, ``<|start|>user``)
  are text.
- Text with no Harmony header at all is content (it is only known at the end of the
  text, so a streaming parser gives it at ``close()``); so is a "header" holding words
  that are no roles, channels, recipients or content type, and its message. Text
  before the first ``<|channel|>`` / ``<|start|>`` that is not a role or recipient is
  content, and the header after it is read as usual.
- A prompt ending ``<|channel|>analysis<|message|>`` (``prompt=``) starts the output in
  the analysis channel.

Encoding writes each call as a commentary message to ``functions.NAME`` with
``<|constrain|>json``, ending in ``<|call|>``; the first without its ``<|start|>assistant``
(the prompt has it).

Sources (checked 2026-11-30): openai/harmony ``docs/format.md`` (message grammar,
channels, recipients, ``<|call|>``); vllm-project/vllm ``vllm/tool_parsers/
openai_tool_parser.py`` and ``vllm/reasoning/gptoss_reasoning_parser.py``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .._types import ToolCall
from ._brackets import scan
from ._callname import is_name
from ._core import BodyMode, Mode, TextFormat, TextMode, TextParser
from ._kit import MISSING, args_text, body, calls_of, goto, loads, stay

__all__ = ["FORMAT"]

NAME = "text.harmony"
START, CHANNEL, MESSAGE, CONSTRAIN = "<|start|>", "<|channel|>", "<|message|>", "<|constrain|>"
END, CALL, RETURN = "<|end|>", "<|call|>", "<|return|>"
NEXT = START + "assistant"
_TO = re.compile(r"\bto=([^\s<]+)")
_CHANNEL = re.compile(re.escape(CHANNEL) + r"\s*([^\s<]+)")


def _header(m: TextParser, text: str, end: str, complete: bool) -> None:
    full = m.opener + text
    if not complete or end != MESSAGE:  # no <|message|>: not a header that can be read
        if end in (START, CHANNEL):
            m.open_body(_HEADER, end)
        elif end:
            m.mode = _BETWEEN
        # a recipient counts only in a header: text with no Harmony marker is no header,
        # whatever "to=" it holds (a URL's query, prose)
        to = _TO.search(full) if CHANNEL in full or START in full else None
        if to and not complete:
            m.truncated(_tool(to.group(1)), full + end)
        elif to:
            m.invalid(_tool(to.group(1)), full + end, f"Tool call at {m.loc} has no <|message|>")
        elif not _only_header_words(full):  # text that is not a header (or no Harmony at all)
            m.emit_content(full)
            m.brk("content")
        return
    first = min((i for i in (full.find(CHANNEL), full.find(START)) if i >= 0), default=-1)
    if first > 0 and not _only_header_words(full[:first]):
        # text before the header (only a role or recipient may stand there) is content
        m.emit_content(full[:first])
        m.brk("content")
        full = full[first:]
    if first < 0 or not _only_header_words(full, 1):
        # not a header: the text is content, and so is its message
        m.emit_content(full)
        m.mode = _FINAL
        return
    head = full[full.rfind(START) + len(START) :] if START in full else full
    to = _TO.search(head)
    ch = _CHANNEL.search(head)
    channel = ch.group(1) if ch else ""
    if to:
        m.open_body(_CALL, head + end)
        m.state["recipient"] = to.group(1)
    elif channel == "analysis":
        m.mode = _ANALYSIS
    else:
        m.mode = _FINAL


_HEADER_WORDS = frozenset({"assistant", "analysis", "commentary", "final", "json", "code"})


def _only_header_words(text: str, others: int = 0) -> bool:
    """True when *text* holds nothing but Harmony markers, roles, channel names,
    recipients and at most *others* other words (a channel or content type): markup,
    not an answer."""
    if len(text) > 512:  # a header is a few words: this is text
        return False
    for mk in (START, CHANNEL, CONSTRAIN):
        text = text.replace(mk, " ")
    unknown = 0
    for w in text.split():
        if w in _HEADER_WORDS or (w.startswith("to=") and "<" not in w):
            continue
        unknown += 1
        if unknown > others or not is_name(w):
            return False
    return True


def _tool(recipient: str) -> str:
    return recipient[len("functions.") :] if recipient.startswith("functions.") else recipient


def _call(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    name = _tool(m.state.get("recipient", ""))
    if end in (START, CHANNEL):  # the next message starts (its <|call|> / <|end|> left out)
        m.open_body(_HEADER, end)
    if not complete:
        m.truncated(name or None, raw)
        return
    if not end and loads(text) is MISSING:  # closed by a stripped <|call|>: only whole JSON is a call
        found = scan(text)
        if found.quote or found.depth > 0 or not text.strip():
            m.invalid(name or None, raw, f"Tool call at {m.loc} ends where its JSON message is not complete")
            return  # else JSON that closed: the arguments policy says what is wrong with it
    m.call(name, text.strip() or None, raw)


_HEADER = BodyMode(_header, ends=(MESSAGE, START, END, CALL, RETURN))
# <|call|> is a stop token: served output ends right after the JSON (stop_closer)
_CALL = BodyMode(
    _call, ends=(CALL, END, RETURN, START, CHANNEL), quotes=(('"', '"', True),), stop_closer=CALL
)
_BETWEEN = TextMode("content")
_ANALYSIS = TextMode("reasoning")
_FINAL = TextMode("content")
# inside a message only its own ends count: a <|call|>, <|channel|> or <|start|>user that
# the reasoning quotes is text; a next message may follow without <|end|> (llama.cpp)
_ANALYSIS.set({END: goto(_BETWEEN), NEXT: body(_HEADER)})
_FINAL.set({END: goto(_BETWEEN), RETURN: goto(_BETWEEN), NEXT: body(_HEADER)})
_BETWEEN.set({START: body(_HEADER), CHANNEL: body(_HEADER), END: stay, CALL: stay, RETURN: stay})
_HEADER.next = _BETWEEN
_CALL.next = _BETWEEN


def _start(thinking: bool) -> Mode:
    return _ANALYSIS if thinking else _HEADER  # a prompt ending <|channel|>analysis<|message|>


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    out = []
    for i, c in enumerate(calls_of(calls, NAME)):
        head = "" if i == 0 else f"{START}assistant"
        out.append(
            f"{head}{CHANNEL}commentary to=functions.{c.name} {CONSTRAIN}json{MESSAGE}"
            f"{args_text(c, NAME)}{CALL}"
        )
    return "".join(out)


FORMAT = TextFormat(
    name=NAME,
    start=_start,
    encode_calls=_encode,
    description="gpt-oss Harmony: analysis/commentary/final channels, to=functions.NAME, <|call|>",
    reasoning_opens=(CHANNEL + "analysis" + MESSAGE,),
)
