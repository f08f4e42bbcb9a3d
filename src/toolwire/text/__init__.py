"""Tool calls written in the output text of open-weight models (``text.*`` dialects).

``_core`` holds the parser machinery every format shares (``TextParser``; a
format is a ``TextFormat``, ``_format``; its result and events in ``_events``, its
options checked in ``_options``), ``_scan``/``_kit``/``_pythonic``/``_schema`` its helpers,
``_api`` the public ``decode_text`` / ``encode_text``, ``_table`` the registry entries;
then one module per model family. Nothing here is imported by ``import toolwire``:
the family modules load on first use.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._api import TextResult, decode_text, encode_text

__all__ = ["TextResult", "decode_text", "encode_text"]


def __getattr__(name: str) -> Any:  # PEP 562: the parsers load on first use
    if name in __all__:
        from . import _api

        return getattr(_api, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
