"""Sans-IO retry planning for structured output, plus a thin loop over any callable.

Pure functions from (original request, reply outcome) to the next request:

=================  =================================================================
outcome            next request
=================  =================================================================
``ok``             none: done
``empty``          the same request, messages untouched (never an empty assistant
                   turn); after ``switch_after`` empties in a row in native mode, the
                   prompt-mode request instead
``truncated``      the same request with the token budget ×``factor`` (capped), under
                   the field the target uses, even when partial text came back (also a
                   Responses ``incomplete`` with no reason given); stop when the request
                   sets no budget (the provider's default is the model's maximum, or no
                   limit: Ollama ``num_predict`` -1) or it is at the cap: never lowered
``invalid``        the reply plus a correction naming each JSON Pointer and keyword (the
                   first 20, then how many more: "at least 81" after a check that
                   stopped listing at 100)
``schema_rejected`` prompt mode (once), from a classified 400/422, never a substring
``refusal``        none: stop
``pause``          Anthropic ``pause_turn`` (a long server-tool turn paused): the
                   request with the paused assistant turn appended, as the API asks
``continuation``   Gemini ``CONTINUATION`` with a ``continuationToken`` (the
                   per-request token limit, generation not complete: long decode):
                   the same request with the token, the budget as it was (not
                   spent); the next reply's text follows this one's (``State.partial``)
                   and is judged with it; without a token, ``truncated``
``tool_calls``     none: stop; the model called one of the caller's own tools (the
                   calls are in ``outcome.response``): run them, add their results to
                   the request, and ask again; a call that cannot be read and has no
                   name counts too (``detail``: "a call that cannot be read"), so the
                   text beside it is never the answer
``failed``         as ``empty`` (and counted with it): the provider reports the reply
                   as failed (Gemini ``MALFORMED_FUNCTION_CALL``, Bedrock
                   ``malformed_model_output``...), or says it did not finish
                   (``Response.unfinished``: cancelled, in progress, watsonx.ai
                   ``time_limit``, vLLM ``abort``, Ollama ``done: false``), so nothing
                   in it is an answer
``transient``      none: the caller's transport decides (the loop re-raises)
=================  =================================================================

A reply whose finish reason is ``context_window`` (the context window ran out:
Anthropic's and Bedrock's ``model_context_window_exceeded``, Mistral's
``model_length``) is ``truncated`` (``Response.truncated``), never searched for an
answer, and stops: neither the same request, a larger budget nor a correction turn fits.

The planning lives in ``schema/_plan.py``, the loop in ``schema/_generate.py``, the
request edits and the error classification in ``schema/_requests.py``, through each
target's fields (``schema.Target``: token-budget field, turns, system prompt, schema
rejections), which sit with the provider documentation they follow in
``dialects/<provider>/structured.py``.
"""

from .schema._generate import Attempt, Result, generate
from .schema._plan import Outcome, Plan, Prepared, State, classify, plan, prepare
from .schema._requests import classify_error

__all__ = [
    "Attempt",
    "Outcome",
    "Plan",
    "Prepared",
    "Result",
    "State",
    "classify",
    "classify_error",
    "generate",
    "plan",
    "prepare",
]
