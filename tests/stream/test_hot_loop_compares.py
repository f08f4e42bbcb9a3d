"""The stream handlers' hot loops (``Handler.run``) keep every string compare specialized
(CPython 3.11): ``COMPARE_OP`` becomes ``COMPARE_OP_STR_JUMP`` only when the conditional
jump follows it directly; a branch longer than 255 code units puts an ``EXTENDED_ARG``
between them, and the compare then stays generic (``PyObject_RichCompare``) on every
chunk. The Responses loop's ``kind == "response.function_call_arguments.delta"`` and
``kind == "response.output_item.done"`` had lost it (delta branch 267 units, done branch
265): about 2,500 instructions more per benchmark stream (callgrind)."""

from __future__ import annotations

import dis
import sys
from typing import Any, List

import pytest

from toolwire.dialects.anthropic import stream as anthropic_stream
from toolwire.dialects.bedrock import stream as bedrock_stream
from toolwire.dialects.cohere import stream as cohere_stream
from toolwire.dialects.openai import chat_stream, responses_stream

_RUNS = [m.Handler.run for m in (responses_stream, chat_stream, anthropic_stream, bedrock_stream, cohere_stream)]


def _unspecializable(fn: Any) -> List[str]:
    """The string compares of *fn* that an ``EXTENDED_ARG`` parts from their jump."""
    ins = list(dis.get_instructions(fn))
    bad = []
    for i, x in enumerate(ins[:-2]):
        if (x.opname == "COMPARE_OP" and ins[i - 1].opname == "LOAD_CONST" and type(ins[i - 1].argval) is str
                and ins[i + 1].opname == "EXTENDED_ARG" and "JUMP" in ins[i + 2].opname):
            bad.append(f"line {x.positions.lineno if x.positions else '?'}: {x.argval} {ins[i - 1].argval!r}")
    return bad


@pytest.mark.skipif(sys.version_info[:2] != (3, 11), reason="CPython 3.11's COMPARE_OP specialization")
@pytest.mark.parametrize("run", _RUNS, ids=lambda f: f.__module__.rsplit(".", 1)[-1])
def test_hot_loop_string_compares_jump_directly(run: Any) -> None:
    assert _unspecializable(run) == []
