"""Calls written as JSON ``{"name": …, "arguments": {…}}`` objects (or arrays of them).

Shared by the JSON-bodied newer families (Granite, Hunyuan A13B, Jamba, InternLM,
ERNIE): one object is one call, an array holds several; ``parameters`` is read like
``arguments``. JSON that cannot be read goes through the arguments policy (repairs
recorded, never a repair of cut-off JSON); what is still not a call is an
``InvalidToolCall`` with the block's text.
"""

from __future__ import annotations

from typing import Any

from .._args import parse_arguments
from .._errors import ArgumentsError
from ._core import TextParser
from ._kit import MISSING, loads, name_hint

__all__ = ["json_calls"]


def json_calls(m: TextParser, text: str, raw: str, variant: str | None = None, *, arrays: bool = True) -> None:
    """Add the calls of the JSON in *text* (``arrays``: an array of calls is allowed)."""
    value: Any = loads(text.strip())
    repairs: tuple[str, ...] = ()
    if type(value) is not dict and not (arrays and type(value) is list):
        if value is not MISSING:
            m.invalid(name_hint(text), raw, f"Tool call at {m.loc} is not a JSON object of a call")
            return
        try:
            value, _, repairs = parse_arguments(text.strip() or None, m.policy, m.loc, m.dialect)
        except ArgumentsError as exc:
            m.invalid(name_hint(text), raw, f"Tool call at {m.loc} is not JSON of a call: {exc.message}",
                      truncated=exc.truncated)
            return
    for item in value if type(value) is list else [value]:
        if type(item) is not dict or type(item.get("name")) is not str:
            m.invalid(None, raw, f"Tool call at {m.loc} is not an object with a \"name\" string")
            continue
        m.call(item["name"], item.get("arguments", item.get("parameters")), raw, repairs=repairs, variant=variant)
