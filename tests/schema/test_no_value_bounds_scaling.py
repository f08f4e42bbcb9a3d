"""The reading of contradicting keywords (``_no_value_bounds.py``) looks at each node and
its ``allOf`` / ``oneOf`` entries once, each ``$ref`` resolved once per walk, each
``enum`` value once: nested ``allOf`` and ``oneOf`` 4x as deep, a chain of ``$ref`` in
``allOf`` 4x as long named 4x as often, an ``enum`` 4x as long cost about 4x the reads,
never their product (counted, not timed)."""

from __future__ import annotations

from typing import Any, Callable, Dict, List

import pytest

from toolwire.schema import _no_value_bounds, render


def _all_of(n: int) -> Any:
    node: Any = {"type": "string", "minLength": 1}
    for _ in range(n):
        node = {"allOf": [node, {"type": ["string", "integer"]}, {"maxLength": 5}]}
    return {"type": "object", "properties": {"a": node}, "required": ["a"]}


def _one_of(n: int) -> Any:
    node: Any = {"type": "integer", "minimum": 0, "maximum": 9}
    for _ in range(n):
        node = {"oneOf": [node, {"type": "string"}, True]}
    return {"type": "object", "properties": {"a": node}, "required": ["a"]}


def _ref_chain(n: int) -> Any:
    defs: Dict[str, Any] = {"D0": {"type": ["string", "integer"], "minLength": 1}}
    for i in range(1, n):
        defs[f"D{i}"] = {"allOf": [{"$ref": f"#/$defs/D{i - 1}"}, {"type": ["string", "integer", "null"]}]}
    props = {f"p{i}": {"allOf": [{"$ref": f"#/$defs/D{n - 1}"}, {"maxLength": 5}]} for i in range(n)}
    return {"type": "object", "properties": props, "required": list(props), "$defs": defs}


def _enum(n: int) -> Any:
    node = {"type": "integer", "maximum": 1, "enum": [*range(2, 2 + n), 1]}
    return {"type": "object", "properties": {"a": node}, "required": ["a"]}


def _shared_enum(n: int) -> Any:
    """n properties each the conjunction of one ``enum`` of n values with itself: the listed
    values of each were intersected and filtered again, n² (``allowed`` stops past four per
    value listed)."""
    defs = {"E": {"enum": [f"v{i}" for i in range(n)]}}
    props = {f"p{i}": {"allOf": [{"$ref": "#/$defs/E"}, {"$ref": "#/$defs/E"}, {"type": "string", "maxLength": 9}]}
             for i in range(n)}
    return {"type": "object", "properties": props, "required": list(props), "$defs": defs}


def _union_chain(n: int) -> Any:
    node: Any = {"type": "string", "enum": ["a", "b"]}
    for i in range(n):
        node = {"anyOf": [node, {"enum": [i, -i]}], "allOf": [{"type": ["string", "integer"]}]}
    return {"type": "object", "properties": {"a": node}, "required": ["a"]}


def _union_values(n: int) -> Any:
    """n properties, each an enum of two values beside a conjunct naming one anyOf of an enum of
    n values and null: the values the anyOf lists are gathered once per walk, and each property's
    two values looked up in them, not the n values filtered again per property."""
    defs = {"E": {"anyOf": [{"enum": [f"v{i}" for i in range(n)]}, {"type": "null"}]}}
    props = {f"p{i}": {"allOf": [{"$ref": "#/$defs/E"}], "enum": [f"v{i}", "w"]} for i in range(n)}
    return {"type": "object", "properties": props, "required": list(props), "$defs": defs}


def _values_beside_branches(n: int) -> Any:
    """An enum of n values beside an anyOf of n branches: each value held to each branch
    would be n² (past its budget the values are not held to the branches)."""
    node = {"type": "string", "enum": [f"v{i}" for i in range(n)],
            "anyOf": [{"type": "string", "maxLength": 1, "minLength": i % 2} for i in range(n)]}
    return {"type": "object", "properties": {"a": node}, "required": ["a"]}


def _values_beside_branches_each(n: int) -> Any:
    """n properties, each an enum of two values beside an anyOf of three branches."""
    node = {"type": "string", "enum": ["abc", "ab"], "anyOf": [{"type": "string", "maxLength": 2},
                                                                {"type": "integer"}, {"const": "x"}]}
    props = {f"p{i}": dict(node) for i in range(n)}
    return {"type": "object", "properties": props, "required": list(props)}


def _reads(monkeypatch: Any, make: Callable[[], Any], target: str) -> int:
    count: List[int] = [0]
    calls: Dict[str, Any] = {name: getattr(_no_value_bounds, name) for name in ("_types", "none_of_type",
                                                                                  "accepts_all", "resolve_local",
                                                                                  "outside", "json_type",
                                                                                  "canonical_text")}

    def counted(f: Any) -> Any:
        def run(*a: Any) -> Any:
            count[0] += 1
            return f(*a)
        return run

    with monkeypatch.context() as m:
        for name, f in calls.items():
            m.setattr(_no_value_bounds, name, counted(f))
        render(make(), target, on_error="report")
    return count[0]


@pytest.mark.parametrize("target", ["vllm", "gemini", "openai.chat", "anthropic.messages"])
@pytest.mark.parametrize("shape", [_all_of, _one_of, _enum, _shared_enum, _union_chain,
                                   _union_values, _values_beside_branches, _values_beside_branches_each])
def test_nested_conjunctions_are_read_linearly(monkeypatch: Any, target: str, shape: Any) -> None:
    small = _reads(monkeypatch, lambda: shape(10), target)
    big = _reads(monkeypatch, lambda: shape(40), target)
    assert small > 0 and big <= 4.5 * small, (small, big)


@pytest.mark.parametrize("target", ["vllm", "gemini", "openai.chat", "anthropic.messages"])
def test_a_chain_of_references_in_all_of_is_read_linearly(monkeypatch: Any, target: str) -> None:
    small = _reads(monkeypatch, lambda: _ref_chain(10), target)
    big = _reads(monkeypatch, lambda: _ref_chain(40), target)
    assert small > 0 and big <= 4.5 * small, (small, big)


def _names_and_patterns(n: int) -> Any:
    """n required names that are no properties, each matched by the last of n patterns only:
    each name against each pattern was n² tests (``untaken`` stops past four characters
    searched per character of the names and patterns, and a constant: n past it)."""
    patterns: Dict[str, Any] = {f"^p{i}$": {} for i in range(n - 1)}
    patterns["^n"] = {}
    node = {"type": "object", "required": [f"n{i}" for i in range(n)], "additionalProperties": False,
            "patternProperties": patterns}
    return {"type": "object", "properties": {"a": node}, "required": ["a"]}


def _barred_names(n: int) -> Any:
    """n required names that are no properties and n ``false`` patterns none of them match,
    no ``additionalProperties``: each ``false`` pattern reaching the object in the walk of
    ``_no_value_root.py`` (read once per object) and each name against each pattern was n²
    tests (``untaken`` stops past its budget)."""
    patterns: Dict[str, Any] = {f"^p{i}$": False for i in range(n)}
    node = {"type": "object", "required": [f"n{i}" for i in range(n)], "patternProperties": patterns}
    return {"type": "object", "properties": {"a": node}, "required": ["a"]}


def _barred_properties(n: int) -> Any:
    """Session 39 R4: as ``_barred_names`` with the names declared in ``properties`` (a
    ``false`` regex bars those too: core §10.3.2.2), so they are searched now."""
    patterns: Dict[str, Any] = {f"^p{i}$": False for i in range(n)}
    node = {"type": "object", "properties": {f"n{i}": {} for i in range(n)},
            "required": [f"n{i}" for i in range(n)], "patternProperties": patterns}
    return {"type": "object", "properties": {"a": node}, "required": ["a"]}


def _long_name(n: int) -> Any:
    """revV R1: one required name of n characters against n/16 patterns, the last of which
    takes it: n/16 tests, each searching n characters, was n²/16 characters searched
    (``untaken`` stops past four per character of the names and patterns too)."""
    patterns: Dict[str, Any] = {f"(?:[b-y][b-y]|#{i}#)": {} for i in range(n // 16)}
    patterns["zz$"] = {}
    node = {"type": "object", "required": ["a" * n + "zz"], "additionalProperties": False,
            "patternProperties": patterns}
    return {"type": "object", "properties": {"p": node}, "required": ["p"]}


def _tests(monkeypatch: Any, make: Callable[[], Any], target: str, chars: bool = False) -> int:
    """The pattern tests ``untaken`` runs (*chars*: the characters they search)."""
    from toolwire.schema import _empty_bounds

    count: List[int] = [0]
    real = _empty_bounds.searcher

    def counted(pattern: str) -> Any:
        search = real(pattern)

        def run(text: str) -> bool:
            count[0] += len(text) + 1 if chars else 1
            return search(text)
        return run

    with monkeypatch.context() as m:
        m.setattr(_empty_bounds, "searcher", counted)
        render(make(), target, on_error="report")
    return count[0]


@pytest.mark.parametrize("target", ["vllm", "gemini", "openai.chat", "anthropic.messages"])
@pytest.mark.parametrize("shape", [_names_and_patterns, _barred_names, _barred_properties])
def test_required_names_against_patterns_are_tested_linearly(monkeypatch: Any, target: str, shape: Any) -> None:
    small = _tests(monkeypatch, lambda: shape(200), target)
    big = _tests(monkeypatch, lambda: shape(800), target)
    assert small > 0 and big <= 4.5 * small, (small, big)


@pytest.mark.parametrize("target", ["vllm", "gemini", "openai.chat", "anthropic.messages"])
@pytest.mark.parametrize("shape", [_names_and_patterns, _long_name, _barred_names, _barred_properties])
def test_required_names_against_patterns_search_linearly(monkeypatch: Any, target: str, shape: Any) -> None:
    small = _tests(monkeypatch, lambda: shape(1200), target, chars=True)
    big = _tests(monkeypatch, lambda: shape(4800), target, chars=True)
    assert small > 0 and big <= 4.5 * small, (small, big)


def _one_long_pattern(n: int) -> Any:
    """revV2 R1: n/8 copies of one required name, taken by the one pattern of n characters:
    compiled for each copy once the pattern cache was full (and never evicting), n²/8
    characters compiled."""
    node = {"type": "object", "properties": {"p": {"type": "string"}}, "additionalProperties": False,
            "patternProperties": {"^a$|" + "b" * n: {}}, "required": ["a"] * (n // 8)}
    return {"type": "object", "properties": {"o": node}, "required": ["o"]}


def _compiled(monkeypatch: Any, make: Callable[[], Any], target: str) -> int:
    """The characters of the patterns compiled while rendering, the cache holding 1,024
    other patterns first (as in a long-lived process)."""
    from toolwire.schema import _pattern

    count: List[int] = [0]
    real = _pattern.compile_pattern

    def counted(pattern: Any, loc: Any = "$") -> Any:
        count[0] += len(pattern) + 1 if isinstance(pattern, str) else 1
        return real(pattern, loc)

    full = {f"q{i:04d}": real(f"q{i:04d}") for i in range(_pattern._CACHE_MAX)}
    with monkeypatch.context() as m:
        m.setattr(_pattern, "_CACHE", full)
        m.setattr(_pattern, "compile_pattern", counted)
        render(make(), target, on_error="report")
    return count[0]


@pytest.mark.parametrize("target", ["ollama", "openai.chat", "vllm"])
def test_a_long_pattern_is_compiled_once_for_many_names(monkeypatch: Any, target: str) -> None:
    small = _compiled(monkeypatch, lambda: _one_long_pattern(2000), target)
    big = _compiled(monkeypatch, lambda: _one_long_pattern(8000), target)
    assert small > 0 and big <= 4.5 * small, (small, big)


def test_a_full_pattern_cache_is_left_as_it_is(monkeypatch: Any) -> None:
    """No eviction: two threads missing a full cache at once raced on the same oldest key
    (a ``KeyError`` out of ``validate``, review revV3 R1), and oldest-first eviction made a
    schema cycling through more patterns than the cache holds recompile on every lookup."""
    from toolwire.schema import _pattern

    full = {f"q{i:04d}": _pattern.compile_pattern(f"q{i:04d}") for i in range(_pattern._CACHE_MAX)}
    monkeypatch.setattr(_pattern, "_CACHE", full)
    assert _pattern.searcher("^new$")("new") and not _pattern.searcher("^new$")("old")
    assert len(_pattern._CACHE) == _pattern._CACHE_MAX and "q0000" in _pattern._CACHE
    assert "^new$" not in _pattern._CACHE


def _object_const_beside_branches(n: int) -> Any:
    """revV (session 40) r1: a ``const`` object of n keys beside an anyOf of n branches each
    listing a value: the const's canonical text was made again for each branch, n²
    characters."""
    node = {"const": {f"k{i}": i for i in range(n)},
            "anyOf": [{"enum": [{"k": i}]} for i in range(n)] + [{"type": "object"}]}
    return {"type": "object", "properties": {"p": node}, "required": ["p"]}


def _canonical_chars(monkeypatch: Any, make: Callable[[], Any], target: str) -> int:
    count: List[int] = [0]
    real = _no_value_bounds.canonical_text

    def counted(value: Any) -> str:
        text = real(value)
        count[0] += len(text) + 1
        return text

    with monkeypatch.context() as m:
        m.setattr(_no_value_bounds, "canonical_text", counted)
        render(make(), target, on_error="report")
    return count[0]


@pytest.mark.parametrize("target", ["vllm", "gemini", "openai.chat", "anthropic.messages"])
def test_a_large_value_beside_many_branches_is_written_once(monkeypatch: Any, target: str) -> None:
    small = _canonical_chars(monkeypatch, lambda: _object_const_beside_branches(100), target)
    big = _canonical_chars(monkeypatch, lambda: _object_const_beside_branches(400), target)
    assert small > 0 and big <= 4.5 * small, (small, big)
