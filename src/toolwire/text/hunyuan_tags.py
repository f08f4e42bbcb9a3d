"""The structural tokens of ``text.hunyuan`` (``hunyuan.py``, ``hunyuan_encode.py``): one
spelling per token suffix, bare (``""``) or suffixed (``":opensource"``).
"""

from __future__ import annotations

from typing import NamedTuple

from ._options import SUFFIX_MAX

__all__ = ["BARE", "MAX_SUFFIX", "NAME", "Tags", "tags"]

NAME = "text.hunyuan"
MAX_SUFFIX = SUFFIX_MAX  # characters of a token suffix after its ':' (``_options``)


class Tags(NamedTuple):
    """The structural tokens of one spelling: bare (``sfx`` ``""``) or suffixed."""

    sfx: str
    open: str
    close: str
    call: str
    call_end: str
    sep: str
    pairs: tuple[str, str, str, str]
    think: str
    think_end: str
    eos: str  # the end of the turn, a stop token (tencent-Hy3.jinja: '<｜hy_eos{}｜>', U+FF5C)


def tags(s: str) -> Tags:
    return Tags(s, f"<tool_calls{s}>", f"</tool_calls{s}>", f"<tool_call{s}>", f"</tool_call{s}>",
                 f"<tool_sep{s}>", (f"<arg_key{s}>", f"</arg_key{s}>", f"<arg_value{s}>", f"</arg_value{s}>"),
                 f"<think{s}>", f"</think{s}>", f"<｜hy_eos{s}｜>")


BARE = tags("")
