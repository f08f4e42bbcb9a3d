"""A ``TextParser`` part-way through a text pickles and ``copy.deepcopy``s (a checkpoint of
a durable workflow, as ``stream.Accumulator``): its format travels by name and its mode
by its place in the format's machine, since a format of one's own may hold local
objects (closures, lambdas) that pickle cannot name; the built-in parts (``goto``,
``body``, ``closed_think_modes``' ``start``) are partials of module-level functions, so
a format made of them pickles by value too. The machine's modes are found once per format, by a walk from its start
modes through what modes and actions refer to (their attributes, closures and the
globals their code names): the same walk, in the same order, in every process."""

from __future__ import annotations

import types
import weakref
from functools import partial
from typing import TYPE_CHECKING, Any

from ._scan import Mode

if TYPE_CHECKING:
    from ._format import TextFormat

__all__ = ["mode_at", "place_of"]

_BASES = (Mode, object)
# id(format) -> (a weak reference to the format, its modes in walk order): a format
# loaded with each checkpoint (one of one's own, by value) is forgotten with it
_MACHINES: dict[int, tuple[weakref.ref[Any], list[Mode]]] = {}


def _forget(key: int, ref: weakref.ref[Any]) -> None:
    got = _MACHINES.get(key)
    if got is not None and got[0] is ref:
        del _MACHINES[key]


def _modes(fmt: TextFormat) -> list[Mode]:
    got = _MACHINES.get(id(fmt))
    if got is not None and got[0]() is fmt:
        return got[1]
    modes: list[Mode] = []
    seen: set[int] = set()
    home = getattr(fmt.start, "__module__", None)  # a format of one's own: its module too
    todo: list[Any] = [fmt.start(False), fmt.start(True)]
    while todo:
        obj = todo.pop(0)
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, Mode):
            modes.append(obj)
            todo.extend(_values(vars(obj)))
            for cls in type(obj).__mro__:  # its methods (a mode class may open others)
                if cls not in _BASES:
                    todo.extend(_values(vars(cls)))
        elif isinstance(obj, types.FunctionType):
            module = obj.__module__ or ""
            if not (module.startswith("toolwire.text") or module == home):
                continue  # the library's other functions open no modes
            todo.extend(c.cell_contents for c in obj.__closure__ or () if _filled(c))
            g = obj.__globals__
            todo.extend(g[n] for n in _names(obj.__code__) if n in g)
        elif isinstance(obj, types.MethodType):
            todo.extend((obj.__self__, obj.__func__))
        elif isinstance(obj, partial):
            todo.extend((obj.func, *obj.args, *obj.keywords.values()))
        elif isinstance(obj, (dict, list, tuple)):
            todo.extend(_values(obj))
    _MACHINES[id(fmt)] = (weakref.ref(fmt, partial(_forget, id(fmt))), modes)
    return modes


def _values(obj: Any) -> list[Any]:
    """The values of a container that may lead to modes (sets hold none: their order
    would differ between processes)."""
    vals = obj.values() if isinstance(obj, (dict, types.MappingProxyType)) else obj
    return [v for v in vals if isinstance(v, (Mode, types.FunctionType, types.MethodType, partial, dict, list, tuple))]


def _filled(cell: Any) -> bool:
    try:
        cell.cell_contents  # noqa: B018
    except ValueError:  # an empty cell
        return False
    return True


def _names(code: types.CodeType) -> list[str]:
    names = list(code.co_names)
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            names.extend(_names(c))
    return names


def place_of(fmt: TextFormat, mode: Mode) -> Any:
    """What a checkpoint holds for *mode*: its place in the format's machine, or the mode
    itself when the walk does not reach it (pickled as it is)."""
    for i, m in enumerate(_modes(fmt)):
        if m is mode:
            return i
    return mode


def mode_at(fmt: TextFormat, place: Any) -> Mode:
    if type(place) is int:
        return _modes(fmt)[place]
    mode: Mode = place
    return mode
