"""``text.deepseek``: DeepSeek V3, V3.1 special-token calls and V3.2 / V4 / V4.1 DSML calls.

Wire forms (``｜`` is U+FF5C, ``▁`` is U+2581)::

    <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME
    ```json
    {"city": "Paris"}
    ```<｜tool▁call▁end｜><｜tool▁calls▁end｜>                                   V3 / R1
    <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{"city": "Paris"}
    <｜tool▁call▁end｜><｜tool▁calls▁end｜>                                   V3.1 (one line)
    <｜DSML｜function_calls>
    <｜DSML｜invoke name="NAME">
    <｜DSML｜parameter name="city" string="true">Paris</｜DSML｜parameter>
    <｜DSML｜parameter name="days" string="false">3</｜DSML｜parameter>
    </｜DSML｜invoke>
    </｜DSML｜function_calls>                                                  V3.2 (V4: tool_calls)

- V4.1 writes ``<｜DSML｜ calls>`` and every DSML tag name after a space
  (``<｜DSML｜ invoke …>``, ``</｜DSML｜ parameter>``).
- DSML values with ``string="true"`` are text as written; ``string="false"`` values
  are JSON. With ``tools=`` the tool's schema decides where the flag is wrong for it
  (a string parameter keeps ``02139``; an integer one reads ``"5"`` as 5), but a
  ``string="true"`` value stays text for a union that allows a string (``str | None``
  keeps ``null``: the V3.2 / V4 templates flag exactly the string values); a
  ``string="false"`` JSON string is read as JSON first (``"hello"`` is ``hello``, as
  vLLM's DSML converter and the official decoder read it).
- An ``invoke`` with no parameters may hold a JSON object (SGLang's "direct JSON"
  form): those are its arguments. ``<｜DSML｜invoke name="f"/>`` is a call without
  arguments. A value holding a DSML parameter tag (its closing tag is missing) makes
  the call an ``InvalidToolCall``.
- ``<think>…</think>`` is reasoning whatever it holds (``</think>`` splits it off
  first, as vLLM's R1 parser does). V3.1+ thinking mode opens ``<think>`` in the
  prompt: pass ``thinking=True`` so the output starts inside the reasoning. In a block
  that never closes, V4's ``<｜DSML｜tool_calls>`` and V4.1's ``<｜DSML｜ calls>`` end it
  (vLLM's ``DeepSeekV4Parser`` / ``DeepSeekV41Parser``): the text from there on is
  held until the end, then read as the answer; every other call marker there is
  reasoning text. (vLLM's V4 parser takes a DSML block inside a *closed* block as a
  call too; toolwire does not.)
- A section may open with any spelling llama.cpp's DeepSeek grammars allow
  (``<｜tool_calls_begin｜>``, ``<｜tool calls begin｜>``, ``<｜tool\\_calls\\_begin｜>``,
  the R1 ``<｜tool▁calls｜>``), and a call in it may leave out its
  ``<｜tool▁call▁begin｜>``: other text in a section starts such a call, unless it
  holds no ``<｜tool▁sep｜>`` (then it is content, as text between calls).
- ``<｜tool▁call▁begin｜>`` inside an open call, or a DSML block opener inside an open
  block, begins the next call / block: the open call was abandoned, an
  ``InvalidToolCall`` (DSML invokes closed before it are whole); inside a JSON string
  or DSML value only when the call, read with it as text, is invalid.
- Markers inside JSON strings or DSML values do not close anything. A call still open
  at the end of the text is an ``InvalidToolCall`` (``truncated``); in a DSML block
  still open there, the invokes closed before the cut are whole (``_blocks``).

Encoding: variant ``v4`` (default), ``v4.1``, ``v3.2``, ``v3.1`` or ``v3``, as the official
encoders write them (DSML parameters one per line, strings raw, others JSON).

Sources (checked 2026-11-30): deepseek-ai/DeepSeek-V3.2 ``encoding/encoding_dsv32.py``
(``encode_arguments_to_dsml``, templates); vllm-project/vllm ``vllm/tool_parsers/
deepseekv3_tool_parser.py``, ``deepseekv31_tool_parser.py``, ``deepseekv32_tool_parser.py``,
``deepseekv4_tool_parser.py``, ``vllm/parser/deepseek_v4.py`` and ``deepseek_v41.py`` (reasoning
ends at the calls opener, 2026-12-05); sgl-project/sglang ``function_call/deepseekv32_detector.py``
(JSON bodies); the V4.1 checkpoint's ``encoding/encoding.py`` as llama.cpp renders it
(spaced tags); ggml-org/llama.cpp ``tests/test-chat.cpp`` (R1 spellings) and
``common/chat.cpp`` (``common_chat_params_init_deepseek_r1`` / ``_v3_1`` grammars, 2026-12-04).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._types import ToolCall
from ._blocks import cut_block, ended
from ._core import BodyMode, Mode, TextParser
from ._format import TextFormat
from ._kit import ATTR, abandon, abandoned, args_text, body, calls_of, content_between, stay
from ._modes import held_think_modes
from ._param_writers import name_text, value_text
from ._params import dsml_head, read_params
from ._wrong import Wrong

__all__ = ["FORMAT"]

NAME = "text.deepseek"
SECTION, SECTION_END = "<｜tool▁calls▁begin｜>", "<｜tool▁calls▁end｜>"
CALL, CALL_END, SEP = "<｜tool▁call▁begin｜>", "<｜tool▁call▁end｜>", "<｜tool▁sep｜>"
R1_CALLS, EOS = "<｜tool▁calls｜>", "<｜end▁of▁sentence｜>"
# the section openers llama.cpp's R1 / V3.1 grammars accept besides SECTION
OPENERS = (R1_CALLS, "<｜tool_calls_begin｜>", "<｜tool calls begin｜>", "<｜tool\\_calls\\_begin｜>")
D, D41 = "｜DSML｜", "｜DSML｜ "
FC, FC_END = f"<{D}function_calls>", f"</{D}function_calls>"
TCS, TCS_END = f"<{D}tool_calls>", f"</{D}tool_calls>"
CALLS, CALLS_END = f"<{D41}calls>", f"</{D41}calls>"  # V4.1: a space after ｜DSML｜
_VARIANT = {FC: "v3.2", TCS: "v4", CALLS: "v4.1"}
_CLOSER = {FC: FC_END, TCS: TCS_END, CALLS: CALLS_END}
PARAM, PARAM_END = f"<{D}parameter", f"</{D}parameter>"
_ATTR = ATTR  # name="value" attributes, read in one linear pass (_kit)


def _v3(left: str, right: str) -> bool:
    """True when a call's text before and after ``<｜tool▁sep｜>`` is V3's (the type word
    ``function``, then the name on its own line) and not V3.1's ``NAME<｜tool▁sep｜>ARGS`` of
    a tool named ``function`` (its arguments are a JSON object: vLLM's V3.1 parser reads the
    name before the separator)."""
    return left.strip() == "function" and right.lstrip()[:1] != "{"


def _call(m: TextParser, text: str, end: str, complete: bool) -> None:
    if end == CALL:  # the next call begins: the open one was abandoned (text with no separator: content)
        if m.opener or SEP in text:
            left, _, right = text.partition(SEP)
            abandoned(m, _CALL, right.split("\n")[0].strip() if _v3(left, right) else left.strip(), text, CALL_END,
                      opener=CALL, opens=(CALL, SECTION, *OPENERS), ends=(SECTION_END, EOS), values=(('"', '"'),))
        else:
            if text.strip():
                m.emit_content(text)
            m.open_body(_CALL, CALL)
        return
    if end == SECTION_END:
        m.mode = _CONTENT
    if not m.opener:  # text in a section: a call without <｜tool▁call▁begin｜>, or text before one
        i, j = text.find(CALL), text.find(SEP)
        if (i >= 0 and (j < 0 or i < j)) or (j < 0 and complete):
            stray = text[: i if i >= 0 else len(text)]
            if stray.strip():
                m.emit_content(stray)
            if i < 0:
                return
            text, m.opener = text[i + len(CALL) :], CALL
    raw = m.opener + text + end
    left, sep, right = text.partition(SEP)
    v3 = _v3(left, right)
    if not complete:
        name = right.split("\n")[0].strip() if v3 else left.strip()
        m.truncated(name or None, raw)
        return
    if not sep:
        m.invalid(None, raw, f"Tool call at {m.loc} has no <｜tool▁sep｜>")
        return
    if v3:  # V3: type, then the name on its own line, then fenced JSON
        name, _, args = right.partition("\n")
        args = args.strip()
        if args.startswith("```"):
            args = args[args.find("\n") + 1 :] if "\n" in args else ""
            args = args.rstrip()
            args = args[:-3] if args.endswith("```") else args
        m.call(name.strip(), args.strip() or None, raw, variant="v3")
    else:
        m.call(left.strip(), right.strip() or None, raw, variant="v3.1")


def _dsml(m: TextParser, text: str, end: str, complete: bool) -> None:
    again = end in _VARIANT  # the next block begins: this one was left open
    raw = m.opener + text + ("" if again else end)
    variant = _VARIANT.get(m.opener, "v4")
    d = D41 if variant == "v4.1" else D  # V4.1 writes every tag name after a space
    inv, inv_end, par, par_end = f"<{d}invoke", f"</{d}invoke>", f"<{d}parameter", f"</{d}parameter>"
    pos = text.find(inv)
    if again:  # the invokes closed before it are whole, an open one was abandoned
        def whole(closed: str) -> bool:
            if closed[:pos].strip():
                m.emit_content(closed[:pos])
            return _invokes(m, closed, raw, variant, pos, (inv, inv_end, par, par_end))

        cut_block(m, text, raw, inv, inv_end, (FC_END, TCS_END, CALLS_END), whole, _invoke_name,
                  cut_off=lambda name: abandon(m, name, raw, _CLOSER[m.opener], opens=(FC, TCS, CALLS), ends=(EOS,),
                                              values=((par, par_end),)))
        m.open_body(_DSML, end)
        return
    if not complete:
        # the invokes closed before the cut are whole; the rest is one cut-off call
        # named by its own invoke (never the first one's)
        tags = (inv, inv_end, par, par_end)

        def read(closed: str) -> bool:
            if closed[:pos].strip():
                m.emit_content(closed[:pos])
            return _invokes(m, closed, raw, variant, pos, tags, cut=True)

        cut_block(m, text, raw, inv, inv_end, (FC_END, TCS_END, CALLS_END), read, _invoke_name)
        return
    if pos < 0:
        m.invalid(None, raw, f"DSML block at {m.loc} has no invoke")
        return
    if text[:pos].strip():
        m.emit_content(text[:pos])
    _invokes(m, text, raw, variant, pos, (inv, inv_end, par, par_end))


def _invoke_name(text: str) -> str | None:
    """The name of the invoke *text* starts with (a hint for a cut-off call)."""
    gt = text.find(">")
    hint = _ATTR.search(text, 0, gt if gt >= 0 else len(text))
    return hint.group(2) if hint and hint.group(1) == "name" else None


def _invokes(m: TextParser, text: str, raw: str, variant: str, pos: int, tags: tuple[str, str, str, str],
             cut: bool = False) -> bool:
    """The invokes of a DSML block from *pos*; False when one is malformed (it ends the
    block: an ``InvalidToolCall``, cut off when *cut*, the block was cut)."""
    inv, inv_end, par, par_end = tags

    def bad(name: str | None, error: str) -> bool:
        return ended(m, raw, cut, name, f"DSML invoke at {m.loc} {error}")

    while pos >= 0:
        gt = text.find(">", pos)
        if gt < 0:
            return bad(None, "is not closed")
        name = dict(_ATTR.findall(text[pos:gt])).get("name", "")
        if text[gt - 1] == "/":  # <｜DSML｜invoke name="f"/>: a call without arguments
            m.call(name, {}, raw, variant=variant)
            after = gt + 1
        else:
            b = gt + 1
            while b < len(text) and text[b].isspace():
                b += 1
            if text.startswith(par, b) or text.startswith(inv_end, b):
                args, error, after = read_params(
                    m, name, text, gt + 1, par, par_end, inv_end, dsml_head, strip=False, schema_first=True
                )
                if error is None and after < 0:
                    error = "is not closed"
                if type(error) is Wrong:  # whole markup: this invoke alone is invalid (``_wrong``)
                    m.invalid(name, text[pos:after], f"DSML invoke at {m.loc} {error}")
                elif error is not None:
                    return bad(name, error)
                else:
                    m.call(name, args, raw, variant=variant)
            else:  # no parameters: a JSON object body (SGLang's "direct JSON" form)
                stop = text.find(inv_end, gt)
                if stop < 0:
                    return bad(name, "is not closed")
                m.call(name, text[gt + 1 : stop].strip() or {}, raw, variant=variant)
                after = stop + len(inv_end)
        pos = content_between(m, text, after, inv)
    return True


# <｜tool▁call▁begin｜> and the DSML block openers are special tokens: where one comes in
# an open call (outside its values, or in one that runs on into the next call), that call
# was abandoned and the next begins (vLLM's V3.1 parser never lets arguments span the token)
_CALL = BodyMode(_call, ends=(CALL_END, SECTION_END, CALL), quotes=(('"', '"', True),))
_DSML = BodyMode(
    _dsml,
    ends=(FC_END, TCS_END, CALLS_END, FC, TCS, CALLS),
    quotes=((PARAM, PARAM_END, False), (PARAM.replace(D, D41), PARAM_END.replace(D, D41), False)),
)


class _Section(Mode):
    """Between the calls of a section: whitespace is dropped; ``<｜tool▁call▁begin｜>``
    opens a call, ``<｜tool▁calls▁end｜>`` ends the section; other text opens a call
    without its begin marker (llama.cpp's grammars allow it; ``_call`` gives text
    that is no call back as content)."""

    def step(self, m: TextParser) -> bool:
        buf, n, i = m.buf, len(m.buf), m.pos
        while i < n and buf[i].isspace():
            i += 1
        m.pos = i
        if i == n:
            return False
        for mk in (CALL, SECTION_END, EOS):
            if buf.startswith(mk, i):
                m.pos = i + len(mk)
                if mk == CALL:
                    m.open_body(_CALL, CALL)
                elif mk == SECTION_END:
                    m.mode = _CONTENT
                return True
            if not m.final and n - i < len(mk) and mk.startswith(buf[i:]):
                return False  # the end of the text so far may still become the marker
        m.open_body(_CALL, "")
        return True


def _open_section(m: TextParser, tok: str) -> None:
    m.mode = _SECTION


_SECTION = _Section()
_calls = {SECTION: _open_section, CALL: body(_CALL), **{o: _open_section for o in OPENERS}}
_calls.update({FC: body(_DSML), TCS: body(_DSML), CALLS: body(_DSML)})
# in an unclosed <think>, V4's <｜DSML｜tool_calls> and V4.1's <｜DSML｜ calls> end the
# reasoning (vLLM's V4 parser; V4.1's is the same with its own terminals)
_CONTENT, _REASONING, _START = held_think_modes(
    _calls, {TCS: "", CALLS: ""}, content_extra={EOS: stay, SECTION_END: stay, CALL_END: stay}
)
_CALL.next = _SECTION
_DSML.next = _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    cs = calls_of(calls, NAME)
    if variant in ("v3", "v3.1"):
        out = []
        for c in cs:
            if variant == "v3":
                out.append(f"{CALL}function{SEP}{c.name}\n```json\n{args_text(c, NAME)}\n```{CALL_END}")
            else:
                out.append(f"{CALL}{c.name}{SEP}{args_text(c, NAME)}{CALL_END}")
        # V3 / R1 templates: "\n" before each call after the first (V3.1: nothing)
        return SECTION + ("\n" if variant == "v3" else "").join(out) + SECTION_END
    d = D41 if variant == "v4.1" else D
    invokes = []
    for c in cs:
        params = []
        for k, v in c.args.items():
            name_text(k, (), NAME)
            text = value_text(v, (f"</{d}parameter>", f"<{d}parameter"), NAME, k)
            kind = "true" if type(v) is str else "false"
            params.append(f'<{d}parameter name="{k}" string="{kind}">{text}</{d}parameter>')
        # the official template: '<…invoke name="{name}">\n{arguments}\n</…invoke>' (no arguments: a blank line)
        invokes.append(f'<{d}invoke name="{c.name}">\n' + "\n".join(params) + f"\n</{d}invoke>")
    start, stop = {"v3.2": (FC, FC_END), "v4.1": (CALLS, CALLS_END)}.get(variant or "", (TCS, TCS_END))
    return f"{start}\n" + "\n".join(invokes) + f"\n{stop}"


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    variants=("v4", "v4.1", "v3.2", "v3.1", "v3"),
    description="DeepSeek V3 / V3.1 <｜tool▁call▁begin｜>…, V3.2 / V4 DSML invoke/parameter",
    reasoning_opens=("<think>",),
)
