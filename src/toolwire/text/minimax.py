"""``text.minimax``: MiniMax M2 / M2.1 / M2.5 ``<minimax:tool_call>`` invokes; MiniMax-M1 JSON lines;
MiniMax M3 ``]<]minimax[>[<tool_call>`` nested elements (``minimax_m3``).

Wire form (the generation prompt ends with ``]~b]ai\\n<think>\\n``, so the output
starts inside the reasoning: pass ``thinking=True``)::

    The user wants the weather.
    </think>

    <minimax:tool_call>
    <invoke name="get_weather">
    <parameter name="city">Paris</parameter>
    <parameter name="days">3</parameter>
    </invoke>
    </minimax:tool_call>

- Several ``<invoke>`` elements in one block are parallel calls; names and parameter
  names may be quoted with ``"`` or ``'`` or bare.
- Values are text (see ``_params``): typed by the tool's schema with ``tools=``;
  without, JSON of a number, boolean, null, object or array becomes that value. The
  template writes a value straight between its tags, and it is read as written: a
  first or last newline is the value's (code keeps its last line break). vLLM and
  MiniMax's tool-calling guide strip all outer whitespace of a value, then one
  newline more (docs/text-formats.md, "Values written as text").
- ``</minimax:tool_call>`` or ``</invoke>`` inside a value does not end anything; a
  value holding ``<parameter name=`` (its closing tag may be missing) makes the call an
  ``InvalidToolCall``; a block of anything else is one too, and a JSON string in it is
  its text (``<parameter name=`` there opens no value that would hide the block's
  closer; ``text.dots`` reads such JSON). In a block still open at the end of the
  text, the invokes closed before the cut are whole and the cut one is an
  ``InvalidToolCall`` (``truncated``, ``_blocks``).
- ``<minimax:tool_call>`` inside an open block begins the next block: invokes closed
  before it are whole, an open one was abandoned (an ``InvalidToolCall``); inside a
  value only when the block, read with it as text, holds an invalid call.
- MiniMax M3 writes its reasoning as ``<mm:think>…</mm:think>``, and its template
  prefills ``<mm:think>`` with ``thinking_mode="enabled"``: pass ``thinking=True`` (or
  ``prompt=``). Either closing marker ends a block either opener began; a call inside
  a closed block is reasoning text. In a block that never closes, M2's
  ``<minimax:tool_call>`` ends it (vLLM's MiniMax M2 parser): the text from there on is
  held until the end, then read as the answer; M1 and M3 calls there stay reasoning.
  In held text a closing marker inside a value (M2's ``<parameter>``, an M3 element's
  text up to its closing tag or first child) is the value's text, not the block's end.
- ``[e~[`` (the end-of-turn token, a stop token engines strip; M1's ``<end_of_sentence>``)
  is dropped when kept.
- MiniMax-M1 writes ``<tool_calls>`` then one ``{"name": …, "arguments": {…}}`` JSON
  object per line, then ``</tool_calls>``; read the same way (a line that is not a
  call object makes the block an ``InvalidToolCall``; so does ``[]``). A raw line break
  inside a string is the string's text (``control-characters``), as llama.cpp reads
  it; MiniMax's guide and vLLM split at every line break and skip what does not read.

Encoding follows the MiniMax-M2 chat template (variant ``m2``, the default):
``<minimax:tool_call>`` then one ``<invoke name="…">`` per call, each parameter on its
own line, strings as they are (no newline added around them) and other values as JSON; variant ``m1`` writes the
JSON lines; variant ``m3`` the M3 block (``minimax_m3``).

Sources (checked 2026-12-02): vllm-project/vllm ``vllm/tool_parsers/minimax_m2_tool_parser.py``,
``tests/tool_parsers/test_minimax_m2_tool_parser.py`` and
``vllm/frontend/processing/parser/minimax_m2.py`` (reasoning ends at the call, 2026-12-05); ggml-org/llama.cpp
``models/templates/unsloth-MiniMax-M2.jinja`` (the MiniMax-M2 chat template, its
generation prompt and ``[e~[``); MiniMax-AI/MiniMax-M2.5 ``docs/tool_calling_guide.md``
(same syntax as M2); vllm-project/vllm ``vllm/tool_parsers/minimax_tool_parser.py`` (M1;
its line splitting and MiniMax-AI/MiniMax-M1 ``docs/function_call_guide.md``'s, and
llama.cpp's MiniMax-M1 parser on a raw line break, checked 2026-12-06);
``vllm/frontend/processing/reasoning/minimax_m3_reasoning_parser.py`` (``MiniMaxM3ReasoningParser``,
``<mm:think>``; checked 2026-12-05).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from .._args import read_block
from .._errors import ArgumentsError
from .._repeats import first_repeat, twice
from .._types import ToolCall
from ._blocks import cut_block
from ._core import BodyMode, Mode, Parse, TextParser
from ._format import TextFormat
from ._jsoncalls import cut_json_calls
from ._kit import abandon, block_problem, body, calls_of, dumps, empty_list, name_hint, stay
from ._modes import held_think_modes
from ._param_writers import write_params
from ._params import name_after, read_calls
from .minimax_m3 import M3_CLOSE, M3_INV, M3_INV_END, M3_OPEN, NS, encode_m3, m3_name, parse_m3

__all__ = ["FORMAT"]

NAME = "text.minimax"
OPEN, CLOSE, EOT = "<minimax:tool_call>", "</minimax:tool_call>", "[e~["
INV, INV_END, P, P_END = "<invoke name=", "</invoke>", "<parameter name=", "</parameter>"
M1, M1_END, M1_EOS = "<tool_calls>", "</tool_calls>", "<end_of_sentence>"
M3_THINK, M3_THINK_END = "<mm:think>", "</mm:think>"
M3_TAG, M3_END_TAG = NS + "<", NS + "</"


def _parse(m: TextParser, text: str, end: str, complete: bool) -> None:
    tags = (INV, P, P_END, INV_END)
    if end == OPEN:  # the next block begins: invokes closed before it are whole, an open one abandoned
        raw = m.opener + text
        cut_block(m, text, raw, INV, INV_END, (CLOSE,),
                  lambda closed: read_calls(m, closed, raw, tags, "m2", strip=False),
                  lambda t: name_after(t, INV),
                  cut_off=lambda name: abandon(m, name, raw, CLOSE, opens=(OPEN,), ends=(EOT,),
                                               values=((P, P_END),)))
        _CALL.open(m, OPEN)
        return
    raw = m.opener + text + end
    if not complete:
        cut_block(m, text, raw, INV, INV_END, (CLOSE,),
                  lambda closed: read_calls(m, closed, raw, tags, "m2", cut=True, strip=False),
                  lambda t: name_after(t, INV))
        return
    read_calls(m, text, raw, tags, "m2", strip=False)


def _m3(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    if not complete:
        cut_block(m, text, raw, M3_INV, M3_INV_END, (M3_CLOSE,), lambda closed: parse_m3(m, closed, raw, cut=True),
                  m3_name, gap_content=False)
        return
    parse_m3(m, text, raw)


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


_STRICT = json.JSONDecoder(parse_constant=_no_constant)
_LOOSE = json.JSONDecoder(parse_constant=_no_constant, strict=False)  # raw control characters in strings
_NONE: tuple[str, ...] = ()


def _m1(m: TextParser, text: str, end: str, complete: bool) -> None:
    """MiniMax-M1: one JSON call object per line. A raw line break inside a string is the
    string's text, not the end of a line: the line before it would end inside a string,
    no line of the form; the object is read as the object forms read it (``read_block``,
    ``control-characters`` recorded)."""
    raw = m.opener + text + end
    if not complete:
        cut_json_calls(m, text, raw, "m1")
        return
    pos, n = 0, len(text)
    found: list[tuple[Any, tuple[str, ...], str]] = []  # (object, repairs, the key it gives twice)
    while True:
        while pos < n and text[pos].isspace():
            pos += 1
        if pos >= n:
            break
        obj: Any = None
        repairs, again = _NONE, ""
        try:
            obj, at = _STRICT.raw_decode(text, pos)
            again, pos = first_repeat(text[pos:at], obj) or "", at  # a key given twice: the call is invalid
        except ValueError as exc:
            if str(exc).startswith("Invalid control character"):
                try:
                    stop = _LOOSE.raw_decode(text, pos)[1]
                    obj, repairs = read_block(text[pos:stop], m.policy, m.loc, m.dialect)
                    pos = stop
                except ArgumentsError as err:
                    m.invalid(name_hint(text), raw, block_problem(m.loc, err.message), truncated=err.truncated)
                    return
                except (ValueError, RecursionError):
                    pass
        except RecursionError:
            pass
        if type(obj) is not dict or type(obj.get("name")) is not str:
            if found or text[pos:].strip() or not empty_list(m, obj, raw):
                error = f"Tool call block at {m.loc} holds a line that is not a JSON call object"
                m.invalid(name_hint(text), raw, error)
            return
        found.append((obj, repairs, again))
    if not found:
        m.invalid(None, raw, f"Tool call block at {m.loc} is empty")
    for obj, repairs, again in found:
        if again:
            m.invalid(obj["name"], raw, twice(m.loc, again))
        else:
            m.json_call(obj, raw, repairs=repairs, variant="m1")


class InvokeBlock(Mode):
    """A block of ``<invoke>`` elements or of one JSON object (``text.dots``; in M2's tags
    one is no call), told apart by the block's first character after whitespace: ``{``
    starts the JSON, read by ``json``, where the block's closer inside a string is text
    and so is ``<parameter name=`` (it opens no value there that would hide the closer);
    anything else is read by ``invoke``, where a value runs from ``<parameter name=`` to
    ``</parameter>`` and a closer inside it is text. One look at the block's start (the
    opener's action ``open``, or ``step`` when the text ends before that character): the
    elements' quoted names (``name="…"``) are not scanned. *again*: the block's opener,
    which ends an open block too (the model left it for the next one: ``parse`` gets it
    as the end marker)."""

    def __init__(self, parse: Parse, close: str, again: str = "") -> None:
        ends = (close, again) if again else (close,)
        self.invoke = BodyMode(parse, ends=ends, quotes=((P, P_END, False),))
        self.json = BodyMode(parse, ends=ends, quotes=(('"', '"', True),))

    def then(self, mode: Mode) -> None:
        """After the block, the machine goes to *mode*."""
        self.invoke.next = self.json.next = mode

    def open(self, m: TextParser, tok: str) -> None:
        """The action of the block's opener *tok*."""
        head = m.buf[m.pos : m.pos + 64].lstrip(_WS)  # (a longer run of whitespace: ``step``)
        m.open_body((self.json if head[0] == "{" else self.invoke) if head else self, tok)

    def step(self, m: TextParser) -> bool:
        buf, pos, n = m.buf, m.pos, len(m.buf)
        i = pos
        while i < n and buf[i] in _WS:
            i += 1
        if i > pos:  # (taken into the block's text: whitespace is read once)
            m.body.append(buf[pos:i])
            m.pos = i
        if i == n and not m.final:
            return False
        m.mode = self.json if i < n and buf[i] == "{" else self.invoke
        return True


_WS = " \t\r\n"
# <minimax:tool_call> is a special token of M2's vocabulary: where it comes in an open
# block (outside its values, or in one that runs on into the next block), the open
# invoke was abandoned and the next block begins
_CALL = InvokeBlock(_parse, CLOSE, OPEN)
_M1 = BodyMode(_m1, ends=(M1_END,), quotes=(('"', '"', True),))
# M3: an element's value runs from its tag to the next closing tag (``NS</``, after the
# first child's when it has children); a closing tag's name is quoted to its ``>``, so
# the text after ``NS</invoke>`` is not: a closing marker in a value does not end a held
# block (``_modes``). A value holds no ``NS``: ``M3_CLOSE`` always ends the region
_M3 = BodyMode(
    _m3, ends=(M3_CLOSE,), quotes=((M3_TAG, M3_END_TAG, False), (M3_END_TAG, ">", False)), hard_ends=True
)
# in an unclosed block, M2's <minimax:tool_call> ends the reasoning (vLLM's MiniMax M2 parser);
# M3's reasoning is read R1-style (its parser leaves it to MiniMaxM3ReasoningParser)
_CONTENT, _REASONING, _START = held_think_modes(
    {OPEN: _CALL.open, M1: body(_M1), M3_OPEN: body(_M3)},
    {OPEN: ""},
    content_extra={CLOSE: stay, EOT: stay, M1_END: stay, M1_EOS: stay, M3_CLOSE: stay},
    more=((M3_THINK, M3_THINK_END),),
)
_CALL.then(_CONTENT)
_M1.next = _M3.next = _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    if variant == "m3":
        return encode_m3(calls, NAME)
    if variant == "m1":
        items = [dumps({"name": c.name, "arguments": c.args}, NAME) for c in calls_of(calls, NAME)]
        return "\n".join([M1, *items, M1_END])
    return write_invokes(calls, OPEN, CLOSE, NAME, strip=False)


def write_invokes(calls: Sequence[ToolCall], open_: str, close: str, dialect: str, *, strip: bool = True) -> str:
    """MiniMax M2's ``<invoke>`` elements, one line each, between *open_* and *close*
    (``text.dots`` writes the same elements in its own block); *strip* as in
    ``write_params`` (the reader removes one newline on each side of a value)."""
    lines = [open_]
    for c in calls_of(calls, dialect):
        lines += [f'{INV}"{c.name}">', *write_params(c, (P, ">", P_END), dialect, quoted=True, strip=strip), INV_END]
    lines.append(close)
    return "\n".join(lines)


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    variants=("m2", "m1", "m3"),
    description=(
        'MiniMax M2: <minimax:tool_call><invoke name="NAME"><parameter name="KEY">value; '
        "M3: ]<]minimax[>[<tool_call> nested elements"
    ),
    reasoning_opens=("<think>", M3_THINK),
)
