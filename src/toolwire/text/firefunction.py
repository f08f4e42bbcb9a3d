"""``text.firefunction``: Fireworks FireFunction v2 `` functools[json]``.

Wire form (the answer text, then the calls; no closing marker)::

    Let me check. functools[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "now", "arguments": {}}]

- ``functools[`` opens one JSON array of ``{"name", "arguments"}`` objects (``parameters``
  is read like ``arguments``); the region ends where the array closes (the model then
  ends its turn with ``<|eot_id|>``, the stop token engines strip, which is dropped when
  kept). Text after the array is content. ``functools`` is plain text, not a special
  token: an answer that writes ``functools[`` opens a call region all the same (its
  text is kept in the ``InvalidToolCall``'s ``raw``); an empty array (``functools[]``,
  which the template never writes: it writes the marker only for a turn with calls;
  llama.cpp's parser refuses it) is an ``InvalidToolCall``, as in every family
  (``_kit.empty_list``).
- Markers inside JSON strings do not count; an array still open at the end of the text
  gives the calls closed before the cut and one ``InvalidToolCall`` (``truncated``)
  named by its own ``"name"``; an array whose ``]`` is the last character of the text is
  cut off when the finish reason is ``length``. The template writes an arguments string
  with ``tojson`` (a JSON string of the object): read as double encoded.
- FireFunction v2 writes no reasoning.

Encoding writes what the template writes after empty content: `` functools[{"name": …,
"arguments": …}, …]`` (with its leading space).

Sources (checked 2026-12-05): the chat template of fireworks-ai/llama-3-firefunction-v2,
as vendored by ggml-org/llama.cpp (``models/templates/fireworks-ai-llama-3-firefunction-v2.jinja``:
"prefix function calls with functools marker (no closing marker required)"); llama.cpp's
FireFunction v2 parser (``common_chat_parse_firefunction_v2``, a JSON array after
`` functools[``) and the template-driven PEG parser that replaced it, compared on rendered texts.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._types import ToolCall
from ._core import BodyMode, TextMode, TextParser
from ._format import TextFormat
from ._jsoncalls import cut_json_calls, json_calls
from ._kit import calls_of, dumps, stay

__all__ = ["FORMAT"]

NAME = "text.firefunction"
MARK, EOT = "functools[", "<|eot_id|>"


def _open(m: TextParser, tok: str) -> None:
    """``functools[``: the region is the array, its ``[`` read again as the body's first bracket."""
    m.pos -= 1
    m.open_body(_CALL, tok[:-1])


def _parse(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    if not complete:
        cut_json_calls(m, text, raw)
        return
    json_calls(m, text, raw)  # "[]" too: an InvalidToolCall (the template writes the marker only with calls)


_CALL = BodyMode(_parse, ends=(EOT,), quotes=(('"', '"', True),), balance=True)
_CONTENT = TextMode("content", {MARK: _open, EOT: stay})
_CALL.next = _CONTENT


def _start(thinking: bool) -> TextMode:
    return _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    return " functools" + dumps([{"name": c.name, "arguments": c.args} for c in calls_of(calls, NAME)], NAME)


FORMAT = TextFormat(
    name=NAME,
    start=_start,
    encode_calls=_encode,
    description='FireFunction v2: functools[{"name", "arguments"}] after the answer text',
)
