"""text.hunyuan: writing the suffixed tokens of the shipping Hy3 / HY V4 checkpoints.

Each checkpoint spells every structural token with one suffix (``<tool_calls:opensource>``;
vLLM's hy_v3 parser reads it from ``tokenizer_config.json`` ``token_suffix``, its hy_v4
parser finds it in the vocab), and the chat template writes the history's calls with
those tokens. Calls decoded from such output keep their suffix and are written back
with it; ``suffixed(suffix)`` is the format that writes it for calls of any origin.
"""

from __future__ import annotations

import pytest

from toolwire._errors import EncodeError
from toolwire._types import ToolCall
from toolwire.text._api import decode_text, encode_text

D = "text.hunyuan"
HY3 = ("<tool_calls>\n<tool_call>get_current_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Dallas</arg_value>\n"
       "<arg_key>state</arg_key>\n<arg_value>TX</arg_value>\n<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n"
       "</tool_call>\n</tool_calls>")
HY4 = ("<tool_calls><tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing</arg_value>"
       "<arg_key>days</arg_key><arg_value>3</arg_value></tool_call></tool_calls>")


def _sfx(text: str, s: str = ":opensource") -> str:
    for tag in ("think", "tool_calls", "tool_call", "tool_sep", "arg_key", "arg_value"):
        text = text.replace(f"<{tag}>", f"<{tag}{s}>").replace(f"</{tag}>", f"</{tag}{s}>")
    return text


def test_a_block_mixing_decoded_and_new_calls_keeps_the_suffix() -> None:
    # calls decoded from a suffixed checkpoint, and one call of another origin beside them:
    # the block was written with bare tokens, which that checkpoint reads as text
    decoded = list(decode_text(_sfx(HY4), D).tool_calls)
    new = ToolCall(name="get_time", args={})
    out = encode_text([*decoded, new], D, variant="hy4")
    assert out == _sfx(HY4.replace("</tool_calls>", "<tool_call>get_time</tool_call></tool_calls>"))


def test_calls_decoded_with_two_suffixes_cannot_share_a_block() -> None:
    a = decode_text(_sfx(HY4, ":a"), D).tool_calls
    b = decode_text(_sfx(HY4, ":b"), D).tool_calls
    with pytest.raises(EncodeError) as exc:
        encode_text([*a, *b], D, variant="hy4")
    assert exc.value.message == (
        "Calls decoded with different token suffixes (':a', ':b') cannot be written in one text.hunyuan block"
    )
