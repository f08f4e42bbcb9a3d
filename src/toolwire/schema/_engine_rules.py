"""What a grammar engine of a target that sends the schema as it is refuses or reads
otherwise than JSON Schema, applied to the wire copy before it is sent (vLLM's engines; Ollama's llama.cpp
converter).

vLLM's ``auto`` backend (``vllm/v1/structured_output/backend_xgrammar.py``, checked
2026-12-06) compiles with xgrammar's ``compile_json_schema`` (``strict_mode=True``) and
falls back to guidance (llguidance) when xgrammar cannot take a schema, where llguidance's
refusal ("Grammar error: Unimplemented keys: [...]", "Unknown format: ...") fails the
request (HTTP 400). The profile's ``enforced_only`` flags read here:

- ``"pattern_whole"``: the engine matches a ``pattern`` against the whole string
  (xgrammar ``cpp/regex_converter.cc``), where JSON Schema searches: an unanchored one is
  written as a whole-string match of the same language (``P`` as ``^[\\s\\S]*(?:P)[\\s\\S]*$``,
  each top-level alternative by its own anchors), exact; one the engines do not compile
  or would read otherwise (look-around, ``\\b``/``\\B``, a back-reference, ``\\c``, ``\\0``,
  ``[\\b]``, an empty class, a ``(?`` group other than ``(?:`` or a named one, an anchor
  inside, an escaped surrogate ``\\uD83D`` or ``\\u{D83D}``) is moved into ``description``;
  so is a ``patternProperties`` one of whose regexes is such (llguidance compiles each
  regex and fails the request: checked with 1.9.1; xgrammar 0.2.9 fails look-behind, ``\\b``,
  a back-reference, an empty class), and with it an ``additionalProperties`` other than
  ``true`` (left, it would hold the keys the regexes took: ``{"additionalProperties":
  false, "required": ["ab"]}`` fails llguidance, "Unsatisfiable schema", and takes only
  ``{}`` in xgrammar); one of a schema gives way to a schema of every type (a widening:
  strict mode leaves the object open under it, closes one with ``properties``, ``required``
  or, typed ``object``, a count only without the keyword; written only there: xgrammar
  reads a node of no type with a count and the keyword as an object, and lm-format-enforcer
  0.11.3 fails on ``true`` and ``{}`` there);
  ``maxLength`` beside a pattern of a character past U+FFFF is moved
  (llguidance);
- ``"int64_bounds"``: a numeric bound of an integer node outside int64 fails to compile
  (xgrammar "Integer exceeds maximum limit", llguidance "Failed to generate regex for
  integer range"): moved; so is one llguidance alone cannot compile, of an integer or a
  number node or one of no ``type`` (``_past_llguidance``: "for float range" past ±9.2e18, a lone lower bound
  from 1e18), which fails the request when the schema goes to llguidance;
- ``"counts_all_required"``: ``minProperties`` (other than 0) or ``maxProperties`` beside
  a property not required fails llguidance 1.9.1 ("min/maxProperties only supported when
  all keys listed in "properties" are required"), which fails the request when the schema
  goes to llguidance: moved (vLLM reports them unenforced anyway);
- ``"formats_listed"``: a ``format`` outside the profile's ``formats`` fails the request
  (llguidance "Unknown format"): moved;
- ``"closes_properties"`` (Ollama: llama.cpp's converter, ``_build_object_rule``): an
  object node with ``properties`` and no ``additionalProperties`` is closed to them
  (reported ``narrowed``); a ``required`` name not in ``properties`` cannot be written
  there (beside ``additionalProperties: false`` too, where a ``patternProperties`` regex
  takes it: the converter has none), and is not enforced where the object is left open;
- ``"closes_objects"``: strict mode closes an object with ``properties`` or ``required``
  and no ``additionalProperties``, and an array past ``prefixItems`` without ``items``
  (reported ``narrowed``), and before 0.2.9 (vLLM pins 0.1.29) an array shorter than
  ``prefixItems``; a ``required`` name not in ``properties`` of an object node without
  ``additionalProperties`` cannot be written (``{"type": "object", "required": ["b"]}``
  takes only ``{}``), nor is it enforced beside ``additionalProperties`` ``true`` or a
  schema (xgrammar 0.1.29 and 0.2.9 take ``{}`` and ``{"b": 1}``; llguidance 1.9.1 only
  the second).

The profile's ``refused`` keywords (llguidance: "Unimplemented keys") are moved too.
Linear: each node once, each pattern scanned once.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Set, Tuple

from .._errors import SchemaError, excerpt
from .._target import Profile
from ._empty_bounds import untaken
from ._engine_refs import FALSE_AT, cyclic_ref_moves, false_moves
from ._engine_unevaluated import EVERY_TYPE, UnevaluatedTyper
from ._no_value_root import no_value_nodes
from ._normalize import iter_subschemas
from ._rewrite_keywords import _hint
from ._util import path_of, resolve_local, uri_pointer
from ._whole_match import whole_match

__all__ = ["FALSE_AT", "closed_nodes", "engine_moves"]

# the keys beside which strict mode closes an object that says nothing of other keys (xgrammar 0.2.9:
# properties, required, and a minProperties / maxProperties count of a node typed object)
_CLOSES = ("properties", "required")
# the widening written for a moved additionalProperties schema: every value, as a schema (lm-format-enforcer
# 0.11.3 fails on ``true`` and ``{}`` there: "'bool' object has no attribute 'anyOf'"; review revLead45)
_ANY_TYPE = EVERY_TYPE

_BOUNDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")
_COUNTS = ("minProperties", "maxProperties")
_INT64 = 2**63 - 1  # a bound at either end or past it: refused (llguidance refuses min=2**63-1 itself)
_LLG_ANY = 9.2e18  # a bound of this magnitude fails llguidance (an integer literal from 2**63 - 512 on)
_LLG_LONE = 9.9e17  # a lone lower bound from this up (upper bound from its negation down) fails it (1e18 - 64 on)
#: the anchors ``normalize`` resolved every ``$dynamicRef`` / ``$recursiveRef`` to (``_refs.link``)
_RESOLVED = frozenset({"$dynamicAnchor", "$recursiveAnchor"})
#: the schema keywords that decide a node before its own object keywords (xgrammar's SchemaParser)
_DECIDERS = ("$ref", "const", "enum", "anyOf", "oneOf")


def engine_moves(wire: Any, profile: Profile, cycles: bool = True,
                 falses: bool = True) -> List[Tuple[str, str, str, str]]:
    """``(pointer, keyword, action, why)`` for each change made to *wire* (a copy of the
    normal form, changed in place) for *profile*'s engine: ``moved`` into the node's
    ``description`` or a pattern ``rewritten``. *cycles* / *falses* false: an earlier pass
    knows *wire* has no recursive ``$ref`` (no cycle to close) / no ``false`` subschema
    under ``FALSE_AT``,
    and that rule of ``_engine_refs.py`` makes no walk."""
    only, refused = profile.enforced_only, profile.refused
    # (first: a keyword moved from beside a cyclic $ref is read by no rule below)
    out = (cyclic_ref_moves(wire, profile) if cycles else []) + (false_moves(wire, profile) if falses else [])
    if not refused and not only & {"pattern_whole", "int64_bounds", "formats_listed", "counts_all_required",
                                   "uri_refs"}:
        return out
    dead: Optional[Set[int]] = None  # the ids of the nodes of no value, once one is needed
    joined = _joined(wire) if "counts_all_required" in only else set()
    anchors = _RESOLVED & refused  # (the anchors the profile's engine refuses: left out, exact)
    typer = UnevaluatedTyper(wire, profile.id) if "closes_objects" in only else None
    for ptr, node in typer.nodes() if typer is not None else iter_subschemas(wire):  # (copies walked too)
        if not isinstance(node, dict):
            continue
        if "uri_refs" in only and isinstance(node.get("$ref"), str):
            node["$ref"] = _spelled(node["$ref"], ptr, profile.id)  # (the same node named: no change reported)
        for key in anchors.intersection(node) if anchors else ():
            del node[key]
            out.append((ptr, key, "rewritten", f"names nothing on the wire: the $dynamicRef / $recursiveRef naming it "
                        f"is a $ref already (one resource); left out, exact ({profile.id}'s llguidance refuses it)"))
        # changed before the walk goes on: a keyword moved takes its subschemas out of it
        moves = [(key, why) for key, why in ((k, _why_moved(node, k, profile, id(node) in joined))
                                             for k in list(node)) if why]
        pattern = node.get("pattern")
        if "pattern_whole" in only and isinstance(pattern, str) and "pattern" not in refused:
            written, why = whole_match(pattern)
            if why is not None:
                moves.append(("pattern", f"{profile.id} cannot take it ({why})"))
            elif written != pattern:
                node["pattern"] = written
                out.append((ptr, "pattern", "rewritten", "a search written as a whole-string match (the engine "
                            "matches the whole string)"))
        keys = node.get("patternProperties")
        widened = False
        if "pattern_whole" in only and isinstance(keys, dict) and "patternProperties" not in refused:
            why = next((f"{k!r}: {w}" for k, w in ((k, whole_match(k)[1]) for k in keys if isinstance(k, str))
                        if w is not None), None)  # (the first regex the engines cannot take: each read once)
            if why is not None:
                moves.append(("patternProperties", f"{profile.id}'s engines cannot take its regex {why} (the "
                              "request fails)"))
                if node.get("additionalProperties", True) not in (True, {}) \
                        and all(k != "additionalProperties" for k, _ in moves):
                    # (kept, it would hold the keys the regexes took: the wire would allow less unsaid; a
                    # schema gives way to ``true``, which strict mode leaves open, where absent closes)
                    if dead is None:  # (one walk of the schema, the first time: ``no_value_nodes``)
                        dead = no_value_nodes(wire)
                    # (one of no value is ``false``: moved as it, never widened)
                    widened = node["additionalProperties"] is not False and id(node["additionalProperties"]) not in dead
                    moves.append(("additionalProperties", "moved with patternProperties, which took keys it "
                                  "would refuse"))
        if "pattern_whole" in only and isinstance(node.get("pattern"), str) and "maxLength" in node \
                and all(k not in ("maxLength", "pattern") for k, _ in moves) and _astral(node["pattern"]):
            moves.append(("maxLength", f"{profile.id}'s llguidance cannot bound the length of a pattern of characters "
                          "past U+FFFF (the request fails)"))
        # (an unevaluatedProperties left beside no additionalProperties would hold the keys the regexes took:
        # xgrammar 0.2.9 refused {"ab": 1}, review revVllm7 C1; every value written there, a widening)
        beside = not widened and any(k == "patternProperties" for k, _ in moves) and node.get(
            "unevaluatedProperties", True) not in (True, {}) and all(k != "unevaluatedProperties" for k, _ in moves) \
            and ("additionalProperties" not in node or any(k == "additionalProperties" for k, _ in moves))
        hints = []
        for key, why in moves:
            value = node.pop(key)
            if key == "patternProperties" and beside:
                why += "; every value written as additionalProperties beside unevaluatedProperties (a widening)"
            if key == "additionalProperties" and widened and (any(k in node for k in _CLOSES) or (
                    _typed(node, "object") and any(k in node for k in _COUNTS))
                    or node.get("unevaluatedProperties", True) not in (True, {})):
                # (moved with patternProperties: a schema widened to every value, kept open; without
                # properties, required, a count of a node typed object or an unevaluatedProperties
                # other than true strict mode leaves the object open anyway: left out. xgrammar closes
                # an object with a count (review revLfe), and by its unevaluatedProperties where this
                # key is absent (review revSchema7), and reads a node of no type with a count and this
                # key as an object (review revLead45))
                node[key] = {"type": list(_ANY_TYPE)}
                why += "; every value written in its place (a widening)"
            elif key == "additionalProperties" and widened:
                why += "; the object left open (a widening)"
            try:
                shown = json.dumps(value, ensure_ascii=False)
            except ValueError:  # an integer of over 4,300 digits: Python does not write it
                shown = "(an integer too long to write)"
            hints.append(f"{key}: {shown}")
            out.append((ptr, key, "moved", f"{why}: into description, checked locally only"))
        if beside:
            node["additionalProperties"] = {"type": list(_ANY_TYPE)}
        _hint(node, hints)
        out.extend(typer(node, ptr) if typer is not None else ())
    return out


def _spelled(ref: str, ptr: str, dialect: str) -> str:
    """*ref* spelled as a URI fragment (``uri_pointer``); a ``SchemaError`` where it holds a
    lone surrogate, which no URI spells (RFC 3986 §2.5 percent-encodes UTF-8) and neither
    engine reads in JSON text (llguidance 1.9.1: "unexpected end of hex escape")."""
    try:
        return uri_pointer(ref)
    except UnicodeEncodeError:
        where = path_of(ptr)
        raise SchemaError(f"'$ref' {excerpt(ref)} at {where} holds a lone surrogate, which no URI can spell "
                          f"({dialect}'s engines cannot read it)", dialect=dialect, loc=where) from None


def _why_moved(node: Dict[str, Any], key: str, profile: Profile, joined: bool = False) -> Optional[str]:
    """*joined*: *node* is merged with others by llguidance (``_joined``)."""
    only = profile.enforced_only
    if key in profile.refused:
        return f"{profile.id} refuses it (the request fails)"
    if key == "format" and "formats_listed" in only and profile.formats is not None \
            and node[key] not in profile.formats:
        return f"{profile.id} refuses this format (the request fails)"
    if key in _COUNTS and "counts_all_required" in only and _counted(node, key, joined):
        return f"{profile.id}'s llguidance refuses minProperties / maxProperties beside a property that is not " \
            "required (the request fails when the schema goes to llguidance)"
    if key in _BOUNDS and "int64_bounds" in only and type(node[key]) in (int, float):
        value = node[key]
        if _typed(node, "integer") and not -_INT64 < value < _INT64:
            return f"{profile.id} refuses an integer bound past int64 (the request fails)"
        if (_typed(node, "integer") or _typed(node, "number") or "type" not in node) \
                and _past_llguidance(node, key, value):  # (llguidance reads a node of no type as a number too)
            return f"{profile.id}'s llguidance refuses this bound (past ±9.2e18, or a lone lower bound from 1e18 " \
                "or upper bound from -1e18: the request fails when the schema goes to llguidance)"
    return None


def _counted(node: Dict[str, Any], key: str, joined: bool = False) -> bool:
    """Whether llguidance (1.9.1, checked 2026-12-07) fails this ``minProperties`` /
    ``maxProperties`` of a node that may be an object: "min/maxProperties only supported
    when all keys listed in "properties" are required" (a property of subschema ``false``
    aside; ``minProperties: 0`` is taken), read on the node merged with its ``allOf``
    conjuncts, ``$ref`` target and ``anyOf`` / ``oneOf`` branches (*joined*: the node is
    such a part, or has one, and some node of the schema has a property not required:
    moved, read as failing). One lookup per property."""
    if key == "minProperties" and type(node[key]) is int and node[key] == 0:
        return False
    kind = node.get("type", "object")
    if not (kind == "object" or (isinstance(kind, list) and "object" in kind)):
        return False
    if joined:
        return True
    props, req = node.get("properties"), node.get("required")
    needed = {r for r in req if isinstance(r, str)} if isinstance(req, list) else set()
    return isinstance(props, dict) and any(name not in needed and sub is not False for name, sub in props.items())


def _joined(wire: Any) -> Set[int]:
    """The ids of the nodes llguidance (1.9.1, checked 2026-12-07) merges with others before
    its property-count check (a node with ``allOf``, ``$ref``, ``anyOf`` or ``oneOf``, and
    those conjuncts, targets and branches, nested), where some node of *wire* has a property
    not required (none: no merge lists one, ``set()``); one walk, each ``$ref`` resolved once."""
    parts: Set[int] = set()
    optional = False
    for _, node in iter_subschemas(wire):
        if not isinstance(node, dict):
            continue
        props, req = node.get("properties"), node.get("required")
        needed = {r for r in req if isinstance(r, str)} if isinstance(req, list) else set()
        if isinstance(props, dict) and any(n not in needed and s is not False for n, s in props.items()):
            optional = True
        ref = node.get("$ref")
        target = resolve_local(wire, ref) if isinstance(ref, str) else None
        lists = [node[k] for k in ("allOf", "anyOf", "oneOf") if isinstance(node.get(k), list)]
        if lists or isinstance(target, dict):
            parts.add(id(node))
            parts.update(id(b) for b in (b for branch in lists for b in branch) if isinstance(b, dict))
            if isinstance(target, dict):
                parts.add(id(target))
    return parts if optional else set()


def _astral(pattern: str) -> bool:
    """Whether *pattern* holds a code point past U+FFFF, as itself or as ``\\u{...}``
    (an escaped surrogate moves the pattern: ``whole_match``). llguidance (1.3.0 and
    1.9.1, checked 2026-12-06) fails such a pattern beside ``maxLength`` ("Unable to
    determine if regex is empty"), which sends it there. One pass over the pattern, an
    escaped backslash skipped."""
    if any(ord(c) > 0xFFFF for c in pattern):
        return True
    at = pattern.find("\\")
    while at >= 0:
        if pattern.startswith("u{", at + 1) and len(pattern[at + 3:at + 12].split("}", 1)[0].lstrip("0")) > 4:
            return True  # (past FFFF: over four hex digits)
        at = pattern.find("\\", at + 2)  # (past the escaped character: an escaped backslash is no escape)
    return False


def _typed(node: Dict[str, Any], name: str) -> bool:
    kind = node.get("type")
    return kind == name or (isinstance(kind, list) and name in kind)


def _past_llguidance(node: Dict[str, Any], key: str, value: Any) -> bool:
    """Whether llguidance (1.3.0 and 1.9.1, checked 2026-12-06) fails to compile this
    bound of an integer or number node: "Failed to generate regex for integer range" /
    "for float range" for a bound of magnitude from about 2**63 (9.2e18 here, a float
    literal failing below it) and for a lone lower bound from about 1e18 (upper bound
    from -1e18) with no bound of the other side (9.9e17 here)."""
    if _far(value):
        return True
    number = float(value)
    lower = key in ("minimum", "exclusiveMinimum")
    other = ("maximum", "exclusiveMaximum") if lower else ("minimum", "exclusiveMinimum")
    # (a bound of the other side moved for its own magnitude leaves this one lone)
    kept = any(type(node.get(k)) in (int, float) and not _far(node[k]) for k in other)
    return not kept and (number >= _LLG_LONE if lower else number <= -_LLG_LONE)


def _far(value: Any) -> bool:
    """A bound of a magnitude llguidance never compiles (past ±9.2e18, or past a float)."""
    try:
        return abs(float(value)) >= _LLG_ANY
    except (OverflowError, TypeError):
        return True


def closed_nodes(wire: Any, profile: Profile) -> Tuple[List[Tuple[str, str, str]], List[Tuple[str, str]],
                                                        List[Tuple[str, str, str]]]:
    """For a profile whose engine closes objects (``"closes_objects"``: xgrammar's strict
    mode; ``"closes_properties"``: llama.cpp's converter): ``(pointer, keyword, why)``
    narrowings, ``(pointer, why)`` nodes it cannot represent (a ``required`` name not in
    ``properties`` of an object node it closes) and ``(pointer, keyword, why)`` keywords
    it does not enforce (such a name where the object is left open: beside
    ``additionalProperties`` of a schema, or ``patternProperties``, which may take it)."""
    only = profile.enforced_only
    if "closes_objects" not in only and "closes_properties" not in only:
        return [], [], []
    narrowed: List[Tuple[str, str, str]] = []
    refused: List[Tuple[str, str]] = []
    unenforced: List[Tuple[str, str, str]] = []
    for ptr, node in iter_subschemas(wire):
        if not isinstance(node, dict) or any(k in node for k in _DECIDERS):
            continue
        kind = node.get("type")
        objects = kind == "object" or (isinstance(kind, list) and "object" in kind) or \
            (kind is None and "properties" in node)
        if "closes_properties" in only:
            if objects:
                _llama_object(ptr, node, profile.id, narrowed, refused, unenforced)
            continue
        if objects and ("properties" in node or "required" in node) and "additionalProperties" not in node \
                and "patternProperties" not in node:
            narrowed.append((ptr, "additionalProperties", f"{profile.id} closes the object (strict mode): "
                             "keys not in properties are refused"))
        prefix = node.get("prefixItems")
        if prefix is not None and "items" not in node:
            narrowed.append((ptr, "items", f"{profile.id} refuses items past prefixItems (strict mode)"))
        least = node.get("minItems", 0)
        if isinstance(prefix, list) and not (type(least) in (int, float) and least >= len(prefix)):
            narrowed.append((ptr, "prefixItems", f"{profile.id}'s xgrammar before 0.2.9 (0.1.29 is vLLM's pin) "
                             "refuses an array shorter than prefixItems"))
        props = node.get("properties")
        names = node.get("required")
        if objects and isinstance(names, list) and node.get("additionalProperties", True) is not False:
            extra = [n for n in names if type(n) is str and not (isinstance(props, dict) and n in props)]
            if extra and ("additionalProperties" in node or "patternProperties" in node):
                # beside true or a schema for the other keys (which the no-value rules read), or keys a
                # pattern may take (the engine leaves the object open for them; only an absent
                # additionalProperties closes it): not enforced (xgrammar takes {} for them)
                unenforced.append((ptr, "required", f"{profile.id} does not enforce required names that are not "
                                   "properties: checked locally only"))
            elif extra:
                shown = ", ".join(map(repr, extra[:3]))
                refused.append((ptr, f"required names that are not properties ({shown}) cannot be given under "
                                f"{profile.id}'s grammar (it closes the object); declare them in properties"))
    return narrowed, refused, unenforced


def _llama_object(ptr: str, node: Dict[str, Any], target: str, narrowed: List[Tuple[str, str, str]],
                  refused: List[Tuple[str, str]], unenforced: List[Tuple[str, str, str]]) -> None:
    """llama.cpp's converter (``common/json-schema-to-grammar.cpp``): ``visit`` writes an
    object node holding ``properties`` (or ``additionalProperties`` other than ``true``)
    with ``_build_object_rule``, whose other keys are only those ``additionalProperties``
    ``true`` or a schema takes, and its required names only among ``properties``; any
    other object node is its generic ``object`` (any keys, no name required)."""
    props = node.get("properties")
    props = props if isinstance(props, dict) else {}
    extra_keys = node.get("additionalProperties")
    built = "properties" in node or ("additionalProperties" in node and extra_keys is not True)
    open_keys = extra_keys is True or isinstance(extra_keys, dict)
    if built and "additionalProperties" not in node:
        narrowed.append((ptr, "additionalProperties", f"{target} closes the object (llama.cpp's converter): keys "
                         "not in properties are refused"))
    names = node.get("required")
    extra = [n for n in names if type(n) is str and n not in props] if isinstance(names, list) else []
    if not extra:
        return
    if untaken(node, extra, closed=extra_keys is False) is True:
        # (no pattern taking the name, or a ``false`` one matching it: no value, which the no-value
        # rules read; an optional property of it is still offered by the converter, which enforces
        # no such name)
        unenforced.append((ptr, "required", f"{target} does not enforce required names that are not properties "
                           "(llama.cpp's converter), and the schema allows no object here: checked locally only"))
        return
    if built and not open_keys:
        shown = ", ".join(map(repr, extra[:3]))
        refused.append((ptr, f"required names that are not properties ({shown}) cannot be given under {target}'s "
                        "grammar (llama.cpp's converter closes the object); declare them in properties"))
    else:
        unenforced.append((ptr, "required", f"{target} does not enforce required names that are not properties "
                           "(llama.cpp's converter): checked locally only"))
