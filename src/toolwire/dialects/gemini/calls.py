"""Google Gemini API and Vertex AI ``generateContent`` (``gemini``).

Follows https://ai.google.dev/gemini-api/docs/function-calling,
https://ai.google.dev/gemini-api/docs/thought-signatures,
https://ai.google.dev/api/caching#Content and
https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/inference
(checked 2026-11-30) and the google-genai types ``Part``, ``FunctionCall``,
``FunctionResponse``, ``FunctionDeclaration``, ``GenerateContentResponse``.

- Call: part ``{"functionCall": {"id"?, "name", "args"?}, "thoughtSignature"?}``, in
  camelCase or snake_case (``function_call``, ``thought_signature``: what the SDK's
  ``model_dump()`` gives). A missing or ``""`` id is ``None``; no ``args`` is ``{}``, but
  an ``arguments`` key in its place (no ``FunctionCall`` field) is a ``DecodeError``.
  The part's other fields, ``thoughtSignature`` first of all (Gemini rejects a
  replayed call without it), are kept as provider data (``["part"]``) and re-emitted
  on the same part with the same key; SDK ``bytes`` are written as base64. A field set
  to ``None`` (JSON null: unset in proto3 JSON; ``model_dump()`` writes every unset field
  so) is no field, beside the call and in it; a dump's enums are their words. The parts
  of a Vertex stream of argument fragments (``willContinue: true``, ``partialArgs``)
  kept in one ``Content`` are one call, read as the stream reads them (``fragments``);
  one that no part ends is cut off (``ArgumentsError``, ``truncated``); a google-genai
  ``FunctionCall`` object is read as the part that holds it (and a ``FunctionResponse``,
  which ``decode_result`` takes, as its part).
- Provider-executed: ``executableCode`` (code execution; ``args`` is the whole
  ``{"code", "language", "id"}`` object, as the corpus records it) and ``toolCall``
  (built-in tools, ``{"id", "toolType" | "tool_type", "args"}``) parts are server calls,
  kept whole; ``codeExecutionResult`` / ``toolResponse`` are other items.
- Containers: ``GenerateContentResponse`` (every candidate's parts; finish from
  ``finishReason``, ``MAX_TOKENS`` marks the calls as cut off), ``Content``
  ``{"role", "parts"}`` and requests ``{"contents": [...]}``. Parts of unknown kinds
  are passed over. Claims and containers are read in ``sniff``; a part with ``args``
  and no ``name`` is the arguments of the name-only call before it in its ``Content``
  or bare list of parts, as a stream reads it (``nameless_args``, wire-formats §4g).
- Tool: a declaration ``{"name", "description", "parametersJsonSchema" | "parameters"}``
  or a tool entry holding exactly one (``{"functionDeclarations": [decl]}``), each key
  also in snake_case (``function_declarations``, ``parameters_json_schema``: the API takes
  proto field names, older clients send them). Encoding writes the keys as they came
  (new tools: ``parametersJsonSchema``, plain JSON Schema), ``"description": null`` too.
  Built-in entries (``{"googleSearch": {}}``) are no function declarations: not read.
- Result: part ``{"functionResponse": {"name", "id"?, "response": {...}}}``. A
  ``response`` of ``{"output": x}`` / ``{"result": x}`` gives ``x`` (text, or a
  ``{"type": "json"}`` part), ``{"error": x}`` gives ``is_error``; any other object is
  one ``{"type": "json"}`` part. Encoding puts content back under ``response`` (an
  object, as Gemini requires) and needs the tool name.
- Ids: optional, any non-empty string (Gemini 3 returns short ids; older models none).
- Names: ``^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$`` (at most 64: see ``tools.NAMES``).

This module assembles the dialect record; call parts are read and written in ``call_parts``.
"""

from __future__ import annotations

from ..._dialect import Dialect
from . import history, stream, stream_encode, structured
from .blank import blank_part
from .call_parts import ONE_STEP, decode_call, encode_call, peek, read_function_call, read_function_response
from .candidates import choices, failure, finish
from .nameless_args import children, merged
from .response import FINISH, RESPONSE, encode_message, reply
from .results import decode_result, encode_result
from .sniff import TOP_KEYS, detect, gate, sniff
from .tools import IDS, NAME, NAMES, builtin_kind, decode_tool, encode_tool, tool_entry

__all__ = ["DIALECT", "ONE_STEP"]


DIALECT = Dialect(
    history=history.HISTORY,
    name=NAME,
    argument_keys=("args",),
    keys=TOP_KEYS,
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
    list_items=merged,
    finish=finish,
    failure=failure,
    choices=choices,
    sdk_calls={"google:FunctionCall": read_function_call, "google:FunctionResponse": read_function_response},
    aliases=("google", "vertex"),
    description="Google Gemini API and Vertex AI generateContent",
    stream=stream.Handler,
    stream_detect=stream.detect,
    stream_encoder=stream_encode.encode,
    stream_options=stream_encode.options,
    response=RESPONSE,
    finish_reasons=FINISH,
    unfinished_reasons=frozenset({"CONTINUATION"}),
    response_envelope=reply,
    assistant_message=encode_message,
    peek=peek,
    detect=detect,
    structured=(structured.JSON_SCHEMA, structured.OPENAPI),
    items_in_order=True,
    blank_item=blank_part,
)
