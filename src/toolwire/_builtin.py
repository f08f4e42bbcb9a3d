"""The default registry: the built-in dialects (``dialects.BUILTIN``), built on first use."""

from __future__ import annotations

import threading
from typing import Any, Dict, List, Optional, Tuple, Type

from ._dialect import Dialect
from ._errors import DecodeError, ToolwireError, an, excerpt
from ._registry import Registry

__all__ = ["default_registry", "dialect_names", "get_dialect", "register_dialect", "registry_of"]

_default: Optional[Registry] = None
_default_lock = threading.Lock()


def default_registry() -> Registry:
    """The process-wide registry of the built-in dialects (built on first use)."""
    global _default
    reg = _default
    if reg is None:
        with _default_lock:
            if _default is None:
                from .dialects import BUILTIN, ONE_STEP  # the dialect modules load on first use
                from .dialects.openai import chat_plain as plain

                reg = Registry(BUILTIN)
                ahead = tuple(reg.get(name) for name in plain.PLAIN_AHEAD)
                reg.add_fast(plain.PLAIN_SHAPE, ahead, plain.decode_plain)  # speed only
                reg.add_fast_object(plain.PLAIN_OBJECT, ahead[-1], plain.decode_plain_object)
                reg.add_fast_calls(ahead[-1], plain.decode_plain_completion)
                for name in plain.PLAIN_COMPLETIONS:
                    reg.add_fast_response(name, ahead[-1], plain.decode_plain_sdk_completion)
                for _, shape, fn in ONE_STEP:  # each while the plan of its shape is the built-ins'
                    reg.add_fast(shape, tuple(d for d, _ in reg._shape_claims(shape)), fn, named=False)
                _default = reg
            reg = _default
    return reg


def registry_of(registry: Any, error: Type[ToolwireError] = DecodeError) -> Registry:
    """*registry* (a ``Registry``), or the default one for ``None``; *error*
    (``DecodeError`` for the reading side, ``EncodeError`` for the writing side) naming
    the keyword for anything else: the caller's mistake, found before the input is read,
    never reported as an unreadable payload. A hot path tests ``registry is None``
    itself and calls this only for a registry given."""
    if registry is None:
        return _default or default_registry()
    if type(registry) is Registry or isinstance(registry, Registry):
        return registry
    raise error(f"registry= must be a Registry or None, got {an(type(registry).__name__)} {excerpt(registry)}")


def register_dialect(dialect: Dialect, *, replace: bool = False, first: bool = False) -> None:
    """Register *dialect* on the default registry."""
    default_registry().register(dialect, replace=replace, first=first)


def get_dialect(name: str) -> Dialect:
    """The dialect registered under *name* (or an alias) in the default registry."""
    return default_registry().get(name)


def dialect_names() -> List[str]:
    """Names of the default registry's dialects, in detection order."""
    return default_registry().names()


def own_name(d: Dialect) -> str:
    """The name *d*'s own decoded parts and messages carry, under which every history writer
    and ``check_conversation`` read a message written back as it came: what its codec
    declares (``HistoryCodec.decodes_as``: a built-in's name, kept by a dialect derived from
    it and by a codec made from its with ``dataclasses.replace``), else, for a codec equal
    to a built-in's (pickled by a build before that field), that built-in's, else *d*'s own."""
    h = d.history
    if h is None:
        return d.name
    name: str = h.decodes_as
    if name:
        return name
    seen = _seen.get(id(h))
    if seen is None or seen[0] is not h:
        seen = (h, _equal_builtin(h))
        if len(_seen) >= 64:  # (codecs loaded anew, one per task: forgotten by the 64)
            _seen.clear()
        _seen[id(h)] = seen  # (the codec held: its id is not reused while it is here)
    return seen[1] or d.name


def _equal_builtin(h: Any) -> Optional[str]:
    """The name of the first built-in whose history codec equals *h*, else ``None``."""
    global _codecs
    if _codecs is None:
        default_registry()  # (the dialect modules loaded)
        from .dialects import BUILTIN

        _codecs = {b.history: b.name for b in reversed(BUILTIN) if b.history is not None}
    try:
        return _codecs.get(h)
    except TypeError:  # (a codec of one's own holding an unhashable value)
        return None


# each built-in history codec -> the first built-in holding it (found on first use)
_codecs: Optional[Dict[Any, str]] = None
# id() of a codec without ``decodes_as`` -> (that codec, the built-in it equals or None)
_seen: Dict[int, Tuple[Any, Optional[str]]] = {}


def history_of(name: Any, registry: Registry) -> Any:
    """The ``HistoryCodec`` of the dialect *name* in *registry*, else of the built-in
    dialect of that name, else ``None``. A decoded part or message names the dialect whose
    codec read it (one derived from a built-in with ``dataclasses.replace`` shares the
    built-in's codec, and its parts name the built-in), so what it means holds in a
    registry without that dialect."""
    for reg in (registry, _default or default_registry()):
        if name in reg:
            return reg.get(name).history
    return None
