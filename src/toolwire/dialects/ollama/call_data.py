"""What an Ollama call keeps beside its canonical fields (``ollama``): read alike by
``calls.decode_call`` and the stream, so ``encode`` writes either back as it came.

Follows https://github.com/ollama/ollama/blob/main/docs/api.md (checked 2026-12-04):
``{"id"?, "function": {"index"?, "name", "arguments"}}``.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

from .tools import NAME

__all__ = ["provider_data"]

_PLAIN_FN = ("name", "arguments")


def provider_data(item: Dict[str, Any], fn: Dict[str, Any], ident: Optional[str]) -> Optional[Dict[str, Any]]:
    """The call *item*'s (its ``function``: *fn*; its id read as *ident*) fields beside
    name, arguments and id: ``function``'s others (``index``), an ``index`` left out, the
    item's other keys, an id that is no id (``""``, ``null``), and arguments that are no
    object (text, ``null``, none), as received."""
    pd: Dict[str, Any] = {}
    fextra = {k: v for k, v in fn.items() if k not in _PLAIN_FN}
    if fextra:
        pd["function_extra"] = fextra
    if "index" not in fn:
        pd["no_index"] = True
    extra = {k: v for k, v in item.items() if k not in ("id", "function")}
    if extra:
        pd["extra"] = extra
    if ident is None and "id" in item:
        pd["id"] = item["id"]
    wire_args = fn.get("arguments")
    if type(wire_args) is not dict:
        pd["arguments"] = wire_args
        if "arguments" not in fn:
            pd["no_arguments"] = True
    return {NAME: pd} if pd else None
