"""Golden payloads written by hand from each provider's API reference (never produced by
toolwire), decoded to literal canonical values and encoded from literal values back to
exactly them. One file per dialect beside this one; every case names its ``source``.

They stand beside the recorded corpus (../shared/corpus), so a fresh clone tests the
documented shapes too. A case (see README.md here):

- ``kind``: ``call`` | ``tool`` | ``result`` | ``message`` | ``stream`` | ``history``
- ``wire``: the provider's payload; ``canonical``: the literal canonical value;
- ``encoded``: what encoding the literal canonical value gives, when the provider's
  payload holds fields the canonical value does not (``null``: not encodable);
  absent means the payload itself;
- ``lossless`` (default true for calls, tools, results): ``encode(decode(wire)) == wire``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List

import pytest

import toolwire
from toolwire import Tool, ToolCall, ToolResult
from toolwire.stream import accumulate

HERE = Path(__file__).resolve().parent
FILES = sorted(HERE.glob("*.json"))


def _cases() -> List[Any]:
    out = []
    for path in FILES:
        data = json.loads(path.read_text("utf-8"))
        for i, case in enumerate(data["cases"]):
            out.append(pytest.param(case.get("dialect", data["dialect"]), case, id=f"{path.stem}[{i}]-{case['kind']}-{case['what'][:40]}"))
    return out


CASES = _cases()


def _call(c: Dict[str, Any]) -> ToolCall:
    return ToolCall(
        c["name"], c.get("args", {}), c.get("id"), provider_data=c.get("provider_data"), server=c.get("server", False)
    )


def _seen(call: Any, want: Dict[str, Any]) -> Dict[str, Any]:
    """The fields of *call* that *want* names (name, args, id always)."""
    keys = ["name", "args", "id", *[k for k in ("provider_data", "server", "repairs") if k in want]]
    got = {k: getattr(call, k) for k in keys}
    if "provider_data" in got:
        got["provider_data"] = {k: dict(v) for k, v in got["provider_data"].items()}
    if "repairs" in got:
        got["repairs"] = list(got["repairs"])
    return got


def _want(want: Dict[str, Any]) -> Dict[str, Any]:
    return {"args": {}, "id": None, **want}


def _check_call(dialect: str, case: Dict[str, Any]) -> None:
    wire, want = case["wire"], case["canonical"]
    got = toolwire.decode(wire, dialect)
    assert type(got) is ToolCall
    assert _seen(got, want) == _want(want)
    if case.get("detect", True):
        assert _seen(toolwire.decode(wire), want) == _want(want)
        assert toolwire.detect(wire) == dialect
    if case.get("lossless", True):
        assert toolwire.encode(got, dialect) == wire
    encoded = case.get("encoded", wire)
    if encoded is not None:
        assert toolwire.encode(_call(want), dialect) == encoded


def _check_tool(dialect: str, case: Dict[str, Any]) -> None:
    wire, want = case["wire"], case["canonical"]
    got = toolwire.decode_tool(wire, dialect)
    assert {k: getattr(got, k) for k in want} == want
    if case.get("lossless", True):
        assert toolwire.encode_tool(got, dialect) == wire
    encoded = case.get("encoded", wire)
    if encoded is not None:
        assert toolwire.encode_tool(Tool(**want), dialect) == encoded


def _check_result(dialect: str, case: Dict[str, Any]) -> None:
    wire, want = case["wire"], case["canonical"]
    got = toolwire.decode_result(wire, dialect)
    assert {k: getattr(got, k) for k in want} == want
    if case.get("lossless", True):
        assert toolwire.encode_result(got, dialect) == wire
    encoded = case.get("encoded", wire)
    if encoded is not None:
        assert toolwire.encode_result(ToolResult(**want), dialect) == encoded


def _check_message(dialect: str, case: Dict[str, Any]) -> None:
    wire, want = case["wire"], case["canonical"]
    got = toolwire.decode_all(wire, dialect)
    assert [_seen(c, w) for c, w in zip(got, want)] == [_want(w) for w in want]
    assert len(got) == len(want)
    encoded = case.get("encoded")
    if encoded is not None:
        message = toolwire.encode_message([_call(w) for w in want], dialect, content=case.get("content"))
        assert message == encoded


def _check_stream(dialect: str, case: Dict[str, Any]) -> None:
    wire, want = case["wire"], case["canonical"]
    got = accumulate(wire, dialect)
    assert [_seen(c, w) for c, w in zip(got, want)] == [_want(w) for w in want]
    assert len(got) == len(want)
    assert [_seen(c, w) for c, w in zip(accumulate(wire), want)] == [_want(w) for w in want]  # detected
    if "encoded" in case:  # the calls as they go back into the next request
        assert [toolwire.encode(c, dialect) for c in got] == case["encoded"]


def _check_text(dialect: str, case: Dict[str, Any]) -> None:
    """Model output text of an open-weight family (its chat template or model card)."""
    want = case["canonical"]
    got = toolwire.decode_text(case["wire"], dialect)
    assert got.content == want["content"]
    assert [_seen(c, w) for c, w in zip(got.tool_calls, want["calls"])] == [_want(w) for w in want["calls"]]
    assert len(got.tool_calls) == len(want["calls"])
    if case["encoded"] is not None:
        assert toolwire.encode_text([_call(w) for w in want["calls"]], dialect) == case["encoded"]


def _at(node: Any, path: List[Any]) -> Any:
    for step in path:
        node = node[step]
    return node


def _check_history(dialect: str, case: Dict[str, Any]) -> None:
    """A conversation: each expectation names where it sits (``at``) and what decodes there."""
    for expect in case["expect"]:
        node = _at(case["wire"], expect["at"])
        if "calls" in expect:
            got = toolwire.decode_all(node, dialect)
            assert [_seen(c, w) for c, w in zip(got, expect["calls"])] == [_want(w) for w in expect["calls"]]
            assert len(got) == len(expect["calls"])
        else:
            want = expect["result"]
            result = toolwire.decode_result(node, dialect)
            assert {k: getattr(result, k) for k in want} == want
            assert toolwire.encode_result(result, dialect) == node


CHECKS = {
    "call": _check_call,
    "tool": _check_tool,
    "result": _check_result,
    "message": _check_message,
    "stream": _check_stream,
    "history": _check_history,
    "text": _check_text,
}


@pytest.mark.parametrize(("dialect", "case"), CASES)
def test_golden(dialect: str, case: Dict[str, Any]) -> None:
    CHECKS[case["kind"]](dialect, case)


def test_every_case_names_its_source_and_every_dialect_has_goldens() -> None:
    dialects = set()
    for path in FILES:
        data = json.loads(path.read_text("utf-8"))
        dialects.add(data["dialect"])
        for case in data["cases"]:
            # the providers' documentation; toolwire's own form: its README
            assert case["source"].startswith("https://" if data["dialect"] != "canonical" else "README.md"), case["what"]
            assert case["kind"] in CHECKS
    assert dialects == {n for n in toolwire.dialect_names() if not n.startswith("text.")} | {"text"}
    kinds: Dict[str, set] = {}
    for path in FILES:
        data = json.loads(path.read_text("utf-8"))
        for case in data["cases"]:
            kinds.setdefault(case.get("dialect", data["dialect"]), set()).add(case["kind"])
    for dialect, have in kinds.items():
        assert {"call", "tool", "result"} <= have or have == {"text"}, dialect
    # text formats whose documented form was checked by hand (DeepSeek's DSML and Gemma 4's
    # call syntax are not pinned here: see docs/testing.md)
    assert {d for d, have in kinds.items() if have == {"text"}} == {
        "text.hermes", "text.qwen3-xml", "text.llama", "text.mistral", "text.kimi", "text.harmony", "text.glm"
    }
