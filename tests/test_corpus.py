"""Every recorded response and request payload under ../shared/corpus, all dialects.

- Detection names the folder's dialect; ``decode_all`` gives ``expected_tool_calls``;
  with ``include_server=True`` the provider-executed calls come too (ids, and names
  and arguments where the recording lists them).
- Lossless: every call item and every tool result re-encodes to exactly the recorded
  item, with the dialect given or detected.
- Requests: tool results decode to ``expected_tool_result_ids``.
Streams are covered by tests/stream/; dialect-specific corpus checks (tool definitions
of requests, quirks) live in tests/dialects/.
"""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import toolwire
from corpus_data import DIALECT_OF_DIR, files, load
from toolwire._codec import walk
from toolwire._dialect import CALL, RESULT, SERVER

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
    assert toolwire.detect(doc["payload"]) == DIALECT_OF_DIR[path.parent.name]
    calls = toolwire.decode_all(doc["payload"])
    assert _canon(calls) == doc["expected_tool_calls"]
    assert all(not c.server for c in calls)
    named = toolwire.decode_all(doc["payload"], DIALECT_OF_DIR[path.parent.name])
    assert _canon(named) == doc["expected_tool_calls"]


@pytest.mark.parametrize("path", PARAMS)
def test_server_calls_only_on_request(path: Any) -> None:
    doc = _payload(path)
    every = toolwire.decode_all(doc["payload"], include_server=True)
    server = [c for c in every if c.server]
    expected = doc.get("expected_server_tool_calls", [])
    assert [c.id for c in server] == [s.get("id") for s in expected]
    for call, want in zip(server, expected):
        if "name" in want:
            assert call.name == want["name"]
        if "args" in want:
            assert call.args == want["args"]
    client = [c for c in every if not c.server]
    assert _canon(client) == doc["expected_tool_calls"]


_TEXT_ARGUMENTS = frozenset({"openai.chat", "openai.responses", "mistral", "cohere.v2"})


def _reencoded(item: Dict[str, Any], dialect: Any) -> Dict[str, Any]:
    """*item* as it re-encodes: exactly, except empty-equivalent argument text (``""``,
    ``"null"``, none), which dialects with argument text write ``"{}"`` (#15)."""
    call = toolwire.decode(item, dialect)
    if dialect.name not in _TEXT_ARGUMENTS or "empty-arguments" not in call.repairs:
        return item
    out = dict(item)
    if type(out.get("function")) is dict:
        out["function"] = dict(out["function"], arguments="{}")
    else:
        out["arguments"] = "{}"
    return out


@pytest.mark.parametrize("path", PARAMS)
@pytest.mark.parametrize("named", [False, True], ids=["detected", "named"])
def test_items_reencode_losslessly(path: Any, named: bool) -> None:
    doc = _payload(path)
    expected_dialect = DIALECT_OF_DIR[path.parent.name]
    seen = 0
    for dialect, kind, item, loc, _ in walk(doc["payload"], expected_dialect if named else None):
        if kind in (CALL, SERVER):
            seen += 1
            assert dialect.name == expected_dialect, loc
            assert toolwire.encode(toolwire.decode(item, dialect), dialect) == _reencoded(item, dialect), loc
            alone = toolwire.decode(item)  # the item out of its container
            assert alone == toolwire.decode(item, dialect), loc
            if toolwire.detect(item) == dialect.name:  # a lone Mistral item is a Chat item
                assert toolwire.encode(alone, dialect) == _reencoded(item, dialect), loc
        elif kind == RESULT:
            assert toolwire.encode_result(toolwire.decode_result(item, dialect), dialect) == item, loc
    assert seen == len(doc["expected_tool_calls"]) + len(doc.get("expected_server_tool_calls", []))


@pytest.mark.parametrize("path", files(kinds=("request",)))
def test_request_results_pair_with_calls(path: Any) -> None:
    doc = _payload(path)
    ids = [
        toolwire.decode_result(item, dialect).id
        for dialect, kind, item, _, _ in walk(doc["payload"])
        if kind == RESULT
    ]
    assert ids == doc.get("expected_tool_result_ids", [])
