"""``IdMap.map(id)`` takes a call id: a non-empty string. Anything else is an
``EncodeError`` naming the method, as ``IdMap(...)`` and ``encode(ids=...)`` name their
wrong arguments. Before, ``map(5)`` raised Python's ``TypeError: object of type 'int' has
no len()``, and ``map("")`` made a fresh id for the empty id, though an empty id is no
id everywhere else (canonical values refuse it; streaming.md rule 1).
"""

from __future__ import annotations

from typing import Any

import pytest

import toolwire
from toolwire import EncodeError, IdMap


@pytest.mark.parametrize(("given", "shown"), [
    (5, "an int 5"), ("", "a str ''"), (None, "a NoneType None"), (["call_1"], "a list ['call_1']"),
    (b"call_1", "a bytes b'call_1'"),
])
def test_map_takes_an_id(given: Any, shown: str) -> None:
    ids = IdMap(toolwire.get_dialect("mistral").ids, dialect="mistral")
    with pytest.raises(EncodeError) as err:
        ids.map(given)
    assert (err.value.message, err.value.dialect) == (f"IdMap.map takes a call id, a non-empty string, got {shown}",
                                                      "mistral")
    assert ids.mapping == {}


def test_map_maps_an_id() -> None:
    ids = IdMap(toolwire.get_dialect("mistral").ids, dialect="mistral")
    made = ids.map("call_abc_123")  # Mistral ids are 9 alphanumerics
    assert len(made) == 9 and made.isalnum()
    assert ids.map("call_abc_123") == made
    assert ids.map("abcDEF123") == "abcDEF123"
