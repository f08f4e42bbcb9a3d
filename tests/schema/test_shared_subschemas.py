"""A schema built in Python may hold one dict in several places (``address`` for
``home`` and ``work``): it means the tree with a copy in each place. Nested k levels
(``s = {"properties": {"x": s, "y": s}}``), k + 1 dicts mean 2^k nodes, and every walk
took 2^k steps (16 levels: 13 s in ``normalize``; 30 never ended and ran out of memory).
The first walk of each entry point counts the values of that tree and refuses one past
``MAX_SCHEMA_NODES``, so every later walk is bounded by it (hunt 21, finding 3).
Counted, not timed: the interpreter's call events, stopped past a cap so that the old
walk fails instead of running for ever."""

from __future__ import annotations

import copy
import sys
from typing import Any, Callable, Dict, List, Tuple

import pytest

import toolwire
from toolwire import DecodeError, SchemaError, Tool, ToolCall, ToolwireError, _json_values, _types
from toolwire.dialects.gemini import tools as gemini_tools
from toolwire.retry import prepare
from toolwire.schema import _limits, _normalize, check_limits, normalize, prompt, render, to_pydantic, validate

LIMIT = 5_000
_WORDS = ("counting an object or array held in several places once per place (reuse one through $defs and $ref)")


def _doubled(k: int, leaf: Any = None) -> Dict[str, Any]:
    """k + 1 dicts, each level holding the one below twice: 2^k leaves as a tree."""
    s: Dict[str, Any] = leaf if leaf is not None else {"type": "integer"}
    for _ in range(k):
        s = {"type": "object", "properties": {"x": s, "y": s}}
    return s


def _tree_values(value: Any) -> int:
    """The JSON values of *value* read as a tree (a shared dict once per place)."""
    if isinstance(value, dict):
        return 1 + sum(_tree_values(v) for v in value.values())
    if isinstance(value, list):
        return 1 + sum(_tree_values(v) for v in value)
    return 1


class _TooMuchWork(BaseException):
    """Raised by the step counter past its cap (a ``BaseException``: no ``except
    Exception`` of the code under test takes it for a failure of its own)."""


def _steps(fn: Callable[[], Any], cap: int = 3_000_000) -> Tuple[int, Any]:
    """The call events (Python and C) *fn* takes, and what it returned or raised."""
    count = [0]

    def count_event(frame: Any, event: str, arg: Any) -> None:
        count[0] += 1
        if count[0] > cap:
            raise _TooMuchWork

    sys.setprofile(count_event)
    try:
        got: Any = fn()
    except ToolwireError as exc:
        got = exc
    finally:
        sys.setprofile(None)
    return count[0], got


@pytest.fixture
def small_limit(monkeypatch: Any) -> None:
    """``MAX_SCHEMA_NODES`` at 5,000 wherever it is read (the entry points stay quick)."""
    for module in (_json_values, _types, _normalize, _limits, gemini_tools):
        monkeypatch.setattr(module, "MAX_SCHEMA_NODES", LIMIT, raising=False)


def _tool(params: Any) -> Dict[str, Any]:
    return {"type": "function", "function": {"name": "f", "parameters": params}}


#: Every public entry point that takes a caller's schema (or a tool definition holding one).
ENTRY_POINTS: List[Tuple[str, Callable[[Any], Any]]] = [
    ("normalize", normalize),
    ("validate", lambda s: validate({}, s)),
    ("validate_call", lambda s: toolwire.validate_call(ToolCall("f", {}), [_tool(s)])),
    ("validate_call Tool", lambda s: toolwire.validate_call(ToolCall("f", {}), [Tool("f", parameters=s)])),
    ("render openai.chat", lambda s: render(s, "openai.chat", on_error="report")),
    ("render openai.chat strict=False", lambda s: render(s, "openai.chat", on_error="report", strict=False)),
    ("render gemini.openapi", lambda s: render(s, "gemini.openapi", on_error="report")),
    ("render prompt", lambda s: render(s, "prompt")),
    ("prompt", prompt),
    ("to_pydantic", to_pydantic),
    ("check_limits", lambda s: check_limits(s, "openai.chat")),
    ("check_limits list", lambda s: check_limits([{"type": "object"}, s], "anthropic.messages")),
    ("retry.prepare", lambda s: prepare({"model": "m", "messages": []}, s, "openai.chat")),
    ("Tool", lambda s: Tool("f", parameters=s)),
    ("decode_tool openai.chat", lambda s: toolwire.decode_tool(_tool(s))),
    ("decode_tool anthropic", lambda s: toolwire.decode_tool({"name": "f", "input_schema": s})),
    ("decode_tool gemini OpenAPI", lambda s: toolwire.decode_tool({"name": "f", "parameters": s}, "gemini")),
    ("encode_tool", lambda s: toolwire.encode_tool({"name": "f", "input_schema": s}, "gemini")),
    ("decode_text tools", lambda s: toolwire.decode_text(
        '<tool_call>{"name": "f", "arguments": {}}</tool_call>', "text.hermes", tools=[_tool(s)])),
    ("decode_text qwen3 tools", lambda s: toolwire.decode_text(
        "<tool_call>\n<function=f>\n</function>\n</tool_call>", "text.qwen3-xml", tools=[_tool(s)])),
]


@pytest.mark.parametrize(("name", "entry"), ENTRY_POINTS, ids=[n for n, _ in ENTRY_POINTS])
def test_a_schema_of_shared_dicts_is_refused_within_the_node_limit(small_limit: None, name: str,
                                                                   entry: Callable[[Any], Any]) -> None:
    entry(_doubled(2))  # the modules it loads on first use are not counted
    steps, got = _steps(lambda: entry(_doubled(30)))  # 31 dicts, 2^30 leaves: never ended
    assert isinstance(got, DecodeError), got
    assert f"more than {LIMIT:,} JSON values, {_WORDS}" in got.message
    more, again = _steps(lambda: entry(_doubled(60)))  # refused after as many steps: bounded by the limit
    assert isinstance(again, DecodeError)
    assert more <= 1.2 * steps + 1_000


@pytest.mark.parametrize(("name", "entry"), ENTRY_POINTS, ids=[n for n, _ in ENTRY_POINTS])
def test_a_few_levels_of_shared_dicts_are_read_as_the_tree(small_limit: None, name: str,
                                                           entry: Callable[[Any], Any]) -> None:
    got = entry(_doubled(6))  # 64 leaves: well within the limit
    assert not isinstance(got, ToolwireError)


def test_the_normal_form_of_shared_dicts_is_the_tree_they_mean() -> None:
    s = _doubled(5)
    assert normalize(s) == copy.deepcopy(s)
    assert Tool("f", parameters=s).parameters is s  # held as given


def test_a_reused_sub_schema_is_accepted() -> None:
    address = {"type": "object", "properties": {"street": {"type": "string"}, "city": {"type": "string"}},
               "required": ["street", "city"]}
    params = {"type": "object", "properties": {"home": address, "work": address}, "required": ["home"]}
    good = {"home": {"street": "1 Rue", "city": "Paris"}, "work": {"street": "2 Rd", "city": "Lyon"}}
    assert validate(good, params) == []
    assert [i.path for i in validate({"home": {"street": "1 Rue"}, "work": {"city": 5}}, params)] == [
        "$.home", "$.work", "$.work.city"]
    call = ToolCall("f", good)
    assert toolwire.validate_call(call, [_tool(params)]) == call
    wire = render(params, "openai.chat").wire_schema["properties"]
    assert wire["home"] == wire["work"]["anyOf"][0]  # optional: strict mode's nullable form
    assert toolwire.decode_tool({"name": "f", "input_schema": params}).parameters == params


def test_the_limit_counts_every_value_of_the_tree(small_limit: None) -> None:
    at_limit = {"enum": list(range(LIMIT - 2))}  # the root, its enum list and the items
    assert _tree_values(at_limit) == LIMIT
    assert normalize(at_limit) == at_limit
    assert check_limits(at_limit, "ollama") == []
    Tool("f", parameters=at_limit)
    past = {"enum": list(range(LIMIT - 1))}
    with pytest.raises(SchemaError) as caught:
        normalize(past)
    assert str(caught.value) == f"Schema at $.enum holds more than {LIMIT:,} JSON values, {_WORDS}"
    assert caught.value.loc == "$.enum"
    with pytest.raises(SchemaError) as caught:
        check_limits(past, "ollama")
    assert str(caught.value) == f"Schema at $.enum holds more than {LIMIT:,} JSON values, {_WORDS}"
    with pytest.raises(DecodeError) as caught:
        Tool("f", parameters=past)
    assert str(caught.value) == f"Tool parameters at $.parameters.enum holds more than {LIMIT:,} JSON values, {_WORDS}"
    assert caught.value.loc == "$.parameters.enum"


def test_the_refusal_names_where_the_count_passed_the_limit(small_limit: None) -> None:
    _, caught = _steps(lambda: normalize(_doubled(30)))
    assert isinstance(caught, SchemaError)
    assert caught.loc is not None and caught.loc.startswith("$.properties.x.properties.x")
    _, listed = _steps(lambda: check_limits([{"type": "object"}, _doubled(30)], "anthropic.messages"))
    assert isinstance(listed, SchemaError)
    assert listed.loc is not None and listed.loc.startswith("$[1].properties.x.properties.x")


def test_the_default_limit_is_far_above_any_real_schema() -> None:
    # the recorded payloads' largest schema holds 39 values, the tests' ~160,000
    assert _json_values.MAX_SCHEMA_NODES == 1_000_000
    wide = {"type": "object", "properties": {f"p{i}": {"type": "integer"} for i in range(100_000)}}
    assert len(normalize(wide)["properties"]) == 100_000
