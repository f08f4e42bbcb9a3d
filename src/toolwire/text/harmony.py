"""``text.harmony``: gpt-oss Harmony messages — analysis / commentary / final channels.

The model's output follows a prompt that ends with ``<|start|>assistant``, so it
begins with a message header::

    <|channel|>analysis<|message|>The user wants the weather.<|end|>
    <|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json
    <|message|>{"city":"Paris"}<|call|>                            (one line)

    <|channel|>final<|message|>It is sunny.<|return|>

- Which message a header opens (a call, reasoning, content, text past the turn) is read
  as openai-harmony reads the header: ``harmony_header.py``.
- A call ends at ``<|call|>``, ``<|end|>`` or ``<|return|>``; markers inside JSON
  strings do not end it. A next header before them (``<|call|>`` missing) is read by
  openai-harmony as the call's arguments: a message that is no JSON holding one is an
  ``InvalidToolCall`` (with the messages after it up to that end), never run.
  ``<|call|>`` is a stop token that servers strip: a call that runs to the end of the
  text is whole with ``finish_reason`` ``stop`` / ``tool_calls`` (when its JSON is
  complete; JSON whose brackets closed but that does not read goes through the
  arguments policy, as before ``<|call|>``), cut off with ``length``, and cut off with
  no finish reason (the error says which finish reason settles it).
- Other messages end only at their own ends (``<|end|>``, ``<|return|>`` for a final
  answer, or ``<|start|>assistant`` when ``<|end|>`` is missing, as llama.cpp serves
  it), and at ``<|call|>`` as the last token or before ``<|start|>`` (a special token
  that ends any message in openai-harmony; engines stop there): markers the reasoning
  quotes (``<|call|>`` with text after it, ``<|channel|>``, ``<|start|>user``) are text.
- A bare-word recipient (``to=get_weather``) names the call as it is, as OpenAI's
  reference Responses server (openai/gpt-oss ``gpt_oss/responses_api/api_server.py``)
  makes a function call of any recipient but its built-in tools.
- ``<|return|>`` ends the turn (engines stop there; openai-harmony writes ``<|end|>`` for
  a final message in a conversation, ``<|return|>`` only as the last token): text after it
  other than whitespace is past the turn, one ``InvalidToolCall``'s raw text, never a
  call, content or reasoning (openai-harmony reads on as through any list of messages).
  After ``<|call|>`` the next call is read (the form ``encode_text`` writes).
- Between messages (after ``<|end|>`` / ``<|call|>``) the next starts with ``<|start|>``;
  openai-harmony refuses anything else ("expecting start token"). Text there is content
  (a marker in it sets it apart), unless it holds a recipient word before ``<|message|>``
  or ``<|channel|>``; that text and its message, and a call header ``<|channel|>`` opens
  there with no ``<|start|>``, are an ``InvalidToolCall``, never run (``between``).
- A prompt ending ``<|channel|>analysis<|message|>`` (``prompt=``) starts the output in
  the analysis channel.

Encoding writes each call as a commentary message to ``functions.NAME`` with
``<|constrain|>json``, ending in ``<|call|>``; the first without its ``<|start|>assistant``
(the prompt has it): the form the model outputs, not the history form openai-harmony's
renderer writes (recipient in the role header); both are read. A message has no
escaping and a tokenizer reads ``<|call|>`` in text as the special token, so ``<|`` in
the arguments is written ``\\u003c|`` (the same JSON value; openai-harmony parses it back).

Sources (checked 2026-11-30; roles, recipients, ``<|return|>`` and escaping 2026-12-05; text between
messages 2026-12-06; <|call|> and bare recipients 2026-12-06): openai/harmony
``docs/format.md`` (message grammar, roles, channels, recipients, ``<|call|>``) and
openai-harmony 0.0.8's parser; vllm-project/vllm ``vllm/tool_parsers/
openai_tool_parser.py``, ``vllm/reasoning/gptoss_reasoning_parser.py`` and
``vllm/entrypoints/harmony_utils.py``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import partial

from .._errors import excerpt
from .._types import ToolCall
from ._brackets import scan
from ._core import BodyMode, Mode, TextMode, TextParser
from ._format import TextFormat
from ._kit import MISSING, args_text, body, calls_of, goto, loads
from .harmony_header import (
    CALL,
    CHANNEL,
    CONSTRAIN,
    END,
    HEADER,
    LEADS,
    MESSAGE,
    NEXT,
    RETURN,
    START,
    between,
    tool,
    turn_ended,
)

__all__ = ["FORMAT"]

NAME = "text.harmony"


def _call(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    name = tool(m.state.get("recipient", ""))
    if not complete:
        if _runs_on(text):  # whole JSON, then a header: no cut, a missing <|call|>
            m.invalid(name or None, raw, _RUN_ON.format(m.loc))
        else:
            m.truncated(name or None, raw)
        return
    tos = m.state.get("recipients", ())
    if tos is None:  # its header is none openai-harmony reads with that recipient (``_unread``)
        head = excerpt(raw[: len(raw) - len(text) - len(end)], 80)
        m.invalid(name or None, raw, f"Tool call at {m.loc} " + _UNREAD[m.state.get("unread", "")].format(head))
    elif len(tos) > 1:  # never a guess between them
        listed = ", ".join(excerpt(t, 60) for t in tos[:3]) + (", …" if len(tos) > 3 else "")
        m.invalid(None, raw, f"Tool call at {m.loc} names {len(tos)} recipients in one header ({listed})")
    elif not end and loads(text) is MISSING and _open_json(text):
        # closed by a stripped <|call|>: only whole JSON is a call (JSON that closed goes
        # through the arguments policy, which says what is wrong with it)
        m.invalid(name or None, raw, f"Tool call at {m.loc} ends where its JSON message is not complete")
    elif (START in text or CHANNEL in text) and loads(text) is MISSING:  # (in a JSON string: a call)
        m.invalid(name or None, raw, _RUN_ON.format(m.loc))
    else:
        m.call(name, text.strip() or None, raw)
    if end == RETURN:
        turn_ended(m, end)


# why a message to a tool is not read (``harmony_header._unread``)
_UNREAD = {
    "": "has a header Harmony does not read: {} (after its role and channel: the recipient, then one word at "
        "most, the content type)",
    "outside": "stands outside a message: {} follows the end of one with no <|start|> before it (Harmony does "
               "not read such output)",
    "word": "is addressed to a word holding to= that is no recipient word (to=NAME): {} (openai-harmony reads "
            "the whole word as the recipient)",
}


_RUN_ON = ("Tool call at {} runs into the next message's header with no <|call|> before it (Harmony reads "
           "that header as part of its arguments)")


def _runs_on(text: str) -> bool:
    """True when the cut-off *text* of a call holds whole JSON and then a header (a
    ``<|start|>`` or ``<|channel|>`` after it; one inside its strings is its text): the
    call ran on, whatever cut the text. One read of the JSON: linear."""
    if START not in text and CHANNEL not in text:
        return False
    start = len(text) - len(text.lstrip())
    try:
        _, end = _DECODER.raw_decode(text, start)
    except (ValueError, RecursionError):
        return False
    rest = text[end:].lstrip()
    return rest.startswith(START) or rest.startswith(CHANNEL)


_DECODER = json.JSONDecoder(strict=False)


def _open_json(text: str) -> bool:
    """True when *text* (no JSON) is empty or ends inside a string or a bracket."""
    found = scan(text)
    return bool(found.quote or found.depth > 0 or not text.strip())


# <|call|> is a stop token: served output ends right after the JSON (stop_closer); a message
# ends only at its own ends (openai-harmony: a header after it is its text)
_CALL = BodyMode(_call, ends=(CALL, END, RETURN), quotes=(('"', '"', True),), stop_closer=CALL)
_BETWEEN = TextMode("")  # text between messages: held as stray text (``between``)
_ANALYSIS = TextMode("reasoning")
_FINAL = TextMode("content")
_OUTSIDE = (START, CHANNEL, MESSAGE, END, CALL, RETURN)


class _Quoted(Mode):
    """A ``<|call|>`` that a message with no recipient quotes (text follows it): its
    text as written, no line break around it (``_called``)."""

    def __init__(self, sink: str, back: TextMode) -> None:
        self.sink, self.back = sink, back

    def step(self, m: TextParser) -> bool:
        if self.sink == "content":
            m.content.gap = False
            m.emit_content(CALL)
        else:
            m.reasoning.gap = False
            m.emit_reasoning(CALL)
        m.mode = self.back
        return True


def _called(quoted: _Quoted | None, m: TextParser, tok: str) -> None:
    """``<|call|>`` in a message with no recipient: as the last token, or before the
    next ``<|start|>``, it ends the message (openai-harmony ends any message at it, and
    engines stop there); text after it means the message quotes it (``_Quoted``)."""
    if quoted is None:  # <|call|><|start|>
        m.open_body(HEADER, START)
    elif m.final and m.pos == len(m.buf):
        m.mode = _BETWEEN
    else:
        m.mode = quoted


# inside a message only its own ends count: a <|channel|> or <|start|>user that the reasoning
# quotes is text, so is a <|call|> text follows; a next message may follow without <|end|> (llama.cpp)
_ANALYSIS.set({END: goto(_BETWEEN), NEXT: body(HEADER), CALL: partial(_called, _Quoted("reasoning", _ANALYSIS)),
               CALL + START: partial(_called, None)})
_FINAL.set({END: goto(_BETWEEN), RETURN: turn_ended, NEXT: body(HEADER),
            CALL: partial(_called, _Quoted("content", _FINAL)), CALL + START: partial(_called, None)})
_BETWEEN.set({mk: between for mk in _OUTSIDE}, text_first=_OUTSIDE)
HEADER.next = _BETWEEN
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
LEADS.call, LEADS.past, LEADS.between, LEADS.analysis, LEADS.final = _CALL, _PAST, _BETWEEN, _ANALYSIS, _FINAL


def _start(thinking: bool) -> Mode:
    return _ANALYSIS if thinking else HEADER  # a prompt ending <|channel|>analysis<|message|>


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
