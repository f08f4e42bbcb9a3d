"""MiniMax M3 tool calls: nested elements, every tag behind the marker ``]<]minimax[>[``.

Wire form (``NS`` stands for ``]<]minimax[>[``)::

    NS<tool_call>
    NS<invoke name="create_order">NS<user_id>42NS</user_id>
    NS<shipping>NS<city>SingaporeNS</city>NS<zip>018956NS</zip>NS</shipping>
    NS<items>NS<item>NS<sku>book-001NS</sku>NS</item>NS</items>NS</invoke>
    NS</tool_call>

- A parameter is an element named by its tag; one block holds one or more invokes;
  the name is quoted with ``"`` or ``'`` or bare.
- A leaf's text is its value as written (no whitespace removed); with ``tools=`` it is
  typed as vLLM types it (``_m3_values``: a union's types tried in their order, an
  integer is what a 64-bit parse reads, so ``5.0`` stays text, a parameter the schema
  does not type stays text, ``null`` / ``None`` is null unless the type is string);
  without, JSON of a number, boolean, null, object or array becomes that value (vLLM
  keeps the text).
- An element with children is an object (a key written twice collects a list), or a
  list when its schema's first object-or-array option is array (the children's names,
  ``<item>``, do not count); text beside children is kept under ``$text`` (``$$text``
  … when a child has that name).
- A closing tag that does not match, a tag without ``>``, text between parameters or
  invokes (vLLM drops it, and the rest of the invoke), nesting deeper than the policy's
  ``max_depth`` (at most 200): the call is an ``InvalidToolCall`` and the block ends there.
- A parameter written twice, or a leaf's JSON giving a key twice in one object (one
  value would be lost, ``_repeats``), in well-formed markup: that call alone is an
  ``InvalidToolCall`` (its raw its own invoke); the block's other calls stand.

Sources (checked 2026-12-04): vllm-project/vllm ``rust/src/tool-parser/src/minimax_m3.rs``
(grammar and its tests), ``rust/src/tool-parser/src/parameters.rs`` (typing, ``_m3_values``),
``tests/tool_parsers/test_minimax_m3_tool_parser.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Union

from .._errors import EncodeError
from .._json_values import plainly_json
from .._path_steps import key_step
from .._repeats import first_repeat, twice_words
from .._types import ToolCall
from ._blocks import ended
from ._core import TextParser
from ._kit import calls_of, dumps, forbid, forbid_key, forbid_space
from ._m3_values import leaf_value, options
from ._params import attr_name, typed
from ._pylit import RepeatedKey
from ._schema import schema_types

__all__ = ["M3_CLOSE", "M3_INV", "M3_INV_END", "M3_OPEN", "encode_m3", "m3_name", "parse_m3"]

NS = "]<]minimax[>["
M3_OPEN, M3_CLOSE = NS + "<tool_call>", NS + "</tool_call>"
INV, INV_END = M3_INV, M3_INV_END = NS + "<invoke", NS + "</invoke>"

# a parsed element: its text, or (children, text beside them)
Node = Union[str, tuple[list[tuple[str, Any]], str]]


class _Bad(Exception):
    """Malformed markup (the message completes "Tool call at $… "): the block ends there."""


class _Value(Exception):
    """A value the call cannot hold in well-formed markup (a key given twice): that call
    alone is invalid, the block's other calls stand."""


def _element(text: str, pos: int, name: str, depth: int, limit: int) -> tuple[Node, int]:
    """The body of element *name* opened before *pos*, and the position after its
    closing tag. Iterative over the text, each marker found once: linear."""
    if depth > limit:
        raise _Bad(f"nests its arguments deeper than {limit}")
    kids: list[tuple[str, Any]] = []
    texts: list[str] = []
    close = f"{NS}</{name}>"
    while True:
        i = text.find(NS, pos)
        if i < 0:
            raise _Bad(f"has element {name!r} without its closing tag")
        texts.append(text[pos:i])
        if text.startswith(close, i):
            pos = i + len(close)
            break
        j = i + len(NS)
        if not text.startswith("<", j) or text.startswith("</", j):
            raise _Bad(f"has {excerpt_at(text, i)} where element {name!r} is open")
        child, pos = _open(text, j, depth + 1, limit)
        kids.append(child)
    inner = "".join(texts)
    if not kids:
        return inner, pos
    return (kids, inner if inner.strip() else ""), pos


def _open(text: str, lt: int, depth: int, limit: int) -> tuple[tuple[str, Node], int]:
    gt = text.find(">", lt)
    nxt = text.find(NS, lt)
    if gt < 0 or 0 <= nxt < gt:
        raise _Bad("has a tag without '>'")
    name = text[lt + 1 : gt]
    if not name.strip():
        raise _Bad("has a parameter without a name")
    node, pos = _element(text, gt + 1, name, depth, limit)
    return (name, node), pos


def excerpt_at(text: str, i: int) -> str:
    gt = text.find(">", i + len(NS), i + len(NS) + 60)
    return repr(text[i : gt + 1] if gt >= 0 else text[i : i + len(NS) + 20])


def m3_name(text: str) -> str | None:
    """The name of the last invoke opened in *text* (a hint for a cut-off call)."""
    i = text.rfind(INV + " name=")
    gt = text.find(">", i + len(INV)) if i >= 0 else -1
    return (attr_name(text[i + len(INV) + 6 : gt]) or None) if gt >= 0 else None


def _leaf(m: TextParser, value: str, schema: Any) -> Any:
    """A leaf without ``tools=``: JSON of a number, boolean, null, object or array."""
    try:
        return _once(value, typed(m, value, schema))
    except RepeatedKey as exc:  # (a Python literal: only a schema admits one)
        raise _Value(twice_words(exc.key)) from None


def _once(text: str, value: Any) -> Any:
    """*value* (a leaf's *text* read), unless its JSON gives a key twice in one object (one
    of its values would be lost, ``_repeats``): then ``_Value``."""
    if type(value) is dict or type(value) is list:
        key = first_repeat(text, value)
        if key is not None:
            raise _Value(twice_words(key))
    return value


def _sub(schema: Any, key: str) -> Any:
    if type(schema) is not dict:
        return None
    props = schema.get("properties")
    if type(props) is dict and type(props.get(key)) is dict:
        return props[key]
    extra = schema.get("additionalProperties")
    return extra if type(extra) is dict else None


def _items(schema: Any) -> Any:
    items = schema.get("items") if type(schema) is dict else None
    return items if type(items) is dict else None


def _typed(node: Node, opts: Any, memo: dict[int, Any]) -> Any:
    """*node* with ``tools=``: typed by the ordered options of its schema, as vLLM does
    (*memo*: the options of each schema met in this call, worked out once)."""
    if isinstance(node, str):
        return _once(node, leaf_value(node, opts))
    kids, inner = node
    for kind, schema in opts or ():
        if kind == "array":
            if inner:
                raise _Bad("has text beside the items of a list")
            item = _options(_items(schema), memo)
            return [_typed(n, item, memo) for _, n in kids]
        if kind == "object":
            return _object(kids, inner, schema, memo)
    return _object(kids, inner, None, memo)


def _options(schema: Any, memo: dict[int, Any]) -> Any:
    if schema is None:
        return None
    key = id(schema)
    if key not in memo:
        memo[key] = options(schema)
    return memo[key]


def _object(kids: list[tuple[str, Any]], inner: str, schema: Any, memo: dict[int, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    many: set[str] = set()  # keys written more than once: their value is the list of them
    for key, n in kids:
        v = _typed(n, _options(_sub(schema, key), memo), memo)
        if key in many:
            out[key].append(v)
        elif key in out:
            out[key] = [out[key], v]
            many.add(key)
        else:
            out[key] = v
    if inner:
        key = "$text"
        while key in out:
            key = "$" + key
        out[key] = leaf_value(inner, _options(_sub(schema, key), memo))
    return out


def _value(m: TextParser, node: Node, schema: Any) -> Any:
    if isinstance(node, str):
        return _leaf(m, node, schema)
    kids, inner = node
    types = schema_types(schema)
    if "array" in types and "object" not in types:
        if inner:
            raise _Bad("has text beside the items of a list")
        item = _items(schema)
        return [_value(m, n, item) for _, n in kids]
    out: dict[str, Any] = {}
    many: set[str] = set()  # keys written more than once: their value is the list of them
    for key, n in kids:
        sub = _sub(schema, key)
        if key in out:
            v = _value(m, n, _items(sub) if "array" in schema_types(sub) else sub)
            prev = out[key]
            if key in many:
                prev.append(v)
            else:
                out[key] = [prev, v]
                many.add(key)
        else:
            out[key] = _value(m, n, sub)
    if inner:
        key = "$text"
        while key in out:
            key = "$" + key
        out[key] = inner
    return out


def parse_m3(m: TextParser, text: str, raw: str, cut: bool = False) -> bool:
    """Add the calls of a closed M3 block (*text* between its markers); False when a
    malformed invoke ended it (an ``InvalidToolCall``; cut off when *cut*: the block
    was cut off, ``_blocks.cut_block``)."""
    pos, n, limit = 0, len(text), min(m.policy.max_depth, 200)  # 200: within Python's stack

    def bad(name: str | None, error: str) -> bool:
        return ended(m, raw, cut, name, f"Tool call at {m.loc} {error}")

    while True:
        i = text.find(NS, pos)
        if text[pos : i if i >= 0 else n].strip():
            return bad(None, "has text outside an invoke")
        if i < 0:
            return True
        if not text.startswith(INV, i) or text[i + len(INV) : i + len(INV) + 1] not in (" ", "\t", "\n"):
            return bad(None, f"has {excerpt_at(text, i)} where an invoke should start")
        gt = text.find(">", i + len(INV))
        nxt = text.find(NS, i + len(INV))
        head = text[i + len(INV) : gt].strip() if gt >= 0 and not 0 <= nxt < gt else ""
        if not head.startswith("name="):
            return bad(None, "has an invoke tag without name=\"…\">")
        name = attr_name(head[5:])
        start, pos = i, gt + 1
        args: dict[str, Any] = {}
        memo: dict[int, Any] = {}
        wrong = ""  # a value the call cannot hold: the rest of its markup is still read
        try:
            while True:
                j = text.find(NS, pos)
                if j < 0:
                    raise _Bad(f"is not closed by {INV_END}")
                if text[pos:j].strip():
                    raise _Bad("has text outside its parameters")
                if text.startswith(INV_END, j):
                    pos = j + len(INV_END)
                    break
                lt = j + len(NS)
                if not text.startswith("<", lt) or text.startswith("</", lt):
                    raise _Bad(f"has {excerpt_at(text, j)} where a parameter should start")
                (key, node), pos = _open(text, lt, 1, limit)
                schema = m.param_schema(name, key)
                try:  # (typed after a wrong value too: markup broken in it ends the block, ``_Bad``)
                    v = _typed(node, _options(schema, memo), memo) if m.offered else _value(m, node, schema)
                except _Value as exc:
                    if not wrong:
                        wrong = f"has parameter {key!r} twice" if key in args else str(exc)
                    continue
                if wrong:
                    continue
                if key in args:
                    wrong = f"has parameter {key!r} twice"
                    continue
                args[key] = v
        except _Bad as exc:
            return bad(name, str(exc))
        except RecursionError:  # pragma: no cover - the depth limit comes first
            return bad(name, "nests its arguments too deep")
        if wrong:  # the markup is whole: this call alone is invalid, its raw its own invoke
            m.invalid(name, text[start:pos], f"Tool call at {m.loc} {wrong}")
        else:
            m.call(name, args, raw, variant="m3")


def _write(key: str, v: Any, out: list[str], dialect: str, ints: bool = True) -> None:
    forbid_key(key, (NS, ">", "<"), "Parameter name", dialect)
    if key.startswith("/"):
        forbid_key(key, ("/",), "Parameter name", dialect)
    forbid_space(key, "Parameter name", dialect, around=False)  # (the reader reads such a tag as nameless)
    if ints and type(v) is not str:
        _check_ints(key, v, dialect)
    text = v if type(v) is str else dumps(v, dialect)
    out.append(f"{NS}<{key}>{forbid(text, (NS,), 'Value', dialect, '$.args', key)}{NS}</{key}>")


# vLLM reads an integer parameter as a 64-bit integer (past it: the text, a string) and
# JSON inside an object or array with serde_json, whose integers are i64 or u64 (past
# them: a float): what a value holds past these is refused, never changed on the way
_I64 = 2**63
_U64 = 2**64


def _check_ints(key: str, v: Any, dialect: str) -> None:
    """``EncodeError`` at its path for an integer of the argument *key*'s value *v* that
    vLLM would not read back as that integer. Iterative, the path spelt only for the
    error: linear in the value."""
    stack: list[tuple[Any, Any, bool]] = [(v, None, False)]
    while stack:
        x, place, inside = stack.pop()
        t = type(x)
        if t is int and not -_I64 <= x < (_U64 if inside else _I64):
            said = str(x) if x.bit_length() <= 128 else f"of {x.bit_length()} bits"
            what = (f"the 64-bit integers vLLM reads back from JSON in a {dialect} value (it reads a float)"
                    if inside else f"the signed 64-bit integers of vLLM's {dialect} parameters ({_top_level(x)})")
            raise EncodeError(f"Integer {said} is past {what}; write it as a string", dialect=dialect,
                              loc=_path(key, place))
        if t is dict:
            stack.extend((y, (place, k), True) for k, y in x.items())
        elif t is list or t is tuple:
            stack.extend((y, (place, i), True) for i, y in enumerate(x))


def _top_level(n: int) -> str:
    """What vLLM reads of the parameter value *n*, an integer past i64, by the parameter's
    type: an integer one reads the text (``parse::<i64>`` fails), a number (enum, const)
    one JSON, exact below 2**64 (``_m3_values._number``). The writer has no schema."""
    number = "this integer: the writer, without the tools, cannot tell which this one is" if 0 < n < _U64 \
        else "a float"
    return f"an integer parameter reads it as text, a number parameter as {number}"


def _path(key: str, place: Any) -> str:
    steps = []
    while place is not None:
        place, step = place
        steps.append(f"[{step}]" if type(step) is int else key_step(step) if type(step) is str else f"[{step!r}]")
    return "$.args" + key_step(key) + "".join(reversed(steps))


def encode_m3(calls: Sequence[ToolCall], dialect: str) -> str:
    """The M3 block: strings as they are, other values as JSON (read back as written;
    an integer vLLM reads back otherwise is refused: ``_check_ints``)."""
    lines = [M3_OPEN]
    for c in calls_of(calls, dialect):
        parts = [f'{INV} name="{c.name}">']
        ints = not plainly_json(c.args, -_I64 - 1, _I64)  # an int past i64 somewhere: find it
        for k, v in c.args.items():
            _write(k, v, parts, dialect, ints)
        parts.append(INV_END)
        lines.append("".join(parts))
    lines.append(M3_CLOSE)
    return "\n".join(lines)
