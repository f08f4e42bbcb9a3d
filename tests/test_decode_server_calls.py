"""``decode(container)`` counts the calls the client runs, as ``decode_all`` does.

README: ``decode`` takes "one tool-call item (or a message/response holding exactly one)";
``decode_all`` returns "the calls the client must execute", the provider's own
(``server_tool_use``: https://docs.claude.com/en/docs/agents-and-tools/tool-use/web-search-tool;
Responses ``web_search_call``: https://platform.openai.com/docs/api-reference/responses/object)
only when asked for. Before, a reply whose only call was the provider's returned it (a
call to run?), and one client call beside a server call raised "holds 2 tool calls".
``decode`` of a server item itself still returns it (marked ``server``).
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

import toolwire

SRV = {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {"query": "x"}}
CLI = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}
WEB = {"type": "web_search_call", "id": "ws_1", "status": "completed", "action": {"type": "search", "query": "x"}}
FC = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": "{}"}


def _anthropic(*blocks: Dict[str, Any]) -> Dict[str, Any]:
    return {"role": "assistant", "content": list(blocks)}


def _responses(*items: Dict[str, Any]) -> Dict[str, Any]:
    return {"object": "response", "status": "completed", "output": list(items)}


@pytest.mark.parametrize("x", [_anthropic(SRV, CLI), _anthropic(CLI, SRV), _responses(WEB, FC),
                               {"id": "msg_1", "type": "message", "role": "assistant", "content": [SRV, CLI],
                                "stop_reason": "tool_use"}],
                         ids=["server-first", "client-first", "responses", "Message"])
def test_one_client_call_beside_a_server_call_is_the_one(x: Dict[str, Any]) -> None:
    call = toolwire.decode(x)
    assert (call.name, call.server) == ("f", False)
    assert toolwire.decode_all(x) == [call]


@pytest.mark.parametrize("x,dialect", [(_anthropic(SRV), "anthropic.messages"), (_responses(WEB), "openai.responses"),
                                       (_anthropic(SRV, {**SRV, "id": "srvtoolu_2"}), "anthropic.messages")],
                         ids=["anthropic", "responses", "two"])
def test_a_container_of_server_calls_only_raises(x: Dict[str, Any], dialect: str) -> None:
    n = len(toolwire.decode_all(x, include_server=True))
    for named in (None, dialect):
        with pytest.raises(toolwire.DecodeError) as exc:
            toolwire.decode(x, named)
        assert (exc.value.message, exc.value.dialect) == (
            f"Input at $ holds no tool call the client runs ({n} the provider ran); use decode_all(include_server=True)"
            " for the provider's", dialect)
    assert toolwire.decode_all(x) == []


def test_two_client_calls_beside_a_server_call_count_two() -> None:
    with pytest.raises(toolwire.DecodeError) as exc:
        toolwire.decode(_anthropic(CLI, SRV, {**CLI, "id": "toolu_2"}))
    assert exc.value.message == "Input at $ holds 2 tool calls, not one; use decode_all"


@pytest.mark.parametrize("item", [SRV, WEB], ids=["server_tool_use", "web_search_call"])
def test_a_server_item_itself_is_still_returned(item: Dict[str, Any]) -> None:
    call = toolwire.decode(item)
    assert call.server is True

