"""What ``encode_text`` refuses, as ``encode`` and ``encode_stream`` refuse it (hunt h22 F-B,
F-O 10).

- A call the provider runs itself (``call.server``: Anthropic's ``server_tool_use``,
  https://docs.claude.com/en/docs/agents-and-tools/tool-use/web-search-tool) written as
  a text call would be a client call to a tool the model was never given, and reading
  the text back hands it over as runnable (``server`` is gone). ``encode`` refuses it
  for any dialect but its own; a text format is never its own.
- A call named in a Responses namespace (``function_call.namespace``,
  https://platform.openai.com/docs/guides/tools-tool-search) written by its bare name
  names another tool (or none): the namespace ``EncodeError`` of ``encode``.
- An ``InvalidToolCall`` is refused naming its type once (before: "is not a ToolCall:
  InvalidToolCall InvalidToolCall(...)").
"""

from __future__ import annotations

from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import toolwire
from toolwire import EncodeError, InvalidToolCall, ToolCall
from toolwire._path_steps import key_step
from toolwire.strategies import json_values, tool_calls
from toolwire.stream import encode_stream
from toolwire.text._api import TEXT_FORMATS, encode_text, get_text_format

SERVER_USE = {"role": "assistant", "content": [
    {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search", "input": {"query": "x"}}]}
NAMESPACED = {"type": "function_call", "call_id": "call_1", "name": "get_customer", "namespace": "crm",
              "arguments": "{}"}
NAMES = [f.name for f in TEXT_FORMATS]


def _server_call() -> ToolCall:
    [call] = toolwire.decode_all(SERVER_USE, include_server=True)
    assert call.server
    return call


def _message(run: Any) -> str:
    with pytest.raises(EncodeError) as exc:
        run()
    return exc.value.message


@pytest.mark.parametrize("fmt", NAMES)
def test_a_server_call_is_refused_as_encode_refuses_it(fmt: str) -> None:
    call = _server_call()
    said = _message(lambda: toolwire.encode(call, "openai.chat"))
    assert said == "Call 'web_search' is run by another provider; it cannot be replayed to openai.chat"
    assert _message(lambda: encode_stream([call], "openai.chat")) == said
    want = said.replace("openai.chat", fmt)
    assert _message(lambda: encode_text([call], fmt)) == want
    assert _message(lambda: encode_text(call, fmt)) == want
    assert _message(lambda: get_text_format(fmt).encode([call])) == want
    # beside a client call too: nothing is written
    assert _message(lambda: encode_text([ToolCall("f", {"a": 1}), call], fmt)) == want


@pytest.mark.parametrize("fmt", NAMES)
def test_a_namespaced_call_is_refused_as_encode_refuses_it(fmt: str) -> None:
    call = toolwire.decode(NAMESPACED)
    said = _message(lambda: toolwire.encode(call, "openai.chat"))
    assert said.startswith("The call 'get_customer' is named in the openai.responses namespace 'crm', which "
                           "openai.chat cannot write")
    assert _message(lambda: encode_stream([call], "openai.chat")) == said
    assert _message(lambda: encode_text([call], fmt)) == said.replace("openai.chat", fmt)


def test_a_call_in_a_namespace_of_its_own_name_is_written() -> None:
    # Responses' tool search loads a function tool on its own in a namespace of its own name
    # (corpus pai-gpt-5.4-tool-search-then-call): its bare name names it, as encode writes it
    call = toolwire.decode({**NAMESPACED, "namespace": "get_customer"})
    assert toolwire.encode(call, "openai.chat")["function"]["name"] == "get_customer"
    assert '"get_customer"' in encode_text([call], "text.hermes")


def test_a_call_without_its_provider_data_is_written() -> None:
    call = toolwire.decode(NAMESPACED).replace(provider_data=None)
    assert encode_text([call], "text.hermes") == '<tool_call>\n{"name": "get_customer", "arguments": {}}\n</tool_call>'


@pytest.mark.parametrize("fmt", NAMES)
def test_an_invalid_call_is_refused_naming_its_type_once(fmt: str) -> None:
    bad = InvalidToolCall(name="f", raw='{"a": ', error="cut off")
    said = _message(lambda: encode_text([ToolCall("g"), bad], fmt))
    assert said == (f"Item 1 is an InvalidToolCall, which {fmt} cannot write (a text format writes whole calls; "
                    "answer it with an error result or leave it out): InvalidToolCall(name='f', id=None, error='cut off')")
    assert said.count("InvalidToolCall") == 2  # the type, then the value


# Every writer's EncodeError is said at the call's index, then the path of what it refuses
# in that call (``$[1].args.q``). The markers: each (format, variant)'s own, from its chat
# template: a value holding the marker that ends a value, a parameter name holding one
# that ends a name (or a quote, a line break: what the format's reader takes for a slip).
VALUE_MARKERS = {
    ("text.qwen3-xml", None): "</parameter>",
    ("text.deepseek", "v4"): "</｜DSML｜parameter>",
    ("text.deepseek", "v3.2"): "</｜DSML｜parameter>",
    ("text.deepseek", "v4.1"): "</｜DSML｜ parameter>",
    ("text.gemma", None): '<|"|>',
    ("text.glm", "4.5"): "<arg_value>",
    ("text.glm", "4.7"): "</arg_value>",
    ("text.kimi", "k3"): "<|close|>argument<|sep|>",
    ("text.minimax", "m2"): "</parameter>",
    ("text.minimax", "m3"): "]<]minimax[>[",
    ("text.hunyuan", "hy3"): "<arg_value>",
    ("text.hunyuan", "hy4"): "</arg_value>",
    ("text.step", "3.5"): "</parameter>",
    ("text.step", "3"): "</steptml:parameter>",
    ("text.gigachat", "3.5"): "</｜GCML｜parameter>",
    ("text.seed-oss", None): "</parameter>",
    ("text.longcat", "lite"): "</longcat_arg_value>",
    ("text.functiongemma", None): "<escape>",
    ("text.minicpm", None): "<]]>",
    ("text.dots", "invoke"): "</parameter>",
    ("text.solar-open2", None): "<|tool_arg:end|>",
}
KEY_MARKERS = {
    ("text.qwen3-xml", None): "\n",
    ("text.llama", "pythonic"): "-",
    ("text.llama", "builtin"): "-",
    ("text.deepseek", "v4"): '"',
    ("text.deepseek", "v4.1"): '"',
    ("text.deepseek", "v3.2"): '"',
    ("text.gemma", None): '<|"|>',
    ("text.glm", "4.5"): "</arg_key>",
    ("text.glm", "4.7"): "<arg_value>",
    ("text.minimax", "m2"): '"',
    ("text.minimax", "m3"): "<",
    ("text.hunyuan", "hy3"): "</arg_key>",
    ("text.hunyuan", "hy4"): "\n",
    ("text.step", "3.5"): ">",
    ("text.step", "3"): '"',
    ("text.gigachat", "3.5"): '"',
    ("text.lfm2", "pythonic"): "-",
    ("text.seed-oss", None): ">",
    ("text.longcat", "lite"): "</longcat_arg_key>",
    ("text.olmo", None): "-",
    ("text.functiongemma", None): "<escape>",
    ("text.minicpm", None): '"',
    ("text.dots", "invoke"): '"',
    ("text.solar-open2", None): '"',
}
WRITERS = [(f.name, v) for f in TEXT_FORMATS for v in (f.variants or (None,))]


def _index(fmt: str, variant: str | None) -> int:
    """Where the refused call stands: second, where the variant writes several calls."""
    try:
        encode_text([ToolCall("g"), ToolCall("g")], fmt, variant=variant)
    except EncodeError:
        return 0  # (Llama 3.1's one call per message)
    return 1


def _refusal(fmt: str, variant: str | None, args: Any) -> EncodeError | None:
    i = _index(fmt, variant)
    try:
        encode_text([ToolCall("g")] * i + [ToolCall("f", args)], fmt, variant=variant)
    except EncodeError as exc:
        assert exc.loc.startswith(f"$[{i}]"), exc.loc
        assert exc.dialect == fmt
        return exc
    return None


def _chain(n: int) -> Any:
    out: Any = 1
    for _ in range(n):
        out = {"a": out}
    return out


@pytest.mark.parametrize(("fmt", "variant"), WRITERS)
def test_arguments_too_deep_are_refused_at_the_calls_index(fmt: str, variant: str | None) -> None:
    i = _index(fmt, variant)
    err = _refusal(fmt, variant, {"q": _chain(5000)})
    assert err is not None
    if fmt == "text.llama" and variant == "code":
        return  # (refused as no code call, at the call)
    # the writers without a JSON library say where (text.gemma, Python literals); the JSON ones, the call
    assert err.loc in (f"$[{i}]", f"$[{i}].args.q" + ".a" * 255, f"$[{i}].args.q" + ".a" * 256), err.loc


def _said_at(fmt: str, variant: str | None, markers: dict[tuple[str, str | None], str],
             place: Callable[[str], tuple[dict[str, Any], str]]) -> list[EncodeError]:
    """Each marker of *markers* put into a call's arguments by *place* (the arguments, and
    the path in them): refused by the writer it belongs to, and wherever it is refused, at
    that path. The writer's own refusals."""
    i = _index(fmt, variant)
    own = []
    for (f, v), mk in markers.items():
        args, step = place(mk)
        err = _refusal(fmt, variant, args)
        if (f, v) == (fmt, variant):
            assert err is not None and err.loc == f"$[{i}].args{step}", err
            own.append(err)
        elif err is not None and not (fmt == "text.llama" and variant == "code"):
            assert err.loc == f"$[{i}].args{step}", err.loc
    return own


@pytest.mark.parametrize(("fmt", "variant"), WRITERS)
def test_a_value_holding_a_marker_is_refused_at_its_path(fmt: str, variant: str | None) -> None:
    own = _said_at(fmt, variant, VALUE_MARKERS, lambda mk: ({"q": f"x{mk}y"}, ".q"))
    assert all("cannot carry" in err.message for err in own), own


def _named(mk: str) -> tuple[dict[str, Any], str]:
    key = f"x{mk}y" if mk else ""  # ("", ""): the empty name
    return {key: 1}, key_step(key)


@pytest.mark.parametrize(("fmt", "variant"), WRITERS)
def test_a_parameter_name_holding_a_marker_is_refused_at_its_path(fmt: str, variant: str | None) -> None:
    _said_at(fmt, variant, {**KEY_MARKERS, ("", ""): ""}, _named)


def test_a_string_nested_in_a_gemma_value_is_refused_at_its_path() -> None:
    for args, loc in [({"q": {"a": [1, 'x<|"|>y']}}, "$[1].args.q.a[1]"),
                      ({"q": [{'a<|"|>': 1}]}, '$[1].args.q[0]["a<|\\"|>"]')]:
        with pytest.raises(EncodeError) as err:
            encode_text([ToolCall("g"), ToolCall("f", args)], "text.gemma")
        assert err.value.loc == loc


@pytest.mark.parametrize(("calls", "fmt", "loc"), [
    # <|tool_call:begin|>ID<|tool_call:name|>: an id holding the marker would end early
    ([ToolCall("g"), ToolCall("f", id="a<|tool_call:name|>b")], "text.solar-open", "$[1].id"),
    # the Llama 3.1 template writes one call per message: the second is refused
    ([ToolCall("g"), ToolCall("f")], "text.llama", "$[1]"),
])
def test_other_refusals_are_said_at_the_calls_index(calls: list[ToolCall], fmt: str, loc: str) -> None:
    with pytest.raises(EncodeError) as err:
        encode_text(calls, fmt)
    assert err.value.loc == loc


@pytest.mark.parametrize("fmt", NAMES)
def test_a_server_call_is_refused_at_its_index(fmt: str) -> None:
    with pytest.raises(EncodeError) as err:
        encode_text([ToolCall("f", {"a": 1}), _server_call()], fmt)
    assert err.value.loc == "$[1]"


_MARKED = st.builds(lambda a, m, b: a + m + b, st.text(max_size=3),
                    st.sampled_from(sorted({*VALUE_MARKERS.values(), *KEY_MARKERS.values()})), st.text(max_size=3))
_KEYS = st.one_of(st.text(max_size=6), _MARKED, st.sampled_from(["q", "a b", "x-y", "", "class"]))
_ODD = st.builds(ToolCall, st.sampled_from(["f", "code_interpreter", "all", "python"]),
                 st.dictionaries(_KEYS, st.one_of(json_values(), _MARKED, st.dictionaries(_KEYS, _MARKED, max_size=2)),
                                 max_size=3))


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(writer=st.sampled_from(WRITERS), calls=st.lists(st.one_of(tool_calls(), _ODD), min_size=1, max_size=3))
def test_every_refusal_is_said_at_a_calls_index(writer: tuple[str, str | None], calls: list[ToolCall]) -> None:
    fmt, variant = writer
    try:
        encode_text(calls, fmt, variant=variant)
    except EncodeError as exc:
        assert exc.loc.startswith("$[") and int(exc.loc[2:exc.loc.index("]")]) < len(calls), (exc.loc, exc.message)
