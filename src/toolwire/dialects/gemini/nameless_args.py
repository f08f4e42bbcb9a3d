"""``functionCall`` parts with ``args`` and no ``name`` in a whole Gemini reply, read as a
stream reads them (``stream``): the arguments of the name-only call before them.

Follows https://ai.google.dev/api/caching#FunctionCall (checked 2026-11-30: every field
of ``FunctionCall`` is optional) and the parts reported in the wild (wire-formats §4g;
smallmain/vscode-unify-chat-provider#48): a nameless, argument-only part is the
arguments of the call before it, never a call of its own (Gemini refuses empty names).

``children`` gives the parts ``sniff.children`` gives, with, in each parts list (one
``Content``), a name-only call part (a ``name``, no ``args`` or ``"args": {}`` as in the
report, no ``willContinue`` or ``partialArgs``) and the nameless part that follows it
(other parts may stand between) made into one call part, at the name-only part's place
and path: its ``name`` and ``id``, the nameless part's ``args``, and the fields beside
the call of the name-only part, or of the nameless part when only it is signed
(``thoughtSignature``) or only it has any: what the stream keeps. A nameless part with
no arguments (``{}``, a stream's terminator) is nothing; with arguments and no call
waiting, ``call_parts.decode_call`` reports it at its own path. A nameless part that
streams arguments (``partialArgs``) is left to ``decode_call``: a fragment of a
streamed call. Linear: each part is looked at once.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, Iterator, List, Optional, Tuple

from .sniff import children as parts_of

__all__ = ["FRAGMENT_KEYS", "children", "fragment", "merge", "merged", "nameless"]

Part = Tuple[Any, str]

# a Vertex stream's argument fragments (``stream``): the call is not all in the part
FRAGMENT_KEYS = ("partialArgs", "partial_args", "willContinue", "will_continue")


def _call(part: Any) -> Tuple[Optional[str], Optional[Dict[str, Any]]]:
    """The key and object of *part*'s ``functionCall`` (``None``, ``None`` when it holds none)."""
    if type(part) is not dict:
        return None, None
    for key in ("functionCall", "function_call"):
        fc = part.get(key)
        if fc is not None:
            return (key, fc) if type(fc) is dict else (None, None)
    return None, None


def fragment(fc: Dict[str, Any]) -> bool:
    """Whether the call object *fc* is a fragment of a streamed call (``None`` / ``False``:
    the SDK's unset fields, the end of a stream, are none)."""
    return any(fc.get(k) for k in FRAGMENT_KEYS)


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


def merge(head: Dict[str, Any], hkey: str, tail: Dict[str, Any], tkey: str) -> Dict[str, Any]:
    """One call part of the name-only part *head* and the nameless part *tail* after it."""
    fc = dict(head[hkey])
    args = tail[tkey].get("args")
    if args is not None and args != {}:
        fc["args"] = args
    base, key = head, hkey
    if _beside(tail, tkey) and (not _beside(head, hkey) or (_signed(tail) and not _signed(head))):
        base, key = tail, tkey  # the signature on the later part (as the stream keeps it)
    out = {k: v for k, v in base.items() if k != key}
    out[key] = fc
    return out


def children(data: Dict[str, Any], loc: str) -> Iterator[Part]:
    """``sniff.children`` with nameless argument parts merged into their calls (see above)."""
    return merged(parts_of(data, loc))


def merged(parts: Iterable[Part]) -> Iterator[Part]:
    """*parts* (each with its ``...parts[j]`` path, as ``sniff.children`` gives them) with
    each nameless argument part merged into the name-only call before it in its list."""
    head: Optional[Part] = None  # a name-only call part, waiting for its arguments
    held: List[Part] = []  # the parts after it, before the next call part
    scope = ""  # the path of *head*'s parts list: its parts end at the next list's
    for part, ploc in parts:
        if head is not None and not ploc.startswith(scope):
            yield head
            yield from held
            head, held = None, []
        key, fc = _call(part)
        if fc is None or key is None:
            if head is None:
                yield part, ploc
            else:
                held.append((part, ploc))
            continue
        if nameless(fc) and not fragment(fc):
            if head is not None:
                hpart, hloc = head
                hkey, _ = _call(hpart)
                assert hkey is not None
                yield merge(hpart, hkey, part, key), hloc
                yield from held
                head, held = None, []
            else:
                args = fc.get("args")
                if args is not None and args != {}:  # reported by ``decode_call``, at its own path
                    yield part, ploc
            continue  # else a stray terminator (``{}``), as a stream reads it
        if head is not None:
            yield head
            yield from held
            head, held = None, []
        if _name_only(fc):
            head, scope = (part, ploc), ploc[: ploc.rfind("[") + 1]
        else:
            yield part, ploc
    if head is not None:
        yield head
        yield from held
