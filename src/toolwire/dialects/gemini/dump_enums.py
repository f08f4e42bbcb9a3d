"""The enum members a python-mode ``model_dump()`` of a google-genai object keeps
(``Type.OBJECT`` in a ``Schema``, ``Behavior.NON_BLOCKING`` in a ``FunctionDeclaration``,
``Environment.ENVIRONMENT_BROWSER`` in a ``Tool``'s ``computer_use``), read as their
words: docs/dialects/gemini.md. google-genai's enums are ``CaseInSensitiveEnum(str,
Enum)``: the value is the wire's word. Run only where a plain reading failed, so a
JSON payload costs nothing.
"""

from __future__ import annotations

import enum
from typing import Any, List, Tuple

__all__ = ["enum_words"]


def enum_words(value: Any, limit: int) -> Any:
    """*value* (a dict or list) copied with each enum member whose value is text or an
    integer as that value; *value* itself when it holds none, or more than *limit*
    values (a container holding itself: the caller's check says so). Iterative,
    linear in the value."""
    if type(value) is not dict and type(value) is not list:
        return value
    out: Any = {} if type(value) is dict else [None] * len(value)
    stack: List[Tuple[Any, Any]] = [(value, out)]
    found = False
    seen = 0
    while stack:
        src, dst = stack.pop()
        for k, v in src.items() if type(src) is dict else enumerate(src):
            seen += 1
            if seen > limit:
                return value
            t = type(v)
            if t is dict or t is list:
                new: Any = {} if t is dict else [None] * len(v)
                stack.append((v, new))
                v = new
            elif isinstance(v, enum.Enum) and type(v.value) in (str, int):
                v = v.value
                found = True
            dst[k] = v
    return out if found else value
