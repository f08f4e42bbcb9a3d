"""Reversible tool-name mapping (``_names``)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import toolwire
from toolwire._names import NameMap, map_name

CHAT = re.compile(r"[a-zA-Z0-9_-]{1,64}")


def test_valid_names_pass_through() -> None:
    assert map_name("get_weather", CHAT) == "get_weather"
    assert map_name("a.b", None) == "a.b"


def test_forbidden_characters_are_replaced_and_hashed() -> None:
    out = map_name("fs.read_file", CHAT)
    assert out.startswith("fs_read_file_") and len(out) == len("fs_read_file_") + 8
    assert CHAT.fullmatch(out)
    assert map_name("fs.read_file", CHAT) == out  # deterministic
    assert map_name("fs-read_file", CHAT) == "fs-read_file"
    assert map_name("fs/read_file", CHAT) != out  # differ only in a forbidden character: still apart


def test_long_names_are_cut_to_the_limit() -> None:
    out = map_name("x" * 100 + ".y", CHAT)
    assert len(out) == 64 and CHAT.fullmatch(out)


def test_name_map_reverses_and_takes_its_own_images() -> None:
    names = NameMap(CHAT, dialect="openai.chat")
    target = names.map("fs.read")
    assert names.original(target) == "fs.read"
    assert names.reverse() == {target: "fs.read"}
    # the model's reply calls the mapped name: the same tool (this raised "both become"
    # until the agent loop of docs/conversations.md met it: tests/test_names_images.py)
    assert names.map(target) == target and names.reverse() == {target: "fs.read"}


def test_impossible_mapping_is_a_clear_error() -> None:
    digits_only = re.compile(r"[0-9]{1,3}")
    with pytest.raises(toolwire.EncodeError, match=r"Tool name 'abc' cannot be made valid for x \(names must match"):
        map_name("abc", digits_only, dialect="x")


@given(st.lists(st.text(min_size=1, max_size=80), min_size=1, max_size=8, unique=True))
def test_mapping_is_injective_and_valid(names: list) -> None:
    m = NameMap(CHAT)
    out = [m.map(n) for n in names]
    assert all(CHAT.fullmatch(o) for o in out)
    assert [m.original(o) for o in out] == names


def test_a_huge_name_maps_from_its_kept_prefix_and_whole_digest() -> None:
    # only the kept prefix is rewritten (this took seconds on a 10 MB name when every
    # character was checked); the digest still covers the whole name
    a, b = "x.y" * 400_000, "x.y" * 400_000 + "z"
    out_a, out_b = map_name(a, CHAT), map_name(b, CHAT)
    assert len(out_a) <= 64 and CHAT.fullmatch(out_a)
    assert out_a.startswith("x_yx_y") and out_a != out_b


def test_mapped_names_are_a_wire_contract() -> None:
    """A stored history holds mapped names: the hash behind them must not change (as
    mapped ids, ``test_contracts.py``). Literals from this version."""
    gemini = toolwire.convert({"id": "c", "type": "function", "function": {"name": "weather.get now",
                                                                            "arguments": "{}"}}, "gemini")
    assert gemini["functionCall"]["name"] == "weather_get_now_9D4sjUIt"
    long = toolwire.convert({"id": "c", "type": "function", "function": {"name": "x" * 100, "arguments": "{}"}},
                            "bedrock.converse")["toolUse"]["name"]
    assert long == "x" * 55 + "_QcJbG8o8" and len(long) == 64  # Bedrock's limit, suffix kept
    names = NameMap(toolwire.get_dialect("bedrock.converse").names, dialect="bedrock.converse")
    assert names.map("a.b") == "a_b_Xz3k2Qd7"
    assert (names.mapping, names.reverse(), names.original("a_b_Xz3k2Qd7")) == (
        {"a.b": "a_b_Xz3k2Qd7"}, {"a_b_Xz3k2Qd7": "a.b"}, "a.b")


def test_results_of_parallel_calls_of_one_tool_keep_their_own_ids() -> None:
    """Two calls of ``f`` answered out of order: each result keeps its call's id (an id
    is looked up by name only for a result that has none)."""
    items = [
        {"id": "call_A", "type": "function", "function": {"name": "f", "arguments": '{"n": 1}'}},
        {"id": "call_B", "type": "function", "function": {"name": "f", "arguments": '{"n": 2}'}},
        {"role": "tool", "tool_call_id": "call_B", "name": "f", "content": "two"},
        {"role": "tool", "tool_call_id": "call_A", "name": "f", "content": "one"},
    ]
    out = toolwire.convert(items, "anthropic.messages")
    assert [(b.get("id"), b.get("tool_use_id")) for b in out] == [
        ("call_A", None), ("call_B", None), (None, "call_B"), (None, "call_A")]


@pytest.mark.parametrize("make, given", [
    (lambda: NameMap("openai.chat"), "'openai.chat'"),  # a dialect name where its pattern goes
    (lambda: NameMap(toolwire.get_dialect("openai.chat")), "Dialect"),
    (lambda: toolwire.IdMap("mistral"), "'mistral'"),
    (lambda: toolwire.IdMap(None), "None"),
])
def test_maps_refuse_what_is_not_a_rule_when_made(make, given: str) -> None:
    # these failed later, inside ``convert``, as "Input at $ could not be read: reading it raised
    # AttributeError" (blaming the payload) or "Cannot encode ToolCall(...) (AttributeError: ...)"
    with pytest.raises(toolwire.EncodeError, match=r"(IdMap|NameMap)\(toolwire\.get_dialect\(.*\)\.(ids|names)") as err:
        make()
    assert given in str(err.value)


def test_maps_made_from_a_dialects_rule_convert() -> None:
    d = toolwire.get_dialect("mistral")
    ids, names = toolwire.IdMap(d.ids, dialect=d.name), NameMap(d.names, dialect=d.name)
    out = toolwire.convert({"id": "call_Xy12ab34cd56ef78gh90ij12", "type": "function",
                            "function": {"name": "fs.read", "arguments": "{}"}}, to="mistral", ids=ids, names=names)
    assert re.fullmatch(r"[a-zA-Z0-9]{9}", out["id"]) and names.original(out["function"]["name"]) == "fs.read"


@pytest.mark.parametrize(("name", "said"), [("", "''"), (None, "None"), (5, "5"), (["f"], "['f']")])
def test_a_name_map_refuses_what_is_no_tool_name(name: Any, said: str) -> None:
    """An empty name (or none, or no text) is never made into a valid one: ``EncodeError``."""
    for pattern in (toolwire.get_dialect("openai.chat").names, None):
        names = toolwire.NameMap(pattern, dialect="openai.chat")
        with pytest.raises(toolwire.EncodeError) as err:
            names.map(name)
        assert str(err.value) == f"Tool name {said} cannot be mapped for openai.chat: a tool name is non-empty text"
        assert names.mapping == {}


@pytest.mark.parametrize(("name", "said"), [("", "''"), (None, "None"), (5, "5"), (["f"], "['f']")])
def test_map_name_refuses_what_is_no_tool_name(name: Any, said: str) -> None:
    """``map_name`` itself (public) says what ``NameMap.map`` says: never a ``TypeError``
    from the pattern or the hash, with or without a pattern."""
    for pattern in (toolwire.get_dialect("openai.chat").names, None):
        with pytest.raises(toolwire.EncodeError) as err:
            map_name(name, pattern, dialect="openai.chat")
        assert str(err.value) == f"Tool name {said} cannot be mapped for openai.chat: a tool name is non-empty text"


def test_map_name_refuses_a_pattern_that_is_not_compiled() -> None:
    with pytest.raises(toolwire.EncodeError, match=r"^map_name takes a compiled pattern or None, got '\[a-z\]\+'"):
        map_name("a.b", "[a-z]+")  # type: ignore[arg-type]
