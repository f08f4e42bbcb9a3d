"""Small JSON helpers shared by the schema modules.

JSON equality follows JSON Schema (2020-12 core §4.2.2): numbers compare by value
(``1 == 1.0``), booleans are never numbers, arrays and objects compare element-wise.
"""

from __future__ import annotations

import json
import math
import sys
from typing import Any, Dict, List, Optional, Set, Tuple
from urllib.parse import quote, unquote

from .._errors import DecodeError, excerpt
from .._json_values import too_many_nodes

__all__ = [
    "At",
    "JSONValue",
    "array_index",
    "canonical_text",
    "copy_json",
    "decode_pointer",
    "encode_pointer",
    "escape_token",
    "json_equal",
    "json_key",
    "json_type",
    "long_int",
    "max_digits",
    "path_of",
    "pointer_of",
    "unique_by_json",
    "uri_pointer",
]

JSONValue = Any

#: Where a node of a walk sits: ``(parent, token)`` (a JSON Pointer reference token,
#: unescaped), ``None`` for the root: a constant step per node, where a pointer string per
#: node costs O(depth). ``pointer_of`` spells it, for a message only.
At = Optional[Tuple[Any, str]]

_MAX_DEPTH = 256


def json_type(value: Any) -> str:
    """The JSON Schema type name of a Python JSON value (``integer`` for whole numbers)."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "integer" if math.isfinite(value) and value.is_integer() else "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, (list, tuple)):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def json_equal(a: Any, b: Any) -> bool:
    """Equality as JSON Schema defines it for ``enum``, ``const`` and ``uniqueItems``."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    return type(a) is type(b) and bool(a == b)


def unique_by_json(values: List[Any]) -> bool:
    """True when no two items of *values* are JSON-equal: one key per item, so linear
    (arrays and objects are keyed by a canonical text, which the garbage collector does
    not have to walk)."""
    scalars: Set[Any] = set()
    texts: Set[str] = set()
    for value in values:
        if isinstance(value, (list, tuple, dict)):
            key, seen = canonical_text(value), texts
        else:
            key, seen = json_key(value), scalars
        if key in seen:
            return False
        seen.add(key)
    return True


def json_key(value: Any) -> Any:
    """A hashable key equal for exactly the JSON-equal values (``1`` and ``1.0`` share
    one, ``true`` and ``1`` do not; object key order does not count)."""
    if value is True or value is False:
        return (_BOOL, value)
    if isinstance(value, (list, tuple, dict)):
        return (_TEXT, canonical_text(value))
    if isinstance(value, str):
        return value[:]  # a subclass (an enum) by its JSON value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)  # Python's numbers hash and compare by value across int/float
    return value if value is None else (_OTHER, id(value))


_BOOL, _TEXT, _OTHER = object(), object(), object()


def canonical_text(value: Any) -> str:
    """One text per JSON value up to JSON equality: integral numbers in one form
    (``1`` and ``1.0`` alike), object members sorted."""
    if value is True:
        return "t"
    if value is False:
        return "f"
    if value is None:
        return "n"
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, int):
        return f"i{value:x}"  # hexadecimal: no 4,300-digit limit
    if isinstance(value, float):
        if math.isfinite(value) and value.is_integer():
            return f"i{int(value):x}"
        return "r" + repr(value)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(map(canonical_text, value)) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(sorted(json.dumps(k) + ":" + canonical_text(v) for k, v in value.items())) + "}"
    return f"?{id(value)}"


def decode_pointer(fragment: str) -> List[str]:
    """The reference tokens of a URI-fragment JSON Pointer (``/a%20b/c~1d``): percent
    decoding first (RFC 3986), then ``~1`` -> ``/`` and ``~0`` -> ``~`` (RFC 6901)."""
    return [t.replace("~1", "/").replace("~0", "~") for t in unquote(fragment).split("/")[1:]]


def array_index(token: str, length: int) -> Optional[int]:
    """The index of an array of *length* items that the JSON Pointer reference token
    *token* names, or ``None``: RFC 6901 §4 spells an index ``0`` or ``[1-9][0-9]*`` in
    ASCII digits, so ``"007"``, ``"²"`` and ``"٣"`` name none (``str.isdigit`` takes
    them), and a token longer than the length's own digits is past the end without
    being read as a number (no 4,300-digit ``int()`` limit, no work on a huge token)."""
    if not token or len(token) > len(str(length)) or not (token.isascii() and token.isdigit()):
        return None
    if token[0] == "0" and token != "0":
        return None
    index = int(token)
    return index if index < length else None


def resolve_local(root: Any, ref: str) -> Any:
    """The node a local ``$ref`` (``#`` and a JSON Pointer) names in *root*, else None
    (read token by token: as long as the reference)."""
    if not ref.startswith("#") or (len(ref) > 1 and ref[1] != "/"):
        return None
    n = root
    for token in decode_pointer(ref[1:]):
        if isinstance(n, dict):
            n = n.get(token)
        elif isinstance(n, list):
            i = array_index(token, len(n))
            n = n[i] if i is not None and i < len(n) else None
        else:
            return None
    return n

def encode_pointer(tokens: List[str]) -> str:
    """The URI-fragment form of *tokens* (``%`` percent-encoded, ``~``/``/`` escaped)."""
    return "".join("/" + escape_token(t).replace("%", "%25") for t in tokens)


#: what a URI fragment holds unescaped besides letters, digits and ``-._~`` (RFC 3986 §3.5:
#: ``pchar / "/" / "?"``, a ``pchar`` being unreserved, sub-delims, ``:`` or ``@``)
_FRAGMENT_SAFE = "!$&'()*+,;=:@/?"


def uri_pointer(ref: str) -> str:
    """A local ``$ref`` (``#/...``) spelled as a URI fragment (RFC 6901 §6): every
    character outside RFC 3986's fragment set percent-encoded as UTF-8 (``#/$defs/a b``
    -> ``#/$defs/a%20b``), ``~0`` / ``~1`` kept; it names the same node. Another
    reference is returned as it is."""
    if not ref.startswith("#/"):
        return ref
    return "#" + "".join("/" + quote(escape_token(t), safe=_FRAGMENT_SAFE) for t in decode_pointer(ref[1:]))


def pointer_of(at: At) -> str:
    """The JSON Pointer of where a node sits (``At``)."""
    tokens: List[str] = []
    while at is not None:
        at, token = at
        tokens.append(token)
    return "".join("/" + escape_token(t) for t in reversed(tokens))


def escape_token(token: str) -> str:
    """Escape one JSON Pointer reference token (RFC 6901)."""
    return token.replace("~", "~0").replace("/", "~1")


#: Keywords whose value is an array of subschemas (``items`` too: a draft-4 tuple): the
#: token after one is an array index when it is spelled as one.
_LIST_WORDS = frozenset({"items", "prefixItems", "allOf", "anyOf", "oneOf"})
#: Keywords whose value maps names to subschemas: the token after one is a name.
_MAP_WORDS = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"})
#: Keywords whose value is a subschema: the token after one is a keyword again.
_SCHEMA_WORDS = frozenset({
    "additionalProperties", "additionalItems", "not", "if", "then", "else", "contains", "propertyNames",
    "unevaluatedProperties", "unevaluatedItems",
})
#: Keywords whose value is an array of values: the token after one is an array index.
_VALUE_LISTS = frozenset({"enum", "required", "type", "examples"})
_KEYWORD, _NAME, _LIST, _VALUE_LIST, _VALUE = range(5)
_NO_DOC: Any = object()


def path_of(pointer: str, doc: Any = _NO_DOC) -> str:
    """The ``$.path`` form of a JSON Pointer, used in error messages: ``[0]`` for an
    array index, ``.name`` for a name that is an identifier (or ``$`` and one:
    ``$defs``), ``["a b"]`` (a JSON string) for any other name. No two pointers print
    alike: a property named ``"0"`` is ``["0"]``, never ``[0]``.

    A token is an index only where it indexes an array. With *doc* (the document the
    pointer points into: an instance, or a schema), that is where the value walked to is
    a list. Without it (or past the end of it) *pointer* is read as a schema pointer: a
    token is an index right after ``items``, ``prefixItems``, ``allOf``, ``anyOf``,
    ``oneOf`` (when spelled as one) and after ``enum``, ``required``, ``type``,
    ``examples``; a token after ``properties``, ``$defs``, ... and every token inside
    another keyword's value (``const``, ``default``) is a name."""
    if not pointer:
        return "$"
    tokens = [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]
    out = ["$"]
    indexed: List[bool] = []  # per token read from *doc*: an array index
    node, i = doc, 0
    while node is not _NO_DOC and i < len(tokens):  # the document says what each token indexes
        token = tokens[i]
        if isinstance(node, (list, tuple)):
            index = array_index(token, len(node))
            if index is not None:
                out.append(f"[{token}]")
                indexed.append(True)
                node, i = node[index], i + 1
                continue
            node = _NO_DOC
        else:
            node = node.get(token, _NO_DOC) if isinstance(node, dict) else _NO_DOC
        out.append(_name_step(token))
        indexed.append(False)
        i += 1
    if i < len(tokens):  # the rest read as a schema pointer, from the state the tokens so far leave
        state = _KEYWORD
        for k, token in enumerate(tokens):
            if k < i:
                is_index = indexed[k]
            else:
                is_index = state in (_LIST, _VALUE_LIST) and _index_form(token)
                out.append(f"[{token}]" if is_index else _name_step(token))
            state = _after(state, token, is_index)
    return "".join(out)


def _index_form(token: str) -> bool:
    """Spelled as an RFC 6901 array index: ``0`` or ASCII digits without a leading 0."""
    return token.isascii() and token.isdigit() and (token == "0" or token[0] != "0")


def _name_step(token: str) -> str:
    if token.isidentifier() or (token[:1] == "$" and token[1:].isidentifier()):
        return "." + token
    return "[" + json.dumps(token, ensure_ascii=False) + "]"


def _after(state: int, token: str, is_index: bool) -> int:
    """The reading of the token after *token* in a schema pointer."""
    if is_index:  # an item of a list of schemas (a list of them at the root too), or of values
        return _KEYWORD if state in (_KEYWORD, _LIST) else _VALUE
    if state == _LIST:
        state = _KEYWORD  # ``items`` holding one schema: this token is its keyword
    if state == _KEYWORD:
        if token in _LIST_WORDS:
            return _LIST
        if token in _MAP_WORDS:
            return _NAME
        if token in _VALUE_LISTS:
            return _VALUE_LIST
        return _KEYWORD if token in _SCHEMA_WORDS else _VALUE
    return _KEYWORD if state == _NAME else _VALUE


def copy_json(value: Any, limit: Optional[int] = None) -> Any:
    """A deep copy of a JSON value; anything that is not JSON raises ``DecodeError``, and
    so does a value of more than *limit* JSON values (``MAX_SCHEMA_NODES``: a dict held in
    several places counts once per place), refused after at most *limit* steps. The
    ``$.path`` of an error is spelled then, from the parent chain of where it is.
    Iterative, in document order: a value as deep as the cap needs no stack of the
    caller's (a ``default`` 250 deep read from a deep call stack)."""
    left = limit - 1 if limit is not None else None  # values still allowed below the root
    root: List[Any] = [None]
    # each task: the value, where it is, its depth, the container and slot its copy goes to,
    # and, for an object's member, the object's place (its key is checked when the member is)
    stack: List[Tuple[Any, Any, int, Any, Any, Any]] = [(value, None, 0, root, 0, _NO_KEY)]
    while stack:
        v, at, depth, into, slot, owner = stack.pop()
        if owner is not _NO_KEY and not isinstance(slot, str):
            loc = _loc(owner)
            raise DecodeError(f"Schema has a non-string key {excerpt(slot)} at {loc}", loc=loc)
        if depth > _MAX_DEPTH:
            loc = _loc(at)
            raise DecodeError(f"Schema is nested deeper than {_MAX_DEPTH} levels at {loc}", loc=loc)
        if v is None or isinstance(v, (bool, int, str)):
            into[slot] = v
            continue
        if isinstance(v, float):
            if not math.isfinite(v):
                loc = _loc(at)
                raise DecodeError(f"Schema holds a non-finite number at {loc}", loc=loc)
            into[slot] = v
            continue
        if left is not None and limit is not None and isinstance(v, (dict, list, tuple)):
            left -= len(v)
            if left < 0:
                loc = _loc(at)
                raise DecodeError(f"Schema at {loc} {too_many_nodes(limit)}", loc=loc)
        if isinstance(v, dict):
            out: Dict[str, Any] = {}
            into[slot] = out
            stack.extend((x, (at, k), depth + 1, out, k, at) for k, x in reversed(list(v.items())))
        elif isinstance(v, (list, tuple)):
            items = [None] * len(v)
            into[slot] = items
            stack.extend((x, (at, i), depth + 1, items, i, _NO_KEY) for i, x in reversed(list(enumerate(v))))
        else:
            loc = _loc(at)
            raise DecodeError(f"Schema holds a value that is not JSON at {loc}: {excerpt(v)}", loc=loc)
    return root[0]


_NO_KEY = object()  # a task that is not an object's member


def _loc(at: Any) -> str:
    """The ``$.path`` of a place of ``copy_json``'s walk (``(parent, key or index)``):
    ``.key`` for any key, as written, and ``[i]`` for an index."""
    steps: List[str] = []
    while at is not None:
        at, step = at
        steps.append(f"[{step}]" if type(step) is int else f".{step}")
    return "$" + "".join(reversed(steps))


def max_digits() -> int:
    """``sys.get_int_max_str_digits()``: 0 (no limit) before CPython 3.11 and 3.10.7."""
    return int(getattr(sys, "get_int_max_str_digits", lambda: 0)())


def long_int(value: Any) -> Optional[Tuple[str, int]]:
    """The JSON pointer and bit length of the first integer in *value* too long for
    Python to write as text (``sys.get_int_max_str_digits``), or ``None``."""
    limit = max_digits()
    if not limit:
        return None
    bound = 10**limit
    stack: List[Tuple[At, Any]] = [(None, value)]  # the pointer spelled for the one found (per node: O(depth))
    while stack:
        at, v = stack.pop()
        if isinstance(v, int) and not isinstance(v, bool) and abs(v) >= bound:
            return pointer_of(at), v.bit_length()
        if isinstance(v, dict):
            stack.extend(((at, k), x) for k, x in reversed(list(v.items())))
        elif isinstance(v, list):
            stack.extend(((at, str(i)), x) for i, x in reversed(list(enumerate(v))))
    return None
