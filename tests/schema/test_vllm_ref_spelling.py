"""What vLLM is sent for references (session 45).

- A ``$ref`` is a URI reference (JSON Schema 2020-12 core §8.2.3.1), its fragment a JSON
  Pointer whose characters outside RFC 3986's fragment set are percent-encoded (RFC 6901
  §6: ``#/$defs/a%20b`` names ``a b``). llguidance 1.9.1 (checked 2026-12-07) refuses a
  pointer spelled raw ("Invalid URI reference '#/$defs/a b': unexpected character at index
  9"; so ``é``, ``"``, ``^``, a ``%`` not starting an escape) and decodes an escaped one,
  as xgrammar 0.2.9 does: the wire spells every pointer escaped, ``~0`` / ``~1`` kept.
- ``$dynamicRef`` / ``$recursiveRef`` are resolved to ``$ref`` by ``normalize`` (exact: the
  schema is one resource, its dynamic scope holds one anchor per name); the anchors they
  named are then left out of vLLM's wire (llguidance: "Unimplemented keys:
  [\"$dynamicAnchor\"]", the same for ``$recursiveAnchor``); a ``$recursiveRef`` under a
  draft without it (an unknown keyword, ignored by validation) is moved into ``description``
  (llguidance: "Unimplemented keys: [\"$recursiveRef\"]").

The engines' verdicts are in the comments; the engines are asked only where installed.
"""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

import pytest

from toolwire.schema import normalize, render

SPACED = {"$defs": {"a b": {"type": "integer"}}, "type": "object",
          "properties": {"x": {"$ref": "#/$defs/a%20b"}}, "required": ["x"]}
# (name, the pointer the caller wrote, the pointer vLLM must be sent)
SPELLINGS: List[Tuple[str, str, str]] = [
    ("a b", "#/$defs/a%20b", "#/$defs/a%20b"),
    ("a/b", "#/$defs/a~1b", "#/$defs/a~1b"),
    ("c~d", "#/$defs/c~0d", "#/$defs/c~0d"),
    ("a%b", "#/$defs/a%25b", "#/$defs/a%25b"),
    ("é", "#/$defs/%C3%A9", "#/$defs/%C3%A9"),
    ('a"b', "#/$defs/a%22b", "#/$defs/a%22b"),
    ("a^b", "#/$defs/a%5Eb", "#/$defs/a%5Eb"),
    ("a?b:c@d!$&'()*+,;=", "#/$defs/a?b:c@d!$&'()*+,;=", "#/$defs/a?b:c@d!$&'()*+,;="),  # (fragment characters)
    ("a%20b", "#/$defs/a%2520b", "#/$defs/a%2520b"),
]


def _ref(name: str, ref: str, recursive: bool = False) -> Dict[str, Any]:
    target = {"type": "object", "properties": {"n": {"$ref": ref}}} if recursive else {"type": "integer"}
    return {"$defs": {name: target}, "type": "object", "properties": {"x": {"$ref": ref}}, "required": ["x"]}


def test_vllm_sends_a_spaced_pointer_percent_encoded() -> None:
    rendered = render(SPACED, "vllm")
    assert rendered.wire_schema["properties"]["x"] == {"$ref": "#/$defs/a%20b"}
    assert rendered.wire_schema["$defs"] == {"a b": {"type": "integer"}}
    assert rendered.validate({"x": 1}) == [] and rendered.validate({"x": "1"}) != []


@pytest.mark.parametrize("recursive", [False, True])
@pytest.mark.parametrize(("name", "given", "sent"), SPELLINGS)
def test_vllm_pointer_spelling(name: str, given: str, sent: str, recursive: bool) -> None:
    wire = render(_ref(name, given, recursive), "vllm").wire_schema
    assert wire["properties"]["x"]["$ref"] == sent
    if recursive:
        assert wire["$defs"][name]["properties"]["n"]["$ref"] == sent


def test_vllm_pointer_to_a_moved_target_percent_encoded() -> None:
    # (a $ref into properties: sent as it is to vLLM; the place named by an escaped pointer)
    schema = {"type": "object", "properties": {"a b": {"type": "integer"}, "c": {"$ref": "#/properties/a%20b"}}}
    assert render(schema, "vllm").wire_schema["properties"]["c"] == {"$ref": "#/properties/a%20b"}


def test_hoisted_name_with_a_percent_sign_still_resolves() -> None:
    # a target outside $defs is moved into it for OpenAI under a name made from its place: a
    # "%" in that name is spelled %25 in the new pointer, else "#/$defs/a%41" would name "aA"
    schema = {"type": "object", "properties": {"a%41": {"type": "integer"}, "b": {"$ref": "#/properties/a%2541"}},
              "required": ["a%41", "b"], "additionalProperties": False}
    rendered = render(schema, "openai")
    wire = rendered.wire_schema
    ref = wire["properties"]["b"]["$ref"]
    assert ref == "#/$defs/a%2541" and wire["$defs"]["a%41"] == {"type": "integer"}
    assert not rendered.errors


DYNAMIC = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$dynamicAnchor": "node", "type": "object",
           "properties": {"kids": {"type": "array", "items": {"$dynamicRef": "#node"}}}}
RECURSIVE_2019 = {"$schema": "https://json-schema.org/draft/2019-09/schema", "$recursiveAnchor": True,
                  "type": "object", "properties": {"kids": {"type": "array", "items": {"$recursiveRef": "#"}}}}


def test_vllm_leaves_out_a_dynamic_anchor_its_ref_resolved() -> None:
    rendered = render(DYNAMIC, "vllm")
    assert rendered.wire_schema == {"type": "object",
                                    "properties": {"kids": {"type": "array", "items": {"$ref": "#"}}}}
    assert ("", "$dynamicAnchor", "rewritten") in [(c.pointer, c.keyword, c.action) for c in rendered.report]
    assert not any(c.keyword == "$dynamicAnchor" and c.action != "rewritten" for c in rendered.report)
    assert rendered.validate({"kids": [{"kids": []}]}) == []
    assert rendered.validate({"kids": [{"kids": [1]}]}) != []


def test_vllm_leaves_out_a_dynamic_anchor_in_defs() -> None:
    schema = {"$defs": {"t": {"$dynamicAnchor": "T", "type": "object", "properties": {"c": {"$dynamicRef": "#T"}}}},
              "$ref": "#/$defs/t"}
    wire = render(schema, "vllm").wire_schema
    assert wire["$defs"]["t"] == {"type": "object", "properties": {"c": {"$ref": "#/$defs/t"}}}


def test_vllm_leaves_out_a_recursive_anchor() -> None:
    rendered = render(RECURSIVE_2019, "vllm")
    assert "$recursiveAnchor" not in rendered.wire_schema
    assert rendered.wire_schema["properties"]["kids"]["items"] == {"$ref": "#"}


def test_vllm_moves_a_recursive_ref_of_another_draft() -> None:
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
              "properties": {"a": {"type": "integer", "$recursiveRef": "#"}}}
    rendered = render(schema, "vllm")
    assert rendered.wire_schema["properties"]["a"] == {"type": "integer", "description": '{$recursiveRef: "#"}'}
    assert ("/properties/a", "$recursiveRef", "moved") in [(c.pointer, c.keyword, c.action) for c in rendered.report]


def test_normal_form_keeps_dynamic_anchor() -> None:
    # (the normal form is the caller's schema: only the vLLM wire leaves the anchor out)
    assert normalize(DYNAMIC)["$dynamicAnchor"] == "node"


def test_other_targets_keep_their_spelling() -> None:
    # (Ollama's llama.cpp converter splits a pointer on "/" and decodes nothing: unchanged there)
    assert render(SPACED, "ollama").wire_schema["properties"]["x"] == {"$ref": "#/$defs/a b"}


def _engines() -> Any:
    llguidance = pytest.importorskip("llguidance")
    xgrammar = pytest.importorskip("xgrammar")
    return llguidance, xgrammar


@pytest.mark.parametrize("schema", [SPACED, DYNAMIC, RECURSIVE_2019, *(_ref(n, g, r) for n, g, _ in SPELLINGS
                                                                      for r in (False, True))])
def test_engines_compile_the_vllm_wire(schema: Dict[str, Any]) -> None:
    import json

    llguidance, xgrammar = _engines()
    wire = render(schema, "vllm").wire_schema
    grammar = llguidance.LLMatcher.grammar_from_json_schema(json.dumps(wire))
    assert not llguidance.LLMatcher.validate_grammar(grammar)
    xgrammar.Grammar.from_json_schema(json.dumps(wire), strict_mode=True)


def test_a_lone_surrogate_name_is_refused_with_its_path() -> None:
    # review revSchema4 R3: UnicodeEncodeError escaped; no URI spells it (RFC 3986 percent-encodes
    # UTF-8) and neither engine reads it in JSON text (llguidance 1.9.1: "unexpected end of hex
    # escape"; xgrammar 0.2.9: "Failed to parse JSON")
    from toolwire import SchemaError

    schema = {"$defs": {"\ud800": {"type": "integer"}}, "type": "object",
              "properties": {"x": {"$ref": "#/$defs/\ud800"}}}
    for on_error in ("raise", "report"):
        with pytest.raises(SchemaError) as caught:
            render(schema, "vllm", on_error=on_error)  # type: ignore[arg-type]
        assert caught.value.loc == "$.properties.x" and "lone surrogate" in str(caught.value)
