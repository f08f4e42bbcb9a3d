"""Writers that do not go through a JSON library (Gemma 4's value syntax, Python
literals for LFM2 and Llama's pythonic form) write arguments nested up to
``MAX_WRITE_DEPTH`` levels, past what any decoder reads (the arguments policy stops at
200), and refuse deeper ones with an ``EncodeError`` at the ``$.path``, never a
``RecursionError`` (the JSON writers turn ``json.dumps``'s into one too)."""

from __future__ import annotations

from typing import Any

import pytest

from toolwire import EncodeError, ToolCall, decode_text, encode_text
from toolwire.text._pythonic_write import MAX_WRITE_DEPTH


def _chain(n: int, key: str = "a") -> Any:
    out: Any = 1
    for _ in range(n):
        out = {key: out}
    return out


@pytest.mark.parametrize("depth", [MAX_WRITE_DEPTH + 2, 1500, 5000])
@pytest.mark.parametrize(("fmt", "loc"), [
    ("text.gemma", "$[0].args" + ".a" * MAX_WRITE_DEPTH),
    ("text.lfm2", "$[0].args.a" + ".a" * MAX_WRITE_DEPTH),  # an argument's value is the first level
])
def test_arguments_nested_too_deep_are_an_encode_error_with_a_path(fmt: str, loc: str, depth: int) -> None:
    with pytest.raises(EncodeError) as err:
        encode_text([ToolCall("f", _chain(depth))], fmt)
    assert err.value.loc == loc and err.value.dialect == fmt
    assert str(err.value).endswith(f"are nested deeper than {MAX_WRITE_DEPTH} levels, the most {fmt} writes")


def test_the_path_quotes_keys_that_are_no_names_and_shows_indexes() -> None:
    deep: Any = 1
    for _ in range(MAX_WRITE_DEPTH):
        deep = [{"a b": deep}]
    with pytest.raises(EncodeError) as err:
        encode_text([ToolCall("f", {"q": deep})], "text.gemma")
    assert err.value.loc == "$[0].args.q" + '[0]["a b"]' * ((MAX_WRITE_DEPTH - 1) // 2) + "[0]"


@pytest.mark.parametrize("fmt", ["text.gemma", "text.lfm2"])
def test_arguments_as_deep_as_a_decoder_reads_round_trip(fmt: str) -> None:
    call = ToolCall("f", _chain(199))
    assert decode_text(encode_text([call], fmt), fmt).tool_calls[0].args == call.args
