r"""What a refusal says (review hunt P4): a pattern the linear-time engine refuses names the
cause. The property names are read as Unicode 17.0 (``_pattern_properties``), but the Rust
engine's tables are older (``\p{sc=Sidetic}``, a Unicode 17.0 script) or lack a property
(``\p{CWKCF}``: Rust has no Changes_When_NFKC_Casefolded); a count past its ``u32`` is no
"feature". And a bad ``patternProperties`` key is named in the path, not only the map."""

from __future__ import annotations

import pytest

from toolwire import SchemaError
from toolwire.schema import to_pydantic, validate

_TAIL = "that the linear-time regex engine cannot run; toolwire does not run a caller's pattern on a backtracking engine"
_TABLES = ("that the linear-time regex engine's Unicode tables lack (they are older than the Unicode 17.0 "
           "patterns are read with)")


@pytest.mark.parametrize(("pattern", "message"), [
    ("^\\p{sc=Sidetic}$", f"names a Unicode property (\\p{{sc=Sidetic}}) {_TABLES}"),
    ("x\\P{Script_Extensions=Tayo}", f"names a Unicode property (\\P{{Script_Extensions=Tayo}}) {_TABLES}"),
    ("^[a\\p{CWKCF}]$", f"names a Unicode property (\\p{{CWKCF}}) {_TABLES}"),
    ("a{99999999999999999999}", "has a repetition count (99999999999999999999) past the linear-time regex "
                                "engine's limit of 4,294,967,295"),
    ("a{1,4294967296}", "has a repetition count (4294967296) past the linear-time regex engine's limit of "
                        "4,294,967,295"),
])
def test_a_refusal_names_its_cause(pattern: str, message: str) -> None:
    with pytest.raises(SchemaError) as err:
        validate("a", {"type": "string", "pattern": pattern})
    assert err.value.message == f"Pattern {pattern!r} at $.pattern {message}"
    assert err.value.loc == "$.pattern"


def test_any_other_refusal_of_the_engine_still_says_it_cannot_run() -> None:
    with pytest.raises(SchemaError) as err:
        validate("a", {"pattern": "\\ud800"})
    assert err.value.message == f"Pattern '\\\\ud800' at $.pattern uses a feature {_TAIL}"


@pytest.mark.parametrize(("key", "where"), [
    ("x[", '$.properties["a b"].patternProperties["x["]'),  # no regular expression
    ("(?<=x)a", '$.properties["a b"].patternProperties["(?<=x)a"]'),  # cannot run
    ("a/~b(?=c)", '$.properties["a b"].patternProperties["a/~b(?=c)"]'),
])
def test_a_bad_pattern_properties_key_is_named_in_the_path(key: str, where: str) -> None:
    schema = {"type": "object", "properties": {"a b": {"type": "object", "patternProperties": {"^ok$": {}, key: {}}}}}
    for run in (lambda: validate({}, schema), lambda: to_pydantic(schema)):
        with pytest.raises(SchemaError) as err:
            run()
        assert err.value.loc == where
        assert f" at {where} " in err.value.message
