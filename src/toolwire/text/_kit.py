"""Small building blocks the text families share (mode wiring, JSON helpers, encode checks)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import partial
from typing import Any

from .._args import load_json, same_json
from .._errors import EncodeError, excerpt
from .._json_ints import write_json
from .._path_steps import key_step
from .._repeats import unrepeated
from .._types import ToolCall
from ._core import Action, Mode, TextParser
from ._recovered import in_value, recover

__all__ = [
    "ATTR",
    "MISSING",
    "abandon",
    "abandoned",
    "args_text",
    "content_between",
    "body",
    "calls_of",
    "dumps",
    "empty_list",
    "fast_block",
    "forbid",
    "forbid_key",
    "goto",
    "json_shaped",
    "loads",
    "loose_name",
    "name_hint",
    "empty_closed",
    "empty_cut",
    "no_calls",
    "refusal",
    "stay",
]

MISSING: Any = object()
# name="value" attributes (DeepSeek DSML, Kimi K3): a match starts only at the start of a
# word, one try per word, linear on any text (without the lookbehind a run of letters
# with no "=" was retried at every letter)
ATTR = re.compile(r'(?<!\w)(\w+)\s*=\s*"([^"]*)"')
_NAME = re.compile(r'"name"\s*:\s*"((?:[^"\\]|\\.)*)"')


def goto(mode: Mode) -> Action:
    """Action: drop the marker, switch to *mode* (a partial of a module-level function, as
    ``body``: a format of one's own made of them pickles)."""
    return partial(_goto, mode)


def _goto(mode: Mode, m: TextParser, tok: str) -> None:
    m.mode = mode


def stay(m: TextParser, tok: str) -> None:
    """Action: drop the marker (a stray closing marker), stay in the mode."""


def body(mode: Mode) -> Action:
    """Action: start collecting a call region in *mode*."""
    return partial(_body, mode)


def _body(mode: Mode, m: TextParser, tok: str) -> None:
    m.open_body(mode, tok)


def abandoned(m: TextParser, mode: Mode, name: str | None, text: str, closer: str, *, id: str | None = None,
              opener: str = "", opens: tuple[str, ...] = (), ends: tuple[str, ...] = (),
              values: tuple[tuple[str, str], ...] = ()) -> None:
    """The open call's region (read in *mode*, its text *text*) ended at its own opener
    (*opener*, if the region opened without it), a marker that begins the next call and
    is no value text there: the open call was abandoned (``abandon``), and the marker
    opens the next region."""
    opener = opener or m.opener
    abandon(m, name, m.opener + text, closer, id=id, opener=opener, opens=opens, ends=ends, values=values)
    m.open_body(mode, opener)


def abandon(m: TextParser, name: str | None, raw: str, closer: str, *, id: str | None = None,
            opener: str = "", opens: tuple[str, ...] = (), ends: tuple[str, ...] = (),
            values: tuple[tuple[str, str], ...] = ()) -> None:
    """An ``InvalidToolCall`` for a call the model left open (a call opener, *opener* or
    its region's, came again before *closer*): never a call, nor one holding the next
    call's text. When *raw* ends inside a value (one of *values*' opener / closer pairs,
    ``'"'`` a JSON string), the call read after it runs only when the end of the text,
    another call opener (*opens*: the next call decides) or a marker of *ends* follows it
    (``_recovered``: else it may be text inside that value)."""
    follow = values and in_value(raw, values)
    recover(m, opens if follow else (), ends)
    m.invalid(name or None, raw, f"Tool call at {m.loc} is abandoned: {opener or m.opener} begins another call "
              f"before {closer} closes it", id=id)


def loads(text: str) -> Any:
    """JSON value of *text*, or ``MISSING`` (lone surrogates read as the wire decoders read them)."""
    try:
        return load_json(text)
    except (ValueError, TypeError):
        return MISSING


_NONE: tuple[str, ...] = ()


def fast_block(m: TextParser, text: str) -> tuple[Any, tuple[str, ...]]:
    """The strict JSON value of a call block's *text* (no repairs), or ``MISSING``: not
    strict JSON, or longer than the policy's ``max_bytes`` (``_args.read_block`` then
    reads or refuses it: the one path every block takes when this one cannot)."""
    s = text.strip()
    if len(s) > m.policy.max_bytes:
        return MISSING, _NONE
    try:
        value = load_json(s)
    except (ValueError, TypeError):
        return MISSING, _NONE
    return (value, _NONE) if unrepeated(s, value) else (MISSING, _NONE)  # a key given twice: ``read_block`` says


def empty_list(m: TextParser, value: Any, raw: str) -> bool:
    """Whether *value*, the JSON a call block holds, is an empty list ``[]``: then the
    block is one ``InvalidToolCall`` (*raw*; one wording in every family), never nothing.
    Read as nothing, the call marker would vanish and the reply would look like a
    finished empty answer (no template writes the marker for a turn without calls)."""
    if type(value) is not list or value:
        return False
    m.invalid(None, raw, f"Tool call block at {m.loc} holds an empty list of calls")
    return True


def no_calls(m: TextParser, raw: str) -> None:
    """A call block that holds no call (*raw*): one ``InvalidToolCall``, never nothing, as
    an empty JSON list is (``empty_list``: the marker would vanish and the reply look like
    a finished empty answer)."""
    m.invalid(None, raw, f"Tool call block at {m.loc} holds no calls")


def empty_closed(opener: str, content: Mode, m: TextParser, tok: str) -> None:
    """Action: the closer *tok* of a section that *opener* opened, with no call read
    in it (the parser is in the family's "empty section" mode): ``no_calls``."""
    no_calls(m, opener + tok)
    m.mode = content


def empty_cut(opener: str, m: TextParser) -> None:
    """An "empty section" mode's ``at_end``: the text ended in the section *opener*
    opened with no call in it, a cut-off call without a name."""
    m.truncated(None, opener)


def json_shaped(code: str) -> bool:
    """Whether stripped *code* opens as JSON calls do: an object, or a list of objects."""
    return code[:1] == "{" or code[:1] + code[1:].lstrip()[:1] == "[{"


def dumps(value: Any, dialect: str, compact: bool = False, indent: int | None = None, sort_keys: bool = False) -> str:
    """JSON text (non-ASCII kept; *indent*: one line per value; *sort_keys*: each object's
    keys in order) or an ``EncodeError``."""
    try:
        if compact:
            return write_json(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"), sort_keys=sort_keys)
        if indent is not None:
            return write_json(value, ensure_ascii=False, allow_nan=False, indent=indent)
        return write_json(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise EncodeError(
            f"Arguments cannot be written as JSON in {dialect}: {exc}", dialect=dialect
        ) from None


def args_text(call: ToolCall, dialect: str) -> str:
    """The argument JSON of *call*: its text as received while it still reads as its
    args (an unchanged call re-encodes byte for byte), else fresh JSON."""
    if call.raw is not None and same_json(loads(call.raw), call.args):
        return call.raw
    return dumps(call.args, dialect)


def content_between(m: TextParser, text: str, after: int, marker: str) -> int:
    """The text from *after* to the next *marker* (or the end), between two calls of one
    block, as content unless it is whitespace; the marker's position (-1: none)."""
    pos = text.find(marker, after)
    rest = text[after : pos if pos >= 0 else len(text)]
    if rest.strip():
        m.emit_content(rest)
    return pos


def block_problem(loc: str, message: str) -> str:
    """The error of a call block whose text the arguments policy could not read as one
    JSON object: *message* (``parse_arguments``'s, about "Arguments") said of the block,
    which is at fault (a list, a trailing ``}``), not the arguments inside it."""
    if message.startswith("Tool call block"):  # already said of the block (``read_block``: too long)
        return message
    prefix = f"Arguments at {loc} "
    detail = message[len(prefix) :] if message.startswith(prefix) else message
    return f"Tool call block at {loc} is not one JSON call object: its contents {detail}"


def name_hint(body: str) -> str | None:
    """The ``"name": "…"`` of a JSON call body that could not be read whole."""
    hit = _NAME.search(body)
    if hit is None:
        return None
    v = loads('"' + hit.group(1) + '"')
    return v if type(v) is str and v else None


def loose_name(body: str, field: str = "name") -> str | None:
    """The name of a call body that could not be read whole, JSON or Python-literal
    style: the first ``"name"`` / ``'name'`` key (or *field*) followed by ``:`` and a
    whole quoted string (one linear pass; a name cut off is no name)."""
    n = len(body)
    for q in ("\"", "'"):
        key = q + field + q
        i = body.find(key)
        while i >= 0:
            j = i + len(key)
            while j < n and body[j].isspace():
                j += 1
            if j < n and body[j] == ":":
                j += 1
                while j < n and body[j].isspace():
                    j += 1
                if j < n and body[j] in "\"'":
                    end = body.find(body[j], j + 1)
                    v = body[j + 1 : end] if end > 0 else ""
                    return v if v and "\\" not in v else None
                return None
            i = body.find(key, j)
    return None


def calls_of(calls: Any, dialect: str) -> list[ToolCall]:
    """*calls* (one ``ToolCall`` or a sequence of them) as a list, or an ``EncodeError``."""
    if issubclass(type(calls), ToolCall):
        return [calls]
    if not isinstance(calls, (list, tuple)):
        raise EncodeError(
            f"encode_text takes ToolCall values, got {type(calls).__name__} {excerpt(calls)}",
            dialect=dialect,
        )
    out = []
    for i, c in enumerate(calls):
        if not issubclass(type(c), ToolCall):
            raise EncodeError(
                f"Item {i} is not a ToolCall: {type(c).__name__} {excerpt(c)}",
                dialect=dialect,
                loc=f"$[{i}]",
            )
        out.append(c)
    return out


def forbid_key(key: str, markers: Sequence[str], what: str, dialect: str) -> str:
    """*key* (an argument's name, written in a tag) unless it is empty or holds one of
    *markers*: the family's parser reads an empty name as no name at all. Refused at
    ``$.args.key`` (``TextFormat.encode`` says it at the call's index)."""
    if not key:
        raise EncodeError(f"{what} is empty, which {dialect} cannot carry", dialect=dialect, loc='$.args[""]')
    return forbid(key, markers, what, dialect, "$.args", key)


def forbid_space(key: str, what: str, dialect: str, *, around: bool = True) -> str:
    """*key* (an argument's name, written in a tag) unless the family's parser would read
    it as another name: it strips the whitespace *around* a name (``<parameter= city>``
    is ``city``), or else reads a name of whitespace alone as none (an empty name is
    ``forbid_key``'s). Refused at ``$.args.key``."""
    if around and key != key.strip():
        raise EncodeError(f"{what} {excerpt(key)} starts or ends with whitespace, which {dialect} cannot carry",
                          dialect=dialect, loc="$.args" + key_step(key))
    if key and not key.strip():
        raise EncodeError(f"{what} {excerpt(key)} is only whitespace, which {dialect} cannot carry",
                          dialect=dialect, loc="$.args" + key_step(key))
    return key


def forbid(value: str, markers: Sequence[str], what: str, dialect: str, at: str, key: str | None = None) -> str:
    """*value* unless it contains one of *markers* (it could not be read back): refused at
    *at*, its path in its call (``$.name``, ``$.args``), under it *key*'s step when given
    (``$.args.city``: an argument or its value). ``TextFormat.encode`` says the path at
    the call's index (``$[1].args.city``); it is spelt only for the error."""
    for mk in markers:
        if mk in value:
            raise refusal(value, mk, what, dialect, at if key is None else at + key_step(key))
    return value


def refusal(value: str, marker: str, what: str, dialect: str, loc: str) -> EncodeError:
    """The ``EncodeError`` of ``forbid``: *value* (a *what*) holds *marker*, at *loc*."""
    return EncodeError(f"{what} {excerpt(value)} contains {marker!r}, which {dialect} cannot carry",
                       dialect=dialect, loc=loc)
