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
  are dropped. Neither prompt opens the reasoning block.
- A block still open at the end of the text is an ``InvalidToolCall`` (``truncated``).
  The shipping Hy3 tokenizer may spell its tokens with a suffix
  (``<tool_calls:…>``); those spellings are not read.

Encoding: variant ``hy3`` (default; one element per line, as the detectors' examples
show), ``hy4`` (no ``<tool_sep>``, no newlines, as vLLM's HY V4 tests write it) or
``a13b`` (the JSON array).

Sources (checked 2026-12-02; HY V4 2026-12-09): vllm-project/vllm ``vllm/tool_parsers/hy_v3_tool_parser.py``,
``hy_v4_tool_parser.py`` and ``tests/tool_parsers/test_hy_v4_tool_parser.py``,
``hunyuan_a13b_tool_parser.py``, ``vllm/reasoning/hunyuan_a13b_reasoning_parser.py``
(``<think>\n…\n</think>\n<answer>\n…\n</answer>``);
sgl-project/sglang ``python/sglang/srt/function_call/hunyuan_detector.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._types import ToolCall
from ._core import BodyMode, Mode, TextFormat, TextMode, TextParser
from ._jsoncalls import cut_json_calls
from ._kit import MISSING, body, calls_of, content_between, dumps, forbid, goto, loads, name_hint, stay
from ._params import read_pairs

__all__ = ["FORMAT"]

NAME = "text.hunyuan"
OPEN, CLOSE, CALL, CALL_END, SEP = "<tool_calls>", "</tool_calls>", "<tool_call>", "</tool_call>", "<tool_sep>"
K, K_END, V, V_END = "<arg_key>", "</arg_key>", "<arg_value>", "</arg_value>"


def _xml(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    pos = text.find(CALL)
    if not complete:
        cut, _ = _name_end(text, pos) if pos >= 0 else (-1, "")
        m.truncated(text[pos + len(CALL) : cut].strip() or None if cut >= 0 else None, raw)
        return
    if pos < 0:
        m.invalid(None, raw, f"Tool call block at {m.loc} has no <tool_call>")
        return
    if text[:pos].strip():
        m.emit_content(text[:pos])
    while pos >= 0:
        name_end, after_name = _name_end(text, pos)
        if name_end < 0 or after_name == CALL:
            m.invalid(None, raw, f"Tool call at {m.loc} has no <tool_sep>, <arg_key> or {CALL_END} after its name")
            return
        name = text[pos + len(CALL) : name_end].strip()
        start = name_end + len(SEP) if after_name == SEP else name_end
        args, error, after = read_pairs(m, name, text, start, CALL_END, (K, K_END, V, V_END))
        if error is not None:
            m.invalid(name or None, raw, f"Tool call at {m.loc} {error}")
            return
        m.call(name, args, raw, variant="hy3" if after_name == SEP else "hy4")
        pos = content_between(m, text, after, CALL)


def _name_end(text: str, pos: int) -> tuple[int, str]:
    """Where the name of the ``<tool_call>`` at *pos* ends, and the tag that ends it:
    ``<tool_sep>`` (Hy3), ``<arg_key>`` or ``</tool_call>`` (HY V4 writes no separator),
    or the next ``<tool_call>`` (no name end: an error); ``(-1, "")`` when none follows.
    The searches stop at this call's end, so reading a block stays linear."""
    start = pos + len(CALL)
    lim = text.find(CALL_END, start)
    best, tag = (lim, CALL_END) if lim >= 0 else (-1, "")
    lim = lim if lim >= 0 else len(text)
    for t in (SEP, K, CALL):
        i = text.find(t, start, lim)
        if i >= 0:
            best, tag, lim = i, t, i
    return best, tag


def _json(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    if not complete:
        cut_json_calls(m, text, raw, "a13b")
        return
    value = loads(text.strip())
    items = value if type(value) is list else [value]
    if value is MISSING:
        m.invalid(name_hint(text), raw, f"Tool calls at {m.loc} are not valid JSON")
        return
    for item in items:
        if type(item) is not dict or type(item.get("name")) is not str:
            m.invalid(None, raw, f"Tool call at {m.loc} is not an object with a \"name\" string")
            continue
        m.call(item["name"], item.get("arguments", item.get("parameters")), raw, variant="a13b")


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
        m.open_body(_JSON if i < n and buf[i] == "[" else _XML, m.opener)
        return True


_PICK = _Pick()
_XML = BodyMode(_xml, ends=(CLOSE,), quotes=((V, V_END, False),))
_JSON = BodyMode(_json, ends=(CLOSE,), quotes=(('"', '"', True),))
_CONTENT = TextMode("content")
_REASONING = TextMode("reasoning")
_CONTENT.set(
    {"<think>": goto(_REASONING), "</think>": stay, OPEN: body(_PICK), CLOSE: stay, "<answer>": stay, "</answer>": stay}
)
_REASONING.set({"</think>": goto(_CONTENT), "<think>": stay})
_XML.next = _JSON.next = _CONTENT


def _start(thinking: bool) -> Mode:
    return _REASONING if thinking else _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    cs = calls_of(calls, NAME)
    if variant == "a13b":
        return OPEN + dumps([{"name": c.name, "arguments": c.args} for c in cs], NAME) + CLOSE
    out = [OPEN]
    for c in cs:
        out.append(f"{CALL}{c.name}{'' if variant == 'hy4' else SEP}")
        for key, v in c.args.items():
            forbid(key, (K_END, "<", "\n"), "Argument name", NAME)
            text = v if type(v) is str else dumps(v, NAME)
            forbid(text, (V_END, V), "Value", NAME)
            out += [f"{K}{key}{K_END}", f"{V}{text}{V_END}"]
        out.append(CALL_END)
    out.append(CLOSE)
    return ("" if variant == "hy4" else "\n").join(out)


FORMAT = TextFormat(
    name=NAME,
    start=_start,
    encode_calls=_encode,
    variants=("hy3", "hy4", "a13b"),
    description="Hunyuan: Hy3 <tool_calls><tool_call>NAME<tool_sep><arg_key>… (HY V4: no <tool_sep>), A13B [json]",
    reasoning_opens=("<think>",),
)
