"""XML-style argument lists shared by the newer families (MiniMax, Step, Seed-OSS, GigaChat 3.5).

A call's arguments are written one element per parameter, the value as text::

    <parameter name="city">Paris</parameter>          MiniMax M2 (``name='…'`` too)
    <steptml:parameter name="city">Paris</steptml:parameter>   Step 3
    <parameter=city>Paris</parameter>                 Seed-OSS, Step 3.5 (Qwen3-Coder style)
    <｜GCML｜parameter name="days" string="false">3</｜GCML｜parameter>   GigaChat 3.5 (``dsml_head``)

- The value is the text up to the first closing tag. One newline right after the
  opening tag and one right before the closing tag belong to the markup (``strip``:
  Qwen3-Coder's template writes them; Step 3, GigaChat 3.5 and dots are read so, as
  vLLM reads them); where the template writes the value straight between the tags
  (Seed-OSS, MiniMax M2) it is read as written.
  Values are typed by the tool's schema (``_schema.type_value``).
- A parameter name holding ``"``, ``<`` or ``>`` (or starting or ending with ``'``)
  is a slip of the markup, never a name: the templates write names raw inside the
  tags (``name="…"``, ``<parameter=…>``), so such a name cannot come from them
  (``<parameter name="query>a b</parameter>``, DSML ``name="query string="true"``,
  ``<parameter=que</parameter>ry>``). So is a name holding whitespace or ``=`` when
  ``tools=`` offers the tool with a closed object (``additionalProperties: false``, no
  ``patternProperties``) without such a property (Seed-OSS ``<parameter=query a>``); an
  open object takes any name (``"First Name"``), as ``encode_text`` writes it.
  The call is an ``InvalidToolCall`` keeping its text, never a call with a garbage key.
- A value that holds the parameter's own opening tag is not read: its closing tag
  may be missing, and taking the text up to the next closing tag would swallow the
  next parameter into it (the call becomes an ``InvalidToolCall``). For the same
  reason text between the parameters is an error.
- A parameter written twice, or a value giving a key twice in one object, in markup
  that is whole: that call alone is an ``InvalidToolCall`` (``_wrong``); a malformed
  element ends the block.
"""

from __future__ import annotations

from typing import Any, Callable

from .._errors import excerpt
from ._blocks import ended
from ._core import TextParser
from ._kit import MISSING, loads
from ._pylit import RepeatedKey
from ._schema import schema_types, type_value
from ._wrong import Wrong, param_repeat, repeat_words

__all__ = [
    "CODER_TAGS",
    "SLIPS",
    "attr_name",
    "bad_name",
    "dsml_head",
    "name_after",
    "read_calls",
    "read_pairs",
    "read_params",
    "strip_nl",
    "wrap_nl",
]


def strip_nl(text: str) -> str:
    """*text* without the one newline the markup may put on each side."""
    if text.startswith("\n"):
        text = text[1:]
    if text.endswith("\n"):
        text = text[:-1]
    return text


def wrap_nl(text: str) -> str:
    """*text* as written between tags so that ``strip_nl`` gives it back."""
    return f"\n{text}\n" if text.startswith("\n") or text.endswith("\n") else text


def attr_name(head: str) -> str:
    """The name in ``"x"``, ``'x'`` or ``x`` (the text between ``name=`` and ``>``)."""
    head = head.strip()
    if len(head) >= 2 and head[0] == head[-1] and head[0] in "\"'":
        return head[1:-1]
    return head


SLIPS = ('"', "<", ">")  # never in a parameter name a template writes in a tag


def bad_name(m: TextParser, tool: str, key: str) -> bool:
    """Whether *key* is a markup slip rather than a parameter name (module docstring)."""
    if '"' in key or "<" in key or ">" in key or key[:1] == "'" or key[-1:] == "'":
        return True
    if "=" not in key and len(key.split(None, 1)) < 2:
        return False
    return tool in m.closed and m.param_schema(tool, key) is None  # (an open object takes any name)


def _plain(head: str) -> tuple[str, bool | None]:
    return attr_name(head), None


_KINDS = {"true": True, "false": False}


def dsml_head(head: str) -> tuple[str, bool | None]:
    """``name="k" string="true|false"`` (DSML-style attributes): the name, and whether
    the value is text (``True``) or JSON (``False``). Attributes that do not read as
    ``key="value"`` pairs (a quote left out: ``name="query string="true"``) give the
    head itself, quotes and all, which ``bad_name`` refuses."""
    attrs = _attrs(head)
    if attrs is None:
        return head.strip(), None
    return attrs.get("name", ""), _KINDS.get(attrs.get("string", ""))


def _attrs(head: str) -> dict[str, str] | None:
    """``key="value"`` pairs apart by whitespace; ``None`` when *head* is not that. One
    split: the text between quotes alternates between ``key=`` (after whitespace, but
    for the first) and a value; nothing but whitespace after the last."""
    parts = head.split('"')
    if not len(parts) % 2 or parts[-1].strip():
        return None
    out: dict[str, str] = {}
    for k in range(0, len(parts) - 1, 2):
        before = parts[k]
        if before[-1:] != "=" or (k and not before[:1].isspace()):
            return None
        key = before[:-1].lstrip()
        if not key or len(key.split(None, 1)) > 1:
            return None
        out[key] = parts[k + 1]
    return out


def read_params(
    m: TextParser,
    tool: str,
    text: str,
    pos: int,
    open_: str,
    close: str,
    stop: str,
    head: Callable[[str], tuple[str, bool | None]] = _plain,
    *,
    head_end: str = ">",
    strip: bool = True,
    lines: bool = False,
    schema_first: bool = False,
    slips: bool = True,
    text_untyped: bool = False,
) -> tuple[dict[str, Any], str | None, int]:
    """Read ``open_ NAME head_end value close`` elements from *pos* up to the *stop* tag
    (``</invoke>``...): the arguments, an error (for ``InvalidToolCall.error``; a ``Wrong``
    one, read to *stop*, when the markup is whole: ``_wrong``) or
    ``None``, and where reading ended (after *stop*; ``-1`` when the text ended first
    with nothing but whitespace left: the caller decides whether a missing *stop* is
    an error). *head* reads the text between ``open_`` and *head_end*: the name, and
    ``True`` (text) / ``False`` (JSON) / ``None`` (typed by the schema) for the value;
    *schema_first*: a schema with a type decides whatever the head says where it rules
    a string out (DSML: ``string="true"`` ``5`` is 5 for an integer parameter, but stays
    text for ``["string", "integer"]``); a JSON value that is a string (``"hello"``) is
    read as JSON first: that string where the schema allows one, else its text typed by
    the schema.
    *strip*: one newline on each side of a value is markup. *lines*: only an *open_*
    at the start of one of the value's lines means the value ran on into the next
    parameter (Qwen3-Coder: a ``<parameter=`` inside a line is text). *slips*: a name
    ``bad_name`` refuses makes the call invalid (off where the markup escapes names).
    *text_untyped*: a value whose schema gives no type (or that has none: no ``tools=``,
    a parameter the tool does not list) is its text, JSON's ``null`` None, not the JSON
    it may hold (the engines' reading of dots).

    Each search runs once over the text (a position found ahead is kept), so reading
    is linear in the text whatever the number of parameters."""
    args: dict[str, Any] = {}
    nested = "\n" + open_ if lines else open_
    i = j = -2  # a position found ahead is kept (-1: none left): each search runs once
    wrong = ""  # a value the call cannot hold: its markup is still read to the end (``Wrong``)
    while True:
        if j == -2 or 0 <= j < pos:
            j = text.find(stop, pos)
            i = -2
        if i == -2 or 0 <= i < pos:  # only up to the stop: several elements of a block stay linear
            i = text.find(open_, pos, j if j >= 0 else len(text))
        nxt = j if j >= 0 and (i < 0 or j < i) else i
        if text[pos : nxt if nxt >= 0 else len(text)].strip():
            return args, "has text outside its parameters", len(text)
        if nxt < 0:
            return args, wrong or None, len(text) if wrong else -1
        if nxt == j:
            return args, Wrong(wrong) if wrong else None, j + len(stop)
        gt = text.find(head_end, i + len(open_))
        if gt < 0:
            return args, f"has a parameter tag without {head_end!r}", len(text)
        key, kind = head(text[i + len(open_) : gt])
        if not key:
            return args, "has a parameter without a name", len(text)
        if slips and bad_name(m, tool, key):
            return args, f"has a parameter name {excerpt(key)} that is a slip of the markup", len(text)
        end = text.find(close, gt + len(head_end))
        if end < 0:
            return args, f"has parameter {key!r} without {close}", len(text)
        value = text[gt + len(head_end) : end]
        if value.startswith(open_) or nested in value:
            return args, f"has parameter {key!r} not closed before the next parameter", len(text)
        pos = end + len(close)
        if wrong:
            continue
        if key in args:
            wrong = f"has parameter {key!r} twice"
            continue
        if strip:
            value = strip_nl(value)
        try:
            args[key] = _param_value(m, m.param_schema(tool, key), value, kind, schema_first, text_untyped)
        except RepeatedKey as exc:
            wrong = repeat_words(key, exc.key)
            continue
        wrong = param_repeat(key, value, args[key])


def _param_value(m: TextParser, schema: Any, value: str, kind: bool | None, schema_first: bool,
                 text_untyped: bool) -> Any:
    """The value of a parameter written *value*, read as ``read_params`` says."""
    types = schema_types(schema) if schema_first and schema is not None else frozenset()
    if types:  # the schema decides; a JSON string is read as JSON first (its text, no quotes)
        v = loads(value) if kind is False and value.lstrip()[:1] == '"' else MISSING
        if kind is True and "string" in types:  # flagged text the schema allows: kept
            return value
        if type(v) is str:
            return v if "string" in types else typed(m, v, schema)
        return typed(m, value, schema)
    if kind is True:
        return value
    if kind is False:
        v = loads(value)
        return v if v is not MISSING else typed(m, value, schema)
    if text_untyped and not schema_types(schema):
        return None if value == "null" else value
    return typed(m, value, schema)


def read_pairs(
    m: TextParser, tool: str, text: str, pos: int, stop: str | None, tags: tuple[str, str, str, str]
) -> tuple[dict[str, Any], str | None, int]:
    """``<arg_key>K</arg_key> <arg_value>V</arg_value>`` pairs (GLM, Hunyuan Hy3) from
    *pos* up to *stop* (``None``: the end of *text* ends them): the arguments, an error
    or ``None``, and where reading ended (after *stop*). *tags* are (key open, key
    close, value open, value close). Values are kept as written (typed by the schema);
    only whitespace may stand between a key and its value, or between pairs; a value
    holding the value opening tag ran on into the next pair; a key written twice (a
    ``Wrong`` error, as in ``read_params``), or one holding the pairs' own tags
    (``<arg_key>que<arg_value>ry</arg_key>``), is an error. Linear, as ``read_params``."""
    k_open, k_close, v_open, v_close = tags
    args: dict[str, Any] = {}
    n = len(text)
    k = e = -2  # a position found ahead is kept (-1: none left): each search runs once
    wrong = ""  # as in ``read_params``
    while True:
        if e == -2 or 0 <= e < pos:
            e = n if stop is None else text.find(stop, pos)
            k = -2
        if k == -2 or 0 <= k < pos:  # only up to the stop: several calls of a block stay linear
            k = text.find(k_open, pos, e if e >= 0 else n)
        nxt = e if e >= 0 and (k < 0 or e < k) else k
        if text[pos : nxt if nxt >= 0 else n].strip():
            return args, "has text outside its arguments", n
        if nxt < 0:
            return args, wrong or f"is not closed by {stop}", n
        if nxt == e:
            return args, Wrong(wrong) if wrong else None, e + (0 if stop is None else len(stop))
        ke = text.find(k_close, k)
        vs = ke + len(k_close) if ke >= 0 else n
        while vs < n and text[vs].isspace():
            vs += 1
        if ke < 0 or not text.startswith(v_open, vs):
            return args, f"has an {k_open} without its {v_open}", n
        key = text[k + len(k_open) : ke].strip()
        if k_open in key or v_open in key or v_close in key:  # (the key is written raw between its tags)
            return args, f"has an argument name {excerpt(key)} that is a slip of the markup", n
        ve = text.find(v_close, vs)
        if ve < 0:
            return args, f"has argument {key!r} without {v_close}", n
        value = text[vs + len(v_open) : ve]
        if v_open in value:
            return args, f"has argument {key!r} not closed before the next argument", n
        pos = ve + len(v_close)
        if wrong:
            continue
        if key in args:
            wrong = f"has argument {key!r} twice"
            continue
        try:
            args[key] = typed(m, value, m.param_schema(tool, key))
        except RepeatedKey as exc:
            wrong = repeat_words(key, exc.key)
            continue
        wrong = param_repeat(key, value, args[key])


def typed(m: TextParser, value: str, schema: Any) -> Any:
    """``type_value`` under the parser's policy: a lenient reading (a repair) goes to
    ``m.fixes``, recorded on the call being read; ``RepeatedKey`` for a Python literal
    giving a key twice in one dict."""
    return type_value(value, schema, m.fixes if m.policy.repair else None, m.policy.max_depth)


#: Qwen3-Coder's call and parameter tags (Qwen3-XML, Seed-OSS, Step 3.5), in ``read_calls`` order
CODER_TAGS = ("<function=", "<parameter=", "</parameter>", "</function>")


def name_after(text: str, open_: str) -> str | None:
    """The name in the first ``open_ NAME >`` of *text* (a hint for a cut-off call)."""
    i = text.find(open_)
    gt = text.find(">", i) if i >= 0 else -1
    return (attr_name(text[i + len(open_) : gt]) or None) if gt >= 0 else None


def read_calls(
    m: TextParser,
    text: str,
    raw: str,
    tags: tuple[str, str, str, str],
    variant: str | None = None,
    head: Callable[[str], tuple[str, bool | None]] = _plain,
    *,
    name_of: Callable[[str], str] = attr_name,
    lines: bool = False,
    unclosed: str | None = None,
    cut: bool = False,
    text_untyped: bool = False,
    strip: bool = True,
) -> bool:
    """Add the calls written as ``open NAME> params… close`` elements in a closed
    block; *tags* are (call open, parameter open, parameter close, call close).
    Text around the elements is content; a malformed element is an ``InvalidToolCall``
    (and ends the block: what follows it cannot be placed; then False). *name_of*
    reads the name (``attr_name``: quotes removed); *lines* as in ``read_params``;
    *unclosed*: the repair recorded when the last element's closing tag is missing at
    the end of the block (tolerated only then; ``None``: an error); *cut*: the block
    was cut off (``_blocks.cut_block``), a malformed element is cut off; *text_untyped*
    as in ``read_params``; *strip*: as in ``read_params`` (off where the template puts
    no newline around a value: Muse Glimmer)."""
    open_, p_open, p_close, close = tags
    pos = text.find(open_)
    if pos < 0:
        return ended(m, raw, cut, None, f"Tool call block at {m.loc} has no {open_.rstrip('=')}…>")
    if text[:pos].strip():
        m.emit_content(text[:pos])
    while pos >= 0:
        gt = text.find(">", pos + len(open_))
        if gt < 0:
            return ended(m, raw, cut, None, f"Tool call at {m.loc} has a {open_.rstrip('=')} tag without '>'")
        name = name_of(text[pos + len(open_) : gt])
        args, error, after = read_params(m, name, text, gt + 1, p_open, p_close, close, head, strip=strip,
                                         lines=lines, text_untyped=text_untyped)
        repairs: tuple[str, ...] = ()
        if error is None and after < 0:
            if unclosed is None:
                error = f"is not closed by {close}"
            else:
                repairs, after = (unclosed,), len(text)
        if type(error) is Wrong:  # whole markup: this call alone is invalid, its raw its own element
            m.invalid(name, text[pos:after], f"Tool call at {m.loc} {error}")
        elif error is not None:
            return ended(m, raw, cut, name, f"Tool call at {m.loc} {error}")
        else:
            m.call(name, args, raw, repairs=repairs, variant=variant)
        pos = _between(m, text, after, open_)
    return True


def _between(m: TextParser, text: str, after: int, open_: str) -> int:
    """``content_between``, except that the block's own opener right before the next
    call is markup: its closer was left out (``<tool_call>…</function>\n<tool_call>``;
    vLLM's Qwen3 parser reads the next call, "consecutive tool call without closing")."""
    pos = text.find(open_, after)
    rest = text[after : pos if pos >= 0 else len(text)]
    block = m.opener.strip()
    if pos >= 0 and block:
        cut = rest.rstrip()
        if cut.endswith(block):
            rest = cut[: len(cut) - len(block)]
    if rest.strip():
        m.emit_content(rest)
    return pos

