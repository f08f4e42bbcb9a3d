"""Writers of the XML-style argument lists ``_params`` reads: a call's arguments as
parameter elements (``write_params``; Qwen3-Coder's ``<function=…>`` blocks,
``write_functions``) or as ``<arg_key>`` / ``<arg_value>`` pairs (``write_pairs``), each
name and value refused (``EncodeError``) where the reader would not read it back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Callable

from .._errors import EncodeError, excerpt
from .._path_steps import key_step
from .._types import ToolCall
from ._kit import calls_of, dumps, forbid, forbid_key, forbid_space
from ._params import CODER_TAGS, SLIPS, wrap_nl

__all__ = ["name_text", "value_text", "write_functions", "write_pairs", "write_params"]


def name_text(key: str, markers: tuple[str, ...], dialect: str) -> str:
    """*key* as an encoder writes it in a parameter tag: refused (``EncodeError``) when
    it holds one of *markers* or the reader would take it for a slip (``bad_name``)."""
    forbid_key(key, SLIPS + markers, "Parameter name", dialect)
    if key[:1] == "'" or key[-1:] == "'":
        raise EncodeError(f"Parameter name {excerpt(key)} starts or ends with a quote, which {dialect} "
                          "cannot carry", dialect=dialect, loc="$.args" + key_step(key))
    return key


def value_text(v: Any, markers: Sequence[str], dialect: str, key: str) -> str:
    """The value *v* of argument *key* as text (strings as they are, others as JSON),
    refused (``EncodeError``) when it holds one of *markers*: the tags that would end it
    or start the next element (``(close, open_)``), or more where the format says so."""
    text = v if type(v) is str else dumps(v, dialect)
    return forbid(text, markers, "Value", dialect, "$.args", key)


def write_params(
    c: ToolCall,
    tags: tuple[str, str, str],
    dialect: str,
    *,
    quoted: bool = False,
    spaced: bool = False,
    keys: tuple[str, ...] = ("\n",),
    value: Callable[[str, Any], str] | None = None,
    strip: bool = True,
) -> list[str]:
    """The arguments of *c* as ``read_params`` reads them, one element each:
    ``{open_}KEY{head_end}VALUE{close}`` (*tags*; *quoted*: ``"KEY"``, as MiniMax M2 and
    Step 3 write it). KEY as ``name_text`` writes it, refusing *keys* too, and, bare,
    whitespace around it (``attr_name`` strips it) unless the reader keeps it (*spaced*:
    Solar Open 2); VALUE as
    *value* (key, value) writes it, by default ``value_text`` refusing *close* and
    *open_*, with ``wrap_nl``'s line breaks where the reader strips one newline on each
    side (*strip*: Step 3, dots), else as it is (Seed-OSS, MiniMax M2: their templates
    write ``<parameter…>`` + value + ``</parameter>``). The caller puts the elements
    between the call's own tags."""
    open_, head_end, close = tags
    q = '"' if quoted else ""
    out = []
    for k, v in c.args.items():
        name_text(k, keys, dialect)
        if not (quoted or spaced):
            forbid_space(k, "Parameter name", dialect)
        if value is not None:
            text = value(k, v)
        else:
            text = value_text(v, (close, open_), dialect, k)
            text = wrap_nl(text) if strip else text
        out.append(f"{open_}{q}{k}{q}{head_end}{text}{close}")
    return out


def write_functions(
    calls: Sequence[ToolCall],
    block: tuple[str, str],
    dialect: str,
    *,
    sep: str = "\n",
    value: Callable[[str, Any], str] | None = None,
    strip: bool = True,
) -> str:
    """*calls* as the Qwen3-Coder template writes them (``CODER_TAGS``), each in a block
    of its own (*block*: its opening and closing tags): the opening tag,
    ``<function=NAME>``, one ``<parameter=KEY>`` element per argument (``write_params``;
    *value*, *strip*), ``</function>`` and the closing tag, one a line; the blocks joined by *sep*."""
    fn, p, p_end, fn_end = CODER_TAGS
    open_, close = block
    return sep.join(
        "\n".join([open_, f"{fn}{c.name}>", *write_params(c, (p, ">", p_end), dialect, value=value, strip=strip),
                   fn_end, close])
        for c in calls_of(calls, dialect)
    )


def write_pairs(
    calls: Sequence[ToolCall], tags: tuple[str, str, str, str], open_: str, close: str, nl: str, dialect: str
) -> str:
    """*calls* as ``read_pairs`` reads them (GLM, LongCat-Flash-Lite): ``{open_}NAME{nl}``,
    then ``<arg_key>K</arg_key>{nl}<arg_value>V</arg_value>{nl}`` per argument (*tags*),
    then *close*, the calls joined by *nl*. Values as ``value_text`` writes them; a key
    holding one of *tags* or *close*, or whitespace around it (``read_pairs`` strips it),
    is an ``EncodeError``."""
    k_open, k_close, v_open, v_close = tags
    mid, end = k_close + nl + v_open, v_close + nl  # between a key and its value, after the value
    out = []
    for c in calls_of(calls, dialect):
        parts = [open_ + c.name + nl]
        for key, v in c.args.items():
            forbid(key, (*tags, close), "Argument name", dialect, "$.args", key)
            forbid_space(key, "Argument name", dialect)
            parts.append(f"{k_open}{key}{mid}{value_text(v, (v_close, v_open), dialect, key)}{end}")
        parts.append(close)
        out.append("".join(parts))
    return nl.join(out)
