"""The JSON paths of Vertex ``partialArgs`` (``gemini`` streams): read and written.

Follows https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/function-calling
(checked 2026-11-30) and the google-genai type ``PartialArg``: ``jsonPath`` is an RFC
9535 normalized-style path (``$.a.b[0]`` / ``$['a b']``; names and their escapes are
RFC 9535's: https://www.rfc-editor.org/rfc/rfc9535 §2.3.1.1, §2.5.1.1, §2.7, checked
2026-12-05). ``parse_path`` reads one into
steps and ``apply`` sets a part's ``partialArgs`` values along them on the call the
stream handler (``stream``) has open (a value-less ``$.a[]`` ends an array:
``_ends_array``); ``leaves`` lists the paths and values of a call's
arguments for the stream encoder (``stream_encode``; an empty object or array below the
root has no leaf, so it cannot be carried: Vertex's value-less ``$.a[]`` is recorded
closing an array after its elements only, not standing for an empty one).
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Tuple, Union

from ..._errors import EncodeError, excerpt
from ...stream._call import Call
from ...stream._core import Core
from ...stream._paths import end_array, set_path
from .tools import NAME

__all__ = ["apply", "field", "leaves", "parse_path"]

Step = Union[str, int]


# RFC 9535 §2.5.1.1 member-name-shorthand: name-first = ALPHA / "_" / %x80-D7FF /
# %xE000-10FFFF, name-char adds DIGIT (and ``-`` here: lenient, unambiguous)
_NAME_RE = re.compile("[A-Za-z_\x80-\ud7ff\ue000-\U0010ffff][A-Za-z0-9_\x80-\ud7ff\ue000-\U0010ffff-]*")
# RFC 9535 §2.7 (normalized paths): an index is ``0`` or ``%x31-39 *DIGIT`` in ASCII digits
# (``\d`` would take ``٣``), and §2.1 keeps it within I-JSON's 2^53 - 1: at most 16 digits,
# so a 5,000-digit index is an unreadable path, never a huge ``int()``
_INDEX_RE = re.compile(r"\[(0|[1-9][0-9]{0,15})\]")
# RFC 9535 §2.3.1.1 string literal: the first character that ends a run of ``unescaped``
# ones (the closing quote, a backslash, a control character or a surrogate; one class)
_STOPS = {q: re.compile(f"[{q}\\\\\x00-\x1f\ud800-\udfff]") for q in "'\""}
_ESCAPES = dict(zip("bfnrt/\\", "\b\f\n\r\t/\\"))  # zipped: no dict keys for test_boundary's scan
_HEX = frozenset("0123456789abcdefABCDEF")


def _hex4(path: str, i: int) -> int:
    """The code unit of the four hex digits at *i* (``uXXXX``), or -1."""
    digits = path[i:i + 4]
    return int(digits, 16) if len(digits) == 4 and _HEX.issuperset(digits) else -1


def _name(path: str, i: int, quote: str) -> Optional[Tuple[str, int]]:
    """The name of the string literal whose text starts at *i* and the index after its
    closing *quote* (RFC 9535 §2.3.1.1: ``\\b \\f \\n \\r \\t \\/ \\\\``, the quote and
    ``\\uXXXX``, a surrogate only in a pair), or ``None``: any other escape, a raw control
    character or surrogate, or no closing quote."""
    stops, n, parts = _STOPS[quote], len(path), []
    while True:
        m = stops.search(path, i)
        if m is None or m.end() >= n:  # no closing quote, or a backslash escaping nothing
            return None
        parts.append(path[i:m.start()])
        i = m.start()
        ch = path[i]
        if ch == quote:
            return "".join(parts), i + 1
        if ch != "\\":  # a control character or a surrogate
            return None
        e = path[i + 1]
        if e == quote or e in _ESCAPES:
            parts.append(_ESCAPES.get(e, e))
            i += 2
            continue
        code = _hex4(path, i + 2) if e == "u" else -1
        i += 6
        if 0xD800 <= code <= 0xDBFF:  # a high surrogate: its low one must follow
            low = _hex4(path, i + 2) if path[i:i + 2] == "\\u" else -1
            if not 0xDC00 <= low <= 0xDFFF:
                return None
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            i += 6
        elif code < 0 or 0xDC00 <= code <= 0xDFFF:
            return None
        parts.append(chr(code))


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
            named = _name(path, i + 2, path[i + 1])
            if named is None or named[1] >= n or path[named[1]] != "]":
                return None
            steps.append(named[0])
            i = named[1] + 1
        else:
            return None
    return steps


_SHORTHAND = re.compile("[A-Za-z_][A-Za-z0-9_]*")
# RFC 9535 §2.7: a normalized name escapes ``\b \f \n \r \t``, other control characters as
# ``\u00xx`` (lowercase), ``'`` and ``\``; everything else is written as itself
_NORMAL = str.maketrans({**{c: f"\\u{c:04x}" for c in range(0x20)}, 0x08: "\\b", 0x0C: "\\f",
                         0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t", 0x27: "\\'", 0x5C: "\\\\"})


def _path(prefix: str, step: Step) -> str:
    """*prefix* and one step: Vertex's ``.name`` for a plain ASCII name, else an RFC 9535
    normalized ``['name']`` (§2.7), which ``parse_path`` reads back (a key with a lone
    surrogate, which no RFC 9535 path holds, is refused before: ``_value_checks``)."""
    if type(step) is int:
        return f"{prefix}[{step}]"
    assert isinstance(step, str)
    if _SHORTHAND.fullmatch(step):
        return f"{prefix}.{step}"
    return f"{prefix}['{step.translate(_NORMAL)}']"


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
