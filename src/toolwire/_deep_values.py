"""JSON data nested past the recursion limit, walked without recursion: ``flatten`` and
``unflatten`` (the flat spelling a value's container fields are pickled in, ``_value``)
and ``deep_repr`` (``repr`` that always ends)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, List

__all__ = ["deep_repr", "flatten", "unflatten"]


def flatten(value: Any) -> List[Any]:
    """JSON data as a flat list, in document order: an object is ``(0, n)`` and its *n*
    keys and values, an array ``(1, n)`` (a list) or ``(2, n)`` (a tuple) and its *n*
    items, a scalar itself. ``unflatten`` builds it back, of the same types.
    Iterative: no recursion limit."""
    out: List[Any] = []
    stack = [value]
    while stack:
        v = stack.pop()
        t = type(v)
        if t is dict or t is MappingProxyType:
            out.append((0, len(v)))
            for k, x in reversed(list(v.items())):
                stack.append(x)
                stack.append(k)  # a key is a string: popped and written as a scalar
        elif t is list or t is tuple:
            out.append((1 if t is list else 2, len(v)))
            stack.extend(reversed(v))
        else:
            out.append(v)
    return out


_NO_KEY = object()


def unflatten(tokens: Any) -> Any:
    """The value ``flatten`` spelled as *tokens* (objects as dicts, arrays as lists or
    tuples, as they were). A container is put in its parent once it is complete (a
    tuple is made then)."""
    root: Any = None
    open_: List[List[Any]] = []  # [its members so far, members still to come, its pending key, its kind]
    for tok in tokens:
        if type(tok) is tuple:
            kind, n = tok
            if n:
                open_.append([{} if kind == 0 else [], n, _NO_KEY, kind])
                continue
            value: Any = {} if kind == 0 else () if kind == 2 else []
        else:
            value = tok
        while open_:  # *value* is complete: put it in its parent, which may then be complete
            top = open_[-1]
            if top[3] == 0:
                if top[2] is _NO_KEY:  # a key: its value comes next
                    top[2] = value
                    break
                top[0][top[2]] = value
                top[2] = _NO_KEY
            else:
                top[0].append(value)
            top[1] -= 1
            if top[1]:
                break
            open_.pop()
            value = tuple(top[0]) if top[3] == 2 else top[0]
        else:
            root = value
    return root


class _Text(str):
    """Text ``deep_repr`` writes as it is (a ``str`` of the value is written by ``repr``)."""

    __slots__ = ()


def deep_repr(value: Any) -> str:
    """``repr(value)``, also for containers nested past the recursion limit, and with
    ``<int of N bits>`` for an integer too long for Python to print (over 4,300 digits)."""
    try:
        return repr(value)
    except (RecursionError, ValueError):
        pass
    out: List[str] = []
    stack = [value]
    while stack:
        v = stack.pop()
        t = type(v)
        if t is _Text:
            out.append(v)
        elif t is dict or t is MappingProxyType:
            out.append("{" if t is dict else "mappingproxy({")
            stack.append(_Text("}" if t is dict else "})"))
            items = list(v.items())
            for i in range(len(items) - 1, -1, -1):
                stack.append(items[i][1])
                stack.append(_Text(f"{', ' if i else ''}{_leaf_repr(items[i][0])}: "))
        elif t is list or t is tuple:
            out.append("[" if t is list else "(")
            stack.append(_Text("]" if t is list else ",)" if len(v) == 1 else ")"))
            for i in range(len(v) - 1, -1, -1):
                stack.append(v[i])
                if i:
                    stack.append(_Text(", "))
        else:
            out.append(_leaf_repr(v))
    return "".join(out)


def _leaf_repr(value: Any) -> str:
    try:
        return repr(value)
    except ValueError:
        if isinstance(value, int):  # Python prints at most sys.get_int_max_str_digits() digits
            return f"<int of {value.bit_length()} bits>"
        raise
