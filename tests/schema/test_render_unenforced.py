"""Targets that send the caller's schema as it is report what their engine does not
enforce: ``lossless`` is "the provider enforces everything the original says".

- ``ollama``: Ollama turns ``format`` into a grammar with llama.cpp's JSON-Schema
  converter (ollama ``llm/server.go`` -> ``llama.SchemaToGrammar``), whose README
  (ggml-org/llama.cpp ``grammars/README.md``) says "Unsupported features are skipped
  silently": no ``uniqueItems``, ``contains``, ``not``, ``if``/``then``/``else``,
  ``dependentSchemas``, ``patternProperties``; ``minimum``... "only supported for
  ``"type": "integer"``"; formats lack ``uri``, ``email``; "Can't mix ``properties``
  w/ ``anyOf`` / ``oneOf``"; ``prefixItems`` is broken.
- ``vllm``: reference/structured-output.md §C.7, the vLLM (xgrammar) column: ``allOf``
  and ``format`` partial, ``multipleOf`` ignored, ``uniqueItems`` unknown.
- ``strict=False`` (OpenAI ``strict``: "If set to true, the model will always follow
  the exact schema"; false promises nothing): the whole schema is unenforced.
"""

from __future__ import annotations

from typing import Any, Dict, List, Set, Tuple

import pytest

from toolwire import EncodeError, retry
from toolwire import schema as S


def _beyond_closing(r: Any) -> List[Any]:
    """The report but the ``narrowed`` closing of objects (vllm's strict mode, test_vllm_engine_rules.py)."""
    return [c for c in r.report if c.action != "narrowed"]


def _x(kw: Dict[str, Any]) -> Dict[str, Any]:
    return {"type": "object", "properties": {"x": kw}, "required": ["x"]}


def _unenforced(r: Any) -> Set[Tuple[str, str]]:
    return {(c.pointer, c.keyword) for c in r.report if c.action == "unenforced"}


SKIPPED = {
    "uniqueItems": ({"type": "array", "items": {"type": "integer"}, "uniqueItems": True}, "uniqueItems"),
    "not": ({"type": "string", "not": {"const": "x"}}, "not"),
    "contains": ({"type": "array", "items": {"type": "integer"}, "contains": {"const": 3}}, "contains"),
}


@pytest.mark.parametrize("target", ["ollama", "vllm"])
@pytest.mark.parametrize("case", sorted(SKIPPED))
def test_skipped_keywords_are_reported(target: str, case: str) -> None:
    kw, keyword = SKIPPED[case]
    if target == "vllm" and keyword != "not":  # llguidance refuses them: moved (test_vllm_engine_rules.py)
        r = S.render(_x(kw), target)
        assert ("/properties/x", keyword, "moved") in {(c.pointer, c.keyword, c.action) for c in r.report}
        assert keyword not in r.wire_schema["properties"]["x"] and not r.lossless
        return
    r = S.render(_x(kw), target)
    assert ("/properties/x", keyword) in _unenforced(r)
    assert not r.lossless
    assert r.wire_schema == _x(kw)  # sent as it is all the same
    with pytest.raises(EncodeError, match=f"{keyword} at \\$.properties.x \\(unenforced\\)"):
        S.render(_x(kw), target, on_lossy="raise")


def test_ollama_number_bounds_and_formats() -> None:
    r = S.render(_x({"type": "number", "minimum": 1.5}), "ollama")
    assert _unenforced(r) == {("/properties/x", "minimum")}
    r = S.render(_x({"type": "integer", "minimum": 1, "maximum": 9}), "ollama")
    assert r.lossless and not _beyond_closing(r)
    r = S.render(_x({"type": "string", "format": "email"}), "ollama")
    assert _unenforced(r) == {("/properties/x", "format")}
    r = S.render(_x({"type": "string", "format": "date"}), "ollama")
    assert r.lossless


def test_ollama_properties_beside_any_of() -> None:
    kw = {"type": "object", "properties": {"id": {"type": "string"}},
          "anyOf": [{"required": ["id"]}, {"properties": {"k": {"type": "integer"}}, "required": ["k"]}]}
    r = S.render(_x(kw), "ollama")
    assert ("/properties/x", "properties") in _unenforced(r)
    assert not r.lossless


def test_vllm_keeps_what_xgrammar_enforces() -> None:
    kw = {"type": "object", "properties": {"n": {"type": "number", "minimum": 1.5, "maximum": 9},
                                           "s": {"type": "string", "pattern": "^a+$", "maxLength": 4},
                                           "l": {"type": "array", "items": {"type": "integer"}, "minItems": 1}},
          "required": ["n"], "additionalProperties": False}
    r = S.render(_x(kw), "vllm")
    assert r.lossless and not _beyond_closing(r)
    r = S.render(_x({"type": "number", "multipleOf": 0.5}), "vllm")
    assert _unenforced(r) == {("/properties/x", "multipleOf")}


def test_plain_schemas_stay_lossless() -> None:
    plain = {"type": "object", "properties": {"a": {"type": "string", "enum": ["x", "y"]},
                                              "b": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
                                              "c": {"type": "array", "items": {"$ref": "#/$defs/C"}}},
             "required": ["a"], "$defs": {"C": {"type": "object", "properties": {"d": {"type": "boolean"}}}}}
    for target in ("ollama", "vllm"):
        r = S.render(plain, target)
        assert r.lossless and not _beyond_closing(r), (target, r.report)


def test_strict_false_is_unenforced() -> None:
    for target in ("openai.chat", "openai.responses", "anthropic.tool"):
        r = S.render(_x({"type": "string"}), target, strict=False)
        assert ("", "strict") in _unenforced(r)
        assert not r.lossless
    assert S.render({}, "openai.chat", strict=False).lossless  # nothing to enforce


def test_prepare_without_lossy_goes_to_prompt_mode() -> None:
    s = _x(SKIPPED["uniqueItems"][0])
    assert retry.prepare({"model": "llama3", "messages": []}, s, "ollama", allow_lossy=False).mode == "prompt"
    plain = _x({"type": "string"})
    assert retry.prepare({"model": "llama3", "messages": []}, plain, "ollama", allow_lossy=False).mode == "native"
