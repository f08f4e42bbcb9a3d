"""The writer of ``text.hunyuan`` (``hunyuan.py``): Hy3 / HY V4 markup or the A13B JSON array.

Encoding: variant ``hy3`` (default; one element per line, as the detectors' examples
show), ``hy4`` (no ``<tool_sep>``, no newlines, as vLLM's HY V4 tests write it) or
``a13b`` (the JSON array). Calls decoded from suffixed tokens (``<tool_calls:opensource>``)
are written with their suffix, and so are calls of another origin in the same block.

Sources (checked 2026-12-02; HY V4 2026-12-09): vllm-project/vllm
``vllm/tool_parsers/hy_v3_tool_parser.py``, ``hy_v4_tool_parser.py`` and
``tests/tool_parsers/test_hy_v4_tool_parser.py``, ``hunyuan_a13b_tool_parser.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._errors import EncodeError, excerpt
from .._types import ToolCall
from ._kit import calls_of, dumps, forbid, forbid_space
from .hunyuan_tags import BARE, MAX_SUFFIX, NAME, tags

__all__ = ["check_suffix", "encode", "suffix_of"]


def suffix_of(cs: Sequence[ToolCall]) -> str:
    """The token suffix the calls were decoded with, else ``""``: calls of another origin
    (no suffix in their provider data) take the suffix of those beside them, since one
    block has one spelling; two different suffixes are an ``EncodeError``."""
    found: dict[object, None] = {}
    other = 0  # the first call whose suffix is not the first one's
    for i, c in enumerate(cs):
        data = c.provider_data.get(NAME) if type(c.provider_data) is dict else None
        sfx = data.get("suffix", "") if type(data) is dict else ""
        if sfx != "":
            check_suffix(sfx, "in the calls' provider data ")  # (before it is a key: a list is none)
            found[sfx] = None
            other = other or (i if len(found) > 1 else 0)
    if len(found) > 1:
        raise EncodeError(f"Calls decoded with different token suffixes ({', '.join(excerpt(s) for s in found)}) "
                          f"cannot be written in one {NAME} block", dialect=NAME, loc=f"$[{other}]")
    return str(next(iter(found), ""))  # checked: a str


def check_suffix(sfx: object, where: str = "", empty: bool = True) -> None:
    """An ``EncodeError`` unless *sfx* is a token suffix: ':' then 1 to ``MAX_SUFFIX``
    characters, no whitespace, '<' or '>' (or, with *empty*, ``""``: bare tokens)."""
    if (sfx != "" or not empty) and (
        type(sfx) is not str
        or sfx[:1] != ":"
        or not 1 < len(sfx) <= MAX_SUFFIX + 1
        or any(ch in "<>" or ch.isspace() for ch in sfx)
    ):
        raise EncodeError(f"Token suffix {excerpt(sfx)} {where}is not one {NAME} can write "
                          f"(':' then 1 to {MAX_SUFFIX} characters, no whitespace, '<' or '>')", dialect=NAME)


def encode(calls: Sequence[ToolCall], variant: str | None, suffix: str | None = None) -> str:
    """*calls* as *variant* writes them, with the tokens of *suffix* (``hunyuan.suffixed``)
    or else of the suffix the calls were decoded with."""
    cs = calls_of(calls, NAME)
    if variant == "a13b":
        if suffix:
            raise EncodeError(f"{NAME} variant 'a13b' (Hunyuan-A13B's JSON array) has no token suffix; "
                              "use variant 'hy3' or 'hy4'", dialect=NAME)
        return BARE.open + dumps([{"name": c.name, "arguments": c.args} for c in cs], NAME) + BARE.close
    t = tags(suffix_of(cs) if suffix is None else suffix)
    k, k_end, v, v_end = t.pairs
    out = [t.open]
    for c in cs:
        out.append(f"{t.call}{c.name}{'' if variant == 'hy4' else t.sep}")
        for key, val in c.args.items():
            forbid(key, (k_end, "<", "\n"), "Argument name", NAME, "$.args", key)
            forbid_space(key, "Argument name", NAME)  # (the reader strips it)
            text = val if type(val) is str else dumps(val, NAME)
            forbid(text, (v_end, v), "Value", NAME, "$.args", key)
            out += [f"{k}{key}{k_end}", f"{v}{text}{v_end}"]
        out.append(t.call_end)
    out.append(t.close)
    return ("" if variant == "hy4" else "\n").join(out)
