"""What ``openai.responses`` claims and what its containers hold (see ``responses``).

Follows https://platform.openai.com/docs/api-reference/responses (checked 2026-11-30):
the item types (calls, provider-executed calls, built-in tools the client runs, items
without calls), the claims on a payload (``gate``, ``sniff``: items, tool definitions,
results, a ``Response``, a request's ``input``, message items), the items a response or
request holds (``children``), and a failed response's ``error`` (``failure``). A
message item whose content holds a call or result part (a Responses item, a Chat tool
call, a Gemini part) or an object without ``type`` (it may be a call) is claimed as
holding calls, and reading it raises a ``DecodeError`` at the part (``[]`` would drop the
call); so is a Gemini Interactions API interaction (``responses_interactions``), refused
whole.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, Optional, Tuple

from ..._dialect import CALL, CALLS, OTHER, RESULT, SERVER, TOOL
from ..._errors import DecodeError, an
from .._common import as_list, describe_error
from .chat_server import groq_ran
from .chat_sniff import foreign_block, refuse_foreign, refuse_typeless, typeless_block
from .responses_interactions import interaction, refuse_interaction
from .responses_tools import CONTAINERS, NAME, hosted  # (hosted shell: where ``client_tool`` reads it too)

__all__ = [
    "CLIENT_TYPES", "CONTAINERS", "SERVER_TYPES", "children", "client_name", "failure", "gate", "hosted", "sniff",
]

SERVER_TYPES = frozenset(
    {
        "web_search_call",
        "file_search_call",
        "code_interpreter_call",
        "image_generation_call",
        "mcp_call",
        "mcp_list_tools",
        "tool_search_call",
        # an MCP tool call the server runs once the client approves it (openai-python
        # ``McpApprovalRequest``: ``id``, ``server_label``, ``name``, ``arguments``): the
        # reply waits on the client's ``mcp_approval_response`` (``responses_response``)
        "mcp_approval_request",
    }
)
#: Built-in tools the client runs (openai-python ``ResponseComputerToolCall``,
#: ``ResponseFunctionShellToolCall``, ``ResponseApplyPatchToolCall``, ``LocalShellCall``):
#: calls keyed by ``call_id``, answered by a ``*_call_output`` item; the canonical name
#: (a ``tool_search_call`` too, when the client runs it; a ``shell_call`` in the
#: provider's container is a server call: ``client_name``)
CLIENT_TYPES = {
    "computer_call": "computer",
    "shell_call": "shell",
    "apply_patch_call": "apply_patch",
    "local_shell_call": "local_shell",
    "tool_search_call": "tool_search",
}
_ROLES = ("user", "assistant", "system", "developer")
# the roles of message items no other dialect's message has (Anthropic's are user, assistant)
_NO_BLOCKS_ROLES = ("system", "developer")
_OTHER_TYPES = frozenset(
    {"message", "reasoning", "tool_search_output", "additional_tools", "mcp_approval_response",
     "item_reference", "compaction", "input_text", "output_text",
     # a program the provider runs for programmatic tool calling (the calls it makes are
     # ``function_call`` items with ``caller``) and its output; the outputs of built-in tools
     "program", "program_output", "computer_call_output", "shell_call_output",
     "apply_patch_call_output", "local_shell_call_output"}
)


_CLAIMED_TYPES = frozenset(
    {"function_call", "custom_tool_call", "function_call_output", "custom_tool_call_output"}
) | SERVER_TYPES | _OTHER_TYPES | frozenset(CLIENT_TYPES)
_UNTYPED = frozenset({"object", "output", "input", "call_id"})
# a Chat message's own fields: such a message is never a Responses message item
_CHAT_CALLS = frozenset({"tool_calls", "function_call", "refusal"})


def client_name(item: Dict[str, Any]) -> Optional[str]:
    """The canonical name of *item* when it is a built-in tool call the client runs
    (``CLIENT_TYPES``), else ``None``. A ``tool_search_call`` is one when it asks the
    client to search: the API's own item (openai-python ``ResponseToolSearchCall``, its
    ``id`` required) with ``"execution": "client"``, answered by a
    ``tool_search_output`` with its ``call_id``. Without an ``id`` it is a search a
    history replays (pydantic-ai writes Anthropic's server-run searches so), an item
    without calls; with ``"execution": "server"`` a server call. A ``shell_call`` run in
    the provider's container (``hosted``) is a server call."""
    kind = item.get("type")
    name = CLIENT_TYPES.get(kind) if type(kind) is str else None
    if name == "tool_search":
        ident = item.get("id")
        if item.get("execution") != "client" or type(ident) is not str or not ident:
            return None
    elif name == "shell" and hosted(item.get("environment")):
        return None
    return name


def gate(keys: Tuple[Any, ...], kind: Optional[str]) -> bool:
    """A necessary condition of ``sniff`` on the top-level keys and ``type`` value."""
    if "choices" in keys:  # a Chat completion
        return False
    if kind in _CLAIMED_TYPES:
        return True
    if kind in ("function", "custom") and "name" in keys and "function" not in keys and "custom" not in keys:
        return True
    if kind == "namespace" and "tools" in keys:
        return True
    if not _UNTYPED.isdisjoint(keys):
        return True
    if kind is None and ("steps" in keys or "previous_interaction_id" in keys or "status" in keys):
        return True  # maybe a Gemini Interactions API interaction: claimed to be refused (``interaction``)
    # a message item (``OTHER``): never one with tool calls or a refusal (a Chat message)
    return kind is None and "role" in keys and "content" in keys and _CHAT_CALLS.isdisjoint(keys)


def sniff(data: Any) -> Optional[Tuple[str, str]]:
    if type(data) is not dict or "choices" in data:  # ``choices``: a Chat completion
        return None
    kind = data.get("type")
    if type(kind) is not str:
        kind = None
    if kind == "function_call":
        return CALL, "type 'function_call' (a Responses output item)"
    if kind == "custom_tool_call":
        return CALL, "type 'custom_tool_call'"
    if kind in CLIENT_TYPES and client_name(data) is not None:
        return CALL, f"type {kind!r} (a built-in tool the client runs)"
    if kind in _OTHER_TYPES:  # before 'output': a ``shell_call_output`` holds a list there
        if kind == "message" and _call_part(data.get("content")) is not None:  # read: the error names it
            return CALLS, "a message item whose content holds a call"
        if kind == "message" and "role" in data and typeless_block(data.get("content")) is not None:
            return CALLS, "a message item whose content holds a block without 'type'"  # read: the error names it
        return OTHER, f"{an(kind)} item without tool calls"
    if kind == "shell_call":  # (not the client's: ``client_name``)
        return SERVER, f"type 'shell_call' in the provider's container ({data['environment']['type']!r})"
    if kind in SERVER_TYPES:
        if kind == "tool_search_call" and data.get("execution") == "client":  # (without ``id``: ``client_name``)
            return OTHER, "type 'tool_search_call' with execution 'client' (a search the client ran)"
        if kind == "mcp_approval_request":
            return SERVER, "type 'mcp_approval_request' (an MCP tool call the provider runs once the client approves)"
        return SERVER, f"type {kind!r} (a tool the provider runs)"
    if kind in ("function_call_output", "custom_tool_call_output"):
        return RESULT, f"type {kind!r}"
    if kind in ("function", "custom") and "name" in data and "function" not in data and "custom" not in data:
        return TOOL, f"a flat type {kind!r} definition with 'name' at the top"
    if kind == "namespace" and type(data.get("tools")) is list:
        return TOOL, "type 'namespace' (tools under a shared name)"
    if data.get("object") == "response":
        return CALLS, "'output' items (a Responses Response)"
    if kind is None:
        marker = interaction(data)
        if marker is not None:  # read: ``children`` refuses it ([] would drop its calls)
            return CALLS, f"a Gemini Interactions API interaction ({marker}), which toolwire does not read"
    if type(data.get("output")) is list:
        return CALLS, "'output' items (a Responses Response)"
    if type(data.get("input")) is list:
        return CALLS, "'input' items (a Responses request)"
    if (
        kind is None
        and data.get("role") in _ROLES
        and "content" in data
        and _CHAT_CALLS.isdisjoint(data)
        and not groq_ran(data.get("executed_tools"))  # the tools Groq ran: a Chat message (``chat_server``)
    ):
        if _call_part(data["content"]) is not None:  # read: the error names it ([] would drop the call)
            return CALLS, f"{an(repr(data['role']))} message whose content holds a call"
        if data["role"] in _NO_BLOCKS_ROLES and foreign_block(data["content"]) is not None:
            # no dialect's message of this role holds call blocks: read, the error names the
            # block ([] would drop the call); a user or assistant one is left to Anthropic's
            return CALLS, f"{an(repr(data['role']))} message whose content holds another dialect's call blocks"
        if typeless_block(data["content"]) is not None:  # read: the error names it (it may be a call)
            return CALLS, f"{an(repr(data['role']))} message whose content holds a block without 'type'"
        return OTHER, f"{an(kind or 'role')} item without tool calls"
    if kind is None and "call_id" in data and "name" in data and "arguments" in data:
        return CALL, "'call_id', 'name' and 'arguments' (a function_call without 'type')"
    return None


# the parts of a message's content that are calls or results, which stand beside messages
# (Responses items) or in other wires' messages (a Chat tool call, a Gemini part): never in one
_ITEM_PARTS = frozenset({"function_call", "function_call_output", "custom_tool_call", "custom_tool_call_output"})
_GEMINI_PARTS = frozenset({"functionCall", "function_call", "functionResponse", "function_response"})


def _call_part(content: Any) -> Optional[Tuple[int, str]]:
    """The index of the first call or result among a message item's *content* parts
    (``_ITEM_PARTS``, a Chat tool call, a Gemini part) and what it is, or ``None``."""
    if type(content) is list:
        for i, p in enumerate(content):
            if type(p) is dict:
                t = p.get("type")
                if type(t) is str and t in _ITEM_PARTS:
                    return i, f"a {t} item, which stands beside messages"
                if t == "function" and type(p.get("function")) is dict:
                    return i, "an openai.chat tool call"
                if t is None and not _GEMINI_PARTS.isdisjoint(p):
                    return i, "a gemini part"
    return None


def children(data: Dict[str, Any], loc: str) -> Iterator[Tuple[Any, str]]:
    if "object" not in data:
        refuse_interaction(data, loc)
    if "role" in data and "output" not in data and "input" not in data:  # a message item (``sniff``)
        refuse_foreign(data, loc, NAME)
        found = _call_part(data.get("content"))
        if found is not None:
            where = f"{loc}.content[{found[0]}]"
            raise DecodeError(f"Content block at {where} is {found[1]}, never a part of a message", dialect=NAME,
                              loc=where)
        refuse_typeless(data, loc, NAME)
        return
    key = "output" if "output" in data or "input" not in data else "input"
    if key not in data:  # a reply (``object: "response"``) without its items
        raise DecodeError(f"Response at {loc} has no 'output', the list of its items", dialect=NAME,
                          loc=f"{loc}.output")
    for i, item in enumerate(as_list(data[key], f"{loc}.{key}", NAME)):
        yield item, f"{loc}.{key}[{i}]"


def failure(data: Dict[str, Any]) -> Optional[str]:
    """A failed response's ``error`` (``{"code", "message"}``), in one line."""
    err = data.get("error")
    return describe_error(err) if type(err) is dict else None
