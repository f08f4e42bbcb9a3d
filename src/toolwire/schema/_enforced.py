"""What a target that sends the schema as it is leaves unenforced.

Ollama, vLLM and the like take the caller's schema untouched and compile it into a
grammar; keywords their compiler does not know are skipped silently (llama.cpp
``grammars/README.md``: "Unsupported features are skipped silently"). Each such keyword
is reported ``unenforced``, so ``lossless`` keeps its meaning (the provider enforces
everything the original says). The keywords each engine enforces are its profile's
``enforced``; the limits its compiler documents beyond a keyword list are its
``enforced_only``:

- ``"integer_bounds"``: numeric bounds only on ``"type": "integer"`` (llama.cpp);
- ``"ref_alone"``: keywords beside a ``$ref`` are not applied (llama.cpp's converter
  visits the ``$ref`` and nothing else of that node; xgrammar's ``ParseRef`` reads the
  ``$ref`` only);
- ``"union_alone"``: nothing beside ``anyOf``/``oneOf`` is applied, the branches alone
  make the rule (llama.cpp's ``visit``: ``_generate_union_rule`` of the branches, and
  "Can't mix ``properties`` w/ ``anyOf`` / ``oneOf`` in the same type",
  ggml-org/llama.cpp#7703; xgrammar's ``SchemaParser`` alike, checked with 0.1.29 and
  0.2.9: ``{"anyOf": [int, null], "minimum": 3}`` is ``basic_integer | basic_null``); of
  both, llama.cpp reads ``oneOf`` (``schema.contains("oneOf") ? oneOf : anyOf``), xgrammar
  ``anyOf``; a ``type`` beside them says nothing more only where each branch is typed
  within it;
- ``"value_alone"``: nothing beside ``const``/``enum`` is applied, the values alone make
  the rule (llama.cpp's ``_generate_constant_rule`` / the alternation of the ``enum``
  values; xgrammar's ``ParseConst`` / ``ParseEnum``), ``const`` read before ``enum``;
  nothing beside them is reported when every value meets it (``{"enum": ["C", "F"],
  "maxLength": 1}``), a ``type`` only when a value is not of it;
- ``"values_first"``: ``const``/``enum`` are read before a union (xgrammar's
  ``SchemaParser``: ``$ref``, ``const``, ``enum``, ``anyOf``, ``oneOf``, ``allOf``,
  ``type``); without it a union is read first (llama.cpp: ``$ref``, ``oneOf``/``anyOf``,
  a ``type`` array, ``const``, ``enum``);
- ``"one_of_as_any_of"``: ``oneOf`` is compiled as ``anyOf``, so it is enforced only
  where its branches are disjoint (llama.cpp's ``_generate_union_rule`` takes either;
  xgrammar: "oneOf with overlapping or non-provably-disjoint branches cannot be
  represented exactly; falling back to anyOf semantics");
- ``"one_string_rule"``: a string gets one rule, its ``pattern``, else a ``format`` of
  the profile's ``formats``, else ``minLength``/``maxLength`` (under ``"type":
  "string"`` only), so the others beside it are not applied (llama.cpp's ``visit``);
- ``"pattern_anchored"``: only a ``pattern`` written ``^...$`` in the regex subset the
  converter translates is taken; any other fails the whole request, so it is moved into
  the description (``moved_patterns``), never sent.

A ``format`` outside the profile's ``formats`` is unenforced too. Linear: each node once.

llama.cpp (ggml-org/llama.cpp, checked 2026-12-05): ``common/json-schema-to-grammar.cpp``
``_visit_pattern`` refuses a pattern whose first and last characters are not ``^`` and
``$`` ("Pattern must start with '^' and end with '$'", thrown by ``check_errors``: ollama
answers "invalid JSON schema in format"), strips those two characters and reads the rest
as a whole-string match, an inner ``^``/``$`` as a literal character; outside a class it
turns ``\\`` before one of ``^$.[]()|{}*+?`` into that character and copies any other
escape, and inside a class it copies every escape, into the GBNF, whose ``parse_char``
(``src/llama-grammar.cpp``) reads only ``\\x \\u \\U \\t \\r \\n \\\\ \\" \\[ \\]`` (and
``\\-`` in newer versions) and throws "unknown escape" for ``\\d``, ``\\w``, ``\\s`` and the
rest; a ``(?`` group other than ``(?:`` (look-around, a named group) is skipped with a
warning. The pattern is read only where the converter reaches it: a node with no
``$ref``, ``anyOf``/``oneOf``, ``const``, ``enum`` or ``allOf``, typed ``string`` (alone
or in a type array) or untyped.
"""

from __future__ import annotations

import json
from typing import Any, Dict, FrozenSet, Iterator, List, Optional, Tuple

from .._errors import ToolwireError
from .._target import Profile
from ._disjoint import disjoint
from ._normalize import iter_subschemas
from ._rewrite_keywords import _hint
from ._rewrite_shapes import ANNOTATIONS
from ._util import canonical_text, json_type
from ._validate import _Checker

__all__ = ["moved_patterns", "unenforced"]

_BOUNDS = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"})
_NO_CONSTRAINT = ANNOTATIONS | {"$defs", "$schema", "$id", "$anchor", "$comment"}


def unenforced(root: Any, profile: Profile) -> Iterator[Tuple[str, str, str]]:
    """``(pointer, keyword, why)`` for each keyword of *root* that *profile*'s engine
    does not enforce (nothing when the profile does not say what it enforces)."""
    enforced = profile.enforced
    if enforced is None:
        return
    only = profile.enforced_only
    order = _order(only)
    nodes = list(iter_subschemas(root))
    meets = _Meets(root, len(nodes))
    for ptr, node in nodes:
        if not isinstance(node, dict):
            continue
        decider = next((k for k in order if k in node), None)
        rule = _string_rule(node, profile) if "one_string_rule" in only else None
        # the values alone make the rule: what beside them each value meets says nothing more
        # (nor does a keyword the engine skips: the values are all it can write)
        if decider in ("const", "enum") and meets.values(node, decider):
            continue
        for key, value in node.items():
            if key in _NO_CONSTRAINT:
                continue
            if key not in enforced:
                yield ptr, key, f"{profile.id} does not enforce it: checked locally only"
            elif decider is not None and key != decider and _skipped(node, key, decider):
                yield ptr, key, f"{profile.id} does not apply it beside {decider}: checked locally only"
            elif key == "format" and profile.formats is not None and value not in profile.formats:
                yield ptr, key, f"{profile.id} does not enforce this format: checked locally only"
            elif key in _BOUNDS and "integer_bounds" in only and node.get("type") != "integer":
                yield ptr, key, f"{profile.id} enforces bounds on integers only: checked locally only"
            elif rule is not None and key in _STRING_KEYS and key not in _STRING_RULES[rule]:
                yield ptr, key, f"{profile.id} writes {_RULE_NAMES[rule]} for this string: checked locally only"
            elif key == "oneOf" and "one_of_as_any_of" in only and not (
                    isinstance(value, list) and disjoint(root, value, node)):
                yield ptr, key, f"{profile.id} reads oneOf as anyOf: exclusivity is checked locally only"


def _order(only: FrozenSet[str]) -> Tuple[str, ...]:
    """The keywords that make a node's rule alone, in the order the engine reads them."""
    # llama.cpp: ``schema.contains("oneOf") ? oneOf : anyOf``; xgrammar (values first): anyOf, then oneOf
    unions: Tuple[str, ...] = () if "union_alone" not in only else \
        ("anyOf", "oneOf") if "values_first" in only else ("oneOf", "anyOf")
    values: Tuple[str, ...] = ("const", "enum") if "value_alone" in only else ()
    first = ("$ref",) if "ref_alone" in only else ()
    return first + (values + unions if "values_first" in only else unions + values)


#: keywords whose subschemas apply to the instance itself (not to a part of it)
_IN_PLACE = ("allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas")
_UNEVALUATED = ("unevaluatedProperties", "unevaluatedItems")
#: (value, subschema) pairs checked per walk: a fixed part and a part per subschema
_CHECKS, _CHECKS_PER_NODE = 10_000, 4


class _Meets:
    """Whether the values of a ``const`` / ``enum`` meet the rest of their node, for
    each such node of one walk. Each (subschema, value) pair reached through
    ``allOf``/``anyOf``/``oneOf``/``not``/``if``/``dependentSchemas`` is checked once:
    checked from each node down, a chain of n ``enum`` nodes, each beside the next,
    was n² work. Past a budget linear in the schema (n values beside n branches) the
    values are not checked and count as not met: the keywords are reported, which the
    engine does not apply beside the values in any case."""

    def __init__(self, root: Any, size: int) -> None:
        self.checker = _Checker(root, True)  # a normal form (``render`` normalises first)
        self.left = _CHECKS + _CHECKS_PER_NODE * size
        self.seen: Dict[Tuple[int, str], bool] = {}
        self.own: Dict[int, Dict[str, Any]] = {}  # a node without its in-place applicators, by its id
        self.held: List[Dict[str, Any]] = []

    def values(self, node: Dict[str, Any], decider: str) -> bool:
        """Whether every value of *node*'s ``const`` / ``enum`` (its *decider*) meets the
        rest of *node* (a ``$ref`` beside them: not known here, so no)."""
        values = [node["const"]] if decider == "const" else node["enum"]
        rest = {k: v for k, v in node.items() if k not in ("const", "enum") and k not in _NO_CONSTRAINT}
        if not isinstance(values, list) or "$ref" in rest:
            return False
        self.held.append(rest)  # its id is a key of the checker's answers: not reused
        try:
            return all(self._meets(v, canonical_text(v), rest, top=True) for v in values)
        except (ToolwireError, _Unknown, RecursionError):  # no schema (reported as skipped), the budget, the stack
            return False

    def _meets(self, value: Any, text: str, node: Any, top: bool = False) -> bool:
        """Whether *value* (*text*: its canonical JSON) meets *node*; *top*: the rest of a
        node beside its values (made for this call, not remembered)."""
        if node is True or node is False:
            return node
        if not isinstance(node, dict) or "$ref" in node or "$dynamicRef" in node:
            raise _Unknown  # a $ref down here is not followed (nor was it before)
        key = (id(node), text)
        if not top and key in self.seen:
            return self.seen[key]
        self.left -= 1
        if self.left < 0:
            raise _Unknown
        own = self.own.get(id(node))
        if own is None:
            own = {k: v for k, v in node.items() if k not in _IN_PLACE}
            if len(own) < len(node) and any(k in node for k in _UNEVALUATED):
                raise _Unknown  # what they read depends on the applicators' annotations
            self.own[id(node)] = own = own if len(own) < len(node) else node
        ok = self.checker.valid(value, own, "", "") and all(
            self._applies(value, text, node, k) for k in _IN_PLACE if k in node)
        if not top:
            self.seen[key] = ok
        return ok

    def _applies(self, value: Any, text: str, node: Dict[str, Any], key: str) -> bool:
        """Whether *value* meets *node*'s in-place applicator *key* (JSON Schema 2020-12
        Core §10.2)."""
        sub = node[key]
        if key == "allOf":
            return _listed(sub) and all(self._meets(value, text, s) for s in sub)
        if key == "anyOf":
            return _listed(sub) and any(self._meets(value, text, s) for s in sub)
        if key == "oneOf":
            if not _listed(sub):
                raise _Unknown
            found = 0
            for s in sub:
                found += self._meets(value, text, s)
                if found > 1:
                    return False
            return found == 1
        if key == "not":
            return not self._meets(value, text, sub)
        if key == "if":
            return self._meets(value, text, node.get("then", True) if self._meets(value, text, sub)
                               else node.get("else", True))
        if key == "dependentSchemas":
            if not isinstance(sub, dict):
                raise _Unknown
            return not isinstance(value, dict) or all(self._meets(value, text, s) for k, s in sub.items() if k in value)
        return True  # then / else: read with their if (alone, nothing: Core §10.2.2)


def _listed(branches: Any) -> bool:
    if not isinstance(branches, list):
        raise _Unknown
    return True


class _Unknown(Exception):
    """A value's check that is not made here."""


def _skipped(node: Dict[str, Any], key: str, decider: str) -> bool:
    """Whether *key* says more than the *decider* of *node*, which alone is read: a
    ``type`` beside a union whose branches are each typed within it, or beside values
    all of that type, does not (a ``type`` beside branches of other types narrows them:
    ``{"anyOf": [int, string], "type": "integer"}`` refuses ``"x"``)."""
    if key != "type" or decider == "$ref":
        return True
    kinds = node["type"] if isinstance(node["type"], list) else [node["type"]]
    if decider in ("anyOf", "oneOf"):  # says more unless every branch is typed within it
        branches = node[decider]
        return not isinstance(branches, list) or not all(_typed_within(b, kinds) for b in branches)
    values = [node["const"]] if decider == "const" else node["enum"]
    if not isinstance(values, list):
        return False
    for value in values:
        kind = json_type(value)
        if kind not in kinds and not (kind == "integer" and "number" in kinds):
            return True
    return False


def _typed_within(branch: Any, kinds: List[Any]) -> bool:
    """Whether *branch* is typed and each of its types is one of *kinds*."""
    own = branch.get("type") if isinstance(branch, dict) else None
    own = own if isinstance(own, list) else [own] if isinstance(own, str) else []
    return bool(own) and all(k in kinds or (k == "integer" and "number" in kinds) for k in own)


#: the string keywords each rule of llama.cpp's converter applies
_STRING_RULES = {
    "pattern": frozenset({"pattern"}),
    "format": frozenset({"format"}),
    "lengths": frozenset({"minLength", "maxLength"}),
    "none": frozenset(),
}
_STRING_KEYS = frozenset({"pattern", "format", "minLength", "maxLength"})
_RULE_NAMES = {"pattern": "the pattern alone", "format": "the format alone", "lengths": "the lengths alone",
               "none": "no string rule"}


def _string_rule(node: Dict[str, Any], profile: Profile) -> Optional[str]:
    """Which of ``_STRING_RULES`` llama.cpp's converter writes for *node*, ``None``
    where it reaches no string rule at all (another keyword decides the node)."""
    if any(k in node for k in _NOT_READ) or not any(k in node for k in _STRING_KEYS):
        return None
    kind = node.get("type")
    if kind is not None and kind != "string" and not (isinstance(kind, list) and "string" in kind):
        return None
    if kind is None and any(k in node for k in ("properties", "additionalProperties", "items", "prefixItems")):
        return None
    if "pattern" in node:
        return "pattern"
    if profile.formats is not None and node.get("format") in profile.formats:
        return "format"
    return "lengths" if kind is not None else "none"


#: escapes llama.cpp's converter turns into their character outside a class
_TO_LITERAL = frozenset("^$.[]()|{}*+?")
#: escapes the GBNF parser reads, which the converter copies as they are ("\\-" is not
#: in every version: left out)
_GBNF = frozenset('\\"[]tnr')
_REPEATS = ("*", "+", "?", "{")  # a quantifier's first character
_NOT_READ = ("$ref", "anyOf", "oneOf", "const", "enum", "allOf")  # visited before a string's rule


def moved_patterns(wire: Any, profile: Profile) -> List[Tuple[str, str]]:
    """For a profile whose engine takes only ``^...$`` patterns (``"pattern_anchored"``):
    each ``pattern`` of *wire* (a copy of the normal form, changed in place) that its
    converter reads and cannot take, moved into the node's ``description`` as a
    ``{pattern: ...}`` hint; ``(pointer, why)`` for each."""
    if "pattern_anchored" not in profile.enforced_only:
        return []
    found = []
    for ptr, node in iter_subschemas(wire):
        if not isinstance(node, dict) or not isinstance(node.get("pattern"), str) or any(k in node for k in _NOT_READ):
            continue
        kind = node.get("type", "string")
        if kind != "string" and not (isinstance(kind, list) and "string" in kind):
            continue
        why = _refused(node["pattern"])
        if why is not None:
            found.append((ptr, node, why))
    out = []
    for ptr, node, why in found:  # after the walk: it reads the nodes being changed
        hints = [f"pattern: {json.dumps(node.pop('pattern'), ensure_ascii=False)}"]
        _hint(node, hints)
        out.append((ptr, f"{profile.id} refuses it ({why}): into description, checked locally only"))
    return out


def _refused(pattern: str) -> Optional[str]:
    """Why llama.cpp's converter cannot take *pattern*, ``None`` when it can (one pass).

    Besides the module's list: ``_visit_pattern`` walks the pattern's UTF-8 bytes, so a
    quantifier after a non-ASCII character takes its last byte (``^é+$`` is ``"\\xC3"
    "\\xA9"+``, which llama-grammar's ``decode_utf8`` misreads: the grammar does not parse);
    a ``{n,m}`` count goes through ``std::stoi``, whose ``out_of_range`` past INT_MAX only
    the caller catches (the whole request fails); and an empty class (``[]``, ``[^]``) is
    copied as it is, for which llama-grammar pushes no element. Its literal loop takes an
    escape (and a ``"``) into the literal run without looking at what follows, so a
    quantifier after one repeats the whole run (``^ab\\.+$`` is ``"ab."+``)."""
    if len(pattern) < 2 or pattern[0] != "^" or pattern[-1] != "$":
        return "not written ^...$"
    body, i, in_class = pattern[1:-1], 0, False
    depth, quantified = 0, False  # groups open; the last token a quantifier
    wide = False  # the last token a non-ASCII character outside a class
    run = False  # the converter's literal run holds something (characters, escapes)
    while i < len(body):
        c = body[i]
        if c == "\\":
            if i + 1 == len(body):
                return "not written ^...$"  # the last $ is escaped
            e = body[i + 1]
            if e not in _GBNF and (in_class or e not in _TO_LITERAL):
                return f"its grammar has no \\{e}"
            if not in_class:
                if run and body[i + 2 : i + 3] in _REPEATS:
                    return "a quantified escape after other characters (the converter repeats them all)"
                run = True
            i += 2
            quantified = wide = False
            continue
        if in_class:
            in_class = c != "]"
        elif c in "*+?{}":
            if wide:  # it walks UTF-8 bytes: the quantifier takes the character's last byte
                return "a quantified non-ASCII character"
            if c == "?" and quantified:  # written x+? there: (x+)?, which also takes nothing
                return "a lazy quantifier"
            if c == "{" and _too_many(body, i + 1):
                return f"a repetition count above {_INT_MAX}"
            quantified, run = c != "{", False
            i += 1
            continue
        elif c == "[":
            if body.startswith(("]", "^]"), i + 1):  # the grammar's class gets no element
                return "an empty class"
            in_class = True
        elif c in "^$":
            return f"a {c} inside the pattern"
        elif c == "(":
            if body.startswith("?", i + 1) and not body.startswith("?:", i + 1):
                return "a (? group other than (?:"
            depth += 1
            if body.startswith("?:", i + 1):
                i += 2  # its ? is no quantifier
        elif c == ")":
            depth -= 1
        elif c == "|" and depth <= 0:  # ECMA-262: (^a)|(b$); the converter: ^(a|b)$
            return "an alternation outside a group"
        elif c == '"' and run and body[i + 1 : i + 2] in _REPEATS:  # (written \" into the run)
            return "a quantified escape after other characters (the converter repeats them all)"
        quantified, wide = False, not in_class and c >= "\x80"
        run = not in_class and c not in "()|.[]"
        i += 1
    return None


_INT_MAX = 2147483647  # a count past it: std::stoi throws out_of_range, which the converter does not catch


def _too_many(body: str, i: int) -> bool:
    """Whether the ``{n}`` / ``{n,m}`` numbers from *i* hold one above ``_INT_MAX``."""
    j = i
    while j < len(body) and body[j] in "0123456789,":
        j += 1
    for number in body[i:j].split(","):
        digits = number.lstrip("0")
        if len(digits) > 10 or (len(digits) == 10 and digits > str(_INT_MAX)):
            return True
    return False
