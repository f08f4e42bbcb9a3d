"""Every recorded response and request payload under ../shared/corpus.

- ``decode_all`` (dialect detected from the shape) gives ``expected_tool_calls``;
  with ``include_server=True`` the provider-executed calls come too.
- Lossless: every call item re-encodes to exactly the recorded item.
- Requests: tool results decode to ``expected_tool_result_ids``.
Streams are covered by tests/stream/.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from corpus_data import DIALECT_OF_DIR, files, load
from toolwire._codec import walk
from toolwire._registry import CALL, RESULT, SERVER

PARAMS = files(kinds=("response", "request"))


def _canon(calls: List[Any]) -> List[Dict[str, Any]]:
    return [{"name": c.name, "args": c.args, "id": c.id} for c in calls]


def _payload(path: Any) -> Dict[str, Any]:
    doc = load(path)
    if path.parent.name not in DIALECT_OF_DIR:
        pytest.skip(f"no dialect for corpus folder {path.parent.name}")
    return doc


def _known(doc: Dict[str, Any]) -> None:
    try:
        toolwire.detect(doc["payload"])
    except toolwire.DecodeError as exc:
        if "matches no known dialect" in str(exc):
            pytest.fail(f"payload not recognised by any dialect: {exc}")
        raise


@pytest.mark.parametrize("path", PARAMS)
def test_decode_all_gives_expected_calls(path: Any) -> None:
    doc = _payload(path)
    _known(doc)
    calls = toolwire.decode_all(doc["payload"])
    assert _canon(calls) == doc["expected_tool_calls"]
    assert all(not c.server for c in calls)


@pytest.mark.parametrize("path", PARAMS)
def test_server_calls_only_on_request(path: Any) -> None:
    doc = _payload(path)
    every = toolwire.decode_all(doc["payload"], include_server=True)
    server_ids = [c.id for c in every if c.server]
    expected = [s.get("id") for s in doc.get("expected_server_tool_calls", [])]
    assert server_ids == expected
    client = [c for c in every if not c.server]
    assert _canon(client) == doc["expected_tool_calls"]


@pytest.mark.parametrize("path", PARAMS)
def test_call_items_reencode_losslessly(path: Any) -> None:
    doc = _payload(path)
    seen = 0
    for dialect, kind, item, loc, _ in walk(doc["payload"]):
        if kind not in (CALL, SERVER):
            continue
        seen += 1
        call = toolwire.decode(item, dialect)
        assert toolwire.encode(call, dialect) == item, loc
    assert seen >= len(doc["expected_tool_calls"])


@pytest.mark.parametrize("path", files(kinds=("request",)))
def test_request_results_pair_with_calls(path: Any) -> None:
    doc = _payload(path)
    ids = [
        toolwire.decode_result(item, dialect).id
        for dialect, kind, item, _, _ in walk(doc["payload"])
        if kind == RESULT
    ]
    assert ids == doc.get("expected_tool_result_ids", [])
