"""How ``toolwire.strategies`` hands its values over: a payload as the value or as its
JSON text (``str`` or ``bytes``), stream chunks in a transport (dicts, JSON text per
chunk, the dialect's SSE framing, bytes), and the cut of argument text into stream
fragments. The SSE framing follows each provider's stream docs: event-typed streams
name each event in an ``event:`` line (OpenAI Responses
https://platform.openai.com/docs/api-reference/responses-streaming, Anthropic
https://docs.anthropic.com/en/docs/build-with-claude/streaming, Cohere v2 chat
streaming), Chat completion chunks end with ``data: [DONE]``
(https://platform.openai.com/docs/api-reference/chat-streaming; Mistral alike).
"""

from __future__ import annotations

import json
from typing import Any, Callable, List, Sequence, Tuple, Union

from hypothesis import strategies as st

from ._dialect import Dialect
from ._strategies_values import names_of

__all__ = ["TRANSPORTS", "as_text", "check_transports", "cutter", "framed", "sse"]

TRANSPORTS = ("dict", "json", "sse", "bytes")


def as_text(draw: Any, value: Any) -> Any:
    """*value* as it is, or as its JSON text (``str`` or UTF-8 ``bytes``; ASCII-escaped or
    not), as drawn."""
    form = draw(st.sampled_from(["value", "str", "bytes"]))
    if form == "value":
        return value
    body = json.dumps(value, ensure_ascii=draw(st.booleans()))
    return body if form == "str" else body.encode("utf-8")


def check_transports(transport: Union[str, Sequence[str]]) -> Tuple[str, ...]:
    """The ``transport`` knob as a tuple of known transports (a ``ValueError`` for an
    unknown one or none: an unknown one gave dicts, as if it were ``"dict"``)."""
    forms = names_of("transport", transport)
    if not forms:
        raise ValueError(f"streams needs at least one transport; transports: {', '.join(TRANSPORTS)}")
    unknown = [f for f in forms if f not in TRANSPORTS]
    if unknown:
        raise ValueError(f"unknown stream transport {unknown[0]!r}; transports: {', '.join(TRANSPORTS)}")
    return forms


def framed(d: Dialect, chunks: List[Any], form: str) -> List[Any]:
    """*chunks* (dicts) as the transport *form* gives them."""
    if form == "json":
        return [json.dumps(c) for c in chunks]
    if form == "sse":
        return sse(d, chunks)
    if form == "bytes":
        return [json.dumps(c).encode("utf-8") for c in chunks]
    return chunks


def sse(d: Dialect, chunks: List[Any]) -> List[str]:
    """*chunks* in *d*'s SSE framing, read from its stream fields: an event-typed stream
    (``stream_events``: Responses, Anthropic, Cohere) names each event in an ``event:``
    line (its ``type``) and ends with its last event; a stream of Chat completion chunks
    (``"object": "chat.completion.chunk"``: Chat, Mistral) ends with ``data: [DONE]``;
    other streams are ``data:`` lines alone (Gemini's ``alt=sse``; Bedrock and Ollama
    stream no SSE, an AWS event stream and NDJSON: their lines are a proxy's framing)."""
    if d.stream_events:
        return [f"event: {c['type']}\ndata: {json.dumps(c)}\n\n" if type(c.get("type")) is str
                else f"data: {json.dumps(c)}\n\n" for c in chunks]
    lines = [f"data: {json.dumps(c)}\n\n" for c in chunks]
    if any(c.get("object") == "chat.completion.chunk" for c in chunks):
        lines.append("data: [DONE]\n\n")
    return lines


def cutter(sizes: List[int]) -> Callable[[str], List[str]]:
    """A splitter that cuts text into pieces of *sizes* in turn (then again from the first)."""
    def cut(text: str) -> List[str]:
        out, i, j = [], 0, 0
        while i < len(text):
            n = sizes[j % len(sizes)]
            out.append(text[i : i + n])
            i += n
            j += 1
        return out

    return cut
