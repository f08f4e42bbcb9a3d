r"""A negated property escape in a case-insensitive group (review hunt P1). ECMA-262 with the
``u`` flag (ES2025 §22.2.2.9 CompileToCharSet, ``\P{...}``: CharacterComplement of the set,
which MaybeSimpleCaseFolding folds only with the ``v`` flag; then CharacterSetMatcher
folds the text's character and each member): ``\P{X}`` under ``i`` matches a character
when *some* character of its case-fold orbit is not ``X``, so ``(?i:\P{Ll})`` matches
``a`` (``A`` is no ``Ll``) and ``(?i:[^\P{Ll}])`` does not. The Rust engine folds ``X``
first and negates after, the other way round. Expected values were taken once from node 20
(V8, Unicode 17.0), ``new RegExp(body, "iu")`` standing in for ``(?i:body)`` (node 20 has
no modifier groups), and pinned here."""

from __future__ import annotations

import pytest

from toolwire import SchemaError
from toolwire.schema import to_pydantic, validate
from toolwire.schema._pattern import compile_pattern

_TAIL = "that the linear-time regex engine cannot run; toolwire does not run a caller's pattern on a backtracking engine"

CASES = [
    # body (run as (?i:body)), text, node's /body/iu.test(text)
    ("^\\P{Ll}+$", "ABC", True),
    ("^[^\\P{Ll}]$", "a", False),
    ("^\\P{Ll}$", "a", True),
    ("^\\P{Ll}$", "1", True),
    ("^[^\\P{Ll}]$", "\u0138", True),  # no other case: its orbit is all Ll
    ("^[^\\P{Ll}]$", "\u00df", False),  # U+1E9E folds to it and is Lu
    ("^\\P{Lu}$", "A", True),
    ("^[^\\P{Lu}]$", "A", False),
    ("^\\P{ASCII}$", "k", True),  # U+212A KELVIN SIGN folds to k
    ("^[^\\P{ASCII}]$", "k", False),
    ("^[^\\P{ASCII}]$", "a", True),
    ("^\\P{ASCII}$", "\u00e9", True),
    ("^\\P{L}$", "\u03b9", True),  # U+0345 (Mn) folds to it
    ("^\\P{L}$", "a", False),
    ("^\\P{gc=L}$", "\u03b9", True),
    ("^\\P{General_Category=Letter}$", "\u0399", True),
    ("^\\P{LC}$", "\u03b9", True),
    ("^[x\\P{Lu}]$", "A", True),
    ("^\\P{Any}$", "a", False),
    ("^\\P{Assigned}$", "a", False),
    ("^\\P{Assigned}$", "\u0378", True),
    ("^\\P{Nd}$", "5", False),
    ("^\\P{Nd}$", "a", True),
    ("^\\P{Cs}$", "a", True),
    ("^\\P{Lt}$", "\u01c5", True),
    ("^\\P{Lt}$", "\u01c4", True),
    ("^[^\\P{Lt}]$", "\u01c5", False),
    ("^\\P{Lu}$", "\u01c5", True),
]


@pytest.mark.parametrize(("body", "text", "matches"), CASES)
def test_a_negated_property_in_a_case_insensitive_group_matches_as_ecma_262_says(
        body: str, text: str, matches: bool) -> None:
    assert compile_pattern(f"(?i:{body})")(text) is matches


@pytest.mark.parametrize(("body", "text", "matches"), [("^\\P{Ll}$", "a", False), ("^[^\\P{Ll}]$", "a", True)])
def test_without_the_flag_the_set_is_not_folded(body: str, text: str, matches: bool) -> None:
    assert compile_pattern(body)(text) is matches
    assert compile_pattern(f"(?i:(?-i:{body}))")(text) is matches


def test_validate_and_the_typed_view_agree_with_ecma_262() -> None:
    schema = {"type": "object", "required": ["code"],
              "properties": {"code": {"type": "string", "pattern": "(?i:^\\P{Ll}+$)"}}}
    assert validate({"code": "ABC"}, schema) == []
    model = to_pydantic(schema)
    assert model.model_validate({"code": "ABC"}).code == "ABC"  # type: ignore[attr-defined]
    assert validate("a", {"type": "string", "pattern": "(?i:^[^\\P{Ll}]$)"}) != []


@pytest.mark.parametrize("body", ["\\P{sc=Greek}", "\\P{scx=Latn}", "\\P{Lowercase}", "[^\\P{Upper}]",
                                  "\\P{CWCF}", "[a\\P{Math}]"])
def test_a_negated_script_or_binary_property_in_a_case_insensitive_group_cannot_run(body: str) -> None:
    pattern = f"(?i:^{body}$)"
    with pytest.raises(SchemaError) as err:
        compile_pattern(pattern, "$.pattern")
    kind = "a negated script or binary property (\\P{...}) in a case-insensitive group"
    assert err.value.message == f"Pattern {pattern!r} at $.pattern uses {kind} {_TAIL}"


@pytest.mark.parametrize("pattern", ["\\P{sc=Greek}", "(?i:\\p{Lowercase})", "(?i:(?-i:\\P{Lower}))"])
def test_outside_that_case_they_still_run(pattern: str) -> None:
    compile_pattern(pattern)
