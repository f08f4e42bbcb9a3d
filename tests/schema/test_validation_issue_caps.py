"""The check keeps the first 100 issues, each with its full pointer and path, and ends
with one more (keyword ``more``) saying it stopped there; a value in a message is a
preview of fixed size. So the memory and the work of a check are linear in the answer:
2,000 NaNs 100 levels deep under 1,000-character keys spelled a pointer of 100,000
characters each (200 million characters, 418 MB), and an ``anyOf`` failing at each of
1,000 levels dumped the whole value below it per level (counted, not timed)."""

from __future__ import annotations

import json
import sys
from typing import Any, Dict, Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memory_peak import peak
from toolwire import InvalidToolCall, Tool, ToolCall, retry, schema, validate_call

MORE = "more issues not listed: the check stops after the first 100"
ASK = {"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]}


def _under_long_keys(n: int, leaf: Any, depth: int = 10) -> Any:
    """*leaf* under *depth* objects, each with one key of *n* characters."""
    for i in range(depth):
        leaf = {str(i) * n: leaf}
    return leaf


FREE_FORM: Dict[str, Any] = {}
TYPED = {"type": ["object", "array"], "additionalProperties": {"$ref": "#"}, "items": {"type": "integer"}}


@pytest.mark.parametrize(("sch", "leaf"), [(FREE_FORM, float("nan")), (TYPED, "x"), (TYPED, float("inf"))],
                         ids=["free-form-nan", "typed-string", "typed-infinity"])
def test_many_issues_under_long_paths_take_linear_memory(sch: Any, leaf: Any) -> None:
    small, big = (_under_long_keys(n, [leaf] * n) for n in (250, 1000))
    schema.validate(small, sch)  # what the first check compiles and caches
    spent = [peak(lambda v=v: schema.validate(v, sch)) for v in (small, big)]
    assert spent[1] <= 4.5 * spent[0]  # a pointer per issue of 10n characters: 16x


@pytest.mark.parametrize(("sch", "leaf", "said"), [
    (FREE_FORM, float("nan"), "NaN is not a JSON number: NaN and infinity are not numbers in JSON"),
    (TYPED, "x", '"x" is not of type integer'),
])
def test_the_first_hundred_issues_are_kept_whole_and_the_rest_said(sch: Any, leaf: Any, said: str) -> None:
    value = _under_long_keys(30, [leaf] * 150, depth=3)
    issues = schema.validate(value, sch)
    head = "/" + "2" * 30 + "/" + "1" * 30 + "/" + "0" * 30
    assert [(i.pointer, i.keyword, i.message) for i in issues[:100]] == [(f"{head}/{k}", "type", said)
                                                                         for k in range(100)]
    assert issues[99].path == '$["' + "2" * 30 + '"]["' + "1" * 30 + '"]["' + "0" * 30 + '"][99]'
    assert [(i.pointer, i.keyword, i.message, i.path) for i in issues[100:]] == [("", "more", MORE, "$")]


def test_one_hundred_issues_are_all_listed() -> None:
    issues = schema.validate(["x"] * 100, {"items": {"type": "integer"}})
    assert len(issues) == 100 and all(i.keyword == "type" for i in issues)
    issues = schema.validate(["x"] * 99 + [float("nan")], {"items": {"type": "string"}, "prefixItems": [{}] * 99})
    assert len(issues) == 1 and issues[0].path == "$[99]"


def test_typed_issues_and_free_form_nans_share_the_cap() -> None:
    value = {"a": ["x"] * 60, "b": [float("nan")] * 60}
    issues = schema.validate(value, {"properties": {"a": {"items": {"type": "integer"}}}})
    assert [i.path for i in issues[:100]] == [f"$.a[{k}]" for k in range(60)] + [f"$.b[{k}]" for k in range(40)]
    assert [(i.keyword, i.message) for i in issues[100:]] == [("more", MORE)]


def _chat(content: str) -> Dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion", "model": "gpt-4o",
            "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}]}


def test_the_correction_lists_twenty_and_says_there_are_more() -> None:
    sch = {"type": "object", "properties": {"meta": {"type": "object", "additionalProperties": True}}}
    p = retry.prepare(ASK, sch, "openai.chat", mode="prompt")
    out = retry.classify(_chat('{"meta": {"v": [' + ", ".join(["NaN"] * 2000) + "]}}"), p.state)
    assert out.kind == "invalid" and len(out.errors) == 101 and out.errors[-1].keyword == "more"
    nxt = retry.plan(p.request, out, p.state)
    note = nxt.request["messages"][-1]["content"]  # type: ignore[index]
    assert note.count("\n- at /") == 20
    assert note.endswith("\n- at /meta/v/19 (type): NaN is not a JSON number: NaN and infinity are not numbers "
                         "in JSON\n- ... and at least 81 more (the check stops after the first 100)\n"
                         "Answer again with only the corrected JSON.")


# -- a value in a message is a preview of fixed size ----------------------------------------


class _Counted(dict):  # type: ignore[type-arg]
    """An object that counts how often its members are read as pairs (what a JSON dump of
    it reads, in the C encoder and in Python's)."""

    reads = 0

    def items(self) -> Any:
        _Counted.reads += 1
        return super().items()

    def __iter__(self) -> Iterator[Any]:
        _Counted.reads += 1
        return super().__iter__()


def _nested_objects(n: int) -> Any:
    leaf: Any = "x"
    for _ in range(n):
        leaf = _Counted(a=leaf)
    return leaf


@pytest.fixture
def deep_stack() -> Iterator[None]:
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(20_000)
    yield
    sys.setrecursionlimit(old)


def test_a_failing_any_of_at_each_of_1000_levels_is_linear(deep_stack: None) -> None:
    sch = {"anyOf": [{"type": "object", "properties": {"a": {"$ref": "#"}}, "required": ["a"]}, {"type": "integer"}]}

    def reads(n: int) -> int:
        value = _nested_objects(n)
        _Counted.reads = 0
        issues = schema.validate(value, sch)
        assert issues and issues[0].keyword == "anyOf" and issues[0].keyword != "depth"
        assert issues[0].message == '{"a": ' * 9 + '{"a":… matches none of the allowed shapes'
        return _Counted.reads

    assert reads(1000) <= 4.5 * reads(250)  # each level dumped the value below it: 16x


def test_a_message_reads_a_fixed_part_of_the_value(deep_stack: None) -> None:
    value = _nested_objects(1000)
    _Counted.reads = 0
    issues = schema.validate(value, {"type": "integer"})
    assert [(i.keyword, i.message) for i in issues] == [("type", '{"a": ' * 9 + '{"a":… is not of type integer')]
    assert _Counted.reads <= 20  # the whole value was dumped: 1,000 objects read


@pytest.mark.parametrize(("value", "shown"), [
    ("a" * 100, '"' + "a" * 58 + "…"),
    ('"\n' * 40, '"' + '\\"\\n' * 14 + '\\"…'),
    ("short", '"short"'),
    ([1, [2.5, None, True]], "[1, [2.5, null, true]]"),
    ({"k": "é", "n": float("nan")}, '{"k": "é", "n": NaN}'),
    (list(range(100)), "[" + ", ".join(map(str, range(17))) + ", …"),
    ({1: 2, None: 3}, '{"1": 2, "null": 3}'),
    ((1, 2), "[1, 2]"),
    ({1, 2}, "{1, 2}"),
])
def test_the_preview_reads_as_the_json_dump_cut(value: Any, shown: str) -> None:
    from toolwire.schema._issues import short

    assert short(value) == shown


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=80),
    lambda inner: st.lists(inner, max_size=8) | st.dictionaries(st.text(max_size=20), inner, max_size=6),
    max_leaves=40,
)


@given(_json_values, st.integers(min_value=2, max_value=90))
def test_the_preview_is_the_json_dump_cut(value: Any, limit: int) -> None:
    from toolwire.schema._issues import short

    text = json.dumps(value, ensure_ascii=False)
    assert short(value, limit) == (text if len(text) <= limit else text[: limit - 1] + "…")


# -- validate_call: its message counts past the cap; its coercion reads every issue ---------

IDS = Tool("f", parameters={"type": "object", "properties": {"ids": {"type": "array", "items": {"type": "integer"}}}})


def test_a_call_with_more_issues_than_listed_says_at_least() -> None:
    bad = validate_call(ToolCall("f", {"ids": ["x"] * 150}, "c"), [IDS])
    assert isinstance(bad, InvalidToolCall)
    assert bad.error.endswith("$.ids[4]: \"x\" is not of type integer (type) (and at least 96 more).")


def test_coercion_converts_every_string_past_the_cap() -> None:
    fixed = validate_call(ToolCall("f", {"ids": [str(i) for i in range(150)]}, "c"), [IDS], coerce=True)
    assert isinstance(fixed, ToolCall) and fixed.args == {"ids": list(range(150))}
    assert fixed.repairs == ("coerced-types",)
