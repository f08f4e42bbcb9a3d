"""Coverage-guided fuzzing of toolwire's decoders with atheris (libFuzzer for Python).

Run: ``pip install atheris`` then ``python benchmarks/atheris_harness.py -runs=100000``
(any libFuzzer flag works: ``-max_total_time=600``, ``-print_final_stats=1``, a corpus
directory...). Each input is read as bytes, as text and as JSON, and goes through
``decode``, ``decode_all``, ``detect``, ``decode_tool``, ``decode_result``,
``convert``, the stream accumulator (whole and chunk by chunk), ``decode_text`` and a
``TextParser`` of one text format, ``response.normalize``, ``retry.classify``,
``schema.validate`` and a ``to_pydantic`` model; anything other than a
``ToolwireError`` (or a pydantic ``ValidationError`` from the model) is a crash that
atheris reports with the input that caused it.
"""

from __future__ import annotations

import contextlib
import json
import sys
from typing import Any

import atheris
import pydantic

with atheris.instrument_imports():  # every module loaded here is instrumented
    import toolwire
    import toolwire.dialects  # noqa: F401 (the dialect modules load lazily otherwise)
    import toolwire.text._table  # noqa: F401
    from toolwire import response, retry, schema
    from toolwire.stream import Accumulator, TextParser, accumulate

TEXT_FORMATS = ["text.hermes", "text.llama", "text.mistral", "text.qwen3-xml", "text.deepseek", "text.kimi",
                "text.gemma", "text.glm", "text.harmony"]
SCHEMA = {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "array", "items": {"$ref": "#"}}},
          "required": ["a"]}
STATE = retry.prepare({"model": "m", "messages": [{"role": "user", "content": "?"}]}, SCHEMA, "openai.chat",
                      mode="native").state
MODEL = schema.to_pydantic(SCHEMA)


def _quiet(fn: Any, *args: Any, **kw: Any) -> None:
    with contextlib.suppress(toolwire.ToolwireError):
        fn(*args, **kw)


def one(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    pick = fdp.ConsumeIntInRange(0, 17)
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
    acc = Accumulator()
    with contextlib.suppress(toolwire.ToolwireError):
        for chunk in value if isinstance(value, list) else [value]:
            acc.feed(chunk)
        acc.close()
    fmt = TEXT_FORMATS[pick % len(TEXT_FORMATS)]
    _quiet(toolwire.decode_text, text, fmt, finish_reason="length" if pick % 2 else None)
    parser = TextParser(fmt)
    with contextlib.suppress(toolwire.ToolwireError):
        for i in range(0, len(text), 1 + pick % 5):
            parser.feed(text[i:i + 1 + pick % 5])
        parser.close()
    _quiet(response.normalize, value)
    _quiet(retry.classify, value, STATE)
    _quiet(schema.validate, value, SCHEMA)
    with contextlib.suppress(pydantic.ValidationError):
        MODEL.model_validate(value)


def main() -> None:
    atheris.Setup(sys.argv, one)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
