"""Coverage-guided fuzzing of toolwire's decoders with atheris (libFuzzer for Python).

Run: ``pip install atheris`` then ``python benchmarks/atheris_harness.py -runs=100000``
(any libFuzzer flag works: ``-max_total_time=600``, a corpus directory...). Each input
is read as bytes, as text and as JSON, and goes through ``decode``, ``decode_all``,
``detect``, ``decode_tool``, ``decode_result``, ``convert``, the stream accumulator
and ``decode_text``; anything other than a ``ToolwireError`` is a crash that atheris
reports with the input that caused it.
"""

from __future__ import annotations

import contextlib
import json
import sys
from typing import Any

import atheris

with atheris.instrument_imports():  # every module loaded here is instrumented
    import toolwire
    import toolwire.dialects  # noqa: F401 (the dialect modules load lazily otherwise)
    import toolwire.text._table  # noqa: F401
    from toolwire.stream import accumulate

TEXT_FORMATS = ["text.hermes", "text.llama", "text.mistral", "text.qwen3-xml", "text.deepseek", "text.kimi"]


def _quiet(fn: Any, *args: Any, **kw: Any) -> None:
    with contextlib.suppress(toolwire.ToolwireError):
        fn(*args, **kw)


def one(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    pick = fdp.ConsumeIntInRange(0, 7)
    body = fdp.ConsumeBytes(fdp.remaining_bytes())
    text = body.decode("utf-8", "replace")
    value: Any = body if pick == 0 else text
    if pick >= 2:
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            value = text
    for fn in (toolwire.decode, toolwire.decode_all, toolwire.detect, toolwire.decode_tool, toolwire.decode_result):
        _quiet(fn, value)
    _quiet(toolwire.decode_all, value, invalid="keep", allow_truncated=True)
    _quiet(toolwire.convert, value, "anthropic.messages")
    _quiet(accumulate, value if isinstance(value, list) else [value])
    _quiet(toolwire.decode_text, text, TEXT_FORMATS[pick % len(TEXT_FORMATS)])


def main() -> None:
    atheris.Setup(sys.argv, one)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
