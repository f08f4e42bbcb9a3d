"""``text.hunyuan``: Tencent Hunyuan — Hy3 / HY V4 ``<tool_calls><tool_call>NAME…`` and A13B JSON.

Wire forms::

    <think>reasoning</think>
    <tool_calls>
    <tool_call>get_weather<tool_sep>
    <arg_key>city</arg_key>
    <arg_value>Paris</arg_value>
    </tool_call>
    </tool_calls>                                                         Hy3 (HYV3)

    <tool_calls><tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call></tool_calls>
                                                                          HY V4 (no <tool_sep>)

    <think>reasoning</think>
    <answer>
    <tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris"}}]</tool_calls>
    </answer>                                                             Hunyuan-A13B

- After ``<tool_calls>`` a ``[`` starts the A13B JSON array; anything else is Hy3
  markup. A name ends at ``<tool_sep>`` (Hy3) or, as HY V4 writes it, at the first
  ``<arg_key>`` or ``</tool_call>``. Several ``<tool_call>`` elements (or array items) are parallel calls.
- Hy3 values are text as written (no whitespace is removed), typed by the tool's
  schema with ``tools=``; without, JSON of a number, boolean, null, object or array
  becomes that value. ``</tool_calls>`` inside a value does not end the block; a value
  holding ``<arg_value>`` (its closing tag may be missing) makes the call an
  ``InvalidToolCall``.
- ``<think>…</think>`` is reasoning, and a ``<tool_calls>`` inside it is reasoning
  text (vLLM ignores calls inside the thinking block). ``<answer>`` / ``</answer>``
  are dropped, and so are the end-of-turn stop tokens a raw decode leaves: Hy3's
  ``<｜hy_eos｜>`` (U+FF5C; ``<｜hy_eos:opensource｜>`` always, any other suffix's once
  named) and A13B's ``<|eos|>``. HY V4's thinking mode (the template's default, ``reasoning_effort``
  ``'high'``) ends the prompt with the opener (``<think:SUF>`` on the shipping
  checkpoints), so the output holds only the closer: pass ``thinking=True`` or a
  ``prompt=`` ending ``<think>`` / ``<think:SUF>``. Hy3 and A13B prompts do not open it.
- ``<tool_calls>`` inside an open Hy3 / HY V4 block begins the next block: calls closed
  before it are whole, an open one was abandoned (an ``InvalidToolCall``); inside a
  value only when the block, read with it as text, holds an invalid call.
- In a block still open at the end of the text, the calls closed before the cut are
  whole and the cut one is an ``InvalidToolCall`` (``truncated``, ``_blocks``).
- Suffixed tokens: the shipping Hy3 / HY V4 checkpoints spell every structural token
  (not ``<answer>``) with one per-checkpoint suffix, ``<tool_calls:opensource>``,
  ``<arg_key:6124c78e>``... (vLLM reads it from the tokenizer: ``token_suffix`` in
  ``tokenizer_config.json``, or the vocab). Here the first ``<think:S>``, ``</think:S>``
  or ``<tool_calls:S>`` (``S``: 1 to 64 characters, no whitespace, ``<`` or ``>``)
  names it, and from then on only the markers with that suffix count (bare or other
  spellings are text, as they are to the engine). Suffixed blocks are Hy3 / HY V4
  markup (A13B had no suffix); the suffix is kept in the calls' provider data and
  written back by ``encode``. ``suffixed(":opensource")`` is this format writing one
  checkpoint's suffix for calls of any origin (the engines know it from the tokenizer;
  a caller writing a history for that checkpoint names it).

Encoding: ``hunyuan_encode`` (variants ``hy3``, ``hy4``, ``a13b``).

Sources (checked 2026-12-02; HY V4 2026-12-09; suffixes 2026-12-04): vllm-project/vllm
``vllm/tool_parsers/hy_v3_tool_parser.py`` (``token_suffix``), ``hy_v4_tool_parser.py``
(``detect_token_suffix``) and ``tests/tool_parsers/test_hy_v4_tool_parser.py``,
``vllm/frontend/processing/reasoning/hy_v4_reasoning_parser.py`` (``HYV4ReasoningExtractor``:
the prompt opens the reasoning in thinking mode, 2026-12-05),
``hunyuan_a13b_tool_parser.py``, ``vllm/reasoning/hunyuan_a13b_reasoning_parser.py``
(``<think>\n…\n</think>\n<answer>\n…\n</answer>``);
sgl-project/sglang ``python/sglang/srt/function_call/hunyuan_detector.py``.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache, partial
from typing import NamedTuple

from .._args import read_block
from .._errors import ArgumentsError
from ._blocks import cut_block, ended
from ._core import Action, BodyMode, Mode, TextMode, TextParser
from ._format import TextFormat
from ._jsoncalls import cut_json_calls
from ._kit import MISSING, abandon, block_problem, body, content_between, empty_list, fast_block, goto, name_hint, stay
from ._params import read_pairs
from ._wrong import Wrong
from .hunyuan_encode import check_suffix, encode
from .hunyuan_tags import BARE, MAX_SUFFIX, NAME, Tags, tags

__all__ = ["FORMAT", "suffixed"]

_KEY = "hunyuan.suffix"  # TextParser.state: the suffixed marker being read
# end-of-turn stop tokens: A13B's (vLLM tool_chat_template_hunyuan_a13b.jinja) and Hy3's in
# the suffix its template writes (tencent-Hy3.jinja); each spelling also drops its own
A13B_EOS, OPENSOURCE_EOS = "<|eos|>", tags(":opensource").eos


def _xml_of(t: Tags, m: TextParser, text: str, end: str, complete: bool) -> None:
    if end == t.open:  # the next block begins: calls closed before it are whole, an open one abandoned
        raw = m.opener + text
        ends = (t.eos, OPENSOURCE_EOS, A13B_EOS)  # the stop tokens that may end the text after a call
        cut_block(m, text, raw, t.call, t.call_end, (t.close,), lambda closed: _calls(t, m, closed, raw, False),
                  lambda rest: _cut_name(t, rest), cut_off=lambda name: abandon(m, name, raw, t.close, opener=t.open,
                                                                    opens=(t.open,), ends=ends,
                                                                    values=((t.pairs[2], t.pairs[3]),)))
        m.open_body(_machine(t.sfx).calls, t.open)
        return
    raw = m.opener + text + end
    if not complete:
        cut_block(m, text, raw, t.call, t.call_end, (t.close,), lambda closed: _calls(t, m, closed, raw, True),
                  lambda rest: _cut_name(t, rest))
        return
    _calls(t, m, text, raw, False)


def _cut_name(t: Tags, text: str) -> str | None:
    """The name of the cut-off ``<tool_call>`` *text* starts with, if it ended."""
    cut, _ = _name_end(t, text, 0)
    return text[len(t.call) : cut].strip() or None if cut >= 0 else None


def _calls(t: Tags, m: TextParser, text: str, raw: str, cut: bool) -> bool:
    """The ``<tool_call>`` elements of a block; False when a malformed one ended it (an
    ``InvalidToolCall``; cut off when *cut*: the block was cut off, ``cut_block``)."""

    def bad(name: str | None, error: str) -> bool:
        return ended(m, raw, cut, name, f"Tool call at {m.loc} {error}")

    pos = text.find(t.call)
    if pos < 0:  # (a cut block is read only when a call closed in it)
        m.invalid(None, raw, f"Tool call block at {m.loc} has no {t.call}")
        return False
    if text[:pos].strip():
        m.emit_content(text[:pos])
    extra = {"suffix": t.sfx} if t.sfx else None
    while pos >= 0:
        name_end, after_name = _name_end(t, text, pos)
        if name_end < 0 or after_name == t.call:
            return bad(None, f"has no {t.sep}, {t.pairs[0]} or {t.call_end} after its name")
        name = text[pos + len(t.call) : name_end].strip()
        start = name_end + len(t.sep) if after_name == t.sep else name_end
        args, error, after = read_pairs(m, name, text, start, t.call_end, t.pairs)
        if type(error) is Wrong:  # whole markup: this call alone is invalid (``_wrong``)
            m.invalid(name, text[pos:after], f"Tool call at {m.loc} {error}")
        elif error is not None:
            return bad(name, error)
        else:
            m.call(name, args, raw, variant="hy3" if after_name == t.sep else "hy4", extra=extra)
        pos = content_between(m, text, after, t.call)
    return True


def _xml(m: TextParser, text: str, end: str, complete: bool) -> None:
    """A bare Hy3 / HY V4 block (``_xml_of`` with the bare tokens)."""
    _xml_of(BARE, m, text, end, complete)


def _name_end(t: Tags, text: str, pos: int) -> tuple[int, str]:
    """Where the name of the ``<tool_call>`` at *pos* ends, and the tag that ends it:
    ``<tool_sep>`` (Hy3), ``<arg_key>`` or ``</tool_call>`` (HY V4 writes no separator),
    or the next ``<tool_call>`` (no name end: an error); ``(-1, "")`` when none follows.
    The searches stop at this call's end, so reading a block stays linear."""
    start = pos + len(t.call)
    lim = text.find(t.call_end, start)
    best, tag = (lim, t.call_end) if lim >= 0 else (-1, "")
    lim = lim if lim >= 0 else len(text)
    for tok in (t.sep, t.pairs[0], t.call):
        i = text.find(tok, start, lim)
        if i >= 0:
            best, tag, lim = i, tok, i
    return best, tag


def _json(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    if not complete:
        cut_json_calls(m, text, raw, "a13b")
        return
    value, repairs = fast_block(m, text)
    if value is MISSING:  # other text as the policy reads it (``read_block``)
        try:
            value, repairs = read_block(text.strip(), m.policy, m.loc, m.dialect, lists=True)
        except ArgumentsError as exc:
            m.invalid(name_hint(text), raw, block_problem(m.loc, exc.message), truncated=exc.truncated)
            return
    if not value and empty_list(m, value, raw):
        return
    for item in value if type(value) is list else [value]:
        if type(item) is not dict or type(item.get("name")) is not str:
            m.invalid(None, raw, f"Tool call at {m.loc} is not an object with a \"name\" string")
            continue
        m.json_call(item, raw, repairs=repairs, variant="a13b")


class _Pick(Mode):
    """After ``<tool_calls>``: a ``[`` is the A13B JSON array, anything else Hy3 markup."""

    def step(self, m: TextParser) -> bool:
        buf, n, i = m.buf, len(m.buf), m.pos
        while i < n and buf[i].isspace():
            i += 1
        m.opener += buf[m.pos : i]  # the whitespace stays in the call's raw text
        m.pos = i
        if i == n and not m.final:
            return False
        m.open_body(_JSON if i < n and buf[i] == "[" else _BARE.xml, m.opener)
        return True


class _Machine(NamedTuple):
    content: TextMode
    reasoning: TextMode
    xml: BodyMode
    calls: Mode  # what follows the block opener


@lru_cache(maxsize=16)
def _machine(sfx: str) -> _Machine:
    """The modes of one spelling. The bare one also watches for the first suffixed
    ``<think:``, ``</think:`` or ``<tool_calls:``, which names the suffix (``_Suffix``)."""
    t = tags(sfx)
    # <tool_calls> (a special token) in an open block begins the next one: an open call in it
    # was abandoned (in a value too when the block, read with it as text, is invalid)
    xml = BodyMode(partial(_xml_of, t), ends=(t.close, t.open), quotes=((t.pairs[2], t.pairs[3], False),))
    content, reasoning = TextMode("content"), TextMode("reasoning")
    calls: Mode = _PICK if not sfx else xml
    on_content: dict[str, Action] = {t.think: goto(reasoning), t.think_end: stay, t.open: body(calls),
                                     t.close: stay, "<answer>": stay, "</answer>": stay, t.eos: stay, A13B_EOS: stay}
    on_reasoning: dict[str, Action] = {t.think_end: goto(content), t.think: stay}
    if not sfx:  # (the end of the turn in the template's own suffix, before any other token)
        on_content[OPENSOURCE_EOS] = stay
        on_content.update({"<think:": _suffixed, "</think:": _suffixed, "<tool_calls:": _suffixed})
        on_reasoning.update({"<think:": _suffixed, "</think:": _suffixed})
    content.set(on_content)
    reasoning.set(on_reasoning)
    xml.next = content
    return _Machine(content, reasoning, xml, calls)


def _suffixed(m: TextParser, tok: str) -> None:
    """Action: a marker that may be a suffixed token; ``_Suffix`` reads the rest."""
    origin = m.mode
    sink = m.reasoning if getattr(origin, "sink", "") == "reasoning" else m.content
    m.state[_KEY] = (tok, origin, sink.gap)
    m.mode = _SUFFIX


class _Suffix(Mode):
    """After ``<think:`` / ``</think:`` / ``<tool_calls:``: up to ``MAX_SUFFIX`` characters
    (no whitespace, ``<`` or ``>``) then ``>`` make a suffixed token, and the machine
    goes on in that suffix's modes; anything else was text, given back to the mode it
    came from. At most ``MAX_SUFFIX + 1`` characters are looked at, once per feed."""

    def step(self, m: TextParser) -> bool:
        tok, origin, gap = m.state[_KEY]
        buf, i = m.buf, m.pos
        n = len(buf)
        end = min(n, i + MAX_SUFFIX + 1)
        j = i
        while j < end and buf[j] != ">" and buf[j] != "<" and not buf[j].isspace():
            j += 1
        if j == n and not m.final and j - i <= MAX_SUFFIX:
            return False  # the token may still be arriving
        del m.state[_KEY]
        if j in (i, end) or buf[j] != ">":  # not a token: the text it was
            if origin.sink == "reasoning":
                m.reasoning.gap = gap
            else:
                m.content.gap = gap
            m.mode = origin
            origin.emit(m, tok)
            return True
        mc = _machine(":" + buf[i:j])
        m.pos = j + 1
        if tok == "<tool_calls:":
            m.open_body(mc.calls, tok + buf[i : j + 1])
        else:
            m.mode = mc.content if tok == "</think:" else mc.reasoning
        return True


_PICK = _Pick()
_SUFFIX = _Suffix()
_JSON = BodyMode(_json, ends=(BARE.close,), quotes=(('"', '"', True),))
_BARE = _machine("")
_JSON.next = _BARE.content


def _start(thinking: bool) -> Mode:
    return _BARE.reasoning if thinking else _BARE.content


FORMAT = TextFormat(
    name=NAME,
    start=_start,
    encode_calls=encode,
    variants=("hy3", "hy4", "a13b"),
    description="Hunyuan: Hy3 <tool_calls><tool_call>NAME<tool_sep><arg_key>… (HY V4: no <tool_sep>), A13B [json]",
    reasoning_opens=("<think>", "<think:"),  # "<think:": any suffixed spelling (_options)
)


def suffixed(suffix: str) -> TextFormat:
    """``text.hunyuan`` that writes the tokens of one checkpoint's *suffix* (``":opensource"``,
    as its tokens spell it) for calls of any origin; it reads as ``FORMAT`` does.
    ``encode_text(calls, suffixed(":opensource"))``; an ``EncodeError`` for a suffix no
    token can have."""
    check_suffix(suffix, empty=False)
    return replace(FORMAT, encode_calls=partial(encode, suffix=suffix))
