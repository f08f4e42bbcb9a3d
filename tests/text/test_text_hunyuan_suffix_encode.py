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
from toolwire.text.hunyuan import FORMAT, suffixed

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
    assert exc.value.loc == "$[1]"  # the first call with another suffix


@pytest.mark.parametrize("bad", [["x"], {"s": 1}, 5])
def test_a_suffix_in_provider_data_that_is_no_string_is_refused_at_its_call(bad: object) -> None:
    call = ToolCall("f", {"a": 1}, provider_data={D: {"suffix": bad}})
    with pytest.raises(EncodeError, match=r"^Token suffix .* in the calls' provider data is not one text.hunyuan") as exc:
        encode_text([ToolCall("g"), call], D)
    assert exc.value.loc == "$[1]"


# -- suffixed(suffix): the format that writes one checkpoint's tokens for calls of any origin


def test_calls_of_any_origin_written_with_a_checkpoints_suffix() -> None:
    weather = ToolCall(name="get_current_weather", args={"city": "Dallas", "state": "TX", "days": 3})
    assert encode_text(weather, suffixed(":opensource")) == _sfx(HY3)
    beijing = ToolCall(name="get_weather", args={"city": "Beijing", "days": 3})
    assert encode_text(beijing, suffixed(":6124c78e"), variant="hy4") == _sfx(HY4, ":6124c78e")
    # the checkpoint named wins over the one the calls were decoded from
    decoded = decode_text(_sfx(HY4, ":a"), D).tool_calls
    assert encode_text(decoded, suffixed(":b")) == _sfx(HY4, ":b")


def test_the_suffixed_format_reads_as_the_family_does() -> None:
    fmt = suffixed(":opensource")
    assert fmt.name == D
    for text in (_sfx(HY3), HY4, "<think>r</think>" + _sfx(HY4)):
        assert decode_text(text, fmt) == decode_text(text, FORMAT)
    calls = decode_text(_sfx(HY3), D).tool_calls
    assert decode_text(encode_text(calls, fmt), fmt).tool_calls == calls


def test_the_a13b_array_has_no_suffix() -> None:
    with pytest.raises(EncodeError) as exc:
        encode_text(ToolCall(name="f", args={}), suffixed(":opensource"), variant="a13b")
    assert exc.value.message == (
        "text.hunyuan variant 'a13b' (Hunyuan-A13B's JSON array) has no token suffix; use variant 'hy3' or 'hy4'"
    )


@pytest.mark.parametrize("bad", ["opensource", ":", ": x", ":a>b", ":a<b", ":" + "x" * 65, 5, None])
def test_a_suffix_that_no_token_has_is_refused(bad: object) -> None:
    with pytest.raises(EncodeError, match=r"^Token suffix .* is not one text.hunyuan can write \(':' then 1 to 64"):
        suffixed(bad)  # type: ignore[arg-type]
