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

from typing import Any

import pytest

import toolwire
from toolwire import EncodeError, InvalidToolCall, ToolCall
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
