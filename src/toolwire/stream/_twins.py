"""A Chat-like call sent again piece by piece after its arguments (``Keyed.delta``): a call
started under the id of an earlier call at the same index (its *twin*), with the same name (or
the piece that call's name was built from, ``Keyed._joined``: openai-python's
``accumulate_delta`` joins a name's pieces) and the same argument text, is that call re-sent
(a gateway re-sending every piece): neither runs, as the same call re-sent in one piece is
refused (docs/streaming.md rule 1). Other text under the id is another call (a second
completion reusing it: DeepSeek's ``call_0``); the same text under the name spelled otherwise
(``bare``) is not guessed: that call alone is an ``InvalidToolCall``. A custom tool's call (its
free-text input, ``Core.add_input``) is judged by its input, never the same as a function call's
text; sent again whole after it ended, it is refused as ``Keyed.delta`` refuses a function call
(``input_again``)."""

from __future__ import annotations

from typing import Any, Hashable, List, Optional, Tuple

from .._types import ToolCall
from ._call import Call

__all__ = ["bare", "ended_twin", "input_again", "judge_twin", "said_twice", "same_name", "twin_rest"]


def bare(name: str) -> str:
    """*name* with blanks, case and a ``functions.`` prefix aside (Kimi K2's ids,
    ``functions.get_weather:0``, and OpenAI's harmony format write that namespace)."""
    name = name.strip().casefold()
    return name[10:] if name.startswith("functions.") else name


def same_name(core: Any, c: Call, name: Optional[str]) -> bool:
    """Whether *name* (or none) is *c*'s or its name's first piece (the head of a name sent in
    pieces): a proper prefix of its name that it was not built from is another tool's (``search``
    after ``search_web``), and so, as far as running goes, is its name spelled otherwise
    (``judge_twin``). Compared as sent: the lengths first, no pass over *c*'s name per delta."""
    if name is None or c.name is None or name == c.name:
        return True
    first = core._joined.get(c.pos)
    return first is not None and name == first


def _spelled(core: Any, c: Call, name: Optional[str]) -> bool:
    """Whether *name* is *c*'s name (or its first piece) spelled otherwise (``bare``), or the tail of
    a name *c* joined from pieces (Kimi K2's pieces carry the name: its last piece re-sent whole):
    read once per call that started under *c*'s id (each call is that of one such call at most)."""
    if name is None or c.name is None:
        return False
    first = core._joined.get(c.pos)
    if first is not None and 0 < len(name) <= len(c.name) - len(first) and c.name.endswith(name):
        return True  # (within the pieces after the first: a suffix reaching into it is no piece of them)
    name = bare(name)
    return name == bare(c.name) or (first is not None and name == bare(first))


def _input(core: Any, c: Call) -> Optional[Tuple[str, str]]:
    """*c*'s custom tool input as ``(field, text)`` (``""`` when no piece had text), ``None`` when it
    has none."""
    if c.done:
        obj = c.obj  # (``Results._input`` made it ``{field: text}``)
        if type(obj) is not dict or len(obj) != 1:
            return None
        field, text = next(iter(obj.items()))
    else:
        held = core.inputs.get(c.pos) if core.inputs else None
        if held is None:
            return None
        field, text = held[0], "".join(held[1])
    return (field, text) if type(text) is str else None


def _text(core: Any, c: Call) -> Any:
    free = core.free_text
    if free is not None and c.pos in free:  # (a custom tool's call: its input)
        return _input(core, c)
    if c.done:
        r = c.result
        if r is None:
            return None
        # (no argument text, its ``{}`` given no text: ``""``, as on a call still open)
        return "" if r.raw is None and c.obj is None and type(r) is ToolCall else r.raw
    return c.full if c.full is not None else "".join(c.parts)


def judge_twin(core: Any, n: Call) -> None:
    """*n*, about to end, against the earlier call whose id it started under at its index: the
    same name and argument text, that call re-sent piece by piece; both ``InvalidToolCall``s (the
    earlier one's ``ToolCall`` taken back, as ``Keyed.delta`` does for a call re-sent in one piece).
    Under its name spelled otherwise (another case, a blank, a ``functions.`` prefix: review
    revLead44; the tail of a joined name) no gateway is known to rename a re-sent call, and
    another call reusing the id may be so named: *n* is an ``InvalidToolCall``, the earlier call
    stands as its ``CallDone`` said. With no id on *n* (a head without one at the index of a call that
    ended, ``Keyed._ended_at``), the same name and text are that call re-sent or a new call the same:
    not told apart, neither runs. No text on both (``""``) is the same text, as ``{}`` is, under
    the name (a piece with neither carries nothing of a call)."""
    c = core._twins.pop(n.pos, None)
    if c is None or n.error is not None or n.obj is not None or n.tree is not None:
        return
    text = _text(core, c)
    if text is None or text != _text(core, n) or (not text and n.name is None):
        if core._input_pieces and core._input_pieces.get(n.pos, 0) & 16:  # (read as its pieces: ``twin_rest``)
            core.fail(n, f"Tool call {n.pos} of this stream took named pieces without an id as the custom tool call "
                         f"{c.pos} re-sent, which they did not end as: its pieces, or calls of their own? Not guessed")
        return  # (no arguments on both, ``""``: the same, as ``{}`` is, when the name came again with it)
    if n.id is None:  # (no id on it: the same call, or a new one the same? ``Keyed._ended_at``)
        if n.name is not None and n.name == c.name:
            first = "" if c.id is None else f" (id {c.id!r})"
            error = (f"Tool calls {c.pos} and {n.pos} of this stream have the name {c.name!r} and the same arguments "
                     f"at one index, the second without an id after the first{first} ended: the call sent again, or a "
                     "new call the same? Not guessed; neither runs")
            core.fail(n, error)
            if c.done:
                core.unrun(c, error)
            else:
                core.fail(c, error)
        return
    if not same_name(core, c, n.name):
        if _spelled(core, c, n.name):
            core.fail(n, f"Tool call {n.pos} of this stream (id {n.id!r}) sends the arguments of tool call {c.pos} "
                         f"under its id with its name {c.name!r} spelled otherwise or in part: that call re-sent, or "
                         "another reusing its id? Not guessed; never run twice")
        return
    error = (f"Tool call {n.pos} of this stream (id {n.id!r}) sends tool call {c.pos} again piece by piece: the "
             "same call sent twice? Never run twice")
    core.fail(n, error)
    if c.done:
        core.unrun(c, error)
    else:
        core.fail(c, error)


def input_again(core: Any, scope: Hashable, index: Optional[Hashable], id: Optional[str], name: Optional[str],
                piece: Any) -> Optional[str]:
    """Whether a custom head with *id* (or none, and *name*: the call had an id) at *index* and
    the input *piece* sends an ended custom call again whole: that call made an
    ``InvalidToolCall`` (``Core.unrun``), as ``Keyed.delta`` refuses a function call re-sent after
    its end (``Keyed._again``: at its index, its name, the piece its name began with, or none, and
    the text it ran with), and the error the call the piece starts fails with (the piece may as
    well begin a second completion's input that goes on: never run, review revChat7); else
    ``None``. Re-sent piece by piece, ``judge_twin`` compares the inputs."""
    if type(piece) is not str or not piece:
        return None
    key = None if index is None else (scope, index)
    c: Optional[Call]
    if id is not None:
        c = core.ids.get(id if scope is None else (scope, id))
    elif key is not None and name is not None:
        c = core._last.get(scope)
        if c is not None and (c.id is None or c.name != name):
            c = None
    else:
        return None
    if c is None or not c.done or c.key != key or not same_name(core, c, name):
        return None
    got = _input(core, c)
    if got is None or got[1] != piece:
        return None
    said = f"(id {id!r})" if id is not None else f"({c.name!r}) at its index"
    error = (f"Tool call {c.pos} of this stream {said} came again after it ended: the same call sent twice? "
             "Never run twice")
    core.unrun(c, error)
    return error


def ended_twin(core: Any, c: Call, scope: Hashable) -> None:
    """*c*, started by a head without an id: the call that ended at its index (none: its choice's
    last without one) at its choice's finish (``Keyed._ended_at``), if any, is judged with it
    (``Keyed._twins``: the same name and text, that call again or a new call the same: neither runs)."""
    ended = core._ended_at
    prev = ended.get((scope, None) if c.key is None else c.key) if ended else None
    if prev is not None:
        if core._twins is None:
            core._twins = {}
        core._twins[c.pos] = prev


def said_twice(core: Any, c: Call, pieces: List[str], text: str) -> bool:
    """Whether *c*, a custom call whose every piece came named (its head again after its input,
    no piece without its name: ``CutJudge._input_pieces``' 2 alone; Kimi K2 names every piece), ends
    with the input *text* (its *pieces* joined) that is its first half twice, a piece beginning the
    second half: the call re-sent piece by piece (such a server's pieces show no head again), or an
    input that repeats itself? Not guessed: *c* fails (its ``raw`` the text), never run doubled."""
    if core._input_pieces.get(c.pos, 0) & 3 != 2 or len(text) % 2:
        return False
    half, at = len(text) // 2, 0
    for p in pieces:
        if at >= half:
            break
        at += len(p)
    if at != half or text[:half] != text[half:]:
        return False
    c.full = text
    core.fail(c, f"The custom tool call {c.name!r} (id {c.id!r}), named on every piece, got its input twice: "
                 "the call sent again piece by piece, or an input that repeats itself? Not guessed; never run")
    return True


def twin_rest(core: Any, c: Call, name: str, piece: str, going_on: int) -> bool:
    """Whether the named input *piece*, no id on it nor on *c* (a custom call that a head without an id
    started at the index of the call that ended there, ``ended_twin``), is *c*'s rest: the ended call's
    input goes on with it, as with every piece so far (*going_on*: the earlier ones did; Kimi K2 names
    every piece, so re-sent after the finish), ``judge_twin`` telling at *c*'s end (the same input:
    that call re-sent, neither runs). Else the piece is another call at the index (``head_again``),
    and *c*, read as the re-send's beginning, fails. Each piece is compared once (linear)."""
    e = core._twins.get(c.pos)
    got = _input(core, e) if e is not None and e.done and name == c.name == e.name else None
    if got is not None:
        text = got[1]
        if text.startswith(piece, c.size) and (going_on or text.startswith("".join(core.inputs[c.pos][1]))):
            return True
    if going_on:
        core.fail(c, f"Tool call {c.pos} of this stream, read as the custom tool call {e.pos if e else '?'} re-sent "
                     "piece by piece (each named, no id), went on otherwise: its pieces, or calls of their own? "
                     "Not guessed")
    return False
