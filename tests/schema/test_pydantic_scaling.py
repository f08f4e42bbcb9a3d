"""``to_pydantic`` builds in time linear in the schema, on hostile schemas too: many
property names that become one Python identifier, many models named alike, a wide
``anyOf``. Counted, not timed: the lines run inside the builder's own modules for a schema
of n and of 4n (they were quadratic: 10,000 colliding names took 14 s, a 16,000-branch
``anyOf`` 7 s). ``benchmarks/bench_scaling.py`` has the timings."""

from __future__ import annotations

import keyword
import re
import sys
from types import FrameType
from typing import Any, Callable, Dict, List, Optional, Set, Union

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from pydantic import BaseModel

from toolwire.schema import _pydantic, _pydantic_types, to_pydantic
from toolwire.schema._pydantic_types import field_name, union

_OURS = (_pydantic.__file__, _pydantic_types.__file__)
# property names that all become the identifier "a": "a" and a non-word character
_ODD = [chr(c) for c in range(0x21, 0x3000) if re.match(r"\W", chr(c)) and chr(c).isprintable()]


def _lines(run: Callable[[Any], Any], arg: Any) -> int:
    """Line events run inside ``_pydantic.py`` and ``_pydantic_types.py`` by ``run(arg)``."""
    seen = [0]

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            seen[0] += 1
        return local

    def tracer(frame: FrameType, event: str, arg: Any) -> Optional[Callable[..., Any]]:
        return local if frame.f_code.co_filename in _OURS else None

    sys.settrace(tracer)
    try:
        run(arg)
    finally:
        sys.settrace(None)
    return seen[0]


def _colliding(n: int, nested: bool = False) -> Any:
    leaf = {"type": "object", "properties": {"x": {"type": "integer"}}} if nested else {"type": "integer"}
    return {"type": "object", "properties": {f"a{_ODD[i % len(_ODD)]}{_ODD[i // len(_ODD)]}": leaf
                                             for i in range(n)}}


def test_field_names_that_collide_take_linear_time() -> None:
    small, big = (_lines(to_pydantic, _colliding(n)) for n in (300, 1200))
    assert big <= 4.5 * small  # was n^2: "a_2", "a_3", ... tried from 2 for each name


def test_model_names_that_collide_take_linear_time() -> None:
    """Each property holds an object: its model is named after the property, so all are
    ``Model_a``, ``Model_a2``, ..."""
    small, big = (_lines(to_pydantic, _colliding(n, nested=True)) for n in (100, 400))
    assert big <= 4.5 * small


def test_a_wide_union_takes_linear_time() -> None:
    def wide(n: int) -> Any:
        return {"type": "object", "properties": {"a": {"anyOf": [{"const": f"v{i}"} for i in range(n)]}}}

    small, big = (_lines(to_pydantic, wide(n)) for n in (300, 1200))
    assert big <= 4.5 * small  # was n^2: each type compared with every one kept before it
    types: List[Any] = [type(f"T{i}", (), {}) for i in range(2000)]  # classes: typing before 3.11 takes no object()
    assert _lines(union, types + types) <= 20 * 4000
    assert union(types + types).__args__ == tuple(types)


def test_models_are_rebuilt_with_one_namespace(monkeypatch: Any) -> None:
    """``model_rebuild`` is given the same namespace for every model (a copy per model is
    quadratic in the number of models)."""
    spaces: List[int] = []
    real = BaseModel.model_rebuild.__func__  # type: ignore[attr-defined]

    def rebuild(cls: Any, **kw: Any) -> Any:
        spaces.append(id(kw.get("_types_namespace")))
        return real(cls, **kw)

    monkeypatch.setattr(BaseModel, "model_rebuild", classmethod(rebuild))
    to_pydantic(_colliding(20, nested=True))
    assert len(spaces) == 21 and len(set(spaces)) == 1


def test_collided_names_are_as_before() -> None:
    """The first suffix free is taken, as before (``a_b_2``, and ``a_b_2_2`` for a
    property named ``a_b_2`` once that is taken); models too (``Model_a_b2``)."""
    leaf = {"type": "integer"}
    obj = {"type": "object", "properties": {"x": leaf}}
    model = to_pydantic({"type": "object", "properties": {
        "a-b": obj, "a_b": obj, "a b": leaf, "a_b_2": leaf, "a_b_3": leaf, "Model_a_b": obj}})
    assert [(k, f.alias) for k, f in model.model_fields.items()] == [
        ("a_b", "a-b"), ("a_b_2", "a_b"), ("a_b_3", "a b"), ("a_b_2_2", "a_b_2"), ("a_b_3_2", "a_b_3"),
        ("Model_a_b", None)]
    assert [getattr(f.annotation, "__name__", None) for f in model.model_fields.values()] == [
        "Model_a_b", "Model_a_b2", "int", "int", "int", "Model_Model_a_b"]



def test_a_definition_named_as_the_root_model_is_a_model_of_its_own() -> None:
    """A ``$defs`` entry named ``Model`` (the root's name) and one named ``Model2`` (the
    suffix the first takes) stay three models, each checking its own schema. (The hunt
    script that reported a clash wrote ``{defname: ..., "Model": ...}`` with defname
    ``Model``: one entry, which the value it called bad matches.)"""
    schema = {"type": "object", "properties": {"a": {"$ref": "#/$defs/Model"}, "b": {"$ref": "#/$defs/Model2"}},
              "$defs": {"Model": {"type": "object", "properties": {"y": {"type": "string"}}, "required": ["y"]},
                        "Model2": {"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]}}}
    model = to_pydantic(schema)
    assert model.__name__ == "Model"
    names = [getattr(f.annotation, "__name__", None) for f in model.model_fields.values()]
    assert len(set(names + ["Model"])) == 3
    model.model_validate({"a": {"y": "s"}, "b": {"x": 1}})
    for bad in ({"a": {"y": 1}}, {"b": {"x": "1"}}, {"a": {"x": 1}}, {"b": {"y": "s"}}):
        with pytest.raises(ValueError):
            model.model_validate(bad)


# the loop this replaced: each name tried suffixes from 2 again
_RESERVED = frozenset(dir(BaseModel)) | {"model_config", "model_fields", "root"}


def _old_field_name(prop: str, used: Set[str]) -> str:
    ident = prop
    if not prop.isidentifier() or keyword.iskeyword(prop) or prop.startswith("_") or prop in _RESERVED \
            or prop.startswith("model_"):
        ident = re.sub(r"\W", "_", prop).strip("_") or "field"
        if ident[0].isdigit():
            ident = "f_" + ident
        if keyword.iskeyword(ident) or ident in _RESERVED or ident.startswith("model_"):
            ident = ident + "_"
        if ident.startswith("model_"):
            ident = "f_" + ident
    base, n = ident, 2
    while ident in used:
        ident, n = f"{base}_{n}", n + 1
    used.add(ident)
    return ident


@given(st.lists(st.sampled_from(["a", "a-", "a_2", "a_2_2", "a_3", "-a", "class", "2", "", "a 2", "_", "field"]),
                max_size=12))
@example(["a", "a-", "a_2", "a 2", "a_2", "a_2"])
def test_field_names_match_the_old_loop(props: List[str]) -> None:
    old: Set[str] = set()
    new: Dict[str, int] = {}
    assert [field_name(p, new) for p in props] == [_old_field_name(p, old) for p in props]


def test_a_union_of_several_types_is_typing_s_union() -> None:
    """``union`` subscripts ``Union``: on CPython 3.14 ``typing.Union`` is a class
    (``types.UnionType``), whose ``__getitem__`` is no method bound to it (calling it
    broke importing ``to_pydantic``)."""
    assert union([int, str, int]) == Union[int, str]
    assert union([int, str]).__args__ == (int, str)
    assert union([int, int]) is int
