"""What vLLM's grammar engines do with a JSON Schema, pinned as literals (no engine is run
here; the facts were read off the engines' sources and checked against xgrammar 0.1.29 /
0.2.9 and llguidance 1.3.0 / 1.9.1, the versions vLLM pins and the newest).

vLLM's ``auto`` backend (``vllm/v1/structured_output/backend_xgrammar.py``) compiles with
xgrammar's ``compile_json_schema`` (``strict_mode=True`` by default) and falls back to
guidance (llguidance) when ``has_xgrammar_unsupported_json_features`` says so
(``uniqueItems``, ``contains``, ``multipleOf``, a ``format`` outside xgrammar's list,
``propertyNames`` beside ``properties``...) or xgrammar raises; llguidance refuses keys it
does not implement ("Grammar error: Unimplemented keys: [\\"uniqueItems\\"]", "Unknown
format: password"), and vLLM answers HTTP 400.

- xgrammar's regex converter (``cpp/regex_converter.cc``) reads a ``pattern`` as a
  whole-string match: ``"^https://"`` takes only the string ``https://``; a JSON Schema
  pattern searches (2020-12 Validation §6.3.3, ECMA-262 without implicit anchors).
- look-around: xgrammar 0.1.29 "Lookahead is not supported yet", 0.2.9 "Lookahead
  assertion is not supported and is ignored"; ``\\b`` and look-behind, back-references:
  neither engine compiles them.
- keywords beside ``anyOf``/``oneOf``: xgrammar's ``SchemaParser`` writes the branches
  alone (``{"anyOf": [int, null], "minimum": 3}`` is ``root ::= basic_integer |
  basic_null`` in 0.1.29 and 0.2.9).
- strict mode (``JSONSchemaConverter``, ``strict_mode``): an object without
  ``additionalProperties`` is closed, an array past ``prefixItems`` without ``items``
  too; a ``required`` name not in ``properties`` of such an object cannot be written
  (``{"type": "object", "required": ["b"]}`` takes only ``{}``).
- integer bounds beyond int64: xgrammar "Integer exceeds maximum limit", llguidance
  "Failed to generate regex for integer range".
"""

from __future__ import annotations

import json
from typing import Any, Dict, Set, Tuple

import jsonschema
import pytest

from toolwire import SchemaError, retry
from toolwire import schema as S


def _x(kw: Any) -> Dict[str, Any]:
    return {"type": "object", "properties": {"x": kw}, "required": ["x"], "additionalProperties": False}


def _acts(r: Any) -> Set[Tuple[str, str, str]]:
    return {(c.pointer, c.keyword, c.action) for c in r.report}


def _wire_x(r: Any) -> Any:
    return r.request["extra_body"]["structured_outputs"]["json"]["properties"]["x"]


# V1: an unanchored pattern is a search; xgrammar matches the whole string, so the render
# writes the search as a whole-string match (exact: JSON Schema's language)
SEARCH = [
    ("^https://", "^(?:https://)[\\s\\S]*$"),
    ("", "^[\\s\\S]*(?:)[\\s\\S]*$"),
    ("[A-Z]{3}", "^[\\s\\S]*(?:[A-Z]{3})[\\s\\S]*$"),
    ("cd$", "^[\\s\\S]*(?:cd)$"),
    ("a|b", "^[\\s\\S]*(?:a|b)[\\s\\S]*$"),
    ("^a|b$", "^(?:(?:a)[\\s\\S]*|[\\s\\S]*(?:b))$"),
    ("(x|^y)|z", None),  # an anchor inside a group: moved
    ("^a\\$", "^(?:a\\$)[\\s\\S]*$"),  # an escaped $ is no anchor
    ("[$^]x", "^[\\s\\S]*(?:[$^]x)[\\s\\S]*$"),  # nor one in a class
]


@pytest.mark.parametrize("pattern,wire", SEARCH)
def test_vllm_unanchored_pattern_is_written_as_a_search(pattern: str, wire: Any) -> None:
    r = S.render(_x({"type": "string", "pattern": pattern}), "vllm")
    if wire is None:
        assert ("/properties/x", "pattern", "moved") in _acts(r)
        assert "pattern" not in _wire_x(r) and not r.lossless
    else:
        assert _wire_x(r) == {"type": "string", "pattern": wire}
        assert ("/properties/x", "pattern", "rewritten") in _acts(r)
        assert r.lossless


def test_vllm_anchored_pattern_is_sent_as_it_is() -> None:
    r = S.render(_x({"type": "string", "pattern": "^[a-z]+$"}), "vllm")
    assert _wire_x(r) == {"type": "string", "pattern": "^[a-z]+$"} and r.lossless and not r.report


# V5 / V9: what neither engine compiles (or xgrammar ignores) is moved, as openai.chat and ollama do
@pytest.mark.parametrize("pattern", ["^(?!admin$)[a-z]+$", "^(?=a)a$", "^(?<!x)a$", "^(?<=x)a$", "^\\bfoo\\b$",
                                     "^a\\B$", "^(a)\\1$", "^\\cJ$", "^[\\b]$", "^\\0$", "^[^]$", "^a[]$",
                                     "^a(?=b)"])
def test_vllm_moves_patterns_the_engines_refuse(pattern: str) -> None:
    r = S.render(_x({"type": "string", "pattern": pattern}), "vllm")
    assert ("/properties/x", "pattern", "moved") in _acts(r)
    x = _wire_x(r)
    assert "pattern" not in x and json.dumps(pattern) in x["description"]
    assert not r.lossless


def test_vllm_named_group_is_kept() -> None:
    r = S.render(_x({"type": "string", "pattern": "^(?<n>a)$"}), "vllm")
    assert r.lossless and _wire_x(r)["pattern"] == "^(?<n>a)$"


# V2: keywords llguidance refuses are moved into description (sent, vLLM answered 400)
REFUSED = [
    ({"type": "array", "items": {"type": "string"}, "uniqueItems": True}, "uniqueItems"),
    ({"type": "array", "contains": {"type": "string"}}, "contains"),
    ({"type": "array", "contains": {"type": "string"}, "minContains": 2}, "minContains"),
    ({"type": "object", "properties": {"a": {"type": "integer"}}, "propertyNames": {"maxLength": 3},
      "additionalProperties": False}, "propertyNames"),
    ({"type": "string", "format": "password"}, "format"),
    ({"type": "string", "format": "uuid4"}, "format"),
    ({"type": "string", "format": "uri-reference"}, "format"),  # xgrammar's, not llguidance's
]


@pytest.mark.parametrize("kw,keyword", REFUSED)
def test_vllm_moves_keywords_llguidance_refuses(kw: Dict[str, Any], keyword: str) -> None:
    r = S.render(_x(kw), "vllm")
    assert ("/properties/x", keyword, "moved") in _acts(r)
    x = _wire_x(r)
    assert keyword not in x and f"{keyword}: " in x["description"]
    assert not r.lossless


def test_vllm_keeps_formats_both_engines_know() -> None:
    r = S.render(_x({"type": "string", "format": "email"}), "vllm")
    assert _wire_x(r) == {"type": "string", "format": "email"}
    assert ("/properties/x", "format", "unenforced") in _acts(r)


class _BadRequest(Exception):
    status_code = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.body = {"error": {"message": message, "type": "BadRequestError", "param": None, "code": 400}}


@pytest.mark.parametrize("message", ['Grammar error: Unimplemented keys: ["not"]',
                                     "Grammar error: Unknown format: password",
                                     "The provided JSON schema contains features not supported by xgrammar."])
def test_vllm_grammar_errors_are_schema_rejections(message: str) -> None:
    assert retry.classify_error(_BadRequest(message), target="vllm") == "schema_rejected"


def test_vllm_other_400_is_no_rejection() -> None:
    assert retry.classify_error(_BadRequest("max_tokens must be at least 1"), target="vllm") == "error"


# V3: keywords beside anyOf / oneOf are not applied by xgrammar
@pytest.mark.parametrize("kw,keyword", [
    ({"anyOf": [{"type": "integer"}, {"type": "null"}], "minimum": 3}, "minimum"),
    ({"anyOf": [{"type": "string"}], "maxLength": 1}, "maxLength"),
    ({"anyOf": [{"type": "integer"}, {"type": "string"}], "type": "integer"}, "type"),
    ({"oneOf": [{"type": "integer"}, {"type": "string"}], "type": "integer"}, "type"),
])
def test_vllm_reports_keywords_beside_a_union(kw: Dict[str, Any], keyword: str) -> None:
    r = S.render(_x(kw), "vllm")
    assert ("/properties/x", keyword, "unenforced") in _acts(r)
    assert not r.lossless


def test_vllm_type_beside_a_union_of_its_types_says_nothing_more() -> None:
    kw = {"type": ["string", "null"], "anyOf": [{"type": "string"}, {"type": "null"}]}
    assert S.render(_x(kw), "vllm").lossless


# V4: strict mode closes objects and arrays past prefixItems: reported narrowed
def test_vllm_reports_closed_objects_and_arrays() -> None:
    r = S.render({"type": "object", "properties": {"a": {"type": "array", "prefixItems": [{"type": "integer"}]}}},
                 "vllm")
    acts = _acts(r)
    assert ("", "additionalProperties", "narrowed") in acts
    assert ("/properties/a", "items", "narrowed") in acts
    assert r.lossless  # narrowing loses no constraint
    r = S.render({"type": "object", "properties": {"a": {"type": "integer"}}, "additionalProperties": True}, "vllm")
    assert not r.report
    # xgrammar 0.1.29 (vLLM's pin) refuses [] and [1] for two prefixItems; 0.2.9 takes them
    r = S.render(_x({"type": "array", "prefixItems": [{"type": "integer"}] * 2, "items": True}), "vllm")
    assert _acts(r) == {("/properties/x", "prefixItems", "narrowed")}
    r = S.render(_x({"type": "array", "prefixItems": [{"type": "integer"}] * 2, "items": True, "minItems": 2}), "vllm")
    assert not r.report


def test_vllm_required_names_outside_properties_beside_a_map_are_unenforced() -> None:
    # xgrammar takes {"a": 1} for it (no "b"): a widening, reported
    kw = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["b"],
          "additionalProperties": {"type": "string"}}
    r = S.render(kw, "vllm")
    assert ("", "required", "unenforced") in _acts(r) and not r.lossless


@pytest.mark.parametrize("kw", [
    {"type": "object", "patternProperties": {"^b$": {"type": "integer"}}, "required": ["b"]},
    {"type": "object", "properties": {"a": {"type": "integer"}}, "patternProperties": {"^b": {"type": "integer"}},
     "required": ["a", "b"]}])
def test_vllm_required_names_a_pattern_may_take_are_kept_native(kw: Dict[str, Any]) -> None:
    # patternProperties leave the object open for its keys (xgrammar 0.2.9 takes {"b": 2} for the
    # first; vLLM sends the second to llguidance 1.9.1, which takes exactly {"a": 1, "b": 2}): no
    # refusal, the names are reported as checked locally only and the request stays native
    r = S.render(kw, "vllm", on_error="report")
    assert not [x for x in r.lints if x.severity == "error"]
    assert ("", "required", "unenforced") in _acts(r) and not r.lossless
    assert retry.prepare({"model": "m", "messages": []}, kw, "vllm").mode == "native"


@pytest.mark.parametrize("kw", [{"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["b"]},
                                {"type": "object", "required": ["b"]}])
def test_vllm_refuses_required_names_outside_properties(kw: Dict[str, Any]) -> None:
    r = S.render(kw, "vllm", on_error="report")
    assert [(x.code, x.pointer) for x in r.lints if x.severity == "error"] == [("not-representable", "")]
    assert retry.prepare({"model": "m", "messages": []}, kw, "vllm").mode == "prompt"


# V6: integer bounds past int64 fail to compile in both engines: moved
@pytest.mark.parametrize("kw,keyword", [({"type": "integer", "minimum": 10**22}, "minimum"),
                                        ({"type": "integer", "maximum": -(2**63) - 1}, "maximum"),
                                        ({"type": ["integer", "null"], "exclusiveMinimum": 2**63}, "exclusiveMinimum"),
                                        ({"type": "integer", "minimum": 1e300}, "minimum")])
def test_vllm_moves_integer_bounds_past_int64(kw: Dict[str, Any], keyword: str) -> None:
    r = S.render(_x(kw), "vllm")
    assert ("/properties/x", keyword, "moved") in _acts(r)
    assert keyword not in _wire_x(r) and not r.lossless


# llguidance (1.3.0, 1.9.1) "Failed to generate regex for float range" / "integer range": a bound
# past ±9.2e18 of a number node, a lone lower bound from 1e18 (upper bound from -1e18) of either
# (the request fails when the schema goes to llguidance: beside multipleOf, say)
@pytest.mark.parametrize("kw,keywords", [
    ({"type": "number", "maximum": 1e19, "multipleOf": 0.5}, {"maximum"}),
    ({"type": "number", "minimum": -1e19, "maximum": 3}, {"minimum"}),
    ({"type": "number", "minimum": 1e18}, {"minimum"}),
    ({"type": ["number", "null"], "exclusiveMinimum": 2e18}, {"exclusiveMinimum"}),
    ({"type": "integer", "minimum": 10**18}, {"minimum"}),
    ({"type": "integer", "maximum": -(10**18)}, {"maximum"}),
    ({"type": "number", "minimum": -1e19, "maximum": -2e18}, {"minimum", "maximum"}),  # (then lone)
    # revV R2: llguidance reads a node of no type as a number too ("float range", 1.9.1)
    ({"minimum": 1e19}, {"minimum"}),
    ({"minimum": 1e18}, {"minimum"}),
    ({"exclusiveMaximum": -1e18}, {"exclusiveMaximum"}),
    ({"maximum": 1e19, "minimum": 0}, {"maximum"}),
])
def test_vllm_moves_bounds_llguidance_refuses(kw: Dict[str, Any], keywords: Set[str]) -> None:
    r = S.render(_x(kw), "vllm")
    assert {k for p, k, a in _acts(r) if p == "/properties/x" and a == "moved"} == keywords
    assert not keywords & set(_wire_x(r)) and not r.lossless


@pytest.mark.parametrize("kw", [{"type": "number", "minimum": 1e18, "maximum": 2e18},
                                {"type": "number", "minimum": 9e17}, {"type": "number", "maximum": 9e18},
                                {"type": "integer", "minimum": -(10**18), "maximum": 0}])
def test_vllm_keeps_bounds_llguidance_compiles(kw: Dict[str, Any]) -> None:
    r = S.render(_x(kw), "vllm")
    assert r.lossless and not [c for c in r.report if c.pointer == "/properties/x"], r.report


# llguidance (1.3.0, 1.9.1) fails a pattern of a character past U+FFFF beside maxLength ("Unable to
# determine if regex is empty"; the lengths beside a pattern send the schema there): maxLength moved
@pytest.mark.parametrize("pattern", ["\U0001F600", "[\U0001F600-\U0001F602]", "^[\\s\\S]*\U0001F600$", "\\u{1F600}"])
def test_vllm_moves_max_length_beside_an_astral_pattern(pattern: str) -> None:
    r = S.render(_x({"type": "string", "pattern": pattern, "minLength": 1, "maxLength": 5}), "vllm")
    assert {k for p, k, a in _acts(r) if a == "moved"} == {"maxLength"}
    assert "maxLength" not in _wire_x(r) and "pattern" in _wire_x(r) and not r.lossless


@pytest.mark.parametrize("pattern", ["^\u00e9+$", "\u20ac", "^[a-z]+$", "\\u{00e9}", "^\\\\uD8$"])
def test_vllm_keeps_max_length_beside_a_pattern_of_the_bmp(pattern: str) -> None:
    r = S.render(_x({"type": "string", "pattern": pattern, "maxLength": 5}), "vllm")
    assert "maxLength" in _wire_x(r) and not {k for p, k, a in _acts(r) if a == "moved"}


# revV R2: llguidance (1.3.0, 1.9.1) fails an escaped surrogate ("hexadecimal literal is not a
# Unicode scalar value"): a length bound beside the pattern, or a multipleOf anywhere, sends the
# schema there; xgrammar (0.1.29, 0.2.9) fails one in a class and reads ^\uD83D\uDE00$ otherwise
# (U+1F600 refused): the pattern is moved, its length bounds kept
@pytest.mark.parametrize("pattern", ["^\\uD83D\\uDE00+$", "\\ud83d\\ude00", "^a\\uDE00?$", "[\\uD83D\\uDE00-\\uD83D\\uDE4F]",
                                     # revV2 G1: the same surrogates braced (u-mode), which llguidance
                                     # 1.9.1 fails alike ("hexadecimal literal is not a Unicode scalar value")
                                     "^\\u{D83D}$", "^\\u{D83D}\\u{DE00}$", "^a\\u{0000dc00}"])
@pytest.mark.parametrize("bounds", [{}, {"minLength": 1}, {"minLength": 1, "maxLength": 5}])
def test_vllm_moves_a_pattern_of_an_escaped_surrogate(pattern: str, bounds: Dict[str, Any]) -> None:
    r = S.render(_x({"type": "string", "pattern": pattern, **bounds}), "vllm")
    assert {k for p, k, a in _acts(r) if a == "moved"} == {"pattern"}
    x = _wire_x(r)
    assert "pattern" not in x and json.dumps(pattern) in x["description"] and bounds.items() <= x.items()
    assert not r.lossless


@pytest.mark.parametrize("pattern", ["^\U0001F600+$", "^\\u{1F600}+$", "^\\\\uD83D$"])
def test_vllm_keeps_min_length_beside_a_pattern_llguidance_reads(pattern: str) -> None:
    r = S.render(_x({"type": "string", "pattern": pattern, "minLength": 1}), "vllm")
    assert "minLength" in _wire_x(r) and not {k for p, k, a in _acts(r) if a == "moved"}


# revV2 G2: llguidance (1.9.1) compiles each patternProperties regex and fails the request on
# an escaped surrogate ("hexadecimal literal is not a Unicode scalar value") or look-around
# ("look-around, including look-ahead and look-behind, is not supported"); xgrammar (0.2.9)
# fails look-behind, \b, a back-reference: the keyword is moved, noted, never sent
@pytest.mark.parametrize("key", ["^\\uD83D", "^x\\uDC00", "^\\u{D83D}", "^a(?=b)", "^a(?!b)", "(?<=a)b", "\\bab",
                                 "^(a)\\1"])
@pytest.mark.parametrize("additional", [None, False])
def test_vllm_moves_pattern_properties_of_a_regex_the_engines_fail(key: str, additional: Any) -> None:
    node: Dict[str, Any] = {"type": "object", "patternProperties": {"^z": {}, key: {"type": "integer"}}}
    if additional is not None:
        node["additionalProperties"] = additional
    r = S.render(_x(node), "vllm")
    assert ("/properties/x", "patternProperties", "moved") in _acts(r)
    x = _wire_x(r)
    assert "patternProperties" not in x and json.dumps(key) in x["description"]
    assert not r.lossless


@pytest.mark.parametrize("key", ["^a$", "a", "^\\d+$", "^\\u{1F600}", "^\\\\uD83D"])
def test_vllm_keeps_pattern_properties_the_engines_take(key: str) -> None:
    r = S.render(_x({"type": "object", "patternProperties": {key: {"type": "integer"}}}), "vllm")
    assert "patternProperties" in _wire_x(r) and not {k for p, k, a in _acts(r) if a == "moved"}


def test_vllm_keeps_int64_bounds() -> None:
    r = S.render(_x({"type": "integer", "minimum": -(2**62), "maximum": 2**62}), "vllm")
    assert r.lossless and not r.report


# V8: a pattern the local check cannot run is refused before a request is spent
@pytest.mark.parametrize("target", ["vllm", "openai.chat"])
def test_prepare_refuses_a_pattern_the_local_check_cannot_run(target: str) -> None:
    s = {"type": "object", "properties": {"user": {"type": "string", "pattern": "^(?!admin$)[a-z]+$"}},
         "required": ["user"]}
    with pytest.raises(SchemaError) as err:
        retry.prepare({"model": "m", "messages": []}, s, target)
    assert err.value.loc == "$.properties.user.pattern"
    sent = []

    def send(request: Any) -> Any:
        sent.append(request)
        return {"choices": [{"index": 0, "message": {"role": "assistant", "content": '{"user": "bob"}'},
                             "finish_reason": "stop"}]}

    with pytest.raises(SchemaError):
        retry.generate(send, {"model": "m", "messages": [{"role": "user", "content": "hi"}]}, s, target=target)
    assert sent == []


def test_the_engine_rules_visit_each_keyword_once(monkeypatch: Any) -> None:
    """n properties each holding a refused keyword, a moved format and an unanchored
    pattern, against 4n: the keyword checks grow 4x (counted, not timed)."""
    from toolwire.schema import _engine_rules

    seen = [0]
    why = _engine_rules._why_moved

    def counted(*args: Any) -> Any:
        seen[0] += 1
        return why(*args)

    monkeypatch.setattr(_engine_rules, "_why_moved", counted)

    def checks(n: int) -> int:
        seen[0] = 0
        props = {f"p{i}": {"type": "array", "items": {"type": "string", "format": "password", "pattern": "a" * n},
                           "uniqueItems": True} for i in range(n)}
        S.render({"type": "object", "properties": props}, "vllm")
        return seen[0]

    small, big = checks(50), checks(200)
    assert small > 0 and big <= 4 * small + 8


def _many_keys(n: int) -> Dict[str, Any]:
    """One object of n regexes of braced escapes, a look-around last (the keyword moved)."""
    keys: Dict[str, Any] = {f"^k{i}" + "\\u{0041}" * 4: {} for i in range(n)}
    keys["^a(?=b)"] = {}
    return _x({"type": "object", "patternProperties": keys})


def _many_objects(n: int) -> Dict[str, Any]:
    """n objects of three regexes each, the last a braced surrogate (the keyword moved)."""
    keys = {"^a": {}, "^b\\u{0042}": {}, "^c\\u{D83D}": {}}
    props = {f"o{i}": {"type": "object", "patternProperties": dict(keys)} for i in range(n)}
    return {"type": "object", "properties": props, "required": list(props)}


@pytest.mark.parametrize("shape", [_many_keys, _many_objects])
def test_vllm_reads_each_pattern_properties_regex_once(monkeypatch: Any, shape: Any) -> None:
    from toolwire.schema import _engine_rules

    def read(n: int) -> int:
        count = [0]
        real = _engine_rules.whole_match

        def counted(pattern: str) -> Any:
            count[0] += len(pattern) + 1
            return real(pattern)
        with monkeypatch.context() as m:
            m.setattr(_engine_rules, "whole_match", counted)
            r = S.render(shape(n), "vllm", on_error="report")
        assert "moved" in {a for _, _, a in _acts(r)}
        return count[0]

    small, big = read(100), read(400)
    assert small > 0 and big <= 4.5 * small, (small, big)


# revV (session 39) R1: a patternProperties moved (a regex the engines fail) beside an
# additionalProperties other than true would leave it holding the keys the regexes took:
# {"type": "object", "additionalProperties": false, "required": ["ab"]} (the wire main sent for
# the first schema below) fails llguidance 1.9.1 ("Unsatisfiable schema: required property 'ab'
# is unsatisfiable") and takes only {} in xgrammar 0.2.9, while {"ab": 1} is valid. Both keywords
# are moved together; the strict mode then closes the object (narrowed) and a required name no
# property takes is refused, as without additionalProperties.
def test_vllm_refuses_a_required_name_only_a_moved_pattern_took() -> None:
    kw = {"type": "object", "patternProperties": {"^(?=a)a": {"type": "integer"}}, "additionalProperties": False,
          "required": ["ab"]}
    assert jsonschema.Draft202012Validator(kw).is_valid({"ab": 1})
    r = S.render(kw, "vllm", on_error="report")
    assert [(x.code, x.pointer) for x in r.errors] == [("not-representable", "")]


# the verdicts of the engines on the wire written for the two schemas below (run once, 2026-12-06):
# llguidance 1.9.1 takes {"a": 1}, {"a": 1, "bb": 2}, {"a": 1, "c": "s"}, not {}; xgrammar 0.2.9
# (strict) takes {"a": 1} alone of these
ENGINES = {"llguidance": {"{}": False, '{"a": 1}': True, '{"a": 1, "bb": 2}': True},
           "xgrammar": {"{}": False, '{"a": 1}': True, '{"a": 1, "bb": 2}': False}}


@pytest.mark.parametrize("key,additional", [("^(?=b)b", False)])
def test_vllm_moves_additional_properties_with_the_pattern_properties(key: str, additional: Any) -> None:
    kw = {"type": "object", "properties": {"a": {"type": "integer"}}, "patternProperties": {key: {"type": "integer"}},
          "additionalProperties": additional, "required": ["a"]}
    checker = jsonschema.Draft202012Validator(kw)
    r = S.render(_x(kw), "vllm", on_error="report")
    assert not r.errors and not r.lossless
    x = _wire_x(r)
    assert {k: v for k, v in x.items() if k != "description"} == \
        {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}
    assert {("/properties/x", "patternProperties", "moved"), ("/properties/x", "additionalProperties", "moved")} \
        <= _acts(r)
    for engine in ENGINES.values():  # what an engine refuses and the schema takes is reported narrowed
        for text, taken in engine.items():
            if not taken and checker.is_valid(json.loads(text)):
                assert ("/properties/x", "additionalProperties", "narrowed") in _acts(r)
            if taken:
                assert checker.is_valid(json.loads(text)) or not r.lossless


@pytest.mark.parametrize("additional", [None, True, {}])
def test_vllm_keeps_an_open_additional_properties_beside_a_moved_pattern(additional: Any) -> None:
    node: Dict[str, Any] = {"type": "object", "patternProperties": {"^(?=b)b": {"type": "integer"}}}
    if additional is not None:
        node["additionalProperties"] = additional
    r = S.render(_x(node), "vllm")
    assert ("/properties/x", "additionalProperties", "moved") not in _acts(r)
    assert _wire_x(r).get("additionalProperties", None) == additional


# the engines' verdicts on {"type": "object", "additionalProperties": true, "required": ["ab"]}
# (run once, 2026-12-06: xgrammar 0.1.29 and 0.2.9 with strict_mode=True, llguidance 1.9.1): true
# leaves the object open in strict mode (only an absent additionalProperties closes it); xgrammar
# does not enforce the required name ({} taken), llguidance does
TRUE_OPEN = {"llguidance": {"{}": False, '{"ab": 1}': True, '{"ab": "s"}': True},
             "xgrammar": {"{}": True, '{"ab": 1}': True, '{"ab": "s"}': True}}


# revV2 (session 39) 2: a required name not in properties beside additionalProperties: true was
# refused (not-representable, "it closes the object"); the engines take it
def test_vllm_keeps_required_names_beside_additional_properties_true() -> None:
    kw = {"type": "object", "additionalProperties": True, "required": ["ab"]}
    r = S.render(kw, "vllm", on_error="report")
    assert not r.errors and not r.lossless
    assert ("", "required", "unenforced") in _acts(r)  # xgrammar takes {}
    assert {k: v for k, v in r.wire_schema.items() if k != "description"} == kw
    checker = jsonschema.Draft202012Validator(kw)
    for engine in TRUE_OPEN.values():
        for text, taken in engine.items():
            assert taken or not checker.is_valid(json.loads(text))  # nothing valid refused
    assert retry.prepare({"model": "m", "messages": []}, kw, "vllm").mode == "native"


# revV2 (session 39) 1: an additionalProperties schema moved with a patternProperties the engines
# fail left the object closed by strict mode, and a required name the schema took was refused
# (not-representable) though {"ab": 1} is valid; every value is written in its place (a widening, noted
# moved), which the engines keep open (TRUE_OPEN)
@pytest.mark.parametrize("key", ["^(?=x)", "\\bb"])
def test_vllm_widens_an_additional_properties_schema_moved_with_the_pattern_properties(key: str) -> None:
    kw = {"type": "object", "patternProperties": {key: {"type": "integer"}},
          "additionalProperties": {"type": "integer"}, "required": ["ab"]}
    checker = jsonschema.Draft202012Validator(kw)
    assert checker.is_valid({"ab": 1})
    r = S.render(kw, "vllm", on_error="report")
    assert not r.errors and not r.lossless
    assert {k: v for k, v in r.wire_schema.items() if k != "description"} == \
        {"type": "object", "additionalProperties": {"type": ["string", "number", "boolean", "object", "array", "null"]},
         "required": ["ab"]}
    assert '{"type": "integer"}' in r.wire_schema["description"]
    acts = _acts(r)
    assert {("", "patternProperties", "moved"), ("", "additionalProperties", "moved"), ("", "required", "unenforced")} \
        <= acts
    assert ("", "additionalProperties", "narrowed") not in acts
    for engine in TRUE_OPEN.values():
        for text, taken in engine.items():
            assert taken or not checker.is_valid(json.loads(text))


def test_vllm_keeps_refusing_a_required_name_beside_a_false_moved_with_the_pattern_properties() -> None:
    kw = {"type": "object", "patternProperties": {"^(?=x)": {"type": "integer"}}, "additionalProperties": False,
          "required": ["ab"]}
    r = S.render(kw, "vllm", on_error="report")
    assert [(x.code, x.pointer) for x in r.errors] == [("not-representable", "")]
    assert "additionalProperties" not in r.wire_schema
