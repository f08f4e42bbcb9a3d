"""``text.kimi``: Kimi K2 / K2.5 / K2.6 tool-call sections, Kimi K3 XTML tools channel.

Wire form::

    <think>reasoning</think>text
    <|tool_calls_section_begin|>
    <|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|>
    <|tool_call_begin|>functions.get_time:1<|tool_call_argument_begin|>{}<|tool_call_end|>
    <|tool_calls_section_end|>

- The text between ``<|tool_call_begin|>`` and ``<|tool_call_argument_begin|>`` is the
  call's id (kept verbatim as ``ToolCall.id``); the name is that id without the
  ``functions.`` prefix and the ``:IDX`` suffix. The singular spelling
  ``<|tool_call_section_begin|>`` is read too.
- A header that is not ``functions.NAME:IDX`` (``functions.invalid.0``) is an
  ``InvalidToolCall`` (vLLM drops the call).
- ``<|tool_call_begin|>`` inside a call still open (outside its JSON strings, or in
  one that runs on into the next call) begins another call: the open one was
  abandoned, an ``InvalidToolCall`` (vLLM's parser never lets arguments span that
  token); in a string of a whole call it is the string's text.
- ``<think>…</think>`` is reasoning (K2-Thinking, K2.5, K2.6) whatever it holds:
  ``</think>`` splits it off first. As in vLLM's Kimi K2 reasoning parser, a section
  start inside a block that never closes ends it: the text from there on is held
  until the end (``_modes.held_think_modes``), then read as the answer. A prompt
  ending ``<think>`` (``prompt=``) starts the output in the reasoning.
- Kimi K3 (XTML, ``<|open|>``, ``<|sep|>``, ``<|close|>`` special tokens)::

      <|open|>response<|sep|>Let me check.<|close|>response<|sep|>
      <|open|>tools<|sep|><|open|>call tool="get_weather" index="1"<|sep|>
      <|open|>argument key="city" type="string"<|sep|>Paris<|close|>argument<|sep|>
      <|open|>argument key="days" type="number"<|sep|>3<|close|>argument<|sep|>
      <|close|>call<|sep|><|open|>call tool="get_time" index="2"<|sep|>
      <|open|>json type="object"<|sep|>{"tz": "UTC"}<|close|>json<|sep|>
      <|close|>call<|sep|><|close|>tools<|sep|>

  ``type="string"`` values are raw text, other types JSON; attribute values are
  ``&amp;`` / ``&quot;`` escaped. A ``json`` element (the K3 template writes it when a
  call's arguments are a string, the OpenAI shape, or a kept ``_xtml_json_block``)
  holds the arguments as one JSON object, read by the arguments policy (``raw`` kept);
  a body that is no object is an ``InvalidToolCall``. The ``response`` channel's
  markers are dropped, its text is content. K3 calls carry no id. The ``think`` channel
  (``<|open|>think<|sep|>…<|close|>think<|sep|>``) is reasoning, as ``<think>`` is;
  in thinking mode the generation prefix holds its opener (``thinking=True``, or a
  ``prompt=`` ending ``<|open|>think<|sep|>``) and only the closer appears. A
  ``<|open|>tools<|sep|>`` inside an open channel begins the next one: calls closed
  before it are whole, an open one was abandoned (an ``InvalidToolCall``); inside a
  value only when the channel, read with it as text, holds an invalid call.
- Markers inside JSON strings do not close anything; a call still open at the end of
  the text is an ``InvalidToolCall`` (``truncated=True``). A section that closes with
  no call in it (``<|tool_calls_section_begin|><|tool_calls_section_end|>``) is an
  ``InvalidToolCall`` ("holds no calls"), and one the text ends in with no call a
  nameless cut-off call, never nothing (llama.cpp and vLLM read the text before it
  as the answer).

Encoding follows the Kimi K2 chat template (variant ``k2``, the default): the id is
written as it is when it has the ``functions.NAME:IDX`` form for that name, else
``functions.NAME:IDX`` with IDX the call's position (the template needs that form; the
other id is not kept). That is the first K2 template's count (``loop.index0``, per
message); the 0905 / Thinking templates count across the conversation
(``tool_call_counter``): number foreign calls of later turns before encoding. Variant
``k3`` writes the K3 tools channel as the K3 template does: ``xtml_type`` (an int is
``type="number"``), non-string values ``| tojson`` (``", "`` / ``": "``), and a call
read from a ``json`` element as a ``json`` element again (its text as received).

Sources (checked 2026-11-30): vllm-project/vllm ``vllm/tool_parsers/kimi_k2_tool_parser.py``
, ``kimi_k3_tool_parser.py`` (K3 XTML), ``vllm/reasoning/kimi_k2_reasoning_parser.py`` and
``vllm/frontend/processing/reasoning/kimi_k3_reasoning_parser.py`` (K3 think channel, checked
2026-12-05); ggml-org/llama.cpp ``models/templates/Kimi-K3.jinja`` (``render_assistant``,
``xtml_type``; 2026-12-05 at 181a4a8fb1af6142a7bf611dddd36fe34a3de3fe); moonshotai/Kimi-K2-Instruct
``docs/tool_call_guidance.md`` and ``chat_template.jinja``; toolwire
``reference/wire-formats.md`` §10.5.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import partial
from typing import Any

from .._types import ToolCall
from ._blocks import cut_block, ended
from ._core import BodyMode, TextMode, TextParser
from ._format import TextFormat
from ._kit import (
    ATTR,
    abandon,
    abandoned,
    args_text,
    body,
    calls_of,
    content_between,
    dumps,
    empty_closed,
    empty_cut,
    forbid,
    forbid_key,
    goto,
    stay,
)
from ._modes import held_think_modes, set_section
from ._params import read_params
from ._wrong import Wrong

__all__ = ["FORMAT"]

NAME = "text.kimi"
SECTION, SECTION_END = "<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"
SECTION1, SECTION1_END = "<|tool_call_section_begin|>", "<|tool_call_section_end|>"
CALL, ARG, CALL_END = "<|tool_call_begin|>", "<|tool_call_argument_begin|>", "<|tool_call_end|>"
_ID = re.compile(r"(?:functions\.)?(.+):(\d+)")
# Kimi K3 (XTML): <|open|>, <|sep|>, <|close|> are special tokens
OPEN, SEP, CLOSE = "<|open|>", "<|sep|>", "<|close|>"
K3_TOOLS, K3_TOOLS_END = f"{OPEN}tools{SEP}", f"{CLOSE}tools{SEP}"
K3_THINK, K3_THINK_END = f"{OPEN}think{SEP}", f"{CLOSE}think{SEP}"
K3_RESPONSE, K3_RESPONSE_END, K3_MESSAGE_END = f"{OPEN}response{SEP}", f"{CLOSE}response{SEP}", f"{CLOSE}message{SEP}"
K3_CALL, K3_CALL_END = f"{OPEN}call", f"{CLOSE}call{SEP}"
K3_ARG, K3_ARG_END = f"{OPEN}argument", f"{CLOSE}argument{SEP}"
K3_JSON, K3_JSON_END = f"{OPEN}json", f"{CLOSE}json{SEP}"
_K3_ARGS = "arguments"  # provider data: "json" when the call's arguments came as a json element


def _name(header: str) -> str:
    hit = _ID.fullmatch(header)
    if hit is not None:
        return hit.group(1)
    return header[len("functions.") :] if header.startswith("functions.") else header


def _parse(m: TextParser, text: str, end: str, complete: bool) -> None:
    if end == CALL:  # a new call begins: this one was abandoned (the marker is the next call's)
        header = text.partition(ARG)[0].strip()
        abandoned(m, _CALL, _name(header), text, CALL_END, id=header or None, opens=(CALL, SECTION, SECTION1),
                  ends=(SECTION_END, SECTION1_END, "<|im_end|>"), values=(('"', '"'),))
        return
    raw = m.opener + text + end
    if end in (SECTION_END, SECTION1_END):
        m.mode = _CONTENT
    header, sep, args = text.partition(ARG)
    header = header.strip()
    if not complete:
        m.truncated(_name(header) or None, raw, id=header or None)
        return
    if not sep:
        m.invalid(
            _name(header) or None,
            raw,
            f"Tool call at {m.loc} has no <|tool_call_argument_begin|>",
            id=header or None,
        )
        return
    if _ID.fullmatch(header) is None:  # vLLM drops such a call (kimi_k2 tool parser, `.+:\d+`)
        why = f"Tool call at {m.loc} has {header!r} where functions.NAME:IDX should be"
        m.invalid(_name(header), raw, why, id=header or None)
        return
    m.call(_name(header), args.strip() or None, raw, id=header or None)


def _attrs(head: str) -> dict[str, str]:
    """K3 attributes (``tool="f" index="1"``), unescaped as the template escaped them."""
    return {k: v.replace("&quot;", '"').replace("&amp;", "&") for k, v in ATTR.findall(head)}


def _k3(m: TextParser, text: str, end: str, complete: bool) -> None:
    """A K3 ``tools`` channel: ``call`` blocks of ``argument`` blocks."""
    if end == K3_TOOLS:  # the next channel begins: calls closed before it are whole, an open one abandoned
        raw = m.opener + text
        cut_block(m, text, raw, K3_CALL, K3_CALL_END, (K3_TOOLS_END,), lambda closed: _k3_calls(m, closed, raw, False),
                  _k3_name, cut_off=lambda name: abandon(m, name, raw, K3_TOOLS_END, opens=(K3_TOOLS,),
                                                              ends=(K3_MESSAGE_END, "<|end_of_msg|>", "<|im_end|>"),
                                                              values=((K3_ARG, K3_ARG_END), (K3_JSON, K3_JSON_END))))
        m.open_body(_K3, K3_TOOLS)
        return
    raw = m.opener + text + end
    if not complete:
        cut_block(m, text, raw, K3_CALL, K3_CALL_END, (K3_TOOLS_END,), lambda closed: _k3_calls(m, closed, raw, True),
                  _k3_name)
        return
    _k3_calls(m, text, raw, False)


def _k3_name(text: str) -> str | None:
    """The tool of the cut-off ``call`` *text* starts with, if its head ended."""
    sep = text.find(SEP)
    return _attrs(text[:sep]).get("tool") if sep >= 0 else None


def _k3_calls(m: TextParser, text: str, raw: str, cut: bool) -> bool:
    """The ``call`` blocks of a channel; False when a malformed one ended it (an
    ``InvalidToolCall``; cut off when *cut*: the channel was cut off, ``cut_block``)."""

    def bad(name: str | None, error: str) -> bool:
        return ended(m, raw, cut, name, f"Kimi K3 call at {m.loc} {error}")

    pos = text.find(K3_CALL)
    if pos < 0:  # (a cut channel is read only when a call closed in it)
        m.invalid(None, raw, f"Kimi K3 tools channel at {m.loc} has no call")
        return False
    if text[:pos].strip():
        m.emit_content(text[:pos])
    while pos >= 0:
        sep = text.find(SEP, pos)
        if sep < 0:
            return bad(None, "is not closed")
        name = _attrs(text[pos:sep]).get("tool", "")
        start = sep + len(SEP)
        while start < len(text) and text[start].isspace():
            start += 1
        if text.startswith(K3_JSON, start):  # the arguments as one JSON object
            body_text, error, after = _k3_json(text, start)
        else:
            args, error, after = read_params(
                m, name, text, sep + len(SEP), K3_ARG, K3_ARG_END, K3_CALL_END, _k3_head, head_end=SEP, strip=False,
                slips=False,  # K3 escapes its attributes (&quot;): any name can be written
            )
        if error is None and after < 0:
            error = "is not closed"
        if type(error) is Wrong:  # whole markup: this call alone is invalid (``_wrong``)
            m.invalid(name, text[pos:after], f"Kimi K3 call at {m.loc} {error}")
        elif error is not None:
            return bad(name, error)
        elif text.startswith(K3_JSON, start):
            m.call(name, body_text, raw, variant="k3", extra={_K3_ARGS: "json"})
        else:
            m.call(name, args, raw, variant="k3")
        pos = content_between(m, text, after, K3_CALL)
    return True


def _k3_json(text: str, pos: int) -> tuple[str, str | None, int]:
    """The ``<|open|>json type="object"<|sep|>{…}<|close|>json<|sep|>`` element at *pos*
    (the K3 template writes a call's arguments so when they are a string or a kept
    ``_xtml_json_block``): its JSON text, an error or ``None``, and where the call
    ended (after ``<|close|>call<|sep|>``; ``-1``: it did not)."""
    sep = text.find(SEP, pos)
    if sep < 0:
        return "", "has a json element without <|sep|>", len(text)
    kind = _attrs(text[pos + len(K3_JSON) : sep]).get("type", "object")
    if kind != "object":
        return "", f"has a json element of type {kind!r}, not 'object'", len(text)
    end = text.find(K3_JSON_END, sep + len(SEP))
    if end < 0:
        return "", f"has a json element without {K3_JSON_END}", len(text)
    after = end + len(K3_JSON_END)
    stop = text.find(K3_CALL_END, after)
    if text[after : stop if stop >= 0 else len(text)].strip():
        return "", "has text outside its parameters", len(text)
    return text[sep + len(SEP) : end], None, stop + len(K3_CALL_END) if stop >= 0 else -1


def _k3_head(head: str) -> tuple[str, bool | None]:
    """An argument's ``key="…" type="…"``: the key, and whether the value is text
    (``type="string"``, the default) or JSON (text when it is not JSON)."""
    at = _attrs(head)
    return at.get("key", ""), at.get("type", "string") == "string"


# <|tool_call_begin|> is a special token: where it comes inside an open call (outside its
# JSON strings, or inside one that runs on into the next call), that call was abandoned and
# another begins (vLLM's Kimi K2 parser never lets arguments span it)
_CALL = BodyMode(_parse, ends=(CALL_END, SECTION_END, SECTION1_END, CALL), quotes=(('"', '"', True),))
# K3's <|open|>tools<|sep|> (special tokens) in an open channel begins the next one: an open
# call in it was abandoned (in a value too when the channel, read with it as text, is invalid)
_K3 = BodyMode(_k3, ends=(K3_TOOLS_END, K3_TOOLS), quotes=((K3_ARG, K3_ARG_END, False), (K3_JSON, K3_JSON_END, False)))
_SECTION = TextMode("")
# a section with no call in it yet, per opener: closed (or ended in) so, an InvalidToolCall
_EMPTY, _EMPTY1 = TextMode(""), TextMode("")
_EMPTY.at_end, _EMPTY1.at_end = partial(empty_cut, SECTION), partial(empty_cut, SECTION1)
# in an unclosed <think>, a section start ends the reasoning (vLLM's Kimi K2 parser)
_CONTENT, _REASONING, _START = held_think_modes(
    {SECTION: goto(_EMPTY), SECTION1: goto(_EMPTY1), CALL: body(_CALL), K3_TOOLS: body(_K3)},
    {SECTION: "", SECTION1: ""},
    content_extra={
        SECTION_END: stay, SECTION1_END: stay, CALL_END: stay,
        # K3's response channel is the answer: its markers go, its text stays
        K3_RESPONSE: stay, K3_RESPONSE_END: stay, K3_MESSAGE_END: stay, K3_TOOLS_END: stay,
        "<|im_end|>": stay,  # the end of the turn, a stop token
        "<|end_of_msg|>": stay,  # K3's end of a message (Kimi-K3.jinja), a stop token
    },
    more=((K3_THINK, K3_THINK_END),),  # K3's think channel (vLLM's Kimi K3 reasoning parser)
)
set_section(_SECTION, _CONTENT, {CALL: body(_CALL), SECTION_END: goto(_CONTENT), SECTION1_END: goto(_CONTENT)})
for _empty, _opener in ((_EMPTY, SECTION), (_EMPTY1, SECTION1)):
    _close = partial(empty_closed, _opener, _CONTENT)
    set_section(_empty, _CONTENT, {CALL: body(_CALL), SECTION_END: _close, SECTION1_END: _close})
_CALL.next = _SECTION
_K3.next = _CONTENT


def _esc(v: str) -> str:
    return v.replace("&", "&amp;").replace('"', "&quot;")


def _encode_k3(calls: list[ToolCall]) -> str:
    out = [K3_TOOLS]
    for i, c in enumerate(calls):
        out.append(f'{K3_CALL} tool="{_esc(c.name)}" index="{i + 1}"{SEP}')
        data = c.provider_data.get(NAME) if type(c.provider_data) is dict else None
        if type(data) is dict and data.get(_K3_ARGS) == "json":  # read from a json element: written back so
            text = forbid(args_text(c, NAME), (K3_JSON_END,), "Arguments", NAME, "$.args")
            out.append(f'{K3_JSON} type="object"{SEP}{text}{K3_JSON_END}{K3_CALL_END}')
            continue
        for k, v in c.args.items():
            forbid_key(k, (SEP,), "Parameter name", NAME)  # (the argument's head ends at the first <|sep|>)
            is_str = type(v) is str
            text = v if is_str else dumps(v, NAME)  # the template's ``tojson`` (", ", ": ")
            forbid(text, (K3_ARG_END, K3_ARG), "Value", NAME, "$.args", k)
            kind = "string" if is_str else _k3_type(v)
            out.append(f'{K3_ARG} key="{_esc(k)}" type="{kind}"{SEP}{text}{K3_ARG_END}')
        out.append(K3_CALL_END)
    out.append(K3_TOOLS_END)
    return "".join(out)


def _k3_type(v: Any) -> str:
    """The K3 template's ``xtml_type``: ``boolean``, ``null``, ``number`` (an int too),
    ``string``, ``object`` or ``array``."""
    if type(v) is bool:
        return "boolean"
    if type(v) is int or type(v) is float:
        return "number"
    if v is None:
        return "null"
    return "array" if type(v) is list else "object"


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    if variant == "k3":
        return _encode_k3(calls_of(calls, NAME))
    out = [SECTION]
    todo = calls_of(calls, NAME)
    kept = [c.id if c.id is not None and _name(c.id) == c.name and _ID.fullmatch(c.id) is not None
            and "<|" not in c.id else None for c in todo]
    used = {k for k in kept if k is not None}
    nxt: dict[str, int] = {}  # per name, the next index to try: made ids only go up (linear)
    for i, c in enumerate(todo):
        cid = kept[i]
        if cid is None:  # made: ``functions.{name}:{position}``, or the next index no kept id has
            n = max(i, nxt.get(c.name, 0))
            while f"functions.{c.name}:{n}" in used:
                n += 1
            nxt[c.name] = n + 1
            cid = f"functions.{c.name}:{n}"
            used.add(cid)
        out.append(f"{CALL}{cid}{ARG}{args_text(c, NAME)}{CALL_END}")
    out.append(SECTION_END)
    return "".join(out)


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    variants=("k2", "k3"),
    description="Kimi K2: <|tool_calls_section_begin|> … functions.NAME:IDX … {json}",
    reasoning_opens=("<think>", K3_THINK),
)
