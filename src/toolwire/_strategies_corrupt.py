"""Corruptions of valid payloads, for ``toolwire.strategies.corrupted``.

Each corruption is a function ``(draw, value, others, wire) -> value`` over plain data
(dicts, lists, scalars) or its JSON text (*wire*: the payload came as JSON text, parsed
for the step); they know no provider field names: ids are found by key shape (``id``,
``*_id``, ``*Id``), other dialects' fields come from payloads of other dialects
(*others*). Each one changes the value or says it cannot (``SKIP``); ``corrupt``
never hands back a value none changed (hypothesis rejects the draw).
"""

from __future__ import annotations

import copy
import json
from typing import Any, Callable, Dict, List, Sequence, Tuple

from hypothesis import reject
from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from ._strategies_values import names_of

__all__ = ["CORRUPTIONS", "check_corruptions", "corrupt"]

_EMPTY: Tuple[Any, ...] = (None, "", " ", "null", "{}", "[]", {}, [], "None", "\n")
_WRONG: Tuple[Any, ...] = (0, -1, 2**64, 1.5, True, False, "x", "", "{", "[1]", [], {}, None, [1, 2], {"a": 1},
                           "\x00", "\ud800", -0.0)
_KEYS = st.text(max_size=10) | st.sampled_from(
    ["id", "type", "name", "arguments", "args", "input", "function", "tool_calls", "content", "role",
     "index", "call_id", "parts", "functionCall", "toolUse", "output", "message", "choices", "delta"]
)
_SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20)
SKIP: Any = object()  # a corruption that cannot change the value it was given


def _text(value: Any) -> str:
    """JSON text of *value*; bytes (stream chunks given as bytes) as their text."""
    return json.dumps(value, default=lambda o: o.decode("utf-8", "replace") if isinstance(o, bytes) else str(o))


def _nodes(value: Any) -> List[Tuple[Any, Any]]:
    """Every (container, key-or-index) slot inside *value*, breadth first, bounded."""
    out: List[Tuple[Any, Any]] = []
    queue = [value]
    while queue and len(out) < 2000:
        cur = queue.pop(0)
        if type(cur) is dict:
            for k, v in cur.items():
                out.append((cur, k))
                queue.append(v)
        elif type(cur) is list:
            for i, v in enumerate(cur):
                out.append((cur, i))
                queue.append(v)
    return out


def _dicts(value: Any) -> List[Dict[str, Any]]:
    found = [value] if type(value) is dict else []
    found.extend(c[k] for c, k in _nodes(value) if type(c[k]) is dict)
    return found


def _slot(draw: Any, value: Any, pred: Callable[[Any], bool] = lambda v: True) -> Any:
    slots = [(c, k) for c, k in _nodes(value) if pred(c[k])]
    return draw(st.sampled_from(slots)) if slots else None


def _empty_for(draw: Any, old: Any) -> Any:
    """An empty-equivalent that is not *old* already."""
    return copy.deepcopy(draw(st.sampled_from([e for e in _EMPTY if type(e) is not type(old) or e != old])))


def _empty(draw: Any, value: Any, others: Any, wire: bool) -> Any:
    slot = _slot(draw, value)
    if slot is None or draw(st.integers(0, 3)) == 0:
        return _empty_for(draw, value)
    c, k = slot
    c[k] = _empty_for(draw, c[k])
    return value


def _double(draw: Any, value: Any, others: Any, wire: bool) -> Any:
    slot = _slot(draw, value, lambda v: type(v) in (dict, str))
    if slot is None or draw(st.integers(0, 3)) == 0:
        # the whole value: its JSON text, once more when it came as JSON text (its own
        # text again was the payload unchanged)
        return _text(_text(value)) if wire else _text(value)
    c, k = slot
    c[k] = _text(c[k])
    return value


def _json_text(v: Any) -> bool:
    """Whether *v* is JSON text of an object or array (an argument string, a chunk given
    as JSON text): a non-empty prefix of it (``_cut``) is never JSON."""
    if type(v) is not str or len(v) < 2 or v[0] not in "{[":
        return False
    try:
        json.loads(v)
    except ValueError:
        return False
    return True


def _cut(draw: Any, text: Any) -> Any:
    """*text* (``str`` or ``bytes``) cut short: at least its first character, never all
    of it (nor all but trailing whitespace); ``SKIP`` when it is too short to cut."""
    end = len(text.rstrip())
    return SKIP if end < 2 else text[: draw(st.integers(1, end - 1))]


def _cut_list(draw: Any, value: List[Any]) -> Any:
    """The list *value* cut to its first elements (at least one: never to nothing), the next
    one cut where it is text; ``SKIP`` for a list with nothing to cut."""
    if len(value) < 2:
        part = _cut(draw, value[0]) if value and type(value[0]) in (str, bytes) else SKIP
        return SKIP if part is SKIP else [part]
    n = draw(st.integers(1, len(value) - 1))
    cut, nxt = value[:n], value[n]
    if type(nxt) in (str, bytes) and draw(st.booleans()):
        part = _cut(draw, nxt)
        if part is not SKIP:
            cut.append(part)
    return cut


def _truncated(draw: Any, value: Any, others: Any, wire: bool) -> Any:
    """JSON text cut short (the whole value's, or JSON text inside it: ``_json_text``), or a
    list given as data (a stream's chunks, call items) cut to its first elements, the
    next one cut where it is text. Ids, names and other strings are left whole."""
    if type(value) is list and not wire and (not value or draw(st.booleans())):
        return _cut_list(draw, value)
    slot = _slot(draw, value, _json_text)
    if slot is None or (type(value) is not list or wire) and draw(st.booleans()):
        if type(value) is list and not wire:  # a list given as data stays a list
            return _cut_list(draw, value)
        return _cut(draw, value if type(value) is str else _text(value))
    c, k = slot
    c[k] = _cut(draw, c[k])
    return value


def _wrong_dialect(draw: Any, value: Any, others: Any, wire: bool) -> Any:
    other = draw(others)
    targets = _dicts(value)
    if not targets:
        return other
    target = draw(st.sampled_from(targets))
    donors = [(c, k) for c, k in _nodes(other) if type(c) is dict and (k not in target or target[k] != c[k])]
    if not donors:
        return other if other != value else {"value": value}
    c, k = draw(st.sampled_from(donors))
    renames = [old for old in target if old != k]
    if renames and draw(st.booleans()):  # a key renamed to another dialect's spelling
        old = draw(st.sampled_from(sorted(renames, key=str)))
        target[k] = target.pop(old)
    else:  # another dialect's field grafted in
        target[k] = copy.deepcopy(c[k])
    return value


def _idish(key: Any) -> bool:
    return type(key) is str and (key == "id" or key.endswith("_id") or key.endswith("Id"))


def _missing_id(draw: Any, value: Any, others: Any, wire: bool) -> Any:
    slots = [(c, k) for c, k in _nodes(value) if type(c) is dict and _idish(k)]
    if not slots:
        slots = [(c, k) for c, k in _nodes(value) if type(c) is dict]
        if not slots:
            return SKIP  # no field to leave out ([], a scalar)
        slots = [draw(st.sampled_from(slots))]
    elif not draw(st.booleans()):
        slots = [draw(st.sampled_from(slots))]
    for c, k in slots:
        c.pop(k, None)
    return value


def _extra(draw: Any, value: Any, others: Any, wire: bool) -> Any:
    targets = _dicts(value)
    if not targets:
        return {"value": value, draw(_KEYS): draw(_SCALARS)}
    target = draw(st.sampled_from(targets))
    for _ in range(draw(st.integers(1, 3))):
        key = draw(_KEYS.filter(lambda k: k not in target))  # a key it has would be no extra field
        target[key] = copy.deepcopy(draw(_SCALARS | st.sampled_from(_WRONG)))
    return value


def _wrong_types(draw: Any, value: Any, others: Any, wire: bool) -> Any:
    slot = _slot(draw, value)
    if slot is None or draw(st.integers(0, 5)) == 0:
        return copy.deepcopy(draw(st.sampled_from(_other_types(value))))
    c, k = slot
    c[k] = copy.deepcopy(draw(st.sampled_from(_other_types(c[k]))))
    return value


def _other_types(old: Any) -> List[Any]:
    """Values of another type that do not even compare equal (``False == 0``)."""
    return [v for v in _WRONG if type(v) is not type(old) and not _equal(v, old)]


def _equal(a: Any, b: Any) -> bool:
    try:
        return bool(a == b)
    except Exception:
        return False


_TABLE: Dict[str, Callable[[Any, Any, Any, bool], Any]] = {
    "empty": _empty,
    "double-encoded": _double,
    "truncated": _truncated,
    "wrong-dialect": _wrong_dialect,
    "missing-id": _missing_id,
    "extra-fields": _extra,
    "wrong-types": _wrong_types,
}
CORRUPTIONS: Tuple[str, ...] = tuple(_TABLE)


def check_corruptions(kinds: Any) -> Tuple[str, ...]:
    """The ``kinds`` knob of ``corrupted`` as a tuple of known corruptions (all for
    ``None``; a ``ValueError`` for an unknown one or none)."""
    chosen = CORRUPTIONS if kinds is None else names_of("kinds", kinds)  # "empty" was 'e', 'm', ...
    if not chosen:  # hypothesis failed at draw time ("Cannot sample from a length-zero sequence")
        raise ValueError(f"corrupted needs at least one corruption; corruptions: {', '.join(CORRUPTIONS)}")
    for k in chosen:
        if k not in CORRUPTIONS:
            raise ValueError(f"unknown corruption {k!r}; corruptions: {', '.join(CORRUPTIONS)}")
    return chosen


def _plain(value: Any) -> Tuple[Any, str]:
    """Plain data and the form it came in (``value``, ``str`` or ``bytes``)."""
    if type(value) in (str, bytes):
        text = value.decode("utf-8", "replace") if type(value) is bytes else value
        try:
            return json.loads(text), "str" if type(value) is str else "bytes"
        except ValueError:
            return value, "value"
    return copy.deepcopy(value), "value"


def corrupt(draw: Any, value: Any, kinds: Sequence[str], max_steps: int, others: SearchStrategy[Any]) -> Any:
    """A corrupted copy of *value* (1 to *max_steps* corruptions drawn with *draw*): never
    *value* itself (a draw that would give it is rejected)."""
    data, form = _plain(value)
    steps = draw(st.lists(st.sampled_from(list(kinds)), min_size=1, max_size=max(1, max_steps)))
    for name in steps:
        # *wire*: the data is written back as JSON text at the end (a step's own text is not)
        out = _TABLE[name](draw, data, others, form != "value" and type(data) is not str)
        if out is not SKIP:
            data = out
    out = data
    if form != "value":
        if type(data) is not str:
            try:
                out = _text(data)
            except ValueError:
                out = data
        if form == "bytes" and type(out) is str:
            out = out.encode("utf-8", "surrogatepass")
    if _equal(out, value) and type(out) is type(value):
        reject()  # nothing changed it (each step that could not change it said so)
    return out
