"""``text.functiongemma``: Google FunctionGemma ``<start_function_call>call:NAME{…}<end_function_call>``.

Wire form (Gemma 4's object notation with FunctionGemma's tokens: strings are
delimited by the ``<escape>`` token, keys are bare; several calls are written one
after the other)::

    Let me check.<start_function_call>call:get_weather{days:3,location:<escape>Paris<escape>}<end_function_call>
    <start_function_call>call:get_time{timezone:<escape>UTC<escape>}<end_function_call>

- Values as ``text.gemma`` reads them: ``<escape>text<escape>`` strings, numbers,
  ``true`` / ``false`` / ``null``, ``{…}`` objects, ``[…]`` lists; a bare word is text,
  but for ``None`` / ``True`` / ``False`` (Jinja's printing of a null or a bool the
  template did not spell out) where ``tools=`` gives a schema that allows the type. A
  key or value in JSON's quotes (``{"location":"x"}``) makes the call an
  ``InvalidToolCall``. A string stays a string (``<escape>42<escape>`` is ``"42"``,
  whatever ``tools=`` says: the template writes numbers bare, and Google's guide makes
  ``<escape>`` the string delimiter; vLLM's parser reads JSON inside ``<escape>``).
- Text before, between and after the calls is content. FunctionGemma writes no
  reasoning. ``<start_function_response>`` (the stop sequence the model writes after
  its calls), ``<end_of_turn>`` and ``<eos>`` are dropped when kept.
- ``<end_function_call>`` inside an ``<escape>`` string does not close the call; a call
  still open at the end of the text is an ``InvalidToolCall`` (``truncated=True``); a
  call region that is not ``call:NAME{…}`` is an ``InvalidToolCall`` whatever the
  finish reason.

Encoding writes what the chat template writes: ``call:NAME{…}`` with keys sorted at
every level (``| dictsort``: by key, case ignored), strings between ``<escape>`` tokens,
a key that is not a plain word as an ``<escape>`` string; a string holding
``<escape>`` cannot be written. ``None`` is written ``null``.

Sources (checked 2026-12-05): the chat template of google/functiongemma-270m-it
(``'<start_function_call>call:' + function['name'] + '{'``, each argument
``key:format_argument(value, escape_keys=False)`` in ``| dictsort`` order,
``'}<end_function_call>'``; strings ``'<escape>' + argument + '<escape>'``) and Google's
FunctionGemma formatting guide (https://ai.google.dev/gemma/docs/functiongemma:
``<start_function_response>`` is an additional stop sequence); vllm-project/vllm
``vllm/tool_parsers/functiongemma_tool_parser.py`` and its test
``tests/tool_parsers/test_functiongemma_tool_parser.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._types import ToolCall
from ._core import BodyMode, TextMode, TextParser
from ._format import TextFormat
from ._kit import body, stay
from .gemma import read_braces, write_calls

__all__ = ["FORMAT"]

NAME = "text.functiongemma"
OPEN, CLOSE, ESC = "<start_function_call>", "<end_function_call>", "<escape>"
RESP, EOT, EOS = "<start_function_response>", "<end_of_turn>", "<eos>"


def _parse(m: TextParser, text: str, end: str, complete: bool) -> None:
    raw = m.opener + text + end
    s = text.strip()
    called = s.startswith("call:")
    if called:
        s = s[5:]
    brace = s.find("{")
    name = (s if brace < 0 else s[:brace]).strip()
    if not complete:
        m.truncated(name if called and name else None, raw)
        return
    if not called or brace < 0:
        m.invalid(name if called and name else None, raw,
                  f"Tool call at {m.loc} is not call:NAME{{…}} (FunctionGemma writes the arguments in braces)")
        return
    read_braces(m, name, s, brace, raw, ESC)


_CALL = BodyMode(_parse, ends=(CLOSE,), quotes=((ESC, ESC, False),))
_CONTENT = TextMode("content", {OPEN: body(_CALL), CLOSE: stay, RESP: stay, EOT: stay, EOS: stay})
_CALL.next = _CONTENT


def _start(thinking: bool) -> TextMode:
    return _CONTENT


def _encode(calls: Sequence[ToolCall], variant: str | None) -> str:
    return write_calls(calls, NAME, OPEN, CLOSE, ESC)


FORMAT = TextFormat(
    name=NAME,
    start=_start,
    encode_calls=_encode,
    description="FunctionGemma: <start_function_call>call:NAME{key:<escape>text<escape>}<end_function_call>",
)
