"""A Chat-like call sent again piece by piece after its arguments (``Keyed.delta``): a call
started under the id of an earlier call at the same index (its *twin*), with the same name (or
the piece that call's name was built from, ``Keyed._joined``: openai-python's
``accumulate_delta`` joins a name's pieces) and the same argument text, is that call re-sent
(a gateway re-sending every piece): neither runs, as the same call re-sent in one piece is
refused (docs/streaming.md rule 1). Other text under the id is another call (a second
completion reusing it: DeepSeek's ``call_0``)."""

from __future__ import annotations

from typing import Any, Optional

from ._call import Call

__all__ = ["bare", "judge_twin", "same_name"]


def bare(name: str) -> str:
    """*name* as a re-sent call's is compared with the ended call's: blanks, case and a
    ``functions.`` prefix (the namespace Kimi K2's ids and OpenAI's harmony format write)
    aside. No gateway is known to rename a re-sent call, none to reuse an id for a name so
    spelled: taken for the same call (one ``InvalidToolCall``), never a second run."""
    name = name.strip().casefold()
    return name[10:] if name.startswith("functions.") else name


def same_name(core: Any, c: Call, name: Optional[str]) -> bool:
    """Whether *name* (or none) is *c*'s, spelled otherwise (``bare``) or its name's first piece
    (the head of a name sent in pieces): a proper prefix of its name that it was not built from is
    another tool's (``search`` after ``search_web``)."""
    if name is None or c.name is None:
        return True
    name = bare(name)
    if name == bare(c.name):
        return True
    first = core._joined.get(c.pos)
    return first is not None and name == bare(first)


def _text(c: Call) -> Optional[str]:
    if c.done:
        r = c.result
        return None if r is None else r.raw
    return c.full if c.full is not None else "".join(c.parts)


def judge_twin(core: Any, n: Call) -> None:
    """*n*, about to end, against the earlier call whose id it started under at its index: the
    same name and argument text, that call re-sent piece by piece; both ``InvalidToolCall``s (the
    earlier one's ``ToolCall`` taken back, as ``Keyed.delta`` does for a call re-sent in one piece)."""
    c = core._twins.pop(n.pos, None)
    if c is None or n.error is not None or n.obj is not None or n.tree is not None:
        return
    text = _text(c)
    if not text or text != _text(n) or not same_name(core, c, n.name):
        return
    error = (f"Tool call {n.pos} of this stream (id {n.id!r}) sends tool call {c.pos} again piece by piece: the "
             "same call sent twice? Never run twice")
    core.fail(n, error)
    if c.done:
        core.unrun(c, error)
    else:
        core.fail(c, error)
