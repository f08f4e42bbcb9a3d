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
- The recipient may sit in the role header (``<|start|>assistant to=functions.x``;
  in the first message `` to=functions.x`` right after the prompt's role, with or
  without a channel) or the channel header, on any channel (``analysis`` too);
  ``<|constrain|>`` comes with or without a space before it, and the content type may
  be missing. Two different recipients in one header make an ``InvalidToolCall``
  (openai-harmony refuses the header).
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
- ``<|return|>`` ends the turn (engines stop there; openai-harmony writes ``<|end|>`` for
  a final message in a conversation, ``<|return|>`` only as the last token): text after it
  other than whitespace is past the turn, one ``InvalidToolCall``'s raw text, never a
  call, content or reasoning (openai-harmony reads on as through any list of messages).
  After ``<|call|>`` the next call is read (the form ``encode_text`` writes).
- Text with no Harmony marker at all is content, whatever its words (it is only known
  at the end of the text, so a streaming parser gives it at ``close()``); so is a
  "header" holding words that are no roles, channels, recipients or content type, and
  its message, set apart by a newline (reasoning on the ``analysis`` channel), unless it
  holds a recipient: openai-harmony reads one word after the recipient as the content
  type (a call) and refuses more, so its message is an ``InvalidToolCall`` that keeps
  the text (so is `` to=functions.f foo bar<|message|>`` at the start, and a call
  header with two content types, ``to=functions.f json json``). Text
  before the first ``<|channel|>`` / ``<|start|>`` that is not a role or recipient is
  content, and the header after it is read as usual.
- A ``<|start|>`` naming another role (``user``, ``system``, ``developer``, a tool's
  ``functions.x to=assistant``): the output ran past the assistant's turn; that
  message and the rest of the text are one ``InvalidToolCall``'s raw text, never a
  call, content or reasoning (vLLM's ``harmony_utils.parse_output_message`` leaves
  messages not by the assistant out).
- A prompt ending ``<|channel|>analysis<|message|>`` (``prompt=``) starts the output in
  the analysis channel.

Encoding writes each call as a commentary message to ``functions.NAME`` with
``<|constrain|>json``, ending in ``<|call|>``; the first without its ``<|start|>assistant``
(the prompt has it): the form the model outputs, not the history form openai-harmony's
renderer writes (recipient in the role header); both are read. A message has no
escaping and a tokenizer reads ``<|call|>`` in text as the special token, so ``<|`` in
the arguments is written ``\\u003c|`` (the same JSON value; openai-harmony parses it back).

Sources (checked 2026-11-30; roles, recipients, ``<|return|>`` and escaping 2026-12-05): openai/harmony
``docs/format.md`` (message grammar, roles, channels, recipients, ``<|call|>``) and
openai-harmony 0.0.8's parser; vllm-project/vllm ``vllm/tool_parsers/
openai_tool_parser.py``, ``vllm/reasoning/gptoss_reasoning_parser.py`` and
``vllm/entrypoints/harmony_utils.py``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .._errors import excerpt
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
_ROLE = re.compile(r"[^\s<]*")
_AFTER_ROLE = frozenset(("", "<", " ", "\n"))  # "<|start|>assistant" then one of these: the assistant
# the markers a cut-off header may end with part of
_PARTS = frozenset(mk[:i] for mk in (START, CHANNEL, MESSAGE, CONSTRAIN, END, CALL, RETURN) for i in range(1, len(mk)))


def _header(m: TextParser, text: str, end: str, complete: bool) -> None:
    full = m.opener + text
    if full.startswith(START):
        if not full.startswith(NEXT) or full[len(NEXT) : len(NEXT) + 1] not in _AFTER_ROLE:
            hit = _ROLE.match(full, len(START))
            role = hit.group() if hit else ""
            if role and role != "assistant":  # another author: the output ran past the assistant's turn
                m.open_body(_PAST, full + end)
                m.state["role"] = role
                return
    elif not m.opener and CHANNEL not in full:  # the start of the output, no <|channel|>
        _role_header(m, full, end)
        return
    if not complete or end != MESSAGE:  # no <|message|>: not a header that can be read
        if end in (START, CHANNEL):
            m.open_body(_HEADER, end)
        elif end == RETURN:
            _turn_ended(m, end)
        elif end:
            m.mode = _BETWEEN
        tos = _recipients(full)
        if tos and not complete:
            m.truncated(_name(tos), full + end)
        elif tos:
            m.invalid(_name(tos), full + end, f"Tool call at {m.loc} has no <|message|>")
        elif _header_words(full) < 0:  # text that is not a header
            m.emit_content(full)
            m.brk("content")
        return
    first = min((i for i in (full.find(CHANNEL), full.find(START)) if i >= 0), default=-1)
    if first > 0 and _header_words(full[:first]) < 0:
        # text before the header (only a role or recipient may stand there) is content
        m.emit_content(full[:first])
        m.brk("content")
        full = full[first:]
    words = _header_words(full, 1)
    if words < 0:
        if _TO.search(full):  # a recipient in a header openai-harmony refuses: no call, no content
            _unread(m, full, end)
            return
        # not a header: the text is kept with its message, set apart by a newline; on the
        # analysis channel both are reasoning
        ch = _CHANNEL.search(full)
        if ch and ch.group(1) == "analysis":
            m.emit_reasoning(full)
            m.brk("reasoning")
            m.mode = _ANALYSIS
        else:
            m.emit_content(full)
            m.brk("content")
            m.mode = _FINAL
        return
    if full.startswith(START):  # its role's word, "assistant", is no content type
        _message(m, full[len(START) :], end, words - 1 - (CHANNEL in full))
    else:
        _message(m, full, end, words - (CHANNEL in full))


def _unread(m: TextParser, head: str, end: str) -> None:
    """The message after *head*, a header with a recipient and words openai-harmony does
    not read (it takes one word after the recipient as the content type and refuses
    more): the model addressed a tool, so its message is an ``InvalidToolCall``."""
    tos = _recipients(head)
    m.open_body(_CALL, head + end)
    m.state["recipient"] = tos[0] if len(tos) == 1 else ""
    m.state["recipients"] = None  # (no list: the call is not read)


def _message(m: TextParser, head: str, end: str, words: int) -> None:
    """The message after the header *head* (read: only header words, *words* of them
    besides its role, channel and recipients). openai-harmony reads one such word in a
    call's header, the content type (``json``, ``code``, any word), and refuses a header
    with more (``to=functions.f json json``)."""
    tos = _recipients(head)
    if tos and words > 1:
        _unread(m, head, end)
    elif tos:
        m.open_body(_CALL, head + end)
        m.state["recipient"] = tos[0] if len(tos) == 1 else ""
        m.state["recipients"] = tos
    elif (ch := _CHANNEL.search(head)) and ch.group(1) == "analysis":
        m.mode = _ANALYSIS
    else:
        m.mode = _FINAL


def _role_header(m: TextParser, full: str, end: str) -> None:
    """The output's first text, before any ``<|channel|>``: the prompt ended
    ``<|start|>assistant``, so the role header may go on with a recipient and a content
    type (`` to=functions.f json<|message|>``; cut off: `` to=functions.f`` with the
    space that sets it after the role). Any other text is content: ``to=bob`` with no
    Harmony marker is an answer, whatever the finish reason."""
    words = full
    if not end:  # the text ended: it may end inside a marker or a word of the header
        i = full.rfind("<")
        if i >= 0 and full[i:] in _PARTS:
            words = full[:i]
    count = _header_words(words, cut=not end)
    tos = _recipients(words) if count >= 0 else []
    if tos and end == MESSAGE:
        _message(m, full, end, count)
        return
    if end == MESSAGE and full[:1].isspace() and full.lstrip().startswith("to="):
        _unread(m, full, end)  # the role header went on with a recipient, then other words
        return
    if end == START:
        m.open_body(_HEADER, end)
    elif end == RETURN:
        _turn_ended(m, end)
    elif end:
        m.mode = _FINAL if end == MESSAGE else _BETWEEN
    if tos and end:
        m.invalid(_name(tos), full + end, f"Tool call at {m.loc} has no <|message|>")
    elif tos and full[:1].isspace():  # " to=…": the role header went on, and the text ended in it
        m.truncated(_name(tos), full)
    else:
        m.emit_content(full)
        m.brk("content")


def _recipients(head: str) -> list[str]:
    """The distinct recipients (``to=…``) of a header, in order: more than one is no
    header openai-harmony reads ("unexpected tokens remaining in message header")."""
    tos: list[str] = _TO.findall(head)
    return tos if len(tos) < 2 else list(dict.fromkeys(tos))


_HEADER_WORDS = frozenset({"assistant", "analysis", "commentary", "final", "json", "code"})
_WORD_PARTS = frozenset(w[:i] for w in (*_HEADER_WORDS, "to=") for i in range(1, len(w)))


def _header_words(text: str, others: int = 0, cut: bool = False) -> int:
    """When *text* holds nothing but Harmony markers, roles, channel names, recipients
    and at most *others* other words (a channel or content type), markup, not an
    answer: the number of its words that are no recipients; else -1. With *cut* (the
    text ended there) its last word may be the start of a header word."""
    if len(text) > 512:  # a header is a few words: this is text
        return -1
    for mk in (START, CHANNEL, CONSTRAIN):
        text = text.replace(mk, " ")
    unknown = tos = 0
    words = text.split()
    if cut and words and not text[-1].isspace() and words[-1] in _WORD_PARTS:
        words.pop()
    for w in words:
        if w in _HEADER_WORDS:
            continue
        if w.startswith("to=") and "<" not in w:
            tos += 1
            continue
        unknown += 1
        if unknown > others or not is_name(w):
            return -1
    return len(words) - tos


def _name(recipients: list[str]) -> str | None:
    return _tool(recipients[0]) if len(recipients) == 1 else None  # two: no guess between them


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
    tos = m.state.get("recipients", ())
    if tos is None:  # its header is none openai-harmony reads (``_unread``)
        head = excerpt(raw[: len(raw) - len(text) - len(end)], 80)
        m.invalid(name or None, raw, f"Tool call at {m.loc} has a header Harmony does not read: {head} holds "
                                     "words besides its role, channel, recipient and content type")
    elif len(tos) > 1:  # never a guess between them
        listed = ", ".join(excerpt(t, 60) for t in tos[:3]) + (", …" if len(tos) > 3 else "")
        m.invalid(None, raw, f"Tool call at {m.loc} names {len(tos)} recipients in one header ({listed})")
    elif not end and loads(text) is MISSING and _open_json(text):
        # closed by a stripped <|call|>: only whole JSON is a call (JSON that closed goes
        # through the arguments policy, which says what is wrong with it)
        m.invalid(name or None, raw, f"Tool call at {m.loc} ends where its JSON message is not complete")
    else:
        m.call(name, text.strip() or None, raw)
    if end == RETURN:
        _turn_ended(m, end)


def _open_json(text: str) -> bool:
    """True when *text* (no JSON) is empty or ends inside a string or a bracket."""
    found = scan(text)
    return bool(found.quote or found.depth > 0 or not text.strip())


def _turn_ended(m: TextParser, tok: str) -> None:
    """``<|return|>``: the rest of the text is past the assistant's turn."""
    m.open_body(_PAST, "")
    m.state["role"] = ""


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
_FINAL.set({END: goto(_BETWEEN), RETURN: _turn_ended, NEXT: body(_HEADER)})
_BETWEEN.set({START: body(_HEADER), CHANNEL: body(_HEADER), END: stay, CALL: stay, RETURN: _turn_ended})
_HEADER.next = _BETWEEN
_CALL.next = _BETWEEN


class _Past(Mode):
    """The text from a message another role writes (``<|start|>user``, a tool's
    ``<|start|>functions.x to=assistant``), or after ``<|return|>``, to the end: the
    output ran past the assistant's turn, so none of it is the assistant's; it is one
    ``InvalidToolCall``'s raw text (vLLM's Responses API leaves another role's messages
    out of the output; engines stop at ``<|return|>``). Whitespace alone is nothing."""

    def step(self, m: TextParser) -> bool:
        if m.pos < len(m.buf):
            m.body.append(m.buf[m.pos :])
            m.pos = len(m.buf)
        if m.final:
            raw = m.opener + m.body.join()
            m.body.reset()
            m.mode = _BETWEEN
            role = m.state.get("role")
            if role:
                m.invalid(None, raw, f"The output runs past the assistant's turn at {m.loc}: the message from "
                                     f"{excerpt(role, 60)} and the text after it are not the assistant's "
                                     "(engines end its output at <|call|> or <|return|>)")
            elif raw.strip():
                m.invalid(None, raw, f"The output runs past the assistant's turn at {m.loc}: the text after "
                                     "<|return|>, which ends the turn, is not the assistant's answer "
                                     "(engines end its output there)")
        return False


_PAST = _Past()


def _start(thinking: bool) -> Mode:
    return _ANALYSIS if thinking else _HEADER  # a prompt ending <|channel|>analysis<|message|>


# "<" as JSON writes it escaped: the same value, and no marker a tokenizer reads as a special
# token (Harmony has no escaping inside a message); in JSON text "<" stands only in a string
_LT = "\\u003c|"


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    out = []
    for i, c in enumerate(calls_of(calls, NAME)):
        head = "" if i == 0 else f"{START}assistant"
        out.append(
            f"{head}{CHANNEL}commentary to=functions.{c.name} {CONSTRAIN}json{MESSAGE}"
            f"{args_text(c, NAME).replace('<|', _LT)}{CALL}"
        )
    return "".join(out)


FORMAT = TextFormat(
    name=NAME,
    start=_start,
    encode_calls=_encode,
    description="gpt-oss Harmony: analysis/commentary/final channels, to=functions.NAME, <|call|>",
    reasoning_opens=(CHANNEL + "analysis" + MESSAGE,),
)
