"""The normalised finish reasons (``FINISH_REASONS``) and how a provider's raw finish
reason is read against a dialect's ``finish_reasons`` table: as a plain word
(``finish_word``), looked up in any case (``finish_lookup``), spelled as the table
spells it (``key_of``). ``_finish.py`` derives each dialect's word sets from these.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, FrozenSet, Mapping, Optional

from ._errors import excerpt

__all__ = ["CHAT_BARS", "COMPATIBLE_BARS", "COMPATIBLE_CALLED", "COMPATIBLE_STOPS", "CORE_CUT", "ERROR_TYPES",
           "FINISH_REASONS", "NOT_DONE", "RELAYED_BARS", "UNFINISHED", "core_word", "finish_lookup", "finish_name",
           "finish_word", "is_known", "key_of"]

#: The normalised finish reasons (what ``Dialect.finish_reasons`` maps a provider's to).
FINISH_REASONS = (
    "stop",
    "length",
    "tool_calls",
    "content_filter",
    "refusal",
    "context_window",
    "pause",
    "error",
    "other",
)

#: The words by which OpenAI-compatible servers say the model ended its reply itself, where
#: OpenAI says ``stop``: Together's ``eos``; Hugging Face TGI's ``eos_token`` (its end token;
#: before its PR #2344, and IBM watsonx.ai's) and ``stop_sequence`` (a request's ``stop``
#: string ended it: TGI router/src/lib.rs ``FinishReason::format(true)`` turns only the end
#: token into ``stop``); ``end_turn``. One list for both readers: Chat's ``finish_reasons``
#: normalise them to ``stop`` (``CHAT_FINISH``), the text formats close a call at a stripped
#: stop token under them (``text._scan.FINISHED``).
COMPATIBLE_STOPS = ("eos", "eos_token", "stop_sequence", "end_turn")

#: Anthropic's error types (https://docs.anthropic.com/en/api/errors), every dialect's words
#: for a failed reply (normalised to ``error``): an OpenAI-compatible gateway relaying an
#: Anthropic stream that failed mid-reply (``event: error``) ends its Chat stream with the
#: error's ``type`` as ``finish_reason`` (Portkey's gateway: ``overloaded_error``), so none
#: of that reply's calls runs, as natively. Every built-in dialect's ``finish_reasons`` holds them
#: but Responses' (its finish is the reply's ``status``, read by ``responses_finish``).
ERROR_TYPES: Mapping[str, str] = dict.fromkeys(
    ("invalid_request_error", "authentication_error", "permission_error", "not_found_error", "request_too_large",
     "rate_limit_error", "api_error", "overloaded_error"), "error")

#: The words by which other providers say a reply failed (``error``) or that a content
#: filter or a refusal stopped it (``content_filter``, ``refusal``), as their own dialects
#: read them: an OpenAI-compatible gateway relays the provider's raw finish word in a Chat
#: reply (Portkey's with ``x-portkey-strict-open-ai-compliance: false``), so Chat's
#: ``finish_reasons`` (Mistral's too: ``CHAT_FINISH``) holds them all and none of such a
#: reply's calls runs, as natively (Anthropic's holds them too: ``RELAYED_BARS``). Every
#: built-in dialect's words that normalise to
#: ``error``, ``content_filter`` or ``refusal`` (``tests/test_finish_relayed_words.py``
#: holds it to the dialect records): Anthropic's ``refusal``; Bedrock's
#: ``guardrail_intervened``, ``content_filtered``, ``malformed_model_output``,
#: ``malformed_tool_use``; Gemini's ``FinishReason`` and ``BlockedReason`` words; Cohere's
#: ``ERROR_TOXIC`` (its ``ERROR`` is Chat's ``error`` in another case); Responses' ``failed``;
#: Ollama's ``load``, ``unload``; Anthropic's error types (``ERROR_TYPES``).
COMPATIBLE_BARS: Mapping[str, str] = {
    **dict.fromkeys(("refusal",), "refusal"),
    **dict.fromkeys(("guardrail_intervened", "content_filtered", "SAFETY", "RECITATION", "BLOCKLIST",
                     "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY", "IMAGE_PROHIBITED_CONTENT", "IMAGE_RECITATION",
                     "MODEL_ARMOR", "JAILBREAK", "ESCALATION", "PUP_LIMITED_DISABLED", "ERROR_TOXIC"),
                    "content_filter"),
    **dict.fromkeys(("malformed_model_output", "malformed_tool_use", "MALFORMED_FUNCTION_CALL", "UNEXPECTED_TOOL_CALL",
                     "TOO_MANY_TOOL_CALLS", "MISSING_THOUGHT_SIGNATURE", "MALFORMED_RESPONSE", "failed", "load",
                     "unload"), "error"),
    **ERROR_TYPES,
}

#: Chat's own words (OpenAI's and OpenAI-compatible servers') for a reply a content filter
#: stopped or that failed: OpenAI's ``content_filter``; Zhipu / Z.ai (GLM) ``sensitive`` (the
#: safety review stopped the reply: "developers must stop or withdraw the content") and
#: ``network_error`` (the model's inference failed); DeepSeek's ``insufficient_system_resource``;
#: vLLM's ``repetition`` (the engine stopped a degenerate generation, ``repetition_detection``:
#: what it holds is no answer); ``error``. Part of Chat's ``finish_reasons`` (``CHAT_FINISH``).
CHAT_BARS: Mapping[str, str] = {
    **dict.fromkeys(("content_filter", "sensitive"), "content_filter"),
    **dict.fromkeys(("insufficient_system_resource", "network_error", "error", "repetition"), "error"),
}

#: Every word a Chat reply says a failed, filtered or refused reply with (``CHAT_BARS``,
#: ``COMPATIBLE_BARS``), relayed into an Anthropic ``stop_reason``: an OpenAI-to-Anthropic
#: converter returns the upstream's Chat ``finish_reason`` it does not map as it came (new-api's
#: ``OpenAIFinishReasonToClaudeStopReason``, relay/reasonmap/reasonmap.go: it maps ``stop``,
#: ``stop_sequence``, ``length``, ``max_tokens``, ``content_filter``, ``tool_calls``; its older
#: ``stopReasonOpenAI2Claude`` not ``content_filter``), so Anthropic's ``finish_reasons`` holds
#: them: none of such a reply's calls runs, as under Chat. Gemini's and Bedrock Converse's do
#: not: the converters found write ``STOP``, ``FINISH_REASON_UNSPECIFIED`` or ``end_turn`` for
#: a word they do not map (new-api ``ResponseOpenAI2Gemini``, copilot-api, Portkey, LiteLLM).
RELAYED_BARS: Mapping[str, str] = {**CHAT_BARS, **COMPATIBLE_BARS}

#: The words by which other providers say the model called a tool, relayed as a Chat
#: ``finish_reason``: Anthropic's and Bedrock's ``tool_use`` (Portkey's Vertex AI Anthropic
#: stream writes the raw ``stop_reason``, ``finish_reason: parsedChunk.delta?.stop_reason``,
#: in strict mode too), Cohere's ``TOOL_CALL`` (Portkey's non-strict mode). Chat's
#: ``finish_reasons`` read them as ``tool_calls``: a reply under one without a call says its
#: calls are lost, as natively, never ``[]`` read as a plain answer.
COMPATIBLE_CALLED: Mapping[str, str] = dict.fromkeys(("tool_use", "TOOL_CALL"), "tool_calls")

#: toolwire's own word for a reply whose provider says it has not finished (a Responses
#: ``status`` ``in_progress``, an Anthropic ``Message`` snapshot with ``stop_reason: null``):
#: what a dialect's ``finish`` reader gives such a container (``_policy.UNFINISHED``)
UNFINISHED = "unfinished"

#: The words by which a reply has not finished (its calls may be partial; without a call it
#: is no answer): ``UNFINISHED`` and every built-in dialect's ``unfinished_reasons`` (Gemini's
#: ``CONTINUATION``; IBM watsonx.ai's ``time_limit``, ``not_finished``, ``cancelled`` and
#: vLLM's and SGLang's ``abort`` on Chat; Cohere's ``USER_CANCEL``, ``TIMEOUT``; Responses'
#: ``cancelled``, ``in_progress``, ``queued``). ``tests/test_dialect_fields.py`` holds it to
#: the dialect records.
NOT_DONE = frozenset({UNFINISHED, "CONTINUATION", "time_limit", "not_finished", "cancelled", "abort",
                      "USER_CANCEL", "TIMEOUT", "in_progress", "queued"})

#: The finish reasons every dialect's calls are cut off by, read where no dialect is known
#: (text formats, the ``finish_reason=`` keyword), with what they normalise to where a
#: dialect's table lacks one (``toolwire.response.normalize``): the token budget
#: (``length``), the context window (``context_window``), or ``other`` for a reply stopped
#: before its end for another reason (``NOT_DONE``: ``Response.unfinished``; a Responses
#: ``incomplete`` without a reason). The words are the built-in dialects' ``finish_reasons``
#: normalised to ``length`` or ``context_window``, ``NOT_DONE``, and ``incomplete``:
#: ``tests/test_dialect_fields.py`` holds it to the dialect records. The core cannot derive it
#: from them at run time: text formats and the arguments policy know no registry, and the
#: dialect modules import this one.
CORE_CUT: Mapping[str, str] = {
    **dict.fromkeys(NOT_DONE | {"incomplete"}, "other"),
    **dict.fromkeys(("length", "max_tokens", "MAX_TOKENS", "max_output_tokens", "CONTINUATION", "token_limit"),
                    "length"),
    **dict.fromkeys(("model_length", "model_context_window_exceeded", "ERROR_LIMIT"), "context_window"),
}


def core_word(raw: str) -> Optional[str]:
    """*raw* as ``CORE_CUT`` spells it, read as a dialect's table is read
    (``finish_lookup``): as is, then in upper and lower case; ``None`` for a word that is
    none of its (``"Timeout"`` is Cohere's ``TIMEOUT``, ``"LENGTH"`` Chat's ``length``)."""
    word = key_of(CORE_CUT, raw)
    return word if word in CORE_CUT else None


def is_known(word: str, known: FrozenSet[str]) -> bool:
    """Whether the plain word *word* is one of *known* (every registered dialect's finish
    words, in any case: ``_finish.known_words``) or the core's (``core_word``)."""
    return word in known or word.upper() in known or word.lower() in known or core_word(word) is not None


def finish_word(raw: Any) -> Optional[str]:
    """*raw* as a plain ``str`` when it is a string: itself, or for a ``str`` subclass its
    text (an SDK's string enum, as google-genai's ``FinishReason.MAX_TOKENS`` that
    ``model_dump()`` keeps: its ``value``, never ``str()``'s ``'FinishReason.MAX_TOKENS'``;
    mistralai's ``UnrecognizedStr``); ``None`` for anything else. Callers on a hot path
    test ``type(raw) is str`` first and ask this only when that fails."""
    if type(raw) is str:
        return raw
    if not isinstance(raw, str):
        return None
    value = raw.value if isinstance(raw, Enum) else None
    return value if type(value) is str else str.__str__(raw)


def finish_name(raw: Any) -> Optional[str]:
    """*raw*, a reply's finish reason, as a word: a string as ``finish_word`` reads it;
    an enum that is no ``str`` (an ``IntEnum``) its ``name``; any other value (a number
    no table knows) its short text, an unknown reason (normalised to ``other``), never
    ``None`` as if the reply said nothing; ``None`` only for ``None``."""
    if raw is None:
        return None
    word = finish_word(raw)
    if word is not None:
        return word
    if isinstance(raw, Enum) and type(raw.name) is str:
        return raw.name
    return excerpt(raw)


def finish_lookup(table: Mapping[str, str], raw: Any) -> Optional[str]:
    """The normalised finish reason *table* (a dialect's ``finish_reasons``) gives the
    raw one *raw*: looked up as is, then upper and lower case; ``None`` when it is not
    there (or not a string). A ``str`` subclass (an SDK's enum) is read as its word
    (``finish_word``). Every rule that reads finish reasons asks this one."""
    if type(raw) is not str:
        raw = finish_word(raw)
        if raw is None:
            return None
    found = table.get(raw)
    if found is None:
        found = table.get(raw.upper()) or table.get(raw.lower())
    return found


def key_of(table: Mapping[str, str], word: Any) -> Any:
    """*word* as *table* (a dialect's ``finish_reasons``) spells it, where
    ``finish_lookup`` finds it in another case (``failed`` for ``FAILED``); else as it is
    (a ``str`` subclass, an SDK's enum, as its plain word: ``finish_word``)."""
    if type(word) is not str:
        if not isinstance(word, str):
            return word
        word = finish_word(word)
    if word in table:
        return word
    for other in (word.upper(), word.lower()):
        if other in table:
            return other
    return word
