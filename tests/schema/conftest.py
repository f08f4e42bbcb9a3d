"""Helpers for the structured-output tests: every validity expectation is checked with
toolwire's validator *and* the ``jsonschema`` package, so the expectation itself (taken
from reference/structured-output.md §H) is cross-examined."""

from __future__ import annotations

from typing import Any, Callable, Iterator, List, Tuple

import pytest

from corpus_data import CORPUS, SKIP_REASON

jsonschema = pytest.importorskip("jsonschema")

from toolwire.schema import _validate, validate  # noqa: E402

ALL_TARGETS = [
    "openai.chat",
    "openai.responses",
    "anthropic.messages",
    "anthropic.messages.beta",
    "anthropic.tool",
    "gemini",
    "gemini.openapi",
    "bedrock.converse",
    "ollama",
    "vllm",
    "prompt",
]
NATIVE_TARGETS = [t for t in ALL_TARGETS if t != "prompt"]


def _reference_valid(schema: Any, value: Any, formats: bool = False) -> Any:
    """The ``jsonschema`` verdict, or ``None`` when it cannot judge (a format checker
    that needs an optional package it does not have)."""
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    kw = {}
    if formats:
        used = {n.get("format") for _, n in subschemas(schema) if isinstance(n, dict)} - {None}
        if not used <= set(cls.FORMAT_CHECKER.checkers):
            return None
        kw = {"format_checker": cls.FORMAT_CHECKER}
    return bool(cls(schema, **kw).is_valid(value))


def ok(schema: Any, value: Any, *, formats: bool = False) -> None:
    assert _reference_valid(schema, value, formats) in (True, None), "reference validator disagrees"
    issues = validate(value, schema, formats=formats)
    assert issues == [], issues


def bad(schema: Any, value: Any, *, formats: bool = False, keyword: str = "") -> None:
    assert _reference_valid(schema, value, formats) in (False, None), "reference validator disagrees"
    issues = validate(value, schema, formats=formats)
    assert issues, f"{value!r} was accepted"
    if keyword:
        assert keyword in {i.keyword for i in issues}, issues


def subschemas(node: Any, ptr: str = "") -> Iterator[Tuple[str, Any]]:
    """Every schema node of a wire schema (dict walk over schema-valued keywords)."""
    yield ptr, node
    if not isinstance(node, dict):
        return
    for key in ("items", "additionalProperties", "not", "contains", "if", "then", "else"):
        if isinstance(node.get(key), dict):
            yield from subschemas(node[key], f"{ptr}/{key}")
    for key in ("properties", "$defs", "patternProperties"):
        if isinstance(node.get(key), dict):
            for k, v in node[key].items():
                yield from subschemas(v, f"{ptr}/{key}/{k}")
    for key in ("anyOf", "oneOf", "allOf", "prefixItems"):
        for i, v in enumerate(node.get(key) or []):
            yield from subschemas(v, f"{ptr}/{key}/{i}")


# openai-java ``JsonSchemaValidator`` (a strict schema's client-side check):
# ALLOWED_KEYWORDS_ANY_OF_SUB_SCHEMA and ALLOWED_KEYWORDS_REF_SUB_SCHEMA
BESIDE_ANY_OF = frozenset({"anyOf", "title", "description"})
BESIDE_REF = frozenset({"$ref", "title", "description"})


def alone_in_unions(wire: Any) -> None:
    """Asserts that nothing but ``title`` and ``description`` stands beside an ``anyOf``
    or a ``$ref`` anywhere in *wire* (OpenAI strict mode, as openai-java checks it)."""
    for ptr, node in subschemas(wire):
        if isinstance(node, dict) and "anyOf" in node:
            assert set(node) <= BESIDE_ANY_OF, (ptr, node)
        if isinstance(node, dict) and "$ref" in node:
            assert set(node) <= BESIDE_REF, (ptr, node)


def lossy_at(rendered: Any, pointer: str, keyword: str) -> None:
    """Asserts that *rendered* is not lossless and says why: *keyword* at *pointer* (of
    the original) moved, dropped or unsupported."""
    assert not rendered.lossless
    assert any(c.pointer == pointer and c.keyword == keyword and c.action in ("moved", "dropped", "unsupported")
               for c in rendered.report), rendered.report


def keys_anywhere(node: Any) -> List[str]:
    return [k for _, n in subschemas(node) if isinstance(n, dict) for k in n]


def obj(props: Any, required: Any = None, **extra: Any) -> Any:
    out = {"type": "object", "properties": props}
    if required is not None:
        out["required"] = required
    out.update(extra)
    return out


class Helpers:
    """The helpers above, handed to tests as the ``sx`` fixture (no import path games)."""

    ALL_TARGETS = ALL_TARGETS
    NATIVE_TARGETS = NATIVE_TARGETS
    ok = staticmethod(ok)
    bad = staticmethod(bad)
    subschemas = staticmethod(subschemas)
    keys_anywhere = staticmethod(keys_anywhere)
    alone_in_unions = staticmethod(alone_in_unions)
    lossy_at = staticmethod(lossy_at)
    obj = staticmethod(obj)
    reference_valid = staticmethod(_reference_valid)


@pytest.fixture
def sx() -> Helpers:
    return Helpers()


CORPUS_DIR = CORPUS  # the corpus location setting every corpus test uses (corpus_data)


@pytest.fixture
def corpus() -> Any:
    """``corpus("gemini/x.json")`` -> the parsed corpus document (skips without corpus)."""
    import json

    if CORPUS_DIR is None:
        pytest.skip(SKIP_REASON)

    def load(rel: str) -> Any:
        with open(CORPUS_DIR / rel, encoding="utf-8") as fh:
            return json.load(fh)

    return load


@pytest.fixture
def checker_runs(monkeypatch: Any) -> Callable[[Callable[[], Any]], int]:
    """How many schema checks (``_Checker._run``) calling *fn* makes: the count that
    n-vs-4n scaling tests compare (steady where timings are not)."""

    def runs(fn: Callable[[], Any]) -> int:
        seen = [0]
        real = _validate._Checker._run

        def counted(self: Any, *args: Any) -> None:
            seen[0] += 1
            real(self, *args)

        monkeypatch.setattr(_validate._Checker, "_run", counted)
        try:
            fn()
        finally:
            monkeypatch.setattr(_validate._Checker, "_run", real)
        return seen[0]

    return runs
