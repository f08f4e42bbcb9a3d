"""Ollama turns ``format`` into a grammar with llama.cpp's JSON-Schema converter
(ollama ``llm/server.go``: ``llama.SchemaToGrammar``, ``nil`` -> "invalid JSON schema in
format"). Its ``_visit_pattern`` (ggml-org/llama.cpp ``common/json-schema-to-grammar.cpp``)
refuses a pattern that is not written ``^...$`` ("Pattern must start with '^' and end
with '$'", and ``check_errors`` throws), and copies an escape it does not translate
(anything but ``^$.[]()|{}*+?`` outside a class, everything inside one) into the GBNF,
whose ``parse_char`` (``src/llama-grammar.cpp``) reads only ``\\x \\u \\U \\t \\r \\n
\\\\ \\" \\[ \\]`` (and ``\\-`` in newer versions) and throws "unknown escape" for
``\\d``, ``\\w``, ``\\s`` and the rest. A JSON Schema ``pattern`` is a search, so
pydantic's ``pattern="[A-Z]{3}"`` is sent unanchored: the whole request failed, reported
lossless. Such a pattern is moved into ``description`` (reported ``moved``, checked
locally), never sent."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from toolwire import retry
from toolwire.schema import render

REFUSED = [
    "[A-Z]{3}",  # pydantic's usual spelling: a search
    "^[a-z]+",
    "[a-z]+$",
    "",
    "^\\d{3}$",  # the converter copies \d into the GBNF, whose parser has no \d
    "^[\\w.]+$",
    "^\\s*x$",
    "^[\\.]$",  # inside a class every escape is copied as it is
    "^a\\/b$",
    "^a$|^b$",  # an anchor inside: the converter reads it as a literal ^ or $
    "^a\\$",  # the final $ is escaped: not anchored
    "^(?!x).*$",  # look-ahead: skipped by the converter, so not applied
    # review hunt RA-1: the converter appends a lazy ? as one more postfix, so x+? is the
    # GBNF (x+)? and x{2}? is (x{2})?: the grammar takes "" / "a", which the pattern refuses
    "^[a-z]+?$",
    "^a{2}?$",
    "^(ab){2,3}?$",
    "^x*?y$",
    "^a??$",
    "^a|b$",  # ECMA-262: (^a)|(b$); the converter: the whole string a or b
    # review hunt P3: the converter walks the pattern's UTF-8 bytes, so a quantifier takes the
    # last byte of a non-ASCII character ("\xC3" "\xA9"+), a GBNF llama-grammar cannot parse
    "^\u00e9+$",
    "^\u65e5{2}$",
    "^\U0001f600?$",
    "^x\u00e9*y$",
    "^(?:a|\u00e9{1,3})$",
    # std::stoi throws out_of_range past INT_MAX, which only the caller catches: the request fails
    "^a{2147483648}$",
    "^a{99999999999999999999}$",
    "^a{1,2147483648}$",
    "^a{0002147483648,}$",
    # an empty class: llama-grammar pushes no element for it ([^] took only "", [^]* did not parse)
    "^[^]$",
    "^[^]*$",
    "^a[]$",
    # review hunt RC-2: an escape (or a ") joins the converter's literal run with no look at
    # what follows, so the quantifier after it repeats the run: "ab."+, "USD$"? [0-9]+
    "^ab\\.+$",
    "^USD\\$?[0-9]+$",
    "^v1\\.{2}$",
    '^a"+$',
]
SENT = ["^[a-z]+$", "^[A-Z]{3}$", "^a\\.b(?:c|d)*$", "^[^\\]\\\\]+$", "^\\(x\\)$", "^$", "^a?$", "^\\+?[0-9]+$",
        "^(?:a|b)?c$", "^[?+]+$", "^(a|b){2}$",
        # a non-ASCII character that is not quantified alone: re-joined whole (join_seq), or inside
        # a group or class the quantifier takes whole
        "^\u00e9$", "^(\u00e9)+$", "^[\u00e9]+$", "^\u00e9a+$", "^(?:\u65e5){2}$", "^a{0010}$",
        # an escape quantified alone or after a quantifier starts a run of its own
        "^\\.+$", "^a+\\.+$", "^[0-9]+\\.[0-9]+$", "^(ab)\\.+$", "^\\.ab+$"]


def _code(pattern: str, kind: Any = "string") -> Dict[str, Any]:
    return {"type": "object", "required": ["code"],
            "properties": {"code": {"type": kind, "pattern": pattern, "description": "A code."}}}


@pytest.mark.parametrize("pattern", REFUSED)
def test_a_pattern_llama_cpp_cannot_take_is_moved_into_the_description(pattern: str) -> None:
    r = render(_code(pattern), "ollama")
    sent = r.request["format"]["properties"]["code"]
    assert "pattern" not in sent
    assert sent["description"].startswith("A code.\n\n{pattern: ")
    assert [(c.pointer, c.keyword, c.action) for c in r.report if c.keyword == "pattern"] == [
        ("/properties/code", "pattern", "moved")]
    assert not r.lossless
    assert r.wire_schema["properties"]["code"] == sent


@pytest.mark.parametrize("pattern", SENT)
def test_a_pattern_written_as_llama_cpp_reads_it_is_sent(pattern: str) -> None:
    r = render(_code(pattern), "ollama")
    assert r.request["format"]["properties"]["code"]["pattern"] == pattern
    assert r.lossless


def test_the_original_still_checks_the_moved_pattern() -> None:
    r = render(_code("[A-Z]{3}"), "ollama")
    assert r.validate({"code": "xABCx"}) == []
    assert [i.keyword for i in r.validate({"code": "abc"})] == ["pattern"]


def test_a_type_array_naming_string_is_read_as_a_string() -> None:
    """The converter visits each type of a type array with the node's other keywords."""
    r = render(_code("[A-Z]{3}", ["string", "null"]), "ollama")
    assert "pattern" not in r.request["format"]["properties"]["code"]
    assert not r.lossless


@pytest.mark.parametrize("node", [
    {"enum": ["ABC"], "pattern": "[A-Z]{3}"},
    {"type": "string", "allOf": [{"minLength": 1}], "pattern": "[A-Z]{3}"},
], ids=["enum", "allOf"])
def test_a_pattern_the_converter_does_not_read_is_left_as_it_was(node: Dict[str, Any]) -> None:
    """Beside an ``enum`` (or an ``allOf``, which it merges as objects) the converter
    writes another rule and never reads the pattern."""
    r = render({"type": "object", "properties": {"c": node}}, "ollama")
    assert r.request["format"]["properties"]["c"] == node


def test_vllm_writes_a_search_as_a_whole_string_match() -> None:
    # xgrammar matches the whole string: the search is sent as one (test_vllm_engine_rules.py)
    r = render(_code("[A-Z]{3}"), "vllm")
    assert [c.action for c in r.report if c.keyword == "pattern"] == ["rewritten"]
    assert r.wire_schema["properties"]["code"]["pattern"] == "^[\\s\\S]*(?:[A-Z]{3})[\\s\\S]*$"
    assert r.lossless


def test_the_caller_schema_is_not_changed() -> None:
    schema = _code("[A-Z]{3}")
    render(schema, "ollama")
    assert schema["properties"]["code"]["pattern"] == "[A-Z]{3}"
    assert schema["properties"]["code"]["description"] == "A code."


def test_retry_prepare_sends_no_pattern_ollama_refuses() -> None:
    request = {"model": "llama3.2", "messages": [{"role": "user", "content": "code?"}]}
    native = retry.prepare(request, _code("[A-Z]{3}"), "ollama")
    assert native.mode == "native"
    assert "pattern" not in native.request["format"]["properties"]["code"]
    assert retry.prepare(request, _code("[A-Z]{3}"), "ollama", allow_lossy=False).mode == "prompt"
