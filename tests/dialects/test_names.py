"""Reversible tool-name mapping (``_names``)."""

from __future__ import annotations

import re

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


def test_name_map_reverses_and_refuses_collisions() -> None:
    names = NameMap(CHAT, dialect="openai.chat")
    target = names.map("fs.read")
    assert names.original(target) == "fs.read"
    assert names.reverse() == {target: "fs.read"}
    with pytest.raises(toolwire.EncodeError, match="both become"):
        names.map(target)  # a real tool that happens to be called like the mapped name


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
