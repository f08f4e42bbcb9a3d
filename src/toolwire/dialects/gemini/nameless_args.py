"""``functionCall`` parts with ``args`` and no ``name`` in a whole Gemini reply, and Vertex
argument fragments, read as a stream reads them (``stream``): the arguments of the call
before them.

Follows https://ai.google.dev/api/caching#FunctionCall (checked 2026-11-30: every field
of ``FunctionCall`` is optional) and the parts reported in the wild (wire-formats §4g;
smallmain/vscode-unify-chat-provider#48): a nameless, argument-only part is the
arguments of the call before it, never a call of its own (Gemini refuses empty names);
and Vertex ``streamFunctionCallArguments`` (wire-formats §4e, ``fragments``).

``merged`` is the one reading of a parts list: ``children`` gives the parts
``sniff.children`` gives (each ``Content``'s list), ``history`` a content's parts and
``Dialect.list_items`` a bare list of parts, all through it. In each list, the parts the
stream attaches to one call are made one part, at the first one's place and path:

- a name-only call part (a ``name``, no ``args`` or ``"args": {}`` as in the report, no
  fragment) and the nameless part that follows it (other parts may stand between):
  its ``name`` and ``id``, the nameless part's ``args``, and the fields beside the call
  of the name-only part, or of the nameless part when only it is signed
  (``thoughtSignature``) or only it has any: what the stream keeps;
- a call streamed in fragments (``willContinue: true`` or ``partialArgs``) and the
  nameless parts after it up to the one that ends it (``willContinue`` not true), or
  to the next named call: one part of all its fragments (``fragments.pack``), which
  ``fragments.decode`` reads as the stream does; none ends it: cut off.

A nameless part with no arguments and no fragment (``{}``, a stream's terminator) that
no call waits for is nothing; with arguments, ``call_parts.decode_call`` reports it at
its own path. Linear: each part is looked at once.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, Iterator, List, Optional, Tuple

from .fragments import continues, fragment, pack, streams
from .partial_args import field
from .sniff import children as parts_of

__all__ = ["children", "merged", "nameless"]

Part = Tuple[Any, str]


def _call(part: Any) -> Tuple[Optional[str], Optional[Dict[str, Any]]]:
    """The key and object of *part*'s ``functionCall`` (``None``, ``None`` when it holds none)."""
    if type(part) is not dict:
        return None, None
    for key in ("functionCall", "function_call"):
        fc = part.get(key)
        if fc is not None:
            return (key, fc) if type(fc) is dict else (None, None)
    return None, None


def nameless(fc: Dict[str, Any]) -> bool:
    """Whether the call object *fc* has no name (absent, JSON null or ``""``, as a stream reads it)."""
    name = fc.get("name")
    return name is None or name == ""


def _name_only(fc: Dict[str, Any]) -> bool:
    """Whether *fc* is a call whose arguments may follow: a name, no ``args`` or ``{}``."""
    args, name = fc.get("args"), fc.get("name")
    return type(name) is str and name != "" and (args is None or args == {}) and not fragment(fc)


def _signed(part: Dict[str, Any]) -> bool:
    return part.get("thoughtSignature") is not None or part.get("thought_signature") is not None


def _beside(part: Dict[str, Any], key: str) -> bool:
    """Whether *part* has a field set beside its call, or is spelled in snake_case: the
    provider data a stream keeps for it."""
    return key != "functionCall" or any(v is not None for k, v in part.items() if k != key)


def children(data: Dict[str, Any], loc: str) -> Iterator[Part]:
    """``sniff.children`` with nameless argument parts merged into their calls (see above)."""
    return merged(parts_of(data, loc))


def merged(parts: Iterable[Part]) -> Iterator[Part]:
    """*parts* (each with its ``...parts[j]`` / ``[j]`` path, as ``sniff.children`` gives them)
    with the parts the stream attaches to one call made one (see above)."""
    run: List[Tuple[str, Dict[str, Any]]] = []  # the open call's parts (key, part): the first opened it
    at = ""  # the path of its first part
    streamed = False  # its arguments stream in fragments (else a name-only call waits for them)
    held: List[Part] = []  # the parts after its first, before the next call part
    scope = ""  # the path of the open call's parts list: its parts end at the next list's
    for part, ploc in parts:
        if run and not ploc.startswith(scope):
            yield from _close(run, at, streamed, held, False)
            run, held = [], []
        key, fc = _call(part)
        if fc is None or key is None:
            if run:
                held.append((part, ploc))
            else:
                yield part, ploc
            continue
        if nameless(fc):
            if run:  # the open call's: its arguments, a fragment, its end
                run.append((key, part))
                streamed = streamed or streams(fc)  # a name-only call's arguments may stream too
                if not continues(fc):
                    yield from _close(run, at, streamed, held, True)
                    run, held = [], []
            elif streams(fc):  # fragments no call opened: read as the stream reads them (no name)
                run, at, streamed, scope = [(key, part)], ploc, True, ploc[: ploc.rfind("[") + 1]
                if not continues(fc):
                    yield from _close(run, at, streamed, held, True)
                    run, held = [], []
            else:
                args = fc.get("args")
                if args is not None and args != {}:  # reported by ``decode_call``, at its own path
                    yield part, ploc
            continue  # else a stray terminator (``{}``), as a stream reads it
        if run:  # a new call ends the open one; a streamed one that got nothing, or that a whole call
            # ends, is cut off (as a stream reads it: ``Handler._ended``)
            yield from _close(run, at, streamed, held,
                              not (streamed and (_empty(run) or not fragment(fc) and _named(run))))
            run, held = [], []
        if type(fc.get("name")) is str and (fragment(fc) or _name_only(fc)):
            run, at, streamed, scope = [(key, part)], ploc, fragment(fc), ploc[: ploc.rfind("[") + 1]
            if streamed and not continues(fc):
                yield from _close(run, at, streamed, held, True)
                run, held = [], []
        else:
            yield part, ploc
    if run:
        yield from _close(run, at, streamed, held, False)


def _named(run: List[Tuple[str, Dict[str, Any]]]) -> bool:
    """Whether the call *run* (its parts, the first opening it) has a name."""
    key, part = run[0]
    name = part[key].get("name")
    return type(name) is str and name != ""


def _empty(run: List[Tuple[str, Dict[str, Any]]]) -> bool:
    """Whether the streamed call *run* (its parts, ``(key, part)``, the first opening it)
    is named and got no argument: no ``partialArgs`` entry, no ``args`` (the stream's
    ``Handler._ended`` test)."""
    if not _named(run):
        return False
    for key, part in run:
        fc = part[key]
        if field(fc, "partialArgs", "partial_args") or fc.get("args"):
            return False
    return True


def _close(run: List[Tuple[str, Dict[str, Any]]], at: str, streamed: bool, held: List[Part],
           ended: bool) -> Iterator[Part]:
    """The one part of the call *run* (at *at*), then the parts *held* after it. A run
    the stream would end as a whole call (a name-only call is whole at the end of the
    stream) is *ended*."""
    head = run[0]
    if len(run) == 1 and (not streamed or not ended or not continues(head[1][head[0]])):
        yield head[1], at  # a call alone: as it came (a fragment reads alone as in the run)
    else:
        base = head
        for key, part in run[1:]:  # the fields beside the call the stream keeps
            if _beside(part, key) and (not _beside(base[1], base[0]) or (_signed(part) and not _signed(base[1]))):
                base = (key, part)
        given = [part[key]["args"] for key, part in run[1:] if part[key].get("args") not in (None, {})]
        if streamed or len(given) > 1:  # (arguments twice: refused in ``fragments``, as the stream does)
            yield pack(run, base, ended or not streamed), at
        else:  # a name-only call and the arguments of a nameless part after it
            fc = dict(head[1][head[0]])
            if given:
                fc["args"] = given[0]
            out = {k: v for k, v in base[1].items() if k != base[0]}
            out[base[0]] = fc
            yield out, at
    yield from held
