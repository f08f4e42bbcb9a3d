"""MiniMax M3 argument values with ``tools=``: typed as vLLM's M3 parser types them.

A parameter's schema gives an ordered list of options, tried in turn on the text of a
leaf (the first that reads it wins; none: the text as it is):

- ``type`` (one name or a list, in its order; aliases such as ``int``, ``float64``,
  ``varchar``, ``dict``, ``sequence`` count), else the alternatives of
  ``anyOf`` / ``oneOf`` in order, else ``enum`` / ``const`` values, ``items``
  (array) or ``properties`` (object); ``nullable: true`` adds null. A non-string
  ``enum`` / ``const`` value comes first: text spelling it as JSON is that value.
  A schema of none of these (or only unknown types) leaves the text as it is.
- ``string``: the text as written. The others ignore outer whitespace: ``integer``
  what a 64-bit integer parse reads (``+5``, ``018956``; ``5.0`` is not one),
  ``number`` a JSON number, else such an integer, else a float (``5.``, ``+1.0``),
  both with ``_`` only between digits (``1_000``); ``boolean`` ``true`` / ``false`` /
  ``1`` / ``0`` in any case; ``object`` / ``array`` JSON of that kind (empty text:
  empty); ``null`` the text ``null`` / ``None``.
- ``null`` or ``None`` (any case) is null unless the schema is ``string`` alone.
- An element with children is an object (by ``properties`` / ``additionalProperties``)
  or, for an array option, the list of its children typed by ``items``.

Source (checked 2026-12-04): vllm-project/vllm ``rust/src/tool-parser/src/parameters.rs``
(``JsonParamType``, ``convert_with_optional_schema`` and their tests).
"""

from __future__ import annotations

from typing import Any, Union

from .._json_write import write_json
from .._policy import same_json
from ._kit import MISSING, loads

__all__ = ["Option", "leaf_value", "options"]

# a type name with the schema it came from, or ("literal", the value)
Option = tuple[str, Any]

_ALIASES = {
    "string": "string", "str": "string", "text": "string", "varchar": "string", "char": "string", "enum": "string",
    "integer": "integer", "int": "integer", "number": "number", "float": "number", "double": "number",
    "boolean": "boolean", "bool": "boolean", "binary": "boolean", "object": "object", "dict": "object",
    "map": "object", "array": "array", "arr": "array", "list": "array", "sequence": "array", "null": "null",
}
_PREFIXES = (("int", "integer"), ("uint", "integer"), ("long", "integer"), ("short", "integer"),
             ("unsigned", "integer"), ("num", "number"), ("float", "number"), ("dict", "object"), ("list", "array"))
_MAX_DEPTH = 64  # anyOf in anyOf: deeper is unconstrained
_I64 = 2**63


def _type_name(kind: Any) -> str | None:
    if type(kind) is not str:
        return None
    k = kind.strip().lower()
    if k in _ALIASES:
        return _ALIASES[k]
    return next((t for p, t in _PREFIXES if k.startswith(p)), None)


def _kind(v: Any) -> str:
    t = type(v)
    if v is None:
        return "null"
    if t is bool:
        return "boolean"
    if t is int:
        return "integer"
    if t is float:
        return "number"
    return "string" if t is str else "array" if t is list else "object"


def _values(schema: dict[str, Any]) -> list[Any] | None:
    """The ``enum`` values, or the ``const`` one, of *schema* (``None``: neither)."""
    if type(schema.get("enum")) is list:
        return list(schema["enum"])
    return [schema["const"]] if "const" in schema else None


def options(schema: Any, depth: int = 0) -> list[Option] | None:
    """The ordered options of *schema*; ``None`` when it does not constrain the value."""
    if type(schema) is not dict or depth > _MAX_DEPTH:
        return None
    out: list[Option] = []
    t = schema.get("type")
    alts = schema.get("anyOf", schema.get("oneOf"))
    values = _values(schema)
    if t is not None:
        names = t if type(t) is list else [t]
        out = [(n, schema) for n in map(_type_name, names) if n is not None]
    elif type(alts) is list:
        for alt in alts:
            out.extend(options(alt, depth + 1) or ())
    elif values is not None:
        out = [("string", schema) if type(v) is str else (_kind(v), schema) for v in values]
    elif "items" in schema:
        out = [("array", schema)]
    elif "properties" in schema:
        out = [("object", schema)]
    if not out:
        return None
    literals: list[Option] = [("literal", v) for v in values or () if type(v) is not str]
    if schema.get("nullable") is True:
        out.append(("null", schema))
    kept: list[Option] = []
    seen: set[Any] = set()
    for o in literals + out:  # literals first: text spelling one is it, before any type reads it
        # a later option of a kind met before reads no text the first did not (the first
        # object / array option is the one children are typed by)
        key = (o[0], _key(o[1])) if o[0] == "literal" else o[0]
        if key not in seen:
            seen.add(key)
            kept.append(o)
    return kept


def _key(v: Any) -> str:
    """A literal as canonical JSON text (``1``, ``1.0`` and ``true`` apart, as in JSON;
    integers whole whatever the interpreter's digit limit)."""
    try:
        return write_json(v, sort_keys=True, default=repr) + type(v).__name__
    except (ValueError, TypeError, RecursionError):  # too deep to compare: kept apart
        return f"#{id(v)}"


def is_null(text: str) -> bool:
    s = text.strip().lower()
    return s in ("null", "none")


def leaf_value(text: str, opts: list[Option] | None) -> Any:
    """The value of a leaf's *text* under *opts* (``options``). The text is read as JSON
    at most once, however many options want it: linear in the text and the schema."""
    if is_null(text) and not (opts is not None and len(opts) == 1 and opts[0][0] == "string"):
        return None
    s = text.strip()
    parsed: Any = None  # the JSON of s once read (MISSING: not JSON)
    for kind, data in opts or ():
        if kind == "string":
            return text
        if kind in ("object", "array", "literal") and s:
            if parsed is None:
                parsed = loads(s)
            v = parsed if kind == "literal" or type(parsed) is (dict if kind == "object" else list) else MISSING
            if kind == "literal" and (v is MISSING or not same_json(v, data)):
                v = MISSING
        else:
            v = _read(kind, s)
        if v is not MISSING:
            return v
    return text


def _read(kind: str, s: str) -> Any:
    if kind == "integer":
        return _integer(s)
    if kind == "number":
        return _number(s)
    if kind == "boolean":
        low = s.lower() if s.isascii() else ""
        return True if low in ("true", "1") else False if low in ("false", "0") else MISSING
    if kind == "object":
        return {}  # empty text
    if kind == "array":
        return []
    if kind == "null":
        return None if is_null(s) else MISSING
    return MISSING  # a literal: empty text spells none


def _digits(s: str) -> bool:
    return bool(s) and s.isascii() and s.isdigit()


def _unseparated(s: str) -> str | None:
    """*s* without the ``_`` that stand between two digits; ``None`` if another ``_`` is there."""
    if "_" not in s:
        return s
    n = len(s)
    for i, ch in enumerate(s):
        if ch == "_" and not (0 < i < n - 1 and _digits(s[i - 1]) and _digits(s[i + 1])):
            return None
    return s.replace("_", "")


def _integer(s: str) -> Union[int, Any]:
    u = _unseparated(s)
    if u is None:
        return MISSING
    body = u[1:] if u[:1] in ("+", "-") else u
    if not _digits(body) or len(body.lstrip("0")) > 19:
        return MISSING
    v = int(u)
    return v if -_I64 <= v < _I64 else MISSING


def _number(s: str) -> Any:
    u = _unseparated(s)
    if u is None:
        return MISSING
    shape = _float_shape(u)
    if shape is None:
        return MISSING
    sign, whole, dot, frac, exp = shape
    if not dot and not exp:  # JSON's integers, then "+1", "007": what a 64-bit parse reads
        if sign != "+" and (whole == "0" or whole[:1] != "0") and len(whole) <= 20 and -_I64 <= int(u) < 2**64:
            return int(u)
        v = _integer(u)
        if v is not MISSING:
            return v
    f = float(u)
    return f if f - f == 0 else MISSING  # finite


def _float_shape(u: str) -> tuple[str, str, str, str, str] | None:
    """(sign, whole digits, '.', fraction digits, exponent) of a decimal number, or ``None``."""
    sign = u[:1] if u[:1] in ("+", "-") else ""
    body = u[len(sign) :]
    cut = max(body.find("e"), body.find("E"))
    mant, exp = (body[:cut], body[cut + 1 :]) if cut >= 0 else (body, "")
    if cut >= 0 and not _digits(exp[1:] if exp[:1] in ("+", "-") else exp):
        return None
    whole, dot, frac = mant.partition(".")
    if not (whole or frac) or (whole and not _digits(whole)) or (frac and not _digits(frac)):
        return None
    return sign, whole, dot, frac, "e" + exp if cut >= 0 else ""
