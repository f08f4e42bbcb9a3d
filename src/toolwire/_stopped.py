"""The rule for the calls of a reply its provider stopped by a content filter or a
refusal, or reports as failed: none of them runs (``decode_all``, ``normalize``,
streams, the history readers). Read from each dialect's ``finish_reasons`` (the
normalised ``content_filter``, ``refusal``, ``error``), as ``normalize_finish`` reads
a word (``finish_lookup``); here where the dialects may import it (``_finish``
re-exports it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Optional

from ._dialect import finish_lookup
from ._policy import FAILED, failed_call, finish_norm

if TYPE_CHECKING:
    from ._dialect import Dialect

__all__ = ["BARRED", "STOPPED", "barred_call", "barred_reason", "keyword_call", "stop_words"]


#: the normalised finish reasons of a reply its provider stopped (``content_filter``: OpenAI
#: "content was omitted due to a flag from our content filters", Gemini ``SAFETY``...,
#: Bedrock ``guardrail_intervened``, Cohere ``ERROR_TOXIC``; ``refusal``: Anthropic's
#: streaming classifiers intervened, "you must reset the conversation context"): a call
#: in it may be cut or was never meant to run
STOPPED = frozenset({"content_filter", "refusal"})
#: the normalised finish reasons of a reply none of whose calls runs
BARRED = frozenset({FAILED}) | STOPPED


def barred_reason(d: Dialect, finish: Any) -> Optional[str]:
    """*finish* when *d*'s ``finish_reasons`` says no call of a reply with it runs: the
    reply failed (``error``: ``failed_reason``) or a content filter or a refusal
    stopped it (``STOPPED``). A reply without calls and a ``STOPPED`` finish stays as
    it is (nothing says a call was lost; a failed one is flagged: ``failed_reason``).
    A ``str`` subclass (an SDK's enum) is read, and given, as its plain word."""
    word, norm = finish_norm(d, finish)
    return word if norm in BARRED else None


def stop_words(table: Mapping[str, str], finish: Any) -> Optional[str]:
    """How a reply with *finish* was stopped ("stopped by its content filter"), when
    *table* (a dialect's ``finish_reasons``) says it was (``STOPPED``); else ``None``."""
    norm = finish_lookup(table, finish)
    if norm not in STOPPED:
        return None
    return "stopped by a refusal" if norm == "refusal" else "stopped by its content filter"


def barred_call(d: Dialect, loc: str, finish: str) -> str:
    """What is wrong with the call at *loc* of a reply *d* reports as failed or as
    stopped (*finish*, a ``barred_reason``): it must not run."""
    words = stop_words(d.finish_reasons, finish)
    if words is None:
        return failed_call(d.name, loc, finish)
    return (f"Tool call at {loc} is in a reply that {d.name} reports as {words} ({finish}): "
            "it must not run; decode the item itself to read it anyway")


def keyword_call(table: Mapping[str, str], loc: str, finish: str) -> str:
    """What is wrong with the call at *loc* when the caller's ``finish_reason=`` keyword
    (*finish*, which *table*, a dialect's ``finish_reasons``, reads as failed or stopped)
    says how its reply ended: it must not run, as in a reply that carries that finish."""
    how = stop_words(table, finish) or "reported as failed"
    return (f"Tool call at {loc} is in a reply {how} (finish_reason {finish!r}): it must not run; "
            "decode it without that finish_reason to read it anyway")
