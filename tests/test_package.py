"""Packaging and house-style checks: vendorable, no import side effects, public surface."""

from __future__ import annotations

import ast
import json
import pickle
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

import toolwire

SRC = Path(toolwire.__file__).resolve().parent


def _modules() -> list:
    return sorted(p for p in SRC.rglob("*.py"))


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(SRC)))
def test_no_absolute_self_imports(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            assert not any(a.name.split(".")[0] == "toolwire" for a in node.names), path
        if isinstance(node, ast.ImportFrom) and node.level == 0:
            assert (node.module or "").split(".")[0] != "toolwire", path


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(SRC)))
def test_every_module_has_a_docstring_and_all(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert ast.get_docstring(tree), f"{path} has no module docstring"
    if path.name == "__main__.py":
        return
    names = {t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
    assert "__all__" in names, f"{path} has no __all__"


def test_version_is_a_literal() -> None:
    text = (SRC / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([0-9]+\.[0-9]+\.[0-9]+(?:\.dev[0-9]+)?)"$', text, re.M)
    assert found, "__version__ is not a PEP 440 release or dev literal"
    assert "importlib.metadata" not in text
    # the one in pyproject.toml is what gets installed: they must not drift apart
    # (0.1's CHANGELOG spoke of 0.2.0 while both still said 0.1.0)
    project = (SRC.parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    declared = re.search(r'^version = "([^"]+)"$', project, re.M)
    assert declared and declared[1] == found[1]


def test_import_has_no_side_effects_and_pulls_no_sdk() -> None:
    code = (
        "import sys, toolwire; "
        "bad = [m for m in ('openai', 'anthropic', 'google.genai', 'mistralai', 'cohere', 'ollama', "
        "'hypothesis', 'json_repair') if m in sys.modules]; "
        "print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_import_defers_dialects_text_formats_and_schemas() -> None:
    code = (
        "import sys, toolwire; "
        "early = sorted(m for m in sys.modules if m.startswith(('toolwire.dialects', 'toolwire.text._api', 'toolwire._repair', 'toolwire._lenient'))); "
        "built = 'pydantic' in sys.modules; "
        "toolwire.decode({'id': 'c', 'type': 'function', 'function': {'name': 'f', 'arguments': '{}'}}); "
        "decoded = sorted(m for m in sys.modules if m.startswith(('toolwire.dialects.text_', 'toolwire.text._api', 'toolwire._repair', 'toolwire._lenient'))); "
        "toolwire.decode_text; "  # a lazy attribute resolves on first use
        "print(early, built, decoded, 'toolwire.text._api' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[] False [] True"
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        toolwire.nope  # type: ignore[attr-defined]  # noqa: B018
    assert {"decode_text", "encode_text", "TextResult"} <= set(dir(toolwire))


@pytest.mark.parametrize("how", ["unpickled", "decoded"])
def test_unvalidated_calls_are_built_before_any_nested_dump(how: str) -> None:
    """Row M of the MockValSer matrix: an instance made without validation (unpickled,
    or built by a decoder) in a process that never built the class, then nested in a
    user's ``Any`` field. Our schema must be built first, whatever pydantic does."""
    blob = pickle.dumps(toolwire.ToolCall(name="f", args={"a": 1}, id="c")).hex()
    make = (
        f"c = pickle.loads(bytes.fromhex({blob!r}))"
        if how == "unpickled"
        else "c = toolwire.decode(dict(id='c', type='function', function=dict(name='f', arguments=json.dumps({'a': 1}))))"
    )
    code = (
        "import json, pickle, typing, toolwire\n"
        "from pydantic import BaseModel\n"
        "class Box(BaseModel):\n    x: typing.Any\n"
        f"{make}\n"
        "dumped = Box(x=[c]).model_dump_json()\n"
        "print(type(toolwire.ToolCall.__pydantic_serializer__).__name__, dumped)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    kind, dumped = out.stdout.strip().split(" ", 1)
    assert kind == "SchemaSerializer"
    assert json.loads(dumped) == {"x": [{
        "name": "f", "args": {"a": 1}, "id": "c", "raw": None if how == "unpickled" else '{"a": 1}',
        "provider_data": {}, "repairs": [], "server": False,
    }]}


def test_defaults_are_not_shared_and_repr_hides_fidelity_data() -> None:
    a, b = toolwire.ToolCall(name="f"), toolwire.ToolCall(name="f")
    assert a.args == {} and a.args is not b.args
    with pytest.raises(TypeError):  # the shared empty provider data is read-only
        a.provider_data["d"] = {}  # type: ignore[index]
    call = toolwire.ToolCall(name="f", args={"x": 1}, raw='{"x":1}', provider_data={"d": {"k": 1}})
    assert "raw" not in repr(call) and "provider_data" not in repr(call) and "args={'x': 1}" in repr(call)


def test_vendored_copy_under_another_name(tmp_path: Path) -> None:
    vendor = tmp_path / "sdk" / "_vendor"
    vendor.mkdir(parents=True)
    (tmp_path / "sdk" / "__init__.py").write_text("")
    (vendor / "__init__.py").write_text("")
    shutil.copytree(SRC, vendor / "tw", ignore=shutil.ignore_patterns("__pycache__"))
    code = (
        f"import sys, json; sys.path.insert(0, {str(tmp_path)!r}); "
        "from sdk._vendor import tw; "
        "c = tw.decode({'id': 'call_1', 'type': 'function', 'function': {'name': 'f', 'arguments': '{\"a\": 1}'}}); "
        "print(json.dumps([c.name, c.args, c.id, tw.encode(c, 'openai.responses')['call_id'], "
        "'toolwire' in sys.modules]))"
    )
    out = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == '["f", {"a": 1}, "call_1", "call_1", false]'


def test_public_surface() -> None:
    for name in toolwire.__all__:
        assert hasattr(toolwire, name), name
    assert issubclass(toolwire.DecodeError, ValueError)
    assert issubclass(toolwire.EncodeError, ValueError)
    assert issubclass(toolwire.UnknownDialectError, LookupError)
    assert issubclass(toolwire.ArgumentsError, toolwire.DecodeError)


def test_values_and_errors_pickle() -> None:
    call = toolwire.decode({"id": "call_1", "function": {"name": "f", "arguments": ""}})
    again = pickle.loads(pickle.dumps(call))
    assert again == call and again.repairs == call.repairs and again.provider_data == call.provider_data
    err = toolwire.ArgumentsError("x", dialect="openai.chat", loc="$.a", raw="{", truncated=True)
    back = pickle.loads(pickle.dumps(err))
    assert (back.message, back.dialect, back.loc, back.raw, back.truncated) == ("x", "openai.chat", "$.a", "{", True)
    assert pickle.loads(pickle.dumps(toolwire.decode)) is toolwire.decode


def test_fast_constructed_call_equals_validated_one() -> None:
    fast = toolwire.decode({"id": "c", "type": "function", "function": {"name": "f", "arguments": '{"a": [1]}'}})
    slow = toolwire.ToolCall(name="f", args={"a": [1]}, id="c", raw='{"a": [1]}')
    assert fast == slow and type(fast) is toolwire.ToolCall
    assert fast.as_dict() == slow.as_dict() == {
        "name": "f", "args": {"a": [1]}, "id": "c", "raw": '{"a": [1]}', "provider_data": {}, "repairs": [], "server": False,
    }
    assert fast.replace(id="d").id == "d" and fast.id == "c"
    assert hash(fast) == hash(slow)
    with pytest.raises(AttributeError, match="immutable"):
        fast.name = "g"  # type: ignore[misc]
    with pytest.raises(AttributeError, match="immutable"):
        del fast.name


def test_tool_calls_field_type() -> None:
    class Out(BaseModel):
        calls: toolwire.ToolCalls

    for empty in (None, "", "null", [], {}):
        assert Out(calls=empty).calls == []
    one = {"name": "f", "args": {"a": 1}, "id": None}
    assert Out(calls=one).calls == [toolwire.ToolCall(name="f", args={"a": 1})]
    assert Out(calls={"tool_calls": [one]}).calls == [toolwire.ToolCall(name="f", args={"a": 1})]
    chat = [{"id": "x", "type": "function", "function": {"name": "g", "arguments": "{}"}}]
    assert Out(calls=chat).calls == [toolwire.ToolCall(name="g", id="x")]
    dumped = Out(calls=chat).model_dump()
    assert dumped == {"calls": [{"name": "g", "args": {}, "id": "x"}]}
    assert Out.model_validate_json(Out(calls=chat).model_dump_json()) == Out(calls=chat)
    # its own elements: a list of ToolCall values, as a ``ToolCall`` field takes one
    mine = [toolwire.ToolCall("f", {}, "c1"), toolwire.ToolCall("g", {"a": 1})]
    assert Out(calls=mine).calls == mine and type(Out(calls=mine).calls) is toolwire.ToolCalls
    assert Out.model_json_schema()["properties"]["calls"] == {
        "title": "Calls",  # pydantic's, from the field name
        "type": "array",
        "items": {
            "type": "object",
            "properties": {
                "name": {"type": "string", "minLength": 1, "description": "Name of the tool to call."},
                "args": {"type": "object", "description": "Arguments, a JSON object."},
                "id": {"type": ["string", "null"], "minLength": 1, "description": "Optional call id."},
            },
            "required": ["name", "args"],
            "additionalProperties": False,
        },
    }
    anthropic = {"role": "assistant", "content": [{"type": "text", "text": "x"},
                                                  {"type": "tool_use", "id": "toolu_1", "name": "h", "input": {}}]}
    assert Out(calls=anthropic).calls == [toolwire.ToolCall(name="h", id="toolu_1")]
    assert Out(calls=Out(calls=chat).calls).calls == [toolwire.ToolCall(name="g", id="x")]
    with pytest.raises(Exception, match="JSON but not an object"):
        Out(calls=[{"name": "f", "args": "[1]"}])


def test_decode_and_tool_calls_take_toolwires_own_calls_as_they_are() -> None:
    """``decode_tool``/``decode_result`` hand their own values back; ``decode``,
    ``decode_all`` and a ``ToolCalls`` field refused a ``ToolCall`` ("Cannot read a
    ToolCall value")."""
    call = toolwire.decode({"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}", "id": "fc_1"})
    server = toolwire.ToolCall("web_search", {}, "s1", server=True)
    bad = toolwire.InvalidToolCall(name="g", id="c2", error="Arguments at $.arguments are not JSON")
    assert toolwire.decode(call) is call and toolwire.decode(call, "anthropic.messages") is call
    assert toolwire.decode(server) is server
    with pytest.raises(toolwire.DecodeError, match=r"^Input at \$ is an invalid tool call: Arguments at"):
        toolwire.decode(bad)
    plain = {"type": "tool_use", "id": "toolu_2", "name": "h", "input": {"a": 1}}
    for given in (call, [call], (call,), {"tool_calls": [call]}, toolwire.ToolCalls([call])):
        got = toolwire.decode_all(given)
        assert got == [call] and got[0] is call  # the value itself: its provider data rides along
    assert toolwire.decode_all([call, plain]) == [call, toolwire.ToolCall("h", {"a": 1}, "toolu_2")]
    assert toolwire.decode_all([call, plain], "anthropic.messages")[0] is call
    assert toolwire.decode_all([server, call]) == [call]
    assert toolwire.decode_all([server, call], include_server=True) == [server, call]
    with pytest.raises(toolwire.DecodeError, match=r"^Input at \$\[1\] is an invalid tool call: Arguments at"):
        toolwire.decode_all([call, bad])
    assert toolwire.decode_all([call, bad], invalid="keep") == [call, bad]

    class Out(BaseModel):
        calls: toolwire.ToolCalls

    assert Out(calls=call).calls == [call] and Out(calls=[call, plain]).calls[0] is call
    with pytest.raises(ValidationError, match="is an invalid tool call"):
        Out(calls=[call, bad])


def test_tool_calls_checks_what_it_is_given() -> None:
    """``ToolCalls(x)`` reads *x* as its pydantic validation does (it kept dicts and
    characters, and a field holding it failed to serialize)."""

    class Out(BaseModel):
        calls: toolwire.ToolCalls

    calls = toolwire.ToolCalls([{"name": "f", "args": {}}])
    assert calls == [toolwire.ToolCall("f")] and type(calls[0]) is toolwire.ToolCall
    assert toolwire.ToolCalls() == [] and toolwire.ToolCalls(None) == []
    assert toolwire.ToolCalls(c for c in calls) == calls
    with pytest.raises(toolwire.DecodeError, match="Input at \\$ is text but not JSON"):
        toolwire.ToolCalls("abc")
    assert Out(calls=calls).model_dump() == {"calls": [{"name": "f", "args": {}, "id": None}]}
    grown = toolwire.ToolCalls()
    grown.append({"name": "g", "args": {}})  # type: ignore[arg-type]
    assert Out(calls=grown).calls == [toolwire.ToolCall("g")]  # a list method bypasses the check: validation reads it


def test_registry_copy_register_and_duplicates() -> None:
    reg = toolwire.Registry()
    base = toolwire.get_dialect("openai.chat")
    reg.register(base)
    with pytest.raises(ValueError, match="already registered"):
        reg.register(toolwire.get_dialect("canonical").__class__(**{**base.__dict__, "aliases": ()}))
    mine = reg.copy()
    assert mine.names() == ["openai.chat"] and mine is not reg
    with pytest.raises(toolwire.UnknownDialectError, match="Unknown dialect 'nope'"):
        toolwire.get_dialect("nope")
    assert toolwire.get_dialect("openai") is base


@pytest.mark.parametrize("dialect", [None, 3, "nope", ""])
def test_encode_to_no_known_dialect_is_an_unknown_dialect_error(dialect: Any) -> None:
    for fn, value in (
        (toolwire.encode, toolwire.ToolCall(name="f")),
        (toolwire.encode_tool, toolwire.Tool(name="f")),
        (toolwire.encode_result, toolwire.ToolResult(id="c", content="x")),
    ):
        with pytest.raises(toolwire.UnknownDialectError, match="known dialects: anthropic.messages"):
            fn(value, dialect)


def test_a_third_party_dialect_as_docs_custom_dialects_describes() -> None:
    """docs/custom-dialects.md: a dialect registered first wins its shapes: the decode
    plan asks its claim first and calls its decoder once; it encodes through the front doors."""
    from toolwire._args import encode_arguments, parse_arguments
    from toolwire._types import new_call

    def sniff(data: Any) -> Any:
        return ("call", "an 'acme_call'") if type(data) is dict and type(data.get("acme_call")) is dict else None

    seen = []

    def decode_call(item: Any, policy: Any, loc: str) -> toolwire.ToolCall:
        seen.append(item)
        body = item["acme_call"]
        args, raw, repairs = parse_arguments(body.get("args"), policy, loc + ".acme_call.args", "acme")
        return new_call(body["tool"], args, body.get("ref"), raw, None, repairs)

    rule = toolwire.IdRule(max_len=40, required=True, prefix="ref_", length=8)

    def encode_call(call: toolwire.ToolCall, ctx: Any) -> Any:
        from toolwire.dialects._common import encode_id

        args = encode_arguments(call.args, call.raw)
        return {"acme_call": {"tool": call.name, "args": args, "ref": encode_id(call, ctx, rule)}}

    def unsupported(*a: Any) -> Any:
        raise toolwire.EncodeError("acme has no tools or results", dialect="acme")

    acme = toolwire.Dialect(
        name="acme", sniff=sniff, decode_call=decode_call, encode_call=encode_call,
        decode_tool=unsupported, encode_tool=unsupported, decode_result=unsupported, encode_result=unsupported,
        ids=rule, keys=frozenset({"acme_call"}),
    )
    registry = toolwire.default_registry().copy()
    registry.register(acme, first=True)
    item = {"acme_call": {"tool": "f", "args": '{"a": 1}', "ref": "r1"}}
    call = toolwire.decode(item, registry=registry)
    assert (call.name, call.args, call.id, call.raw) == ("f", {"a": 1}, "r1", '{"a": 1}') and seen == [item]
    assert toolwire.decode(item, "acme", registry=registry) == call
    assert toolwire.decode(item, registry=registry, repair=False) == call  # policy keywords: the same plan
    seen.clear()
    assert toolwire.decode_all([item, item], registry=registry) == [call, call] and seen == [item, item]
    assert toolwire.encode(call, "acme", registry=registry) == {"acme_call": {"tool": "f", "args": '{"a": 1}', "ref": "r1"}}
    assert toolwire.encode(toolwire.ToolCall(name="f"), "acme", registry=registry)["acme_call"]["ref"].startswith("ref_")
    with pytest.raises(toolwire.DecodeError, match="matches no known dialect"):
        toolwire.decode(item)  # not in the default registry
    assert toolwire.encode(call, "anthropic.messages", registry=registry)["name"] == "f"
