"""Classes moved to modules of their own pickle under the module they had before
(``IdRule`` in ``toolwire._ids``, ``HistoryCodec`` and ``Pairing`` in ``toolwire._dialect``),
so a pickle written now loads in an older toolwire too (a fleet of workers of mixed
versions: Dask, Ray, process pools), and one written by it loads here. ``Bound`` (the
built-in records' ``partial``) is new and has no older home: a derived dialect holding one
loads in this version only (docs/custom-dialects.md)."""

from __future__ import annotations

import io
import pickle
import typing
from typing import Any, Optional, Pattern, Set, Tuple

import pytest

import toolwire
from toolwire import IdMap, ToolCall
from toolwire._dialect import HistoryCodec, Pairing
from toolwire._ids import IdRule


class _Names(pickle.Unpickler):
    """An unpickler that notes every ``(module, name)`` a pickle looks up."""

    def __init__(self, data: bytes) -> None:
        super().__init__(io.BytesIO(data))
        self.seen: Set[Tuple[str, str]] = set()

    def find_class(self, module: str, name: str) -> Any:
        self.seen.add((module, name))
        return super().find_class(module, name)


def _looked_up(x: Any, protocol: int) -> Set[Tuple[str, str]]:
    reader = _Names(pickle.dumps(x, protocol))
    back = reader.load()
    assert type(back) is type(x)
    return reader.seen


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_an_id_map_and_a_pairing_pickle_under_their_older_modules(protocol: int) -> None:
    ids = IdMap(toolwire.get_dialect("mcp").ids, dialect="mcp")
    toolwire.convert(ToolCall("get_weather", {"city": "Paris"}), "mcp", ids=ids)
    oslo = ToolCall("get_weather", {"city": "Oslo"})
    assert pickle.loads(pickle.dumps(ids, protocol)).id_of(oslo) == ids.id_of(oslo)
    seen = _looked_up(ids, protocol) | _looked_up(toolwire.get_dialect("gemini").history.pairing, protocol)
    assert ("toolwire._ids", "IdRule") in seen and ("toolwire._dialect", "Pairing") in seen
    assert not {m for m, _ in seen} & {"toolwire._id_rule", "toolwire._history_codec"}


def test_the_classes_name_their_older_modules_and_are_found_there() -> None:
    assert (IdRule.__module__, HistoryCodec.__module__, Pairing.__module__) == (
        "toolwire._ids", "toolwire._dialect", "toolwire._dialect")
    # an older toolwire's pickle names these modules: it loads here (``find_class``)
    assert pickle.Unpickler(io.BytesIO(b"")).find_class("toolwire._ids", "IdRule") is IdRule
    assert pickle.Unpickler(io.BytesIO(b"")).find_class("toolwire._dialect", "HistoryCodec") is HistoryCodec


def test_the_public_rules_type_hints_resolve_in_its_older_home() -> None:
    # review revTidy: ``IdRule.__module__`` names ``toolwire._ids``, where ``typing`` reads its
    # string annotations: ``get_type_hints`` raised NameError ('Pattern')
    hints = typing.get_type_hints(toolwire.IdRule)
    assert hints["pattern"] == Optional[Pattern[str]]
