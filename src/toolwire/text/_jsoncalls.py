"""Calls written as JSON ``{"name": …, "arguments": {…}}`` objects (or arrays of them).

Shared by the JSON-bodied newer families (Granite, Hunyuan A13B, Jamba, InternLM,
ERNIE): one object is one call, an array holds several; ``parameters`` is read like
``arguments``. JSON that cannot be read goes through the arguments policy (repairs
recorded, never a repair of cut-off JSON); what is still not a call is an
``InvalidToolCall`` with the block's text.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .._args import read_block
from .._errors import ArgumentsError
from .._repeats import first_repeat
from ._core import TextParser
from ._kit import MISSING, block_problem, empty_list, fast_block, loose_name, name_hint

__all__ = ["ItemReader", "cut_json", "cut_json_calls", "json_block", "json_calls", "object_region"]

# a family whose call objects are not ``{"name", "arguments"}``: reads one item of the
# region (the parser, the item, the region's raw text, the repairs made to its JSON)
ItemReader = Callable[[TextParser, Any, str, "tuple[str, ...]"], None]


def json_calls(
    m: TextParser,
    text: str,
    raw: str,
    variant: str | None = None,
    *,
    arrays: bool = True,
    read: ItemReader | None = None,
    hint: Callable[[str], str | None] = name_hint,
) -> None:
    """Add the calls of the JSON in *text* (``arrays``: an array of calls is allowed; an
    empty one is an ``InvalidToolCall``, ``_kit.empty_list``); *read* reads each item
    when the family's call objects have another shape, *hint* names the region when its
    JSON cannot be read."""
    value, repairs = fast_block(m, text)
    if value is MISSING:  # other text as the policy reads it (an array as an object: ``read_block``)
        try:
            value, repairs = read_block(text.strip(), m.policy, m.loc, m.dialect, lists=arrays)
        except ArgumentsError as exc:
            m.invalid(hint(text), raw, block_problem(m.loc, exc.message), truncated=exc.truncated)
            return
    if type(value) is not dict and not (arrays and type(value) is list and value):
        if not empty_list(m, value, raw):
            m.invalid(hint(text), raw, f"Tool call at {m.loc} is not a JSON object of a call")
        return
    for item in value if type(value) is list else [value]:
        if read is not None:
            read(m, item, raw, repairs)
            continue
        if type(item) is not dict or type(item.get("name")) is not str:
            m.invalid(None, raw, f"Tool call at {m.loc} is not an object with a \"name\" string")
            continue
        m.json_call(item, raw, repairs=repairs, variant=variant)


def object_region(m: TextParser, text: str, end: str, complete: bool) -> None:
    """A call region holding one JSON call object (a ``BodyMode``'s parse): cut off, a
    truncated call named by the text's ``"name"`` when it has one."""
    raw = m.opener + text + end
    if not complete:
        m.truncated(name_hint(text), raw)
        return
    json_calls(m, text, raw, arrays=False)


def cut_json(text: str, notes: list[str] | None = None) -> tuple[list[Any], str]:
    """A region of JSON calls that the end of the text cut off: the values (a ``[…]``
    array's items, or values one after another, MiniMax M1's lines) that closed
    before the cut, and the text of the rest (the call that was cut, or ``""``). A
    value counts as closed only when a ``,`` or, between values written one after
    another, another value follows it. Raw control characters in a string are read as
    themselves, as the whole region's reader reads them (``_repair``; noted
    ``control-characters`` in *notes*). Each value is read once or twice: linear."""
    dec = json.JSONDecoder()
    n = len(text)
    i = 0
    while i < n and text[i].isspace():
        i += 1
    array = text.startswith("[", i)
    if array:
        i += 1
    done: list[Any] = []
    while True:
        while i < n and (text[i].isspace() or (not array and text[i] in ",;")):
            i += 1
        if i >= n:
            return done, ""
        try:
            value, j = dec.raw_decode(text, i)
        except ValueError as exc:
            if not str(exc).startswith("Invalid control character"):
                return done, text[i:]
            # a raw newline in a string (a file's lines): one meaning, the characters; the rest
            # read leniently too (each failed strict read counts the lines before it: quadratic)
            dec = _LENIENT
            try:
                value, j = dec.raw_decode(text, i)
            except (ValueError, RecursionError):
                return done, text[i:]
            if notes is not None and not notes:
                notes.append("control-characters")
        except RecursionError:
            return done, text[i:]
        if first_repeat(text[i:j], value) is not None:  # a key given twice: not taken whole (the cut call's)
            return done, text[i:]
        k = j
        while k < n and text[k].isspace():
            k += 1
        if array and text.startswith(",", k):
            k += 1
        elif array or k >= n:
            return done, text[i:]  # nothing after it proves it whole
        done.append(value)
        i = k


_LENIENT = json.JSONDecoder(strict=False)


def json_block(
    m: TextParser, text: str, end: str, complete: bool, *, read: ItemReader | None = None,
    hint: Callable[[str], str | None] | None = None,
) -> None:
    """A region of JSON calls as a ``BodyMode`` reads it (Jamba, Nemotron, Apertus,
    Command R): its calls (``json_calls``), or cut off, those that closed and the cut one
    (``cut_json_calls``); *read* and *hint* as theirs (``None``: each one's own)."""
    raw = m.opener + text + end
    kw: dict[str, Any] = {} if hint is None else {"hint": hint}
    if complete:
        json_calls(m, text, raw, read=read, **kw)
    else:
        cut_json_calls(m, text, raw, read=read, **kw)


def cut_json_calls(
    m: TextParser,
    text: str,
    raw: str,
    variant: str | None = None,
    *,
    read: ItemReader | None = None,
    hint: Callable[[str], str | None] = loose_name,
) -> None:
    """The calls of a cut-off JSON region (``cut_json``): those that closed before the
    cut are whole (each read by *read* when given), and the rest is one
    ``InvalidToolCall`` (``truncated``) named by its own ``"name"`` (*hint*; never the
    first call's)."""
    notes: list[str] = []
    done, tail = cut_json(text, notes)
    repairs = tuple(notes)
    for item in done:
        if read is not None:
            read(m, item, raw, repairs)
            continue
        if type(item) is not dict or type(item.get("name")) is not str:
            m.invalid(None, raw, f"Tool call at {m.loc} is not an object with a \"name\" string")
            continue
        m.json_call(item, raw, repairs=repairs, variant=variant)
    m.truncated(hint(tail), raw)
