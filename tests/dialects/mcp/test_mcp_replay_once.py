"""``convert`` to ``mcp`` reads each call of a message once: the request-id check
(``_Target._replay``) takes the ids of the calls ``decode_all`` read and decodes only the
results between them (session 42: it decoded every call a second time, about twice the
work). Counted, not timed: n and 4n calls."""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import _convert


def _reply(n: int) -> Dict[str, Any]:
    return {"role": "assistant", "content": None, "tool_calls": [
        {"id": f"call_{i}", "type": "function",
         "function": {"name": "get_weather", "arguments": json.dumps({"city": f"c{i}"})}} for i in range(n)]}


def _history(n: int) -> List[Dict[str, Any]]:
    out: List[Dict[str, Any]] = [{"role": "user", "content": "go"}]
    for i in range(n):  # each turn's call reuses the id of the one before, after its result
        out.append({"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_0", "type": "function", "function": {"name": "f", "arguments": "{}"}}]})
        out.append({"role": "tool", "tool_call_id": "call_0", "content": f"r{i}"})
    return out


def _counted(x: Any) -> Dict[str, int]:
    seen = {"decode": 0, "decode_result": 0}

    def wrap(name: str) -> Any:
        real = getattr(_convert, name)

        def counted(*a: Any, **k: Any) -> Any:
            seen[name] += 1
            return real(*a, **k)
        return counted

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_convert, "decode", wrap("decode"))
        mp.setattr(_convert, "decode_result", wrap("decode_result"))
        toolwire.convert(x, "mcp")
    return seen


@pytest.mark.parametrize("n", [5, 20])
def test_a_reply_s_calls_are_decoded_once(n: int) -> None:
    assert _counted(_reply(n)) == {"decode": 0, "decode_result": 0}


@pytest.mark.parametrize("whole", [False, True])
def test_a_history_decodes_its_results_only(whole: bool) -> None:
    """A list of messages (each read by itself) and a request's ``messages`` (read whole):
    each result decoded once, no call twice, n and 4n turns."""
    def history(n: int) -> Any:
        return {"messages": _history(n)} if whole else _history(n)

    assert _counted(history(5)) == {"decode": 0, "decode_result": 5}
    assert _counted(history(20)) == {"decode": 0, "decode_result": 20}
    out = toolwire.convert(history(3), "mcp")  # each call reuses call_0 after its result: written
    assert [item["id"] for item in out if "method" in item] == ["call_0"] * 3
