"""encode_text writes a parameter name only if the family's parser reads it back as that name.

An empty name (``<parameter=>``, ``name=""``) and, in DSML, a name holding ``>`` (the
parameter tag's head ends at the first ``>``) were written, and read back as an
``InvalidToolCall`` ("has a parameter without a name"): a history that no model
template would render, and that toolwire itself could not read.
"""

from __future__ import annotations

import pytest

from toolwire._errors import EncodeError
from toolwire._types import ToolCall
from toolwire.text._api import TEXT_FORMATS, decode_text, encode_text

CASES = [(f.name, v) for f in TEXT_FORMATS for v in (None, *f.variants)]
KEYS = ["", "a>b", "a b", "<parameter=z>", 'q"uote', "x.y", "ключ", "a\tb", "'q", "a<b", "a<arg_value>b"]


@pytest.mark.parametrize(("dialect", "variant"), CASES)
@pytest.mark.parametrize("key", KEYS)
def test_a_parameter_name_is_read_back_or_refused(dialect: str, variant: str | None, key: str) -> None:
    call = ToolCall(name="f", args={key: "v"})
    try:
        text = encode_text(call, dialect, variant=variant)
    except EncodeError:
        return
    r = decode_text(text, dialect, finish_reason="stop")
    assert [(c.name, getattr(c, "args", None)) for c in r.tool_calls] == [("f", {key: "v"})], text


def test_empty_parameter_name_is_refused_with_the_family_named() -> None:
    with pytest.raises(EncodeError, match="text.qwen3-xml"):
        encode_text(ToolCall(name="f", args={"": 1}), "text.qwen3-xml")
    with pytest.raises(EncodeError, match="text.deepseek"):
        encode_text(ToolCall(name="f", args={"a>b": 1}), "text.deepseek")
