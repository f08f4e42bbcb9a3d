"""Arguments assembled by JSON path (Vertex ``partialArgs``) for the stream core.

A dialect that streams values by path (``gemini``) parses its paths into steps and
calls ``set_path``; the values build the call's argument object (``Call.tree``),
which is finalized like any other arguments at the call's end.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Union

from .._args import load_json
from ._call import Call, dump
from ._core import Core
from ._events import ArgsDelta

__all__ = ["end_array", "set_path"]


# the JSON text an element an index jump pads with counts against ``max_bytes`` ("null,")
_PAD_COST = 5
# the most elements one path may skip past the end of its array: Vertex sends an array's
# elements in order (a jump is never needed: an element with no leaf cannot be streamed),
# so a longer jump only turns a few bytes of input into a long padded list in every call
MAX_JUMP = 64


def set_path(core: Core, c: Call, steps: List[Union[str, int]], value: Any, path: str,
             grows: bool, cont: bool) -> None:
    """Set (or, for a growing string, extend) the value at *steps* of *c*'s args.

    A growing string keeps its pieces in a list (joined once, when it closes or the
    call ends): the work per piece is constant. The ``None`` elements an index jump
    pads an array with count against ``max_bytes`` like the text they stand for, and
    one jump pads at most ``MAX_JUMP`` (a longer one makes the call invalid).
    """
    if c.done or c.error is not None:
        return
    if c.tree is None:
        c.tree = {}
        c.open_paths = {}
    growing = c.open_paths
    assert growing is not None
    node: Any = c.tree
    last_at = len(steps) - 1
    for i, step in enumerate(steps):
        if type(step) is str:
            if type(node) is not dict:
                core.fail(c, f"Partial argument path {path} does not fit the arguments built so far")
                return
            if i == last_at:
                break
            if step in node:
                node = node[step]  # not a container: the next step fails
            else:
                nxt = node[step] = {} if type(steps[i + 1]) is str else []
                node = nxt
        else:
            if type(node) is not list or type(step) is not int:
                core.fail(c, f"Partial argument path {path} does not fit the arguments built so far")
                return
            if step > len(node) + MAX_JUMP:
                core.fail(c, f"Partial argument path {path} skips {step - len(node)} elements past the end of "
                             f"its array (of {len(node)}); at most {MAX_JUMP} are padded with null")
                return
            pad = step + 1 - len(node)
            if pad > 0:
                c.size += pad * _PAD_COST
                if c.size > core.max_bytes:
                    _over(core, c)
                    return
                node.extend([None] * pad)
            if i == last_at:
                break
            nxt = node[step]
            if nxt is None:  # padding (or a null): the container the path needs
                nxt = node[step] = {} if type(steps[i + 1]) is str else []
            node = nxt
    step = steps[last_at]
    slot = (id(node), step)
    entry = growing.get(slot)
    if grows and entry is not None and entry[0] is node:
        entry[2].append(value)  # the string grows: joined once, when it closes
        if not cont:
            del growing[slot]
            node[step] = "".join(entry[2])
    else:
        if entry is not None and entry[0] is node:  # a string still open given another value
            core.fail(c, f"Partial argument path {path} is set again while its string value is still open")
            return
        if step in node if type(step) is str else node[step] is not None:  # (a list's ``None``: padding)
            # the value there was complete (``PartialArg.willContinue`` false): a second one is a
            # conflict (googleapis/go-genai#831 errs on it), never a silent replacement
            core.fail(c, f"Partial argument path {path} is set again after its value was complete")
            return
        if entry is not None:
            del growing[slot]  # a stale slot (a container since dropped)
        node[step] = value
        if grows and cont:
            growing[slot] = (node, step, [value])
    c.size += len(path) + (len(value) if type(value) is str else 8)
    if c.size > core.max_bytes:
        _over(core, c)
        return
    if core.emit:
        piece = value if type(value) is str else dump(value)
        core.events.append(ArgsDelta(c.pos, c.id, piece, _preview_tree(core, c), path))


def end_array(core: Core, c: Call, steps: List[Union[str, int]], path: str) -> None:
    """A value-less ``$.a[]``: the array at *steps* is complete; ``[]`` when unset
    (google/adk-go#1610: Vertex closes an array with it; @ai-sdk/google's
    ``GoogleJSONAccumulator`` reads it so), nothing when an array is there, and the
    call invalid when another value is."""
    if c.done or c.error is not None:
        return
    node: Any = c.tree
    for step in steps:
        if node is None:
            break
        if type(node) is dict:
            node = node.get(step) if type(step) is str else _MISFIT
        elif type(node) is list and type(step) is int:
            node = node[step] if step < len(node) else None
        else:
            node = _MISFIT
        if node is _MISFIT:
            break
    if node is None:
        set_path(core, c, steps, [], path, False, False)
    elif type(node) is not list:
        core.fail(c, f"Partial argument path {path} does not fit the arguments built so far")


_MISFIT: Any = object()


def _over(core: Core, c: Call) -> None:
    c.error = f"Arguments are over the limit of {core.max_bytes} characters"
    c.tree = None
    c.open_paths = None


def _preview_tree(core: Core, c: Call) -> Optional[Dict[str, Any]]:
    if not core.preview or c.tree is None:
        return None
    if c.open_paths:  # a preview shows the strings so far: join them (previews cost per delta)
        for slot, (node, key, pieces) in list(c.open_paths.items()):
            joined = "".join(pieces)
            node[key] = joined
            c.open_paths[slot] = (node, key, [joined])
    copied = load_json(dump(c.tree))
    return copied if type(copied) is dict else None
