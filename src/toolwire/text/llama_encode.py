"""The writer of ``text.llama`` (``llama.py``): calls as the Llama templates write them.

Encoding: variant ``json`` (default; the Llama 3.1 chat template's
``{"name": …, "parameters": …}``), ``python_tag`` (the same after ``<|python_tag|>``,
ended by ``<|eom_id|>`` as the template writes it), ``builtin`` (the template's
built-in tool call, ``<|python_tag|>NAME.call(k="v")<|eom_id|>``), ``code`` (a
``code_interpreter`` (or Functionary v3.1's ``python``) call's code raw after ``<|python_tag|>``), ``function``
(``<function=NAME>{…}</function>``) or ``pythonic`` (``[f(a=1), g(b='x')]``). Calls
are decoded with their variant, so they are written back as they came. The template
writes one call per message ("This model only supports single tool-calls at once!"):
every variant but ``pythonic`` and ``function`` raises ``EncodeError`` for several.

Sources (checked 2026-11-30): meta-llama/llama-models ``models/llama3_3/prompt_format.md``
and ``models/llama4/prompt_format.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Callable

from .._errors import EncodeError, excerpt
from .._types import ToolCall
from ._events import TextResult
from ._kit import args_text, calls_of, dumps, forbid
from ._pythonic_write import encode_calls, encode_value, not_py_name, py_name, step

__all__ = ["encode"]

NAME = "text.llama"
TAG, EOM, EOT = "<|python_tag|>", "<|eom_id|>", "<|eot_id|>"
FN, FN_END = "<function=", "</function>"


def _one(cs: list[ToolCall], variant: str) -> ToolCall:
    """The Llama 3.1 template writes one call per message ("This model only supports
    single tool-calls at once!"): several are an ``EncodeError``."""
    if len(cs) != 1:
        raise EncodeError(
            f"{NAME} variant {variant!r} writes one call per message (the Llama 3.1 template refuses "
            f"more), got {len(cs)}; use variant='pythonic' for several",
            dialect=NAME,
            loc="$[1]",  # the call it cannot write
        )
    return cs[0]


def encode(calls: Sequence[ToolCall], variant: str | None, read: Callable[[str], TextResult]) -> str:
    """*calls* as *variant* writes them (``read``: the format's decoder, for the code check)."""
    cs = calls_of(calls, NAME)
    if not cs:
        return ""
    if variant == "builtin":  # the template's built-in tool call: <|python_tag|>NAME.call(k="v")<|eom_id|>
        c = _one(cs, variant)
        if not py_name(c.name):
            not_py_name(c.name, "Tool name", NAME, "$[0].name")
        kws = []
        for k, v in c.args.items():
            if not py_name(k):
                not_py_name(str(k), "Argument name", NAME, "$[0].args" + step(k))
            # a string as the template writes it ("v"; JSON escapes are Python's), others as literals
            kws.append(f"{k}={dumps(v, NAME) if type(v) is str else encode_value(v, NAME, '$.args' + step(k))}")
        return f"{TAG}{c.name}.call({', '.join(kws)}){EOM}"
    if variant == "code":  # code for the code interpreter, raw after the tag
        c = _one(cs, variant)
        code = c.args.get("code")
        # Functionary v3.1's template writes its python tool's code the same way
        if c.name not in ("code_interpreter", "python") or list(c.args) != ["code"] or type(code) is not str:
            raise EncodeError(f"{NAME} variant 'code' writes a code_interpreter (or python) call with one "
                              "'code' string", dialect=NAME)
        forbid(code, (TAG, EOM, EOT), "Code", NAME, "$.args.code")
        text = TAG + code + EOM
        back = read(text).tool_calls
        if len(back) != 1 or back[0] != ToolCall(name="code_interpreter", args=c.args, id=c.id):
            raise EncodeError(f"Code {excerpt(code)} does not read back as code in {NAME}", dialect=NAME)
        return text
    if variant == "function":  # <function=NAME>{…}</function>
        parts = []
        for c in cs:
            parts.append(f"{FN}{c.name}>{args_text(c, NAME)}{FN_END}")
        return "".join(parts)
    if variant == "pythonic":
        return encode_calls(cs, NAME)
    c = _one(cs, variant or "json")
    text = dumps({"name": c.name, "parameters": c.args}, NAME)
    return TAG + text + EOM if variant == "python_tag" else text  # the template ends it with <|eom_id|>
