"""The canonical values: light immutable classes with value equality, pickling,
``replace``, checked public constructors and pydantic interoperability."""

from __future__ import annotations

import copy
import json
import math
import pickle
import subprocess
import sys
import typing
from typing import Any, List, Optional

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

import toolwire
from toolwire import InvalidToolCall, Tool, ToolCall, ToolResult
from toolwire._value import evolve

VALUES = [
    ToolCall("get_weather", {"city": "Paris"}, "call_1", raw='{"city": "Paris"}', repairs=("double-encoded",)),
    ToolCall("f", provider_data={"gemini": {"thoughtSignature": "c2ln"}}, server=True),
    InvalidToolCall(name="f", id="c", raw='{"a": ', error="cut off", loc="$.arguments", truncated=True),
    Tool("search", "Search the web.", {"type": "object", "properties": {"q": {"type": "string"}}}, True),
    ToolResult("call_1", "get_weather", [{"type": "text", "text": "18C"}], is_error=False),
    ToolResult(content="boom", is_error=True, provider_data={"mcp": {"body": {}}}),
]


@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
def test_values_pickle_copy_and_compare(value: Any) -> None:
    for again in (pickle.loads(pickle.dumps(value)), copy.deepcopy(value), copy.copy(value)):
        assert again == value and hash(again) == hash(value) and type(again) is type(value)
        assert again.as_dict() == value.as_dict()
    assert value.replace() == value


@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
def test_values_are_immutable(value: Any) -> None:
    with pytest.raises(AttributeError, match="immutable"):
        value.name = "other"
    with pytest.raises(AttributeError, match="immutable"):
        del value.provider_data
    assert not hasattr(value, "__dict__")  # slots only


def test_equality_is_the_canonical_content_only() -> None:
    a = ToolCall("f", {"a": 1}, "c")
    b = ToolCall("f", {"a": 1}, "c", raw='{"a":1}', provider_data={"x": {"y": 1}}, repairs=("r",), server=True)
    assert a == b and hash(a) == hash(b)
    assert a != ToolCall("f", {"a": 2}, "c") and a != ToolCall("g", {"a": 1}, "c") and a != ToolCall("f", {"a": 1})
    assert a != ("f", {"a": 1}, "c") and a != {"name": "f", "args": {"a": 1}, "id": "c"}
    assert Tool("t", provider_data={"x": {}}) == Tool("t") and Tool("t", "d") != Tool("t")
    assert ToolResult("c", content="x") != ToolResult("c", content="x", is_error=True)


def test_equal_values_hash_alike_whatever_their_key_order() -> None:
    """Equality compares dicts by content, so hashing must not see key order; args held
    as given (an object a caller put there) still hash."""
    a = ToolCall("f", {"a": 1, "b": [1, {"x": 2, "y": 3}]}, "c")
    b = ToolCall("f", {"b": [1, {"y": 3, "x": 2}], "a": 1}, "c")
    assert a == b and hash(a) == hash(b)
    assert len({a, b}) == 1
    assert hash(evolve(a, args={"when": object()})) != hash(a)  # hashable, by its repr
    schema = {"type": "object", "properties": {"q": {"type": "string"}, "n": {"type": "integer"}}}
    same = {"properties": {"n": {"type": "integer"}, "q": {"type": "string"}}, "type": "object"}
    assert hash(Tool("t", parameters=schema)) == hash(Tool("t", parameters=same))
    parts = [{"type": "json", "json": {"a": 1, "b": 2}}]
    assert hash(ToolResult("c", content=parts)) == hash(ToolResult("c", content=[{"json": {"b": 2, "a": 1},
                                                                                   "type": "json"}]))
    assert hash(evolve(Tool("t"), parameters={"default": object()})) != hash(Tool("t"))


def test_equality_is_json_equality_and_equal_values_hash_alike() -> None:
    """``true`` is not ``1`` in JSON (an encoder writes one as ``true``, the other as
    ``1``; a boolean schema refuses ``1``), while ``1`` and ``1.0`` are one number.
    Python's ``==`` says ``True == 1``, and the hash saw ``1`` and ``1.0`` apart."""
    one, true, real = ToolCall("f", {"x": 1}), ToolCall("f", {"x": True}), ToolCall("f", {"x": 1.0})
    assert one != true and len({one, true}) == 2
    assert ToolCall("f", {"x": [0]}) != ToolCall("f", {"x": [False]})
    assert one == real and hash(one) == hash(real) and len({one, real}) == 1
    assert len({ToolCall("f", {"x": 0.0}), ToolCall("f", {"x": -0.0})}) == 1
    assert Tool("t", parameters={"const": 1}) != Tool("t", parameters={"const": True})
    assert ToolResult("c", content=[{"type": "json", "json": 1}]) != ToolResult("c", content=[{"type": "json", "json": True}])
    assert hash(Tool("t", parameters={"const": 1})) == hash(Tool("t", parameters={"const": 1.0}))


def _json_form(v: Any) -> Any:
    """The test's own reading of JSON equality: bools tagged, integral numbers as ints."""
    if isinstance(v, bool):
        return ("bool", v)
    if isinstance(v, float) and v.is_integer():
        return int(v)
    if isinstance(v, dict):
        return ("object", sorted((k, _json_form(x)) for k, x in v.items()))
    if isinstance(v, list):
        return ("array", [_json_form(x) for x in v])
    return v


small_json = st.recursive(
    st.none() | st.booleans() | st.sampled_from([0, 1, -1, 2]) | st.sampled_from([0.0, -0.0, 1.0, 0.5, 2.0])
    | st.sampled_from(["", "a", "1", "true"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["a", "b", "c"]), inner, max_size=3),
    max_leaves=8,
)


@given(st.dictionaries(st.sampled_from(["a", "b"]), small_json, max_size=2),
       st.dictionaries(st.sampled_from(["a", "b"]), small_json, max_size=2))
@example({"a": 1}, {"a": True})
@example({"a": [1.0, {"b": 0}]}, {"a": [1, {"b": -0.0}]})
def test_calls_are_equal_exactly_when_their_args_are_json_equal(a: Any, b: Any) -> None:
    x, y = ToolCall("f", a), ToolCall("f", b)
    assert (x == y) == (_json_form(a) == _json_form(b))
    if x == y:
        assert hash(x) == hash(y)


def test_deep_args_hash_and_a_subclass_compares_by_value() -> None:
    deep: Any = 1
    for _ in range(5000):
        deep = {"k": deep}
    assert isinstance(hash(ToolCall("f", deep)), int)  # iterative, no recursion limit

    class MyCall(ToolCall):
        __slots__ = ()

    assert MyCall("f", {}, "c") == MyCall("f", {}, "c") == ToolCall("f", {}, "c")
    assert hash(MyCall("f", {}, "c")) == hash(ToolCall("f", {}, "c"))


def test_the_value_check_spells_the_path_of_the_fault() -> None:
    """The walk keeps places as (parent, key) links and spells the ``$.path`` only for
    the error (a path string per element was quadratic in the depth: see the
    ``ToolCall(args nested n deep)`` row of ``benchmarks/bench_scaling.py``)."""
    from toolwire._json_values import check_json_value

    value: Any = {"bad": {1, 2}}
    for key in ("c", "b", "a"):
        value = {key: [0, value]}
    with pytest.raises(toolwire.DecodeError, match=r"at \$\.args\.a\[1\]\.b\[1\]\.c\[1\]\.bad holds"):
        check_json_value(value, "$.args", "ToolCall args")


def test_the_immutability_and_field_messages_name_the_class() -> None:
    call = ToolCall("f", {}, "c")
    with pytest.raises(AttributeError) as deleting:
        del call.name
    assert str(deleting.value) == "ToolCall is immutable"
    with pytest.raises(TypeError) as replacing:
        Tool("t").replace(nope=1)
    assert str(replacing.value) == "Tool has no field 'nope'"


def test_repr_shows_the_value_and_hides_fidelity_data() -> None:
    call = ToolCall("f", {"x": 1}, raw='{"x":1}', provider_data={"d": {"k": 1}}, repairs=("json-repair",))
    assert repr(call) == "ToolCall(name='f', args={'x': 1}, id=None, repairs=('json-repair',))"
    assert repr(Tool("t")) == "Tool(name='t')"
    assert repr(InvalidToolCall(error="bad")) == "InvalidToolCall(name=None, id=None, error='bad')"


def test_repr_writes_an_integer_too_long_to_print_as_its_size() -> None:
    """Python prints at most 4,300 digits of an int (``ValueError`` beyond): ``repr`` of a
    call holding 10**5000 raised it; it shows ``<int of N bits>`` there instead. (The
    constructor refuses one, as JSON parsers do: it is put in after, ``args`` being held
    as given.)"""
    call = ToolCall("f", {"a": 0, "b": [1, 0, "x"]}, "c")
    call.args["a"] = 10**5000
    call.args["b"][1] = -(10**4400)
    assert repr(call) == "ToolCall(name='f', args={'a': <int of 16610 bits>, 'b': [1, <int of 14617 bits>, 'x']}, id='c')"
    assert repr(ToolCall("f", {"a": 10**4000})).startswith("ToolCall(name='f', args={'a': 1000")


def test_replace_checks_like_the_constructor() -> None:
    call = ToolCall("f", {"a": 1}, "c")
    assert call.replace(id=None, args={"b": [1]}) == ToolCall("f", {"b": [1]})
    with pytest.raises(toolwire.DecodeError, match=r"^ToolCall name at \$\.name must be a non-empty string, got ''$"):
        call.replace(name="")
    with pytest.raises(TypeError, match="has no field 'nope'"):
        call.replace(nope=1)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: ToolCall(""), r"ToolCall name at $.name must be a non-empty string, got ''"),
        (lambda: ToolCall(None), r"ToolCall name at $.name must be a non-empty string, got None"),  # type: ignore[arg-type]
        (lambda: ToolCall("f", [1]), r"ToolCall args at $.args must be a JSON object (a dict), got [1]"),  # type: ignore[arg-type]
        (lambda: ToolCall("f", {"a": {1}}), r"ToolCall args at $.args.a holds {1} (set), which is not JSON"),
        (lambda: ToolCall("f", {"a": [math.nan]}), r"ToolCall args at $.args.a[0] holds nan, which JSON cannot carry"),
        (lambda: ToolCall("f", {1: 2}), r"ToolCall args at $.args has a key that is not a string: 1"),  # type: ignore[dict-item]
        (lambda: ToolCall("f", {}, ""), r"ToolCall id at $.id must be a non-empty string or None, got ''"),
        (lambda: ToolCall("f", {}, 7), r"ToolCall id at $.id must be a non-empty string or None, got 7"),  # type: ignore[arg-type]
        (lambda: ToolCall("f", server=1), r"ToolCall server at $.server must be a bool, got 1"),  # type: ignore[arg-type]
        (lambda: ToolCall("f", repairs="ab"), r"ToolCall repairs at $.repairs must be a tuple of strings, got 'ab'"),  # type: ignore[arg-type]
        (lambda: ToolCall("f", provider_data={"d": 1}), r"ToolCall provider_data at $.provider_data must map dialect ids to objects, got {'d': 1}"),  # type: ignore[dict-item]
        (lambda: Tool("t", parameters=[]), r"Tool parameters at $.parameters must be a JSON object (a dict), got []"),  # type: ignore[arg-type]
        (lambda: Tool("t", strict="yes"), r"Tool strict at $.strict must be a bool, got 'yes'"),  # type: ignore[arg-type]
        (lambda: ToolResult("c", content=3),  # type: ignore[arg-type]
         r"ToolResult content at $.content must be text or a list of parts (a JSON value is the part "
         r"{'type': 'json', 'json': ...}), got 3"),
        (lambda: ToolResult("c", content=None),  # type: ignore[arg-type]
         r"ToolResult content at $.content must be text or a list of parts, got None"),
        (lambda: InvalidToolCall(error=None), r"InvalidToolCall error at $.error must be a string, got None"),  # type: ignore[arg-type]
        (lambda: InvalidToolCall(id=5, error="e"), r"InvalidToolCall id at $.id must be a non-empty string or None, got 5"),  # type: ignore[arg-type]
        (lambda: InvalidToolCall(error="e", provider_data=[1]), r"InvalidToolCall provider_data at $.provider_data must map dialect ids to objects, got [1]"),  # type: ignore[arg-type]
        (lambda: Tool("t", description=5), r"Tool description at $.description must be a string, got 5"),  # type: ignore[arg-type]
        (lambda: Tool("t", provider_data=5), r"Tool provider_data at $.provider_data must map dialect ids to objects, got 5"),  # type: ignore[arg-type]
        (lambda: ToolResult("c", content=[{"type": "json", "json": {1, 2}}]), r"ToolResult content at $.content[0].json holds {1, 2} (set), which is not JSON"),
        # an untyped part reached the encoders, which said "cannot hold a None part"
        (lambda: ToolResult("c", content=[{"type": "text", "text": "a"}, {"image": {}}]), r"ToolResult content at $.content[1] is a part without a 'type' (text, json, image...): {'image': {}}"),
        (lambda: ToolResult("c", content=[{"type": "", "text": "a"}]), r"ToolResult content at $.content[0] is a part without a 'type' (text, json, image...): {'type': '', 'text': 'a'}"),
    ],
)
def test_public_constructors_raise_toolwire_errors(make: Any, message: str) -> None:
    with pytest.raises(toolwire.DecodeError) as info:
        make()
    assert str(info.value) == message
    assert isinstance(info.value, ValueError) and info.value.loc == message.split(" at ")[1].split(" ")[0]


def test_a_cycle_in_args_is_refused_and_a_shared_branch_is_not() -> None:
    loop: Any = {}
    loop["me"] = loop
    with pytest.raises(toolwire.DecodeError, match=r"at \$\.args\.me holds itself"):
        ToolCall("f", loop)
    shared = {"k": [1, 2]}
    assert ToolCall("f", {"a": shared, "b": shared}).args["b"] is shared
    deep: Any = {}
    node = deep
    for _ in range(5000):  # deeper than the recursion limit: checked without recursion
        node["a"] = {}
        node = node["a"]
    assert ToolCall("f", deep).args is deep


class Step(BaseModel):
    call: ToolCall
    maybe: Optional[ToolCall] = None
    tools: List[Tool] = []
    result: Optional[ToolResult] = None
    bad: Optional[InvalidToolCall] = None


def test_values_are_pydantic_field_types() -> None:
    step = Step(
        call={"name": "f", "args": {"a": 1}, "id": "c"},
        tools=[{"name": "t", "parameters": {"type": "object"}}],
        result={"id": "c", "content": "ok"},
        bad={"error": "cut off", "truncated": True},
    )
    assert step.call == ToolCall("f", {"a": 1}, "c") and type(step.call) is ToolCall
    assert step.tools == [Tool("t", parameters={"type": "object"})]
    dumped = json.loads(step.model_dump_json())
    assert dumped["call"] == {
        "name": "f", "args": {"a": 1}, "id": "c", "raw": None, "provider_data": {}, "repairs": [], "server": False,
    }
    again = Step.model_validate_json(step.model_dump_json())
    assert again == step and again.call.repairs == () and again.bad == step.bad
    decoded = toolwire.decode({"type": "function_call", "call_id": "call_9", "name": "f", "arguments": "{}", "id": "fc_1"})
    kept = Step.model_validate_json(Step(call=decoded).model_dump_json()).call
    assert kept.provider_data == decoded.provider_data and toolwire.encode(kept, "openai.responses")["id"] == "fc_1"
    with pytest.raises(ValidationError, match="ToolCall args at"):
        Step(call={"name": "f", "args": "[1]"})
    with pytest.raises(ValidationError, match="ToolCall has no field 'nope'"):
        Step(call={"name": "f", "nope": 1})
    with pytest.raises(ValidationError, match="must be given as an object"):
        Step(call=3)
    # a missing required field: pydantic's error, not the constructor's TypeError
    for field, value, message in [
        ("call", {"args": {}}, "ToolCall needs the field 'name'"),
        ("bad", {"name": "f"}, "InvalidToolCall needs the field 'error'"),
        ("tools", [{"description": "d"}], "Tool needs the field 'name'"),
    ]:
        data = {"call": {"name": "f"}, field: value}
        with pytest.raises(ValidationError, match=message):
            Step.model_validate(data)
        with pytest.raises(ValidationError, match=message):
            Step.model_validate_json(json.dumps(data))
    schema = Step.model_json_schema()["properties"]
    assert schema["call"]["required"] == ["name"] and schema["call"]["properties"]["args"]["type"] == "object"
    assert schema["tools"]["items"]["properties"]["name"]["minLength"] == 1


def test_values_nested_in_any_fields_serialize() -> None:
    class Box(BaseModel):
        x: typing.Any

    call = ToolCall("f", {"a": 1}, "c")
    assert Box(x=[call]).model_dump() == {"x": [call.as_dict()]}
    assert json.loads(Box(x={"r": ToolResult("c", content="ok")}).model_dump_json())["x"]["r"]["content"] == "ok"


def test_import_toolwire_loads_no_pydantic() -> None:
    code = (
        "import sys, toolwire; "
        "toolwire.decode({'id': 'c', 'type': 'function', 'function': {'name': 'f', 'arguments': '{}'}}); "
        "toolwire.encode(toolwire.ToolCall('f'), 'anthropic.messages'); "
        "print(sorted(m for m in sys.modules if m == 'pydantic' or m.startswith('pydantic.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# --- properties: every value survives pickle, the dict form, pydantic and replace ----------


from toolwire import strategies as tws  # noqa: E402
from toolwire._types import new_call  # noqa: E402

values = st.one_of(
    tws.tool_calls(),
    tws.tools(),
    tws.tool_results(),
    st.builds(
        lambda c, raw, reps, server: c.replace(raw=raw, repairs=reps, server=server),
        tws.tool_calls(),
        st.none() | st.text(max_size=8),
        st.lists(st.sampled_from(["double-encoded", "json-repair", "empty-arguments"]), max_size=2).map(tuple),
        st.booleans(),
    ),
)


class Holder(BaseModel):
    v: typing.Union[ToolCall, Tool, ToolResult]


@given(values)
@example(ToolCall("f", {"a": [1, {"b": None}]}, "c", raw='{"a":[1,{"b":null}]}', provider_data={"gemini": {"s": 1}}))
def test_every_value_round_trips_through_pickle_dict_form_and_pydantic(value: Any) -> None:
    assert pickle.loads(pickle.dumps(value)).as_dict() == value.as_dict()
    assert type(value)(**value.as_dict()).as_dict() == value.as_dict()  # the dict form is the constructor's
    dumped = json.loads(json.dumps(value.as_dict()))  # JSON all the way down
    assert type(value)._validate(dumped) == value
    assert hash(value.replace()) == hash(value) and value.replace() == value


@given(tws.tool_calls())
def test_the_unchecked_constructor_builds_what_the_checked_one_does(call: ToolCall) -> None:
    fast = new_call(call.name, call.args, call.id, call.raw, call.provider_data, call.repairs, call.server)
    assert type(fast) is ToolCall and fast.as_dict() == call.as_dict() and hash(fast) == hash(call)
    with pytest.raises(AttributeError, match="immutable"):
        fast.id = "x"


def test_pydantic_picks_the_value_class_in_a_union() -> None:
    assert type(Holder(v={"name": "f", "args": {}}).v) is ToolCall
    assert type(Holder(v=Tool("t")).v) is Tool


# --- the hunt of session 14 (values): each test failed before its fix -----------------------


def _nested(n: int) -> Any:
    deep: Any = 1
    for _ in range(n):
        deep = {"k": deep}
    return deep


def test_a_tuple_in_decoded_args_is_a_json_array_a_list() -> None:
    """A tuple given as data is a JSON array: the decoded call holds a list (it kept the
    tuple, was unequal to its JSON twin, and ``replace`` refused it), and the caller's
    payload is left as it was."""
    shared = [1, (2,)]
    for payload, dialect, where in [
        ({"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"x": (1, 2)}}, "anthropic.messages", "input"),
        ({"toolUse": {"toolUseId": "t1", "name": "f", "input": {"x": (1, 2)}}}, "bedrock.converse", None),
        ({"id": "c1", "type": "function", "function": {"name": "f", "arguments": {"x": (1, 2)}}}, "openai.chat", None),
        ({"functionCall": {"name": "f", "args": {"x": (1, 2)}, "id": "c1"}}, "gemini", None),
        ({"type": "function_call", "call_id": "c1", "name": "f", "arguments": {"x": (1, 2)}}, "openai.responses", None),
        ({"name": "f", "args": {"x": (1, 2)}, "id": "c1"}, "canonical", "args"),
    ]:
        call = toolwire.decode(payload, dialect)
        assert call.args == {"x": [1, 2]} and type(call.args["x"]) is list
        assert call == ToolCall("f", {"x": [1, 2]}, call.id) and call.replace(id="c9").args == {"x": [1, 2]}
        assert type(call)(**call.as_dict()) == call
        if where is not None:
            assert payload[where] == {"x": (1, 2)}  # the caller's data, untouched
    call = toolwire.decode({"name": "f", "args": {"a": shared, "b": shared, "c": [{"d": ()}]}})
    assert call.args == {"a": [1, [2]], "b": [1, [2]], "c": [{"d": []}]} and call.args["a"] is call.args["b"]
    assert shared == [1, (2,)]
    with pytest.raises(toolwire.DecodeError, match=r"at \$\.args\.x holds \(1, 2\) \(tuple\), which is not JSON"):
        ToolCall("f", {"x": (1, 2)})  # the constructor takes JSON data, as Tool and ToolResult do


def test_a_subclass_of_a_value_is_a_pydantic_field_type_and_fits_its_base() -> None:
    class MyCall(ToolCall):
        __slots__ = ()

    class MyResult(ToolResult):
        __slots__ = ()

    class Mine(BaseModel):
        call: MyCall
        result: Optional[MyResult] = None

    got = Mine.model_validate({"call": {"name": "f"}, "result": {"id": "c", "content": "x"}})
    assert type(got.call) is MyCall and got.call == ToolCall("f") and type(got.result) is MyResult
    with pytest.raises(ValidationError, match="MyCall needs the field 'name'"):
        Mine.model_validate({"call": {"args": {}}})
    assert Mine.model_json_schema()["properties"]["call"]["required"] == ["name"]
    step = Step(call=MyCall("f", {}, "c"), result=MyResult("c", content="ok"))  # a base field takes a subclass
    assert type(step.call) is MyCall and step.call == ToolCall("f", {}, "c")


def test_equality_repr_pickle_and_deepcopy_take_args_as_deep_as_the_constructor_does() -> None:
    a, b = ToolCall("f", _nested(3000), "c"), ToolCall("f", _nested(3000), "c")
    assert a == b and hash(a) == hash(b) and a != ToolCall("f", _nested(2999), "c")
    assert a != ToolCall("f", {"k": _nested(2999) | {"x": True}}, "c")
    text = repr(a)
    assert text.startswith("ToolCall(name='f', args={'k': {'k': ") and text.endswith("}}}, id='c')")
    assert text.count("{") == 3000
    for again in (pickle.loads(pickle.dumps(a)), copy.deepcopy(a)):
        assert again == a and type(again) is ToolCall and again.args is not a.args
    r = ToolResult("c", content=[{"type": "json", "json": _nested(3000)}])
    assert pickle.loads(pickle.dumps(r)) == r == copy.deepcopy(r) and repr(r).count("{") == 3001
    message = toolwire.Message("assistant", [a])
    assert pickle.loads(pickle.dumps(message)) == message


def test_deep_args_decoded_under_a_raised_depth_limit_pickle() -> None:
    call = toolwire.decode({"type": "tool_use", "id": "t", "name": "f", "input": _nested(600)}, max_depth=2000)
    assert pickle.loads(pickle.dumps(call)) == call


def test_a_schema_hook_cannot_change_another_models_schema_or_validation() -> None:
    from pydantic import Field

    class A(BaseModel):
        call: ToolCall = Field(json_schema_extra=lambda s: s["required"].append("id"))  # type: ignore[arg-type,index,union-attr]

    class A2(BaseModel):
        call: ToolCall = Field(json_schema_extra=lambda s: s["properties"]["name"].update(minLength=5))  # type: ignore[arg-type,index,union-attr]

    assert A.model_json_schema()["properties"]["call"]["required"] == ["name", "id"]
    assert A2.model_json_schema()["properties"]["call"]["properties"]["name"]["minLength"] == 5

    class B(BaseModel):
        call: ToolCall

    assert B.model_validate({"call": {"name": "f"}}).call == ToolCall("f")
    schema = B.model_json_schema()["properties"]["call"]
    assert schema["required"] == ["name"] and schema["properties"]["name"]["minLength"] == 1


def test_the_json_schemas_are_no_more_permissive_than_validation() -> None:
    """What a schema admits, validation admits (an LLM answer valid by the schema of
    ``ToolCalls`` was refused)."""
    import jsonschema
    from pydantic import TypeAdapter

    refused = [
        (toolwire.ToolCalls, [{"name": "", "args": {}}]),
        (ToolCall, {"name": "f", "id": ""}),
        (InvalidToolCall, {"error": "e", "id": ""}),
        (InvalidToolCall, {"error": "e", "name": ""}),
        (ToolResult, {"id": "", "content": "x"}),
        (ToolResult, {"name": "", "content": "x"}),
        (ToolResult, {"content": [{"text": "x"}]}),
        (ToolResult, {"content": [{"type": "", "text": "x"}]}),
    ]
    for tp, instance in refused:
        adapter: Any = TypeAdapter(tp)
        assert not jsonschema.Draft202012Validator(adapter.json_schema()).is_valid(instance), (tp, instance)
        with pytest.raises(ValidationError):
            adapter.validate_python(instance)
    for tp, instance in [(toolwire.ToolCalls, [{"name": "f", "args": {}, "id": None}]),
                         (ToolResult, {"id": "c", "content": [{"type": "text", "text": "x"}]})]:
        adapter = TypeAdapter(tp)
        assert jsonschema.Draft202012Validator(adapter.json_schema()).is_valid(instance)
        adapter.validate_python(instance)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: ToolCall("f", provider_data={"openai.responses": {"id": {1, 2}}}),
         r'ToolCall provider_data at $.provider_data["openai.responses"].id holds {1, 2} (set), which is not JSON'),
        (lambda: ToolCall("f", provider_data={"openai.responses": {"status": math.nan}}),
         r'ToolCall provider_data at $.provider_data["openai.responses"].status holds nan, which JSON cannot carry'),
        (lambda: Tool("t", provider_data={"gemini": {"x": [object]}}),
         r"Tool provider_data at $.provider_data.gemini.x[0] holds <class 'object'> (type), which is not JSON"),
        (lambda: ToolResult(provider_data={"mcp": {1: 2}}),  # type: ignore[dict-item]
         r"ToolResult provider_data at $.provider_data.mcp has a key that is not a string: 1"),
    ],
)
def test_provider_data_is_checked_all_the_way_down(make: Any, message: str) -> None:
    with pytest.raises(toolwire.DecodeError) as info:
        make()
    assert str(info.value) == message


def test_every_value_class_compares_a_subclass_by_value() -> None:
    class C(ToolCall):
        __slots__ = ()

    class R(ToolResult):
        __slots__ = ()

    class T(Tool):
        __slots__ = ()

    class Inv(InvalidToolCall):
        __slots__ = ()

    assert C("f") == ToolCall("f") and R(content="x") == ToolResult(content="x") == R(content="x")
    assert T("t") == Tool("t") and Inv(error="e") == InvalidToolCall(error="e")
    assert R(content="x") != ToolResult(content="y") and ToolResult(content="x") != Tool("x")
    assert hash(R(content="x")) == hash(ToolResult(content="x"))


def test_json_equality_tells_true_from_one_at_the_top_too() -> None:
    """``same`` compared bare values with Python's ``==``: ``same(1, True)`` was True."""
    from toolwire._json_equality import same

    assert not same(1, True) and not same(True, 1) and not same(0, False) and not same(False, 0.0)
    assert same(1, 1.0) and same(True, True) and same("a", "a") and not same(None, False)
