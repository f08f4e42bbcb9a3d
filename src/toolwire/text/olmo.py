"""``text.olmo``: Ai2 OLMo 3 ``<function_calls>f(a="x")\\ng()</function_calls>``.

Wire form (Python call syntax, one call a line, JSON values; the answer text first)::

    <think>reasoning</think>Let me check.<function_calls>get_weather(city="San Francisco", metric="celsius")
    get_time()</function_calls>

- The block holds calls separated by line breaks (outside strings and brackets). Each
  call is read as Python call syntax with literal values only (``ast``, nothing
  evaluated): the template writes each value with ``tojson``, and JSON's
  ``true`` / ``false`` / ``null`` read like Python's ``True`` / ``False`` / ``None``
  (as vLLM's OLMo 3 parser reads them); single-quoted strings read too. Each call is
  read alone: one that is not a call of literals (positional arguments, an
  expression) is an ``InvalidToolCall`` with the block in ``raw``, and the calls
  beside it stay whole.
- ``</function_calls>`` inside a quoted string does not end the block. A block still
  open at the end of the text gives the calls whose line ended before the cut and one
  ``InvalidToolCall`` (``truncated``) for the last line, named by its own name (a last
  call whose ``)`` is the last character of the text is cut off too: the block never
  closed). A block whose lines all ended gives those calls alone. A block with no
  call (``<function_calls></function_calls>``) is an ``InvalidToolCall`` ("holds no
  calls"; cut off with nothing in it, a nameless cut-off call), never nothing.
- ``<think>…</think>`` is reasoning (OLMo 3 Think: the generation prompt ends with
  ``<|im_start|>assistant\\n<think>``, so pass the prompt, ``prompt=``, or
  ``thinking=True``); only ``</think>`` ends it. ``<|im_end|>`` and ``<|endoftext|>``
  (the end-of-turn and end-of-text tokens) are dropped when kept.

Encoding writes what the template writes for ``tool_calls``: ``<function_calls>``, then
``NAME(key=VALUE, …)`` for each call with each value as ``tojson`` writes it, joined by
line breaks, then ``</function_calls>``. A tool or argument name Python would not read
back is an ``EncodeError``.

Sources (checked 2026-12-05): the chat template of allenai/Olmo-3-7B-Instruct
(``'<function_calls>' … tool_call['function']['name'] + '(' + arguments + ')'`` with
``key ~ '=' ~ (value | tojson)`` joined by ``', '``, calls joined by ``'\\n'``) and of
Olmo-3-7B-Think (generation prompt ``<|im_start|>assistant\\n<think>``);
vllm-project/vllm ``vllm/tool_parsers/olmo3_tool_parser.py`` (strips
``<function_calls>`` / ``</function_calls>``, reads the non-empty lines as a pythonic
list) and its test ``tests/tool_parsers/test_olmo3_tool_parser.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._types import ToolCall
from ._brackets import scan
from ._core import BodyMode, TextParser
from ._format import TextFormat
from ._kit import body, calls_of, no_calls, stay
from ._modes import closed_think_modes
from ._pythonic import first_name, read_calls
from ._pythonic_write import call_text

__all__ = ["FORMAT"]

NAME = "text.olmo"
OPEN, CLOSE = "<function_calls>", "</function_calls>"


def _lines(text: str) -> list[str]:
    """*text* split at its line breaks outside strings and brackets (one pass)."""
    cuts = scan(text, brackets="([{", split="\n").splits
    return [text[a + 1 : b] for a, b in zip([-1, *cuts], [*cuts, len(text)])]


def _read(m: TextParser, line: str, raw: str) -> None:
    calls = read_calls(line)
    if calls is None:
        m.invalid(first_name(line), raw, f"Tool call at {m.loc} is not a Python call of literal values")
        return
    for name, args, error, repairs in calls:
        if error is not None:
            m.invalid(name, raw, f"Tool call at {m.loc} {error}")
        else:
            m.call(name, args, raw, repairs=repairs)


def _parse(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    if not text or text.isspace():  # a block with no call: never nothing (``_kit.no_calls``)
        if complete:
            no_calls(m, raw)
        else:
            m.truncated(None, raw)
        return
    lines = _lines(text)
    cut = "" if complete else lines.pop()  # the line the cut fell in (its ")" may end the text)
    for line in lines:
        if line.strip():
            _read(m, line, raw)
    if cut.strip():
        m.truncated(first_name(cut), raw)


_CALL = BodyMode(_parse, ends=(CLOSE,), quotes=(('"', '"', True), ("'", "'", True)))
# <|im_end|> / <|endoftext|> end the turn; servers strip them, and drop them if left in
_CONTENT, _REASONING, _START = closed_think_modes(
    {OPEN: body(_CALL)}, content_extra={CLOSE: stay, "<|im_end|>": stay, "<|endoftext|>": stay}
)
_CALL.next = _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    return OPEN + "\n".join(call_text(c, i, NAME, js="all") for i, c in enumerate(calls_of(calls, NAME))) + CLOSE


FORMAT = TextFormat(
    name=NAME,
    start=_START,
    encode_calls=_encode,
    description="OLMo 3: <function_calls>name(key=json)\\n…</function_calls> (pythonic lines), <think> reasoning",
    reasoning_opens=("<think>",),
)
