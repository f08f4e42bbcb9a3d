"""The message headers of ``text.harmony`` (``harmony.py``): which message a header
opens, read as openai-harmony's parser reads it.

- A message with a recipient (``to=…`` in the header, before or after the channel) is
  a tool call: the name is the recipient without ``functions.`` (built-in tools keep
  their own, e.g. ``browser.search``), the arguments are the message's JSON. A
  recipient is a word that starts with ``to=`` (as openai-harmony splits the header:
  ``?to=fr`` in prose is none), in every header alike; ``to=`` with no name after it
  is the empty recipient openai-harmony reads: a nameless ``InvalidToolCall``. So is a
  header whose one word besides markers and header words holds ``to=`` inside it
  (``<|channel|>commentary ?to=functions.f``: openai-harmony reads the whole word as
  the recipient), and a call header after a message's end with no ``<|start|>``.
- ``analysis`` messages are reasoning; ``final`` messages and ``commentary``
  messages without a recipient (preambles) are content.
- The recipient may sit in the role header (``<|start|>assistant to=functions.x``;
  in the first message `` to=functions.x`` right after the prompt's role, with or
  without a channel) or the channel header, on any channel (``analysis`` too);
  ``<|constrain|>`` comes with or without a space before it, and the content type may
  be missing. The header is read as openai-harmony's parser reads it
  (``_read_recipient``): the content type comes after the recipient; a header it
  refuses (``<|channel|>commentary json to=functions.f``, the recipient twice, words
  before the first header: ``Sure. to=functions.f``) or reads with another recipient
  (``<|channel|>to=functions.f``) makes an ``InvalidToolCall`` keeping the text.
- Text with no Harmony marker at all is content, whatever its words (it is only known
  at the end of the text, so a streaming parser gives it at ``close()``); so is a
  "header" holding words that are no roles, channels, recipients or content type, and
  its message, set apart by a newline (reasoning on the ``analysis`` channel), unless it
  holds a recipient: openai-harmony reads one word after the recipient as the content
  type (a call) and refuses more, so its message is an ``InvalidToolCall`` that keeps
  the text (so is `` to=functions.f foo bar<|message|>`` at the start, and a call
  header with two content types, ``to=functions.f json json``). Text
  before the first ``<|channel|>`` / ``<|start|>`` that is not a role or recipient is
  content, and the header after it is read as usual, unless it has a recipient.
- A ``<|start|>`` naming another role (``user``, ``system``, ``developer``, a tool's
  ``functions.x to=assistant``): the output ran past the assistant's turn; that
  message and the rest of the text are one ``InvalidToolCall``'s raw text, never a
  call, content or reasoning (vLLM's ``harmony_utils.parse_output_message`` leaves
  messages not by the assistant out).

Sources (checked 2026-11-30; roles and recipients 2026-12-05, word order 2026-12-06): openai/harmony
``docs/format.md`` (message grammar, roles, channels, recipients) and openai-harmony
0.0.8's parser (``parse_header_from_tokens``); vllm-project/vllm
``vllm/entrypoints/harmony_utils.py``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ._callname import is_name
from ._core import BodyMode, Mode

if TYPE_CHECKING:
    from ._core import TextParser

__all__ = [
    "CALL", "CHANNEL", "CONSTRAIN", "END", "HEADER", "LEADS", "MESSAGE", "NEXT", "RETURN", "START", "between",
    "tool", "turn_ended",
]

START, CHANNEL, MESSAGE, CONSTRAIN = "<|start|>", "<|channel|>", "<|message|>", "<|constrain|>"
END, CALL, RETURN = "<|end|>", "<|call|>", "<|return|>"
NEXT = START + "assistant"
# a recipient: a word that starts with "to=" (openai-harmony splits the header on whitespace and
# strips "to=" from a word's start; a marker sets words apart too: "<|channel|>to=functions.f"
# is one the model meant); "?to=fr" in prose is none. "to=" alone is the recipient "". (The
# literal first, what comes before it checked after: a fast search for "to=")
_TO = re.compile(r"to=(?<![^\s>]to=)(?<![^|]>to=)([^\s<]*)")
_CHANNEL = re.compile(re.escape(CHANNEL) + r"\s*([^\s<]+)")
_ROLE = re.compile(r"[^\s<]*")
_VALUE = re.compile(r"[^\s<]+")  # a channel's value (openai-harmony: up to whitespace or "<")
_WORDS = re.compile(r"[^ \t\n\f\r]+")  # (Rust's split_ascii_whitespace)
_AFTER_ROLE = frozenset(("", "<", " ", "\n"))  # "<|start|>assistant" then one of these: the assistant
# the markers a cut-off header may end with part of
_PARTS = frozenset(mk[:i] for mk in (START, CHANNEL, MESSAGE, CONSTRAIN, END, CALL, RETURN) for i in range(1, len(mk)))


class Leads:
    """The modes a header leads to, set by ``harmony.py``, which defines them."""

    call: Mode  # a message to a recipient (a call region)
    past: Mode  # the text past the assistant's turn
    between: Mode
    analysis: Mode
    final: Mode


LEADS = Leads()


def turn_ended(m: TextParser, tok: str) -> None:
    """``<|return|>``: the rest of the text is past the assistant's turn."""
    m.open_body(LEADS.past, "")
    m.state["role"] = ""


def _header(m: TextParser, text: str, end: str, complete: bool) -> None:
    full = m.opener + text
    outside = m.opener == CHANNEL and m.state.pop("outside", False)  # no <|start|> since a message ended
    if full.startswith(START):
        if not full.startswith(NEXT) or full[len(NEXT) : len(NEXT) + 1] not in _AFTER_ROLE:
            hit = _ROLE.match(full, len(START))
            role = hit.group() if hit else ""
            if role and role != "assistant":  # another author: the output ran past the assistant's turn
                m.open_body(LEADS.past, full + end)
                m.state["role"] = role
                return
    elif not m.opener and CHANNEL not in full:  # the start of the output, no <|channel|>
        _role_header(m, full, end)
        return
    if not complete or end != MESSAGE:  # no <|message|>: not a header that can be read
        if end in (START, CHANNEL):
            m.open_body(HEADER, end)
        elif end == RETURN:
            turn_ended(m, end)
        elif end:
            m.mode = LEADS.between
        tos = _recipients(full)
        if tos and not complete:
            m.truncated(_name(tos), full + end)
        elif tos:
            m.invalid(_name(tos), full + end, f"Tool call at {m.loc} has no <|message|>")
        elif _header_words(full, cut=not end) < 0:  # text that is not a header (a word cut at the end may be)
            m.emit_content(full)
            m.brk("content")
        return
    tos = _recipients(full)
    if tos:  # the model addressed a tool (the words before <|channel|> are the header's too)
        if outside:  # openai-harmony refuses the output ("expecting start token")
            _unread(m, full, end, "outside")
        else:
            _addressed(m, full, end, tos)
        return
    if _to_inside(full):  # a message to the word openai-harmony reads as the recipient
        _unread(m, full, end, "word")
        return
    first = min((i for i in (full.find(CHANNEL), full.find(START)) if i >= 0), default=-1)
    if first > 0 and _header_words(full[:first]) < 0:
        # text before the header (only a role or recipient may stand there) is content
        m.emit_content(full[:first])
        m.brk("content")
        full = full[first:]
    if _header_words(full, 1) < 0:
        # not a header: the text is kept with its message, set apart by a newline; on the
        # analysis channel both are reasoning
        ch = _CHANNEL.search(full)
        if ch and ch.group(1) == "analysis":
            m.emit_reasoning(full)
            m.brk("reasoning")
            m.mode = LEADS.analysis
        else:
            m.emit_content(full)
            m.brk("content")
            m.mode = LEADS.final
        return
    ch = _CHANNEL.search(full)  # a message with no recipient
    m.mode = LEADS.analysis if ch and ch.group(1) == "analysis" else LEADS.final


def _unread(m: TextParser, head: str, end: str, why: str = "") -> None:
    """The message after *head*, a header with a recipient that openai-harmony refuses or
    reads otherwise (``_addressed``; *why*: ``outside`` a message, ``between``; to a
    ``word`` holding ``to=``, ``_to_inside``): the model addressed a tool, so its message
    is an ``InvalidToolCall``."""
    tos = _recipients(head)
    m.open_body(LEADS.call, head + end)
    m.state["recipient"] = tos[0] if len(tos) == 1 else ""
    m.state["recipients"] = None  # (no list: the call is not read)
    m.state["unread"] = why


def between(m: TextParser, tok: str) -> None:
    """A marker after text between messages (after ``<|end|>`` / ``<|call|>``, with no
    ``<|start|>``), which the mode holds as stray text: openai-harmony refuses such
    output ("expecting start token"). Text holding a recipient (or one word holding
    ``to=``, ``_to_inside``) then ``<|message|>`` or ``<|channel|>`` addressed a tool:
    it and its message are an ``InvalidToolCall``, never run; other text is content,
    and the marker sets it apart. So is a call in a header ``<|channel|>`` opens there
    (no ``<|start|>``: ``_header``)."""
    text = m.stray.join() if m.stray else ""
    if text:
        m.stray.reset()
        if tok in (MESSAGE, CHANNEL) and (_TO.search(text) or _to_inside(text)):
            _unread(m, text, tok, "outside")
            return
        m.emit_content(text)
    m.brk("content")
    if tok in (START, CHANNEL):
        m.open_body(HEADER, tok)
        m.state["outside"] = tok == CHANNEL  # a header with no <|start|>: a call in it is not run
    elif tok == RETURN:
        turn_ended(m, tok)


def _addressed(m: TextParser, head: str, end: str, tos: list[str]) -> None:
    """The message after *head*, a header with recipients *tos*: a call when
    openai-harmony reads the header with that recipient (``_read_recipient``) and it
    holds one word at most besides its role, channel and recipient, a name (the content
    type: ``json``, ``code``, any word; ``"x"`` is none); else an ``InvalidToolCall``.
    Two different recipients are one too (``_call`` names them)."""
    if len(tos) == 1 and _read_recipient(head) != tos[0]:
        _unread(m, head, end)
        return
    m.open_body(LEADS.call, head + end)
    m.state["recipient"] = tos[0] if len(tos) == 1 else ""
    m.state["recipients"] = tos


def _read_recipient(head: str) -> str | None:
    """The recipient openai-harmony 0.0.8's parser (``parse_header_from_tokens``) reads
    in *head* (a header of the assistant) from a ``to=`` word, else None. It takes the
    first ``<|channel|>`` and its value out (refusing an empty one), splits the rest on
    whitespace (``<|constrain|>`` starts a word) and drops the role, ``assistant``; of
    the words left the last is the recipient when it is ``to=…``, else the content type
    with the recipient the one word before it; a word more is "unexpected tokens
    remaining in message header". So ``<|channel|>commentary json to=functions.f`` and
    ``to=functions.f json json`` are refused, ``<|channel|>to=functions.f`` has none.
    Also None when the channel and the content type are both no header words, or one
    is no name (``to=functions.f "x"``): a garbled header, never run."""
    if len(head) > 512:  # a header is a few words
        return None
    channel = ""
    i = head.find(CHANNEL)
    if i >= 0:
        value = _VALUE.match(head, i + len(CHANNEL))
        if value is None:
            return None
        channel = value.group()
        head = head[:i] + head[value.end() :]
    words: list[str] = _WORDS.findall(head.replace(CONSTRAIN, " " + CONSTRAIN))
    if words and (words[0] == NEXT or words[0] == "assistant"):  # (NEXT: the caller checked the role)
        del words[0]
    if len(words) == 2 and not words[1].startswith("to="):
        kind = words[1].removeprefix(CONSTRAIN)  # the content type
    elif len(words) == 1:
        kind = ""
    else:
        return None
    if not words[0].startswith("to="):
        return None
    odd = channel if channel and channel not in _HEADER_WORDS else ""
    if kind and kind not in _HEADER_WORDS:
        if odd:
            return None
        odd = kind
    if odd and not is_name(odd):
        return None
    return words[0][3:]


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
    if end == MESSAGE and _TO.search(full):  # the role header went on with a recipient word
        _addressed(m, full, end, _recipients(full))  # (words before it: a header openai-harmony refuses)
        return
    if end == MESSAGE and _to_inside(full):  # (" ?to=functions.f<|message|>")
        _unread(m, full, end, "word")
        return
    count = _header_words(words, cut=not end)
    tos = _recipients(words) if count >= 0 else []
    if end == START:
        m.open_body(HEADER, end)
    elif end == RETURN:
        turn_ended(m, end)
    elif end:
        m.mode = LEADS.final if end == MESSAGE else LEADS.between
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


def _to_inside(head: str) -> bool:
    """Whether *head*, a header with no recipient word, holds one word besides Harmony's
    markers and header words, and that word holds ``to=`` (``?to=functions.f``):
    openai-harmony reads that one word as the recipient (vLLM's Responses API makes an
    MCP call of it), so the model addressed something, and its message is never content
    (two words or more are prose: ``Can you translate it?to=fr``)."""
    if "to=" not in head or len(head) > 512:
        return False
    for mk in (START, CHANNEL, CONSTRAIN):
        head = head.replace(mk, " ")
    odd = [w for w in head.split() if w not in _HEADER_WORDS]
    return len(odd) == 1 and "to=" in odd[0]


def _name(recipients: list[str]) -> str | None:
    return tool(recipients[0]) if len(recipients) == 1 else None  # two: no guess between them


def tool(recipient: str) -> str:
    return recipient[len("functions.") :] if recipient.startswith("functions.") else recipient


# a header, up to <|message|> (or a marker that shows it is none); a plain BodyMode (a Mode
# subclass of its own costs every reply: the machine's calls to step stop being monomorphic)
HEADER = BodyMode(_header, ends=(MESSAGE, START, END, CALL, RETURN))
