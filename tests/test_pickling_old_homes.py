"""Classes moved to modules of their own pickle under the module they had before
(``IdRule`` in ``toolwire._ids``, ``HistoryCodec`` and ``Pairing`` in ``toolwire._dialect``),
so a pickle written now loads in an older toolwire too (a fleet of workers of mixed
versions: Dask, Ray, process pools), and one written by it loads here. ``Bound`` (the
built-in records' ``partial``) is new and has no older home: a derived dialect holding one
loads in this version only (docs/custom-dialects.md)."""

from __future__ import annotations

import copy
import copyreg
import io
import pickle
import typing
from dataclasses import replace
from typing import Any, Dict, Optional, Pattern, Set, Tuple

import pytest

import toolwire
from toolwire import IdMap, ToolCall
from toolwire._dialect import HistoryCodec, Pairing
from toolwire._ids import IdRule
from toolwire.conversation import Refusals


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


class _OlderCodec:
    """Pickles as an older build's ``HistoryCodec`` did: its ``__dict__``, the refusal rules
    its own fields (``refused``, ``refused_roles``, ``prefill``), or none (before them)."""

    def __init__(self, state: Dict[str, Any]) -> None:
        self.state = state

    def __reduce__(self) -> Any:
        return (copyreg._reconstructor, (HistoryCodec, object, None), self.state)  # (protocols 0, 1)


@pytest.mark.parametrize("name", ["openai.chat", "anthropic.messages", "bedrock.converse", "gemini"])
@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_a_codec_pickles_its_refusals_as_older_builds_did_and_loads_theirs(name: str, protocol: int) -> None:
    h = toolwire.get_dialect(name).history
    assert h is not None and h.refusals.message is not None
    data = pickle.dumps(h, protocol)
    seen = _looked_up(h, protocol)
    assert ("toolwire._dialect", "HistoryCodec") in seen and not {n for _, n in seen} & {"Refusals"}
    assert b"refusals" not in data and b"refused_roles" in data  # (an older build reads these three)
    assert pickle.loads(data) == h and copy.deepcopy(h) == h
    older = {k: v for k, v in vars(h).items() if k != "refusals"}
    r = h.refusals
    roles = r.roles if r.roles is None else r.roles | r.apart_roles  # (an older build: asked in every pass)
    back = pickle.loads(pickle.dumps(_OlderCodec({**older, "refused": r.message, "refused_roles": roles,
                                                  "prefill": r.prefill}), protocol))
    assert type(back) is HistoryCodec and back == replace(h, refusals=replace(r, roles=roles, apart_roles=frozenset()))
    before = pickle.loads(pickle.dumps(_OlderCodec(older), protocol))  # (a build before the rules)
    assert back.pairing == before.pairing and before.refusals == Refusals()
