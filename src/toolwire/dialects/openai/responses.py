"""OpenAI Responses API (``openai.responses``).

Follows https://platform.openai.com/docs/api-reference/responses (checked
2026-11-30) and the openai-python types ``response_function_tool_call``,
``function_tool_param``, ``response_input_item_param`` (``FunctionCallOutput``).

- Call: output item ``{"type": "function_call", "id": "fc_…", "call_id", "name",
  "arguments": "<JSON>", "status"}``. The canonical id is ``call_id`` (what a
  ``function_call_output`` references); the item ``id``, ``status`` and any other
  field (``namespace``, ``caller``) are kept as provider data for a lossless round
  trip. ``custom_tool_call`` carries free text: ``args == {"input": text}``.
- Provider-executed items (``web_search_call``, ``file_search_call``,
  ``code_interpreter_call``, ``image_generation_call``, ``mcp_call``,
  ``mcp_list_tools``, ``tool_search_call``) are server calls: returned only on request.
  So is an ``mcp_approval_request`` (openai-python ``McpApprovalRequest``: the server
  runs that MCP tool once the client approves it with an ``mcp_approval_response``);
  a completed reply holding one has the raw finish reason ``mcp_approval_request``
  (``pause``: it waits on the client).
- Built-in tools the client runs (``computer_call``, ``shell_call``, ``apply_patch_call``,
  ``local_shell_call``) are calls keyed by ``call_id`` (a ``*_call_output`` answers
  them), named ``computer``, ``shell``, ``apply_patch``, ``local_shell``, with their
  ``action`` (a computer call's ``action`` and / or batched ``actions``) or
  ``operation`` as arguments and the whole item as provider data; a ``shell_call``
  whose ``environment`` is the provider's container (``container_reference``,
  ``container_auto``: hosted shell) is a server call. So
  is a ``tool_search_call`` with ``"execution": "client"`` (``ResponseToolSearchCall``;
  a ``tool_search_output`` with its ``call_id`` answers it), named ``tool_search``
  with its ``arguments`` (an object); without an ``id`` (a search a history replays,
  as pydantic-ai writes Anthropic's) it is an item without calls, like
  ``tool_search_output`` and ``additional_tools`` (``{"type": "additional_tools",
  "role": "developer", "tools": [...]}``, tools added at that point of the input).
  The outputs of built-in tools, ``program`` / ``program_output`` and
  ``mcp_approval_response`` are items without calls.
- Tool: flat ``{"type": "function", "name", "description", "parameters", "strict"}``.
- Result: input item ``{"type": "function_call_output", "call_id", "output"}``.
- Ids: ``call_id`` at most 64 characters on input.
"""

from __future__ import annotations

from ..._dialect import Dialect
from .._common import nameless_result
from . import responses_input, responses_stream
from .custom_tools import builtin_kind
from .responses_calls import decode_call, encode_call, peek, scope
from .responses_response import (
    RESPONSES_FINISH,
    RESPONSES_RESPONSE,
    RESPONSES_UNFINISHED,
    responses_finish,
    responses_history,
    responses_reply,
)
from .responses_results import decode_result, encode_result
from .responses_sniff import children, failure, gate, sniff
from .responses_tools import IDS, NAME, NAMES, decode_tool, encode_tool, tool_entry
from .sdk import SDK_PARSED_ITEM, SDK_PARSED_RESPONSE, read_call_item, read_response
from .structured import RESPONSES as STRUCTURED

__all__ = ["DIALECT"]

DIALECT = Dialect(
    history=responses_input.HISTORY,
    name=NAME,
    argument_keys=("arguments",),
    id_placeholders=frozenset({"native_id"}),  # (its ``id`` is the item's own, ``fc_...``: kept)
    # (``steps``, ``previous_interaction_id``, ``status``: a Gemini Interactions API
    # interaction, claimed to be refused: ``responses_sniff.interaction``)
    keys=frozenset({"type", "object", "output", "input", "role", "call_id", "steps", "previous_interaction_id",
                    "status"}),
    gate=gate,
    sniff=sniff,
    decode_call=decode_call,
    encode_call=encode_call,
    decode_tool=decode_tool,
    tool_entry=tool_entry,
    builtin_tool=builtin_kind,
    encode_tool=encode_tool,
    decode_result=decode_result,
    encode_result=encode_result,
    ids=IDS,
    names=NAMES,
    children=children,
    finish=responses_finish,
    failure=failure,
    aliases=("responses",),
    description="OpenAI Responses API",
    stream=responses_stream.Handler,
    stream_detect=responses_stream.detect,
    stream_events=responses_stream.EVENTS,
    stream_encoder=responses_stream.encode,
    response=RESPONSES_RESPONSE,
    finish_reasons=RESPONSES_FINISH,
    unfinished_reasons=RESPONSES_UNFINISHED,
    message_envelope=responses_history,
    response_envelope=responses_reply,
    peek=peek,
    sdk_responses={"openai:Response": read_response, SDK_PARSED_RESPONSE: read_response},
    sdk_calls={SDK_PARSED_ITEM: read_call_item},
    structured=(STRUCTURED,),
    items_in_order=True,
    result_read_back=nameless_result,
    scope=scope,
)
