"""Arguments assembled by JSON path (Vertex ``partialArgs``) for the stream core.

A dialect that streams values by path (``gemini``) parses its paths into steps and
calls ``set_path``; the values build the call's argument object (``Call.tree``),
which is finalized like any other arguments at the call's end.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Union

from .._args import load_json
from ._core import Call, Core, dump
from ._events import ArgsDelta

__all__ = ["set_path"]


def set_path(core: Core, c: Call, steps: List[Union[str, int]], value: Any, path: str,
             grows: bool, cont: bool) -> None:
    """Set (or, for a growing string, extend) the value at *steps* of *c*'s args."""
    if c.done or c.error is not None:
        return
    if c.tree is None:
        c.tree = {}
        c.open_paths = set()
    assert c.open_paths is not None
    node: Any = c.tree
    for i, step in enumerate(steps):
        last = i == len(steps) - 1
        nxt: Any = value if last else ({} if type(steps[i + 1]) is str else [])
        if type(step) is str:
            if type(node) is not dict:
                core.fail(c, f"Partial argument path {path} does not fit the arguments built so far")
                return
            if last:
                if grows and path in c.open_paths and type(node.get(step)) is str:
                    node[step] = node[step] + value
                else:
                    node[step] = value
            else:
                node = node.setdefault(step, nxt)
        else:
            if type(node) is not list or type(step) is not int or step > len(node) + 10_000:
                core.fail(c, f"Partial argument path {path} does not fit the arguments built so far")
                return
            while len(node) <= step:
                node.append(None)
            if last:
                if grows and path in c.open_paths and type(node[step]) is str:
                    node[step] = node[step] + value
                else:
                    node[step] = value
            else:
                if node[step] is None:
                    node[step] = nxt
                node = node[step]
    if grows and cont:
        c.open_paths.add(path)
    else:
        c.open_paths.discard(path)
    c.size += len(path) + (len(value) if type(value) is str else 8)
    if c.size > core.max_bytes:
        c.error = f"Arguments are over the limit of {core.max_bytes} characters"
        c.tree = None
        return
    if core.emit:
        piece = value if type(value) is str else dump(value)
        core.events.append(ArgsDelta(c.pos, c.id, piece, _preview_tree(core, c), path))


def _preview_tree(core: Core, c: Call) -> Optional[Dict[str, Any]]:
    if not core.preview or c.tree is None:
        return None
    copied = load_json(dump(c.tree))
    return copied if type(copied) is dict else None
