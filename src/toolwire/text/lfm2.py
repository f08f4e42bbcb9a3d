"""``text.lfm2``: Liquid LFM2 / LFM2.5 ``<|tool_call_start|>[f(a=1)]<|tool_call_end|>``.

Wire form (pythonic, the chat template's own rendering; a JSON array of
``{"name", "arguments"}`` objects is read too, as the other families' arrays: raw
control characters in its strings read as themselves, ``[]`` an ``InvalidToolCall``)::

    <think>reasoning</think>Let me check.
    <|tool_call_start|>[get_weather(city='Paris', days=3), get_time(tz="UTC")]<|tool_call_end|>

- Pythonic values are Python literals (``True``/``None`` and JSON's ``true``/``null``
  alike; nothing is evaluated); positional arguments make a call invalid (no names
  to give them). ``x.call(...)`` style dotted names are kept whole.
- The LFM2.5 template's ``format_arg_value`` writes a string raw between single quotes
  (``"'" + arg_value + "'"``, no escaping), so a multi-line value holds raw line
  breaks, which Python refuses inside ``'…'``: they are read as the characters
  themselves, and the call records ``control-characters`` (``_pythonic``). A value
  holding ``'`` written that way is no Python literal (the block is one
  ``InvalidToolCall``), and a ``\\`` in it is read as a Python escape.
- ``<|tool_call_end|>`` inside a quoted string does not end the block; a block still
  open at the end of the text is an ``InvalidToolCall`` (``truncated``).
- ``<think>…</think>`` is reasoning (LFM2.5 thinking models; the prompt does not open
  it). ``<|im_end|>`` (the end-of-turn stop token) is dropped when kept.

Encoding: variant ``pythonic`` (default; as the LFM2.5 chat template's
``format_arg_value`` writes them: a mapping argument as JSON, ``| tojson``, other values
as Python literals) or ``json`` (the array). Strings differ from the template on
purpose: they are written as Python's ``repr`` (``'a\\nb'``: line breaks, ``\\`` and
quotes escaped; ``"it's"`` in double quotes), where the template writes the text raw
between single quotes. The template's form of a value holding ``'`` or ``\\`` does not
read back, and one holding a line break reads back only as a repair; ``repr`` always
reads back as the value, with no repair, also by ``ast``-based readers (SGLang's).
The two are the same bytes for a value of printable characters without ``'`` or ``\\``.

Sources (checked 2026-12-02): sgl-project/sglang ``python/sglang/srt/function_call/
lfm2_detector.py``; ggml-org/llama.cpp ``models/templates/LFM2.5-8B-A1B.jinja`` (``render_tool_calls``,
``format_arg_value``; checked 2026-12-05 at 6f4e9f581c7b0a59a1caf901b18434641494c5f1).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._args import read_block
from .._errors import ArgumentsError
from .._repeats import first_repeat
from .._types import ToolCall
from ._core import BodyMode, TextParser
from ._format import TextFormat
from ._jsoncalls import cut_json_calls
from ._kit import (
    MISSING,
    block_problem,
    body,
    calls_of,
    dumps,
    empty_list,
    json_shaped,
    loads,
    loose_name,
    name_hint,
    stay,
)
from ._modes import closed_think_modes
from ._pythonic import Read, cut_calls, first_name, read_calls
from ._pythonic_write import encode_calls

__all__ = ["FORMAT"]

NAME = "text.lfm2"
OPEN, CLOSE, EOT = "<|tool_call_start|>", "<|tool_call_end|>", "<|im_end|>"
_NONE: tuple[str, ...] = ()


def _parse(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    code = text.strip()
    if not complete:
        if code[:1] == "[" and code[1:].lstrip()[:1] == "{":  # a JSON array
            cut_json_calls(m, code, raw, "json")
            return
        done, tail = cut_calls(code)  # the calls closed before the cut are whole
        _add(m, done, raw)
        head = tail.lstrip("[").lstrip()
        paren = head.find("(")
        m.truncated(loose_name(tail) or (head[:paren].strip() or None if paren > 0 else None), raw)
        return
    calls = read_calls(code) if code else None
    if calls is not None:
        _add(m, calls, raw)
        return
    value, repairs = loads(code), _NONE
    if value is not MISSING and first_repeat(code, value) is not None:  # a key given twice: ``read_block`` says
        value = MISSING
    if value is MISSING and json_shaped(code):  # read as the other families' arrays (raw control characters...)
        try:
            value, repairs = read_block(code, m.policy, m.loc, m.dialect, lists=True)
        except ArgumentsError as exc:
            m.invalid(name_hint(code), raw, block_problem(m.loc, exc.message), truncated=exc.truncated)
            return
    if empty_list(m, value, raw):
        return
    if value is MISSING or type(value) not in (list, dict):
        # a slip in Python calls: the calls before it read alone are whole (the comma after
        # each is the list's); after it quotes may pair the wrong way, so the rest is one
        # invalid call, named by its first name
        done, tail = cut_calls(code) if code[:1] == "[" else ([], code)
        _add(m, done, raw)
        hint = first_name(tail) if done else name_hint(text) or first_name(code)
        m.invalid(hint, raw, f"Tool call block at {m.loc} is neither Python calls nor JSON calls")
        return
    for item in value if type(value) is list else [value]:
        if type(item) is not dict or type(item.get("name")) is not str:
            m.invalid(None, raw, f"Tool call at {m.loc} is not an object with a \"name\" string")
            continue
        m.json_call(item, raw, repairs=repairs, variant="json")


def _add(m: TextParser, calls: list[Read], raw: str) -> None:
    for name, args, error, repairs in calls:
        if error is not None:
            m.invalid(name, raw, f"Tool call at {m.loc} {error}")
        else:
            m.call(name, args, raw, repairs=repairs, variant="pythonic")


_CALL = BodyMode(_parse, ends=(CLOSE,), quotes=(('"', '"', True), ("'", "'", True)))
_CONTENT, _REASONING, _START = closed_think_modes({OPEN: body(_CALL)}, content_extra={CLOSE: stay, EOT: stay})
_CALL.next = _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    cs = calls_of(calls, NAME)
    if variant == "json":
        return OPEN + dumps([{"name": c.name, "arguments": c.args} for c in cs], NAME) + CLOSE
    return OPEN + encode_calls(cs, NAME, mapping_json=True) + CLOSE


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    variants=("pythonic", "json"),
    description="LFM2: <|tool_call_start|>[name(arg='v')]<|tool_call_end|> (pythonic or a JSON array)",
    reasoning_opens=("<think>",),
)
