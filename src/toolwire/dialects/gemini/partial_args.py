"""The JSON paths of Vertex ``partialArgs`` (``gemini`` streams): read and written.

Follows https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/function-calling
(checked 2026-11-30) and the google-genai type ``PartialArg``: ``jsonPath`` is an RFC
9535 normalized-style path (``$.a.b[0]`` / ``$['a b']``). ``parse_path`` reads one into
steps and ``apply`` sets a part's ``partialArgs`` values along them on the call the
stream handler (``stream``) has open (a value-less ``$.a[]`` ends an array:
``_ends_array``); ``leaves`` lists the paths and values of a call's
arguments for the stream encoder (``stream_encode``; an empty object or array below the
root has no leaf, so it cannot be carried: Vertex's value-less ``$.a[]`` is recorded
closing an array after its elements only, not standing for an empty one).
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Union

from ..._errors import EncodeError, excerpt
from ...stream._call import Call
from ...stream._core import Core
from ...stream._paths import end_array, set_path
from .tools import NAME

__all__ = ["apply", "field", "leaves", "parse_path"]

Step = Union[str, int]


_NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
# RFC 9535 §2.7 (normalized paths): an index is ``0`` or ``%x31-39 *DIGIT`` in ASCII digits
# (``\d`` would take ``٣``), and §2.1 keeps it within I-JSON's 2^53 - 1: at most 16 digits,
# so a 5,000-digit index is an unreadable path, never a huge ``int()``
_INDEX_RE = re.compile(r"\[(0|[1-9][0-9]{0,15})\]")


def parse_path(path: str) -> Optional[List[Step]]:
    """Steps of an RFC 9535 normalized-style path (``$.a[0]['b c']``), or ``None``."""
    if not path.startswith("$"):
        return None
    steps: List[Step] = []
    i, n = 1, len(path)
    while i < n:
        ch = path[i]
        if ch == ".":
            m = _NAME_RE.match(path, i + 1)
            if m is None:
                return None
            steps.append(m.group())
            i = m.end()
        elif ch == "[":
            m = _INDEX_RE.match(path, i)
            if m is not None:
                steps.append(int(m.group(1)))
                i = m.end()
                continue
            if i + 1 >= n or path[i + 1] not in "'\"":
                return None
            quote, j, buf = path[i + 1], i + 2, []
            while j < n and path[j] != quote:
                if path[j] == "\\" and j + 1 < n:
                    j += 1
                buf.append(path[j])
                j += 1
            if j + 1 >= n or path[j + 1] != "]":
                return None
            steps.append("".join(buf))
            i = j + 2
        else:
            return None
    return steps


def _path(prefix: str, step: Step) -> str:
    if type(step) is int:
        return f"{prefix}[{step}]"
    assert isinstance(step, str)
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", step):
        return f"{prefix}.{step}"
    escaped = step.replace("\\", "\\\\").replace("'", "\\'")
    return f"{prefix}['{escaped}']"


def leaves(value: Any, prefix: str, out: List[Any]) -> None:
    if type(value) is dict:
        if not value and prefix != "$":
            raise EncodeError("Vertex partialArgs cannot carry an empty object", dialect=NAME)
        for k, v in value.items():
            leaves(v, _path(prefix, k), out)
    elif type(value) is list:
        if not value:
            raise EncodeError("Vertex partialArgs cannot carry an empty array", dialect=NAME)
        for i, v in enumerate(value):
            leaves(v, _path(prefix, i), out)
    else:
        out.append((prefix, value))


def field(d: Dict[str, Any], camel: str, snake: str) -> Any:
    """The field *camel* of *d*, or *snake* (``model_dump()``) when that one is unset."""
    value = d.get(camel)
    return d.get(snake) if value is None else value


_VALUES = (("stringValue", "string_value"), ("numberValue", "number_value"),
           ("boolValue", "bool_value"), ("nullValue", "null_value"))


def _ends_array(core: Core, c: Call, pa: Dict[str, Any], path: str) -> bool:
    """Whether the partial argument *pa*, its *path* ending in ``[]``, is an array's end:
    no value and no ``willContinue`` (google/adk-go#1610: "Vertex's real ``$.tables[]``
    terminator carries no value"; @ai-sdk/google ``isArrayTerminator``), below the root;
    then ``end_array`` applies it."""
    if any(field(pa, camel, snake) is not None for camel, snake in _VALUES) or (
            "nullValue" in pa or "null_value" in pa or field(pa, "willContinue", "will_continue") is not None):
        return False
    steps = parse_path(path[:-2])
    if not steps:
        return False
    end_array(core, c, steps, path)
    return True


def apply(core: Core, c: Call, partial: Any) -> None:
    """Set the values of the ``partialArgs`` entries *partial* on the streamed call *c*
    (``partialArgs`` that is no list makes it invalid: never skipped)."""
    if type(partial) is not list:
        core.fail(c, f"Partial arguments are not a list: {excerpt(partial)}")
        return
    for pa in partial:
        if type(pa) is not dict:  # never skipped: the call would run without that argument
            core.fail(c, f"Partial argument is not an object: {excerpt(pa)}")
            continue
        path = field(pa, "jsonPath", "json_path")
        steps = parse_path(path) if type(path) is str else None
        if steps is None or not steps:
            if steps is None and type(path) is str and path.endswith("[]") and _ends_array(core, c, pa, path):
                continue
            core.fail(c, f"Partial argument has an unreadable jsonPath: {path!r}")
            continue
        for camel, snake in _VALUES:  # the one that is set (an SDK dump writes the others as None)
            value = field(pa, camel, snake)
            if value is not None:
                break
        else:  # protobuf's NullValue is JSON null on the wire: present is enough
            if "nullValue" not in pa and "null_value" not in pa:
                core.fail(c, f"Partial argument at {path} has no value (stringValue, numberValue, "
                         "boolValue or nullValue)")
                continue
            camel = "nullValue"
        if camel == "nullValue":
            value = None
        grows = camel == "stringValue"
        if grows and type(value) is not str:
            core.fail(c, f"Partial argument at {path} has a non-string stringValue")
            continue
        cont = field(pa, "willContinue", "will_continue") is True
        set_path(core, c, steps, value, path, grows, cont)
