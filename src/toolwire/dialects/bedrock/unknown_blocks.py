"""Converse content blocks of no known kind (``converse._blocks`` passes them over).

Follows https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ContentBlock.html
(checked 2026-12-06): a block is a union of one member; every member whose name says call
or tool is known (``toolUse``, ``toolResult``, and the system role's ``toolAddition`` /
``toolRemoval``), and all are lowerCamelCase.
"""

from __future__ import annotations

from typing import Any, Dict

from ..._errors import DecodeError
from .tools import NAME

__all__ = ["callish"]


def callish(block: Dict[str, Any], loc: str) -> None:
    """Refuses the block at *loc* of no known kind whose key names a call, a tool or a
    function (``tool_call``: Haystack's serialized ``ChatMessage``; another API's call in a
    Converse-looking message): passed over, the call it may hold would be lost and the
    message read as holding none. Other unknown kinds (a newer media block) are still
    passed over."""
    for key in block:
        low = key.lower() if type(key) is str else ""
        if "call" in low or "tool" in low or "function" in low:
            raise DecodeError(f"The block at {loc} is {key!r}, no Converse content block (a call is 'toolUse'): "
                              "the call it may hold would be lost", dialect=NAME, loc=loc)
